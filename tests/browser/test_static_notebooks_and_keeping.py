"""The static site's notebooks in JupyterLite, and what a student's browser keeps between
pages (an Arsenal campaign, the language chosen), in a real browser with no Python server
(:mod:`static_site` serves the site and fences the browser in). The pages of this module are
one student's, one after another, in one browser context.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import expect
from static_site import (
    BOOT,
    SHOWN,
    StaticSite,
    assert_links_open_the_site,
    play_first_choice,
    run_all,
    shoot,
    site_links,
)
from test_languages_browser import REGIONS, no_english_left, read

from wartutor.ui.language import STORAGE_NAME

pytestmark = pytest.mark.browser


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


def test_a_jupyterlite_notebook_runs_and_plays(checked: StaticSite) -> None:
    page = checked.open("notebooks/index.html?path=classic_war.ipynb")
    run_all(page)
    expect(page.get_by_role("button", name="Turn cards", exact=True)).to_be_visible(
        timeout=BOOT)
    play_first_choice(page)
    shoot(page, "jupyterlite")
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


# The names on the start page's drawn cards (War Room's, Arsenal's, the Joker) that run past
# their card's edge, in the language shown.
NAMES_CUT_ON_TILES_JS = f"""() => [...document.querySelectorAll('{SHOWN} svg.wt-tile')]
    .map(tile => tile.querySelector('text'))
    .filter(name => name.getBBox().width > 56)
    .map(name => name.textContent)"""


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
    assert start.evaluate(NAMES_CUT_ON_TILES_JS) == []  # Francotirador
    start.locator(SHOWN).get_by_role("link", name="Deutsch").click()
    expect(start.locator(SHOWN)).to_have_attribute("lang", "de")
    expect(start.get_by_role("link", name="Classic War spielen")).to_be_visible()
    expect(welcome.filter(has_text="Krieg lernen")).to_be_visible()
    expect(welcome.filter(has_text="aprende a jugar")).to_be_hidden()
    expect(start.get_by_role("heading", level=2, name="Ein Spiel gemeinsam")).to_be_visible()
    assert start.url == f"{speaking.url}/voici/render/start.html"
    assert start.evaluate(f"window.localStorage.getItem('{STORAGE_NAME}')") == "de"
    assert start.evaluate(NAMES_CUT_ON_TILES_JS) == []  # Scharfschütze
    shoot(start, "start-de")
    start.close()
