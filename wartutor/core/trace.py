"""Traces: a whole game as its seed, its rules and its actions, saved as versioned JSON.

A game started from a set position (``Game.from_position``) keeps that position in a
"position" field; such a trace is written as version 2, every other as version 1, and
both load. Events and states are not stored: they are rebuilt by replaying, so a trace can
never disagree with the engine. Loading checks every field and replays every action,
so a malformed or tampered file is refused, on load, with a message that names the
problem. Whatever the bytes, nothing but :class:`BadInput` escapes, and a file past a
limit (its size, its actions, see ``docs/limits.md``) is refused before it is parsed.

A trace's repr is a line, whatever its length; in a notebook it shows a summary, with the
outcome when a replay is quick (``_repr_html_``):

>>> from wartutor.core import Game
>>> from wartutor.variants import find_variant
>>> war = find_variant("classic_war")
>>> game = Game.new(war, war.rules_type(war_down=3), seed=4).play("turn")
>>> Trace.of(game)
<Trace of Classic War, seed 4: 1 action, rulings changed: war_down=3>
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from wartutor.core.chance import check_seed
from wartutor.core.engine import Game, clipped, notebook_html
from wartutor.core.errors import BadInput, quoted
from wartutor.core.limits import parse_json, read_text
from wartutor.core.registry import find_variant
from wartutor.core.rulings import rules_from, rulings_of, settings_of
from wartutor.language import _

FORMAT = "wartutor-trace"
VERSION = 1
POSITION_VERSION = 2  # a trace of a game started from a set position, with its "position"
MAX_BYTES = 2_000_000  # a file, or a text, of a trace; 50,000 actions take about 900,000
MAX_ACTIONS = 50_000  # ten times a long game: War Room's random players take about 5,000
MAX_ACTION_CHARS = 100  # the longest action of any variant has 15
_ALLOWED = "a file saved by wartutor's trace export"
_SCALARS = (str, int, bool, type(None))  # what a ruling's setting can be
SHOWN_RULINGS = 3  # rulings a trace's repr names; the rest it counts


def changed_rulings(rules_type: type, settings: dict[str, Any]) -> dict[str, Any]:
    """The ``settings`` that differ from the defaults of ``rules_type`` (or that it does not
    know), in its order of rulings."""
    defaults = settings_of(rules_type())
    order = {name: n for n, name in enumerate(rulings_of(rules_type))}
    changed = {name: value for name, value in settings.items()
               if name not in defaults or value != defaults[name]
               or type(value) is not type(defaults[name])}
    return dict(sorted(changed.items(), key=lambda item: order.get(item[0], len(order))))


def rulings_words(changed: dict[str, Any]) -> str:
    """Changed rulings in a few words: "rulings as written", or the first few of them
    ("rulings changed: war_down=3, pickup='random' and 2 more"), each value short."""
    if not changed:
        return _("rulings as written")
    # The rule options' names and values are written as the code and the trace write them.
    shown = ", ".join(f"{_option(name)}={quoted(value)}"
                      for name, value in list(changed.items())[:SHOWN_RULINGS])
    more = len(changed) - SHOWN_RULINGS
    return (_("rulings changed: {shown} and {more} more") if more > 0
            else _("rulings changed: {shown}")).format(shown=shown, more=more)


def _option(name: object) -> str:
    """A rule option's name as written, unless it is none (in a trace made by hand)."""
    return name if isinstance(name, str) and name.isidentifier() else quoted(name)


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

    def __repr__(self) -> str:
        """One line, whatever the trace's length: its game, seed, actions and rulings."""
        try:
            title = find_variant(self.variant).title
        except BadInput:  # not a variant known here (or wartutor.variants not imported)
            title = quoted(self.variant)
        deal = ("a set position, " if self.position is not None
                else "a stacked deal, " if self.stacked is not None else "")
        count = len(self.actions)
        return clipped(f"<Trace of {title}, {deal}seed {quoted(self.seed)}: {count:,} "
                       f"action{'' if count == 1 else 's'}, "
                       f"{rulings_words(self.rulings_changed())}>")

    def rulings_changed(self) -> dict[str, Any]:
        """The rule options this trace sets otherwise than its variant's defaults (all of
        them if the variant is not known here), in the variant's order."""
        try:
            rules_type = find_variant(self.variant).rules_type
        except BadInput:
            return dict(self.rules)
        return changed_rulings(rules_type, self.rules)

    def _repr_html_(self) -> str:
        """A summary: the game, seed, rulings, actions, and the outcome if quick to replay."""
        return notebook_html("trace_html", self)

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
