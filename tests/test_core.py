"""The engine contract's small parts: cards, seeded chance, rulings, games and agents."""

from __future__ import annotations

from collections import Counter
from dataclasses import FrozenInstanceError, replace
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from wartutor.core import (
    BadInput,
    Card,
    Game,
    Rng,
    card,
    cards,
    check_seed,
    codes,
    play_out,
    rules_from,
    rulings_of,
    settings_of,
    standard_deck,
)
from wartutor.core.agents import first_legal, random_agent
from wartutor.core.chance import MAX_SEED
from wartutor.variants import VARIANTS, find_variant
from wartutor.variants.classic_war import CLASSIC_WAR, ClassicRules

CARD_FORMAT = "a rank (2-10, T, J, Q, K, A) followed by a suit (S, H, D, C), such as 9S or 10H"
seeds = st.integers(min_value=0, max_value=MAX_SEED)


# Cards


def test_every_card_prints_as_code_you_can_paste_back() -> None:
    for c in standard_deck():
        assert eval(repr(c), {"card": card}) == c
        assert card(c.code) == c


def test_a_list_of_codes_names_cards_in_order() -> None:
    assert cards("9S KD 7H") == (Card(9, "S"), Card(13, "D"), Card(7, "H"))
    assert codes(cards("9S KD 7H")) == "9S KD 7H"
    assert cards("") == ()


def test_a_ten_is_10_or_t_in_either_case() -> None:
    assert card("10H") == card("TH") == card("th") == card(" 10h ") == Card(10, "H")
    assert card("TH").code == "10H"
    assert codes(cards("th 9s ad")) == "10H 9S AD"


def test_cards_read_aloud_by_name() -> None:
    assert str(card("AS")) == "ace of spades"
    assert str(card("10D")) == "ten of diamonds"
    assert card("QH").symbol == "Q\u2665"
    assert card("JC").rank_name == "jack"


def test_ranks_run_from_two_to_ace_at_fourteen() -> None:
    assert [c.rank for c in cards("2C 10C JC QC KC AC")] == [2, 10, 11, 12, 13, 14]


def test_the_standard_deck_holds_52_different_cards() -> None:
    deck = standard_deck()
    assert len(deck) == len(set(deck)) == 52
    assert Counter(c.suit for c in deck) == {"S": 13, "H": 13, "D": 13, "C": 13}


def test_a_card_is_a_frozen_value() -> None:
    with pytest.raises(FrozenInstanceError):
        card("9S").rank = 10  # type: ignore[misc]


@pytest.mark.parametrize("bad", ["1S", "9X", "", "S", "KDD", "11H", "10", "joker", "9 S"])
def test_a_bad_card_code_is_refused_with_the_format_allowed(bad: str) -> None:
    with pytest.raises(BadInput) as refused:
        card(bad)
    assert str(refused.value) == f"{bad!r} is not a card. Allowed: {CARD_FORMAT}."


def test_a_bad_code_in_a_list_is_named() -> None:
    with pytest.raises(BadInput, match="'QX' is not a card"):
        cards("9S QX 7H")


@pytest.mark.parametrize(("rank", "suit"), [(1, "S"), (15, "S"), (9, "X"), (True, "S")])
def test_a_card_that_does_not_exist_is_refused(rank: Any, suit: str) -> None:
    with pytest.raises(BadInput, match="ranks 2 to 14 \\(ace\\) and suits S, H, D, C"):
        Card(rank, suit)


def test_a_card_rank_must_be_a_whole_number() -> None:
    with pytest.raises(BadInput):
        Card(2.0, "S")  # type: ignore[arg-type]


# Seeded chance


def test_the_generator_is_splitmix64() -> None:
    """Pinned to SplitMix64's published first output for seed 0, so every machine agrees."""
    z, _ = Rng.from_seed(0).below(1 << 64)
    assert z == 0xE220A8397B1DCDAF


def test_the_same_seed_gives_the_same_shuffle_and_another_seed_another() -> None:
    deck = standard_deck()
    assert Rng.from_seed(42).shuffled(deck) == Rng.from_seed(42).shuffled(deck)
    assert Rng.from_seed(42).shuffled(deck)[0] != Rng.from_seed(43).shuffled(deck)[0]


def test_drawing_leaves_the_generator_it_came_from_unchanged() -> None:
    rng = Rng.from_seed(5)
    first, after = rng.shuffled(tuple(range(10)))
    assert rng == Rng(5) and after != rng
    assert rng.shuffled(tuple(range(10)))[0] == first
    assert after.shuffled(tuple(range(10)))[0] != first


@given(seed=seeds, items=st.lists(st.integers(), max_size=60))
def test_a_shuffle_is_a_permutation(seed: int, items: list[int]) -> None:
    mixed, _ = Rng.from_seed(seed).shuffled(tuple(items))
    assert Counter(mixed) == Counter(items)


@given(seed=seeds, n=st.integers(min_value=1, max_value=10**30))
def test_below_stays_in_range(seed: int, n: int) -> None:
    value, _ = Rng.from_seed(seed).below(n)
    assert 0 <= value < n


def test_below_reaches_every_value() -> None:
    rng, seen = Rng.from_seed(1), set()
    for _ in range(200):
        value, rng = rng.below(6)
        seen.add(value)
    assert seen == set(range(6))


@pytest.mark.parametrize("seed", [-1, MAX_SEED + 1, True, "7", 1.5, None])
def test_a_seed_is_a_whole_number_in_64_bits(seed: Any) -> None:
    with pytest.raises(BadInput) as refused:
        check_seed(seed)
    assert str(refused.value) == (
        f"{seed!r} cannot be a seed. Allowed: a whole number from 0 to {MAX_SEED}."
    )
    with pytest.raises(BadInput):
        Game.new(CLASSIC_WAR, seed=seed)


def test_the_largest_seed_is_usable() -> None:
    assert check_seed(MAX_SEED) == MAX_SEED
    assert len(Game.new(CLASSIC_WAR, seed=MAX_SEED).state.decks[0]) == 26


# Rulings


def test_the_default_rulings_play_the_text_as_written() -> None:
    assert settings_of(ClassicRules()) == {
        "pickup": "winner-first",
        "war_down": 1,
        "battle_limit": 500,
        "short_scope": "game",
        "both_short": "draw",
    }


def test_each_ruling_has_its_id_and_every_choice_is_allowed() -> None:
    rulings = rulings_of(ClassicRules)
    assert {name: r.id for name, r in rulings.items()} == {
        "pickup": "CW-PICKUP",
        "war_down": "CW-WAR-DOWN",
        "battle_limit": "CW-LIMIT",
        "short_scope": "CW-SHORT-SCOPE",
        "both_short": "CW-SHORT",
    }
    for name, r in rulings.items():
        assert r.question.endswith("?") and r.why
        assert r.allows(getattr(ClassicRules(), name))
        for choice in r.choices:
            assert settings_of(ClassicRules(**{name: choice}))[name] == choice
        assert r.id in CLASSIC_WAR.rule_titles


def test_rules_from_builds_a_rules_object_and_settings_of_inverts_it() -> None:
    rules = rules_from(ClassicRules, {"pickup": "shuffled", "war_down": 3, "battle_limit": None})
    assert rules == ClassicRules(pickup="shuffled", war_down=3, battle_limit=None)
    assert rules_from(ClassicRules, settings_of(rules)) == rules
    assert rules_from(ClassicRules, {}) == ClassicRules()


def test_an_unknown_rule_option_lists_the_options_there_are() -> None:
    with pytest.raises(BadInput) as refused:
        rules_from(ClassicRules, {"pikup": "shuffled"})
    assert str(refused.value) == (
        "'pikup' is not a rule option of ClassicRules. "
        "Allowed: pickup, war_down, battle_limit, short_scope, both_short."
    )


@pytest.mark.parametrize(
    ("settings", "message"),
    [
        (
            {"pickup": "random"},
            "ruling CW-PICKUP (pickup) cannot be 'random'. "
            "Allowed: 'winner-first', 'loser-first', 'interleaved', 'shuffled'.",
        ),
        ({"war_down": 4}, "ruling CW-WAR-DOWN (war_down) cannot be 4. Allowed: 1, 2, 3."),
        ({"war_down": True}, "ruling CW-WAR-DOWN (war_down) cannot be True. Allowed: 1, 2, 3."),
        ({"war_down": 2.0}, "ruling CW-WAR-DOWN (war_down) cannot be 2.0. Allowed: 1, 2, 3."),
        ({"war_down": "1"}, "ruling CW-WAR-DOWN (war_down) cannot be '1'. Allowed: 1, 2, 3."),
        (
            {"battle_limit": -1},
            "ruling CW-LIMIT (battle_limit) cannot be -1. "
            "Allowed: a whole number of battles of at least 1, or None for no limit.",
        ),
        (
            {"short_scope": "battle"},
            "ruling CW-SHORT-SCOPE (short_scope) cannot be 'battle'. Allowed: 'game', 'war'.",
        ),
        (
            {"both_short": None},
            "ruling CW-SHORT (both_short) cannot be None. Allowed: 'draw', 'fewer-cards-loses'.",
        ),
    ],
)
def test_a_bad_ruling_value_names_the_ruling_and_what_is_allowed(
    settings: dict[str, Any], message: str
) -> None:
    with pytest.raises(BadInput) as refused:
        rules_from(ClassicRules, settings)
    assert str(refused.value) == message


def test_a_ruling_is_checked_on_replace_too() -> None:
    with pytest.raises(BadInput, match="CW-WAR-DOWN"):
        replace(ClassicRules(), war_down=0)


def test_a_battle_limit_may_be_any_whole_number_from_one() -> None:
    assert ClassicRules(battle_limit=1).battle_limit == 1
    assert ClassicRules(battle_limit=12345).battle_limit == 12345


def test_a_rules_object_is_frozen() -> None:
    with pytest.raises(FrozenInstanceError):
        ClassicRules().war_down = 3  # type: ignore[misc]


# Variants


def test_variants_are_found_by_name() -> None:
    assert find_variant("classic_war") is CLASSIC_WAR
    assert VARIANTS["classic_war"] is CLASSIC_WAR
    with pytest.raises(BadInput) as refused:
        find_variant("poker")
    assert str(refused.value) == (
        f"there is no variant called 'poker'. Allowed: {', '.join(VARIANTS)}."
    )


# Games: immutable, with time travel


def test_a_game_remembers_every_step_and_playing_makes_a_new_game() -> None:
    dealt = Game.new(CLASSIC_WAR, seed=3)
    later = dealt.play("turn").play("turn")
    assert len(dealt.steps) == 1 and dealt.actions == ()
    assert len(later.steps) == 3 and later.actions == ("turn", "turn")
    assert later.steps[0] == dealt.steps[0]
    assert later.state.battles == 2


def test_upto_goes_back_to_an_earlier_step() -> None:
    game = play_out(Game.new(CLASSIC_WAR, seed=3), {0: first_legal}, max_steps=10)
    assert game.upto(0).state == game.steps[0].state
    assert game.upto(0).actions == ()
    assert game.upto(4).state == game.steps[4].state
    assert game.upto(4).state.battles == 4
    assert game.upto(10) == game
    # Going back and playing on again gives the same game: the deal fixes everything.
    assert game.upto(4).play("turn").state == game.steps[5].state


@pytest.mark.parametrize("step", [-1, 11, 100])
def test_upto_refuses_a_step_the_game_does_not_have(step: int) -> None:
    game = play_out(Game.new(CLASSIC_WAR, seed=3), {0: first_legal}, max_steps=10)
    with pytest.raises(BadInput) as refused:
        game.upto(step)
    assert str(refused.value) == f"this game has no step {step}. Allowed: a step from 0 to 10."


def test_play_out_plays_to_the_end() -> None:
    game = play_out(Game.new(CLASSIC_WAR, seed=26), {0: first_legal})
    assert game.outcome is not None and game.decision is None
    assert game.actions == ("turn",) * game.state.battles
    assert play_out(game, {0: first_legal}) == game


def test_play_out_stops_after_max_steps() -> None:
    game = play_out(Game.new(CLASSIC_WAR, seed=26), {0: first_legal}, max_steps=7)
    assert len(game.actions) == 7 and game.outcome is None
    assert play_out(game, {0: first_legal}, max_steps=0) == game


def test_an_agent_sees_its_view_never_the_whole_state() -> None:
    seen: list[Any] = []

    def watcher(view: Any, decision: Any) -> str:
        seen.append(view)
        return first_legal(view, decision)

    play_out(Game.new(CLASSIC_WAR, seed=3), {0: watcher}, max_steps=3)
    assert len(seen) == 3
    assert all(v.viewer == 0 and v.decks is None for v in seen)


def test_a_random_agent_is_reproducible_from_its_seed() -> None:
    from wartutor.core import Decision

    decision = Decision(0, "pick", tuple("abcdefgh"))
    picks = [random_agent(0, 9)(None, decision) for _ in range(3)]
    again = random_agent(0, 9)
    one = random_agent(0, 9)
    sequence = [one(None, decision) for _ in range(30)]
    assert [again(None, decision) for _ in range(30)] == sequence
    assert len(set(sequence)) > 3 and set(sequence) <= set(decision.legal_actions)
    assert picks == [sequence[0]] * 3


def test_every_variant_names_its_agents() -> None:
    for variant in VARIANTS.values():
        assert variant.agents
        make = next(iter(variant.agents.values()))
        players = range(len(variant.player_names(variant.rules_type())))
        game = play_out(Game.new(variant, seed=1), {p: make(p, 1) for p in players}, max_steps=5)
        assert len(game.actions) == 5


def test_a_refusal_says_what_was_wrong_and_what_is_allowed() -> None:
    error = BadInput("'jump' is not a move", allowed="'turn'")
    assert isinstance(error, ValueError)
    assert (error.problem, error.allowed) == ("'jump' is not a move", "'turn'")
    assert str(error) == "'jump' is not a move. Allowed: 'turn'."


def test_a_refusal_after_the_end_has_no_doubled_full_stop() -> None:
    game = Game.new(CLASSIC_WAR, seed=1, stacked=("KS", "3H")).play("turn")
    with pytest.raises(BadInput) as refused:
        game.play("turn")
    assert ".." not in str(refused.value)
