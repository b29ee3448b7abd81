"""Arsenal's campaign on the class server, in real browsers: a stale tab never rolls a
campaign back, and a classmate who types the same name does not get into it.

The server is Voilà with the class server's setting (``WARTUTOR_CLASS_SERVER=1``, which
its kernels inherit) and a data folder of its own. Each student is a browser context (its
own local storage, so its own browser key). Winning a real match takes 45 rounds, so the
tabs that win open a copy of the Arsenal app on a set deal that one card wins
(``arsenal_won_in_one.ipynb``, beside the copied notebooks); the campaign is the same,
and the real ``arsenal.ipynb`` then finds it by the browser's key.
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Locator, Page, expect
from servers import ARTIFACTS, REPO, Server, copy_notebooks, free_port, start_server

pytestmark = pytest.mark.browser

WON_IN_ONE = "arsenal_won_in_one.ipynb"
SCREEN = {"width": 1366, "height": 768}  # a school laptop's screen


def notebook(code: str) -> str:
    cell = {"cell_type": "code", "execution_count": None, "id": "app", "metadata": {},
            "outputs": [], "source": code}
    return json.dumps({"cells": [cell], "metadata": {}, "nbformat": 4, "nbformat_minor": 5})


@pytest.fixture(scope="module")
def class_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    workdir = tmp_path_factory.mktemp("arsenal-class")
    notebooks = copy_notebooks(workdir)
    (notebooks / WON_IN_ONE).write_text(notebook(
        "from wartutor.ui import arsenal_app\n\n"
        "arsenal_app(seed=1, stacked=('MT-SF NK-SF', 'DY-PR DY-ML', '', 'you'), "
        "pace='instant')"))
    port = free_port()
    cmd = [str(Path(sys.executable).parent / "voila"), ".", "--no-browser",
           "--Voila.ip=127.0.0.1", f"--port={port}",
           f"--Voila.config_file_paths={REPO / 'wartutor'}"]
    env = dict(os.environ, WARTUTOR_CLASS_SERVER="1",
               WARTUTOR_DATA_DIR=str(workdir / "class-data"))
    server = start_server(cmd, notebooks, f"http://127.0.0.1:{port}",
                          "/voila/static/voila.js", env=env)
    yield server
    server.stop()


@pytest.fixture
def student(browser: Browser) -> Iterator[list[BrowserContext]]:
    """Students' browsers, each with its own local storage; all closed after the test."""
    contexts: list[BrowserContext] = []
    yield contexts
    for context in contexts:
        context.close()


def new_student(browser: Browser, contexts: list[BrowserContext]) -> BrowserContext:
    context = browser.new_context(viewport=SCREEN)
    context.set_default_timeout(60_000)
    contexts.append(context)
    return context


def open_page(context: BrowserContext, server: Server, name: str) -> Page:
    page = context.new_page()
    page.goto(f"{server.url}/voila/render/{name}")
    wait_for_the_campaign(page, server)
    return page


def wait_for_the_campaign(page: Page, server: Server) -> None:
    """Wait while the page's kernel starts and finds its campaign (slow on a busy machine)."""
    try:
        expect(page.locator(".wt-arena")).to_be_visible(timeout=60_000)  # its campaign is open
    except AssertionError as e:
        given = page.evaluate("""() => [...document.querySelectorAll('.wt-browser-key input')]
            .map(box => box.getAttribute('data-given'))""")
        raise AssertionError(f"no campaign opened (the key box given: {given}); the page "
                             f"says {page.inner_text('body')[-500:]!r}; the server's log "
                             f"ends {server.log_tail(1500)}") from e


def level_button(page: Page, name: str) -> Locator:
    return page.locator(".wt-map").get_by_role("button", name=name, exact=True)


def open_levels(page: Page) -> list[str]:
    buttons = page.locator(".wt-map button:not([disabled])")
    return [" ".join(text.split()) for text in buttons.all_inner_texts()]


def win_with_the_meteor(page: Page, news: str) -> None:
    page.locator(".wt-main-button", has_text="Meteor").click()
    expect(page.locator(".wt-news")).to_contain_text(news)


def test_a_stale_tab_never_rolls_the_campaign_back_and_a_classmate_never_gets_in(
    browser: Browser, class_server: Server, student: list[BrowserContext]
) -> None:
    ada = new_student(browser, student)
    older = open_page(ada, class_server, WON_IN_ONE)
    expect(older.locator(".wt-arena-head")).to_have_text("Level 1: Boot Camp")
    newer = open_page(ada, class_server, WON_IN_ONE)
    newer.get_by_role("textbox", name="Your name").fill("Ada")
    newer.get_by_role("button", name="Name my campaign").click()
    expect(newer.locator(".wt-whose")).to_have_text("Ada's campaign")

    win_with_the_meteor(newer, "Level 1 cleared!")
    level_button(newer, "2. Harbour Docks").click()
    expect(newer.locator(".wt-arena-head")).to_have_text("Level 2: Harbour Docks")
    win_with_the_meteor(newer, "Level 2 cleared! Level 3, Jungle Outpost, is now open")

    assert open_levels(older) == ["1. Boot Camp"]  # left behind at level 1
    win_with_the_meteor(older, "You beat Sergeant Sandbag again!")  # saved at level 1
    furthest = ["1. Boot Camp ✓", "2. Harbour Docks ✓", "3. Jungle Outpost"]
    expect(older.locator(".wt-map button:not([disabled])")).to_have_count(3)
    assert open_levels(older) == furthest

    older.reload()  # the furthest progress is what was saved
    wait_for_the_campaign(older, class_server)
    expect(older.locator(".wt-arena-head")).to_have_text("Level 3: Jungle Outpost")
    assert open_levels(older) == furthest
    expect(older.locator(".wt-whose")).to_have_text("Ada's campaign")
    # The real notebook finds the same campaign by the browser's key: nothing typed.
    real = open_page(ada, class_server, "arsenal.ipynb")
    expect(real.locator(".wt-arena-head")).to_have_text("Level 3: Jungle Outpost")
    expect(real.locator(".wt-whose")).to_have_text("Ada's campaign")
    expect(real.locator(".wt-note", has_text="Your progress is saved")).to_have_text(
        "Your progress is saved for this browser after every match: come back in the same "
        "browser to carry on.")

    # Another student, on another laptop, types the same name.
    impostor = new_student(browser, student)
    theirs = open_page(impostor, class_server, "arsenal.ipynb")
    theirs.get_by_role("textbox", name="Your name").fill("Ada")
    theirs.get_by_role("button", name="Name my campaign").click()
    expect(theirs.locator(".wt-whose")).to_have_text("Ada's campaign")
    expect(theirs.locator(".wt-arena-head")).to_have_text("Level 1: Boot Camp")
    assert open_levels(theirs) == ["1. Boot Camp"]

    data = str(class_server.root.parent / "class-data")
    for page in (older, real, theirs):
        assert data not in page.content() and "class-data" not in page.content()

    # The name box sits at the top, its label and button read whole, at a laptop's size.
    button = real.get_by_role("button", name="Name my campaign")
    assert button.evaluate("b => b.scrollWidth <= b.clientWidth"), "the button's words are cut"
    label = real.locator(".wt-campaign .widget-label", has_text="Your name")
    assert label.evaluate("e => e.scrollWidth <= e.clientWidth"), "the label's words are cut"
    box, the_map = (real.locator(s).bounding_box() for s in (".wt-campaign", ".wt-map"))
    assert box is not None and the_map is not None and box["y"] < the_map["y"]
    assert box["y"] + box["height"] < SCREEN["height"] / 4
    ARTIFACTS.mkdir(exist_ok=True)
    real.screenshot(path=ARTIFACTS / "arsenal-campaign-ada.png")
    theirs.screenshot(path=ARTIFACTS / "arsenal-campaign-classmate.png")
    older.screenshot(path=ARTIFACTS / "arsenal-campaign-stale-tab.png")
