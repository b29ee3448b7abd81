"""The class's passwords: made up of three words, read from where no one else can see them,
and compared in constant time.

A password never travels on a command line (anyone logged in to the machine can read every
process's command line with ``ps``): it comes from the environment or from a file, or is made
up here and printed once for the teacher to read out.

>>> password = new_password()
>>> len(password.split("-"))
3
>>> same_password("Tiger  Lamp river", "tiger-lamp-river")
True
>>> same_password("tiger-lamp-rive", "tiger-lamp-river")
False
"""

from __future__ import annotations

import hmac
import math
import os
import re
import secrets
from pathlib import Path

from wartutor.server.words import WORDS

WORDS_IN_A_PASSWORD = 3
BITS = WORDS_IN_A_PASSWORD * math.log2(len(WORDS))  # about 32.5: guessed at most once a minute
MIN_LENGTH = 8  # characters of a password the teacher chose

_SEPARATORS = re.compile(r"[\s_-]+")


class PasswordProblem(ValueError):
    """A password that cannot be used, with what to do instead."""


def new_password() -> str:
    """Three words chosen by the operating system's secure random source: tiger-lamp-river."""
    return "-".join(secrets.choice(WORDS) for _ in range(WORDS_IN_A_PASSWORD))


def spoken(password: str) -> str:
    """The password as the server compares it: lowercase, its words joined by one hyphen.

    A class hears "tiger lamp river" and types it with spaces, hyphens or capitals; the
    words are what count."""
    return "-".join(word for word in _SEPARATORS.split(password.strip().lower()) if word)


def same_password(typed: str, password: str) -> bool:
    """Whether ``typed`` is ``password``, in a time that does not depend on where they differ
    (so that no one can find the password letter by letter by timing the answers)."""
    return hmac.compare_digest(spoken(typed).encode(), spoken(password).encode())


def read_password(env_name: str, file: Path | None, *, what: str) -> str | None:
    """The password from ``file`` (its first line), else from the environment variable
    ``env_name``; None if neither gives one (then one is made up).

    Raises :class:`PasswordProblem` for a file that cannot be read or a password too short."""
    if file is not None:
        try:
            lines = file.read_text(encoding="utf-8").splitlines()
        except (OSError, UnicodeDecodeError) as e:
            raise PasswordProblem(f"the {what} file {file} cannot be read ({e})") from None
        given = lines[0] if lines else ""
    else:
        given = os.environ.get(env_name, "")
    if not given.strip():
        return None
    if len(spoken(given)) < MIN_LENGTH:
        raise PasswordProblem(
            f"the {what} must have at least {MIN_LENGTH} characters (or give none, and "
            "one of three words is made up): three short words such as tiger-lamp-river "
            "are easy to read out and hard to guess")
    return given.strip()
