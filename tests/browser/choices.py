"""Choosing as a player would, shared by the browser tests: skipping the computers' moves,
and Trade War's ask, which is made from two menus (whom, then which rank) and a button that
comes on only for a rank that may be asked."""

from __future__ import annotations

from contextlib import suppress

from playwright.sync_api import Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeout


def ask_for_the_first_rank_that_may_be_asked(page: Page) -> bool:
    """Ask the next player for the first rank the Ask button allows; False when the page
    shows no ask menus, or no rank may be asked."""
    ask = page.locator(".tw-ask-menu")
    if not (ask.count() and ask.first.is_visible()):
        return False
    ask.locator("select").nth(0).select_option(index=0)  # whom: the next player
    ranks = ask.locator("select").nth(1)
    for index in range(ranks.locator("option").count()):
        ranks.select_option(index=index)
        if ask.locator("button").is_enabled():
            ask.locator("button").click()
            return True
    return False


def skip_to_my_turn(page: Page) -> None:
    """Press "Skip to my turn" if the moments are playing. On a busy machine they may reach
    your turn on their own first, and the button goes grey under the pointer: either way
    the page ends at rest."""
    skip = page.get_by_role("button", name="Skip to my turn", exact=True).first
    if not (skip.count() and skip.is_enabled()):
        return
    with suppress(PlaywrightTimeout):  # the playback reached your turn by itself
        skip.click(timeout=5_000)
    expect(skip).to_be_disabled()
