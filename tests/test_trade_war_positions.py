"""Trade War positions: round trips, every refusal as a rule example, and a lesson: ask for
the eight."""

from __future__ import annotations

import functools
from typing import Any

import pytest
from moments import trade_war_moments

from wartutor.core import BadInput, Game, Trace, play_out
from wartutor.core.chance import Rng
from wartutor.core.record import explanation
from wartutor.variants.trade_war import TRADE_WAR, TradeRules
from wartutor.variants.trade_war import game as rules_of_play
from wartutor.variants.trade_war.cards import trade_deck
from wartutor.variants.trade_war.state import PREPARE, changed


def rules_for(seed: int) -> TradeRules:
    """Rules that vary with the seed, so that every stage and ruling a position reads shows."""
    return TradeRules(
        players=2 + seed % 4, first_player=("random", 0)[seed % 3 == 0],
        battle_tie=("defender", "again")[seed % 2], streak=("turn", "game")[seed // 2 % 2],
        end=("at-once", "end-of-turn")[seed // 4 % 2],
        putin_targets=("table", "table-or-hand")[seed % 3 == 0],
        stake_doubles=("stake", "play")[seed % 5 == 0], stake_size=("all", "two")[seed % 6 == 1],
        refill=("to-seven", "optional")[seed % 7 == 0],
        winnings=("resources", "hand-first")[seed % 4 == 3],
        battle_play=("free", "forced")[seed % 9 == 4], ask_hold=seed % 8 == 5,
        ace=("high", "low")[seed % 10 == 7], reward_to=("resources", "hand")[seed % 3 == 2],
        turn_order=("clockwise", "defender")[seed % 11 == 3], turn_limit=80)


def states_of_played_games() -> list[tuple[TradeRules, Any]]:
    found = []
    for seed in range(60):
        rules = rules_for(seed)
        agents = {p: TRADE_WAR.agents[("heuristic", "random")[(seed + p) % 2]](p, seed)
                  for p in range(rules.players)}
        game = play_out(Game.new(TRADE_WAR, rules, seed), agents)
        found += [(rules, step.state) for step in game.steps[::7] + game.steps[-1:]]
    return found


# Played when a test first asks, not when the file is collected (every test worker collects
# every file).
played_states = functools.cache(states_of_played_games)


def test_the_played_games_reach_every_stage() -> None:
    stages = {TRADE_WAR.position_of(state)["stage"] for _, state in played_states()}
    assert stages == {"prepare", "ask", "attack", "defend", "putin", "reward", "over"}
    assert any(state.battle and state.battle.earlier for _, state in played_states())
    assert any(state.removed for _, state in played_states())
    assert {len(state.hands) for _, state in played_states()} == {2, 3, 4, 5}


def test_a_position_builds_the_very_state_it_describes_and_plays_on_alike() -> None:
    for rules, state in played_states():
        position = TRADE_WAR.position_of(state)
        again = TRADE_WAR.from_position(rules, position, seed=7)
        assert TRADE_WAR.position_of(again) == position
        # The same state but for the generator, and the moved cards no one reads after
        # the start of a turn.
        same = changed(state, rng=Rng.from_seed(7),
                       moved=state.moved if state.phase == PREPARE else ())
        assert again == same
        decision = TRADE_WAR.decision(again)
        assert decision == TRADE_WAR.decision(state)
        assert TRADE_WAR.view(again, 0) == TRADE_WAR.view(state, 0)
        if decision is not None:
            for action in {decision.legal_actions[0], decision.legal_actions[-1]}:
                after, events = TRADE_WAR.apply(same, action)
                after_again, events_again = TRADE_WAR.apply(again, action)
                assert events_again == events
                assert TRADE_WAR.position_of(after_again) == TRADE_WAR.position_of(after)


def test_a_game_from_a_played_position_saves_and_replays_with_its_trace() -> None:
    rules, state = next((r, s) for r, s in played_states() if s.battle and s.removed)
    position = TRADE_WAR.position_of(state)
    game = Game.from_position(TRADE_WAR, rules, position, seed=4)
    agents = {p: TRADE_WAR.agents["heuristic"](p, 4) for p in range(rules.players)}
    game = play_out(game, agents, max_steps=30)
    loaded = Trace.from_json(Trace.of(game).to_json())
    assert loaded.position == position and loaded.replay().state == game.state


# The lesson: you ask Computer 1 for an eight. It holds one, so it must lay it face up
# and battle for it (TW-GUESS); you attack first.
LESSON_RULES = TradeRules(players=2)
ASK_FOR_THE_EIGHT = {
    "stage": "prepare", "turn": 1, "instigator": 0, "deciding": 0,
    "hands": ["AS 9D 5C", "8H KD 4C"], "piles": ["", ""], "center": "2C 3C", "stacked": True,
}


def said(game: Game[Any]) -> list[str]:
    return [explanation(game, e, 0) for e in game.steps[-1].events]


def test_ask_for_the_eight_the_defender_holds_it_and_must_battle() -> None:
    game = Game.from_position(TRADE_WAR, LESSON_RULES, ASK_FOR_THE_EIGHT).play("ask 1 8")
    assert said(game) == ["You ask Computer 1 for an eight.",
                          "Computer 1 lays the eight of hearts face up as the stake."]
    assert game.decision is not None and game.decision.player == 0
    assert game.decision.legal_actions == ("play 5C", "play 9D", "play AS")
    game = game.play("play AS")
    assert game.decision is not None and game.decision.legal_actions == ("play 4C", "play KD")
    game = game.play("play KD")
    assert said(game)[1:] == [
        "You win the battle against Computer 1: the higher rank wins.",
        "You collect 3 cards, face down onto the resource pile.",
        "A right guess and a won battle, so you may guess again (1 battle won in a row this "
        "turn; three earn a reward)."]
    assert TRADE_WAR.position_of(game.state)["piles"] == ["8H AS KD", ""]


def test_ask_for_a_nine_nobody_holds_and_the_turn_passes() -> None:
    game = Game.from_position(TRADE_WAR, LESSON_RULES, ASK_FOR_THE_EIGHT).play("ask 1 9")
    assert said(game)[0] == "You ask Computer 1 for a nine. Computer 1 has none."
    assert game.decision is not None and game.decision.player == 1


def test_a_lesson_position_saves_with_its_trace() -> None:
    game = Game.from_position(TRADE_WAR, LESSON_RULES, ASK_FOR_THE_EIGHT, seed=2).play("ask 1 8")
    loaded = Trace.from_json(Trace.of(game).to_json())
    assert loaded.position == ASK_FOR_THE_EIGHT and loaded.replay().state == game.state


def lesson(**changes: Any) -> dict[str, Any]:
    return ASK_FOR_THE_EIGHT | changes


def battle(**changes: Any) -> dict[str, Any]:
    return {"defender": 1, "rank": "8", "stake": "8H", "attack": "", "defence": "",
            "earlier": "", "earlier_attack": ""} | changes


ATTACKING = lesson(stage="attack", hands=["AS 9D 5C", "KD 4C"], battle=battle(),
                   asks="0 asks 1 for 8: 8H")
DEFENDING = ATTACKING | {"stage": "defend", "deciding": 1, "hands": ["9D 5C", "KD 4C"],
                         "battle": battle(attack="AS")}
ASKING_AGAIN = lesson(stage="ask", hands=["9D 5C", "4C"], piles=["8H AS KD", ""],
                      asks="0 asks 1 for 8: 8H", streaks=[1, 0])
REWARDED = lesson(stage="reward", hands=["5C", "4C"], piles=["8H AS KD 9S 9D 6C", "QC"],
                  asks="0 asks 1 for 8: 8H; 0 asks 1 for 9: 9S; 0 asks 1 for 6: 6C")
OVER = lesson(stage="over", turn=3, deciding=None, hands=["9D 5C", "4C 2C 3C"],
              piles=["8H AS KD", ""], center="", asks="0 asks 1 for 8: 8H", ending="center-empty")


def test_these_refusal_examples_start_from_positions_that_are_accepted() -> None:
    for position in (ATTACKING, DEFENDING, ASKING_AGAIN, REWARDED):
        assert Game.from_position(TRADE_WAR, LESSON_RULES, position).decision is not None
    over = Game.from_position(TRADE_WAR, LESSON_RULES, OVER)
    assert over.decision is None and over.outcome is not None and over.outcome.winners == (0,)


@pytest.mark.parametrize(
    ("position", "says"),
    [
        pytest.param(lesson(hands=["AS 9D 5C", "8H KD 4C AS"]),
                     "AS is in player 0's hand and in player 1's hand", id="a card twice"),
        pytest.param(lesson(center="2C 2C"), "the centre holds 2C twice", id="twice in a zone"),
        pytest.param(lesson(stacked=False), "the position leaves out 46 cards of the deck",
                     id="cards missing"),
        pytest.param(lesson(stacked=False), "or 'stacked' true for a lesson's stacked deal",
                     id="cards missing, and a lesson may leave them out"),
        pytest.param(lesson(center="2C 1C"), "the centre: '1C' is not a Trade War card",
                     id="a stranger card"),
        pytest.param(lesson(stage="battle"), "the stage is 'battle'", id="a bad stage"),
        pytest.param(lesson(hands=["AS 9D 5C 6C 7C 10C JC QC", "8H KD 4C"]),
                     "player 0's hand holds 8 cards", id="a hand too big"),
        pytest.param(lesson(hands=["AS 9D 5C"]), "the hands are", id="a seat missing"),
        pytest.param(lesson(piles=["", "", ""]), "the resource piles are", id="a seat too many"),
        pytest.param(lesson(turn=0), "the turn is 0", id="turn zero"),
        pytest.param(lesson(turn=401), "the turn is 401. Allowed: a whole number from 1 to 400",
                     id="a turn past the limit"),
        pytest.param(lesson(instigator=2), "the instigator is 2", id="no such instigator"),
        pytest.param(lesson(deciding=1), "player 1 decides at stage 'prepare'. Allowed: "
                     "player 0", id="the turn contradicts the stage"),
        pytest.param(lesson(deciding=None), "nobody decides at stage 'prepare'",
                     id="nobody's choice"),
        pytest.param(DEFENDING | {"deciding": 0}, "player 0 decides at stage 'defend'",
                     id="the instigator defends"),
        pytest.param(lesson(stage="attack"), "the stage is 'attack' and there is no battle",
                     id="a battle stage without a battle"),
        pytest.param(ATTACKING | {"stage": "prepare"}, "there is a battle at stage 'prepare'",
                     id="a battle before any ask"),
        pytest.param(ATTACKING | {"battle": battle(defender=0)},
                     "player 0 is both the instigator and the defender", id="self-defence"),
        pytest.param(ATTACKING | {"battle": battle(rank="MJ")}, "the rank asked is 'MJ'",
                     id="asking for a joker"),
        pytest.param(ATTACKING | {"battle": battle(rank="9")},
                     "the stake is '8H' for the rank 9", id="a stake of another rank"),
        pytest.param(ATTACKING | {"hands": ["AS 9D 5C", "8D KD"], "center": "2C 3C 4C"},
                     "the defender still holds a card of the rank asked (8)",
                     id="doubles must both go down"),
        pytest.param(ATTACKING | {"battle": battle(attack="AS"), "hands": ["9D 5C", "KD 4C"]},
                     "the attack is 'AS' at stage 'attack'", id="an attack before attacking"),
        pytest.param(DEFENDING | {"battle": battle(attack="9D 5C"), "hands": ["AS", "KD 4C"]},
                     "the attack is '9D 5C' at stage 'defend'", id="a play of two ranks"),
        pytest.param(DEFENDING | {"battle": battle(attack="AS", earlier="9D 4C",
                                                   earlier_attack="9D"),
                                  "hands": ["5C", "KD"]},
                     "the battle has earlier tied cards", id="a tie replayed under 'defender'"),
        pytest.param(ATTACKING | {"streaks": [0, 1]}, "player 1 has a streak in player 0's turn",
                     id="a streak out of turn"),
        pytest.param(ASKING_AGAIN | {"streaks": [0, 0]},
                     "the instigator's streak is 0 at stage 'ask'", id="asking again unwon"),
        pytest.param(ATTACKING | {"streaks": [3, 0]}, "player 0's streak is 3",
                     id="a streak past the reward"),
        pytest.param(ATTACKING | {"moved": "AS"}, "cards have moved ('AS') at stage 'attack'",
                     id="moved after the start"),
        pytest.param(lesson(moved="KD"), "KD has moved this turn but is not the instigator's",
                     id="moved someone else's card"),
        pytest.param(lesson(hands=["AS 9D 5C", "8H KD 4C"], piles=["6C 7C 10C JC", ""],
                            may_draw=True, moved="6C 7C 10C JC"),
                     "the instigator may draw with 3 cards in hand, 4 in the resource pile",
                     id="a draw without running short"),
        pytest.param(ASKING_AGAIN | {"center": "", "hands": ["9D 5C", "4C 2C 3C"]},
                     "the centre is empty and the game goes on", id="an empty centre"),
        pytest.param(lesson(center_emptied=True), "center_emptied only under ruling TW-END",
                     id="emptied under at-once"),
        pytest.param(lesson(passes=2), "the passes is 2", id="too many passes"),
        pytest.param(lesson(removed="PJ"), "Putin is among the removed cards",
                     id="Putin assassinated"),
        pytest.param(ATTACKING | {"asks": "0 asks 1 for eight: 8H"},
                     "ask 1 is '0 asks 1 for eight: 8H'", id="a badly written ask"),
        pytest.param(ATTACKING | {"asks": "1 asks 1 for 8: 8H"}, "ask 1 is '1 asks 1 for 8: 8H'",
                     id="asking oneself"),
        pytest.param(ATTACKING | {"asks": "0 asks 1 for 9: 8H"}, "ask 1 is '0 asks 1 for 9: 8H'",
                     id="shown cards of another rank"),
        pytest.param(ATTACKING | {"tally": {"asks": 2, "misses": 0, "battles": 1, "doubles": 0,
                                            "mueller_wins": 0, "assassinations": 0,
                                            "rewards": 0, "swaps": 0, "center_draws": 0}},
                     "the tally's asks is 2. Allowed: 1", id="a count the asks contradict"),
        pytest.param(ATTACKING | {"tally": {"asks": 1}}, "the tally is", id="a count missing"),
        pytest.param(ATTACKING | {"tally": {"asks": 1, "misses": 0, "battles": 1, "doubles": -1,
                                            "mueller_wins": 0, "assassinations": 0,
                                            "rewards": 0, "swaps": 0, "center_draws": 0}},
                     "the tally's doubles is -1", id="a negative count"),
        pytest.param(OVER | {"ending": None}, "the ending is None", id="over without an ending"),
        pytest.param(OVER | {"ending": "limit"}, "the game was stopped at turn 3",
                     id="a limit before the limit"),
        pytest.param(OVER | {"ending": "stalled"}, "the game stalled after 0 passes",
                     id="a stall without passes"),
        pytest.param(OVER | {"deciding": 0}, "the game is over and 0 decides",
                     id="a choice after the end"),
        pytest.param(OVER | {"center": "2C", "hands": ["9D 5C", "4C 3C"]},
                     "the game ended with the centre empty, and it holds 1",
                     id="ended with cards in the centre"),
        pytest.param(lesson(ending="stalled"), "the ending is 'stalled' while the game goes on",
                     id="an ending while the game goes on"),
        pytest.param(lesson(stage="reward", deciding=None), "who decides the reward is None",
                     id="a reward nobody picks"),
        pytest.param(REWARDED | {"deciding": 1}, "player 1 is rewarded in player 0's turn",
                     id="a reward out of turn"),
        pytest.param(REWARDED | {"streaks": [2, 0]}, "player 0 is rewarded with a streak of 2",
                     id="a reward that keeps its streak"),
        pytest.param({k: v for k, v in ASKING_AGAIN.items() if k != "streaks"},
                     "the instigator's streak is 0 at stage 'ask'", id="asking again, no streak"),
        pytest.param(lesson(piles=["7S", ""]), "at this position nobody has a choice: You refill",
                     id="a refill with no choice"),
        pytest.param(ATTACKING | {"hands": ["AS", "KD 4C 9D 5C"]},
                     "at this position nobody has a choice: You attack with the ace of spades",
                     id="the one card to play"),
        pytest.param(DEFENDING | {"stage": "putin", "battle": battle(attack="AS", defence="KD"),
                                  "hands": ["9D 5C", "4C"]},
                     "at this position nobody has a choice: You win the battle",
                     id="Putin's window without Putin"),
        pytest.param(lesson(hands="AS 9D 5C"), "the hands are 'AS 9D 5C'", id="hands as text"),
        pytest.param(lesson(hands=["AS 9D 5C", 8]), "player 1's hand is 8, not text. Allowed: "
                     'card codes separated by spaces, e.g. "AS 9D 5C"', id="a hand as a number"),
        pytest.param(lesson(center=["2C"]), "the centre is ['2C'], not text. Allowed: card codes "
                     'separated by spaces, top card first', id="the centre as a list"),
        pytest.param(lesson(asks=["0 asks 1"]), "the asks is ['0 asks 1'], not text. Allowed: "
                     '"0 asks 1 for 8: 8H 8D"', id="the asks as a list"),
        pytest.param(lesson(turn="1"), "the turn is '1'", id="a turn as text"),
        pytest.param(lesson(stacked="yes"), "'stacked' is 'yes'. Allowed: false or true",
                     id="a flag as text"),
        pytest.param(ATTACKING | {"battle": []}, "the battle is []", id="a battle as a list"),
        pytest.param(lesson(player=0), "the position has an unknown key 'player'",
                     id="an unknown key"),
        pytest.param({k: v for k, v in ASK_FOR_THE_EIGHT.items() if k != "center"},
                     "the position has no 'center'", id="a missing key"),
    ],
)
def test_a_position_that_is_not_one_is_refused_saying_why(position: Any, says: str) -> None:
    with pytest.raises(BadInput) as refused:
        Game.from_position(TRADE_WAR, LESSON_RULES, position)
    assert says in str(refused.value) and ". Allowed: " in str(refused.value)


def test_a_full_deck_position_holds_all_54_cards() -> None:
    in_hands = ("AS", "9D", "5C", "8H", "KD", "4C")
    rest = " ".join(c.code for c in trade_deck() if c.code not in in_hands)
    position = lesson(stacked=False, center=rest)
    state = TRADE_WAR.from_position(LESSON_RULES, position, seed=0)
    assert len(state.center) == 48 and TRADE_WAR.position_of(state)["stacked"] is False


def test_under_end_of_turn_an_emptied_centre_waits_for_the_turn_to_end() -> None:
    rules = TradeRules(players=2, end="end-of-turn")
    emptied = ASKING_AGAIN | {"center": "", "hands": ["9D 5C", "4C 2C 3C"]}
    state = TRADE_WAR.from_position(rules, emptied, seed=0)
    assert state.center_emptied and TRADE_WAR.decision(state) is not None


def test_a_stacked_deal_writes_a_stacked_position_that_comes_back() -> None:
    rules = TradeRules(players=2, first_player=0)
    dealt = Game.new(TRADE_WAR, rules, stacked=("AS 7C 2D", "7H 7D 3H 3D KC", "9C 9D")).state
    position = TRADE_WAR.position_of(dealt)
    assert position["stacked"] is True and position["hands"] == ["2D 7C AS", "3H 3D 7H 7D KC"]
    assert TRADE_WAR.from_position(rules, position, seed=0) == changed(dealt,
                                                                       rng=Rng.from_seed(0))


def test_the_end_of_a_long_game_fits_the_limits_of_a_position() -> None:
    rules = TradeRules(players=2, turn_limit=None)
    agents = {p: TRADE_WAR.agents["heuristic"](p, 4) for p in (0, 1)}
    game = play_out(Game.new(TRADE_WAR, rules, 4), agents)
    position = TRADE_WAR.position_of(game.state)
    assert position["ending"] == "center-empty" and position["tally"]["asks"] > 200
    again = Game.from_position(TRADE_WAR, rules, position)
    assert again.outcome == game.outcome


# Moments where nobody chooses: a refill with no choice, the one card to play, a Putin
# window with Putin in nobody's hand, a turn with nothing to do. The game plays on from
# them as the rules do.


@pytest.mark.parametrize("seed", range(0, 60, 2))
def test_every_moment_of_a_played_game_plays_on_from_its_position(seed: int) -> None:
    rules = rules_for(seed)
    agents = {p: TRADE_WAR.agents[("heuristic", "random")[(seed + p) % 2]](p, seed)
              for p in range(rules.players)}
    game = play_out(Game.new(TRADE_WAR, rules, seed), agents, max_steps=60)
    nobody = 0
    for before, step in zip(game.steps, game.steps[1:], strict=False):
        assert step.action is not None
        for moment in trade_war_moments(before.state, step.action):
            position = TRADE_WAR.position_of(moment)
            nobody += position["deciding"] is None
            state, events = TRADE_WAR.play_from_position(rules, position, seed)
            expected: list[Any] = []
            original = rules_of_play._settle(changed(  # moved cards: read at a turn's start only
                moment, rng=Rng.from_seed(seed),
                moved=moment.moved if moment.phase == PREPARE else ()), expected)
            assert state == original
            assert events == tuple(expected)
    assert nobody


def test_from_a_refill_with_no_choice_the_turn_goes_on() -> None:
    refill = lesson(piles=["7S", ""], deciding=None)
    game = Game.from_position(TRADE_WAR, LESSON_RULES, refill)
    assert said(game)[1] == ("You refill the hand with the only card of the resource pile (the "
                             "seven of spades): no more than the hand needs.")
    assert game.decision is not None and game.decision.player == 0


def test_the_stages_a_teacher_can_name_are_listed_with_what_each_needs() -> None:
    assert [s.name for s in TRADE_WAR.stages()] == [
        "prepare", "ask", "attack", "defend", "putin", "reward", "over"]
