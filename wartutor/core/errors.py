"""The one error type for bad input (an illegal action, a bad ruling, a broken file),
and :func:`quoted`, the one way a refusal quotes what it was given."""

from __future__ import annotations

import builtins
import re
import reprlib

from wartutor.language import _

QUOTE_LIMIT = 60  # characters: the most of any input a refusal repeats back
MESSAGE_LIMIT = 2000  # characters of a refusal's problem or of its allowed text
_ADDRESS = re.compile(r" (?:object )?at 0x[0-9A-Fa-f]+")


class BadInput(ValueError):
    """Raised for any input the package refuses; nothing has changed when it is raised.

    The message says what was wrong and what is allowed, so that a student who
    pressed the wrong thing, or a teacher who typed a wrong setting, can fix it:

    >>> raise BadInput("'jump' is not a move in classic War", allowed="'turn'")
    Traceback (most recent call last):
    ...
    wartutor.core.errors.BadInput: 'jump' is not a move in classic War. Allowed: 'turn'.

    Inputs belong in a message through :func:`quoted`. As a last guard, a problem or an
    allowed text longer than 2,000 characters is cut, and no memory address is shown.
    """

    def __init__(self, problem: str, *, allowed: str) -> None:
        self.problem = _bounded(problem)
        self.allowed = _bounded(allowed)
        super().__init__(_("{problem}. Allowed: {allowed}.").format(
            problem=self.problem.rstrip("."), allowed=self.allowed.rstrip(".")))


def _bounded(text: str) -> str:
    text = _ADDRESS.sub("", text)
    if len(text) <= MESSAGE_LIMIT:
        return text
    half = MESSAGE_LIMIT // 2 - 10
    return f"{text[:half]} [... {len(text) - 2 * half:,} characters cut ...] {text[-half:]}"


def quoted(value: object) -> str:
    """``value`` as a refusal repeats it: like ``repr``, but at most about 60 characters,
    and never an object's memory address.

    >>> quoted("turn")
    "'turn'"
    >>> quoted("x" * 1_000_000)
    "'xxxxxxxxxxxxxxxxxxxxxxxxxxxxx...' (1,000,000 characters)"
    >>> quoted(10 ** 5000)
    'a whole number of 5,001 digits'
    >>> quoted(object())
    '<object>'
    """
    try:
        shown = _SHORT.repr(value)
    except Exception:  # a repr that fails is no reason to fail the refusal
        shown = f"<{type(value).__name__}>"
    if len(shown) > QUOTE_LIMIT:
        shown = shown[: QUOTE_LIMIT - 3] + "..."
    return shown


def _text(value: str, limit: int) -> str:
    if len(value) <= limit:
        shown = builtins.repr(value)
        if len(shown) <= limit + 2:
            return shown
    head = value[: limit // 2]
    while len(builtins.repr(head)) > limit // 2 + 2:  # escapes such as \x00 take room too
        head = head[:-1]
    shown = builtins.repr(head)
    return f"{shown[:-1]}...{shown[-1]} ({len(value):,} characters)"


def _whole_number(value: int) -> str:
    if value.bit_length() <= 180:  # at most 55 digits: written out in full
        return builtins.repr(value)
    return f"a {'negative ' if value < 0 else ''}whole number of {digit_count(value):,} digits"


def digit_count(value: int) -> int:
    """How many digits ``value`` has, counted from its bits: str() of a huge number is slow,
    and refused past 4,300 digits.

    >>> digit_count(-999), digit_count(10 ** 5000)
    (3, 5001)
    """
    digits = int((abs(value).bit_length() - 1) * 0.30102999566398120) + 1
    while abs(value) >= 10**digits:
        digits += 1
    return digits


class _ShortRepr(reprlib.Repr):
    """reprlib's shortening (a few items, a few levels deep), with the cases it misses."""

    def __init__(self) -> None:
        super().__init__()
        self.maxlevel = 3
        self.maxtuple = self.maxlist = self.maxset = self.maxfrozenset = 4
        self.maxdeque = self.maxarray = self.maxdict = 4
        self.maxother = QUOTE_LIMIT

    def repr_str(self, x: str, level: int) -> str:
        return _text(x, QUOTE_LIMIT - 2 if level == self.maxlevel else 12)

    def repr_int(self, x: int, level: int) -> str:
        return _whole_number(x)

    def repr_instance(self, x: object, level: int) -> str:
        try:
            shown = _ADDRESS.sub("", builtins.repr(x))
        except Exception:
            shown = f"<{type(x).__name__}>"
        if len(shown) > self.maxother:
            shown = shown[: self.maxother - 3] + "..."
        return shown


_SHORT = _ShortRepr()
