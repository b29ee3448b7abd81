"""Classic War's events in plain words: the one place where its prose is made."""

from __future__ import annotations

from wartutor.core.cards import Card
from wartutor.core.engine import Event
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

_NAMES = ("you", "the computer")
_POSSESSIVE = ("your", "the computer's")


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
            return (f"The deck is shuffled (seed {seed}) and split into two face-down piles: "
                    f"{_card_count(a)} for you and {_card_count(b)} for the computer.")
        case Dealt(pile_sizes=(a, b), stacked=True):
            return (f"A stacked deal, in a set order: {_card_count(a)} for you and "
                    f"{_card_count(b)} for the computer.")
        case Compared(battle=n, war=war, up=(mine, _), winner=None):
            where = f"Battle {n}" if war == 0 else f"War {war} of battle {n}"
            return f"{where}: both turn {_a(mine)}. Equal ranks mean war."
        case Compared(battle=n, war=war, up=up, winner=int(w)):
            where = f"Battle {n}" if war == 0 else f"War {war} of battle {n}"
            return (f"{where}: {_POSSESSIVE[w]} {up[w].rank_name} beats {_POSSESSIVE[1 - w]} "
                    f"{up[1 - w].rank_name}. The higher rank wins; aces are high and suits "
                    f"do not matter.")
        case WarLaid(down=(mine, _), up=(up_mine, up_theirs)):
            return (f"War: each side lays {_card_count(len(mine))} face down and one face up. "
                    f"You turn the {up_mine}, the computer the {up_theirs}.")
        case RanShort(short=short, held=held, needed=needed) if len(short) == 2:
            return (f"Both players run short: the war needs {needed} cards each, and you hold "
                    f"{held[0]}, the computer {held[1]}.")
        case RanShort(short=(p,), held=held, needed=needed):
            return (f"{_cap(_NAMES[p])} cannot finish the war: it needs {_card_count(needed)} "
                    f"and {_NAMES[p]} {'hold' if p == 0 else 'holds'} {held[p]}.")
        case PileTaken(winner=w, cards=cards, order=order):
            return (f"{_cap(_NAMES[w])} {'take' if w == 0 else 'takes'} the pile of "
                    f"{_card_count(len(cards))} to the bottom of {_POSSESSIVE[w]} deck, "
                    f"{PICKUP_WORDS[order]}.")
        case GameOver(ending="all-cards", winner=int(w), held=held):
            verb = "you win" if w == 0 else "the computer wins"
            holds = "hold" if w == 0 else "holds"
            return f"{_cap(_NAMES[w])} {holds} all {held[w]} cards: {verb} the game."
        case GameOver(ending="short", winner=int(w)):
            return (f"{_cap(_NAMES[1 - w])} could not finish the war, so "
                    f"{'you win' if w == 0 else 'the computer wins'} the game.")
        case GameOver(ending="both-short", winner=None):
            return "Both players ran short in the same war: the game is a draw."
        case GameOver(ending="both-short", winner=int(w)):
            return (f"Both players ran short in the same war; {_NAMES[w]} "
                    f"{'hold' if w == 0 else 'holds'} more cards and "
                    f"{'win' if w == 0 else 'wins'} the game.")
        case GameOver(ending="limit", battle=n):
            return f"{_count(n, 'battle')} played without a winner: the game is a draw."
    raise TypeError(f"not a classic War event: {event!r}")
