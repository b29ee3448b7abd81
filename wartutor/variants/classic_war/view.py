"""What one player may see of a classic War table, or everything for a teacher."""

from __future__ import annotations

from dataclasses import dataclass

from wartutor.core.cards import Card
from wartutor.core.engine import Outcome
from wartutor.variants.classic_war.game import ClassicState, Laid


@dataclass(frozen=True)
class ClassicView:
    viewer: int | None  # None: the teacher's "show everything"
    counts: tuple[int, int]
    decks: tuple[tuple[Card, ...], tuple[Card, ...]] | None  # only when showing everything
    last_battle: tuple[tuple[Laid, ...], tuple[Laid, ...]]
    battles: int
    battle_limit: int | None
    outcome: Outcome | None


def view(state: ClassicState, player: int | None) -> ClassicView:
    """Decks are face down for everyone, and so are the cards laid face down in a war."""
    everything = player is None

    def shown(row: tuple[Laid, ...]) -> tuple[Laid, ...]:
        return row if everything else tuple(x if x.face_up else Laid(None, False) for x in row)

    return ClassicView(
        viewer=player,
        counts=(len(state.decks[0]), len(state.decks[1])),
        decks=state.decks if everything else None,
        last_battle=(shown(state.last_battle[0]), shown(state.last_battle[1])),
        battles=state.battles,
        battle_limit=state.rules.battle_limit,
        outcome=state.outcome,
    )
