"""The class server's kernel manager: no more kernels than the cap, and idle pages culled.

Voilà starts every kernel through this manager, a page's and a preheated pool's alike
(its pool is a subclass Voilà makes of it), so the cap on kernels in all is kept here;
which browser holds which page's kernel is kept in its :class:`~wartutor.server.ledger.Ledger`
(see :mod:`wartutor.server.pages`).

What "idle" means to the culler: jupyter_server notes a kernel's last activity whenever the
kernel publishes a message (a widget changing, a reply to a click). A page polling its room
store inside the kernel publishes nothing while nothing changes, and the page's own check
of its kernel (``/api/kernels/<id>``) is not activity either: a page no one touches is idle,
whether or not it is still open. So a page still connected is culled after
:data:`CONNECTED_IDLE` (longer than any stretch of a lesson without a click), and a kernel
whose page went away without saying so (a laptop closed, a browser killed) after
:data:`DISCONNECTED_IDLE`. A culled page says so and offers a reload; a room's seat is back
at once.

Kernels boot a few at a time, as many as the machine has cores (:class:`Turns`): a
kernel's process takes about half a second of a core before it answers, and forty of them
started at once (a server restarted in the middle of a lesson, the whole class reloading
while the preheated pools fill up) share the cores until all of them answer late together.
A kernel a page is waiting for boots before any kernel for a pool, where no one waits yet;
each in the order asked. So the first pages are served at once, and the pools fill up
after the class is back.
"""

from __future__ import annotations

import asyncio
import os
import time
from datetime import UTC, datetime
from typing import Any

from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from traitlets import Integer

from wartutor.server.ledger import ClassFull, Ledger

CONNECTED_IDLE = 20 * 60  # seconds without a message to or from an open page
DISCONNECTED_IDLE = 10 * 60  # seconds for a kernel no page is connected to
CULL_EVERY = 60  # seconds between looks
LONGEST_BOOT = 30.0  # seconds a booting kernel holds its turn at most
PREHEATING = "VOILA_PREHEAT"  # set to "True" in the environment of a pool's kernel


class Turns:
    """At most ``at_once`` holders at a time; the waiting take turns urgent ones first,
    each kind in the order it came (tests/test_serve.py shows the order).
    """

    def __init__(self, at_once: int) -> None:
        self._free = at_once
        self._waiting: dict[bool, list[asyncio.Future[None]]] = {True: [], False: []}

    async def take(self, urgent: bool) -> None:
        """Wait for a turn (``urgent``: before every one that is not)."""
        if self._free > 0:
            self._free -= 1
            return
        turn: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._waiting[urgent].append(turn)
        try:
            await turn
        except asyncio.CancelledError:
            if turn in self._waiting[urgent]:
                self._waiting[urgent].remove(turn)
            elif turn.done() and not turn.cancelled():
                self.give_back()  # given just as its waiter was cancelled: pass it on
            raise

    def give_back(self) -> None:
        """A holder is done: the next waiting one takes its turn."""
        for urgent in (True, False):
            while self._waiting[urgent]:
                turn = self._waiting[urgent].pop(0)
                if not turn.done():
                    turn.set_result(None)
                    return
        self._free += 1


class ClassKernelManager(AsyncMappingKernelManager):
    """Kernels capped in all, pages capped per browser, and idle ones culled."""

    most_kernels = Integer(60, config=True, help="Kernels in all, pages' and pools' together.")
    most_pages = Integer(60, config=True, help="Kernels held by pages (the rest are pools').")
    pages_per_browser = Integer(6, config=True, help="Kernels held by one browser's pages.")
    connected_idle_timeout = Integer(CONNECTED_IDLE, config=True,
                                     help="Seconds of idleness before an open page is culled.")
    booting_at_once = Integer(0, config=True, help="Kernels booting at once, pages' before "
                              "pools' (0: as many as the machine has cores).")

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._starting = 0
        self.ledger = Ledger(pages=self.most_pages, per_browser=self.pages_per_browser,
                             alive=self.__contains__)
        self._boots = Turns(self.booting_at_once or os.cpu_count() or 1)
        self._watches: set[asyncio.Future[None]] = set()

    async def start_kernel(self, **kwargs: Any) -> str:  # type: ignore[override]
        # The last guard: the ledger keeps pages and pools within the cap between them,
        # and this refuses any kernel past it, whoever asks.
        if len(self) + self._starting >= self.most_kernels:
            raise ClassFull(f"{self.most_kernels} kernels are running, as many as may",
                            browser_full=False)
        self._starting += 1
        try:
            # A turn to boot: a page's kernel (a student waits for it) before a pool's.
            await self._boots.take(urgent=kwargs.get("env", {}).get(PREHEATING) != "True")
            try:
                kernel_id: str = await super().start_kernel(**kwargs)
            except BaseException:
                self._boots.give_back()
                raise
        finally:
            self._starting -= 1
        watch = asyncio.ensure_future(self._booted(kernel_id))
        self._watches.add(watch)  # kept until done: a task no one holds may be collected
        watch.add_done_callback(self._watches.discard)
        return kernel_id

    async def _booted(self, kernel_id: str) -> None:
        """Give the turn on once the kernel has answered (its first status after starting,
        when it has imported what it runs on), has gone, or has taken too long."""
        deadline = time.monotonic() + LONGEST_BOOT
        try:
            while time.monotonic() < deadline:
                kernel = self._kernels.get(kernel_id)
                if kernel is None or getattr(kernel, "execution_state", "") != "starting":
                    return
                await asyncio.sleep(0.05)
        finally:
            self._boots.give_back()

    async def cull_kernel_if_idle(self, kernel_id: str) -> None:
        # jupyter_server has one timeout; an open page gets the longer one.
        kernel = self._kernels.get(kernel_id)
        connected = self._kernel_connections.get(kernel_id, 0) > 0
        last = getattr(kernel, "last_activity", None)
        if connected and last is not None:
            idle = (datetime.now(UTC) - last).total_seconds()
            if idle <= self.connected_idle_timeout:
                return
        await super().cull_kernel_if_idle(kernel_id)
