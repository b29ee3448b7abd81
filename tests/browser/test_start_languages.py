"""The start page's language links in a real browser: the page made again in the language
chosen, the choice kept for the apps, and a page opened without a language following it."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect
from servers import Server

from wartutor.ui.language import STORAGE_NAME

pytestmark = pytest.mark.browser


def test_a_language_link_makes_the_start_page_again_in_it_and_keeps_the_choice(
        page: Page, voila_server: Server) -> None:
    start = f"{voila_server.url}/voila/render/start.ipynb"
    page.goto(start)
    expect(page.locator('.wt-front-page[lang="en"]')).to_be_visible(timeout=60_000)
    menu = page.locator(".wt-front-languages")
    expect(menu).to_be_visible()
    menu.get_by_role("link", name="Español").click()
    expect(page).to_have_url(re.compile(r"start\.ipynb\?lang=es$"), timeout=60_000)
    expect(page.locator('.wt-front-page[lang="es"]')).to_be_visible(timeout=60_000)
    assert page.evaluate(f"window.localStorage.getItem('{STORAGE_NAME}')") == "es"
    # Opened again with no language in its address, the page follows the choice kept.
    page.goto(start)
    expect(page).to_have_url(re.compile(r"start\.ipynb\?lang=es$"), timeout=60_000)
    expect(page.locator('.wt-front-page[lang="es"]')).to_be_visible(timeout=60_000)
    # And English again, by its link.
    page.locator(".wt-front-languages").get_by_role("link", name="English").click()
    expect(page.locator('.wt-front-page[lang="en"]')).to_be_visible(timeout=60_000)
    assert page.evaluate(f"window.localStorage.getItem('{STORAGE_NAME}')") == "en"
