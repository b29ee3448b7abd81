"""The static site (make site) on this machine: its size and build time, how soon a page
is playable, how a click feels, what a tab costs, and games played in the page.

    .venv/bin/python benchmarks/static_site.py [--build] [--clicks 10] [--games 1000]

1. Size of _site/ (and its largest parts); with --build, a build's time (the downloads
   are cached in .cache/site/, so this is a second build's).
2. Load to a playable table, first (a new browser profile: nothing cached) and second (the
   same profile again, as a student's next visit): a Voici game page (Classic War) and a
   JupyterLite notebook (the same game, opened and run with Run All).
3. Click to first frame in the Voici page: from a click on "Turn cards" to the battle's
   first moment in "What just happened", timed inside the page.
4. Memory: the resident memory of every Chromium process with the game page open, less
   the same browser with a blank page (the page, its Pyodide worker and its renderer);
   and the Coach in Arsenal's Voici page, from a press to its answer.
5. ``--games`` games of each variant in the page (Pyodide on the main thread of a blank
   page that loads the site's own Pyodide and wheels) against the same games in Python
   here, in one process and with every core.

Served as the tests serve it: python -m http.server on 127.0.0.1, every other request
refused. The machine is shared: each figure comes with the load average of the minute it
was taken in; run it twice and take the lower figures.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

import psutil
from playwright.sync_api import BrowserContext, Page, sync_playwright

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tests" / "browser"))
from servers import CHROMIUM, CHROMIUM_ARGS, free_port  # noqa: E402

SITE = REPO / "_site"
VARIANTS = ("classic_war", "guerrilla_tactics", "war_room", "trade_war", "arsenal")
FENCE = "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1"

# Resolves with the ms from a click on Turn cards to the first change of the table or of
# "What just happened" (the battle's first frame), timed inside the page.
CLICK_TO_FIRST_FRAME_JS = """
() => new Promise((resolve, reject) => {
    const shown = () => ['.wt-happened', '.wt-battle', '.wt-table']
        .map(s => document.querySelector(s)?.innerText ?? '').join('|');
    const button = [...document.querySelectorAll('button')]
        .find(b => b.textContent.trim() === 'Turn cards');
    if (!button) { reject(new Error('no Turn cards button')); return; }
    const before = shown();
    let t0 = null;
    const observer = new MutationObserver(() => {
        if (t0 !== null && shown() !== before) {
            observer.disconnect();
            resolve(performance.now() - t0);
        }
    });
    observer.observe(document.body, {subtree: true, childList: true, characterData: true});
    button.addEventListener('click', () => { t0 = performance.now(); }, {once: true});
    setTimeout(() => { observer.disconnect(); reject(new Error('no change in 20 s')); }, 20000);
    button.click();
})
"""

GAMES_PAGE = """<!doctype html><html><head><meta charset="utf-8">
<script src="site/static/pyodide/pyodide.js"></script></head><body><script>
window.result = (async () => {
  const t0 = performance.now();
  const py = await loadPyodide({indexURL: "site/static/pyodide/"});
  await py.loadPackage(["wartutor"], {messageCallback: () => {}});
  const boot = (performance.now() - t0) / 1000;
  const times = py.runPython(`
import time, json
from wartutor.explore import simulate
out = {}
for name in ${VARIANTS}:
    t = time.perf_counter()
    simulate(name, ${GAMES}, 0, progress=False, jobs=1)
    out[name] = time.perf_counter() - t
json.dumps(out)`);
  return {boot, times: JSON.parse(times)};
})();
</script></body></html>"""


def serve(root: Path) -> tuple[subprocess.Popen[bytes], str]:
    port = free_port()
    proc = subprocess.Popen(
        [sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1", "-d", str(root)],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    url = f"http://127.0.0.1:{port}"
    for _ in range(100):
        try:
            urllib.request.urlopen(url + "/site/index.html", timeout=1).close()
            return proc, url
        except OSError:
            time.sleep(0.1)
    raise RuntimeError("http.server did not start")


def fenced(context: BrowserContext, base: str) -> list[str]:
    outside: list[str] = []

    def route(r: Any) -> None:
        if r.request.url.startswith(base) or r.request.url.startswith(("data:", "blob:")):
            r.continue_()
        else:
            outside.append(r.request.url)
            r.abort()

    context.route("**/*", route)
    return outside


def load() -> float:
    """The machine's load average over the last minute, beside every figure: the machine
    is shared, and a figure means little without it."""
    return round(os.getloadavg()[0], 1)


def coach_answer(page: Page, url: str) -> float:
    """Seconds from a press of Coach at Arsenal's first decision to its answer."""
    page.goto(url)
    coach = page.get_by_role("button", name="Coach").first
    coach.wait_for(timeout=180_000)
    page.locator(".wt-main-button:not([disabled])").first.wait_for(timeout=60_000)
    t = time.perf_counter()
    coach.click()
    page.locator(".wt-coach-head", has_text="chance to win").wait_for(timeout=120_000)
    return time.perf_counter() - t


def voici_ready(page: Page, url: str) -> float:
    t = time.perf_counter()
    page.goto(url)
    page.get_by_role("button", name="Turn cards", exact=True).wait_for(timeout=180_000)
    return time.perf_counter() - t


def lite_ready(page: Page, url: str) -> float:
    t = time.perf_counter()
    page.goto(url)
    page.locator(".jp-Notebook .jp-Cell").first.wait_for(timeout=180_000)
    page.locator(".jp-Notebook").first.click()
    page.get_by_role("menuitem", name="Run").click()
    page.get_by_role("menuitem", name="Run All Cells", exact=True).click()
    page.get_by_role("button", name="Turn cards", exact=True).wait_for(timeout=180_000)
    return time.perf_counter() - t


def click(page: Page) -> float:
    """ms from a click on Turn cards to the first frame (again once, should the page have
    been drawing the previous battle's moments when asked)."""
    for attempt in range(3):
        skip = page.get_by_role("button", name="Skip to my turn", exact=True)
        if skip.count() and skip.first.is_enabled():
            skip.first.click()  # the last battle's moments, played out
        page.get_by_role("button", name="Turn cards", exact=True).wait_for(timeout=30_000)
        page.wait_for_timeout(300)
        try:
            return float(page.evaluate(CLICK_TO_FIRST_FRAME_JS))
        except Exception:
            if attempt == 2:
                print(page.url, page.evaluate("[...document.querySelectorAll('button')]"
                                              ".map(b => b.textContent).join('|')"))
                raise
            page.wait_for_timeout(2000)
    raise AssertionError("unreachable")


def chromium_rss() -> float:
    """MB resident in this run's Chromium (the browser, its renderers, GPU and utility
    processes: all started under this process, by Playwright's driver)."""
    mine = [p for p in psutil.Process().children(recursive=True)
            if (p.name() or "").startswith(("chrom", "headless"))]
    return sum(p.memory_info().rss for p in mine) / 1e6


def python_games(games: int) -> dict[str, dict[str, float]]:
    from wartutor.explore import simulate

    out = {}
    for name in VARIANTS:
        t = time.perf_counter()
        simulate(name, games, 0, progress=False, jobs=1)
        one = time.perf_counter() - t
        t = time.perf_counter()
        simulate(name, games, 0, progress=False)
        out[name] = {"one process": one, "every core": time.perf_counter() - t}
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--build", action="store_true", help="time a (second) make site")
    parser.add_argument("--clicks", type=int, default=10)
    parser.add_argument("--games", type=int, default=1000)
    args = parser.parse_args()
    report: dict[str, Any] = {}
    if args.build:
        t = time.perf_counter()
        subprocess.run(["make", "site"], cwd=REPO, check=True, stdout=subprocess.DEVNULL)
        report["build seconds (downloads cached)"] = round(time.perf_counter() - t, 1)
    files = [f for f in SITE.rglob("*") if f.is_file()]
    report["site MB"] = round(sum(f.stat().st_size for f in files) / 1e6, 1)
    report["site files"] = len(files)
    parts = {d.name: sum(f.stat().st_size for f in d.rglob("*") if f.is_file()) / 1e6
             for d in SITE.iterdir() if d.is_dir()}
    report["largest parts MB"] = {k: round(v, 1) for k, v in
                                  sorted(parts.items(), key=lambda kv: -kv[1])[:5]}
    pyodide = SITE / "static" / "pyodide"
    runtime = [f for f in pyodide.iterdir() if f.suffix in {".wasm", ".zip", ".js"}]
    report["pyodide runtime MB"] = round(sum(f.stat().st_size for f in runtime) / 1e6, 1)
    report["wheels MB"] = round(sum(f.stat().st_size for f in pyodide.glob("*.whl")) / 1e6, 1)

    os.environ["PW_EXPERIMENTAL_SERVICE_WORKER_NETWORK_EVENTS"] = "1"
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        (root / "site").symlink_to(SITE, target_is_directory=True)
        (root / "games.html").write_text(GAMES_PAGE.replace("${VARIANTS}", repr(VARIANTS))
                                         .replace("${GAMES}", str(args.games)))
        proc, base = serve(root)
        try:
            with sync_playwright() as p:
                game_url = f"{base}/site/voici/render/classic_war.html"
                arsenal_url = f"{base}/site/voici/render/arsenal.html"
                lite_url = f"{base}/site/notebooks/index.html?path=classic_war.ipynb"
                for label, url, ready in (("Voici game page", game_url, voici_ready),
                                          ("JupyterLite notebook", lite_url, lite_ready)):
                    profile = root / f"profile-{len(report)}"
                    times = []
                    for _ in range(2):  # first visit, then the next with the same profile
                        context = p.chromium.launch_persistent_context(
                            str(profile), executable_path=CHROMIUM, headless=True,
                            args=[*CHROMIUM_ARGS, FENCE], viewport={"width": 1366, "height": 768})
                        outside = fenced(context, base)
                        page = context.new_page()
                        times.append((round(ready(page, url), 1), load()))
                        if label.startswith("Voici") and len(times) == 2:
                            page.wait_for_timeout(3000)  # the page settled (pace timers)
                            clicks = [click(page) for _ in range(args.clicks)]
                            report["click to first frame ms (median, max), load"] = [
                                round(statistics.median(clicks)), round(max(clicks)), load()]
                            loaded = chromium_rss()
                            page.goto("about:blank")
                            time.sleep(2)
                            report["tab memory MB (game page less a blank page)"] = round(
                                loaded - chromium_rss())
                            report["Coach in Arsenal's page: press to answer s, load"] = [
                                round(coach_answer(page, arsenal_url), 1), load()]
                        context.close()
                        assert not outside, outside
                    report[f"{label}: load to playable s, load (first, second)"] = times
                browser = p.chromium.launch(executable_path=CHROMIUM, headless=True,
                                            args=[*CHROMIUM_ARGS, FENCE])
                context = browser.new_context()
                outside = fenced(context, base)
                page = context.new_page()
                page.goto(f"{base}/games.html")
                in_page = page.evaluate("window.result")
                browser.close()
                assert not outside, outside
        finally:
            proc.terminate()
    here = python_games(args.games)
    report["pyodide boot in a page s, load"] = [round(in_page["boot"], 1), load()]
    report[f"{args.games} games, s: page / Python one process / Python every core"] = {
        name: [round(in_page["times"][name], 2), round(here[name]["one process"], 2),
               round(here[name]["every core"], 2)] for name in VARIANTS}
    report["machine load (1 min) at the end"] = load()
    print(json.dumps(report, indent=1, ensure_ascii=False))


if __name__ == "__main__":
    main()
