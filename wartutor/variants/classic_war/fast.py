"""Private fast path: whole games of classic War without states, events or traces.

It plays the same rules as game.py with deques; tests prove it returns the same
summary as the traced engine for the same seed and rulings.
"""

from __future__ import annotations

from collections import deque

from wartutor.core.cards import standard_deck
from wartutor.core.chance import check_seed, shuffle_in_place
from wartutor.core.engine import Summary
from wartutor.variants.classic_war.rules import ClassicRules

_RANKS = tuple(c.rank for c in standard_deck())


def play_fast(rules: ClassicRules, seed: int, max_battles: int | None = None) -> Summary:
    """The summary of the game dealt from ``seed`` (unfinished after ``max_battles``)."""
    order = list(range(52))
    rng = shuffle_in_place(order, check_seed(seed))
    ranks = [_RANKS[i] for i in order]
    decks = (deque(ranks[:26]), deque(ranks[26:]))
    pickup, war_down, limit = rules.pickup, rules.war_down, rules.battle_limit
    needed = war_down + 1
    battles = wars = 0
    while True:
        if max_battles is not None and battles >= max_battles:
            return Summary(None, "unfinished", battles, {"wars": wars})
        battles += 1
        mine, theirs = decks
        a, b = mine.popleft(), theirs.popleft()
        won, lost = [a], [b]  # per player for now; sorted into winner/loser below
        while a == b:
            short = len(mine) < needed, len(theirs) < needed
            if short[0] and short[1]:
                winner = None
                if rules.both_short == "fewer-cards-loses" and len(mine) != len(theirs):
                    winner = 0 if len(mine) > len(theirs) else 1
                return _over(winner, "both-short", battles, wars)
            if short[0] or short[1]:
                loser = 0 if short[0] else 1
                if rules.short_scope == "game":
                    return _over(1 - loser, "short", battles, wars)
                break
            wars += 1
            for _ in range(war_down):
                won.append(mine.popleft())
                lost.append(theirs.popleft())
            a, b = mine.popleft(), theirs.popleft()
            won.append(a)
            lost.append(b)
        # Still tied here means a war one side could not finish (CW-SHORT-SCOPE "war").
        tied_winner = 1 if len(mine) < needed else 0
        winner = tied_winner if a == b else 0 if a > b else 1
        if winner == 1:
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
        if limit is not None and battles >= limit:
            return _over(None, "limit", battles, wars)


def _over(winner: int | None, ending: str, battles: int, wars: int) -> Summary:
    return Summary(() if winner is None else (winner,), ending, battles, {"wars": wars})
