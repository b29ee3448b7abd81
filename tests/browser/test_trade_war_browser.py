"""The Trade War app in Voilà: ask a player for a rank and fight the battle, in a real browser."""

from __future__ import annotations

import json

import pytest
from choices import skip_to_my_turn
from playwright.sync_api import Locator, Page, expect
from servers import ARTIFACTS, Server

pytestmark = pytest.mark.browser

# With three players, seed 4 makes you the first instigator, and Computer 1 holds a three
# (found with the app driven from Python).
SEED = "4"


def button(page: Page, name: str) -> Locator:
    return page.get_by_role("button", name=name, exact=True)


def test_trade_war_plays_an_ask_and_a_battle(page: Page, voila_server: Server) -> None:
    page.goto(f"{voila_server.url}/voila/render/trade_war.ipynb")
    expect(button(page, "New round")).to_be_visible(timeout=60_000)
    page.locator(".wt-seed input").fill(SEED)
    button(page, "New round").click()
    expect(page.locator(".tw-table")).to_contain_text("Turn 1")
    # Your hand is face up with text alternatives; the computers' hands are face down.
    expect(page.locator(".tw-table svg[aria-label='king of clubs']")).to_have_count(1)
    expect(page.locator(".tw-table svg[aria-label='a face-down card']")).to_have_count(14)

    menus = page.locator(".tw-ask-menu select")
    menus.nth(0).select_option(label="Computer 1")
    menus.nth(1).select_option(label="3 (three)")
    ask = page.locator(".tw-ask-menu button")
    expect(ask).to_be_enabled()
    ask.click()
    expect(page.locator(".tw-battle")).to_contain_text("You asked Computer 1 for a three")
    expect(button(page, "Play J♠ J♦")).to_be_visible()
    button(page, "Play J♠ J♦").click()
    # The defender's answer comes onto the table as a moment of its own.
    expect(page.locator(".tw-table")).to_contain_text("Computer 1", timeout=10_000)
    skip_to_my_turn(page)
    # Unskipped, the moments come at reading pace: the battle's is a few moments on.
    expect(page.locator(".wt-log")).to_contain_text("the battle against", timeout=30_000)
    said = " ".join(page.locator(".wt-log-entry").all_inner_texts())
    assert "You attack with two jacks (J♠ J♦)." in said, said  # symbols, not codes
    assert "You ask Computer 1 for a three." in said

    ARTIFACTS.mkdir(exist_ok=True)
    page.set_viewport_size({"width": 1280, "height": 1600})
    app = page.locator(".jp-OutputArea-output", has=page.locator(".tw-table"))
    app.screenshot(path=ARTIFACTS / "trade_war.png")


def test_the_computers_first_turns_play_out_before_your_first_choice(
        page: Page, voila_server: Server) -> None:
    # Seed 3 with three players: Computer 1, then Computer 2, each take a turn before yours.
    cell = {"cell_type": "code", "execution_count": None, "id": "game", "metadata": {},
            "outputs": [], "source": "from wartutor.ui import trade_war_app\n\n"
                                     "trade_war_app(seed=3, players=3)"}
    (voila_server.root / "trade_war_seed_3.ipynb").write_text(json.dumps(
        {"cells": [cell], "metadata": {}, "nbformat": 4, "nbformat_minor": 5}))
    page.set_viewport_size({"width": 1366, "height": 768})
    page.goto(f"{voila_server.url}/voila/render/trade_war_seed_3.ipynb")
    happened = page.locator(".wt-happened")
    # The page opens on the first of the computers' moments, not on Turn 3 ...
    expect(happened).to_contain_text("Moment 1 of 6", timeout=60_000)
    expect(happened).to_contain_text("Computer 1 asks Computer 2 for a seven")
    expect(page.locator(".tw-table")).to_contain_text("Turn 1")
    # ... and they play on by themselves at reading pace, up to your choice at Turn 3.
    expect(happened).to_contain_text("Moment 2 of 6", timeout=15_000)
    expect(page.locator(".tw-ask-menu button")).to_be_visible(timeout=60_000)
    expect(happened).to_contain_text("What just happened")
    expect(page.locator(".tw-table")).to_contain_text("Turn 3")
