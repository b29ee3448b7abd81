"""The text under an app, in the real Voilà: the notebook's lessons are in the page's
language, and choosing Español in the app's language menu turns them to Spanish too."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Locator, Page, expect
from servers import Server

from wartutor.language import speaking_language
from wartutor.ui.lessons import LESSONS, lesson_text

pytestmark = pytest.mark.browser

SECTIONS = list(LESSONS["classic_war"])


def heading(section: str, code: str) -> str:
    """A section's heading (each section opens with one), as the page shows its words."""
    with speaking_language(code):
        return lesson_text("classic_war", section).splitlines()[0].lstrip("# ")


def lessons(page: Page, server: Server) -> Locator:
    page.goto(f"{server.url}/voila/render/classic_war.ipynb")
    expect(page.locator(".wt-choices").first).to_be_visible(timeout=90_000)
    shown = page.locator(".wt-lesson")
    expect(shown).to_have_count(len(SECTIONS), timeout=60_000)
    return shown


def read_in(shown: Locator, code: str) -> None:
    """Every lesson under the app in the language ``code``, its heading drawn as one."""
    for place, section in enumerate(SECTIONS):
        lesson = shown.nth(place)
        expect(lesson.locator("h1, h2").first).to_contain_text(heading(section, code),
                                                               timeout=60_000)


def test_choosing_espanol_in_the_apps_menu_turns_the_lessons_to_spanish(
        browser: Browser, voila_server: Server) -> None:
    context = browser.new_context(viewport={"width": 1366, "height": 768}, locale="en-US")
    page = context.new_page()
    shown = lessons(page, voila_server)
    read_in(shown, "en")
    expect(shown.first.locator("li").first).to_be_visible()  # Markdown, drawn as a list

    page.locator(".wt-language select").first.select_option(label="Español")
    read_in(shown, "es")
    context.close()


def test_a_page_whose_student_chose_german_shows_german_lessons(
        browser: Browser, voila_server: Server) -> None:
    context = browser.new_context(viewport={"width": 1366, "height": 768}, locale="en-US")
    # As a German choice in the menu last lesson left it in this browser.
    context.add_init_script("window.localStorage.setItem('wartutor-language', 'de')")
    read_in(lessons(context.new_page(), voila_server), "de")
    context.close()
