"""Agents that fit every variant; each variant adds its own sensible ones."""

from __future__ import annotations

from typing import Any

from wartutor.core.chance import Rng
from wartutor.core.engine import Agent, Decision


def random_agent(player: int, seed: int) -> Agent:
    """Chooses uniformly among the legal actions, from its own seeded generator."""
    rng = Rng.from_seed((seed * 8 + player) % (1 << 64))

    def choose(view: Any, decision: Decision) -> str:
        nonlocal rng
        index, rng = rng.below(len(decision.legal_actions))
        return decision.legal_actions[index]

    return choose


def first_legal_agent(player: int, seed: int) -> Agent:
    """Makes :func:`first_legal` agents (for variants where there is nothing to choose)."""
    return first_legal


def first_legal(view: Any, decision: Decision) -> str:
    """Takes the first legal action: for a variant with one choice, the only one."""
    return decision.legal_actions[0]
