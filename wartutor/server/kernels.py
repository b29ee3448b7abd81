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
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from traitlets import Integer

from wartutor.server.ledger import ClassFull, Ledger

CONNECTED_IDLE = 20 * 60  # seconds without a message to or from an open page
DISCONNECTED_IDLE = 10 * 60  # seconds for a kernel no page is connected to
CULL_EVERY = 60  # seconds between looks


class ClassKernelManager(AsyncMappingKernelManager):
    """Kernels capped in all, pages capped per browser, and idle ones culled."""

    most_kernels = Integer(60, config=True, help="Kernels in all, pages' and pools' together.")
    most_pages = Integer(60, config=True, help="Kernels held by pages (the rest are pools').")
    pages_per_browser = Integer(6, config=True, help="Kernels held by one browser's pages.")
    connected_idle_timeout = Integer(CONNECTED_IDLE, config=True,
                                     help="Seconds of idleness before an open page is culled.")

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._starting = 0
        self.ledger = Ledger(pages=self.most_pages, per_browser=self.pages_per_browser,
                             alive=self.__contains__)

    async def start_kernel(self, **kwargs: Any) -> str:  # type: ignore[override]
        # The last guard: the ledger keeps pages and pools within the cap between them,
        # and this refuses any kernel past it, whoever asks.
        if len(self) + self._starting >= self.most_kernels:
            raise ClassFull(f"{self.most_kernels} kernels are running, as many as may",
                            browser_full=False)
        self._starting += 1
        try:
            kernel_id: str = await super().start_kernel(**kwargs)
        finally:
            self._starting -= 1
        return kernel_id

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
