"""What one player may see of a Trade War table, or everything for a teacher.

You see your own hand and your own resource pile (ruling TW-OWN-PILE); of everyone
else only how many cards they hold. The table, the asks and the assassinated cards
are public. At Putin's moment under ruling TW-PUTIN-WHO 'everyone' you see who has yet
to declare, and your own declaration; the others' stay hidden until all are in.
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
    # Ruling TW-PUTIN-WHO 'everyone', at Putin's moment: who has not declared yet (in
    # seat order, the first declares now), and the declarations the viewer may see (their
    # own; all for the teacher), None where not made or hidden. Empty at other moments.
    waiting_for: tuple[int, ...] = ()
    declared: tuple[str | None, ...] = ()
    rewarded: int | None = None  # who picks a three-wins reward now (the events say so too)

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
        waiting_for=tuple([p for p, d in enumerate(state.declared) if d is None]),
        declared=_seen_declarations(state.declared, player),
        rewarded=state.rewarded,
    )


def _seen_declarations(
    declared: tuple[str | None, ...], player: int | None
) -> tuple[str | None, ...]:
    """The viewer's own declaration (every one for the teacher); the others hidden."""
    if player is None:
        return declared
    return tuple([d if p == player else None for p, d in enumerate(declared)])


def _seen(groups: tuple[Cards, ...], player: int | None) -> tuple[Cards | None, ...]:
    """Every group for the teacher; else only the player's own, the others hidden."""
    if player is None:
        return groups
    shown: list[Cards | None] = [None] * len(groups)
    shown[player] = groups[player]
    return tuple(shown)
