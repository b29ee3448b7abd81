"""Every app in the student's language, in the real Voilà at 1366x768: a German browser's
page opens in German, choosing Español in the menu turns the table, the choices and the
explanation to Spanish, and the next app this browser opens is in Spanish too."""

from __future__ import annotations

import pytest
from english import english_words
from playwright.sync_api import Browser, Page, expect
from servers import Server

pytestmark = pytest.mark.browser

APPS = ("classic_war", "guerrilla_tactics", "war_room", "trade_war", "arsenal")
# Where a student reads: the table, the choices beside it and what just happened.
REGIONS = {"table": ".wt-table-region", "choices": ".wt-choices",
           "explanation": ".wt-happened"}
NAMES = ("Ana", "Ben", "Cleo", "Dev", "Eli", "Sergeant", "Sandbag", "NPC")


def read(page: Page) -> dict[str, str]:
    return {name: page.locator(where).first.inner_text() for name, where in REGIONS.items()}


def english_left(page: Page) -> dict[str, set[str]]:
    return {name: found for name, text in read(page).items()
            if (found := english_words(text, NAMES))}


def opened(page: Page, server: Server, app: str) -> Page:
    page.goto(f"{server.url}/voila/render/{app}.ipynb")
    expect(page.locator(".wt-choices").first).to_be_visible(timeout=90_000)
    return page


@pytest.mark.parametrize("app", APPS)
def test_choosing_espanol_turns_the_table_the_choices_and_the_explanation_to_spanish(
        browser: Browser, voila_server: Server, app: str) -> None:
    context = browser.new_context(viewport={"width": 1366, "height": 768}, locale="en-US")
    page = opened(context.new_page(), voila_server, app)
    page.set_default_timeout(60_000)
    english = read(page)
    assert english_words(english["choices"] + english["explanation"], NAMES), english

    page.locator(".wt-language select").first.select_option("es")
    for name, where in REGIONS.items():
        expect(page.locator(where).first).not_to_have_text(english[name], timeout=60_000)
    expect(page.locator(".wt-language select").first).to_have_value("es")
    assert not english_left(page), english_left(page)

    # The choice is kept by the browser: its next page opens in Spanish.
    again = opened(context.new_page(), voila_server, app)
    expect(again.locator(".wt-language select").first).to_have_value("es", timeout=60_000)
    assert not english_left(again), english_left(again)
    context.close()


def test_a_german_browser_opens_the_apps_in_german(browser: Browser,
                                                   voila_server: Server) -> None:
    context = browser.new_context(viewport={"width": 1366, "height": 768}, locale="de-DE")
    page = opened(context.new_page(), voila_server, "classic_war")
    expect(page.locator(".wt-language select").first).to_have_value("de", timeout=60_000)
    assert not english_left(page), english_left(page)
    context.close()
