"""The Arsenal app in Voilà: play a round against the level-1 NPC in a real browser.

One round never ends a match, so nothing is saved to the campaign file.
"""

from __future__ import annotations

import re

import pytest
from choices import skip_to_my_turn
from playwright.sync_api import Locator, Page, expect
from servers import ARTIFACTS, Server

pytestmark = pytest.mark.browser


def round_number(page: Page) -> int:
    text = page.locator(".wt-arena-sub").first.inner_text()
    m = re.search(r"round\s+(\d+)\s+of\s+45", text)
    assert m, f"no round number in {text!r}"
    return int(m.group(1))


def button_named(page: Page, name: str) -> Locator:
    return page.get_by_role("button", name=name, exact=True)


def cut_words(page: Page) -> list[str]:
    """The campaign row's words that do not fit their box: its name box's label, the box
    and its button must read whole."""
    return page.locator(".wt-campaign .widget-label, .wt-campaign .widget-button, "
                        ".wt-campaign .wt-whose").evaluate_all(
        "found => found.filter(e => e.scrollWidth > e.clientWidth).map(e => e.innerText)")


def test_arsenal_plays_a_round_against_the_npc(page: Page, voila_server: Server) -> None:
    page.set_viewport_size({"width": 1366, "height": 768})  # a school laptop's screen
    page.goto(f"{voila_server.url}/voila/render/arsenal.ipynb")
    arena = page.locator(".wt-arena")
    expect(arena).to_be_visible(timeout=60_000)
    # The campaign's name box is the first thing on the page, above the map and the match,
    # its label and button read whole, in normal and in large print.
    name_box = page.get_by_role("textbox", name="Your name")
    expect(name_box).to_be_visible()
    row, the_map = (page.locator(s).bounding_box() for s in (".wt-campaign", ".wt-map"))
    assert row is not None and the_map is not None and row["y"] < the_map["y"] < 768 / 3
    assert cut_words(page) == []
    button_named(page, "Large print").click()
    expect(page.locator(".wt-app.wt-large")).to_have_count(1)
    assert cut_words(page) == []
    assert page.locator(".wt-campaign .widget-label", has_text="Your name").evaluate(
        "e => parseFloat(getComputedStyle(e).fontSize)") >= 20  # it grew
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=ARTIFACTS / "arsenal-large-print.png")
    button_named(page, "Large print").click()
    expect(page.locator(".wt-arena-head")).to_have_text("Level 1: Boot Camp")
    expect(page.locator(".wt-arena-sub")).to_contain_text("against Sergeant Sandbag")
    # Your hand: seven card-shaped buttons; the NPC's hand: face-down backs with a label.
    hand = page.locator(".wt-main-button:not([disabled])")
    expect(hand).to_have_count(7)
    assert page.locator("svg.wt-back[aria-label='a face-down card']").count() >= 6
    assert round_number(page) == 1

    hand.first.click()  # leading or answering, one card finishes round 1
    skip_to_my_turn(page)  # the round's moments, played out
    page.wait_for_function(
        "() => /round\\s+2\\s+of/.test(document.querySelector('.wt-arena-sub')?.innerText ?? '')"
    )
    skip_to_my_turn(page)
    expect(page.locator(".wt-happened-head")).to_have_text("What just happened")  # at rest
    expect(page.locator(".wt-log")).to_contain_text("Round 1:")
    expect(page.locator(".wt-score")).to_have_text(
        re.compile(r"Captured: you [02] · Sergeant Sandbag [02]"))
    page.get_by_role("checkbox", name="Rules cited (teacher)").check()
    expect(page.locator(".wt-log .wt-rule").first).to_be_visible()
    said = " ".join(page.locator(".wt-log-entry").all_inner_texts())
    assert re.search(r"captures? both cards", said) and "(the text, Playing a Round)" in said, said
    # Locked levels are greyed out on the campaign map, shown by their number alone.
    expect(button_named(page, "2")).to_be_disabled()

    ARTIFACTS.mkdir(exist_ok=True)
    page.set_viewport_size({"width": 1280, "height": 1600})
    page.screenshot(path=ARTIFACTS / "arsenal.png", full_page=True)
