"""Positions: a moment of a game written as plain data, and the checks every variant shares.

A position is plain JSON data (a table of names to text, numbers, flags, None, and lists
and tables of those, at most four deep), so it saves inside a trace and a teacher can
write one by hand. Each variant reads its own keys (its ``from_position``) and builds its
own engine state; the helpers here are the care every variant takes alike: the shape and
size of the data, unknown or missing keys, counters in range, card lists without
strangers or repeats, and every card of the deck exactly once.

>>> from wartutor.core.cards import card
>>> card_list("9S KD", card, "your deck")
(card('9S'), card('KD'))
>>> card_list("9S 9S", card, "your deck")
Traceback (most recent call last):
...
wartutor.core.errors.BadInput: your deck holds 9S twice. Allowed: each card once ...
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

from wartutor.core.errors import BadInput, quoted
from wartutor.core.limits import check_number, parse_json

MAX_CHARS = 50_000  # characters of all a position's text; a War Room position takes about 3,000
MAX_ENTRIES = 200  # keys of a position, or entries of one of its lists or tables
MAX_DEPTH = 4  # lists and tables inside one another: a list of seats' tables of lists takes 3
_SCALARS = (str, int, bool, type(None))
_ALLOWED = ("a table of names to text, whole numbers, true, false, null, or a list or a "
            "table of those")


class Coded(Hashable, Protocol):
    """A card of any variant: a value with a short code."""

    @property
    def code(self) -> str: ...


C = TypeVar("C", bound=Coded)


# The stages


@dataclass(frozen=True)
class Stage:
    """A moment of a game that a position may name in its ``stage`` key.

    ``what`` says in plain words what happens there; ``needs`` what the position must show
    for it (the table, who is to choose). ``choice`` is true where someone must choose; at
    a stage where nobody does (the start of a skirmish, a round before its reveal) the game
    plays on by itself from the position, exactly as the rules go on from that moment, to
    the first choice or the end, and the moments in between are the first step's events.
    Each variant lists its own in ``stages()`` (its position module, and the variant)."""

    name: str
    what: str
    needs: str
    choice: bool


def stage_names(stages: Iterable[Stage]) -> tuple[str, ...]:
    """The names of ``stages``, in order: what a position's ``stage`` may be."""
    return tuple(s.name for s in stages)


# The event


@dataclass(frozen=True)
class PositionSet:
    """A game started from a set position: its stage and its counters, and the seed of
    whatever chance comes next. ``counters`` are the position's top-level numbers and
    flags, in its order (its zones and names are left to the table to show)."""

    stage: str
    counters: tuple[tuple[str, int | bool], ...]
    seed: int
    rule: str = "position"


def position_set(position: Mapping[str, Any], seed: int) -> PositionSet:
    """The event of a game started from ``position`` (checked by :func:`check_position`)."""
    stage = position.get("stage")
    counters = tuple((key, value) for key, value in position.items()
                     if type(value) in (int, bool))
    return PositionSet(stage if isinstance(stage, str) else "", counters, seed)


def explain_position(event: PositionSet) -> str:
    """The words of :class:`PositionSet`, the one event every variant shares."""
    shown = [f"stage {event.stage}"] if event.stage else []
    for key, value in event.counters:
        words = key.replace("_", " ")
        shown.append(f"{words} {'yes' if value is True else 'no' if value is False else value}")
    return (f"The game starts from a set position: {', '.join(shown) or 'as written'}. "
            f"Any chance from here on is drawn from seed {event.seed}.")


RULE_TITLE = "a set position (not a deal)"


# The shape and size of a position


def read_position(text: object) -> dict[str, Any]:
    """The position a JSON text holds, within the limits, or :class:`BadInput`."""
    data = parse_json(text, max_chars=MAX_CHARS * 2, what="the position", allowed=_ALLOWED)
    return check_position(data)


def check_position(position: object) -> dict[str, Any]:
    """A plain copy of ``position`` if it has the shape of one and fits the limits."""
    if not isinstance(position, Mapping):
        raise BadInput(f"a position cannot be {quoted(position)}", allowed=_ALLOWED)
    copy = _plain("", position, [MAX_CHARS], MAX_DEPTH + 1)
    assert isinstance(copy, dict)
    return copy


def _plain(path: str, value: object, budget: list[int], depth: int) -> Any:
    """``value``, found at ``path`` ("seats[0].hand"), as plain JSON data within the limits."""
    where = f"the position's {path!r}" if path else "the position"
    if isinstance(value, (Mapping, list, tuple)):
        if depth == 0:
            raise BadInput(f"{where} nests lists or tables more than {MAX_DEPTH} deep",
                           allowed=f"lists and tables at most {MAX_DEPTH} deep in a position")
        if len(value) > MAX_ENTRIES:
            raise BadInput(f"{where} has {len(value):,} entries",
                           allowed=f"at most {MAX_ENTRIES} entries in one list or table")
        if isinstance(value, Mapping):
            copy = {}
            for key, inner in value.items():
                if not isinstance(key, str):
                    raise BadInput(f"{where} has a key {quoted(key)}",
                                   allowed="keys that are text")
                _spend(budget, key)
                copy[key] = _plain(f"{path}.{key}" if path else key, inner, budget, depth - 1)
            return copy
        return [_plain(f"{path}[{n}]", inner, budget, depth - 1) for n, inner in enumerate(value)]
    if not isinstance(value, _SCALARS):
        raise BadInput(f"{where} is {quoted(value)}",
                       allowed="text, a whole number, true, false or null, or a list or a "
                               "table of those")
    if isinstance(value, str):
        _spend(budget, value)
    elif isinstance(value, int) and not isinstance(value, bool):
        check_number(value, what=where, allowed="a counter of the game")
    return value


def _spend(budget: list[int], text: str) -> None:
    budget[0] -= len(text)
    if budget[0] < 0:
        raise BadInput(f"the position has more than {MAX_CHARS:,} characters of text",
                       allowed=f"at most {MAX_CHARS:,} characters")


# Keys and values


def check_keys(table: object, keys: Iterable[str], optional: Iterable[str] = (),
               where: str = "the position") -> Mapping[str, Any]:
    """``table`` if it is a table holding every one of ``keys`` and else only ``optional``
    ones, or a refusal naming the odd key. ``where`` names the table ("seat 1 (Ana)")."""
    wanted, maybe = tuple(keys), tuple(optional)
    allowed = " and any of ".join(", ".join(map(repr, names)) for names in (wanted, maybe) if names)
    allowed = ("the keys " if wanted else "any of the keys ") + allowed
    if not isinstance(table, Mapping):
        raise BadInput(f"{where} is {quoted(table)}, not a table", allowed=allowed)
    unknown = [k for k in table if k not in wanted + maybe]
    missing = [k for k in wanted if k not in table]
    if unknown:
        raise BadInput(f"{where} has an unknown key {quoted(unknown[0])}", allowed=allowed)
    if missing:
        raise BadInput(f"{where} has no {quoted(missing[0])}", allowed=allowed)
    return table


def check_table(value: object, where: str, keys: tuple[str, ...]) -> Mapping[str, Any]:
    """``value`` if it is a table with exactly ``keys`` (one per seat, say)."""
    allowed = f"a table with the keys {', '.join(repr(k) for k in keys)}"
    if not isinstance(value, Mapping) or sorted(value) != sorted(keys):
        raise BadInput(f"{where} is {quoted(value)}", allowed=allowed)
    return value


def number(value: object, where: str, low: int, high: int | None,
           kind: str = "whole number") -> int:
    """``value`` if it is a whole number from ``low`` to ``high`` (None: no top); ``kind`` is
    what the refusal calls it ("seat number")."""
    top = "up" if high is None else f"to {high}"
    if type(value) is not int or value < low or (high is not None and value > high):
        raise BadInput(f"{where} is {quoted(value)}", allowed=f"a {kind} from {low} {top}")
    return value


def choice(value: object, where: str, choices: tuple[Any, ...]) -> Any:
    """``value`` if it is one of ``choices`` (compared with its type: true is not 1)."""
    if not any(type(value) is type(c) and value == c for c in choices):
        raise BadInput(f"{where} is {quoted(value)}", allowed=" or ".join(map(_json, choices)))
    return value


def _json(value: object) -> str:
    """A choice as a position writes it: null, true and false as in JSON."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return "null" if value is None else repr(value)


def card_codes(example: str, top_first: bool = False) -> str:
    """The allowed words of a zone written as card codes, with an example of the variant's
    own cards, and "top card first" for a pile that has a top:

    >>> card_codes("9S 2H", top_first=True)
    'card codes separated by spaces, top card first, e.g. "9S 2H" ("" for none)'
    """
    return (f"card codes separated by spaces{', top card first' if top_first else ''}, "
            f'e.g. "{example}" ("" for none)')


CARD_CODES = 'card codes separated by spaces ("" for none)'


def text(value: object, where: str, allowed: str = CARD_CODES) -> str:
    """``value`` if it is text; ``allowed`` says what it should hold (see :func:`card_codes`)."""
    if not isinstance(value, str):
        raise BadInput(f"{where} is {quoted(value)}, not text", allowed=allowed)
    return value


# Cards


def card_list(value: object, parse: Callable[[str], C], where: str,
              repeats: bool = False, allowed: str = CARD_CODES) -> tuple[C, ...]:
    """The cards a text of codes names, in order: refused if a code is no card, or a card
    is named twice (unless ``repeats``: a list of showings, not a zone). ``where`` names the
    zone, such as "your deck"; ``allowed`` what text it takes (see :func:`card_codes`)."""
    found: list[C] = []
    for code in text(value, where, allowed).split():
        try:
            found.append(parse(code))
        except BadInput as e:
            raise BadInput(f"{where}: {e.problem}", allowed=e.allowed) from None
    seen: set[C] = set()
    for c in () if repeats else found:
        if c in seen:
            raise BadInput(f"{where} holds {c.code} twice",
                           allowed="each card once in the whole position")
        seen.add(c)
    return tuple(found)


STACKED_MAY_LEAVE_OUT = ", or 'stacked' true for a lesson's stacked deal, which may leave cards out"
"""Said wherever a position without ``stacked`` lacks cards of the deck."""


def stacked_may_hold(cards: int) -> str:
    """Said wherever a position without ``stacked`` holds a card that only a lesson's stacked
    deal, of any of the game's ``cards``, may hold."""
    return (f", or 'stacked' true for a lesson's stacked deal, which may hold any of the "
            f"{cards} cards of the game")


def every_card_once(zones: Mapping[str, tuple[C, ...]], deck: tuple[C, ...], stacked: bool = False,
                    *, deck_words: str | None = None,
                    lesson_deck: tuple[C, ...] | None = None) -> None:
    """Refuse zones that do not hold every card of ``deck`` exactly once: naming a card
    that is in two zones, a card that is not in this deck, or the cards missing.

    ``deck`` is the deck the rules deal, and ``deck_words`` says it in the variant's words
    (default: "the 26 cards of the deck the rules name"). ``stacked`` is the position's
    ``stacked`` key: true, a lesson's stacked deal (``Game.new(stacked=...)``), whose cards
    are any of ``lesson_deck`` (default: ``deck``), each at most once, so that some may be
    left out; false, the rules' own deal, and a refusal of cards missing, or of cards that
    only a lesson may hold, points to the key."""
    lesson = deck if lesson_deck is None else lesson_deck
    allowed_cards = set(lesson if stacked else deck)
    once = "each card of the deck in exactly one place"
    if stacked:
        once = f"each card at most once, of the {len(lesson)} cards a stacked deal may hold"
        stranger = f"cards of the {len(lesson)} a stacked deal may hold"
    else:
        stranger = deck_words or f"the {len(deck)} cards of the deck the rules name"
        if set(lesson) - allowed_cards:  # a lesson's deal may hold cards the rules' does not
            stranger += stacked_may_hold(len(lesson))
    where: dict[C, str] = {}
    for zone, held in zones.items():
        for c in held:
            if c not in allowed_cards:
                raise BadInput(f"{zone} holds {c.code}, which is not in this game's deck",
                               allowed=stranger)
            if c in where:
                raise BadInput(f"{c.code} is in {where[c]} and in {zone}", allowed=once)
            where[c] = zone
    missing = [c.code for c in deck if c not in where]
    if missing and not stacked:
        shown = " ".join(missing[:12]) + (f" and {len(missing) - 12} more" if len(missing) > 12
                                          else "")
        raise BadInput(f"the position leaves out {len(missing)} card"
                       f"{'' if len(missing) == 1 else 's'} of the deck: {shown}",
                       allowed=once + STACKED_MAY_LEAVE_OUT)
