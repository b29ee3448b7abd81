"""Print gives a hand-out of several A4 pages with the rules in it, in Voilà (three apps:
every app prints through the shell).

Print calls the browser's print once the hand-out has arrived. Printing is emulated as
Chromium prints: the page in print media (what shows, what does not) and ``page.pdf`` (how
many pages, and the hand-out's headings as the PDF's outline). The browser's own print,
before Print is pressed, gives the rules and the rulings; after it, the game too; the app
itself is never printed. A marked word of the glossary opens its entry.
"""

from __future__ import annotations

import re
import zlib
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect
from servers import Server

pytestmark = pytest.mark.browser

# Every app prints through the shell: Classic War as the plainest, Trade War with words of
# its own (the jokers'), Arsenal's match inside its campaign.
APPS = {"classic_war": "How to play Classic War", "trade_war": "TW-GUESS",
        "arsenal": "AR-SHIELDS"}


@pytest.fixture(scope="module")
def context(browser: Browser) -> Iterator[BrowserContext]:
    context = browser.new_context(viewport={"width": 1366, "height": 768})
    context.set_default_timeout(60_000)
    # Headless Chromium's own print dialog never closes: count the calls instead, and
    # print with page.pdf as the dialog would.
    context.add_init_script(
        "window.print = () => { window.printed = (window.printed || 0) + 1; };")
    yield context
    context.close()


@pytest.fixture(scope="module")
def pages(context: BrowserContext, voila_server: Server) -> Iterator[dict[str, Page]]:
    """Each app's page, opened when a test first asks for it and kept for the next."""
    opened: dict[str, Page] = {}
    yield opened
    for page in opened.values():
        page.close()


def app_page(pages: dict[str, Page], context: BrowserContext, server: Server,
             name: str) -> Page:
    if name not in pages:
        page = context.new_page()
        page.goto(f"{server.url}/voila/render/{name}.ipynb")
        expect(page.locator(".wt-choices[role='region']").first).to_be_visible(timeout=90_000)
        pages[name] = page
    page = pages[name]
    page.emulate_media(media="screen")
    return page


def pdf_pages(pdf: bytes) -> int:
    return len(re.findall(rb"/Type\s*/Page(?![s\w])", pdf))


def pdf_outline(pdf: bytes) -> str:
    """The titles of the PDF's outline (its bookmarks, made from the headings), as text:
    Chromium writes them as UTF-16 hex strings, some inside compressed streams."""
    chunks = [pdf]
    for stream in re.findall(rb"stream\r?\n(.*?)\r?\nendstream", pdf, re.DOTALL):
        try:
            chunks.append(zlib.decompress(stream))
        except zlib.error:
            continue
    titles = []
    for chunk in chunks:
        for hexed in re.findall(rb"/Title\s*<FEFF([0-9A-Fa-f]*)>", chunk):
            titles.append(bytes.fromhex(hexed.decode()).decode("utf-16-be"))
        titles += [t.decode("latin-1") for t in re.findall(rb"/Title\s*\(([^)]*)\)", chunk)]
    return "\n".join(titles)


@pytest.mark.parametrize("name", APPS)
def test_print_gives_a_hand_out_of_several_pages_with_the_rules(
        pages: dict[str, Page], context: BrowserContext, voila_server: Server,
        name: str) -> None:
    page = app_page(pages, context, voila_server, name)
    page.emulate_media(media="print")
    expect(page.locator(".wt-handout-sheet")).to_contain_text("How to play")
    page.emulate_media(media="screen")
    expect(page.locator(".wt-handout-sheet")).to_be_hidden()  # not on screen

    page.get_by_role("button", name="Print", exact=True).first.click()
    sheet = page.locator(".wt-handout-sheet[data-print]")
    expect(sheet).to_have_count(1, timeout=30_000)
    page.wait_for_function("() => window.printed === 1")

    page.emulate_media(media="print")
    expect(sheet).to_be_visible()
    expect(sheet).to_contain_text(APPS[name])
    expect(sheet).to_contain_text("The rulings in this game")
    expect(sheet).to_contain_text("The game, step by step")
    expect(page.locator(".wt-choices").first).to_be_hidden()  # the app is not printed

    pdf = page.pdf(format="A4", outline=True, tagged=True)
    assert pdf_pages(pdf) > 1
    outline = pdf_outline(pdf)
    assert "How to play" in outline and "The rulings in this game" in outline, outline


def test_a_marked_word_opens_its_entry_under_words_to_know(
        pages: dict[str, Page], context: BrowserContext, voila_server: Server) -> None:
    page = app_page(pages, context, voila_server, "trade_war")
    term = page.locator(".wt-log a.wt-term").first
    expect(term).to_be_visible()
    target = (term.get_attribute("href") or "").lstrip("#")
    entry = page.locator(f"[id='{target}']")
    expect(entry).to_be_hidden()  # the glossary is folded away
    term.focus()
    page.keyboard.press("Enter")  # the keyboard follows it, as a click would
    expect(entry).to_be_visible()
    expect(entry.locator("xpath=following-sibling::dd[1]")).not_to_be_empty()
    # And the top line's Glossary link opens the whole list.
    page.evaluate("document.querySelector('.wt-glossary').open = false")
    expect(page.locator("#wt-glossary-trade_war")).to_be_hidden()
    page.get_by_role("link", name="Glossary", exact=True).first.click()
    expect(page.locator("#wt-glossary-trade_war")).to_be_visible()
