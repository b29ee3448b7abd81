"""Classic War's rule options: the CW-* rulings, each with its question and reason."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from wartutor.core.rulings import FixedRuling, check_rulings, ruling
from wartutor.language import N_, pgettext

PICKUP_ORDERS = ("winner-first", "loser-first", "interleaved", "shuffled")


def _is_limit(value: Any) -> bool:
    return value is None or (type(value) is int and value >= 1)


@dataclass(frozen=True)
class ClassicRules:
    """The options of classic War; the defaults play the rule text as written."""

    pickup: str = ruling(
        "CW-PICKUP", N_("In what order does a won pile go under the winner's deck?"),
        default="winner-first", choices=PICKUP_ORDERS,
        # Translators: 'winner-first' is the name of a choice in the menu beside it.
        why=N_("The text does not say. A fixed order can be followed by hand and replayed; "
               "'winner-first' puts the winner's cards (in the order played) before the "
               "loser's. Fixed orders can make a game cycle forever; the battle limit then "
               "ends it."),
    )
    war_down: int = ruling(
        "CW-WAR-DOWN", N_("How many cards does each side put face down in a war?"),
        default=1, choices=(1, 2, 3),
        why=N_("The text says one. Three is the common folk rule."),
    )
    battle_limit: int | None = ruling(
        "CW-LIMIT", N_("After how many battles is an undecided game a draw?"),
        default=500, choices=(500, 100, 1000, None),
        accepts=_is_limit,
        allowed_text="a whole number of battles of at least 1, or None for no limit",
        # Translators: None is the menu's choice "none" (no limit).
        why=N_("The text says 500. None removes the limit, so a cycling game never ends by "
               "itself."),
    )
    short_scope: str = ruling(
        "CW-SHORT-SCOPE",
        N_("Does a player who cannot finish a war lose the game, or only that war?"),
        default="game", choices=("game", "war"),
        # Translators: 'war' is the name of a choice in the menu beside it.
        why=N_("The text says such a player loses, and a round is the whole game; with 'war' "
               "the player gives up the pile but plays on with any cards left."),
    )
    both_short: str = ruling(
        "CW-SHORT", N_("What if both players run short in the same war?"),
        default="draw", choices=("draw", "fewer-cards-loses"),
        # Translators: 'fewer-cards-loses' is the name of a choice in the menu beside it.
        why=N_("The text calls equal shortages a draw and its help says running short at the "
               "same point is one; 'fewer-cards-loses' lets the player holding more cards "
               "win."),
    )

    def __post_init__(self) -> None:
        check_rulings(self)


FIXED_RULINGS = (
    FixedRuling("CW-BATTLE-UNIT", N_("What counts as one battle for the limit?"),
                N_("One press of Turn cards: the battle and all the wars it leads to.")),
    FixedRuling("CW-LIMIT-EDGE",
                N_("What if the last battle before the limit decides the game?"),
                N_("The decision stands; a draw only when the limit is reached undecided.")),
    FixedRuling("CW-EMPTY", N_("What if a player has no cards left after a battle?"),
                N_("That player has lost: the other holds the whole deck.")),
)


def setting_label(name: str, value: Any) -> str:
    """How a ruling's setting reads in the apps' menus and tables, in the language in
    force; the setting itself ("winner-first") stays as it is in code and traces."""
    if value is None:
        # Translators: a ruling's setting: no battle limit.
        return pgettext("setting", "none")
    # The menus' words for the settings, which the reasons quote ("'winner-first' puts ...").
    words = {
        # Translators: ruling CW-PICKUP: the winner's cards go under the deck first.
        ("pickup", "winner-first"): pgettext("CW-PICKUP", "winner-first"),
        ("pickup", "loser-first"): pgettext("CW-PICKUP", "loser-first"),
        # Translators: ruling CW-PICKUP: the two players' cards go under the deck in turns.
        ("pickup", "interleaved"): pgettext("CW-PICKUP", "interleaved"),
        ("pickup", "shuffled"): pgettext("CW-PICKUP", "shuffled"),
        # Translators: ruling CW-SHORT-SCOPE: a player short of cards loses the whole game.
        ("short_scope", "game"): pgettext("CW-SHORT-SCOPE", "game"),
        # Translators: ruling CW-SHORT-SCOPE: a player short of cards loses only that war.
        ("short_scope", "war"): pgettext("CW-SHORT-SCOPE", "war"),
        # Translators: ruling CW-SHORT: both players short of cards: the game is a draw.
        ("both_short", "draw"): pgettext("CW-SHORT", "draw"),
        ("both_short", "fewer-cards-loses"): pgettext("CW-SHORT", "fewer-cards-loses"),
    }
    return words.get((name, value), str(value))
