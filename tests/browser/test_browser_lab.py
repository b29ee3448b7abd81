"""JupyterLab smoke test: the notebook runs there too and its widgets render."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect
from servers import ARTIFACTS, Server

pytestmark = pytest.mark.browser


def run_all_cells(page: Page, url: str) -> None:
    """Open a notebook in Lab and run all its cells once its kernel is idle."""
    page.goto(url)
    expect(page.locator(".jp-Notebook").first).to_be_visible(timeout=60_000)
    # A notebook saved without kernel metadata asks for one: accept the default.
    dialog = page.locator(".jp-Dialog .jp-mod-accept")
    if dialog.count():
        dialog.first.click()
    # Run All before the kernel is up is silently ignored.
    idle = page.get_by_role("button", name=re.compile(r"Python 3.*\| Idle"))
    expect(idle).to_be_visible(timeout=60_000)
    page.locator(".lm-MenuBar-itemLabel", has_text="Run").first.click()
    run_all = page.get_by_role("menuitem", name="Run All Cells", exact=True)
    expect(run_all).to_be_enabled()
    run_all.click()


def test_classic_notebook_runs_in_lab(page: Page, lab_server: Server) -> None:
    run_all_cells(page, f"{lab_server.url}/lab/tree/classic_war.ipynb")
    turn = page.locator(".jp-OutputArea").get_by_role("button", name="Turn cards", exact=True)
    expect(turn).to_be_visible(timeout=60_000)
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=ARTIFACTS / "lab_classic_war.png")


def test_the_strategy_lab_runs_in_lab_its_tournaments_and_the_coach(
        page: Page, lab_server: Server) -> None:
    page.set_viewport_size({"width": 1366, "height": 768})
    # A workspace of its own: Lab would otherwise reopen the classic notebook beside it,
    # and Run All could reach a kernel that is not this notebook's.
    run_all_cells(page, f"{lab_server.url}/lab/workspaces/strategy/tree/strategy_lab.ipynb")
    outputs = page.locator(".jp-OutputArea")
    # The typo player's fault names what was allowed.
    expect(outputs.filter(has_text="2Z").first).to_be_visible(timeout=120_000)
    # Opening played no tournament: each waits for its button.
    runs = page.get_by_role("button", name="Run the tournament", exact=True)
    expect(runs).to_have_count(2)
    expect(outputs.filter(has_text="mine against heuristic")).to_have_count(0)
    runs.first.click()
    expect(outputs.filter(has_text="mine against heuristic").first).to_be_visible(
        timeout=60_000)
    # The coach plays by the rules: no fault of its own.
    runs.last.click()
    coach_cup = outputs.filter(has_text="mine against coach")
    expect(coach_cup.first).to_be_visible(timeout=120_000)
    expect(coach_cup.first).not_to_contain_text("Faults")
    page.screenshot(path=ARTIFACTS / "lab_strategy_lab.png")


def test_the_strategy_lab_in_voila_shows_the_code_and_where_to_edit_it(
        page: Page, voila_server: Server) -> None:
    page.set_viewport_size({"width": 1366, "height": 768})
    page.goto(f"{voila_server.url}/voila/render/strategy_lab.ipynb")
    run = page.get_by_role("button", name="Run the tournament", exact=True).first
    expect(run).to_be_visible(timeout=60_000)
    code = page.locator(".wt-lab pre").first
    expect(code).to_contain_text("def cheapest_winner(view, decision):")
    expect(page.locator(".wt-lab").first).to_contain_text(
        "open this notebook in JupyterLab (or the static site's JupyterLite) and edit the "
        "cell headed “A sample player”")
    expect(page.get_by_text("Run the cell below")).to_have_count(0)
    run.click()
    expect(page.locator(".wt-lab").first).to_contain_text("mine against heuristic",
                                                          timeout=60_000)
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=ARTIFACTS / "voila_strategy_lab.png")
