"""Classic War games per second: the package untraced and traced, beside a hand-written loop.

    python benchmarks/classic_speed.py [--games N] [--repeat R]

All three play the default rulings (winner-first pickup, one card down, limit 500)
on the same seeds. The hand-written loop is what a programmer would write for these
rules without the package: deques of ranks and the standard library's shuffle. The
yardstick the issue sets (the fastest plain-Python loop known, compared per battle)
is measured by ``benchmarks/explore_speed.py --war-fast PATH``; this one is a quick
look at whole games, play_one's overhead included.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections import deque
from collections.abc import Callable

from wartutor.explore import play_one
from wartutor.variants.classic_war import ClassicRules


def hand_written_game(seed: int) -> int:
    """One game of the default rules; returns the number of battles."""
    ranks = [rank for rank in range(2, 15) for _ in range(4)]
    random.Random(seed).shuffle(ranks)
    mine, theirs = deque(ranks[:26]), deque(ranks[26:])
    for battle in range(1, 501):
        a, b = mine.popleft(), theirs.popleft()
        won, lost = [a], [b]
        while a == b:
            if len(mine) < 2 or len(theirs) < 2:
                return battle  # someone cannot finish the war: the game is over
            won += [mine.popleft(), mine.popleft()]
            lost += [theirs.popleft(), theirs.popleft()]
            a, b = won[-1], lost[-1]
        if a > b:
            mine.extend(won + lost)
        else:
            theirs.extend(lost + won)
        if not mine or not theirs:
            return battle
    return 500


def games_per_second(play: Callable[[int], object], seeds: range, repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        for seed in seeds:
            play(seed)
        best = min(best, time.perf_counter() - start)
    return len(seeds) / best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    rules = ClassicRules()
    seeds = range(args.games)
    traced_seeds = range(max(1, args.games // 20))  # the traced engine is far slower

    hand = games_per_second(hand_written_game, seeds, args.repeat)
    untraced = games_per_second(lambda s: play_one("classic_war", rules, s), seeds, args.repeat)
    traced = games_per_second(
        lambda s: play_one("classic_war", rules, s, traced=True), traced_seeds, args.repeat
    )
    battles = statistics.mean(play_one("classic_war", rules, s).length for s in seeds)
    print(
        f"classic War, default rulings, {args.games} games (mean {battles:.0f} battles), "
        f"best of {args.repeat}"
    )
    print(f"  hand-written deque loop : {hand:9.0f} games/s")
    print(
        f"  package, untraced       : {untraced:9.0f} games/s  "
        f"({untraced / hand:.2f} of hand-written)"
    )
    print(
        f"  package, traced         : {traced:9.0f} games/s  ({traced / hand:.3f} of hand-written)"
    )


if __name__ == "__main__":
    main()
