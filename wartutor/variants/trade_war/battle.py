"""Who wins a battle: ranks, doubles and the Mueller joker (sections TW-BATTLE,
TW-DOUBLES and TW-MUELLER, with rulings TW-RANKS, TW-MUELLER-ACE, TW-MUELLER-DOUBLES).

A play is one card or two of the same rank. Putin never fights (TW-PUTIN-BATTLE).

>>> from wartutor.variants.trade_war.cards import trade_cards
>>> rules = TradeRules()
>>> compare(trade_cards("AS"), trade_cards("3H 3D"), rules)  # two threes beat an ace
(-1, 'doubles')
>>> compare(trade_cards("MJ"), trade_cards("KD"), rules)  # Mueller topples a king
(1, 'mueller-face')
>>> compare(trade_cards("MJ"), trade_cards("4C"), rules)  # and loses to a four
(-1, 'number-mueller')
"""

from __future__ import annotations

from itertools import combinations

from wartutor.core.cards import Card
from wartutor.variants.trade_war.cards import MUELLER, PUTIN, Cards, sort_key
from wartutor.variants.trade_war.rules import TradeRules

FACE_RANKS = (11, 12, 13)


def rank_value(c: Card, rules: TradeRules) -> int:
    """Ranks in order: 2..10, J=11, Q=12, K=13, and the ace 14 (high) or 1 (low)."""
    return 1 if c.rank == 14 and rules.ace == "low" else c.rank


def mueller_beats(c: Card, rules: TradeRules) -> bool:
    """Mueller beats the face cards, and a high ace unless ruling TW-MUELLER-ACE says not."""
    if c.rank == 14:
        return rules.ace == "high" and rules.mueller_vs_ace == "mueller"
    return c.rank in FACE_RANKS


def compare(attack: Cards, defence: Cards, rules: TradeRules) -> tuple[int, str]:
    """(1 if the attack wins, -1 if the defence wins, 0 for a tie; the reason's name).

    An empty play (no card, or its card assassinated) loses to any play.
    """
    if not attack or not defence:
        return (1 if attack else -1 if defence else 0), "no-card"
    if len(attack) != len(defence):
        pair, single = (attack, defence) if len(attack) == 2 else (defence, attack)
        sign = 1 if pair is attack else -1
        lone = single[0]
        if lone == MUELLER and isinstance(pair[0], Card) and mueller_beats(pair[0], rules) \
                and rules.mueller_vs_doubles == "mueller":
            return -sign, "mueller-doubles"
        return sign, "doubles"
    a, d = attack[0], defence[0]
    if a == MUELLER or d == MUELLER:
        other = d if a == MUELLER else a
        assert isinstance(other, Card)
        mueller_wins = mueller_beats(other, rules)
        sign = 1 if (a == MUELLER) == mueller_wins else -1
        return sign, "mueller-face" if mueller_wins else "number-mueller"
    assert isinstance(a, Card) and isinstance(d, Card)
    va, vd = rank_value(a, rules), rank_value(d, rules)
    why = "higher-doubles" if len(attack) == 2 else "higher"
    return (1 if va > vd else -1 if va < vd else 0), why if va != vd else "tie"


def battle_cards(hand: Cards) -> Cards:
    """The cards of a hand that can fight: all but Putin."""
    return tuple(c for c in hand if c != PUTIN)


def can_fight(hand: Cards) -> bool:
    """Does the hand hold a battle card (so :func:`possible_plays` is not empty)?

    There is one Putin, so a hand of two cards or more always does."""
    return len(hand) > 1 or (len(hand) == 1 and hand[0] != PUTIN)


# A battle's settling and its decision ask for the same hand's plays: the last is kept.
_last_plays: tuple[Cards | None, tuple[Cards, ...]] = (None, ())


def possible_plays(hand: Cards) -> tuple[Cards, ...]:
    """Every single card, then every pair of one rank, in hand order."""
    global _last_plays
    seen, plays = _last_plays
    if seen is not hand:
        fighters = battle_cards(hand)
        ranked = [c for c in fighters if isinstance(c, Card)]
        pairs = tuple((a, b) for a, b in combinations(ranked, 2) if a.rank == b.rank)
        plays = tuple((c,) for c in fighters) + pairs
        _last_plays = (hand, plays)
    return plays


def forced_play(hand: Cards, rules: TradeRules) -> Cards:
    """Ruling TW-BATTLE-PLAY 'forced': the highest rank held, two of it if held twice.

    Mueller has no rank: he is played only when he is the last battle card.
    """
    ranked = [c for c in battle_cards(hand) if isinstance(c, Card)]
    if not ranked:
        return battle_cards(hand)[:1]
    top = max(rank_value(c, rules) for c in ranked)
    return tuple(sorted((c for c in ranked if rank_value(c, rules) == top), key=sort_key))[:2]

