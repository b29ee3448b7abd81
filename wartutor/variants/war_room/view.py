"""What one player may see of a War Room table, or everything for a teacher."""

from __future__ import annotations

from dataclasses import dataclass

from wartutor.core.engine import Outcome
from wartutor.core.errors import BadInput, quoted
from wartutor.core.records import set_at_once
from wartutor.variants.war_room.deck import RoomCard
from wartutor.variants.war_room.game import InPlay, WarRoomState


@set_at_once
@dataclass(frozen=True)
class WarRoomView:
    """Revealed cards and pile sizes are public; draw stacks are face down for everyone.

    ``declared`` says who has declared in this step, not what; ``own_declaration`` is
    the viewer's own. ``shown`` holds every declaration of the step once all are made.
    ``stacks``, ``collections`` and ``pending`` are filled only for the teacher
    (``viewer`` None), since nobody may inspect a draw stack.
    """

    viewer: int | None
    players: int
    remaining: tuple[int, ...]
    first: int
    round: int
    step: int  # 0: the round's declarations; 1, 2, ...: tie-break steps
    table: tuple[InPlay | None, ...]
    participants: tuple[int, ...]
    declared: tuple[bool, ...]
    own_declaration: str | None
    shown: tuple[str | None, ...]
    resolving: tuple[int, int] | None  # (player, instruction index) being resolved
    stack_counts: tuple[int, ...]
    collection_counts: tuple[int, ...]
    stacks: tuple[tuple[RoomCard, ...], ...] | None
    collections: tuple[tuple[RoomCard, ...], ...] | None
    pending: tuple[str | None, ...] | None
    round_limit: int | None
    outcome: Outcome | None


def view(state: WarRoomState, player: int | None) -> WarRoomView:
    seats = len(state.stacks)
    if player is not None and (type(player) is not int or not 0 <= player < seats):
        raise BadInput(f"{quoted(player)} is not a seat at this table",
                       allowed=f"a seat from 0 (you) to {seats - 1}, or None for everything")
    everything = player is None
    resolving = None
    if state.outcome is None and state.phase == "resolve" and state.queue:
        resolving = (state.queue[0], state.instruction)  # whose card, which instruction
    return WarRoomView(
        viewer=player,
        players=seats,
        remaining=state.remaining,
        first=state.first,
        round=state.round,
        step=state.step,
        table=state.table,
        participants=state.participants,
        declared=tuple([d is not None for d in state.declared]),
        own_declaration=None if player is None else state.declared[player],
        shown=state.shown,
        resolving=resolving,
        stack_counts=tuple(map(len, state.stacks)),
        collection_counts=tuple(map(len, state.collections)),
        stacks=state.stacks if everything else None,
        collections=state.collections if everything else None,
        pending=state.declared if everything else None,
        round_limit=state.rules.round_limit,
        outcome=state.outcome,
    )
