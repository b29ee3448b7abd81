"""A short plain-words reading of simulation results, for a class rather than a statistician.

>>> from wartutor.core import Summary
>>> from wartutor.explore.table import Row, Table
>>> from wartutor.variants.classic_war import ClassicRules
>>> rows = tuple(Row.of(s, Summary((s % 2,), "all-cards", 100 + s, {"wars": 3})) for s in range(4))
>>> print(read(Table("classic_war", ClassicRules(), ("turn", "turn"), 10_000, rows)))
Classic War, 4 games (seeds 0 to 3).
A finished game lasted 101.5 battles on average.
Half were over within 101.5 battles, nine in ten within 103; the longest took 103.
You won 50% of the games (95% interval 15% to 85%); Computer won 50% (15% to 85%).
No game was a draw, and every game finished.
On average a game had 3.0 wars.
Too few games for firm conclusions: the intervals are wide.
"""

from __future__ import annotations

from typing import Any

from wartutor.explore.stats import Z95, Comparison, Share, Stats, compare, describe
from wartutor.explore.table import Table
from wartutor.variants import find_variant


def unit_of(variant: Any) -> str:
    """The variant's unit of length (battle, skirmish, round, turn), singular."""
    return str(variant.length_unit)


def plural(n: float, word: str) -> str:
    if n == 1:
        return word
    return word + "es" if word.endswith(("s", "sh", "ch", "x")) else word + "s"


def percent(share: Share) -> str:
    return f"{share.value:.0%}"


def interval(share: Share) -> str:
    lo, hi = share.interval
    return f"{lo:.0%} to {hi:.0%}"


def read(table: Table) -> str:
    """Four or five sentences: how long, who wins, draws and unfinished games, the counts."""
    variant = find_variant(table.variant)
    stats = describe(table)
    if not stats.games:
        return f"{variant.title}: no games were played."
    lines = [f"{variant.title}, {stats.games} games (seeds {table.seeds[0]} to "
             f"{table.seeds[-1]})."]
    if table.note:
        lines.append(table.note)
    lines.append(_lengths(stats, unit_of(variant)))
    lines.append(_wins(stats, variant.player_names(table.rules)))
    lines.append(_endings(table, stats, plural(2, unit_of(variant))))
    if stats.counts:
        lines.append("On average a game had " + ", ".join(
            f"{mean:.1f} {name.replace('_', ' ')}" for name, mean in stats.counts.items()) + ".")
    if stats.games < 400:
        lines.append("Too few games for firm conclusions: the intervals are wide.")
    return "\n".join(lines)


def _lengths(stats: Stats, unit: str) -> str:
    s = stats.lengths
    if not s.n:
        return "No game finished."
    units = plural(2, unit)
    return (f"A finished game lasted {s.mean:.1f} {units} on average.\nHalf were over within "
            f"{s.median:g} {units}, nine in ten within {s.p90}; the longest took {s.longest}.")


def _wins(stats: Stats, names: tuple[str, ...]) -> str:
    parts = [f"{names[0]} won {percent(stats.wins[0])} of the games "
             f"(95% interval {interval(stats.wins[0])})"]
    parts += [f"{name} won {percent(share)} ({interval(share)})"
              for name, share in zip(names[1:], stats.wins[1:], strict=True)]
    text = "; ".join(parts) + "."
    if len(names) == 2 and _apart(stats.wins[0], stats.wins[1]):
        better = names[0] if stats.wins[0].value > stats.wins[1].value else names[1]
        text += f" The intervals do not overlap: with these agents, the game favours {better}."
    return text


def _apart(a: Share, b: Share) -> bool:
    return a.interval[1] < b.interval[0] or b.interval[1] < a.interval[0]


def _endings(table: Table, stats: Stats, unit: str) -> str:
    draws = ("No game was a draw" if not stats.draws.count
             else f"{percent(stats.draws)} were draws ({interval(stats.draws)})")
    if not stats.unfinished.count:
        return draws + ", and every game finished."
    # A variant marks games its own rules stopped with their own ending ("limit", ...);
    # "unfinished" means the simulator stopped them at the maximum length.
    ours = sum(1 for row in table.rows if row.winners is None and row.ending == "unfinished")
    why = []
    if stats.unfinished.count - ours:
        why.append(f"{stats.unfinished.count - ours} by the rules' own limit")
    if ours:
        why.append(f"{ours} still going at the maximum of {table.max_length} {unit}")
    return (f"{draws}; {percent(stats.unfinished)} were stopped unfinished "
            f"({interval(stats.unfinished)}): {' and '.join(why)}. They may never end.")


def read_comparison(a: Table, b: Table, label_a: str, label_b: str) -> str:
    """Two rulings on the same deals, in words: what changed and by how much."""
    c: Comparison = compare(a, b)
    unit = plural(2, unit_of(find_variant(a.variant)))
    lines = [f"The same {c.a.games} deals, played two ways: {label_a} and {label_b}.",
             f"Mean length: {c.a.lengths.mean:.1f} against {c.b.lengths.mean:.1f} {unit} "
             f"(difference {c.length_diff:+.1f}, give or take "
             f"{Z95 * c.length_diff_se:.1f} at 95%)."]
    lines.append(f"The result changed in {percent(c.changed)} of the deals "
                 f"({c.changed.count} of {c.changed.total}).")
    names = find_variant(a.variant).player_names(a.rules)
    lines.append(f"{names[0]} won {percent(c.a.wins[0])} against {percent(c.b.wins[0])}; "
                 f"draws {percent(c.a.draws)} against {percent(c.b.draws)}; "
                 f"unfinished {percent(c.a.unfinished)} against {percent(c.b.unfinished)}.")
    return "\n".join(lines)
