"""The speed of exploring: the figures issue 12 asks for, side by side in one run.

    python benchmarks/explore_speed.py --war-fast ../shared/bench/war_fast.py \\
        [--baseline /path/to/an/older/tree] [--games 1000] [--classic-games 100000]

1. ``--games`` games of every variant at its default rulings and agents through
   ``simulate`` with 2 workers (a fresh pool each, as a user starts one). Where the
   traced engine stands in for a missing fast path, fewer games are timed and the
   figure is scaled (said on the line).
2. ``--classic-games`` classic War games with 2 workers.
3. The classic fast path per battle beside the plain-Python loop in ``--war-fast``
   (default rulings there and here: winner's cards first, one down, limit 500), both
   timed in this process, alternately, best of several rounds.
4. The traced engine per step, every variant: ``play_one(..., traced=True)`` (what
   ``simulate --traced`` plays) on the same seeds, in a subprocess with this tree on
   ``sys.path`` and, with ``--baseline``, another with that tree; per step means per
   decision taken, counted through the engine contract.

5. Opening the rule explorer's notebook code in a fresh Python, as a kernel starts: the
   imports, the menus, the exact answer and the run's estimate (it should stay under 3 s).

Times are wall-clock for 1, 2 and 5 (a user waits for those), each beside its CPU time
over two cores (what an idle machine would take: the machine may be busy with other
work), and CPU time of the process for 3 and 4.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import resource
import subprocess
import sys
import time
from functools import partial
from pathlib import Path
from types import ModuleType
from typing import Any

HERE = Path(__file__).resolve().parents[1]
# A tree is measured in a subprocess that imports wartutor from that tree alone.
sys.path.insert(0, str(HERE))

from wartutor.explore.simulate import fast_refusal, resolve_agents, simulate  # noqa: E402
from wartutor.variants import VARIANTS  # noqa: E402

TARGET, AIM = 10.0, 3.0  # seconds for the 1,000 games of a variant
TRACED_SAMPLE = 100  # games timed when the traced engine stands in for a fast path
# Games per variant for the per-step figure: a second or two of the old engine each.
STEP_GAMES = {"classic_war": 20, "guerrilla_tactics": 8, "war_room": 3, "trade_war": 4,
              "arsenal": 12}


def thousand_games(games: int) -> None:
    print(f"1. {games} games of every variant, default rulings and agents, 2 workers "
          f"(target <= {TARGET:g} s, aim {AIM:g} s)")
    for name, variant in VARIANTS.items():
        rules = variant.rules_type()
        agents = resolve_agents(variant, rules, None)
        refusal = fast_refusal(variant, rules, agents)
        played = games if refusal is None else min(games, TRACED_SAMPLE)
        seconds, idle = timed(partial(simulate, name, played, jobs=2, progress=False))
        seconds, idle = seconds * games / played, idle * games / played
        how = "fast path" if refusal is None else f"traced, {played} games timed and scaled"
        verdict = "ok" if seconds <= TARGET else "OVER TARGET"
        print(f"   {name:18s} {seconds:7.2f} s  {verdict:11s} (CPU time over 2 cores "
              f"{idle:.2f} s; {how}; agents {agents[0]})")


def timed(run: Any) -> tuple[float, float]:
    """Wall-clock seconds of ``run()``, and its CPU seconds (this process and the workers it
    ended) spread over 2 cores: what it would take on an idle machine."""
    before = _cpu()
    start = time.perf_counter()
    run()
    return time.perf_counter() - start, (_cpu() - before) / 2


def _cpu() -> float:
    mine = resource.getrusage(resource.RUSAGE_SELF)
    workers = resource.getrusage(resource.RUSAGE_CHILDREN)
    return mine.ru_utime + mine.ru_stime + workers.ru_utime + workers.ru_stime


def classic_games(games: int) -> None:
    seconds, idle = timed(partial(simulate, "classic_war", games, jobs=2, progress=False))
    verdict = "ok" if seconds <= TARGET else "OVER TARGET"
    print(f"2. {games} classic War games, 2 workers: {seconds:.2f} s  {verdict} "
          f"(target <= {TARGET:g} s; CPU time over 2 cores {idle:.2f} s)")


def load(path: Path) -> ModuleType:
    spec = importlib.util.spec_from_file_location("war_fast", path)
    if spec is None or spec.loader is None:
        raise SystemExit(f"cannot load {path} as a Python module")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def per_battle(war_fast: Path, games: int, rounds: int) -> None:
    from wartutor.variants.classic_war import CLASSIC_WAR, ClassicRules

    yardstick = load(war_fast)
    rules, agents = ClassicRules(), ("turn", "turn")
    theirs, ours = [], []
    for round_ in range(rounds):  # alternately, so that both see the same machine
        start = time.process_time()
        result = yardstick.run(games, pickup="fixed", down=1, limit=500, seed=round_ + 1)
        theirs.append((time.process_time() - start) / result["battles"])
        start = time.process_time()
        battles = sum(CLASSIC_WAR.play_fast(rules, seed, agents, None).length
                      for seed in range(round_ * games, (round_ + 1) * games))
        ours.append((time.process_time() - start) / battles)
    ratio = min(theirs) / min(ours)
    verdict = "ok" if ratio >= 0.6 else "UNDER TARGET"
    print(f"3. classic fast path per battle, best of {rounds} rounds of {games} games: "
          f"{min(ours) * 1e9:.0f} ns here, {min(theirs) * 1e9:.0f} ns in {war_fast.name}: "
          f"{ratio:.2f} of its speed  {verdict} (target >= 0.6, aim 0.8)")


# Run as ``python -c`` in a subprocess whose sys.path starts with the tree measured.
STEP_CODE = r"""
import json, sys, time
tree, games = sys.argv[1], json.loads(sys.argv[2])
sys.path.insert(0, tree)
import wartutor
assert wartutor.__file__.startswith(tree), (wartutor.__file__, tree)
from wartutor.explore.simulate import play_one
from wartutor.variants import find_variant

def steps(name, seed, cap):
    # Decisions taken in the game, through the engine contract (the same in any tree).
    variant = find_variant(name)
    rules = variant.rules_type()
    default = next(iter(variant.agents))
    seats = len(variant.player_names(rules))
    players = {s: variant.agents[default](s, seed) for s in range(seats)}
    state, _ = variant.new_game(rules, seed, None)
    taken = 0
    while (decision := variant.decision(state)) is not None:
        if variant.summarize(_game(variant, rules, seed, state)).length >= cap:
            break
        view = variant.view(state, decision.player)
        state, _ = variant.apply(state, players[decision.player](view, decision))
        taken += 1
    return taken

def apps_game(name, seed, taken):
    # The same steps through Game.play and play_out, as the apps' Play 10 takes them.
    from wartutor.core.engine import Game, play_out
    variant = find_variant(name)
    rules = variant.rules_type()
    default = next(iter(variant.agents))
    seats = len(variant.player_names(rules))
    players = {s: variant.agents[default](s, seed) for s in range(seats)}
    play_out(Game.new(variant, rules, seed), players, max_steps=taken)

def _game(variant, rules, seed, state):
    from wartutor.core.engine import Game, Step
    return Game(variant, rules, seed, None, (Step(None, (), state),))

out = {}
for name, n in games.items():
    cap = 10_000  # simulate's default maximum length
    best, summaries = float("inf"), None
    for _ in range(3):
        start = time.process_time()
        summaries = [play_one(name, None, seed, traced=True, max_length=cap) for seed in range(n)]
        best = min(best, time.process_time() - start)
    counted = [steps(name, seed, cap) for seed in range(n)]
    # The apps' path: Game.play keeps every step (undo, the timeline), as Play 10 does.
    apps = float("inf")
    for _ in range(3):
        start = time.process_time()
        for seed, taken in enumerate(counted):
            apps_game(name, seed, taken)
        apps = min(apps, time.process_time() - start)
    out[name] = {"seconds": best, "steps": sum(counted), "apps": apps,
                 "games": repr([(s.winners, s.ending, s.length) for s in summaries])}
print(json.dumps(out))
"""


def step_times(tree: Path, games: dict[str, int]) -> dict[str, Any]:
    env = {**os.environ, "PYTHONPATH": str(tree)}
    done = subprocess.run([sys.executable, "-c", STEP_CODE, str(tree), json.dumps(games)],
                          capture_output=True, text=True, env=env, cwd=tree, check=False)
    if done.returncode:
        raise SystemExit(f"measuring {tree} failed:\n{done.stderr}")
    result: dict[str, Any] = json.loads(done.stdout)
    return result


def traced_steps(baseline: Path | None) -> None:
    games = {name: STEP_GAMES.get(name, 5) for name in VARIANTS}
    here = step_times(HERE, games)
    before = step_times(baseline, games) if baseline else {}
    print("4. traced engine per step (play_one traced, CPU time, best of 3)"
          + (f", this tree against {baseline}" if baseline else ""))
    for name, now in here.items():
        us = now["seconds"] / now["steps"] * 1e6
        line = f"   {name:18s} {us:8.1f} us/step here ({games[name]} games, {now['steps']} steps)"
        if name in before:
            old = before[name]["seconds"] / now["steps"] * 1e6
            same = "" if before[name]["games"] == now["games"] else "  GAMES DIFFER"
            ratio = old / us
            verdict = "ok" if ratio >= 3 else "UNDER TARGET"
            line += f"; {old:8.1f} before: {ratio:4.1f}x faster  {verdict}{same}"
            apps, apps_old = (t[name]["apps"] / now["steps"] * 1e6 for t in (here, before))
            line += (f"\n   {'':18s} {apps:8.1f} us/step by Game.play (the apps' Play 10); "
                     f"{apps_old:8.1f} before: {apps_old / apps:4.1f}x")
        print(line)


def opening() -> None:
    code = ("import time; t = time.perf_counter(); from wartutor.ui.explorer import "
            "explorer_app; explorer_app(); print(time.perf_counter() - t)")
    runs = [float(subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                                 check=True, cwd=HERE).stdout) for _ in range(3)]
    print(f"5. opening the rule explorer's code in a fresh Python: {min(runs):.2f} s "
          f"(best of 3; a kernel's start on top)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--war-fast", type=Path, required=True,
                        help="the plain-Python classic War loop to compare with (war_fast.py)")
    parser.add_argument("--baseline", type=Path, default=None,
                        help="an older tree of this package, for the traced engine's ratio")
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--classic-games", type=int, default=100_000)
    parser.add_argument("--battle-games", type=int, default=1000,
                        help="games per round for the per-battle comparison")
    parser.add_argument("--rounds", type=int, default=7)
    args = parser.parse_args()
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    print(f"explore speed on {os.cpu_count()} cores, Python {sys.version.split()[0]}, "
          f"load average {load} (other work slows the wall-clock figures 1 and 2)")
    thousand_games(args.games)
    classic_games(args.classic_games)
    per_battle(args.war_fast.resolve(), args.battle_games, args.rounds)
    traced_steps(args.baseline.resolve() if args.baseline else None)
    opening()


if __name__ == "__main__":
    main()
