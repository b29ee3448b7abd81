"""Playing cards as small values: parse them from "9S KD 7H", print them back.

>>> cards("9S KD 10h")
(card('9S'), card('KD'), card('10H'))
>>> str(card("AS"))
'ace of spades'
>>> card("KD").rank > card("7H").rank
True

In a notebook a card shows as the apps draw it (``_repr_html_``), its repr kept to paste.
"""

from __future__ import annotations

from dataclasses import dataclass

from wartutor.core.errors import BadInput, quoted
from wartutor.language import N_, _

# The codes stay as they are in every language, as the suit symbols do; the names are
# said in the language in force.
RANK_CODES = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
RANK_NAMES = (
    N_("two"), N_("three"), N_("four"), N_("five"), N_("six"), N_("seven"), N_("eight"),
    N_("nine"), N_("ten"), N_("jack"), N_("queen"), N_("king"), N_("ace"),
)  # fmt: skip
SUIT_CODES = ("S", "H", "D", "C")
SUIT_NAMES = {"S": N_("spades"), "H": N_("hearts"), "D": N_("diamonds"), "C": N_("clubs")}
SUIT_SYMBOLS = {"S": "\u2660", "H": "\u2665", "D": "\u2666", "C": "\u2663"}

_RANK_BY_CODE = {code: rank for rank, code in enumerate(RANK_CODES, start=2)}
_RANK_BY_CODE["T"] = 10  # the one-letter ten of most card notations
# Translators: the letters are those of card codes (S spades, H hearts ...): keep them.
_ALLOWED = N_("a rank (2-10, T, J, Q, K, A) followed by a suit (S, H, D, C), such as 9S or "
              "10H")


@dataclass(frozen=True, slots=True, order=False)
class Card:
    """A card of the standard 52-card deck. ``rank`` runs from 2 up to 14 (ace)."""

    rank: int
    suit: str

    def __post_init__(self) -> None:
        whole = type(self.rank) is int
        if not whole or self.rank not in range(2, 15) or self.suit not in SUIT_NAMES:
            raise BadInput(f"there is no card of rank {quoted(self.rank)} and suit "
                           f"{quoted(self.suit)}",
                           allowed="ranks 2 to 14 (ace) and suits S, H, D, C")

    @property
    def code(self) -> str:
        return RANK_CODES[self.rank - 2] + self.suit

    @property
    def rank_name(self) -> str:
        """The rank in words ("queen"), in the language in force."""
        return rank_word(self.rank)

    @property
    def symbol(self) -> str:
        return RANK_CODES[self.rank - 2] + SUIT_SYMBOLS[self.suit]

    def __repr__(self) -> str:
        return f"card({self.code!r})"

    def __str__(self) -> str:
        # Translators: a card's full name, "queen of hearts".
        return _("{rank} of {suit}").format(rank=self.rank_name, suit=_(SUIT_NAMES[self.suit]))

    def _repr_html_(self) -> str:
        """The card as the apps draw it, with its name for a screen reader."""
        from wartutor.core.engine import notebook_html  # the drawing is loaded only if asked

        return notebook_html("card_html", self)


def rank_word(rank: int) -> str:
    """A rank (2 to 14) in words, in the language in force: ``rank_word(12)`` is "queen"."""
    return _(RANK_NAMES[rank - 2])


def card(code: str) -> Card:
    """The card a short code names: ``card("QH")`` is the queen of hearts."""
    if not isinstance(code, str):
        raise BadInput(_("{code} is not a card code").format(code=quoted(code)),
                       allowed=_(_ALLOWED))
    text = code.strip().upper()
    rank, suit = _RANK_BY_CODE.get(text[:-1]), text[-1:]
    if rank is None or suit not in SUIT_NAMES:
        raise BadInput(_("{code} is not a card").format(code=quoted(code)), allowed=_(_ALLOWED))
    return Card(rank, suit)


def cards(codes: str) -> tuple[Card, ...]:
    """The cards a space-separated list of codes names, in order."""
    return tuple(card(code) for code in codes.split())


def codes(hand: tuple[Card, ...]) -> str:
    """The inverse of :func:`cards`: ``codes(cards(s))`` is ``s`` in canonical spelling."""
    return " ".join(c.code for c in hand)


def standard_deck() -> tuple[Card, ...]:
    """The 52 cards in a fixed order (spades 2..A, hearts, diamonds, clubs)."""
    return tuple(Card(rank, suit) for suit in SUIT_CODES for rank in range(2, 15))
