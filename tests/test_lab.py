"""The strategy lab's panel, pressed from Python: nothing plays until its button is pressed."""

from __future__ import annotations

from typing import Any

import pytest
from test_tournament import cheapest_winner

from wartutor.core import BadInput
from wartutor.language import speaking_language
from wartutor.ui.lab import RUN, tournament_panel


def typo(view: Any, decision: Any) -> str:
    return "play 2Z" if decision.kind == "play" else str(decision.legal_actions[0])


def test_opening_the_lab_plays_nothing_and_the_button_plays_the_tournament() -> None:
    lab = tournament_panel({"mine": cheapest_winner, "random": "random"}, deals=2,
                           code=(cheapest_winner,), cell="A sample player")
    assert lab.last is None and lab.result_text() == ""
    assert f"Press {RUN}" in lab.status.value
    lab.button.click()
    assert lab.last is not None and lab.last.deals == 2
    assert "mine against random" in lab.result_text()
    lab.deals.value = 3  # a second run plays the deals asked for now
    lab.press(RUN)
    assert lab.last.deals == 3


def test_the_code_is_shown_with_where_to_edit_it() -> None:
    lab = tournament_panel({"mine": cheapest_winner, "random": "random"},
                           code=(cheapest_winner,), cell="A sample player")
    shown = lab.code_text()
    assert "def cheapest_winner(view: Any, decision: Decision) -> str:" in shown
    assert ("open this notebook in JupyterLab (or the static site's JupyterLite) and edit the "
            "cell headed “A sample player”") in shown


def test_the_cell_to_edit_is_named_by_its_heading_in_the_pages_language() -> None:
    """The notebook's heading is its lesson's, said in the language (wartutor.ui.lessons)."""
    with speaking_language("de"):
        lab = tournament_panel({"mine": cheapest_winner, "random": "random"},
                               code=(cheapest_winner,), cell="A sample player")
        assert "die Zelle mit der Überschrift „Ein Beispielspieler“" in lab.code_text()


def test_a_faulty_player_is_reported_and_the_panel_goes_on() -> None:
    lab = tournament_panel({"typo": typo, "random": "random"}, deals=1)
    lab.press(RUN)
    assert "2Z" in lab.result_text() and not lab.button.disabled


def test_pressing_a_button_that_is_not_there_is_refused() -> None:
    lab = tournament_panel({"typo": typo, "random": "random"}, deals=1)
    with pytest.raises(BadInput, match="Run the tournament"):
        lab.press("Run the coach")
