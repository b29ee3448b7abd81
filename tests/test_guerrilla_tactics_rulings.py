"""Guerrilla Tactics' rulings: for each, a stacked example where the setting decides,
played both ways, and the event that names the ruling. Bad settings and deals fail clearly."""

from __future__ import annotations

from typing import Any

import pytest

from wartutor.core import BadInput, Game, card, cards, rulings_of
from wartutor.variants.guerrilla_tactics import GUERRILLA_TACTICS, GuerrillaRules
from wartutor.variants.guerrilla_tactics.events import (
    Drew,
    ForcesLost,
    GameOver,
    NoLoss,
    Promoted,
    PromotionCancelled,
    SkirmishBegins,
    SpoilsTaken,
    SpyCaptured,
    SpyLost,
    Standing,
    TieLaid,
    TieStands,
)
from wartutor.variants.guerrilla_tactics.rules import FIXED_RULINGS

YOU, ANA, BEN = 0, 1, 2


def deal(*piles: str, **rulings: Any) -> Game[Any]:
    return Game.new(GUERRILLA_TACTICS, GuerrillaRules(**rulings), seed=0, stacked=piles)


def play(game: Game[Any], *actions: str) -> Game[Any]:
    for action in actions:
        game = game.play(action)
    return game


def events(game: Game[Any], kind: type) -> list[Any]:
    return [e for step in game.steps for e in step.events if isinstance(e, kind)]


def test_every_ruling_has_a_title_and_a_reason() -> None:
    for meta in rulings_of(GuerrillaRules).values():
        assert meta.id in GUERRILLA_TACTICS.rule_titles and meta.why and meta.question
    for fixed in FIXED_RULINGS:
        assert fixed.id in GUERRILLA_TACTICS.rule_titles and fixed.answer


@pytest.mark.parametrize(("ace", "winner"), [("high", YOU), ("low", ANA)])
def test_gt_ace_a_low_ace_loses_even_to_a_guerrilla(ace: str, winner: int) -> None:
    game = play(deal("AS 3S", "2D 4D", ace=ace), "play AS", "play 2D")
    assert events(game, Standing)[0].best == (winner,)


@pytest.mark.parametrize(("draw_to", "held"), [("fill-to-two", 2), ("draw-two", 3)])
def test_gt_draw_upto_fills_the_hand_or_draws_two(draw_to: str, held: int) -> None:
    game = play(deal("9S 3S 4S 5S", "KD 6D 8D 10D", draw_to=draw_to), "play 9S", "play KD")
    assert len(game.state.seats[YOU].hand) == held
    assert events(game, Drew)[-2].rule == "GT-DRAW-UPTO"


PROMOTION = ("2S 9S 3S QS 4S", "2D 8D 2C JD 5D")


@pytest.mark.parametrize(("window", "hand_when_asked"), [("before-draw", 0), ("after-draw", 1)])
def test_gt_promo_when_before_or_after_the_draw(window: str, hand_when_asked: int) -> None:
    game = play(deal(*PROMOTION, promotion_window=window), "play 2S", "play 2D", "support 9S",
                "support 8D")
    assert game.decision is not None and game.decision.kind == "promote"
    assert len(game.state.seats[YOU].hand) == hand_when_asked


@pytest.mark.parametrize(("played", "kind"), [("since-rank-change", "play"),
                                               ("whole-game", "promote")])
def test_gt_promo_played_counts_since_the_last_rank_change_or_all_game(
    played: str, kind: str
) -> None:
    game = play(deal("2S 9S KS AS QS", "2D 8D JD 10D 9D", guerrillas_played=played),
                "play 2S", "play 2D", "support 9S", "support 8D", "propose")
    # Skirmish 2 (rank 3) played a king and a jack, both forced: no Guerrilla.
    assert game.state.guerrilla_rank == 3 and game.state.skirmish == 3
    assert game.decision is not None and game.decision.kind == kind


def _cancel_with_short_pile(**rulings: Any) -> Game[Any]:
    # You propose with one card left in your draw pile; Ana cancels with her 2C.
    return play(deal("2S 9S 5S", "2D 2C KD QD", **rulings), "play 2S", "play 2D",
                "support 9S", "decline", "propose", "cancel 2C")


def test_gt_recruit_short_takes_what_the_draw_pile_holds() -> None:
    cancelled = events(_cancel_with_short_pile(), PromotionCancelled)[0]
    assert (cancelled.recruited, cancelled.wanted, cancelled.rule) == (1, 2, "GT-RECRUIT-SHORT")


def test_gt_recruit_short_may_reshuffle_the_proposers_discard_pile() -> None:
    cancelled = events(_cancel_with_short_pile(recruit_short="reshuffle"), PromotionCancelled)[0]
    assert (cancelled.recruited, cancelled.wanted) == (2, 2)


@pytest.mark.parametrize(("tie_down", "winner"), [("stake", ANA), ("pair", YOU)])
def test_gt_tie_down_a_face_down_card_may_make_a_pair(tie_down: str, winner: int) -> None:
    game = play(deal("9S 3S 5S 5H", "9D 4D KD 6D", tie_down=tie_down), "play 9S", "play 9D",
                "up 5S down 5H", "up KD down 6D")
    last = events(game, Standing)[-1]
    assert last.best == (winner,) and last.rule == "GT-TIE-DOWN"
    assert bool(events(game, TieLaid)[0].turned) == (tie_down == "pair")


def test_gt_tie_from_hand_lets_a_tied_player_use_a_card_kept_back() -> None:
    game = play(deal("9S 3S KS 4S", "9D 5D 6D 7D", tie_cards="from-hand"), "play 9S", "play 9D")
    assert game.decision is not None
    assert "up KS down 3S" in game.decision.legal_actions  # 3S was kept back
    just_drawn = play(deal("9S 3S KS 4S", "9D 5D 6D 7D"), "play 9S", "play 9D")
    assert just_drawn.decision is not None
    assert just_drawn.decision.legal_actions == ("up KS down 4S", "up 4S down KS")


def test_gt_tie_cannot_draw_eliminated_or_the_tie_stands() -> None:
    out = deal("9S", "9D")
    assert out.outcome is not None and events(out, GameOver)[0].rule == "GT-ALL-OUT"
    stands = deal("9S", "9D", tie_cannot_draw="tie-stands", skirmish_limit=1)
    assert events(stands, TieStands)[0].short == (YOU, ANA)
    assert events(stands, SpoilsTaken)[0].shares == ((YOU, cards("9S")), (ANA, cards("9D")))
    assert stands.outcome is not None and events(stands, GameOver)[0].rule == "GT-LIMIT"


@pytest.mark.parametrize(("split", "shares", "odd"), [
    ("odd-removed", ((YOU, cards("9S")), (ANA, cards("9D"))), cards("4C")),
    ("dealt-in-turn", ((YOU, cards("9S 4C")), (ANA, cards("9D"))), ()),
])
def test_gt_spoils_split_an_odd_card_is_removed_or_dealt(
    split: str, shares: Any, odd: Any
) -> None:
    game = play(deal("9S", "9D", "4C 3C", players=3, tie_cannot_draw="tie-stands",
                     spoils_split=split, skirmish_limit=1), "play 4C")
    spoils = events(game, SpoilsTaken)[0]
    assert (spoils.shares, spoils.odd_removed, spoils.rule) == (shares, odd, "GT-SPOILS-SPLIT")


@pytest.mark.parametrize(("penalty", "drawn"), [("no", (1, 1)), ("yes", ())])
def test_gt_tie_penalty_the_face_down_card_may_count_as_a_support(
    penalty: str, drawn: tuple[int, ...]
) -> None:
    game = play(deal("9S 3S QS 4S 8S", "9D 5D 10D 6D 7D", tie_penalty=penalty), "play 9S",
                "play 9D", "up QS down 4S")
    game = game.play("up 10D down 6D")
    # Both kept one card; with the penalty that is all they are due in skirmish 2.
    after = game.steps[-1].events
    starts = [i for i, e in enumerate(after) if isinstance(e, SkirmishBegins)] + [len(after)]
    skirmish_2 = after[starts[0]:starts[1]]
    assert tuple(e.drawn for e in skirmish_2 if isinstance(e, Drew)) == drawn
    assert events(game, TieLaid)[0].rule == ("GT-TIE-PENALTY" if penalty == "yes" else "GT-TIE")


@pytest.mark.parametrize(("involved", "lost"), [("any", True), ("face-up", False)])
def test_gt_involved_a_guerrilla_laid_face_down(involved: str, lost: bool) -> None:
    game = play(deal("9S 3S QS 2S", "9D 5D 10D 6D", involved=involved), "play 9S", "play 9D",
                "up QS down 2S", "up 10D down 6D")
    assert bool(events(game, ForcesLost)) == lost
    assert bool(events(game, NoLoss)) != lost


def test_gt_loss_pick_lowest_removes_the_lowest_cards_first() -> None:
    game = play(deal("2S 9S 3S", "5D 8D 4D", loss_pick="lowest"), "play 2S", "play 5D",
                "support 9S")
    assert events(game, ForcesLost)[0].removed == cards("2S")


SPY_REMOVED = ("7S 4S 2S QS", "7D 3D 9D KD")


@pytest.mark.parametrize(("setting", "kind"), [("still-reveals-first", SpyCaptured),
                                               ("only-if-kept", SpyLost)])
def test_gt_spy_removed_a_spy_lost_to_loss_of_forces(setting: str, kind: type) -> None:
    game = play(deal(*SPY_REMOVED, spy_removed=setting, loss_pick="lowest"), "play 7S",
                "play 7D", "up QS down 2S", "up KD down 9D")
    assert card("7S") in events(game, ForcesLost)[0].removed
    found = events(game, kind)
    assert found and found[0].player == ANA and found[0].rule == "GT-SPY-REMOVED"
    assert game.state.seats[ANA].reveals_first == (kind is SpyCaptured)


@pytest.mark.parametrize(("scope", "first"), [("play-only", YOU), ("tie-breaks-too", ANA)])
def test_gt_reveal_first_scope_in_a_tie_break(scope: str, first: int) -> None:
    game = play(deal("7S 3S 8S QS 4S", "9D 5D 8D KD 6D", reveal_first_scope=scope),
                "play 7S", "play 9D", "play 8D", "play 8S")
    assert game.decision is not None and game.decision.kind == "tie"
    assert game.decision.player == first


def test_gt_limit_stops_an_endless_game_as_a_draw() -> None:
    game = deal("9S", "9D", tie_cannot_draw="tie-stands", skirmish_limit=3)
    assert game.state.skirmish == 3 and game.outcome is not None and game.outcome.winners == ()


def test_a_promotion_accepted_names_the_ruling() -> None:
    game = play(deal(*PROMOTION), "play 2S", "play 2D", "support 9S", "support 8D", "propose")
    assert events(game, Promoted)[0].rule == "GT-PROMO-ACCEPT"


# Bad settings and bad deals


@pytest.mark.parametrize(("settings", "message"), [
    ({"players": 5}, r"ruling GT-PLAYERS \(players\) cannot be 5"),
    ({"players": 3, "two_player_deck": "one-suit"}, "for two players only"),
    ({"skirmish_limit": 0}, "GT-LIMIT"),
    ({"loss_pick": "winner-chooses"}, "GT-LOSS-PICK"),
    ({"ace": True}, "GT-ACE"),
])
def test_bad_rulings_are_refused_with_what_is_allowed(settings: dict[str, Any],
                                                      message: str) -> None:
    with pytest.raises(BadInput, match=message) as refused:
        GuerrillaRules(**settings)
    assert "Allowed:" in str(refused.value)


@pytest.mark.parametrize(("stacked", "message"), [
    (("9S",), "needs 2 draw piles, not 1"),
    (("9S", ""), "every player needs at least one card"),
    (("9S 3S", "9S"), "appears twice in the stacked deal: 9S"),
    (("9S", "1Z"), "'1Z' is not a card"),
    ("9S 8S", "one string of cards per player, not '9S 8S'"),
    ((9, 8), "one string of cards per player, not 9"),
])
def test_bad_stacked_deals_are_refused_clearly(stacked: tuple[str, ...], message: str) -> None:
    with pytest.raises(BadInput, match=message):
        Game.new(GUERRILLA_TACTICS, GuerrillaRules(), seed=0, stacked=stacked)
