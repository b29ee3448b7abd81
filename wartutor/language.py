"""The students' language: every word they read, looked up in their language's catalog.

The words are written in English in the code, each sentence whole, and marked for
translation; ``make catalogs`` (``tools/catalogs.py``) gathers them into
``wartutor/locale/wartutor.pot`` and each language's catalog
``wartutor/locale/<code>/LC_MESSAGES/wartutor.po`` (gettext, English the source), and
compiles each catalog to the ``.mo`` file read here. A word missing from a catalog is
shown in English, so a catalog is offered to students only when it is complete
(:data:`LANGUAGES`, checked by ``tests/test_languages.py``).

How a sentence is marked (``docs/languages.md`` says more):

- ``_("Cancel")``: a sentence, looked up at once. Its fields are named, and filled after
  the lookup, so a translation can put them in its own order:
  ``_("{name} takes the pile.").format(name=...)``.
- ``ngettext("{n} card", "{n} cards", n).format(n=n)``: a sentence that depends on a
  number; each language has its own plural forms.
- ``pgettext("rank", "ace")``: the same English in two roles.
- ``N_("Play to the end")``: marks a constant of a module, which is written before any
  language is chosen, for the catalog; the code looks it up with ``_(CONSTANT)`` where it
  shows it.

Where "you" and a name would take different words (English "you take", "Ana takes"; the
other languages more), the code chooses between two whole sentences, never between
pieces of one (see :mod:`wartutor.core.voice`).

The language in force is the kernel's: one student's page has a kernel of its own, so in
a room each student reads their own language.

>>> with speaking_language("es"):
...     _("Cancel")
'Cancelar'
>>> _("Cancel")
'Cancel'
"""

from __future__ import annotations

import gettext as _gettext
import json
import os
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import cache
from pathlib import Path

LOCALE = Path(__file__).parent / "locale"
DOMAIN = "wartutor"
SOURCE = "en"
# The languages offered, by their code, in their own words: English and each language
# whose catalog is complete.
LANGUAGES = {"en": "English", "es": "Español", "de": "Deutsch"}
ENVIRONMENT = "WARTUTOR_LANG"  # a server's language for every page: WARTUTOR_LANG=de


def known(code: object) -> str | None:
    """The offered language a code names ("es", "es-MX", "de_AT.UTF-8"), or None."""
    if not isinstance(code, str):
        return None
    base = code.strip().replace("_", "-").split("-")[0].split(".")[0].casefold()
    return base if base in LANGUAGES else None


def _jupyterlab_language() -> str | None:
    """The language chosen in JupyterLab's Settings > Language, where this kernel can
    read the settings file (the same user on the same machine); else None."""
    settings = Path(os.environ.get("JUPYTERLAB_SETTINGS_DIR")
                    or Path.home() / ".jupyter" / "lab" / "user-settings")
    path = settings / "@jupyterlab" / "translation-extension" / "plugin.jupyterlab-settings"
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, ValueError):
        return None
    # The file is JSON5 (comments allowed); the locale is one plain field in it.
    lines = [line for line in text.splitlines() if not line.lstrip().startswith("//")]
    try:
        chosen = json.loads("\n".join(lines)).get("locale")
    except (ValueError, AttributeError):
        return None
    return known(chosen)


def first_language() -> str:
    """The language a kernel starts in: the server's WARTUTOR_LANG, else JupyterLab's,
    else English (a page then asks its browser's: :mod:`wartutor.ui.language`)."""
    return known(os.environ.get(ENVIRONMENT)) or _jupyterlab_language() or SOURCE


_current = first_language()


def language() -> str:
    """The code of the language in force."""
    return _current


# Called with the new code when use_language changes the language (when_language_changes).
_listeners: list[Callable[[str], None]] = []


def use_language(code: str) -> str:
    """Speak ``code`` from now on (an offered language, else English); the code in force.
    Where that changes the language, each listener of :func:`when_language_changes` is
    told, in the order they began to listen."""
    global _current
    before, _current = _current, known(code) or SOURCE
    if _current != before:
        for listener in list(_listeners):
            listener(_current)
    return _current


def when_language_changes(listener: Callable[[str], None]) -> Callable[[], None]:
    """Call ``listener(code)`` each time :func:`use_language` changes the language in
    force, for what was shown before and must say itself again: a notebook's lesson
    under an app whose language menu a student used (:mod:`wartutor.ui.lesson_cell`; the
    apps make themselves again on their own). Not inside :func:`speaking_language`, which
    speaks another language for a few lines only. Returns the function that stops the
    calls.

    >>> heard = []
    >>> stop = when_language_changes(heard.append)
    >>> use_language("es"), use_language("es"), use_language("en")
    ('es', 'es', 'en')
    >>> with speaking_language("de"):
    ...     pass
    >>> heard
    ['es', 'en']
    >>> stop()
    >>> use_language("de"), use_language("en"), heard
    ('de', 'en', ['es', 'en'])
    """
    _listeners.append(listener)

    def stop() -> None:
        if listener in _listeners:
            _listeners.remove(listener)

    return stop


def chosen_by_server() -> bool:
    """True when the server set the language for every page (WARTUTOR_LANG)."""
    return known(os.environ.get(ENVIRONMENT)) is not None


@contextmanager
def speaking_language(code: str) -> Iterator[str]:
    """Speak ``code`` inside the block, and the language around it again after."""
    global _current
    around = _current
    _current = known(code) or SOURCE
    try:
        yield _current
    finally:
        _current = around


@cache
def _catalog(code: str) -> _gettext.NullTranslations:
    return _gettext.translation(DOMAIN, localedir=LOCALE, languages=[code], fallback=True)


def _(message: str) -> str:
    """``message`` in the language in force."""
    return message if _current == SOURCE else _catalog(_current).gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The sentence for ``n`` things, in the plural form the language in force gives ``n``."""
    if _current == SOURCE:
        return singular if n == 1 else plural
    return _catalog(_current).ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """``message`` in the role ``context`` names, in the language in force."""
    return message if _current == SOURCE else _catalog(_current).pgettext(context, message)


def npgettext(context: str, singular: str, plural: str, n: int) -> str:
    if _current == SOURCE:
        return singular if n == 1 else plural
    return _catalog(_current).npgettext(context, singular, plural, n)


def N_(message: str) -> str:
    """Mark ``message`` for the catalog without looking it up (a module's constant)."""
    return message


def capital(text: str) -> str:
    """``text`` with its first letter a capital: a sentence that opens on a name
    ("the computer", "el ordenador") or a field."""
    return text[:1].upper() + text[1:]
