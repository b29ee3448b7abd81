"""Hold a class: N students open the apps on one `make app` server within a minute.

    .venv/bin/python benchmarks/class_load.py [--students 30] [--within 60] [--out FILE]

One Voilà server is started as `make app` starts it (voila.json from the repo root),
with a short idle-cull time so that the run can see culling work. One Chromium plays
every student, each in a page of its own (its own kernel) in one shared browser
context: student i opens an app at i * within / students seconds, the apps taken in turn from
APPS. Each waits for its app to render, presses the "Play 10 ..." button twice, and
closes its page. Meanwhile the server and its kernels are weighed twice a second.

Reports whether every page rendered, the time from opening a page to its app showing
(median, p95, max), the memory of the server and of all kernels at the peak, and what
is left once idle culling has run.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

import psutil
from playwright.async_api import BrowserContext, async_playwright

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "browser"))
from servers import CHROMIUM, CHROMIUM_ARGS, REPO, Server, copy_notebooks, free_port, start_server

APPS = ("classic_war", "guerrilla_tactics", "war_room", "trade_war", "arsenal")
RENDERED = ".wt-deal-code"  # drawn by the shell once the app has been built
MB = 1024 * 1024
SHOTS = os.environ.get("WT_CLASS_SHOTS")  # a folder for screenshots of pages that failed


@dataclass
class Student:
    app: str
    rendered: bool = False
    render_s: float | None = None
    moves: int = 0
    problem: str = ""


@dataclass
class Scales:
    """Memory of the server process and of its kernels, sampled until stopped."""

    server: psutil.Process
    peak_server: int = 0
    peak_kernels: int = 0
    peak_count: int = 0
    samples: list[tuple[float, int, int, int]] = field(default_factory=list)
    _stop: threading.Event = field(default_factory=threading.Event)

    def weigh(self) -> tuple[int, int, int]:
        """(server RSS, all kernels' RSS, number of kernels) now."""
        kernels = []
        for child in self.server.children(recursive=True):
            try:
                if "ipykernel" in " ".join(child.cmdline()):
                    kernels.append(child.memory_info().rss)
            except psutil.Error:
                pass  # a kernel culled while we looked
        return self.server.memory_info().rss, sum(kernels), len(kernels)

    def run(self) -> None:
        start = time.monotonic()
        while not self._stop.wait(0.5):
            try:
                server, kernels, count = self.weigh()
            except psutil.Error:
                break  # the server has stopped
            self.samples.append((time.monotonic() - start, server, kernels, count))
            if server + kernels > self.peak_server + self.peak_kernels:
                self.peak_server, self.peak_kernels = server, kernels
            self.peak_count = max(self.peak_count, count)

    def start(self) -> None:
        threading.Thread(target=self.run, daemon=True).start()

    def stop(self) -> None:
        self._stop.set()


def start_class_server(workdir: Path, cull_after: int, preheat: int) -> Server:
    """Voilà as `make app` runs it, with a short cull time (and preheated kernels, if asked)."""
    cwd = copy_notebooks(workdir)
    port = free_port()
    cmd = [
        str(Path(sys.executable).parent / "voila"), ".", "--no-browser",
        "--Voila.ip=127.0.0.1", f"--port={port}", f"--Voila.config_file_paths={REPO}",
        f"--MappingKernelManager.cull_idle_timeout={cull_after}",
        f"--MappingKernelManager.cull_interval={max(1, cull_after // 3)}",
    ]
    if preheat:
        cmd += ["--preheat_kernel=True", f"--pool_size={preheat}"]
    # Arsenal saves campaign progress; keep the run's out of the user's data folder.
    env = dict(os.environ, WARTUTOR_DATA_DIR=str(workdir / "arsenal-data"))
    return start_server(cmd, cwd, f"http://127.0.0.1:{port}", "/voila/static/voila.js",
                        env=env)


async def attend(context: BrowserContext, url: str, student: Student, delay: float,
                 moves: int) -> None:
    await asyncio.sleep(delay)
    page = await context.new_page()
    said: list[str] = []
    page.on("console",
            lambda m: said.append(m.text[:200]) if m.type in ("error", "warning") else None)
    page.on("pageerror", lambda e: said.append(str(e)[:200]))
    try:
        opened = time.monotonic()
        await page.goto(f"{url}/voila/render/{student.app}.ipynb", timeout=120_000)
        await page.locator(RENDERED).first.wait_for(timeout=120_000)
        student.render_s = time.monotonic() - opened
        student.rendered = True
        play = page.get_by_role("button", name="Play 10", exact=False).first
        for _ in range(moves):
            before = await page.locator(".wt-timeline").first.inner_text()
            if await play.is_disabled():
                break  # the game is over
            await play.click()
            await page.wait_for_function(
                "b => document.querySelector('.wt-timeline')?.innerText !== b", arg=before,
                timeout=60_000)
            student.moves += 1
    except Exception as e:  # one student's trouble is a result, not the end of the run
        student.problem = f"{type(e).__name__}: {str(e).splitlines()[0][:160]}"
        if SHOTS:
            await page.screenshot(path=f"{SHOTS}/{student.app}-{delay:.0f}.png")
            Path(f"{SHOTS}/{student.app}-{delay:.0f}.txt").write_text("\n".join(said))
    finally:
        await page.close()


async def hold_class(url: str, students: list[Student], within: float, moves: int,
                     contexts: int) -> None:
    async with async_playwright() as p:
        browser = await p.chromium.launch(executable_path=CHROMIUM, headless=True,
                                          args=CHROMIUM_ARGS)
        # Students share browser contexts (by default one): Voilà's scripts are then
        # compiled once per context, not once per page. In a real class every student's
        # browser runs on their own machine; here a context per student starved the
        # server's two cores and most pages never rendered (see --contexts).
        tables = [await browser.new_context(viewport={"width": 1280, "height": 900})
                  for _ in range(contexts)]
        gap = within / max(1, len(students))
        await asyncio.gather(*(attend(tables[i % contexts], url, s, i * gap, moves)
                               for i, s in enumerate(students)))
        await browser.close()


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


@dataclass
class ClassReport:
    students: list[Student]
    seconds: float
    peak_server: int
    peak_kernels: int
    peak_count: int
    idle_server: int
    idle_kernels: int
    idle_count: int
    culled_after_s: float | None
    settings: str

    @property
    def all_rendered(self) -> bool:
        return all(s.rendered for s in self.students)

    def markdown(self) -> str:
        times = [s.render_s for s in self.students if s.render_s is not None]
        lines = [
            f"Class load ({self.settings}): {len(self.students)} students opened "
            f"{', '.join(APPS)} in turn within {self.seconds:.0f} s on one server.",
            "",
            "| measure | value |",
            "|---|---|",
            f"| every page rendered | {'yes' if self.all_rendered else 'no'} "
            f"({sum(s.rendered for s in self.students)} of {len(self.students)}) |",
            f"| moves played (Play 10 presses) | {sum(s.moves for s in self.students)} |",
        ]
        if times:
            lines.append(f"| time to render: median / p95 / max | {statistics.median(times):.1f}"
                         f" s / {percentile(times, 95):.1f} s / {max(times):.1f} s |")
        lines += [
            f"| peak: server / all kernels | {self.peak_server / MB:.0f} MB / "
            f"{self.peak_kernels / MB:.0f} MB ({self.peak_count} kernels) |",
            f"| after idle culling: server / kernels | {self.idle_server / MB:.0f} MB / "
            f"{self.idle_kernels / MB:.0f} MB ({self.idle_count} kernels"
            + (f", culled {self.culled_after_s:.0f} s after the last page closed" if
               self.culled_after_s is not None else ", not all culled in time") + ") |",
        ]
        problems = [f"- {s.app}: {s.problem}" for s in self.students if s.problem]
        if problems:
            lines += ["", "Problems:", *problems]
        return "\n".join(lines) + "\n"


def run_class(students: int = 30, within: float = 60, moves: int = 2, cull_after: int = 20,
              preheat: int = 0, settle_s: float = 120, contexts: int = 1) -> ClassReport:
    with tempfile.TemporaryDirectory() as scratch:
        server = start_class_server(Path(scratch), cull_after, preheat)
        scales = Scales(psutil.Process(server.proc.pid))
        try:
            scales.start()
            roll = [Student(APPS[i % len(APPS)]) for i in range(students)]
            began = time.monotonic()
            # In a thread of its own: the caller (a test session) may run an event loop.
            students_thread = threading.Thread(target=asyncio.run, args=(
                hold_class(server.url, roll, within, moves, min(contexts, students)),))
            students_thread.start()
            students_thread.join()
            seconds = time.monotonic() - began
            # Closed pages leave their kernels (voila issue 1458) until the culler comes.
            closed = time.monotonic()
            culled_after = None
            deadline = closed + settle_s
            while time.monotonic() < deadline:
                if scales.weigh()[2] <= preheat * len(APPS):
                    culled_after = time.monotonic() - closed
                    break
                time.sleep(1)
            scales.stop()
            idle_server, idle_kernels, idle_count = scales.weigh()
            settings = (f"cull after {cull_after} s idle, "
                        + (f"{preheat} preheated kernel(s) per notebook" if preheat
                           else "no preheated kernels"))
            return ClassReport(roll, seconds, scales.peak_server, scales.peak_kernels,
                               scales.peak_count, idle_server, idle_kernels, idle_count,
                               culled_after, settings)
        finally:
            scales.stop()
            server.stop()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--students", type=int, default=30)
    parser.add_argument("--within", type=float, default=60, help="seconds to open all pages")
    parser.add_argument("--moves", type=int, default=2, help="'Play 10' presses per student")
    parser.add_argument("--cull-after", type=int, default=20, help="idle seconds before culling")
    parser.add_argument("--preheat", type=int, default=0, help="preheated kernels per notebook")
    parser.add_argument("--contexts", type=int, default=1,
                        help="browser contexts the students share (each has its own cache)")
    parser.add_argument("--out", type=Path, help="also write the report to this file")
    args = parser.parse_args()
    report = run_class(args.students, args.within, args.moves, args.cull_after, args.preheat,
                       contexts=args.contexts)
    text = report.markdown()
    print(text)
    if args.out:
        args.out.write_text(text)
    sys.exit(0 if report.all_rendered else 1)


if __name__ == "__main__":
    main()
