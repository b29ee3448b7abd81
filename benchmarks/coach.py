"""The Coach's speed and strength, in every variant with choices.

    python benchmarks/coach.py [--decisions N] [--deals M] [--coach-games G] [--jobs J]
                               [--coach-most K] [--coach-look L] [--coach-sure S] [--first-deal F]
                               [--variant V ...]

1. Speed: in seeded games played by the heuristic, at the first ``N`` decisions of seat 0
   with two choices or more (spread over the game: every third such decision), the
   seconds for one press of the apps' Coach button (``games_for`` games a choice, with
   every earlier view of the player, as the button gives them), on one core. A student
   waits this long for the bars. ``--decisions 0`` skips it.
2. Strength (``--deals M`` > 0): the coach as a player (``coach_agent``: the heuristic's
   move unless the coach is sure of a better one), thinking as hard as its variant asks
   unless ``--coach-games``, ``--coach-look`` or ``--coach-most`` say otherwise, in every
   seat in turn on ``M`` deals, the heuristic in the others; beside it the heuristic in the
   same seat on the same deals. In two-player games this is the coach's score against the
   heuristic (a win 1, a draw or unfinished game 1/2).
"""

from __future__ import annotations

import argparse
import statistics
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from wartutor.core.engine import Game
from wartutor.explore.coach import TEST_GAMES, advise, coach_agent, player_effort
from wartutor.explore.simulate import DEFAULT_MAX_LENGTH, play_one
from wartutor.explore.stats import Z95, wilson
from wartutor.ui.coach_panel import games_for
from wartutor.variants import find_variant

VARIANTS = ("guerrilla_tactics", "war_room", "trade_war", "arsenal")


def decisions_of(name: str, seed: int, count: int) -> list[Game[Any]]:
    """Games cut at seat 0's decisions with two choices or more, every third one."""
    variant = find_variant(name)
    game = Game.new(variant, None, seed)
    agents = {p: variant.agents["heuristic"](p, seed)
              for p in range(len(variant.player_names(game.rules)))}
    found: list[Game[Any]] = []
    seen = 0
    while (decision := game.decision) is not None and len(found) < count:
        if decision.player == 0 and len(decision.legal_actions) > 1:
            if seen % 3 == 0:
                found.append(game)
            seen += 1
        view = variant.view(game.state, decision.player)
        game = game.play(agents[decision.player](view, decision))
    return found


def speed(name: str, decisions: int) -> str:
    variant = find_variant(name)
    times, choices = [], []
    seed = 0
    while len(times) < decisions and seed < 50:
        for game in decisions_of(name, seed, decisions - len(times)):
            decision = game.decision
            assert decision is not None
            view = variant.view(game.state, 0)
            k = len(decision.legal_actions)
            start = time.process_time()
            # As the app's button does: every earlier view of the player, then the advice.
            seen = [variant.view(step.state, 0) for step in game.steps[:-1]]
            advise(variant, game.rules, view, decision, games=games_for(k), seed=1, seen=seen)
            times.append(time.process_time() - start)
            choices.append(k)
        seed += 1
    return (f"{variant.title:18} {len(times)} presses: median {statistics.median(times):.2f} s, "
            f"slowest {max(times):.2f} s (choices {min(choices)} to {max(choices)}, median "
            f"{statistics.median(choices):g}; {games_for(int(statistics.median(choices)))} "
            "games a choice)")


def effort(name: str, games: int | None, most_games: int | None, look: int | None,
           sure: float) -> str:
    """How hard the measured coach player thinks, in words (as coach_player reads it)."""
    if games is None and look is None and most_games is None:
        games, look, most_games = player_effort(find_variant(name))
    said = f"{name}: a test of {games or TEST_GAMES} games a choice"
    said += f" (up to {most_games} where it leans the challenger's way)" if most_games else ""
    said += (f", after a look of {look} games a choice" if look else
             ", after the usual look (a quarter of that, fewer with many choices)")
    return said + f", sure by {sure:g} standard errors"


def one_game(name: str, seed: int, seat: int, coach_games: int | None,
             most_games: int | None = None,
             look: int | None = None, sure: float = 2.5) -> tuple[float, float, float]:
    """The coach's value in ``seat`` and the heuristic's in the same seat, on deal ``seed``,
    and the seconds the coach's game took."""
    start = time.perf_counter()
    variant = find_variant(name)
    rules = variant.rules_type()
    seats = len(variant.player_names(rules))
    coach = coach_agent(variant, rules, games=coach_games,  # remembers this game
                        most_games=most_games, look=look, sure=sure)(seat, seed)
    coached = play_one(name, rules, seed, traced=True, time_limit=None,
                       agents=tuple(coach if s == seat else "heuristic" for s in range(seats)),
                       max_length=DEFAULT_MAX_LENGTH)
    plain = play_one(name, rules, seed, agents="heuristic", max_length=DEFAULT_MAX_LENGTH)
    return _score(coached, seat), _score(plain, seat), time.perf_counter() - start


def _score(summary: Any, seat: int) -> float:
    if summary.winners is None or not summary.winners:
        return 0.5
    return 1.0 if seat in summary.winners else 0.0


def strength(name: str, deals: int, coach_games: int | None, jobs: int, first: int = 0,
             most_games: int | None = None, look: int | None = None, sure: float = 2.5) -> str:
    """Deals ``first`` to ``first + deals - 1``, the coach in every seat in turn; a line a
    game as it ends (a run stopped early still says how far it got), then the whole."""
    variant = find_variant(name)
    seats = len(variant.player_names(variant.rules_type()))
    tasks = [(name, seed, seat, coach_games, most_games, look, sure)
             for seed in range(first, first + deals) for seat in range(seats)]
    start = time.perf_counter()
    coach = plain = 0.0
    by_deal: dict[int, list[float]] = {}
    with ProcessPoolExecutor(jobs) as pool:
        for (_, seed, seat, *_), (c, h, seconds) in zip(
                tasks, pool.map(one_game, *zip(*tasks, strict=True)), strict=True):
            coach, plain = coach + c, plain + h
            by_deal.setdefault(seed, []).append(c - h)
            n = sum(map(len, by_deal.values()))
            lo, hi = wilson(round(coach), n)
            print(f"    deal {seed} seat {seat}: coach {c:g}, heuristic {h:g} ({seconds:.0f} s);"
                  f" so far {coach:g} of {n} ({lo:.0%} to {hi:.0%})", flush=True)
    wall = time.perf_counter() - start
    n = sum(map(len, by_deal.values()))
    lo, hi = wilson(round(coach), n)
    return (f"{variant.title:18} {n} games ({seats} seats): the coach scored {coach:g} "
            f"({coach / n:.0%}, 95% interval {lo:.0%} to {hi:.0%}), the heuristic in the same "
            f"seats {plain:g} ({plain / n:.0%}); {_paired(list(by_deal.values()))}; "
            f"{wall:.0f} s")


def _paired(by_deal: list[list[float]]) -> str:
    """Coach minus heuristic, a game, with its normal 95% interval over the deals: each deal
    counts once, with all its seats, so that its luck (a deal good for seat 0 is good for
    either player there) falls out."""
    means = [sum(d) / len(d) for d in by_deal if d]
    n = len(means)
    mean = sum(means) / n
    half = Z95 * statistics.stdev(means) / n ** 0.5 if n > 1 else float("inf")
    return (f"coach minus heuristic {mean:+.1%} a game (95% interval {mean - half:+.1%} to "
            f"{mean + half:+.1%}, over {n} deals)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--decisions", type=int, default=10)
    parser.add_argument("--deals", type=int, default=0)
    parser.add_argument("--coach-games", type=int, default=None,
                        help="games a choice in the coach player's test (by default its "
                        "variant's own)")
    parser.add_argument("--coach-most", type=int, default=None,
                        help="games a leaning test may grow to (coach_player's most_games)")
    parser.add_argument("--coach-look", type=int, default=None,
                        help="games a choice in the coach player's look (its look)")
    parser.add_argument("--coach-sure", type=float, default=2.5,
                        help="standard errors by which a challenger must do better (its sure)")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--first-deal", type=int, default=0)
    parser.add_argument("--variant", action="append", choices=VARIANTS)
    args = parser.parse_args()
    names = args.variant or VARIANTS
    if args.decisions:
        print("Speed: one press of the Coach button, CPU seconds on one core")
        for name in names:
            print(" ", speed(name, args.decisions), flush=True)
    if args.deals:
        print("Strength: the coach player against the heuristic")
        for name in names:
            print(" ", effort(name, args.coach_games, args.coach_most, args.coach_look,
                              args.coach_sure), flush=True)
            print(" ", strength(name, args.deals, args.coach_games, args.jobs, args.first_deal,
                                args.coach_most, args.coach_look, args.coach_sure), flush=True)


if __name__ == "__main__":
    main()
