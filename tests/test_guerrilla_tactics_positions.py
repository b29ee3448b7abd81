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
from moments import guerrilla_moments

from wartutor.core import BadInput, Game, play_out, rulings_of
from wartutor.core.chance import Rng
from wartutor.variants.guerrilla_tactics import GUERRILLA_TACTICS, GuerrillaRules, GuerrillaState
from wartutor.variants.guerrilla_tactics import game as rules_of_play
from wartutor.variants.guerrilla_tactics.agents import heuristic_agent, random_agent
from wartutor.variants.guerrilla_tactics.events import (
    Drew,
    ForcesLost,
    SkirmishBegins,
    SpoilsTaken,
    Standing,
)
from wartutor.variants.guerrilla_tactics.position import MOMENTS, STAGES, position_of, stages
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
    refused(lesson(stage="begin"), "the stage is 'begin'. Allowed: 'before-the-draw' or "
                                   "'promotion-window' or 'before-the-play' or 'promote'")
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
    refused(lesson(to_choose=[]), r"You \(seat 0\) has chosen None")  # nobody left: all chose
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


def test_a_player_with_one_choice_is_not_asked_the_game_takes_it() -> None:
    # Your three cannot help against the ace: you decline unasked, Ana takes the skirmish,
    # and the next one begins with its draw (GT-ONE-CARD).
    no_help = lesson(seats=seat(YOU, hand="3S", draw="2H 4S 5S 6S 7S 8S 9S 10S JS QS KS AS"))
    state, events = GUERRILLA_TACTICS.play_from_position(ONE_SUIT, no_help, 0)
    spoils = next(e for e in events if isinstance(e, SpoilsTaken))
    assert [p for p, _ in spoils.shares] == [ANA]
    assert (state.skirmish, state.stage) == (2, "play")


def test_a_table_not_laid_as_the_rules_lay_it_is_refused() -> None:
    refused(lesson(seats=seat(YOU, table=["support 2S"])), "is not laid as the rules lay it")
    refused(lesson(seats=seat(YOU, table=["throw 2S"])), "'throw 2S' on the table of seat 0")
    refused(lesson(seats=seat(YOU, table=["play 2S", "tie \u00b2 up 3S"])), "is not a card laid")


def test_the_support_stage_with_nothing_played_is_refused_not_a_crash() -> None:
    """The forces of the support stage are counted only once every player has played."""
    position = position_of(Game.new(GUERRILLA_TACTICS, None, seed=0).state)
    position |= {"stage": "support", "to_choose": [0, 1]}
    with pytest.raises(BadInput, match=r"has 0 cards on the table in stage 'support'"):
        Game.from_position(GUERRILLA_TACTICS, None, position)


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


# Stages where nobody chooses: the start of a skirmish, the promotion window, the play to
# come, a choice that is the only one. The game plays on from them as the rules do.


def moments(before: GuerrillaState, action: str) -> list[GuerrillaState]:
    """The moments of one step (tests/moments.py), checked as the engine's own: from each,
    the engine goes on to the very state the step ends at."""
    seen = guerrilla_moments(before, action)
    after, _ = GUERRILLA_TACTICS.apply(before, action)
    for moment in seen:
        assert rules_of_play.advance(changed(moment), []) == after
    return seen


def plays_on_alike(rules: GuerrillaRules, moment: GuerrillaState, seed: int) -> str:
    """Check that the position of ``moment`` plays on exactly as ``moment`` itself, with a
    generator seeded by ``seed``; its stage."""
    position = position_of(moment)
    state, events = GUERRILLA_TACTICS.play_from_position(rules, position, seed)
    expected: list[Any] = []
    original = rules_of_play.advance(changed(moment, rng=Rng.from_seed(seed)), expected)
    assert state == original
    assert events == tuple(expected)
    return str(position["stage"])


@pytest.mark.parametrize("seed", range(40))
def test_every_moment_of_a_played_game_plays_on_from_its_position(seed: int) -> None:
    game = played(seed, steps=60)
    for before, step in zip(game.steps, game.steps[1:], strict=False):
        assert step.action is not None
        for moment in moments(before.state, step.action):
            plays_on_alike(game.rules, moment, seed)


def test_played_games_pass_through_every_stage_where_nobody_chooses() -> None:
    seen: set[str] = set()
    forced = 0
    for seed in range(12):
        game = played(seed, steps=60)
        for before, step in zip(game.steps, game.steps[1:], strict=False):
            assert step.action is not None
            for moment in moments(before.state, step.action):
                stage = position_of(moment)["stage"]
                seen.add(stage)
                forced += stage in ("play", "support", "tie") and bool(moment.asked) and len(
                    rules_of_play.legal_actions(moment, moment.asked[0])) == 1
    assert set(MOMENTS) <= seen
    assert forced  # a player with one card lays it unasked (GT-ONE-CARD)


def test_a_game_from_a_position_where_nobody_chooses_shows_the_moments_to_the_first_choice(
) -> None:
    start = {"stage": "before-the-draw", "skirmish": 1, "guerrilla_rank": 2, "seats": [
        {"draw": "3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS 2S"},
        {"draw": "2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH"}]}
    game = Game.from_position(GUERRILLA_TACTICS, ONE_SUIT, start, seed=0)
    _, *events = game.steps[0].events
    assert isinstance(events[0], SkirmishBegins) and events[0].skirmish == 1
    assert [(e.player, e.drawn) for e in events if isinstance(e, Drew)] == [(YOU, 2), (ANA, 2)]
    assert [c.code for c in game.state.seats[YOU].hand] == ["3S", "4S"]  # from the top
    assert game.decision is not None and game.decision.kind == "play"
    # Nobody has played a Guerrilla yet: no promotion window opened before the draw.


SPADES = "2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS"


def window(rank: int, ana_played: bool, your_hand: str = "9S") -> dict[str, Any]:
    """The promotion window of skirmish 5 (before the draw, GT-PROMO-WHEN), at ``rank``."""
    spades = [c for c in SPADES.split()
              if c not in your_hand.split()]
    return {"stage": "promotion-window", "skirmish": 5, "guerrilla_rank": rank, "seats": [
        {"draw": " ".join(spades), "hand": your_hand, "played_guerrilla": True},
        {"draw": "2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH", "hand": "AH",
         "played_guerrilla": ana_played}]}


def test_lesson_no_promotion_window_opens_at_rank_6() -> None:
    state, events = GUERRILLA_TACTICS.play_from_position(ONE_SUIT, window(6, True), 0)
    assert state.guerrilla_rank == 6 and state.stage == "play"  # on to the draw and the play
    assert [e.player for e in events if isinstance(e, Drew)] == [YOU, ANA]
    refused(window(6, True) | {"stage": "promote"}, "stage 'promotion-window' for a window")


def test_lesson_no_promotion_window_opens_before_every_player_has_played_a_guerrilla() -> None:
    state = GUERRILLA_TACTICS.from_position(ONE_SUIT, window(2, ana_played=False), 0)
    assert state.stage == "play"
    opened = GUERRILLA_TACTICS.from_position(ONE_SUIT, window(2, ana_played=True), 0)
    decision = GUERRILLA_TACTICS.decision(opened)
    assert decision is not None and (decision.player, decision.kind) == (YOU, "promote")


def test_the_play_comes_next_once_everyone_has_drawn() -> None:
    drawn = window(3, True, your_hand="9S 10S") | {"stage": "before-the-play"}
    drawn["seats"][ANA] |= {"hand": "AH KH", "draw": "2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH"}
    state, events = GUERRILLA_TACTICS.play_from_position(ONE_SUIT, drawn, 0)
    assert events == () and state.stage == "play" and state.skirmish == 5
    assert position_of(state)["to_choose"] == [YOU, ANA]


def test_a_moment_where_nobody_chooses_holds_nothing_chosen_or_laid() -> None:
    start = window(2, False)
    refused(start | {"to_choose": [YOU]}, r"to_choose is \[0\] in stage 'promotion-window', "
                                         "where nobody chooses")
    refused(start | {"seats": [start["seats"][YOU] | {"chosen": "play 9S"}, start["seats"][ANA]]},
            "has chosen 'play 9S' in stage 'promotion-window'")
    refused(start | {"seats": [start["seats"][YOU] | {"hand": "", "table": ["play 9S"]},
                               start["seats"][ANA]]}, "has cards on the table before the skirmish")
    refused(start | {"seats": [start["seats"][YOU] | {"tie_drawn": "9S"}, start["seats"][ANA]]},
            "has cards drawn for a tie-break in stage 'promotion-window'")
    refused(start | {"stage": "before-the-play", "seats": [
        start["seats"][YOU] | {"penalty_due": True}, start["seats"][ANA]]},
            "still has the support penalty due after the draw")
    GUERRILLA_TACTICS.from_position(ONE_SUIT, start | {"seats": [  # due: the draw comes later
        start["seats"][YOU] | {"penalty_due": True}, start["seats"][ANA]]}, 0)
    refused(start | {"stage": "before-the-draw", "skirmish": 4}, "the skirmish is 4",
            GuerrillaRules(players=2, two_player_deck="one-suit", skirmish_limit=3))


def test_the_stages_a_teacher_can_name_are_listed_with_what_each_needs() -> None:
    assert tuple(s.name for s in stages()) == STAGES
    assert GUERRILLA_TACTICS.stages() == stages()
    assert all(s.what and s.needs for s in stages())
    assert [s.name for s in stages() if not s.choice] == [*MOMENTS, "over"]
