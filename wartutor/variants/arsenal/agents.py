"""Arsenal's computer players, from random to strong; they see only their view (ruling AR-NPC).

A card's *worth* is how many cards of the deck it beats: a Meteor of Space Force beats
all 89 others, a Dynamite of Pirates none at all.

- As the side that answers, a careful player wins with its cheapest winning card, or,
  when nothing wins, throws away its least valuable card.
- As the leader, a careful player counts the cards it has not seen (the other hand is
  some of them). For each card it could lead it works out, over every hand the other
  side might hold, the chance that the card wins and the worth of the card that will
  answer it; it leads the card with the best balance of winning the round and spending
  less than the other side.

A style mixes careful and random play: ``care`` is the chance of each careful choice.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from math import comb

from wartutor.core.agents import random_agent
from wartutor.core.chance import Rng
from wartutor.core.engine import Agent, AgentMaker, Decision
from wartutor.variants.arsenal.cards import ArsenalCard
from wartutor.variants.arsenal.clash import clash
from wartutor.variants.arsenal.view import ArsenalView


@dataclass(frozen=True)
class Style:
    """How an NPC plays: the chance that it answers with care, and that it leads with care.

    ``thrift`` is how much a careful leader minds spending a good card, against winning
    the round (0: only the round counts).
    """

    answer_care: float
    lead_care: float
    thrift: float = 2.0


@lru_cache(maxsize=16)
def worth_table(deck: tuple[ArsenalCard, ...]) -> dict[ArsenalCard, int]:
    """Each card's worth: how many other cards of ``deck`` it beats."""
    return {c: sum(1 for d in deck if d != c and clash(c, d).winner == 0) for c in deck}


@lru_cache(maxsize=16)
def beaters_table(deck: tuple[ArsenalCard, ...]) -> dict[ArsenalCard, frozenset[ArsenalCard]]:
    """For each card of ``deck``, the cards of ``deck`` that beat it."""
    return {c: frozenset(d for d in deck if d != c and clash(c, d).winner == 1) for c in deck}


def careful_answer(view: ArsenalView) -> ArsenalCard:
    """The cheapest card that beats the lead, or the least valuable card when none does."""
    assert view.lead is not None
    worth = worth_table(view.deck)
    beat_the_lead = beaters_table(view.deck)[view.lead]
    winners = [c for c in view.hand if c in beat_the_lead]
    return min(winners or view.hand, key=worth.__getitem__)


def careful_lead(view: ArsenalView, style: Style) -> ArsenalCard:
    """The card with the best outlook against a careful answer from the unseen cards."""
    worth, beaters = worth_table(view.deck), beaters_table(view.deck)
    assert view.viewer is not None
    unseen = tuple(sorted(view.unseen(), key=worth.__getitem__))
    other = view.hand_counts[1 - view.viewer]

    def outlook(card: ArsenalCard) -> float:
        win, spent = lead_outlook(card, unseen, other, worth, beaters[card])
        return 2 * win - 1 + style.thrift * (spent - worth[card]) / max(1, len(view.deck) - 1)

    return max(sorted(view.hand, key=worth.__getitem__), key=outlook)


def lead_outlook(
    card: ArsenalCard,
    unseen: tuple[ArsenalCard, ...],
    hand_size: int,
    worth: dict[ArsenalCard, int],
    beaten_by: frozenset[ArsenalCard],
) -> tuple[float, float]:
    """If ``card`` is led against a hand of ``hand_size`` cards drawn from ``unseen`` (cheapest
    first), answered with care: the chance that it wins, and the expected worth of the card
    that answers it. ``beaten_by`` holds the cards that beat ``card``.

    The answer is the cheapest beater in that hand, or its cheapest card when nothing beats
    the lead; every hand is equally likely, so both follow from counting hands.
    """
    h = min(hand_size, len(unseen))
    if h == 0:
        return 1.0, 0.0
    beaters: list[ArsenalCard] = []
    others: list[ArsenalCard] = []
    for u in unseen:
        (beaters if u in beaten_by else others).append(u)
    hands = comb(len(unseen), h)
    spent = 0.0
    # The i-th cheapest beater answers when the hand holds it and no cheaper beater.
    for i, beater in enumerate(beaters):
        spent += worth[beater] * comb(len(unseen) - i - 1, h - 1) / hands
    unbeaten = comb(len(others), h) / hands
    # With no beater the hand lies among ``others``; its cheapest card is thrown away.
    for j, thrown in enumerate(others):
        spent += worth[thrown] * comb(len(others) - j - 1, h - 1) / hands
    return unbeaten, spent


def npc(style: Style) -> AgentMaker:
    """An agent maker for an NPC of this style."""

    def make(player: int, seed: int) -> Agent:
        rng = Rng.from_seed((seed * 8 + player) % (1 << 64))
        fallback = random_agent(player, seed + 1)

        def choose(view: ArsenalView, decision: Decision) -> str:
            nonlocal rng
            care = style.lead_care if decision.kind == "lead" else style.answer_care
            roll, rng = rng.below(1000)
            if roll >= care * 1000:
                return fallback(view, decision)
            card = careful_lead(view, style) if decision.kind == "lead" else careful_answer(view)
            return f"play {card.code}"

        return choose

    return make


HEURISTIC = Style(answer_care=1.0, lead_care=1.0, thrift=3.0)
AGENTS: dict[str, AgentMaker] = {
    "random": random_agent,
    "heuristic": npc(HEURISTIC),
}
