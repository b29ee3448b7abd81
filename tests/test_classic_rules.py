"""Classic War, clause by clause: each test is a small played example of one rule or ruling.

Decks are stacked with ``deal(yours, the computer's)``, top card first, so every example
can be followed by hand. The playing sequence of the rule text (seed 003):

1. The deck is split into two face-down piles of 26 cards.
2. Turn both top cards. Higher rank wins both cards; aces are high and suits do not matter.
3. On equal ranks, each side places one card face down and another face up. Repeat if
   those face-up ranks also tie.
4. The winner of a battle takes its full pile to the bottom of their deck.
5. A player unable to finish a war loses; equal shortages are a draw. A round also ends
   in a draw after 500 battles.
"""

from __future__ import annotations

from collections import Counter
from itertools import pairwise
from typing import Any

import pytest

from wartutor.core import BadInput, Game, card, cards, codes, play_out, rulings_of, standard_deck
from wartutor.core.agents import first_legal
from wartutor.variants.classic_war import CLASSIC_WAR, ClassicRules
from wartutor.variants.classic_war.game import (
    Compared,
    Dealt,
    GameOver,
    Laid,
    PileTaken,
    RanShort,
    WarLaid,
)

YOU, COMPUTER = 0, 1
# A deal that cycles for ever when won piles go back winner's cards first (found by search).
CYCLING_WINNER_FIRST = ("3H 6C AC JC", "5D 7H 3S 2D")
# One that cycles when they go back loser's cards first.
CYCLING_LOSER_FIRST = ("2S 3S 6H", "4S 7H 5S")


def deal(mine: str, theirs: str, **rulings: Any) -> Game[Any]:
    """A stacked deal: your deck, then the computer's, each top card first."""
    return Game.new(CLASSIC_WAR, ClassicRules(**rulings), seed=1, stacked=(mine, theirs))


def decks(game: Game[Any]) -> tuple[str, str]:
    """Both decks as card codes, top card first."""
    return codes(game.state.decks[0]), codes(game.state.decks[1])


def events(game: Game[Any]) -> tuple[Any, ...]:
    """The events of the game's last step."""
    return game.steps[-1].events


def told(game: Game[Any]) -> list[str]:
    """What the tutor says about the last step, one line per event."""
    return [CLASSIC_WAR.explain(e) for e in events(game)]


def cited(event: Any) -> str:
    """The title of the rule an event cites; the rule must be one the variant knows."""
    assert event.rule in CLASSIC_WAR.rule_titles, f"{event!r} cites an unknown rule"
    return CLASSIC_WAR.rule_titles[event.rule]


def of_kind(game: Game[Any], kind: type) -> list[Any]:
    return [e for e in events(game) if isinstance(e, kind)]


def turn(game: Game[Any], times: int = 1) -> Game[Any]:
    for _ in range(times):
        game = game.play("turn")
    return game


# 1. The deal


def test_the_deal_splits_a_shuffled_deck_26_26() -> None:
    game = Game.new(CLASSIC_WAR, ClassicRules(), seed=7)
    mine, theirs = game.state.decks
    assert (len(mine), len(theirs)) == (26, 26)
    assert Counter(mine + theirs) == Counter(standard_deck())
    assert CLASSIC_WAR.view(game.state, YOU).counts == (26, 26)
    (dealt,) = events(game)
    assert dealt == Dealt((26, 26), seed=7, stacked=False)
    assert cited(dealt) == "rule 1: the deal"
    assert told(game) == [
        "The deck is shuffled (seed 7) and split into two face-down piles: "
        "26 cards for you and 26 cards for the computer."
    ]


def test_the_same_seed_deals_the_same_decks_and_another_seed_other_decks() -> None:
    first, again = Game.new(CLASSIC_WAR, seed=7), Game.new(CLASSIC_WAR, seed=7)
    assert first.state.decks == again.state.decks
    other = Game.new(CLASSIC_WAR, seed=8)
    assert other.state.decks != first.state.decks
    assert Counter(sum(other.state.decks, ())) == Counter(sum(first.state.decks, ()))


def test_the_shuffle_is_not_the_deck_order() -> None:
    game = Game.new(CLASSIC_WAR, seed=0)
    assert sum(game.state.decks, ()) != standard_deck()


def test_a_stacked_deal_lays_out_both_decks_top_card_first() -> None:
    game = deal("9S 4C KD", "9H 2D 7C")
    assert game.state.decks == (cards("9S 4C KD"), cards("9H 2D 7C"))
    assert told(game) == [
        "A stacked deal, in a set order: 3 cards for you and 3 cards for the computer."
    ]
    assert cited(events(game)[0]) == "rule 1: the deal"


def test_decks_are_face_down_to_both_players_and_open_to_the_teacher() -> None:
    game = deal("9S 4C KD", "9H 2D 7C")
    assert CLASSIC_WAR.view(game.state, YOU).decks is None
    assert CLASSIC_WAR.view(game.state, COMPUTER).decks is None
    assert CLASSIC_WAR.view(game.state, None).decks == game.state.decks


@pytest.mark.parametrize(
    ("stacked", "complaint"),
    [
        (("9S KD",), "a stacked deal needs two decks, not ('9S KD',)"),
        (("9S", "9H", "2C"), "a stacked deal needs two decks, not ('9S', '9H', '2C')"),
        (("9S KD", ""), "each player needs at least one card"),
        (("9S KD", "9S 2C"), "a card appears twice in the stacked deal: 9S"),
        (("9S KD", "9X"), "'9X' is not a card"),
    ],
)
def test_a_stacked_deal_must_be_two_decks_of_distinct_cards(
    stacked: tuple[str, ...], complaint: str
) -> None:
    with pytest.raises(BadInput, match="Allowed: ") as refused:
        Game.new(CLASSIC_WAR, seed=1, stacked=stacked)
    assert complaint in str(refused.value)


# 2. Higher rank wins both cards; aces are high and suits do not matter


def test_the_higher_card_wins_both_cards() -> None:
    game = turn(deal("KD 2S", "7C 3H"))
    compared, taken = events(game)
    assert compared == Compared(battle=1, war=0, up=(card("KD"), card("7C")), winner=YOU)
    assert cited(compared) == "rule 2: the higher rank wins"
    assert decks(game) == ("2S KD 7C", "3H")
    assert told(game)[0] == (
        "Battle 1: your king beats the computer's seven. "
        "The higher rank wins; aces are high and suits do not matter."
    )
    assert taken.winner == YOU


def test_the_computer_wins_with_the_higher_card_too() -> None:
    game = turn(deal("5S 8D", "JC 2H"))
    assert of_kind(game, Compared)[0].winner == COMPUTER
    assert told(game)[0].startswith("Battle 1: the computer's jack beats your five.")
    assert decks(game) == ("8D", "2H JC 5S")


def test_aces_are_high() -> None:
    game = turn(deal("AS 2S", "KH 3H"))
    assert of_kind(game, Compared)[0].winner == YOU
    assert told(game)[0].startswith("Battle 1: your ace beats the computer's king.")
    # ...and an ace is never low: it beats a two as well.
    game = turn(deal("2C 3C", "AD 4D"))
    assert of_kind(game, Compared)[0].winner == COMPUTER
    assert told(game)[0].startswith("Battle 1: the computer's ace beats your two.")


@pytest.mark.parametrize(
    ("mine", "theirs"), [("9S", "9H"), ("9H", "9S"), ("9D", "9C"), ("9C", "9D")]
)
def test_suits_do_not_matter(mine: str, theirs: str) -> None:
    game = turn(deal(f"{mine} 4C KD", f"{theirs} 2H 7S"))
    first = of_kind(game, Compared)[0]
    assert first.winner is None
    assert told(game)[0] == "Battle 1: both turn a nine. Equal ranks mean war."


def test_ranks_run_from_two_to_ace() -> None:
    ladder = cards("2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS")
    for lower, higher in pairwise(ladder):
        game = turn(deal(higher.code, lower.code.replace("S", "H")))
        assert of_kind(game, Compared)[0].winner == YOU, (higher, lower)


# 3. War on equal ranks, repeated while the face-up ranks tie


def test_a_king_beats_a_seven_after_a_war_of_nines() -> None:
    """The rule text's worked example, exactly as it is told."""
    game = turn(deal("9S 4C KD", "9H 2D 7C"))
    tie, laid, decided, taken, over = events(game)
    assert tie == Compared(1, 0, (card("9S"), card("9H")), None, rule="CW-3")
    assert laid == WarLaid(1, 1, down=((card("4C"),), (card("2D"),)), up=(card("KD"), card("7C")))
    assert decided == Compared(1, 1, (card("KD"), card("7C")), YOU, rule="CW-3")
    assert taken.cards == cards("9S 4C KD 9H 2D 7C")
    assert len(taken.cards) == 6
    assert told(game)[:4] == [
        "Battle 1: both turn a nine. Equal ranks mean war.",
        "War: each side lays 1 card face down and one face up. "
        "You turn the king of diamonds, the computer the seven of clubs.",
        "War 1 of battle 1: your king beats the computer's seven. "
        "The higher rank wins; aces are high and suits do not matter.",
        "You take the pile of 6 cards to the bottom of your deck, "
        "the winner's cards first, then the loser's, each in the order played.",
    ]
    assert [cited(e) for e in (tie, laid, decided)] == [
        "rule 3: equal ranks mean war",
        "rule 3: equal ranks mean war",
        "rule 3: equal ranks mean war",
    ]
    assert decks(game) == ("9S 4C KD 9H 2D 7C", "")
    assert over.winner == YOU
    assert game.state.wars == 1


def test_the_worked_example_with_cards_to_spare_plays_on() -> None:
    game = turn(deal("9S 4C KD 2H", "9H 5D 7C 3S"))
    assert decks(game) == ("2H 9S 4C KD 9H 5D 7C", "3S")
    assert CLASSIC_WAR.view(game.state, COMPUTER).counts == (7, 1)
    assert game.outcome is None
    assert game.decision is not None and game.decision.legal_actions == ("turn",)


def test_a_war_repeats_while_the_face_up_ranks_tie() -> None:
    game = turn(deal("9S 4C KD 5S QH 2H", "9H 2D KC 6S 3C 3S"))
    kinds = [type(e).__name__ for e in events(game)]
    assert kinds == ["Compared", "WarLaid", "Compared", "WarLaid", "Compared", "PileTaken"]
    assert [(c.war, c.winner) for c in of_kind(game, Compared)] == [(0, None), (1, None), (2, YOU)]
    assert told(game)[2] == "War 1 of battle 1: both turn a king. Equal ranks mean war."
    assert told(game)[4].startswith("War 2 of battle 1: your queen beats the computer's three.")
    assert of_kind(game, PileTaken)[0].cards == cards("9S 4C KD 5S QH 9H 2D KC 6S 3C")
    assert decks(game) == ("2H 9S 4C KD 5S QH 9H 2D KC 6S 3C", "3S")
    # Ruling CW-BATTLE-UNIT: a battle and all its wars are one battle.
    assert (game.state.battles, game.state.wars) == (1, 2)


def test_face_down_war_cards_are_hidden_from_both_players_and_open_to_the_teacher() -> None:
    game = turn(deal("9S 4C KD 2H", "9H 5D 7C 3S"))
    for player in (YOU, COMPUTER):
        mine, theirs = CLASSIC_WAR.view(game.state, player).last_battle
        assert mine == (Laid(card("9S"), True), Laid(None, False), Laid(card("KD"), True))
        assert theirs == (Laid(card("9H"), True), Laid(None, False), Laid(card("7C"), True))
    mine, _ = CLASSIC_WAR.view(game.state, None).last_battle
    assert mine[1] == Laid(card("4C"), False)


@pytest.mark.parametrize("down", [1, 2, 3])
def test_war_down_sets_how_many_cards_go_face_down(down: int) -> None:
    mine = " ".join(["9S", *["2S", "3S", "4S"][:down], "KD", "AH"])
    theirs = " ".join(["9H", *["2C", "3C", "4C"][:down], "7C", "AC"])
    game = turn(deal(mine, theirs, war_down=down))
    (laid,) = of_kind(game, WarLaid)
    assert [len(d) for d in laid.down] == [down, down]
    assert laid.up == (card("KD"), card("7C"))
    noun = "card" if down == 1 else "cards"
    assert told(game)[1].startswith(f"War: each side lays {down} {noun} face down and one face up.")
    assert len(of_kind(game, PileTaken)[0].cards) == 2 * (down + 2)
    assert CLASSIC_WAR.view(game.state, YOU).counts == (1 + 2 * (down + 2), 1)


def test_war_down_is_one_by_the_text() -> None:
    assert ClassicRules().war_down == 1
    assert rulings_of(ClassicRules)["war_down"].id == "CW-WAR-DOWN"


# 4. The winner takes the whole pile to the bottom of their deck (ruling CW-PICKUP)


def test_the_winner_puts_the_whole_pile_at_the_bottom() -> None:
    game = turn(deal("9S 4C 7D 2H QS", "9H 5D KC 3S"))
    assert decks(game) == ("2H QS", "3S 9H 5D KC 9S 4C 7D")
    (taken,) = of_kind(game, PileTaken)
    assert taken.winner == COMPUTER
    assert cited(taken) == "rule 4 with ruling CW-PICKUP: the winner takes the pile, in this order"
    assert told(game)[-1] == (
        "The computer takes the pile of 6 cards to the bottom of the computer's deck, "
        "the winner's cards first, then the loser's, each in the order played."
    )


# The same war of nines, won by you (king) or by the computer (king), under each fixed order.
YOU_WIN = ("9S 4C KD 2H", "9H 5D 7C 3S")
COMPUTER_WINS = ("9S 4C 7D 2H", "9H 5D KC 3S")


@pytest.mark.parametrize(
    ("order", "stacked", "winner", "pile", "words"),
    [
        (
            "winner-first",
            YOU_WIN,
            YOU,
            "9S 4C KD 9H 5D 7C",
            "the winner's cards first, then the loser's, each in the order played",
        ),
        (
            "loser-first",
            YOU_WIN,
            YOU,
            "9H 5D 7C 9S 4C KD",
            "the loser's cards first, then the winner's, each in the order played",
        ),
        (
            "interleaved",
            YOU_WIN,
            YOU,
            "9S 9H 4C 5D KD 7C",
            "card by card as they were laid, the winner's card first each time",
        ),
        ("winner-first", COMPUTER_WINS, COMPUTER, "9H 5D KC 9S 4C 7D", "the winner's cards first"),
        ("loser-first", COMPUTER_WINS, COMPUTER, "9S 4C 7D 9H 5D KC", "the loser's cards first"),
        ("interleaved", COMPUTER_WINS, COMPUTER, "9H 9S 5D 4C KC 7D", "card by card"),
    ],
)
def test_each_fixed_pickup_order_puts_the_pile_under_the_winner_in_that_order(
    order: str, stacked: tuple[str, str], winner: int, pile: str, words: str
) -> None:
    game = turn(deal(*stacked, pickup=order))
    (taken,) = of_kind(game, PileTaken)
    assert (taken.winner, taken.order, codes(taken.cards)) == (winner, order, pile)
    assert decks(game)[winner] == f"{stacked[winner].split()[-1]} {pile}"
    assert f"deck, {words}" in told(game)[-1]
    # A fixed order draws nothing from the game's random generator.
    assert game.state.rng == game.steps[0].state.rng


def test_the_default_pickup_order_is_winner_first() -> None:
    assert ClassicRules().pickup == "winner-first"


def shuffled_pile(seed: int) -> tuple[str, Any]:
    game = Game.new(CLASSIC_WAR, ClassicRules(pickup="shuffled"), seed=seed, stacked=YOU_WIN)
    game = turn(game)
    (taken,) = of_kind(game, PileTaken)
    return codes(taken.cards), game


def test_a_shuffled_pickup_is_a_seeded_reproducible_shuffle_of_the_pile() -> None:
    pile, game = shuffled_pile(seed=3)
    assert Counter(cards(pile)) == Counter(cards("9S 4C KD 9H 5D 7C"))
    assert decks(game) == (f"2H {pile}", "3S")
    assert shuffled_pile(seed=3)[0] == pile
    # It really is shuffled: other seeds give other orders, and the generator moves on.
    assert len({shuffled_pile(seed)[0] for seed in range(20)}) > 5
    assert game.state.rng != game.steps[0].state.rng
    assert told(game)[-1].endswith("deck, in a shuffled order.")


# 5. Running short in a war (rulings CW-SHORT-SCOPE and CW-SHORT)


def test_a_player_unable_to_finish_a_war_loses() -> None:
    game = turn(deal("9S 4C KD", "9H 2D"))
    short, over = of_kind(game, RanShort)[0], of_kind(game, GameOver)[0]
    assert short == RanShort(1, short=(COMPUTER,), held=(2, 1), needed=2, rule="CW-SHORT-SCOPE")
    assert over.winner == YOU and over.ending == "short"
    assert game.outcome is not None and game.outcome.winners == (YOU,)
    assert told(game)[-2:] == [
        "The computer cannot finish the war: it needs 2 cards and the computer holds 1.",
        "The computer could not finish the war, so you win the game.",
    ]
    assert cited(over) == "rule 5 with ruling CW-SHORT-SCOPE: one player cannot finish a war"
    # The unfinished war's cards stay on the table; the decks are what each still held.
    assert game.state.unclaimed == cards("9S 9H")
    assert decks(game) == ("4C KD", "2D")
    assert game.decision is None


def test_you_lose_when_you_cannot_finish_a_war() -> None:
    game = turn(deal("9S 4C KD", "9H 2D 3D 4D 5D", war_down=3))
    assert of_kind(game, RanShort)[0].held == (2, 4)
    assert told(game)[-2:] == [
        "You cannot finish the war: it needs 4 cards and you hold 2.",
        "You could not finish the war, so the computer wins the game.",
    ]
    assert game.outcome is not None and game.outcome.winners == (COMPUTER,)


def test_a_short_player_loses_only_the_war_when_short_scope_is_war() -> None:
    game = turn(deal("9S 4C KD 2H", "9H 2D", short_scope="war"))
    (short,) = of_kind(game, RanShort)
    assert short.short == (COMPUTER,)
    assert cited(short).startswith("rule 5 with ruling CW-SHORT-SCOPE")
    assert of_kind(game, GameOver) == []
    assert decks(game) == ("4C KD 2H 9S 9H", "2D")
    assert game.state.unclaimed == ()
    assert game.outcome is None
    # The computer plays on with the card it kept, and loses it.
    game = turn(game)
    assert game.outcome is not None and game.outcome.winners == (YOU,)
    assert told(game)[-1] == "You hold all 6 cards: you win the game."


def test_a_short_player_with_no_cards_left_loses_the_war_and_the_game() -> None:
    game = turn(deal("9S", "9H 2D 3C", short_scope="war"))
    assert of_kind(game, RanShort)[0].held == (0, 2)
    assert decks(game) == ("", "2D 3C 9H 9S")
    (over,) = of_kind(game, GameOver)
    assert (over.winner, over.ending, over.rule) == (COMPUTER, "all-cards", "CW-EMPTY")


def test_short_scope_is_the_game_by_default() -> None:
    assert ClassicRules().short_scope == "game"


def test_equal_shortages_are_a_draw() -> None:
    game = turn(deal("9S 4C", "9H 2D"))
    (short,) = of_kind(game, RanShort)
    assert short == RanShort(1, short=(YOU, COMPUTER), held=(1, 1), needed=2, rule="CW-SHORT")
    (over,) = of_kind(game, GameOver)
    assert (over.winner, over.ending) == (None, "both-short")
    assert game.outcome is not None and game.outcome.draw
    assert told(game)[-2:] == [
        "Both players run short: the war needs 2 cards each, and you hold 1, the computer 1.",
        "Both players ran short in the same war: the game is a draw.",
    ]
    assert cited(short) == cited(over) == "rule 5 with ruling CW-SHORT: both players run short"
    assert game.state.unclaimed == cards("9S 9H")


def test_both_short_at_the_same_point_is_a_draw_even_with_unequal_cards() -> None:
    game = turn(deal("9S 4C 5C", "9H 2D", war_down=2))
    assert of_kind(game, RanShort)[0].held == (2, 1)
    assert game.outcome is not None and game.outcome.draw


def test_fewer_cards_loses_when_both_run_short() -> None:
    game = turn(deal("9S 4C 5C", "9H 2D", war_down=2, both_short="fewer-cards-loses"))
    (over,) = of_kind(game, GameOver)
    assert (over.winner, over.ending, over.rule) == (YOU, "both-short", "CW-SHORT")
    assert told(game)[-1] == (
        "Both players ran short in the same war; you hold more cards and win the game."
    )
    game = turn(deal("9S 4C", "9H 2D 5C", war_down=2, both_short="fewer-cards-loses"))
    assert told(game)[-1] == (
        "Both players ran short in the same war; the computer holds more cards and wins the game."
    )


def test_fewer_cards_loses_is_still_a_draw_when_both_hold_the_same() -> None:
    game = turn(deal("9S 4C", "9H 2D", both_short="fewer-cards-loses"))
    assert game.outcome is not None and game.outcome.draw


# Ruling CW-EMPTY: a player with no cards after a battle has lost


def test_a_player_with_no_cards_after_a_battle_has_lost() -> None:
    game = turn(deal("KS 2S", "3H"))
    (over,) = of_kind(game, GameOver)
    assert (over.winner, over.ending, over.held) == (YOU, "all-cards", (3, 0))
    assert cited(over) == "ruling CW-EMPTY: a player without cards has lost"
    assert told(game)[-1] == "You hold all 3 cards: you win the game."
    game = turn(deal("3H", "KS 2S"))
    assert told(game)[-1] == "The computer holds all 3 cards: the computer wins the game."
    assert game.outcome is not None and game.outcome.winners == (COMPUTER,)


def test_a_player_who_still_holds_a_card_has_not_lost() -> None:
    game = turn(deal("KS 2S", "3H 4H"))
    assert game.outcome is None and decks(game) == ("2S KS 3H", "4H")


# 5. The 500-battle limit (rulings CW-LIMIT and CW-LIMIT-EDGE)


def test_an_undecided_game_is_a_draw_after_500_battles() -> None:
    assert ClassicRules().battle_limit == 500
    game = turn(deal(*CYCLING_WINNER_FIRST, battle_limit=3), times=3)
    (over,) = of_kind(game, GameOver)
    assert (over.winner, over.ending, over.battle) == (None, "limit", 3)
    assert cited(over) == "rule 5 with ruling CW-LIMIT: the battle limit"
    assert told(game)[-1] == "3 battles played without a winner: the game is a draw."
    assert game.decision is None
    assert not of_kind(game.upto(2), GameOver)


def test_the_default_limit_ends_a_cycling_game_at_battle_500() -> None:
    game = play_out(deal(*CYCLING_WINNER_FIRST), {YOU: first_legal})
    assert game.state.battles == 500
    assert game.outcome is not None and game.outcome.draw
    assert told(game)[-1] == "500 battles played without a winner: the game is a draw."


def test_a_game_decided_in_the_last_battle_is_not_a_draw() -> None:
    """Ruling CW-LIMIT-EDGE: a decision made during the last battle stands."""
    game = turn(deal("KS", "3H", battle_limit=1))
    assert game.outcome is not None and game.outcome.winners == (YOU,)
    assert of_kind(game, GameOver)[0].ending == "all-cards"
    game = turn(deal("9S 4C KD", "9H 2D", battle_limit=1))
    assert game.outcome is not None and game.outcome.winners == (YOU,)
    assert of_kind(game, GameOver)[0].ending == "short"


def test_the_limit_counts_battles_not_wars() -> None:
    """Ruling CW-BATTLE-UNIT: one press of Turn cards, wars and all, is one battle."""
    game = turn(deal("9S 4C KD 2H", "9H 5D 7C 3S", battle_limit=1))
    assert (game.state.battles, game.state.wars) == (1, 1)
    assert game.outcome is not None and game.outcome.draw
    assert told(game)[-1].endswith("played without a winner: the game is a draw.")


def test_without_a_battle_limit_a_cycling_game_never_ends() -> None:
    game = deal(*CYCLING_LOSER_FIRST, pickup="loser-first", battle_limit=None)
    game = play_out(game, {YOU: first_legal}, max_steps=1000)
    assert game.outcome is None and game.state.battles == 1000
    assert CLASSIC_WAR.summarize(game).ending == "unfinished"
    # The decks come round to a position seen before: the game is a cycle.
    positions = [s.state.decks for s in game.steps]
    assert len(set(positions)) < len(positions)


@pytest.mark.parametrize("limit", [0, -5, True, 2.5, "500"])
def test_a_battle_limit_must_be_a_positive_whole_number_or_none(limit: Any) -> None:
    with pytest.raises(BadInput, match=r"ruling CW-LIMIT \(battle_limit\) cannot be") as refused:
        ClassicRules(battle_limit=limit)
    assert "a whole number of battles of at least 1, or None for no limit" in str(refused.value)


# No choices in classic War: "turn" is the only action


def test_turn_is_the_only_action_and_it_is_always_yours_to_press() -> None:
    game = deal("KS 2S", "3H 4H")
    decision = game.decision
    assert decision is not None
    assert (decision.player, decision.kind, decision.legal_actions) == (YOU, "turn", ("turn",))
    assert CLASSIC_WAR.why_not(game.state, "turn") is None
    assert CLASSIC_WAR.why_not(game.state, "play KS") == "'play KS' is not a legal choice now"
    with pytest.raises(BadInput, match=r"^'play KS' is not a legal choice now\. Allowed: 'turn'"):
        game.play("play KS")


def test_no_action_is_due_once_the_game_is_over() -> None:
    game = turn(deal("KS 2S", "3H"))
    with pytest.raises(BadInput) as refused:
        game.play("turn")
    message = str(refused.value)
    assert message.startswith("no action is due: You hold all 3 cards: you win the game.")
    assert message.endswith("Allowed: nothing: the game is over; start a new deal.")


def test_every_event_of_whole_games_cites_a_known_rule_and_is_explained() -> None:
    settings = [
        {},
        {"pickup": "shuffled", "war_down": 3},
        {"short_scope": "war", "war_down": 2},
        {"both_short": "fewer-cards-loses", "pickup": "interleaved"},
    ]
    for seed, setting in enumerate(settings):
        game = play_out(Game.new(CLASSIC_WAR, ClassicRules(**setting), seed), {YOU: first_legal})
        for step in game.steps:
            for event in step.events:
                cited(event)
                assert CLASSIC_WAR.explain(event).endswith(".")


def test_explaining_something_that_is_not_a_classic_war_event_is_refused() -> None:
    with pytest.raises(TypeError, match="not a classic War event"):
        CLASSIC_WAR.explain(card("9S"))
