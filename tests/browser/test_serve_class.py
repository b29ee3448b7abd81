"""`make class` in a real browser: the class password, then the start page."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect
from servers import REPO, Server, copy_notebooks, free_port, start_server

pytestmark = pytest.mark.browser
PASSWORD = "tiger42"


@pytest.fixture(scope="module")
def class_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Server, str]]:
    workdir = tmp_path_factory.mktemp("class")
    notebooks = copy_notebooks(workdir)
    port = free_port()
    cmd = [sys.executable, "-m", "wartutor.serve", "--password", PASSWORD, "--port", str(port),
           "--rooms", f"sqlite://{workdir / 'rooms.sqlite3'}", "--notebooks", str(notebooks)]
    server = start_server(cmd, REPO, f"http://127.0.0.1:{port}", "/voila/static/voila.js")
    yield server, Path(server.log).read_text()
    server.stop()


def test_the_class_server_says_its_address_and_asks_for_the_password(
    page: Page, class_server: tuple[Server, str]
) -> None:
    server, said = class_server
    assert f"Password: {PASSWORD}" in said and "/voila/render/start.ipynb" in said
    page.goto(f"{server.url}/voila/render/start.ipynb")
    expect(page.locator("#password_input")).to_be_visible(timeout=30_000)
    page.locator("#password_input").fill("wrong1")
    page.locator("#password_input").press("Enter")
    expect(page.locator("#password_input")).to_be_visible()  # still at the door
    page.locator("#password_input").fill(PASSWORD)
    page.locator("#password_input").press("Enter")
    expect(page.locator(".wt-front")).to_be_visible(timeout=60_000)
