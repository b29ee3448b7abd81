"""Arsenal's fast path plays exactly the traced engine's matches.

For every agent in each seat, every combination of the rulings (named decks and decks
of one's own included) and hundreds of seeds, ``ARSENAL.play_fast`` gives the Summary
that ``play_one(..., traced=True)`` gives: winners, ending, length and every count,
also when a small maximum length stops the match unfinished.
"""

from __future__ import annotations

from collections import Counter
from itertools import product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wartutor.core.engine import Game, Summary, play_out
from wartutor.core.errors import BadInput
from wartutor.explore.simulate import play_one
from wartutor.variants.arsenal import ARSENAL, ArsenalRules
from wartutor.variants.arsenal.cards import arsenal_codes, standard_deck

AGENTS = tuple(ARSENAL.agents)
# A small deck of one's own, in no particular order: 6 rounds, so sudden death can come.
OWN_DECK = "NK-SF KV-PR CS-SO RK-ML SH-SD DY-SF MT-PR BW-MC CS-PR AS-SO SX-SO GL-PR"
DECKS = ("standard", "four-suits", OWN_DECK)
HAND_SIZES = (7, 5, 3, 1, 45)  # the offered choices, a hand of one (all forced) and the most


def traced(rules: ArsenalRules, seed: int, agents: tuple[str, str],
           max_length: int | None = None) -> Summary:
    return play_one("arsenal", rules, seed, agents=agents, traced=True, max_length=max_length)


def same(rules: ArsenalRules, seed: int, agents: tuple[str, str],
         max_length: int | None = None) -> Summary:
    want = traced(rules, seed, agents, max_length)
    assert ARSENAL.play_fast(rules, seed, agents, max_length) == want, (rules, seed, agents)
    return want


def test_the_fast_path_plays_every_ruling_and_agent() -> None:
    assert ARSENAL.fast_refusal(ArsenalRules(), AGENTS[:2]) is None
    assert len(AGENTS) == 12  # random, heuristic and the ten campaign levels
    for deck, hand_size, dry, draw_order in product(DECKS, HAND_SIZES, ("all-played", "pile-empty"),
                                                    ("winner-first", "you-first", "npc-first")):
        rules = ArsenalRules(deck=deck, hand_size=hand_size, dry=dry, draw_order=draw_order)
        assert all(ARSENAL.fast_refusal(rules, (you, npc)) is None
                   for you, npc in product(AGENTS, AGENTS))


def test_an_agent_it_does_not_know_is_refused_in_a_sentence() -> None:
    reason = ARSENAL.fast_refusal(ArsenalRules(), ("random", "a student"))
    assert reason == "the fast path does not know how the agent 'a student' plays."
    with pytest.raises(BadInput, match="does not know how the agent 'a student' plays"):
        ARSENAL.play_fast(ArsenalRules(), 0, ("random", "a student"), None)
    with pytest.raises(BadInput, match="cannot be a seed"):
        ARSENAL.play_fast(ArsenalRules(), -1, ("random", "random"), None)


def test_every_agent_in_each_seat_against_every_agent() -> None:
    endings: Counter[str] = Counter()
    for you, npc in product(AGENTS, AGENTS):
        for seed in (3, 1_000_003, 2**64 - 1):
            endings[same(ArsenalRules(), seed, (you, npc)).ending] += 1
    assert endings["most-captured"] == 3 * len(AGENTS) ** 2  # the standard deck never ties


def test_every_combination_of_rulings_with_agents_in_turn() -> None:
    """90 combinations, 3 seeds each, whole and cut short: every agent sits in each seat."""
    endings: Counter[str] = Counter()
    combinations = product(DECKS, HAND_SIZES, ("all-played", "pile-empty"),
                           ("winner-first", "you-first", "npc-first"))
    seats: Counter[tuple[int, str]] = Counter()
    for i, (deck, hand_size, dry, draw_order) in enumerate(combinations):
        rules = ArsenalRules(deck=deck, hand_size=hand_size, dry=dry, draw_order=draw_order)
        for seed in range(3 * i, 3 * i + 3):
            agents = (AGENTS[seed % len(AGENTS)], AGENTS[(5 * seed + 1) % len(AGENTS)])
            seats.update(enumerate(agents))
            endings[same(rules, seed, agents).ending] += 1
            endings[same(rules, seed, agents, max_length=1 + seed % 4).ending] += 1
    assert all(seats[seat, name] for seat in (0, 1) for name in AGENTS)
    assert {"most-captured", "sudden-death", "unfinished"} <= set(endings)


def test_a_small_maximum_length_stops_both_at_the_same_decision() -> None:
    for max_length in range(6):
        for seed in range(4):
            summary = same(ArsenalRules(hand_size=3), seed, ("random", "level-9"), max_length)
            assert summary.ending == "unfinished" and summary.length == max_length


def test_the_counts_are_those_of_the_rounds_played_at_every_step() -> None:
    """The state keeps its counts as the match goes; they are its history's, counted."""
    for rules in (ArsenalRules(), ArsenalRules(deck="four-suits", hand_size=3, dry="pile-empty")):
        for seed in range(4):
            players = {p: ARSENAL.agents["level-9"](p, seed) for p in (0, 1)}
            game = play_out(Game.new(ARSENAL, rules, seed), players)
            for step in game.steps:
                history = step.state.history
                assert step.state.tally == (
                    sum(r.winner == r.leader for r in history),
                    sum(r.how == "blocks" for r in history),
                    sum(r.how == "turned-back" for r in history),
                    sum(r.cards[r.winner].level == 4 for r in history))


own_decks = st.lists(st.sampled_from(standard_deck()), min_size=2, max_size=40, unique=True)


@settings(max_examples=300, deadline=None)
@given(
    deck=st.one_of(st.sampled_from(DECKS[:2]),
                   own_decks.map(lambda cards: arsenal_codes(tuple(cards[: len(cards) // 2 * 2])))),
    hand_size=st.integers(1, 45),
    dry=st.sampled_from(("all-played", "pile-empty")),
    draw_order=st.sampled_from(("winner-first", "you-first", "npc-first")),
    agents=st.tuples(st.sampled_from(AGENTS), st.sampled_from(AGENTS)),
    seed=st.integers(0, 2**64 - 1),
    max_length=st.none() | st.integers(0, 50),
)
def test_any_rules_agents_and_seed(deck: str, hand_size: int, dry: str, draw_order: str,
                                   agents: tuple[str, str], seed: int,
                                   max_length: int | None) -> None:
    same(ArsenalRules(deck=deck, hand_size=hand_size, dry=dry, draw_order=draw_order), seed,
         agents, max_length)
