"""Reading what comes from outside (files, pasted text) within stated limits.

Every loader reads through these, so that no input, whatever its bytes, gets past
them as anything but :class:`BadInput`: a file too large, bytes that are not UTF-8,
JSON nested too deeply or with a number too long to convert, are refused before any
of it is parsed. Each limit is named in its refusal and listed in ``docs/limits.md``.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from wartutor.core.errors import BadInput, digit_count, quoted

MAX_NESTING = 20  # lists and objects (tables) inside one another; saved files need 2 to 4
MAX_DIGITS = 20  # digits of one whole number; the largest seed, 2**64 - 1, has 20

JSON_STRINGS = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"')
_BRACKETS = re.compile(r"[\[\]{}]")
_OPENING = frozenset("[{")


def read_text(path: object, *, max_bytes: int, what: str, allowed: str) -> str:
    """The text of the file at ``path``: refused if missing, unreadable, larger than
    ``max_bytes`` (checked before the rest is read) or not UTF-8. A refusal names the
    file by its name alone (the folder is the reader's own)."""
    if not isinstance(path, (str, Path)):
        raise BadInput(f"{quoted(path)} is not the path of a file", allowed=allowed)
    what = f"{what} {quoted(Path(path).name)}"
    try:
        with open(path, "rb") as file:
            data = file.read(max_bytes + 1)
    except (OSError, ValueError) as e:  # ValueError: a path holding a NUL character
        reason = getattr(e, "strerror", None) or str(e)
        raise BadInput(f"{what} cannot be read ({reason})",
                       allowed=allowed) from None
    if len(data) > max_bytes:
        raise BadInput(f"{what} is larger than {max_bytes:,} bytes",
                       allowed=f"a file of at most {max_bytes:,} bytes: {allowed}")
    try:
        return data.decode("utf-8-sig")  # -sig: a byte-order mark, as some editors write
    except UnicodeDecodeError as e:
        raise BadInput(f"{what} is not UTF-8 text (byte {e.start:,} is "
                       f"{data[e.start]:#04x})", allowed=allowed) from None


def check_text(text: object, *, max_chars: int, what: str, allowed: str) -> str:
    """``text`` itself if it is a string of at most ``max_chars`` characters."""
    if not isinstance(text, str):
        raise BadInput(f"{what} is {quoted(text)}, not text", allowed=allowed)
    if len(text) > max_chars:
        raise BadInput(f"{what} has {len(text):,} characters, more than {max_chars:,}",
                       allowed=f"at most {max_chars:,} characters: {allowed}")
    return text


def check_nesting(text: str, skipped: re.Pattern[str], *, what: str, allowed: str) -> None:
    """Refuse ``text`` if its brackets, outside what ``skipped`` matches (its strings and
    comments), nest more than :data:`MAX_NESTING` deep: a parser would recurse that far."""
    depth = 0
    for bracket in _BRACKETS.findall(skipped.sub(" ", text)):
        depth += 1 if bracket in _OPENING else -1
        if depth > MAX_NESTING:
            raise too_deep(what, allowed)


def too_deep(what: str, allowed: str) -> BadInput:
    """The refusal of a text nested too deeply (for a parser that found it so itself)."""
    return BadInput(f"{what} has lists or tables nested more than {MAX_NESTING} deep",
                    allowed=f"nesting at most {MAX_NESTING} deep: {allowed}")


def check_digits(digits: str, *, what: str, allowed: str) -> None:
    """Refuse a number written with more than :data:`MAX_DIGITS` digits (before converting it:
    Python refuses to convert more than 4,300, and a long one is slow)."""
    count = sum(c.isdigit() for c in digits)
    if count > MAX_DIGITS:
        raise _too_many_digits(what, count, allowed)


def check_number(value: int, *, what: str, allowed: str) -> None:
    """Refuse a whole number of more than :data:`MAX_DIGITS` digits already converted (one
    built in code rather than read from text)."""
    if abs(value) >= 10**MAX_DIGITS:
        raise _too_many_digits(what, digit_count(value), allowed)


def _too_many_digits(what: str, count: int, allowed: str) -> BadInput:
    return BadInput(f"{what} has a number of {count:,} digits",
                    allowed=f"whole numbers of at most {MAX_DIGITS} digits: {allowed}")


def parse_json(text: object, *, max_chars: int, what: str, allowed: str) -> Any:
    """The JSON value ``text`` holds, within the limits, or :class:`BadInput`."""
    text = check_text(text, max_chars=max_chars, what=what, allowed=allowed)
    check_nesting(text, JSON_STRINGS, what=what, allowed=allowed)

    def whole_number(digits: str) -> int:
        check_digits(digits, what=what, allowed=allowed)
        return int(digits)

    def constant(name: str) -> Any:
        raise BadInput(f"{what} holds {name}, which is not a JSON number", allowed=allowed)

    try:
        return json.loads(text, parse_int=whole_number, parse_constant=constant)
    except json.JSONDecodeError as e:
        raise BadInput(f"{what} is not valid JSON ({e})", allowed=allowed) from None
    except RecursionError:  # check_nesting stops this first; kept so nothing else escapes
        raise too_deep(what, allowed) from None
