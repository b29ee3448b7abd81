"""War Room cards as data: a deck file in TOML, checked field by field on load.

The rule text gives the round but not the cards, so a deck is a file. A card has a
code (for stacked deals and traces), a name, a printed VC (lower is better) and an
activation: a list of instructions, each Attack, Defend or Defend Ally, changing VC
by a whole amount (never clamped), with a target rule, mandatory or optional::

    format = "wartutor-war-room-deck"
    version = 1
    name = "Field Manual"

    [[cards]]
    code = "SN"
    name = "Sniper"
    vc = 6
    copies = 6
    instructions = [
      { kind = "attack", change = 4, target = "chosen-opponent", mandatory = true },
      { kind = "defend", change = 1, target = "self", mandatory = true },
    ]

>>> deck = default_deck()
>>> deck.name, len(deck.cards)
('Field Manual', 60)
>>> deck.kind("SN").instructions[0]
Instruction(kind='attack', change=4, target='chosen-opponent', mandatory=True)
>>> str(deck.kind("SN"))
'Sniper (VC 6)'
>>> parse_deck(to_toml(deck)) == deck
True
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import Any

from wartutor.core.errors import BadInput, quoted
from wartutor.core.limits import MAX_DIGITS, MAX_NESTING, check_nesting, check_text, too_deep
from wartutor.language import _, pgettext

FORMAT = "wartutor-war-room-deck"
VERSION = 1
DEFAULT_DECK = "field-manual"  # the deck shipped in this package, field_manual.toml

KINDS = ("attack", "defend", "defend-ally")
# Which target rules each kind of instruction may use: Attack aims at opponents,
# Defend at your own card, Defend Ally at another friendly card.
TARGETS = {
    "attack": ("chosen-opponent", "highest-opponent", "lowest-opponent", "all-opponents"),
    "defend": ("self",),
    "defend-ally": ("chosen-ally", "all-allies"),
}
# Limits on a deck file, checked before anything is built from it (docs/limits.md).
MAX_TEXT = 100_000  # characters of the file; the shipped deck has 2,695
MAX_KINDS = 50  # kinds of card
MAX_CARDS = 300  # cards in all, counting every copy: 60 for each of five players
MAX_INSTRUCTIONS = 8  # instructions of one card
MAX_NUMBER = 999  # the largest VC or change, either way from 0
MAX_NAME = 60  # characters of the deck's name (a card's name has at most 24)
MAX_DESCRIPTION = 1_000  # characters of its description
# A TOML file's strings and comments, which may hold any brackets or digits.
_SKIPPED = re.compile(r'"""(?:[^"\\]|\\[\s\S]|"(?!""))*"""|\'\'\'[\s\S]*?\'\'\''
                      r'|"(?:[^"\\\n]|\\.)*"|\'[^\'\n]*\'|#[^\n]*')
_DIGITS = re.compile(r"(?<![A-Za-z_])\d[\d_]*")
_ALLOWED_FILE = "a TOML file like the shipped field_manual.toml"

_CODE = re.compile(r"[A-Z0-9]{1,4}")
_CARD_FIELDS = {"code": str, "name": str, "vc": int, "copies": int, "instructions": list}
_INSTRUCTION_FIELDS = {"kind": str, "change": int, "target": str, "mandatory": bool}


@dataclass(frozen=True, slots=True)
class Instruction:
    """One step of an activation: ``change`` is added to each target's VC."""

    kind: str
    change: int
    target: str
    mandatory: bool


@dataclass(frozen=True, slots=True)
class RoomCard:
    """A kind of War Room card; the deck holds ``copies`` equal values of it."""

    code: str
    name: str
    vc: int
    instructions: tuple[Instruction, ...]

    @property
    def can_activate(self) -> bool:
        return bool(self.instructions)

    def __str__(self) -> str:
        return f"{self.name} (VC {self.vc})"


@dataclass(frozen=True)
class Deck:
    """A named deck: ``kinds`` in file order and ``cards``, every copy, in the same order."""

    name: str
    description: str
    kinds: tuple[RoomCard, ...]
    copies: tuple[int, ...]

    @property
    def cards(self) -> tuple[RoomCard, ...]:
        return tuple(k for k, n in zip(self.kinds, self.copies, strict=True) for _ in range(n))

    def kind(self, code: str) -> RoomCard:
        """The card a code names, or a clear error listing the codes there are."""
        for k in self.kinds:
            if k.code == code.strip().upper():
                return k
        raise BadInput(_("{code} is not a card of the deck {deck}").format(
                           code=quoted(code), deck=quoted(self.name)),
                       allowed=", ".join(f"{k.code} ({k.name})" for k in self.kinds))

    def parse(self, codes: str) -> tuple[RoomCard, ...]:
        """The cards a space-separated list of codes names, in order: ``"SC SN SN"``."""
        return tuple(self.kind(code) for code in codes.split())

    def with_card(self, code: str, **changes: Any) -> Deck:
        """This deck with one kind of card changed, checked like a file: ``with_card("SN", vc=4)``.

        The fields are those of a deck file (code, name, vc, copies, instructions).
        """
        index = self.kinds.index(self.kind(code))
        tables = [_as_table(k, n) for k, n in zip(self.kinds, self.copies, strict=True)]
        for key, value in changes.items():
            if key == "instructions":
                value = [_instruction_table(s) if isinstance(s, Instruction) else s
                         for s in value]
            tables[index][key] = value
        return _deck(self.name, self.description, tables)


# The shipped deck's names in the student's language (a deck changed from it keeps
# them); any other name in a deck file is a teacher's own word, shown as written.


def _shipped_names() -> dict[str, str]:
    return {
        # Translators: the shipped War Room deck's name
        "Field Manual": pgettext("War Room deck", "Field Manual"),
        # Translators: the names of War Room's cards (soldiers and weapons)
        "Scout": pgettext("War Room card", "Scout"),
        "Saboteur": pgettext("War Room card", "Saboteur"),
        "Sentry": pgettext("War Room card", "Sentry"),
        "Mortar": pgettext("War Room card", "Mortar"),
        "Sniper": pgettext("War Room card", "Sniper"),
        "Medic": pgettext("War Room card", "Medic"),
        "Artillery": pgettext("War Room card", "Artillery"),
        "Double Agent": pgettext("War Room card", "Double Agent"),
        "Commander": pgettext("War Room card", "Commander"),
        "Ghost": pgettext("War Room card", "Ghost"),
    }


def said_name(name: str) -> str:
    """A card's or a deck's name as a student reads it: the shipped deck's names in the
    language in force, a deck file's own names as written."""
    return _shipped_names().get(name, name)


def said(card: RoomCard) -> str:
    """A card with its printed VC, as a student reads it: ``Sniper (VC 6)``."""
    return _("{card} (VC {vc})").format(card=said_name(card.name), vc=card.vc)


# Loading: every field is checked, and an error names the card and the field.


def _refuse(where: str, problem: str, allowed: str) -> BadInput:
    return BadInput(f"deck file: {where}: {problem}", allowed=allowed)


def _check_fields(where: str, table: Any, fields: dict[str, type]) -> None:
    if not isinstance(table, dict):
        raise _refuse(where, "is not a table", "a TOML table such as { kind = \"attack\", ... }")
    for key in table:
        if key not in fields:
            raise _refuse(where, f"unknown field {quoted(key)}", "the fields " + ", ".join(fields))
    for key, kind in fields.items():
        if key not in table:
            raise _refuse(where, f"the field {key!r} is missing",
                          f"{key!r} as a TOML {_type_word(kind)}")
        value = table[key]
        # bool is a kind of int in Python, but 'vc = true' is a mistake in a deck file.
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            raise _refuse(where, f"the field {key!r} is {quoted(value)}, not a {_type_word(kind)}",
                          f"{key!r} as a TOML {_type_word(kind)}")


def _type_word(kind: type) -> str:
    return {str: "string", int: "whole number", bool: "true or false", list: "list"}[kind]


def _instruction(where: str, table: Any) -> Instruction:
    _check_fields(where, table, _INSTRUCTION_FIELDS)
    kind, target = table["kind"], table["target"]
    if kind not in KINDS:
        raise _refuse(where, f"the kind {quoted(kind)} is unknown", ", ".join(map(repr, KINDS)))
    if target not in TARGETS[kind]:
        known = {t for ts in TARGETS.values() for t in ts}
        problem = (f"the target rule {target!r} does not fit the kind {kind!r}"
                   if target in known else f"the target rule {quoted(target)} is unknown")
        raise _refuse(where, problem, f"for {kind!r}: " + ", ".join(map(repr, TARGETS[kind])))
    if not -MAX_NUMBER <= table["change"] <= MAX_NUMBER:
        raise _refuse(where, f"the change is {quoted(table['change'])}",
                      f"a whole number from {-MAX_NUMBER} to {MAX_NUMBER}")
    if table["change"] == 0:
        raise _refuse(where, "the change is 0, so the instruction would do nothing",
                      "a whole number other than 0 (negative lowers VC, which is better)")
    return Instruction(kind, table["change"], target, table["mandatory"])


def _card(index: int, table: Any) -> tuple[RoomCard, int]:
    label = table.get("name") or table.get("code") if isinstance(table, dict) else None
    where = f"card {index + 1}" + (f" ({quoted(label)})" if isinstance(label, str) else "")
    _check_fields(where, table, _CARD_FIELDS)
    if not _CODE.fullmatch(table["code"]):
        raise _refuse(where, f"the code {quoted(table['code'])} is not 1 to 4 capital letters or "
                             "digits",
                      "a short code such as \"SN\"")
    if not 1 <= len(table["name"].strip()) <= 24:
        raise _refuse(where, "the name must have 1 to 24 characters", "a short name")
    if not -MAX_NUMBER <= table["vc"] <= MAX_NUMBER:
        raise _refuse(where, f"the VC is {quoted(table['vc'])}",
                      f"a whole number from {-MAX_NUMBER} to {MAX_NUMBER}")
    if not 1 <= table["copies"] <= MAX_CARDS:
        raise _refuse(where, f"copies is {quoted(table['copies'])}",
                      f"a whole number from 1 to {MAX_CARDS} (a deck has at most {MAX_CARDS} "
                      "cards)")
    if len(table["instructions"]) > MAX_INSTRUCTIONS:
        raise _refuse(where, f"the card has {len(table['instructions']):,} instructions",
                      f"at most {MAX_INSTRUCTIONS} instructions")
    steps = tuple(_instruction(f"{where}, instruction {i + 1}", step)
                  for i, step in enumerate(table["instructions"]))
    return RoomCard(table["code"], table["name"].strip(), table["vc"], steps), table["copies"]


def parse_deck(text: str) -> Deck:
    """The deck a TOML text describes; :class:`BadInput` naming the card and field at fault,
    whatever the text (the limits above are checked before it is parsed)."""
    text = check_text(text, max_chars=MAX_TEXT, what="the deck file", allowed=_ALLOWED_FILE)
    check_nesting(text, _SKIPPED, what="the deck file", allowed=_ALLOWED_FILE)
    unquoted = _SKIPPED.sub(" ", text)
    if any(line.count(".") > MAX_NESTING for line in unquoted.splitlines()):
        raise too_deep("the deck file", _ALLOWED_FILE)  # a.b.c = 1 nests tables as well
    for number in _DIGITS.findall(unquoted):
        if len(number.replace("_", "")) > MAX_DIGITS:
            raise BadInput(f"deck file: a number has {len(number.replace('_', '')):,} digits",
                           allowed=f"whole numbers from {-MAX_NUMBER} to {MAX_NUMBER}")
    try:
        data = tomllib.loads(text)
    except ValueError as e:  # TOMLDecodeError is one
        raise BadInput(f"deck file: not valid TOML ({e})", allowed=_ALLOWED_FILE) from None
    except RecursionError:  # check_nesting stops this first; kept so nothing else escapes
        raise too_deep("the deck file", _ALLOWED_FILE) from None
    if data.get("format") != FORMAT or type(data.get("version")) is not int \
            or data.get("version") != VERSION:
        raise BadInput("deck file: this is not a War Room deck of a known version",
                       allowed=f'format = "{FORMAT}" and version = {VERSION} at the top')
    for key in data:
        if key not in ("format", "version", "name", "description", "cards"):
            raise _refuse("the top", f"unknown field {quoted(key)}",
                          "format, version, name, description and [[cards]]")
    name, description = data.get("name"), data.get("description", "")
    if not isinstance(name, str) or not name.strip():
        raise _refuse("the top", "the deck has no name", 'name = "..." at the top')
    if len(name.strip()) > MAX_NAME:
        raise _refuse("the top", f"the deck's name has {len(name.strip()):,} characters",
                      f"a name of at most {MAX_NAME} characters")
    if not isinstance(description, str):
        raise _refuse("the top", "the description is not text", 'description = "..."')
    if len(description) > MAX_DESCRIPTION:
        raise _refuse("the top", f"the description has {len(description):,} characters",
                      f"a description of at most {MAX_DESCRIPTION:,} characters")
    tables = data.get("cards")
    if not isinstance(tables, list) or not tables:
        raise _refuse("the top", "the deck has no cards", "one [[cards]] table per kind of card")
    return _deck(name.strip(), description, tables)


def _deck(name: str, description: str, tables: list[Any]) -> Deck:
    if len(tables) > MAX_KINDS:
        raise _refuse("the top", f"the deck has {len(tables):,} kinds of card",
                      f"at most {MAX_KINDS} [[cards]] tables")
    kinds, copies = zip(*(_card(i, t) for i, t in enumerate(tables)), strict=True)
    for field in ("code", "name"):
        seen = [getattr(k, field) for k in kinds]
        twice = sorted({v for v in seen if seen.count(v) > 1})
        if twice:
            raise _refuse(f"the cards named {', '.join(map(repr, twice))}",
                          f"two cards share the {field}", f"a different {field} for each card")
    if sum(copies) > MAX_CARDS:
        raise _refuse("the top", f"the deck has {sum(copies):,} cards in all",
                      f"at most {MAX_CARDS} cards, counting every copy")
    return Deck(name, description, tuple(kinds), tuple(copies))


@lru_cache(maxsize=32)
def load_deck(source: str) -> Deck:
    """The shipped deck for ``"field-manual"``, else ``source`` read as the text of a deck file."""
    if source == DEFAULT_DECK:
        return parse_deck(default_deck_text())
    return parse_deck(source)


def default_deck_text() -> str:
    return resources.files(__package__).joinpath("field_manual.toml").read_text(encoding="utf-8")


def default_deck() -> Deck:
    return load_deck(DEFAULT_DECK)


# Writing: the inverse of parse_deck, so a changed deck can be saved and shared.


def _quote(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


def _instruction_table(step: Instruction) -> dict[str, Any]:
    return {"kind": step.kind, "change": step.change, "target": step.target,
            "mandatory": step.mandatory}


def _as_table(kind: RoomCard, copies: int) -> dict[str, Any]:
    return {"code": kind.code, "name": kind.name, "vc": kind.vc, "copies": copies,
            "instructions": [_instruction_table(s) for s in kind.instructions]}


def to_toml(deck: Deck) -> str:
    lines = [f'format = "{FORMAT}"', f"version = {VERSION}", f"name = {_quote(deck.name)}"]
    if deck.description:
        lines.append(f"description = {_quote(deck.description)}")
    for kind, copies in zip(deck.kinds, deck.copies, strict=True):
        lines += ["", "[[cards]]", f"code = {_quote(kind.code)}", f"name = {_quote(kind.name)}",
                  f"vc = {kind.vc}", f"copies = {copies}"]
        if not kind.instructions:
            lines.append("instructions = []")
            continue
        lines.append("instructions = [")
        for step in kind.instructions:
            lines.append(f"  {{ kind = {_quote(step.kind)}, change = {step.change}, "
                         f"target = {_quote(step.target)}, "
                         f"mandatory = {'true' if step.mandatory else 'false'} }},")
        lines.append("]")
    return "\n".join(lines) + "\n"
