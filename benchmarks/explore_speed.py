"""Games per second through ``wartutor.explore.simulate``, and one big classic War study.

    python benchmarks/explore_speed.py [--games N] [--other-games M] [--big 200000]

1. Classic War (default rulings, fast path) in this process, then on local process
   pools of 1 and 2 workers: the scaling figure is 2 workers against this process.
2. Every other registered variant with random agents (traced engine, or a fast path
   where it has one).
3. With ``--big N``: N classic games, one card face down, shuffled pickup, no battle
   limit; mean, median, p90 and p99 length and the first player's win rate, each with
   its standard error (the percentiles' from their 95% intervals).
"""

from __future__ import annotations

import argparse
import time
from typing import Any

from wartutor.explore import simulate
from wartutor.explore.stats import describe
from wartutor.variants import VARIANTS

REPEAT = 3  # best of three: the machine may be busy with other work


def rate(variant: str, games: int, **options: Any) -> float:
    """Games per second, the best of REPEAT runs."""
    best = float("inf")
    for _ in range(REPEAT):
        start = time.perf_counter()
        simulate(variant, games, progress=False, **options)
        best = min(best, time.perf_counter() - start)
    return games / best


def classic_scaling(games: int) -> None:
    here = rate("classic_war", games, jobs=1)
    one = _pool_rate(games, 1)
    two = _pool_rate(games, 2)
    print(f"classic War, default rulings, {games} games through simulate (fast path)")
    print(f"  this process, no pool : {here:9.0f} games/s")
    print(f"  pool of 1 worker      : {one:9.0f} games/s")
    print(f"  pool of 2 workers     : {two:9.0f} games/s  ({two / here:.2f}x this process)")


def _pool_rate(games: int, workers: int) -> float:
    from concurrent.futures import ProcessPoolExecutor

    with ProcessPoolExecutor(workers) as pool:
        pool.submit(int).result()  # start the workers before the clock does
        return rate("classic_war", games, executor=pool, jobs=workers)


def other_variants(games: int) -> None:
    for name, variant in VARIANTS.items():
        if name == "classic_war":
            continue
        agent = "random" if "random" in variant.agents else next(iter(variant.agents))
        start = time.perf_counter()  # one run: these are slow
        simulate(name, games, agents=agent, jobs=1, progress=False)
        per_second = games / (time.perf_counter() - start)
        print(f"  {name:18s}: {per_second:9.0f} games/s, agents {agent!r}, one process")


def big_study(games: int) -> None:
    start = time.perf_counter()
    table = simulate("classic_war", games, rules={"pickup": "shuffled", "battle_limit": None,
                                                  "war_down": 1},
                     max_length=None, progress=False)
    seconds = time.perf_counter() - start
    stats = describe(table)
    s = stats.lengths
    print(f"classic War, {games} games, 1 down, shuffled pickup, no limit "
          f"({seconds:.1f} s on all cores)")
    print(f"  mean length   {s.mean:8.1f} +- {s.se_mean:.1f} battles (standard error)")
    for name, value, (lo, hi) in (("median", s.median, s.median_ci), ("p90", s.p90, s.p90_ci),
                                  ("p99", s.p99, s.p99_ci)):
        print(f"  {name:13s} {value:8g}    95% interval {lo} to {hi} "
              f"(standard error about {(hi - lo) / 3.92:.1f})")
    first = stats.wins[0]
    print(f"  first player wins {first.value:.4f} +- {first.se:.4f}; draws {stats.draws.count}, "
          f"unfinished {stats.unfinished.count}; longest game {s.longest} battles")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40_000)
    parser.add_argument("--other-games", type=int, default=200)
    parser.add_argument("--big", type=int, default=0, help="games in the big study (0: skip)")
    args = parser.parse_args()
    classic_scaling(args.games)
    if args.other_games:
        print(f"other variants, {args.other_games} games each")
        other_variants(args.other_games)
    if args.big:
        big_study(args.big)


if __name__ == "__main__":
    main()
