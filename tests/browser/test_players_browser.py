"""Players in the real Voilà at 1366x768: a teacher seats two people in Guerrilla Tactics
and they play a turn each, passing the screen.

The page is opened in the dark theme with Large print on, so the Players panel is checked
as a projector shows it: in the window, its controls grown and none cut, its colours
readable (axe-core). Then the second seat becomes a person, New round builds the app for
pass and play (no Undo, no Show everything on the page at all), and the first play brings
the curtain for the next player.
"""

from __future__ import annotations

import pytest
from axe import serious_contrast
from playwright.sync_api import Page, expect
from servers import ARTIFACTS, Server

pytestmark = pytest.mark.browser

WIDTH, HEIGHT = 1366, 768

# The panel's controls on show: their words, font size, box, and whether words are cut.
PANEL_CONTROLS = """() => [...document.querySelectorAll(
    '.wt-players button, .wt-players select, .wt-players input, .wt-players .widget-label')]
  .filter(el => el.getBoundingClientRect().width > 0)
  .map(el => { const r = el.getBoundingClientRect();
    return {name: (el.getAttribute('placeholder') || el.textContent || el.tagName).trim(),
            font: parseFloat(getComputedStyle(el).fontSize), right: r.right, bottom: r.bottom,
            cut: el.scrollWidth > el.clientWidth + 1 && el.tagName === 'BUTTON'}; })"""


def test_a_teacher_seats_two_people_and_they_take_turns_at_the_screen(
        projector: Page, voila_server: Server) -> None:
    page = projector
    page.goto(f"{voila_server.url}/voila/render/guerrilla_tactics.ipynb?theme=dark")
    choices = page.get_by_role("region", name="Your choices", exact=True).first
    expect(choices).to_be_visible(timeout=90_000)
    page.evaluate("document.querySelector('.wt-app').scrollIntoView()")
    page.get_by_role("button", name="Large print").first.click()
    expect(page.locator(".wt-app.wt-large").first).to_be_attached()

    # Players, beside New round, opens the panel above the table.
    players = choices.get_by_role("button", name="Players", exact=True)
    expect(players).to_be_visible()
    players.click()
    sheet = page.locator(".wt-players").first
    expect(sheet).to_contain_text("Players for the next round")
    page.wait_for_timeout(300)
    controls = page.evaluate(PANEL_CONTROLS)
    assert {c["name"] for c in controls} >= {"How many", "Person", "Computer", "Player 1"}
    assert [c["name"] for c in controls if c["cut"]] == []
    assert [c["name"] for c in controls if c["right"] > WIDTH or c["bottom"] > HEIGHT] == []
    assert [c["name"] for c in controls if c["font"] < 20] == []  # Large print reached it
    assert serious_contrast(page, ".wt-players") == []
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=ARTIFACTS / "players-panel-dark-large-1366x768.png")

    # The second seat becomes a person; both type their names.
    seat = sheet.locator(".widget-hbox").filter(has_text="Seat 2")
    seat.get_by_role("button", name="Person", exact=True).click()
    sheet.locator(".widget-hbox").filter(has_text="Seat 1").locator("input").fill("Maya")
    seat.locator("input").fill("Leo")
    expect(sheet).to_contain_text("Pass and play: 2 people")
    page.get_by_role("button", name="New round").first.click()

    # Made again for pass and play: what would show another's cards is not on the page.
    expect(page.get_by_role("button", name="Undo")).to_have_count(0)
    expect(page.get_by_text("Show everything (teacher)")).to_have_count(0)
    expect(page.locator(".wt-deal-code")).to_have_count(0)
    expect(page.locator(".wt-app.wt-large").first).to_be_attached()  # large print stays
    table = page.locator(".wt-table-region").first

    # Maya plays; the table is hidden until Leo is ready; then Leo plays.
    choices.locator(".wt-main-button:not([disabled])").first.click()
    expect(table).to_contain_text("Pass the screen to Leo", timeout=30_000)
    page.get_by_role("button", name="Ready").first.click()
    expect(table).not_to_contain_text("Pass the screen")
    expect(table).to_contain_text("Maya")  # Leo sees the other seat by her name
    before = table.inner_text()
    choices.locator(".wt-main-button:not([disabled])").first.click()
    expect(table).not_to_have_text(before, timeout=30_000)  # Leo's play is on the table
    expect(page.get_by_text("Something went wrong")).to_have_count(0)
    page.screenshot(path=ARTIFACTS / "players-pass-and-play-1366x768.png")
