"""Pictures of simulation results, in two kinds.

:func:`svg_lengths` and :func:`svg_results` draw SVG with nothing but the standard library:
the rule explorer shows them in both editions (the browser's Pyodide has no matplotlib the
site can ship), as text a screen reader can read. :func:`plot_lengths` and
:func:`plot_results` draw the same with matplotlib, imported inside each function, so that
importing wartutor (or running a simulation) never pays for it; figures are made with
``matplotlib.figure.Figure``, not pyplot: no global state, no backend to choose, nothing
left open. :func:`png` turns one into bytes for a widget.

>>> from wartutor.explore import simulate
>>> table = simulate("classic_war", 40, progress=False, jobs=1)
>>> svg = svg_lengths(table)
>>> svg.startswith("<svg") and 'role="img"' in svg and "How long do games last?" in svg
True
>>> "Who wins?" in svg_results([table, table], ["a", "b"])
True
"""

from __future__ import annotations

import io
import math
from collections.abc import Sequence
from html import escape
from itertools import pairwise
from typing import Any

from wartutor.explore.reading import unit_of, units
from wartutor.explore.stats import describe
from wartutor.explore.table import Table
from wartutor.language import N_, _, pgettext
from wartutor.variants import find_variant

COLOURS = ("#1f5fa8", "#d9480f", "#2b8a3e", "#7048e8", "#c2255c")  # readable when projected
# The terms, said where they appear (each picture says its own).
LENGTHS_MEAN = N_("median: half the games were over by then; p90: nine in ten were; "
                "p99: 99 in 100 were")
INTERVAL_MEANS = N_("black lines: 95% intervals, the range in which the true share lies, "
                  "given only this many games")


def _labelled(
    tables: Table | Sequence[Table], labels: Sequence[str] | None
) -> list[tuple[str, Table]]:
    listed = [tables] if isinstance(tables, Table) else list(tables)
    names = list(labels) if labels is not None else [_("run {number}").format(number=i + 1)
                                                         for i in range(len(listed))]
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
        ax.text(0.5, 0.5, _("no game finished"), ha="center", transform=ax.transAxes)
        return fig
    edges = _edges(min(everything), max(everything), bins)
    for i, ((label, table), lengths) in enumerate(zip(pairs, finished, strict=True)):
        colour = COLOURS[i % len(COLOURS)]
        ax.hist(lengths, bins=edges, histtype="step" if len(pairs) > 1 else "stepfilled",
                color=colour, alpha=1.0 if len(pairs) > 1 else 0.6, linewidth=2, label=label)
        s = describe(table).lengths
        for value, style, name in ((s.mean, "-", N_("mean")), (s.median, "--", N_("median")),
                                   (s.p90, ":", N_("p90")), (s.p99, "-.", N_("p99"))):
            ax.axvline(value, color=colour, linestyle=style, linewidth=1.2,
                       label=_("{mark} {value:.0f}").format(mark=_(name), value=value)
                       + (f" ({label})" if len(pairs) > 1 else ""))
    unit = unit_of(find_variant(pairs[0][1].variant))
    ax.set_xlabel(_("game length ({units})").format(units=units(2, unit)) + "\n"
                  + _(LENGTHS_MEAN), fontsize=9)
    ax.set_ylabel(_("games"))
    ax.set_title(_("How long do games last?"))
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
        names = [_won_by(name, broken=True) for name in seats] + [
            pgettext("a game's result", "draw"), _("unfinished")]
        values = [s.value for s in shares]
        below = [max(0.0, s.value - s.interval[0]) for s in shares]
        above = [max(0.0, s.interval[1] - s.value) for s in shares]
        xs = [x + (i - (len(pairs) - 1) / 2) * width for x in range(len(shares))]
        ax.bar(xs, values, width=width, yerr=[below, above], capsize=4,
               color=COLOURS[i % len(COLOURS)], label=label)
    ax.set_xticks(range(len(names)), names)
    ax.set_xlabel(_(INTERVAL_MEANS), fontsize=9)
    ax.set_ylim(0, 1)
    ax.set_ylabel(_("share of games"))
    ax.set_title(_("Who wins? (black lines: 95% intervals)"))
    if len(pairs) > 1:
        ax.legend(fontsize=8)
    return fig


def png(fig: Any, dpi: int = 96) -> bytes:
    """The figure as PNG bytes (for an ``ipywidgets.Image``, a file, or a web page)."""
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=dpi)
    return buffer.getvalue()


# --- SVG, with the standard library only ----------------------------------------------

_W, _H = 800, 360  # the picture's size in pixels (as the PNGs: 8 x 3.6 inches at 100 dpi)
_LEFT, _RIGHT, _TOP, _BOTTOM = 64, 16, 40, 78  # room for the axes' words
_DASHES = {"mean": "", "median": "8 4", "p90": "2 3", "p99": "8 3 2 3"}


def _svg(title: str, description: str, body: list[str]) -> str:
    return (f'<svg xmlns="http://www.w3.org/2000/svg" class="wt-chart" role="img" '
            f'viewBox="0 0 {_W} {_H}" width="{_W}" height="{_H}" '
            f'style="max-width:100%;height:auto;background:#fff" '
            f'font-family="DejaVu Sans, system-ui, sans-serif" font-size="12">'
            f"<title>{escape(title)}</title><desc>{escape(description)}</desc>"
            f'<text x="{_W / 2}" y="22" font-size="16" font-weight="700" '
            f'text-anchor="middle">{escape(title)}</text>{"".join(body)}</svg>')


def _ticks(top: float, count: int = 5) -> list[float]:
    """Round tick values from 0 to at least ``top``."""
    if top <= 0:
        return [0.0, 1.0]
    raw = top / count
    step = 10 ** math.floor(math.log10(raw))
    step *= next(m for m in (1, 2, 2.5, 5, 10) if m * step >= raw)
    return [step * k for k in range(math.ceil(top / step - 1e-9) + 1)]


def _number(value: float) -> str:
    return f"{value:,.0f}" if abs(value) >= 10 or value == int(value) else f"{value:g}"


def _axes(x0: float, x1: float, y_top: float, y_label: str, x_label: str,
          y_format: Any = _number) -> tuple[list[str], Any]:
    """The y axis with its ticks and grid, the x axis's line and words; and y(value)."""
    ticks = _ticks(y_top)
    top = ticks[-1]
    bottom_px, top_px = _H - _BOTTOM, _TOP

    def y(value: float) -> float:
        return bottom_px - (bottom_px - top_px) * value / top

    body = []
    for t in ticks:
        body.append(f'<line x1="{x0}" x2="{x1}" y1="{y(t):.1f}" y2="{y(t):.1f}" '
                    f'stroke="#ddd"/><text x="{x0 - 6}" y="{y(t) + 4:.1f}" '
                    f'text-anchor="end">{y_format(t)}</text>')
    body.append(f'<line x1="{x0}" x2="{x1}" y1="{bottom_px}" y2="{bottom_px}" stroke="#333"/>'
                f'<line x1="{x0}" x2="{x0}" y1="{top_px}" y2="{bottom_px}" stroke="#333"/>'
                f'<text transform="translate(16 {(top_px + bottom_px) / 2}) rotate(-90)" '
                f'text-anchor="middle">{escape(y_label)}</text>')
    for i, line in enumerate(x_label.split("\n")):
        body.append(f'<text x="{(x0 + x1) / 2}" y="{_H - 30 + 14 * i}" text-anchor="middle" '
                    f'font-size="{12 if i == 0 else 10}">{escape(line)}</text>')
    return body, y


def svg_lengths(tables: Table | Sequence[Table], labels: Sequence[str] | None = None,
                bins: int = 40) -> str:
    """:func:`plot_lengths` as SVG: the finished games' lengths, mean, median, p90, p99."""
    pairs = _labelled(tables, labels)
    title = _("How long do games last?")
    finished = [[r.length for r in t.rows if r.winners is not None] for _, t in pairs]
    everything = [x for lengths in finished for x in lengths]
    if not everything:
        return _svg(title, _("No game finished."), [
            f'<text x="{_W / 2}" y="{_H / 2}" text-anchor="middle">'
            f'{escape(_("no game finished"))}</text>'])
    edges = _edges(min(everything), max(everything), bins)
    counts = [[sum(1 for x in lengths if lo <= x < hi) for lo, hi in pairwise(edges)]
              for lengths in finished]
    unit = unit_of(find_variant(pairs[0][1].variant))
    x0, x1 = _LEFT, _W - _RIGHT
    body, y = _axes(x0, x1, max(max(c) for c in counts), _("games"),
                    _("game length ({units})").format(units=units(2, unit)) + "\n"
                    + _(LENGTHS_MEAN))

    def x(value: float) -> float:
        return x0 + (x1 - x0) * (value - edges[0]) / (edges[-1] - edges[0])

    for value in _ticks(edges[-1] - edges[0], 8):
        at = edges[0] + 0.5 + value
        if at <= edges[-1]:
            body.append(f'<text x="{x(at):.1f}" y="{_H - _BOTTOM + 16}" '
                        f'text-anchor="middle">{_number(at)}</text>')
    described = []
    legend = []
    for i, ((label, table), bars) in enumerate(zip(pairs, counts, strict=True)):
        colour = COLOURS[i % len(COLOURS)]
        points = [f"{x(edges[0]):.1f},{y(0):.1f}"]
        for lo, hi, n in zip(edges, edges[1:], bars, strict=False):
            points += [f"{x(lo):.1f},{y(n):.1f}", f"{x(hi):.1f},{y(n):.1f}"]
        points.append(f"{x(edges[-1]):.1f},{y(0):.1f}")
        fill = f'fill="{colour}" fill-opacity="0.45"' if len(pairs) == 1 else 'fill="none"'
        body.append(f'<polyline points="{" ".join(points)}" {fill} stroke="{colour}" '
                    f'stroke-width="2"/>')
        s = describe(table).lengths
        marks = ((N_("mean"), s.mean), (N_("median"), s.median), (N_("p90"), s.p90),
                 (N_("p99"), s.p99))
        for name, value in marks:
            dash = f' stroke-dasharray="{_DASHES[name]}"' if _DASHES[name] else ""
            body.append(f'<line x1="{x(value):.1f}" x2="{x(value):.1f}" y1="{y(0):.1f}" '
                        f'y2="{_TOP}" stroke="{colour}" stroke-width="1.5"{dash}/>')
        words = ", ".join(_("{mark} {value:.0f}").format(mark=_(name), value=value)
                          for name, value in marks)
        described.append(f"{label}: {words}")
        legend.append((colour, f"{label}: {words}" if len(pairs) > 1 else words))
    for i, (colour, words) in enumerate(legend):
        body.append(f'<rect x="{x1 - 330}" y="{_TOP + 4 + 16 * i}" width="12" height="12" '
                    f'fill="{colour}"/><text x="{x1 - 314}" y="{_TOP + 14 + 16 * i}">'
                    f"{escape(words)}</text>")
    return _svg(title, _("Histogram of {count:,} finished games' lengths. {marks}.").format(
        count=len(everything), marks="; ".join(described)), body)


def svg_results(tables: Table | Sequence[Table], labels: Sequence[str] | None = None) -> str:
    """:func:`plot_results` as SVG: each seat's win rate, draws and unfinished games, with
    95% intervals."""
    pairs = _labelled(tables, labels)
    title = _("Who wins? (black lines: 95% intervals)")
    x0, x1 = _LEFT, _W - _RIGHT
    body, y = _axes(x0, x1, 1.0, _("share of games"), _(INTERVAL_MEANS),
                    y_format=lambda t: f"{t:.0%}")
    ended: list[dict[str, Any]] = []  # per run: way it ended -> Share, seats first
    for _label, table in pairs:
        stats = describe(table)
        seats = find_variant(table.variant).player_names(table.rules)
        ended.append({**{_won_by(name): share for name, share in zip(
            seats, stats.wins, strict=True)}, pgettext("a game's result", "draw"): stats.draws,
            _("unfinished"): stats.unfinished})
    # Runs of more seats name the others' ways of ending too.
    groups = list(ended[max(range(len(ended)), key=lambda i: len(ended[i]))])
    groups += [g for e in ended for g in e if g not in groups]
    slot = (x1 - x0) / len(groups)
    width = slot * 0.8 / len(pairs)
    described = []
    for i, ((label, _table), shares) in enumerate(zip(pairs, ended, strict=True)):
        colour = COLOURS[i % len(COLOURS)]
        words = []
        for k, group in enumerate(groups):
            if group not in shares:
                continue
            share = shares[group]
            left = x0 + slot * k + slot * 0.1 + width * i
            lo, hi = share.interval
            body.append(f'<rect x="{left:.1f}" y="{y(share.value):.1f}" width="{width:.1f}" '
                        f'height="{y(0) - y(share.value):.1f}" fill="{colour}"/>')
            mid = left + width / 2
            body.append(f'<path d="M{mid:.1f},{y(lo):.1f}V{y(hi):.1f}M{mid - 5:.1f},'
                        f'{y(lo):.1f}h10M{mid - 5:.1f},{y(hi):.1f}h10" stroke="#000" '
                        f'stroke-width="1.5" fill="none"/>')
            words.append(_("{group} {share:.1%} ({lo:.1%} to {hi:.1%})").format(
                group=group, share=share.value, lo=lo, hi=hi))
        described.append(f"{label}: " + ", ".join(words))
        if len(pairs) > 1:
            body.append(f'<rect x="{x1 - 200}" y="{_TOP + 4 + 16 * i}" width="12" height="12" '
                        f'fill="{colour}"/><text x="{x1 - 184}" y="{_TOP + 14 + 16 * i}">'
                        f"{escape(label)}</text>")
    for k, name in enumerate(groups):
        body.append(f'<text x="{x0 + slot * (k + 0.5):.1f}" y="{_H - _BOTTOM + 16}" '
                    f'text-anchor="middle">{escape(name)}</text>')
    return _svg(title, _("Bars of the share of games each way they ended. {bars}.").format(
        bars="; ".join(described)), body)


def _won_by(name: str, *, broken: bool = False) -> str:
    """A bar's words: the games a seat won ("won by You", "won by Computer"), ``broken``
    over two lines."""
    if name.casefold() == "you":
        return _("won by\nYou") if broken else _("won by You")
    return (_("won by\n{name}") if broken else _("won by {name}")).format(name=_(name))
