"""Pictures of simulation results. matplotlib is imported inside each function, so that
importing wartutor (or running a simulation) never pays for it.

Figures are made with ``matplotlib.figure.Figure``, not pyplot: no global state, no
backend to choose, nothing left open. :func:`png` turns one into bytes for a widget.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from typing import Any

from wartutor.explore.reading import plural, unit_of
from wartutor.explore.stats import describe
from wartutor.explore.table import Table
from wartutor.variants import find_variant

COLOURS = ("#1f5fa8", "#d9480f", "#2b8a3e", "#7048e8", "#c2255c")  # readable when projected
# The terms, said where they appear (each picture says its own).
LENGTHS_MEAN = ("median: half the games were over by then; p90: nine in ten were; "
                "p99: 99 in 100 were")
INTERVAL_MEANS = ("black lines: 95% intervals, the range in which the true share lies, "
                  "given only this many games")


def _labelled(
    tables: Table | Sequence[Table], labels: Sequence[str] | None
) -> list[tuple[str, Table]]:
    listed = [tables] if isinstance(tables, Table) else list(tables)
    names = list(labels) if labels is not None else [f"run {i + 1}" for i in range(len(listed))]
    return list(zip(names, listed, strict=True))


def plot_lengths(
    tables: Table | Sequence[Table], labels: Sequence[str] | None = None, bins: int = 40
) -> Any:
    """Histogram of finished games' lengths, with the mean, median, p90 and p99 marked."""
    from matplotlib.figure import Figure

    pairs = _labelled(tables, labels)
    fig = Figure(figsize=(8, 3.6), layout="constrained")
    ax = fig.add_subplot()
    finished = [[r.length for r in t.rows if r.winners is not None] for _, t in pairs]
    everything = [x for lengths in finished for x in lengths]
    if not everything:
        ax.text(0.5, 0.5, "no game finished", ha="center", transform=ax.transAxes)
        return fig
    edges = _edges(min(everything), max(everything), bins)
    for i, ((label, table), lengths) in enumerate(zip(pairs, finished, strict=True)):
        colour = COLOURS[i % len(COLOURS)]
        ax.hist(lengths, bins=edges, histtype="step" if len(pairs) > 1 else "stepfilled",
                color=colour, alpha=1.0 if len(pairs) > 1 else 0.6, linewidth=2, label=label)
        s = describe(table).lengths
        for value, style, name in ((s.mean, "-", "mean"), (s.median, "--", "median"),
                                   (s.p90, ":", "p90"), (s.p99, "-.", "p99")):
            ax.axvline(value, color=colour, linestyle=style, linewidth=1.2,
                       label=f"{name} {value:.0f}" + (f" ({label})" if len(pairs) > 1 else ""))
    unit = unit_of(find_variant(pairs[0][1].variant))
    ax.set_xlabel(f"game length ({plural(2, unit)})\n{LENGTHS_MEAN}", fontsize=9)
    ax.set_ylabel("games")
    ax.set_title("How long do games last?")
    ax.legend(fontsize=8, ncols=2 if len(pairs) > 1 else 1)
    return fig


def _edges(lo: int, hi: int, bins: int) -> list[float]:
    """Bin edges on whole numbers, so no bin holds more possible lengths than another."""
    width = max(1, -(-(hi - lo + 1) // bins))
    return [lo - 0.5 + width * k for k in range((hi - lo) // width + 2)]


def plot_results(tables: Table | Sequence[Table], labels: Sequence[str] | None = None) -> Any:
    """Each seat's win rate, the draws and the unfinished games, with 95% intervals."""
    from matplotlib.figure import Figure

    pairs = _labelled(tables, labels)
    fig = Figure(figsize=(8, 3.6), layout="constrained")
    ax = fig.add_subplot()
    width = 0.8 / len(pairs)
    names: list[str] = []
    for i, (label, table) in enumerate(pairs):
        stats = describe(table)
        seats = find_variant(table.variant).player_names(table.rules)
        shares = [*stats.wins, stats.draws, stats.unfinished]
        names = [f"won by\n{name}" for name in seats] + ["draw", "unfinished"]
        values = [s.value for s in shares]
        below = [max(0.0, s.value - s.interval[0]) for s in shares]
        above = [max(0.0, s.interval[1] - s.value) for s in shares]
        xs = [x + (i - (len(pairs) - 1) / 2) * width for x in range(len(shares))]
        ax.bar(xs, values, width=width, yerr=[below, above], capsize=4,
               color=COLOURS[i % len(COLOURS)], label=label)
    ax.set_xticks(range(len(names)), names)
    ax.set_xlabel(INTERVAL_MEANS, fontsize=9)
    ax.set_ylim(0, 1)
    ax.set_ylabel("share of games")
    ax.set_title("Who wins? (black lines: 95% intervals)")
    if len(pairs) > 1:
        ax.legend(fontsize=8)
    return fig


def png(fig: Any, dpi: int = 96) -> bytes:
    """The figure as PNG bytes (for an ``ipywidgets.Image``, a file, or a web page)."""
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=dpi)
    return buffer.getvalue()
