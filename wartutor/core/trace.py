"""Traces: a whole game as its seed, its rules and its actions, saved as versioned JSON.

Events and states are not stored: they are rebuilt by replaying, so a trace can
never disagree with the engine. Loading checks every field and replays every action,
so a malformed or tampered file is refused, on load, with a message that names the
problem.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from wartutor.core.chance import check_seed
from wartutor.core.engine import Game
from wartutor.core.errors import BadInput
from wartutor.core.rulings import rules_from, settings_of

FORMAT = "wartutor-trace"
VERSION = 1


@dataclass(frozen=True)
class Trace:
    """Everything needed to replay a game exactly."""

    variant: str
    seed: int
    rules: dict[str, Any]
    actions: tuple[str, ...]
    stacked: tuple[str, ...] | None = None

    @classmethod
    def of(cls, game: Game[Any]) -> Trace:
        return cls(game.variant.name, game.seed, settings_of(game.rules), game.actions,
                   game.stacked)

    def to_json(self) -> str:
        return json.dumps({
            "format": FORMAT, "version": VERSION, "variant": self.variant, "seed": self.seed,
            "rules": self.rules,
            "stacked": list(self.stacked) if self.stacked is not None else None,
            "actions": list(self.actions),
        }, indent=1)

    @classmethod
    def from_json(cls, text: str) -> Trace:
        try:
            data = json.loads(text)
        except json.JSONDecodeError as e:
            raise BadInput(f"the trace is not valid JSON ({e})",
                           allowed="a file saved by wartutor's trace export") from None
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise BadInput("this file is not a wartutor trace",
                           allowed=f'a JSON object with "format": "{FORMAT}"')
        if type(data.get("version")) is not int or data["version"] != VERSION:
            raise BadInput(f"trace version {data.get('version')!r} is not supported",
                           allowed=f"version {VERSION}")
        fields = {"variant": (str, "string"), "seed": (int, "number"), "rules": (dict, "object"),
                  "actions": (list, "list")}
        for name, (kind, json_name) in fields.items():
            if not isinstance(data.get(name), kind):
                raise BadInput(f"the trace's {name!r} field is missing or not a {json_name}",
                               allowed=f"{name!r} as a JSON {json_name}")
        if not all(isinstance(a, str) for a in data["actions"]):
            raise BadInput("the trace's actions are not all text", allowed="a list of strings")
        stacked = data.get("stacked")
        if stacked is not None and not (
            isinstance(stacked, list) and all(isinstance(s, str) for s in stacked)
        ):
            raise BadInput("the trace's 'stacked' field is malformed",
                           allowed="null or a list of card lists such as \"9S KD\"")
        trace = cls(data["variant"], check_seed(data["seed"]), data["rules"],
                    tuple(data["actions"]), tuple(stacked) if stacked is not None else None)
        trace.replay()  # refuses an unknown variant, a bad ruling or a tampered action
        return trace

    def save(self, path: str | Path) -> None:
        Path(path).write_text(self.to_json(), encoding="utf-8")

    @classmethod
    def load(cls, path: str | Path) -> Trace:
        return cls.from_json(Path(path).read_text(encoding="utf-8"))

    def replay(self) -> Game[Any]:
        """The game this trace describes, rebuilt step by step (every action re-checked)."""
        from wartutor.variants import find_variant

        variant = find_variant(self.variant)
        game = Game.new(variant, rules_from(variant.rules_type, self.rules), self.seed,
                        self.stacked)
        for number, action in enumerate(self.actions, start=1):
            try:
                game = game.play(action)
            except BadInput as e:
                raise BadInput(f"the trace cannot be replayed: step {number} ({action!r}) is "
                               f"refused: {e.problem}", allowed=e.allowed) from None
        return game
