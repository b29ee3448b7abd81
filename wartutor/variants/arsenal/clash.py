"""Who beats whom: the whole of "Playing a Round", "Breaking a Same-Suit Tie", "Shields"
and "Counter-Strike" as one function over two cards.

>>> from wartutor.variants.arsenal.cards import arsenal_card as c
>>> met = clash(c("KV-PR"), c("RK-SF"))
>>> met.winning_card, met.how, met.rule
(arsenal_card('KV-PR'), 'blocks', 'AR-SHIELDS')

Two distinct cards always have a winner (a test checks every pair of the deck), so
a round can never be drawn; only a card meeting itself could, and decks with a card
twice are refused (ruling AR-DUPLICATES).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from wartutor.core.records import set_at_once
from wartutor.variants.arsenal.cards import BOMB, COUNTER_STRIKE, SHIELD, ArsenalCard

# How a clash was decided, and the section of the text (or ruling) that decides it.
RULE_OF = {
    "level": "AR-ROUND",  # bomb against bomb: the higher level
    "suit": "AR-ROUND",  # bomb against bomb of the same level: the higher suit
    "pecking": "AR-SAME-SUIT",  # same level and suit: the level's pecking order
    "blocks": "AR-SHIELDS",  # a shield stops a bomb at or under its cap
    "above-cap": "AR-BOMB-VS-SHIELD-ABOVE-CAP",  # a bomb over the cap gets through
    "unblockable": "AR-SHIELDS",  # level 4 against a shield
    "shield-cap": "AR-SHIELDS",  # two shields: the higher cap
    "shield-suit": "AR-SHIELDS",  # two shields of one cap: the higher suit
    "turned-back": "AR-COUNTER-STRIKE",  # Counter-Strike against a level 1-3 bomb
    "untouchable": "AR-LEVEL4-VS-COUNTER",  # level 4 against a Counter-Strike
    "breaks-shield": "AR-COUNTER-STRIKE",  # Counter-Strike against any shield
    "counter-suit": "AR-COUNTER-STRIKE",  # two Counter-Strikes: the higher suit
}


@set_at_once
@dataclass(frozen=True)
class Clash:
    """Two cards met; ``winner`` is 0 if ``first`` won, 1 if ``second`` did."""

    first: ArsenalCard
    second: ArsenalCard
    winner: int
    how: str
    rule: str

    @property
    def winning_card(self) -> ArsenalCard:
        return self.second if self.winner else self.first

    @property
    def losing_card(self) -> ArsenalCard:
        return self.first if self.winner else self.second


@cache
def clash(first: ArsenalCard, second: ArsenalCard) -> Clash:
    """The clash of two distinct cards (order does not change who wins)."""
    if first == second:
        raise ValueError(f"{first} cannot meet itself: a deck holds each card once")
    first_wins, how = _first_wins(first, second)
    return Clash(first, second, 0 if first_wins else 1, how, RULE_OF[how])


def _first_wins(a: ArsenalCard, b: ArsenalCard) -> tuple[bool, str]:
    if a.family == BOMB and b.family == BOMB:
        if a.level != b.level:
            return a.level > b.level, "level"
        if a.suit != b.suit:
            return a.suit_rank > b.suit_rank, "suit"
        return a.kind.order > b.kind.order, "pecking"
    if a.family == SHIELD and b.family == SHIELD:
        if a.level != b.level:
            return a.level > b.level, "shield-cap"
        return a.suit_rank > b.suit_rank, "shield-suit"
    if a.family == COUNTER_STRIKE and b.family == COUNTER_STRIKE:
        return a.suit_rank > b.suit_rank, "counter-suit"
    # Two different families: decide from the second card's side and flip the answer.
    if b.family == BOMB:
        second_wins, how = _bomb_against(b, a)
        return not second_wins, how
    if a.family == BOMB:
        return _bomb_against(a, b)
    # A shield and a Counter-Strike: "A Counter-Strike beats any shield."
    return a.family == COUNTER_STRIKE, "breaks-shield"


def _bomb_against(bomb: ArsenalCard, other: ArsenalCard) -> tuple[bool, str]:
    """Whether a bomb beats a shield or a Counter-Strike, and how that is decided."""
    if other.family == SHIELD:
        if bomb.level == 4:
            return True, "unblockable"
        return (False, "blocks") if bomb.level <= other.level else (True, "above-cap")
    return (True, "untouchable") if bomb.level == 4 else (False, "turned-back")
