"""How fast the apps feel: page open, click to first moment, and each moment's frame.

    .venv/bin/python benchmarks/browser_timing.py [--loads 5] [--clicks 20]

1. Page open to app shown, for the classic app and for a bare one-button ipywidgets
   notebook served the same way (alternating, on one running Voilà server): the ratio
   is the app's own cost.
2. Click to first frame: from a click on "Turn cards" to the moment the "What just
   happened" panel shows the battle's first moment, timed inside the page so
   Playwright's own round trips do not count.
3. Each frame's render in the kernel, for every variant at its largest table: the time
   to draw one moment (table, explanation, choices) with the app's own code.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "browser"))
from servers import launch_chromium, start_voila

# Resolves with the ms from the click to the first moment in "What just happened".
CLICK_TO_FIRST_FRAME_JS = """
() => new Promise((resolve, reject) => {
    const said = () => document.querySelector('.wt-happened')?.innerText ?? '';
    const button = [...document.querySelectorAll('button')]
        .find(b => b.innerText.trim() === 'Turn cards');
    let t0 = null;
    const observer = new MutationObserver(() => {
        if (t0 !== null && /moment 1 of/i.test(said())) {
            observer.disconnect();
            resolve(performance.now() - t0);
        }
    });
    observer.observe(document.body, {subtree: true, childList: true, characterData: true});
    button.addEventListener('click', () => { t0 = performance.now(); }, {once: true});
    setTimeout(() => { observer.disconnect(); reject(new Error('no moment in 10 s')); }, 10000);
    button.click();
})
"""

BARE = {"cells": [{"cell_type": "code", "execution_count": None, "id": "bare", "metadata": {},
                   "outputs": [], "source": "import ipywidgets\nipywidgets.Button("
                                            "description='Press me')"}],
        "metadata": {}, "nbformat": 4, "nbformat_minor": 5}


def median_open(browser: Browser, url: str, ready: str) -> float:
    context = browser.new_context()
    page = context.new_page()
    t = time.perf_counter()
    page.goto(url)
    page.locator(ready).first.wait_for(timeout=90_000)
    took = time.perf_counter() - t
    context.close()
    return took


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


def frame_times() -> dict[str, float]:
    """Median ms to show one moment, per variant, at its largest table."""
    from wartutor.ui import (
        classic_war_app,
        guerrilla_tactics_app,
        trade_war_app,
        war_room_app,
    )

    apps: dict[str, Any] = {
        "classic_war": classic_war_app(seed=7),
        "guerrilla_tactics (4 players)": guerrilla_tactics_app(seed=7, players=4),
        "war_room (5 players)": war_room_app(seed=7, players=5),
        "trade_war (5 players)": trade_war_app(seed=7, players=5),
    }
    result = {}
    for name, app in apps.items():
        times = []
        for _ in range(15):
            app.press(app.labels()[0]) if app.labels() else app.press("New round")
            while app.playing_back:
                t = time.perf_counter()
                app.next_moment()
                times.append((time.perf_counter() - t) * 1000)
        result[name] = statistics.median(times) if times else float("nan")
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--loads", type=int, default=5, help="page loads of each notebook")
    parser.add_argument("--clicks", type=int, default=20, help="'Turn cards' clicks")
    args = parser.parse_args()

    for name, ms in frame_times().items():
        print(f"one frame in the kernel, {name}: median {ms:.1f} ms")
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as p:
        server = start_voila(Path(tmp))
        (server.root / "bare.ipynb").write_text(json.dumps(BARE))
        browser = launch_chromium(p)
        try:
            app_url = f"{server.url}/voila/render/classic_war.ipynb"
            bare_url = f"{server.url}/voila/render/bare.ipynb"
            median_open(browser, app_url, ".wt-choices")  # the server's cold start
            apps, bares = [], []
            for _ in range(args.loads):
                apps.append(median_open(browser, app_url, ".wt-choices"))
                bares.append(median_open(browser, bare_url, ".widget-button"))
            a, b = statistics.median(apps), statistics.median(bares)
            print(f"page open to app shown: classic app median {a:.2f} s, bare one-button "
                  f"notebook {b:.2f} s, ratio {a / b:.2f}")

            page = browser.new_page()
            page.goto(app_url)
            page.get_by_role("button", name="Turn cards", exact=True).wait_for(timeout=60_000)
            clicks = []
            for _ in range(args.clicks):
                page.get_by_role("button", name="Turn cards", exact=True).wait_for()
                if page.locator(".wt-banner").first.inner_text().strip():
                    page.get_by_role("button", name="New round", exact=True).click()
                    page.wait_for_timeout(500)
                clicks.append(page.evaluate(CLICK_TO_FIRST_FRAME_JS))
                page.get_by_role("button", name="Skip to my turn", exact=True).click()
            print(f"click to first frame (ms) over {len(clicks)} clicks: median "
                  f"{statistics.median(clicks):.0f}, p95 {percentile(clicks, 95):.0f}, "
                  f"max {max(clicks):.0f}")
        finally:
            browser.close()
            server.stop()


if __name__ == "__main__":
    main()
