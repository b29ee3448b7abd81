"""Exact answers: each counted from the rules, each matched by a simulation of its opening."""

from __future__ import annotations

import math
from fractions import Fraction
from types import SimpleNamespace

import pytest

from wartutor.explore.exact import (
    EXACT,
    FIRST_BATTLE_WAR,
    TRADE_FIRST_MISS,
    ExactCheck,
    arsenal_undecided_rounds,
    guerrilla_first_tie,
    war_room_first_tie,
)
from wartutor.explore.stats import Share
from wartutor.variants import VARIANTS


def test_every_variant_has_one_exact_answer() -> None:
    assert set(EXACT) == set(VARIANTS)
    for name, answer in EXACT.items():
        assert answer.variant == name
        assert answer.holds_for() is None, name  # at the default rulings and agents
        assert 0 <= answer.exact <= 1


@pytest.mark.parametrize("name", list(VARIANTS))
def test_a_simulation_lands_within_four_standard_errors(name: str) -> None:
    check = EXACT[name].check(3000, seed=77, jobs=1, progress=False)
    assert check.hits.total == 3000
    assert abs(check.z) < 4, str(check)


def test_the_first_battle_is_a_war_three_times_in_fifty_one() -> None:
    assert EXACT["classic_war"].exact == FIRST_BATTLE_WAR == Fraction(3, 51)


def test_two_guerrilla_players_tie_when_the_cheaper_cards_and_the_forces_match() -> None:
    # One suit each, 13 ranks: no pair in a hand, and 78 two-card hands. A tie needs the
    # same cheaper card and the same higher one: the other player holds the same hand.
    assert guerrilla_first_tie(suits_each=1) == Fraction(1, 78)
    answer = guerrilla_first_tie()  # two suits each: pairs can be drawn
    assert answer == EXACT["guerrilla_tactics"].exact == Fraction(97, 8125)
    assert guerrilla_first_tie(ace_high=False) == answer  # the ace's place changes no count


def test_war_room_ties_when_the_vcs_after_activations_are_equal() -> None:
    step = SimpleNamespace
    scout = SimpleNamespace(vc=2, instructions=())
    sentry = SimpleNamespace(vc=5, instructions=(
        step(kind="defend", change=-3, target="self", mandatory=True),))  # activates: 5 -> 2
    sapper = SimpleNamespace(vc=4, instructions=(
        step(kind="attack", change=-1, target="chosen-opponent", mandatory=True),))  # never
    # Two cards of each: a pair of equal VCs after activation is (scout or sentry) twice,
    # or two sappers. Out of 6 x 5 ordered pairs: 4 x 3 + 2 x 1 = 14.
    kinds = (scout, sentry, sapper)
    assert war_room_first_tie(kinds, (2, 2, 2)) == Fraction(14, 30)
    assert EXACT["war_room"].exact == Fraction(43, 295)


def test_the_first_ask_misses_when_the_player_asked_holds_none_of_the_four() -> None:
    assert Fraction(40 * 39 * 38 * 37, 47 * 46 * 45 * 44) == TRADE_FIRST_MISS
    assert EXACT["trade_war"].exact == 1 - TRADE_FIRST_MISS


def test_no_two_arsenal_cards_leave_a_round_undecided() -> None:
    assert arsenal_undecided_rounds() == 0
    assert EXACT["arsenal"].exact == 0


def test_an_answer_says_when_it_does_not_hold() -> None:
    assert "two players" in (EXACT["war_room"].holds_for({"players": 3}) or "")
    assert "heuristic" in (EXACT["guerrilla_tactics"].holds_for(agents="random") or "")
    assert "Go-Fish" in (EXACT["trade_war"].holds_for({"ask_hold": True}) or "")
    assert "standard" in (EXACT["arsenal"].holds_for({"deck": "four-suits"}) or "")
    assert EXACT["classic_war"].holds_for({"war_down": 3}) is None


def test_an_exact_zero_has_no_sampling_error() -> None:
    never = ExactCheck("Tied?", Fraction(0), "0", Share(0, 100))
    assert never.se == 0 and never.z == 0
    assert math.isinf(ExactCheck("Tied?", Fraction(0), "0", Share(1, 100)).z)
