"""Guerrilla Tactics with random agents: games per second, game length, and how often each
ruling changes the winner of a seeded game.

    python benchmarks/guerrilla_tactics_speed.py [--games N] [--ruling-games M]
        [--ruling-agents random|heuristic]

There is no fast path: every game is played through the traced engine (states,
events and agents), as the apps and the explorer play it. A ruling "changes the
winner" of a seed when the game dealt from that seed, played by the same random
agents, ends with different winners under the other setting. Random agents ignore
what they see, so rulings about information (who reveals first) never change their
games' winners; the heuristic agent looks at the table, so try it too.
"""

from __future__ import annotations

import argparse
import statistics
import time

from wartutor.core.rulings import rulings_of
from wartutor.explore import play_one
from wartutor.variants.guerrilla_tactics import GuerrillaRules

NAME = "guerrilla_tactics"


def speed(players: int, games: int) -> tuple[float, float]:
    """(games per second, mean skirmishes per game) with random agents."""
    rules = GuerrillaRules(players=players)
    start = time.perf_counter()
    lengths = [play_one(NAME, rules, seed, agents="random", traced=True).length
               for seed in range(games)]
    return games / (time.perf_counter() - start), statistics.mean(lengths)


def winner_changes(games: int, agents: str) -> list[tuple[str, str, float]]:
    """For each ruling and each setting other than the default: the share of seeds whose
    winners differ from the default rules' (two players)."""
    default = GuerrillaRules()
    baseline = [play_one(NAME, default, s, agents=agents, traced=True).winners
                for s in range(games)]
    rows = []
    for name, meta in rulings_of(GuerrillaRules).items():
        for choice in meta.choices:
            if choice == getattr(default, name):
                continue
            rules = GuerrillaRules(**{name: choice})
            changed = sum(play_one(NAME, rules, s, agents=agents, traced=True).winners != won
                          for s, won in enumerate(baseline))
            rows.append((meta.id, f"{name} = {choice!r}", changed / games))
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--ruling-games", type=int, default=200)
    parser.add_argument("--ruling-agents", choices=("random", "heuristic"), default="random")
    args = parser.parse_args()
    for players in (2, 3, 4):
        rate, length = speed(players, args.games)
        print(f"{players} players, random agents, {args.games} games: {rate:6.1f} games/s, "
              f"mean {length:.1f} skirmishes per game")
    print(f"\nHow often a ruling changes the winner ({args.ruling_games} seeds, 2 players, "
          f"{args.ruling_agents} agents):")
    for rule_id, setting, share in winner_changes(args.ruling_games, args.ruling_agents):
        print(f"  {rule_id:<22} {setting:<40} {share:6.1%}")


if __name__ == "__main__":
    main()
