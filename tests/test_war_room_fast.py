"""War Room's fast path gives the very summary the traced engine gives, game for game.

``WAR_ROOM.play_fast`` replays the rules on plain lists, with the agents' choices made
as agents.py makes them. For every agent at every seat, every combination of the
rulings, every table size, decks drawn at random and seeds by the hundred, its summary
(winners, ending, length in rounds, every count) must equal ``play_one(...,
traced=True)``'s. ``max_length`` keeps the traced games short, and is itself tested.
"""

from __future__ import annotations

import itertools

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from wartutor.core.engine import Summary
from wartutor.core.errors import BadInput
from wartutor.explore.simulate import play_one
from wartutor.variants.war_room import WAR_ROOM, Deck, RoomCard, WarRoomRules, to_toml
from wartutor.variants.war_room.deck import KINDS, TARGETS, Instruction

AGENTS = tuple(WAR_ROOM.agents)
RULINGS = {
    "reactivate": ("every-step", "once-per-cycle"),
    "extreme_tie": ("chooser", "all"),
    "stalemate_when": ("no-change", "same-tie"),
    "stalemate": ("random", "void"),
}
COMBINATIONS = [dict(zip(RULINGS, values, strict=True))
                for values in itertools.product(*RULINGS.values())]


def traced(rules: WarRoomRules, seed: int, agents: tuple[str, ...],
           max_length: int | None) -> Summary:
    return play_one("war_room", rules, seed, agents=agents, traced=True, max_length=max_length)


def assert_same(rules: WarRoomRules, seed: int, agents: tuple[str, ...],
                max_length: int | None) -> Summary:
    assert WAR_ROOM.fast_refusal(rules, agents) is None
    fast = WAR_ROOM.play_fast(rules, seed, agents, max_length)
    assert fast == traced(rules, seed, agents, max_length), (rules, seed, agents, max_length)
    return fast


def seatings(players: int) -> list[tuple[str, ...]]:
    """Every agent at every seat, and the agents taking turns round the table."""
    alternate = tuple(AGENTS[p % len(AGENTS)] for p in range(players))
    return [(name,) * players for name in AGENTS] + [alternate, alternate[::-1]]


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("rulings", COMBINATIONS, ids=lambda r: "-".join(r.values()))
def test_every_ruling_and_agent_gives_the_traced_summary(
    players: int, rulings: dict[str, str]
) -> None:
    for i, agents in enumerate(seatings(players)):
        seed = 1000 * players + 17 * i
        first = "random" if i % 2 else players - 1
        rules = WarRoomRules(players=players, first_player=first, **rulings)
        assert_same(rules, seed, agents, max_length=25)
        assert_same(rules, seed + 1, agents, max_length=40)
        assert_same(rules, seed + 2, agents, max_length=4)


def test_whole_games_at_the_default_rulings_give_the_traced_summary() -> None:
    endings = set()
    for seed in range(4):
        for agents in seatings(2):
            endings.add(assert_same(WarRoomRules(), seed, agents, max_length=None).ending)
    assert "last-player" in endings


def test_the_game_limit_gives_the_traced_summary() -> None:
    for seed in range(6):
        rules = WarRoomRules(players=3, round_limit=20)
        summary = assert_same(rules, seed, ("random",) * 3, max_length=None)
        assert summary.ending in ("unfinished", "last-player")


@pytest.mark.parametrize("max_length", [1, 2, 3, 10])
def test_a_small_max_length_stops_both_at_the_same_decision(max_length: int) -> None:
    for seed in range(5):
        for agents in seatings(2):
            summary = assert_same(WarRoomRules(), seed, agents, max_length)
            assert summary.winners is None and summary.length >= max_length


# Any deck: a deck file is data, so the fast path must play whatever cards it holds.


@st.composite
def instructions(draw: st.DrawFn) -> Instruction:
    kind = draw(st.sampled_from(KINDS))
    return Instruction(kind, draw(st.integers(-6, 6).filter(bool)),
                       draw(st.sampled_from(TARGETS[kind])), draw(st.booleans()))


@st.composite
def decks(draw: st.DrawFn, players: int) -> str:
    """Two to five kinds of card, some without an activation, dealing 10 to 13 each."""
    kinds = draw(st.integers(2, 5))
    cards = tuple(RoomCard(f"K{i}", f"Kind {i}", draw(st.integers(-3, 12)),
                           tuple(draw(st.lists(instructions(), max_size=3))))
                  for i in range(kinds))
    copies = draw(st.lists(st.integers(1, 12), min_size=kinds, max_size=kinds))
    size = players * draw(st.integers(10, 13))
    copies[-1] += max(0, size - sum(copies))
    copies[-1] += -sum(copies) % players
    return to_toml(Deck("Drawn", "", cards, tuple(copies)))


@st.composite
def tables(draw: st.DrawFn) -> tuple[WarRoomRules, tuple[str, ...]]:
    players = draw(st.integers(2, 5))
    rules = WarRoomRules(
        players=players, deck=draw(decks(players)),
        first_player=draw(st.sampled_from(["random", *range(players)])),
        round_limit=draw(st.sampled_from([None, 5000, 9])),
        **{name: draw(st.sampled_from(values)) for name, values in RULINGS.items()},
    )
    return rules, tuple(draw(st.sampled_from(AGENTS)) for _ in range(players))


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tables(), st.integers(0, 2**32), st.sampled_from([None, 30, 3]))
def test_any_deck_gives_the_traced_summary(
    table: tuple[WarRoomRules, tuple[str, ...]], seed: int, max_length: int | None
) -> None:
    rules, agents = table
    # Without max_length a drawn deck may play the full 5000 rounds: cap it at 200.
    assert_same(rules, seed, agents, 200 if max_length is None else max_length)


def test_a_game_that_can_only_repeat_itself_ends_endless_in_both() -> None:
    # Two cards that cannot activate and always tie: a void stalemate hands each card
    # back under its owner's stack, so the deal comes round again with nobody choosing.
    quiet = (RoomCard("A", "Alpha", 4, ()), RoomCard("B", "Bravo", 4, ()))
    rules = WarRoomRules(deck=to_toml(Deck("Quiet", "", quiet, (10, 10))), stalemate="void")
    for seed in range(5):
        summary = assert_same(rules, seed, ("random", "heuristic"), max_length=None)
        assert summary.ending == "endless"


def test_every_agent_has_a_fast_path_and_an_unknown_one_is_refused_in_words() -> None:
    for agents in itertools.product(AGENTS, repeat=3):
        assert WAR_ROOM.fast_refusal(WarRoomRules(players=3), agents) is None
    reason = WAR_ROOM.fast_refusal(WarRoomRules(), ("heuristic", "coach"))
    assert reason is not None and "coach" in reason


def test_the_fast_path_wants_one_agent_per_seat() -> None:
    with pytest.raises(BadInput, match="3 agents were named for 2 seats"):
        WAR_ROOM.play_fast(WarRoomRules(), 0, ("random",) * 3, None)
