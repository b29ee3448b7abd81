"""Arsenal's 90 cards: six suits of fifteen bombs, shields and one Counter-Strike.

A card is a kind (what it is) and a suit (whose it is). Codes are two letters for
the kind, a dash, and two letters for the suit:

>>> arsenal_cards("RK-SF kv-pr")
(arsenal_card('RK-SF'), arsenal_card('KV-PR'))
>>> str(arsenal_card("RK-SF"))
'Rocket (Space Force)'
>>> len(standard_deck()), len(set(standard_deck()))
(90, 90)
"""

from __future__ import annotations

from dataclasses import dataclass, field

from wartutor.core.errors import BadInput, quoted
from wartutor.language import N_, _

BOMB, SHIELD, COUNTER_STRIKE = "bomb", "shield", "counter-strike"


@dataclass(frozen=True)
class Kind:
    """One of the fifteen cards every suit has.

    ``level`` is a bomb's level (1-4) or a shield's cap (1-3); ``order`` is a bomb's
    place in its level's pecking order, 0 the lowest (the text's same-suit tie-break).
    """

    code: str
    name: str
    family: str
    level: int
    order: int

    def __hash__(self) -> int:  # the code alone names a kind; hashing it is quick
        return hash(self.code)


# In the order the text lists them; the pecking orders are those of "Breaking a Same-Suit Tie".
KINDS = (
    Kind("GL", N_("Grenade Launcher"), BOMB, 1, 1),
    Kind("RK", N_("Rocket"), BOMB, 1, 2),
    Kind("DY", N_("Dynamite"), BOMB, 1, 0),
    Kind("CM", N_("Cruise Missile"), BOMB, 2, 2),
    Kind("RM", N_("Rapid Missiles"), BOMB, 2, 1),
    Kind("SX", N_("Semtex"), BOMB, 2, 0),
    Kind("AS", N_("Airstrike"), BOMB, 3, 2),
    Kind("CB", N_("Chemical Bomb"), BOMB, 3, 0),
    Kind("SB", N_("Stealth Bomber"), BOMB, 3, 1),
    Kind("NK", N_("Nuke"), BOMB, 4, 0),
    Kind("MT", N_("Meteor"), BOMB, 4, 1),
    Kind("KV", N_("Kevlar"), SHIELD, 1, 0),
    Kind("BW", N_("Brick Wall"), SHIELD, 2, 0),
    Kind("SH", N_("Shield"), SHIELD, 3, 0),
    Kind("CS", N_("Counter-Strike"), COUNTER_STRIKE, 0, 0),
)
KIND_BY_CODE = {kind.code: kind for kind in KINDS}

# Highest first, as the text ranks them.
SUITS = ("SF", "SO", "SD", "MC", "ML", "PR")
SUIT_NAMES = {
    "SF": N_("Space Force"), "SO": N_("Special Ops"), "SD": N_("Soldiers"),
    "MC": N_("Mercenaries"), "ML": N_("Militia"), "PR": N_("Pirates"),
}  # fmt: skip
# Translators: {kinds} and {suits} are the codes, as written; "the Rocket of Space Force"
# is the card RK-SF.
_ALLOWED = N_("a kind code ({kinds}), a dash and a suit code ({suits}), such as RK-SF for the "
              "Rocket of Space Force")


def _allowed() -> str:
    return _(_ALLOWED).format(kinds=" ".join(KIND_BY_CODE), suits=" ".join(SUITS))


@dataclass(frozen=True, slots=True, eq=False, init=False)
class ArsenalCard:
    """One of the 90 cards. Each is made once, when this module loads, and
    ``ArsenalCard(kind, suit)`` gives back that card: so a card equals only itself, and
    comparing or hashing cards (agents do it thousands of times a match) runs no Python
    code. A copy or an unpickled card is the card itself too.
    """

    kind: Kind
    suit: str
    # Worked out once, when the card is made: every step of a match reads them.
    code: str = field(init=False, repr=False)
    family: str = field(init=False, repr=False)  # the kind's: bomb, shield or counter-strike
    level: int = field(init=False, repr=False)  # the kind's: a bomb's level, a shield's cap
    suit_rank: int = field(init=False, repr=False)
    """6 for Space Force down to 1 for Pirates: higher is stronger."""
    _order: tuple[int, int, int, int] = field(init=False, repr=False)

    def __new__(cls, kind: Kind, suit: str) -> ArsenalCard:
        card = _MADE.get((kind, suit)) if isinstance(kind, Kind) else None
        if card is None:
            raise BadInput(f"there is no Arsenal card {getattr(kind, 'code', kind)}-{suit}",
                           allowed=_allowed())
        return card

    def __init__(self, kind: Kind, suit: str) -> None:
        """Nothing to do: ``__new__`` found the card, made by ``_make``."""

    def __reduce__(self) -> tuple[object, tuple[str]]:
        return arsenal_card, (self.code,)

    @property
    def name(self) -> str:
        return self.kind.name

    @property
    def suit_name(self) -> str:
        return SUIT_NAMES[self.suit]

    def __repr__(self) -> str:
        return f"arsenal_card({self.code!r})"

    @property
    def said(self) -> str:
        """The card's name and suit in the language in force, as a student reads it
        ("Rocket (Space Force)"); ``str`` is the English of records and traces."""
        # Translators: an Arsenal card: its kind, then its suit, "Rocket (Space Force)".
        return _("{kind} ({suit})").format(kind=_(self.kind.name), suit=_(SUIT_NAMES[self.suit]))

    def __str__(self) -> str:
        return f"{self.kind.name} ({SUIT_NAMES[self.suit]})"


def arsenal_card(code: str) -> ArsenalCard:
    """The card a code names, in any letter case: ``arsenal_card("nk-sf")`` is the Nuke of
    Space Force."""
    if not isinstance(code, str):
        raise BadInput(_("{code} is not an Arsenal card").format(code=quoted(code)),
                       allowed=_allowed())
    if code in _CARD_OF_CODE:  # the usual case: an exact code
        return _CARD_OF_CODE[code]
    kind, dash, suit = code.strip().upper().partition("-")
    if not dash or kind not in KIND_BY_CODE or suit not in SUIT_NAMES:
        raise BadInput(_("{code} is not an Arsenal card").format(code=quoted(code)),
                       allowed=_allowed())
    return ArsenalCard(KIND_BY_CODE[kind], suit)


def card_of_code(code: str) -> ArsenalCard | None:
    """The card whose code is exactly ``code`` (capital letters, no spaces), or None."""
    return _CARD_OF_CODE.get(code)


def arsenal_cards(text: str) -> tuple[ArsenalCard, ...]:
    """The cards a space-separated list of codes names, in order."""
    if not isinstance(text, str):
        raise BadInput(f"{quoted(text)} is not a list of Arsenal cards",
                       allowed="card codes separated by spaces, such as 'RK-SF KV-PR'")
    return tuple(arsenal_card(code) for code in text.split())


def arsenal_codes(cards: tuple[ArsenalCard, ...]) -> str:
    """The inverse of :func:`arsenal_cards`."""
    return " ".join(c.code for c in cards)


def standard_deck() -> tuple[ArsenalCard, ...]:
    """The 90 cards, suit by suit from Space Force down, each suit in the text's order."""
    return _STANDARD_DECK


def _make(kind: Kind, suit: str) -> ArsenalCard:
    card = object.__new__(ArsenalCard)
    rank = len(SUITS) - SUITS.index(suit)
    family = (BOMB, SHIELD, COUNTER_STRIKE).index(kind.family)
    for name, value in (("kind", kind), ("suit", suit), ("code", f"{kind.code}-{suit}"),
                        ("family", kind.family), ("level", kind.level), ("suit_rank", rank),
                        ("_order", (family, kind.level, kind.order, rank))):
        object.__setattr__(card, name, value)
    return card


# The 90 cards, made once: every deck, hand and code shares these values.
_MADE = {(kind, suit): _make(kind, suit) for suit in SUITS for kind in KINDS}
_STANDARD_DECK = tuple(_MADE.values())
_CARD_OF_CODE = {card.code: card for card in _STANDARD_DECK}


def hand_order(card: ArsenalCard) -> tuple[int, int, int, int]:
    """A reading order for a hand: bombs by level, then shields by cap, then Counter-Strikes."""
    return card._order
