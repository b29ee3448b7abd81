"""Agents that fit every variant; each variant adds its own sensible ones."""

from __future__ import annotations

from typing import Any

from wartutor.core.chance import Rng
from wartutor.core.engine import Agent, Decision


def random_agent(seed: int) -> Agent:
    """Chooses uniformly among the legal actions, from its own seeded generator."""
    rng = Rng.from_seed(seed)

    def choose(view: Any, decision: Decision) -> str:
        nonlocal rng
        index, rng = rng.below(len(decision.legal_actions))
        return decision.legal_actions[index]

    return choose


def first_legal(view: Any, decision: Decision) -> str:
    """Takes the first legal action: for a variant with one choice, the only one."""
    return decision.legal_actions[0]
