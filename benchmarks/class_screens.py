"""A student's screen on Play together, as benchmarks/class_load.py drives it: a page in
Chromium, or a small client that does the page's part over HTTP and the kernel's websocket
(class_load.py's docstring says what it does with them, and what it measures).

Also what the class plays: a War Room room of four rounds, on the Play together page.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import re
import secrets
import sys
import time
import uuid
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, TypeVar

import httpx
from jupyter_server.services.kernels.connection.base import (
    deserialize_msg_from_ws_v1,
    serialize_msg_to_ws_v1,
)
from playwright.async_api import BrowserContext, Page
from tornado.httpclient import HTTPRequest
from tornado.websocket import (
    WebSocketClientConnection,
    WebSocketClosedError,
    websocket_connect,
)

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "browser"))
from servers import CLASS_PASSWORD

ROUNDS = 4  # War Room rounds per game: about ten moves
GAME = "War Room"
RULINGS = f"WR-1-H={ROUNDS}"  # a War Room deal code whose rulings a room plays
NOTEBOOK = "play_together.ipynb"
PAGE = f"/voila/render/{NOTEBOOK}"
WAIT_S = 60.0  # a page on a loaded 2-core machine can take long to sit down

CHOICE = ".wt-choices .wt-main-button:not([disabled])"
# A GET whose kept-alive connection the server closed fails before any answer comes, and a
# browser sends it again on a new connection (Chromium does so once); so does a wire
# student, and the run notes each (it failed a whole room once on a loaded machine).
DROPPED = (httpx.ReadError, httpx.RemoteProtocolError)
T = TypeVar("T")
CHANGED = "b => document.querySelector('.wt-table-region')?.innerHTML !== b"


# What a student sees: a page in Chromium, or the widgets' state a wire student keeps

class Screen:
    """One student's screen on Play together. ``open`` is timed by the caller."""

    served_s: float | None = None  # the page itself: request to its last byte
    patience = WAIT_S  # seconds to wait for the page, or for its table
    files_s: float | None = None  # its scripts and styles, all fetched (a wire student)
    dropped = 0  # requests sent again after their connection dropped (a wire student)

    async def open(self, url: str) -> None:
        """Open the page, until the lobby has this browser's key (a reload: seated)."""
        raise NotImplementedError

    async def open_room(self, name: str) -> None:
        """Open a War Room room under ``name``, until its table shows."""
        raise NotImplementedError

    async def join_room(self, name: str, code: str) -> None:
        """Join room ``code`` under ``name``, until its table shows."""
        raise NotImplementedError

    async def seated(self) -> None:
        """After a reload: until the table shows (the browser's key seats it again)."""
        raise NotImplementedError

    async def room_code(self) -> str:
        raise NotImplementedError

    async def set_pace(self, pace: str) -> None:
        raise NotImplementedError

    async def choices(self) -> int:
        """Choices this screen offers its student now."""
        raise NotImplementedError

    async def waiting(self) -> bool:
        """Whether it says it waits for the other player."""
        raise NotImplementedError

    async def over(self) -> bool:
        raise NotImplementedError

    async def table(self) -> str:
        raise NotImplementedError

    async def press(self, index: int) -> None:
        """Press choice ``index`` of those offered."""
        raise NotImplementedError

    async def changed(self, before: str) -> None:
        """Until the table is no longer ``before``."""
        raise NotImplementedError

    async def shoot(self, path: str) -> None:
        """A picture of the screen, if it has one, for a room that failed."""

    async def close(self) -> None:
        raise NotImplementedError


class BrowserScreen(Screen):
    """A page in Chromium, in the student's own browser context."""

    def __init__(self, context: BrowserContext, files: list[str] | None = None) -> None:
        self.context = context
        self.page: Page | None = None
        self.files = files  # if given, every file of this origin the page asks for

    async def open(self, url: str) -> None:
        if self.page is None:
            self.page = await self.context.new_page()
            if self.files is not None:
                files = self.files
                self.page.on("request", lambda r: files.append(r.url)
                              if r.url.startswith(url) else None)
        answer = await self.page.goto(url + PAGE, timeout=2 * self.patience * 1000)
        if answer is not None:  # the server's part: the page with its kernel's first output
            await answer.finished()
            self.served_s = answer.request.timing["responseEnd"] / 1000
        await self.page.locator(".wt-browser-key input[data-given]").wait_for(
            state="attached", timeout=self.patience * 1000)

    @property
    def _page(self) -> Page:
        assert self.page is not None, "the page is not open"
        return self.page

    async def _table_shown(self) -> None:
        await self._page.locator(".wr-table").wait_for(timeout=self.patience * 1000)

    async def open_room(self, name: str) -> None:
        page = self._page
        await page.get_by_label("Your name").fill(name)
        await page.get_by_label("Game").select_option(label=GAME)
        await page.get_by_label("Rulings from a deal code").fill(RULINGS)
        await page.get_by_role("button", name="Open a room").click()
        await self._table_shown()

    async def join_room(self, name: str, code: str) -> None:
        page = self._page
        await page.get_by_label("Your name").fill(name)
        await page.get_by_label("Room code").fill(code)
        await page.get_by_role("button", name="Join the room").click()
        await self._table_shown()

    async def seated(self) -> None:
        await self._table_shown()

    async def room_code(self) -> str:
        return await self._page.locator(".wt-room-code b").inner_text()

    async def set_pace(self, pace: str) -> None:
        await self._page.get_by_role("button", name=pace.capitalize(), exact=True).click()

    async def choices(self) -> int:
        return await self._page.locator(CHOICE).count()

    async def waiting(self) -> bool:
        return "Waiting for" in await self._page.locator(".wt-choices").inner_text()

    async def over(self) -> bool:
        return await self._page.locator(".wt-banner b").count() > 0

    async def table(self) -> str:
        return await self._page.locator(".wt-table-region").inner_html()

    async def press(self, index: int) -> None:
        await self._page.locator(CHOICE).nth(index).click(timeout=WAIT_S * 1000)

    async def changed(self, before: str) -> None:
        await self._page.wait_for_function(CHANGED, arg=before, timeout=WAIT_S * 1000,
                                           polling=50)

    async def shoot(self, path: str) -> None:
        if self.page is not None:
            await self.page.screenshot(path=path)

    async def close(self) -> None:
        if self.page is not None:
            await self.page.close(run_before_unload=True)
            self.page = None


class WireScreen(Screen):
    """A student's page without a browser: the page's requests and kernel messages, and
    the widgets' state as the page's widget manager would keep it.

    Over the kernel's websocket it speaks what Voilà's page speaks (jupyter_server's
    ``v1.kernel.websocket.jupyter.org`` protocol and the ipywidgets 8 messages): a
    ``kernel_info_request`` first, then ``request_states`` on a ``jupyter.widget.control``
    comm for every widget's state; a widget the kernel makes later arrives as a
    ``comm_open``, a change as an ``update``. What the student does goes back as the page
    sends it: typing and choosing as an ``update`` of the widget's state, a press as a
    ``custom`` ``{"event": "click"}`` message. The page's Play widget, which times a
    playback's moments, is a timer in the page: kept here as ipywidgets' own does it.
    """

    def __init__(self, http: httpx.AsyncClient, files: list[str]) -> None:
        self.http = http  # its connections and cookies (its login), as a browser's
        self.files = files  # the scripts and styles a page asks for, fetched once
        self.fetched = False
        self.key = secrets.token_urlsafe(24)  # as the page's script makes one, kept
        self.session = uuid.uuid4().hex  # the page's session with its kernel
        self.url = ""
        self.kernel_id = ""
        self.models: dict[str, dict[str, Any]] = {}
        self.news = asyncio.Event()  # set whenever a widget's state changes
        self.replies: dict[str, asyncio.Future[dict[str, Any]]] = {}
        self.socket: WebSocketClientConnection | None = None
        self.tasks: list[asyncio.Task[None]] = []
        self.plays: set[str] = set()  # the Play widgets, whose timers are kept here
        self.ticking: dict[str, float] = {}  # Play widget -> when its next tick is due
        self.broken: Exception | None = None  # what stopped this screen's kernel messages

    # HTTP, as the browser does it

    @classmethod
    async def log_in(cls, url: str) -> httpx.AsyncClient:
        """A browser of its own (six connections kept open to the server, as a browser
        keeps them, and its cookies), logged in once with the class password."""
        http = httpx.AsyncClient(limits=httpx.Limits(max_connections=6), timeout=120,
                                 headers={"Accept-Encoding": "gzip"})
        await http.get(url + "/login")
        answer = await http.post(url + "/login", data={
            "_xsrf": http.cookies.get("_xsrf", ""), "password": CLASS_PASSWORD})
        assert answer.status_code == 302, f"the class password was refused ({answer.status_code})"
        return http

    async def open(self, url: str) -> None:
        await self._disconnect()
        self.url, self.models, self.plays, self.ticking = url, {}, set(), {}
        began = time.monotonic()
        answer = await self._get(url + PAGE)  # its gzip undone, as a browser does
        self.served_s = time.monotonic() - began
        if answer.status_code != 200:
            raise RuntimeError(f"the page answered {answer.status_code}")
        page = answer.content
        config = re.search(rb'id="jupyter-config-data" type="application/json">(.*?)</script>',
                           page, re.S)
        assert config is not None, "no jupyter-config-data in the page"
        self.kernel_id = json.loads(config.group(1))["kernelId"]
        if b"There was an error when executing cell" in page:
            raise RuntimeError("the page's notebook failed in its kernel")
        if not self.fetched:  # a reload finds them in the browser's cache
            began = time.monotonic()
            await asyncio.gather(*(self._fetch_file(f) for f in self.files))
            self.files_s, self.fetched = time.monotonic() - began, True
        check = await self._get(f"{url}/api/kernels/{self.kernel_id}")
        if check.status_code != 200:
            raise RuntimeError(f"the kernel check answered {check.status_code}")
        await self._connect()
        await self._request("kernel_info_request", {})
        control = uuid.uuid4().hex
        self._send("comm_open", {"comm_id": control, "target_name": "jupyter.widget.control",
                                 "data": {}}, metadata={"version": "1.0.0"})
        self._send("comm_msg", {"comm_id": control, "data": {"method": "request_states"}})
        key_box = await self._until(lambda s: "wt-browser-key" in s.get("_dom_classes", ()))
        self._send("comm_close", {"comm_id": control, "data": {}})
        self._update(key_box, value=self.key)

    async def _get(self, url: str) -> httpx.Response:
        return await self._once_more_if_dropped(lambda: self.http.get(url))

    async def _fetch_file(self, url: str) -> None:
        """A script or style, as it comes (gzipped): no browser's work is done here."""
        async def fetch() -> None:
            async with self.http.stream("GET", url) as answer:
                async for _ in answer.aiter_raw():
                    pass
                if answer.status_code != 200:
                    raise RuntimeError(f"{url} answered {answer.status_code}")

        await self._once_more_if_dropped(fetch)

    async def _once_more_if_dropped(self, request: Callable[[], Awaitable[T]]) -> T:
        """``request`` made, and made again once if its connection dropped (DROPPED)."""
        try:
            return await request()
        except DROPPED:
            self.dropped += 1
            return await request()

    async def _connect(self) -> None:
        cookie = "; ".join(f"{c.name}={c.value}" for c in self.http.cookies.jar)
        address = "ws" + self.url.removeprefix("http")
        request = HTTPRequest(f"{address}/api/kernels/{self.kernel_id}/channels?session_id="
                              f"{self.session}", headers={"Cookie": cookie, "Origin": self.url},
                              request_timeout=WAIT_S)
        self.socket = await websocket_connect(request,
                                              subprotocols=["v1.kernel.websocket.jupyter.org"])
        self.broken = None
        self.tasks = [asyncio.ensure_future(self._read(self.socket)),
                      asyncio.ensure_future(self._play_timers())]

    async def _disconnect(self) -> None:
        for task in self.tasks:
            task.cancel()
        self.tasks = []
        if self.socket is not None:
            self.socket.close()
            self.socket = None

    # Kernel messages

    def _send(self, msg_type: str, content: dict[str, Any], *,
              metadata: dict[str, Any] | None = None) -> str:
        assert self.socket is not None, "not connected"
        header = {"msg_id": uuid.uuid4().hex, "username": "", "session": self.session,
                  "msg_type": msg_type, "version": "5.3", "date": datetime.now(UTC).isoformat()}
        parts = [json.dumps(part).encode() for part in (header, {}, metadata or {}, content)]
        self.socket.write_message(serialize_msg_to_ws_v1(parts, "shell"), binary=True)
        return str(header["msg_id"])

    async def _request(self, msg_type: str, content: dict[str, Any]) -> dict[str, Any]:
        reply: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self.replies[self._send(msg_type, content)] = reply
        return await asyncio.wait_for(reply, self.patience)

    async def _read(self, socket: WebSocketClientConnection) -> None:
        try:
            while (message := await socket.read_message()) is not None:
                if isinstance(message, bytes):
                    self._take(message)
        except Exception as e:  # said by the next wait, rather than lost in a task
            self.broken = e
            self.news.set()

    def _take(self, message: bytes) -> None:
        """One message from the kernel, as the page's widget manager takes it."""
        channel, parts = deserialize_msg_from_ws_v1(message)
        header, parent, _, content = (json.loads(part) for part in parts[:4])
        kind = header["msg_type"]
        if channel == "shell" and parent.get("msg_id") in self.replies:
            reply = self.replies.pop(parent["msg_id"])
            if not reply.done():
                reply.set_result(content)
            return
        if kind == "comm_open" and content.get("target_name") == "jupyter.widget":
            self._model(content["comm_id"], content["data"]["state"])
        elif kind == "comm_msg":
            data = content["data"]
            if data.get("method") == "update_states":
                for model_id, model in data["states"].items():
                    self._model(model_id, model["state"])
            elif data.get("method") in ("update", "echo_update"):
                self.models.setdefault(content["comm_id"], {}).update(data["state"])
            else:
                return
        elif kind == "comm_close":
            self.models.pop(content["comm_id"], None)
            self.plays.discard(content["comm_id"])
        else:
            return
        self.news.set()

    def _model(self, model_id: str, state: dict[str, Any]) -> None:
        self.models[model_id] = dict(state)
        if "playing" in state and "interval" in state:  # a Play widget: its timer is ours
            self.plays.add(model_id)

    def _update(self, model_id: str, **state: Any) -> None:
        self.models[model_id].update(state)
        self._send("comm_msg", {"comm_id": model_id, "data": {
            "method": "update", "state": state, "buffer_paths": []}})

    def _click(self, model_id: str) -> None:
        self._send("comm_msg", {"comm_id": model_id, "data": {
            "method": "custom", "content": {"event": "click"}}})

    async def _play_timers(self) -> None:
        """The Play widgets' timers, as ipywidgets' PlayModel keeps them in the page: set
        playing, it steps ``value`` on at once, then every ``interval`` ms, and stops at
        ``max`` (starting again from ``min`` if it was there already)."""
        with contextlib.suppress(WebSocketClosedError):  # the kernel is gone: so are they
            while True:
                self._tick(time.monotonic())
                await asyncio.sleep(0.05)

    def _tick(self, now: float) -> None:
        for model_id in list(self.plays):
            state = self.models[model_id]
            every = state["interval"] / 1000
            if not state["playing"]:
                self.ticking.pop(model_id, None)
            elif model_id not in self.ticking and state["value"] == state["max"]:
                self._update(model_id, value=state["min"])
                self.ticking[model_id] = now + every
            elif now >= self.ticking.get(model_id, now):
                following = state["value"] + state.get("step", 1)
                if following <= state["max"]:
                    self._update(model_id, value=following)
                    self.ticking[model_id] = now + every
                else:
                    self._update(model_id, playing=False)
                    self.ticking.pop(model_id, None)

    # The widgets

    def _find(self, wanted: Any) -> list[str]:
        return [k for k, state in self.models.items() if wanted(state)]

    async def _until(self, wanted: Any) -> str:
        deadline = time.monotonic() + self.patience
        while not (found := self._find(wanted)):
            if self.broken is not None:
                raise RuntimeError(f"the screen stopped: {self.broken!r}")
            self.news.clear()
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError("the screen never showed what was awaited")
            await asyncio.wait_for(self.news.wait(), left)
        return found[0]

    def _described(self, words: str) -> str:
        found = self._find(lambda s: s.get("description") == words)
        if not found:
            raise LookupError(f"no widget {words!r} on the screen")
        return found[0]

    def _classed(self, name: str) -> list[str]:
        return self._find(lambda s: name in s.get("_dom_classes", ()))

    def _inside(self, model_id: str) -> list[str]:
        """``model_id`` and every widget in it, in the page's order."""
        found = [model_id]
        for child in self.models.get(model_id, {}).get("children", ()):
            found += self._inside(child.removeprefix("IPY_MODEL_"))
        return found

    async def _table_shown(self) -> None:
        await self._until(lambda s: "wr-table" in str(s.get("value", "")))

    async def open_room(self, name: str) -> None:
        self._update(self._described("Your name"), value=name)
        menu = self._described("Game")
        self._update(menu, index=self.models[menu]["_options_labels"].index(GAME))
        self._update(self._described("Rulings from a deal code"), value=RULINGS)
        self._click(self._described("Open a room"))
        await self._table_shown()

    async def join_room(self, name: str, code: str) -> None:
        self._update(self._described("Your name"), value=name)
        self._update(self._described("Room code"), value=code)
        self._click(self._described("Join the room"))
        await self._table_shown()

    async def seated(self) -> None:
        await self._table_shown()

    async def room_code(self) -> str:
        note = await self._until(lambda s: 'class="wt-room-code"' in str(s.get("value", "")))
        found = re.search(r'class="wt-room-code".*?<b>(\w+)</b>', self.models[note]["value"],
                          re.S)
        assert found is not None, "no room code on the screen"
        return found.group(1)

    async def set_pace(self, pace: str) -> None:
        toggle = self._described("Pace")
        labels = [label.casefold() for label in self.models[toggle]["_options_labels"]]
        self._update(toggle, index=labels.index(pace.casefold()))

    def _choices_box(self) -> list[str]:
        boxes = self._classed("wt-choices")
        return self._inside(boxes[0]) if boxes else []

    async def choices(self) -> int:
        return len(self._offered())

    def _offered(self) -> list[str]:
        return [k for k in self._choices_box()
                if "wt-main-button" in self.models[k].get("_dom_classes", ())
                and not self.models[k].get("disabled", False)]

    async def waiting(self) -> bool:
        return any("Waiting for" in str(self.models[k].get("value", ""))
                   for k in self._choices_box())

    async def over(self) -> bool:
        return any('class="wt-banner"' in value and "<b>" in value
                   for value in (str(s.get("value", "")) for s in self.models.values()))

    async def table(self) -> str:
        regions = self._classed("wt-table-region")
        return str(self.models[regions[0]].get("value", "")) if regions else ""

    async def press(self, index: int) -> None:
        self._click(self._offered()[index])

    async def changed(self, before: str) -> None:
        regions = self._classed("wt-table-region")
        await self._until(lambda s: s is self.models.get(regions[0]) and
                          str(s.get("value", "")) != before)

    async def close(self) -> None:
        """As a closing page does: Voilà's shutdown request (with the XSRF token)."""
        await self._disconnect()
        if self.kernel_id:
            await self.http.post(f"{self.url}/voila/api/shutdown/{self.kernel_id}",
                                 params={"_xsrf": self.http.cookies.get("_xsrf", "")})
            self.kernel_id = ""
        await self.http.aclose()
