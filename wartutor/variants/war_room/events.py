"""War Room's events: the facts of each step (who, which cards, which VCs, which rule).

Their words are made in explain.py. Players are seat numbers; ``rule`` names a section
of the rule text (WR-REVEAL, WR-TIE, ...) or the ruling that decided the step.
"""

from __future__ import annotations

from dataclasses import dataclass

from wartutor.core.records import set_at_once
from wartutor.variants.war_room.deck import Instruction, RoomCard


@set_at_once
@dataclass(frozen=True)
class Dealt:
    stack_sizes: tuple[int, ...]
    deck: str
    seed: int
    stacked: bool
    rule: str = "WR-DEAL"


@set_at_once
@dataclass(frozen=True)
class FirstChosen:
    player: int
    drawn: bool  # True: drawn at random; False: the seat named by the ruling
    rule: str = "WR-FIRST"


@set_at_once
@dataclass(frozen=True)
class Revealed:
    """Every remaining player's top card, face up at its printed VC."""

    round: int
    first: int
    cards: tuple[tuple[int, RoomCard], ...]  # (seat, card), clockwise from the first player
    rule: str = "WR-REVEAL"


@set_at_once
@dataclass(frozen=True)
class Declared:
    """A player has declared; what they declared stays hidden until everyone has."""

    player: int
    step: int
    rule: str


@set_at_once
@dataclass(frozen=True)
class AutoDeclined:
    """A player with nothing to activate declines without being asked."""

    player: int
    card: RoomCard
    step: int
    already_activated: bool  # ruling WR-REACTIVATE 'once-per-cycle'
    rule: str


@set_at_once
@dataclass(frozen=True)
class DeclarationsShown:
    round: int
    step: int
    activating: tuple[int, ...]  # in the order they resolve
    declining: tuple[int, ...]
    rule: str


@set_at_once
@dataclass(frozen=True)
class Activates:
    """A declared activation starts to resolve; ``again``: this card already activated in
    an earlier step of this reveal cycle (ruling WR-REACTIVATE allows it)."""

    player: int
    card: RoomCard
    again: bool = False
    rule: str = "WR-RESOLVE"


@set_at_once
@dataclass(frozen=True)
class Hit:
    """One target of an instruction and its VC before and after."""

    player: int
    before: int
    after: int


@set_at_once
@dataclass(frozen=True)
class InstructionResolved:
    """``how``: 'fixed' (the card names the target), 'only' (one legal target),
    'chosen' (picked by the activating player), or 'all-tied' (ruling WR-EXTREME-TIE)."""

    player: int
    card: RoomCard
    number: int  # 1 for the card's first instruction
    instruction: Instruction
    hits: tuple[Hit, ...]
    how: str
    rule: str


@set_at_once
@dataclass(frozen=True)
class NoTarget:
    player: int
    card: RoomCard
    number: int
    instruction: Instruction
    rule: str  # WR-TEAMS for Defend Ally, WR-NO-TARGET otherwise


@set_at_once
@dataclass(frozen=True)
class Skipped:
    player: int
    card: RoomCard
    number: int
    instruction: Instruction
    rule: str = "WR-RESOLVE"


@set_at_once
@dataclass(frozen=True)
class Compared:
    round: int
    step: int
    vcs: tuple[tuple[int, int], ...]  # (seat, VC) of the compared cards
    lowest: tuple[int, ...]
    rule: str


@set_at_once
@dataclass(frozen=True)
class TieBreak:
    """A new tie-break step: ``tied`` take part, ``left`` drop out of the tie."""

    round: int
    step: int
    tied: tuple[int, ...]
    left: tuple[int, ...]
    rule: str = "WR-TIE"


@set_at_once
@dataclass(frozen=True)
class Stalemate:
    round: int
    step: int
    tied: tuple[int, ...]
    how: str  # the WR-STALEMATE-WHEN choice that detected it
    rule: str = "WR-STALEMATE-WHEN"


@set_at_once
@dataclass(frozen=True)
class StalemateSettled:
    round: int
    tied: tuple[int, ...]
    winner: int | None  # None: the cycle is void
    rule: str = "WR-STALEMATE"


@set_at_once
@dataclass(frozen=True)
class Collected:
    round: int
    winner: int
    cards: tuple[RoomCard, ...]
    rule: str = "WR-COLLECT"


@set_at_once
@dataclass(frozen=True)
class ReturnedUnder:
    """A void cycle: each revealed card goes back under its owner's draw stack."""

    round: int
    cards: tuple[tuple[int, RoomCard], ...]
    rule: str = "WR-STALEMATE"


@set_at_once
@dataclass(frozen=True)
class Eliminated:
    round: int
    players: tuple[int, ...]
    rule: str = "WR-ELIMINATE"


@set_at_once
@dataclass(frozen=True)
class Reshuffled:
    round: int
    empty: tuple[int, ...]  # whose draw stack ran out
    sizes: tuple[tuple[int, int], ...]  # (seat, new draw stack size)
    rule: str = "WR-RESHUFFLE"


@set_at_once
@dataclass(frozen=True)
class GameOver:
    """``ending``: 'last-player', 'nobody' (a draw), 'lesson' (house rule WR-HOUSE-LESSON:
    the lesson's last round is played, and the most cards held win), or 'limit' or 'endless'
    (unfinished). ``held``: at a lesson's end, each remaining player's cards, draw stack and
    collection pile together, in seat order; ``winner`` is then the one holding the most,
    or None when several share the most."""

    winner: int | None
    ending: str
    round: int
    rule: str
    held: tuple[tuple[int, int], ...] = ()


WarRoomEvent = (
    Dealt | FirstChosen | Revealed | Declared | AutoDeclined | DeclarationsShown | Activates
    | InstructionResolved | NoTarget | Skipped | Compared | TieBreak | Stalemate
    | StalemateSettled | Collected | ReturnedUnder | Eliminated | Reshuffled | GameOver
)
