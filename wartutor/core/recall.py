"""A player's memory of the hidden cards, read once for the many tables dealt from it.

The coach deals a hundred tables from one decision's views, and a variant reads what the
player can know (its ``memory.py``) from the whole history of views. Read afresh for each
table, that history would be read a hundred times, which Guerrilla Tactics' and Trade
War's memories are slow enough to feel (War Room's is not). :class:`LastRecall` keeps the
last memory read and hands it out again while it is asked for with the very same view
objects: views are immutable, so the same objects can only give the same memory.

>>> reads = []
>>> recall = LastRecall(lambda rules, before, view: reads.append(view) or len(before))
>>> history, now = ("first view", "second view"), "this view"
>>> recall(None, history, now), recall(None, history, now), len(reads)
(2, 2, 1)
>>> recall(None, history[:1], now), len(reads)  # another history: read again
(1, 2)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Generic, TypeVar

Memory = TypeVar("Memory")


class LastRecall(Generic[Memory]):
    """``read(rules, before, view)``, kept for the next call with the same objects."""

    def __init__(self, read: Callable[[Any, tuple[Any, ...], Any], Memory]) -> None:
        self._read = read
        self._last: tuple[Any, tuple[Any, ...], Any, Memory] | None = None

    def __call__(self, rules: Any, before: tuple[Any, ...], view: Any) -> Memory:
        last = self._last
        if (last is not None and last[2] is view and last[0] == rules
                and len(last[1]) == len(before)
                and all(a is b for a, b in zip(last[1], before, strict=True))):
            return last[3]
        known = self._read(rules, before, view)
        self._last = (rules, before, view, known)
        return known
