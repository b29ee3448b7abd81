"""Pass-and-play: two players at one screen, a curtain between their turns."""

from __future__ import annotations

import re

import pytest

from wartutor.core import Game
from wartutor.core.errors import BadInput
from wartutor.ui.guerrilla_tactics import GuerrillaTable
from wartutor.ui.pass_and_play import pass_and_play
from wartutor.ui.shell import PASS_AND_PLAY, GameApp
from wartutor.ui.widget_tree import held_widgets
from wartutor.variants.guerrilla_tactics import GUERRILLA_TACTICS


def two_at_one_screen() -> GameApp:
    return GameApp(GUERRILLA_TACTICS, GuerrillaTable(), humans=(0, 1), seed=5,
                   rules={"players": 2}, pace="instant")


def hand_of(app: GameApp, seat: int) -> list[str]:
    """The names of the cards in ``seat``'s hand, from the game itself."""
    return [str(c) for c in app.game.state.seats[seat].hand]


def test_after_a_play_the_curtain_hides_both_hands_and_the_log() -> None:
    app = two_at_one_screen()
    first_play = next(label for label in app.labels() if label.startswith("Play "))
    app.press(first_play)
    shown = " ".join([app.table_text(), app.happened_text(), *app.log_texts()])
    assert "Pass the screen to Player 2" in shown
    for card in hand_of(app, 0) + hand_of(app, 1):
        assert card not in shown
    assert app.labels() == ["Ready", "New round"]


def test_ready_shows_the_next_players_own_hand_and_hides_the_others() -> None:
    app = two_at_one_screen()
    app.press(next(label for label in app.labels() if label.startswith("Play ")))
    app.press("Ready")
    table = app.table_text()
    assert all(card in table for card in hand_of(app, 1))
    assert not any(card in table for card in hand_of(app, 0))
    assert any(re.match(r"Play .", label) for label in app.labels())


def test_sharing_a_screen_has_no_undo_to_go_back_to_the_other_hand() -> None:
    app = two_at_one_screen()
    app.press(next(label for label in app.labels() if label.startswith("Play ")))
    app.press("Ready")
    with pytest.raises(BadInput, match="there is no 'Undo' button"):
        app.press("Undo")
    assert app.timeline is None and app.show_everything is None


def test_pass_and_play_is_the_same_game_as_one_player_against_agents() -> None:
    app = two_at_one_screen()
    for _ in range(6):
        if "Ready" in app.labels():
            app.press("Ready")
        choice = next(label for label in app.labels() if label not in (
            "Play 10 choices", "Undo", "Redo", "New round"))
        app.press(choice)
    replayed = Game.new(GUERRILLA_TACTICS, app.game.rules, app.game.seed)
    for action in app.game.actions:
        replayed = replayed.play(action)
    assert replayed.state == app.game.state


def test_the_page_deals_for_two_and_opens_the_games_own_players_panel() -> None:
    menu = pass_and_play(seed=5, pace="instant")
    first = menu.deal("War Room")
    assert first.parts == PASS_AND_PLAY and first.players is not None
    assert first.players.button.value  # how many and who: chosen there, as in every app
    assert first.players.about_text().startswith("Pass and play: 2 people")
    kept = held_widgets(first)
    second = menu.deal("Trade War")
    assert second is not first and all(w.comm is None for w in kept)


def test_the_page_has_no_count_of_its_own() -> None:
    menu = pass_and_play(seed=5, pace="instant")
    assert [w.description for w in held_widgets(menu) if hasattr(w, "options")] == ["Game"]
