"""Arsenal positions: round trips, every refusal as a rule example, and a lesson Nuke."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest
from moments import arsenal_moments

from wartutor.core import BadInput, Game, Trace, play_out
from wartutor.core.chance import Rng
from wartutor.core.record import explanation
from wartutor.variants.arsenal import ARSENAL, ArsenalRules
from wartutor.variants.arsenal import game as rules_of_play
from wartutor.variants.arsenal.cards import arsenal_cards
from wartutor.variants.arsenal.game import SuddenDeathDrawn


def positions_of_played_games() -> list[tuple[Any, ...]]:
    found = []
    for seed in range(16):
        rules = ArsenalRules(deck=("standard", "four-suits")[seed % 2],
                             hand_size=(7, 5, 3)[seed % 3],
                             dry=("all-played", "pile-empty")[seed // 2 % 2],
                             draw_order=("winner-first", "you-first", "npc-first")[seed % 3])
        agents = {p: ARSENAL.agents[("heuristic", "random")[seed % 2]](p, seed) for p in (0, 1)}
        game = play_out(Game.new(ARSENAL, rules, seed), agents)
        found += [(rules, step.state) for step in game.steps[::9] + game.steps[-1:]]
    return found


PLAYED = positions_of_played_games()


def test_the_played_games_reach_every_stage_and_a_sudden_death() -> None:
    stages = {ARSENAL.position_of(state)["stage"] for _, state in PLAYED}
    assert stages == {"lead", "answer", "over"}
    assert any(state.sudden_death for _, state in PLAYED)


@pytest.mark.parametrize(("rules", "state"), PLAYED)
def test_a_position_builds_the_state_it_describes_and_plays_on_alike(rules: Any,
                                                                      state: Any) -> None:
    position = ARSENAL.position_of(state)
    assert "stacked" not in position  # the rules' own deal
    again = ARSENAL.from_position(rules, position, seed=9)
    assert ARSENAL.position_of(again) == position
    assert (again.history, again.captured, again.tally, again.outcome, again.deck) == (
        state.history, state.captured, state.tally, state.outcome, state.deck)
    decision = ARSENAL.decision(again)
    assert decision == ARSENAL.decision(state)
    assert ARSENAL.view(again, 1) == ARSENAL.view(state, 1)
    if decision is not None:
        action = decision.legal_actions[-1]
        events = ARSENAL.apply(state, action)[1]
        if not any(isinstance(e, SuddenDeathDrawn) for e in events):  # the rest is chance
            assert ARSENAL.apply(again, action)[1] == events


# The lesson: you lead the Nuke; what does the NPC answer?
LESSON_RULES = ArsenalRules(deck="NK-SO RK-ML BW-PR DY-SD SH-SF CS-SF MT-SF KV-PR", hand_size=4)
YOU_LEAD = {
    "stage": "lead", "round": 1, "leader": "you", "lead": None,
    "hands": {"you": "NK-SO RK-ML BW-PR DY-SD", "npc": "SH-SF CS-SF MT-SF KV-PR"},
    "pile": "", "captured": {"you": "", "npc": ""}, "rounds": [], "sudden_death": None,
}


def answered(answer: str) -> list[str]:
    game = Game.from_position(ARSENAL, LESSON_RULES, YOU_LEAD).play("play NK-SO").play(answer)
    return [explanation(game, e, 0) for e in game.steps[-1].events[1:3]]


def test_you_lead_the_nuke_and_no_shield_or_counter_strike_stops_it() -> None:
    assert answered("play SH-SF") == [
        "A level-4 Nuke (Special Ops) cannot be blocked: no shield stops a level-4 bomb, "
        "not even Shield (Space Force).",
        "You capture both cards; they are out of the game for good. Captured so far: you 2, "
        "the NPC 0."]
    assert answered("play CS-SF")[0] == (
        "Counter-Strike (Space Force) cannot touch a level-4 Nuke (Special Ops): a level-4 "
        "bomb gets through and wins.")


def test_you_lead_the_nuke_and_the_npc_answers_with_the_meteor_of_a_higher_suit() -> None:
    game = Game.from_position(ARSENAL, LESSON_RULES, YOU_LEAD).play("play NK-SO")
    npc = ARSENAL.agents["heuristic"](1, 0)
    answer = npc(ARSENAL.view(game.state, 1), game.decision)  # type: ignore[arg-type]
    assert answer == "play MT-SF"
    assert answered(answer)[0] == (
        "Both bombs are level 4, so the suits decide: Space Force ranks above Special Ops, "
        "and the Meteor (Space Force) beats the Nuke (Special Ops).")


def test_a_lesson_position_saves_with_its_trace() -> None:
    game = Game.from_position(ARSENAL, LESSON_RULES, YOU_LEAD, seed=2).play("play NK-SO")
    loaded = Trace.from_json(Trace.of(game).to_json())
    assert loaded.position == YOU_LEAD and loaded.replay().state == game.state


def changed(**changes: Any) -> dict[str, Any]:
    return YOU_LEAD | changes


def both(you: Any, npc: Any) -> dict[str, Any]:
    return {"you": you, "npc": npc}


AFTER_ONE = changed(round=2, hands=both("RK-ML BW-PR DY-SD", "SH-SF CS-SF KV-PR"),
                    captured=both("", "NK-SO MT-SF"), rounds=["you NK-SO MT-SF"], leader="npc")
ANSWERING = changed(stage="answer", lead="NK-SO", hands=both("RK-ML BW-PR DY-SD",
                                                             "SH-SF CS-SF MT-SF KV-PR"))
OVER = {"stage": "over", "round": 4, "leader": "npc", "lead": None, "hands": both("", ""),
        "pile": "", "captured": both("SH-SF NK-SO", "DY-SD MT-SF KV-PR RK-ML BW-PR CS-SF"),
        "rounds": ["you DY-SD MT-SF", "npc KV-PR RK-ML", "npc SH-SF NK-SO", "you BW-PR CS-SF"],
        "sudden_death": None}


def test_these_refusal_examples_start_from_positions_that_are_accepted() -> None:
    for position in (AFTER_ONE, ANSWERING):
        Game.from_position(ARSENAL, LESSON_RULES, position)
    over = Game.from_position(ARSENAL, LESSON_RULES, OVER)
    assert over.decision is None and over.outcome is not None and over.outcome.winners == (1,)


@pytest.mark.parametrize(
    ("position", "says"),
    [
        (changed(pile="NK-SO"), "NK-SO is in your hand and in the pile"),
        (changed(hands=both("NK-SO RK-ML BW-PR", "SH-SF CS-SF MT-SF KV-PR")),
         "leaves out 1 card of the deck: DY-SD"),
        (changed(pile="NK-SF"), "the pile holds NK-SF, which is not in this game's deck"),
        (changed(pile="NK-XX"), "the pile: 'NK-XX' is not an Arsenal card"),
        (changed(stage="reveal"), "the stage is 'reveal'. Allowed: 'lead' or 'answer' or 'over'"),
        (changed(stage="answer"), "the stage is 'answer' and the lead is None"),
        (ANSWERING | {"stage": "lead"}, "the stage is 'lead' and the lead is 'NK-SO'"),
        (changed(round=3), "the round is 3 after 0 rounds played. Allowed: 1"),
        (changed(round="1"), "the round is '1'"),
        (AFTER_ONE | {"leader": "you"}, "you lead, but the NPC won the last round"),
        (AFTER_ONE | {"rounds": ["npc NK-SO MT-SF"]}, "your captured pile is not the cards"),
        (AFTER_ONE | {"captured": both("NK-SO MT-SF", "")}, "your captured pile is not the cards"),
        (AFTER_ONE | {"rounds": ["you NK-SO"]}, "round 1 is 'you NK-SO'"),
        (AFTER_ONE | {"rounds": "you NK-SO MT-SF"}, "the rounds played are 'you NK-SO MT-SF'"),
        (OVER | {"rounds": [*OVER["rounds"][:3], "npc CS-SF BW-PR"]},
         "round 4 is led by the NPC, but you won round 3"),
        (changed(hands=both("NK-SO RK-ML BW-PR DY-SD SH-SF", "CS-SF MT-SF KV-PR")),
         "at stage 'lead' you hold 5 cards and the NPC 3"),
        (changed(hands=both("NK-SO RK-ML BW-PR", "SH-SF CS-SF MT-SF"), pile="DY-SD KV-PR"),
         "at stage 'lead' you hold 3 cards and the NPC 3, with 2 in the pile"),
        (changed(leader="nobody"), "who leads is 'nobody'"),
        (changed(lead="NK-SO RK-ML"), "the lead is 'NK-SO RK-ML'"),
        (changed(sudden_death="NK-SO KV-PR"), "sudden death is drawn while the match goes on"),
        (OVER | {"sudden_death": "NK-SO KV-PR"}, "a sudden death is drawn after 2 to 6"),
        (OVER | {"hands": both("BW-PR", "CS-SF"), "round": 3, "rounds": OVER["rounds"][:3],
                 "leader": "you", "captured": both("SH-SF NK-SO", "DY-SD MT-SF KV-PR RK-ML")},
         "the match is over with 1 and 1 cards in hand"),
        (changed(hands=both("NK-SO RK-ML BW-PR DY-SD", 4)), "the NPC's hand is 4, not text"),
        (changed(hands="NK-SO"), "the hands is 'NK-SO'. Allowed: a table with the keys"),
        (changed(captured=both("", "")) | {"turn": "you"}, "the position has an unknown key"),
        ({k: v for k, v in YOU_LEAD.items() if k != "pile"}, "the position has no 'pile'"),
        (changed(stacked="yes"), "'stacked' is 'yes'. Allowed: false or true"),
        (changed(stacked=True, pile="NK-SO"), "NK-SO is in your hand and in the pile"),
        (changed(stacked=True, pile="BW-SF"), "a pile of 1 card cannot be shared evenly"),
    ],
)
def test_a_position_that_is_not_one_is_refused_saying_why(position: Any, says: str) -> None:
    with pytest.raises(BadInput) as refused:
        Game.from_position(ARSENAL, LESSON_RULES, position)
    assert says in str(refused.value) and ". Allowed: " in str(refused.value)


def test_a_tie_goes_to_the_sudden_death_written_in_the_position() -> None:
    rules = ArsenalRules(deck="NK-SO KV-PR RK-ML SH-SF", hand_size=2)
    tied = {"stage": "over", "round": 2, "leader": "npc", "lead": None, "hands": both("", ""),
            "pile": "", "captured": both("NK-SO KV-PR", "RK-ML SH-SF"),
            "rounds": ["you NK-SO KV-PR", "you RK-ML SH-SF"], "sudden_death": None}
    with pytest.raises(BadInput, match="the captured counts are equal"):
        Game.from_position(ARSENAL, rules, tied)
    game = Game.from_position(ARSENAL, rules, tied | {"sudden_death": "KV-PR NK-SO"})
    assert game.outcome is not None and game.outcome.winners == (1,)
    assert "NK-SF" not in rules.deck
    with pytest.raises(BadInput, match="the sudden death is"):
        Game.from_position(ARSENAL, rules, tied | {"sudden_death": "KV-PR"})


# A lesson's stacked deal (Game.new(stacked=...)) is a position too, with "stacked": true.
# Its cards are its match's whole deck (the rules' eight and two more), and its first hands
# are two cards short of the rules' four while the pile lasts.
STACKED = ("NK-SO RK-ML", "SH-SF MT-SF", "BW-PR DY-SD CS-SF KV-PR NK-SF SX-ML", "you")


@pytest.mark.parametrize("dry", ["all-played", "pile-empty"])
def test_every_step_of_a_stacked_lesson_is_its_position_and_back(dry: str) -> None:
    rules = dataclasses.replace(LESSON_RULES, dry=dry)
    first = {p: (lambda view, decision: decision.legal_actions[0]) for p in (0, 1)}
    game = play_out(Game.new(ARSENAL, rules, 0, stacked=STACKED), first)
    assert game.outcome is not None
    for step in game.steps:
        position = ARSENAL.position_of(step.state)
        assert position["stacked"] is True
        again = ARSENAL.from_position(rules, position, seed=9)
        assert again == dataclasses.replace(step.state, rng=Rng.from_seed(9))
        assert ARSENAL.position_of(again) == position


def test_a_position_with_a_card_missing_is_a_lesson_s_only_if_it_says_so() -> None:
    short = changed(hands=both("NK-SO RK-ML BW-PR", "SH-SF CS-SF MT-SF KV-PR"))
    with pytest.raises(BadInput) as refused:
        Game.from_position(ARSENAL, LESSON_RULES, short)
    assert str(refused.value) == (
        "the position leaves out 1 card of the deck: DY-SD. Allowed: each card of the deck in "
        "exactly one place, or 'stacked' true for a lesson's stacked deal, which may leave "
        "cards out.")
    with pytest.raises(BadInput, match="at stage 'lead' you hold 3 cards and the NPC 4"):
        Game.from_position(ARSENAL, LESSON_RULES, short | {"stacked": True})
    lesson = changed(hands=both("NK-SO RK-ML", "SH-SF CS-SF"), pile="BW-PR MT-SF", stacked=True)
    state = Game.from_position(ARSENAL, LESSON_RULES, lesson).state
    assert set(state.deck) == set(arsenal_cards("NK-SO RK-ML BW-PR SH-SF CS-SF MT-SF"))


# The rules' own deck, in its standard order, laid out by a lesson with short first hands:
# the first positions are a lesson's (short hands while a pile waits), the middle ones any
# deal's, and under 'pile-empty' the end too (the rules' deal of eight under hands of four
# lays no pile, so no pile of theirs cuts the match short).
IN_ORDER = ArsenalRules(deck="MT-SF SH-SF CS-SF NK-SO DY-SD RK-ML KV-PR BW-PR", hand_size=4)
SHORT_HANDS = ("MT-SF SH-SF", "CS-SF NK-SO", "DY-SD RK-ML KV-PR BW-PR", "you")


@pytest.mark.parametrize(("dry", "stacked"), [
    ("all-played", [True, True, False, False, False, False, False]),
    ("pile-empty", [True, True, True]),
])
def test_a_lesson_over_the_rules_own_deck_says_stacked_only_where_no_deal_of_theirs_reaches(
        dry: str, stacked: list[bool]) -> None:
    rules = dataclasses.replace(IN_ORDER, dry=dry)
    first = {p: (lambda view, decision: decision.legal_actions[0]) for p in (0, 1)}
    game = play_out(Game.new(ARSENAL, rules, 0, stacked=SHORT_HANDS), first)
    assert game.steps[0].state.deck == rules.cards
    positions = [ARSENAL.position_of(step.state) for step in game.steps]
    assert [position.get("stacked", False) for position in positions] == stacked
    for step, position in zip(game.steps, positions, strict=True):
        again = ARSENAL.from_position(rules, position, seed=9)
        assert again == dataclasses.replace(step.state, rng=Rng.from_seed(9))
    with pytest.raises(BadInput, match="at stage 'lead' you hold 2 cards and the NPC 2, with 4"):
        ARSENAL.from_position(rules, positions[0] | {"stacked": False}, seed=9)


# Two hands of two and a pile: once a round is played the pile is used up, and under
# 'pile-empty' that ends the match, whatever the deal.
TWO = ArsenalRules(deck="NK-SO RK-ML BW-PR DY-SD SH-SF CS-SF MT-SF KV-PR", hand_size=2,
                   dry="pile-empty")
AFTER_A_ROUND = {"stage": "lead", "round": 2, "leader": "npc", "lead": None,
                 "hands": both("NK-SO RK-ML", "BW-PR DY-SD"), "pile": "",
                 "captured": both("", "SH-SF CS-SF"), "rounds": ["you SH-SF CS-SF"],
                 "sudden_death": None, "stacked": True}


def test_a_lesson_s_match_does_not_go_on_once_the_pile_is_used_up() -> None:
    with pytest.raises(BadInput, match="the match goes on with the pile used up"):
        Game.from_position(ARSENAL, TWO, AFTER_A_ROUND)


@pytest.mark.parametrize("stacked", [False, True])
def test_a_match_over_holds_no_more_cards_in_hand_than_a_refill_draws(stacked: bool) -> None:
    over = AFTER_A_ROUND | {"stage": "over", "round": 1, "stacked": stacked,
                            "hands": both("NK-SO RK-ML MT-SF", "BW-PR DY-SD KV-PR")}
    with pytest.raises(BadInput) as refused:
        Game.from_position(ARSENAL, TWO, over)
    assert str(refused.value).startswith(
        "the match is over with 3 and 3 cards in hand and 0 in the pile after 1 rounds. Allowed: "
        "every card played (ruling AR-DRY), or under 'pile-empty' the pile used up by a refill, "
        "both hands drawn back up to 2 cards")
    drawn_back_up = over | {"hands": both("NK-SO RK-ML", "BW-PR DY-SD"), "pile": "",
                            "captured": both("", "SH-SF CS-SF MT-SF KV-PR"),
                            "rounds": ["you SH-SF CS-SF", "npc MT-SF KV-PR"], "round": 2}
    assert Game.from_position(ARSENAL, TWO, drawn_back_up).outcome is not None


def test_a_card_only_a_lesson_may_hold_points_to_stacked() -> None:
    with pytest.raises(BadInput) as refused:
        Game.from_position(ARSENAL, LESSON_RULES, changed(pile="NK-SF SX-ML"))
    assert str(refused.value) == (
        "the pile holds NK-SF, which is not in this game's deck. Allowed: the 8 cards of the deck "
        "ruling AR-CUSTOM-DECK names, or 'stacked' true for a lesson's stacked deal, which may "
        "hold any of the 90 cards of the game.")
    with pytest.raises(BadInput, match=r'top card first, e\.g\. "NK-SO RK-ML"'):
        Game.from_position(ARSENAL, LESSON_RULES, changed(pile=["NK-SO"]))
    with pytest.raises(BadInput, match=r'round 1 is 7, not text\. Allowed: "who led'):
        Game.from_position(ARSENAL, LESSON_RULES, AFTER_ONE | {"rounds": [7]})


# A moment where nobody chooses: the side to move holds its last card, which is played for
# it (AR-FORCED). The game plays on from it as the rules do.


@pytest.mark.parametrize("seed", range(16))
def test_every_moment_of_a_played_game_plays_on_from_its_position(seed: int) -> None:
    rules = ArsenalRules(deck=("standard", "four-suits")[seed % 2], hand_size=(7, 5, 3)[seed % 3],
                         dry=("all-played", "pile-empty")[seed // 2 % 2])
    agents = {p: ARSENAL.agents[("heuristic", "random")[seed % 2]](p, seed) for p in (0, 1)}
    game = play_out(Game.new(ARSENAL, rules, seed), agents)
    last_cards = 0
    for before, step in zip(game.steps, game.steps[1:], strict=False):
        assert step.action is not None
        for moment in arsenal_moments(before.state, step.action):
            state, events = ARSENAL.play_from_position(rules, ARSENAL.position_of(moment), seed)
            expected: list[Any] = []
            original = dataclasses.replace(moment, rng=Rng.from_seed(seed))
            while (after := rules_of_play.moment_after(original, expected)) is not None:
                original = after
            last_cards += bool(expected)
            assert state == original
            assert events == tuple(expected)
    assert last_cards or rules.dry == "pile-empty"


def test_lesson_the_last_cards_are_played_for_their_sides() -> None:
    last = YOU_LEAD | {"hands": {"you": "NK-SO", "npc": "SH-SF"}, "stacked": True}
    game = Game.from_position(ARSENAL, LESSON_RULES, last)
    said = [explanation(game, e, 0) for e in game.steps[0].events[1:3]]
    assert said == [
        "Round 1: you have one card left, so it is led without a choice: Nuke (Special Ops).",
        "The NPC has one card left, so it answers without a choice: Shield (Space Force)."]
    assert game.outcome is not None and game.outcome.winners == (0,)  # no shield stops a Nuke


def test_the_stages_a_teacher_can_name_are_listed_with_what_each_needs() -> None:
    assert [s.name for s in ARSENAL.stages()] == ["lead", "answer", "over"]
