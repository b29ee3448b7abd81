"""The Arsenal app in Voilà: play a round against the level-1 NPC in a real browser.

One round never ends a match, so nothing is saved to the campaign file.
"""

from __future__ import annotations

import re

import pytest
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


def test_arsenal_plays_a_round_against_the_npc(page: Page, voila_server: Server) -> None:
    page.goto(f"{voila_server.url}/voila/render/arsenal.ipynb")
    arena = page.locator(".wt-arena")
    expect(arena).to_be_visible(timeout=60_000)
    expect(page.locator(".wt-arena-head")).to_have_text("Level 1: Boot Camp")
    expect(page.locator(".wt-arena-sub")).to_contain_text("against Sergeant Sandbag")
    # Your hand: seven card-shaped buttons; the NPC's hand: face-down backs with a label.
    hand = page.locator(".wt-main-button:not([disabled])")
    expect(hand).to_have_count(7)
    assert page.locator("svg.wt-back[aria-label='a face-down card']").count() >= 6
    assert round_number(page) == 1

    hand.first.click()  # leading or answering, one card finishes round 1
    if button_named(page, "Skip to my turn").is_enabled():
        button_named(page, "Skip to my turn").click()  # the round's moments, played out
    page.wait_for_function(
        "() => /round\\s+2\\s+of/.test(document.querySelector('.wt-arena-sub')?.innerText ?? '')"
    )
    if button_named(page, "Skip to my turn").is_enabled():
        button_named(page, "Skip to my turn").click()
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
