"""Who holds which kernel, and whether one more page may have one.

Every page of the class runs in a kernel of its own (about 55 MB and a share of two cores),
so the class server caps them: so many pages in all, so many per browser. A page is
admitted before its kernel is started or handed over (a :class:`Ticket`), and counts from
that moment, so forty pages asked for at once cannot all slip in before any kernel exists.

>>> alive = {"k1", "k2"}
>>> ledger = Ledger(pages=3, per_browser=2, alive=alive.__contains__)
>>> ada = ledger.admit("ada"); ledger.took(ada, "k1"); ledger.done(ada)
>>> bo = ledger.admit("ada")
>>> ledger.admit("ada")
Traceback (most recent call last):
...
wartutor.server.ledger.ClassFull: this browser already has 2 pages of the class open
>>> ledger.took(bo, "k2"); ledger.done(bo)
>>> alive.discard("k1")  # its page closed: the kernel was shut down
>>> ledger.pages_of("ada")
1
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass


class ClassFull(Exception):
    """No kernel for this page: the class or this browser has all it may have."""

    def __init__(self, reason: str, *, browser_full: bool) -> None:
        super().__init__(reason)
        self.browser_full = browser_full


@dataclass(eq=False)
class Ticket:
    """One page being opened by ``browser``, and the kernel it was given, once it has one."""

    browser: str
    kernel_id: str | None = None


class Ledger:
    """The kernels held by pages (by browser) and the pages being opened."""

    def __init__(self, *, pages: int, per_browser: int, alive: Callable[[str], bool]) -> None:
        self.pages, self.per_browser = pages, per_browser
        self._alive = alive  # whether a kernel still runs: shut-down kernels stop counting
        self._owners: dict[str, str] = {}  # kernel id -> browser
        self._opening: list[Ticket] = []

    def admit(self, browser: str) -> Ticket:
        """A ticket for one more page of ``browser``; :class:`ClassFull` if it may not have one."""
        held = self._held()
        if len(held) >= self.pages:
            raise ClassFull(f"the class has {len(held)} pages open, as many as it may",
                            browser_full=False)
        if held.count(browser) >= self.per_browser:
            raise ClassFull(f"this browser already has {self.per_browser} pages of the class open",
                            browser_full=True)
        ticket = Ticket(browser)
        self._opening.append(ticket)
        return ticket

    def took(self, ticket: Ticket, kernel_id: str) -> None:
        """The page of ``ticket`` was given ``kernel_id``: its browser holds it from now."""
        ticket.kernel_id = kernel_id
        self._owners[kernel_id] = ticket.browser

    def done(self, ticket: Ticket) -> None:
        """The page is sent (or failed): it counts by its kernel now, if it has one."""
        if ticket in self._opening:
            self._opening.remove(ticket)

    def owner(self, kernel_id: str) -> str | None:
        """The browser whose page holds ``kernel_id`` (None: not a page's, or not known)."""
        return self._owners.get(kernel_id)

    def pages_of(self, browser: str) -> int:
        return self._held().count(browser)

    def _held(self) -> list[str]:
        """One browser per page that holds or is being given a kernel."""
        for kernel_id in [k for k in self._owners if not self._alive(k)]:
            del self._owners[kernel_id]
        return [*self._owners.values(),
                *(t.browser for t in self._opening if t.kernel_id is None)]
