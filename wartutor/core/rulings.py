"""Named rulings: the answers this package gives where a rule text is silent.

Every variant keeps its rule options in one frozen dataclass. Each field is declared
with :func:`ruling`, which records the ruling's id, its question, what is allowed and
why the default was chosen. From that one declaration come the validation of a
setting, the table of rulings shown in the apps, and the widgets that switch them.

Some questions have only one sensible answer; they are :class:`FixedRuling` values,
listed in the table and cited by the events they decide, but not switchable.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, TypeVar

from wartutor.core.errors import BadInput, quoted

R = TypeVar("R")


@dataclass(frozen=True)
class Ruling:
    """What one rule option means; stored in the dataclass field's metadata."""

    id: str
    question: str
    why: str
    choices: tuple[Any, ...]
    # For options that take a number rather than one of a few choices.
    accepts: Callable[[Any], bool] | None = None
    allowed_text: str = ""

    def allows(self, value: Any) -> bool:
        if self.accepts is not None:
            return self.accepts(value)
        return any(value == c and type(value) is type(c) for c in self.choices)

    def describe_allowed(self) -> str:
        return self.allowed_text or ", ".join(repr(c) for c in self.choices)


@dataclass(frozen=True)
class FixedRuling:
    """A question the text leaves open that has one sensible answer.

    It is listed in the rulings table, and the events it decides cite its id.
    """

    id: str
    question: str
    answer: str


def ruling(
    id: str,
    question: str,
    *,
    default: Any,
    choices: tuple[Any, ...],
    why: str,
    accepts: Callable[[Any], bool] | None = None,
    allowed_text: str = "",
) -> Any:
    """Declare a rule option as a dataclass field (choices also feed the app's menus)."""
    meta = Ruling(id, question, why, choices, accepts, allowed_text)
    return dataclasses.field(default=default, metadata={"ruling": meta})


def rulings_of(rules_type: type) -> dict[str, Ruling]:
    """Field name -> ruling, in declaration order."""
    return {f.name: f.metadata["ruling"] for f in dataclasses.fields(rules_type)}


def check_rulings(rules: object) -> None:
    """Raise :class:`BadInput` for the first option whose value is not allowed."""
    for name, meta in rulings_of(type(rules)).items():
        value = getattr(rules, name)
        if not meta.allows(value):
            raise BadInput(f"ruling {meta.id} ({name}) cannot be {quoted(value)}",
                           allowed=meta.describe_allowed())


def rules_from(rules_type: type[R], settings: Mapping[str, Any]) -> R:
    """Build a rules object from ``{"option": value}``, refusing unknown names."""
    known = rulings_of(rules_type)
    for name in settings:
        if name not in known:
            raise BadInput(f"{quoted(name)} is not a rule option of {rules_type.__name__}",
                           allowed=", ".join(known))
    return rules_type(**settings)


def settings_of(rules: object) -> dict[str, Any]:
    """The inverse of :func:`rules_from`: every option and its value."""
    return {name: getattr(rules, name) for name in rulings_of(type(rules))}


def shared_play_rules(variant: Any, settings: Mapping[str, Any] | None = None) -> Any:
    """The rules for play between people (rooms, pass-and-play): the variant's
    ``shared_play_settings`` (the rulings under which being asked gives nothing away),
    then ``settings`` over them, as a teacher chose."""
    chosen = {**getattr(variant, "shared_play_settings", {}), **(settings or {})}
    return rules_from(variant.rules_type, chosen)
