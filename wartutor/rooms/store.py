"""Where rooms are kept: one SQL schema, in SQLite on the server or in PostgreSQL for many.

A room is a trace in the making: the deal code it was opened from (the seed and the
rules), which seats students hold, and the actions taken, one row each. The row's key
is (room, step), so when two screens send a move for the same step, the database keeps
the first and refuses the second: the screens never have to agree among themselves.

>>> store = RoomStore.at("sqlite://:memory:")
>>> code = store.open_room("CW-4821", seats=2, students=2)
>>> store.claim(code, "Ada")
0
>>> store.append(code, 0, "turn")
>>> try:
...     store.append(code, 0, "turn")
... except BadInput as refused:
...     print(refused.problem)
step 1 of this room has already been played (someone was quicker)
>>> store.actions(code)
('turn',)
"""

from __future__ import annotations

import os
import secrets
import sqlite3
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import wartutor.variants  # noqa: F401  (registers the variants a deal code names)
from wartutor.core.dealcode import read_deal_code
from wartutor.core.errors import BadInput, quoted

URL_SETTING = "WARTUTOR_ROOMS"  # sqlite:///path/to/rooms.sqlite3 or postgresql://...
CODE_LETTERS = "ABCDEFGHJKMNPQRSTUVWXYZ"  # no I, L or O, as in deal codes
CODE_LENGTH = 4
MAX_NAME = 40  # characters of a student's name, as typed

SCHEMA = (
    """CREATE TABLE IF NOT EXISTS rooms (
        code TEXT PRIMARY KEY, deal TEXT NOT NULL, seats INTEGER NOT NULL,
        students INTEGER NOT NULL, opened REAL NOT NULL, result TEXT)""",
    """CREATE TABLE IF NOT EXISTS seats (
        room TEXT NOT NULL REFERENCES rooms(code), seat INTEGER NOT NULL,
        student TEXT NOT NULL, PRIMARY KEY (room, seat), UNIQUE (room, student))""",
    """CREATE TABLE IF NOT EXISTS actions (
        room TEXT NOT NULL REFERENCES rooms(code), step INTEGER NOT NULL,
        action TEXT NOT NULL, at REAL NOT NULL, PRIMARY KEY (room, step))""",
)


@dataclass(frozen=True)
class RoomRecord:
    """What the class board lists of a room."""

    code: str
    deal: str
    seats: int
    students: int
    opened: float
    result: str | None  # None while the game goes on
    held: tuple[tuple[int, str], ...]  # (seat, student) for the seats students hold
    steps: int


class RoomStore:
    """Rooms in one database, SQLite or PostgreSQL; every method is one short transaction."""

    def __init__(self, url: str, connect: Any, placeholder: str,
                 unique_error: type[Exception], *, keep_open: bool = False) -> None:
        self.url = url
        self._connect = connect
        self._mark = placeholder
        self._unique_error = unique_error
        self._kept = connect() if keep_open else None  # SQLite in memory lives in one
        with self._transaction() as run:
            for statement in SCHEMA:
                run(statement)

    @classmethod
    def at(cls, url: str | None = None) -> RoomStore:
        """The store at ``url`` (by default the WARTUTOR_ROOMS setting, else a SQLite file
        in the wartutor data folder): ``sqlite:///path``, ``sqlite://:memory:`` or
        ``postgresql://user@host/database``."""
        url = url or os.environ.get(URL_SETTING) or f"sqlite:///{default_path()}"
        if url.startswith("sqlite://"):
            return cls._sqlite(url)
        if url.startswith(("postgresql://", "postgres://")):
            return cls._postgresql(url)
        raise BadInput(f"{quoted(url)} is not a room database address",
                       allowed="sqlite:///path/to/rooms.sqlite3 or postgresql://user@host/db")

    @classmethod
    def _sqlite(cls, url: str) -> RoomStore:
        path = url.removeprefix("sqlite://")
        if path == ":memory:":
            return cls(url, lambda: sqlite3.connect(":memory:", isolation_level=None), "?",
                       sqlite3.IntegrityError, keep_open=True)
        Path(path).parent.mkdir(parents=True, exist_ok=True)

        def connect() -> sqlite3.Connection:
            # Many kernels write one file: wait for each other's locks rather than fail.
            db = sqlite3.connect(path, timeout=10, isolation_level=None)
            db.execute("PRAGMA journal_mode=WAL")
            return db

        return cls(url, connect, "?", sqlite3.IntegrityError)

    @classmethod
    def _postgresql(cls, url: str) -> RoomStore:
        try:
            import psycopg
        except ImportError:
            raise BadInput("a PostgreSQL room database needs the psycopg package",
                           allowed="pip install 'wartutor[class]', or a sqlite:/// address"
                           ) from None

        def connect() -> Any:
            return psycopg.connect(url, autocommit=True)

        return cls(url, connect, "%s", psycopg.errors.UniqueViolation)

    @contextmanager
    def _transaction(self) -> Iterator[Any]:
        db = self._kept or self._connect()
        cursor = db.cursor()
        cursor.execute("BEGIN")

        def run(sql: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
            cursor.execute(sql.replace("?", self._mark), tuple(params))
            return list(cursor.fetchall()) if cursor.description else []

        try:
            yield run
            cursor.execute("COMMIT")
        except BaseException:
            cursor.execute("ROLLBACK")
            raise
        finally:
            cursor.close()
            if db is not self._kept:
                db.close()

    # Rooms

    def open_room(self, deal: str, *, seats: int, students: int) -> str:
        """A new room for the deal ``deal`` (a deal code) with ``seats`` players, of whom
        ``students`` are students (the others are computers); its code, to read out."""
        read_deal_code(deal)  # refuses a bad code with its own message
        if not 1 <= students <= seats:
            raise BadInput(f"{students} students cannot sit at {seats} seats",
                           allowed=f"from 1 to {seats} students")
        for _ in range(20):
            code = "".join(secrets.choice(CODE_LETTERS) for _ in range(CODE_LENGTH))
            try:
                with self._transaction() as run:
                    run("INSERT INTO rooms (code, deal, seats, students, opened) "
                        "VALUES (?, ?, ?, ?, ?)", (code, deal.strip().upper(), seats,
                                                   students, time.time()))
                return code
            except self._unique_error:
                continue  # that code is taken: draw another
        raise BadInput("no free room code was found", allowed="try again")

    def room(self, code: str) -> RoomRecord:
        """The room with this code, or a clear refusal."""
        code = normal_code(code)
        with self._transaction() as run:
            rows = run("SELECT code, deal, seats, students, opened, result FROM rooms "
                       "WHERE code = ?", (code,))
            if not rows:
                raise BadInput(f"there is no room {quoted(code)}",
                               allowed="the four-letter code of a room opened on this server")
            held = run("SELECT seat, student FROM seats WHERE room = ? ORDER BY seat", (code,))
            steps = run("SELECT COUNT(*) FROM actions WHERE room = ?", (code,))[0][0]
        c, deal, seats, students, opened, result = rows[0]
        return RoomRecord(c, deal, seats, students, opened, result,
                          tuple((s, n) for s, n in held), int(steps))

    def rooms(self) -> list[RoomRecord]:
        """Every room, the newest first (for the class board)."""
        with self._transaction() as run:
            codes = [c for (c,) in run("SELECT code FROM rooms ORDER BY opened DESC")]
        return [self.room(c) for c in codes]

    def claim(self, code: str, student: str) -> int:
        """The seat ``student`` holds in the room: theirs again if they held one (a reload,
        a laptop that slept), else the first free student seat."""
        name = " ".join(student.split())[:MAX_NAME]
        if not name:
            raise BadInput("the name box is empty", allowed="your first name, as you wish")
        room = self.room(code)
        mine = [seat for seat, who in room.held if who.casefold() == name.casefold()]
        if mine:
            return mine[0]
        free = [s for s in range(room.students) if s not in dict(room.held)]
        if not free:
            taken = ", ".join(who for _, who in room.held)
            raise BadInput(f"room {room.code} is full ({taken})",
                           allowed="the same name as before to rejoin, or another room")
        try:
            with self._transaction() as run:
                run("INSERT INTO seats (room, seat, student) VALUES (?, ?, ?)",
                    (room.code, free[0], name))
        except self._unique_error:
            return self.claim(code, student)  # someone took that seat this instant
        return free[0]

    # The game in the room

    def actions(self, code: str, since: int = 0) -> tuple[str, ...]:
        """The room's actions from step ``since`` on, in order."""
        with self._transaction() as run:
            rows = run("SELECT action FROM actions WHERE room = ? AND step >= ? ORDER BY step",
                       (normal_code(code), since))
        return tuple(a for (a,) in rows)

    def append(self, code: str, step: int, action: str) -> None:
        """Record ``action`` as the room's step ``step`` (0 is the first move), unless that
        step is taken: then :class:`BadInput`, and nothing changes."""
        code = normal_code(code)
        try:
            with self._transaction() as run:
                run("INSERT INTO actions (room, step, action, at) VALUES (?, ?, ?, ?)",
                    (code, step, action, time.time()))
        except self._unique_error:
            raise BadInput(f"step {step + 1} of this room has already been played (someone "
                           "was quicker)", allowed="the move of the step after it, once your "
                           "screen shows it") from None

    def finish(self, code: str, result: str) -> None:
        """Note how the room's game ended (for the class board); the first note stands."""
        with self._transaction() as run:
            run("UPDATE rooms SET result = ? WHERE code = ? AND result IS NULL",
                (result, normal_code(code)))


def normal_code(code: str) -> str:
    """A room code as typed, tidied: 'kx q7 ' -> 'KXQ7'."""
    if not isinstance(code, str):
        raise BadInput(f"{quoted(code)} is not a room code", allowed="four letters")
    return "".join(code.split()).upper()


def default_path() -> Path:
    home = os.environ.get("WARTUTOR_DATA_DIR") or Path.home() / ".local/share/wartutor"
    return Path(home) / "rooms.sqlite3"
