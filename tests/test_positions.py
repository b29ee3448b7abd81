"""The positions core: Game.from_position, the shared checks, traces and records of positions."""

from __future__ import annotations

import contextlib
import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wartutor.core import BadInput, Game, Trace
from wartutor.core.cards import card, standard_deck
from wartutor.core.position import (
    MAX_CHARS,
    MAX_ENTRIES,
    card_list,
    check_keys,
    check_position,
    every_card_once,
    read_position,
)
from wartutor.core.record import game_record
from wartutor.variants.classic_war import CLASSIC_WAR

DEALT = CLASSIC_WAR.position_of(Game.new(CLASSIC_WAR, seed=5).state)


def refusal(call: Any) -> str:
    with pytest.raises(BadInput) as refused:
        call()
    return str(refused.value)


def test_a_game_from_a_position_keeps_it_through_play_and_undo() -> None:
    game = Game.from_position(CLASSIC_WAR, None, DEALT, seed=3)
    assert game.stacked is None and game.position == DEALT
    assert game.play("turn").position == DEALT and game.play("turn").upto(0).position == DEALT
    assert Game.new(CLASSIC_WAR, seed=5).position is None


def test_the_game_keeps_its_own_copy_of_the_position() -> None:
    written = json.loads(json.dumps(DEALT))
    game = Game.from_position(CLASSIC_WAR, None, written)
    written["decks"]["you"] = ""
    assert game.position == DEALT


def test_a_game_from_a_stage_where_nobody_chooses_shows_the_moments_and_replays_from_its_trace(
) -> None:
    """Classic War's war plays on by itself: the first step is the position set, then the
    war to the end of its battle; the trace keeps the position and replays the game."""
    rest = [c.code for c in standard_deck() if c.code not in ("9S", "9H")]
    war = {"stage": "war", "battles": 0, "wars": 0,
           "decks": {"you": " ".join(rest[:25]), "computer": " ".join(rest[25:])},
           "last_battle": {"you": "9S", "computer": "9H"}, "unclaimed": "", "winner": None,
           "ending": None}
    game = Game.from_position(CLASSIC_WAR, None, war, seed=2)
    first, *moments = game.steps[0].events
    assert type(first).__name__ == "PositionSet" and first.stage == "war"  # type: ignore[attr-defined]
    assert [type(e).__name__ for e in moments][:2] == ["Compared", "WarLaid"]
    assert game.state.battles == 1 and game.decision is not None
    game = game.play("turn").play("turn")
    loaded = Trace.from_json(Trace.of(game).to_json())
    assert loaded.position == war and loaded.replay().state == game.state


def test_a_variant_without_positions_says_so() -> None:
    class NoPositions:
        title, rules_type = "Old War", dict

    assert "Old War has no set positions" in refusal(
        lambda: Game.from_position(NoPositions(), {}, DEALT))  # type: ignore[arg-type]


def test_rules_of_another_game_are_refused() -> None:
    assert "is not a rules object of Classic War" in refusal(
        lambda: Game.from_position(CLASSIC_WAR, "fast", DEALT))


@pytest.mark.parametrize(
    ("position", "says"),
    [
        ({1: "x"}, "the position has a key 1"),
        ({"a": {"b": [{"c": [[1]]}]}}, "the position's 'a.b[0].c[0]' nests lists or tables more"),
        ({"a": [{"b": 1.5}]}, "the position's 'a[0].b' is 1.5"),
        ({"a": 1.5}, "the position's 'a' is 1.5"),
        ({"a": 10**30}, "has a number of 31 digits"),
        ({"a": -(10**5000)}, "the position's 'a' has a number of 5,001 digits"),
        ({"a": list(range(MAX_ENTRIES + 1))}, f"the position's 'a' has {MAX_ENTRIES + 1}"),
        ({"a": {1: "x"}}, "the position's 'a' has a key 1"),
        ({str(n): n for n in range(MAX_ENTRIES + 1)}, f"the position has {MAX_ENTRIES + 1}"),
        ({"a": "x" * (MAX_CHARS + 1)}, f"more than {MAX_CHARS:,} characters"),
    ],
)
def test_a_position_is_plain_data_within_limits(position: Any, says: str) -> None:
    assert says in refusal(lambda: check_position(position))


def test_a_position_may_hold_a_list_of_seats_each_a_table() -> None:
    seats = {"seats": [{"hand": "9S", "table": ["play 2S"], "out": False}, {"hand": ""}]}
    assert check_position(seats) == seats


def test_a_position_reads_from_json_text() -> None:
    assert read_position(json.dumps(DEALT)) == DEALT
    assert "the position is not valid JSON" in refusal(lambda: read_position("{stage"))
    assert "nested more than 20 deep" in refusal(lambda: read_position("[" * 30 + "]" * 30))


def test_card_lists_and_the_whole_deck() -> None:
    assert "your hand: 'ZZ' is not a card" in refusal(lambda: card_list("9S ZZ", card, "your hand"))
    deck = standard_deck()
    every_card_once({"a": deck[:30], "b": deck[30:]}, deck)
    assert "2S is in a and in b" in refusal(lambda: every_card_once({"a": deck, "b": deck[:1]},
                                                                     deck))
    assert "leaves out 2 cards of the deck: 2S 3S" in refusal(
        lambda: every_card_once({"a": deck[2:]}, deck))
    assert "a holds 2S, which is not in this game's deck" in refusal(
        lambda: every_card_once({"a": deck}, deck[1:]))


def test_a_lesson_s_stacked_deal_may_leave_cards_out_but_not_hold_one_twice() -> None:
    deck = standard_deck()
    every_card_once({"a": deck[:3], "b": deck[3:5]}, deck, stacked=True)
    assert "2S is in a and in b. Allowed: each card at most once" in refusal(
        lambda: every_card_once({"a": deck[:3], "b": deck[:1]}, deck, stacked=True))
    left_out = refusal(lambda: every_card_once({"a": deck[2:]}, deck))
    assert left_out.endswith("or 'stacked' true for a lesson's stacked deal, which may leave "
                             "cards out.")


def test_a_card_only_a_lesson_may_hold_points_to_stacked_in_the_variant_s_words() -> None:
    deck, spades = standard_deck(), standard_deck()[:13]
    assert refusal(lambda: every_card_once({"a": deck[:14]}, spades, lesson_deck=deck,
                                           deck_words="cards of the suit S")) == (
        "a holds 2H, which is not in this game's deck. Allowed: cards of the suit S, or "
        "'stacked' true for a lesson's stacked deal, which may hold any of the 52 cards of the "
        "game.")
    every_card_once({"a": deck[10:14]}, spades, stacked=True, lesson_deck=deck)
    assert refusal(lambda: every_card_once({"a": deck}, deck[1:])).endswith(
        "Allowed: the 51 cards of the deck the rules name.")  # a lesson holds no other cards


def test_keys_some_of_which_may_be_left_out() -> None:
    assert check_keys({"stage": "play"}, ["stage"], ["stacked"]) == {"stage": "play"}
    assert refusal(lambda: check_keys({"stage": "play", "x": 1}, ["stage"], ["stacked"])) == (
        "the position has an unknown key 'x'. Allowed: the keys 'stage' and any of 'stacked'.")
    assert "Allowed: any of the keys 'hand', 'draw'." in refusal(
        lambda: check_keys({"x": 1}, (), ["hand", "draw"]))
    assert "seat 1 (Ana) has no 'hand'" in refusal(
        lambda: check_keys({}, ["hand"], where="seat 1 (Ana)"))
    assert "seat 1 (Ana) is 'x', not a table" in refusal(
        lambda: check_keys("x", ["hand"], where="seat 1 (Ana)"))


def test_a_trace_of_a_position_is_version_2_and_one_of_a_deal_stays_version_1() -> None:
    from_position = Game.from_position(CLASSIC_WAR, None, DEALT, seed=8).play("turn")
    saved = json.loads(Trace.of(from_position).to_json())
    assert saved["version"] == 2 and saved["position"] == DEALT
    assert Trace.from_json(json.dumps(saved)).replay().state == from_position.state
    assert json.loads(Trace.of(Game.new(CLASSIC_WAR, seed=8)).to_json())["version"] == 1
    assert "has no 'position' field" in refusal(
        lambda: Trace.from_json(json.dumps(saved | {"version": 1})))
    assert "'position' field is not an object" in refusal(
        lambda: Trace.from_json(json.dumps(saved | {"position": "play"})))
    assert "both a stacked deal and a set position" in refusal(
        lambda: Trace.from_json(json.dumps(saved | {"stacked": ["9S", "9H"]})))
    broken = saved | {"position": DEALT | {"stage": "peace"}}
    assert "the trace's position is refused: the stage is 'peace'" in refusal(
        lambda: Trace.from_json(json.dumps(broken)))


def test_the_record_of_a_game_from_a_position_says_so() -> None:
    record = game_record(Game.from_position(CLASSIC_WAR, None, DEALT).play("turn"))
    assert "- Deal code: none (a set position; open its trace instead)" in record
    assert "### The set position" in record
    assert "The game starts from a set position: stage play" in record


# Any shape of position inside a trace is read or refused, never anything else.
scalars = st.none() | st.booleans() | st.integers() | st.text(max_size=20)
values = scalars | st.lists(scalars | st.lists(scalars, max_size=2), max_size=4) | st.dictionaries(
    st.text(max_size=8), scalars, max_size=4)


@settings(max_examples=80, deadline=None)
@given(st.sampled_from(["classic_war", "arsenal", "trade_war"]),
       st.dictionaries(st.sampled_from([*DEALT, "x"]), values, max_size=9), st.booleans())
def test_a_trace_with_a_position_of_any_shape_is_refused_or_read(name: str, changes: Any,
                                                                 replace_all: bool) -> None:
    position = changes if replace_all else DEALT | changes
    text = json.dumps({"format": "wartutor-trace", "version": 2, "variant": name, "seed": 1,
                       "rules": {}, "stacked": None, "actions": ["turn"], "position": position})
    with contextlib.suppress(BadInput):
        Trace.from_json(text)
