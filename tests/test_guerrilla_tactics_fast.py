"""Guerrilla Tactics' fast path gives the very summary the traced engine gives, game for game.

``GUERRILLA_TACTICS.play_fast`` replays the rules on plain lists, with the agents'
choices made as agents.py makes them. Its summary (winners, ending, length in
skirmishes, every count) must equal ``play_one(..., traced=True)``'s: for every agent at
every seat of 2, 3 and 4 players, each setting of every ruling, a hypothesis-drawn cover
of the combinations of rulings, and seeds by the hundred, with and without a small
``max_length``.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wartutor.core.engine import Summary
from wartutor.core.rulings import rulings_of
from wartutor.explore.simulate import play_one
from wartutor.variants.guerrilla_tactics import GUERRILLA_TACTICS, GuerrillaRules

AGENTS = tuple(GUERRILLA_TACTICS.agents)
RULINGS = rulings_of(GuerrillaRules)


def traced(rules: GuerrillaRules, seed: int, agents: tuple[str, ...],
           max_length: int | None) -> Summary:
    return play_one("guerrilla_tactics", rules, seed, agents=agents, traced=True,
                    max_length=max_length)


def assert_same(rules: GuerrillaRules, seed: int, agents: tuple[str, ...],
                max_length: int | None) -> Summary:
    assert GUERRILLA_TACTICS.fast_refusal(rules, agents) is None
    fast = GUERRILLA_TACTICS.play_fast(rules, seed, agents, max_length)
    assert fast == traced(rules, seed, agents, max_length), (rules, seed, agents, max_length)
    return fast


def seatings(players: int) -> list[tuple[str, ...]]:
    """Every agent at every seat, and the agents taking turns round the table."""
    alternate = tuple(AGENTS[p % len(AGENTS)] for p in range(players))
    return [(name,) * players for name in AGENTS] + [alternate, alternate[::-1]]


SETTINGS = [(name, choice) for name, meta in RULINGS.items()
            if name not in ("players", "skirmish_limit")
            for choice in meta.choices if choice != getattr(GuerrillaRules(), name)]


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize(("ruling", "choice"), SETTINGS, ids=lambda x: str(x))
def test_each_ruling_and_agent_gives_the_traced_summary(
    players: int, ruling: str, choice: Any
) -> None:
    if ruling == "two_player_deck" and players != 2:
        pytest.skip("GT-SETUP is for two players only")
    rules = GuerrillaRules(players=players, **{ruling: choice})
    for i, agents in enumerate(seatings(players)):
        seed = 100 * players + 7 * i + len(ruling)
        assert_same(rules, seed, agents, max_length=None)
        assert_same(rules, seed + 1, agents, max_length=60)
        assert_same(rules, seed + 2, agents, max_length=5)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_whole_games_at_the_default_rulings_give_the_traced_summary(players: int) -> None:
    for seed in range(8):
        for agents in seatings(players):
            assert_same(GuerrillaRules(players=players), seed, agents, max_length=None)


@pytest.mark.parametrize(("players", "agents", "seed"), [
    (2, "heuristic", 78), (3, "random", 543), (4, "heuristic", 197), (4, "random", 100)])
def test_a_game_where_the_last_players_go_out_together(
    players: int, agents: str, seed: int
) -> None:
    summary = assert_same(GuerrillaRules(players=players), seed, (agents,) * players, None)
    assert summary.ending == "all-out" and summary.winners == ()


def test_the_skirmish_limit_gives_the_traced_summary() -> None:
    for seed in range(10):
        for agents in seatings(3):
            summary = assert_same(GuerrillaRules(players=3, skirmish_limit=200), seed, agents,
                                  max_length=None)
            assert summary.ending in ("limit", "last-standing", "all-out")


@pytest.mark.parametrize("max_length", [1, 2, 3, 8])
def test_a_small_max_length_stops_both_at_the_same_decision(max_length: int) -> None:
    for seed in range(6):
        for players in (2, 4):
            for agents in seatings(players):
                summary = assert_same(GuerrillaRules(players=players), seed, agents, max_length)
                assert summary.length >= max_length or summary.winners is not None


@st.composite
def tables(draw: st.DrawFn) -> tuple[GuerrillaRules, tuple[str, ...]]:
    """Any combination of rulings, any agent at each seat."""
    chosen: dict[str, Any] = {name: draw(st.sampled_from(meta.choices))
                              for name, meta in RULINGS.items()}
    if chosen["players"] != 2:
        chosen["two_player_deck"] = "two-suits"
    chosen["skirmish_limit"] = draw(st.sampled_from((None, 1000, 40, 3)))
    rules = GuerrillaRules(**chosen)
    return rules, tuple(draw(st.sampled_from(AGENTS)) for _ in range(rules.players))


@settings(max_examples=300, deadline=None)
@given(table=tables(), seed=st.integers(0, 2**64 - 1),
       max_length=st.sampled_from((None, 1, 4, 30, 300)))
def test_any_combination_of_rulings_gives_the_traced_summary(
    table: tuple[GuerrillaRules, tuple[str, ...]], seed: int, max_length: int | None
) -> None:
    rules, agents = table
    if rules.skirmish_limit is None and max_length is None:
        max_length = 3000  # without any limit a game may never end
    assert_same(rules, seed, agents, max_length)


def test_these_equal_games_reach_every_ending_and_every_count() -> None:
    """Not only the common paths: every ending, and every count above zero somewhere."""
    games: list[tuple[GuerrillaRules, int, tuple[str, ...], int | None]]
    games = [(GuerrillaRules(players=4), seed, agents, None)
             for seed in range(3) for agents in seatings(4)]
    games += [(GuerrillaRules(players=4), 100, ("random",) * 4, None),  # all out together
              (GuerrillaRules(skirmish_limit=3), 0, ("random",) * 2, None),
              (GuerrillaRules(), 0, ("heuristic",) * 2, 10)]
    seen: set[str] = set()
    for rules, seed, agents, max_length in games:
        summary = assert_same(rules, seed, agents, max_length)
        seen |= {summary.ending} | {name for name, value in summary.counts.items() if value}
    counts = GUERRILLA_TACTICS.play_fast(GuerrillaRules(), 0, ("random",) * 2, None).counts
    wanted = {"last-standing", "all-out", "limit", "unfinished", *counts}
    assert wanted <= seen, wanted - seen


def test_every_built_in_agent_has_a_fast_path_and_an_unknown_one_is_refused() -> None:
    for players in (2, 3, 4):
        for agents in seatings(players):
            assert GUERRILLA_TACTICS.fast_refusal(GuerrillaRules(players=players), agents) is None
    refused = GUERRILLA_TACTICS.fast_refusal(GuerrillaRules(), ("heuristic", "coach"))
    assert refused == "the fast path plays only the heuristic and random agents, not 'coach'"
