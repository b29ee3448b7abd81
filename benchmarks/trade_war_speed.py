"""Trade War through the traced engine: games per second, turns per game, and how often
the heuristic agent beats random ones.

    python benchmarks/trade_war_speed.py [--games N]

Every game is played to its end (the centre pile empties, or the default limit of 400
turns stops it unfinished) by the agents named, one seeded agent per seat.
"""

from __future__ import annotations

import argparse
import statistics
import time

from wartutor.core import Game, Summary, play_out
from wartutor.variants.trade_war import TRADE_WAR, TradeRules
from wartutor.variants.trade_war.agents import AGENTS


def play(players: int, seats: tuple[str, ...], seed: int) -> Summary:
    agents = {p: AGENTS[seats[p]](p, seed) for p in range(players)}
    game = play_out(Game.new(TRADE_WAR, TradeRules(players=players), seed), agents)
    return TRADE_WAR.summarize(game)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    args = parser.parse_args()
    print(f"Trade War, default rulings, {args.games} games per line (traced engine)")
    for players in (2, 5):
        for agent in ("random", "heuristic"):
            start = time.perf_counter()
            summaries = [play(players, (agent,) * players, s) for s in range(args.games)]
            rate = args.games / (time.perf_counter() - start)
            turns = statistics.mean(s.length for s in summaries)
            done = sum(s.winners is not None for s in summaries)
            print(f"  {players} players, all {agent:9}: {rate:7.1f} games/s, "
                  f"{turns:6.1f} turns per game, {done}/{args.games} finished")
    for players in (2, 5):
        seats = ("heuristic",) + ("random",) * (players - 1)
        summaries = [play(players, seats, s) for s in range(args.games)]
        finished = [s for s in summaries if s.winners is not None]
        wins = sum(0 in (s.winners or ()) for s in finished)
        print(f"  heuristic against {players - 1} random: won {wins} of {len(finished)} "
              f"finished games ({wins / max(len(finished), 1):.0%}; a fair share is "
              f"{1 / players:.0%})")


if __name__ == "__main__":
    main()
