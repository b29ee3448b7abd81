"""The language menu of every app: the app is made again in the language chosen, with the
same game at the same step, and a page's hostile value changes nothing."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from wartutor.language import language, use_language
from wartutor.ui import GameApp, arsenal_app, classic_war_app, guerrilla_tactics_app
from wartutor.variants.arsenal import Campaign


@pytest.fixture(autouse=True)
def english_again() -> Iterator[None]:
    """The language is the kernel's: every test leaves it English, as the tests read."""
    yield
    use_language("en")


def played(app: GameApp, label: str, times: int) -> None:
    for _turn in range(times):
        app.press(label)


def test_choosing_espanol_remakes_the_app_in_spanish_with_the_same_game_and_step() -> None:
    app = classic_war_app(seed=4, pace="instant")
    played(app, "Turn cards", 3)
    app.press("Undo")  # the step undone stays for Redo
    game, cursor = app.game, app.cursor
    app.pace.value, app.large_print.value, app.teacher_view.value = "slow", True, True
    log = app.log_texts()

    app.language.menu.value = "es"

    assert language() == "es"
    assert app.game is game and app.cursor == cursor and not app.playing_back
    assert (app.pace.value, app.large_print.value, app.teacher_view.value) == ("slow", True, True)
    assert app.language.menu.value == "es"
    assert {"Deshacer", "Rehacer", "Nueva ronda", "Preparar una posición"} <= set(app.labels())
    assert [label for label, _ in app.pace.options] == [
        "Espérame", "Lento", "Normal", "Rápido", "Al instante"]
    assert app.happened_text().startswith("Lo que acaba de pasar")
    assert re.findall(r'<h3 class="wt-log-heading">([^<]*)</h3>', app._log.value) == [
        "Batalla 2", "Batalla 1", "El reparto"]
    assert "Registro de la partida" in app._log.value and len(app.log_texts()) == len(log)
    app.press("Rehacer")
    assert app.cursor == cursor + 1 and app.game is game


def test_a_playback_running_when_the_language_changes_stops_before_its_clock_is_closed(
) -> None:
    # The clock ticks in the browser: closed while running, it would keep asking the kernel
    # for its next tick on a channel that is gone (an error in the page each time).
    app = classic_war_app(seed=4, pace="slow")
    app.press("Turn cards")
    clock = app.clock.player
    assert app.playing_back and clock.playing
    app.language.menu.value = "es"
    assert not clock.playing and clock.comm is None
    assert app.clock.player is not clock and not app.playing_back


def test_english_again_reads_as_it_did() -> None:
    app = classic_war_app(seed=4, pace="instant")
    played(app, "Turn cards", 2)
    labels, happened, log = app.labels(), app.happened_text(), app.log_texts()
    app.language.menu.value = "de"
    assert "Rückgängig" in app.labels()
    app.language.menu.value = "en"
    assert (app.labels(), app.happened_text(), app.log_texts()) == (labels, happened, log)


def test_the_computers_menu_and_the_rulings_chosen_stay_as_they_were() -> None:
    app = guerrilla_tactics_app(seed=3, pace="instant")
    assert app.opponent is not None
    app.opponent.value = "coach"
    menu = next(iter(app.rulings.menus.values()))
    other = next(value for _, value in menu.options if value != menu.value)
    menu.value = other
    game, cursor = app.game, app.cursor
    app.language.menu.value = "de"
    assert app.game is game and app.cursor == cursor
    assert app.opponent is not None and app.opponent.value == "coach"
    assert next(iter(app.rulings.menus.values())).value == other


def test_a_page_that_chose_spanish_before_opens_the_app_in_it() -> None:
    app = classic_war_app(seed=4, pace="instant")
    played(app, "Turn cards", 2)
    game, cursor = app.game, app.cursor
    app.language.page.give("chosen:es")
    assert language() == "es" and app.language.menu.value == "es"
    assert app.game is game and app.cursor == cursor
    assert "Nueva ronda" in app.labels()


@pytest.mark.parametrize("value", ["chosen:<script>", "browser:xx", "chosen:es" * 600,
                                   "x" * 5000, "chosen:", "chosen:e s"])
def test_a_hostile_page_value_changes_nothing(value: str) -> None:
    app = classic_war_app(seed=4, pace="instant")
    played(app, "Turn cards", 2)
    children, game, cursor, labels = app.children, app.game, app.cursor, app.labels()
    app.language.page.give(value)
    assert language() == "en" and app.language.menu.value == "en"
    assert app.children == children and app.game is game and app.cursor == cursor
    assert app.labels() == labels and app.message_text() == ""


def test_players_made_again_keep_the_language_and_their_names_follow_it() -> None:
    app = guerrilla_tactics_app(seed=3, pace="instant")
    assert app.players is not None
    app.players.kinds[1].value = "person"
    app.players.name_boxes[0].value = "Ada"
    app.press("New round")
    assert app.players is not None and app.timeline is None  # two people: pass and play
    app.language.menu.value = "es"
    assert app.players.name_boxes[1].placeholder == "Jugador 2"
    assert "Jugador 2" in app.table_text() or "Jugador 2" in app.happened_text()


def test_arsenal_counts_a_match_won_after_the_language_changed(tmp_path: Path) -> None:
    """The campaign watches its match's Step timeline: the app made again keeps it."""
    app = arsenal_app(tmp_path, seed=1, stacked=("MT-SF NK-SF", "DY-PR DY-ML", "", "you"),
                      pace="instant")
    timeline = app.match.timeline
    app.match.language.menu.value = "de"
    app.match.language.menu.value = "en"
    assert app.match.timeline is timeline
    app.match.choose(next(a for a in app.match.game.decision.legal_actions if "MT-SF" in a))
    assert app.match.banner_text().startswith("You win!")
    assert Campaign(tmp_path).progress.unlocked == 2
