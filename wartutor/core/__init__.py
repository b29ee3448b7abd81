"""The engine contract: cards, seeded chance, rulings, decisions, games and traces.

Standard library only; every variant is written against these names.
"""

from wartutor.core.cards import Card, card, cards, codes, standard_deck
from wartutor.core.chance import Rng, check_seed
from wartutor.core.engine import (
    Agent,
    AgentMaker,
    Decision,
    Event,
    Game,
    Outcome,
    Step,
    Summary,
    Variant,
    check_action,
    plain_refusal,
    play_out,
)
from wartutor.core.errors import BadInput, quoted
from wartutor.core.registry import VARIANTS, find_variant, register
from wartutor.core.rulings import FixedRuling, Ruling, rules_from, ruling, rulings_of, settings_of
from wartutor.core.trace import Trace

__all__ = [
    "VARIANTS", "Agent", "AgentMaker", "BadInput", "Card", "Decision", "Event", "FixedRuling",
    "Game", "Outcome", "Rng", "Ruling", "Step", "Summary", "Trace", "Variant", "card", "cards",
    "check_action", "check_seed", "codes", "find_variant", "plain_refusal", "play_out",
    "quoted", "register", "rules_from", "ruling", "rulings_of", "settings_of", "standard_deck",
]  # fmt: skip
