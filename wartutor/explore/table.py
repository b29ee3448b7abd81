"""The tidy per-game table a simulation returns: one row per game, saved as CSV.

Plain dataclasses, so the table needs nothing beyond the standard library;
:meth:`Table.to_pandas` is there for those who have pandas. A table's repr is a few lines
of what it says, however many games it holds; in a notebook it shows that summary and its
first rows (``_repr_html_``, drawn by :func:`wartutor.ui.notebook.simulation_html`).

>>> from wartutor.core import Summary
>>> row = Row.of(7, Summary((1,), "all-cards", 212, {"wars": 14}))
>>> row.result, row.winner_text, row.length, row.counts
('win', '1', 212, {'wars': 14})
>>> Row.of(8, Summary(None, "unfinished", 100, {"wars": 5})).result
'unfinished'
>>> from wartutor.variants.classic_war import ClassicRules
>>> Table("classic_war", ClassicRules(), ("turn", "turn"), 5_000, (row,))
<Table: 1 game of Classic War (seed 7), agents turn and turn, at most 5,000 battles
 rulings as written
 wins: Player 1 (seat 0) 0%, Computer (seat 1) 100%; draws 0%; unfinished 0%
 length: 212.0 battles on average over 1 finished game
 columns: seed, result, winner, ending, length, wars (records(), to_csv(), to_pandas())>
"""

from __future__ import annotations

import csv
import importlib
import io
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from wartutor.core.engine import Summary, Variant, clipped
from wartutor.core.errors import BadInput, quoted
from wartutor.core.rulings import settings_of
from wartutor.core.trace import changed_rulings, rulings_words
from wartutor.core.voice import Voice
from wartutor.language import _, ngettext, pgettext

RESULTS = ("win", "draw", "unfinished")
FIXED_COLUMNS = ("seed", "result", "winner", "ending", "length")
LINE_LIMIT = 200  # characters of one line of a table's repr


@dataclass(frozen=True)
class Row:
    """One game: ``winners`` is empty for a draw and None for an unfinished game.

    A game a student's player lost by a fault (an illegal action, an error, too slow)
    ends "fault", is won by every other seat, and keeps the referee's message.
    """

    seed: int
    winners: tuple[int, ...] | None
    ending: str
    length: int
    counts: dict[str, int]
    fault: str = ""

    @classmethod
    def of(cls, seed: int, summary: Summary) -> Row:
        return cls(seed, summary.winners, summary.ending, summary.length, dict(summary.counts))

    @property
    def result(self) -> str:
        if self.winners is None:
            return "unfinished"
        return "win" if self.winners else "draw"

    @property
    def winner_text(self) -> str:
        """The winning seats, space-separated (several when a variant allows a shared win)."""
        return " ".join(str(seat) for seat in self.winners or ())


@dataclass(frozen=True)
class Table:
    """Per-game results of one simulation, in seed order, and how they were made."""

    variant: str
    rules: Any
    agents: tuple[str, ...]  # one agent name per seat (a student's player: its function's)
    max_length: int | None
    rows: tuple[Row, ...]
    # How the games were played when it is worth saying (the traced engine stood in for a
    # fast path). Not part of the answer: equal games make equal tables.
    note: str = field(default="", compare=False)

    def __len__(self) -> int:
        return len(self.rows)

    @property
    def seats(self) -> int:
        return len(self.agents)

    @property
    def seeds(self) -> tuple[int, ...]:
        return tuple(row.seed for row in self.rows)

    @property
    def faults(self) -> tuple[str, ...]:
        """The referee's message for each game a student's player lost by a fault."""
        return tuple(row.fault for row in self.rows if row.fault)

    @property
    def count_names(self) -> tuple[str, ...]:
        """The variant's counts (wars, supports, ...), in the order they first appear."""
        names: dict[str, None] = {}
        for row in self.rows:
            names.update(dict.fromkeys(row.counts))
        return tuple(names)

    @property
    def columns(self) -> tuple[str, ...]:
        return FIXED_COLUMNS + self.count_names

    def records(self) -> list[dict[str, Any]]:
        """One dict per game, keyed by :attr:`columns` (a missing count is 0)."""
        counts = self.count_names
        return [
            {"seed": row.seed, "result": row.result, "winner": row.winner_text,
             "ending": row.ending, "length": row.length,
             **{name: row.counts.get(name, 0) for name in counts}}
            for row in self.rows
        ]

    def to_csv(self, path: str | Path | None = None) -> str:
        """The table as CSV text; also written to ``path`` when one is given."""
        buffer = io.StringIO()
        writer = csv.DictWriter(buffer, fieldnames=self.columns, lineterminator="\n")
        writer.writeheader()
        writer.writerows(self.records())
        text = buffer.getvalue()
        if path is not None:
            Path(path).write_text(text, encoding="utf-8")
        return text

    def to_pandas(self) -> Any:
        """A pandas DataFrame of :meth:`records` (pandas is not a dependency of wartutor)."""
        try:  # imported by name: pandas is optional, and so are its type stubs
            pandas = importlib.import_module("pandas")
        except ImportError:  # a programmer's error: in English, as Python's own are
            raise ImportError("to_pandas needs pandas: pip install pandas "
                              "(or use records() or to_csv())") from None
        return pandas.DataFrame(self.records(), columns=list(self.columns))

    def __repr__(self) -> str:
        """A few lines of what the table says, however many games it holds."""
        lines = (clipped(line, LINE_LIMIT, end="") for line in self.summary())
        return "<Table: " + "\n ".join(lines) + ">"

    def _repr_html_(self) -> str:
        """The summary and the first rows (:func:`wartutor.ui.notebook.simulation_html`)."""
        from wartutor.ui.notebook import simulation_html  # the drawing, loaded only if asked

        return str(simulation_html(self))

    def summary(self) -> list[str]:
        """What the table says in a few lines: its games, who won, how long they lasted."""
        from wartutor.explore.stats import describe  # stats imports this module

        variant = self._variant()
        title, unit = ((variant.title, variant.length_unit) if variant is not None
                       else (quoted(self.variant), "step"))  # not a variant known here
        n = len(self.rows)
        # The agents' and columns' names, and the seeds, are data: the same in every language.
        agents = pgettext("between the last two agents", " and ").join(
            ", ".join(self.agents).rsplit(", ", 1))
        limit = (_("no length limit") if self.max_length is None
                 else _("at most {count}").format(count=counted(self.max_length, unit)))
        played = (_("{games} of {title}, agents {agents}, {limit}") if not n else
                  _("{games} of {title} (seed {seed}), agents {agents}, {limit}") if n == 1 else
                  _("{games} of {title} (seeds {first} to {last}), agents {agents}, {limit}"))
        lines = [played.format(games=counted(n, "game"), title=title, seed=self.seeds[0] if n
                               else "", first=f"{self.seeds[0]:,}" if n else "",
                               last=f"{self.seeds[-1]:,}" if n else "", agents=agents,
                               limit=limit),
                 self._rulings()]
        if not n:
            return lines
        stats = describe(self)
        wins = ", ".join(f"{name} {share.value:.0%}"
                         for name, share in zip(self.seat_names(), stats.wins, strict=True))
        lines.append(_("wins: {wins}; draws {draws}; unfinished {unfinished}").format(
            wins=wins, draws=f"{stats.draws.value:.0%}",
            unfinished=f"{stats.unfinished.value:.0%}"))
        done = stats.lengths.n
        lines.append(_("length: no game finished") if not done else
                     # Translators: {units} is what a game's length counts: "battles", "turns".
                     _("length: {mean} {units} on average over {games}").format(
                         mean=f"{stats.lengths.mean:,.1f}", units=units(unit),
                         games=ngettext("{count} finished game", "{count} finished games",
                                        done).format(count=f"{done:,}")))
        if self.faults:
            lines.append(ngettext("{count} game lost by a player's fault",
                                  "{count} games lost by a player's fault",
                                  len(self.faults)).format(count=f"{len(self.faults):,}"))
        lines.append(_("columns: {columns} (records(), to_csv(), to_pandas())").format(
            columns=", ".join(self.columns)))
        return lines

    def seat_names(self) -> tuple[str, ...]:
        """Each seat as a teacher's record names it: "Player 1 (seat 0)", "Ana (seat 1)"."""
        variant = self._variant()
        if variant is None:
            return tuple(_("seat {number}").format(number=p) for p in range(self.seats))
        own = variant.player_names(self.rules)
        teacher = Voice(viewer=None)
        return tuple(_("{name} (seat {number})").format(name=teacher.name(p, own), number=p)
                     for p in range(self.seats))

    def _variant(self) -> Variant[Any] | None:
        from wartutor.variants import find_variant  # loaded only when a table is read

        try:
            return find_variant(self.variant)
        except BadInput:
            return None

    def _rulings(self) -> str:
        try:
            return rulings_words(changed_rulings(type(self.rules), settings_of(self.rules)))
        except (TypeError, BadInput):  # not a rules object: shown as it is, short
            return _("rules {rules}").format(rules=quoted(self.rules))


def counted(n: int, unit: str) -> str:
    """``n`` games, or ``n`` of what a variant's length counts (its ``length_unit``), in
    words: "1 battle", "5,000 games"."""
    count = f"{n:,}"
    if unit == "game":
        return ngettext("{count} game", "{count} games", n).format(count=count)
    if unit == "battle":
        return ngettext("{count} battle", "{count} battles", n).format(count=count)
    if unit == "skirmish":
        return ngettext("{count} skirmish", "{count} skirmishes", n).format(count=count)
    if unit == "round":
        return ngettext("{count} round", "{count} rounds", n).format(count=count)
    if unit == "turn":
        return ngettext("{count} turn", "{count} turns", n).format(count=count)
    return ngettext("{count} step", "{count} steps", n).format(count=count)


def units(unit: str) -> str:
    """What a variant's length counts, more than one of it: "battles", "steps"."""
    return {"battle": pgettext("length unit", "battles"),
            "skirmish": pgettext("length unit", "skirmishes"),
            "round": pgettext("length unit", "rounds"), "turn": pgettext("length unit", "turns"),
            }.get(unit, pgettext("length unit", "steps"))
