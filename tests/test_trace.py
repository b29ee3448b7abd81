"""Traces: a game is its seed, its rules and its actions; saved as JSON, replayed exactly."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from wartutor.core import BadInput, Game, Trace, play_out
from wartutor.core.agents import first_legal
from wartutor.variants import VARIANTS
from wartutor.variants.classic_war import CLASSIC_WAR, ClassicRules

ROOT = Path(__file__).resolve().parents[1]
RULES = ClassicRules(pickup="shuffled", war_down=3, battle_limit=200)


def a_game(seed: int = 2024, battles: int = 80, rules: ClassicRules = RULES) -> Game[Any]:
    return play_out(Game.new(CLASSIC_WAR, rules, seed), {0: first_legal}, max_steps=battles)


def a_trace(**changes: Any) -> dict[str, Any]:
    """A saved trace as JSON data, with some fields changed (None: removed)."""
    data = json.loads(Trace.of(a_game(battles=5)).to_json())
    for name, value in changes.items():
        if value is None:
            del data[name]
        else:
            data[name] = value
    return data


def told(game: Game[Any]) -> str:
    """Everything the tutor said in a game, step by step."""
    return "\n".join(
        f"{step.action}: {CLASSIC_WAR.explain(e)}" for step in game.steps for e in step.events
    )


# Saving, loading and replaying


def test_a_saved_trace_loads_back_equal() -> None:
    trace = Trace.of(a_game())
    assert Trace.from_json(trace.to_json()) == trace
    assert trace.variant == "classic_war" and trace.seed == 2024
    assert trace.rules == {"pickup": "shuffled", "war_down": 3, "battle_limit": 200,
                           "short_scope": "game", "both_short": "draw"}
    assert trace.actions == ("turn",) * 80


def test_the_file_says_what_it_is() -> None:
    data = json.loads(Trace.of(a_game(battles=2)).to_json())
    assert data == {
        "format": "wartutor-trace", "version": 1, "variant": "classic_war", "seed": 2024,
        "rules": {"pickup": "shuffled", "war_down": 3, "battle_limit": 200,
                  "short_scope": "game", "both_short": "draw"},
        "stacked": None, "actions": ["turn", "turn"],
    }


def test_replaying_a_loaded_trace_gives_identical_steps(tmp_path: Path) -> None:
    game = a_game()
    Trace.of(game).save(tmp_path / "game.json")
    replayed = Trace.load(tmp_path / "game.json").replay()
    assert replayed.rules == game.rules and replayed.seed == game.seed
    assert len(replayed.steps) == len(game.steps) == 81
    for original, again in zip(game.steps, replayed.steps, strict=True):
        assert again.action == original.action
        assert again.events == original.events
        assert again.state == original.state


def test_a_finished_game_replays_to_the_same_ending() -> None:
    game = play_out(Game.new(CLASSIC_WAR, ClassicRules(), 26), {0: first_legal})
    assert game.outcome is not None
    replayed = Trace.from_json(Trace.of(game).to_json()).replay()
    assert replayed.outcome == game.outcome
    assert told(replayed) == told(game)


def test_a_stacked_game_replays_from_its_stacked_deal() -> None:
    game = Game.new(CLASSIC_WAR, ClassicRules(), 1, stacked=("9S 4C KD 2H", "9H 5D 7C 3S"))
    game = game.play("turn").play("turn")
    trace = Trace.from_json(Trace.of(game).to_json())
    assert trace.stacked == ("9S 4C KD 2H", "9H 5D 7C 3S")
    assert trace.replay().steps == game.steps


def test_no_battle_limit_is_saved_as_null_and_read_back_as_none() -> None:
    game = a_game(battles=3, rules=ClassicRules(battle_limit=None))
    text = Trace.of(game).to_json()
    assert json.loads(text)["rules"]["battle_limit"] is None
    assert Trace.from_json(text).replay().rules.battle_limit is None


def test_the_same_seed_gives_the_same_game_in_a_fresh_process() -> None:
    program = (
        "from wartutor.core import Game, Trace, play_out\n"
        "from wartutor.core.agents import first_legal\n"
        "from wartutor.variants.classic_war import CLASSIC_WAR, ClassicRules\n"
        "rules = ClassicRules(pickup='shuffled', war_down=3, battle_limit=200)\n"
        "game = play_out(Game.new(CLASSIC_WAR, rules, 2024), {0: first_legal}, max_steps=80)\n"
        "print(Trace.of(game).to_json())\n"
        "for step in game.steps:\n"
        "    for e in step.events:\n"
        "        print(f'{step.action}: {CLASSIC_WAR.explain(e)}')\n"
    )
    env = {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONHASHSEED": "12345"}
    out = subprocess.run(
        [sys.executable, "-c", program], env=env, cwd=ROOT, capture_output=True, text=True,
        check=True, timeout=60,
    ).stdout
    game = a_game()
    assert out == f"{Trace.of(game).to_json()}\n{told(game)}\n"
    assert "War: each side lays 3 cards face down" in out


# Refusing a bad file: what is wrong, and what is allowed


def refusal(text: str) -> str:
    with pytest.raises(BadInput) as refused:
        Trace.from_json(text).replay()
    message = str(refused.value)
    assert ". Allowed: " in message
    return message


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("{not json", "the trace is not valid JSON"),
        ("", "the trace is not valid JSON"),
        ("[1, 2]", 'this file is not a wartutor trace. Allowed: a JSON object with "format"'),
        (json.dumps({"format": "chess-pgn"}), "this file is not a wartutor trace"),
        (json.dumps(a_trace(format=None)), "this file is not a wartutor trace"),
        (json.dumps(a_trace(version=2)), "trace version 2 is not supported. Allowed: version 1."),
        (json.dumps(a_trace(version="1")), "trace version '1' is not supported"),
        (json.dumps(a_trace(version=None)), "trace version None is not supported"),
    ],
)
def test_a_file_that_is_not_a_trace_of_this_version_is_refused(text: str, says: str) -> None:
    assert says in refusal(text)


@pytest.mark.parametrize("name", ["variant", "seed", "rules", "actions"])
def test_a_missing_field_is_named(name: str) -> None:
    message = refusal(json.dumps(a_trace(**{name: None})))
    assert f"the trace's {name!r} field is missing" in message
    assert f"Allowed: {name!r} as a JSON" in message


@pytest.mark.parametrize(
    ("changes", "says"),
    [
        ({"seed": "2024"}, "the trace's 'seed' field is missing or not"),
        ({"seed": -1}, "-1 cannot be a seed. Allowed: a whole number from 0 to"),
        ({"seed": True}, "True cannot be a seed"),
        ({"seed": 2024.0}, "the trace's 'seed' field is missing or not"),
        ({"rules": ["war_down", 3]}, "the trace's 'rules' field is missing or not"),
        ({"actions": "turn"}, "the trace's 'actions' field is missing or not"),
        ({"actions": ["turn", 7]}, "the trace's actions are not all text. Allowed: a list"),
        ({"variant": 1}, "the trace's 'variant' field is missing or not"),
        ({"stacked": "9S KD"}, "the trace's 'stacked' field is malformed"),
        ({"stacked": [["9S"], ["9H"]]}, "the trace's 'stacked' field is malformed"),
    ],
)
def test_a_field_of_the_wrong_type_is_named(changes: dict[str, Any], says: str) -> None:
    assert says in refusal(json.dumps(a_trace(**changes)))


@pytest.mark.parametrize(
    ("changes", "says"),
    [
        ({"variant": "poker"},
         f"there is no variant called 'poker'. Allowed: {', '.join(VARIANTS)}."),
        ({"rules": {"war_down": 4}},
         "ruling CW-WAR-DOWN (war_down) cannot be 4. Allowed: 1, 2, 3."),
        ({"rules": {"battle_limit": 0}}, "ruling CW-LIMIT (battle_limit) cannot be 0"),
        ({"rules": {"war_down": True}}, "ruling CW-WAR-DOWN (war_down) cannot be True"),
        ({"rules": {"pikup": "shuffled"}},
         "'pikup' is not a rule option of ClassicRules. Allowed: pickup, war_down, "
         "battle_limit, short_scope, both_short."),
        ({"stacked": ["9S 9X", "9H"]}, "'9X' is not a card"),
        ({"stacked": ["9S 9H", "9H"]}, "a card appears twice in the stacked deal: 9H"),
        ({"actions": ["turn", "jump"]},
         "the trace cannot be replayed: step 2 ('jump') is refused: 'jump' is not a legal "
         "choice now. Allowed: 'turn'."),
    ],
)
def test_a_trace_with_an_unknown_variant_ruling_or_action_is_refused(
    changes: dict[str, Any], says: str
) -> None:
    assert says in refusal(json.dumps(a_trace(**changes)))


def test_an_action_after_the_game_ended_is_refused() -> None:
    game = Game.new(CLASSIC_WAR, ClassicRules(), 1, stacked=("KS 2S", "3H")).play("turn")
    data = json.loads(Trace.of(game).to_json())
    data["actions"].append("turn")
    message = refusal(json.dumps(data))
    assert message.startswith("the trace cannot be replayed: step 2 ('turn') is refused: "
                              "no action is due: You hold all 3 cards: you win the game.")
    assert message.endswith("Allowed: nothing: the game is over; start a new deal.")


@pytest.mark.parametrize(
    "changes",
    [{"variant": "poker"}, {"rules": {"war_down": 4}}, {"actions": ["turn", "jump"]}],
)
def test_loading_alone_refuses_a_tampered_trace(changes: dict[str, Any]) -> None:
    with pytest.raises(BadInput):
        Trace.from_json(json.dumps(a_trace(**changes)))


@pytest.mark.parametrize("version", [True, 1.0])
def test_a_version_must_be_the_number_one(version: Any) -> None:
    with pytest.raises(BadInput, match="version"):
        Trace.from_json(json.dumps(a_trace(version=version)))


# A refused action changes nothing


def test_an_action_when_none_is_due_leaves_the_game_unchanged() -> None:
    game = Game.new(CLASSIC_WAR, ClassicRules(), 1, stacked=("KS 2S", "3H")).play("turn")
    steps = game.steps
    with pytest.raises(BadInput, match="no action is due"):
        game.play("turn")
    assert game.steps is steps and game.decision is None
    assert Trace.of(game).actions == ("turn",)


def test_an_illegal_action_leaves_the_game_unchanged() -> None:
    game = a_game(battles=3)
    state, steps = game.state, game.steps
    for action in ("jump", "", "TURN", "turn\n"):
        with pytest.raises(BadInput, match="Allowed: 'turn'"):
            game.play(action)
    assert game.state is state and game.steps is steps
    assert game.play("turn").state == a_game(battles=4).state
