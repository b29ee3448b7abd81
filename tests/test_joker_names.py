"""Trade War's jokers, named by the teacher: the words change, never the game.

The golden game (seed 151, four players) plays both jokers and knocks a card out; played
in the app with the jokers renamed, every table and the log say the new names, and the
trace is the same, byte for byte, as the game played with the default names.
"""

from __future__ import annotations

import re

import pytest

from wartutor.core.errors import BadInput
from wartutor.core.trace import Trace
from wartutor.ui import trade_war_app
from wartutor.ui.joker_names import JokerNamesPanel, checked_names
from wartutor.ui.shell import GameApp

GOLDEN = {"players": 4, "turn_limit": 20}
TEXT_WORDS = re.compile(r"Mueller|Putin|[Aa]ssassin")


def _played(app: GameApp) -> GameApp:
    app.pace.value = "instant"
    while app.game.outcome is None:
        app.press("Play 10 choices")
    return app


def _every_table_and_log(app: GameApp) -> str:
    app.teacher_view.value = True  # the cited rules too
    assert app.timeline is not None
    seen = []
    for step in range(len(app.game.steps)):
        app.timeline.value = step
        seen += [app.table_html(), app.happened_text(), *app.log_texts(), *app.labels()]
    return "\n".join(seen)


def test_renamed_jokers_show_everywhere_and_the_trace_is_unchanged() -> None:
    default = _played(trade_war_app(seed=151, rules=GOLDEN))
    renamed = _played(trade_war_app(seed=151, rules=GOLDEN, joker_names=("Star", "Comet")))
    assert Trace.of(renamed.game).to_json() == Trace.of(default.game).to_json()
    words = _every_table_and_log(renamed)
    assert "Star" in words and "Comet" in words
    assert "knock out" in words and "Knocked out" in words
    assert not TEXT_WORDS.search(words)
    assert "Rebel" not in words and "Eraser" not in words
    # The default app says the neutral names, never the text's.
    default_words = _every_table_and_log(default)
    assert "Rebel" in default_words and "Eraser" in default_words
    assert not TEXT_WORDS.search(default_words)


def test_the_teacher_renames_the_jokers_in_the_app_mid_game() -> None:
    app = trade_war_app(seed=1, rules={"first_player": 0},
                        stacked=("PJ 2C 3C", "AS 7H 5D", "9C 9D"), pace="instant")
    app.choose("ask 1 7")
    app.press("Play 2♣")
    assert "Eraser: knock out 5♦" in app.labels()
    panel = next(c for c in app.children if isinstance(c, JokerNamesPanel))
    panel.mueller.value, panel.putin.value = "Star", "Comet"
    panel.use.click()
    assert "Comet: knock out 5♦" in app.labels()
    assert "Keep Comet for later" in app.labels()
    before = Trace.of(app.game).to_json()
    panel.text.click()  # the rule text's own names, with the gentle verb still
    assert "Putin: knock out 5♦" in app.labels()
    assert Trace.of(app.game).to_json() == before


def _rulings_words(app: GameApp) -> str:
    """The rulings panel as a teacher reads it: each question, its reason and its table."""
    menus = [menu.tooltip for menu in app.rulings.menus.values()]
    return "\n".join([*menus, app.rulings_text()])


def test_the_rulings_ask_about_the_jokers_by_the_names_in_play() -> None:
    app = trade_war_app(seed=1)
    words = _rulings_words(app)
    assert "Eraser" in words and "TW-PUTIN-WHO" in words  # the codes stay the text's
    assert not TEXT_WORDS.search(words.replace("TW-PUTIN", "TW-"))
    panel = next(c for c in app.children if isinstance(c, JokerNamesPanel))
    panel.mueller.value, panel.putin.value = "Star", "Comet"
    panel.use.click()
    renamed = _rulings_words(app)
    assert "Comet" in renamed and "Eraser" not in renamed


@pytest.mark.parametrize("mueller, putin", [
    ("<script>alert(1)</script>", "Comet"),
    ("Star", "Comet\u202e"),  # a bidi control turns the words around
    ("Star", ""),
    ("Star", "STAR"),
    ("Star", "x" * 500),
])
def test_a_bad_joker_name_is_refused_and_nothing_changes(mueller: str, putin: str) -> None:
    with pytest.raises(BadInput):
        checked_names(mueller, putin)
    app = trade_war_app(seed=1, pace="instant")
    panel = next(c for c in app.children if isinstance(c, JokerNamesPanel))
    panel.mueller.value, panel.putin.value = mueller, putin
    panel.use.click()
    assert "The jokers keep their names" in panel.message.value
    assert "<script>" not in panel.message.value

