"""What one side may see of an Arsenal table, or everything for a teacher.

Every card played was shown face up, so the rounds played and the captured cards are
public; a hand and the pile are not. What the deck is made of is public too (ruling
AR-NPC): card counting is fair play.
"""

from __future__ import annotations

from dataclasses import dataclass

from wartutor.core.engine import Outcome
from wartutor.variants.arsenal.cards import ArsenalCard
from wartutor.variants.arsenal.game import ArsenalState, Hands, RoundPlayed
from wartutor.variants.arsenal.records import set_at_once
from wartutor.variants.arsenal.rules import ArsenalRules


@set_at_once
@dataclass(frozen=True)
class ArsenalView:
    viewer: int | None  # None: the teacher's "show everything"
    rules: ArsenalRules
    hand: tuple[ArsenalCard, ...]  # the viewer's own hand (empty for the teacher)
    hands: Hands | None  # both hands, only when showing everything
    hand_counts: tuple[int, int]
    pile_count: int
    pile: tuple[ArsenalCard, ...] | None  # only when showing everything
    deck: tuple[ArsenalCard, ...]  # every card of the match, in the deck's own order
    round: int
    leader: int
    lead: ArsenalCard | None  # the card led this round, face up, awaiting the answer
    captured: Hands
    history: tuple[RoundPlayed, ...]
    sudden_death: tuple[ArsenalCard, ArsenalCard] | None
    outcome: Outcome | None

    def unseen(self) -> tuple[ArsenalCard, ...]:
        """The cards this viewer has not seen: the other hand and the pile, in deck order."""
        seen = set(self.hand) | {c for r in self.history for c in r.cards}
        if self.lead is not None:
            seen.add(self.lead)
        return tuple(c for c in self.deck if c not in seen)


def view(state: ArsenalState, player: int | None) -> ArsenalView:
    everything = player is None
    return ArsenalView(
        viewer=player,
        rules=state.rules,
        hand=() if player is None else state.hands[player],
        hands=state.hands if everything else None,
        hand_counts=(len(state.hands[0]), len(state.hands[1])),
        pile_count=len(state.pile),
        pile=state.pile if everything else None,
        deck=state.deck,
        round=state.round,
        leader=state.leader,
        lead=state.lead,
        captured=state.captured,
        history=state.history,
        sudden_death=state.sudden_death,
        outcome=state.outcome,
    )
