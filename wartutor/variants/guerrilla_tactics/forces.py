"""How cards compare in Guerrilla Tactics: Guerrillas, single cards and pairs.

Every card from 2 up to the Guerrilla rank is a Guerrilla; Guerrillas are all equal to
each other and lower than every other card (GT-GUERRILLA-VS-OTHER). A pair beats any
single card (GT-PAIR-ORDER). A *force* is what a player's face-up cards are worth:

>>> from wartutor.core.cards import cards
>>> force(cards("2S 4S"), guerrilla_rank=4, ace_high=True) > force(cards("AS"), 4, True)
True
>>> force(cards("3S"), 4, True) == force(cards("2H"), 4, True)
True
"""

from __future__ import annotations

from collections.abc import Sequence

from wartutor.core.cards import Card

ACE = 14
GUERRILLA_STRENGTH = 1  # below every other card; a low ace is 0, below even the Guerrillas

Force = tuple[int, int]
"""(1 for a pair, 0 for a single card; the strength of the pair or of the highest card)."""


def is_guerrilla(card: Card, guerrilla_rank: int) -> bool:
    return 2 <= card.rank <= guerrilla_rank


def strength(card: Card, guerrilla_rank: int, ace_high: bool) -> int:
    """A number that orders single cards: higher wins, equal ties (suits never matter)."""
    if 2 <= card.rank <= guerrilla_rank:  # a Guerrilla (is_guerrilla, inlined: it is hot)
        return GUERRILLA_STRENGTH
    if card.rank == ACE and not ace_high:
        return 0
    return card.rank


def force(cards: Sequence[Card], guerrilla_rank: int, ace_high: bool) -> Force:
    """What a player's face-up cards are worth: a pair of equal strength, else the best card."""
    if len(cards) == 1:  # the usual case, worked out every skirmish: no list, no sort
        return (0, strength(cards[0], guerrilla_rank, ace_high))
    strengths = sorted([strength(c, guerrilla_rank, ace_high) for c in cards], reverse=True)
    if strengths[0] == strengths[1]:
        return (1, strengths[0])
    return (0, strengths[0])


def best_of(forces: dict[int, Force]) -> tuple[int, ...]:
    """The players whose force is the highest: one winner, or several tied."""
    top = max(forces.values())
    return tuple(sorted([p for p, f in forces.items() if f == top]))


def standing(mine: Force, rivals: Force) -> int:
    """0 losing, 1 tied for best, 2 winning alone, against the best of the rivals' forces
    (the order GT-SUPPORT-IMPROVES uses)."""
    return 2 if mine > rivals else 1 if mine == rivals else 0
