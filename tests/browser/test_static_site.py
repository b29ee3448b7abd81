"""The static site's pages in a real browser with no Python server: the start page and its
links, each game, and the rule explorer, every one run in the page by Pyodide
(:mod:`static_site` serves the site and fences the browser in). Each page error or request
outside 127.0.0.1 fails the test; screenshots at 1366x768 go to test-artifacts/static-*.png.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect
from static_site import (
    BOOT,
    GAMES,
    SHOWN,
    START_TEXT_JS,
    StaticSite,
    assert_links_open_the_site,
    play_first_choice,
    shoot,
    site_links,
)

from wartutor.explore.exact import EXACT

pytestmark = pytest.mark.browser


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


@pytest.mark.parametrize("game", GAMES)
def test_each_game_plays_a_move_in_the_page(checked: StaticSite, game: str) -> None:
    page = checked.open(f"voici/render/{game}.html")
    play_first_choice(page)
    shoot(page, game)
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
