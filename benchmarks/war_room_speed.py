"""War Room's speed: the traced engine per step (beside an older tree), the fast path, simulate.

    python benchmarks/war_room_speed.py [--games N] [--baseline DIR] [--fast-games M] [--jobs J]

1. The traced engine, per step (one agent's choice and every automatic step after it),
   with 2 and 5 players and heuristic or random agents at every seat, two ways: as the
   apps play (a Game that keeps every state, ten steps at a time, the first 200 steps of
   each game) and as the simulator plays (whole games, only the current state). With
   ``--baseline DIR`` (a checkout of an older commit) the same loops run on that tree
   too, alternating with this one, each in its own process; the figure is the least CPU
   time of three runs, as the machine may be busy.
2. The fast path (``WAR_ROOM.play_fast``) in this process: games per second, rounds per
   game, and what the games look like.
3. ``simulate("war_room", M, jobs=J)`` at the default rulings and agents: wall time.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parents[1]
REPEAT = 3
APP_STEPS = 200  # steps of each game the apps' figure plays, as a class might
TABLES = [(2, "heuristic"), (2, "random"), (5, "heuristic"), (5, "random")]


def traced_steps(players: int, agent: str, games: int, keep: bool) -> tuple[int, float]:
    """Steps played and CPU seconds for seeds 0..games-1 (run inside the tree measured)."""
    from wartutor.core import Game, play_out
    from wartutor.variants.war_room import WAR_ROOM, WarRoomRules
    from wartutor.variants.war_room.agents import AGENTS

    rules = WarRoomRules(players=players)
    steps = 0
    start = time.process_time()
    for seed in range(games):
        seats = {p: AGENTS[agent](p, seed) for p in range(players)}
        if keep:  # the apps: a Game, every state and event kept for undo and the log
            game = Game.new(WAR_ROOM, rules, seed)
            for _ in range(APP_STEPS // 10):  # the apps' "Play 10"
                game = play_out(game, seats, max_steps=10)
            steps += len(game.steps) - 1
            continue
        state, _ = WAR_ROOM.new_game(rules, seed, None)  # the simulator: the current state only
        while (decision := WAR_ROOM.decision(state)) is not None:
            view = WAR_ROOM.view(state, decision.player)
            state, _ = WAR_ROOM.apply(state, seats[decision.player](view, decision))
            steps += 1
    return steps, time.process_time() - start


def per_step(tree: Path, players: int, agent: str, games: int, keep: bool) -> float:
    """Microseconds per step in ``tree``, in a fresh process that imports wartutor from there."""
    run = subprocess.run(
        [sys.executable, __file__, "--measure", json.dumps([players, agent, games, keep])],
        env={**os.environ, "PYTHONPATH": str(tree)}, capture_output=True, text=True, check=False,
    )
    if run.returncode:
        raise SystemExit(f"measuring in {tree} failed:\n{run.stderr}")
    steps, seconds = json.loads(run.stdout)
    return 1e6 * seconds / steps


def traced_section(games: int, baseline: Path | None) -> None:
    trees = [HERE] if baseline is None else [baseline, HERE]
    print(f"1. Traced engine, microseconds per step (least CPU time of {REPEAT}), "
          f"seeds 0..{games - 1}, default rulings")
    for keep, how in ((True, f"as the apps play, every state kept ({APP_STEPS} steps a game)"),
                      (False, "as the simulator plays, whole games, current state only")):
        print(f"  {how}:")
        for players, agent in TABLES:
            best = {tree: float("inf") for tree in trees}
            for _ in range(REPEAT):
                for tree in trees:
                    best[tree] = min(best[tree], per_step(tree, players, agent, games, keep))
            now = best[HERE]
            line = f"    {players} players, {agent:9}: {now:6.1f} us/step"
            if baseline is not None:
                old = best[baseline]
                line += f"   baseline {old:6.1f} us/step   {old / now:4.1f}x faster"
            print(line, flush=True)


def fast_section(games: int) -> None:
    from wartutor.variants.war_room import WAR_ROOM, WarRoomRules

    print(f"2. Fast path in this process, seeds 0..{games - 1}, default rulings")
    for players, agent in TABLES:
        rules = WarRoomRules(players=players)
        start = time.process_time()
        summaries = [WAR_ROOM.play_fast(rules, seed, (agent,) * players, None)
                     for seed in range(games)]
        seconds = time.process_time() - start
        rounds = [s.length for s in summaries]
        total = sum(rounds)
        finished = sum(s.winners is not None for s in summaries)
        tie_breaks = sum(s.counts["tie_breaks"] for s in summaries)
        stalemates = sum(s.counts["stalemates"] for s in summaries)
        print(f"  {players} players, {agent:9}: {games / seconds:7.1f} games/s "
              f"({1e6 * seconds / total:4.1f} us/round); rounds per game mean "
              f"{statistics.mean(rounds):.0f}, median {statistics.median(rounds):.0f}; "
              f"finished {finished}/{games}; {tie_breaks / total:.3f} tie-break steps and "
              f"{stalemates / total:.3f} stalemates per round", flush=True)


def simulate_section(games: int, jobs: int) -> None:
    from wartutor.explore import simulate

    start = time.perf_counter()
    simulate("war_room", games, jobs=jobs, progress=False)
    seconds = time.perf_counter() - start
    print(f"3. simulate('war_room', {games}, jobs={jobs}), default rulings and agents: "
          f"{seconds:.2f} s wall ({games / seconds:.0f} games/s)")


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=6, help="traced games per figure")
    parser.add_argument("--baseline", type=Path, help="an older checkout to compare with")
    parser.add_argument("--fast-games", type=int, default=1000)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--measure", help=argparse.SUPPRESS)  # one run inside a tree
    args = parser.parse_args()
    if args.measure:
        players, agent, games, keep = json.loads(args.measure)
        print(json.dumps(traced_steps(players, agent, games, keep)))
        return
    traced_section(args.games, args.baseline)
    fast_section(args.fast_games // 4)
    simulate_section(args.fast_games, args.jobs)


if __name__ == "__main__":
    main()
