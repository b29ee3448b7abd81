"""The moments a game passes through inside one step, where nobody chooses.

A step of the engine is a choice and then every moment that follows by itself, up to the
next choice: the start of a skirmish, a draw, a card that can only decline. Positions may
name those moments (docs/positions.md, "Stages"), so the tests take each one, with the
engine's own functions, and check that its position plays on as the game itself did.
"""

from __future__ import annotations

from typing import Any

from wartutor.variants.arsenal import game as arsenal
from wartutor.variants.arsenal.cards import card_of_code
from wartutor.variants.arsenal.game import ArsenalState
from wartutor.variants.guerrilla_tactics import game as guerrilla
from wartutor.variants.guerrilla_tactics.state import GuerrillaState, changed
from wartutor.variants.trade_war import game as trade_war
from wartutor.variants.trade_war.state import TradeState
from wartutor.variants.war_room import game as war_room
from wartutor.variants.war_room.game import WarRoomState


def guerrilla_moments(before: GuerrillaState, action: str) -> list[GuerrillaState]:
    """Every moment one Guerrilla Tactics step passes through after its choice: each state
    the engine's loop (game.advance) holds on the way, copied (a step writes into its draft)."""
    events: list[Any] = []
    state = guerrilla.choose(before, action, events)
    seen = []
    while state.outcome is None:
        seen.append(changed(state))
        if state.asked:
            legal = guerrilla.legal_actions(state, state.asked[0])
            if len(legal) > 1 or guerrilla.asked_with_one(state):
                break
            state = guerrilla.take(state, legal[0], events, forced=True)
        else:
            state = guerrilla.STEPS[state.stage](state, events)
    return seen


def war_room_moments(before: WarRoomState, action: str) -> list[WarRoomState]:
    """Every moment one War Room step passes through after its choice (game.moment_after)."""
    state: WarRoomState | None = war_room.choose(before, action, [])
    seen = []
    while state is not None and state.outcome is None:
        seen.append(state)
        state = war_room.moment_after(state, [])
    return seen


def trade_war_moments(before: TradeState, action: str) -> list[TradeState]:
    """Every moment one Trade War step passes through after its choice (game.moment_after)."""
    state: TradeState | None = trade_war.choose(before, action, [])
    seen = []
    while state is not None and state.outcome is None:
        seen.append(state)
        state = trade_war.moment_after(state, [])
    return seen


def arsenal_moments(before: ArsenalState, action: str) -> list[ArsenalState]:
    """Every moment one Arsenal step passes through after its card: a last card played for
    its side (AR-FORCED), and the round it ends (game.moment_after)."""
    card = card_of_code(action.removeprefix("play "))
    assert card is not None
    state: ArsenalState | None = arsenal.choose(before, card, [])
    seen = []
    while state is not None and state.outcome is None:
        seen.append(state)
        state = arsenal.moment_after(state, [])
    return seen


MOMENTS: dict[str, Any] = {"arsenal": arsenal_moments, "guerrilla_tactics": guerrilla_moments,
                           "trade_war": trade_war_moments, "war_room": war_room_moments}
"""By variant: the moments of a step (the variants whose steps hold some)."""
