"""Arsenal's campaign NPCs: matches per second, and how hard each level really is.

    python benchmarks/arsenal_speed.py [--games N]

For each level: matches per second with that level's NPC in both seats (the traced
engine, states and events included); its win rate against a random player; and its win
rate against a careful answerer (level 8's NPC), which tells the top levels apart once
the random player no longer can. Matches use the rules as written and seeds 0..N-1.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable

from wartutor.core import Agent, Game, play_out
from wartutor.variants.arsenal import ARSENAL
from wartutor.variants.arsenal.agents import AGENTS
from wartutor.variants.arsenal.levels import LEVELS

AgentMaker = Callable[[int, int], Agent]


def win_rate(npc: AgentMaker, opponent: AgentMaker, games: int) -> float:
    """How often ``npc`` (seat 1) beats ``opponent`` (seat 0) over seeds 0..games-1."""
    wins = 0
    for seed in range(games):
        game = play_out(Game.new(ARSENAL, seed=seed), {0: opponent(0, seed), 1: npc(1, seed)})
        wins += game.outcome is not None and game.outcome.winners == (1,)
    return wins / games


def matches_per_second(npc: AgentMaker, games: int) -> float:
    start = time.perf_counter()
    for seed in range(games):
        play_out(Game.new(ARSENAL, seed=seed), {0: npc(0, seed), 1: npc(1, seed)})
    return games / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=400)
    games = parser.parse_args().games
    careful = LEVELS[7].npc_agent
    print(f"{games} matches per figure\n")
    print(f"{'level':<26} {'matches/s':>9} {'vs random':>10} {'vs level 8':>11}")
    for level in LEVELS:
        speed = matches_per_second(level.npc_agent, max(20, games // 4))
        against_random = win_rate(level.npc_agent, AGENTS["random"], games)
        against_careful = win_rate(level.npc_agent, careful, games)
        name = f"{level.number}. {level.name}"
        print(f"{name:<26} {speed:>9.1f} {against_random:>10.1%} {against_careful:>11.1%}")


if __name__ == "__main__":
    main()
