"""`make class` in a real browser: the class password, the start page in the teacher's
theme, a closed page's kernel freed, and the class board behind the teacher password, in
the teacher's language."""

from __future__ import annotations

import subprocess
import time
from collections.abc import Iterator

import pytest
from axe import serious_contrast
from playwright.sync_api import Browser, Page, expect
from servers import ARTIFACTS, CLASS_PASSWORD, TEACHER_PASSWORD, Server, start_class_server

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def class_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    server = start_class_server(tmp_path_factory.mktemp("class"), "--preheat",
                                "start.ipynb=1", "--theme", "dark")
    yield server
    server.stop()


def kernels(server: Server) -> int:
    found = subprocess.run(["pgrep", "-f", "-P", str(server.proc.pid), "ipykernel"],
                           capture_output=True, text=True).stdout
    return len(found.split())


def log_in(page: Page, password: str) -> None:
    page.locator("#password_input").fill(password)
    page.locator("#password_input").press("Enter")


def test_the_class_server_says_its_address_and_asks_for_the_password(
    page: Page, class_server: Server
) -> None:
    said = class_server.log.read_text()
    assert f"Class password: {CLASS_PASSWORD}" in said and "/voila/render/start.ipynb" in said
    assert "Plain HTTP" in said
    page.goto(f"{class_server.url}/voila/render/start.ipynb")
    expect(page.locator("#password_input")).to_be_visible(timeout=30_000)
    log_in(page, "wrong-password")
    expect(page.get_by_role("alert")).to_contain_text("not the password")
    log_in(page, CLASS_PASSWORD.replace("-", " ").title())  # as heard, not as spelled
    expect(page.locator(".wt-front")).to_be_visible(timeout=60_000)


def test_the_teachers_theme_reaches_every_page_and_a_page_cannot_ask_for_another(
    browser: Browser, class_server: Server
) -> None:
    context = browser.new_context(viewport={"width": 1366, "height": 768})
    page = context.new_page()
    page.goto(f"{class_server.url}/voila/render/start.ipynb?theme=light")
    log_in(page, CLASS_PASSWORD)
    expect(page.locator(".wt-front")).to_be_visible(timeout=60_000)
    assert page.locator("body").get_attribute("data-jp-theme-light") == "false"
    # The apps' words follow the theme: light text on the dark page, not dark on dark.
    ink = page.locator(".wt-front").evaluate(
        "e => getComputedStyle(e).color.match(/\\d+/g).slice(0, 3).map(Number)")
    assert sum(ink) / 3 > 150, ink
    assert serious_contrast(page) == []  # the doors and their links too
    ARTIFACTS.mkdir(exist_ok=True)
    page.locator(".wt-door-links").first.scroll_into_view_if_needed()
    page.screenshot(path=ARTIFACTS / "class_start_dark.png")
    context.close()


def test_a_closed_page_frees_its_kernel(browser: Browser, class_server: Server) -> None:
    context = browser.new_context()
    page = context.new_page()
    page.goto(f"{class_server.url}/voila/render/start.ipynb")
    log_in(page, CLASS_PASSWORD)
    expect(page.locator(".wt-front")).to_be_visible(timeout=60_000)
    before = kernels(class_server)
    page.close(run_before_unload=True)
    deadline = time.monotonic() + 20
    while kernels(class_server) >= before and time.monotonic() < deadline:
        time.sleep(0.3)
    assert kernels(class_server) < before, "the page's kernel was not shut down"
    context.close()


def test_the_class_board_opens_for_the_teacher_password_only(
    page: Page, class_server: Server
) -> None:
    board = f"{class_server.url}/voila/render/class_board.ipynb"
    page.goto(board)
    log_in(page, CLASS_PASSWORD)
    expect(page.get_by_role("heading", name="The class board is the teacher's")).to_be_visible()
    log_in(page, TEACHER_PASSWORD)
    expect(page.get_by_role("button", name="Refresh")).to_be_visible(timeout=60_000)
    # The teacher's own language, chosen on the board: its heading and buttons in it.
    page.locator(".wt-language select").select_option(label="Español")
    expect(page.get_by_role("button", name="Actualizar")).to_be_visible(timeout=60_000)
    expect(page.get_by_role("button", name="Liberar este asiento")).to_be_visible()
    expect(page.locator(".wt-title")).to_have_text("Panel de la clase")
