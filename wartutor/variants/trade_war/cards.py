"""Trade War's deck: the 52 standard cards plus two jokers, Mueller and Putin.

Jokers follow the habits of :mod:`wartutor.core.cards`: a small frozen value, a repr
you can paste back and a readable str. ``MJ`` is the Mueller joker, ``PJ`` Putin.

>>> trade_cards("9S MJ pj")
(card('9S'), joker('MJ'), joker('PJ'))
>>> str(MUELLER), len(trade_deck())
('the Mueller joker', 54)
"""

from __future__ import annotations

from bisect import insort
from dataclasses import dataclass

from wartutor.core.cards import SUIT_CODES, Card, card, standard_deck
from wartutor.core.errors import BadInput, quoted
from wartutor.language import _

_JOKER_CODES = {"Mueller": "MJ", "Putin": "PJ"}


@dataclass(frozen=True, slots=True)
class Joker:
    """One of the two jokers; ``name`` is "Mueller" or "Putin"."""

    name: str

    def __post_init__(self) -> None:
        if self.name not in _JOKER_CODES:
            raise BadInput(f"there is no {quoted(self.name)} joker", allowed="Mueller or Putin")

    @property
    def code(self) -> str:
        return _JOKER_CODES[self.name]

    @property
    def symbol(self) -> str:
        return self.name

    def __repr__(self) -> str:
        return f"joker({self.code!r})"

    def __str__(self) -> str:
        return f"the {self.name} joker"


MUELLER = Joker("Mueller")
PUTIN = Joker("Putin")
TradeCard = Card | Joker
Cards = tuple[TradeCard, ...]


def joker(code: str) -> Joker:
    """The joker a code names: ``joker("MJ")`` is Mueller, ``joker("PJ")`` Putin."""
    found = {"MJ": MUELLER, "PJ": PUTIN}.get(code.strip().upper())
    if found is None:
        raise BadInput(_("{code} is not a joker").format(code=quoted(code)),
                       allowed=_("MJ (Mueller) or PJ (Putin)"))
    return found


def trade_card(code: str) -> TradeCard:
    """A standard card code (9S, 10H, KD) or a joker code (MJ, PJ)."""
    found = _BY_CODE.get(code)
    if found is not None:  # the canonical spelling, as every action string has it
        return found
    if code.strip().upper() in ("MJ", "PJ"):
        return joker(code)
    try:
        return card(code)
    except BadInput as e:
        raise BadInput(_("{code} is not a Trade War card").format(code=quoted(code)),
                       # Translators: {allowed} says how a card code is written ("a rank ...").
                       allowed=_("{allowed}, or MJ / PJ for the Mueller and Putin jokers")
                       .format(allowed=e.allowed[:-1] if e.allowed.endswith(".")
                               else e.allowed)) from None


def trade_cards(text: str) -> Cards:
    """The cards a space-separated list of codes names, in order."""
    return tuple(trade_card(code) for code in text.split())


def trade_codes(hand: Cards) -> str:
    """The inverse of :func:`trade_cards`."""
    return " ".join(c.code for c in hand)


def trade_deck() -> Cards:
    """The 54 cards in a fixed order: the standard deck, then Mueller, then Putin."""
    return (*standard_deck(), MUELLER, PUTIN)


# Actions name cards by code, and agents read them back many times a step: look them up.
_BY_CODE: dict[str, TradeCard] = {c.code: c for c in trade_deck()}


def sort_key(c: TradeCard) -> tuple[int, int]:
    """Hands are kept sorted: low ranks first (suits S, H, D, C), the jokers last."""
    if isinstance(c, Joker):
        return (15 if c == MUELLER else 16, 0)
    return (c.rank, SUIT_CODES.index(c.suit))


def sorted_cards(hand: Cards) -> Cards:
    return tuple(sorted(hand, key=sort_key))


def with_cards(hand: Cards, new: Cards) -> Cards:
    """A sorted hand with more cards, each put in its place (cheaper than sorting again)."""
    cards = list(hand)
    for c in new:
        insort(cards, c, key=sort_key)
    return tuple(cards)
