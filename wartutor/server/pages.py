"""The class server's handlers in place of Voilà's own: a page is admitted before it gets a
kernel, the class board opens for the teacher only, and a kernel answers only the browser
whose page it is.

- :class:`ClassPageHandler` serves ``/voila/render/<notebook>``. It asks the kernel manager's
  ledger for a ticket first; without one the student gets "The class server is full"
  (HTTP 503) instead of a kernel. Voilà gives the page its kernel in one of two ways, a new
  one (``start_kernel``) or one from a preheated pool (``get_rendered_notebook``); the
  handler's kernel manager is seen through :class:`PageKernels`, which notes either as held
  by the page's browser.
- :class:`OwnKernelsOnly` refuses, on the kernel's websocket and its shut-down requests,
  a browser that is not the one holding the kernel (kernel ids are secret, but a page's
  is in its HTML: a screen shared on the projector must not hand over a kernel).
- :class:`QuietKernelWebsocket` sends a page none of its kernel's ``error`` messages: an
  exception in a widget's callback would otherwise reach the browser with its traceback.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from jupyter_server.services.kernels.handlers import KernelHandler
from tornado import web
from tornado.httputil import responses
from voila.shutdown_kernel_handler import (  # type: ignore[import-untyped]
    VoilaShutdownKernelHandler,
)
from voila.tornado.handler import TornadoVoilaHandler  # type: ignore[import-untyped]
from voila.tornado.kernel_websocket_handler import (  # type: ignore[import-untyped]
    VoilaKernelWebsocketHandler,
    read_header_from_binary_message,
)

from wartutor.server import notices
from wartutor.server.ledger import ClassFull, Ledger, Ticket
from wartutor.server.login import browser_of, is_teacher, speaking_to


class PageKernels:
    """The kernel manager as one page's request sees it: what it is given is its browser's."""

    def __init__(self, manager: Any, ticket: Ticket) -> None:
        self._manager, self._ticket = manager, ticket

    async def start_kernel(self, **kwargs: Any) -> str:
        kernel_id: str = await self._manager.start_kernel(**kwargs)
        self._manager.ledger.took(self._ticket, kernel_id)
        return kernel_id

    async def get_rendered_notebook(self, **kwargs: Any) -> Any:
        task, rendered, kernel_id = await self._manager.get_rendered_notebook(**kwargs)
        self._manager.ledger.took(self._ticket, kernel_id)
        return task, rendered, kernel_id

    def __getattr__(self, name: str) -> Any:
        return getattr(self._manager, name)


class ClassPageHandler(TornadoVoilaHandler):
    """A notebook's page, if the class (and this browser) may have one more."""

    def initialize(self, **kwargs: Any) -> None:
        self.teachers_only: tuple[Path, ...] = tuple(kwargs.pop("teachers_only", ()))
        self.root = Path(kwargs.pop("root", "."))  # the folder served
        self._ticket: Ticket | None = None
        super().initialize(**kwargs)

    @property
    def kernel_manager(self) -> Any:
        manager = self.settings["kernel_manager"]
        return manager if self._ticket is None else PageKernels(manager, self._ticket)

    @property
    def ledger(self) -> Ledger:
        ledger: Ledger = self.settings["kernel_manager"].ledger
        return ledger

    @web.authenticated
    async def get(self, path: str | None = None) -> None:
        if self._is_teachers(path or "") and not is_teacher(self.current_user):
            self.set_status(403)
            with speaking_to(self):
                made = notices.teachers_door(next_url=self.request.uri or "/",
                                             xsrf=self.xsrf_form_html(), message="")
            self.finish(made)
            return
        browser = browser_of(self.current_user)
        try:
            self._ticket = self.ledger.admit(browser)
        except ClassFull as full:
            self._refuse(full, browser)
            return
        try:
            await super().get(path)
        except ClassFull as full:  # the last guard, in the kernel manager
            if self._headers_written:
                raise
            self._refuse(full, browser)
        finally:
            self.ledger.done(self._ticket)

    def _refuse(self, full: ClassFull, browser: str) -> None:
        self.log.warning("A page refused: %s", full)
        self.clear()
        self.set_status(503)
        self.set_header("Retry-After", "60")
        with speaking_to(self):
            made = notices.class_full(pages_open=self.ledger.pages_of(browser),
                                      browser_full=full.browser_full)
        self.finish(made)

    def _is_teachers(self, path: str) -> bool:
        """Whether ``path`` names a teacher's notebook, however it is spelled (./x, a/../x,
        another case on a file system that ignores case)."""
        asked = self.root / path
        return any(os.path.exists(asked) and os.path.samefile(asked, kept)
                   for kept in self.teachers_only if kept.exists())

    def write_error(self, status_code: int, **kwargs: Any) -> None:
        with speaking_to(self):
            made = notices.error(status_code, responses.get(status_code, "Error"))
        self.finish(made)


class OwnKernelsOnly:
    """For a handler whose URL names a kernel: only its browser's requests get through."""

    async def prepare(self, *args: Any, **kwargs: Any) -> None:
        await super().prepare(*args, **kwargs)  # type: ignore[misc]
        handler: Any = self
        kernel_id = handler.path_kwargs.get("kernel_id") or next(iter(handler.path_args), "")
        owner = handler.settings["kernel_manager"].ledger.owner(kernel_id)
        if owner is not None and owner != browser_of(handler.current_user):
            handler.log.warning("A browser asked for a kernel of another browser's page")
            raise web.HTTPError(403)


class QuietKernelWebsocket(OwnKernelsOnly, VoilaKernelWebsocketHandler):
    """The page's kernel connection, less tracebacks."""

    def write_message(self, message: bytes | str | dict[str, Any], binary: bool = False) -> Any:
        if _is_error(message):
            self.log.warning("A kernel's error was kept from its page (%s)",
                             self.path_kwargs.get("kernel_id", "?"))
            return None
        return super().write_message(message, binary)


def _is_error(message: bytes | str | dict[str, Any]) -> bool:
    """Whether a message to the page is a kernel's ``error`` (in any of the three forms
    jupyter_server writes: the v1 binary protocol Voilà's pages speak, JSON text, a dict)."""
    if isinstance(message, bytes):
        header = read_header_from_binary_message(message)
    elif isinstance(message, str):
        if '"error"' not in message:  # most messages: no need to read them
            return False
        try:
            header = json.loads(message).get("header")
        except ValueError:
            return False
    else:
        header = message.get("header")
    return isinstance(header, dict) and header.get("msg_type") == "error"


class OwnKernelHandler(OwnKernelsOnly, KernelHandler):
    """``/api/kernels/<id>``: a page's check on its kernel, and its shutdown."""


class OwnKernelShutdown(OwnKernelsOnly, VoilaShutdownKernelHandler):
    """``/voila/api/shutdown/<id>``: the beacon a closing page sends."""
