"""Where rooms are kept: one SQL schema, in SQLite on the server or in PostgreSQL for many.

A room is a trace in the making: its deal (the variant, its rulings and a random seed that
only the server knows), which seats students hold, and the actions taken, one row each.
The row's key is (room, step), so when two screens send a move for the same step, the
database keeps the first and refuses the second: the screens never have to agree among
themselves. Which moves may be stored at all is the referee's business
(:mod:`wartutor.rooms.referee`); the store only keeps them.

A seat belongs to the browser that took it: the store keeps the hash of that browser's
key (:func:`wartutor.ui.identity.key_id`) beside the name typed, so the same browser sits
down again without typing, and anyone else typing that name is refused.

>>> from wartutor.variants.classic_war import ClassicRules
>>> store = RoomStore.at("sqlite://:memory:")
>>> code = store.open_room("classic_war", ClassicRules(), seats=2, students=2,
...                        opener="browser-a")
>>> store.claim(code, "Ada", owner="browser-a")
0
>>> try:
...     store.claim(code, "ada", owner="browser-b")
... except BadInput as refused:
...     print(refused)
Ada's seat is taken. Allowed: ask your teacher to free it, or type another name.
>>> store.append(code, 0, ("turn",))
>>> try:
...     store.append(code, 0, ("turn",))
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

import wartutor.variants  # noqa: F401  (registers the variants a deal names)
from wartutor.core.chance import MAX_SEED
from wartutor.core.data import data_folder
from wartutor.core.dealcode import deal_code, read_deal_code
from wartutor.core.errors import BadInput, quoted
from wartutor.core.names import check_name
from wartutor.core.registry import find_variant
from wartutor.language import _
from wartutor.rooms.connections import PooledConnections, ThreadConnections

URL_SETTING = "WARTUTOR_ROOMS"  # sqlite:///path/to/rooms.sqlite3 or postgresql://...
CODE_LETTERS = "ABCDEFGHJKMNPQRSTUVWXYZ"  # no I, L or O, as in deal codes
CODE_LENGTH = 4
SCHEMA_VERSION = 2
IDLE_DAYS = 1  # a room nobody has moved in for this long is cleared away
OPENINGS_PER_HOUR = 10  # rooms one browser may open in an hour
HOUR = 3600.0

SCHEMA = (
    """CREATE TABLE IF NOT EXISTS rooms (
        code TEXT PRIMARY KEY, deal TEXT NOT NULL, seats INTEGER NOT NULL,
        students INTEGER NOT NULL, opened DOUBLE PRECISION NOT NULL, result TEXT,
        touched DOUBLE PRECISION NOT NULL DEFAULT 0, opener TEXT NOT NULL DEFAULT '')""",
    """CREATE TABLE IF NOT EXISTS seats (
        room TEXT NOT NULL REFERENCES rooms(code), seat INTEGER NOT NULL,
        student TEXT NOT NULL, owner TEXT, PRIMARY KEY (room, seat))""",
    """CREATE TABLE IF NOT EXISTS actions (
        room TEXT NOT NULL REFERENCES rooms(code), step INTEGER NOT NULL,
        action TEXT NOT NULL, at DOUBLE PRECISION NOT NULL, PRIMARY KEY (room, step))""",
    "CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)",
)
# One seat a browser in each room, even if it sends two claims at once.
INDEXES = ("CREATE UNIQUE INDEX IF NOT EXISTS seat_owners ON seats (room, owner)",)
# Version 1 kept a deal code a student could read, and seats by name alone. Its rooms
# keep their moves; their seats have no owner, so a teacher frees them from the board.
# (Its times were REAL, which PostgreSQL keeps to 7 digits: minutes, not seconds.)
TO_VERSION_2 = (
    "ALTER TABLE rooms ADD COLUMN touched DOUBLE PRECISION NOT NULL DEFAULT 0",
    "ALTER TABLE rooms ADD COLUMN opener TEXT NOT NULL DEFAULT ''",
    "ALTER TABLE seats ADD COLUMN owner TEXT",
)
TO_VERSION_2_POSTGRESQL = (
    "ALTER TABLE rooms ALTER COLUMN opened TYPE DOUBLE PRECISION",
    "ALTER TABLE actions ALTER COLUMN at TYPE DOUBLE PRECISION",
)


@dataclass(frozen=True)
class RoomRecord:
    """What a screen may know of a room: everything but its deal's seed."""

    code: str
    variant: str
    rules: Any
    seats: int
    students: int
    opened: float
    result: str | None  # None while the game goes on
    held: tuple[tuple[int, str], ...]  # (seat, student) for the seats students hold
    steps: int

    @property
    def rulings_code(self) -> str:
        """The room's variant and rulings, as the class board groups rooms: a deal code
        whose seed is left out ("GT-B2"), so it deals nothing."""
        with_seed = deal_code(self.variant, self.rules, 0)
        prefix, _, changes = with_seed.partition("-0")
        return prefix + changes


class RoomStore:
    """Rooms in one database, SQLite or PostgreSQL; every method is one short transaction."""

    def __init__(self, url: str, connections: ThreadConnections | PooledConnections,
                 placeholder: str, unique_error: type[Exception]) -> None:
        self.url = url
        # Kept, not made for every call: every screen asks twice a second (connections.py).
        self._connections = connections
        self._mark = placeholder
        self._unique_error = unique_error
        self.clock = time.time  # when rooms are opened and touched (a test may move it on)
        self._upgrade()

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
        raise BadInput(_("{address} is not a room database address").format(
                           address=quoted(url)),
                       allowed=_("{sqlite} or {postgresql}").format(
                           sqlite="sqlite:///path/to/rooms.sqlite3",
                           postgresql="postgresql://user@host/db"))

    @classmethod
    def _sqlite(cls, url: str) -> RoomStore:
        path = url.removeprefix("sqlite://")
        if path == ":memory:":
            memory = ThreadConnections(
                lambda: sqlite3.connect(":memory:", isolation_level=None), shared=True)
            return cls(url, memory, "?", sqlite3.IntegrityError)
        Path(path).parent.mkdir(parents=True, exist_ok=True)

        def connect() -> sqlite3.Connection:
            # Many kernels write one file: wait for each other's locks rather than fail.
            db = sqlite3.connect(path, timeout=10, isolation_level=None)
            db.execute("PRAGMA journal_mode=WAL")
            return db

        return cls(url, ThreadConnections(connect), "?", sqlite3.IntegrityError)

    @classmethod
    def _postgresql(cls, url: str) -> RoomStore:
        try:
            import psycopg
            import psycopg_pool  # noqa: F401  (connections.py keeps one pool a process)
        except ImportError:
            raise BadInput(_("a PostgreSQL room database needs the psycopg and "
                             "psycopg_pool packages"),
                           allowed=_("{command}, or a sqlite:/// address").format(
                               command="pip install 'wartutor[class]'")) from None
        return cls(url, PooledConnections(url), "%s", psycopg.errors.UniqueViolation)

    def close(self) -> None:
        """Let the database go: SQLite, this thread's connection; PostgreSQL, this
        process's pool (a later call connects again)."""
        self._connections.close()

    @contextmanager
    def _transaction(self) -> Iterator[Any]:
        with self._connections.begun() as cursor:

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

    def _upgrade(self) -> None:
        """Make the schema, or bring a database of an older version up to this one."""
        with self._transaction() as run:
            had_rooms = self._has_table(run, "rooms")
            for statement in SCHEMA:
                run(statement)
            version = run("SELECT MAX(version) FROM schema_version")[0][0]
            if version is None:
                version = 1 if had_rooms and not self._has_column(run, "rooms", "touched") \
                    else SCHEMA_VERSION
                if version == 1:
                    postgresql = () if self._mark == "?" else TO_VERSION_2_POSTGRESQL
                    for statement in (*TO_VERSION_2, *postgresql):
                        run(statement)
                    run("UPDATE rooms SET touched = opened")
                run("INSERT INTO schema_version (version) VALUES (?)", (SCHEMA_VERSION,))
            elif version > SCHEMA_VERSION:
                raise BadInput(_("the room database is of version {version}, newer than "
                                 "this wartutor knows ({known})").format(
                                   version=version, known=SCHEMA_VERSION),
                               allowed=_("a newer wartutor, or another room database"))
            for statement in INDEXES:
                run(statement)

    def _has_table(self, run: Any, table: str) -> bool:
        if self._mark == "?":
            return bool(run("SELECT name FROM sqlite_master WHERE type = 'table' AND "
                            "name = ?", (table,)))
        return bool(run("SELECT table_name FROM information_schema.tables WHERE "
                        "table_name = ?", (table,)))

    def _has_column(self, run: Any, table: str, column: str) -> bool:
        if self._mark == "?":
            return any(row[1] == column for row in run(f"PRAGMA table_info({table})"))
        return bool(run("SELECT column_name FROM information_schema.columns WHERE "
                        "table_name = ? AND column_name = ?", (table, column)))

    # Rooms

    def open_room(self, variant: str, rules: Any, *, seats: int, students: int,
                  opener: str, seed: int | None = None) -> str:
        """A new room of ``variant`` under ``rules``, dealt from a random seed that stays in
        the database, with ``seats`` players of whom ``students`` are students (the others
        are computers); its code, to read out. ``opener`` is the key id of the browser that
        opens it: one browser may open :data:`OPENINGS_PER_HOUR` rooms an hour.

        ``seed`` deals a chosen deal instead, for tests and lessons set up in Python; the
        lobby never passes one, so no page can choose or learn a room's deal."""
        if seed is None:
            seed = secrets.randbelow(MAX_SEED + 1)
        deal = deal_code(find_variant(variant).name, rules, seed)
        if not 1 <= students <= seats:
            raise BadInput(_("{students} students cannot sit at {seats} seats").format(
                               students=students, seats=seats),
                           allowed=_("from 1 to {seats} students").format(seats=seats))
        now = self.clock()
        self.clear_idle(now)
        with self._transaction() as run:
            lately = run("SELECT COUNT(*) FROM rooms WHERE opener = ? AND opened > ?",
                         (opener, now - HOUR))[0][0]
        if lately >= OPENINGS_PER_HOUR:
            raise BadInput(_("this browser has opened {count} rooms in the last hour").format(
                               count=lately),
                           allowed=_("joining one of them, or opening another in an hour"))
        for _attempt in range(20):
            code = "".join(secrets.choice(CODE_LETTERS) for _letter in range(CODE_LENGTH))
            try:
                with self._transaction() as run:
                    run("INSERT INTO rooms (code, deal, seats, students, opened, touched, "
                        "opener) VALUES (?, ?, ?, ?, ?, ?, ?)",
                        (code, deal, seats, students, now, now, opener))
                return code
            except self._unique_error:
                continue  # that code is taken: draw another
        raise BadInput(_("no free room code was found"), allowed=_("try again"))

    def room(self, code: str) -> RoomRecord:
        """The room with this code, or a clear refusal."""
        code = normal_code(code)
        with self._transaction() as run:
            rows = run("SELECT code, deal, seats, students, opened, result FROM rooms "
                       "WHERE code = ?", (code,))
            if not rows:
                raise BadInput(_("there is no room {code}").format(code=quoted(code)),
                               allowed=_("the four-letter code of a room opened on this "
                                         "server"))
            held = run("SELECT seat, student FROM seats WHERE room = ? ORDER BY seat", (code,))
            steps = run("SELECT COUNT(*) FROM actions WHERE room = ?", (code,))[0][0]
        c, deal, seats, students, opened, result = rows[0]
        dealt = read_deal_code(deal)
        return RoomRecord(c, dealt.variant, dealt.rules(), seats, students, opened, result,
                          tuple((s, n) for s, n in held), int(steps))

    def secret_deal(self, code: str) -> str:
        """The room's deal code, seed and all: for the referee, and for the class board and
        the take-home files once the game is over. Never shown while it is played."""
        with self._transaction() as run:
            rows = run("SELECT deal FROM rooms WHERE code = ?", (normal_code(code),))
        if not rows:
            raise BadInput(_("there is no room {code}").format(code=quoted(normal_code(code))),
                           allowed=_("the four-letter code of a room opened on this server"))
        return str(rows[0][0])

    def rooms(self) -> list[RoomRecord]:
        """Every room, the newest first (for the class board)."""
        self.clear_idle(self.clock())
        with self._transaction() as run:
            codes = [c for (c,) in run("SELECT code FROM rooms ORDER BY opened DESC")]
        return [self.room(c) for c in codes]

    def clear_idle(self, now: float) -> int:
        """Clear away the rooms nobody has touched for :data:`IDLE_DAYS`; how many."""
        before = now - IDLE_DAYS * 24 * HOUR
        with self._transaction() as run:
            idle = [c for (c,) in run("SELECT code FROM rooms WHERE touched < ?", (before,))]
            for code in idle:
                for table in ("actions", "seats"):
                    run(f"DELETE FROM {table} WHERE room = ?", (code,))
                run("DELETE FROM rooms WHERE code = ?", (code,))
        return len(idle)

    # Seats

    def claim(self, code: str, student: str, *, owner: str) -> int:
        """The seat of the browser ``owner`` (a key id) in the room: its own again if it
        holds one (a reload, a laptop that slept), else the first free student seat, under
        the name ``student``. A name a classmate sits under is refused."""
        room = self.room(code)
        mine = self.seat_of(room.code, owner)
        if mine is not None:
            return mine
        name = check_name(student)
        for _seat, who in room.held:
            if who.casefold() == name.casefold():
                raise BadInput(_("{name}'s seat is taken").format(name=who),
                               allowed=_("ask your teacher to free it, or type another name"))
        free = [s for s in range(room.students) if s not in dict(room.held)]
        if not free:
            raise BadInput(_("room {code} is full").format(code=room.code),
                           allowed=_("another room, or ask your teacher to free a seat"))
        try:
            with self._transaction() as run:
                run("INSERT INTO seats (room, seat, student, owner) VALUES (?, ?, ?, ?)",
                    (room.code, free[0], name, owner))
                self._touch(run, room.code)
        except self._unique_error:
            return self.claim(code, student, owner=owner)  # that seat was taken this instant
        return free[0]

    def seat_of(self, code: str, owner: str) -> int | None:
        """The seat the browser ``owner`` holds in the room, if any."""
        with self._transaction() as run:
            rows = run("SELECT seat FROM seats WHERE room = ? AND owner = ?",
                       (normal_code(code), owner))
        return int(rows[0][0]) if rows else None

    def rooms_of(self, owner: str) -> list[str]:
        """The codes of the unfinished rooms where the browser ``owner`` holds a seat, the
        most recently played first."""
        with self._transaction() as run:
            rows = run("SELECT rooms.code FROM seats JOIN rooms ON rooms.code = seats.room "
                       "WHERE seats.owner = ? AND rooms.result IS NULL "
                       "ORDER BY rooms.touched DESC", (owner,))
        return [c for (c,) in rows]

    def free_seat(self, code: str, seat: int) -> None:
        """The teacher frees a seat: the next student to join takes it, and the game goes
        on from where it is."""
        with self._transaction() as run:
            run("DELETE FROM seats WHERE room = ? AND seat = ?", (normal_code(code), seat))

    # The game in the room

    def actions(self, code: str, since: int = 0) -> tuple[str, ...]:
        """The room's actions from step ``since`` on, in order."""
        with self._transaction() as run:
            rows = run("SELECT action FROM actions WHERE room = ? AND step >= ? ORDER BY step",
                       (normal_code(code), since))
        return tuple(a for (a,) in rows)

    def append(self, code: str, step: int, actions: Sequence[str], *,
               result: str | None = None) -> None:
        """Record ``actions`` as the room's steps from ``step`` on (0 is the first move), all
        or none: if that step is taken, :class:`BadInput`, and nothing changes. Where these
        moves end the game, ``result`` says how, noted with them (for the class board): in
        English, the words' source (each screen shows its own words, made from the moves)."""
        code = normal_code(code)
        now = self.clock()
        try:
            with self._transaction() as run:
                for offset, action in enumerate(actions):
                    run("INSERT INTO actions (room, step, action, at) VALUES (?, ?, ?, ?)",
                        (code, step + offset, action, now))
                if result is not None:
                    run("UPDATE rooms SET result = ? WHERE code = ? AND result IS NULL",
                        (result, code))
                self._touch(run, code, now)
        except self._unique_error:
            raise BadInput(_("step {number} of this room has already been played (someone "
                             "was quicker)").format(number=step + 1),
                           allowed=_("the move of the step after it, once your screen shows "
                                     "it")) from None

    def _touch(self, run: Any, code: str, now: float | None = None) -> None:
        run("UPDATE rooms SET touched = ? WHERE code = ?", (now or self.clock(), code))


def normal_code(code: str) -> str:
    """A room code as typed, tidied: 'kx q7 ' -> 'KXQ7'."""
    if not isinstance(code, str):
        raise BadInput(_("{code} is not a room code").format(code=quoted(code)),
                       allowed=_("four letters"))
    return "".join(code.split()).upper()[:CODE_LENGTH * 4]


def default_path() -> Path:
    """The rooms' SQLite file in the user's data folder, beside the campaigns."""
    return data_folder() / "rooms.sqlite3"
