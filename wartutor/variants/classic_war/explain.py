"""Classic War's events in plain words: the one place where its prose is made.

Each sentence is whole in the catalog, in the language in force. Where a seat may be
"you" the words are chosen by :meth:`~wartutor.core.voice.Voice.you`, one sentence for
each way the two seats can be named: you and the other, the other and you, or two names
(a teacher's view).
"""

from __future__ import annotations

from wartutor.core.cards import Card
from wartutor.core.engine import Event
from wartutor.core.voice import voice
from wartutor.language import N_, _, capital, ngettext, pgettext
from wartutor.variants.classic_war.game import (
    Compared,
    Dealt,
    GameOver,
    PileTaken,
    RanShort,
    WarLaid,
)

RULE_TITLES = {
    "CW-1": N_("rule 1: the deal"),
    "CW-2": N_("rule 2: the higher rank wins"),
    "CW-3": N_("rule 3: equal ranks mean war"),
    "CW-WAR-DOWN": N_("rule 3 with ruling CW-WAR-DOWN: cards face down in a war"),
    "CW-PICKUP": N_("rule 4 with ruling CW-PICKUP: the winner takes the pile, in this order"),
    "CW-SHORT-SCOPE": N_("rule 5 with ruling CW-SHORT-SCOPE: one player cannot finish a war"),
    "CW-SHORT": N_("rule 5 with ruling CW-SHORT: both players run short"),
    "CW-LIMIT": N_("rule 5 with ruling CW-LIMIT: the battle limit"),
    "CW-LIMIT-EDGE": N_("ruling CW-LIMIT-EDGE: a decision in the last battle stands"),
    "CW-EMPTY": N_("ruling CW-EMPTY: a player without cards has lost"),
}

# Translators: how a won pile goes under the winner's deck; the end of the sentence
# "You take the pile of 6 cards to the bottom of your deck, {order}."
PICKUP_WORDS = {
    "winner-first": N_("the winner's cards first, then the loser's, each in the order played"),
    "loser-first": N_("the loser's cards first, then the winner's, each in the order played"),
    "interleaved": N_("card by card as they were laid, the winner's card first each time"),
    "shuffled": N_("in a shuffled order"),
}

# The seats' own names: the voice's default, in which seat 0 is "you" (see core.voice).
_NAMES = (N_("you"), N_("the computer"))


def rule_titles() -> dict[str, str]:
    """The rules' titles in the language in force."""
    return {rule: _(title) for rule, title in RULE_TITLES.items()}


def _you(p: int) -> bool:
    return voice().you(p)


def _name(p: int) -> str:
    return voice().name(p, _NAMES)


def _a(card: Card) -> str:
    """The card's rank with its article, as a thing turned: "a nine", "an ace"."""
    # Translators: a rank with its article, as what both players turn: "both turn a nine".
    return (pgettext("turned", "a two"), pgettext("turned", "a three"),
            pgettext("turned", "a four"), pgettext("turned", "a five"),
            pgettext("turned", "a six"), pgettext("turned", "a seven"),
            pgettext("turned", "an eight"), pgettext("turned", "a nine"),
            pgettext("turned", "a ten"), pgettext("turned", "a jack"),
            pgettext("turned", "a queen"), pgettext("turned", "a king"),
            pgettext("turned", "an ace"))[card.rank - 2]


def _where(battle: int, war: int) -> str:
    """Which comparison of the game: "Battle 3", or "War 1 of battle 3"."""
    if war == 0:
        return _("Battle {battle}").format(battle=battle)
    return _("War {war} of battle {battle}").format(war=war, battle=battle)


def explain(event: Event) -> str:
    """One or two sentences saying what happened and why."""
    match event:
        case Dealt():
            return _dealt(event)
        case Compared(battle=n, war=war, up=(mine, _up), winner=None):
            # Translators: {where} is "Battle 3" or "War 1 of battle 3"; {rank} is "a nine".
            return _("{where}: both turn {rank}. Equal ranks mean war.").format(
                where=_where(n, war), rank=_a(mine))
        case Compared(battle=n, war=war, up=up, winner=int(w)):
            return _compared(_where(n, war), w, up[w], up[1 - w])
        case WarLaid(down=(mine, _down), up=(up_mine, up_theirs)):
            return _war_laid(len(mine), up_mine, up_theirs)
        case RanShort(short=short, held=held, needed=needed) if len(short) == 2:
            return _both_short(held, needed)
        case RanShort(short=(p,), held=held, needed=needed):
            if _you(p):
                text = ngettext("You cannot finish the war: it needs {needed} card and you "
                                "hold {held}.",
                                "You cannot finish the war: it needs {needed} cards and you "
                                "hold {held}.", needed)
            else:
                text = ngettext("{name} cannot finish the war: it needs {needed} card and "
                                "{name} holds {held}.",
                                "{name} cannot finish the war: it needs {needed} cards and "
                                "{name} holds {held}.", needed)
            return capital(text.format(name=_name(p), needed=needed, held=held[p]))
        case PileTaken(winner=w, cards=cards, order=order):
            count = len(cards)
            if _you(w):
                text = ngettext("You take the pile of {count} card to the bottom of your "
                                "deck, {order}.",
                                "You take the pile of {count} cards to the bottom of your "
                                "deck, {order}.", count)
            else:
                # Translators: {order} says in what order the cards go under the deck.
                text = ngettext("{name} takes the pile of {count} card to the bottom of "
                                "{name}'s deck, {order}.",
                                "{name} takes the pile of {count} cards to the bottom of "
                                "{name}'s deck, {order}.", count)
            return capital(text.format(name=_name(w), count=count,
                                       order=_(PICKUP_WORDS[order])))
        case GameOver():
            return _game_over(event)
    raise TypeError(f"not a classic War event: {event!r}")


def _dealt(event: Dealt) -> str:
    a, b = event.pile_sizes
    if event.stacked:
        if _you(0):
            text = _("A stacked deal, in a set order: {first_count} for you and "
                     "{second_count} for {second}.")
        elif _you(1):
            text = _("A stacked deal, in a set order: {first_count} for {first} and "
                     "{second_count} for you.")
        else:
            text = _("A stacked deal, in a set order: {first_count} for {first} and "
                     "{second_count} for {second}.")
    elif voice().secret_deal:
        if _you(0):
            text = _("The deck is shuffled and split into two face-down piles: "
                     "{first_count} for you and {second_count} for {second}.")
        elif _you(1):
            text = _("The deck is shuffled and split into two face-down piles: "
                     "{first_count} for {first} and {second_count} for you.")
        else:
            text = _("The deck is shuffled and split into two face-down piles: "
                     "{first_count} for {first} and {second_count} for {second}.")
    elif _you(0):
        # Translators: {seed} is the number the shuffle started from; the same seed
        # deals the same cards again.
        text = _("The deck is shuffled (seed {seed}) and split into two face-down piles: "
                 "{first_count} for you and {second_count} for {second}.")
    elif _you(1):
        text = _("The deck is shuffled (seed {seed}) and split into two face-down piles: "
                 "{first_count} for {first} and {second_count} for you.")
    else:
        text = _("The deck is shuffled (seed {seed}) and split into two face-down piles: "
                 "{first_count} for {first} and {second_count} for {second}.")
    return text.format(seed=event.seed, first=_name(0), second=_name(1),
                       first_count=_cards(a), second_count=_cards(b))


def _cards(n: int) -> str:
    # Translators: a number of cards, in a sentence that counts two players' cards.
    return ngettext("{n} card", "{n} cards", n).format(n=n)


def _compared(where: str, w: int, won: Card, lost: Card) -> str:
    if _you(w):
        # Translators: {where} is "Battle 3" or "War 1 of battle 3"; {win} and {lose}
        # are ranks ("king", "seven"): the winning card's, then the losing card's.
        text = _("{where}: your {win} beats {name}'s {lose}. The higher rank wins; aces are "
                 "high and suits do not matter.")
    elif _you(1 - w):
        text = _("{where}: {name}'s {win} beats your {lose}. The higher rank wins; aces are "
                 "high and suits do not matter.")
    else:
        # Translators: {winner} turned {win}, {loser} turned {lose}.
        text = _("{where}: {winner}'s {win} beats {loser}'s {lose}. The higher rank wins; "
                 "aces are high and suits do not matter.")
    other = _name(1 - w) if _you(w) else _name(w)
    return text.format(where=where, win=won.rank_name, lose=lost.rank_name, name=other,
                       winner=_name(w), loser=_name(1 - w))


def _war_laid(down: int, mine: Card, theirs: Card) -> str:
    if _you(0):
        # Translators: {mine} and {theirs} are cards ("king of diamonds"), face up:
        # yours and {second}'s.
        text = ngettext("War: each side lays {down} card face down and one face up. You "
                        "turn the {mine}, {second} the {theirs}.",
                        "War: each side lays {down} cards face down and one face up. You "
                        "turn the {mine}, {second} the {theirs}.", down)
    elif _you(1):
        text = ngettext("War: each side lays {down} card face down and one face up. "
                        "{first} turns the {mine}, you the {theirs}.",
                        "War: each side lays {down} cards face down and one face up. "
                        "{first} turns the {mine}, you the {theirs}.", down)
    else:
        text = ngettext("War: each side lays {down} card face down and one face up. "
                        "{first} turns the {mine}, {second} the {theirs}.",
                        "War: each side lays {down} cards face down and one face up. "
                        "{first} turns the {mine}, {second} the {theirs}.", down)
    return text.format(down=down, mine=mine, theirs=theirs, first=capital(_name(0)),
                       second=_name(1))


def _both_short(held: tuple[int, int], needed: int) -> str:
    if _you(0):
        text = _("Both players run short: the war needs {needed} cards each, and you hold "
                 "{first_held}, {second} {second_held}.")
    elif _you(1):
        text = _("Both players run short: the war needs {needed} cards each, and {first} "
                 "holds {first_held}, you {second_held}.")
    else:
        text = _("Both players run short: the war needs {needed} cards each, and {first} "
                 "holds {first_held}, {second} {second_held}.")
    return text.format(needed=needed, first=_name(0), second=_name(1), first_held=held[0],
                       second_held=held[1])


def _game_over(event: GameOver) -> str:
    w = event.winner
    if event.ending == "limit":
        n = event.battle
        return ngettext("{n} battle played without a winner: the game is a draw.",
                        "{n} battles played without a winner: the game is a draw.",
                        n).format(n=n)
    if event.ending == "all-cards" and w is not None:
        text = (_("You hold all {count} cards: you win the game.") if _you(w) else
                _("{name} holds all {count} cards: {name} wins the game."))
        return capital(text.format(name=_name(w), count=event.held[w]))
    if event.ending == "short" and w is not None:
        if _you(1 - w):
            text = _("You could not finish the war, so {winner} wins the game.")
        elif _you(w):
            text = _("{loser} could not finish the war, so you win the game.")
        else:
            text = _("{loser} could not finish the war, so {winner} wins the game.")
        return capital(text.format(winner=_name(w), loser=_name(1 - w)))
    if event.ending == "both-short" and w is None:
        return _("Both players ran short in the same war: the game is a draw.")
    if event.ending == "both-short" and w is not None:
        text = (_("Both players ran short in the same war; you hold more cards and win the "
                  "game.") if _you(w) else
                _("Both players ran short in the same war; {name} holds more cards and wins "
                  "the game."))
        return text.format(name=_name(w))
    raise TypeError(f"not a classic War ending: {event!r}")
