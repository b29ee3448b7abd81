"""Screenshots of the apps at a classroom projector's size, to look at as a student would.

    python benchmarks/screens.py [NOTEBOOK ...] [--size 1366x768] [--large]
        [--theme light|dark] [--out DIR]

Serves the notebooks with Voilà (as ``make app`` does), opens each one, waits for its
first button, optionally turns on Large print, and saves ``<notebook>[-large].png``
(by default in test-artifacts/screens). With no notebook named, every app is taken.
"""

from __future__ import annotations

import argparse
import json
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
    parser.add_argument("--theme", choices=("light", "dark"), default="light",
                        help="JupyterLab's theme for the page (Voilà's ?theme=)")
    parser.add_argument("--out", type=Path, default=ARTIFACTS / "screens")
    parser.add_argument("--app", metavar="CODE",
                        help="a notebook of one cell calling this app instead, e.g. "
                             "\"war_room_app(seed=11, players=3)\" (saved as app.png)")
    parser.add_argument("--moment", type=float, metavar="SECONDS",
                        help="press the first choice and take the picture this long after, "
                             "while the moves play out")
    parser.add_argument("--coach", action="store_true",
                        help="press Coach and take the picture once its bars are drawn")
    args = parser.parse_args()
    width, height = (int(x) for x in args.size.split("x"))
    args.out.mkdir(parents=True, exist_ok=True)
    server = start_voila(Path(tempfile.mkdtemp()))
    if args.app:
        cell = {"cell_type": "code", "execution_count": None, "id": "app", "metadata": {},
                "outputs": [], "source": f"from wartutor.ui import *\n\n{args.app}"}
        (server.root / "app.ipynb").write_text(json.dumps(
            {"cells": [cell], "metadata": {}, "nbformat": 4, "nbformat_minor": 5}))
        args.notebooks = ["app"]
    try:
        with sync_playwright() as p:
            browser = launch_chromium(p)
            for name in args.notebooks:
                page = browser.new_page(viewport={"width": width, "height": height})
                page.goto(f"{server.url}/voila/render/{name}.ipynb?theme={args.theme}",
                          timeout=90_000)
                page.locator(".wt-choices").first.wait_for(timeout=90_000)
                if args.large:
                    page.get_by_role("button", name="Large print").first.click()
                page.wait_for_timeout(800)
                if args.moment is not None:
                    page.locator(".wt-choices .wt-main-button:not([disabled])").first.click(
                        timeout=90_000)
                    page.wait_for_timeout(int(args.moment * 1000))
                if args.coach:
                    page.get_by_role("button", name="Coach").first.click()
                    page.locator(".wt-coach-row").first.wait_for(timeout=60_000)
                # "With the game scrolled to the top": the app's top edge at the window's.
                page.evaluate("document.querySelector('.wt-app').scrollIntoView()")
                suffix = ("-large" if args.large else "") + ("-moment" if args.moment else "") + (
                    "-coach" if args.coach else "") + ("-dark" if args.theme == "dark" else "")
                shot = args.out / f"{name}{suffix}.png"
                page.screenshot(path=str(shot))
                print(shot)
                page.close()
            browser.close()
    finally:
        server.stop()


if __name__ == "__main__":
    main()
