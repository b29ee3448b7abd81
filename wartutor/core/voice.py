"""Whom the words are for: the seat that is "you", and what the other seats are called.

Explanations (and the tables the apps draw) speak to one player: "you take the pile",
"Ana wins". Alone against the computers that player is seat 0, as every variant's own
words assume; at a shared screen or in a room it is whoever is looking, and the other
seats carry the names the players typed. Rather than pass that down through every
wording function, the words ask the voice in force, set for a stretch of code with
:func:`speaking`:

>>> NAMES = ("You", "Ana")
>>> def took(p: int) -> str:
...     return f"{voice().who(p, NAMES, capital=True)} {voice().verb(p, 'take')} the pile."
>>> took(0), took(1)
('You take the pile.', 'Ana takes the pile.')
>>> with speaking(1, ("Ada", "Bo")):
...     took(0), took(1)
('Ada takes the pile.', 'You take the pile.')
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass

from wartutor.language import _

_IRREGULAR = {"have": "has", "are": "is", "do": "does", "go": "goes", "were": "was"}


@dataclass(frozen=True)
class Voice:
    """``viewer`` is "you" (None: nobody, as in a teacher's record); ``names`` are the
    seats' names in the third person (None: the variant's own names); ``plain`` asks for
    a student's words: cards by their suit symbols ("3♥"), never by their codes ("3H");
    ``secret_deal`` leaves the seed out of the words, where the deal is not the player's
    to know while the game is played (a room, a shared screen)."""

    viewer: int | None = 0
    names: tuple[str, ...] | None = None
    plain: bool = False
    secret_deal: bool = False

    def seed_note(self, seed: int) -> str:
        """" (seed 4821)" after the word for a shuffle, or nothing where the deal is secret."""
        return "" if self.secret_deal else f" (seed {seed})"

    def you(self, seat: int) -> bool:
        return seat == self.viewer

    def name(self, seat: int, own: Sequence[str]) -> str:
        """The seat's name in the third person: the names in force (as typed), else the
        variant's own, given in English and said in the language in force (seat 0's is
        "You" only to seat 0 itself).

        A sentence about a seat that may be "you" is chosen whole by :meth:`you`, and
        takes this name as a field: "You take the pile." or "{name} takes the pile."."""
        if self.names is not None and seat < len(self.names):
            return self.names[seat]
        if seat == 0 and own[0].casefold() == "you":
            return _("Player {number}").format(number=1)
        return _(own[seat])

    def who(self, seat: int, own: Sequence[str], *, capital: bool = False) -> str:
        """"you" (or "You") for the viewer, else the seat's name: English only (other
        languages choose whole sentences by :meth:`you`)."""
        if self.you(seat):
            return "You" if capital else "you"
        return self.name(seat, own)

    def whose(self, seat: int, own: Sequence[str], *, capital: bool = False) -> str:
        if self.you(seat):
            return "Your" if capital else "your"
        return f"{self.name(seat, own)}'s"

    def verb(self, seat: int, verb: str) -> str:
        """The verb agreeing with the seat: "you draw", "Ana draws"."""
        if self.you(seat):
            return verb
        return _IRREGULAR.get(verb, verb + ("es" if verb.endswith(("s", "sh", "ch", "x"))
                                            else "s"))


_SEAT_0 = Voice()  # frozen, so one default serves every context
_VOICE: ContextVar[Voice] = ContextVar("wartutor_voice", default=_SEAT_0)


def voice() -> Voice:
    """The voice in force (by default, seat 0 is "you" and the seats keep their names)."""
    return _VOICE.get()


@contextmanager
def speaking(viewer: int | None, names: Sequence[str] | None = None,
             plain: bool | None = None, secret_deal: bool | None = None) -> Iterator[Voice]:
    """Word everything inside for ``viewer``, calling the other seats ``names``, in a
    student's plain words or not, keeping the deal's seed secret or not (None: as the
    voice around it)."""
    around = _VOICE.get()
    plain = around.plain if plain is None else plain
    secret = around.secret_deal if secret_deal is None else secret_deal
    token = _VOICE.set(Voice(viewer, None if names is None else tuple(names), plain, secret))
    try:
        yield _VOICE.get()
    finally:
        _VOICE.reset(token)
