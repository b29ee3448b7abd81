"""War Room's rule options: the deck, the table, and the WR-* rulings with their reasons."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from wartutor.core.errors import BadInput
from wartutor.core.rulings import FixedRuling, check_rulings, ruling
from wartutor.language import N_, pgettext
from wartutor.variants.war_room.deck import DEFAULT_DECK, Deck, load_deck

MIN_PLAYERS, MAX_PLAYERS = 2, 5  # five names to give; the text itself allows more
MIN_STACK = 10  # "Each player must receive at least 10 cards"
# Translators: the seats' own names (seat 0 is the player reading: "You")
NAMES = (N_("You"), N_("Ana"), N_("Ben"), N_("Cho"), N_("Dev"))
HOUSE_LESSON = "WR-HOUSE-LESSON"  # a house rule's id says so: it changes the text, not reads it


def option_words() -> dict[str, str]:
    """The rulings' options as the rulings panel's menus show them, in the language in force
    (the options themselves stay as they are: they are settings, saved in traces)."""
    return {
        # Translators: the options of War Room's rulings, in the rulings panel's menus
        "random": pgettext("War Room ruling option", "random"),
        "every-step": pgettext("War Room ruling option", "every-step"),
        "once-per-cycle": pgettext("War Room ruling option", "once-per-cycle"),
        "chooser": pgettext("War Room ruling option", "chooser"),
        "all": pgettext("War Room ruling option", "all"),
        "no-change": pgettext("War Room ruling option", "no-change"),
        "same-tie": pgettext("War Room ruling option", "same-tie"),
        "void": pgettext("War Room ruling option", "void"),
    }


def _is_first(value: Any) -> bool:
    return value == "random" or (type(value) is int and 0 <= value < MAX_PLAYERS)


def _is_limit(value: Any) -> bool:
    return value is None or (type(value) is int and value >= 1)


@dataclass(frozen=True)
class WarRoomRules:
    """The options of War Room; the defaults play the rule text with the shipped deck.

    ``deck`` is ``"field-manual"`` (the shipped deck) or the whole text of a deck file,
    so that a saved trace carries the cards it was played with.
    """

    players: int = ruling(
        "WR-PLAYERS", N_("How many players sit at the table?"),
        default=2, choices=(2, 3, 4, 5),
        why=N_("The text allows two or more, as long as the deck divides evenly with at least "
               "10 cards each. The apps name up to five players."),
    )
    deck: str = ruling(
        "WR-DECK", N_("Which cards are in the deck?"),
        default=DEFAULT_DECK, choices=(DEFAULT_DECK,),
        accepts=lambda v: isinstance(v, str),
        allowed_text=f"{DEFAULT_DECK!r} or the text of a War Room deck file",
        why=N_("The text does not list the cards. The shipped Field Manual has 60 cards, which "
               "deal evenly to 2, 3, 4, 5 or 6 players; any deck file can replace it."),
    )
    first_player: str | int = ruling(
        "WR-FIRST", N_("Who goes first in the opening round?"),
        default="random", choices=("random", 0, 1, 2, 3, 4),
        accepts=_is_first,
        allowed_text="'random' or a seat number from 0 (you) to the last player",
        why=N_("The text leaves it to the players. A random draw is fair; a named seat helps "
               "a lesson."),
    )
    reactivate: str = ruling(
        "WR-REACTIVATE", N_("May a card activate again in each tie-break step?"),
        default="every-step", choices=("every-step", "once-per-cycle"),
        why=N_("Each tie-break step has every participant declare again and nothing resets, "
               "so a card may activate once per step; 'once-per-cycle' allows one activation "
               "per reveal cycle."),
    )
    extreme_tie: str = ruling(
        "WR-EXTREME-TIE", N_("An instruction hits the highest (or lowest) opponent card and "
                             "several share that VC: which is hit?"),
        default="chooser", choices=("chooser", "all"),
        why=N_("The text is silent. The activating player chooses a target wherever there is "
               "a choice (WR-TARGET-CHOICE), so it picks one of the tied cards; 'all' hits "
               "every tied card."),
    )
    stalemate_when: str = ruling(
        "WR-STALEMATE-WHEN", N_("When can nobody break a tie any more?"),
        default="no-change", choices=("no-change", "same-tie"),
        why=N_("There is no tie-break limit, but a tie-break step in which no card's VC changes "
               "(everyone declined, nobody could activate, or the changes cancelled out) leaves "
               "the table exactly as it was, so it could repeat forever. 'same-tie' also stops "
               "when a step leaves the same players tied although VCs moved."),
    )
    stalemate: str = ruling(
        "WR-STALEMATE", N_("How is a stalemated tie settled?"),
        default="random", choices=("random", "void"),
        why=N_("A random draw among the tied players keeps the round's cards in play; 'void' "
               "puts every revealed card back under its owner's draw stack and nobody collects."),
    )
    round_limit: int | None = ruling(
        "WR-MAX-ROUNDS", N_("After how many rounds does an undecided game stop unfinished?"),
        default=5000, choices=(5000, 1000, 20000, None),
        accepts=_is_limit,
        allowed_text="a whole number of rounds of at least 1, or None for no limit",
        why=N_("The text has no limit; the simulator needs one. A game stopped by it is "
               "reported as unfinished, never as a win or a draw."),
    )
    # A house rule: not an answer to the text, a change to it that a class agrees on.
    lesson_rounds: int | None = ruling(
        HOUSE_LESSON, N_("House rule for a lesson: after how many rounds does the game end, "
                         "won by whoever holds the most cards?"),
        default=None, choices=(None, 10, 20, 30),
        accepts=_is_limit,
        allowed_text="None (off: the rule text's game) or a whole number of rounds of at least 1",
        why=N_("A house rule, not a reading of the text, which plays on until one player is left: "
               "hundreds of rounds, hours in class. With a lesson's limit, once that round is "
               "played the player holding the most cards (draw stack and collection pile "
               "together) wins; players tied for the most share the win. Off by default."),
    )

    def __post_init__(self) -> None:
        check_rulings(self)
        size = len(self.cards.cards)
        if size % self.players or size // self.players < MIN_STACK:
            raise BadInput(
                f"the deck {self.cards.name!r} has {size} cards, which cannot be dealt to "
                f"{self.players} players equally with at least {MIN_STACK} each",
                allowed="a player count that divides the deck: "
                        + (", ".join(str(n) for n in range(MIN_PLAYERS, MAX_PLAYERS + 1)
                                     if size % n == 0 and size // n >= MIN_STACK) or "none"),
            )
        if isinstance(self.first_player, int) and self.first_player >= self.players:
            raise BadInput(f"ruling WR-FIRST (first_player) cannot be seat {self.first_player} "
                           f"with {self.players} players",
                           allowed=f"'random' or a seat from 0 to {self.players - 1}")

    @property
    def cards(self) -> Deck:
        """The deck, loaded and checked (once per distinct deck text)."""
        return load_deck(self.deck)


FIXED_RULINGS = (
    FixedRuling("WR-SEATS", N_("Which way is clockwise?"),
                N_("Players sit in seat order: you (seat 0), then Ana, Ben, Cho and Dev.")),
    FixedRuling("WR-TARGET-CHOICE", N_("Who chooses a target when several are legal?"),
                N_("The player whose card is activating.")),
    FixedRuling("WR-TARGET-WHEN", N_("When are targets and optional instructions chosen?"),
                N_("When each instruction resolves, after the earlier ones: a declaration is only "
                   "'activate' or 'decline'.")),
    FixedRuling("WR-NO-ACTIVATION", N_("What may a card with no instructions do?"),
                N_("Only decline; the app declines for it and says so.")),
    FixedRuling("WR-TEAMS", N_("Is there team play?"),
                N_("No: individual play, so Defend Ally never has a target.")),
    FixedRuling("WR-VPR", N_("What are VPR's VC thresholds?"),
                N_("War Room has none: VC only decides who wins a round.")),
    FixedRuling("WR-COLLECTIONS", N_("May players look through collection piles?"),
                N_("No: everyone sees how many cards each pile holds, not which. The text hides "
                   "only the draw stacks, but a collection is shuffled into one unseen.")),
    FixedRuling("WR-ENDLESS", N_("What if the game comes back to a round it has already "
                                 "played, with nobody able to choose anything in between?"),
                N_("It would repeat forever (the text sets no limit), so it stops there, "
                   "unfinished: neither a win nor a draw.")),
    FixedRuling("WR-STACKED", N_("May a stacked lesson deal give fewer than 10 cards each?"),
                N_("Yes: a stacked deal sets out a lesson, so the 10-card minimum applies to "
                   "shuffled deals only.")),
)
