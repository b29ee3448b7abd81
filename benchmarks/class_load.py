"""Hold a class: 30 students in 15 rooms of two play each other on one server.

    .venv/bin/python benchmarks/class_load.py [--students wire,browser] [--rooms 15]
        [--every 2] [--think 1] [--pace normal] [--out FILE] [-- more flags of wartutor.serve]

The class server is started as `make class` starts it (``python -m wartutor.serve``, with
its kernel cap, preheated pages and passwords), its rooms kept in a SQLite file, on a
loopback port. Every student has logged in once with the class password. Student i opens
*Play together* i x --every seconds after the first (30 students within the minute, as
a class arrives): the first of each pair opens a War Room room of four rounds, the second
joins it with the room code once the first can read it out. Then they play, each pressing
a choice when their screen offers one, after --think seconds. Every move's time from the
press on one screen to the change on the other screen's table is measured, and each
page's time from being opened to a table to play at (for the student who joins, less the
time spent waiting for the room code). After --before-restart moves in every room the
server is killed (with its kernels, as a power cut would) and started again on the same
port, database and cookie key; every student reloads, is seated again by their browser's
key, and each screen must come back to the table it showed. Then the games are played to
their ends, the pages are closed, and the run waits for the server to shut their kernels
down.

Students come in two kinds (their screens are benchmarks/class_screens.py), each a class
of its own on a fresh server:

- **wire**: a small Python client a student, doing over HTTP and the kernel's websocket
  what the page does: it logs in, asks for the page, fetches the page's scripts and styles
  (the files a real page asked for, gzipped, over six connections kept open as a browser
  keeps them; after the restart they are cached), checks its kernel, connects to
  ``/api/kernels/<id>/channels`` with its cookies (the v1 websocket protocol Voilà's page
  speaks), asks for the widgets' state on the ``jupyter.widget.control`` comm, gives its
  browser key through the hidden ``wt-browser-key`` box (an ``update`` of its value),
  types and chooses through ``update`` messages, presses buttons with ``custom``
  ``{"event": "click"}`` messages, keeps the playback's timer as the page's Play widget
  does, and waits for the table's HTML. This is the server's part of what a student waits
  for: no page is drawn.
- **browser**: one Chromium, a browser context each (its own login cookie and browser
  key), drawing every page on this machine's two cores beside the server: everything a
  student would wait for if thirty browsers shared the server's cores.

Before each class one student sits down alone at the idle server, in Chromium (which
lists the files a page asks for, fetched by the wire students) and, before a class of
wires, as a wire: its time and the CPU it took are reported too.

Reports, for each kind: the time from opening a page to a table to play at on arrival
(median, p95, worst) and where it goes (the page itself, its scripts and styles, the lobby
ready with the browser's key, the press to the table), the CPU used while the class
arrived (the server, its kernels, the browsers, this benchmark, and other work on the
machine, which the run does not control), whether every move was delivered and its time
to the other screen, the kernels and memory at the peak (under the cap), the restart
(whether every room came back to its tables, and how long a reload took with the whole
class reloading at once), the games finished and recorded, and the kernels left once the
pages were closed (besides the preheated pools). Everything has a time limit; the run
stops by itself (WT_CLASS_DEBUG=1 prints the trace of a room's trouble, WT_CLASS_SHOTS=DIR
keeps pictures of its pages). Chromium resolves no name but 127.0.0.1 (Voilà's page links
a font from a CDN, and a name looked up would go to the network's name server): nothing
leaves this machine.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import signal
import statistics
import sys
import tempfile
import threading
import time
import traceback
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import psutil
from playwright.async_api import Browser, BrowserContext, async_playwright

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "browser"))
from class_screens import (
    WAIT_S,
    BrowserScreen,
    Screen,
    WireScreen,
)
from servers import (
    CHROMIUM,
    CHROMIUM_ARGS,
    CLASS_PASSWORD,
    TEACHER_PASSWORD,
    Server,
    copy_notebooks,
    free_port,
    start_server,
)

from wartutor.rooms import RoomStore
from wartutor.serve import preheat_counts
from wartutor.server.settings import PREHEAT

MB = 1024 * 1024
CORES = psutil.cpu_count() or 1
KINDS = ("wire", "browser")
MACHINE = -1  # Scales.cpu's entry for the whole machine
SHOTS = os.environ.get("WT_CLASS_SHOTS")  # a folder for pictures of pages that failed
DEBUG = bool(os.environ.get("WT_CLASS_DEBUG"))  # print the trace of a room's trouble
AGAIN_WAIT_S = 180.0  # the whole class reloading at once after a restart: longer
STEADY_S = 0.7  # seconds two screens must agree on who moves (a screen looks every 0.5 s)
# Nothing leaves the machine (see above).
OFFLINE = ["--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1"]


# The machine: memory and CPU of the server, its kernels and the browsers

@dataclass
class Scales:
    """Memory of the server process and of its kernels, and the CPU time of every process
    of the run, sampled until stopped."""

    server: psutil.Process | None = None
    peak_server: int = 0
    peak_kernels: int = 0
    peak_count: int = 0
    cpu: dict[int, tuple[str, float]] = field(default_factory=dict)  # pid -> (group, s)
    _stop: threading.Event = field(default_factory=threading.Event)

    def weigh(self) -> tuple[int, int, int]:
        """(server RSS, all kernels' RSS, number of kernels) now."""
        server = self.server  # once: a restart sets it anew from another thread
        if server is None:
            return 0, 0, 0
        kernels = []
        for child in server.children(recursive=True):
            try:
                if "ipykernel" in " ".join(child.cmdline()):
                    kernels.append(child.memory_info().rss)
            except psutil.Error:
                pass  # a kernel shut down while we looked
        return server.memory_info().rss, sum(kernels), len(kernels)

    def clock_cpu(self) -> None:
        """Note each process's CPU seconds: the server, its kernels, the browsers (every
        other process this run started), and this benchmark itself (its students)."""
        me = psutil.Process()
        server = self.server
        served: set[int] = set()
        if server is not None:
            try:
                for process in [server, *server.children(recursive=True)]:
                    served.add(process.pid)
                    group = "server" if process.pid == server.pid else "kernels"
                    self._note(process, group)
            except psutil.Error:
                pass
        for process in me.children(recursive=True):
            if process.pid not in served and (server is None or process.pid != server.pid):
                self._note(process, "browsers")
        self._note(me, "benchmark")
        machine = psutil.cpu_times()  # every core's busy time, whoever used it (and the
        # time the host gave to others: steal)
        self.cpu[MACHINE] = ("machine", sum(getattr(machine, name, 0.0) for name in (
            "user", "nice", "system", "irq", "softirq", "steal")))

    def _note(self, process: psutil.Process, group: str) -> None:
        try:
            times = process.cpu_times()
        except psutil.Error:
            return
        self.cpu[process.pid] = (group, times.user + times.system)

    def cpu_since(self, mark: dict[int, tuple[str, float]]) -> dict[str, float]:
        """CPU seconds used by each group since ``mark`` (an earlier copy of ``cpu``)."""
        used: dict[str, float] = {}
        for pid, (group, seconds) in list(self.cpu.items()):
            before = mark.get(pid, (group, 0.0))[1]
            used[group] = used.get(group, 0.0) + max(0.0, seconds - before)
        return used

    def run(self) -> None:
        while not self._stop.wait(0.5):
            try:
                self.clock_cpu()
                server, kernels, count = self.weigh()
            except psutil.Error:
                continue  # the server is being restarted
            if server + kernels > self.peak_server + self.peak_kernels:
                self.peak_server, self.peak_kernels = server, kernels
            self.peak_count = max(self.peak_count, count)

    def start(self) -> None:
        threading.Thread(target=self.run, daemon=True).start()

    def stop(self) -> None:
        self._stop.set()


@dataclass
class ClassServer:
    """`make class` on a copy of notebooks/, its rooms in one SQLite file, its data (the
    cookie key: a restart keeps the class logged in) in one folder, on a fixed port."""

    workdir: Path
    port: int
    flags: tuple[str, ...] = ()  # more flags of wartutor.serve
    server: Server | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def rooms_url(self) -> str:
        return f"sqlite://{self.workdir / 'rooms.sqlite3'}"

    def start(self) -> psutil.Process:
        cmd = [sys.executable, "-m", "wartutor.serve", "--address", "127.0.0.1",
               "--port", str(self.port), "--rooms", self.rooms_url,
               "--notebooks", str(self.workdir / "notebooks"), *self.flags]
        env = dict(os.environ, CLASS_PASSWORD=CLASS_PASSWORD,
                   TEACHER_PASSWORD=TEACHER_PASSWORD,
                   WARTUTOR_DATA_DIR=str(self.workdir / "data"))
        self.server = start_server(cmd, self.workdir, self.url, "/voila/static/voila.js",
                                   env=env)
        return psutil.Process(self.server.proc.pid)

    def preheated(self) -> int:
        """Kernels its pools keep ready, which no closed page leaves behind."""
        asked = [f for f in self.flags if f.startswith("--preheat=")]
        counts = preheat_counts(asked[-1].partition("=")[2]) if asked else PREHEAT
        return sum(counts.values())

    def kill(self) -> None:
        assert self.server is not None
        os.killpg(self.server.proc.pid, signal.SIGKILL)
        self.server.proc.wait()

    def stop(self) -> None:
        if self.server is not None:
            self.server.stop()


# The class

@dataclass
class Room:
    name: str  # its students' names start so
    code: str = ""
    arrival_s: list[float] = field(default_factory=list)  # page open to a table, on arrival
    again_s: list[float] = field(default_factory=list)  # reload to the table, after restart
    served_s: list[float] = field(default_factory=list)  # the page itself, on arrival
    lobby_s: list[float] = field(default_factory=list)  # page open to the lobby with its key
    table_s: list[float] = field(default_factory=list)  # the press to the table
    files_s: list[float] = field(default_factory=list)  # a wire's scripts and styles
    delays: list[float] = field(default_factory=list)  # seconds from press to other screen
    sent: int = 0  # moves pressed
    tables_before: tuple[str, str] | None = None  # what each screen showed before the kill
    resumed: bool = False  # each screen back at that table
    finished: bool = False
    problem: str = ""


async def mover(screens: tuple[Screen, Screen]) -> Screen | None:
    """The screen whose student must choose now (the other waits), or None once over.

    The two screens must agree for a moment (longer than a screen takes to look for the
    other's moves): right after a press, the screen it was made at can still offer the
    choice just made while its kernel shows the move, and the other can still wait."""
    deadline = time.monotonic() + 3 * WAIT_S  # playbacks at normal pace
    seen: Screen | None = None
    since = 0.0
    while time.monotonic() < deadline:
        if all([await s.over() for s in screens]):
            return None
        ready = [s for s in screens if await s.choices()]
        waiting = [s for s in screens if await s.waiting()]
        now = time.monotonic()
        found = ready[0] if len(ready) == 1 and len(waiting) == 1 else None
        if found is None or found is not seen:
            seen, since = found, now
        elif now - since >= STEADY_S:
            return found
        await asyncio.sleep(0.1)
    raise TimeoutError("neither screen offers its student a choice")


async def play(room: Room, screens: tuple[Screen, Screen], moves: int, think: float) -> None:
    """Up to ``moves`` moves (fewer if the game ends), each timed to the other screen."""
    pressed_here = 0
    while pressed_here < moves:
        screen = await mover(screens)
        if screen is None:
            room.finished = True
            return
        other = screens[1] if screen is screens[0] else screens[0]
        await asyncio.sleep(think)
        offered = await screen.choices()
        if not offered:  # the screens changed their minds while the student thought
            continue
        before = await other.table()
        # The choices taken in turn: always the first (Activate) can tie a tie-break
        # again and again until the cards run out.
        await screen.press(room.sent % offered)
        pressed = time.monotonic()
        room.sent += 1
        pressed_here += 1
        await other.changed(before)
        room.delays.append(time.monotonic() - pressed)


async def at_rest(screens: tuple[Screen, Screen]) -> tuple[str, str]:
    """Both tables once their playbacks are over (one student to choose, or the end)."""
    await mover(screens)
    return await screens[0].table(), await screens[1].table()


@dataclass
class Run:
    kind: str
    server: ClassServer
    scales: Scales
    pace: str
    think: float
    every: float
    before_restart: int
    rooms: list[Room]
    began: float = 0.0  # when the first student opens the page
    sat: int = 0  # students seated on arrival
    arrivals_s: float = 0.0  # from the first page opened to the last seated (or given up)
    cpu_mark: dict[int, tuple[str, float]] = field(default_factory=dict)  # at the start
    cpu_arrivals: dict[str, float] | None = None  # CPU seconds used until all sat down
    notes: list[str] = field(default_factory=list)  # trouble outside the rooms
    at_barrier: int = 0
    restarted: asyncio.Event = field(default_factory=asyncio.Event)
    everyone_waits: asyncio.Event = field(default_factory=asyncio.Event)
    restart_s: float | None = None

    @property
    def store(self) -> RoomStore:
        return RoomStore.at(self.server.rooms_url)

    def arrived(self) -> None:
        """One room more has reached the restart (or given up before it)."""
        self.at_barrier += 1
        if self.at_barrier == len(self.rooms):
            self.all_arrived()  # if some never sat down
            self.everyone_waits.set()

    def all_arrived(self) -> None:
        """Note the CPU used while the class arrived, and how long it took, once."""
        if self.cpu_arrivals is None:
            self.scales.clock_cpu()
            self.cpu_arrivals = self.scales.cpu_since(self.cpu_mark)
            self.arrivals_s = time.monotonic() - self.began

    async def open_at(self, screen: Screen, slot: int) -> float:
        """Open the page at the student's time; when it was asked for."""
        await asyncio.sleep(max(0.0, self.began + slot * self.every - time.monotonic()))
        opened = time.monotonic()
        await screen.open(self.server.url)
        return opened

    async def opener(self, room: Room, screen: Screen, slot: int,
                     code: asyncio.Future[str]) -> None:
        try:
            opened = await self.open_at(screen, slot)
            ready = time.monotonic()
            await screen.open_room(f"{room.name}a")
            self.seated(room, screen, opened, ready)
            room.code = await screen.room_code()
            code.set_result(room.code)
        except BaseException as e:
            if not code.done():
                code.set_exception(e)
            raise

    async def joiner(self, room: Room, screen: Screen, slot: int,
                     code: asyncio.Future[str]) -> None:
        opened = await self.open_at(screen, slot)
        lobby = time.monotonic()
        known = await asyncio.wait_for(asyncio.shield(code), 3 * WAIT_S)
        ready = time.monotonic()  # the classmate has read the room code out
        await screen.join_room(f"{room.name}b", known)
        self.seated(room, screen, opened, ready, lobby)

    def seated(self, room: Room, screen: Screen, opened: float, ready: float,
               lobby: float | None = None) -> None:
        """A student has a table: the page opened at ``opened``, its lobby was ready at
        ``lobby`` and the student could press at ``ready`` (the same, unless waiting for
        the room code)."""
        now = time.monotonic()
        lobby = ready if lobby is None else lobby
        room.arrival_s.append((lobby - opened) + (now - ready))
        room.lobby_s.append(lobby - opened)
        room.table_s.append(now - ready)
        if screen.dropped:
            self.notes.append(f"room {room.name}: {screen.dropped} request(s) sent again "
                              "after their connection dropped")
        if screen.served_s is not None:
            room.served_s.append(screen.served_s)
        if screen.files_s is not None:
            room.files_s.append(screen.files_s)
        self.sat += 1
        if self.sat == 2 * len(self.rooms):
            self.all_arrived()

    async def hold_room(self, room: Room, screens: tuple[Screen, Screen], index: int) -> None:
        reached = False
        doing = "sitting down"
        try:
            code: asyncio.Future[str] = asyncio.get_running_loop().create_future()
            for outcome in await asyncio.gather(
                    self.opener(room, screens[0], 2 * index, code),
                    self.joiner(room, screens[1], 2 * index + 1, code),
                    return_exceptions=True):
                if isinstance(outcome, BaseException):
                    raise outcome
            for screen in screens:
                await screen.set_pace(self.pace)
            doing = "playing before the restart"
            await play(room, screens, self.before_restart, self.think)
            room.tables_before = await at_rest(screens)
            reached = True
            self.arrived()
            await self.restarted.wait()
            doing = "sitting down again after the restart"
            room.again_s += await asyncio.gather(*(self.back(s) for s in screens))
            for screen in screens:
                await screen.set_pace(self.pace)
            tables_after = await at_rest(screens)
            room.resumed = tables_after == room.tables_before
            if not room.resumed:
                room.problem = "a screen came back at another table than it had shown"
            doing = "playing after the restart"
            await play(room, screens, 40, self.think)
            if not room.finished:
                room.problem += f" not over after {room.sent} moves"
        except Exception as e:  # one room's trouble is a result, not the end of the run
            said = str(e).splitlines()[0][:160] if str(e) else ""
            room.problem = f"{doing}: {type(e).__name__}: {said}"
            if DEBUG:
                traceback.print_exc()
            if SHOTS:
                for i, screen in enumerate(screens):
                    await screen.shoot(f"{SHOTS}/{self.kind}-{room.name}-{i}.png")
        finally:
            if not reached:
                self.arrived()
            for screen in screens:
                with contextlib.suppress(Exception):  # the server may be gone: its
                    await screen.close()  # kernels are counted after

    async def back(self, screen: Screen) -> float:
        """A reload after the restart (the whole class reloads at once): seconds to the
        table, where the browser's key seats its student again."""
        began = time.monotonic()
        screen.patience = AGAIN_WAIT_S
        await screen.open(self.server.url)
        await screen.seated()
        screen.patience = WAIT_S
        return time.monotonic() - began

    async def restart_when_all_wait(self) -> None:
        await self.everyone_waits.wait()
        began = time.monotonic()
        self.server.kill()
        self.scales.server = None
        self.scales.server = self.server.start()  # the same port, the same database
        self.restart_s = time.monotonic() - began
        self.restarted.set()


@dataclass
class Alone:
    """One student who sits down at the idle server before the class."""

    seconds: float
    files: list[str]  # the page's scripts and styles, as the browser asked for them
    cpu: dict[str, float]  # CPU seconds it took, by group


async def sit_alone(run: Run, browser: Browser, kind: str, files: list[str]) -> Alone:
    """One student opens a room alone on the idle server: page open to the table, and
    the CPU it took."""
    url = run.server.url
    if kind == "browser":
        context = await new_student(browser, url)
        screen: Screen = BrowserScreen(context, files)
    else:
        context = None
        screen = WireScreen(await WireScreen.log_in(url), files)
    try:
        run.scales.clock_cpu()
        mark = dict(run.scales.cpu)
        began = time.monotonic()
        await screen.open(url)
        await screen.open_room("Alone")
        seconds = time.monotonic() - began
        run.scales.clock_cpu()
        return Alone(seconds, files, run.scales.cpu_since(mark))
    finally:
        await screen.close()
        if context is not None:
            await context.close()


async def first_of_three(run: Run, sit: Any) -> Alone:
    """The first of three tries of ``sit`` that sits down: the class needs its files, and
    a lone page on a machine busy with other work can fail (the problem is noted)."""
    for attempt in range(3):
        try:
            alone: Alone = await sit()
            return alone
        except Exception as e:
            run.notes.append(f"student alone, try {attempt + 1}: {type(e).__name__}: "
                             f"{str(e).splitlines()[0][:120] if str(e) else ''}")
            if attempt == 2:
                raise
            await pools_full(run)
    raise AssertionError("unreachable")


async def new_student(browser: Browser, url: str) -> BrowserContext:
    """A browser of one's own, logged in once with the class password."""
    student = await browser.new_context(viewport={"width": 1280, "height": 900})
    door = await student.request.get(f"{url}/login")
    assert door.ok, f"the door answered {door.status}"
    xsrf = next(c["value"] for c in await student.cookies() if c["name"] == "_xsrf")
    answer = await student.request.post(f"{url}/login", form={
        "_xsrf": xsrf, "password": CLASS_PASSWORD}, max_redirects=0)
    assert answer.status == 302, f"the class password was refused ({answer.status})"
    return student


async def pools_full(run: Run, timeout: float = 60) -> None:
    """Until the preheated pools are full again (and the closed pages' kernels gone)."""
    deadline = time.monotonic() + timeout
    want = run.server.preheated()
    while time.monotonic() < deadline and run.scales.weigh()[2] != want:
        await asyncio.sleep(0.25)
    await asyncio.sleep(2)  # the last kernel of a pool runs the notebook


async def hold_class(run: Run) -> Alone:
    async with async_playwright() as p:
        browser = await p.chromium.launch(executable_path=CHROMIUM, headless=True,
                                          args=[*CHROMIUM_ARGS, *OFFLINE])
        await pools_full(run)
        asked: list[str] = []
        alone = await first_of_three(run, lambda: sit_alone(run, browser, "browser", asked))
        # Every script and style a page asks for, once; not the page, not its kernel.
        files = list(dict.fromkeys(
            f for f in asked if urlsplit(f).path.startswith(("/voila/static/",
                                                             "/voila/templates/",
                                                             "/voila/labextensions/"))))
        alone.files = files
        contexts: list[BrowserContext] = []
        pairs: list[tuple[Screen, Screen]] = []
        if run.kind == "wire":
            await browser.close()  # no browser runs beside a class of wires
            await pools_full(run)
            alone = await first_of_three(run, lambda: sit_alone(run, browser, "wire", files))
        for _ in run.rooms:  # a browser each: a seat is bound to its browser's key
            if run.kind == "browser":
                students = [await new_student(browser, run.server.url) for _ in range(2)]
                contexts += students
                pairs.append((BrowserScreen(students[0]), BrowserScreen(students[1])))
            else:
                logins = [await WireScreen.log_in(run.server.url) for _ in range(2)]
                pairs.append((WireScreen(logins[0], files), WireScreen(logins[1], files)))
        await pools_full(run)
        run.began = time.monotonic() + 0.5
        run.scales.clock_cpu()
        run.cpu_mark = dict(run.scales.cpu)
        await asyncio.gather(run.restart_when_all_wait(), *(
            run.hold_room(room, pairs[i], i) for i, room in enumerate(run.rooms)))
        for context in contexts:
            await context.close()
        if run.kind == "browser":
            await browser.close()
        return alone


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


def spread(values: list[float], digits: int = 1) -> str:
    """'median / p95 / max' of ``values``, or a dash."""
    if not values:
        return "-"
    return (f"{statistics.median(values):.{digits}f} s / {percentile(values, 95):.{digits}f} s"
            f" / {max(values):.{digits}f} s")


def _median(values: list[float]) -> str:
    """'median (p95)' of ``values``, or a dash."""
    if not values:
        return "-"
    return f"{statistics.median(values):.2f} s ({percentile(values, 95):.2f} s)"


@dataclass
class ClassReport:
    kind: str
    rooms: list[Room]
    seconds: float
    alone: Alone  # one student before the class
    arrivals_s: float  # from the first page opened to the last student's first table
    cpu: dict[str, float]  # CPU seconds during the arrivals, by group
    restart_s: float | None
    peak_server: int
    peak_kernels: int
    peak_count: int
    cap: int
    kernels_left: int
    closed_after_s: float | None
    all_recorded: bool  # every room's moves are in the database, and its result
    notes: list[str] = field(default_factory=list)  # trouble outside the rooms

    @property
    def files(self) -> int:
        """Scripts and styles a page asks for."""
        return len(self.alone.files)

    @property
    def delays(self) -> list[float]:
        return [d for r in self.rooms for d in r.delays]

    @property
    def arrival_s(self) -> list[float]:
        return [s for r in self.rooms for s in r.arrival_s]

    @property
    def again_s(self) -> list[float]:
        return [s for r in self.rooms for s in r.again_s]

    @property
    def all_delivered(self) -> bool:
        return all(r.sent == len(r.delays) and not r.problem for r in self.rooms)

    @property
    def all_resumed(self) -> bool:
        return all(r.resumed for r in self.rooms)

    @property
    def ok(self) -> bool:
        return (self.all_delivered and self.all_resumed and self.all_recorded
                and all(r.finished for r in self.rooms))

    @property
    def others(self) -> float:
        """CPU seconds the machine spent on other work while the class arrived."""
        ours = sum(v for k, v in self.cpu.items() if k != "machine")
        return max(0.0, self.cpu.get("machine", ours) - ours)

    def rows(self) -> dict[str, str]:
        """The report's rows: what was measured, and the value."""
        delays, arrivals = self.delays, self.arrival_s
        students = 2 * len(self.rooms)
        served = [s for r in self.rooms for s in r.served_s]
        cpu = self.cpu
        per_kernel = self.peak_kernels / max(1, self.peak_count)
        return {
            "page open to a table to play at: median / p95 / max":
                f"{spread(arrivals)} ({len(arrivals)} of {students} students)",
            "one student alone on the idle server, and the CPU it took: browser / "
            "kernel / server (a wire student: its client in place of the browser)":
                f"{self.alone.seconds:.1f} s: " + " / ".join(
                    f"{self.alone.cpu.get(g, 0):.1f}" for g in (
                        "browsers" if self.kind == "browser" else "benchmark",
                        "kernels", "server")) + " CPU-s",
            "of which, median (p95): page request to its last byte (the kernel's first "
            "output in it) / scripts and styles fetched / page open to the lobby holding the "
            "browser's key (both of those in it) / the press to the table": " / ".join(
                _median(v) for v in (
                    served, [s for r in self.rooms for s in r.files_s],
                    [s for r in self.rooms for s in r.lobby_s],
                    [s for r in self.rooms for s in r.table_s])),
            "CPU while the class arrived: server / kernels / browsers / this benchmark / "
            "other work on the machine":
                f"{cpu.get('server', 0):.0f} / {cpu.get('kernels', 0):.0f} / "
                f"{cpu.get('browsers', 0):.0f} / {cpu.get('benchmark', 0):.0f} / "
                f"{self.others:.0f} s, in {self.arrivals_s:.0f} s on {CORES} cores",
            "moves delivered to the other screen": f"{len(delays)} of "
                                                   f"{sum(r.sent for r in self.rooms)}",
            "a move to the other screen: median / p95 / max": spread(delays, 2),
            "peak: kernels / server / all kernels":
                f"{self.peak_count} of the cap of {self.cap} / "
                f"{self.peak_server / MB:.0f} MB / {self.peak_kernels / MB:.0f} MB "
                f"({per_kernel / MB:.0f} MB each)",
            "server killed mid-game and restarted":
                (f"back in {self.restart_s:.1f} s" if self.restart_s is not None
                 else "not done") + f"; {sum(r.resumed for r in self.rooms)} of "
                f"{len(self.rooms)} rooms back at the tables they showed",
            "after the restart, page reloaded to the table: median / p95 / max":
                spread(self.again_s),
            "games played to their end, in the database":
                f"{sum(r.finished for r in self.rooms)} of {len(self.rooms)}"
                + ("" if self.all_recorded else " (some moves or results missing)"),
            "kernels left after every page closed (besides the preheated)":
                f"{self.kernels_left}" + (f" (the last shut down {self.closed_after_s:.0f} s "
                                          "after the pages closed)"
                                          if self.closed_after_s is not None else ""),
        }

    def problems(self) -> list[str]:
        return [*(f"- {self.kind}, {note}" for note in self.notes),
                *(f"- {self.kind}, room {r.code or r.name}: {r.problem}"
                  for r in self.rooms if r.problem)]


KIND_TITLES = {"wire": "wire students (the server's part)",
               "browser": "a Chromium each (all of it, on this machine)"}


def markdown(reports: list[ClassReport], settings: str) -> str:
    """The classes side by side, one column a kind of student."""
    students = 2 * len(reports[0].rooms)
    lines = [f"Class load: {students} students in {len(reports[0].rooms)} rooms of two, "
             f"{settings}.", "",
             "| measure | " + " | ".join(KIND_TITLES[r.kind] for r in reports) + " |",
             "|---|" + "---|" * len(reports)]
    table = [r.rows() for r in reports]
    for measure in table[0]:
        lines.append(f"| {measure} | " + " | ".join(t[measure] for t in table) + " |")
    lines.append("")
    lines.append("Run time: " + ", ".join(f"{r.kind} {r.seconds:.0f} s" for r in reports)
                 + f"; a page asks for {reports[0].files} scripts and styles.")
    problems = [p for r in reports for p in r.problems()]
    if problems:
        lines += ["", "Problems:", *problems]
    return "\n".join(lines) + "\n"


def recorded(store: RoomStore, rooms: list[Room]) -> bool:
    """Every room's moves and, once finished, its result are in the database."""
    for room in rooms:
        if not room.code:
            return False
        record = store.room(room.code)
        if record.steps != room.sent or (room.finished and record.result is None):
            return False
    return True


def cap_of(flags: tuple[str, ...]) -> int:
    """The kernel cap the server runs under, read as wartutor.serve reads its flags."""
    from wartutor.serve import parser
    from wartutor.server.settings import KERNELS_PER_STUDENT

    args, _ = parser().parse_known_args(list(flags))
    return int(args.max_kernels or KERNELS_PER_STUDENT * args.class_size)


def run_class(kind: str = "wire", rooms: int = 15, every: float = 2.0, think: float = 1.0,
              before_restart: int = 3, pace: str = "normal", settle_s: float = 60,
              deadline_s: float = 900, flags: tuple[str, ...] = ()) -> ClassReport:
    """One class of ``kind`` students (wire or browser) on a server of its own."""
    assert kind in KINDS, kind
    with tempfile.TemporaryDirectory() as scratch:
        workdir = Path(scratch)
        copy_notebooks(workdir)
        server = ClassServer(workdir, free_port(), flags)
        scales = Scales(server.start())
        roll = [Room(f"Student{i + 1}") for i in range(rooms)]
        run = Run(kind, server, scales, pace, think, every, before_restart, roll)
        try:
            scales.start()
            began = time.monotonic()
            # In a thread of its own: the caller (a test session) may run an event loop.
            failure: list[BaseException] = []
            alone: list[Alone] = []

            def attend() -> None:
                try:
                    alone.append(asyncio.run(asyncio.wait_for(hold_class(run), deadline_s)))
                except BaseException as e:  # reported below, after the server is weighed
                    failure.append(e)
                    if DEBUG:
                        traceback.print_exc()

            students = threading.Thread(target=attend)
            students.start()
            students.join()
            seconds = time.monotonic() - began
            # The pages closed: their kernels are shut down by the page's own request.
            closed = time.monotonic()
            closed_after = None
            pools = server.preheated()
            while time.monotonic() < closed + settle_s:
                if scales.weigh()[2] <= pools:
                    closed_after = time.monotonic() - closed
                    break
                time.sleep(0.5)
            scales.stop()
            left = max(0, scales.weigh()[2] - pools)
            if failure and not any(r.problem for r in roll):
                for room in roll:
                    room.problem = f"the run stopped: {type(failure[0]).__name__}: " \
                                   f"{str(failure[0])[:160]}"
            return ClassReport(kind, roll, seconds, alone[0] if alone else Alone(0.0, [], {}),
                               run.arrivals_s, run.cpu_arrivals or {},
                               run.restart_s, scales.peak_server, scales.peak_kernels,
                               scales.peak_count, cap_of(flags), left, closed_after,
                               recorded(RoomStore.at(server.rooms_url), roll), run.notes)
        finally:
            scales.stop()
            server.stop()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--students", default=",".join(KINDS),
                        help="kinds of student, a class each: wire, browser or both")
    parser.add_argument("--rooms", type=int, default=15, help="rooms of two students")
    parser.add_argument("--every", type=float, default=2.0,
                        help="seconds between two students opening their pages")
    parser.add_argument("--think", type=float, default=1.0, help="seconds before each press")
    parser.add_argument("--before-restart", type=int, default=3,
                        help="moves in every room before the server is killed")
    parser.add_argument("--pace", default="normal", choices=["slow", "normal", "fast", "instant"])
    parser.add_argument("--out", type=Path, help="also write the report to this file")
    parser.add_argument("flags", nargs="*", help="more flags of wartutor.serve, after --")
    args = parser.parse_args()
    kinds = [k.strip() for k in args.students.split(",") if k.strip()]
    if not kinds or any(k not in KINDS for k in kinds):
        parser.error(f"--students takes {' or '.join(KINDS)}, or both")
    reports = []
    for kind in kinds:
        reports.append(run_class(kind, args.rooms, args.every, args.think,
                                 args.before_restart, args.pace, flags=tuple(args.flags)))
        print(markdown(reports[-1:], "so far"), flush=True)
    settings = (f"student i opening the page at i x {args.every:g} s, {args.pace} pace, "
                f"{args.think:g} s to think, the server killed after {args.before_restart} "
                "moves a room" + (f", served with {' '.join(args.flags)}" if args.flags else ""))
    text = markdown(reports, settings)
    print(text)
    if args.out:
        args.out.write_text(text)
    sys.exit(0 if all(r.ok for r in reports) else 1)


if __name__ == "__main__":
    main()
