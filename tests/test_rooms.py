"""Rooms kept in a database: the same store tests against SQLite and a real PostgreSQL."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from postgres import start_postgres

from wartutor.core.errors import BadInput
from wartutor.rooms import RoomStore


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


def test_a_room_is_opened_from_a_deal_code_and_found_by_its_code(store: RoomStore) -> None:
    code = store.open_room("gt-4821", seats=3, students=2)
    assert len(code) == 4 and code.isalpha() and not set(code) & set("ILO")
    room = store.room(code.lower())
    assert (room.deal, room.seats, room.students, room.steps, room.result) == (
        "GT-4821", 3, 2, 0, None)


def test_students_take_the_free_seats_and_a_reload_rejoins_the_same_one(
    store: RoomStore,
) -> None:
    code = store.open_room("CW-7", seats=2, students=2)
    assert store.claim(code, "Ada") == 0
    assert store.claim(code, "Bo") == 1
    assert store.claim(code, " ada ") == 0  # the same student, typed again after a reload
    with pytest.raises(BadInput, match="is full"):
        store.claim(code, "Cy")


def test_two_moves_for_one_step_exactly_one_is_taken(store: RoomStore) -> None:
    code = store.open_room("CW-7", seats=2, students=2)
    refused: list[str] = []

    def move(action: str) -> None:
        try:
            store.append(code, 0, action)
        except BadInput as e:
            refused.append(str(e))

    threads = [threading.Thread(target=move, args=(a,)) for a in ("turn", "turn", "turn")]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert store.actions(code) == ("turn",)
    assert len(refused) == 2 and all("already been played" in r for r in refused)
    store.append(code, 1, "turn")  # the next step is free, and nothing was lost
    assert store.actions(code) == ("turn", "turn") and store.actions(code, since=1) == ("turn",)


def test_a_room_survives_its_store_being_opened_again(store: RoomStore) -> None:
    code = store.open_room("CW-7", seats=2, students=1)
    store.append(code, 0, "turn")
    again = RoomStore.at(store_url(store))
    assert again.actions(code) == ("turn",)


def test_the_board_lists_rooms_newest_first_with_their_results(store: RoomStore) -> None:
    first = store.open_room("CW-1", seats=2, students=2)
    second = store.open_room("CW-2", seats=2, students=2)
    store.finish(first, "Ada won")
    store.finish(first, "a second note is ignored")
    codes = [r.code for r in store.rooms()]
    assert codes.index(second) < codes.index(first)
    assert store.room(first).result == "Ada won"


@pytest.mark.parametrize(("call", "message"), [
    (lambda s: s.room("ZZZZ"), "there is no room 'ZZZZ'"),
    (lambda s: s.open_room("XX-1", seats=2, students=2), "code"),
    (lambda s: s.open_room("CW-1", seats=2, students=3), "3 students cannot sit at 2 seats"),
    (lambda s: s.claim(s.open_room("CW-1", seats=2, students=2), "   "), "name box is empty"),
])
def test_bad_requests_are_refused_clearly(store: RoomStore, call: object, message: str) -> None:
    with pytest.raises(BadInput, match=message):
        call(store)  # type: ignore[operator]


def test_an_address_that_is_no_database_is_refused() -> None:
    with pytest.raises(BadInput, match="not a room database address"):
        RoomStore.at("mysql://somewhere")


def store_url(store: RoomStore) -> str:
    return store.url
