"""Wrong passwords slow their sender down: each computer (network address) may make a few
mistakes, then must wait before its next try, twice as long after each further mistake, up
to a cap. A right password forgives the mistakes.

A try made before the wait is over is not checked at all, so sending many at once gains
nothing: from one address, at most one password a minute is tried once the cap is reached,
which leaves the 32 bits of a generated password out of reach for a lesson, a term and far
longer. (A school's network address shared by every student, as behind a proxy, would
share the waits too: serve the class directly, see README's "Holding a class".)

>>> clock = [0.0]
>>> throttle = Throttle(free=2, first_wait=1, longest_wait=4, clock=lambda: clock[0])
>>> [throttle.failed("10.0.0.7") for _ in range(5)]
[0.0, 0.0, 1.0, 2.0, 4.0]
>>> throttle.wait_left("10.0.0.7"), throttle.wait_left("10.0.0.8")
(4.0, 0.0)
>>> clock[0] = 4.0
>>> throttle.wait_left("10.0.0.7")
0.0
>>> throttle.succeeded("10.0.0.7"); throttle.failed("10.0.0.7")
0.0
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

FREE_MISTAKES = 3  # typos: a class types the password once each, some twice
FIRST_WAIT = 1.0  # seconds after the first mistake past the free ones
LONGEST_WAIT = 60.0  # seconds: a student who forgot it asks the teacher well before then
FORGET_AFTER = 15 * 60.0  # seconds of quiet after which an address's mistakes are forgotten


@dataclass
class _Record:
    mistakes: int = 0
    free_at: float = 0.0  # the moment its next try will be checked
    last: float = 0.0


class Throttle:
    """Mistakes and waits per address, kept in memory (a restart forgives everyone)."""

    def __init__(self, *, free: int = FREE_MISTAKES, first_wait: float = FIRST_WAIT,
                 longest_wait: float = LONGEST_WAIT, forget_after: float = FORGET_AFTER,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.free, self.first_wait, self.longest_wait = free, first_wait, longest_wait
        self.forget_after, self.clock = forget_after, clock
        self._records: dict[str, _Record] = {}

    def wait_left(self, address: str) -> float:
        """Seconds before a try from ``address`` is checked again (0: now)."""
        self._forget_old()
        record = self._records.get(address)
        return 0.0 if record is None else max(0.0, record.free_at - self.clock())

    def failed(self, address: str) -> float:
        """Note a wrong password from ``address``; the seconds it must now wait."""
        now = self.clock()
        record = self._records.setdefault(address, _Record())
        record.mistakes += 1
        record.last = now
        over = record.mistakes - self.free
        wait = 0.0 if over <= 0 else min(self.longest_wait, self.first_wait * 2.0 ** (over - 1))
        record.free_at = now + wait
        return float(wait)

    def succeeded(self, address: str) -> None:
        self._records.pop(address, None)

    def _forget_old(self) -> None:
        """Drop addresses quiet for long, so the table cannot grow without end."""
        now = self.clock()
        for address in [a for a, r in self._records.items()
                        if now - r.last > self.forget_after and r.free_at <= now]:
            del self._records[address]
