"""Voilà, standalone, as the class server: its handlers swapped for the class's, HTTPS when
given a certificate, responses gzipped, and nothing started on another port than the one
printed.

Voilà is configured, not patched: this subclass only swaps four handlers for the class's
own (:mod:`wartutor.server.pages`), drops one, hands tornado the certificate that Voilà's
own ``listen`` has no option for, and gives tornado the gzip its ``compress_response``
setting asks for (set by Voilà too late for tornado to see it, see
:mod:`wartutor.server.compress`).
"""

from __future__ import annotations

import functools
import ssl
from pathlib import Path
from typing import Any

from jupyter_server.services.kernels.handlers import KernelHandler
from tornado.web import GZipContentEncoding
from traitlets import List, Unicode
from voila.app import Voila  # type: ignore[import-untyped]
from voila.request_info_handler import RequestInfoSocketHandler  # type: ignore[import-untyped]
from voila.shutdown_kernel_handler import (  # type: ignore[import-untyped]
    VoilaShutdownKernelHandler,
)
from voila.tornado.handler import TornadoVoilaHandler  # type: ignore[import-untyped]
from voila.tornado.kernel_websocket_handler import (  # type: ignore[import-untyped]
    VoilaKernelWebsocketHandler,
)

from wartutor.server.compress import CachedGZip
from wartutor.server.pages import (
    ClassPageHandler,
    OwnKernelHandler,
    OwnKernelShutdown,
    QuietKernelWebsocket,
)

SWAPS: dict[type, type] = {
    TornadoVoilaHandler: ClassPageHandler,
    VoilaKernelWebsocketHandler: QuietKernelWebsocket,
    KernelHandler: OwnKernelHandler,
    VoilaShutdownKernelHandler: OwnKernelShutdown,
}
# Lets a preheated kernel ask for its page's address, without logging in. No app asks.
DROPPED = (RequestInfoSocketHandler,)


class ClassVoila(Voila):
    """Voilà serving a folder of notebooks to a class."""

    name = "wartutor-class"
    certfile = Unicode("", config=True, help="The server's certificate (PEM), for HTTPS.")
    keyfile = Unicode("", config=True, help="Its private key (PEM), if not in the certfile.")
    teachers_only = List(Unicode(), config=True,
                         help="Notebooks (in the served folder) only the teacher may open.")

    def init_handlers(self) -> list[Any]:
        teachers = [Path(self.root_dir, name) for name in self.teachers_only]
        handlers = []
        for pattern, handler, *options in super().init_handlers():
            if handler in DROPPED:
                continue
            if handler is TornadoVoilaHandler:
                options = [{**options[0], "teachers_only": teachers, "root": self.root_dir}]
            handlers.append((pattern, SWAPS.get(handler, handler), *options))
        return handlers

    def listen(self) -> None:
        if self.app.settings.get("compress_response"):
            self.app.transforms = [t for t in self.app.transforms
                                   if t is not GZipContentEncoding] + [CachedGZip]
        if self.certfile:
            context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
            context.load_cert_chain(self.certfile, self.keyfile or None)
            # Voilà calls self.app.listen(port, ip) with no way to pass TLS options.
            self.app.listen = functools.partial(self.app.listen, ssl_options=context)
        super().listen()

    def _url(self, ip: str) -> str:
        scheme = "https" if self.certfile else "http"
        return f"{scheme}://{ip}:{self.port}{self.base_url}"
