"""Ruling TW-PUTIN-WHO: at Putin's moment, who is asked, as small stacked games.

With 'holder' (the default) only Putin's holder is asked, and only when someone holds
him: watching the turn shows who does. With 'everyone', once both battle plays are down,
every player declares, in seat order and hidden until all are in: "pass", or (Putin's
holder only) a strike. The two players of the battle declare too, since the holder may
be one of them. The declarations are shown together, a strike is carried out as the
holder's is today, and the battle is decided as today. Nor does anything else show where
Putin is: a lone battle card beside him is asked for, and a hand of Putin alone may ask.

Unless a test says otherwise there are three players: you (player 0) ask Computer 1 for
a two, attack with the ace of spades, and Computer 1 defends with its king (its one
battle card), which the ace beats. Computer 2 holds Putin, or nobody does.
"""

from __future__ import annotations

import functools
from dataclasses import replace
from typing import Any

import pytest
from test_trade_war_coach import played, seats_for

from wartutor.core import BadInput, Game
from wartutor.core.engine import Step, Summary
from wartutor.explore.simulate import play_one
from wartutor.variants.trade_war import TRADE_WAR, TradeRules, TradeState
from wartutor.variants.trade_war.cards import PUTIN, trade_card, trade_cards
from wartutor.variants.trade_war.memory import CENTER, memory
from wartutor.variants.trade_war.state import (
    PUTIN_WINDOW,
    AllDeclared,
    Assassinated,
    BattleDecided,
    Declared,
)

EVERYONE: dict[str, Any] = {"putin_window": "everyone"}
PUTIN_WITH_COMPUTER_2 = ("AS 5C", "KD 2H", "PJ 3C", "9C 9D")
NOBODY_HOLDS_PUTIN = ("AS 5C", "KD 2H", "4S 3C", "9C PJ")


def deal(*stacked: str, **settings: Any) -> Game[TradeState]:
    settings.setdefault("players", len(stacked) - 1)
    settings.setdefault("first_player", 0)
    return Game.new(TRADE_WAR, TradeRules(**settings), seed=0, stacked=stacked)


def to_the_window(stacked: tuple[str, ...], **settings: Any) -> Game[TradeState]:
    return deal(*stacked, **settings).play("ask 1 2").play("play AS")


def said(game: Game[TradeState]) -> list[str]:
    return [TRADE_WAR.explain(e) for e in game.steps[-1].events]


def asked(game: Game[TradeState]) -> tuple[int, str, tuple[str, ...]]:
    decision = game.decision
    assert decision is not None
    return decision.player, decision.kind, decision.legal_actions


def events(game: Game[TradeState], kind: type) -> list[Any]:
    return [e for step in game.steps for e in step.events if isinstance(e, kind)]


# The flow, step by step


def test_every_player_declares_in_seat_order_and_a_lone_pass_is_still_asked() -> None:
    game = to_the_window(PUTIN_WITH_COMPUTER_2, **EVERYONE)
    # Both plays are down: you, the attacker, declare first, though you can only pass.
    assert asked(game) == (0, "putin", ("pass",))
    assert all(TRADE_WAR.view(game.state, p).waiting_for == (0, 1, 2) for p in range(3))
    game = game.play("pass")
    assert said(game) == ["You declare at Putin's moment, in secret: by ruling TW-PUTIN-WHO "
                          "everyone declares, and all are shown together."]
    assert asked(game) == (1, "putin", ("pass",))  # the defender, without Putin, is asked too
    game = game.play("pass")
    assert asked(game) == (2, "putin", ("assassinate 2H", "assassinate AS", "assassinate KD",
                                        "pass"))
    assert all(TRADE_WAR.view(game.state, p).waiting_for == (2,) for p in range(3))


def test_declarations_stay_hidden_until_all_are_in() -> None:
    game = to_the_window(PUTIN_WITH_COMPUTER_2, **EVERYONE).play("pass").play("pass")
    assert TRADE_WAR.view(game.state, 0).declared == ("pass", None, None)
    assert TRADE_WAR.view(game.state, 2).declared == (None, None, None)
    assert TRADE_WAR.view(game.state, None).declared == ("pass", "pass", None)
    assert events(game, Assassinated) == [] and events(game, BattleDecided) == []


def test_the_holders_strike_is_shown_with_the_passes_then_carried_out_as_today() -> None:
    game = to_the_window(PUTIN_WITH_COMPUTER_2, **EVERYONE)
    game = game.play("pass").play("pass").play("assassinate AS")
    assert said(game)[:4] == [
        "Computer 2 declares at Putin's moment, in secret: by ruling TW-PUTIN-WHO everyone "
        "declares, and all are shown together.",
        "Everyone has declared, and all are shown at once (ruling TW-PUTIN-WHO): Computer 2 "
        "strikes with the Putin joker; the others pass.",
        "Computer 2 plays the Putin joker and assassinates the ace of spades on the table. It "
        "leaves the game; Putin is shuffled back into the centre (3 cards).",
        "Computer 1 wins the battle against you: the other side has no card in the battle."]
    shown = events(game, AllDeclared)[-1]
    assert shown.declarations == ("pass", "pass", "assassinate AS") and shown.striker == 2
    assert game.state.removed == trade_cards("AS") and PUTIN in game.state.center
    assert events(game, BattleDecided)[-1].rule == "TW-PUTIN-KILL"
    assert TRADE_WAR.view(game.state, 0).waiting_for == ()


def test_with_nobody_holding_putin_everyone_still_declares_and_all_pass() -> None:
    game = to_the_window(NOBODY_HOLDS_PUTIN, **EVERYONE)
    for player in range(3):
        assert asked(game) == (player, "putin", ("pass",))
        game = game.play("pass")
    assert said(game)[1:3] == [
        "Everyone has declared, and all are shown at once (ruling TW-PUTIN-WHO): all pass, so "
        "nobody plays the Putin joker.",
        "You win the battle against Computer 1: the higher rank wins."]


def test_the_holder_may_be_one_of_the_two_who_battle_and_declares_like_everyone() -> None:
    """You attack with the five and hold Putin: you strike the king that beats it."""
    game = deal("5C PJ", "KD 2H", "9C 9D", **EVERYONE).play("ask 1 2").play("play 5C")
    assert asked(game) == (0, "putin", ("assassinate 2H", "assassinate 5C", "assassinate KD",
                                        "pass"))
    game = game.play("assassinate KD")
    assert asked(game) == (1, "putin", ("pass",))
    game = game.play("pass")
    assert events(game, AllDeclared)[-1].striker == 0
    assert events(game, BattleDecided)[-1].winner == 0


def test_by_ruling_tw_putin_the_holder_may_also_declare_a_strike_into_a_hand() -> None:
    game = to_the_window(PUTIN_WITH_COMPUTER_2, putin_targets="table-or-hand", **EVERYONE)
    game = game.play("pass").play("pass")
    assert "assassinate hand 0" in asked(game)[2]
    game = game.play("assassinate hand 0")
    killed = events(game, Assassinated)[-1]
    assert killed.where == "hand" and killed.card == trade_card("5C")


def test_a_tied_battle_played_again_opens_the_window_again() -> None:
    game = deal("KS 5C 4H", "KD 2H 9S", "3C 3D", "9C 9D", battle_tie="again", **EVERYONE)
    game = game.play("ask 1 2").play("play KS").play("play KD")
    for _ in range(3):
        game = game.play("pass")
    assert "A tie: by ruling TW-BATTLE-TIE both play again" in said(game)[2]
    game = game.play("play 5C")  # Computer 1's nine, its one card, goes down at once
    assert asked(game) == (0, "putin", ("pass",))
    assert TRADE_WAR.view(game.state, 1).waiting_for == (0, 1, 2)


def test_a_lone_battle_card_beside_putin_is_still_asked_for() -> None:
    """Computer 1 holds the king and Putin: by default its one play goes down at once,
    which shows that its other card is Putin; under 'everyone' it is asked for it."""
    stacked = ("AS 5C", "KD PJ 2H", "9C 9D")
    holder_only = deal(*stacked).play("ask 1 2").play("play AS")
    assert "Computer 1 defends with the king of diamonds (the only possible play)." in (
        said(holder_only))
    game = deal(*stacked, **EVERYONE).play("ask 1 2").play("play AS")
    assert asked(game) == (1, "defend", ("play KD",))
    game = game.play("play KD")
    assert asked(game) == (0, "putin", ("pass",))


ASKING_WITH_PUTIN_ALONE = {
    "stage": "ask", "turn": 1, "instigator": 0, "deciding": 0, "hands": ["PJ", "KD 2H"],
    "piles": ["5S 5D 7C", ""], "center": "9C 9D", "asks": "0 asks 1 for 5: 5D",
    "streaks": [1, 0], "stacked": True,
}


def test_an_instigator_holding_putin_alone_may_still_ask_and_a_hit_loses() -> None:
    """By default a hand of Putin alone cannot ask (TW-EMPTY-HAND) and the turn ends at
    once, which shows the card is Putin; under 'everyone' it asks as any one card would."""
    with pytest.raises(BadInput, match="nobody has a choice: Your turn ends: there is no "
                                       "card left to battle with"):
        Game.from_position(TRADE_WAR, TradeRules(players=2), ASKING_WITH_PUTIN_ALONE)
    game = Game.from_position(TRADE_WAR, TradeRules(players=2, **EVERYONE),
                              ASKING_WITH_PUTIN_ALONE)
    assert asked(game)[:2] == (0, "ask") and "ask 1 2" in asked(game)[2]
    game = game.play("ask 1 2")
    assert said(game)[2:4] == [
        "Computer 1 wins the battle against you: the other side has no card in the battle.",
        "Computer 1 collects 1 card, face down onto the resource pile."]
    assert events(game, BattleDecided)[-1].rule == "TW-EMPTY-HAND"


def test_the_steps_and_views_are_the_same_whoever_holds_putin() -> None:
    """The point of the ruling: to you, a deal where Computer 2 holds Putin and one where
    it is in the centre look alike, and so do all the steps you watch."""
    games = [to_the_window(stacked, **EVERYONE) for stacked in
             (PUTIN_WITH_COMPUTER_2, NOBODY_HOLDS_PUTIN)]
    for _ in range(3):
        assert TRADE_WAR.view(games[0].state, 0) == TRADE_WAR.view(games[1].state, 0)
        assert asked(games[0])[:2] == asked(games[1])[:2]
        games = [game.play("pass") for game in games]
    first, second = (said(game) for game in games)
    assert first == second  # all pass; you win and ask again, in both


# The default is unchanged


def test_by_default_only_the_holder_is_asked_and_only_when_someone_holds_putin() -> None:
    game = to_the_window(PUTIN_WITH_COMPUTER_2)
    assert asked(game) == (2, "putin", ("assassinate 2H", "assassinate AS", "assassinate KD",
                                        "spare"))
    assert TRADE_WAR.view(game.state, 0).waiting_for == ()
    game = game.play("spare")
    assert events(game, Declared) == [] and events(game, AllDeclared) == []
    assert events(game, BattleDecided)[-1].winner == 0
    nobody = to_the_window(NOBODY_HOLDS_PUTIN)  # no window: you won, and ask again
    assert asked(nobody)[:2] == (0, "ask") and events(nobody, BattleDecided)[-1].winner == 0


# Refusals


@pytest.mark.parametrize(("settings", "action", "says"), [
    (EVERYONE, "spare", "'pass', not 'spare'"),
    (EVERYONE, "assassinate AS", "Only the Putin joker's holder may strike, and you do not "
                                 "hold him: declare 'pass' (ruling TW-PUTIN-WHO)"),
    ({}, "pass", "Only Putin's holder is asked here (ruling TW-PUTIN-WHO 'holder')"),
])
def test_a_declaration_out_of_turn_or_without_putin_is_refused(
    settings: dict[str, str], action: str, says: str
) -> None:
    game = to_the_window(PUTIN_WITH_COMPUTER_2, **settings)
    assert says in (TRADE_WAR.why_not(game.state, action) or "")
    with pytest.raises(BadInput, match="Allowed: "):
        game.play(action)


def test_the_holder_declares_only_a_card_on_the_table() -> None:
    game = to_the_window(PUTIN_WITH_COMPUTER_2, **EVERYONE).play("pass").play("pass")
    assert TRADE_WAR.why_not(game.state, "assassinate 9C") == (
        "Putin may assassinate a card on the table: name one by its code")
    assert TRADE_WAR.why_not(game.state, "play 3C") == (
        "Not now: everyone declares at Putin's moment (ruling TW-PUTIN-WHO): 'pass', or the "
        "Putin joker's holder a strike")


# Positions


RULES = TradeRules(players=3, putin_window="everyone")
WINDOW = {
    "stage": "putin", "turn": 1, "instigator": 0, "deciding": 1,
    "hands": ["5C", "", "3C PJ"], "piles": ["", "", ""], "center": "9C 9D",
    "battle": {"defender": 1, "rank": "2", "stake": "2H", "attack": "AS", "defence": "KD",
               "earlier": "", "earlier_attack": ""},
    "asks": "0 asks 1 for 2: 2H", "stacked": True, "declared": ["pass", None, None],
}


def test_a_window_with_declarations_pending_round_trips() -> None:
    state = TRADE_WAR.from_position(RULES, WINDOW, seed=3)
    assert state.declared == ("pass", None, None)
    assert TRADE_WAR.position_of(state) | {"tally": None} == WINDOW | {
        "removed": "", "streaks": [0, 0, 0], "moved": "", "may_draw": False, "passes": 0,
        "center_emptied": False, "ending": None, "tally": None}
    assert TRADE_WAR.from_position(RULES, TRADE_WAR.position_of(state), seed=3) == state
    again = Game.from_position(TRADE_WAR, RULES, WINDOW).play("pass")
    assert asked(again) == (2, "putin", ("assassinate 2H", "assassinate AS", "assassinate KD",
                                         "pass"))


def test_a_window_with_nobody_holding_putin_is_a_position_under_everyone_only() -> None:
    nobody = WINDOW | {"hands": ["5C", "", "3C"], "center": "9C 9D PJ"}
    assert TRADE_WAR.decision(TRADE_WAR.from_position(RULES, nobody, seed=0)) is not None
    holder_only = TradeRules(players=3)
    with pytest.raises(BadInput, match="nobody has a choice"):
        TRADE_WAR.from_position(holder_only, nobody | {"declared": None}, seed=0)


def test_declarations_left_out_are_all_still_to_come() -> None:
    state = TRADE_WAR.from_position(RULES, WINDOW | {"declared": None, "deciding": 0}, seed=0)
    assert state.declared == (None, None, None)


@pytest.mark.parametrize(("changes", "says"), [
    ({"declared": [None, "pass", None]}, "in seat order from player 0"),
    ({"declared": ["assassinate AS", None, None]}, "player 0 declares 'assassinate AS'"),
    ({"declared": ["pass", None]}, "a list of 3 entries"),
    ({"declared": ["pass", 3, None]}, "a list of 3 entries"),
    ({"declared": ["pass", "pass", "pass"], "deciding": 1}, "nobody has a choice"),
    ({"deciding": 2}, "player 1, who makes the putin decision now"),
    ({"stage": "ask", "battle": None, "streaks": [1, 0, 0], "hands": ["5C AS", "KD", "PJ 3C"],
      "piles": ["2H", "", ""], "deciding": 0}, "only at stage 'putin'"),
])
def test_a_window_that_is_not_one_is_refused_saying_why(changes: dict[str, Any],
                                                         says: str) -> None:
    with pytest.raises(BadInput, match="Allowed: ") as refused:
        TRADE_WAR.from_position(RULES, WINDOW | changes, seed=0)
    assert says in str(refused.value)


def test_declarations_under_the_default_are_refused() -> None:
    with pytest.raises(BadInput, match="under ruling TW-PUTIN-WHO 'everyone'"):
        TRADE_WAR.from_position(TradeRules(players=3), WINDOW, seed=0)


# Played games: the fast path, play_on, the coach's memory and deal


def declaring_rules_for(seed: int) -> TradeRules:
    return TradeRules(players=2 + seed % 4, putin_window="everyone",
                      putin_targets=("table", "table-or-hand")[seed % 3 == 0],
                      battle_tie=("defender", "again")[seed % 2],
                      stake_doubles=("stake", "play")[seed % 5 == 0], turn_limit=60)


# Played when a test first asks, not when the file is collected (every test worker collects
# every file).
@functools.cache
def played_games() -> list[tuple[TradeRules, tuple[str, ...], list[TradeState]]]:
    return [played(seed, declaring_rules_for(seed)) for seed in range(8)]


@functools.cache
def windows() -> list[tuple[TradeRules, tuple[str, ...], TradeState]]:
    return [(rules, names, state) for rules, names, game in played_games() for state in game
            if state.phase == PUTIN_WINDOW]


def test_the_played_games_open_windows_with_and_without_putin_held_and_strike() -> None:
    assert any(state.holder_of_putin() is None for _, _, state in windows())
    assert any(state.holder_of_putin() is not None for _, _, state in windows())
    assert any(game[-1].tally.assassinations for _, _, game in played_games())


def test_every_window_met_in_play_round_trips_as_a_position() -> None:
    for rules, _, state in windows()[::3]:
        position = TRADE_WAR.position_of(state)
        again = TRADE_WAR.from_position(rules, position, seed=1)
        assert again == replace(state, rng=again.rng, moved=())  # read at a turn's start only
        assert TRADE_WAR.decision(again) == TRADE_WAR.decision(state)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_the_fast_path_gives_the_traced_summary_for_every_agent(players: int) -> None:
    for seed in range(3):
        rules = declaring_rules_for(seed * 4 + players - 2)
        for agents in [("heuristic",) * players, ("random",) * players,
                       seats_for(seed, players)]:
            assert TRADE_WAR.fast_refusal(rules, agents) is None
            for max_length in (None, 7):
                fast = TRADE_WAR.play_fast(rules, seed, agents, max_length)
                traced = play_one("trade_war", rules, seed, agents=agents, traced=True,
                                  max_length=max_length)
                assert fast == traced, (rules, seed, agents, max_length)


def traced_on(rules: TradeRules, state: TradeState, names: tuple[str, ...], seed: int) -> Summary:
    agents = {p: TRADE_WAR.agents[name](p, seed) for p, name in enumerate(names)}
    while (decision := TRADE_WAR.decision(state)) is not None:
        seen = TRADE_WAR.view(state, decision.player)
        state, _ = TRADE_WAR.apply(state, agents[decision.player](seen, decision))
    return TRADE_WAR.summarize(Game(TRADE_WAR, rules, seed, None, (Step(None, (), state),)))


def test_play_on_from_a_window_with_declarations_pending_plays_on_as_the_engine() -> None:
    pending = [(r, n, s) for r, n, s in windows() if any(d is not None for d in s.declared)]
    assert len(pending) > 20
    for i, (rules, names, state) in enumerate(pending[::3]):
        assert TRADE_WAR.play_on(rules, state, names, i, None) == traced_on(rules, state,
                                                                           names, i)


def test_the_memory_does_not_put_putin_in_a_hand_at_the_window() -> None:
    """Under 'holder' the window tells that someone holds Putin; under 'everyone' nothing."""
    game = to_the_window(NOBODY_HOLDS_PUTIN, **EVERYONE)
    views = [TRADE_WAR.view(step.state, 0) for step in game.steps]
    assert CENTER in memory(game.rules, views[:-1], views[-1]).places[PUTIN]
    for rules, _, game_states in played_games()[::4]:
        for now in range(1, len(game_states) - 1, 13):
            state = game_states[now]
            for me in range(rules.players):
                seen = tuple(TRADE_WAR.view(s, me) for s in game_states[:now])
                known = memory(rules, seen, TRADE_WAR.view(state, me))
                real = {c: CENTER for c in state.center}
                for p in range(rules.players):
                    real |= {c: f"hand {p}" for c in state.hands[p]}
                    real |= {c: f"pile {p}" for c in state.piles[p]}
                assert all(real.get(c, "out") in where for c, where in known.places.items())


def test_a_table_dealt_at_the_window_shows_the_view_and_asks_the_same_player() -> None:
    dealt_without_putin = 0
    for i, (rules, _, state) in enumerate(windows()[::2]):
        decision = TRADE_WAR.decision(state)
        assert decision is not None
        for me in range(rules.players):
            seen = TRADE_WAR.view(state, me)
            dealt = TRADE_WAR.deal_unseen(rules, seen, i)
            assert TRADE_WAR.view(dealt, me) == seen
            again = TRADE_WAR.decision(dealt)
            assert again is not None
            assert (again.player, again.kind) == (decision.player, decision.kind)
            if decision.player == me:
                assert again.legal_actions == decision.legal_actions
            dealt_without_putin += dealt.holder_of_putin() is None
    assert dealt_without_putin > 0
