"""Screenshots of the apps at a classroom projector's size, to look at as a student would.

    python benchmarks/screens.py [NOTEBOOK ...] [--size 1366x768] [--large] [--out DIR]

Serves the notebooks with Voilà (as ``make app`` does), opens each one, waits for its
first button, optionally turns on Large print, and saves ``<notebook>[-large].png``
(by default in test-artifacts/screens). With no notebook named, every app is taken.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "browser"))

from playwright.sync_api import sync_playwright
from servers import ARTIFACTS, launch_chromium, start_voila

APPS = ("classic_war", "guerrilla_tactics", "war_room", "trade_war", "arsenal")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("notebooks", nargs="*", default=list(APPS))
    parser.add_argument("--size", default="1366x768")
    parser.add_argument("--large", action="store_true", help="turn on Large print first")
    parser.add_argument("--out", type=Path, default=ARTIFACTS / "screens")
    args = parser.parse_args()
    width, height = (int(x) for x in args.size.split("x"))
    args.out.mkdir(parents=True, exist_ok=True)
    server = start_voila(Path(tempfile.mkdtemp()))
    try:
        with sync_playwright() as p:
            browser = launch_chromium(p)
            for name in args.notebooks:
                page = browser.new_page(viewport={"width": width, "height": height})
                page.goto(f"{server.url}/voila/render/{name}.ipynb", timeout=90_000)
                page.locator(".wt-choices").first.wait_for(timeout=90_000)
                if args.large:
                    page.get_by_role("button", name="Large print").first.click()
                page.wait_for_timeout(800)
                # "With the game scrolled to the top": the app's top edge at the window's.
                page.evaluate("document.querySelector('.wt-app').scrollIntoView()")
                shot = args.out / f"{name}{'-large' if args.large else ''}.png"
                page.screenshot(path=str(shot))
                print(shot)
                page.close()
            browser.close()
    finally:
        server.stop()


if __name__ == "__main__":
    main()
