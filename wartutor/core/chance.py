"""Seeded randomness carried in the game state, never a global generator.

A game's chance comes from one :class:`Rng` value that lives in its state; drawing
from it returns the result and the next ``Rng``. The same seed therefore gives the
same shuffles on every machine and every Python version: the generator is
SplitMix64, written out here, not the standard library's.

>>> rng = Rng.from_seed(7)
>>> first, rng2 = rng.shuffled((1, 2, 3, 4, 5))
>>> first == rng.shuffled((1, 2, 3, 4, 5))[0]  # the same Rng gives the same shuffle
True
>>> sorted(first)
[1, 2, 3, 4, 5]
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypeVar

from wartutor.core.errors import BadInput, quoted

T = TypeVar("T")
_MASK = (1 << 64) - 1
MAX_SEED = _MASK


def _next(state: int) -> tuple[int, int]:
    """One SplitMix64 step: (random 64-bit number, next state)."""
    state = (state + 0x9E3779B97F4A7C15) & _MASK
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31), state


def shuffle_in_place(items: list[T], state: int) -> int:
    """Fisher-Yates shuffle of ``items``; returns the generator state after it.

    The one shuffle of the package: :meth:`Rng.shuffled` and the fast simulation
    paths both call it, so they cannot disagree.
    """
    for i in range(len(items) - 1, 0, -1):
        z, state = _next(state)
        j = (z * (i + 1)) >> 64  # a number below i + 1, unbiased to 2**-58
        items[i], items[j] = items[j], items[i]
    return state


def check_seed(seed: object) -> int:
    """The seed itself if it is usable, else a clear error."""
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
        raise BadInput(f"{quoted(seed)} cannot be a seed",
                       allowed=f"a whole number from 0 to {MAX_SEED}")
    return seed


@dataclass(frozen=True, slots=True)
class Rng:
    """An immutable random generator: every draw returns a new one."""

    state: int

    @classmethod
    def from_seed(cls, seed: int) -> Rng:
        return cls(check_seed(seed))

    def below(self, n: int) -> tuple[int, Rng]:
        """A whole number from 0 to n - 1."""
        if n < 1:
            raise BadInput(f"cannot choose among {n} things", allowed="at least one")
        z, state = _next(self.state)
        return (z * n) >> 64, Rng(state)

    def shuffled(self, items: tuple[T, ...]) -> tuple[tuple[T, ...], Rng]:
        mixed = list(items)
        state = shuffle_in_place(mixed, self.state)
        return tuple(mixed), Rng(state)
