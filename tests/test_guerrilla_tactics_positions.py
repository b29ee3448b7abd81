"""Guerrilla Tactics positions: every state of a played game is a position and back, a
position plays on as its state would, a lesson position plays out as the rule text says,
and every position the rules could not reach is refused with a reason.
"""

from __future__ import annotations

import copy
import dataclasses
import random
from typing import Any

import pytest

from wartutor.core import BadInput, Game, play_out, rulings_of
from wartutor.core.chance import Rng
from wartutor.variants.guerrilla_tactics import GUERRILLA_TACTICS, GuerrillaRules, GuerrillaState
from wartutor.variants.guerrilla_tactics.agents import heuristic_agent, random_agent
from wartutor.variants.guerrilla_tactics.events import ForcesLost, SpoilsTaken, Standing
from wartutor.variants.guerrilla_tactics.state import changed

YOU, ANA = 0, 1
ONE_SUIT = GuerrillaRules(players=2, two_player_deck="one-suit")  # you spades, Ana hearts


def rules_for(seed: int) -> GuerrillaRules:
    """Rulings drawn by seed, for 2, 3 and 4 players in turn, some with a short limit."""
    pick = random.Random(seed)
    settings = {name: pick.choice(r.choices) for name, r in rulings_of(GuerrillaRules).items()}
    settings["players"] = 2 + seed % 3
    if settings["players"] != 2:
        settings["two_player_deck"] = "two-suits"
    settings["skirmish_limit"] = pick.choice((None, 1000, 3, 40))
    return GuerrillaRules(**settings)


def played(seed: int, steps: int = 250) -> Game[GuerrillaState]:
    rules = rules_for(seed)
    agents = {p: (heuristic_agent if (p + seed) % 2 else random_agent)(p, seed)
              for p in range(rules.players)}
    return play_out(Game.new(GUERRILLA_TACTICS, rules, seed), agents, max_steps=steps)


def fields(state: GuerrillaState) -> dict[str, Any]:
    """Everything a state holds but its generator."""
    return {f.name: getattr(state, f.name) for f in dataclasses.fields(state) if f.name != "rng"}


@pytest.mark.parametrize("seed", range(60))
def test_every_state_of_a_played_game_is_its_position_and_back(seed: int) -> None:
    game = played(seed)
    for step in game.steps:
        position = GUERRILLA_TACTICS.position_of(step.state)
        assert "stacked" not in position  # the rules' own deal
        back = GUERRILLA_TACTICS.from_position(game.rules, position, seed)
        assert fields(back) == fields(step.state)
        assert GUERRILLA_TACTICS.position_of(back) == position


@pytest.mark.parametrize("seed", range(0, 60, 4))
def test_a_position_plays_on_as_its_state_with_the_same_generator(seed: int) -> None:
    game = played(seed, steps=120)
    for step in game.steps[::15]:
        if step.state.decision is None:
            continue
        back = GUERRILLA_TACTICS.from_position(
            game.rules, GUERRILLA_TACTICS.position_of(step.state), 99)
        original = changed(step.state, rng=Rng.from_seed(99))
        pick = random.Random(seed)
        for _ in range(40):
            assert GUERRILLA_TACTICS.decision(back) == GUERRILLA_TACTICS.decision(original)
            decision = GUERRILLA_TACTICS.decision(original)
            if decision is None:
                break
            action = pick.choice(decision.legal_actions)
            back, back_events = GUERRILLA_TACTICS.apply(back, action)
            original, events = GUERRILLA_TACTICS.apply(original, action)
            assert back_events == events
        assert fields(back) == fields(original)


def test_a_position_is_plain_json_data() -> None:
    import json

    state = played(5).steps[-1].state
    position = GUERRILLA_TACTICS.position_of(state)
    assert json.loads(json.dumps(position)) == position


# The lesson: a pair of Guerrillas beats a single ace.

LESSON: dict[str, Any] = {
    "stage": "support", "skirmish": 1, "guerrilla_rank": 2, "to_choose": [YOU],
    "seats": [
        {"draw": "3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS", "hand": "2H", "table": ["play 2S"],
         "played_guerrilla": True},
        {"draw": "3H 4H 6H 7H 8H 9H 10H JH QH KH", "hand": "5H", "table": ["play AH"]},
    ],
}


def lesson(**changes: Any) -> dict[str, Any]:
    position = copy.deepcopy(LESSON)
    position.update(changes)
    return position


def test_lesson_a_pair_of_guerrillas_beats_a_single_ace() -> None:
    state = GUERRILLA_TACTICS.from_position(ONE_SUIT, LESSON, seed=0)
    decision = GUERRILLA_TACTICS.decision(state)
    assert decision is not None
    assert (decision.player, decision.kind) == (YOU, "support")
    assert decision.legal_actions == ("support 2H", "decline")

    after, events = GUERRILLA_TACTICS.apply(state, "support 2H")
    standing = [e for e in events if isinstance(e, Standing)]
    assert standing[-1].after_support and standing[-1].best == (YOU,)  # a pair beats any single
    lost = next(e for e in events if isinstance(e, ForcesLost))
    assert lost.used == 3 and len(lost.removed) == 1  # a Guerrilla was involved: half of 3 is 1
    spoils = next(e for e in events if isinstance(e, SpoilsTaken))
    assert [(p, len(cards)) for p, cards in spoils.shares] == [(YOU, 2)]
    # The next skirmish has begun: the support's penalty, you draw one card, Ana fills to two.
    assert [len(s.hand) for s in after.seats] == [1, 2]


def test_lesson_holding_back_loses_the_skirmish_to_the_ace() -> None:
    state = GUERRILLA_TACTICS.from_position(ONE_SUIT, LESSON, seed=0)
    _, events = GUERRILLA_TACTICS.apply(state, "decline")
    spoils = next(e for e in events if isinstance(e, SpoilsTaken))
    assert [p for p, _ in spoils.shares] == [ANA]


# Every refusal, by what is wrong.


def refused(position: object, match: str, rules: GuerrillaRules = ONE_SUIT) -> None:
    with pytest.raises(BadInput, match=match):
        GUERRILLA_TACTICS.from_position(rules, position, 0)  # type: ignore[arg-type]


def seat(p: int, **changes: Any) -> list[dict[str, Any]]:
    seats = copy.deepcopy(LESSON["seats"])
    seats[p].update(changes)
    return seats


def test_a_card_in_two_places_is_refused() -> None:
    refused(lesson(seats=seat(ANA, hand="5H AS")),
            r"AS is in the draw pile of seat 0 \(You\) and in the hand of seat 1 \(Ana\)")
    refused(lesson(seats=seat(ANA, hand="5H 5H")), r"the hand of seat 1 \(Ana\) holds 5H twice")
    refused(lesson(seats=seat(YOU, hand="2H 3S", tie_drawn="3S 3S", draw=LESSON["seats"][0][
        "draw"].replace("3S ", ""))), r"the tie-break draw of seat 0 \(You\) holds 3S twice")


def test_a_card_nowhere_is_refused() -> None:
    refused(lesson(seats=seat(YOU, draw="3S 4S 5S 6S 7S 8S 9S 10S JS QS KS")),
            "the position leaves out 1 card of the deck: AS. Allowed: each card of the deck in "
            "exactly one place, or 'stacked' true for a lesson's stacked deal")


def test_a_card_of_another_deck_is_refused() -> None:
    suits = (r"Allowed: cards of the suits H S \(ruling GT-SETUP\), or 'stacked' true for a "
             r"lesson's stacked deal, which may hold any of the 52 cards of the game\.$")
    refused(lesson(removed="2D"),
            "^the removed pile holds 2D, which is not in this game's deck. " + suits)
    refused(lesson(seats=seat(YOU, last_skirmish=["play 2D"])),
            r"^the last skirmish of seat 0 \(You\) holds 2D, which is not in this game's deck. "
            + suits)


def test_a_word_that_is_no_card_is_refused() -> None:
    refused(lesson(removed="1Z"), "the removed pile: '1Z' is not a card")


def test_a_stage_that_does_not_exist_is_refused() -> None:
    refused(lesson(stage="begin"), "the stage is 'begin'. Allowed: 'promote' or 'cancel'")
    refused(lesson(stage=3), "the stage is 3")


def test_zones_bigger_than_the_rules_allow_are_refused() -> None:
    three = seat(YOU, hand="2H 3S 4S", tie_drawn="2H 3S 4S", draw="5S 6S 7S 8S 9S 10S JS QS KS AS")
    refused(lesson(seats=three), "has 3 cards drawn for a tie-break")  # a tie-break draws two
    refused(lesson(seats=seat(YOU, hand="", table=["play 2S", "play 2H"])),
            "is not laid as the rules lay it")  # one card played a skirmish


def test_counters_out_of_range_are_refused() -> None:
    refused(lesson(guerrilla_rank=7), "the Guerrilla rank is 7. Allowed: a whole number from 2 "
                                      "to 6")
    refused(lesson(skirmish=0), "the skirmish is 0")
    refused(lesson(skirmish=4), "the skirmish is 4", GuerrillaRules(
        players=2, two_player_deck="one-suit", skirmish_limit=3))
    refused(lesson(tie_round=-1), "the tie round is -1")
    refused(lesson(tally={"promotions": 1}), "the tally's 'promotions' is 1")  # rank 2: none yet
    refused(lesson(tally={"supports": -1}), "the tally's 'supports' is -1")
    refused(lesson(tally={"removed_by_loss": 1}), "the tally's 'removed_by_loss' is 1")


def test_a_turn_that_contradicts_the_stage_is_refused() -> None:
    refused(lesson(to_choose=[ANA]), r"to_choose is \[1\]")  # Ana wins alone: not asked
    refused(lesson(to_choose=[]), r"to_choose is \[\]")
    refused(lesson(tie_round=1), "stage 'support' with tie_round 1")
    refused(lesson(proposer=ANA), "stage 'support' with proposer 1")
    refused(lesson(stage="play"), "has 1 cards on the table in stage 'play'")
    refused(lesson(stage="promote"), "cards on the table before the skirmish's play")
    refused(lesson(stage="over"), "a finished game with someone to choose")


def test_a_choice_that_could_not_have_been_made_is_refused() -> None:
    refused(lesson(seats=seat(ANA, chosen="decline")), "has chosen 'decline'")
    play = lesson(stage="play", to_choose=[ANA], seats=[
        {"draw": LESSON["seats"][0]["draw"], "hand": "2H 2S", "chosen": "play AS"},
        {"draw": LESSON["seats"][1]["draw"], "hand": "5H AH"}])
    refused(play, "has chosen 'play AS'")


def test_a_player_with_one_choice_is_not_asked() -> None:
    refused(lesson(seats=seat(YOU, hand="3S", draw="2H 4S 5S 6S 7S 8S 9S 10S JS QS KS AS")),
            r"only one choice \(decline\), so is not asked \(GT-ONE-CARD\)")


def test_a_table_not_laid_as_the_rules_lay_it_is_refused() -> None:
    refused(lesson(seats=seat(YOU, table=["support 2S"])), "is not laid as the rules lay it")
    refused(lesson(seats=seat(YOU, table=["throw 2S"])), "'throw 2S' on the table of seat 0")
    refused(lesson(seats=seat(YOU, table=["play 2S", "tie \u00b2 up 3S"])), "is not a card laid")


def test_marks_the_rules_never_leave_are_refused() -> None:
    refused(lesson(seats=seat(YOU, played_guerrilla=False)),
            "has a Guerrilla on the table but played_guerrilla is false")
    refused(lesson(seats=seat(ANA, penalty_due=True)), "still has the support penalty due")
    refused(lesson(seats=seat(ANA, out=True)), "is out but still has cards")
    refused(lesson(seats=seat(ANA, shown="5H")), "shows 5H, which is not a Guerrilla")
    refused(lesson(seats=seat(ANA, shown="2H")), "2H is shown or tie-drawn by Ana")


def test_a_game_over_with_two_players_in_is_refused() -> None:
    over = lesson(stage="over", to_choose=[], seats=[
        {"draw": LESSON["seats"][0]["draw"], "hand": "2H 2S"},
        {"draw": LESSON["seats"][1]["draw"], "hand": "5H AH"}])
    refused(over, "the game is over with 2 players still in")


def test_wrong_types_are_refused() -> None:
    refused("support", "the position is 'support', not a table")
    refused(lesson(skirmish="1"), "the skirmish is '1'")
    refused(lesson(skirmish=True), "the skirmish is True")
    refused(lesson(seats={"0": {}}), "not a list of 2 seats")
    refused(lesson(seats=seat(YOU, hand=["2H"])),
            r"the hand of seat 0 \(You\) is \['2H'\], not text. Allowed: card codes separated "
            r'by spaces, e.g. "9S 2H"')
    refused(lesson(seats=seat(YOU, out="no")), "out of seat 0 .* is 'no'")
    refused(lesson(seats=seat(YOU, table="play 2S")), "not a list")
    refused(lesson(to_choose=["You"]), "a player to choose is 'You'. Allowed: a seat number "
                                       "from 0 to 1")
    refused(lesson(stage="cancel", proposer=2), "the proposer is 2. Allowed: a seat number from "
                                                "0 to 1")
    refused(lesson(seats=seat(YOU, draw=9)), r"the draw pile of seat 0 \(You\) is 9, not text. "
            r'Allowed: card codes separated by spaces, top card first, e.g. "9S 2H" \(""')
    refused(lesson(seats=["x", {}]), r"seat 0 \(You\) is 'x', not a table")
    refused(lesson(tally=[]), "the tally is \\[\\], not a table")


def test_unknown_and_missing_keys_are_refused() -> None:
    refused(lesson(score=3), "the position has an unknown key 'score'")
    refused(lesson(seats=seat(ANA, pocket="")), r"seat 1 \(Ana\) has an unknown key 'pocket'")
    refused(lesson(tally={"wins": 1}), "the tally has an unknown key 'wins'")
    refused({k: v for k, v in LESSON.items() if k != "seats"}, "the position has no 'seats'")


def test_a_bad_seed_is_refused() -> None:
    with pytest.raises(BadInput, match="cannot be a seed"):
        GUERRILLA_TACTICS.from_position(ONE_SUIT, LESSON, -1)



# A lesson's stacked deal (Game.new(stacked=...)) may hold any cards of the 52: its positions
# say "stacked": true, and a position without it must hold the players' suits.


STACKED = ("9S 2H 9C 4C 7S 3D KS", "9H 5H 9D 4D 7H 3C KH")  # nines and sevens meet: tie-breaks


@pytest.mark.parametrize("seed", range(6))
def test_every_step_of_a_stacked_lesson_is_its_position_and_back(seed: int) -> None:
    rules = rules_for(seed * 3)  # two players
    agents = {p: random_agent(p, seed) for p in (YOU, ANA)}
    lesson = Game.new(GUERRILLA_TACTICS, rules, seed, stacked=STACKED)
    game = play_out(lesson, agents, max_steps=200)
    for step in game.steps:
        position = GUERRILLA_TACTICS.position_of(step.state)
        assert position["stacked"] is True
        back = GUERRILLA_TACTICS.from_position(rules, position, seed)
        assert fields(back) == fields(step.state)
        assert GUERRILLA_TACTICS.position_of(back) == position


def test_a_position_with_other_cards_is_a_lesson_s_only_if_it_says_so() -> None:
    few = lesson(seats=[{"draw": "", "hand": "2H", "table": ["play 2S"], "played_guerrilla": True},
                        {"draw": "KD", "hand": "5H", "table": ["play AH"]}])
    refused(few, r"the draw pile of seat 1 \(Ana\) holds KD, which is not in this game's deck")
    refused(lesson(seats=seat(YOU, draw="")), "the position leaves out 12 cards of the deck: 3S 4S")
    state = GUERRILLA_TACTICS.from_position(ONE_SUIT, few | {"stacked": True}, 0)
    assert GUERRILLA_TACTICS.position_of(state)["stacked"] is True
    refused(few | {"stacked": True, "removed": "2S"}, "2S is in the removed pile and in the table")


def test_a_stacked_lesson_pictures_in_its_last_skirmish_only_cards_it_still_holds() -> None:
    few = lesson(stacked=True, seats=[
        {"draw": "", "hand": "2H", "table": ["play 2S"], "played_guerrilla": True},
        {"draw": "KD", "hand": "5H", "table": ["play AH"], "last_skirmish": ["play KD"]}])
    GUERRILLA_TACTICS.from_position(ONE_SUIT, few, 0)  # the king won then, and is back in a pile
    few["seats"][ANA]["last_skirmish"] = ["play 9S"]
    refused(few, r"^the last skirmish of seat 1 \(Ana\) holds 9S, which is nowhere else in this "
                 r"game\. Allowed: cards of the last skirmish that the game still holds")
