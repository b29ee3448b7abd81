"""Classic War's rule options: the CW-* rulings, each with its question and reason."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from wartutor.core.rulings import FixedRuling, check_rulings, ruling

PICKUP_ORDERS = ("winner-first", "loser-first", "interleaved", "shuffled")


def _is_limit(value: Any) -> bool:
    return value is None or (type(value) is int and value >= 1)


@dataclass(frozen=True)
class ClassicRules:
    """The options of classic War; the defaults play the rule text as written."""

    pickup: str = ruling(
        "CW-PICKUP", "In what order does a won pile go under the winner's deck?",
        default="winner-first", choices=PICKUP_ORDERS,
        why="The text does not say. A fixed order can be followed by hand and replayed; "
            "'winner-first' puts the winner's cards (in the order played) before the loser's. "
            "Fixed orders can make a game cycle forever; the battle limit then ends it.",
    )
    war_down: int = ruling(
        "CW-WAR-DOWN", "How many cards does each side put face down in a war?",
        default=1, choices=(1, 2, 3),
        why="The text says one. Three is the common folk rule.",
    )
    battle_limit: int | None = ruling(
        "CW-LIMIT", "After how many battles is an undecided game a draw?",
        default=500, choices=(500, 100, 1000, None),
        accepts=_is_limit,
        allowed_text="a whole number of battles of at least 1, or None for no limit",
        why="The text says 500. None removes the limit, so a cycling game never ends by itself.",
    )
    short_scope: str = ruling(
        "CW-SHORT-SCOPE", "Does a player who cannot finish a war lose the game, or only that war?",
        default="game", choices=("game", "war"),
        why="The text says such a player loses, and a round is the whole game; with 'war' the "
            "player gives up the pile but plays on with any cards left.",
    )
    both_short: str = ruling(
        "CW-SHORT", "What if both players run short in the same war?",
        default="draw", choices=("draw", "fewer-cards-loses"),
        why="The text calls equal shortages a draw and its help says running short at the same "
            "point is one; 'fewer-cards-loses' lets the player holding more cards win.",
    )

    def __post_init__(self) -> None:
        check_rulings(self)


FIXED_RULINGS = (
    FixedRuling("CW-BATTLE-UNIT", "What counts as one battle for the limit?",
                "One press of Turn cards: the battle and all the wars it leads to."),
    FixedRuling("CW-LIMIT-EDGE", "What if the last battle before the limit decides the game?",
                "The decision stands; a draw only when the limit is reached undecided."),
    FixedRuling("CW-EMPTY", "What if a player has no cards left after a battle?",
                "That player has lost: the other holds the whole deck."),
)
