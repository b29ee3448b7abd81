"""Guerrilla Tactics, section by section: each test is a small played example.

Draw piles are stacked, one per player in seat order, top card first, so every
example can be followed by hand: at the first draw each player takes two cards.
Player 0 is "you", player 1 is Ana, player 2 Ben, player 3 Cleo.
"""

from __future__ import annotations

from typing import Any

import pytest

from wartutor.core import Game, card, cards, standard_deck
from wartutor.variants.guerrilla_tactics import GUERRILLA_TACTICS, GuerrillaRules
from wartutor.variants.guerrilla_tactics.events import (
    Dealt,
    Drew,
    Eliminated,
    ForcesLost,
    GameOver,
    NoLoss,
    OnlyChoice,
    OwnSpy,
    Promoted,
    PromotionCancelled,
    Reshuffled,
    Revealed,
    SpoilsTaken,
    SpyCaptured,
    Standing,
    Supported,
    TieBreak,
)

YOU, ANA, BEN = 0, 1, 2


def deal(*piles: str, **rulings: Any) -> Game[Any]:
    return Game.new(GUERRILLA_TACTICS, GuerrillaRules(**rulings), seed=0, stacked=piles)


def play(game: Game[Any], *actions: str) -> Game[Any]:
    for action in actions:
        game = game.play(action)
    return game


def events(game: Game[Any], kind: type | None = None) -> list[Any]:
    found = [e for step in game.steps for e in step.events]
    return [e for e in found if kind is None or isinstance(e, kind)]


def log(game: Game[Any]) -> str:
    return "\n".join(GUERRILLA_TACTICS.explain(e) for e in events(game))


# Setup


@pytest.mark.parametrize(("rulings", "suits"), [
    ({}, ("HD", "CS")),
    ({"two_player_deck": "one-suit"}, ("S", "H")),
    ({"players": 3}, ("S", "H", "D")),
    ({"players": 4}, ("S", "H", "D", "C")),
])
def test_each_player_shuffles_their_own_suits_into_a_draw_pile(
    rulings: dict[str, Any], suits: tuple[str, ...]
) -> None:
    game = Game.new(GUERRILLA_TACTICS, GuerrillaRules(**rulings), seed=5)
    dealt = events(game, Dealt)[0]
    assert dealt.suits == suits
    for seat, own in zip(game.state.seats, suits, strict=True):
        held = seat.draw + seat.hand
        assert sorted(held, key=str) == sorted((c for c in standard_deck() if c.suit in own),
                                               key=str)
    assert game.state.guerrilla_rank == 2 and game.state.removed == ()


# The skirmish: draw, play, evaluate


def test_the_highest_card_wins_and_the_player_who_cannot_draw_is_eliminated() -> None:
    game = play(deal("9S 3S", "KD 4D"), "play 9S", "play KD")
    standing = events(game, Standing)[0]
    assert standing.best == (ANA,) and standing.rule == "GT-EVALUATE"
    # Your 3 cannot improve on a nine against a king: you decline without being asked.
    assert [(e.supports, e.declined) for e in events(game, Supported)] == [((), (YOU,))]
    assert events(game, NoLoss)[0].used == 2
    assert events(game, SpoilsTaken)[0].shares == ((ANA, cards("9S KD")),)
    out = events(game, Eliminated)[0]
    assert (out.player, out.in_hand, out.rule) == (YOU, 1, "GT-ELIM-HAND")
    assert game.outcome is not None and game.outcome.winners == (ANA,)
    assert "Ana is the last player remaining: Ana wins the game." in log(game)


def test_a_hand_is_filled_up_to_two_and_a_support_costs_a_card_next_draw() -> None:
    game = play(deal("5S KS 4S 6S", "9D 3D 8D 2D"), "play 5S", "play 9D", "support KS")
    draws = [(e.player, e.drawn, e.rule) for e in events(game, Drew)]
    assert draws == [(YOU, 2, "GT-DRAW-UPTO"), (ANA, 2, "GT-DRAW-UPTO"),
                     (YOU, 1, "GT-PENALTY"), (ANA, 1, "GT-DRAW-UPTO")]
    assert [len(s.hand) for s in game.state.seats] == [1, 2]
    assert events(game, OnlyChoice)[0].player == YOU  # one card: played without asking


def test_an_empty_draw_pile_is_refilled_from_the_shuffled_discard_pile() -> None:
    game = deal("KS 3S", "9D 4D 5D")
    assert events(game, Reshuffled) == []
    game = play(game, "play KS", "play 9D")  # you win both; the next draw needs your discards
    assert [(e.player, e.cards) for e in events(game, Reshuffled)] == [(YOU, 2)]
    assert game.state.seats[YOU].discard == ()
    assert len(game.state.seats[YOU].hand) == 2 and len(game.state.seats[YOU].draw) == 1


def test_players_who_can_draw_only_part_of_their_cards_play_on() -> None:
    game = deal("9S", "KD 4D")
    drew = events(game, Drew)[0]
    assert (drew.drawn, drew.wanted) == (1, 2)
    assert game.state.active == (YOU, ANA)


# Support


def test_support_is_offered_only_to_the_tied_or_losing_and_only_if_it_improves() -> None:
    game = play(deal("5S KS", "9D 3D"), "play 5S", "play 9D")
    assert game.decision is not None
    assert (game.decision.player, game.decision.legal_actions) == (YOU, ("support KS", "decline"))
    game = game.play("support KS")
    assert events(game, Standing)[-1].best == (YOU,)


def test_a_pair_of_guerrillas_beats_a_single_ace() -> None:
    game = play(deal("2S 2H 9S", "AS 5H KD"), "play 2S", "play AS", "support 2H")
    after = events(game, Standing)[-1]
    assert after.after_support and after.best == (YOU,) and after.rule == "GT-PAIR-ORDER"
    assert dict(after.forces)[YOU] == (1, 1)


def test_a_pair_of_threes_beats_a_single_nine() -> None:
    game = play(deal("9S 9H", "3D 3C"), "play 9S", "play 3D")
    # Ana, losing, may pair her three; you lead, so you are not asked.
    assert game.decision is not None and game.decision.player == ANA
    game = game.play("support 3C")
    assert events(game, Standing)[-1].best == (ANA,)


def test_a_higher_pair_beats_a_lower_pair_and_supports_are_simultaneous() -> None:
    game = play(deal("KS 2S", "9D 9H", "5C 5H", players=3), "play KS", "play 9D", "play 5C")
    asked = []
    while game.decision is not None and game.decision.kind == "support":
        asked.append(game.decision.player)
        game = game.play(game.decision.legal_actions[0])
    assert asked == [ANA, BEN]  # both chose before either support was shown
    supported = events(game, Supported)[0]
    assert supported.supports == ((ANA, card("9H")), (BEN, card("5H")))
    assert events(game, Standing)[-1].best == (ANA,)


def test_both_tied_players_may_support_at_once() -> None:
    game = play(deal("2S 9S", "2D 8D"), "play 2S", "play 2D")
    assert events(game, Standing)[0].best == (YOU, ANA)  # all Guerrillas are the same rank
    game = play(game, "support 9S", "support 8D")
    assert events(game, Supported)[0].supports == ((YOU, card("9S")), (ANA, card("8D")))
    assert events(game, Standing)[-1].best == (YOU,)


# Tie resolution


def test_tied_players_draw_two_and_the_face_up_cards_decide() -> None:
    game = play(deal("9S 3S QS 4S", "9D 5D 10D 6D"), "play 9S", "play 9D")
    assert events(game, TieBreak)[0].players == (YOU, ANA)
    assert game.decision is not None
    assert game.decision.legal_actions == ("up QS down 4S", "up 4S down QS")
    game = play(game, "up QS down 4S", "up 10D down 6D")
    assert events(game, Standing)[-1].best == (YOU,)
    (winner, won), = events(game, SpoilsTaken)[0].shares
    assert winner == YOU and sorted(won, key=str) == sorted(cards("9S QS 4S 9D 10D 6D"), key=str)
    assert card("3S") in game.state.seats[YOU].hand  # not played: kept for the next skirmish


def test_a_tie_repeats_until_one_tied_player_is_ahead() -> None:
    game = play(deal("9S 3S QS 4S KS 5S", "9D 5D QD 6D 8D 7D"), "play 9S", "play 9D",
                "up QS down 4S", "up QD down 6D")
    assert [e.tie_round for e in events(game, TieBreak)] == [1, 2]
    game = play(game, "up KS down 5S", "up 8D down 7D")
    assert events(game, Standing)[-1].best == (YOU,)


# Loss of forces and spoils


def test_a_guerrilla_in_the_skirmish_removes_half_of_the_cards_used() -> None:
    game = play(deal("2S 9S 3S", "5D 8D 4D"), "play 2S", "play 5D", "support 9S")
    lost = events(game, ForcesLost)[0]
    assert (lost.used, len(lost.removed), lost.guerrillas) == (3, 1, cards("2S"))
    assert set(game.state.removed) == set(lost.removed)
    spoils = events(game, SpoilsTaken)[0]
    assert len(spoils.shares[0][1]) == 2


# Spies


def test_winning_against_a_revealed_spy_means_revealing_first_next_skirmish() -> None:
    game = play(deal("7S 3S 8S", "9D 5D 10D"), "play 7S", "play 9D")
    captured = events(game, SpyCaptured)[0]
    assert (captured.player, captured.spies) == (ANA, cards("7S"))
    assert game.decision is not None and game.decision.player == ANA  # Ana reveals first
    game = game.play("play 10D")
    assert events(game, Revealed)[-1].first
    assert game.decision is not None and game.decision.player == YOU
    assert GUERRILLA_TACTICS.view(game.state, YOU).table[ANA][0].card == card("10D")


def test_winning_with_only_your_own_spy_captures_nothing() -> None:
    game = play(deal("7S 3S 8S", "5D 4D 9D"), "play 7S", "play 5D")
    assert [e.player for e in events(game, OwnSpy)] == [YOU]
    assert events(game, SpyCaptured) == []
    assert not game.state.seats[YOU].reveals_first


# Promotion, cancellation and recruitment


PROMOTION = ("2S 9S 3S QS 4S", "2D 8D 2C JD 5D")


def test_a_promotion_nobody_can_cancel_raises_the_guerrilla_rank() -> None:
    game = play(deal(*PROMOTION), "play 2S", "play 2D", "support 9S", "support 8D")
    assert game.decision is not None
    assert (game.decision.kind, game.decision.player) == ("promote", YOU)
    game = game.play("propose")
    assert events(game, Promoted)[0].rank == 3
    # 3S and 2C are both Guerrillas now: they tie, whatever their printed ranks.
    tied = events(game, Standing)[-1]
    assert tied.best == (YOU, ANA) and tied.rule == "GT-GUERRILLAS"


def test_a_promotion_is_cancelled_by_a_revealed_2_and_the_canceller_recruits_two_cards() -> None:
    game = play(deal("2S 9S 5S 6S 8S", "2D 2C KD QD"), "play 2S", "play 2D", "support 9S",
                "decline")
    assert game.decision is not None and game.decision.legal_actions == ("propose", "pass")
    game = game.play("propose")
    assert game.decision is not None
    assert (game.decision.player, game.decision.legal_actions) == (ANA, ("cancel 2C", "allow"))
    game = game.play("cancel 2C")
    cancelled = events(game, PromotionCancelled)[0]
    assert (cancelled.canceller, cancelled.recruited, cancelled.rule) == (ANA, 2, "GT-CANCEL")
    assert game.state.guerrilla_rank == 2
    assert cards("5S 6S") == game.state.seats[ANA].discard[-2:]
    assert card("2C") in game.state.seats[ANA].hand  # shown, and kept
    assert GUERRILLA_TACTICS.view(game.state, YOU).seats[ANA].shown == cards("2C")


def test_no_promotion_is_offered_until_every_player_has_played_a_guerrilla() -> None:
    game = play(deal("2S 9S 5S 6S", "KD QD JD 10D"), "play 2S", "play KD")
    assert game.state.seats[YOU].played_guerrilla and not game.state.seats[ANA].played_guerrilla
    assert game.decision is not None and game.decision.kind == "play"


# Elimination and the end


def test_players_eliminated_together_leave_nobody_and_the_game_is_a_draw() -> None:
    game = deal("9S", "9D")
    assert [e.player for e in events(game, Eliminated)] == [YOU, ANA]
    assert game.outcome is not None and game.outcome.winners == ()
    assert events(game, GameOver)[0].rule == "GT-ALL-OUT"


def test_an_eliminated_player_never_acts_again() -> None:
    game = play(deal("3S", "KD 4D 8D", "QC 5C", players=3), "play 4D", "play 5C", "decline")
    # You held one card and played it without asking; lost, you cannot draw.
    assert events(game, Eliminated)[0].rule == "GT-ELIM"
    assert game.state.seats[YOU].out
    assert game.decision is not None and game.decision.player != YOU


def test_every_event_is_explained_with_a_known_rule() -> None:
    game = play(deal(*PROMOTION), "play 2S", "play 2D", "support 9S", "support 8D", "propose")
    for e in events(game):
        assert e.rule in GUERRILLA_TACTICS.rule_titles
        assert GUERRILLA_TACTICS.explain(e)


# Hidden information: the log is read by every player, so it never names a hidden card
# and never tells who could have done something.


def test_loss_of_forces_and_elimination_never_name_a_card_nobody_has_seen() -> None:
    # A tie: your face-down 2S (a Guerrilla) and Ana's face-down 4H are among the cards
    # removed; then Ana cannot draw and is out with the 3H still in her hand.
    game = play(deal("9S 3S KS 2S 8S", "9H 3H 4H 5H", loss_pick="lowest"), "play 9S",
                "play 9H", "up KS down 2S", "up 5H down 4H")
    lost = events(game, ForcesLost)[0]
    assert (lost.guerrillas, lost.hidden_guerrillas) == ((), 1)
    assert (lost.removed, lost.hidden_removed) == (cards("5H"), 2)
    assert set(game.state.removed) >= set(cards("2S 4H 5H 3H"))
    said = log(game)
    for hidden in ("two of spades", "four of hearts", "three of hearts"):
        assert hidden not in said
    assert ("a Guerrilla was involved (a card laid face down), so half of the 6 cards used, 3, "
            "go face down to the removed pile, the lowest cards first: the five of hearts and "
            "2 cards laid face down.") in said
    assert "Ana's 1 card in hand goes to the removed pile." in said


def test_nobody_learns_who_could_have_supported() -> None:
    # You lead with the king. Ana's KH would tie it, so she may support and declines;
    # with the 5H instead she could not. Both tables must read and look the same to you.
    could = play(deal("KS 3S", "9H KH", "8D 4D", players=3), "play KS", "play 9H",
                 "play 8D", "decline")
    could_not = play(deal("KS 3S", "9H 5H", "8D 4D", players=3), "play KS", "play 9H",
                     "play 8D")
    assert log(could) == log(could_not)
    assert "Ana and Ben do not support, so you win the skirmish." in log(could)
    assert GUERRILLA_TACTICS.view(could.state, YOU) == GUERRILLA_TACTICS.view(could_not.state, YOU)


def test_being_asked_about_a_promotion_shows_nothing_of_the_others_hands() -> None:
    # Only a player without a Guerrilla may propose, so whom the table will ask next
    # would tell you whether Ana holds one (the 8D, or the 2C).
    views = []
    for ana in ("2D 8D 5D JD", "2D 2C 5D JD"):
        game = play(deal("2S 9S 3S QS", ana), "play 2S", "play 2D", "support 9S", "decline")
        assert game.decision is not None
        assert (game.decision.kind, game.decision.player) == ("promote", YOU)
        views.append(GUERRILLA_TACTICS.view(game.state, YOU))
    assert views[0] == views[1]
    assert views[0].waiting_for == (YOU,)
