"""What one side may see of an Arsenal table, or everything for a teacher.

Every card played was shown face up, so the rounds played and the captured cards are
public; a hand and the pile are not. What the deck is made of is public too (ruling
AR-NPC): card counting is fair play.
"""

from __future__ import annotations

from dataclasses import dataclass

from wartutor.core.engine import Outcome
from wartutor.core.records import set_at_once
from wartutor.variants.arsenal.cards import ArsenalCard
from wartutor.variants.arsenal.game import ArsenalState, Hands, RoundPlayed
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
    hands = state.hands
    # In the order of the fields (positional: a view is made at every decision).
    return ArsenalView(
        player,
        state.rules,
        () if player is None else hands[player],  # hand
        hands if everything else None,  # hands
        (len(hands[0]), len(hands[1])),  # hand_counts
        len(state.pile),  # pile_count
        state.pile if everything else None,  # pile
        state.deck,
        state.round,
        state.leader,
        state.lead,
        state.captured,
        state.history,
        state.sudden_death,
        state.outcome,
    )
