"""Set up a position by clicking, in the real Voilà at 1366x768 in the dark theme: the
position a teacher places card by card plays as the same position given to from_position."""

from __future__ import annotations

import re

import pytest
from axe import serious_contrast
from playwright.sync_api import Page, expect
from servers import ARTIFACTS, Server

from wartutor.core.engine import Game
from wartutor.variants.classic_war import CLASSIC_WAR

pytestmark = pytest.mark.browser

WIDTH, HEIGHT = 1366, 768
YOURS, THEIRS = "9S 4C KD 2H", "9H 5D 7C 3S"  # the rule text's worked example
WORKED_EXAMPLE = {"stage": "play", "battles": 0, "wars": 0,
                  "decks": {"you": YOURS, "computer": THEIRS},
                  "last_battle": {"you": "", "computer": ""}, "unclaimed": "", "winner": None,
                  "ending": None, "stacked": True}
OVERFLOW = """() => [...document.querySelectorAll('.wt-setup, .wt-setup *')]
  .filter(el => el.getBoundingClientRect().width > 0 && el.scrollWidth > el.clientWidth + 1
          && getComputedStyle(el).overflowX !== 'visible')
  .map(el => el.className + ': ' + el.textContent.slice(0, 40))"""


@pytest.fixture
def page(projector: Page) -> Page:
    return projector


def button(page: Page, name: str) -> object:
    return page.get_by_role("button", name=name, exact=True)


def symbols(codes: str) -> list[str]:
    from wartutor.core.cards import card

    return [card(code).symbol for code in codes.split()]


def decks_shown(page: Page) -> list[str]:
    """The decks' order as the teacher's table lists it: the computer's, then yours."""
    return [re.sub(r"\s+", " ", text.split(":", 1)[1]).strip()
            for text in page.locator(".wt-order").all_inner_texts()]


def test_a_position_set_up_by_clicking_plays_as_from_position(
        page: Page, voila_server: Server) -> None:
    page.goto(f"{voila_server.url}/voila/render/classic_war.ipynb?theme=dark")
    expect(button(page, "Turn cards")).to_be_visible(timeout=90_000)
    button(page, "Set up a position").click()
    expect(page.locator(".wt-setup")).to_be_visible()
    button(page, "Every card in the box").click()
    expect(page.locator(".wt-setup-zone-name").last).to_contain_text("not in the game: 52")
    # The keyboard alone places the first card: every card and place is a button.
    first = symbols(YOURS)[0]
    button(page, first).focus()
    page.keyboard.press("Enter")
    expect(button(page, f"✓ {first}")).to_be_visible()
    for codes, place in ((YOURS, "Put in: Your deck"), (THEIRS, "Put in: The computer's deck")):
        for symbol in symbols(codes):
            if symbol != first:
                button(page, symbol).click()
                expect(button(page, f"✓ {symbol}")).to_be_visible()
        button(page, place).click()
    status = page.locator(".wt-setup-status")
    expect(status).to_have_text("This position can be played.")
    ARTIFACTS.mkdir(exist_ok=True)
    page.locator(".wt-setup").screenshot(path=ARTIFACTS / "setup-position-dark.png")
    assert page.evaluate(OVERFLOW) == []
    assert serious_contrast(page) == []

    # Large print: the cards and the editor's words grow, and nothing runs off its box.
    card = button(page, symbols(YOURS)[0])
    before = card.bounding_box()
    button(page, "Large print").click()
    expect(page.locator(".wt-app.wt-large")).to_be_attached()
    page.wait_for_function("() => getComputedStyle(document.querySelector("
                           "'.wt-setup-card')).fontSize === '23px'")
    after = card.bounding_box()
    assert before and after and after["height"] > before["height"]
    assert page.evaluate(OVERFLOW) == []
    page.locator(".wt-setup").screenshot(path=ARTIFACTS / "setup-position-large.png")
    button(page, "Large print").click()

    button(page, "Play this position").click()
    expect(page.locator(".wt-setup")).to_have_count(0)
    seed = int(page.locator(".wt-seed input").input_value())
    expected = Game.from_position(CLASSIC_WAR, None, WORKED_EXAMPLE, seed)
    page.get_by_role("checkbox", name="Show everything (teacher)").check()
    expect(page.locator(".wt-order")).to_have_count(2)
    assert decks_shown(page) == [" ".join(symbols(THEIRS)), " ".join(symbols(YOURS))]
    assert [len(d) for d in expected.state.decks] == [4, 4]

    # The same next move: the war of two nines, and the decks as from_position's game has them.
    expected = expected.play("turn")
    page.get_by_role("button", name="Instant").click()
    button(page, "Turn cards").click()
    expect(page.locator(".wt-battle").first).to_contain_text("Battle 1")
    want = [" ".join(c.symbol for c in expected.state.decks[p]) or "empty" for p in (1, 0)]
    expect(page.locator(".wt-order").first).to_contain_text(want[0].split()[0])
    assert decks_shown(page) == want
