"""Every app on a classroom projector (1366x768): one screen, moments played out, large print.

Each app is opened in Voilà with its largest player count (a notebook written for the
test into the served folder), scrolled so the game is at the top, and checked: the
landmarks "Table", "Your choices" and "What just happened" lie inside the window before
and after a move; at normal pace the table changes moment by moment; with Large print
on, no two of the table's cards, labels and buttons overlap and none is clipped.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from itertools import pairwise

import pytest
from choices import ask_for_the_first_rank_that_may_be_asked, skip_to_my_turn
from playwright.sync_api import Page, expect
from servers import ARTIFACTS, Server, start_voila

pytestmark = pytest.mark.browser

WIDTH, HEIGHT = 1366, 768
# The largest table each app allows, on a fixed deal.
APPS = {
    "classic_war": "classic_war_app(seed=7)",
    "guerrilla_tactics": "guerrilla_tactics_app(seed=7, players=4)",
    "war_room": "war_room_app(seed=7, players=5)",
    "trade_war": "trade_war_app(seed=7, players=5)",
    "arsenal": "arsenal_app(seed=7, data_dir=__import__('tempfile').mkdtemp())",
}
THREE_PLAYERS = {
    "war_room": "war_room_app(seed=11, players=3)",
    "trade_war": "trade_war_app(seed=11, players=3)",
}
REGIONS = ("Table", "Your choices", "What just happened")

# The boxes of the table's cards, labels and buttons that are drawn (not hidden), and
# every pair of them that overlaps (neither inside the other) or is cut off.
LAYOUT_PROBLEMS = """() => {
  const region = document.querySelector('.wt-table-region');
  const side = document.querySelector('.wt-side');
  const atoms = [...region.querySelectorAll('svg, .wt-seat-name, figcaption, .wt-count'),
                 ...side.querySelectorAll('button')];
  const shown = atoms.filter(el => {
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== 'hidden';
  });
  const problems = [];
  const name = el => (el.getAttribute('aria-label') || el.textContent || el.tagName).trim();
  for (const el of shown) {
    if (el.scrollWidth > el.clientWidth + 1 && el.tagName !== 'svg') {
      problems.push('clipped: ' + name(el));
    }
    const r = el.getBoundingClientRect();
    if (r.right > window.innerWidth + 1) { problems.push('off screen: ' + name(el)); }
  }
  for (let i = 0; i < shown.length; i++) {
    for (let j = i + 1; j < shown.length; j++) {
      const a = shown[i], b = shown[j];
      if (a.contains(b) || b.contains(a)) { continue; }
      const p = a.getBoundingClientRect(), q = b.getBoundingClientRect();
      const dx = Math.min(p.right, q.right) - Math.max(p.left, q.left);
      const dy = Math.min(p.bottom, q.bottom) - Math.max(p.top, q.top);
      if (dx > 2 && dy > 2) { problems.push('overlap: ' + name(a) + ' / ' + name(b)); }
    }
  }
  return problems;
}"""


def notebook(code: str) -> str:
    """A notebook of one cell, as the app notebooks open: the game first."""
    cell = {"cell_type": "code", "execution_count": None, "id": "game", "metadata": {},
            "outputs": [], "source": f"from wartutor.ui import *\n\n{code}"}
    return json.dumps({"cells": [cell], "metadata": {}, "nbformat": 4, "nbformat_minor": 5})


@pytest.fixture(scope="module")
def projector_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    server = start_voila(tmp_path_factory.mktemp("projector"))
    for name, code in APPS.items():
        (server.root / f"largest_{name}.ipynb").write_text(notebook(code))
    for name, code in THREE_PLAYERS.items():
        (server.root / f"three_{name}.ipynb").write_text(notebook(code))
    yield server
    server.stop()


def open_app(page: Page, server: Server, notebook_name: str) -> None:
    page.goto(f"{server.url}/voila/render/{notebook_name}.ipynb")
    expect(page.locator(".wt-choices[role='region']").first).to_be_visible(timeout=90_000)
    # An app may open on the computers' first moves, played out: these tests start at rest.
    skip_to_my_turn(page)
    page.evaluate("document.querySelector('.wt-app').scrollIntoView()")


def outside_window(page: Page) -> list[str]:
    """The landmarks that do not lie wholly inside the window."""
    out = []
    for name in REGIONS:
        box = page.get_by_role("region", name=name, exact=True).first.bounding_box()
        assert box is not None, f"no {name!r} region on the page"
        if box["x"] < 0 or box["y"] < 0 or box["x"] + box["width"] > WIDTH + 1 or (
                box["y"] + box["height"] > HEIGHT + 1):
            out.append(f"{name} at {box}")
    return out


def first_choice(page: Page) -> None:
    """Press the first choice that can be pressed (a card, Turn cards, Activate, ...); in
    Trade War, whose asks are chosen from menus, ask for the first rank that may be asked."""
    choices = page.get_by_role("region", name="Your choices", exact=True)
    ready = choices.locator(".wt-main-button:not([disabled])").first
    page.wait_for_function("() => document.querySelector('.wt-choices .wt-main-button:not("
                           "[disabled])') || document.querySelector('.tw-ask-menu select')",
                           timeout=60_000)
    if not ask_for_the_first_rank_that_may_be_asked(page):
        ready.click()


def wait_for_your_turn(page: Page) -> None:
    page.get_by_role("button", name="Skip to my turn").first.click()
    expect(page.get_by_role("region", name="Your choices", exact=True).locator(
        ".wt-main-button:not([disabled])").first).to_be_visible()


@pytest.mark.parametrize("name", list(APPS))
def test_table_choices_and_explanation_fit_one_screen(
    projector: Page, projector_server: Server, name: str
) -> None:
    open_app(projector, projector_server, f"largest_{name}")
    assert outside_window(projector) == [], "before a move"
    live = projector.get_by_role("region", name="What just happened", exact=True)
    assert live.first.get_attribute("aria-live") == "polite"
    first_choice(projector)
    wait_for_your_turn(projector)
    projector.evaluate("document.querySelector('.wt-app').scrollIntoView()")
    assert outside_window(projector) == [], "after a move"
    ARTIFACTS.mkdir(exist_ok=True)
    projector.screenshot(path=ARTIFACTS / f"{name}-1366x768.png")


@pytest.mark.parametrize("name", ["classic_war", "guerrilla_tactics", "trade_war", "arsenal"])
def test_large_print_overlaps_nothing_and_clips_nothing(
    projector: Page, projector_server: Server, name: str
) -> None:
    # Two players (the notebooks' own tables for classic War and Arsenal).
    notebook_name = {"guerrilla_tactics": "largest_guerrilla_tactics"}.get(name, name)
    if name in ("guerrilla_tactics", "trade_war"):
        code = f"{name}_app(seed=7, players=2)"
        (projector_server.root / f"two_{name}.ipynb").write_text(notebook(code))
        notebook_name = f"two_{name}"
    open_app(projector, projector_server, notebook_name)
    projector.get_by_role("button", name="Large print").first.click()
    expect(projector.locator(".wt-app.wt-large").first).to_be_attached()
    projector.wait_for_timeout(300)
    assert projector.evaluate(LAYOUT_PROBLEMS) == []
    projector.evaluate("document.querySelector('.wt-app').scrollIntoView()")
    assert outside_window(projector) == [], "large print, two players"
    projector.screenshot(path=ARTIFACTS / f"{name}-large-1366x768.png")


@pytest.mark.parametrize("name", list(THREE_PLAYERS))
def test_the_computers_moves_play_out_on_the_table_one_moment_at_a_time(
    projector: Page, projector_server: Server, name: str
) -> None:
    open_app(projector, projector_server, f"three_{name}")
    table = projector.get_by_role("region", name="Table", exact=True).first
    said = projector.get_by_role("region", name="What just happened", exact=True).first
    first_choice(projector)
    expect(said).to_contain_text("Moment 1 of", timeout=15_000)
    seen: list[tuple[float, str]] = []
    start = time.monotonic()
    # Normal pace gives a moment 250 ms a word, at least 1.5 s: the moments shown ("Moment
    # 2 of 5") are read until the playback reaches your next choice.
    while time.monotonic() - start < 40 and len(seen) < 4:
        heading = said.inner_text().lower().split("\n")[0]
        if not seen or seen[-1][1] != heading:
            seen.append((time.monotonic() - start, heading))
        if "moment" not in heading:
            break  # the playback reached your next choice
        projector.wait_for_timeout(100)
    assert table.inner_text()
    # Each moment stays up at the pace of its words, never all at once (a playback of two
    # moments shows its first, then the table at rest).
    assert len(seen) >= 2, seen
    gaps = [b - a for (a, _), (b, _) in pairwise(seen)]
    assert all(gap > 0.5 for gap in gaps), gaps


@pytest.mark.parametrize("name", ["guerrilla_tactics", "war_room", "trade_war", "arsenal"])
def test_the_coach_draws_its_bars_under_the_table_and_the_choices_stay_in_view(
        projector: Page, projector_server: Server, name: str) -> None:
    open_app(projector, projector_server, f"largest_{name}")
    projector.get_by_role("button", name="Coach").first.click()
    bars = projector.locator(".wt-coach-row")
    expect(bars.first).to_be_visible(timeout=30_000)
    assert bars.count() >= 2
    first, side = bars.first.bounding_box(), projector.locator(".wt-side").bounding_box()
    assert first is not None and side is not None
    assert first["y"] + first["height"] <= HEIGHT  # the best choice's bar is on the screen
    assert first["x"] + first["width"] <= side["x"]  # under the table, not over the choices
    assert outside_window(projector) == []
    projector.screenshot(path=str(ARTIFACTS / f"coach_{name}.png"))
