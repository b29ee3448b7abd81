"""A player's name, checked where it is typed: what it may hold, and its tidy form.

A name is shown on every screen at the table, so it is checked before anyone sees it:

>>> check_name("  Ana   María ")
'Ana María'
>>> check_name("Jean-Luc O\u2019Neil")  # the typographic apostrophe becomes the plain one
"Jean-Luc O'Neil"
>>> check_name("Маша"), check_name("Αλέξης"), check_name("山田さくら"), check_name("Zoë")
('Маша', 'Αλέξης', '山田さくら', 'Zoë')
>>> check_name("\uff33\uff41\uff4d")  # full-width letters: NFKC makes them plain ones
'Sam'
>>> check_name("<b>Sam</b>")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
wartutor.core.errors.BadInput: the name '<b>Sam</b>' holds '<', which a name may not hold. ...
>>> check_name("M\u0430ya")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
wartutor.core.errors.BadInput: the name 'M\u0430ya' mixes Latin and Cyrillic letters ...

Mixed alphabets are refused because they make look-alikes: "Maya" with a Cyrillic "a"
(U+0430) is another player than "Maya", and no one can see it. Japanese mixes kanji with
kana, and Korean and Chinese names may mix in Latin letters, as Unicode's own rule for
identifiers allows (UTS #39, "highly restrictive"); those mixes pass. Accents and the
vowel signs of scripts such as Devanagari are marks on a letter, and pass where they
follow one. A name wholly in one alphabet passes, whatever it looks like.
"""

from __future__ import annotations

import unicodedata

from wartutor.core.errors import BadInput, quoted
from wartutor.language import N_, _, pgettext

NAME_LIMIT = 20  # characters: a seat's name on a projector, and a button's width
TYPED_LIMIT = 200  # characters typed: more is refused before any work on it
MARKS_IN_A_ROW = 3  # accents and vowel signs on one letter (more is a pile-up, "Zalgo")
ALLOWED = N_("a name of 1 to 20 characters: letters, digits, spaces, hyphens (-) and "
             "apostrophes ('), such as Ana, José, Jean-Luc or O'Neil")
ONE_ALPHABET = N_("a name whose letters are all of one alphabet, such as Maya or Мая")

# Apostrophes and hyphens people type, as the one plain character each (NFKC keeps them).
_PLAIN = str.maketrans({"\u2019": "'", "\u02bc": "'", "\u2010": "-"})
# Characters that show nothing, or change how the text around them shows: control and
# format characters (zero-width joiners and spaces, bidi controls), private and unassigned
# code points, lone surrogates, line and paragraph separators ...
_INVISIBLE_KINDS = frozenset({"Cc", "Cf", "Co", "Cn", "Cs", "Zl", "Zp"})
# ... and the letters and marks that Unicode says to ignore, which show nothing either.
_IGNORABLE = frozenset(
    {0x034F, 0x115F, 0x1160, 0x17B4, 0x17B5, 0x3164, 0xFFA0}
    | set(range(0x180B, 0x1810)) | set(range(0xFE00, 0xFE10)) | set(range(0xE0100, 0xE01F0))
)
# Scripts that one name may mix (UTS #39's "highly restrictive" sets); any other mix is a
# look-alike.
_MIXES = (frozenset({"Latin", "Han", "Hiragana", "Katakana"}),
          frozenset({"Latin", "Han", "Bopomofo"}), frozenset({"Latin", "Han", "Hangul"}))
_SCRIPT_WORDS = {"CJK": "Han", "IDEOGRAPHIC": "Han"}


def check_name(typed: str) -> str:
    """The name as it will be shown (NFKC, spaces tidied, one kind of apostrophe), or
    :class:`BadInput` saying what is wrong with it and what a name may hold."""
    if not isinstance(typed, str):
        raise BadInput(_("{typed} is not a name").format(typed=quoted(typed)),
                       allowed=_(ALLOWED))
    if len(typed) > TYPED_LIMIT:
        raise _too_long(typed, len(typed))
    name = unicodedata.normalize("NFKC", typed).translate(_PLAIN)
    _check_characters(typed, name)
    name = " ".join(part for part in name.split(" ") if part)
    if not name:
        raise BadInput(_("the name is empty"), allowed=_(ALLOWED))
    if not any(c.isalnum() for c in name):
        raise BadInput(_("the name {typed} has no letter or digit").format(typed=quoted(typed)),
                       allowed=_(ALLOWED))
    if len(name) > NAME_LIMIT:
        raise _too_long(typed, len(name))
    _check_one_alphabet(typed, name)
    return name


def _too_long(typed: str, length: int) -> BadInput:
    # Translators: {length} and {extra} are numbers (more than 20, and at least 1).
    return BadInput(_("the name {typed} has {length} characters, {extra} too many").format(
        typed=quoted(typed), length=f"{length:,}", extra=f"{length - NAME_LIMIT:,}"),
        allowed=_(ALLOWED))


def _check_characters(typed: str, name: str) -> None:
    """Refuse what a name may not hold, the invisible first (it is the sneakier)."""
    for c in name:
        if unicodedata.category(c) in _INVISIBLE_KINDS or ord(c) in _IGNORABLE:
            # Translators: {character} is a code point and its Unicode name, in English:
            # "U+200D ZERO WIDTH JOINER".
            raise BadInput(_("the name {typed} holds an invisible character ({character})")
                           .format(typed=quoted(typed), character=_code_point(c)),
                           allowed=_(ALLOWED))
    marks = 0
    for place, c in enumerate(name):
        kind = unicodedata.category(c)
        if kind in ("Mn", "Mc", "Me"):
            marks += 1
            if place == 0 or kind == "Me" or unicodedata.category(name[place - 1])[0] not in "LM":
                raise BadInput(_("the name {typed} holds the mark {character} where no "
                                 "letter carries it").format(typed=quoted(typed),
                                                             character=_code_point(c)),
                               allowed=_(ALLOWED))
            if marks > MARKS_IN_A_ROW:
                raise BadInput(_("the name {typed} piles more than {most} accents or marks on "
                                 "one letter").format(typed=quoted(typed), most=MARKS_IN_A_ROW),
                               allowed=_(ALLOWED))
            continue
        marks = 0
        if not (kind[0] == "L" or kind == "Nd" or c in " -'"):
            raise BadInput(_("the name {typed} holds {character}, which a name may not hold")
                           .format(typed=quoted(typed), character=quoted(c)),
                           allowed=_(ALLOWED))


_UNNAMED = {"Cc": N_("a control character"), "Cs": N_("half of a broken character"),
            "Co": N_("a private-use character"), "Cn": N_("an unassigned code point")}


_UNNAMED_ANY = N_("unnamed")


def _code_point(c: str) -> str:
    """A character as Unicode names it: "U+200D ZERO WIDTH JOINER"."""
    named = unicodedata.name(c, "")
    return (f"U+{ord(c):04X} {named}" if named else
            f"U+{ord(c):04X}, {_(_UNNAMED.get(unicodedata.category(c), _UNNAMED_ANY))}")


def script(letter: str) -> str | None:
    """The alphabet a letter belongs to, as Unicode's names say (None: shared by all,
    such as the Japanese long-vowel mark).

    >>> script("a"), script("\u0430"), script("λ"), script("山"), script("ー")
    ('Latin', 'Cyrillic', 'Greek', 'Han', None)
    """
    word = unicodedata.name(letter, "").split(" ")[0]
    if not word or word in ("MODIFIER", "KATAKANA-HIRAGANA"):
        return None
    return _SCRIPT_WORDS.get(word, word.capitalize())


def _check_one_alphabet(typed: str, name: str) -> None:
    by_script: dict[str, list[str]] = {}
    for c in name:
        if unicodedata.category(c)[0] == "L" and (found := script(c)) is not None:
            by_script.setdefault(found, []).append(c)
    if len(by_script) <= 1 or any(set(by_script) <= mix for mix in _MIXES):
        return
    # Name the alphabets most letters are in first, and a letter of the rarest.
    ranked = sorted(by_script, key=lambda s: -len(by_script[s]))
    rare = ranked[-1]
    # Translators: between the names of two alphabets, as Unicode names them ("Latin").
    alphabets = pgettext("alphabets", " and ").join(ranked)
    # Translators: {alphabets} are alphabets' Unicode names, "Latin and Cyrillic"; {letter}
    # is a letter of the alphabet {rare}.
    raise BadInput(_("the name {typed} mixes {alphabets} letters ({letter} is {rare}): a "
                     "look-alike, which could pass for another player's name").format(
                         typed=quoted(typed), alphabets=alphabets,
                         letter=quoted(by_script[rare][0]), rare=rare),
                   allowed=_(ONE_ALPHABET))


__all__ = ["NAME_LIMIT", "check_name", "script"]
