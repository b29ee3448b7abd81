"""The static site (`make site`, in _site/) served for the browser tests as a student meets
it: by `python -m http.server` on 127.0.0.1 under a sub-path, as GitHub Pages serves a
project (/wartutor/...), to a Chromium that can reach nothing else. Every request that is
not for 127.0.0.1 is blocked and recorded (the service worker's too), and so is every page
error. Also the steps the static tests share: pressing a choice, Run All, a screenshot.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from choices import ask_for_the_first_rank_that_may_be_asked, skip_to_my_turn
from playwright.sync_api import Browser, BrowserContext, Page, Route, expect
from servers import ARTIFACTS, CHROMIUM, CHROMIUM_ARGS, REPO, chromium_missing, free_port

SITE = REPO / "_site"
PREFIX = "wartutor"  # the site's folder on the server, like a GitHub Pages project
VIEWPORT = {"width": 1366, "height": 768}
BOOT = 120_000  # ms: Pyodide boots in the page (seconds, more on a busy 2-core machine)
GAMES = ("classic_war", "guerrilla_tactics", "war_room", "trade_war", "arsenal")


@dataclass
class StaticSite:
    url: str
    context: BrowserContext
    outside: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)

    def open(self, path: str) -> Page:
        page = self.context.new_page()
        page.set_default_timeout(60_000)
        page.on("pageerror", lambda e: self.errors.append(f"{path}: {e}"))
        page.goto(f"{self.url}/{path}")
        return page


def serve(root: Path) -> tuple[subprocess.Popen[bytes], str]:
    port = free_port()
    proc = subprocess.Popen(
        [sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1", "-d", str(root)],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        try:
            import urllib.request

            with urllib.request.urlopen(f"{url}/{PREFIX}/index.html", timeout=2):
                return proc, url
        except OSError:
            time.sleep(0.1)
    proc.kill()
    raise RuntimeError("python -m http.server did not answer")


def offline_site(tmp_path_factory: pytest.TempPathFactory, browser: Browser
                 ) -> Iterator[StaticSite]:
    """The site served, and a Chromium of its own that can reach only 127.0.0.1 (for a
    module-scoped fixture: the pages of one module are one student's, one after another)."""
    # `make test` builds the site and installs the browser first: in CI a missing one is a
    # broken set-up; elsewhere plain pytest skips, saying why.
    problem = chromium_missing()
    if not (SITE / "voici" / "render" / "start.html").exists():
        problem = f"{SITE} is not built: `make site` builds it (`make test` does)"
    if problem:
        if os.environ.get("CI"):
            pytest.fail(problem, pytrace=False)
        pytest.skip(problem)
    root = tmp_path_factory.mktemp("pages")
    (root / PREFIX).symlink_to(SITE, target_is_directory=True)
    proc, url = serve(root)
    # The service worker's own requests reach the route below: conftest.py starts Playwright
    # with PW_EXPERIMENTAL_SERVICE_WORKER_NETWORK_EVENTS set. One Playwright a session (a
    # second one inside the first cannot start), another Chromium with names unresolved.
    try:
        offline = browser.browser_type.launch(
            executable_path=CHROMIUM, headless=True,
            args=[*CHROMIUM_ARGS,
                  "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1"])
        context = offline.new_context(viewport=VIEWPORT)
        static = StaticSite(f"{url}/{PREFIX}", context)

        def fence(route: Route) -> None:
            if route.request.url.startswith(("http://127.0.0.1:", "data:", "blob:")):
                route.continue_()
            else:
                static.outside.append(route.request.url)
                route.abort()

        context.route("**/*", fence)
        yield static
        context.close()
        offline.close()
    finally:
        proc.terminate()
        proc.wait(timeout=10)
    assert static.outside == [], f"requests outside 127.0.0.1: {static.outside}"


def shoot(page: Page, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"static-{name}.png"))


def play_first_choice(page: Page) -> None:
    """Press the first choice that can be pressed (Turn cards, a card, Activate, ...); in
    Trade War, whose asks are chosen from menus, ask for the first rank that may be asked;
    then wait for the game's log to say something new."""
    page.wait_for_function(
        "() => document.querySelector('.wt-main-button:not([disabled])')"
        " || document.querySelector('.tw-ask-menu select')", timeout=BOOT)
    log = page.locator(".wt-log").first
    before = log.inner_text() if log.count() else ""
    deadline = time.monotonic() + 60
    while not press_a_choice(page):
        assert time.monotonic() < deadline, "no choice could be pressed in a minute"
        page.wait_for_timeout(250)
    skip_to_my_turn(page)
    page.wait_for_function(
        "before => (document.querySelector('.wt-log')?.innerText ?? '') !== before", arg=before)


def press_a_choice(page: Page) -> bool:
    main = page.locator(".wt-main-button:not([disabled])")
    if main.count() and main.first.is_visible():
        main.first.click()
        return True
    return ask_for_the_first_rank_that_may_be_asked(page)


# What the start page's words must be at 1366x768, in normal and in large print: its body
# text (the notebook's words too) at 16 px or more, and no label broken over two lines
# ("A / game"). The page is there in every language, one shown (SHOWN).
SHOWN = ".wt-front-page:not([hidden])"
START_TEXT_JS = """() => {
    const sizes = [...document.querySelectorAll(
            '.wt-door p, .wt-door dt, .wt-door dd, .wt-together, .jp-RenderedMarkdown p')]
        .filter(e => e.closest('.wt-front-page:not([hidden])') || !e.closest('.wt-front-page'))
        .map(e => parseFloat(getComputedStyle(e).fontSize));
    const lines = e => {
        const words = document.createRange();
        words.selectNodeContents(e);
        return new Set([...words.getClientRects()].map(r => Math.round(r.top))).size;
    };
    const broken = [...document.querySelectorAll('.wt-door dt, .wt-door-links a')]
        .filter(e => e.closest('.wt-front-page:not([hidden])'))
        .filter(e => lines(e) !== 1 || e.scrollWidth > e.clientWidth)
        .map(e => e.innerText);
    return {smallest: Math.min(...sizes), broken};
}"""


def site_links(page: Page) -> list[tuple[str, str]]:
    """The start page's links: their words and where they go."""
    found = page.locator(f"{SHOWN} a").evaluate_all(
        "links => links.map(a => [a.innerText.trim(), a.href])")
    return [(name, href) for name, href in found]


def assert_links_open_the_site(site: StaticSite, page: Page,
                               links: list[tuple[str, str]]) -> None:
    """Every app link is a Voici page of the site, every notebook link a notebook of the
    site in JupyterLite; each is there (the server answers it)."""
    assert len(links) >= 12, links  # five games, five explorers, pass and play, the lab
    for name, href in links:
        assert href.startswith(site.url + "/"), (name, href)
        path = href.removeprefix(site.url + "/")
        if path.startswith("notebooks/index.html?path="):
            notebook = path.split("?path=", 1)[1]
            assert page.request.get(f"{site.url}/files/{notebook}").ok, (name, href)
        else:
            page_path = path.split("?variant=", 1)[0]  # the explorer's names its variant
            assert page_path.startswith("voici/render/") and page_path.endswith(".html"), (
                name, href)
            assert page.request.get(href).ok, (name, href)
    assert not [h for _, h in links if "play_together" in h or "class_board" in h]


def run_all(page: Page) -> None:
    """Run All from the notebook's own menu, as a student would."""
    page.locator(".jp-Notebook").first.wait_for(timeout=BOOT)
    expect(page.locator(".jp-Notebook-ExecutionIndicator, #jp-kernel-status, "
                        ".jp-KernelStatus").first).to_be_attached(timeout=BOOT)
    page.locator(".jp-Notebook").first.click()
    page.keyboard.press("Escape")
    page.get_by_role("menuitem", name="Run").click()
    page.get_by_role("menuitem", name="Run All Cells", exact=True).click()
