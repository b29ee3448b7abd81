"""Statistics of a simulation table: lengths, win rates, draws, and two rulings compared.

Every share comes with a Wilson 95% interval, which stays inside 0..1 and is honest
for small counts and for shares near 0 or 1, where the textbook p +- 1.96 se is not:

>>> lo, hi = wilson(0, 10)
>>> (lo, round(hi, 4))
(0.0, 0.2775)
>>> [round(x, 4) for x in wilson(5, 10)]
[0.2366, 0.7634]

Lengths are summarised over finished games only: an unfinished game stopped at the
maximum length, and its true length is unknown. Percentiles are nearest-rank (a
length some game really had), each with a distribution-free 95% interval from the
binomial law of order statistics.

>>> s = length_stats([1, 2, 3, 4, 5, 6, 7, 8, 9, 10])
>>> s.mean, s.median, s.p90, s.p99
(5.5, 5.5, 9, 10)
"""

from __future__ import annotations

import math
import statistics
from dataclasses import dataclass

from wartutor.explore.table import Table

Z95 = 1.959963984540054  # the two-sided 95% point of the normal law


def wilson(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a share of ``successes`` out of ``trials``."""
    if trials == 0:
        return (0.0, 1.0)  # no games say nothing
    p = successes / trials
    centre = p + z * z / (2 * trials)
    spread = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials))
    scale = 1 + z * z / trials
    # At 0 or all successes one end is exactly 0 or 1; rounding must not move it.
    lo = 0.0 if successes == 0 else max(0.0, (centre - spread) / scale)
    hi = 1.0 if successes == trials else min(1.0, (centre + spread) / scale)
    return (lo, hi)


@dataclass(frozen=True)
class Share:
    """``count`` of ``total`` games, with its Wilson 95% interval."""

    count: int
    total: int

    @property
    def value(self) -> float:
        return self.count / self.total if self.total else math.nan

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(self.count, self.total)

    @property
    def se(self) -> float:
        """The standard error of the share (normal approximation)."""
        p = self.value
        return math.sqrt(p * (1 - p) / self.total) if self.total else math.nan


@dataclass(frozen=True)
class LengthStats:
    """Lengths of finished games; ``*_ci`` are 95% intervals, ``se_mean`` the mean's error."""

    n: int
    mean: float
    sd: float
    median: float
    p90: int
    p99: int
    median_ci: tuple[int, int]
    p90_ci: tuple[int, int]
    p99_ci: tuple[int, int]
    longest: int

    @property
    def se_mean(self) -> float:
        return self.sd / math.sqrt(self.n) if self.n else math.nan


def nearest_rank(ordered: list[int], q: float) -> int:
    """The smallest value with at least a share ``q`` of the (sorted) values at or below it."""
    return ordered[max(0, math.ceil(q * len(ordered)) - 1)]


def percentile_interval(ordered: list[int], q: float, z: float = Z95) -> tuple[int, int]:
    """A 95% interval for the q-quantile: order statistics n q -+ z sqrt(n q (1 - q))."""
    n = len(ordered)
    half = z * math.sqrt(n * q * (1 - q))
    lo = max(0, math.floor(n * q - half) - 1)  # ranks count from 1, indices from 0
    hi = min(n - 1, math.ceil(n * q + half) - 1)
    return ordered[lo], ordered[hi]


def length_stats(lengths: list[int]) -> LengthStats:
    """Mean, median, p90 and p99 of some game lengths (an empty list gives NaN and 0s)."""
    ordered = sorted(lengths)
    n = len(ordered)
    if n == 0:
        return LengthStats(0, math.nan, math.nan, math.nan, 0, 0, (0, 0), (0, 0), (0, 0), 0)
    return LengthStats(
        n=n,
        mean=statistics.fmean(ordered),
        sd=statistics.stdev(ordered) if n > 1 else 0.0,
        median=statistics.median(ordered),
        p90=nearest_rank(ordered, 0.90),
        p99=nearest_rank(ordered, 0.99),
        median_ci=percentile_interval(ordered, 0.50),
        p90_ci=percentile_interval(ordered, 0.90),
        p99_ci=percentile_interval(ordered, 0.99),
        longest=ordered[-1],
    )


@dataclass(frozen=True)
class Stats:
    """What a table says: lengths, each seat's wins, draws and unfinished games."""

    games: int
    lengths: LengthStats
    wins: tuple[Share, ...]  # per seat; a shared win counts for each winner
    draws: Share
    unfinished: Share
    endings: dict[str, int]  # how games ended ("all-cards", "limit", ...) -> games
    counts: dict[str, float]  # the variant's counts (wars, ...) -> mean per game


def describe(table: Table) -> Stats:
    rows, n = table.rows, len(table.rows)
    endings: dict[str, int] = {}
    for row in rows:
        endings[row.ending] = endings.get(row.ending, 0) + 1
    return Stats(
        games=n,
        lengths=length_stats([row.length for row in rows if row.winners is not None]),
        wins=tuple(
            Share(sum(1 for row in rows if row.winners and seat in row.winners), n)
            for seat in range(table.seats)
        ),
        draws=Share(sum(1 for row in rows if row.winners == ()), n),
        unfinished=Share(sum(1 for row in rows if row.winners is None), n),
        endings=endings,
        counts={name: statistics.fmean(row.counts.get(name, 0) for row in rows) if n else math.nan
                for name in table.count_names},
    )


@dataclass(frozen=True)
class Comparison:
    """Two tables on the same seeds (two rulings, or two sets of agents), side by side."""

    a: Stats
    b: Stats
    changed: Share  # games whose result (who won, or draw, or unfinished) differs
    length_diff: float  # mean of (b's length - a's length), over games both finished
    length_diff_se: float  # its standard error: the pairing makes it small


def compare(a: Table, b: Table) -> Comparison:
    """Side-by-side statistics; the paired figures need the same seeds in both tables."""
    if a.seeds != b.seeds:
        raise ValueError("compare needs two tables played on the same seeds")
    changed = sum(1 for x, y in zip(a.rows, b.rows, strict=True) if x.winners != y.winners)
    diffs = [y.length - x.length for x, y in zip(a.rows, b.rows, strict=True)
             if x.winners is not None and y.winners is not None]
    mean = statistics.fmean(diffs) if diffs else math.nan
    se = statistics.stdev(diffs) / math.sqrt(len(diffs)) if len(diffs) > 1 else math.nan
    return Comparison(describe(a), describe(b), Share(changed, len(a)), mean, se)

