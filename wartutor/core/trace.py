"""Traces: a whole game as its seed, its rules and its actions, saved as versioned JSON.

A game started from a set position (``Game.from_position``) keeps that position in a
"position" field; such a trace is written as version 2, every other as version 1, and
both load. Events and states are not stored: they are rebuilt by replaying, so a trace can
never disagree with the engine. Loading checks every field and replays every action,
so a malformed or tampered file is refused, on load, with a message that names the
problem. Whatever the bytes, nothing but :class:`BadInput` escapes, and a file past a
limit (its size, its actions, see ``docs/limits.md``) is refused before it is parsed.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from wartutor.core.chance import check_seed
from wartutor.core.engine import Game
from wartutor.core.errors import BadInput, quoted
from wartutor.core.limits import parse_json, read_text
from wartutor.core.registry import find_variant
from wartutor.core.rulings import rules_from, settings_of

FORMAT = "wartutor-trace"
VERSION = 1
POSITION_VERSION = 2  # a trace of a game started from a set position, with its "position"
MAX_BYTES = 2_000_000  # a file, or a text, of a trace; 50,000 actions take about 900,000
MAX_ACTIONS = 50_000  # ten times a long game: War Room's random players take about 5,000
MAX_ACTION_CHARS = 100  # the longest action of any variant has 15
_ALLOWED = "a file saved by wartutor's trace export"
_SCALARS = (str, int, bool, type(None))  # what a ruling's setting can be


@dataclass(frozen=True)
class Trace:
    """Everything needed to replay a game exactly."""

    variant: str
    seed: int
    rules: dict[str, Any]
    actions: tuple[str, ...]
    stacked: tuple[str, ...] | None = None
    position: dict[str, Any] | None = None

    @classmethod
    def of(cls, game: Game[Any]) -> Trace:
        return cls(game.variant.name, game.seed, settings_of(game.rules), game.actions,
                   game.stacked, game.position)

    def to_json(self) -> str:
        data = {
            "format": FORMAT, "version": VERSION, "variant": self.variant, "seed": self.seed,
            "rules": self.rules,
            "stacked": list(self.stacked) if self.stacked is not None else None,
            "actions": list(self.actions),
        }
        if self.position is not None:
            data |= {"version": POSITION_VERSION, "position": self.position}
        return json.dumps(data, indent=1)

    @classmethod
    def from_json(cls, text: str) -> Trace:
        """The trace a JSON text holds, checked field by field and replayed; refused with
        :class:`BadInput` naming the problem, whatever the text."""
        data = parse_json(text, max_chars=MAX_BYTES, what="the trace", allowed=_ALLOWED)
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise BadInput("this file is not a wartutor trace",
                           allowed=f'a JSON object with "format": "{FORMAT}"')
        version = data.get("version")
        has_position = "position" in data
        if type(version) is not int or version not in (VERSION, POSITION_VERSION) or (
            version == POSITION_VERSION and not has_position
        ):
            raise BadInput(f"trace version {quoted(version)} is not supported",
                           allowed=f"version {VERSION}. A trace of version {POSITION_VERSION} "
                                   "is of a game from a set position, and has its 'position'")
        if version == VERSION and has_position:
            raise BadInput(f"a trace of version {VERSION} has no 'position' field",
                           allowed=f"version {POSITION_VERSION} for a game from a set position")
        position = data.get("position")
        if has_position and not isinstance(position, dict):
            raise BadInput("the trace's 'position' field is not an object",
                           allowed="'position' as a JSON object, as Game.from_position takes")
        fields = {"variant": (str, "string"), "seed": (int, "number"), "rules": (dict, "object"),
                  "actions": (list, "list")}
        for name, (kind, json_name) in fields.items():
            if not isinstance(data.get(name), kind):
                raise BadInput(f"the trace's {quoted(name)} field is missing or not a {json_name}",
                               allowed=f"{name!r} as a JSON {json_name}")
        actions = data["actions"]
        if len(actions) > MAX_ACTIONS:
            raise BadInput(f"the trace has {len(actions):,} actions",
                           allowed=f"at most {MAX_ACTIONS:,} actions")
        if not all(isinstance(a, str) for a in actions):
            raise BadInput("the trace's actions are not all text", allowed="a list of strings")
        for number, action in enumerate(actions, start=1):
            if len(action) > MAX_ACTION_CHARS:
                raise BadInput(f"the trace's step {number} is an action of {len(action):,} "
                               f"characters", allowed=f"actions of at most {MAX_ACTION_CHARS} "
                                                      "characters, such as 'turn' or 'play 9S'")
        for name, value in data["rules"].items():
            if not isinstance(value, _SCALARS):
                raise BadInput(f"the trace's rule option {quoted(name)} is {quoted(value)}",
                               allowed="a string, a whole number, true, false or null")
        stacked = data.get("stacked")
        if stacked is not None and not (
            isinstance(stacked, list) and all(isinstance(s, str) for s in stacked)
        ):
            raise BadInput("the trace's 'stacked' field is malformed",
                           allowed="null or a list of card lists such as \"9S KD\"")
        if position is not None and stacked is not None:
            raise BadInput("the trace has both a stacked deal and a set position",
                           allowed="'stacked': null in a trace of a game from a set position")
        trace = cls(data["variant"], check_seed(data["seed"]), data["rules"],
                    tuple(actions), tuple(stacked) if stacked is not None else None, position)
        trace.replay()  # refuses an unknown variant, a bad ruling or a tampered action
        return trace

    def save(self, path: str | Path) -> None:
        Path(path).write_text(self.to_json(), encoding="utf-8")

    @classmethod
    def load(cls, path: str | Path) -> Trace:
        """The trace saved in a file: refused, like :meth:`from_json`, whatever its bytes."""
        return cls.from_json(read_text(path, max_bytes=MAX_BYTES, what="the trace file",
                                       allowed=_ALLOWED))

    def replay(self) -> Game[Any]:
        """The game this trace describes, rebuilt step by step (every action re-checked)."""
        variant = find_variant(self.variant)
        rules = rules_from(variant.rules_type, self.rules)
        if self.position is not None:
            try:
                game = Game.from_position(variant, rules, self.position, self.seed)
            except BadInput as e:
                raise BadInput(f"the trace's position is refused: {e.problem}",
                               allowed=e.allowed) from None
        else:
            game = Game.new(variant, rules, self.seed, self.stacked)
        for number, action in enumerate(self.actions, start=1):
            try:
                game = game.play(action)
            except BadInput as e:
                raise BadInput(f"the trace cannot be replayed: step {number} "
                               f"({quoted(action)}) is refused: {e.problem}",
                               allowed=e.allowed) from None
        return game
