"""Trade War's rule text, paragraph by paragraph, as small stacked games.

A stacked deal lists each player's hand (optionally ``| resource pile``), then the
centre pile, top card first. Unless a test says otherwise there are two players and
you (player 0) go first.
"""

from __future__ import annotations

from typing import Any

import pytest

from wartutor.core import BadInput, Game
from wartutor.variants.trade_war import TRADE_WAR, TradeRules
from wartutor.variants.trade_war.cards import MUELLER, PUTIN, trade_cards, trade_deck
from wartutor.variants.trade_war.state import (
    Assassinated,
    BattleDecided,
    Collected,
    GameOver,
    Played,
    StakeLaid,
    TradeState,
    TurnEnded,
    TurnStarted,
)


def deal(*stacked: str, **settings: Any) -> Game[TradeState]:
    settings.setdefault("players", len(stacked) - 1)
    settings.setdefault("first_player", 0)
    return Game.new(TRADE_WAR, TradeRules(**settings), seed=0, stacked=stacked)


def play(game: Game[TradeState], *actions: str) -> Game[TradeState]:
    for action in actions:
        game = game.play(action)
    return game


def said(game: Game[TradeState]) -> list[str]:
    return [TRADE_WAR.explain(e) for e in game.steps[-1].events]


def last(game: Game[TradeState], kind: type) -> Any:
    found = [e for step in game.steps for e in step.events if isinstance(e, kind)]
    assert found, f"no {kind.__name__} event"
    return found[-1]


def hand(game: Game[TradeState], player: int) -> str:
    return " ".join(c.code for c in game.state.hands[player])


# The deal


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_the_deal_gives_seven_cards_each_and_leaves_the_rest_face_down_in_the_centre(
    players: int,
) -> None:
    game = Game.new(TRADE_WAR, TradeRules(players=players), seed=players)
    state = game.state
    assert game.steps[0].events[0].hand_sizes == (7,) * players
    assert [len(h) for h in state.hands] == [7] * players and state.piles == ((),) * players
    everything = [c for h in state.hands for c in h] + [c for p in state.piles for c in p]
    assert sorted(map(repr, everything + list(state.center))) == sorted(map(repr, trade_deck()))
    assert len(state.center) == 54 - 7 * players


def test_the_deck_is_the_52_standard_cards_and_the_mueller_and_putin_jokers() -> None:
    deck = trade_deck()
    assert len(deck) == len(set(deck)) == 54
    assert MUELLER in deck and PUTIN in deck


def test_the_first_player_is_drawn_at_random_from_the_seed() -> None:
    firsts = {Game.new(TRADE_WAR, TradeRules(), seed=s).steps[0].events[1] for s in range(30)}
    assert {e.player for e in firsts} == {0, 1, 2}
    assert all(e.rule == "TW-FIRST" for e in firsts)
    again = Game.new(TRADE_WAR, TradeRules(), seed=7).steps[0].events
    assert again == Game.new(TRADE_WAR, TradeRules(), seed=7).steps[0].events


def test_a_named_first_player_goes_first() -> None:
    game = Game.new(TRADE_WAR, TradeRules(first_player=2), seed=1)
    assert game.state.instigator == 2


def test_hands_and_resource_piles_are_private_and_open_to_the_teacher() -> None:
    game = deal("AS 7C | 2C", "KD 2H | 3C 4C", "9C 9D", refill="optional")
    mine, teacher = TRADE_WAR.view(game.state, 0), TRADE_WAR.view(game.state, None)
    assert mine.hands[1] is None and mine.piles[1] is None
    assert mine.hand_sizes == (2, 2) and mine.pile_sizes == (1, 2) and mine.center_size == 2
    assert [c.code for c in mine.my_hand] == ["7C", "AS"]
    assert teacher.hands[1] == trade_cards("2H KD")


@pytest.mark.parametrize(("stacked", "problem"), [
    (("AS", "KD"), "needs 3 card lists, not 2"),
    (("AS", "AS", "9C"), "appears twice in the stacked deal: AS"),
    (("AS 2S 3S 4S 5S 6S 7S 8S", "KD", "9C"), "hand has 8 cards"),
    (("AS", "KD", ""), "centre pile of a stacked deal is empty"),
    (("AS", "KX", "9C"), "'KX' is not a Trade War card"),
])
def test_a_bad_stacked_deal_is_refused_with_the_reason(
    stacked: tuple[str, ...], problem: str
) -> None:
    with pytest.raises(BadInput, match=problem):
        Game.new(TRADE_WAR, TradeRules(players=2), seed=0, stacked=stacked)


# Guessing: a miss ends the turn; a hit starts a battle


def test_a_miss_ends_the_turn() -> None:
    game = play(deal("AS 7C", "KD 2H", "9C 9D"), "ask 1 7")
    assert said(game)[:2] == ["You ask Computer 1 for a seven. Computer 1 has none.",
                              "Your turn ends: a wrong guess ends the turn."]
    assert last(game, TurnEnded).rule == "TW-MISS"
    assert game.state.instigator == 1 and game.decision is not None


def test_a_right_guess_lays_the_card_face_up_and_the_instigator_attacks_first() -> None:
    game = play(deal("AS 5C", "KD 7H 2D", "9C 9D"), "ask 1 7")
    assert last(game, StakeLaid).cards == trade_cards("7H")
    assert game.decision is not None
    assert game.decision.player == 0 and game.decision.kind == "attack"
    assert game.state.battle is not None and hand(game, 1) == "2D KD"


def test_doubles_of_the_requested_number_both_go_down() -> None:
    game = play(deal("AS 5C", "7H 7D 2D", "9C"), "ask 1 7")
    laid = last(game, StakeLaid)
    assert laid.cards == trade_cards("7H 7D") and laid.rule == "TW-DOUBLES"


@pytest.mark.parametrize(("stake_size", "laid"), [("all", 3), ("two", 2)])
def test_three_of_the_requested_rank_all_go_down_or_two_by_ruling(
    stake_size: str, laid: int
) -> None:
    game = play(deal("AS 5C", "7H 7D 7C 2D", "9C", stake_size=stake_size), "ask 1 7")
    assert len(last(game, StakeLaid).cards) == laid
    assert last(game, StakeLaid).rule == "TW-TRIPLES"


def test_a_guess_names_another_player_with_cards_and_a_rank_never_a_joker() -> None:
    game = deal("AS 5C", "MJ 2D", " | 3C", "9C", players=3)
    legal = game.decision.legal_actions if game.decision else ()
    assert "ask 1 2" in legal and "ask 0 2" not in legal and "ask 2 2" not in legal
    assert not any(a.endswith(("MJ", "PJ")) for a in legal)
    assert TRADE_WAR.why_not(game.state, "ask 0 2") == "You cannot ask yourself: ask another player"
    assert TRADE_WAR.why_not(game.state, "ask 2 2") == "Computer 2 has no cards in hand to ask for"


def test_the_go_fish_ruling_asks_only_for_ranks_you_hold() -> None:
    game = deal("AS 5C", "KD 2H", "9C", ask_hold=True)
    asks = [a for a in game.decision.legal_actions if a.startswith("ask")] if game.decision else []
    assert asks == ["ask 1 5", "ask 1 A"]
    assert "TW-ASK-HOLD" in (TRADE_WAR.why_not(game.state, "ask 1 K") or "")


# The battle


def test_the_higher_card_wins_all_cards_in_play_and_the_instigator_guesses_again() -> None:
    game = play(deal("AS 5C", "KD 7H 2D", "9C 9D"), "ask 1 7", "play AS", "play KD")
    assert said(game) == [
        "Computer 1 defends with the king of diamonds.",
        "You win the battle against Computer 1: the higher rank wins.",
        "You collect 3 cards, face down onto the resource pile.",
        "A right guess and a won battle, so you may guess again (1 battle won in a row this "
        "turn; three earn a reward).",
    ]
    assert game.state.piles[0] == trade_cards("7H AS KD")
    assert game.decision is not None and game.decision.kind == "ask"


def test_a_defender_who_plays_higher_collects_and_ends_the_turn() -> None:
    game = play(deal("9S 5C", "KD 7H 2D", "9C 9D"), "ask 1 7", "play 9S", "play KD")
    assert last(game, BattleDecided).winner == 1
    assert last(game, TurnEnded).rule == "TW-DEFENCE"
    assert last(game, Collected).cards == trade_cards("7H 9S KD")
    assert game.state.instigator == 1  # whose turn starts by refilling the hand from them
    assert hand(game, 1) == "2D 7H 9S KD"


def test_two_threes_beat_an_ace() -> None:
    game = play(deal("AS 5C", "7H 3H 3D KC", "9C"), "ask 1 7", "play AS", "play 3H 3D")
    decided = last(game, BattleDecided)
    assert decided.winner == 1 and decided.why == "doubles" and decided.rule == "TW-DOUBLES"


def test_between_doubles_the_higher_pair_wins() -> None:
    game = play(deal("4S 4H 5C", "7H 3H 3D KC", "9C"), "ask 1 7", "play 4S 4H", "play 3H 3D")
    assert last(game, BattleDecided).winner == 0


def test_the_mueller_joker_beats_a_king() -> None:
    game = play(deal("MJ 5C", "KD 2H", "9C"), "ask 1 2", "play MJ")
    decided = last(game, BattleDecided)
    assert decided.winner == 0 and decided.why == "mueller-face" and decided.rule == "TW-MUELLER"
    assert "Computer 1 defends with the king of diamonds (the only possible play)." in said(game)


def test_the_mueller_joker_loses_to_a_four() -> None:
    game = play(deal("MJ 5C", "4D 2H", "9C"), "ask 1 2", "play MJ")
    decided = last(game, BattleDecided)
    assert decided.winner == 1 and decided.why == "number-mueller"


@pytest.mark.parametrize(("settings", "winner", "rule"), [
    ({}, 0, "TW-MUELLER-ACE"),
    ({"mueller_vs_ace": "ace"}, 1, "TW-MUELLER-ACE"),
    ({"ace": "low"}, 1, "TW-RANKS"),
])
def test_mueller_against_an_ace_follows_the_rulings(
    settings: dict[str, str], winner: int, rule: str
) -> None:
    game = play(deal("MJ 5C", "AD 2H", "9C", **settings), "ask 1 2", "play MJ")
    assert (last(game, BattleDecided).winner, last(game, BattleDecided).rule) == (winner, rule)


def test_a_low_ace_loses_to_a_two() -> None:
    game = play(deal("AS 5C", "3D 2H", "9C", ace="low"), "ask 1 3", "play AS")
    assert last(game, BattleDecided).winner == 1


@pytest.mark.parametrize(("ruling", "winner"), [("doubles", 1), ("mueller", 0)])
def test_mueller_against_doubles_of_face_cards_follows_the_ruling(ruling: str, winner: int) -> None:
    game = play(deal("MJ 5C", "2H QH QD", "9C", mueller_vs_doubles=ruling),
                "ask 1 2", "play MJ", "play QH QD")
    assert last(game, BattleDecided).winner == winner
    assert last(game, BattleDecided).rule == "TW-MUELLER-DOUBLES"


def test_a_tie_goes_to_the_defender() -> None:
    game = play(deal("KS 5C", "KD 2H 3C", "9C"), "ask 1 2", "play KS", "play KD")
    decided = last(game, BattleDecided)
    assert decided.winner == 1 and decided.rule == "TW-BATTLE-TIE"


def test_by_ruling_a_tie_is_fought_again_and_the_winner_takes_everything() -> None:
    game = play(deal("KS 9C 5C", "KD 2H 3C 4C", "9D", battle_tie="again"),
                "ask 1 2", "play KS", "play KD", "play 9C", "play 4C")
    assert last(game, BattleDecided).winner == 0
    assert sorted(c.code for c in game.state.piles[0]) == sorted(["2H", "KS", "KD", "9C", "4C"])


def test_by_ruling_the_highest_card_is_played_without_asking() -> None:
    game = play(deal("9S AS 5C", "KD 2H 3C", "9D", battle_play="forced"), "ask 1 2")
    plays = [e for e in game.steps[-1].events if isinstance(e, Played)]
    assert [(p.cards, p.how, p.rule) for p in plays] == [
        (trade_cards("AS"), "forced", "TW-BATTLE-PLAY"),
        (trade_cards("KD"), "forced", "TW-BATTLE-PLAY"),
    ]


def test_by_ruling_laid_doubles_are_the_defenders_play() -> None:
    game = play(deal("AS 5C", "7H 7D KC", "9C", stake_doubles="play"), "ask 1 7", "play AS")
    decided = last(game, BattleDecided)
    assert decided.winner == 1 and decided.defence == trade_cards("7H 7D")
    assert last(game, Played).how == "stake" and last(game, Played).rule == "TW-STAKE-DOUBLES"


def test_a_defender_without_a_battle_card_loses() -> None:
    game = play(deal("2S 5C", "7H PJ", "9C"), "ask 1 7", "play 2S")
    decided = last(game, BattleDecided)
    assert decided.winner == 0 and decided.why == "no-card" and decided.rule == "TW-EMPTY-HAND"


# Putin


def test_putin_assassinates_a_card_out_of_turn_and_goes_back_into_the_centre() -> None:
    game = play(deal("AS 5C", "KD 2H", "PJ 3C", "9C 9D", players=3), "ask 1 2", "play AS")
    assert game.decision is not None
    assert (game.decision.player, game.decision.kind) == (2, "putin")
    assert "assassinate 2H" in game.decision.legal_actions
    game = game.play("assassinate AS")
    killed = last(game, Assassinated)
    assert (killed.player, killed.card, killed.owner) == (2, trade_cards("AS")[0], 0)
    assert game.state.removed == trade_cards("AS")
    assert PUTIN in game.state.center and len(game.state.center) == 3
    assert last(game, BattleDecided).winner == 1
    assert last(game, BattleDecided).rule == "TW-PUTIN-KILL"


def test_putin_held_back_leaves_the_battle_alone() -> None:
    game = play(deal("AS 5C", "KD 2H", "PJ 3C", "9C", players=3), "ask 1 2", "play AS", "spare")
    assert last(game, BattleDecided).winner == 0 and PUTIN in game.state.hands[2]


def test_by_ruling_putin_may_take_a_random_card_from_a_hand() -> None:
    game = play(deal("AS 5C", "KD 2H", "PJ 3C", "9C", players=3, putin_targets="table-or-hand"),
                "ask 1 2", "play AS")
    assert game.decision is not None and "assassinate hand 0" in game.decision.legal_actions
    game = game.play("assassinate hand 0")
    assert game.state.removed == trade_cards("5C") and hand(game, 0) == ""
    assert last(game, Assassinated).where == "hand"


def test_putin_is_never_a_battle_card() -> None:
    game = play(deal("PJ 5C AS", "KD 2H", "9C"), "ask 1 2")
    assert game.decision is not None and "play PJ" not in game.decision.legal_actions
    assert TRADE_WAR.why_not(game.state, "play PJ") == (
        "The Putin joker never battles: it only assassinates a card, which then leaves the game")


# The start of a turn: refill, swap, draw


def test_the_hand_is_refilled_from_the_resource_pile_when_there_is_no_choice() -> None:
    game = deal("AS | 2C 3C", "KD", "9C")
    assert hand(game, 0) == "2C 3C AS" and game.state.piles[0] == ()
    assert said(game)[-1].startswith("You refill the hand with all 2 cards of the resource pile")


def test_the_player_picks_which_resource_cards_refill_the_hand() -> None:
    game = deal("AS 2S 3S 4S 5S 6S | 2C 3C KC", "KD", "9C", refill="to-seven")
    assert game.decision is not None
    assert game.decision.legal_actions[:3] == ("take 2C", "take 3C", "take KC")
    assert not any(a.startswith("ask") for a in game.decision.legal_actions)
    assert "ruling TW-REFILL" in (TRADE_WAR.why_not(game.state, "ask 1 K") or "")
    game = game.play("take KC")
    assert "KC" in hand(game, 0)
    assert "ask 1 K" in (game.decision.legal_actions if game.decision else ())


def test_by_ruling_refilling_is_optional() -> None:
    game = deal("AS | 2C 3C", "KD", "9C", refill="optional")
    legal = game.decision.legal_actions if game.decision else ()
    assert "take 2C" in legal and "ask 1 K" in legal


def test_hand_and_resource_cards_swap_one_for_one_once_a_turn_only_at_its_start() -> None:
    game = deal("AS 2S 3S 4S 5S 6S 7S | KC", "KD 3D 4D", "9C")
    assert game.decision is not None and "swap 2S for KC" in game.decision.legal_actions
    game = game.play("swap 2S for KC")
    assert "KC" in hand(game, 0) and game.state.piles[0] == trade_cards("2S")
    legal = game.decision.legal_actions if game.decision else ()
    assert not any(a.startswith("swap") for a in legal)
    game = play(game, "ask 1 K", "play AS", "play 3D")
    assert game.decision is not None and game.decision.kind == "ask"
    assert TRADE_WAR.why_not(game.state, "swap 3S for 2S") == (
        "Not now: it is time to ask a player for a rank")


def test_a_player_short_of_resources_may_draw_one_card_from_the_centre() -> None:
    game = deal("AS | 2C", "KD", "9C 9D")
    assert last(game, TurnStarted).may_draw
    game = game.play("draw")
    assert "9C" in hand(game, 0) and len(game.state.center) == 1
    legal = game.decision.legal_actions if game.decision else ()
    assert "draw" not in legal


def test_a_player_with_seven_cards_may_not_draw() -> None:
    game = deal("AS 2S 3S 4S 5S 6S 7S", "KD", "9C")
    assert game.decision is not None and "draw" not in game.decision.legal_actions
    assert "fewer than seven cards together" in (TRADE_WAR.why_not(game.state, "draw") or "")


def test_no_hand_ever_holds_more_than_seven_cards() -> None:
    game = play(deal("AS 2S 3S 4S 5S 6S 7S", "KD 8H 9H", "9C", winnings="hand-first"),
                "ask 1 8", "play AS", "play KD")
    assert len(game.state.hands[0]) == 7 and len(game.state.piles[0]) == 2


# Three battles won in a row


THREE_WINS = ("AS AH AD JC", "2S 3H 4D 5C 6S 7H 8D", "9C 9D 10C")
THREE_BATTLES = ("ask 1 2", "play AS", "play 3H", "ask 1 4", "play AH", "play 5C",
                 "ask 1 6", "play AD", "play 7H")


def test_three_wins_in_a_row_give_a_card_from_the_centre_and_end_the_turn() -> None:
    game = play(deal(*THREE_WINS), *THREE_BATTLES)
    assert game.decision is not None and game.decision.kind == "reward"
    assert game.decision.legal_actions == ("reward center", "reward 1 hand")
    game = game.play("reward center")
    assert game.state.piles[0][-1] == trade_cards("9C")[0] and len(game.state.piles[0]) == 10
    assert last(game, TurnEnded).rule == "TW-THREE-WINS" and game.state.instigator == 1


def test_the_reward_can_be_a_random_card_from_another_players_hand() -> None:
    game = play(deal(*THREE_WINS), *THREE_BATTLES, "reward 1 hand")
    assert game.state.piles[0][-1] == trade_cards("8D")[0]


def test_by_ruling_the_reward_card_goes_to_the_hand() -> None:
    game = play(deal(*THREE_WINS, reward_to="hand"), *THREE_BATTLES, "reward center")
    assert "9C" in hand(game, 0)


def test_by_ruling_a_streak_counts_across_turns_and_defences() -> None:
    stacked = ("AS AH JC", "2S 3H 4D 5C 6S 7H KD", "9C 9D 10C")
    turn = play(deal(*stacked, streak="turn"), "ask 1 2", "play AS", "play 3H", "ask 1 9")
    game = play(deal(*stacked, streak="game"), "ask 1 2", "play AS", "play 3H", "ask 1 9")
    # Turn by turn, the new turn starts from nothing; across turns the win still counts.
    assert (turn.state.streaks, game.state.streaks) == ((0, 0), (1, 0))
    assert last(game, TurnEnded).rule == "TW-MISS"


# The end of the game


def test_the_game_ends_when_the_centre_is_empty_and_the_biggest_resource_pile_wins() -> None:
    game = deal("AS", "KD | 4C 5C 6C 7C 8C 9C 10C", "JD", refill="optional")
    game = game.play("draw")
    over = last(game, GameOver)
    assert (over.winners, over.ending, over.rule) == ((1,), "center-empty", "TW-END-GAME")
    assert game.decision is None
    assert said(game)[-1].endswith("Resource piles: you 0, Computer 1 7. Computer 1 wins.")


def test_by_ruling_the_turn_is_finished_after_the_centre_empties() -> None:
    game = deal("AS", "KD 2C | 4C 5C 6C 7C 8C 9C", "JD", refill="optional", end="end-of-turn")
    game = game.play("draw")
    assert game.decision is not None and game.outcome is None
    game = play(game, "ask 1 K", "play AS")
    assert last(game, GameOver).rule == "TW-END"


@pytest.mark.parametrize(("final_tie", "winners"), [("shared", (0, 1)), ("draw", ())])
def test_a_tie_for_the_most_resources_is_shared_or_a_draw(
    final_tie: str, winners: tuple[int, ...]
) -> None:
    game = deal("AS | 2C", "KD | 3C", "9C", refill="optional", final_tie=final_tie).play("draw")
    assert last(game, GameOver).winners == winners and last(game, GameOver).rule == "TW-TIE"


def test_the_turn_limit_stops_the_game_unfinished() -> None:
    game = play(deal("AS", "KD", "9C 9D", turn_limit=1), "ask 1 7")
    over = last(game, GameOver)
    assert over.ending == "limit" and game.outcome is not None and game.outcome.winners == ()
    summary = TRADE_WAR.summarize(game)
    assert summary.winners is None and summary.length == 1 and summary.counts["misses"] == 1


@pytest.mark.parametrize(("order", "next_player"), [("clockwise", 1), ("defender", 2)])
def test_the_next_instigator_follows_the_turn_order_ruling(order: str, next_player: int) -> None:
    game = play(deal("AS", "KD", "QD", "9C", players=3, turn_order=order), "ask 2 7")
    assert game.state.instigator == next_player


# Refusals and rulings


@pytest.mark.parametrize(("action", "reason"), [
    ("jump", "'jump' is not a Trade War action"),
    ("ask 1 X", "Ask a player for a rank"),
    ("ask 5 7", "There is no player 5"),
    ("play AS", "Not now: it is the start of the turn"),
    ("take 2C", "2C"),
    (3, "is not a Trade War action"),
])
def test_an_illegal_action_is_refused_with_the_reason_and_changes_nothing(
    action: Any, reason: str
) -> None:
    game = deal("AS 2S 3S 4S 5S 6S 7S", "KD", "9C")
    before = game.state
    with pytest.raises(BadInput, match=reason if reason != "2C" else "Your hand already holds"):
        game.play(action)
    assert game.state is before and game.state == before


def test_refusals_in_a_battle_say_what_is_wrong() -> None:
    game = play(deal("AS 5C 5D 9H", "KD 7H 2D", "9C"), "ask 1 7")
    assert TRADE_WAR.why_not(game.state, "play KD") == "The king of diamonds is not in your hand"
    assert TRADE_WAR.why_not(game.state, "play AS 5C") == (
        "Two cards make a play only when they are doubles: the same rank")
    assert TRADE_WAR.why_not(game.state, "play 5C 5D") == "Name doubles in the order 5D 5C"
    assert TRADE_WAR.why_not(game.state, "play 5D 5C") is None
    assert TRADE_WAR.why_not(game.state, "play AS AS") == (
        "You named the ace of spades twice: doubles are two different cards")


@pytest.mark.parametrize(("settings", "problem"), [
    ({"players": 6}, r"ruling TW-PLAYERS \(players\) cannot be 6"),
    ({"battle_play": "highest"}, "ruling TW-BATTLE-PLAY"),
    ({"turn_limit": 0}, "ruling TW-LIMIT"),
    ({"players": 2, "first_player": 3}, "cannot be 3 with 2 players"),
    ({"ask_hold": "yes"}, "ruling TW-ASK-HOLD"),
])
def test_a_bad_ruling_is_refused_with_what_is_allowed(
    settings: dict[str, Any], problem: str
) -> None:
    with pytest.raises(BadInput, match=problem):
        TradeRules(**settings)


def test_every_ruling_and_rule_has_a_title() -> None:
    from wartutor.core import rulings_of

    ids = {r.id for r in rulings_of(TradeRules).values()} | {
        f.id for f in TRADE_WAR.fixed_rulings}
    assert ids <= set(TRADE_WAR.rule_titles)


# Found in review: each of these failed before its fix


def test_a_take_that_names_no_card_is_refused_not_crashed() -> None:
    game = deal("AS 2S 3S | KC", "KD", "9C", refill="optional")
    before = game.state
    with pytest.raises(BadInput, match="Name cards by code: 'take 9S'"):
        game.play("take")
    assert game.state is before


def test_a_mistyped_ask_is_not_blamed_on_the_go_fish_ruling() -> None:
    game = deal("AS 5C", "KD 7H", "9C")
    assert TRADE_WAR.why_not(game.state, "ask 01 7") == (
        "Write the ask as 'ask 1 7': the player's number, then the rank")


def test_a_streak_counted_across_turns_is_not_called_this_turns() -> None:
    game = play(deal("9S 5C 2S", "KD 7H 2D 3H 4H 6H", "9C 9D 10C", streak="game"),
                "ask 1 7", "play 9S", "play KD", "ask 0 5", "play KD")
    assert ("A right guess and a won battle, so Computer 1 may guess again (2 battles won in a "
            "row; three earn a reward).") in said(game)


def test_a_stacked_deal_with_unequal_hands_says_each_size() -> None:
    game = deal("AS 5C 2S", "KD 7H 2D 3H 4H", "9C 9D")
    assert TRADE_WAR.explain(game.steps[0].events[0]) == (
        "A stacked deal: hands of 3 cards (yours), 5 cards (Computer 1), and 2 cards face down "
        "in the centre.")


def test_mueller_against_number_doubles_is_decided_by_the_doubles_rule_not_a_ruling() -> None:
    game = play(deal("MJ 5C", "2H 3H 3D", "9C"), "ask 1 2", "play MJ", "play 3H 3D")
    decided = last(game, BattleDecided)
    assert (decided.winner, decided.why, decided.rule) == (1, "doubles", "TW-DOUBLES")


def test_putin_names_the_owner_of_a_card_from_a_tied_round() -> None:
    game = play(deal("KS 9C 5C", "KD 2H 3C 4C", "PJ 6D", "9D", players=3, battle_tie="again"),
                "ask 1 2", "play KS", "play KD", "spare", "play 9C", "play 4C", "assassinate KS")
    killed = last(game, Assassinated)
    assert (killed.card, killed.owner) == (trade_cards("KS")[0], 0)


def test_the_reward_says_whose_pile_it_goes_into() -> None:
    game = play(deal(*THREE_WINS), *THREE_BATTLES, "reward 1 hand")
    assert said(game)[0] == ("You take the eight of diamonds from Computer 1's hand, at random, "
                             "into your resource pile.")


def test_a_refill_of_one_card_says_so_plainly() -> None:
    game = deal("AS | 2C", "KD", "9C")
    assert said(game)[-1] == ("You refill the hand with the only card of the resource pile (the "
                              "two of clubs): no more than the hand needs.")


def test_doubles_of_face_cards_both_go_down() -> None:
    game = play(deal("AS 5C", "KH KD 2D", "9C"), "ask 1 K")
    assert last(game, StakeLaid).cards == trade_cards("KH KD")


def test_an_instigator_left_without_a_battle_card_ends_the_turn() -> None:
    game = play(deal("AS", "2H 3D 4D", "9C 9D"), "ask 1 2", "play 3D")
    assert last(game, BattleDecided).winner == 0
    ended = last(game, TurnEnded)
    assert (ended.player, ended.why, ended.rule) == (0, "no-battle-card", "TW-EMPTY-HAND")
