"""Classic War positions: round trips, every refusal as a rule example, and a lesson war."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from wartutor.core import BadInput, Game, Trace, play_out
from wartutor.core.cards import codes, standard_deck
from wartutor.core.chance import Rng
from wartutor.core.record import explanation
from wartutor.variants.classic_war import CLASSIC_WAR, ClassicRules
from wartutor.variants.classic_war.game import ClassicState, Compared, battle

TURN = {0: lambda view, decision: "turn", 1: lambda view, decision: "turn"}
RULES = ClassicRules()


def positions_of_played_games() -> list[tuple[Any, ...]]:
    found = []
    for seed in range(12):
        rules = ClassicRules(war_down=1 + seed % 3, pickup=("winner-first", "shuffled")[seed % 2],
                             battle_limit=(500, 100, None)[seed % 3])
        game = play_out(Game.new(CLASSIC_WAR, rules, seed), TURN, max_steps=600)
        found += [(rules, step.state) for step in game.steps[::40] + game.steps[-1:]]
    return found


@pytest.mark.parametrize(("rules", "state"), positions_of_played_games())
def test_a_position_builds_the_state_it_describes_and_plays_on_alike(rules: Any,
                                                                      state: Any) -> None:
    position = CLASSIC_WAR.position_of(state)
    again = CLASSIC_WAR.from_position(rules, position, seed=9)
    assert CLASSIC_WAR.position_of(again) == position
    assert again.last_battle == state.last_battle and again.outcome == state.outcome
    assert CLASSIC_WAR.decision(again) == CLASSIC_WAR.decision(state)
    if state.outcome is None and rules.pickup != "shuffled":  # the rest is chance: seeded apart
        assert CLASSIC_WAR.apply(again, "turn")[1] == CLASSIC_WAR.apply(state, "turn")[1]


# The lesson: set up this war (the rule text's worked example, in the middle of a game).
# Battle 41 was your ace against a two: both went under your deck.
WAR = ("9S", "4C", "KD", "2H", "9H", "5D", "7C", "3S", "AS", "2S")
REST = [c.code for c in standard_deck() if c.code not in WAR]
A_WAR = {
    "stage": "play", "battles": 41, "wars": 3,
    "decks": {"you": "9S 4C KD 2H " + " ".join(REST[:21]) + " AS 2S",
              "computer": "9H 5D 7C 3S " + " ".join(REST[21:])},
    "last_battle": {"you": "AS", "computer": "2S"},
    "unclaimed": "", "winner": None, "ending": None,
}


def test_set_up_this_war_both_reveal_a_nine_and_a_king_beats_a_seven() -> None:
    game = Game.from_position(CLASSIC_WAR, RULES, A_WAR).play("turn")
    said = [explanation(game, e, 0) for e in game.steps[-1].events]
    assert said == [
        "Battle 42: both turn a nine. Equal ranks mean war.",
        "War: each side lays 1 card face down and one face up. You turn the king of diamonds, "
        "the computer the seven of clubs.",
        "War 1 of battle 42: your king beats the computer's seven. The higher rank wins; "
        "aces are high and suits do not matter.",
        "You take the pile of 6 cards to the bottom of your deck, the winner's cards first, "
        "then the loser's, each in the order played.",
    ]
    assert game.state.wars == 4 and codes(game.state.decks[0][-6:]) == "9S 4C KD 9H 5D 7C"


def test_the_set_position_is_the_first_step_and_is_saved_with_the_trace() -> None:
    game = Game.from_position(CLASSIC_WAR, RULES, A_WAR, seed=4)
    assert explanation(game, game.steps[0].events[0], 0) == (
        "The game starts from a set position: stage play, battles 41, wars 3. "
        "Any chance from here on is drawn from seed 4.")
    game = game.play("turn").play("turn")
    loaded = Trace.from_json(Trace.of(game).to_json())
    assert loaded.position == A_WAR and loaded.replay().state == game.state
    assert game.upto(1).position == A_WAR


def changed(**changes: Any) -> dict[str, Any]:
    return A_WAR | changes


def both(you: str, computer: str) -> dict[str, str]:
    return {"you": you, "computer": computer}


YOURS, THEIRS = A_WAR["decks"]["you"], A_WAR["decks"]["computer"]
OVER = changed(stage="over", decks=both(THEIRS + " " + YOURS, ""), winner="you",
               ending="all-cards")


@pytest.mark.parametrize(
    ("position", "says"),
    [
        (changed(decks=both(YOURS + " 9H", THEIRS)), "9H is in your deck and in the computer's"),
        (changed(decks=both(YOURS.replace("KD ", ""), THEIRS)), "leaves out 1 card of the deck"),
        (changed(decks=both(YOURS + " 9X", THEIRS)), "your deck: '9X' is not a card"),
        (changed(decks=both(YOURS + " 4C", THEIRS)), "your deck holds 4C twice"),
        (changed(stage="peace"), "the stage is 'peace'. Allowed: 'play' or 'war' or 'over'"),
        (changed(battles=500), "a game in play has reached the battle limit of 500"),
        (changed(battles=501), "the number of battles played is 501"),
        (changed(battles=-1), "the number of battles played is -1"),
        (changed(battles="41"), "the number of battles played is '41'"),
        (changed(battles=True), "the number of battles played is True"),
        (changed(wars=10**6), "the number of wars fought is 1000000"),
        (changed(last_battle=both("2H 3S", "4C")), "in the last battle you laid 2 cards"),
        (changed(last_battle=both("2S", "AS")), "the last battle's cards are not under the"),
        (changed(last_battle=both("KD", "2S")), "the last battle's cards are not under the"),
        (changed(last_battle=both("2H 3S", "4C 5D")), "a battle cannot lay 2 cards a side"),
        (changed(last_battle=both("2H 3S 4C", "3H 5D 6D")), "goes on to a war after unequal"),
        (changed(battles=0, wars=0), "the last battle shows 1 cards a side after 0 battles"),
        (changed(winner="you"), "a game in play has a winner or an ending"),
        (changed(decks=both(THEIRS + " " + YOURS, "")), "a game in play has a player without"),
        (changed(stage="over"), "a game that is over has no ending"),
        (OVER | {"winner": "computer"}, "the ending 'all-cards' does not fit"),
        (OVER | {"ending": "limit", "winner": None}, "the ending 'limit' does not fit"),
        (changed(decks="9S"), "the decks is '9S'. Allowed: a table with the keys 'you'"),
        (changed(decks=both(YOURS, 7)), "the computer's deck is 7, not text"),
        (changed(turn="you"), "the position has an unknown key 'turn'"),
        ({k: v for k, v in A_WAR.items() if k != "wars"}, "the position has no 'wars'"),
        ("stage play", "a position cannot be 'stage play'"),
        (changed(wars=[1, [2]]), "the number of wars fought is [1, [2]]"),
        (changed(wars=1.5), "the position's 'wars' is 1.5"),
        (changed(stacked="yes"), "'stacked' is 'yes'. Allowed: false or true"),
        (changed(stacked=True, decks=both(YOURS + " 9H", THEIRS)), "9H is in your deck and in"),
    ],
)
def test_a_position_that_is_not_one_is_refused_saying_why(position: Any, says: str) -> None:
    with pytest.raises(BadInput) as refused:
        Game.from_position(CLASSIC_WAR, RULES, position)
    assert says in str(refused.value) and ". Allowed: " in str(refused.value)


def test_a_finished_game_is_a_position_too() -> None:
    game = Game.from_position(CLASSIC_WAR, RULES, OVER)
    assert game.decision is None and game.outcome is not None
    assert CLASSIC_WAR.explain(game.outcome.because) == "You hold all 52 cards: you win the game."


# A lesson's stacked deal (Game.new(stacked=...)) leaves the other cards out: its positions
# say "stacked": true, and a position without it must hold every card.


def test_every_step_of_a_stacked_lesson_is_its_position_and_back() -> None:
    lesson = Game.new(CLASSIC_WAR, RULES, 0, stacked=("9S 4C KD 2H 8S", "9H 5D 7C 3S 8D"))
    game = play_out(lesson, TURN, max_steps=100)
    assert game.outcome is not None and game.state.wars > 0
    for step in game.steps:
        position = CLASSIC_WAR.position_of(step.state)
        assert position["stacked"] is True
        again = CLASSIC_WAR.from_position(RULES, position, seed=9)
        assert again == dataclasses.replace(step.state, rng=Rng.from_seed(9))
        assert CLASSIC_WAR.position_of(again) == position
    assert "stacked" not in CLASSIC_WAR.position_of(Game.new(CLASSIC_WAR, RULES, 0).state)


def test_a_position_with_cards_missing_is_a_lesson_s_only_if_it_says_so() -> None:
    short = changed(decks=both(YOURS.replace("KD ", ""), THEIRS))
    with pytest.raises(BadInput) as refused:
        Game.from_position(CLASSIC_WAR, RULES, short)
    assert str(refused.value) == (
        "the position leaves out 1 card of the deck: KD. Allowed: each card of the deck in "
        "exactly one place, or 'stacked' true for a lesson's stacked deal, which may leave "
        "cards out.")
    game = Game.from_position(CLASSIC_WAR, RULES, short | {"stacked": True}).play("turn")
    # Without your king, your two meets the computer's seven in the war.
    assert codes(game.state.decks[1][-6:]) == "9H 5D 7C 9S 4C 2H"


def test_before_the_first_battle_the_deck_is_split_26_and_26_unless_a_lesson_stacked_it() -> None:
    deck = standard_deck()
    lesson = play_out(Game.new(CLASSIC_WAR, RULES, 0, stacked=(codes(deck[:40]), codes(deck[40:]))),
                      TURN, max_steps=2)
    positions = [CLASSIC_WAR.position_of(step.state) for step in lesson.steps]
    assert [position.get("stacked", False) for position in positions] == [True, False, False]
    for step, position in zip(lesson.steps, positions, strict=True):
        again = CLASSIC_WAR.from_position(RULES, position, seed=9)
        assert again == dataclasses.replace(step.state, rng=Rng.from_seed(9))
    with pytest.raises(BadInput) as refused:
        CLASSIC_WAR.from_position(RULES, positions[0] | {"stacked": False}, seed=9)
    assert str(refused.value) == (
        "before the first battle you hold 40 cards and the computer 12. Allowed: 26 each, as "
        "the deck is split (rule 1), or 'stacked' true for a lesson's stacked deal.")


# Stage "war": a moment inside a battle, its face-up cards equal. Nobody chooses: the battle
# goes on by itself to its end (CW-BATTLE-UNIT), as in play.


def war_positions(before: ClassicState) -> list[tuple[dict[str, Any], int]]:
    """The moments of the battle played from ``before`` at which its face-up cards tie, each
    as a position, with the index of its comparison among the battle's events."""
    _, events = battle(before)
    step = before.rules.war_down + 1
    found = []
    for i, event in enumerate(events):
        if isinstance(event, Compared) and event.winner is None:
            n = 1 + event.war * step  # the cards each side has laid so far
            found.append(({
                "stage": "war", "battles": before.battles, "wars": before.wars + event.war,
                "decks": both(codes(before.decks[0][n:]), codes(before.decks[1][n:])),
                "last_battle": both(codes(before.decks[0][:n]), codes(before.decks[1][:n])),
                "unclaimed": "", "winner": None, "ending": None}, i))
    return found


@pytest.mark.parametrize("seed", range(12))
def test_every_war_of_a_played_game_plays_on_from_its_position(seed: int) -> None:
    rules = ClassicRules(war_down=1 + seed % 3, pickup=("winner-first", "shuffled")[seed % 2],
                         short_scope=("war", "game")[seed // 2 % 2], battle_limit=300)
    game = play_out(Game.new(CLASSIC_WAR, rules, seed), TURN, max_steps=300)
    wars = 0
    for step in game.steps[:-1]:
        before = dataclasses.replace(step.state, rng=Rng.from_seed(seed))
        for position, at in war_positions(before):
            state, events = CLASSIC_WAR.play_from_position(rules, position, seed)
            after, battle_events = battle(before)
            assert state == after
            assert events == battle_events[at:]
            wars += 1
    assert wars


def test_lesson_set_up_the_war_itself() -> None:
    war = A_WAR | {"stage": "war", "battles": 41, "wars": 3,
                   "decks": both(A_WAR["decks"]["you"].removeprefix("9S "),
                                 A_WAR["decks"]["computer"].removeprefix("9H ")),
                   "last_battle": both("9S", "9H")}
    game = Game.from_position(CLASSIC_WAR, RULES, war)
    said = [explanation(game, e, 0) for e in game.steps[0].events[1:]]
    assert said[0] == "Battle 42: both turn a nine. Equal ranks mean war."
    assert said[2].startswith("War 1 of battle 42: your king beats the computer's seven.")
    assert game.state == Game.from_position(CLASSIC_WAR, RULES, A_WAR).play("turn").state
    assert game.decision is not None  # the next battle: Turn cards


def test_a_war_needs_equal_face_up_cards_on_the_table_and_none_of_them_in_a_deck() -> None:
    war = A_WAR | {"stage": "war", "decks": both(A_WAR["decks"]["you"].removeprefix("9S "),
                                                 A_WAR["decks"]["computer"].removeprefix("9H "))}
    no_war = {"stage": "war", "battles": 0, "wars": 0, "decks": both("4C", "5D"),
              "last_battle": both("AS", "2S"), "unclaimed": "", "winner": None, "ending": None,
              "stacked": True}
    with pytest.raises(BadInput, match=r"at stage 'war' the face-up cards on the table are AS "
                                       r"and 2S\. Allowed: the battle so far"):
        CLASSIC_WAR.from_position(RULES, no_war, 0)
    with pytest.raises(BadInput, match="9S is in your deck and in the battle on the table"):
        CLASSIC_WAR.from_position(RULES, war | {"last_battle": both("9S", "9H"),
                                                "decks": A_WAR["decks"]}, 0)
    with pytest.raises(BadInput, match="the number of battles played is 100"):
        CLASSIC_WAR.from_position(ClassicRules(battle_limit=100), war | {
            "battles": 100, "last_battle": both("9S", "9H")}, 0)


def test_the_stages_a_teacher_can_name_are_listed_with_what_each_needs() -> None:
    assert [(s.name, s.choice) for s in CLASSIC_WAR.stages()] == [
        ("play", True), ("war", False), ("over", False)]
