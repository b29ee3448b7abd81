"""Guerrilla Tactics agents: they see only their own view.

The heuristic plays to win skirmishes cheaply:

- play: when a spy captor's card is already face up, the cheapest card that beats it
  (else the cheapest card); blind, the cheapest card, keeping the better one back for
  support (and a pair in hand is the cheapest lead of all: play one, support with the
  other);
- support: only when the support wins the skirmish outright (a mere tie costs a card
  at the next draw and a tie-break);
- tie-break: its best card face up, the other face down;
- promotion: proposes only when nobody can make it pay (no rival holds a card, or its
  own draw pile is empty so a cancel recruits nothing); always cancels, since
  recruiting is free cards (under GT-DECLARE 'everyone', where every player is asked,
  it passes or allows when that is all it may do).
"""

from __future__ import annotations

from wartutor.core.agents import random_agent
from wartutor.core.cards import Card
from wartutor.core.engine import Agent, AgentMaker, Decision
from wartutor.variants.guerrilla_tactics.forces import force, standing, strength
from wartutor.variants.guerrilla_tactics.state import BY_CODE, PLAY, SUPPORT
from wartutor.variants.guerrilla_tactics.view import GuerrillaView

__all__ = ["AGENTS", "heuristic_agent", "random_agent"]



def heuristic_agent(player: int, seed: int) -> Agent:
    """A sensible player; it needs no randomness, so ``seed`` is unused."""

    def choose(view: GuerrillaView, decision: Decision) -> str:
        return _CHOOSERS[decision.kind](view, player, decision)

    return choose


def _worth(view: GuerrillaView, c: Card) -> int:
    return strength(c, view.guerrilla_rank, view.ace_high)


def _cards_of(decision: Decision, verb: str) -> list[Card]:
    return [BY_CODE[a.split()[1]] for a in decision.legal_actions if a.startswith(verb)]


def _play(view: GuerrillaView, me: int, decision: Decision) -> str:
    rank, ace_high = view.guerrilla_rank, view.ace_high  # a single card's force is its strength
    worth = {c: strength(c, rank, ace_high) for c in _cards_of(decision, "play")}
    hand = sorted(worth, key=worth.__getitem__)
    shown = [x.card for row in view.table for x in row if x.card and x.how == PLAY]
    if shown:
        top = max(strength(c, rank, ace_high) for c in shown)
        beating = [c for c in hand if worth[c] > top]
        return f"play {(beating or hand)[0].code}"
    return f"play {hand[0].code}"


def _support(view: GuerrillaView, me: int, decision: Decision) -> str:
    forces = {p: force([x.card for x in row if x.card and x.how in (PLAY, SUPPORT)],
                       view.guerrilla_rank, view.ace_high)
              for p, row in enumerate(view.table) if row}
    mine = [x.card for x in view.table[me] if x.card and x.how == PLAY]
    rivals = max(f for p, f in forces.items() if p != me)
    for c in _cards_of(decision, "support"):
        if standing(force((*mine, c), view.guerrilla_rank, view.ace_high), rivals) == 2:
            return f"support {c.code}"
    return "decline"


def _tie(view: GuerrillaView, me: int, decision: Decision) -> str:
    def up_worth(action: str) -> int:
        return _worth(view, BY_CODE[action.split()[1]])

    # Best card up; among those, the cheapest card down.
    return max(decision.legal_actions, key=lambda a: (up_worth(a), -_down_worth(view, a)))


def _down_worth(view: GuerrillaView, action: str) -> int:
    words = action.split()
    return _worth(view, BY_CODE[words[3]]) if len(words) == 4 else 0


def _promote(view: GuerrillaView, me: int, decision: Decision) -> str:
    if "propose" not in decision.legal_actions:  # holding a Guerrilla, asked all the same
        return "pass"  # (GT-DECLARE 'everyone')
    rivals = [s for p, s in enumerate(view.seats) if p != me and not s.out]
    safe = all(s.hand_count == 0 for s in rivals) or view.seats[me].draw_count == 0
    return "propose" if safe else "pass"


def _cancel(view: GuerrillaView, me: int, decision: Decision) -> str:
    return decision.legal_actions[0]  # recruiting is free cards; "allow" is always last


_CHOOSERS = {"play": _play, "support": _support, "tie": _tie, "promote": _promote,
             "cancel": _cancel}

AGENTS: dict[str, AgentMaker] = {"heuristic": heuristic_agent, "random": random_agent}
