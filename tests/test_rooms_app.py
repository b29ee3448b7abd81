"""Rooms in the app: two screens, one game (the browsers' part is in tests/browser)."""

from __future__ import annotations

from pathlib import Path

import pytest

from wartutor.core.errors import BadInput
from wartutor.rooms import RoomStore
from wartutor.ui.room import RoomGame, RoomLobby, join_room

# War Room, two players, three rounds: both players declare every round.
SHORT_DEAL = "WR-7-H=3"


@pytest.fixture
def store(tmp_path: Path) -> RoomStore:
    return RoomStore.at(f"sqlite://{tmp_path / 'rooms.sqlite3'}")


def first_choice(labels: list[str]) -> str:
    return next(label for label in labels if label in ("Activate", "Decline", "Skip it",
                                                       "Use it") or label.startswith("Hit "))


def mover(*screens: RoomGame) -> RoomGame:
    """The screen whose student must choose now."""
    for screen in screens:
        screen.refresh()
    decision = screens[0].game.decision
    assert decision is not None
    return next(s for s in screens if s.cursor >= 0 and s.seat == decision.player)


def test_each_screen_shows_its_own_seat_and_sees_the_others_move(store: RoomStore) -> None:
    code = store.open_room(SHORT_DEAL, seats=2, students=2)
    ada = join_room(store, code, "Ada", pace="instant")
    bo = join_room(store, code, "Bo", pace="instant")
    assert (ada.game.seed, ada.game.rules) == (bo.game.seed, bo.game.rules)
    first = mover(ada, bo)
    other = bo if first is ada else ada
    first.press(first_choice(first.labels()))
    other.refresh()
    assert other.game.actions == first.game.actions
    # Declarations stay hidden until both have declared.
    assert not {"Activates", "Declines"} & set(other.table_text().split())
    assert other.labels()[:2] == ["Activate", "Decline"]


def test_a_room_is_played_to_its_end_from_two_screens(store: RoomStore) -> None:
    code = store.open_room(SHORT_DEAL, seats=2, students=2)
    screens = [join_room(store, code, name, pace="instant") for name in ("Ada", "Bo")]
    for _ in range(40):
        if screens[0].game.outcome is not None:
            break
        screen = mover(*screens)
        screen.press(first_choice(screen.labels()))
    for screen in screens:
        screen.refresh()
    assert screens[0].game.outcome is not None
    assert screens[0].game.actions == screens[1].game.actions
    assert store.room(code).result is not None  # the class board learns how it ended


def test_two_moves_for_one_step_one_is_taken_and_the_other_screen_is_told(
    store: RoomStore,
) -> None:
    code = store.open_room(SHORT_DEAL, seats=2, students=2)
    ada = join_room(store, code, "Ada", pace="instant")
    bo = join_room(store, code, "Bo", pace="instant")
    first = mover(ada, bo)
    again = join_room(store, code, "Ada" if first is ada else "Bo", pace="instant")  # a 2nd tab
    first.press(first_choice(first.labels()))
    again.press(first_choice(again.labels()))
    assert "another move came first" in again.message_text().lower()
    assert again.game.actions == first.game.actions == store.actions(code)
    assert len(store.actions(code)) == 1


def test_a_reload_and_a_server_restart_rejoin_the_same_seat_at_the_same_step(
    store: RoomStore, tmp_path: Path
) -> None:
    code = store.open_room(SHORT_DEAL, seats=2, students=2)
    ada = join_room(store, code, "Ada", pace="instant")
    bo = join_room(store, code, "Bo", pace="instant")
    first = mover(ada, bo)
    first.press(first_choice(first.labels()))
    ada.refresh()
    restarted = RoomStore.at(store.url)  # a new server process opens the same database
    again = join_room(restarted, code, "Ada", pace="instant")
    assert again.seat == ada.seat and again.game.actions == ada.game.actions
    assert again.table_html() == ada.table_html()


def test_an_illegal_move_in_a_room_changes_nothing(store: RoomStore) -> None:
    code = store.open_room(SHORT_DEAL, seats=2, students=2)
    ada = join_room(store, code, "Ada", pace="instant")
    bo = join_room(store, code, "Bo", pace="instant")
    first = mover(ada, bo)
    other = bo if first is ada else ada
    other.choose("activate")  # not this screen's turn
    first.choose("target Ben")  # not a legal choice now
    assert "not your turn" in other.message_text()
    assert first.message_text()
    assert store.actions(code) == ()


def test_the_lobby_opens_a_room_and_says_its_code(store: RoomStore) -> None:
    lobby = RoomLobby(store, pace="instant")
    lobby.name_box.value = "Ada"
    lobby.deal_box.value = "gt-7"
    lobby.press("Open a room")
    assert lobby.game is not None
    code = lobby.game.room_code
    assert store.room(code).held == ((0, "Ada"),)
    other = RoomLobby(store, pace="instant")
    other.name_box.value = "Bo"
    other.room_box.value = code.lower()
    other.press("Join the room")
    assert other.game is not None and store.room(code).held == ((0, "Ada"), (1, "Bo"))


def test_the_lobby_says_what_was_wrong(store: RoomStore) -> None:
    lobby = RoomLobby(store, pace="instant")
    lobby.room_box.value = "QQQQ"
    lobby.name_box.value = "Ada"
    lobby.press("Join the room")
    assert "There is no room 'QQQQ'" in lobby.message_text()
    with pytest.raises(BadInput):
        lobby.press("Nope")


def test_a_move_the_store_refuses_shows_the_move_that_came_first_and_says_so(
    store: RoomStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    code = store.open_room(SHORT_DEAL, seats=2, students=2)
    ada = join_room(store, code, "Ada", pace="instant")
    bo = join_room(store, code, "Bo", pace="instant")
    first = mover(ada, bo)
    # A second tab with its own connection, whose look at the store comes a moment
    # before the first tab's move reaches it.
    late_store = RoomStore.at(store.url)
    again = join_room(late_store, code, "Ada" if first is ada else "Bo", pace="instant")
    seen = late_store.actions
    stale: list[tuple[str, ...]] = [()]  # what its first look finds

    def actions(code: str, since: int = 0) -> tuple[str, ...]:
        return stale.pop() if stale else seen(code, since)

    monkeypatch.setattr(late_store, "actions", actions)
    first.press(first_choice(first.labels()))
    again.press(first_choice(again.labels()))
    assert "another move came first" in again.message_text().lower()
    assert again.game.actions == store.actions(code) and len(store.actions(code)) == 1
    again.refresh()  # the next look at the store keeps the message on screen
    assert "another move came first" in again.message_text().lower()


def test_a_screen_waiting_for_a_classmate_names_them_once_they_sit_down(
    store: RoomStore,
) -> None:
    code = store.open_room(SHORT_DEAL, seats=2, students=2)
    ada = join_room(store, code, "Ada", pace="instant")
    while ada.game.decision is not None and ada.game.decision.player == ada.seat:
        ada.press(first_choice(ada.labels()))
    assert "Waiting for a classmate to join at seat 2" in ada.reasons_text()
    join_room(store, code, "Bo", pace="instant")
    ada.refresh()
    assert "Waiting for Bo to move" in ada.reasons_text()


def test_in_a_room_the_coach_advises_the_student_at_the_screen_but_the_computers_stay(
        store: RoomStore) -> None:
    code = store.open_room(SHORT_DEAL, seats=2, students=2)
    ada = join_room(store, code, "Ada", pace="instant")
    bo = join_room(store, code, "Bo", pace="instant")
    first = mover(ada, bo)
    before = store.actions(code)
    assert first.coach().startswith("Coach: chance to win from here")
    assert first.opponent.layout.display == "none"  # how the computers play is the room's
    assert store.actions(code) == before  # asking the coach moved nothing
