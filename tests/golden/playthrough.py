"""One seeded game per variant, written out as plain text (OpenSpiel's golden playthroughs).

The text lists the seed and the rulings, then every step: who acted, what they did (and
what else they could have done), and each event's explanation with the rule it cites.
Both ``regenerate.py`` and ``tests/test_golden.py`` render through :func:`render`, so the
file on disk and the text the test compares are made in exactly one way.
"""

from __future__ import annotations

import difflib
from collections.abc import Mapping
from dataclasses import dataclass, field
from itertools import pairwise
from pathlib import Path
from typing import Any

from wartutor.core import Game, play_out, rules_from, rulings_of, settings_of
from wartutor.variants import VARIANTS, find_variant

HERE = Path(__file__).resolve().parent
REGENERATE = "python tests/golden/regenerate.py"


@dataclass(frozen=True)
class GoldenGame:
    """Which game to write out: a seed, rulings that keep it short, and a safety cap."""

    seed: int
    settings: Mapping[str, Any] = field(default_factory=dict)
    max_steps: int = 60


# Classic War, seed 26: four wars and a win by taking every card in battle 36; the
# battle limit of 60 keeps the file readable whatever the engine does.
GOLDEN_GAMES: dict[str, GoldenGame] = {
    "classic_war": GoldenGame(seed=26, settings={"battle_limit": 60}, max_steps=60),
    # War Room, seed 29, three players: target choices, Defend Ally without a target, tie-breaks
    # and a stalemate; the limit of 10 rounds stops it unfinished after 37 choices.
    "war_room": GoldenGame(seed=29, settings={"players": 3, "round_limit": 10}, max_steps=60),
    # Arsenal, seed 4, on the 60-card deck (30 rounds, 58 choices): shields, Counter-Strikes,
    # the pile running dry, a 30-30 tie and a sudden-death draw.
    "arsenal": GoldenGame(seed=4, settings={"deck": "four-suits"}, max_steps=60),
    # Guerrilla Tactics, seed 5, three players: supports, a tie-break, spies, promotions,
    # loss of forces, reshuffles and two eliminations, won in 60 choices.
    "guerrilla_tactics": GoldenGame(seed=5, settings={"players": 3}, max_steps=80),
    # Trade War, seed 151, four heuristic players: misses, doubles, swaps, centre draws, a
    # Putin assassination and a three-wins reward; the limit of 20 turns stops it unfinished.
    "trade_war": GoldenGame(seed=151, settings={"players": 4, "turn_limit": 20}, max_steps=80),
}
DEFAULT_GAME = GoldenGame(seed=1)


def path_of(name: str, directory: Path = HERE) -> Path:
    return directory / f"{name}.txt"


def play(name: str) -> Game[Any]:
    """The golden game of a variant, played by its default agents."""
    variant = find_variant(name)
    golden = GOLDEN_GAMES.get(name, DEFAULT_GAME)
    rules = rules_from(variant.rules_type, golden.settings)
    make_agent = next(iter(variant.agents.values()))
    players = range(len(variant.player_names(rules)))
    agents = {p: make_agent(p, golden.seed) for p in players}
    return play_out(Game.new(variant, rules, golden.seed), agents, golden.max_steps)


def render(game: Game[Any]) -> str:
    variant, rules = game.variant, game.rules
    names = variant.player_names(rules)
    rulings = rulings_of(type(rules))
    width = max((len(r.id) for r in rulings.values()), default=0)
    lines = [
        f"Golden playthrough: {variant.title} ({variant.name})",
        f"Regenerate with: {REGENERATE}",
        "",
        f"seed: {game.seed}",
        "rulings:",
        *(f"  {rulings[k].id:<{width}} {k} = {v!r}" for k, v in settings_of(rules).items()),
    ]

    def said(events: tuple[Any, ...]) -> list[str]:
        return [f"  {variant.explain(e)}  [{variant.rule_titles[e.rule]}]" for e in events]

    lines += ["", "deal", *said(game.steps[0].events)]
    for number, (before, step) in enumerate(pairwise(game.steps), start=1):
        decision = variant.decision(before.state)
        choice = f"{number}. {names[decision.player]}: {step.action}"
        if len(decision.legal_actions) > 1:
            choice += f"  (legal: {', '.join(decision.legal_actions)})"
        lines += ["", choice, *said(step.events)]
    summary = variant.summarize(game)
    if summary.winners is None:
        result = "unfinished"
    elif summary.winners:
        result = " and ".join(names[w] for w in summary.winners) + " won"
    else:
        result = "a draw"
    counts = ", ".join(f"{k} {v}" for k, v in summary.counts.items())
    lines += ["", f"result: {result} ({summary.ending}); length {summary.length}; {counts}", ""]
    return "\n".join(lines)


def difference(expected: str, actual: str, path: Path) -> str | None:
    """None if the texts agree, else a unified diff saying how to accept the change."""
    if expected == actual:
        return None
    diff = "".join(difflib.unified_diff(
        expected.splitlines(keepends=True), actual.splitlines(keepends=True),
        fromfile=f"{path.name} (golden)", tofile=f"{path.name} (engine now)",
    ))
    return (f"the golden playthrough {path} differs from what the engine plays now:\n{diff}\n"
            f"If the change is intended, run {REGENERATE} and review the new file.")


def write_all(directory: Path = HERE) -> list[Path]:
    """Rewrite the golden file of every variant; returns the paths written."""
    written = []
    directory.mkdir(parents=True, exist_ok=True)
    for name in VARIANTS:
        path = path_of(name, directory)
        path.write_text(render(play(name)), encoding="utf-8")
        written.append(path)
    return written
