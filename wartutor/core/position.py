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
from typing import Any, Literal, Protocol, TypeVar

from wartutor.core.errors import BadInput, quoted
from wartutor.core.limits import check_number, parse_json
from wartutor.language import N_, _, ngettext, pgettext

MAX_CHARS = 50_000  # characters of all a position's text; a War Room position takes about 3,000
MAX_ENTRIES = 200  # keys of a position, or entries of one of its lists or tables
MAX_DEPTH = 4  # lists and tables inside one another: a list of seats' tables of lists takes 3
_SCALARS = (str, int, bool, type(None))
# Translators: true, false and null are written as JSON writes them.
_ALLOWED = N_("a table of names to text, whole numbers, true, false, null, or a list or a "
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
    # The stage and the counters are named by the position's own keys and values, as a
    # teacher wrote them (data, like card codes); only the words around them are said.
    # Translators: {stage} is a stage's name as a position writes it: "play", "war".
    shown = [pgettext("position", "stage {stage}").format(stage=event.stage)] if event.stage else []
    for key, value in event.counters:
        words = key.replace("_", " ")
        said = (pgettext("position", "yes") if value is True else
                pgettext("position", "no") if value is False else str(value))
        # Translators: a counter of a set position and its value: "battles 3", "stacked yes".
        shown.append(pgettext("position", "{counter} {value}").format(counter=words, value=said))
    # Translators: {counters} lists the position's stage and counters ("stage play, battles
    # 3"), or says "as written"; {seed} seeds any chance from there on.
    return _("The game starts from a set position: {counters}. Any chance from here on is "
             "drawn from seed {seed}.").format(
                 counters=", ".join(shown) or pgettext("position", "as written"),
                 seed=event.seed)


RULE_TITLE = N_("a set position (not a deal)")  # cited as _(RULE_TITLE)


# The shape and size of a position


def read_position(text: object) -> dict[str, Any]:
    """The position a JSON text holds, within the limits, or :class:`BadInput`."""
    data = parse_json(text, max_chars=MAX_CHARS * 2, what=_("the position"),
                      allowed=_(_ALLOWED))
    return check_position(data)


def check_position(position: object) -> dict[str, Any]:
    """A plain copy of ``position`` if it has the shape of one and fits the limits."""
    if not isinstance(position, Mapping):
        raise BadInput(_("a position cannot be {value}").format(value=quoted(position)),
                       allowed=_(_ALLOWED))
    copy = _plain("", position, [MAX_CHARS], MAX_DEPTH + 1)
    assert isinstance(copy, dict)
    return copy


def _plain(path: str, value: object, budget: list[int], depth: int) -> Any:
    """``value``, found at ``path`` ("seats[0].hand"), as plain JSON data within the limits."""
    # Translators: {path} is a place in a position as written: 'seats[0].hand'.
    where = (_("the position's {path}").format(path=repr(path)) if path
             else _("the position"))
    if isinstance(value, (Mapping, list, tuple)):
        if depth == 0:
            raise BadInput(_("{where} nests lists or tables more than {most} deep")
                           .format(where=where, most=MAX_DEPTH),
                           allowed=_("lists and tables at most {most} deep in a position")
                           .format(most=MAX_DEPTH))
        if len(value) > MAX_ENTRIES:
            raise BadInput(_("{where} has {count} entries").format(where=where,
                                                                   count=f"{len(value):,}"),
                           allowed=_("at most {most} entries in one list or table")
                           .format(most=MAX_ENTRIES))
        if isinstance(value, Mapping):
            copy = {}
            for key, inner in value.items():
                if not isinstance(key, str):
                    raise BadInput(_("{where} has a key {key}").format(where=where,
                                                                       key=quoted(key)),
                                   allowed=_("keys that are text"))
                _spend(budget, key)
                copy[key] = _plain(f"{path}.{key}" if path else key, inner, budget, depth - 1)
            return copy
        return [_plain(f"{path}[{n}]", inner, budget, depth - 1) for n, inner in enumerate(value)]
    if not isinstance(value, _SCALARS):
        raise BadInput(_is(where, value),
                       allowed=_("text, a whole number, true, false or null, or a list or a "
                                 "table of those"))
    if isinstance(value, str):
        _spend(budget, value)
    elif isinstance(value, int) and not isinstance(value, bool):
        check_number(value, what=where, allowed=_("a counter of the game"))
    return value


def _spend(budget: list[int], text: str) -> None:
    budget[0] -= len(text)
    if budget[0] < 0:
        raise BadInput(_("the position has more than {most} characters of text")
                       .format(most=f"{MAX_CHARS:,}"),
                       allowed=_("at most {most} characters").format(most=f"{MAX_CHARS:,}"))


def _is(where: str, value: object) -> str:
    """The refusal of a value that does not fit its place: "the stage is 'jump'"."""
    # Translators: {where} names a place in a position ("your deck", "the stage"), and
    # {value} is what the position gives there, quoted.
    return _("{where} is {value}").format(where=where, value=quoted(value))


# Keys and values


def check_keys(table: object, keys: Iterable[str], optional: Iterable[str] = (),
               where: str = "the position") -> Mapping[str, Any]:
    """``table`` if it is a table holding every one of ``keys`` and else only ``optional``
    ones, or a refusal naming the odd key. ``where`` names the table ("seat 1 (Ana)")."""
    wanted, maybe = tuple(keys), tuple(optional)
    listed = {"keys": ", ".join(map(repr, wanted)), "optional": ", ".join(map(repr, maybe))}
    if wanted and maybe:
        allowed = _("the keys {keys} and any of {optional}").format(**listed)
    elif wanted:
        allowed = _("the keys {keys}").format(**listed)
    else:
        allowed = _("any of the keys {optional}").format(**listed)
    if where == "the position":
        where = _("the position")
    if not isinstance(table, Mapping):
        raise BadInput(_("{where} is {value}, not a table").format(where=where,
                                                                   value=quoted(table)),
                       allowed=allowed)
    unknown = [k for k in table if k not in wanted + maybe]
    missing = [k for k in wanted if k not in table]
    if unknown:
        raise BadInput(_("{where} has an unknown key {key}").format(where=where,
                                                                   key=quoted(unknown[0])),
                       allowed=allowed)
    if missing:
        raise BadInput(_("{where} has no {key}").format(where=where, key=quoted(missing[0])),
                       allowed=allowed)
    return table


def check_table(value: object, where: str, keys: tuple[str, ...]) -> Mapping[str, Any]:
    """``value`` if it is a table with exactly ``keys`` (one per seat, say)."""
    allowed = _("a table with the keys {keys}").format(keys=", ".join(repr(k) for k in keys))
    if not isinstance(value, Mapping) or sorted(value) != sorted(keys):
        raise BadInput(_is(where, value), allowed=allowed)
    return value


def number(value: object, where: str, low: int, high: int | None,
           kind: Literal["whole number", "seat number"] = "whole number") -> int:
    """``value`` if it is a whole number from ``low`` to ``high`` (None: no top); ``kind`` is
    what the refusal calls it."""
    if type(value) is not int or value < low or (high is not None and value > high):
        if kind == "seat number":
            allowed = (_("a seat number from {low} up") if high is None else
                       _("a seat number from {low} to {high}")).format(low=low, high=high)
        elif high is None:
            allowed = _("a whole number from {low} up").format(low=low)
        else:
            allowed = _("a whole number from {low} to {high}").format(low=low, high=high)
        raise BadInput(_is(where, value), allowed=allowed)
    return value


def choice(value: object, where: str, choices: tuple[Any, ...]) -> Any:
    """``value`` if it is one of ``choices`` (compared with its type: true is not 1)."""
    if not any(type(value) is type(c) and value == c for c in choices):
        # Translators: between the values a choice may take, as JSON writes them.
        raise BadInput(_is(where, value),
                       allowed=pgettext("choices", " or ").join(map(_json, choices)))
    return value


def _json(value: object) -> str:
    """A choice as a position writes it: null, true and false as in JSON."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return "null" if value is None else repr(value)


def card_codes(example: str, top_first: bool = False) -> str:
    """The allowed words of a zone written as card codes, with an example of the variant's
    own cards, and "top card first" for a pile that has a top (in the language in force:
    call it where the refusal is made, not into a module's constant):

    >>> card_codes("9S 2H", top_first=True)
    'card codes separated by spaces, top card first, e.g. "9S 2H" ("" for none)'
    """
    return (_('card codes separated by spaces, top card first, e.g. "{example}" ("" for none)')
            if top_first else
            _('card codes separated by spaces, e.g. "{example}" ("" for none)')).format(
                example=example)


CARD_CODES = N_('card codes separated by spaces ("" for none)')


def text(value: object, where: str, allowed: str | None = None) -> str:
    """``value`` if it is text; ``allowed`` says what it should hold (see :func:`card_codes`;
    None: :data:`CARD_CODES`)."""
    if not isinstance(value, str):
        raise BadInput(_("{where} is {value}, not text").format(where=where, value=quoted(value)),
                       allowed=_(CARD_CODES) if allowed is None else allowed)
    return value


# Cards


def card_list(value: object, parse: Callable[[str], C], where: str,
              repeats: bool = False, allowed: str | None = None) -> tuple[C, ...]:
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
            raise BadInput(_("{where} holds {card} twice").format(where=where, card=c.code),
                           allowed=_("each card once in the whole position"))
        seen.add(c)
    return tuple(found)


# Translators: added to what a position may hold; 'stacked' is a key, true its value.
STACKED_MAY_LEAVE_OUT = N_(", or 'stacked' true for a lesson's stacked deal, which may leave "
                           "cards out")
"""Said wherever a position without ``stacked`` lacks cards of the deck."""


def stacked_may_hold(cards: int) -> str:
    """Said wherever a position without ``stacked`` holds a card that only a lesson's stacked
    deal, of any of the game's ``cards``, may hold."""
    return _(", or 'stacked' true for a lesson's stacked deal, which may hold any of the "
             "{count} cards of the game").format(count=cards)


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
    once = _("each card of the deck in exactly one place")
    if stacked:
        once = _("each card at most once, of the {count} cards a stacked deal may hold").format(
            count=len(lesson))
        stranger = _("cards of the {count} a stacked deal may hold").format(count=len(lesson))
    else:
        stranger = deck_words or _("the {count} cards of the deck the rules name").format(
            count=len(deck))
        if set(lesson) - allowed_cards:  # a lesson's deal may hold cards the rules' does not
            stranger += stacked_may_hold(len(lesson))
    where: dict[C, str] = {}
    for zone, held in zones.items():
        for c in held:
            if c not in allowed_cards:
                raise BadInput(_("{zone} holds {card}, which is not in this game's deck")
                               .format(zone=zone, card=c.code), allowed=stranger)
            if c in where:
                raise BadInput(_("{card} is in {first} and in {second}").format(
                    card=c.code, first=where[c], second=zone), allowed=once)
            where[c] = zone
    missing = [c.code for c in deck if c not in where]
    if missing and not stacked:
        shown = " ".join(missing[:12])
        if len(missing) > 12:
            # Translators: after the first 12 codes of the cards left out of a position.
            shown = _("{codes} and {more} more").format(codes=shown, more=len(missing) - 12)
        raise BadInput(ngettext("the position leaves out {count} card of the deck: {codes}",
                                "the position leaves out {count} cards of the deck: {codes}",
                                len(missing)).format(count=len(missing), codes=shown),
                       allowed=once + _(STACKED_MAY_LEAVE_OUT))
