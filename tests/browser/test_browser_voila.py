"""The Voilà apps in a real browser: the wiring, not the rules (those are tested in Python)."""

from __future__ import annotations

import re
import urllib.request

import pytest
from playwright.sync_api import Locator, Page, expect
from servers import ARTIFACTS, Server

pytestmark = pytest.mark.browser


def button(page: Page, name: str) -> Locator:
    return page.get_by_role("button", name=name, exact=True)


def battle_number(page: Page) -> int:
    text = page.locator(".wt-battle").first.inner_text()
    m = re.search(r"Battle\s+(\d+)", text)
    assert m, f"no battle number in .wt-battle text {text!r}"
    return int(m.group(1))


def counts(page: Page) -> list[int]:
    texts = page.locator(".wt-count").all_inner_texts()
    assert len(texts) >= 2, f"expected a .wt-count per player, got {texts!r}"
    numbers = [re.search(r"\d+", t) for t in texts]
    assert all(numbers), f"a .wt-count without a number: {texts!r}"
    return [int(m.group()) for m in numbers if m]


def wait_battle_change(page: Page, before: int) -> int:
    page.wait_for_function(
        """before => {
            const text = document.querySelector('.wt-battle')?.innerText ?? '';
            const m = /Battle\\s+(\\d+)/.exec(text);
            return m && Number(m[1]) !== before;
        }""",
        arg=before,
    )
    return battle_number(page)


def open_classic(page: Page, server: Server) -> None:
    page.goto(f"{server.url}/voila/render/classic_war.ipynb")
    expect(button(page, "Turn cards")).to_be_visible(timeout=60_000)


def test_landing_page_links_to_classic_app(page: Page, voila_server: Server) -> None:
    page.goto(f"{voila_server.url}/voila/render/start.ipynb")
    link = page.locator('a[href$="classic_war.ipynb"]').first
    expect(link).to_be_visible(timeout=60_000)
    link.click()
    expect(page).to_have_url(re.compile(r"/voila/render/classic_war\.ipynb$"))
    expect(button(page, "Turn cards")).to_be_visible(timeout=60_000)


def test_classic_app_plays_undoes_and_screenshots(page: Page, voila_server: Server) -> None:
    open_classic(page, voila_server)
    for name in ("Play 10 battles", "New round", "Undo", "Redo"):
        expect(button(page, name)).to_be_visible()
    for cls in (".wt-banner", ".wt-timeline", ".wt-seed"):
        expect(page.locator(cls).first).to_be_attached()

    log_before = page.locator(".wt-log-entry").count()
    counts_before = counts(page)
    battle = battle_number(page)
    for _ in range(3):
        # A war's moments play at reading pace before the choice comes back: minutes, on
        # a loaded machine, not the page's 30 s.
        button(page, "Turn cards").click(timeout=120_000)
        battle = wait_battle_change(page, battle)
    assert page.locator(".wt-log-entry").count() > log_before
    assert counts(page) != counts_before

    button(page, "Play 10 battles").click()
    wait_battle_change(page, battle)  # the first of the ten battles, played out
    button(page, "Skip to my turn").click()
    page.wait_for_function(
        "b => Number(/Battle\\s+(\\d+)/.exec(document.querySelector('.wt-battle').innerText)[1])"
        " >= b + 10 || document.querySelector('.wt-banner')?.innerText.trim()", arg=battle)
    after_ten = battle_number(page)
    banner = page.locator(".wt-banner").first.inner_text().strip()
    assert after_ten == battle + 10 or banner, (battle, after_ten, banner)

    button(page, "Undo").click()
    assert wait_battle_change(page, after_ten) == after_ten - 1

    ARTIFACTS.mkdir(exist_ok=True)
    # The app alone, whole: Voilà scrolls inside its own container, not the page.
    page.set_viewport_size({"width": 1280, "height": 1600})
    app = page.locator(".jp-OutputArea-output", has=button(page, "Turn cards"))
    app.screenshot(path=ARTIFACTS / "classic_war.png")


def test_voila_reads_the_repo_serving_config(voila_server: Server) -> None:
    # Culling is what keeps a class's closed pages from piling up kernels; the culler
    # starts with the first kernel.
    with urllib.request.urlopen(f"{voila_server.url}/voila/render/start.ipynb", timeout=60):
        pass
    assert "Culling kernels with idle durations" in voila_server.log.read_text()
