"""Private fast path: whole games of classic War without states, events or traces.

It plays the same rules as game.py on deques of ranks; tests prove it returns the same
summary as the traced engine for the same seed and rulings.

Speed comes from three habits of the fastest plain-Python loops: the deques' bound
methods are held in locals, a battle without a war runs straight through with no call
of our own, and a deck that has run out is noticed by the ``IndexError`` of the next
battle's draw instead of by a test after every battle (the game was then decided in
the battle before).
"""

from __future__ import annotations

import sys
from collections import deque

from wartutor.core.cards import standard_deck
from wartutor.core.chance import check_seed, shuffle_in_place
from wartutor.core.engine import Summary
from wartutor.core.errors import BadInput
from wartutor.variants.classic_war.rules import ClassicRules

_RANKS = tuple(c.rank for c in standard_deck())
_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15  # SplitMix64's step, as in wartutor.core.chance

# A shuffle of 52 cards draws 51 numbers: one 128-bit lane of a Python integer each.
_LANES = 51
_LANE_ONES = sum(1 << (128 * k) for k in range(_LANES))
_LANE_MASK = _MASK * _LANE_ONES
_LANE_STEPS = sum((((k + 1) * _GOLDEN) & _MASK) << (128 * k) for k in range(_LANES))

# What a war ended in, besides a winner (0 or 1): the game is over, or (CW-SHORT-SCOPE
# "war") the player who ran short gives up the pile and play goes on.
_OVER = -1


def play_fast(
    rules: ClassicRules, seed: int, agents: tuple[str, ...] = ("turn", "turn"),
    max_battles: int | None = None,
) -> Summary:
    """The summary of the game dealt from ``seed`` (unfinished after ``max_battles``).

    ``agents`` is there for the fast-path contract: nobody chooses in classic War.
    """
    if max_battles is not None and max_battles < 0:
        raise BadInput(f"cannot play {max_battles} battles", allowed="None or a number from 0 up")
    ranks, rng = _deal(check_seed(seed))
    stops = [n for n in (rules.battle_limit, max_battles) if n is not None]
    last = min(stops) if stops else None  # the last battle to play, if any is
    if rules.pickup == "shuffled":
        return _shuffled(rules, ranks, rng, last)
    return _fixed(rules, ranks, last)


def _deal(seed: int) -> tuple[list[int], int]:
    """The ranks of the shuffled deck, top first, and the generator after the shuffle.

    The same shuffle as :func:`wartutor.core.chance.shuffle_in_place` (a test holds the
    two equal), made faster because the deal is a third of a game's time. SplitMix64's
    n-th number depends only on ``seed + n * step``, so the 51 numbers a shuffle of 52
    cards draws are mixed all at once: one Python integer holds them in 128-bit lanes
    (room for each lane's 64 x 64-bit products), every mixing step works on all lanes,
    and a mask after each step drops what spilled out of a lane. Shuffling the ranks
    moves them exactly as shuffling the cards would.
    """
    mixed = (seed * _LANE_ONES + _LANE_STEPS) & _LANE_MASK
    mixed = ((mixed ^ (mixed >> 30)) & _LANE_MASK) * 0xBF58476D1CE4E5B9 & _LANE_MASK
    mixed = ((mixed ^ (mixed >> 27)) & _LANE_MASK) * 0x94D049BB133111EB & _LANE_MASK
    mixed = (mixed ^ (mixed >> 31)) & _LANE_MASK
    # The lanes' low 64-bit words, in draw order; each high word is zero.
    draws = memoryview(mixed.to_bytes(_LANES * 16, sys.byteorder)).cast("Q")[::2].tolist()
    ranks = list(_RANKS)
    for i, z in zip(range(_LANES, 0, -1), draws, strict=True):
        j = (z * (i + 1)) >> 64
        ranks[i], ranks[j] = ranks[j], ranks[i]
    return ranks, (seed + _LANES * _GOLDEN) & _MASK


def _fixed(rules: ClassicRules, ranks: list[int], last: int | None) -> Summary:
    """Winner-first, loser-first or interleaved pickup: no chance after the deal."""
    mine, theirs = deque(ranks[:26]), deque(ranks[26:])
    decks = (mine, theirs)
    pop_mine, pop_theirs = mine.popleft, theirs.popleft
    put_mine, put_theirs = mine.append, theirs.append
    loser_first = rules.pickup == "loser-first"
    interleaved = rules.pickup == "interleaved"
    battles = range(1, last + 1) if last is not None else _forever()
    battle = wars = 0
    try:
        for battle in battles:
            a = pop_mine()
            b = pop_theirs()
            # A battle without a war: the pile is two cards, (higher, lower) winner first.
            if a > b:
                if loser_first:
                    put_mine(b)
                    put_mine(a)
                else:
                    put_mine(a)
                    put_mine(b)
            elif b > a:
                if loser_first:
                    put_theirs(a)
                    put_theirs(b)
                else:
                    put_theirs(b)
                    put_theirs(a)
            else:
                won, lost = [a], [b]  # yours and the computer's for now
                winner, wars = _war(rules, mine, theirs, won, lost, wars)
                if winner == _OVER:
                    return _short(rules, len(mine), len(theirs), battle, wars)
                if winner:
                    won, lost = lost, won
                if interleaved:
                    for pair in zip(won, lost, strict=True):
                        decks[winner].extend(pair)
                elif loser_first:
                    decks[winner].extend(lost + won)
                else:
                    decks[winner].extend(won + lost)
    except IndexError:  # a deck was empty at the start of this battle: decided in the last
        return _over(0 if mine else 1, "all-cards", battle - 1, wars)
    return _after_last(rules, mine, theirs, battle, wars)


def _shuffled(rules: ClassicRules, ranks: list[int], rng: int, last: int | None) -> Summary:
    """Shuffled pickup: each won pile is shuffled with the game's generator."""
    mine, theirs = deque(ranks[:26]), deque(ranks[26:])
    decks = (mine, theirs)
    pop_mine, pop_theirs = mine.popleft, theirs.popleft
    battles = range(1, last + 1) if last is not None else _forever()
    battle = wars = 0
    try:
        for battle in battles:
            a = pop_mine()
            b = pop_theirs()
            if a != b:
                # shuffle_in_place of the pile [winner's, loser's], written out: one draw
                # decides whether the two cards swap.
                rng = (rng + _GOLDEN) & _MASK
                z = ((rng ^ (rng >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
                z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
                keep = ((z ^ (z >> 31)) * 2) >> 64
                deck = mine if a > b else theirs
                high, low = (a, b) if a > b else (b, a)
                if keep:
                    deck.append(high)
                    deck.append(low)
                else:
                    deck.append(low)
                    deck.append(high)
                continue
            won, lost = [a], [b]
            winner, wars = _war(rules, mine, theirs, won, lost, wars)
            if winner == _OVER:
                return _short(rules, len(mine), len(theirs), battle, wars)
            pile = lost + won if winner else won + lost
            rng = shuffle_in_place(pile, rng)
            decks[winner].extend(pile)
    except IndexError:
        return _over(0 if mine else 1, "all-cards", battle - 1, wars)
    return _after_last(rules, mine, theirs, battle, wars)


def _war(
    rules: ClassicRules, mine: deque[int], theirs: deque[int], won: list[int], lost: list[int],
    wars: int,
) -> tuple[int, int]:
    """Play the wars of a tied battle onto the two piles: (winner or _OVER, wars so far).

    Under CW-SHORT-SCOPE "war" a player who runs short while the other can go on gives
    up the pile: the other is then the winner of this battle.
    """
    down = rules.war_down
    needed = down + 1
    a = b = 0
    while a == b:
        short_mine, short_theirs = len(mine) < needed, len(theirs) < needed
        if short_mine or short_theirs:
            if (short_mine and short_theirs) or rules.short_scope == "game":
                return _OVER, wars
            return (1 if short_mine else 0), wars
        wars += 1
        for _ in range(down):
            won.append(mine.popleft())
            lost.append(theirs.popleft())
        a, b = mine.popleft(), theirs.popleft()
        won.append(a)
        lost.append(b)
    return (0 if a > b else 1), wars


def _short(rules: ClassicRules, mine: int, theirs: int, battle: int, wars: int) -> Summary:
    """The end of a game whose war could not be finished (CW-SHORT, CW-SHORT-SCOPE)."""
    needed = rules.war_down + 1
    if mine < needed and theirs < needed:
        winner = None
        if rules.both_short == "fewer-cards-loses" and mine != theirs:
            winner = 0 if mine > theirs else 1
        return _over(winner, "both-short", battle, wars)
    return _over(1 if mine < needed else 0, "short", battle, wars)


def _after_last(
    rules: ClassicRules, mine: deque[int], theirs: deque[int], battle: int, wars: int
) -> Summary:
    """After the last battle played: decided in it (CW-LIMIT-EDGE), the limit, or unfinished."""
    if not mine or not theirs:
        return _over(0 if mine else 1, "all-cards", battle, wars)
    if battle == rules.battle_limit:
        return _over(None, "limit", battle, wars)
    return Summary(None, "unfinished", battle, {"wars": wars})


def _over(winner: int | None, ending: str, battles: int, wars: int) -> Summary:
    return Summary(() if winner is None else (winner,), ending, battles, {"wars": wars})


def _forever() -> range:
    """Battle numbers without end, for no limit and no maximum (a game may cycle)."""
    return range(1, 1 << 62)
