"""What one player may see of a Guerrilla Tactics table, or everything for a teacher.

A player sees their own hand and their own pending choice; of the others, the size of
each pile and hand, the cards they have shown, and whether they have chosen yet.
Cards laid face down are hidden from everyone but their owner; so is the removed pile.
"""

from __future__ import annotations

from dataclasses import dataclass

from wartutor.core.cards import Card
from wartutor.core.engine import Outcome
from wartutor.variants.guerrilla_tactics.game import KINDS, NAMES
from wartutor.variants.guerrilla_tactics.state import (
    SUPPORT,
    TIE_DOWN,
    GuerrillaState,
    Laid,
    made,
)


@dataclass(frozen=True)
class SeatView:
    name: str
    out: bool
    draw_count: int
    discard_count: int
    hand_count: int
    hand: tuple[Card, ...] | None  # None: hidden from this viewer
    shown: tuple[Card, ...]  # cards in hand that everyone has seen
    supported_last: bool  # added a support in the last finished skirmish
    penalty_due: bool  # will draw one card fewer at the next draw
    reveals_first: bool  # captured a spy last skirmish
    played_guerrilla: bool
    has_chosen: bool  # a hidden choice is waiting to be revealed
    pending: str | None  # that choice, only for its owner (or a teacher)


@dataclass(frozen=True)
class GuerrillaView:
    viewer: int | None  # None: the teacher's "show everything"
    seats: tuple[SeatView, ...]
    guerrilla_rank: int
    ace_high: bool
    skirmish: int
    stage: str  # what the table waits for: a decision kind, or "over"
    # Who must still choose in this stage; when proposing or cancelling a promotion, only
    # who chooses now (who is asked next would show who holds a Guerrilla), unless
    # everyone declares (GT-DECLARE 'everyone'): then everyone yet to declare.
    waiting_for: tuple[int, ...]
    proposer: int | None
    contenders: tuple[int, ...]
    tie_round: int
    table: tuple[tuple[Laid, ...], ...]
    last_table: tuple[tuple[Laid, ...], ...]
    removed_count: int
    removed: tuple[Card, ...] | None  # face down: only when showing everything
    skirmish_limit: int | None
    outcome: Outcome | None

    @property
    def guerrillas(self) -> tuple[int, ...]:
        """The ranks that are Guerrillas now."""
        return tuple(range(2, self.guerrilla_rank + 1))


def view(state: GuerrillaState, player: int | None) -> GuerrillaView:
    everything = player is None
    seats = []
    for p, s in enumerate(state.seats):
        sees, pending = everything or p == player, state.pending[p]
        seats.append(made(SeatView, {
            "name": NAMES[p], "out": s.out, "draw_count": len(s.draw),
            "discard_count": len(s.discard), "hand_count": len(s.hand),
            "hand": s.hand if sees else None, "shown": s.shown,
            "supported_last": _supported(state.last_table[p]), "penalty_due": s.supported,
            "reveals_first": s.reveals_first, "played_guerrilla": s.played_guerrilla,
            "has_chosen": pending is not None, "pending": pending if sees else None,
        }))
    stage, waiting = state.stage, state.asked
    if stage in ("promote", "cancel") and state.rules.declare == "those-able":
        waiting = waiting[:1]
    return made(GuerrillaView, {
        "viewer": player, "seats": tuple(seats), "guerrilla_rank": state.guerrilla_rank,
        "ace_high": state.rules.ace == "high", "skirmish": state.skirmish,
        "stage": KINDS.get(stage, "over"),
        "waiting_for": waiting,
        "proposer": state.proposer, "contenders": state.contenders,
        "tie_round": state.tie_round,
        "table": _seen(state.table, player), "last_table": _seen(state.last_table, player),
        "removed_count": len(state.removed), "removed": state.removed if everything else None,
        "skirmish_limit": state.rules.skirmish_limit, "outcome": state.outcome,
    })


# Views are made at every decision, and these ask about a handful of cards: plain loops
# cost least (a generator per question cost a tenth of a view).


def _supported(row: tuple[Laid, ...]) -> bool:
    for x in row:  # noqa: SIM110 (a loop: see above)
        if x.how == SUPPORT:
            return True
    return False


def _seen(table: tuple[tuple[Laid, ...], ...], viewer: int | None) -> tuple[tuple[Laid, ...], ...]:
    """The table as ``viewer`` sees it: the others' face-down cards hidden."""
    if viewer is None or not _face_down(table):
        return table
    return tuple(row if owner == viewer else
                 tuple(x if x.face_up else Laid(None, x.how, x.tie_round) for x in row)
                 for owner, row in enumerate(table))


def _face_down(table: tuple[tuple[Laid, ...], ...]) -> bool:
    for row in table:
        for x in row:
            if x.how == TIE_DOWN:
                return True
    return False
