"""The Guerrilla Tactics app in Voilà: play a skirmish with a support, in a real browser."""

from __future__ import annotations

import json
import re

import pytest
from choices import skip_to_my_turn
from playwright.sync_api import Locator, Page, expect
from servers import ARTIFACTS, Server

pytestmark = pytest.mark.browser

# Seed 4 deals you the six and the king of diamonds; the six loses to the computer's
# card, and the king may support it (found with the app driven from Python).
SEED = "4"


def button(page: Page, name: str) -> Locator:
    return page.get_by_role("button", name=name, exact=True)


def skirmish_number(page: Page) -> int:
    text = page.locator(".gt-table .wt-battle").first.inner_text()
    m = re.search(r"Skirmish\s+(\d+)", text)
    assert m, f"no skirmish number in {text!r}"
    return int(m.group(1))


def test_guerrilla_tactics_plays_a_skirmish_with_a_support(
    page: Page, voila_server: Server
) -> None:
    page.goto(f"{voila_server.url}/voila/render/guerrilla_tactics.ipynb")
    expect(button(page, "New round")).to_be_visible(timeout=60_000)
    seed = page.locator(".wt-seed input")
    seed.fill(SEED)
    button(page, "New round").click()
    expect(button(page, "Play 6♦")).to_be_visible()
    # Your hand is drawn face up with text alternatives; the computer's is face down.
    assert page.locator(".gt-table svg[aria-label='six of diamonds']").count() == 1
    assert page.locator(".gt-table svg[aria-label='a face-down card']").count() >= 2
    # Proposing a promotion before everyone has played a Guerrilla is greyed out, and the
    # reason is written beside the choices, not only in a tooltip.
    expect(button(page, "Propose")).to_be_disabled()
    expect(page.get_by_role("region", name="Your choices")).to_contain_text("Propose:")

    button(page, "Play 6♦").click()
    expect(button(page, "Support with K♦")).to_be_visible(timeout=15_000)
    expect(page.get_by_role("region", name="What just happened")).to_contain_text("Ana")
    button(page, "Support with K♦").click()
    # Your king wins; with one card left after the support, skirmish 2 plays itself.
    page.wait_for_function("() => !/Skirmish\\s+1\\b/.test("
                           "document.querySelector('.gt-table .wt-battle')?.innerText ?? '')")
    skip_to_my_turn(page)
    expect(page.locator(".wt-happened-head")).to_have_text("What just happened")  # at rest
    assert skirmish_number(page) > 1
    said = " ".join(page.locator(".wt-log-entry").all_inner_texts())
    assert "Support: you add the king of diamonds." in said, said
    assert "After the supports: you have a king" in said

    ARTIFACTS.mkdir(exist_ok=True)
    page.set_viewport_size({"width": 1280, "height": 1600})
    app = page.locator(".jp-OutputArea-output", has=page.locator(".gt-table"))
    app.screenshot(path=ARTIFACTS / "guerrilla_tactics.png")


def test_a_card_of_your_hand_on_the_table_plays_when_pressed(
        page: Page, voila_server: Server) -> None:
    # You hold the five and the king of spades; your five loses to Ana's eight, and the
    # king may support it.
    cell = {"cell_type": "code", "execution_count": None, "id": "game", "metadata": {},
            "outputs": [], "source": "from wartutor.ui import guerrilla_tactics_app\n\n"
                                     "guerrilla_tactics_app(seed=1, stacked=('5S KS', '9D 8D'),"
                                     " pace='instant')"}
    (voila_server.root / "guerrilla_cards.ipynb").write_text(json.dumps(
        {"cells": [cell], "metadata": {}, "nbformat": 4, "nbformat_minor": 5}))
    page.set_viewport_size({"width": 1366, "height": 768})
    page.goto(f"{voila_server.url}/voila/render/guerrilla_cards.ipynb")
    table = page.locator(".gt-table")
    five = table.get_by_role("button", name="Play the five of spades", exact=True)
    expect(five).to_be_visible(timeout=60_000)
    # Ana's cards are no buttons: only a choice on offer is.
    expect(table.get_by_role("button")).to_have_count(2)
    five.click()
    expect(page.locator(".wt-happened")).to_contain_text("you reveal the five of spades")
    # Now the king may support it: from the keyboard, as a button.
    king = table.get_by_role("button", name="Support with the king of spades", exact=True)
    expect(king).to_be_visible()
    king.focus()
    page.keyboard.press("Enter")
    expect(page.locator(".wt-log")).to_contain_text("Support: you add the king of spades")


def test_a_support_you_were_never_offered_is_not_tagged_as_your_choice(
        page: Page, voila_server: Server) -> None:
    # Four players, seed 2: your five loses to Ben's queen and the two left in your hand is
    # a Guerrilla, which cannot help, so you are not asked to support.
    cell = {"cell_type": "code", "execution_count": None, "id": "game", "metadata": {},
            "outputs": [], "source": "from wartutor.ui import guerrilla_tactics_app\n\n"
                                     "guerrilla_tactics_app(seed=2, players=4, pace='wait')"}
    (voila_server.root / "guerrilla_four.ipynb").write_text(json.dumps(
        {"cells": [cell], "metadata": {}, "nbformat": 4, "nbformat_minor": 5}))
    page.set_viewport_size({"width": 1366, "height": 768})
    page.goto(f"{voila_server.url}/voila/render/guerrilla_four.ipynb")
    expect(button(page, "Play 5♠")).to_be_visible(timeout=60_000)
    button(page, "Play 5♠").click()
    happened, you = page.locator(".wt-happened"), page.locator(".gt-seat").first
    expect(happened).to_contain_text("Moment 1 of", timeout=30_000)
    seen = []
    for _ in range(12):  # every moment, pressing Next, to the last ("Moment 4 of 4")
        seen.append(you.inner_text())
        shown = happened.text_content() or ""
        at = re.search(r"Moment (\d+) of (\d+)", shown, re.I)
        if at is None or at[1] == at[2]:
            break
        # Next comes on a moment after the words (on a busy machine, a while after).
        expect(button(page, "Next")).to_be_enabled()
        button(page, "Next").click()
        expect(happened).not_to_have_text(shown)
    assert not any("Chose: Don't support" in words for words in seen), seen
    assert any("No card would help: no support" in words for words in seen), seen
    expect(page.locator(".wt-log")).to_contain_text(
        "You do not support. A second card may be added only if it does better")
