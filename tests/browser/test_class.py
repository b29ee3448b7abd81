"""Ready for a class, in a real browser: accessibility, keyboard, deal codes, take-home
files, large print, and a page that loses its kernel."""

from __future__ import annotations

import json
import re
import time
from pathlib import Path
from typing import Any

import pytest
from axe import serious_findings
from playwright.sync_api import Page, expect
from servers import Server
from test_browser_voila import battle_number, button, open_classic, wait_battle_change

import wartutor.variants  # noqa: F401  (a trace names its variant: register them)
from wartutor.core import Trace
from wartutor.ui.connection import LOST

pytestmark = pytest.mark.browser


# Each page, and something on it that shows its app has rendered.
PAGES = {
    "start": ".wt-front",
    "classic_war": ".wt-deal-code",
    "guerrilla_tactics": ".wt-deal-code",
    "war_room": ".wt-deal-code",
    "trade_war": ".wt-deal-code",
    "arsenal": ".wt-deal-code",
    "rule_explorer": ".wt-app",
}


@pytest.mark.parametrize("name", list(PAGES))
def test_axe_finds_nothing_serious_on_the_page(page: Page, voila_server: Server,
                                                name: str) -> None:
    page.goto(f"{voila_server.url}/voila/render/{name}.ipynb")
    expect(page.locator(PAGES[name]).first).to_be_visible(timeout=60_000)
    page.wait_for_timeout(500)  # the last widgets settle
    serious = serious_findings(page)
    assert not serious, "\n".join(serious)


def test_every_card_on_the_table_has_a_text_alternative(page: Page,
                                                        voila_server: Server) -> None:
    open_classic(page, voila_server)
    button(page, "Turn cards").click()
    cards = page.locator(".wt-table svg")
    expect(cards.first).to_be_visible()
    for label in [cards.nth(i).get_attribute("aria-label") for i in range(cards.count())]:
        assert label, "a card without a text alternative"


def test_turn_cards_works_from_the_keyboard(page: Page, voila_server: Server) -> None:
    open_classic(page, voila_server)
    battle = battle_number(page)
    for _ in range(60):  # Tab through the page's controls until Turn cards has the focus
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement?.innerText?.trim()") == "Turn cards":
            break
    else:
        pytest.fail("Tab never reached Turn cards")
    page.keyboard.press("Enter")
    battle = wait_battle_change(page, battle)
    # The battle plays out; then the focus is back on Turn cards, for the next key press.
    page.wait_for_function("document.activeElement?.innerText?.trim() === 'Turn cards'")
    page.keyboard.press("Space")
    wait_battle_change(page, battle)


def test_a_deal_code_typed_in_joins_that_deal(page: Page, voila_server: Server) -> None:
    open_classic(page, voila_server)
    page.locator(".wt-code-box input").fill("cw 2024 b3")
    button(page, "Join deal").click()
    expect(page.locator(".wt-deal-code")).to_have_text("Deal code: CW-2024-B3")
    expect(page.locator(".wt-seed input")).to_have_value("2024")

    page.locator(".wt-code-box input").fill("CW-2024-Q7")
    button(page, "Join deal").click()
    expect(page.locator(".wt-message")).to_contain_text("'Q' is not a ruling of Classic War")
    expect(page.locator(".wt-deal-code")).to_have_text("Deal code: CW-2024-B3")


def test_the_game_goes_home_and_comes_back(page: Page, voila_server: Server) -> None:
    open_classic(page, voila_server)
    battle = battle_number(page)
    for _ in range(2):
        button(page, "Turn cards").click()
        battle = wait_battle_change(page, battle)
    page.get_by_text("Take this game home, or open a saved one").click()
    button(page, "Make the files").click()
    with page.expect_download() as record:
        page.get_by_role("link", name="Download the record (.md)").click()
    text = Path(record.value.path()).read_text()
    assert "# Classic War: a game record" in text and "### Step 2" in text
    with page.expect_download() as saved:
        page.get_by_role("link", name="Download the trace (.json)").click()
    trace = Trace.from_json(Path(saved.value.path()).read_text())
    assert len(trace.actions) == 2

    button(page, "New round").click()  # the seed untouched: a fresh shuffled deal
    wait_battle_change(page, battle)  # back to battle 0
    page.locator(".wt-paste textarea").fill(trace.to_json())
    button(page, "Open the game").click()
    expect(page.locator(".wt-battle")).to_contain_text(f"Battle {battle} of")
    expect(page.locator(".wt-seed input")).to_have_value(str(trace.seed))


def test_large_print_makes_the_cards_bigger(page: Page, voila_server: Server) -> None:
    open_classic(page, voila_server)
    button(page, "Turn cards").click()
    # The app's own cards, not those of the worked example above it.
    expect(page.locator(".widget-vbox.wt-app .wt-laid svg.wt-card").first).to_be_visible()
    width_js = "document.querySelector('.widget-vbox.wt-app .wt-laid svg.wt-card').clientWidth"
    width = page.evaluate(width_js)
    button(page, "Large print").click()
    expect(page.locator(".wt-app.wt-large")).to_be_attached()
    page.wait_for_function(f"w => {width_js} > 1.3 * w", arg=width)


def test_a_page_whose_kernel_is_gone_says_so(page: Page, voila_server: Server) -> None:
    open_classic(page, voila_server)
    kernel = json.loads(page.locator("#jupyter-config-data").text_content() or "{}")["kernelId"]
    # Shut the kernel down as the culler does. Voilà's page has no XSRF cookie (voila
    # issue 1458), so the test sets a cookie and sends the same token.
    status = page.evaluate("""async (kernel) => {
        document.cookie = "_xsrf=wartutortest; path=/";
        const r = await fetch("/api/kernels/" + kernel,
                              {method: "DELETE", headers: {"X-XSRFToken": "wartutortest"}});
        return r.status;
    }""", kernel)
    assert status == 204
    notice = page.get_by_role("alertdialog")
    expect(notice).to_contain_text(LOST, timeout=15_000)
    expect(notice.get_by_role("button", name="Reload the page")).to_be_focused()
    assert re.search(r"wt-lost", page.locator("body").get_attribute("class") or "")


def test_a_closed_page_shuts_its_kernel_down_with_the_servers_token(
    browser: Any, voila_server: Server
) -> None:
    context = browser.new_context()
    page = context.new_page()
    page.goto(f"{voila_server.url}/voila/render/classic_war.ipynb")
    expect(button(page, "Turn cards")).to_be_visible(timeout=60_000)
    kernel = page.evaluate(
        "JSON.parse(document.getElementById('jupyter-config-data').textContent).kernelId")
    # The page asks the server for its XSRF cookie; the check itself stays on.
    page.wait_for_function("/\\b_xsrf=/.test(document.cookie)")
    page.close(run_before_unload=True)
    context.close()
    deadline = time.monotonic() + 10
    while f"Kernel shutdown: {kernel}" not in voila_server.log_tail(200_000):
        assert time.monotonic() < deadline, voila_server.log_tail()
        time.sleep(0.2)
    log = voila_server.log_tail(200_000)
    assert f"403 POST /voila/api/shutdown/{kernel}" not in log
