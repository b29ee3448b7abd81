"""The facts of each step of Guerrilla Tactics. Their words are in explain.py.

Events are shown to every player, so an event never names a card that is still
hidden (a card drawn, chosen but not revealed, laid face down or recruited): it
holds counts instead. ``rule`` names the section of the text or the ruling that
decided what happened; every one is a key of ``explain.RULE_TITLES``.
"""

from __future__ import annotations

from dataclasses import dataclass

from wartutor.core.cards import Card
from wartutor.variants.guerrilla_tactics.forces import Force

Plays = tuple[tuple[int, Card], ...]  # (player, card), in seat order


@dataclass(frozen=True)
class Dealt:
    suits: tuple[str, ...]
    pile_sizes: tuple[int, ...]
    seed: int
    stacked: bool
    rule: str = "GT-SETUP"


@dataclass(frozen=True)
class SkirmishBegins:
    skirmish: int
    guerrilla_rank: int
    rule: str = "GT-SKIRMISH"


@dataclass(frozen=True)
class Reshuffled:
    player: int
    cards: int
    rule: str = "GT-DRAW"


@dataclass(frozen=True)
class Drew:
    """``wanted`` cards were due; ``drawn`` came (fewer when the piles ran out)."""

    player: int
    drawn: int
    wanted: int
    hand: int  # cards in hand afterwards
    tie_round: int  # 0 for the skirmish's draw, 1.. for a tie-break's
    rule: str


@dataclass(frozen=True)
class Eliminated:
    player: int
    in_hand: int  # cards still in hand, to the removed pile unseen (GT-ELIM-HAND)
    rule: str


@dataclass(frozen=True)
class PromotionProposed:
    player: int
    rank: int
    rule: str = "GT-PROMOTION"


@dataclass(frozen=True)
class Promoted:
    rank: int  # the new Guerrilla rank
    rule: str = "GT-PROMO-ACCEPT"


@dataclass(frozen=True)
class PromotionCancelled:
    canceller: int
    card: Card
    proposer: int
    recruited: int
    wanted: int
    rule: str


@dataclass(frozen=True)
class ProposalsRevealed:
    """Everyone's declarations in the promotion window, revealed together (GT-DECLARE
    'everyone'); the first proposer in seat order proposes (GT-PROMO-ONCE)."""

    proposers: tuple[int, ...]  # in seat order
    passed: tuple[int, ...]
    rule: str = "GT-DECLARE"


@dataclass(frozen=True)
class CancelsRevealed:
    """Everyone's answers to a proposal, revealed together (GT-DECLARE 'everyone'): each
    Guerrilla shown to cancel, in seat order after the proposer, the first recruiting
    (GT-MULTI-CANCEL)."""

    proposer: int
    cancels: Plays
    allowed: tuple[int, ...]
    rule: str = "GT-DECLARE"


@dataclass(frozen=True)
class Chose:
    """A player has made a hidden choice (``stage``: play or tie, or promote or cancel for
    a declaration under GT-DECLARE 'everyone')."""

    player: int
    stage: str
    rule: str


@dataclass(frozen=True)
class OnlyChoice:
    """A player with one possible choice had it made without being asked."""

    player: int
    stage: str
    rule: str = "GT-ONE-CARD"


@dataclass(frozen=True)
class Revealed:
    """Cards turned face up in the play step; ``first``: the spy captors' early reveal."""

    skirmish: int
    plays: Plays
    first: bool
    rule: str


@dataclass(frozen=True)
class Standing:
    """Who is ahead: each contender's face-up cards and their worth, and the best."""

    skirmish: int
    tie_round: int
    after_support: bool
    cards: tuple[tuple[int, tuple[Card, ...]], ...]
    forces: tuple[tuple[int, Force], ...]
    best: tuple[int, ...]
    rule: str


@dataclass(frozen=True)
class Supported:
    """``declined``: everyone tied or losing with a card in hand who did not support (not
    only those whose support could have helped: that would show something of their hand);
    ``best``: who was ahead before the supports."""

    skirmish: int
    supports: Plays
    declined: tuple[int, ...]
    best: tuple[int, ...]
    rule: str = "GT-SUPPORT"


@dataclass(frozen=True)
class TieBreak:
    skirmish: int
    tie_round: int
    players: tuple[int, ...]
    rule: str = "GT-TIE"


@dataclass(frozen=True)
class TieStands:
    skirmish: int
    players: tuple[int, ...]
    short: tuple[int, ...]
    rule: str = "GT-TIE-CANNOT-DRAW"


@dataclass(frozen=True)
class TieLaid:
    """A tie-break's cards: ``up`` face up; ``down`` counts the face-down cards per player."""

    skirmish: int
    tie_round: int
    up: Plays
    down: tuple[tuple[int, int], ...]
    turned: Plays  # face-down cards turned up to make pairs (ruling GT-TIE-DOWN "pair")
    rule: str


@dataclass(frozen=True)
class ForcesLost:
    """The Guerrillas involved and the cards removed: named when face up, counted when
    laid face down (those stay hidden)."""

    skirmish: int
    used: int
    guerrillas: tuple[Card, ...]
    hidden_guerrillas: int
    removed: tuple[Card, ...]
    hidden_removed: int
    pick: str
    rule: str = "GT-LOSS-PICK"


@dataclass(frozen=True)
class NoLoss:
    skirmish: int
    used: int
    rule: str = "GT-LOSS"


@dataclass(frozen=True)
class SpoilsTaken:
    skirmish: int
    shares: tuple[tuple[int, tuple[Card, ...]], ...]
    odd_removed: tuple[Card, ...]
    rule: str


@dataclass(frozen=True)
class NoWinner:
    skirmish: int
    cards: tuple[Card, ...]
    rule: str = "GT-NO-WINNER"


@dataclass(frozen=True)
class SpyCaptured:
    skirmish: int
    player: int
    spies: tuple[Card, ...]
    rule: str


@dataclass(frozen=True)
class SpyLost:
    """An opponent's spy was seen, but loss of forces removed it (GT-SPY-REMOVED)."""

    skirmish: int
    player: int
    spies: tuple[Card, ...]
    rule: str = "GT-SPY-REMOVED"


@dataclass(frozen=True)
class OwnSpy:
    skirmish: int
    player: int
    rule: str = "GT-SPY"


@dataclass(frozen=True)
class GameOver:
    """``ending``: last-standing, all-out or limit; no winners is a draw."""

    winners: tuple[int, ...]
    ending: str
    skirmish: int
    rule: str


GuerrillaEvent = (
    Dealt | SkirmishBegins | Reshuffled | Drew | Eliminated | PromotionProposed | Promoted
    | PromotionCancelled | ProposalsRevealed | CancelsRevealed | Chose | OnlyChoice | Revealed
    | Standing | Supported | TieBreak
    | TieStands | TieLaid | ForcesLost | NoLoss | SpoilsTaken | NoWinner | SpyCaptured | SpyLost
    | OwnSpy
    | GameOver
)
