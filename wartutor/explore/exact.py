"""Exact answers beside simulated ones, with the sampling error that separates them.

Classic War's first battle is a war when both top cards have the same rank: whatever
your top card is, 3 of the 51 other cards share its rank, so the chance is 3/51
(about 5.9%). A simulation should land within a few standard errors of it.

>>> check = first_battle_war(2000, seed=0, progress=False, jobs=1)
>>> check.exact
Fraction(1, 17)
>>> abs(check.z) < 4
True
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from wartutor.explore.simulate import simulate
from wartutor.explore.stats import Share

FIRST_BATTLE_WAR = Fraction(3, 51)


@dataclass(frozen=True)
class ExactCheck:
    """A share known exactly, and the share seen in ``hits.total`` simulated games."""

    question: str
    exact: Fraction
    written: str  # the exact answer as the reasoning gives it ("3/51", not 1/17)
    hits: Share

    @property
    def simulated(self) -> float:
        return self.hits.value

    @property
    def se(self) -> float:
        """The standard error of the simulated share if the exact answer is right."""
        p = float(self.exact)
        return math.sqrt(p * (1 - p) / self.hits.total)

    @property
    def z(self) -> float:
        """How many standard errors the simulation lies from the exact answer."""
        return (self.simulated - float(self.exact)) / self.se

    def __str__(self) -> str:
        return (f"{self.question} Exactly {self.written} = {float(self.exact):.4f}; simulated "
                f"{self.simulated:.4f} +- {self.se:.4f} (standard error) in {self.hits.total} "
                f"games, {self.z:+.1f} standard errors away.")


def first_battle_war(games: int, seed: int = 0, rules: Any = None, **options: Any) -> ExactCheck:
    """Classic War: how often the first battle is a war, exactly and in ``games`` deals.

    Each game is played for one battle only (``max_length=1``); its "wars" count then
    says whether that battle was a war. ``options`` go to :func:`simulate`.
    """
    table = simulate("classic_war", games, seed, rules, max_length=1, **options)
    wars = sum(1 for row in table.rows if row.counts["wars"] > 0)
    return ExactCheck("Is the first battle of classic War a war?", FIRST_BATTLE_WAR, "3/51",
                      Share(wars, games))
