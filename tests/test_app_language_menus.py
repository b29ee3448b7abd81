"""The language menu of the rule explorer, the strategy lab and the class board: each is
made again in the language chosen, keeping what was done in it, and nothing a page sends
but a language offered changes the language."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import ipywidgets as widgets
import pytest
from test_class_board import SHORT, play_to_the_end
from test_tournament import cheapest_winner
from traitlets import TraitError

from wartutor.language import language, use_language
from wartutor.rooms import RoomStore
from wartutor.ui.board import ClassBoard
from wartutor.ui.explorer import ExplorerApp, explorer_app
from wartutor.ui.lab import TournamentPanel, tournament_panel
from wartutor.ui.language import LanguageMenu

# What a page may send, as a browser's script or a hand-made message would: a menu's
# place, and the hidden box's value.
HOSTILE_PLACES: list[Any] = [99, -1, 3, "es", None, 1.5, [1], {"x": 1}]
HOSTILE_PAGE_VALUES = ["chosen:<script>", "chosen:fr", "browser:xx", "chosen:es" * 600,
                       "x" * 5000, "chosen:", "chosen:e s", "chosen:es\nchosen:de", "", 42]


@pytest.fixture(autouse=True)
def english_again() -> Iterator[None]:
    """The language is the kernel's: every test leaves it English, as the tests read."""
    yield
    use_language("en")


@pytest.fixture
def store(tmp_path: Path) -> RoomStore:
    return RoomStore.at(f"sqlite://{tmp_path / 'rooms.sqlite3'}")


def sent_by_the_page(widget: widgets.Widget, **state: Any) -> None:
    """A message from the page updating ``widget``, taken as the kernel takes one; a value
    the widget itself refuses is only logged by the kernel, and so it is here."""
    message = {"content": {"data": {"method": "update", "state": state, "buffer_paths": []}},
               "buffers": []}
    with contextlib.suppress(TraitError, TypeError, ValueError):
        widget._handle_msg(message)


def attacked(menu: LanguageMenu) -> None:
    """Every hostile message a page could send to a language menu."""
    for place in HOSTILE_PLACES:
        sent_by_the_page(menu.menu, index=place)
    # The options' words are the page's to show, not the kernel's to choose from.
    sent_by_the_page(menu.menu, _options_labels=["Français", "x"], index=0)
    sent_by_the_page(menu.menu, description="<img src=x onerror=alert(1)>")
    for value in HOSTILE_PAGE_VALUES:
        sent_by_the_page(menu.page.widget.children[0], value=value)
        menu.page.give(value)


def words(app: widgets.Widget) -> set[str]:
    """Every label and description of the controls an app holds."""
    found: set[str] = set()
    todo = [app]
    while todo:
        widget = todo.pop()
        if isinstance(widget, widgets.Box):
            todo.extend(widget.children)
        elif isinstance(getattr(widget, "description", None), str):
            found.add(widget.description)
    return found


# The rule explorer


def played(app: ExplorerApp) -> None:
    app.press("Play the games")
    app.wait()


def test_the_explorer_in_spanish_keeps_the_question_and_the_answer_shown() -> None:
    app = explorer_app("guerrilla_tactics", games=20)
    app.ruling_menus["ace"].value = "low"
    app.compare_menu.value = "tie_down"
    app.compare_value.value = "pair"
    app.agent_menus[1].value = "random"
    app.seed_box.value = 7
    played(app)
    assert len(app.tables) == 2
    chosen = (app.ruling_menus["ace"].value, app.compare_menu.value, app.compare_value.value,
              app._agents(), app.games_box.value, app.seed_box.value)
    tables, reading = app.tables, app.reading_text()

    app.language.menu.value = "es"

    assert language() == "es" and app.language.menu.value == "es"
    assert {"Jugar las partidas", "Variante", "Comparar con", "Partidas", "Idioma"} <= words(app)
    assert "Explorador de reglas" in app.children[1].children[0].value
    assert (app.ruling_menus["ace"].value, app.compare_menu.value, app.compare_value.value,
            app._agents(), app.games_box.value, app.seed_box.value) == chosen
    assert app.tables is tables  # the same games, read in Spanish
    assert app.reading_text().startswith("Guerrilla Tactics, 20 partidas (semillas 7 a 26).")
    assert len(app.reading_text().splitlines()) == len(reading.splitlines())
    assert "svg" in app._results.value and "Exactamente" in app.exact_text()
    app.press("Jugar las partidas")  # and it plays again, in Spanish
    app.wait()
    assert app.tables is not tables and "Se jugaron" in app.status.value


def test_the_explorer_is_not_made_again_while_its_games_play() -> None:
    app = explorer_app("classic_war", games=200_000)
    app.press("Play the games")
    try:
        app.language.menu.value = "de"
        assert language() == "en" and app.language.menu.value == "en"
        assert "The games are being played" in app.message_text()
    finally:
        app.press("Cancel")
        app.wait()


def test_the_explorer_stays_as_it_was_on_an_error(monkeypatch: pytest.MonkeyPatch) -> None:
    app = explorer_app("classic_war", games=20)
    played(app)
    children, run_button = app.children, app._run_button

    def broken(self: ExplorerApp) -> None:
        raise RuntimeError("a broken catalog")

    monkeypatch.setattr(ExplorerApp, "_show_exact_answer", broken)
    app.language.menu.value = "es"
    assert language() == "en" and app.language.menu.value == "en"
    assert app.children == children and app._run_button is run_button
    assert not run_button.disabled and run_button.comm is not None  # still on the page
    assert "Something went wrong (a broken catalog). Nothing was changed." in app.message_text()


def test_a_page_that_chose_german_before_opens_the_explorer_in_it() -> None:
    app = explorer_app("war_room", games=20)
    app.language.page.give("chosen:de")
    assert language() == "de" and app.variant_menu.value == "war_room"
    assert "Spiele spielen" in words(app)


def test_no_hostile_page_message_changes_the_explorer() -> None:
    app = explorer_app("classic_war", games=20)
    children = app.children
    attacked(app.language)
    assert language() == "en" and app.language.menu.value == "en"
    assert app.children == children and "Play the games" in words(app)


# The strategy lab


def lab_page() -> tuple[TournamentPanel, TournamentPanel]:
    """The lab's notebook shows two panels: the sample player's and the coach's."""
    first = tournament_panel({"mine": cheapest_winner, "random": "random"}, deals=1,
                             code=(cheapest_winner,), cell="A sample player")
    second = tournament_panel({"mine": cheapest_winner, "heuristic": "heuristic"}, deals=1,
                              about="several seconds a deal")
    return first, second


def test_the_lab_in_spanish_keeps_the_code_the_deals_and_the_results() -> None:
    first, second = lab_page()
    first.deals.value = 2
    first.press("Run the tournament")
    code, last, result = first.code_text(), first.last, first.result_text()

    first.language.menu.value = "es"

    assert language() == "es"
    for panel in (first, second):  # the page's panels all speak it
        assert panel.language.menu.value == "es"
        assert {"Jugar el torneo", "Repartos", "Idioma"} <= words(panel)
    assert "def cheapest_winner" in first.code_text() and first.code_text() != code
    assert "El código del jugador" in first.code_text()
    assert first.deals.value == 2 and first.last is last and first.result_text() == result
    assert "Jugar el torneo" in first.status.value and "Played" not in first.status.value
    assert "several seconds a deal" in second.button.tooltip  # the notebook's own words
    second.press("Jugar el torneo")
    assert second.last is not None


def test_no_hostile_page_message_changes_the_lab() -> None:
    first, second = lab_page()
    children = first.children
    attacked(first.language)
    assert language() == "en" and first.children == children
    assert {"Run the tournament", "Deals"} <= words(first) & words(second)


# The class board, the teacher's


def test_the_board_in_spanish_keeps_its_rooms_and_the_seat_chosen(store: RoomStore) -> None:
    play_to_the_end(store, SHORT, "Ada")
    code = store.open_room("classic_war", SHORT, seats=2, students=2, opener="teacher")
    store.claim(code, "Maya", owner="lost laptop")
    store.claim(code, "Noor", owner="her laptop")
    board = ClassBoard(store, simulated=50, pictures=False)
    board.held_seats.value = (code, 1)
    board.press("Free this seat")
    board.held_seats.value = (code, 0)
    simulation = board._cache

    board.language.menu.value = "es"

    assert language() == "es"
    assert {"Actualizar", "Liberar este asiento", "Idioma"} <= words(board)
    assert "Panel de la clase" in board.children[0].children[0].value
    said = board.text()
    assert code in said and "Maya" in said and "Ada" in said  # the rooms, read again
    assert "Abiertas ahora: 1 sala" in said and "open now" not in said
    assert board.held_seats.value == (code, 0)
    assert f"El asiento 2 de la sala {code}" in said  # what freeing a seat said
    assert board._cache is simulation  # not simulated again
    board.press("Liberar este asiento")
    assert store.room(code).held == ()


def test_no_hostile_page_message_changes_the_board(store: RoomStore) -> None:
    code = store.open_room("classic_war", SHORT, seats=2, students=2, opener="teacher")
    store.claim(code, "Maya", owner="lost laptop")
    board = ClassBoard(store, simulated=50, pictures=False)
    children, said = board.children, board.text()
    attacked(board.language)
    assert language() == "en" and board.language.menu.value == "en"
    assert board.children == children and board.text() == said
    assert store.room(code).held == ((0, "Maya"),)


def test_the_board_stays_as_it_was_on_an_error(store: RoomStore,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    code = store.open_room("classic_war", SHORT, seats=2, students=2, opener="teacher")
    store.claim(code, "Maya", owner="lost laptop")
    board = ClassBoard(store, simulated=50, pictures=False)
    children, seats = board.children, board.held_seats

    def broken(self: ClassBoard) -> None:
        raise RuntimeError("the room database is away")

    monkeypatch.setattr(ClassBoard, "refresh", broken)
    board.language.menu.value = "de"
    assert language() == "en" and board.language.menu.value == "en"
    assert board.children == children and board.held_seats is seats
    assert seats.comm is not None and "Refresh" in words(board)
    assert "Something went wrong (the room database is away)." in board.text()
