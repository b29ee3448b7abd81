"""Hold a class: 30 students in 15 rooms of two play each other on one server.

    .venv/bin/python benchmarks/class_load.py [--rooms 15] [--within 30] [--out FILE]
                                             [-- more flags of wartutor.serve]

The class server is started as `make class` starts it (``python -m wartutor.serve``,
with its kernel cap, preheated pages and passwords), its rooms kept in a SQLite file, on
a loopback port. One Chromium plays every student, each a browser of their own (a
browser context: their own login cookie and their own browser key, which a room's seat is
bound to), logged in once with the class password. Student pairs arrive over --within
seconds: the first opens a War Room room of four rounds, the second joins it with its
code, and they play, each pressing a choice when their screen offers one, after --think
seconds. Every move's time from the press on one screen to the change on the other
screen's table is measured, and each page's time from being opened to a table to play at.
After --before-restart moves in every room the server is killed (with its kernels, as a
power cut would) and started again on the same port, database and cookie key; every
student reloads and is seated again, and each screen must come back at the step it had
reached. Then the games are played to their ends, the pages are closed, and the run waits
for the server to shut their kernels down.

Reports whether every move was delivered, the median, p95 and worst time from a move to
the other screen, the time from opening a page to a table to play at, the kernels and
memory at the peak (under the cap), whether every room came back after the restart, and
the kernels left once the pages were closed (besides the preheated pools). Everything has
a time limit; the run stops by itself.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import signal
import statistics
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

import psutil
from playwright.async_api import Browser, BrowserContext, Page, async_playwright

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "browser"))
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
ROUNDS = 4  # War Room rounds per game: about ten moves
RULINGS = f"WR-1-H={ROUNDS}"  # a War Room deal code whose rulings a room plays
SHOTS = os.environ.get("WT_CLASS_SHOTS")  # a folder for screenshots of pages that failed
WAIT_MS = 45_000  # a page on a loaded 2-core machine can take this long to sit down

CHOICE = ".wt-choices .wt-main-button:not([disabled])"
CHANGED = "b => document.querySelector('.wt-table-region')?.innerHTML !== b"
STEP = ".wt-timeline .widget-readout"  # hidden in a room, but kept up to date


@dataclass
class Room:
    name: str  # its students' names start so
    code: str = ""
    delays: list[float] = field(default_factory=list)  # seconds from press to other screen
    sit_down_s: list[float] = field(default_factory=list)
    served_s: list[float] = field(default_factory=list)  # request to the page's last byte
    sent: int = 0  # moves pressed
    step_before: int | None = None  # the step reached when the server was killed
    step_after: tuple[int, int] | None = None  # each screen's step once sat down again
    finished: bool = False
    problem: str = ""

    @property
    def resumed(self) -> bool:
        return self.step_after == (self.step_before, self.step_before)


@dataclass
class Scales:
    """Memory of the server process and of its kernels, sampled until stopped."""

    server: psutil.Process | None = None
    peak_server: int = 0
    peak_kernels: int = 0
    peak_count: int = 0
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

    def run(self) -> None:
        while not self._stop.wait(0.5):
            try:
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


# One student

async def log_in(student: BrowserContext, url: str) -> None:
    """The class password, typed once by each browser (its login cookie is kept)."""
    door = await student.request.get(f"{url}/login")
    assert door.ok, f"the door answered {door.status}"
    xsrf = next(c["value"] for c in await student.cookies() if c["name"] == "_xsrf")
    answer = await student.request.post(f"{url}/login", form={
        "_xsrf": xsrf, "password": CLASS_PASSWORD}, max_redirects=0)
    assert answer.status == 302, f"the class password was refused ({answer.status})"


async def take_seat(page: Page, name: str, code: str, *, again: bool = False) -> None:
    """On Play together: open a War Room room (no ``code``) or join room ``code``; ``again``
    after a reload. The one place that knows the lobby's words (wartutor/ui/room.py).

    Rooms are changing: a room is opened by choosing a game, and its seat is bound to the
    browser's key (the page must have given it first, and a reload is seated back by
    itself); the lobby before that opened a room from a deal code and knew a student again
    by name. Both are spoken here until the new one has landed."""
    await page.get_by_label("Your name").fill(name, timeout=WAIT_MS)
    by_game = await page.get_by_label("Game").count() > 0
    if by_game:
        await page.locator(".wt-browser-key input[data-given]").wait_for(state="attached",
                                                                         timeout=WAIT_MS)
        if again:
            return
    if code:
        await page.get_by_label("Room code").fill(code)
        await page.get_by_role("button", name="Join the room").click()
        return
    if by_game:
        await page.get_by_label("Game").select_option(label="War Room")
        await page.get_by_label("Rulings from a deal code").fill(RULINGS)
    else:
        await page.get_by_label("Deal code").fill(RULINGS)
    await page.get_by_role("button", name="Open a room").click()


async def sit_down(page: Page, url: str, name: str, pace: str, room: Room, *,
                   code: str = "", again: bool = False) -> float:
    """Open Play together and sit at a table (a new room without ``code``; ``again``: back
    at room ``code`` after a reload); seconds from opening the page to the table."""
    began = time.monotonic()
    answer = await page.goto(f"{url}/voila/render/play_together.ipynb", timeout=120_000)
    if answer is not None:  # the server's part: the page with its kernel's first output
        await answer.finished()
        room.served_s.append(answer.request.timing["responseEnd"] / 1000)
    await take_seat(page, name, code, again=again)
    await page.locator(".wr-table").wait_for(timeout=WAIT_MS)
    taken = time.monotonic() - began
    await page.get_by_role("button", name=pace.capitalize()).click()
    return taken


async def step(page: Page) -> int:
    return int(await page.locator(STEP).text_content() or "-1")


async def over(page: Page) -> bool:
    return await page.locator(".wt-banner b").count() > 0


async def mover(screens: tuple[Page, Page]) -> Page | None:
    """The screen whose student must choose now (the other waits), or None once over."""
    deadline = time.monotonic() + 3 * WAIT_MS / 1000  # playbacks at normal pace
    while time.monotonic() < deadline:
        if all([await over(s) for s in screens]):
            return None
        ready = [s for s in screens if await s.locator(CHOICE).count()]
        waiting = [s for s in screens
                   if "Waiting for" in await s.locator(".wt-choices").inner_text()]
        if len(ready) == 1 and len(waiting) == 1:
            return ready[0]
        await asyncio.sleep(0.2)
    raise TimeoutError("neither screen offers its student a choice")


async def play(room: Room, screens: tuple[Page, Page], moves: int, think: float) -> None:
    """Up to ``moves`` moves (fewer if the game ends), each timed to the other screen."""
    for _ in range(moves):
        screen = await mover(screens)
        if screen is None:
            room.finished = True
            return
        other = screens[1] if screen is screens[0] else screens[0]
        await asyncio.sleep(think)
        before = await other.locator(".wt-table-region").inner_html()
        # The choices taken in turn: always the first (Activate) can tie a tie-break
        # again and again until the cards run out.
        offered = screen.locator(CHOICE)
        await offered.nth(room.sent % max(1, await offered.count())).click(timeout=WAIT_MS)
        pressed = time.monotonic()
        room.sent += 1
        await other.wait_for_function(CHANGED, arg=before, timeout=WAIT_MS, polling=50)
        room.delays.append(time.monotonic() - pressed)


# The class

@dataclass
class Run:
    server: ClassServer
    scales: Scales
    pace: str
    think: float
    before_restart: int
    rooms: list[Room]
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
            self.everyone_waits.set()

    async def hold_room(self, room: Room, pages: tuple[Page, Page], name: str,
                        delay: float) -> None:
        await asyncio.sleep(delay)
        reached = False
        doing = "opening the room"
        try:
            left, right = pages
            room.sit_down_s.append(await sit_down(left, self.server.url, f"{name}a",
                                                  self.pace, room))
            room.code = await left.locator(".wt-room-code b").inner_text()
            room.sit_down_s.append(await sit_down(right, self.server.url, f"{name}b",
                                                  self.pace, room, code=room.code))
            doing = "playing before the restart"
            await play(room, pages, self.before_restart, self.think)
            # The step the room has reached, from its database: at normal pace a screen's
            # step shows once the moments of the last move have been played out.
            room.step_before = self.store.room(room.code).steps
            reached = True
            self.arrived()
            await self.restarted.wait()
            doing = "sitting down again after the restart"
            for page, who in ((left, f"{name}a"), (right, f"{name}b")):  # a reload each
                room.sit_down_s.append(await sit_down(page, self.server.url, who,
                                                      self.pace, room, code=room.code,
                                                      again=True))
            room.step_after = (await step(left), await step(right))
            if not room.resumed:
                room.problem = (f"back at steps {room.step_after}, not at step "
                                f"{room.step_before}")
            doing = "playing after the restart"
            await play(room, pages, 40, self.think)
            if not room.finished:
                room.problem += f" not over after {room.sent} moves"
        except Exception as e:  # one room's trouble is a result, not the end of the run
            room.problem = f"{doing}: {type(e).__name__}: {str(e).splitlines()[0][:160]}"
            if SHOTS:
                for i, page in enumerate(pages):
                    await page.screenshot(path=f"{SHOTS}/{name}-{i}.png")
        finally:
            if not reached:
                self.arrived()
            for page in pages:
                await page.close(run_before_unload=True)

    async def restart_when_all_wait(self) -> None:
        await self.everyone_waits.wait()
        began = time.monotonic()
        self.server.kill()
        self.scales.server = None
        self.scales.server = self.server.start()  # the same port, the same database
        self.restart_s = time.monotonic() - began
        self.restarted.set()


async def hold_class(run: Run, within: float) -> None:
    async with async_playwright() as p:
        browser: Browser = await p.chromium.launch(executable_path=CHROMIUM, headless=True,
                                                   args=CHROMIUM_ARGS)
        pairs = []
        for _ in run.rooms:  # a browser each: a seat is bound to its browser's key
            students = [await browser.new_context(viewport={"width": 1280, "height": 900})
                        for _ in range(2)]
            for student in students:
                await log_in(student, run.server.url)
            pairs.append((await students[0].new_page(), await students[1].new_page()))
        gap = within / max(1, len(run.rooms))
        await asyncio.gather(run.restart_when_all_wait(), *(
            run.hold_room(room, pairs[i], f"Student{i + 1}", i * gap)
            for i, room in enumerate(run.rooms)))
        await browser.close()


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


@dataclass
class ClassReport:
    rooms: list[Room]
    seconds: float
    restart_s: float | None
    peak_server: int
    peak_kernels: int
    peak_count: int
    kernels_left: int
    closed_after_s: float | None
    all_recorded: bool  # every room's moves are in the database, and its result
    settings: str

    @property
    def delays(self) -> list[float]:
        return [d for r in self.rooms for d in r.delays]

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

    def markdown(self) -> str:
        delays, sits = self.delays, [s for r in self.rooms for s in r.sit_down_s]
        students = 2 * len(self.rooms)
        lines = [
            f"Class load ({self.settings}): {students} students in {len(self.rooms)} rooms "
            f"of two on one server, {self.seconds:.0f} s in all.",
            "",
            "| measure | value |",
            "|---|---|",
            f"| moves delivered to the other screen | {len(delays)} of "
            f"{sum(r.sent for r in self.rooms)} |",
        ]
        if delays:
            lines.append(f"| move to the other screen: median / p95 / max | "
                         f"{statistics.median(delays):.2f} s / {percentile(delays, 95):.2f} s"
                         f" / {max(delays):.2f} s |")
        if sits:
            lines.append(f"| page open to a table to play at: median / p95 / max | "
                         f"{statistics.median(sits):.1f} s / {percentile(sits, 95):.1f} s / "
                         f"{max(sits):.1f} s ({len(sits)} sittings) |")
        served = [s for r in self.rooms for s in r.served_s]
        if served:
            lines.append(f"| the server's part: page requested to page sent, kernel "
                         f"included: median / p95 | {statistics.median(served):.2f} s / "
                         f"{percentile(served, 95):.2f} s |")
        per_kernel = self.peak_kernels / max(1, self.peak_count)
        lines += [
            f"| peak: server / all kernels | {self.peak_server / MB:.0f} MB / "
            f"{self.peak_kernels / MB:.0f} MB ({self.peak_count} kernels, "
            f"{per_kernel / MB:.0f} MB each) |",
            "| server killed mid-game and restarted | "
            + (f"back in {self.restart_s:.1f} s" if self.restart_s is not None else "not done")
            + f"; rooms back at the step they had reached: "
            f"{sum(r.resumed for r in self.rooms)} of {len(self.rooms)} |",
            f"| games played to their end, in the database | "
            f"{sum(r.finished for r in self.rooms)} of {len(self.rooms)}"
            f"{'' if self.all_recorded else ' (some moves or results missing)'} |",
            f"| kernels left after every page closed (besides the preheated) | "
            f"{self.kernels_left}"
            + (f" (the last shut down {self.closed_after_s:.0f} s after the pages closed)"
               if self.closed_after_s is not None else "") + " |",
        ]
        problems = [f"- room {r.code or r.name}: {r.problem}" for r in self.rooms if r.problem]
        if problems:
            lines += ["", "Problems:", *problems]
        return "\n".join(lines) + "\n"


def recorded(store: RoomStore, rooms: list[Room]) -> bool:
    """Every finished room's moves and result are in the database."""
    for room in rooms:
        if not room.code:
            return False
        record = store.room(room.code)
        if record.steps != room.sent or (room.finished and record.result is None):
            return False
    return True


def run_class(rooms: int = 15, within: float = 30, think: float = 1.0,
              before_restart: int = 3, pace: str = "normal", settle_s: float = 60,
              deadline_s: float = 900, flags: tuple[str, ...] = ()) -> ClassReport:
    with tempfile.TemporaryDirectory() as scratch:
        workdir = Path(scratch)
        copy_notebooks(workdir)
        server = ClassServer(workdir, free_port(), flags)
        scales = Scales(server.start())
        time.sleep(1)  # the pools' first kernels are on their way, as before a lesson
        roll = [Room(f"Student{i + 1}") for i in range(rooms)]
        run = Run(server, scales, pace, think, before_restart, roll)
        try:
            scales.start()
            began = time.monotonic()
            # In a thread of its own: the caller (a test session) may run an event loop.
            failure: list[BaseException] = []

            def attend() -> None:
                try:
                    asyncio.run(asyncio.wait_for(hold_class(run, within), deadline_s))
                except BaseException as e:  # reported below, after the server is weighed
                    failure.append(e)

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
                    room.problem = f"the run stopped: {type(failure[0]).__name__}"
            settings = (f"{pace} pace, {think:.0f} s to think, a browser each, "
                        f"the server killed after {before_restart} moves a room"
                        + (f", served with {' '.join(flags)}" if flags else ""))
            return ClassReport(roll, seconds, run.restart_s, scales.peak_server,
                               scales.peak_kernels, scales.peak_count, left, closed_after,
                               recorded(RoomStore.at(server.rooms_url), roll), settings)
        finally:
            scales.stop()
            server.stop()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rooms", type=int, default=15, help="rooms of two students")
    parser.add_argument("--within", type=float, default=30,
                        help="seconds over which the pairs arrive")
    parser.add_argument("--think", type=float, default=1.0, help="seconds before each press")
    parser.add_argument("--before-restart", type=int, default=3,
                        help="moves in every room before the server is killed")
    parser.add_argument("--pace", default="normal", choices=["slow", "normal", "fast", "instant"])
    parser.add_argument("--out", type=Path, help="also write the report to this file")
    parser.add_argument("flags", nargs="*", help="more flags of wartutor.serve, after --")
    args = parser.parse_args()
    report = run_class(args.rooms, args.within, args.think, args.before_restart, args.pace,
                       flags=tuple(args.flags))
    text = report.markdown()
    print(text)
    if args.out:
        args.out.write_text(text)
    sys.exit(0 if report.ok else 1)


if __name__ == "__main__":
    main()
