"""The static site (`make site`, in _site/) in a real browser with no Python server: every
app runs in the page (Pyodide), served by `python -m http.server` on 127.0.0.1 under a
sub-path, as GitHub Pages serves a project (/wartutor/...), and nothing else answers.

Every request that is not for 127.0.0.1 is blocked and recorded (the service worker's
too), and so is every page error: either fails the test. One browser context opens the
pages one after another, as one student would; screenshots at 1366x768 go to
test-artifacts/static-*.png.
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
from playwright.sync_api import Browser, BrowserContext, Page, Route, expect
from servers import ARTIFACTS, CHROMIUM, CHROMIUM_ARGS, REPO, chromium_missing, free_port
from test_languages_browser import REGIONS, no_english_left, read

from wartutor.explore.exact import EXACT
from wartutor.ui.language import STORAGE_NAME

pytestmark = pytest.mark.browser

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


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory, browser: Browser) -> Iterator[StaticSite]:
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


@pytest.fixture
def checked(site: StaticSite) -> Iterator[StaticSite]:
    """The site, failing the test on any page error or outside request during it."""
    errors, outside = len(site.errors), len(site.outside)
    yield site
    assert site.errors[errors:] == [], "page errors"
    assert site.outside[outside:] == [], "requests outside 127.0.0.1"


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
    skip = page.get_by_role("button", name="Skip to my turn", exact=True)
    if skip.count() and skip.first.is_enabled():
        skip.first.click()
    page.wait_for_function(
        "before => (document.querySelector('.wt-log')?.innerText ?? '') !== before", arg=before)


def press_a_choice(page: Page) -> bool:
    main = page.locator(".wt-main-button:not([disabled])")
    if main.count() and main.first.is_visible():
        main.first.click()
        return True
    ask = page.locator(".tw-ask-menu")
    if ask.count() and ask.first.is_visible():
        ask.locator("select").nth(0).select_option(index=0)  # whom: the next player
        ranks = ask.locator("select").nth(1)
        for index in range(ranks.locator("option").count()):
            ranks.select_option(index=index)
            if ask.locator("button").is_enabled():
                ask.locator("button").click()
                return True
    return False


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


def test_the_start_page_links_to_the_static_pages(checked: StaticSite) -> None:
    page = checked.open("")  # index.html sends the browser on to the start page
    expect(page.get_by_role("link", name="Play Classic War")).to_be_visible(timeout=BOOT)
    links = site_links(page)
    assert_links_open_the_site(checked, page, links)
    assert dict(links)["Play Arsenal"] == f"{checked.url}/voici/render/arsenal.html"
    assert dict(links)["Strategy lab"] == (f"{checked.url}/notebooks/index.html"
                                     "?path=strategy_lab.ipynb")
    expect(page.locator(SHOWN)).to_contain_text("need a server")
    expect(page.get_by_role("link", name="Pass and play")).to_be_visible()
    text = page.evaluate(START_TEXT_JS)
    assert text["smallest"] >= 16 and text["broken"] == [], text
    shoot(page, "start")
    page.get_by_role("checkbox", name="Large print").check()
    large = page.evaluate(START_TEXT_JS)
    assert large["smallest"] >= 22 and large["broken"] == [], large
    shoot(page, "start-large-print")
    page.get_by_role("checkbox", name="Large print").uncheck()
    # The kernel in the page never sees the address: the page's script tells it the variant.
    page.get_by_role("region", name="War Room").get_by_role(
        "link", name="Explore its rules").click()
    expect(page.get_by_role("button", name="Play the games", exact=True)).to_be_enabled(
        timeout=BOOT)
    assert page.url.endswith("/voici/render/rule_explorer.html?variant=war_room")
    page.wait_for_function(
        "() => [...document.querySelectorAll('.widget-dropdown select')].some("
        "s => s.value === 'War Room')",
        timeout=30_000)
    expect(page.locator(".wt-app")).to_contain_text(EXACT["war_room"].question)
    shoot(page, "rule_explorer-war_room")
    page.close()


def test_the_start_notebook_in_jupyterlite_links_the_same_pages(checked: StaticSite) -> None:
    page = checked.open("notebooks/index.html?path=start.ipynb")
    run_all(page)
    expect(page.get_by_role("link", name="Play Classic War")).to_be_visible(timeout=BOOT)
    links = site_links(page)
    assert_links_open_the_site(checked, page, links)
    with page.context.expect_page() as opened:  # JupyterLite opens a page in a new tab
        page.get_by_role("link", name="Play War Room").click()
    game = opened.value
    game.on("pageerror", lambda e: checked.errors.append(f"war_room from start.ipynb: {e}"))
    game.locator(".wt-main-button").first.wait_for(timeout=BOOT)
    assert game.url == f"{checked.url}/voici/render/war_room.html"
    game.close()
    with page.context.expect_page() as opened:
        page.get_by_role("link", name="Strategy lab").click()
    lab = opened.value
    lab.locator(".jp-Notebook .jp-Cell").first.wait_for(timeout=BOOT)
    assert lab.url.endswith("/notebooks/index.html?path=strategy_lab.ipynb")
    shoot(page, "start-in-jupyterlite")
    lab.close()
    page.close()


@pytest.mark.parametrize("game", GAMES)
def test_each_game_plays_a_move_in_the_page(checked: StaticSite, game: str) -> None:
    page = checked.open(f"voici/render/{game}.html")
    play_first_choice(page)
    shoot(page, game)
    page.close()


def run_all(page: Page) -> None:
    """Run All from the notebook's own menu, as a student would."""
    page.locator(".jp-Notebook").first.wait_for(timeout=BOOT)
    expect(page.locator(".jp-Notebook-ExecutionIndicator, #jp-kernel-status, "
                        ".jp-KernelStatus").first).to_be_attached(timeout=BOOT)
    page.locator(".jp-Notebook").first.click()
    page.keyboard.press("Escape")
    page.get_by_role("menuitem", name="Run").click()
    page.get_by_role("menuitem", name="Run All Cells", exact=True).click()


def test_a_jupyterlite_notebook_runs_and_plays(checked: StaticSite) -> None:
    page = checked.open("notebooks/index.html?path=classic_war.ipynb")
    run_all(page)
    expect(page.get_by_role("button", name="Turn cards", exact=True)).to_be_visible(
        timeout=BOOT)
    play_first_choice(page)
    shoot(page, "jupyterlite")
    page.close()


def test_the_rule_explorer_plays_in_the_page_and_draws_its_answer(checked: StaticSite) -> None:
    page = checked.open("voici/render/rule_explorer.html")
    play = page.get_by_role("button", name="Play the games", exact=True)
    expect(play).to_be_enabled(timeout=BOOT)
    play.click()
    charts = page.locator("svg.wt-chart")
    expect(charts).to_have_count(2, timeout=60_000)  # drawn without matplotlib
    expect(page.locator(".widget-html").filter(has_text="Played ")).not_to_have_count(0)
    shoot(page, "rule_explorer")
    page.close()


def test_an_arsenal_campaign_is_kept_in_the_browser_across_a_reload(
        checked: StaticSite) -> None:
    """Saved in the site's drive (the browser's IndexedDB), under this browser's key (its
    local storage): a reload, or another visit in the same browser, finds it. The Coach
    answers in the page, with a quarter of a server's games."""
    page = checked.open("voici/render/arsenal.html")
    name = page.get_by_role("textbox", name="Your name")
    expect(name).to_be_visible(timeout=BOOT)
    expect(page.locator(".wt-note", has_text="saved in this browser")).to_be_visible()
    name.fill("Ada")
    page.get_by_role("button", name="Name my campaign").click()
    expect(page.locator(".wt-whose")).to_have_text("Ada's campaign")
    page.get_by_role("button", name="Coach").first.click()  # its name has its icon too
    expect(page.locator(".wt-coach")).to_contain_text("of 25 games", timeout=60_000)
    shoot(page, "arsenal")
    page.reload()
    expect(page.locator(".wt-whose")).to_have_text("Ada's campaign", timeout=BOOT)
    expect(page.locator(".wt-note", has_text="saved in this browser")).to_be_visible()
    page.close()


@pytest.fixture
def speaking(checked: StaticSite) -> Iterator[StaticSite]:
    """The site, its browser's kept language forgotten after the test (the other tests
    read English; the browser context is the whole module's)."""
    yield checked
    page = checked.context.new_page()
    page.goto(f"{checked.url}/.nojekyll")  # a page of the site's own that starts nothing
    page.evaluate(f"window.localStorage.removeItem('{STORAGE_NAME}')")
    page.close()


def test_a_game_page_switched_to_espanol_speaks_it_and_the_next_page_opens_in_it(
        speaking: StaticSite) -> None:
    page = speaking.open("voici/render/classic_war.html")
    play_first_choice(page)  # something has happened to explain
    english = read(page)
    page.locator(".wt-language select").first.select_option(label="Español")
    assert not (left := no_english_left(page)), left
    spanish = read(page)
    assert all(spanish[name] != english[name] for name in REGIONS), spanish
    shoot(page, "classic_war-es")
    page.close()
    # The choice is kept in the browser: the next page of the site opens in Spanish, the
    # start page too, whose links choose another language at once (no Python restarted).
    start = speaking.open("voici/render/start.html")
    expect(start.get_by_role("link", name="Jugar a Classic War")).to_be_visible(timeout=BOOT)
    expect(start.locator(SHOWN)).to_have_attribute("lang", "es")
    expect(start.get_by_role("link", name="Play Classic War")).to_be_hidden()
    # The page's own text, above and below the cards, follows (wartutor.ui.lessons).
    welcome = start.get_by_role("heading", level=1)
    together = start.get_by_role("heading", level=2, name="Volver a jugar un reparto",
                                 exact=False)
    expect(welcome.filter(has_text="aprende a jugar")).to_be_visible()
    expect(welcome.filter(has_text="learn War")).to_be_hidden()
    expect(together).to_be_visible()
    start.locator(SHOWN).get_by_role("link", name="Deutsch").click()
    expect(start.locator(SHOWN)).to_have_attribute("lang", "de")
    expect(start.get_by_role("link", name="Classic War spielen")).to_be_visible()
    expect(welcome.filter(has_text="Krieg lernen")).to_be_visible()
    expect(welcome.filter(has_text="aprende a jugar")).to_be_hidden()
    expect(start.get_by_role("heading", level=2, name="Ein Spiel gemeinsam")).to_be_visible()
    assert start.url == f"{speaking.url}/voici/render/start.html"
    assert start.evaluate(f"window.localStorage.getItem('{STORAGE_NAME}')") == "de"
    shoot(start, "start-de")
    start.close()
