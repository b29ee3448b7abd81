"""The tidy per-game table a simulation returns: one row per game, saved as CSV.

Plain dataclasses, so the table needs nothing beyond the standard library;
:meth:`Table.to_pandas` is there for those who have pandas.

>>> from wartutor.core import Summary
>>> row = Row.of(7, Summary((1,), "all-cards", 212, {"wars": 14}))
>>> row.result, row.winner_text, row.length, row.counts
('win', '1', 212, {'wars': 14})
>>> Row.of(8, Summary(None, "unfinished", 100, {"wars": 5})).result
'unfinished'
"""

from __future__ import annotations

import csv
import importlib
import io
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from wartutor.core.engine import Summary

RESULTS = ("win", "draw", "unfinished")
FIXED_COLUMNS = ("seed", "result", "winner", "ending", "length")


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
        except ImportError:
            raise ImportError("to_pandas needs pandas: pip install pandas "
                              "(or use records() or to_csv())") from None
        return pandas.DataFrame(self.records(), columns=list(self.columns))
