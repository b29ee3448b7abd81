"""The War Room app in Voilà: play a round with an activation, in a real browser."""

from __future__ import annotations

import re

import pytest
from choices import skip_to_my_turn
from playwright.sync_api import Locator, Page, expect
from servers import ARTIFACTS, Server

pytestmark = pytest.mark.browser


def button(page: Page, name: str) -> Locator:
    return page.get_by_role("button", name=name, exact=True)


def round_number(page: Page) -> int:
    text = page.locator(".wr-round").first.inner_text()
    m = re.search(r"Round\s+(\d+)", text)
    assert m, f"no round number in {text!r}"
    return int(m.group(1))


def test_war_room_plays_a_round_with_an_activation(page: Page, voila_server: Server) -> None:
    page.goto(f"{voila_server.url}/voila/render/war_room.ipynb")
    expect(button(page, "Join deal")).to_be_visible(timeout=60_000)
    # A known deal, not the page's fresh shuffle (an activation can find no target, and
    # then nothing is marked): your Medic's Defend -3 takes your own card from 7 to 4.
    page.locator(".wt-code-box input").fill("WR-5-A2")
    button(page, "Join deal").click()
    expect(page.locator(".wt-deal-code")).to_contain_text("WR-5-A2")
    expect(button(page, "Activate")).to_be_visible()
    # Three players at the table, each with a revealed card that has a text alternative.
    expect(page.locator(".wr-seat")).to_have_count(3)
    assert page.locator("svg.wr-card[aria-label*='printed VC']").count() == 3
    round_before = round_number(page)

    button(page, "Activate").click()
    table = page.locator(".wr-table")
    # The round plays out moment by moment: an activation's VC change is marked on the
    # card it hit while its moment is on the table.
    expect(page.locator(".wr-change").first).to_be_visible(timeout=15_000)
    for _ in range(60):  # the moments come at reading pace: up to 24 s
        page.wait_for_timeout(400)
        if round_number(page) > round_before or "tie-break" in table.inner_text():
            break
        skip_to_my_turn(page)
    assert round_number(page) > round_before or "tie-break" in table.inner_text()
    skip_to_my_turn(page)
    page.get_by_role("checkbox", name="Rules cited (teacher)").check()
    expect(page.locator(".wt-log .wt-rule").first).to_be_visible()
    said = " ".join(page.locator(".wt-log-entry").all_inner_texts())
    assert re.search(r"declarations shown together: [^.]*\byou\b[^.;]*activate", said, re.I), said
    assert "(Defend -3 VC): your card goes from 7 to 4" in said, said

    ARTIFACTS.mkdir(exist_ok=True)
    page.set_viewport_size({"width": 1280, "height": 1800})
    app = page.locator(".jp-OutputArea-output", has=page.locator(".wr-table"))
    app.screenshot(path=ARTIFACTS / "war_room.png")


def test_at_game_over_what_just_happened_shows_the_win(page: Page, voila_server: Server) -> None:
    # The game: WR-34163-A4 (five players), Instant, Activate, then Play 10 four
    # times. What just happened once showed a moment from the middle of the last step.
    page.set_viewport_size({"width": 1366, "height": 768})
    page.goto(f"{voila_server.url}/voila/render/war_room.ipynb")
    expect(button(page, "Join deal")).to_be_visible(timeout=60_000)
    button(page, "Instant").click()
    page.locator(".wt-code-box input").fill("WR-34163-A4")
    button(page, "Join deal").click()
    expect(page.locator(".wt-deal-code")).to_contain_text("WR-34163-A4")
    button(page, "Activate").click()
    for _ in range(4):
        ten = button(page, "Play 10 choices")
        expect(ten).to_be_enabled(timeout=60_000)
        ten.click()
    happened = page.locator(".wt-happened")
    expect(happened).to_contain_text("Dev is the last player remaining and wins",
                                     timeout=120_000)
    expect(happened).not_to_contain_text("instruction 1")
