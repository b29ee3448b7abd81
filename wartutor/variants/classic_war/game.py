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

from wartutor.core.cards import Card, cards, standard_deck
from wartutor.core.chance import Rng
from wartutor.core.engine import Decision, Outcome
from wartutor.core.errors import BadInput
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
        raise BadInput(f"a stacked deal needs two decks, not {stacked!r}", allowed=allowed)
    decks = (cards(stacked[0]), cards(stacked[1]))
    everything = decks[0] + decks[1]
    if not decks[0] or not decks[1]:
        raise BadInput("each player needs at least one card", allowed=allowed)
    if len(set(everything)) != len(everything):
        twice = sorted({c.code for c in everything if everything.count(c) > 1})
        raise BadInput(f"a card appears twice in the stacked deal: {' '.join(twice)}",
                       allowed="each card at most once")
    return decks


def decision(state: ClassicState) -> Decision | None:
    """There is only ever one choice: turn the next cards (you press it for both)."""
    return None if state.outcome else Decision(YOU, "turn", (TURN,))


# 2-5. One battle: everything one press of Turn cards does (ruling CW-BATTLE-UNIT).


def battle(state: ClassicState) -> tuple[ClassicState, tuple[ClassicEvent, ...]]:
    rules, rng = state.rules, state.rng
    decks = list(state.decks)
    laid: tuple[list[Laid], list[Laid]] = ([], [])
    number, wars = state.battles + 1, state.wars
    events: list[ClassicEvent] = []

    def lay(player: int, count: int, face_up: bool) -> tuple[Card, ...]:
        taken, decks[player] = decks[player][:count], decks[player][count:]
        laid[player].extend(Laid(c, face_up) for c in taken)
        return taken

    def finish(
        pile_winner: int | None, ending: Ending | None
    ) -> tuple[ClassicState, tuple[ClassicEvent, ...]]:
        nonlocal rng
        table = (tuple(laid[0]), tuple(laid[1]))
        unclaimed: tuple[Card, ...] = ()
        if pile_winner is None:
            unclaimed = tuple(x.card for x in table[0] + table[1] if x.card)
        else:
            taken, rng = _pickup_order(rules.pickup, pile_winner, table, rng)
            decks[pile_winner] += taken
            events.append(PileTaken(number, pile_winner, taken, rules.pickup))
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
        new = ClassicState(rules, rng, (decks[0], decks[1]), table, unclaimed, number, wars,
                           outcome)
        return new, tuple(events)

    up: Pair = (lay(YOU, 1, True)[0], lay(COMPUTER, 1, True)[0])
    war = 0
    while True:
        winner = _higher(up)
        events.append(Compared(number, war, up, winner, "CW-2" if war == 0 and winner is not None
                                                        else "CW-3"))
        if winner is not None:
            return finish(winner, None)
        needed = rules.war_down + 1
        held = (len(decks[0]), len(decks[1]))
        short = tuple(p for p in (YOU, COMPUTER) if held[p] < needed)
        if len(short) == 2:
            events.append(RanShort(number, short, held, needed, "CW-SHORT"))
            return finish(None, _both_short(rules, held))
        if short:
            loser = short[0]
            events.append(RanShort(number, short, held, needed, "CW-SHORT-SCOPE"))
            if rules.short_scope == "game":
                return finish(None, (1 - loser, "short", "CW-SHORT-SCOPE"))
            return finish(1 - loser, None)
        war += 1
        wars += 1
        down = (lay(YOU, rules.war_down, False), lay(COMPUTER, rules.war_down, False))
        up = (lay(YOU, 1, True)[0], lay(COMPUTER, 1, True)[0])
        events.append(WarLaid(number, war, down, up, "CW-3" if rules.war_down == 1
                                                     else "CW-WAR-DOWN"))


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
    order: str, winner: int, table: tuple[tuple[Laid, ...], tuple[Laid, ...]], rng: Rng
) -> tuple[tuple[Card, ...], Rng]:
    """The won pile in the order it goes under the winner's deck (ruling CW-PICKUP)."""
    won = tuple(x.card for x in table[winner] if x.card)
    lost = tuple(x.card for x in table[1 - winner] if x.card)
    if order == "winner-first":
        return won + lost, rng
    if order == "loser-first":
        return lost + won, rng
    if order == "interleaved":  # card by card as laid, the winner's first each time
        pairs = zip(won, lost, strict=False)
        rest = won[len(lost):] + lost[len(won):]
        return tuple(c for pair in pairs for c in pair) + rest, rng
    return rng.shuffled(won + lost)
