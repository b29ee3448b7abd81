"""Classic War's events in plain words: the one place where its prose is made."""

from __future__ import annotations

from wartutor.core.cards import Card
from wartutor.core.engine import Event
from wartutor.core.voice import voice
from wartutor.variants.classic_war.game import (
    Compared,
    Dealt,
    GameOver,
    PileTaken,
    RanShort,
    WarLaid,
)

RULE_TITLES = {
    "CW-1": "rule 1: the deal",
    "CW-2": "rule 2: the higher rank wins",
    "CW-3": "rule 3: equal ranks mean war",
    "CW-WAR-DOWN": "rule 3 with ruling CW-WAR-DOWN: cards face down in a war",
    "CW-PICKUP": "rule 4 with ruling CW-PICKUP: the winner takes the pile, in this order",
    "CW-SHORT-SCOPE": "rule 5 with ruling CW-SHORT-SCOPE: one player cannot finish a war",
    "CW-SHORT": "rule 5 with ruling CW-SHORT: both players run short",
    "CW-LIMIT": "rule 5 with ruling CW-LIMIT: the battle limit",
    "CW-LIMIT-EDGE": "ruling CW-LIMIT-EDGE: a decision in the last battle stands",
    "CW-EMPTY": "ruling CW-EMPTY: a player without cards has lost",
}

PICKUP_WORDS = {
    "winner-first": "the winner's cards first, then the loser's, each in the order played",
    "loser-first": "the loser's cards first, then the winner's, each in the order played",
    "interleaved": "card by card as they were laid, the winner's card first each time",
    "shuffled": "in a shuffled order",
}

# The seats' own names: the voice's default, in which seat 0 is "you" (see core.voice).
_NAMES = ("you", "the computer")


def _who(p: int) -> str:
    return voice().who(p, _NAMES)


def _whose(p: int) -> str:
    return voice().whose(p, _NAMES)


def _does(p: int, verb: str) -> str:
    """The seat and its verb: "you win", "the computer wins"."""
    return f"{_who(p)} {voice().verb(p, verb)}"


def _count(n: int, thing: str) -> str:
    return f"{n} {thing}" if n == 1 else f"{n} {thing}s"


def _card_count(n: int) -> str:
    return _count(n, "card")


def _a(card: Card) -> str:
    name = card.rank_name
    return ("an " if name[0] in "aeiou" else "a ") + name


def _cap(text: str) -> str:
    return text[0].upper() + text[1:]


def explain(event: Event) -> str:
    """One or two sentences saying what happened and why."""
    match event:
        case Dealt(pile_sizes=(a, b), seed=seed, stacked=False):
            shuffled = voice().seed_note(seed)
            return (f"The deck is shuffled{shuffled} and split into two face-down piles: "
                    f"{_card_count(a)} for {_who(0)} and {_card_count(b)} for {_who(1)}.")
        case Dealt(pile_sizes=(a, b), stacked=True):
            return (f"A stacked deal, in a set order: {_card_count(a)} for {_who(0)} and "
                    f"{_card_count(b)} for {_who(1)}.")
        case Compared(battle=n, war=war, up=(mine, _), winner=None):
            where = f"Battle {n}" if war == 0 else f"War {war} of battle {n}"
            return f"{where}: both turn {_a(mine)}. Equal ranks mean war."
        case Compared(battle=n, war=war, up=up, winner=int(w)):
            where = f"Battle {n}" if war == 0 else f"War {war} of battle {n}"
            return (f"{where}: {_whose(w)} {up[w].rank_name} beats {_whose(1 - w)} "
                    f"{up[1 - w].rank_name}. The higher rank wins; aces are high and suits "
                    f"do not matter.")
        case WarLaid(down=(mine, _), up=(up_mine, up_theirs)):
            return (f"War: each side lays {_card_count(len(mine))} face down and one face up. "
                    f"{_cap(_does(0, 'turn'))} the {up_mine}, {_who(1)} the {up_theirs}.")
        case RanShort(short=short, held=held, needed=needed) if len(short) == 2:
            return (f"Both players run short: the war needs {needed} cards each, and "
                    f"{_does(0, 'hold')} {held[0]}, {_who(1)} {held[1]}.")
        case RanShort(short=(p,), held=held, needed=needed):
            return (f"{_cap(_who(p))} cannot finish the war: it needs {_card_count(needed)} "
                    f"and {_does(p, 'hold')} {held[p]}.")
        case PileTaken(winner=w, cards=cards, order=order):
            return (f"{_cap(_does(w, 'take'))} the pile of "
                    f"{_card_count(len(cards))} to the bottom of {_whose(w)} deck, "
                    f"{PICKUP_WORDS[order]}.")
        case GameOver(ending="all-cards", winner=int(w), held=held):
            return f"{_cap(_does(w, 'hold'))} all {held[w]} cards: {_does(w, 'win')} the game."
        case GameOver(ending="short", winner=int(w)):
            return (f"{_cap(_who(1 - w))} could not finish the war, so "
                    f"{_does(w, 'win')} the game.")
        case GameOver(ending="both-short", winner=None):
            return "Both players ran short in the same war: the game is a draw."
        case GameOver(ending="both-short", winner=int(w)):
            return (f"Both players ran short in the same war; {_does(w, 'hold')} more cards "
                    f"and {voice().verb(w, 'win')} the game.")
        case GameOver(ending="limit", battle=n):
            return f"{_count(n, 'battle')} played without a winner: the game is a draw."
    raise TypeError(f"not a classic War event: {event!r}")
