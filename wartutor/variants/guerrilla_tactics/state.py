"""The state of a Guerrilla Tactics game: immutable values only.

Every card is in exactly one place: a player's draw pile, discard pile or hand, the
table (the skirmish being fought) or the shared removed pile. ``last_table`` is only
a picture of the skirmish just finished, for the table drawing.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypeVar

from wartutor.core.cards import Card, standard_deck
from wartutor.core.chance import Rng
from wartutor.core.engine import Decision, Outcome
from wartutor.variants.guerrilla_tactics.rules import GuerrillaRules

# How a card was laid: played, added in support, or laid in a tie-break (TURNED: laid
# face down, then turned up to make a pair under ruling GT-TIE-DOWN "pair").
PLAY, SUPPORT, TIE_UP, TIE_DOWN, TURNED = "play", "support", "tie-up", "tie-down", "tie-turned"

_Value = TypeVar("_Value")

DECK = standard_deck()
"""One Card object per card for every dealt game, so that finding a card in a pile or a
hand is mostly a check of identity, not of rank and suit."""
BY_CODE = {c.code: c for c in DECK}
"""The card an action names ("play 9S"), by its code: the actions are already checked."""


def rules_deck(rules: GuerrillaRules) -> tuple[Card, ...]:
    """The cards the rules deal: the players' suits (GT-SETUP), a stacked deal aside."""
    return tuple(c for c in DECK if c.suit in "".join(rules.suits))


def changed(value: _Value, **changes: object) -> _Value:
    """``dataclasses.replace`` for the classes of this module, at a fraction of the cost.

    A game step makes a dozen new states; ``replace`` re-runs ``__init__`` field by
    field. These classes have no ``__post_init__`` and nothing derived, so a copy of
    the fields with some of them changed is exactly the value ``replace`` would give.
    Unlike ``replace`` it does not check the names (that check cost a third of its
    time): a misspelt one would add an attribute and change nothing, which the golden
    games and the stateful replays would show.
    """
    return made(type(value), {**value.__dict__, **changes})


def made(kind: type[_Value], fields: dict[str, object]) -> _Value:
    """A new frozen record with these fields (by name), made without its ``__init__``;
    ``fields`` becomes the record's own, so it must be a new dict.

    Setting fields one at a time past the frozen guard is slow, and views are made at
    every decision (a dict of the fields costs less to pass than as many keywords).
    The dict is given whole: filling ``new.__dict__`` in place instead made every later
    read of a field four times slower (CPython 3.11), and the rules read states and
    seats hundreds of times a step. Only for records without ``__post_init__``, given
    every field (one left out would fail the first comparison or print of the record).
    """
    new = object.__new__(kind)
    object.__setattr__(new, "__dict__", fields)
    return new


def put(draft: _Value, **fields: object) -> _Value:
    """Set fields of a state that is still being made, in place; returns it.

    A step works on one new state, its *draft*: ``game.choose`` copies the state it is
    given, and every rule after it up to the next decision writes into that copy, where
    a new frozen state per change (a dozen a step) cost the most of all. Only for a draft
    nobody else holds yet: once ``game.advance`` hands it back, nothing writes into it.
    """
    draft.__dict__.update(fields)
    return draft


@dataclass(frozen=True)
class Laid:
    """A card on the table; ``card`` is None in a view where it lies face down, hidden."""

    card: Card | None
    how: str
    tie_round: int  # 0 for the skirmish itself, 1, 2, ... for tie-breaks

    @property
    def face_up(self) -> bool:
        return self.how != TIE_DOWN


@dataclass(frozen=True)
class Seat:
    """One player's piles and marks. Piles are tuples, top card first."""

    draw: tuple[Card, ...]
    discard: tuple[Card, ...] = ()
    hand: tuple[Card, ...] = ()
    shown: tuple[Card, ...] = ()  # cards in hand everyone has seen (GT-CANCEL-CARD)
    out: bool = False
    supported: bool = False  # used support last skirmish: draws one card fewer
    reveals_first: bool = False  # captured a spy last skirmish
    played_guerrilla: bool = False  # since the last rank change (or ever: GT-PROMO-PLAYED)
    tie_drawn: tuple[Card, ...] = ()  # the cards just drawn for a tie-break

    def laying(self, card: Card, guerrilla: bool, support: bool) -> Seat:
        """This seat once ``card`` is laid: out of the hand (and out of ``shown`` and
        ``tie_drawn``), noting a Guerrilla played and a support added."""
        shown, drawn = self.shown, self.tie_drawn  # both usually empty
        return changed(self, hand=_minus(self.hand, card),
                       shown=_minus(shown, card) if shown else shown,
                       tie_drawn=_minus(drawn, card) if drawn else drawn,
                       played_guerrilla=self.played_guerrilla or guerrilla,
                       supported=self.supported or support)

    @property
    def held(self) -> int:
        return len(self.draw) + len(self.discard) + len(self.hand)


def _minus(cards: tuple[Card, ...], gone: Card) -> tuple[Card, ...]:
    return tuple([c for c in cards if c != gone])


@dataclass(frozen=True)
class Tally:
    """Running counts for the summary of a game."""

    supports: int = 0
    tie_breaks: int = 0
    removed_by_loss: int = 0
    promotions: int = 0
    cancellations: int = 0
    recruited: int = 0
    spy_captures: int = 0
    eliminations: int = 0
    reshuffles: int = 0


@dataclass(frozen=True)
class GuerrillaState:
    """``stage`` says what the skirmish is waiting for; ``asked`` who must still choose.

    In a stage of simultaneous choices (play, support, tie) ``pending`` holds each
    choice until all are in; they are applied together.
    """

    rules: GuerrillaRules
    rng: Rng
    seats: tuple[Seat, ...]
    removed: tuple[Card, ...]
    guerrilla_rank: int
    skirmish: int
    stage: str
    asked: tuple[int, ...]
    pending: tuple[str | None, ...]
    contenders: tuple[int, ...]  # still fighting for this skirmish (the tied, in a tie-break)
    tie_round: int
    proposer: int | None
    table: tuple[tuple[Laid, ...], ...]
    last_table: tuple[tuple[Laid, ...], ...]
    tally: Tally
    outcome: Outcome | None
    # What asked[0] must choose, with the legal actions, made once when the game stops
    # for that choice (game.advance), so that asking, checking and refusing do not work
    # them out again; None once the game is over.
    decision: Decision | None

    @property
    def active(self) -> tuple[int, ...]:
        """The players still in the game, in seat order."""
        return tuple([p for p, seat in enumerate(self.seats) if not seat.out])


def put_seat(draft: GuerrillaState, player: int, seat: Seat) -> GuerrillaState:
    """One player's seat replaced in a draft (see ``put``)."""
    seats = list(draft.seats)
    seats[player] = seat
    return put(draft, seats=tuple(seats))
