"""The class board: rooms open now, games finished, and the class beside a simulation."""

from __future__ import annotations

from pathlib import Path

import pytest

from wartutor.rooms import RoomStore
from wartutor.rooms.results import class_results
from wartutor.ui.board import ClassBoard
from wartutor.ui.room import join_room

# Classic War with a battle limit of five: a room's game ends after five presses.
SHORT = "CW-7-C=5"


@pytest.fixture
def store(tmp_path: Path) -> RoomStore:
    return RoomStore.at(f"sqlite://{tmp_path / 'rooms.sqlite3'}")


def play_to_the_end(store: RoomStore, deal: str, student: str) -> str:
    code = store.open_room(deal, seats=2, students=1)
    screen = join_room(store, code, student, pace="instant")
    while screen.game.outcome is None:
        screen.press("Turn cards")
    return code


def test_the_board_lists_open_and_finished_rooms_per_deal_code(store: RoomStore) -> None:
    play_to_the_end(store, SHORT, "Ada")
    play_to_the_end(store, SHORT, "Bo")
    waiting = store.open_room("GT-3", seats=2, students=2)
    store.claim(waiting, "Cy")
    board = ClassBoard(store, simulated=200, pictures=False)
    said = board.text()
    assert "1 room open now, 2 games finished" in said
    assert "GT-3: Guerrilla Tactics" in said and "Cy, a free seat playing: 1 skirmish" in said
    assert "Your 2 finished games of CW-7-C=5 against 200 simulated games" in said
    assert "95% interval" in said


def test_the_class_results_are_replayed_from_the_rooms(store: RoomStore) -> None:
    code = play_to_the_end(store, SHORT, "Ada")
    (deal,) = class_results(store)
    assert deal.deal == SHORT and [r.room.code for r in deal.finished] == [code]
    table = deal.table()
    assert len(table) == 1 and table.rows[0].length == 5


def test_the_board_draws_the_class_beside_the_simulation(store: RoomStore) -> None:
    play_to_the_end(store, SHORT, "Ada")
    board = ClassBoard(store, simulated=100)
    assert board.text().count("The class's games beside the simulated ones") == 0  # alt text
    html = "".join(getattr(w, "value", "") for w in board.children[3].children)
    assert html.count('src="data:image/png;base64,') == 2
