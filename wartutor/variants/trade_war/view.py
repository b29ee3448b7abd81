"""What one player may see of a Trade War table, or everything for a teacher.

You see your own hand and your own resource pile (ruling TW-OWN-PILE); of everyone
else only how many cards they hold. The table, the asks and the assassinated cards
are public.
"""

from __future__ import annotations

from dataclasses import dataclass

from wartutor.core.engine import Outcome
from wartutor.variants.trade_war.cards import Cards
from wartutor.variants.trade_war.rules import TradeRules
from wartutor.variants.trade_war.state import AskRecord, Battle, TradeState


@dataclass(frozen=True)
class TradeView:
    viewer: int | None  # None: the teacher's "show everything"
    rules: TradeRules
    hands: tuple[Cards | None, ...]  # None where hidden from the viewer
    piles: tuple[Cards | None, ...]
    hand_sizes: tuple[int, ...]
    pile_sizes: tuple[int, ...]
    center_size: int
    battle: Battle | None
    removed: Cards
    phase: str
    instigator: int
    turn: int
    streaks: tuple[int, ...]
    may_draw: bool
    log: tuple[AskRecord, ...]
    outcome: Outcome | None

    @property
    def my_hand(self) -> Cards:
        """The viewer's hand (empty for the teacher's view, which has no one hand)."""
        hand = self.hands[self.viewer] if self.viewer is not None else None
        return hand or ()

    @property
    def my_pile(self) -> Cards:
        pile = self.piles[self.viewer] if self.viewer is not None else None
        return pile or ()


def view(state: TradeState, player: int | None) -> TradeView:
    return TradeView(
        viewer=player,
        rules=state.rules,
        hands=_seen(state.hands, player),
        piles=_seen(state.piles, player),
        hand_sizes=tuple(map(len, state.hands)),
        pile_sizes=state.scores,
        center_size=len(state.center),
        battle=state.battle,
        removed=state.removed,
        phase=state.phase,
        instigator=state.instigator,
        turn=state.turn,
        streaks=state.streaks,
        may_draw=state.may_draw and (player is None or player == state.instigator),
        log=state.log,
        outcome=state.outcome,
    )


def _seen(groups: tuple[Cards, ...], player: int | None) -> tuple[Cards | None, ...]:
    """Every group for the teacher; else only the player's own, the others hidden."""
    if player is None:
        return groups
    shown: list[Cards | None] = [None] * len(groups)
    shown[player] = groups[player]
    return tuple(shown)
