"""A teacher's wrong position is refused in the class's language, with no English left;
what a notebook says of a simulation or a trace too.

The refusals are made to happen as a teacher typing a position would make them: from the
positions of played games, every key and every entry of every seat is left out, or given
a value of the wrong kind or out of range, a card is taken out of its place or put in a
second one, a key is added that no position has. Each refusal is then read as a Spanish
or German teacher would. What a refusal quotes of the position (its keys, such as
'to_choose', its stage names, actions and card codes) is the position's own data, the
same in every language, and left out of the check.
"""

from __future__ import annotations

import copy
import re
from collections.abc import Iterator
from functools import cache
from typing import Any

import pytest
from english import english_words

from wartutor.core.agents import random_agent
from wartutor.core.engine import Game
from wartutor.core.errors import BadInput
from wartutor.core.trace import Trace
from wartutor.explore import Table, simulate
from wartutor.language import LANGUAGES, SOURCE, speaking_language
from wartutor.ui.notebook import simulation_html, trace_html
from wartutor.ui.render import text_of
from wartutor.variants import VARIANTS, find_variant

TRANSLATED = sorted(code for code in LANGUAGES if code != SOURCE)
WRONG_VALUES: tuple[Any, ...] = ("jump", -1, 10**6, 1, 0, [], {}, None, True, False, "9S 9S",
                                 [0, 0], ["jump"])
# Quoted values, keys with an underscore, values with a dash ("all-cards", a card "RK-SF"),
# lists, and actions such as "up 7D" or "tie 1 up KD".
DATA = re.compile(r"'[^']*'|\"[^\"]*\"|\b\w*_\w*\b|\b\w+(?:-\w+)+\b|\[[^\]]*\]|"
                  r"\b(?:play|support|up|down|turned|cancel|ask|tie)\b(?= [0-9TJQKA])")
NAMES = ("Ana", "Ben", "Cleo", "Cho", "Dev", "NPC")


@cache
def positions(variant_name: str) -> tuple[dict[str, Any], ...]:
    """Positions at moments of a few played games: every few steps, and each end."""
    variant = find_variant(variant_name)
    found = []
    for seed in range(2):
        game = Game.new(variant, None, seed=seed)
        agents = [random_agent(p, seed) for p in range(len(variant.player_names(game.rules)))]
        while (decision := game.decision) is not None and len(game.steps) < 120:
            game = game.play(agents[decision.player](variant.view(game.state, decision.player),
                                                     decision))
        for step in game.steps[::25] + game.steps[-1:]:
            found.append(variant.position_of(step.state))
    return tuple(found)


def paths(value: Any, at: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """Every place in a position: each key of each table, each entry of each list."""
    entries = (value.items() if isinstance(value, dict) else
               enumerate(value) if isinstance(value, list) else ())
    for key, inner in entries:
        yield (*at, key)
        yield from paths(inner, (*at, key))


def put(position: dict[str, Any], path: tuple[Any, ...], value: Any) -> dict[str, Any]:
    changed = copy.deepcopy(position)
    place = changed
    for key in path[:-1]:
        place = place[key]
    if value is _LEFT_OUT and isinstance(place, dict):
        del place[path[-1]]
    elif value is not _LEFT_OUT:
        place[path[-1]] = value
    return changed


_LEFT_OUT = object()


def get(position: dict[str, Any], path: tuple[Any, ...]) -> Any:
    for key in path:
        position = position[key]
    return position


def wrong_positions(position: dict[str, Any],
                    seen: dict[tuple[Any, ...], list[Any]]) -> Iterator[dict[str, Any]]:
    """``position`` made wrong in each way a teacher's typing might: a value of the wrong
    kind, or one that ``seen`` shows in the same place at another moment of a game."""
    yield {**position, "jump": 1}
    places = list(paths(position))
    texts = [p for p in places if isinstance(get(position, p), str) and get(position, p)]
    for path in places:
        for value in (_LEFT_OUT, *WRONG_VALUES, *seen.get(path, ())):
            if value != get(position, path):
                yield put(position, path, value)
    for path in texts:
        codes = get(position, path).split()
        yield put(position, path, " ".join(codes[1:]))  # a card taken out
        yield put(position, path, " ".join(codes + codes[:1]))  # a card twice
        for other in texts[:4]:
            if other != path:  # a card put in a second place too
                yield put(position, other, f"{get(position, other)} {codes[0]}")


@cache
def refused(variant_name: str) -> dict[str, dict[str, Any]]:
    """Each English refusal of the wrong positions, with the first position that made it
    (worked out once for every language)."""
    variant = find_variant(variant_name)
    found: dict[str, dict[str, Any]] = {}
    seen: dict[tuple[Any, ...], list[Any]] = {}
    for position in positions(variant_name):
        for path in paths(position):
            values = seen.setdefault(path, [])
            if (value := get(position, path)) not in values and not isinstance(value, dict):
                values.append(value)
    for position in positions(variant_name):
        for wrong in wrong_positions(position, seen):
            try:
                Game.from_position(variant, None, wrong, seed=1)
            except BadInput as english:
                found.setdefault(str(english), wrong)
    return found


def refusals(variant_name: str, code: str) -> dict[str, str]:
    """Each refusal of the wrong positions, in ``code``: the English one to its words."""
    variant = find_variant(variant_name)
    said = {}
    for english, wrong in refused(variant_name).items():
        with speaking_language(code), pytest.raises(BadInput) as refusal:
            Game.from_position(variant, None, wrong, seed=1)
        said[english] = str(refusal.value)
    return said


@pytest.mark.parametrize("code", TRANSLATED)
@pytest.mark.parametrize("variant_name", list(VARIANTS))
def test_every_refusal_of_a_position_is_in_the_language(variant_name: str, code: str) -> None:
    said = refusals(variant_name, code)
    assert len(said) > 20, f"only {len(said)} refusals were made to happen"
    # A seat's marks ("out") and the keys of a table in the position (a tally's "battles")
    # are named as the position writes them, unquoted.
    keys = {path[-1] for position in positions(variant_name) for path in paths(position)
            if (len(path) == 3 and isinstance(get(position, path), bool))
            or (len(path) == 2 and isinstance(get(position, path[:1]), dict))}
    left = {english: words for english, words in said.items()
            if english_words(DATA.sub(" ", words), (*NAMES, *keys))}
    assert not left, f"{len(left)} of {len(said)} refusals with English, first: " + "\n".join(
        f"{words}  [{english_words(DATA.sub(' ', words), (*NAMES, *keys))}]"
        for words in list(left.values())[:8])


# What a notebook shows of a simulation and of a trace


@cache
def simulation(variant_name: str) -> Table:
    return simulate(variant_name, 12, seed=3, jobs=1, progress=False)


@pytest.mark.parametrize("code", TRANSLATED)
@pytest.mark.parametrize("variant_name", list(VARIANTS))
def test_a_notebook_s_simulation_and_trace_summaries_are_in_the_language(
        variant_name: str, code: str) -> None:
    table = simulation(variant_name)
    game = positions_game(variant_name)
    trace = Trace.of(game)
    english = (text_of(simulation_html(table)), text_of(trace_html(trace)))
    with speaking_language(code):
        said = (text_of(simulation_html(table)), "\n".join(table.summary()),
                text_of(trace_html(trace)),
                text_of(trace_html(Trace.of(Game.new(game.variant, None, seed=2)))))
    assert said[0] != english[0] and said[2] != english[1]
    # The table's data: its agents', columns' and records' names, its rulings' settings
    # and the actions of the trace, the same as to_csv() and the trace write them.
    data = (*table.agents, *(c.replace("_", " ") for c in table.columns),
            *(row.ending for row in table.rows), "win", "draw", "unfinished", *game.actions,
            *NAMES, variant_name)
    left = {words: found for words in said
            if (found := english_words(DATA.sub(" ", words), data))}
    assert not left, left


def positions_game(variant_name: str) -> Game[Any]:
    variant = find_variant(variant_name)
    game = Game.new(variant, None, seed=2)
    agents = [random_agent(p, 2) for p in range(len(variant.player_names(game.rules)))]
    while (decision := game.decision) is not None and len(game.steps) < 30:
        game = game.play(agents[decision.player](variant.view(game.state, decision.player),
                                                 decision))
    return game
