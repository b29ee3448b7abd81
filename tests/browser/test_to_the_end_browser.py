"""Play to the end in Voilà, at 1366x768: it finishes a War Room game while the page stays
live (its progress shows, and Cancel is heard between chunks), and it ends on the result."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Locator, Page, expect
from servers import ARTIFACTS, Server

pytestmark = pytest.mark.browser

WIDTH, HEIGHT = 1366, 768
# Two players, seed 4821: the game, won by Ana in round 1,724 (216 presses of Play 10).
DEAL = "WR-4821"


@pytest.fixture
def projector(browser: Browser) -> Iterator[Page]:
    context = browser.new_context(viewport={"width": WIDTH, "height": HEIGHT})
    page = context.new_page()
    page.set_default_timeout(60_000)
    yield page
    context.close()


def button(page: Page, name: str) -> Locator:
    return page.get_by_role("button", name=name, exact=True)


def test_play_to_the_end_finishes_a_war_room_game(projector: Page, voila_server: Server) -> None:
    page = projector
    page.goto(f"{voila_server.url}/voila/render/war_room.ipynb")
    expect(button(page, "Activate")).to_be_visible(timeout=90_000)
    page.get_by_role("textbox", name="Join").fill(DEAL)
    button(page, "Join deal").click()
    expect(page.locator(".wr-seat")).to_have_count(2)
    page.evaluate("document.querySelector('.wt-app').scrollIntoView()")
    play = button(page, "Play to the end")
    box = play.bounding_box()
    assert box is not None and box["y"] + box["height"] <= HEIGHT, box  # on the first screen

    # Large print makes it bigger, as every control.
    normal = box["height"]
    button(page, "Large print").click()
    expect(page.locator(".wt-app.wt-large")).to_have_count(1)
    large = play.bounding_box()
    assert large is not None and large["height"] > normal + 2, (normal, large)
    button(page, "Large print").click()

    # While it plays, the page draws its progress and hears Cancel, which stops at your
    # next choice: the game is not over, and your choices are back.
    play.click()
    happened = page.get_by_role("region", name="What just happened", exact=True)
    expect(happened).to_contain_text(re.compile(r"Round \d+ so far\.\s*Cards held: you \d+"))
    button(page, "Cancel").click()
    expect(button(page, "Activate")).to_be_enabled()
    expect(page.locator(".wt-banner[role='status']")).to_have_count(0)
    stopped = int(re.search(r"Round\s+(\d+)", page.locator(".wr-round").inner_text())[1])
    assert 1 < stopped < 1724

    # Played on to the end: the table, the banner, What just happened and the log end on it.
    play.click()
    banner = page.locator(".wt-banner[role='status']")
    expect(banner).to_contain_text("Ana wins.", timeout=120_000)
    expect(happened.locator(".wt-now")).to_contain_text("Ana is the last player remaining")
    expect(page.locator(".wr-round")).to_contain_text("Round 1724")
    newest = page.locator(".wt-log-round").first.locator(".wt-log-entry").last
    expect(newest).to_contain_text("Ana is the last player remaining and wins the game.")
    expect(play).to_be_disabled()

    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=ARTIFACTS / "war_room-played-to-the-end-1366x768.png")
