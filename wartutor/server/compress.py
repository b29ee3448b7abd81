"""Responses gzipped, and each of Voilà's script and style files compressed only once.

A page of the class is a small HTML document and about 5 MB of scripts and styles, the
same files for every student: a third of that gzipped. tornado's ``compress_response``
setting compresses every response anew, which for thirty students is thirty times the same
5 MB through gzip in the server's one thread, while their pages and kernels wait. Here a
static file (answered whole, with an ``Etag``, which tornado's static handlers make from
the file's contents) is compressed the first time it is asked for and kept; the next
student gets the same bytes at once. Everything else (the page itself, the door) is
gzipped as tornado does it.

Voilà sets its ``tornado_settings`` on the application after making it, too late for
tornado to add its gzip transform (it reads ``compress_response`` only when made):
:meth:`wartutor.server.app.ClassVoila.listen` puts :class:`CachedGZip` in its place.
"""

from __future__ import annotations

from typing import ClassVar

from tornado import httputil
from tornado.web import GZipContentEncoding

MOST_KEPT = 64 * 1024 * 1024  # bytes of compressed files kept; Voilà's are about 2 MB


class CachedGZip(GZipContentEncoding):
    """tornado's gzip, with static files compressed once and kept (by path and Etag)."""

    kept: ClassVar[dict[tuple[str, str], bytes]] = {}

    def __init__(self, request: httputil.HTTPServerRequest) -> None:
        super().__init__(request)
        self._whole = request.method == "GET"
        self._path = request.path
        self._key: tuple[str, str] | None = None  # the file being compressed, to keep
        self._parts: list[bytes] = []
        self._from_kept = False

    def transform_first_chunk(
        self, status_code: int, headers: httputil.HTTPHeaders, chunk: bytes, finishing: bool,
    ) -> tuple[int, httputil.HTTPHeaders, bytes]:
        # A static file answered whole: tornado's static handlers say they take ranges,
        # and name the contents by their Etag.
        static = (self._gzipping and self._whole and status_code == 200
                  and "Etag" in headers and "Accept-Ranges" in headers
                  and "Content-Encoding" not in headers
                  and self._compressible_type(headers.get("Content-Type", "").split(";")[0]))
        key = (self._path, headers.get("Etag", "")) if static else None
        if key is not None and key in self.kept:
            body = self.kept[key]
            headers["Vary"] = (headers["Vary"] + ", Accept-Encoding" if "Vary" in headers
                               else "Accept-Encoding")
            headers["Content-Encoding"] = "gzip"
            headers["Content-Length"] = str(len(body))  # the rest of the file is not sent
            self._gzipping, self._from_kept = False, True
            return status_code, headers, body
        status_code, headers, chunk = super().transform_first_chunk(status_code, headers,
                                                                    chunk, finishing)
        if key is not None and self._gzipping:
            self._key = key
            self._keep(chunk, finishing)
        return status_code, headers, chunk

    def transform_chunk(self, chunk: bytes, finishing: bool) -> bytes:
        if self._from_kept:
            return b""
        chunk = super().transform_chunk(chunk, finishing)
        if self._key is not None:
            self._keep(chunk, finishing)
        return chunk

    def _keep(self, chunk: bytes, finishing: bool) -> None:
        self._parts.append(chunk)
        if finishing and self._key is not None:
            body = b"".join(self._parts)
            if sum(map(len, self.kept.values())) + len(body) <= MOST_KEPT:
                self.kept[self._key] = body
            self._key, self._parts = None, []
