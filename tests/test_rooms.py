"""Rooms kept in a database: the same store tests against SQLite and a real PostgreSQL."""

from __future__ import annotations

import secrets
import sqlite3
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from postgres import start_postgres

from wartutor.core.errors import BadInput
from wartutor.rooms import RoomStore
from wartutor.rooms.connections import POOL_MOST
from wartutor.rooms.store import IDLE_DAYS, OPENINGS_PER_HOUR
from wartutor.variants.classic_war import ClassicRules
from wartutor.variants.guerrilla_tactics import GuerrillaRules

CLASSIC = ClassicRules()


@pytest.fixture(scope="module")
def postgres_url() -> Iterator[str]:
    server = start_postgres()
    yield server.url
    server.stop()


@pytest.fixture(params=["sqlite", "postgresql"])
def store(request: pytest.FixtureRequest, tmp_path: Path) -> RoomStore:
    if request.param == "sqlite":
        return RoomStore.at(f"sqlite://{tmp_path / 'rooms.sqlite3'}")
    return RoomStore.at(request.getfixturevalue("postgres_url"))


def open_classic(store: RoomStore, students: int = 2, opener: str | None = None) -> str:
    # PostgreSQL's rooms stay for the whole module: a browser of its own each time, so
    # that no test meets the hourly limit of another's openings.
    return store.open_room("classic_war", CLASSIC, seats=2, students=students,
                           opener=opener or secrets.token_hex(8))


def test_a_room_is_opened_for_a_game_and_found_by_its_code(store: RoomStore) -> None:
    code = store.open_room("guerrilla_tactics", GuerrillaRules(players=3), seats=3,
                           students=2, opener="teacher")
    assert len(code) == 4 and code.isalpha() and not set(code) & set("ILO")
    room = store.room(code.lower())
    assert (room.variant, room.rules, room.seats, room.students, room.steps, room.result) == (
        "guerrilla_tactics", GuerrillaRules(players=3), 3, 2, 0, None)


def test_a_rooms_record_carries_no_seed(store: RoomStore) -> None:
    code = open_classic(store)
    room = store.room(code)
    secret = store.secret_deal(code)
    seed = secret.split("-")[1]
    assert room.rulings_code == "CW"
    assert seed not in repr(room)


def test_each_room_is_shuffled_afresh(store: RoomStore) -> None:
    deals = {store.secret_deal(open_classic(store)) for _ in range(5)}
    assert len(deals) == 5


def test_a_seat_belongs_to_the_browser_that_took_it(store: RoomStore) -> None:
    code = open_classic(store)
    assert store.claim(code, "Maya", owner="maya's browser") == 0
    assert store.claim(code, "Bo", owner="bo's browser") == 1
    # A reload: the same browser sits down again, whatever it types.
    assert store.claim(code, "", owner="maya's browser") == 0


def test_typing_a_seated_classmates_name_does_not_take_their_seat(store: RoomStore) -> None:
    code = open_classic(store)
    store.claim(code, "Maya", owner="maya's browser")
    with pytest.raises(BadInput) as refused:
        store.claim(code, " maya ", owner="another browser")
    assert str(refused.value) == ("Maya's seat is taken. Allowed: ask your teacher to free "
                                  "it, or type another name.")
    assert store.seat_of(code, "another browser") is None


def test_a_full_room_names_nobody(store: RoomStore) -> None:
    code = open_classic(store)
    store.claim(code, "Ada", owner="a")
    store.claim(code, "Bo", owner="b")
    with pytest.raises(BadInput) as refused:
        store.claim(code, "Cy", owner="c")
    assert "is full" in str(refused.value)
    assert "Ada" not in str(refused.value) and "Bo" not in str(refused.value)


def test_the_teacher_frees_a_seat_and_the_next_student_takes_it(store: RoomStore) -> None:
    code = open_classic(store)
    store.claim(code, "Maya", owner="lost laptop")
    store.claim(code, "Bo", owner="b")
    store.free_seat(code, 0)
    assert store.claim(code, "Maya", owner="new laptop") == 0
    assert store.seat_of(code, "lost laptop") is None


def test_a_name_with_markup_cannot_take_a_seat(store: RoomStore) -> None:
    code = open_classic(store)
    with pytest.raises(BadInput):
        store.claim(code, "<img src=x onerror=alert(1)>", owner="m")
    assert store.room(code).held == ()


def test_a_browser_finds_the_rooms_it_sits_in(store: RoomStore) -> None:
    first, second = open_classic(store), open_classic(store)
    browser = secrets.token_hex(8)
    store.claim(first, "Ada", owner=browser)
    store.claim(second, "Ada", owner=browser)
    store.clock = lambda: time.time() + 1
    store.append(first, 0, ("turn",))  # the room played last comes first
    assert store.rooms_of(browser) == [first, second]
    store.append(first, 1, ("turn",), result="over")
    assert store.rooms_of(browser) == [second]


def test_two_moves_for_one_step_exactly_one_is_taken(store: RoomStore) -> None:
    code = open_classic(store)
    refused: list[str] = []

    def move(action: str) -> None:
        try:
            store.append(code, 0, (action,))
        except BadInput as e:
            refused.append(str(e))

    threads = [threading.Thread(target=move, args=(a,)) for a in ("turn", "turn", "turn")]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert store.actions(code) == ("turn",)
    assert len(refused) == 2 and all("already been played" in r for r in refused)
    store.append(code, 1, ("turn",))  # the next step is free, and nothing was lost
    assert store.actions(code) == ("turn", "turn") and store.actions(code, since=1) == ("turn",)


def test_moves_are_stored_all_or_none(store: RoomStore) -> None:
    code = open_classic(store)
    store.append(code, 0, ("turn",))
    with pytest.raises(BadInput):
        store.append(code, 0, ("turn", "turn", "turn"))
    assert store.actions(code) == ("turn",)


def test_a_room_survives_its_store_being_opened_again(store: RoomStore) -> None:
    code = open_classic(store, students=1)
    store.append(code, 0, ("turn",))
    again = RoomStore.at(store.url)
    assert again.actions(code) == ("turn",)


def test_the_board_lists_rooms_newest_first_with_their_results(store: RoomStore) -> None:
    first = open_classic(store)
    second = open_classic(store)
    store.append(first, 0, ("turn",), result="Ada won")
    store.append(first, 1, ("turn",), result="a second note is ignored")
    codes = [r.code for r in store.rooms()]
    assert codes.index(second) < codes.index(first)
    assert store.room(first).result == "Ada won"


def test_rooms_nobody_touched_for_a_day_are_cleared_away(store: RoomStore) -> None:
    idle, busy = open_classic(store), open_classic(store)
    store.claim(idle, "Ada", owner=secrets.token_hex(8))
    store.append(busy, 0, ("turn",))
    a_day = IDLE_DAYS * 24 * 3600
    store.clock = lambda: time.time() + a_day - 60  # the next day, a minute early
    store.append(busy, 1, ("turn",))  # somebody plays on in one room
    assert idle in [r.code for r in store.rooms()]
    store.clock = lambda: time.time() + a_day + 60
    codes = [r.code for r in store.rooms()]
    assert busy in codes and idle not in codes
    with pytest.raises(BadInput, match="there is no room"):
        store.room(idle)


def test_one_browser_cannot_open_room_after_room(store: RoomStore) -> None:
    for _ in range(OPENINGS_PER_HOUR):
        open_classic(store, opener="busy browser")
    with pytest.raises(BadInput, match=f"opened {OPENINGS_PER_HOUR} rooms in the last hour"):
        open_classic(store, opener="busy browser")
    open_classic(store, opener="another browser")  # the others are not held up


@pytest.mark.parametrize(("call", "message"), [
    (lambda s: s.room("ZZZZ"), "there is no room 'ZZZZ'"),
    (lambda s: s.room("Z" * 2000), "there is no room 'ZZZZZZZZZZZZZZZZ'"),
    (lambda s: s.open_room("nonsense", CLASSIC, seats=2, students=2, opener="t"), "nonsense"),
    (lambda s: s.open_room("classic_war", CLASSIC, seats=2, students=3, opener="t"),
     "3 students cannot sit at 2 seats"),
    (lambda s: s.claim(open_classic(s), "   ", owner="x"), "empty"),
])
def test_bad_requests_are_refused_clearly(store: RoomStore, call: object, message: str) -> None:
    with pytest.raises(BadInput, match=message):
        call(store)  # type: ignore[operator]


def test_an_address_that_is_no_database_is_refused() -> None:
    with pytest.raises(BadInput, match="not a room database address"):
        RoomStore.at("mysql://somewhere")


def test_a_room_file_of_the_first_version_is_brought_up_to_date(tmp_path: Path) -> None:
    path = tmp_path / "rooms.sqlite3"
    old = sqlite3.connect(path)
    old.executescript("""
        CREATE TABLE rooms (code TEXT PRIMARY KEY, deal TEXT NOT NULL, seats INTEGER NOT NULL,
            students INTEGER NOT NULL, opened REAL NOT NULL, result TEXT);
        CREATE TABLE seats (room TEXT NOT NULL REFERENCES rooms(code), seat INTEGER NOT NULL,
            student TEXT NOT NULL, PRIMARY KEY (room, seat), UNIQUE (room, student));
        CREATE TABLE actions (room TEXT NOT NULL REFERENCES rooms(code), step INTEGER NOT NULL,
            action TEXT NOT NULL, at REAL NOT NULL, PRIMARY KEY (room, step));
    """)
    old.execute("INSERT INTO rooms VALUES ('KXQB', 'CW-7', 2, 2, ?, NULL)", (time.time(),))
    old.execute("INSERT INTO seats VALUES ('KXQB', 0, 'Ada')")
    old.execute("INSERT INTO actions VALUES ('KXQB', 0, 'turn', 0)")
    old.commit()
    old.close()
    store = RoomStore.at(f"sqlite://{path}")
    assert store.actions("KXQB") == ("turn",)
    assert store.room("KXQB").held == ((0, "Ada"),)
    # Its seats were taken by name alone: no browser holds them until the teacher frees one.
    with pytest.raises(BadInput, match="Ada's seat is taken"):
        store.claim("KXQB", "Ada", owner="anyone")
    RoomStore.at(f"sqlite://{path}")  # opened again, nothing to do


def test_a_servers_screens_share_a_few_connections_however_often_they_ask(
    postgres_url: str,
) -> None:
    # A page's lobby and its board, each asked from three threads at once.
    stores = [RoomStore.at(postgres_url), RoomStore.at(postgres_url)]
    code = open_classic(stores[0])
    backends: set[int] = set()

    def screen(store: RoomStore) -> None:
        for _ in range(50):
            store.actions(code)
            with store._transaction() as run:
                backends.add(int(run("SELECT pg_backend_pid()")[0][0]))

    threads = [threading.Thread(target=screen, args=(s,)) for s in stores * 3]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert 1 <= len(backends) <= POOL_MOST  # 600 calls, from six threads, on a few


def test_a_database_nobody_serves_is_said_at_once(tmp_path: Path) -> None:
    import psycopg
    from psycopg_pool import PoolTimeout

    with pytest.raises(psycopg.OperationalError) as refused:
        RoomStore.at(f"postgresql://postgres@/wartutor?host={tmp_path}&port=5433")
    assert not isinstance(refused.value, PoolTimeout)  # psycopg's reason, not a wait
    assert str(tmp_path) in str(refused.value)


def test_a_closed_store_connects_again_when_asked(store: RoomStore) -> None:
    code = open_classic(store)
    store.close()
    assert store.room(code).code == code


def test_a_store_whose_connection_was_dropped_connects_again(postgres_url: str) -> None:
    import psycopg

    store = RoomStore.at(postgres_url)
    code = open_classic(store)
    with psycopg.connect(postgres_url, autocommit=True) as other:
        other.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE "
                      "datname = current_database() AND pid <> pg_backend_pid()")
    assert store.room(code).code == code  # as a database restart would leave it
