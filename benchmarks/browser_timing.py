"""How fast the classic app feels in a real browser, under a real Voilà server.

    .venv/bin/python benchmarks/browser_timing.py [--loads 5] [--clicks 30]

Reports navigation-to-first-render (the "Turn cards" button visible) for fresh pages on
one running server, and click-to-DOM-update for "Turn cards", timed inside the page so
Playwright's own round trips do not count.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

from playwright.sync_api import Page, sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "browser"))
from servers import launch_chromium, start_voila

# Resolves with the ms from the click to the moment .wt-battle shows another text.
# The whole body is observed: the element may be re-created rather than edited.
CLICK_TO_UPDATE_JS = """
() => new Promise((resolve, reject) => {
    const text = () => document.querySelector('.wt-battle')?.innerText;
    const before = text();
    const button = [...document.querySelectorAll('button')]
        .find(b => b.innerText.trim() === 'Turn cards');
    let t0 = null;
    const observer = new MutationObserver(() => {
        if (t0 !== null && text() !== before) {
            observer.disconnect();
            resolve(performance.now() - t0);
        }
    });
    observer.observe(document.body, {subtree: true, childList: true, characterData: true});
    button.addEventListener('click', () => { t0 = performance.now(); }, {once: true});
    setTimeout(() => { observer.disconnect(); reject(new Error('no update in 10 s')); }, 10000);
    button.click();
})
"""


def game_over(page: Page) -> bool:
    banner = page.locator(".wt-banner")
    return bool(banner.count() and banner.first.inner_text().strip())


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--loads", type=int, default=5, help="fresh page loads")
    parser.add_argument("--clicks", type=int, default=30, help="'Turn cards' clicks")
    args = parser.parse_args()

    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as p:
        t = time.perf_counter()
        server = start_voila(Path(tmp))
        print(f"server ready in {time.perf_counter() - t:.2f} s")
        browser = launch_chromium(p)
        try:
            url = f"{server.url}/voila/render/classic_war.ipynb"
            loads = []
            for _ in range(args.loads):
                context = browser.new_context()
                page = context.new_page()
                t = time.perf_counter()
                page.goto(url)
                page.get_by_role("button", name="Turn cards", exact=True).wait_for(timeout=60_000)
                loads.append(time.perf_counter() - t)
                if len(loads) < args.loads:
                    context.close()
            print(
                "first render (s):",
                " ".join(f"{x:.2f}" for x in loads),
                "(the first includes the server's cold start)",
            )

            clicks = []
            for _ in range(args.clicks):
                if game_over(page):
                    page.get_by_role("button", name="New round", exact=True).click()
                    page.wait_for_timeout(500)
                clicks.append(page.evaluate(CLICK_TO_UPDATE_JS))
            print(
                f"click to update (ms) over {len(clicks)} clicks: "
                f"median {statistics.median(clicks):.0f}, p95 {percentile(clicks, 95):.0f}, "
                f"max {max(clicks):.0f}"
            )
        finally:
            browser.close()
            server.stop()


if __name__ == "__main__":
    main()
