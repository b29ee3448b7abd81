"""War Room games per second through the traced engine, and what the games look like.

    python benchmarks/war_room_speed.py [--games N] [--round-limit R]

For 2 and 5 players, with random and with heuristic agents at every seat, on the
same seeds: games per second, rounds per game, how many games finished, how often a
round needs a tie-break, and how often the stalemate ruling (WR-STALEMATE) settles one.
War Room has no untraced fast path: every game runs through states, events and agents.
"""

from __future__ import annotations

import argparse
import statistics
import time

from wartutor.core import Game, play_out
from wartutor.variants.war_room import WAR_ROOM, WarRoomRules
from wartutor.variants.war_room.agents import AGENTS


def measure(players: int, agent: str, games: int, round_limit: int) -> str:
    rules = WarRoomRules(players=players, round_limit=round_limit)
    rounds, finished, tie_breaks, stalemates, tied_rounds = [], 0, 0, 0, 0
    start = time.perf_counter()
    for seed in range(games):
        seats = {p: AGENTS[agent](p, seed) for p in range(players)}
        game = play_out(Game.new(WAR_ROOM, rules, seed), seats)
        summary = WAR_ROOM.summarize(game)
        rounds.append(summary.length)
        finished += summary.winners is not None
        tie_breaks += summary.counts["tie_breaks"]
        stalemates += summary.counts["stalemates"]
        tied_rounds += sum(1 for step in game.steps for e in step.events
                           if type(e).__name__ == "TieBreak" and e.step == 1)
    seconds = time.perf_counter() - start
    total = sum(rounds)
    return (f"{players} players, {agent:9}: {games / seconds:6.2f} games/s "
            f"({total / seconds:6.0f} rounds/s); rounds per game mean "
            f"{statistics.mean(rounds):.0f}, "
            f"median {statistics.median(rounds):.0f}; finished {finished}/{games}; "
            f"rounds with a tie-break {tied_rounds / total:.1%} "
            f"({tie_breaks / total:.3f} tie-break steps per round); "
            f"stalemates settled in {stalemates / total:.1%} of rounds")


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--round-limit", type=int, default=5000)
    args = parser.parse_args()
    print(f"War Room, Field Manual deck, default rulings (round limit {args.round_limit}), "
          f"{args.games} games each")
    for players in (2, 5):
        for agent in ("random", "heuristic"):
            print(" ", measure(players, agent, args.games, args.round_limit), flush=True)


if __name__ == "__main__":
    main()
