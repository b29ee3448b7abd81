from __future__ import annotations

import os
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, expect, sync_playwright
from servers import Server, chromium_missing, launch_chromium, start_lab, start_voila
from static_site import StaticSite, offline_site

# A page's words follow its kernel, which on a busy two-core machine (a CI host running the
# other tests beside these) can take well over Playwright's 5 s to answer.
expect.set_options(timeout=15_000)


@pytest.fixture(scope="session")
def voila_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    server = start_voila(tmp_path_factory.mktemp("voila"))
    yield server
    server.stop()


@pytest.fixture(scope="session")
def lab_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    server = start_lab(tmp_path_factory.mktemp("lab"))
    yield server
    server.stop()


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    # Read when Playwright starts, once a session: the static site's test watches a
    # service worker's requests too.
    os.environ["PW_EXPERIMENTAL_SERVICE_WORKER_NETWORK_EVENTS"] = "1"
    with sync_playwright() as p:
        # In CI (and `make test`, which installs it) a missing browser is a broken set-up;
        # elsewhere, plain pytest on a machine without one skips, saying why.
        if problem := chromium_missing():
            if os.environ.get("CI"):
                pytest.fail(problem, pytrace=False)
            pytest.skip(problem)
        b = launch_chromium(p)
        yield b
        b.close()


@pytest.fixture
def page(browser: Browser) -> Iterator[Page]:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    pg = context.new_page()
    pg.set_default_timeout(30_000)
    errors: list[str] = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    yield pg
    context.close()
    if errors:
        print("page errors:", *errors, sep="\n  ")


@pytest.fixture
def projector(browser: Browser) -> Iterator[Page]:
    """A page the size of a classroom projector, 1366x768, patient as a loaded machine."""
    context = browser.new_context(viewport={"width": 1366, "height": 768})
    pg = context.new_page()
    pg.set_default_timeout(60_000)
    yield pg
    context.close()


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory, browser: Browser) -> Iterator[StaticSite]:
    """The static site, served afresh for each module that opens its pages."""
    yield from offline_site(tmp_path_factory, browser)


@pytest.fixture
def checked(site: StaticSite) -> Iterator[StaticSite]:
    """The site, failing the test on any page error or outside request during it."""
    errors, outside = len(site.errors), len(site.outside)
    yield site
    assert site.errors[errors:] == [], "page errors"
    assert site.outside[outside:] == [], "requests outside 127.0.0.1"
