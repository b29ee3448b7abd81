"""War Room agents: they see only their own view, never another player's declaration.

The heuristic activates when its activation would improve its standing against the
best rival (assuming nobody else activates), and aims at the rival that threatens it
most. Two such players tied with mirror-image cards would otherwise activate together
in every tie-break step forever, so from the second tie-break step on it activates
only half the time, from its own seeded generator.
"""

from __future__ import annotations

from functools import lru_cache

from wartutor.core.agents import random_agent
from wartutor.core.chance import Rng
from wartutor.core.engine import Agent, AgentMaker, Decision
from wartutor.variants.war_room.deck import Instruction
from wartutor.variants.war_room.rules import NAMES
from wartutor.variants.war_room.view import WarRoomView

__all__ = ["AGENTS", "heuristic_agent", "random_agent"]

Vcs = dict[int, int]
Seats = tuple[int, ...]


def standing(participants: Seats, me: int, vcs: Vcs) -> int:
    """How far ahead of the best rival in this comparison (negative: behind)."""
    rivals = [vcs[p] for p in participants if p != me]
    return min(rivals) - vcs[me] if rivals else 0


def _hit(vcs: Vcs, seats: list[int], change: int) -> Vcs:
    return {s: vc + change if s in seats else vc for s, vc in vcs.items()}


def _options(me: int, step: Instruction, vcs: Vcs) -> list[list[int]]:
    """The ways this instruction could land: each a list of the seats it would hit."""
    opponents = [s for s in vcs if s != me]
    if step.target == "self":
        return [[me]]
    if step.target == "all-opponents":
        return [opponents]
    if step.target == "chosen-opponent":
        return [[s] for s in opponents]
    if step.target in ("highest-opponent", "lowest-opponent") and opponents:
        pick = max if step.target == "highest-opponent" else min
        extreme = pick(vcs[s] for s in opponents)
        return [[s] for s in opponents if vcs[s] == extreme]
    return []  # Defend Ally: no friendly card in individual play


def _best_after(participants: Seats, me: int, step: Instruction, vcs: Vcs) -> Vcs:
    """The VCs after this instruction, landing where it is best for ``me`` (or skipped)."""
    outcomes = [_hit(vcs, seats, step.change) for seats in _options(me, step, vcs)]
    if not step.mandatory:
        outcomes.append(vcs)
    if not outcomes:
        return vcs
    return max(outcomes, key=lambda after: standing(participants, me, after))


@lru_cache(maxsize=4096)
def gains(
    me: int, instructions: tuple[Instruction, ...], table: tuple[tuple[int, int], ...],
    participants: Seats,
) -> bool:
    """Whether activating would improve ``me``'s standing, assuming nobody else activates.

    ``table`` is every (seat, VC) in play. Cached: the same cards at the same VCs come
    round again and again.
    """
    vcs = dict(table)
    after = vcs
    for step in instructions:
        after = _best_after(participants, me, step, after)
    return standing(participants, me, after) > standing(participants, me, vcs)


@lru_cache(maxsize=4096)
def aim(
    me: int, step: Instruction, table: tuple[tuple[int, int], ...], participants: Seats,
    legal: tuple[str, ...],
) -> str:
    """Where ``me`` lands an instruction of its resolving card: the legal action that leaves
    it best placed, and on equal standing the one that hits the rival that threatens most."""
    vcs = dict(table)

    def score(action: str) -> tuple[int, int]:
        if action == "skip":
            return standing(participants, me, vcs), 0
        seats = ([NAMES.index(action.removeprefix("target "))] if action != "use"
                 else [s for option in _options(me, step, vcs) for s in option])
        after = _hit(vcs, seats, step.change)
        # On equal standing, hit the rival that threatens most: the lowest VC.
        threat = -min(vcs[s] for s in seats) if step.change > 0 else 0
        return standing(participants, me, after), threat

    return max(legal, key=score)


def heuristic_agent(player: int, seed: int) -> Agent:
    """The heuristic player for ``player``'s seat; ``seed`` feeds its tie-break coin."""
    rng = Rng.from_seed((seed * 8 + player) % (1 << 64))

    def choose(view: WarRoomView, decision: Decision) -> str:
        nonlocal rng
        me, participants = decision.player, view.participants
        table = tuple([(seat, x.vc) for seat, x in enumerate(view.table) if x is not None])
        if decision.kind == "declare":
            here = view.table[me]
            assert here is not None
            if not gains(me, here.card.instructions, table, participants):
                return "decline"
            if view.step >= 2:
                coin, rng = rng.below(2)
                return "activate" if coin else "decline"
            return "activate"
        assert view.resolving is not None
        owner, index = view.resolving
        here = view.table[owner]
        assert here is not None
        return aim(me, here.card.instructions[index], table, participants,
                   decision.legal_actions)

    return choose


# The heuristic first: it is the simulator's default and the app's computer player.
AGENTS: dict[str, AgentMaker] = {"heuristic": heuristic_agent, "random": random_agent}
