"""The class board: rooms open now, games finished, and the class beside a simulation."""

from __future__ import annotations

from pathlib import Path

import pytest

from wartutor.rooms import Referee, RoomStore
from wartutor.rooms.results import class_results
from wartutor.ui.board import ClassBoard
from wartutor.ui.identity import new_key
from wartutor.ui.room import join_room
from wartutor.variants.classic_war import ClassicRules
from wartutor.variants.guerrilla_tactics import GuerrillaRules

# Classic War with a battle limit of five: a room's game ends after five presses.
SHORT = ClassicRules(battle_limit=5)


@pytest.fixture
def store(tmp_path: Path) -> RoomStore:
    return RoomStore.at(f"sqlite://{tmp_path / 'rooms.sqlite3'}")


def play_to_the_end(store: RoomStore, rules: ClassicRules, student: str) -> str:
    code = store.open_room("classic_war", rules, seats=2, students=1, opener="teacher")
    screen = join_room(store, code, student, key=new_key(), pace="instant")
    while screen.game.outcome is None:
        screen.press("Turn cards")
    return code


def test_the_board_lists_open_and_finished_rooms_per_game_and_rulings(
    store: RoomStore,
) -> None:
    first = play_to_the_end(store, SHORT, "Ada")
    play_to_the_end(store, SHORT, "Bo")
    waiting = store.open_room("guerrilla_tactics", GuerrillaRules(players=2), seats=2,
                              students=2, opener="teacher")
    Referee(store).start(waiting)
    store.claim(waiting, "Cy", owner="c")
    board = ClassBoard(store, simulated=200, pictures=False)
    said = board.text()
    assert "1 room open now, 2 games finished" in said
    assert "GT: Guerrilla Tactics" in said and "Cy, a free seat playing: 1 skirmish" in said
    assert ("Your 2 finished games of Classic War (CW-C=5) against 200 simulated games"
            in said)
    assert "95% interval" in said
    # A finished room's deal is no secret any more; an open one's is never shown.
    assert store.secret_deal(first) in said and store.secret_deal(waiting) not in said


def test_the_teacher_frees_a_seat_from_the_board(store: RoomStore) -> None:
    code = store.open_room("classic_war", SHORT, seats=2, students=2, opener="teacher")
    store.claim(code, "Maya", owner="lost laptop")
    board = ClassBoard(store, simulated=50, pictures=False)
    assert [label for label, _ in board.held_seats.options] == [
        "choose a seat", f"Room {code}, seat 1: Maya"]
    board.press("Free this seat")  # nothing chosen: nothing freed
    assert store.room(code).held == ((0, "Maya"),)
    assert "Choose a seat to free first" in board.text()
    board.held_seats.value = (code, 0)
    board.press("Free this seat")
    assert store.room(code).held == ()
    assert [label for label, _ in board.held_seats.options] == ["no seat is held"]
    assert store.claim(code, "Maya", owner="her new laptop") == 0


def test_the_class_results_are_replayed_from_the_rooms(store: RoomStore) -> None:
    code = play_to_the_end(store, SHORT, "Ada")
    (deal,) = class_results(store)
    assert deal.deal == "CW-C=5" and [r.room.code for r in deal.finished] == [code]
    table = deal.table()
    assert len(table) == 1 and table.rows[0].length == 5


def test_the_board_draws_the_class_beside_the_simulation(store: RoomStore) -> None:
    play_to_the_end(store, SHORT, "Ada")
    board = ClassBoard(store, simulated=100)
    assert board.text().count("The class's games beside the simulated ones") == 0  # alt text
    html = "".join(getattr(w, "value", "") for w in board.children[-1].children)
    assert html.count('src="data:image/png;base64,') == 2
