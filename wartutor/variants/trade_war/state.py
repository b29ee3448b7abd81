"""Trade War's state and events: facts only (their words are made in explain.py).

Players are numbered from 0 ("you") clockwise. Hands are kept sorted; resource piles
and the centre pile are tuples, the centre's top card first.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TypeVar

from wartutor.core.chance import Rng
from wartutor.core.engine import Outcome
from wartutor.variants.trade_war.cards import PUTIN, Cards, TradeCard
from wartutor.variants.trade_war.rules import TradeRules

# The phases of a turn, in order; "over" once the game has ended.
PREPARE, ASK, ATTACK, DEFEND, PUTIN_WINDOW, REWARD, OVER = (
    "prepare", "ask", "attack", "defend", "putin", "reward", "over",
)  # fmt: skip


R = TypeVar("R")


def changed(record: R, **changes: object) -> R:
    """A copy of a frozen record below with some fields changed: ``dataclasses.replace``
    without running ``__init__`` field by field again, which was most of a step's time."""
    fields = record.__dict__
    if not changes.keys() <= fields.keys():
        unknown = ", ".join(sorted(changes.keys() - fields.keys()))
        raise TypeError(f"{type(record).__name__} has no field {unknown}")
    copy = object.__new__(type(record))
    copy.__dict__.update(fields)
    copy.__dict__.update(changes)
    return copy


# Events. ``rule`` names the section of the text or the ruling that decided each one.


@dataclass(frozen=True)
class Dealt:
    hand_sizes: tuple[int, ...]
    pile_sizes: tuple[int, ...]
    center: int
    seed: int
    stacked: bool
    rule: str = "TW-DEAL"


@dataclass(frozen=True)
class TurnStarted:
    """``after`` says why this player: "first" (TW-FIRST), "clockwise" or "defender"."""

    turn: int
    player: int
    after: str
    may_draw: bool
    rule: str


@dataclass(frozen=True)
class Took:
    """Cards from the player's own resource pile into the hand (private to the player);
    ``automatic`` when the pile held no more than the hand needed, so there was no choice."""

    player: int
    cards: Cards
    automatic: bool
    rule: str = "TW-REFILL"


@dataclass(frozen=True)
class Swapped:
    player: int
    out: TradeCard  # from the hand to the pile
    into: TradeCard  # from the pile to the hand
    rule: str = "TW-SWAP"


@dataclass(frozen=True)
class Drew:
    player: int
    card: TradeCard
    center_left: int
    rule: str = "TW-CENTER-DRAW"


@dataclass(frozen=True)
class Asked:
    player: int
    target: int
    rank: int
    held: bool  # did the target hold the rank?
    rule: str = "TW-GUESS"


@dataclass(frozen=True)
class StakeLaid:
    """The defender's cards of the asked rank, face up: the stake of the battle."""

    player: int
    cards: Cards
    held: int  # how many of the rank the defender held
    rule: str


@dataclass(frozen=True)
class Played:
    """``how``: chosen, forced (TW-BATTLE-PLAY), only (the one legal play), stake."""

    player: int
    cards: Cards
    attacking: bool
    how: str
    rule: str


@dataclass(frozen=True)
class Assassinated:
    player: int  # who played Putin
    card: TradeCard
    owner: int
    where: str  # "table" or "hand"
    center_size: int  # after Putin was shuffled back in
    rule: str = "TW-PUTIN-KILL"


@dataclass(frozen=True)
class Declared:
    """Ruling TW-PUTIN-WHO 'everyone': a player has declared at Putin's moment; what is
    hidden until everyone has."""

    player: int
    rule: str = "TW-PUTIN-WHO"


@dataclass(frozen=True)
class AllDeclared:
    """Every declaration at Putin's moment, shown at once (ruling TW-PUTIN-WHO 'everyone'):
    ``declarations[p]`` is player p's "pass" or strike; ``striker`` played Putin (or None)."""

    declarations: tuple[str, ...]
    striker: int | None
    rule: str = "TW-PUTIN-WHO"


@dataclass(frozen=True)
class BattleDecided:
    """``why`` names the comparison: higher, doubles (beat a single), higher-doubles,
    mueller-face, number-mueller, mueller-doubles, tie, no-card."""

    winner: int
    loser: int
    attack: Cards
    defence: Cards
    why: str
    rule: str


@dataclass(frozen=True)
class TiedAgain:
    attack: Cards
    defence: Cards
    rule: str = "TW-BATTLE-TIE"


@dataclass(frozen=True)
class Collected:
    player: int
    cards: Cards
    to_hand: int
    rule: str


@dataclass(frozen=True)
class WonInARow:
    """``within_turn``: counted in this turn only (ruling TW-STREAK 'turn'), else across turns."""

    player: int
    count: int
    rule: str
    within_turn: bool = True


@dataclass(frozen=True)
class Rewarded:
    player: int
    source: str  # "center", "pile" or "hand"
    victim: int | None
    card: TradeCard | None  # None: the source was empty
    to_hand: bool
    rule: str


@dataclass(frozen=True)
class TurnEnded:
    """``why``: miss, lost, reward, no-battle-card, nobody-to-ask."""

    player: int
    why: str
    rule: str


@dataclass(frozen=True)
class GameOver:
    """``ending``: center-empty, limit or stalled; ``winners`` empty for a draw."""

    winners: tuple[int, ...]
    ending: str
    scores: tuple[int, ...]
    turn: int
    rule: str


TradeEvent = (
    Dealt | TurnStarted | Took | Swapped | Drew | Asked | StakeLaid | Played | Declared
    | AllDeclared | Assassinated | BattleDecided | TiedAgain | Collected | WonInARow | Rewarded
    | TurnEnded | GameOver
)


@dataclass(frozen=True)
class Battle:
    """A battle on the table. ``attack`` and ``defence`` are the current plays; ``earlier``
    holds the cards of tied rounds (ruling TW-BATTLE-TIE 'again'), still in play, and
    ``earlier_attack`` those of them that the instigator played."""

    defender: int
    rank: int
    stake: Cards
    attack: Cards = ()
    defence: Cards = ()
    earlier: Cards = ()
    earlier_attack: Cards = ()

    @property
    def cards(self) -> Cards:
        return self.stake + self.earlier + self.attack + self.defence


@dataclass(frozen=True)
class AskRecord:
    """A public fact every player saw: who asked whom for which rank, and what was shown."""

    player: int
    target: int
    rank: int
    shown: Cards


@dataclass(frozen=True)
class Tally:
    """Running counts for :class:`wartutor.core.Summary`."""

    asks: int = 0
    misses: int = 0
    battles: int = 0
    doubles: int = 0
    mueller_wins: int = 0
    assassinations: int = 0
    rewards: int = 0
    swaps: int = 0
    center_draws: int = 0


@dataclass(frozen=True)
class TradeState:
    rules: TradeRules
    rng: Rng
    hands: tuple[Cards, ...]
    piles: tuple[Cards, ...]
    center: Cards
    removed: Cards  # assassinated: out of the game
    phase: str
    instigator: int
    turn: int
    streaks: tuple[int, ...]
    battle: Battle | None = None
    moved: Cards = ()  # cards swapped or taken this turn (each moves once, TW-SWAP-ONCE)
    may_draw: bool = False
    rewarded: int | None = None  # who chooses a reward now
    center_emptied: bool = False
    passes: int = 0  # turns in a row that ended at their start with nothing done
    log: tuple[AskRecord, ...] = ()
    tally: Tally = field(default_factory=Tally)
    outcome: Outcome | None = None
    # At Putin's moment under ruling TW-PUTIN-WHO 'everyone': each player's declaration,
    # None until made (hidden from the others until all are in); () when no one declares.
    declared: tuple[str | None, ...] = ()

    @property
    def scores(self) -> tuple[int, ...]:
        return tuple(map(len, self.piles))

    def holder_of_putin(self) -> int | None:
        for player, hand in enumerate(self.hands):
            if PUTIN in hand:
                return player
        return None
