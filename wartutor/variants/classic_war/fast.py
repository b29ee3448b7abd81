"""Private fast path: whole games of classic War without states, events or traces.

It plays the same rules as game.py with deques; tests prove it returns the same
summary as the traced engine for the same seed and rulings.
"""

from __future__ import annotations

from collections import deque

from wartutor.core.cards import standard_deck
from wartutor.core.chance import check_seed, shuffle_in_place
from wartutor.core.engine import Summary
from wartutor.core.errors import BadInput
from wartutor.variants.classic_war.rules import ClassicRules

_RANKS = tuple(c.rank for c in standard_deck())


def play_fast(rules: ClassicRules, seed: int, max_battles: int | None = None) -> Summary:
    """The summary of the game dealt from ``seed`` (unfinished after ``max_battles``)."""
    if max_battles is not None and max_battles < 0:
        raise BadInput(f"cannot play {max_battles} battles", allowed="None or a number from 0 up")
    order = list(range(52))
    rng = shuffle_in_place(order, check_seed(seed))
    ranks = [_RANKS[i] for i in order]
    decks = mine, theirs = deque(ranks[:26]), deque(ranks[26:])
    pickup, war_down, limit = rules.pickup, rules.war_down, rules.battle_limit
    needed = war_down + 1
    battles = wars = 0
    while True:
        if battles == max_battles:
            return Summary(None, "unfinished", battles, {"wars": wars})
        battles += 1
        a, b = mine.popleft(), theirs.popleft()
        won, lost = [a], [b]  # per player for now; sorted into winner/loser below
        while a == b:
            if len(mine) < needed or len(theirs) < needed:
                ending = _short(rules, len(mine), len(theirs), needed, battles, wars)
                if isinstance(ending, Summary):
                    return ending
                break  # CW-SHORT-SCOPE "war": the other player takes the pile
            wars += 1
            for _ in range(war_down):
                won.append(mine.popleft())
                lost.append(theirs.popleft())
            a, b = mine.popleft(), theirs.popleft()
            won.append(a)
            lost.append(b)
        # Still tied here means a war one side could not finish.
        winner = (1 if len(mine) < needed else 0) if a == b else 0 if a > b else 1
        if winner:
            won, lost = lost, won
        if pickup == "winner-first":
            decks[winner].extend(won + lost)
        elif pickup == "loser-first":
            decks[winner].extend(lost + won)
        elif pickup == "interleaved":
            for pair in zip(won, lost, strict=True):
                decks[winner].extend(pair)
        else:
            pile = won + lost
            rng = shuffle_in_place(pile, rng)
            decks[winner].extend(pile)
        if not decks[1 - winner]:
            return _over(winner, "all-cards", battles, wars)
        if battles == limit:
            return _over(None, "limit", battles, wars)


def _short(
    rules: ClassicRules, mine: int, theirs: int, needed: int, battles: int, wars: int
) -> Summary | None:
    """The end of the game when a war cannot be finished, or None to play on (CW-SHORT*)."""
    if mine < needed and theirs < needed:
        winner = None
        if rules.both_short == "fewer-cards-loses" and mine != theirs:
            winner = 0 if mine > theirs else 1
        return _over(winner, "both-short", battles, wars)
    if rules.short_scope == "game":
        return _over(1 if mine < needed else 0, "short", battles, wars)
    return None


def _over(winner: int | None, ending: str, battles: int, wars: int) -> Summary:
    return Summary(() if winner is None else (winner,), ending, battles, {"wars": wars})
