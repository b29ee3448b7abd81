"""Classic War, in the order of its rule text's playing sequence.

1. The deck is split into two face-down piles of 26 cards.
2. Both players turn their top card; the higher rank wins both (ace high, suits ignored).
3. On equal ranks each side lays one card face down and one face up; repeat while tied.
4. The winner puts the whole pile at the bottom of their deck.
5. A player unable to finish a war loses; equal shortages are a draw; after 500
   battles an undecided game is a draw.
6. New round deals again (in the apps).

Player 0 is "you", player 1 the computer. Decks are tuples, top card first.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypeVar

from wartutor.core.cards import Card, cards, standard_deck
from wartutor.core.chance import Rng
from wartutor.core.engine import Decision, Outcome
from wartutor.core.errors import BadInput, quoted
from wartutor.variants.classic_war.rules import ClassicRules

YOU, COMPUTER = 0, 1
TURN = "turn"
Pair = tuple[Card, Card]
Ending = tuple[int | None, str, str]  # (winner or None for a draw, ending, rule)


# Events: the facts of each step. Their words are in explain.py.


@dataclass(frozen=True)
class Dealt:
    pile_sizes: tuple[int, int]
    seed: int
    stacked: bool
    rule: str = "CW-1"


@dataclass(frozen=True)
class Compared:
    """Both face-up cards of a battle (war 0) or of one of its wars (war 1, 2, ...)."""

    battle: int
    war: int
    up: Pair
    winner: int | None
    rule: str = "CW-2"


@dataclass(frozen=True)
class WarLaid:
    battle: int
    war: int
    down: tuple[tuple[Card, ...], tuple[Card, ...]]
    up: Pair
    rule: str = "CW-3"


@dataclass(frozen=True)
class RanShort:
    """Players who lack the cards to finish a war: ``needed`` each, ``held`` in hand."""

    battle: int
    short: tuple[int, ...]
    held: tuple[int, int]
    needed: int
    rule: str = "CW-5"


@dataclass(frozen=True)
class PileTaken:
    battle: int
    winner: int
    cards: tuple[Card, ...]  # in the order they go under the winner's deck
    order: str
    rule: str = "CW-PICKUP"


@dataclass(frozen=True)
class GameOver:
    """``ending`` is all-cards, short, both-short or limit; ``winner`` None is a draw."""

    winner: int | None
    ending: str
    battle: int
    held: tuple[int, int]
    rule: str


ClassicEvent = Dealt | Compared | WarLaid | RanShort | PileTaken | GameOver


@dataclass(frozen=True)
class Laid:
    """A card on the table; ``card`` is None in a view where it is face down and hidden."""

    card: Card | None
    face_up: bool


@dataclass(frozen=True)
class ClassicState:
    rules: ClassicRules
    rng: Rng
    decks: tuple[tuple[Card, ...], tuple[Card, ...]]
    last_battle: tuple[tuple[Laid, ...], tuple[Laid, ...]]  # as laid, for the table
    unclaimed: tuple[Card, ...]  # left on the table when a war could not be finished
    battles: int
    wars: int
    outcome: Outcome | None


# 1. The deal


def deal(
    rules: ClassicRules, seed: int, stacked: tuple[str, ...] | None = None
) -> tuple[ClassicState, tuple[ClassicEvent, ...]]:
    """Shuffle and split 26/26, or lay out a stacked deal: (your deck, the computer's)."""
    rng = Rng.from_seed(seed)
    if stacked is None:
        deck, rng = rng.shuffled(standard_deck())
        decks = (deck[:26], deck[26:])
    else:
        decks = _stacked_decks(stacked)
    state = ClassicState(rules, rng, decks, ((), ()), (), 0, 0, None)
    return state, (Dealt((len(decks[0]), len(decks[1])), seed, stacked is not None),)


def _stacked_decks(stacked: tuple[str, ...]) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    allowed = 'two card lists, yours then the computer\'s, top card first, e.g. ("9S KD", "9H 7C")'
    if isinstance(stacked, str) or len(stacked) != 2:
        raise BadInput(f"a stacked deal needs two decks, not {quoted(stacked)}", allowed=allowed)
    decks = (cards(stacked[0]), cards(stacked[1]))
    everything = decks[0] + decks[1]
    if not decks[0] or not decks[1]:
        raise BadInput("each player needs at least one card", allowed=allowed)
    if len(set(everything)) != len(everything):
        twice = sorted({c.code for c in everything if everything.count(c) > 1})
        raise BadInput(f"a card appears twice in the stacked deal: {' '.join(twice)}",
                       allowed="each card at most once")
    return decks


TURN_CARDS = Decision(YOU, "turn", (TURN,))


def decision(state: ClassicState) -> Decision | None:
    """There is only ever one choice: turn the next cards (you press it for both)."""
    return None if state.outcome else TURN_CARDS


# 2-5. One battle: everything one press of Turn cards does (ruling CW-BATTLE-UNIT).

# Laid cards are plain values, so one of each per card and face serves every table.
# Keyed by (rank, suit): a tuple hashes and compares faster than a Card does.
_FACE_UP = {(c.rank, c.suit): Laid(c, True) for c in standard_deck()}
_FACE_DOWN = {(c.rank, c.suit): Laid(c, False) for c in standard_deck()}


def battle(state: ClassicState) -> tuple[ClassicState, tuple[ClassicEvent, ...]]:
    mine, theirs = state.decks
    laid = ([_FACE_UP[mine[0].rank, mine[0].suit]], [_FACE_UP[theirs[0].rank, theirs[0].suit]])
    return fight(state, 1, laid, 0)


def fight(
    state: ClassicState, used: int, laid: tuple[list[Laid], list[Laid]], war: int
) -> tuple[ClassicState, tuple[ClassicEvent, ...]]:
    """The battle from the moment its last face-up cards lie on the table: each side has
    laid the top ``used`` cards of its deck (both always lay the same number), as ``laid``,
    in the ``war``-th war of this battle (0: none yet)."""
    rules = state.rules
    mine, theirs = state.decks
    number, wars = state.battles + 1, state.wars
    up: Pair = (mine[used - 1], theirs[used - 1])
    events: list[ClassicEvent] = []
    while True:
        winner = _higher(up)
        events.append(new_record(Compared, battle=number, war=war, up=up, winner=winner,
                                 rule="CW-2" if war == 0 and winner is not None else "CW-3"))
        if winner is not None:
            return _finish(state, used, laid, wars, winner, None, events)
        needed = rules.war_down + 1
        held = (len(mine) - used, len(theirs) - used)
        short = tuple(p for p in (YOU, COMPUTER) if held[p] < needed)
        if len(short) == 2:
            events.append(RanShort(number, short, held, needed, "CW-SHORT"))
            return _finish(state, used, laid, wars, None, _both_short(rules, held), events)
        if short:
            loser = short[0]
            events.append(RanShort(number, short, held, needed, "CW-SHORT-SCOPE"))
            if rules.short_scope == "game":
                return _finish(state, used, laid, wars, None, (1 - loser, "short",
                                                               "CW-SHORT-SCOPE"), events)
            return _finish(state, used, laid, wars, 1 - loser, None, events)
        war += 1
        wars += 1
        top = used + rules.war_down
        down = (mine[used:top], theirs[used:top])
        up = (mine[top], theirs[top])
        used = top + 1
        for side in (YOU, COMPUTER):
            laid[side].extend(_FACE_DOWN[c.rank, c.suit] for c in down[side])
            laid[side].append(_FACE_UP[up[side].rank, up[side].suit])
        events.append(WarLaid(number, war, down, up, "CW-3" if rules.war_down == 1
                                                     else "CW-WAR-DOWN"))


def _finish(
    state: ClassicState,
    used: int,
    laid: tuple[list[Laid], list[Laid]],
    wars: int,
    pile_winner: int | None,
    ending: Ending | None,
    events: list[ClassicEvent],
) -> tuple[ClassicState, tuple[ClassicEvent, ...]]:
    """The pile taken (or left unclaimed), the end of the game if it came, the new state.

    Each side laid its top ``used`` cards, in order.
    """
    rules, rng, number = state.rules, state.rng, state.battles + 1
    mine, theirs = state.decks
    played = (mine[:used], theirs[:used])
    decks = (mine[used:], theirs[used:])
    unclaimed: tuple[Card, ...] = ()
    if pile_winner is None:
        unclaimed = played[0] + played[1]
    else:
        taken, rng = _pickup_order(rules.pickup, played[pile_winner], played[1 - pile_winner],
                                   rng)
        decks = ((decks[0] + taken, decks[1]) if pile_winner == YOU
                 else (decks[0], decks[1] + taken))
        events.append(new_record(PileTaken, battle=number, winner=pile_winner, cards=taken,
                                 order=rules.pickup, rule="CW-PICKUP"))
    held = (len(decks[0]), len(decks[1]))
    if ending is None and 0 in held:
        ending = (1 - held.index(0), "all-cards", "CW-EMPTY")
    if rules.battle_limit is not None and number >= rules.battle_limit:
        # A decision in the last battle stands (CW-LIMIT-EDGE); else the limit draws.
        ending = (*ending[:2], "CW-LIMIT-EDGE") if ending else (None, "limit", "CW-LIMIT")
    outcome = None
    if ending is not None:
        winner, why, rule = ending
        over = GameOver(winner, why, number, held, rule)
        events.append(over)
        outcome = Outcome(() if winner is None else (winner,), over)
    new = new_record(ClassicState, rules=rules, rng=rng, decks=decks,
                     last_battle=(tuple(laid[0]), tuple(laid[1])), unclaimed=unclaimed,
                     battles=number, wars=wars, outcome=outcome)
    return new, tuple(events)


R = TypeVar("R")


def new_record(kind: type[R], **fields: object) -> R:
    """A frozen record with these fields, made without its ``__init__``.

    Setting fields one at a time past the frozen guard was a third of a battle's time.
    Only for records without ``__post_init__``, given every field by name (golden games
    and the equality tests would show one left out).
    """
    record = object.__new__(kind)
    record.__dict__.update(fields)
    return record


def _higher(up: Pair) -> int | None:
    """Who turned the higher rank; None on equal ranks (suits never matter)."""
    if up[0].rank == up[1].rank:
        return None
    return YOU if up[0].rank > up[1].rank else COMPUTER


def _both_short(rules: ClassicRules, held: tuple[int, int]) -> Ending:
    if rules.both_short == "fewer-cards-loses" and held[0] != held[1]:
        return (YOU if held[0] > held[1] else COMPUTER, "both-short", "CW-SHORT")
    return (None, "both-short", "CW-SHORT")


def _pickup_order(
    order: str, won: tuple[Card, ...], lost: tuple[Card, ...], rng: Rng
) -> tuple[tuple[Card, ...], Rng]:
    """The won pile in the order it goes under the winner's deck (ruling CW-PICKUP).

    ``won`` are the winner's cards and ``lost`` the loser's, each in the order laid.
    """
    if order == "winner-first":
        return won + lost, rng
    if order == "loser-first":
        return lost + won, rng
    if order == "interleaved":  # card by card as laid, the winner's first each time
        pairs = zip(won, lost, strict=False)
        rest = won[len(lost):] + lost[len(won):]
        return tuple(c for pair in pairs for c in pair) + rest, rng
    return rng.shuffled(won + lost)
