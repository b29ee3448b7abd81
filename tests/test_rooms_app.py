"""Rooms in the app: screens at one game, and what a curious student might try against it
(the browsers' part is in tests/browser/test_rooms_browser.py)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import suppress
from pathlib import Path
from typing import Any

import ipywidgets as widgets
import pytest
from ipywidgets.widgets.widget import _instances

from wartutor.core.dealcode import read_deal_code
from wartutor.core.errors import BadInput
from wartutor.language import language, speaking_language
from wartutor.rooms import Referee, RoomStore
from wartutor.ui.guerrilla_tactics import guerrilla_tactics_app
from wartutor.ui.identity import key_id, new_key
from wartutor.ui.room import RoomGame, RoomLobby, join_room
from wartutor.ui.trade_war import trade_war_app
from wartutor.variants import find_variant
from wartutor.variants.classic_war import ClassicRules

# War Room, two players, three rounds: both players declare every round.
SHORT_DEAL = "WR-7-H=3"
# The controls a room does not have, by the words on them.
NOT_IN_A_ROOM = ("Undo", "Redo", "New round", "Play 10", "Play to the end",
                 "Show everything (teacher)",
                 "Join deal", "Seed", "Step", "Computers", "Coach", "Make the files",
                 "Open the game")


@pytest.fixture
def store(tmp_path: Path) -> RoomStore:
    return RoomStore.at(f"sqlite://{tmp_path / 'rooms.sqlite3'}")


def open_deal(store: RoomStore, deal: str, students: int = 2) -> str:
    """A room dealt as ``deal`` says (a test may choose its deal; the lobby never can)."""
    code = read_deal_code(deal)
    rules = code.rules()
    seats = len(find_variant(code.variant).player_names(rules))
    room = store.open_room(code.variant, rules, seats=seats, students=students,
                           opener="teacher", seed=code.seed)
    Referee(store).start(room)
    return room


def first_choice(labels: list[str]) -> str:
    return next(label for label in labels if label in ("Activate", "Decline", "Skip it",
                                                       "Use it", "Turn cards")
                or "\u2192" in label)  # a target: what it does to that card


def mover(*screens: RoomGame) -> RoomGame:
    """The screen whose student must choose now."""
    for screen in screens:
        screen.refresh()
    decision = screens[0].game.decision
    assert decision is not None
    return next(s for s in screens if s.seat == decision.player)


def two_screens(store: RoomStore, deal: str = SHORT_DEAL) -> tuple[str, RoomGame, RoomGame]:
    code = open_deal(store, deal)
    return (code, join_room(store, code, "Ada", key=new_key(), pace="instant"),
            join_room(store, code, "Bo", key=new_key(), pace="instant"))


def all_widgets(root: widgets.Widget) -> Iterator[widgets.Widget]:
    yield root
    for child in getattr(root, "children", ()):
        yield from all_widgets(child)


def everything_shown(root: widgets.Widget) -> str:
    """Every word and attribute the screen's widgets hold, as the page could read them."""
    said = []
    for w in all_widgets(root):
        for trait in ("value", "description", "tooltip", "placeholder"):
            value = getattr(w, trait, None)
            if isinstance(value, str):
                said.append(value)
    return "\n".join(said)


def test_each_screen_shows_its_own_seat_and_sees_the_others_move(store: RoomStore) -> None:
    _, ada, bo = two_screens(store)
    first = mover(ada, bo)
    other = bo if first is ada else ada
    first.press(first_choice(first.labels()))
    other.refresh()
    assert other.game.actions == first.game.actions
    # Declarations stay hidden until both have declared.
    assert not {"Activates", "Declines"} & set(other.table_text().split())
    assert other.labels()[:2] == ["Activate", "Decline"]


def test_a_room_is_played_to_its_end_from_two_screens(store: RoomStore) -> None:
    code, *screens = two_screens(store)
    for _ in range(40):
        if screens[0].game.outcome is not None:
            break
        screen = mover(*screens)
        screen.press(first_choice(screen.labels()))
    # The class board learns how it ended with the last move, before any screen looks again.
    assert store.room(code).result is not None
    for screen in screens:
        screen.refresh()
    assert screens[0].game.outcome is not None
    assert screens[0].game.actions == screens[1].game.actions


def test_the_computers_seats_are_played_by_the_server(store: RoomStore) -> None:
    code = open_deal(store, "GT-5-A=3", students=1)  # three players, two of them computers
    ada = join_room(store, code, "Ada", key=new_key(), pace="instant")
    for _ in range(6):
        ada.press(ada.labels()[0])
        assert ada.game.decision is None or ada.game.decision.player == 0
    assert ada.game.actions == store.actions(code)


def test_a_second_tab_that_fell_behind_cannot_have_its_move_taken_later(
    store: RoomStore,
) -> None:
    code = open_deal(store, SHORT_DEAL)
    ada_key, bo_key = new_key(), new_key()
    ada = join_room(store, code, "Ada", key=ada_key, pace="instant")
    bo = join_room(store, code, "Bo", key=bo_key, pace="instant")
    first = mover(ada, bo)
    again = join_room(store, code, "", key=ada_key if first is ada else bo_key, pace="instant")
    first.press(first_choice(first.labels()))
    again.press(first_choice(again.labels()))
    assert "another move came first" in again.message_text().lower()
    assert again.game.actions == first.game.actions == store.actions(code)
    assert len(store.actions(code)) == 1


def test_a_reload_and_a_server_restart_rejoin_the_same_seat_at_the_same_step(
    store: RoomStore,
) -> None:
    code = open_deal(store, SHORT_DEAL)
    ada_key = new_key()
    ada = join_room(store, code, "Ada", key=ada_key, pace="instant")
    bo = join_room(store, code, "Bo", key=new_key(), pace="instant")
    first = mover(ada, bo)
    first.press(first_choice(first.labels()))
    ada.refresh()
    restarted = RoomStore.at(store.url)  # a new server process opens the same database
    again = RoomLobby(restarted, pace="instant")
    again.key.give(ada_key)  # the page gives the browser's key: nothing is typed
    assert again.game is not None
    assert again.game.seat == ada.seat and again.game.game.actions == ada.game.actions
    assert again.game.table_html() == ada.table_html()


def test_typing_a_classmates_name_in_another_browser_is_refused(store: RoomStore) -> None:
    code = open_deal(store, SHORT_DEAL)
    join_room(store, code, "Maya", key=new_key())
    thief = RoomLobby(store, pace="instant")
    thief.key.give(new_key())
    thief.name_box.value, thief.room_box.value = "maya", code
    thief.press("Join the room")
    assert thief.game is None
    assert thief.message_text() == ("Maya's seat is taken. Allowed: ask your teacher to free "
                                    "it, or type another name.")


def test_an_illegal_move_in_a_room_changes_nothing(store: RoomStore) -> None:
    code, ada, bo = two_screens(store)
    first = mover(ada, bo)
    other = bo if first is ada else ada
    other.choose("activate")  # not this screen's turn
    first.choose("target Ben")  # not a legal choice now
    assert "not your turn" in other.message_text()
    assert "not one of your choices" in first.message_text()
    assert store.actions(code) == ()


def test_the_store_refuses_a_move_for_a_classmate_or_from_another_deal(
    store: RoomStore,
) -> None:
    code, ada, bo = two_screens(store)
    first = mover(ada, bo)
    other = bo if first is ada else ada
    referee = Referee(store)
    with pytest.raises(BadInput) as refused:
        referee.move(code, other._owner, 0, first.game.decision.legal_actions[0])
    # A refusal names none of the classmate's possible moves.
    for action in first.game.decision.legal_actions:
        assert action not in str(refused.value)
    with pytest.raises(BadInput):
        referee.move(code, first._owner, 0, "target Zed 99")
    with pytest.raises(BadInput):
        referee.move(code, first._owner, 0, "x" * 2000)
    assert store.actions(code) == ()
    first.press(first_choice(first.labels()))  # and the room goes on
    assert len(store.actions(code)) == 1


def test_a_browser_without_a_seat_cannot_move(store: RoomStore) -> None:
    code, _, _ = two_screens(store)
    with pytest.raises(BadInput, match="no seat"):
        Referee(store).move(code, key_id(new_key()), 0, "activate")
    assert store.actions(code) == ()


def test_a_room_screen_builds_no_control_a_room_does_not_have(store: RoomStore) -> None:
    before = set(_instances)
    _, ada, _ = two_screens(store)
    made = [w for k, w in _instances.items() if k not in before]
    labels = {getattr(w, "description", "") for w in made}
    for control in NOT_IN_A_ROOM:
        assert not any(label.startswith(control) for label in labels), control
    assert ada.show_everything is None and ada.timeline is None and ada.take_home is None
    assert ada.rulings.menus == {} and "Rulings in this round" not in everything_shown(ada)
    assert "WR-MAX-ROUNDS" in ada.rulings_text()  # the room's rulings are shown


def test_every_message_a_page_can_send_shows_no_other_hand_and_breaks_nothing(
    store: RoomStore,
) -> None:
    """The attacker's way: send every widget of the room screen every kind of message."""
    code, ada, bo = two_screens(store)
    for widget in list(all_widgets(ada)):
        for state in ({"value": True}, {"value": "x" * 500}, {"index": 0}, {"value": 0},
                      {"_dom_classes": ["wt-app"]}):
            with_message(widget, {"method": "update", "state": state})
        with_message(widget, {"method": "custom", "content": {"event": "click"}})
    for screen in (ada, bo):
        screen.refresh()
    assert ada.game.actions == bo.game.actions == store.actions(code)
    # What the screen shows is its own seat's view, as a screen nobody touched shows it.
    untouched = RoomGame(Referee(store), code, ada._owner, pace="instant")
    assert ada.table_html() == untouched.table_html()


def with_message(widget: widgets.Widget, data: dict[str, Any]) -> None:
    # A refused state is what we want; the room must go on regardless.
    with suppress(Exception):
        widget._handle_msg({"content": {"data": data}, "buffers": []})


def test_nothing_on_a_rooms_screens_reproduces_its_deal_before_the_end(
    store: RoomStore,
) -> None:
    # Classic War of five battles, shuffled afresh as the lobby would: its seed is secret.
    code = store.open_room("classic_war", ClassicRules(battle_limit=5), seats=2, students=2,
                           opener="teacher")
    ada = join_room(store, code, "Ada", key=new_key(), pace="instant")
    bo = join_room(store, code, "Bo", key=new_key(), pace="instant")
    deal = store.secret_deal(code)
    seed = deal.split("-")[1]  # shuffled afresh: a number of about 19 digits
    for _ in range(6):
        for screen in (ada, bo):
            screen.refresh()
            shown = everything_shown(screen)
            assert deal not in shown and seed not in shown
        if ada.game.outcome is not None:
            break
        screen = mover(ada, bo)
        screen.press(first_choice(screen.labels()))
    # Over: the record and the trace go home, and the deal is no secret any more.
    assert ada.take_home is not None
    _, trace = ada.take_home.files()
    assert seed in trace
    assert "Make the files" in everything_shown(ada)
    assert "Open the game" not in everything_shown(ada)


def test_take_home_is_absent_until_the_end(store: RoomStore) -> None:
    _, ada, _ = two_screens(store)
    assert ada.take_home is None and "Take this game home" not in everything_shown(ada)
    with pytest.raises(BadInput):
        ada.open_trace("{}")


def test_the_lobby_opens_a_room_for_a_game_and_says_its_code(store: RoomStore) -> None:
    lobby = RoomLobby(store, pace="instant")
    lobby.key.give(new_key())
    lobby.name_box.value = "Ada"
    lobby.variant_menu.value = "guerrilla_tactics"
    lobby.players.value = 3
    lobby.press("Open a room")
    assert lobby.game is not None
    code = lobby.game.room_code
    room = store.room(code)
    assert room.held == ((0, "Ada"),) and room.seats == 3
    assert room.rules.declare == "everyone"  # shared play gives nothing away by default
    other = RoomLobby(store, pace="instant")
    other.key.give(new_key())
    other.name_box.value = "Bo"
    other.room_box.value = code.lower()
    other.press("Join the room")
    assert other.game is not None and store.room(code).held == ((0, "Ada"), (1, "Bo"))


def test_a_student_goes_back_to_the_lobby_and_keeps_the_seat(store: RoomStore) -> None:
    lobby = RoomLobby(store, pace="instant")
    key = new_key()
    lobby.key.give(key)
    lobby.name_box.value = "Ada"
    lobby.press("Open a room")
    assert lobby.game is not None
    code = lobby.game.room_code
    lobby.press("Back to the lobby")
    assert lobby.game is None and "Open a room" in everything_shown(lobby)
    lobby.press("Open a room")  # another room, while the first is still hers
    assert lobby.game is not None and lobby.game.room_code != code
    assert store.seat_of(code, key_id(key)) == 0


def test_the_lobby_takes_rulings_from_a_deal_code_but_never_its_cards(
    store: RoomStore,
) -> None:
    lobby = RoomLobby(store, pace="instant")
    lobby.key.give(new_key())
    lobby.name_box.value = "Ada"
    lobby.rulings_box.value = "CW-4821-C=5"
    lobby.press("Open a room")
    assert lobby.game is not None
    room = store.room(lobby.game.room_code)
    assert room.rules.battle_limit == 5
    assert "-4821" not in store.secret_deal(room.code)


def test_the_lobby_says_what_was_wrong(store: RoomStore) -> None:
    lobby = RoomLobby(store, pace="instant")
    lobby.room_box.value = "QQQQ"
    lobby.name_box.value = "Ada"
    lobby.press("Join the room")
    assert "getting ready" in lobby.message_text()  # the page gave no key yet
    lobby.key.give(new_key())  # then the press is answered
    assert "There is no room 'QQQQ'" in lobby.message_text()
    lobby.rulings_box.value = "GT-1"
    lobby.press("Open a room")
    assert "rulings of Guerrilla Tactics, not of Classic War" in lobby.message_text()
    with pytest.raises(BadInput):
        lobby.press("Nope")


def test_a_screen_waiting_for_a_classmate_names_them_once_they_sit_down(
    store: RoomStore,
) -> None:
    code = open_deal(store, SHORT_DEAL)
    ada = join_room(store, code, "Ada", key=new_key(), pace="instant")
    while ada.game.decision is not None and ada.game.decision.player == ada.seat:
        ada.press(first_choice(ada.labels()))
    assert "Waiting for a classmate to join at seat 2" in ada.reasons_text()
    join_room(store, code, "Bo", key=new_key(), pace="instant")
    ada.refresh()
    assert "Waiting for Bo to move" in ada.reasons_text()


def test_a_refusal_reaches_each_student_in_their_own_language(store: RoomStore) -> None:
    """Each page is a kernel of its own, in its student's language: here each page's work
    is done in that language, as its kernel would do it."""
    with speaking_language("es"):
        ada = RoomLobby(store, pace="instant")
        ada.key.give(new_key())
        ada.name_box.value = "Ada"
        ada.press("Abrir una sala")
        assert ada.game is not None
        code = ada.game.room_code
    with speaking_language("de"):
        bo = RoomLobby(store, pace="instant")
        bo.key.give(new_key())
        bo.name_box.value, bo.room_box.value = "ADA", code
        bo.press("Dem Raum beitreten")
        assert bo.message_text() == ("Der Platz von Ada ist schon besetzt. Erlaubt: deine "
                                     "Lehrkraft bitten, ihn freizugeben, oder einen anderen "
                                     "Namen eingeben.")
        bo.name_box.value = "Bo"
        bo.press("Dem Raum beitreten")
        assert bo.game is not None
    with speaking_language("es"):
        again = RoomLobby(store, pace="instant")
        again.key.give(new_key())
        again.name_box.value, again.room_box.value = "Cy", code
        again.press("Unirse a la sala")
        assert again.message_text() == (f"La sala {code} está llena. Se admite: otra sala, o "
                                        "pedir a tu profe que libere un asiento.")
    # The referee refuses a move out of turn in the language of the screen that sent it,
    # and the screen waiting says so in its own.
    screens = {0: (ada, "es"), 1: (bo, "de")}
    mover_seat = Referee(store).game(code).decision.player  # type: ignore[union-attr]
    waiting, words = screens[1 - mover_seat]
    assert waiting.game is not None
    with speaking_language(words):
        with pytest.raises(BadInput) as refused:
            waiting.referee.move(code, waiting.game._owner, 0, "turn")
        waiting.game.refresh()
        waiting.game._show()
        told = waiting.game.reasons_text()
    assert (refused.value.problem, refused.value.allowed) == {
        "es": ("no es tu turno", "esperar hasta que aparezcan tus opciones"),
        "de": ("du bist nicht am Zug", "warten, bis deine Möglichkeiten erscheinen")}[words]
    name = "Ada" if mover_seat == 0 else "Bo"
    assert told == {"es": f"Esperando a que juegue {name}.",
                    "de": f"Warten, bis {name} zieht."}[words]
    assert store.room(code).held == ((0, "Ada"), (1, "Bo"))  # names, never words


def test_a_rooms_end_is_noted_in_english_whatever_the_screens_speak(store: RoomStore) -> None:
    code = store.open_room("classic_war", ClassicRules(battle_limit=5), seats=2, students=1,
                           opener="teacher")
    with speaking_language("de"):
        screen = join_room(store, code, "Ada", key=new_key(), pace="instant")
        while screen.game.outcome is None:
            screen.press(screen.labels()[0])
    assert screen.game.outcome is not None
    english = find_variant("classic_war").explain(screen.game.outcome.because)
    assert store.room(code).result == english


def test_choosing_a_language_draws_the_lobby_and_the_game_again_in_it(store: RoomStore) -> None:
    with speaking_language("en"):  # the menu sets the kernel's language: put back after
        lobby = RoomLobby(store, pace="instant")
        lobby.key.give(new_key())
        lobby.name_box.value, lobby.variant_menu.value = "Ada", "war_room"
        lobby.students.value = 1  # the computers answer: the next move is hers again
        lobby.language_menu.menu.value = "es"
        assert language() == "es" and "Abrir una sala" in everything_shown(lobby)
        assert "Open a room" not in everything_shown(lobby)
        assert (lobby.name_box.value, lobby.variant_menu.value, lobby.students.value) == (
            "Ada", "war_room", 1)
        lobby.press("Abrir una sala")
        assert lobby.game is not None
        before = lobby.game
        lobby.game.press(lobby.game.labels()[0])
        lobby.language_menu.page.give("chosen:de")  # as the page gives the student's choice
        assert language() == "de" and lobby.game is not before
        assert lobby.game.room_code == before.room_code and lobby.game.seat == before.seat
        assert lobby.game.game.actions == before.game.actions  # the same game, one move on
        shown = everything_shown(lobby)
        assert "Zurück zur Lobby" in shown and "Volver a la entrada" not in shown
        assert "Du bist im Raum" not in shown and "Raum <b>" in shown
        # The game's own menu (beside Large print) goes through the lobby: all of it.
        at_seat = lobby.game
        at_seat._switch_language("es")
        assert lobby.game is not at_seat and "Volver a la entrada" in everything_shown(lobby)
        lobby.press("Volver a la entrada")
        assert "Abrir una sala" in everything_shown(lobby)
    assert language() == "en"


def test_shared_play_hides_who_holds_what_by_default_and_single_play_keeps_the_text() -> None:
    assert guerrilla_tactics_app(seed=1, humans=(0, 1)).game.rules.declare == "everyone"
    assert trade_war_app(seed=1, humans=(0, 1)).game.rules.putin_window == "everyone"
    assert guerrilla_tactics_app(seed=1).game.rules.declare == "those-able"
    assert trade_war_app(seed=1).game.rules.putin_window == "holder"
    # A teacher who picks otherwise is heard.
    chosen = guerrilla_tactics_app(seed=1, humans=(0, 1), rules={"declare": "those-able"})
    assert chosen.game.rules.declare == "those-able"


def test_pass_and_play_builds_no_undo_timeline_deal_code_or_show_everything() -> None:
    app = guerrilla_tactics_app(seed=1, humans=(0, 1), pace="instant")
    labels = {getattr(w, "description", "") for w in all_widgets(app)}
    for control in ("Undo", "Redo", "Show everything (teacher)", "Join deal", "Seed", "Step"):
        assert control not in labels
    assert app.take_home is None and app.deal_code() is not None  # kept, never shown
    assert "Deal code" not in everything_shown(app)
