"""What one player may see of a classic War table, or everything for a teacher."""

from __future__ import annotations

from dataclasses import dataclass

from wartutor.core.cards import Card
from wartutor.core.engine import Outcome
from wartutor.variants.classic_war.game import ClassicState, Laid, new_record


@dataclass(frozen=True)
class ClassicView:
    viewer: int | None  # None: the teacher's "show everything"
    counts: tuple[int, int]
    decks: tuple[tuple[Card, ...], tuple[Card, ...]] | None  # only when showing everything
    last_battle: tuple[tuple[Laid, ...], tuple[Laid, ...]]
    battles: int
    battle_limit: int | None
    outcome: Outcome | None


HIDDEN = Laid(None, False)  # a face-down card as a player sees it


def view(state: ClassicState, player: int | None) -> ClassicView:
    """Decks are face down for everyone, and so are the cards laid face down in a war."""
    everything = player is None
    table = state.last_battle
    if not everything and len(table[0]) + len(table[1]) > 2:  # a war: some cards are face down
        table = (_shown(table[0]), _shown(table[1]))
    return new_record(
        ClassicView,
        viewer=player,
        counts=(len(state.decks[0]), len(state.decks[1])),
        decks=state.decks if everything else None,
        last_battle=table,
        battles=state.battles,
        battle_limit=state.rules.battle_limit,
        outcome=state.outcome,
    )


def _shown(row: tuple[Laid, ...]) -> tuple[Laid, ...]:
    return tuple(x if x.face_up else HIDDEN for x in row)
