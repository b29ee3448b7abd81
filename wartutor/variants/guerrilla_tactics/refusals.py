"""Why an action is refused, as facts (the words are in explain.py).

The subject is always the player whose decision it is: actions do not name a player,
so "acting out of turn" is an action of a kind that is not being asked for now.
"""

from __future__ import annotations

from dataclasses import dataclass

from wartutor.core.cards import Card, card
from wartutor.core.errors import BadInput, quoted
from wartutor.variants.guerrilla_tactics.forces import is_guerrilla
from wartutor.variants.guerrilla_tactics.game import KINDS, promotion_refusal
from wartutor.variants.guerrilla_tactics.skirmish import tie_choices
from wartutor.variants.guerrilla_tactics.state import GuerrillaState

VERBS = {"propose": "promote", "pass": "promote", "cancel": "cancel", "allow": "cancel",
         "play": "play", "support": "support", "decline": "support", "up": "tie"}


@dataclass(frozen=True)
class Refusal:
    """``reason`` is a short code; the other fields are the facts its words need."""

    reason: str
    player: int
    action: str
    asked_kind: str = ""  # the kind of choice being asked for now
    card: Card | None = None
    players: tuple[int, ...] = ()
    cards: tuple[Card, ...] = ()
    number: int = 0


def refusal(state: GuerrillaState, action: object) -> Refusal | None:
    """None when ``action`` is legal now (the game must not be over); else the facts of why not."""
    assert state.decision is not None
    if action in state.decision.legal_actions:
        return None
    player = state.asked[0]
    kind = KINDS[state.stage]
    text = action if isinstance(action, str) else quoted(action)  # never an address

    def refuse(reason: str, card: Card | None = None, players: tuple[int, ...] = (),
               cards: tuple[Card, ...] = (), number: int = 0) -> Refusal:
        return Refusal(reason, player, text, kind, card, players, cards, number)

    words = text.split()
    verb = words[0] if words else ""
    if verb not in VERBS:
        return refuse("unknown")
    if verb == "propose":
        why, who, held = promotion_refusal(state, player)
        if why:
            return refuse(why, players=who, cards=held, number=state.guerrilla_rank)
    if VERBS[verb] != kind:
        return refuse("not-now", number=state.tie_round)
    named = [_card_or_none(w) for w in words[1:] if w != "down"]
    if (verb in ("cancel", "play", "support", "up") and not named) or None in named:
        return refuse("no-card")
    held = state.seats[player].hand
    missing = [c for c in named if c not in held]
    if missing:
        return refuse("not-held", card=missing[0])
    first = named[0] if named else None
    if verb == "cancel" and first and not is_guerrilla(first, state.guerrilla_rank):
        return refuse("not-a-guerrilla", card=first, number=state.guerrilla_rank)
    if verb == "support" and first:  # only the tied and the losing are ever asked
        return refuse("support-no-better", card=first)
    if verb == "up":
        choices = tie_choices(state, player)
        outside = [c for c in named if c not in choices]
        if outside:
            return refuse("tie-not-drawn", card=outside[0], cards=choices)
        if len(named) == 2 and named[0] == named[1]:
            return refuse("tie-same-card", card=named[0])
        if len(named) == 1:
            return refuse("tie-needs-down")
    return refuse("malformed")


def _card_or_none(code: str) -> Card | None:
    try:
        return card(code)
    except BadInput:
        return None
