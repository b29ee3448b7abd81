"""Play to the end in Voilà, at 1366x768: while it plays a War Room game the page stays live
(its progress shows, and Cancel stops it at your next choice), and pressed again it finishes
the game and ends on the result."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Locator, Page, expect
from servers import ARTIFACTS, Server

pytestmark = pytest.mark.browser

WIDTH, HEIGHT = 1366, 768
# Five players, seed 43: you last to the end and win in round 2,079, a run of a few seconds
# in Voilà, long enough for its progress to show and for Cancel to stop it.
DEAL, SEATS, LAST_ROUND = "WR-43-A4", 5, 2079


def button(page: Page, name: str) -> Locator:
    return page.get_by_role("button", name=name, exact=True)


def test_play_to_the_end_stops_on_cancel_then_finishes_a_war_room_game(
        projector: Page, voila_server: Server) -> None:
    page = projector
    page.goto(f"{voila_server.url}/voila/render/war_room.ipynb")
    expect(button(page, "Activate")).to_be_visible(timeout=90_000)
    page.get_by_role("textbox", name="Join").fill(DEAL)
    button(page, "Join deal").click()
    expect(page.locator(".wr-seat")).to_have_count(SEATS)
    page.evaluate("document.querySelector('.wt-app').scrollIntoView()")
    play = button(page, "Play to the end")
    box = play.bounding_box()
    assert box is not None and box["y"] + box["height"] <= HEIGHT, box  # on the first screen

    # Large print makes it bigger, as every control.
    size = "e => parseFloat(getComputedStyle(e).fontSize)"
    normal = play.evaluate(size)
    button(page, "Large print").click()
    expect(page.locator(".wt-app.wt-large")).to_have_count(1)
    assert play.evaluate(size) > normal, normal  # its words (the one screen keeps its height)
    button(page, "Large print").click()

    # While it plays, the page draws its progress and hears Cancel, which stops the game at
    # your next choice, well before its end: no banner, your choices are back (Activate, or
    # a card to aim at), and Play to the end in Cancel's place. (Cancel used to be heard
    # about four chunks late, on a quick machine after a short game's end: see
    # to_the_end.py.)
    play.click()
    happened = page.get_by_role("region", name="What just happened", exact=True)
    expect(happened).to_contain_text(re.compile(r"Round \d+ so far\.\s*Cards held: you \d+"))
    cancel = button(page, "Cancel")
    cancel.click()
    your_choices = page.locator(".wt-actions").get_by_role("button", disabled=False)
    expect(your_choices.first).to_be_visible()
    expect(play).to_be_enabled()
    expect(cancel).to_be_hidden()
    banner = page.locator(".wt-banner[role='status']")
    expect(banner).to_have_count(0)
    expect(page.locator(".wr-round")).to_contain_text(re.compile(r"Round \d+"))
    reached = re.search(r"Round (\d+)", page.locator(".wr-round").inner_text())
    assert reached is not None and int(reached[1]) < LAST_ROUND, reached

    # Pressed again, it plays to the end: the table, the banner, What just happened and the
    # log end on it.
    play.click()
    expect(banner).to_contain_text("You win", timeout=120_000)
    expect(happened.locator(".wt-now")).to_contain_text("You are the last player remaining")
    expect(page.locator(".wr-round")).to_contain_text(f"Round {LAST_ROUND}")
    newest = page.locator(".wt-log-round").first.locator(".wt-log-entry").last
    expect(newest).to_contain_text("You are the last player remaining: you win the game!")
    expect(play).to_be_disabled()

    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=ARTIFACTS / "war_room-played-to-the-end-1366x768.png")
