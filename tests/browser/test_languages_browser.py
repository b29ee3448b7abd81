"""Every app in the student's language, in the real Voilà at 1366x768: a German browser's
page opens in German, choosing Español in the menu turns the table, the choices and the
explanation to Spanish, and the next app this browser opens is in Spanish too."""

from __future__ import annotations

import time

import pytest
from english import english_words
from playwright.sync_api import Browser, Locator, Page, expect
from servers import Server

pytestmark = pytest.mark.browser

APPS = ("classic_war", "guerrilla_tactics", "war_room", "trade_war", "arsenal")
# Where a student reads: the table, the choices beside it and what just happened.
REGIONS = {"table": ".wt-table-region", "choices": ".wt-choices",
           "explanation": ".wt-happened"}
NAMES = ("Ana", "Ben", "Cleo", "Dev", "Eli", "Sergeant", "Sandbag", "NPC")


def chosen(page: Page) -> Locator:
    """The language the menu shows as chosen (a menu's options carry their words)."""
    return page.locator(".wt-language select option:checked").first


def read(page: Page) -> dict[str, str]:
    return {name: page.locator(where).first.inner_text() for name, where in REGIONS.items()}


def english_left(page: Page) -> dict[str, set[str]]:
    return {name: found for name, text in read(page).items()
            if (found := english_words(text, NAMES))}


def no_english_left(page: Page, seconds: float = 60) -> dict[str, set[str]]:
    """English left once the page has had ``seconds`` to say its words again (an app is
    made again in the language it switches to, a moment after the menu shows it)."""
    deadline = time.monotonic() + seconds
    while (left := english_left(page)) and time.monotonic() < deadline:
        page.wait_for_timeout(500)
    return left


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

    page.locator(".wt-language select").first.select_option(label="Español")
    assert not (left := no_english_left(page)), left
    spanish = read(page)
    assert all(spanish[name] != english[name] for name in REGIONS), spanish
    expect(chosen(page)).to_have_text("Español")
    context.close()


def test_the_browser_keeps_the_choice_and_its_next_app_opens_in_spanish(
        browser: Browser, voila_server: Server) -> None:
    context = browser.new_context(viewport={"width": 1366, "height": 768}, locale="en-US")
    page = opened(context.new_page(), voila_server, "classic_war")
    page.locator(".wt-language select").first.select_option(label="Español")
    expect(chosen(page)).to_have_text("Español", timeout=60_000)

    again = opened(context.new_page(), voila_server, "war_room")
    expect(chosen(again)).to_have_text("Español", timeout=60_000)
    assert not (left := no_english_left(again)), left
    context.close()


def test_a_german_browser_opens_the_apps_in_german(browser: Browser,
                                                   voila_server: Server) -> None:
    context = browser.new_context(viewport={"width": 1366, "height": 768}, locale="de-DE")
    page = opened(context.new_page(), voila_server, "classic_war")
    expect(chosen(page)).to_have_text("Deutsch", timeout=60_000)
    assert not (left := no_english_left(page)), left
    context.close()


@pytest.mark.parametrize(("notebook", "english", "spanish"), [
    ("rule_explorer", ("Rule explorer", "Play the games"),
     ("Explorador de reglas", "Jugar las partidas")),
    ("strategy_lab", ("The player's code", "Run the tournament"),
     ("El código del jugador", "Jugar el torneo")),
])
def test_the_explorer_and_the_lab_switch_to_espanol(
        projector: Page, voila_server: Server, notebook: str, english: tuple[str, str],
        spanish: tuple[str, str]) -> None:
    """Their heading and their button in Spanish; the lab's every panel (it shows two)."""
    projector.goto(f"{voila_server.url}/voila/render/{notebook}.ipynb")
    heading, button = english
    buttons = projector.get_by_role("button", name=button, exact=True)
    expect(buttons.first).to_be_visible(timeout=90_000)
    count = buttons.count()
    expect(projector.get_by_text(heading, exact=True).first).to_be_visible()
    projector.locator(".wt-language select").first.select_option(label="Español")
    heading, button = spanish
    expect(projector.get_by_role("button", name=button, exact=True)).to_have_count(count)
    expect(projector.get_by_text(heading, exact=True).first).to_be_visible()
    expect(projector.locator(".wt-language select option:checked")).to_have_text(
        ["Español"] * count)
    expect(projector.locator(".wt-language .widget-label").first).to_have_text("Idioma")
