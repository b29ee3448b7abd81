"""A short plain-words reading of simulation results, for a class rather than a statistician.

The reading answers a class's questions, each in its own words: how long a game lasts,
who wins (and whether going first helps, where the game says who went first), whether
games end, and how often each of the variant's events (a war, a tie-break, ...) comes.
Where "p90" or a "95% interval" appears, a line says what it means.

>>> from wartutor.core import Summary
>>> from wartutor.explore.table import Row, Table
>>> from wartutor.variants.classic_war import ClassicRules
>>> rows = tuple(Row.of(s, Summary((s % 2,), "all-cards", 100 + s, {"wars": 3})) for s in range(4))
>>> print(read(Table("classic_war", ClassicRules(), ("turn", "turn"), 10_000, rows)))
Classic War, 4 games (seeds 0 to 3).
How long does a game last? 101.5 battles on average.
  Half the games were over within 101.5, nine in ten within 103 (the p90); the longest took 103.
  p90: nine games in ten were over by then.
Who wins? You won 50% of the games (95% interval 15% to 85%); Computer won 50% (15% to 85%).
  95% interval: the true share lies in this range, 95 times in 100; more games make it narrower.
Does every game end? No game was a draw, and every game finished.
How often is there a war? About once every 33.8 battles (3.0 a game on average).
Too few games for firm conclusions: the intervals are wide.
"""

from __future__ import annotations

from typing import Any

from wartutor.explore.stats import Z95, Comparison, Share, Stats, compare, describe
from wartutor.explore.table import Table
from wartutor.variants import find_variant

P90_MEANS = "  p90: nine games in ten were over by then."
INTERVAL_MEANS = ("  95% interval: the true share lies in this range, 95 times in 100; "
                  "more games make it narrower.")

# The variants' counts as a class would ask about them; any other count is asked plainly.
QUESTIONS = {
    "wars": "How often is there a war?",
    "tie_breaks": "How often is there a tie-break?",
    "supports": "How often does a player add support?",
    "removed_by_loss": "How many cards are lost to loss of forces?",
    "promotions": "How often are the Guerrillas promoted?",
    "cancellations": "How often is a promotion cancelled?",
    "stalemates": "How often does a tie-break stall (a stalemate)?",
    "activations": "How often are cards activated?",
    "eliminations": "How often is a player eliminated?",
    "reshuffles": "How often are the draw stacks reshuffled?",
    "battles": "How often is there a battle?",
    "doubles": "How often are doubles played?",
    "mueller_wins": "How often does the Mueller joker win?",
    "assassinations": "How often does Putin assassinate a card?",
    "rewards": "How often does someone win three battles in a row?",
    "shield_blocks": "How often does a shield block a bomb?",
    "counter_strikes": "How often is a bomb turned back by a Counter-Strike?",
    "level4_wins": "How often does a Nuke or a Meteor win a round?",
    "sudden_death": "How often does a match go to sudden death?",
    "instructions": "How often does an activated instruction change a VC?",
    "no_target": "How often does an instruction find no target?",
    "recruited": "How many cards are recruited?",
    "asks": "How often does a player ask for a card?",
    "misses": "How often does an ask miss?",
    "swaps": "How often are hand cards swapped for resource cards?",
    "center_draws": "How often is a card drawn from the centre pile?",
}
# Counts that are not events to ask "how often" about: the answer to "does going first
# help?" (Arsenal's leader_wins) is read on its own.
LEADER_WINS = "leader_wins"
# Counts that say where the game ended up, not how often something happened.
LEVELS = {"guerrilla_rank": ("How high do the Guerrillas climb?", "the highest Guerrilla rank "
                             "at the end")}


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
    """A few lines, one question each: how long, who wins, do games end, how often each count."""
    variant = find_variant(table.variant)
    stats = describe(table)
    if not stats.games:
        return f"{variant.title}: no games were played."
    lines = [f"{variant.title}, {stats.games} games (seeds {table.seeds[0]} to "
             f"{table.seeds[-1]})."]
    if table.note:
        lines.append(table.note)
    if table.faults:  # a student's player lost these games by breaking the rules
        lines.append(f"{len(table.faults)} {plural(len(table.faults), 'game')} lost by a "
                     f"player's fault, the first: {table.faults[0]}")
    lines += _lengths(stats, unit_of(variant))
    lines += _wins(stats, variant.player_names(table.rules))
    lines.append(_leading(table))
    lines.append("Does every game end? " + _endings(table, stats, plural(2, unit_of(variant))))
    for name in table.count_names:
        if name in LEVELS:
            lines.append(_level(table, name))
        elif name != LEADER_WINS:
            lines.append(_how_often(table, name))
    if stats.games < 400:
        lines.append("Too few games for firm conclusions: the intervals are wide.")
    return "\n".join(line for line in lines if line)


def _lengths(stats: Stats, unit: str) -> list[str]:
    s = stats.lengths
    if not s.n:
        return ["How long does a game last? No game finished."]
    units = plural(2, unit)
    return [f"How long does a game last? {s.mean:.1f} {units} on average.",
            f"  Half the games were over within {s.median:g}, nine in ten within {s.p90} (the "
            f"p90); the longest took {s.longest}.", P90_MEANS]


def _wins(stats: Stats, names: tuple[str, ...]) -> list[str]:
    parts = [f"{names[0]} won {percent(stats.wins[0])} of the games "
             f"(95% interval {interval(stats.wins[0])})"]
    parts += [f"{name} won {percent(share)} ({interval(share)})"
              for name, share in zip(names[1:], stats.wins[1:], strict=True)]
    text = "Who wins? " + "; ".join(parts) + "."
    if len(names) == 2 and _apart(stats.wins[0], stats.wins[1]):
        better = names[0] if stats.wins[0].value > stats.wins[1].value else names[1]
        text += f" The intervals do not overlap: with these agents, the game favours {better}."
    return [text, INTERVAL_MEANS]


def _leading(table: Table) -> str:
    """Does going first help? Read where the game counts the rounds its leader won."""
    if LEADER_WINS not in table.count_names:
        return ""
    rounds = sum(row.length for row in table.rows)
    led = Share(sum(row.counts.get(LEADER_WINS, 0) for row in table.rows), rounds)
    if not rounds:
        return ""
    lo, hi = led.interval
    verdict = ("it helps" if lo > 0.5 else "it is a handicap" if hi < 0.5
               else "these games cannot tell")
    return (f"Does going first help? The side that led (revealed first) won {percent(led)} of "
            f"the {rounds} rounds (95% interval {interval(led)}): {verdict}.")


def _level(table: Table, name: str) -> str:
    """Where a level stood at the end of the games: its average, lowest and highest."""
    question, what = LEVELS[name]
    ends = [row.counts.get(name, 0) for row in table.rows]
    said = f"{question} {what[:1].upper()}{what[1:]} was"
    if min(ends) == max(ends):
        return f"{said} {ends[0]} in every game."
    return f"{said} {sum(ends) / len(ends):.1f} on average (from {min(ends)} to {max(ends)})."


def _how_often(table: Table, name: str) -> str:
    """How often a count's event comes: once every so many units, and in how many games."""
    unit = unit_of(find_variant(table.variant))
    question = QUESTIONS.get(name, f"How many {name.replace('_', ' ')} are there in a game?")
    games = len(table.rows)
    total = sum(row.counts.get(name, 0) for row in table.rows)
    if not total:
        return f"{question} Never, in these games."
    some = Share(sum(1 for row in table.rows if row.counts.get(name, 0) > 0), games)
    every = sum(row.length for row in table.rows) / total
    text = (f"{question} About once every {every:.1f} {plural(every, unit)} "
            f"({total / games:.1f} a game on average)")
    if some.count == games:
        return text + "."
    if some.value >= 0.995:  # would read "100%"
        return text + f"; in all but {games - some.count} of the games."
    return text + f"; at least once in {percent(some)} of the games."


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
