"""Arsenal's rule options: the AR-* rulings, each with its question and reason.

The text is nearly complete; what it leaves open is named here. The standard deck
can never end tied (45 rounds, two cards each, and every round has a winner), so the
``deck`` option offers a smaller deck with an even number of rounds, where sudden
death can happen and be taught.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from wartutor.core.errors import BadInput, quoted
from wartutor.core.rulings import FixedRuling, check_rulings, ruling
from wartutor.language import N_
from wartutor.variants.arsenal.cards import SUITS, ArsenalCard, arsenal_cards, standard_deck

NAMED_DECKS = {
    "standard": standard_deck(),
    # The four highest suits: 60 cards, 30 rounds, so the captured counts can tie.
    "four-suits": tuple(c for c in standard_deck() if c.suit in SUITS[:4]),
}
_DECK_ALLOWED = ("'standard' (90 cards), 'four-suits' (60 cards, where ties can happen), "
                 "or your own deck as card codes such as 'NK-SF KV-PR CS-SO RK-ML': "
                 "an even number of cards, each at most once")


def deck_cards(deck: object) -> tuple[ArsenalCard, ...]:
    """The cards a ``deck`` setting names, or a clear error (ruling AR-DUPLICATES)."""
    if not isinstance(deck, str):
        raise BadInput(f"the deck cannot be {quoted(deck)}", allowed=_DECK_ALLOWED)
    if deck in NAMED_DECKS:
        return NAMED_DECKS[deck]
    try:
        cards = arsenal_cards(deck)
    except BadInput as e:
        raise BadInput(e.problem, allowed=_DECK_ALLOWED) from None
    if len(set(cards)) != len(cards):
        twice = sorted({c.code for c in cards if cards.count(c) > 1})
        raise BadInput(f"a card appears twice in the deck: {' '.join(twice)} (two copies of one "
                       "card could meet and neither would win)", allowed=_DECK_ALLOWED)
    if len(cards) < 2 or len(cards) % 2:
        raise BadInput(f"a deck of {len(cards)} cards cannot be shared evenly",
                       allowed=_DECK_ALLOWED)
    return cards


def _is_deck(value: Any) -> bool:
    try:
        deck_cards(value)
    except BadInput:
        return False
    return True


def _is_hand_size(value: Any) -> bool:
    return type(value) is int and 1 <= value <= 45


@dataclass(frozen=True)
class ArsenalRules:
    """The options of Arsenal; the defaults play the rule text as written."""

    deck: str = ruling(
        "AR-CUSTOM-DECK", N_("Which cards make the deck?"),
        default="standard", choices=("standard", "four-suits"),
        accepts=_is_deck, allowed_text=_DECK_ALLOWED,
        why=N_("The text's deck is the 90 cards. With it 45 rounds are played and every "
               "round has a winner, so the captured counts are never equal and sudden death "
               "never comes; 'four-suits' (30 rounds) or a deck of your own lets it happen."),
    )
    hand_size: int = ruling(
        "AR-HAND", N_("How many cards does each side hold?"),
        default=7, choices=(7, 5, 3),
        accepts=_is_hand_size, allowed_text="a whole number of cards from 1 to 45",
        why=N_("The text deals 7. Fewer cards mean fewer choices, for a first lesson."),
    )
    dry: str = ruling(
        "AR-DRY", N_("When has the deck 'run dry' and the match ended?"),
        default="all-played", choices=("all-played", "pile-empty"),
        why=N_("The text says play goes on with smaller hands once the pile is empty, so the "
               "deck is dry when every card has been played. 'pile-empty' ends the match as "
               "soon as the draw pile is used up, leaving the hands unplayed (and ties "
               "possible); a deal with no draw pile at all is played out."),
    )
    draw_order: str = ruling(
        "AR-DRAW-ORDER", N_("Who draws first when the hands are filled back up?"),
        default="winner-first", choices=("winner-first", "you-first", "npc-first"),
        why=N_("The text does not say. As in other two-hand games with a draw pile, the "
               "round's winner draws first; it only decides who gets which card."),
    )

    def __post_init__(self) -> None:
        if isinstance(self.deck, str):
            deck_cards(self.deck)  # the precise complaint, before the general one
        check_rulings(self)

    @property
    def cards(self) -> tuple[ArsenalCard, ...]:
        return deck_cards(self.deck)


FIXED_RULINGS = (
    FixedRuling("AR-DUPLICATES", N_("What if a deck holds the same card twice?"),
                N_("Such a deck is refused: two copies of one card could meet and neither "
                   "would win.")),
    FixedRuling("AR-BOMB-VS-SHIELD-ABOVE-CAP", N_("Does a bomb above a shield's cap beat it?"),
                N_("Yes: a shield only stops bombs at or under its cap, so a bigger bomb "
                   "gets through and wins the round.")),
    FixedRuling("AR-LEVEL4-VS-COUNTER",
                N_("Who wins when a Nuke or Meteor meets a Counter-Strike?"),
                N_("The level-4 bomb: the Counter-Strike cannot touch it, so it is not "
                   "turned back.")),
    FixedRuling("AR-DEAL", N_("How are the hands dealt from the shuffled deck?"),
                N_("The first cards to you, the next to the NPC, the rest form the pile; "
                   "hands are shown sorted.")),
    FixedRuling("AR-FORCED", N_("Must a side with one card left choose it?"),
                N_("No: its last card is played for it, and the log says so.")),
    FixedRuling("AR-SUDDEN-DEATH", N_("How is the sudden-death draw made?"),
                N_("The whole deck is reshuffled; you turn the top card, the NPC the next; "
                   "the usual comparison decides. Nobody chooses.")),
    FixedRuling("AR-NPC", N_("What may the NPC know?"),
                N_("Only what a player may see: its own hand, every card played so far, and "
                   "your card when it answers.")),
    FixedRuling("AR-CAMPAIGN", N_("What does 'the NPC's deck' change from level to level?"),
                N_("Its look and how well it plays. Both sides draw from one shared pile and "
                   "the mechanics never change, so the cards themselves stay the same 90.")),
)

# The options' values in words, for the rulings' menus (the values themselves stay).
OPTION_LABELS = {
    "standard": N_("standard"), "four-suits": N_("four-suits"),
    "all-played": N_("all-played"), "pile-empty": N_("pile-empty"),
    "winner-first": N_("winner-first"), "you-first": N_("you-first"),
    "npc-first": N_("npc-first"),
}  # fmt: skip
