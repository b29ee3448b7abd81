"""Take a game home and bring it back: the Markdown record and the trace, every variant."""

from __future__ import annotations

import base64
import re
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from wartutor.core import Game, Trace, play_out
from wartutor.core.record import cited_rule, explanation, game_record
from wartutor.ui import (
    GameApp,
    arsenal_app,
    classic_war_app,
    guerrilla_tactics_app,
    trade_war_app,
    war_room_app,
)
from wartutor.variants import VARIANTS

STEPS = 8


def played(name: str, seed: int = 11) -> Game[Any]:
    """A few steps of the variant, every seat played by its first agent."""
    variant = VARIANTS[name]
    game = Game.new(variant, seed=seed)
    make = next(iter(variant.agents.values()))
    seats = range(len(variant.player_names(game.rules)))
    return play_out(game, {seat: make(seat, seed) for seat in seats}, max_steps=STEPS)


def app_of(name: str, tmp_path: Path) -> GameApp:
    if name == "arsenal":
        return arsenal_app(tmp_path, seed=3, pace="instant").match
    return {"classic_war": classic_war_app, "guerrilla_tactics": guerrilla_tactics_app,
            "war_room": war_room_app, "trade_war": trade_war_app}[name](seed=3)


@pytest.mark.parametrize("name", list(VARIANTS))
def test_the_record_holds_every_explanation_and_its_rule(name: str) -> None:
    game = played(name)
    record = game_record(game)
    assert f"# {game.variant.title}: a game record" in record
    assert f"Deal code: {name[:1].upper()}" in record
    for step in game.steps:
        for event in step.events:
            assert f"- {explanation(game, event, 0)} *({cited_rule(game, event)})*" in record
    assert record.count("### ") == len(game.steps)


@pytest.mark.parametrize("name", list(VARIANTS))
def test_export_then_import_gives_the_same_game(name: str, tmp_path: Path) -> None:
    game = played(name)
    app = app_of(name, tmp_path)
    app.open_trace(Trace.of(game).to_json())
    assert app.message_text() == ""
    assert app.game.actions[: len(game.actions)] == game.actions
    assert app.game.rules == game.rules and app.game.seed == game.seed
    app.timeline.value = 2  # the timeline picks any step of the opened game
    assert app.cursor == 2

    record, trace = app.take_home.files()
    assert Trace.from_json(trace).actions == app.game.actions[:2]
    assert "### Step 2" in record and "### Step 3" not in record


def test_the_download_links_carry_the_files(tmp_path: Path) -> None:
    app = classic_war_app(seed=8, pace="instant")
    for _ in range(3):
        app.press("Turn cards")
    app.take_home.make_files.click()
    links = dict(re.findall(r'download="([^"]+)" href="data:[^;]+;charset=utf-8;base64,([^"]+)"',
                            app.take_home.links.value))
    record = base64.b64decode(links["classic_war-record.md"]).decode()
    trace = base64.b64decode(links["classic_war-trace.json"]).decode()
    assert record == game_record(app.game)
    assert Trace.from_json(trace).replay().actions == app.game.actions


def test_an_uploaded_trace_opens_too() -> None:
    game = played("classic_war")
    app = classic_war_app(seed=1, pace="instant")
    content = Trace.of(game).to_json().encode()
    app.take_home.upload.value = ({"name": "t.json", "type": "application/json",
                                   "size": len(content), "content": memoryview(content),
                                   "last_modified": datetime.now(UTC)},)
    app.take_home.open_button.click()
    assert app.game.actions == game.actions


@pytest.mark.parametrize(("text", "says"), [
    ("", "there is no game to open"),
    ("{not json", "not valid JSON"),
    (Trace.of(played("trade_war")).to_json(), "a game of 'trade_war', not 'classic_war'"),
])
def test_a_bad_trace_changes_nothing(text: str, says: str) -> None:
    app = classic_war_app(seed=4, pace="instant")
    app.press("Turn cards")
    before = app.game
    app.open_trace(text)
    assert app.game is before
    assert says in app.message_text() and "Nothing was changed" in app.message_text()
