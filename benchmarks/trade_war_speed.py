"""Trade War's speed: the traced engine per step (beside an older checkout, in the same run),
the fast path in games per second, and 1,000 games on two workers.

    python benchmarks/trade_war_speed.py [--games N] [--baseline DIR] [--agents]

1. The traced engine: steps per second of whole games (default rulings, 3 players, the
   heuristic agent in every seat, then the random one), for this tree and, with
   ``--baseline DIR``, for the package in DIR (a checkout of an older commit), each in a
   fresh process, the two alternating, best of three, in processor time (other work on
   the machine then matters less). A step is one action taken through ``Game.play``.
2. The fast path (``TRADE_WAR.play_fast``): games per second in this process, for 2, 3
   and 5 players with each agent.
3. 1,000 games at default rulings and agents on a pool of 2 workers, clock started once
   the workers are up.
4. With ``--agents``: how often the heuristic agent beats random ones.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

HERE = Path(__file__).resolve().parents[1]
REPEAT = 3  # best of three: the machine may be busy with other work

# Run in a fresh process whose PYTHONPATH puts one tree's package first.
TRACED = """
import sys, time
from wartutor.core import Game, play_out
from wartutor.variants.trade_war import TRADE_WAR, TradeRules
from wartutor.variants.trade_war.agents import AGENTS
games, agent = int(sys.argv[1]), sys.argv[2]
rules = TradeRules()
start = time.process_time()
steps = 0
for seed in range(games):
    agents = {p: AGENTS[agent](p, seed) for p in range(rules.players)}
    steps += len(play_out(Game.new(TRADE_WAR, rules, seed), agents).actions)
print(steps, time.process_time() - start)
"""


def traced_rate(tree: Path, games: int, agent: str) -> tuple[float, int]:
    """(steps per second, steps) of ``games`` traced games with the package in ``tree``."""
    env = {**os.environ, "PYTHONPATH": str(tree)}
    run = subprocess.run([sys.executable, "-c", TRACED, str(games), agent], env=env, cwd="/",
                         capture_output=True, text=True, check=True)
    steps, seconds = run.stdout.split()
    return int(steps) / float(seconds), int(steps)


def traced(games: int, baseline: Path | None) -> None:
    trees = {"this tree": HERE} | ({"baseline": baseline} if baseline else {})
    for agent in ("heuristic", "random"):
        best = dict.fromkeys(trees, 0.0)
        steps = dict.fromkeys(trees, 0)
        for _ in range(REPEAT):
            for label, tree in trees.items():
                rate, steps[label] = traced_rate(tree, games, agent)
                best[label] = max(best[label], rate)
        print(f"Traced engine, {games} games (default rulings: 3 players), all {agent}, "
              f"best of {REPEAT}:")
        for label in trees:
            print(f"  {label:9}: {best[label]:8.0f} steps/s ({steps[label]} steps, "
                  f"{1e6 / best[label]:6.1f} us a step)")
        if baseline:
            assert steps["this tree"] == steps["baseline"], "the trees played different games"
            print(f"  speed-up : {best['this tree'] / best['baseline']:.2f}x per step")


def fast(games: int) -> None:
    from wartutor.variants.trade_war import TRADE_WAR, TradeRules

    print(f"Fast path, default rulings, {games} games per line, best of {REPEAT}:")
    for players in (2, 3, 5):
        rules = TradeRules(players=players)
        for agent in TRADE_WAR.agents:
            seats = (agent,) * players
            seconds = float("inf")
            for _ in range(REPEAT):
                start = time.perf_counter()
                for seed in range(games):
                    TRADE_WAR.play_fast(rules, seed, seats, None)
                seconds = min(seconds, time.perf_counter() - start)
            print(f"  {players} players, all {agent:9}: {games / seconds:8.0f} games/s")


def _chunk(seeds: range) -> float:
    """Plays the games of ``seeds`` (default rulings and agents); the processor time taken."""
    from wartutor.variants.trade_war import TRADE_WAR, TradeRules

    start = time.process_time()
    rules = TradeRules()
    seats = (next(iter(TRADE_WAR.agents)),) * rules.players
    for seed in seeds:
        TRADE_WAR.play_fast(rules, seed, seats, None)
    return time.process_time() - start


def pool(games: int = 1000, workers: int = 2) -> None:
    chunks = [range(start, min(start + 125, games)) for start in range(0, games, 125)]
    with ProcessPoolExecutor(workers) as executor:
        executor.submit(int).result()  # start the workers before the clock does
        seconds, busy = float("inf"), 0.0
        for _ in range(REPEAT):
            start = time.perf_counter()
            taken = sum(executor.map(_chunk, chunks))
            if time.perf_counter() - start < seconds:
                seconds, busy = time.perf_counter() - start, taken
    print(f"{games} games, default rulings and agents, fast path on {workers} workers: "
          f"{seconds:.2f} s ({busy:.2f} s of processor time in the workers)")


def agents(games: int) -> None:
    from wartutor.variants.trade_war import TRADE_WAR, TradeRules

    for players in (2, 5):
        rules = TradeRules(players=players)
        seats = ("heuristic",) + ("random",) * (players - 1)
        summaries = [TRADE_WAR.play_fast(rules, s, seats, None) for s in range(games)]
        finished = [s for s in summaries if s.winners is not None]
        wins = sum(0 in (s.winners or ()) for s in finished)
        print(f"heuristic against {players - 1} random: won {wins} of {len(finished)} "
              f"finished games ({wins / max(len(finished), 1):.0%}; a fair share is "
              f"{1 / players:.0%})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--baseline", type=Path, help="a checkout of an older commit")
    parser.add_argument("--agents", action="store_true")
    args = parser.parse_args()
    traced(args.games, args.baseline)
    fast(args.games * 10)
    pool()
    if args.agents:
        agents(args.games * 10)


if __name__ == "__main__":
    main()
