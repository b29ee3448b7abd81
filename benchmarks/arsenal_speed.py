"""Arsenal's speed: the traced engine per step (beside an older checkout, in the same run),
the fast path in games per second, 1,000 games on two workers, and how hard each level is.

    python benchmarks/arsenal_speed.py [--games N] [--baseline DIR] [--levels]

1. The traced engine: steps per second of whole matches (the rules as written), with the
   random agent and with the heuristic NPC in both seats, for this tree and, with
   ``--baseline DIR``, for the package in DIR (a checkout of an older commit), each in its
   own fresh process, the two alternating, best of three. A step is one action: taken
   through the contract's functions (as simulate's traced engine does) and through
   ``Game.play`` (as the apps do). Its time is the process's CPU time, so that other work
   on a busy machine weighs on both trees alike.
2. The fast path (``ARSENAL.play_fast``): games per second of CPU time in this process,
   per agent.
3. 1,000 games at default rulings and agents through ``simulate`` with 2 workers, as a
   user would wait for them (the workers' start-up included).
4. With ``--levels``: each campaign level's NPC (seat 1) against a random player and
   against a careful answerer (level 8), which tells the top levels apart once the random
   player no longer can. Played by the fast path: the same matches as the traced engine.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parents[1]
REPEAT = 3  # best of three: the machine may be busy with other work

# Run in a fresh process whose PYTHONPATH puts one tree's package first. Two ways through
# the engine: the contract's functions alone (decision, view, the agent, apply), as
# simulate's traced engine plays a match, and Game.play, as the apps do (which adds the
# Game record's own cost, the same in both trees).
TRACED = """
import sys, time
from wartutor.core import Game, play_out
from wartutor.variants.arsenal import ARSENAL as v
from wartutor.variants.arsenal.agents import AGENTS
games, agent, way = int(sys.argv[1]), sys.argv[2], sys.argv[3]
start = time.process_time()
steps = 0
for seed in range(games):
    players = {p: AGENTS[agent](p, seed) for p in (0, 1)}
    if way == "game":
        steps += len(play_out(Game.new(v, seed=seed), players).actions)
        continue
    state, _ = v.new_game(v.rules_type(), seed)
    while (decision := v.decision(state)) is not None:
        action = players[decision.player](v.view(state, decision.player), decision)
        state, _ = v.apply(state, action)
        steps += 1
print(steps, time.process_time() - start)
"""
WAYS = {"contract": "decision, view, agent, apply", "game": "through Game.play"}


def traced_rate(tree: Path, games: int, agent: str, way: str) -> tuple[float, int]:
    """(steps per second, steps) of ``games`` traced matches with the package in ``tree``."""
    env = {**os.environ, "PYTHONPATH": str(tree)}
    run = subprocess.run([sys.executable, "-c", TRACED, str(games), agent, way], env=env,
                         cwd="/", capture_output=True, text=True, check=True)
    steps, seconds = run.stdout.split()
    return int(steps) / float(seconds), int(steps)


def traced(games: int, baseline: Path | None) -> None:
    trees = {"this tree": HERE} | ({"baseline": baseline} if baseline else {})
    for agent, count in (("random", games), ("heuristic", max(10, games // 4))):
        for way, words in WAYS.items():
            best = dict.fromkeys(trees, 0.0)
            steps = dict.fromkeys(trees, 0)
            for _ in range(REPEAT):
                for label, tree in trees.items():
                    rate, steps[label] = traced_rate(tree, count, agent, way)
                    best[label] = max(best[label], rate)
            print(f"Traced engine, {count} matches, {agent} agents, {words}, best of {REPEAT}:")
            for label in trees:
                print(f"  {label:9}: {best[label]:8.0f} steps/s ({steps[label]} steps, "
                      f"{1e6 / best[label]:6.1f} us a step)")
            if baseline:
                assert steps["this tree"] == steps["baseline"], "the trees played other games"
                print(f"  speed-up : {best['this tree'] / best['baseline']:.2f}x per step")


def fast(games: int) -> None:
    from wartutor.variants.arsenal import ARSENAL, ArsenalRules

    rules = ArsenalRules()
    print(f"Fast path, default rulings, the agent in both seats, best of {REPEAT}:")
    for agent in ("random", "heuristic", "level-1", "level-5", "level-8", "level-9"):
        count = games if agent in ("random", "level-1") else max(10, games // 10)
        seconds = float("inf")
        for _ in range(REPEAT):
            start = time.process_time()
            for seed in range(count):
                ARSENAL.play_fast(rules, seed, (agent, agent), None)
            seconds = min(seconds, time.process_time() - start)
        print(f"  {agent:9}: {count / seconds:8.0f} games/s")


def pool(games: int = 1000, workers: int = 2) -> None:
    from wartutor.explore import simulate

    seconds = float("inf")
    for _ in range(REPEAT):
        start = time.perf_counter()
        table = simulate("arsenal", games, jobs=workers, progress=False)
        seconds = min(seconds, time.perf_counter() - start)
    how = "traced engine" if table.note else "fast path"
    print(f"{games} games, default rulings and agents, simulate with {workers} workers "
          f"({how}, start-up included): {seconds:.2f} s")


def levels(games: int) -> None:
    from wartutor.variants.arsenal import ARSENAL, ArsenalRules
    from wartutor.variants.arsenal.levels import LEVELS

    rules = ArsenalRules()

    def win_rate(npc: str, opponent: str) -> float:
        wins = sum(ARSENAL.play_fast(rules, seed, (opponent, npc), None).winners == (1,)
                   for seed in range(games))
        return wins / games

    print(f"\n{games} matches per figure: the level's NPC in seat 1")
    print(f"{'level':<26} {'vs random':>10} {'vs level 8':>11}")
    for level in LEVELS:
        npc = f"level-{level.number}"
        name = f"{level.number}. {level.name}"
        print(f"{name:<26} {win_rate(npc, 'random'):>10.1%} {win_rate(npc, 'level-8'):>11.1%}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--baseline", type=Path, help="a checkout of an older commit")
    parser.add_argument("--levels", action="store_true")
    args = parser.parse_args()
    traced(args.games, args.baseline)
    fast(args.games * 10)
    pool()
    if args.levels:
        levels(args.games * 2)


if __name__ == "__main__":
    main()
