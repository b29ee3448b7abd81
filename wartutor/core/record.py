"""A game as a readable Markdown record: what to take home besides the replayable trace.

The record lists every step with its explanations and the rule each one cites, under a
header with the variant, the deal code and the rulings. Explanations are worded for
one player (the one who played the app), as the app's log words them.

>>> from wartutor.core import Game
>>> from wartutor.variants import find_variant
>>> game = Game.new(find_variant("classic_war"), seed=7).play("turn")
>>> print(game_record(game).splitlines()[0])
# Classic War: a game record
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from wartutor.core.dealcode import deal_code
from wartutor.core.engine import Event, Game
from wartutor.core.errors import BadInput
from wartutor.core.position import RULE_TITLE, PositionSet, explain_position
from wartutor.core.rulings import rulings_of
from wartutor.core.voice import speaking
from wartutor.language import _


def explanation(game: Game[Any], event: Event, player: int | None,
                names: Sequence[str] | None = None) -> str:
    """An event's words as ``player`` may know them (a variant may word private events so),
    spoken to ``player`` ("you") with the other seats called ``names`` (see core.voice)."""
    if isinstance(event, PositionSet):  # the one event of the core, the same in every game
        return explain_position(event)
    explain_for = getattr(game.variant, "explain_for", None)
    with speaking(player, names):
        return explain_for(event, player) if explain_for else game.variant.explain(event)


def cited_rule(game: Game[Any], event: Event) -> str:
    if isinstance(event, PositionSet):
        return _(RULE_TITLE)
    return game.variant.rule_titles.get(event.rule, event.rule)


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def game_record(game: Game[Any], player: int | None = 0) -> str:
    """The whole game as Markdown, each step with its explanations and cited rules."""
    variant = game.variant
    try:
        code = deal_code(variant.name, game.rules, game.seed)
    except BadInput:
        code = "none (this game's rulings do not fit in a code; open its trace instead)"
    if game.stacked is not None:
        code = "none (a set deal; open its trace instead)"
    if game.position is not None:
        code = "none (a set position; open its trace instead)"
    lines = [
        f"# {variant.title}: a game record",
        "",
        f"- Game: {variant.title}",
        f"- Deal code: {code}",
        f"- Seed: {game.seed}",
        f"- Players: {', '.join(variant.player_names(game.rules))}",
        f"- Steps: {len(game.steps) - 1} after the deal",
    ]
    if game.outcome is not None:
        lines.append(f"- Result: {explanation(game, game.outcome.because, player)}")
    lines += ["", "## Rulings", "", "| Ruling | Question | In this game |", "|---|---|---|"]
    for name, meta in rulings_of(variant.rules_type).items():
        value = getattr(game.rules, name)
        shown = "none" if value is None else str(value)
        if len(shown) > 60:
            shown = shown[:57] + "..."  # a deck file of one's own: the trace holds it whole
        lines.append(f"| {meta.id} | {_cell(meta.question)} | {_cell(shown)} |")
    lines += ["", "## Steps", ""]
    for number, step in enumerate(game.steps):
        first = "The deal" if game.position is None else "The set position"
        title = first if step.action is None else f"Step {number}: `{step.action}`"
        lines += [f"### {title}", ""]
        lines += [f"- {explanation(game, event, player)} *({cited_rule(game, event)})*"
                  for event in step.events]
        lines.append("")
    lines.append("Replay this game exactly: open its trace (the .json file) in the app.")
    return "\n".join(lines) + "\n"
