"""Dealing cards into places of given sizes, each card only into the places it may be in.

A place is a number (a bit of a mask); each card has a mask of the places allowed to it,
each place a room (how many cards it takes), and every room must be filled exactly.
:func:`fits` says whether any such deal exists; :func:`dealt` draws one: the cards are
taken in a shuffled order and each goes to one of its places with room, as likely as the
room left there, never to one that would leave the rest without a deal. Without
restrictions that is a shuffled deck dealt out, every deal as likely; with them it is
close to that, not exactly uniform (an exact draw would have to count the deals).

>>> from wartutor.core.chance import Rng
>>> fits([0b01, 0b11, 0b11], [1, 2]), fits([0b01, 0b01, 0b11], [1, 2])
(True, False)
>>> places, _ = dealt([0b11, 0b01, 0b11], [1, 2], Rng.from_seed(1))
>>> places
[1, 0, 1]

Cards with the same mask are one *kind*. A deal is first found as how many cards of each
kind go to each place (a flow, by augmenting paths: a few kinds, some twenty places),
and kept whole as each card is placed, moving cards of other kinds along a path when the
card goes where the flow had none of its kind.
"""

from __future__ import annotations

from collections.abc import Sequence

from wartutor.core.chance import Rng

Flow = list[dict[int, int]]  # per kind: place -> how many of its cards go there


def fits(masks: Sequence[int], room: Sequence[int]) -> bool:
    """Whether the cards can fill every place exactly, each in a place allowed to it."""
    kinds, _, counts = _kinds(masks)
    return sum(room) == len(masks) and _flow(kinds, counts, room) is not None


def dealt(masks: Sequence[int], room: Sequence[int], rng: Rng) -> tuple[list[int], Rng] | None:
    """A place for every card (by index), filling every room exactly; None if none fits."""
    kinds, kind_of, counts = _kinds(masks)
    flow = _flow(kinds, counts, room) if sum(room) == len(masks) else None
    if flow is None:
        return None
    left = list(room)
    order, rng = rng.shuffled(tuple(range(len(masks))))
    places = [0] * len(masks)
    for i in order:
        k = kind_of[i]
        candidates = [x for x in _bits(kinds[k]) if left[x]]
        while True:
            x = candidates[0]
            if len(candidates) > 1:
                pick, rng = rng.below(sum(left[y] for y in candidates))
                for x in candidates:
                    pick -= left[x]
                    if pick < 0:
                        break
            if flow[k].get(x) or _reroute(kinds, flow, k, x):
                break
            candidates.remove(x)  # there it would leave the other cards no deal
        flow[k][x] -= 1
        left[x] -= 1
        places[i] = x
    return places, rng


def _kinds(masks: Sequence[int]) -> tuple[list[int], list[int], list[int]]:
    """The distinct masks, the kind of each card, and how many cards each kind has."""
    index: dict[int, int] = {}
    kind_of = [index.setdefault(m, len(index)) for m in masks]
    counts = [0] * len(index)
    for k in kind_of:
        counts[k] += 1
    return list(index), kind_of, counts


def _bits(mask: int) -> list[int]:
    found = []
    while mask:
        low = mask & -mask
        found.append(low.bit_length() - 1)
        mask ^= low
    return found


def _flow(kinds: list[int], counts: list[int], room: Sequence[int]) -> Flow | None:
    """How many cards of each kind go to each place, or None if they cannot all be placed."""
    flow: Flow = [{} for _ in kinds]
    left = list(room)
    for k, mask in enumerate(kinds):
        places = _bits(mask)
        for _ in range(counts[k]):
            free = next((x for x in places if left[x]), None)
            if free is None and not _augment(kinds, flow, left, k):
                return None
            if free is not None:
                flow[k][free] = flow[k].get(free, 0) + 1
                left[free] -= 1
    return flow


def _augment(kinds: list[int], flow: Flow, left: list[int], k: int) -> bool:
    """One more card of kind ``k`` placed by moving others along a path to a free place."""
    parent: dict[int, tuple[int, int]] = {x: (-1, k) for x in _bits(kinds[k])}
    queue = list(parent)
    for x in queue:
        if left[x]:
            left[x] -= 1
            while True:  # back along the path: each kind on it moves one card forward
                before, j = parent[x]
                flow[j][x] = flow[j].get(x, 0) + 1
                if before < 0:
                    return True
                flow[j][before] -= 1
                x = before
        for j, placed in enumerate(flow):
            if placed.get(x):
                for z in _bits(kinds[j]):
                    if z not in parent:
                        parent[z] = (x, j)
                        queue.append(z)
    return False


def _reroute(kinds: list[int], flow: Flow, k: int, x: int) -> bool:
    """Make room for a card of kind ``k`` at place ``x`` (full of other kinds), keeping every
    room filled: a card of another kind moves on from ``x``, and so on, to a place where a
    card of kind ``k`` leaves instead. False if no such path exists."""
    parent: dict[int, tuple[int, int]] = {x: (-1, -1)}
    queue = [x]
    for y in queue:
        if y != x and flow[k].get(y):
            flow[k][y] -= 1
            while True:
                before, j = parent[y]
                if before < 0:
                    flow[k][x] = flow[k].get(x, 0) + 1
                    return True
                flow[j][before] -= 1
                flow[j][y] = flow[j].get(y, 0) + 1
                y = before
        for j, placed in enumerate(flow):
            if placed.get(y):
                for z in _bits(kinds[j]):
                    if z not in parent:
                        parent[z] = (y, j)
                        queue.append(z)
    return False
