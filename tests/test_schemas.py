"""The JSON Schemas of traces and positions (wartutor/schemas) against the real thing.

Seeded games of all five variants, under several rulings and table sizes, are saved as
traces and written as positions at every step; each must be valid. A few malformed
documents must be invalid, and wartutor's own loaders must refuse them too, so that the
schemas and the loaders agree on what a broken file is.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Iterator
from typing import Any

import pytest
from jsonschema import Draft202012Validator
from moments import MOMENTS
from referencing import Registry, Resource

from wartutor.core import BadInput, Game, Trace, play_out, rulings_of
from wartutor.core.cards import codes
from wartutor.core.engine import Agent
from wartutor.schemas import (
    VARIANT_NAMES,
    all_schemas,
    position_file,
    position_schema,
    trace_schema,
)
from wartutor.variants import VARIANTS, find_variant

REGISTRY: Registry[Any] = Registry().with_resources(
    (uri, Resource.from_contents(schema)) for uri, schema in all_schemas().items()
)
TRACE = Draft202012Validator(trace_schema(), registry=REGISTRY)
POSITION = {name: Draft202012Validator(position_schema(name), registry=REGISTRY)
            for name in VARIANT_NAMES}

# Rulings and table sizes that change what a position holds (players, piles, declarations).
SETTINGS: dict[str, list[dict[str, Any]]] = {
    "classic_war": [{}, {"war_down": 3, "pickup": "shuffled"}, {"battle_limit": 40},
                    {"short_scope": "war", "both_short": "fewer-cards-loses"}],
    "guerrilla_tactics": [{}, {"players": 3}, {"players": 4, "declare": "everyone"},
                          {"players": 2, "two_player_deck": "one-suit", "skirmish_limit": 30}],
    "war_room": [{}, {"players": 3, "reactivate": "once-per-cycle"}, {"players": 5},
                 {"round_limit": 12}],
    "trade_war": [{}, {"players": 2}, {"players": 5, "putin_window": "everyone"},
                  {"players": 4, "battle_tie": "again", "end": "end-of-turn", "turn_limit": 30}],
    "arsenal": [{}, {"deck": "four-suits", "hand_size": 3}, {"dry": "pile-empty"},
                {"deck": "NK-SO RK-ML BW-PR DY-SD SH-SF CS-SF MT-SF KV-PR", "hand_size": 2}],
}
SEEDS = (0, 7, 2024)
MAX_STEPS = 400  # War Room runs about 1,000 rounds; 400 steps of it reach tie-breaks


def errors(validator: Draft202012Validator, document: object) -> list[str]:
    return [f"{'/'.join(map(str, e.absolute_path)) or '(top)'}: {e.message}"
            for e in validator.iter_errors(document)]


def played(name: str, settings: dict[str, Any], seed: int) -> Game[Any]:
    """A seeded game of ``name`` played by its agents (random and heuristic alternately)."""
    variant = find_variant(name)
    rules = variant.rules_type(**settings)
    agent_names = list(variant.agents)
    seats = len(variant.player_names(rules))
    agents: dict[int, Agent] = {
        p: variant.agents[agent_names[(p + seed) % len(agent_names)]](p, seed)
        for p in range(seats)}
    return play_out(Game.new(variant, rules, seed), agents, max_steps=MAX_STEPS)


def games() -> Iterator[tuple[str, Game[Any]]]:
    for name in VARIANT_NAMES:
        for settings in SETTINGS[name]:
            for seed in SEEDS:
                yield name, played(name, settings, seed)


# Played when a test first asks, not when the file is collected (every test worker collects
# every file).
@functools.cache
def seeded_games() -> list[tuple[str, Game[Any]]]:
    return list(games())


# The schemas themselves


@pytest.mark.parametrize("schema", list(all_schemas().values()), ids=list(all_schemas()))
def test_every_schema_is_a_valid_draft_2020_12_schema(schema: dict[str, Any]) -> None:
    Draft202012Validator.check_schema(schema)
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"


def test_a_schema_for_every_registered_variant_and_no_other() -> None:
    assert set(VARIANT_NAMES) == set(VARIANTS)
    assert trace_schema()["properties"]["variant"]["enum"] == list(VARIANTS)
    with pytest.raises(KeyError, match="no position schema"):
        position_file("snap")


def test_the_trace_schema_names_each_variants_rule_options() -> None:
    """Each variant's rule options, as the trace schema lists them, are its rulings'
    fields: a ruling added to the code fails here until the schema names it."""
    named = {}
    for branch in trace_schema()["allOf"]:
        variant = branch["if"]["properties"].get("variant")
        if variant:
            rules = branch["then"]["properties"]["rules"]
            named[variant["const"]] = rules["propertyNames"]["enum"]
            position = branch["then"]["properties"]["position"]["$ref"]
            assert position == position_schema(variant["const"])["$id"]
    assert named == {name: list(rulings_of(v.rules_type)) for name, v in VARIANTS.items()}


@pytest.mark.parametrize("name", VARIANT_NAMES)
def test_the_stages_a_variant_lists_are_the_stages_its_schema_allows(name: str) -> None:
    """The stages of ``variant.stages()`` (what a set-up editor offers) are exactly those the
    schema's 'stage' allows, each with its words."""
    stages = find_variant(name).stages()
    assert [s.name for s in stages] == position_schema(name)["properties"]["stage"]["enum"]
    assert all(s.what and s.needs for s in stages)


# Real traces and positions


def test_games_of_every_variant_and_table_size_were_played() -> None:
    kinds = {(name, len(game.variant.player_names(game.rules))) for name, game in seeded_games()}
    assert {name for name, _ in kinds} == set(VARIANT_NAMES)
    assert len(kinds) >= 12  # 2 to 5 seats where the variant allows them
    assert sum(game.outcome is not None for _, game in seeded_games()) >= 20


@pytest.mark.parametrize("name", VARIANT_NAMES)
def test_traces_of_seeded_games_are_valid(name: str) -> None:
    for game_name, game in seeded_games():
        if game_name == name:
            data = json.loads(Trace.of(game).to_json())
            assert data["version"] == 1
            assert errors(TRACE, data) == []


@pytest.mark.parametrize("name", VARIANT_NAMES)
def test_positions_at_every_step_of_seeded_games_are_valid(name: str) -> None:
    variant = find_variant(name)
    stages = set()
    checked = 0
    for game_name, game in seeded_games():
        if game_name != name:
            continue
        for step in (*game.steps[:60], *game.steps[60::5], game.steps[-1]):
            position = json.loads(json.dumps(variant.position_of(step.state)))
            found = errors(POSITION[name], position)
            assert found == [], (game.seed, game.rules, position, found)
            stages.add(position["stage"])
            checked += 1
    assert checked >= 150
    assert "over" in stages or name == "war_room"  # War Room's games outlast MAX_STEPS


@pytest.mark.parametrize("name", sorted(MOMENTS))
def test_positions_at_moments_where_nobody_chooses_are_valid(name: str) -> None:
    """Inside a step, between the choices: the start of a round, a draw, the comparison."""
    variant = find_variant(name)
    stages = set()
    for game_name, game in seeded_games():
        if game_name != name:
            continue
        for before, step in zip(game.steps[:40], game.steps[1:40], strict=False):
            for moment in MOMENTS[name](before.state, step.action):
                position = json.loads(json.dumps(variant.position_of(moment)))
                assert errors(POSITION[name], position) == [], position
                stages.add(position["stage"])
    assert {s.name for s in variant.stages() if not s.choice} - {"over"} <= stages


def test_classic_war_positions_at_a_war_are_valid() -> None:
    """A war inside a battle: the battle so far on the table, out of the decks."""
    checked = 0
    for game_name, game in seeded_games():
        if game_name != "classic_war":
            continue
        for step, after in zip(game.steps, game.steps[1:], strict=False):
            wars = after.state.wars - step.state.wars
            if wars:
                laid = 1 + (game.rules.war_down + 1) * (wars - 1)  # the last war's tie
                decks = step.state.decks
                position = {"stage": "war", "battles": step.state.battles,
                            "wars": step.state.wars + wars - 1,
                            "decks": {"you": codes(decks[0][laid:]),
                                      "computer": codes(decks[1][laid:])},
                            "last_battle": {"you": codes(decks[0][:laid]),
                                            "computer": codes(decks[1][:laid])},
                            "unclaimed": "", "winner": None, "ending": None}
                assert errors(POSITION["classic_war"], position) == []
                game.variant.from_position(game.rules, position, 0)
                checked += 1
    assert checked


@pytest.mark.parametrize("name", VARIANT_NAMES)
def test_traces_of_games_from_a_set_position_are_valid(name: str) -> None:
    """Version 2: a game started from the position of a played game's middle, played on."""
    variant = find_variant(name)
    for game_name, game in seeded_games()[::3]:
        if game_name != name or len(game.steps) < 6:
            continue
        middle = variant.position_of(game.steps[len(game.steps) // 2].state)
        restarted = Game.from_position(variant, game.rules, middle, seed=5)
        for action in game.actions[len(game.steps) // 2:][:10]:
            if restarted.decision is None or action not in restarted.decision.legal_actions:
                break
            restarted = restarted.play(action)
        data = json.loads(Trace.of(restarted).to_json())
        assert data["version"] == 2
        assert errors(TRACE, data) == []


STACKED = {
    "classic_war": ("9S 4C KD 2H", "9H 5D 7C 3S"),
    "guerrilla_tactics": ("2S 2H 9S", "AS 5H KD"),
    "war_room": ("SN SE", "SC SC"),
    "trade_war": ("AS 7C 2D", "7H 7D 3H 3D KC", "9C 9D"),
    "arsenal": ("KV-PR NK-SO", "RK-SF CS-ML", "", "npc"),
}
STACKED_RULES = {"war_room": {"first_player": 0},
                 "trade_war": {"players": 2, "first_player": 0}}


@pytest.mark.parametrize("name", VARIANT_NAMES)
def test_lessons_stacked_deals_are_valid_traces_and_positions(name: str) -> None:
    variant = find_variant(name)
    rules = variant.rules_type(**STACKED_RULES.get(name, {}))
    game = Game.new(variant, rules, seed=0, stacked=STACKED[name])
    data = json.loads(Trace.of(game).to_json())
    assert data["stacked"] == list(STACKED[name])
    assert errors(TRACE, data) == []
    position = variant.position_of(game.state)
    assert position.get("stacked") is True
    assert errors(POSITION[name], position) == []


# Malformed documents: invalid by the schema, refused by the loader


def a_trace(name: str = "classic_war") -> dict[str, Any]:
    game = next(game for game_name, game in seeded_games() if game_name == name)
    data: dict[str, Any] = json.loads(Trace.of(game.upto(3)).to_json())
    return data


def a_position(name: str) -> dict[str, Any]:
    game = next(game for game_name, game in seeded_games() if game_name == name)
    position: dict[str, Any] = find_variant(name).position_of(game.steps[2].state)
    return json.loads(json.dumps(position))


def changed(document: dict[str, Any], path: tuple[Any, ...], value: Any) -> dict[str, Any]:
    """A copy of ``document`` with the entry at ``path`` set to ``value`` (... : removed)."""
    copy = json.loads(json.dumps(document))
    *parents, last = path
    here = copy
    for key in parents:
        here = here[key]
    if value is ...:
        del here[last]
    else:
        here[last] = value
    return copy


BAD_TRACES = {
    "not a trace": ("format", "wartutor-game"),
    "an unknown version": ("version", 3),
    "version 2 without its position": ("version", 2),
    "an unknown variant": ("variant", "snap"),
    "a negative seed": ("seed", -1),
    "a seed past the largest": ("seed", 2**64),
    "no actions": ("actions", ...),
    "an action that is not text": ("actions", ["turn", 7]),
    "an action of 101 characters": ("actions", ["t" * 101]),
    "a rule option that is a list": ("rules", {"pickup": ["winner-first"]}),
    "stacked deal that is text": ("stacked", "9S 4C"),
}


@pytest.mark.parametrize("field, value", BAD_TRACES.values(), ids=list(BAD_TRACES))
def test_malformed_traces_are_invalid_and_refused(field: str, value: Any) -> None:
    bad = changed(a_trace(), (field,), value)
    assert errors(TRACE, bad) != []
    with pytest.raises(BadInput):
        Trace.from_json(json.dumps(bad))


def test_a_version_1_trace_with_a_position_and_an_unknown_rule_are_invalid_and_refused() -> None:
    good = a_trace()
    with_position = changed(good, ("position",), a_position("classic_war"))
    unknown_rule = changed(good, ("rules", "war_up"), 2)
    both = changed(changed(good, ("version",), 2), ("position",), a_position("classic_war"))
    both["stacked"] = ["9S", "9H"]
    for bad in (with_position, unknown_rule, both):
        assert errors(TRACE, bad) != []
        with pytest.raises(BadInput):
            Trace.from_json(json.dumps(bad))


def test_a_version_2_trace_holds_a_valid_position_of_its_variant() -> None:
    good = changed(changed(a_trace(), ("version",), 2), ("position",), a_position("classic_war"))
    good["actions"] = []
    assert errors(TRACE, good) == []
    Trace.from_json(json.dumps(good))
    bad = changed(good, ("position", "stage"), "peace")
    assert any(e.startswith("position/stage") for e in errors(TRACE, bad))
    with pytest.raises(BadInput):
        Trace.from_json(json.dumps(bad))


BAD_POSITIONS = {
    "classic_war": [(("stage",), "peace"), (("decks", "you"), "9S 9X"), (("turn",), 0),
                    (("winner",), ...), (("battles",), -1), (("decks", "dealer"), "")],
    "guerrilla_tactics": [(("guerrilla_rank",), 7), (("seats", 0, "table"), ["lay 9S"]),
                          (("seats", 0, "out"), "no"), (("seats",), []),
                          (("seats", 1, "colour"), "red"), (("skirmish",), 0)],
    "war_room": [(("stage",), "reveal"), (("draw",), "SC SN"), (("first",), 5),
                 (("declared",), ["attack", None]), (("collection",), ...),
                 (("revealed",), ["SC SN", None])],
    "trade_war": [(("stage",), "trade"), (("hands",), ["AS"]), (("asks",), "0 asks 1 for 1"),
                  (("instigator",), 5), (("tally",), {"asks": 0}), (("center",), "AS  KD")],
    "arsenal": [(("leader",), "computer"), (("hands", "you"), "NK-XX"), (("rounds",), ["you"]),
                (("pile",), None), (("round",), 0), (("captured",), {"you": ""})],
}


@pytest.mark.parametrize("name", VARIANT_NAMES)
def test_malformed_positions_are_invalid_and_refused(name: str) -> None:
    variant = find_variant(name)
    game = next(game for game_name, game in seeded_games() if game_name == name)
    good = a_position(name)
    assert errors(POSITION[name], good) == []
    for path, value in BAD_POSITIONS[name]:
        bad = changed(good, path, value)
        assert errors(POSITION[name], bad) != [], (path, value)
        with pytest.raises(BadInput):
            variant.from_position(game.rules, bad, 0)
