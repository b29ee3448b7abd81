"""Lessons to share: the lesson file and, where one fits, the lesson code.

A lesson file is a trace of the position with no moves yet (``Trace``, version 2), so any
app of the variant opens it, and so does "Bring a game back". A file brought back is
hostile until checked: its size, its text, its JSON, then every field and the position, as
a trace's are; a bare position (as ``docs/positions.md`` writes one) is taken too.

A lesson code holds a few cards placed on an empty table: the deal code, then each place's
cards, places separated by "/" and cards by "." (``CW-4821/9S.4C.KD/9H.5D.7C``). A
position that is anything more is shared as the file.

>>> from wartutor.variants import find_variant
>>> war = find_variant("classic_war")
>>> position, rules, seed = read_lesson_code("cw-4821 / 9s.4c / 9h.5d", war)
>>> position["decks"], position["stacked"], seed
({'you': '9S 4C', 'computer': '9H 5D'}, True, 4821)
>>> lesson_code(war, rules, seed, position)
'CW-4821/9S.4C/9H.5D'
>>> lesson_code(war, rules, seed, position | {"battles": 3}) is None  # not an empty table's
True
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from wartutor.core.dealcode import deal_code, read_deal_code
from wartutor.core.engine import Game, Variant
from wartutor.core.errors import BadInput, quoted
from wartutor.core.limits import check_text, parse_json
from wartutor.core.trace import Trace
from wartutor.language import _, ngettext
from wartutor.ui.setup_places import (
    TABLES,
    Zone,
    codes_at,
    empty_table,
    get_at,
    has_at,
    position_module,
    set_at,
    written,
)

MAX_LESSON_BYTES = 200_000  # an uploaded lesson: a position has at most 50,000 characters
MAX_LESSON_CODE = 60  # characters: a code to copy from the board; a longer one is a file


def places_of(variant: Variant[Any], rules: Any, table: Mapping[str, Any]) -> list[Zone]:
    """The places an empty table has, in the order a lesson code lists them."""
    return [z for z in TABLES[variant.name](rules, variant.player_names(rules)).zones
            if has_at(table, z.path)]


def code_example(variant: Variant[Any]) -> str:
    """A lesson code of this variant to show as an example: its deal code for seed 4821, then
    a place of two cards and a place of one."""
    rules = variant.rules_type()
    deck = TABLES[variant.name](rules, variant.player_names(rules)).deck
    return f"{deal_code(variant.name, rules, 4821)}/{deck[-1].code}.{deck[5].code}/{deck[9].code}"


def lesson_code(variant: Variant[Any], rules: Any, seed: int,
                position: Mapping[str, Any]) -> str | None:
    """The lesson code of ``position`` where one fits: a fresh deal's empty table
    (:func:`empty_table`) with cards placed, under rulings a deal code holds, is its deal
    code and each place's cards, places separated by "/" and cards by "."
    ("CW-4821/9S.4C.KD/9H.5D.7C"); None for anything else, or past :data:`MAX_LESSON_CODE`
    characters (then the lesson file carries it)."""
    try:
        deal = deal_code(variant.name, rules, seed)
    except BadInput:
        return None
    places = places_of(variant, rules, empty_table(variant, rules, seed))
    parts = [".".join(codes_at(z, get_at(position, z.path))) for z in places]
    while parts and not parts[-1]:
        parts.pop()
    code = "/".join([deal, *parts])
    if len(code) > MAX_LESSON_CODE:
        return None
    try:
        same = read_lesson_code(code, variant)[0] == dict(position)
    except BadInput:
        return None
    return code if same else None


def read_lesson_code(text: object, variant: Variant[Any]) -> tuple[dict[str, Any], Any, int]:
    """The position, rules and seed a typed lesson code stands for (see
    :func:`lesson_code`), or :class:`BadInput` saying what is wrong with it."""
    allowed = _("a lesson code of {title} such as {example}: a deal code, then each place's "
                "cards").format(title=variant.title, example=code_example(variant))
    typed = check_text(text, max_chars=2 * MAX_LESSON_CODE, what="the lesson code",
                       allowed=allowed).strip()
    deal_text, _slash, rest = typed.partition("/")
    deal = read_deal_code(deal_text)
    if deal.variant != variant.name:
        raise BadInput(_("{code} is a code of another game").format(
            code=quoted(deal_text.strip())), allowed=allowed)
    rules = deal.rules()
    position = empty_table(variant, rules, deal.seed)
    places = places_of(variant, rules, position)
    parts = rest.split("/") if rest else []
    if len(parts) > len(places):
        # Translators: English says "places" for one too; give each plural form its own.
        raise BadInput(ngettext("the lesson code names {count} places",
                                "the lesson code names {count} places",
                                len(parts)).format(count=len(parts)),
                       allowed=ngettext("at most {count} places, separated by /: {allowed}",
                                        "at most {count} places, separated by /: {allowed}",
                                        len(places)).format(count=len(places), allowed=allowed))
    for zone, part in zip(places, parts, strict=False):
        codes = [code for code in part.upper().replace(" ", "").split(".") if code]
        set_at(position, zone.path, written(zone, codes))
    return position, rules, deal.seed


def read_lesson(content: object, variant: Variant[Any],
                rules: Any) -> tuple[dict[str, Any], Any, int | None]:
    """The position, rules and seed of an uploaded lesson file, checked: at most
    :data:`MAX_LESSON_BYTES`, UTF-8 text, and either a lesson (a trace of a position, or any
    saved game of this variant: its position where it stands) or a bare position (JSON
    as ``docs/positions.md`` writes it, checked under ``rules``, the seed left as it is)."""
    allowed = _("a .json lesson file of {title} made by Make the lesson file, or a saved game "
                "of it").format(title=variant.title)
    if not isinstance(content, (bytes, bytearray, memoryview)):
        raise BadInput(_("the uploaded file cannot be read"), allowed=allowed)
    data = bytes(content)
    if len(data) > MAX_LESSON_BYTES:
        raise BadInput(_("the lesson file has {size:,} bytes, more than {most:,}").format(
            size=len(data), most=MAX_LESSON_BYTES), allowed=allowed)
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise BadInput(_("the lesson file is not text"), allowed=allowed) from None
    parsed = parse_json(text, max_chars=MAX_LESSON_BYTES, what="the lesson file",
                        allowed=allowed)
    if not isinstance(parsed, Mapping):
        raise BadInput(_("the lesson file holds {what}").format(what=quoted(parsed)),
                       allowed=allowed)
    if "format" not in parsed:
        game = Game.from_position(variant, rules, parsed, 0)
        assert game.position is not None  # a game from a position keeps it
        return game.position, rules, None
    trace = Trace.from_json(text)  # every field checked, every move replayed
    if trace.variant != variant.name:
        raise BadInput(_("this lesson is a game of {other}, not {this}").format(
            other=quoted(trace.variant), this=repr(variant.name)), allowed=allowed)
    game = trace.replay()
    if game.actions or game.position is None:  # a game played on: where it stands now
        return position_module(variant).position_of(game.state), game.rules, game.seed
    return game.position, game.rules, game.seed


