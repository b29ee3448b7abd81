"""Guerrilla Tactics: the traced engine per step (beside an older checkout, in the same run),
the fast path's games per second, and how often each ruling changes a seeded game's winner.

    python benchmarks/guerrilla_tactics_speed.py [--baseline PATH] [--traced-only]
        [--traced-games K] [--games N] [--ruling-games M] [--ruling-agents heuristic|random]

A *step* is one action through the engine contract: the decision, the chooser's view,
the agent's choice and ``apply`` (its check, its events, the next state). Each tree is
timed in its own fresh process (``python -S``: the rules need only the standard
library) on the same games, the two in turn, three times, in CPU time (the machine may
be busy); the best of each counts. ``--baseline`` is a checkout of an older commit, read
only, e.g. the first round's tree (issue 12 asks for 3x per step against it)::

    git worktree add --detach /work/baseline 95d1d0b     # and afterwards:
    git worktree remove --force /work/baseline

``--traced-only`` stops after that table (the fast path and the rulings take minutes).

The fast path (fast.py) plays whole games without states, events or views; it is timed
in this process (CPU time), then as ``simulate`` runs it, 1,000 games on 2 worker
processes (wall clock, as a user waits). A
ruling "changes the winner" of a seed when the game dealt from that seed ends with
different winners under the other setting (fast path, same agents).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from pathlib import Path

from wartutor.core.rulings import rulings_of
from wartutor.explore import simulate
from wartutor.variants.guerrilla_tactics import GUERRILLA_TACTICS, GuerrillaRules

NAME = "guerrilla_tactics"
HERE = Path(__file__).resolve().parents[1]

# Run by each tree's own interpreter: microseconds per step, and the steps taken.
STEPS = """
import sys, time
from wartutor.variants.guerrilla_tactics import GUERRILLA_TACTICS as V, GuerrillaRules
players, agents, games = int(sys.argv[1]), sys.argv[2], int(sys.argv[3])
rules, steps = GuerrillaRules(players=players), 0
start = time.process_time()
for seed in range(games):
    state, _ = V.new_game(rules, seed)
    chooser = [V.agents[agents](p, seed) for p in range(players)]
    while (decision := V.decision(state)) is not None:
        view = V.view(state, decision.player)
        state, _ = V.apply(state, chooser[decision.player](view, decision))
        steps += 1
print((time.process_time() - start) / steps * 1e6, steps)
"""


def per_step(tree: Path, players: int, agents: str, games: int) -> tuple[float, int]:
    env = {**os.environ, "PYTHONPATH": str(tree)}  # and cwd: "-c" puts it first on the path
    run = subprocess.run([sys.executable, "-S", "-c", STEPS, str(players), agents, str(games)],
                         env=env, cwd=tree, capture_output=True, text=True, check=True)
    micro, steps = run.stdout.split()
    return float(micro), int(steps)


def traced_side_by_side(baseline: Path | None, games: int) -> None:
    trees = {"now": HERE} | ({"baseline": baseline} if baseline else {})
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    print(f"Traced engine, microseconds per step (best of 3, {games} games each; "
          f"load average {load} on {os.cpu_count()} cores):")
    for players in (2, 3, 4):
        for agents in GUERRILLA_TACTICS.agents:
            best: dict[str, float] = {}
            for _ in range(3):
                for name, tree in trees.items():
                    micro, steps = per_step(tree, players, agents, games)
                    best[name] = min(best.get(name, micro), micro)
            line = f"  {players} players, {agents:<9} ({steps} steps): now {best['now']:6.1f}"
            if baseline:
                line += (f", baseline {best['baseline']:6.1f}: "
                         f"{best['baseline'] / best['now']:.2f}x faster")
            print(line)


def fast_path(games: int) -> None:
    print(f"\nFast path, {games} games in this process (CPU time):")
    for players in (2, 3, 4):
        rules = GuerrillaRules(players=players)
        for agents in GUERRILLA_TACTICS.agents:
            seats = (agents,) * players
            start = time.process_time()
            length = sum(GUERRILLA_TACTICS.play_fast(rules, seed, seats, None).length
                         for seed in range(games))
            took = time.process_time() - start
            print(f"  {players} players, {agents:<9}: {games / took:7.0f} games/s, "
                  f"{took / length * 1e6:5.1f} us per skirmish, mean {length / games:.1f} "
                  f"skirmishes")
    start = time.perf_counter()
    table = simulate(NAME, 1000, jobs=2, progress=False)
    print(f"  simulate, 1,000 games at the defaults, 2 workers (wall clock, fresh pool): "
          f"{time.perf_counter() - start:.2f} s{' (' + table.note + ')' if table.note else ''}")


def winner_changes(games: int, agents: str) -> None:
    print(f"\nHow often a ruling changes the winner ({games} seeds, 2 players, {agents} agents):")
    default = GuerrillaRules()
    seats = (agents,) * 2

    def winners(rules: GuerrillaRules) -> list[tuple[int, ...] | None]:
        return [GUERRILLA_TACTICS.play_fast(rules, s, seats, None).winners for s in range(games)]

    baseline = winners(default)
    for name, meta in rulings_of(GuerrillaRules).items():
        for choice in meta.choices:
            if choice == getattr(default, name) or name == "players":
                continue
            changed = sum(a != b for a, b in zip(winners(GuerrillaRules(**{name: choice})),
                                                 baseline, strict=True))
            print(f"  {meta.id:<22} {f'{name} = {choice!r}':<40} {changed / games:6.1%}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--baseline", type=Path, help="an older checkout to time beside this one")
    parser.add_argument("--games", type=int, default=1000, help="fast-path games per table")
    parser.add_argument("--traced-games", type=int, default=20)
    parser.add_argument("--traced-only", action="store_true",
                        help="time the traced engine only (beside --baseline)")
    parser.add_argument("--ruling-games", type=int, default=1000)
    parser.add_argument("--ruling-agents", choices=tuple(GUERRILLA_TACTICS.agents),
                        default="heuristic")
    args = parser.parse_args()
    traced_side_by_side(args.baseline, args.traced_games)
    if args.traced_only:
        return
    fast_path(args.games)
    winner_changes(args.ruling_games, args.ruling_agents)


if __name__ == "__main__":
    main()
