"""The Guerrilla Tactics app driven from Python, as a class would click it (no browser)."""

from __future__ import annotations

import pytest

from wartutor.core import BadInput
from wartutor.ui import GameApp, guerrilla_tactics_app

# You lose a five to Ana's eight and may support with your king.
SUPPORT = ("5S KS", "9D 8D")
# Both play a 2: tied, you support with a 9, Ana with an 8; you then propose a promotion.
PROMOTION = ("2S 9S 3S QS 4S", "2D 8D 2C JD 5D")


def test_a_skirmish_with_a_support_unfolds_step_by_step() -> None:
    app = guerrilla_tactics_app(seed=1, stacked=SUPPORT, pace="instant")
    assert app.labels()[:2] == ["Play 5♠", "Play K♠"]
    app.press("Play 5♠")
    table = app.table_text()
    assert "you reveal the five of spades and Ana reveals the eight of diamonds" in table
    assert "so Ana leads" in table
    app.press("Support with K♠")
    log = " ".join(app.log_texts())
    assert "Support: you add the king of spades." in log
    assert "(Support)" in log  # every explanation cites its rule
    assert "After the supports: you have a king and Ana has an eight, so you win." in log


def test_the_table_shows_the_guerrilla_rank_piles_and_hidden_hands() -> None:
    app = guerrilla_tactics_app(seed=3, players=3, pace="instant")
    table = app.table_text()
    assert "Skirmish 1" in table and "Guerrilla rank 2 Guerrillas now: the 2s" in table
    assert "Removed pile: 0 cards" in table
    assert table.count("a face-down card") == 4  # Ana's and Ben's two cards each
    app.show_everything.value = True
    assert "a face-down card" not in app.table_text().split("Ana", 1)[1].split("draw")[0]


def test_choices_that_are_not_allowed_are_greyed_out_with_the_reason() -> None:
    app = guerrilla_tactics_app(seed=1, stacked=SUPPORT, pace="instant")
    greyed = app.greyed()
    assert greyed["Support"].startswith("You may only support when you are tied or losing")
    assert "every player to have played a Guerrilla" in greyed["Propose"]
    with pytest.raises(BadInput, match="greyed out"):
        app.press("Support")


def test_a_promotion_is_proposed_and_the_new_guerrilla_rank_is_shown() -> None:
    app = guerrilla_tactics_app(seed=1, stacked=PROMOTION, pace="instant")
    app.press("Play 2♠")
    app.press("Support with 9♠")  # Ana supports too; your nine beats her eight
    assert app.labels()[:2] == ["Propose", "Don't propose"]
    app.press("Propose")
    assert any("the Guerrilla rank is now 3" in t for t in app.log_texts())
    assert "Guerrilla rank 3 Guerrillas now: the 2s and 3s" in app.table_text()


def test_a_spy_captor_is_marked_and_reveals_first() -> None:
    app = guerrilla_tactics_app(seed=1, stacked=("7S 3S 8S", "9D 5D 10D"), pace="instant")
    app.press("Play 7♠")  # Ana wins with her nine against your spy
    table = app.table_text()
    assert "Reveals first (captured a spy)" in table
    assert "Ana captured a spy last skirmish, so Ana reveals the" in table


def test_undo_returns_to_your_last_choice_and_the_end_is_announced() -> None:
    app: GameApp = guerrilla_tactics_app(seed=1, stacked=SUPPORT, pace="instant")
    step = app.cursor
    app.press("Play 5♠")
    app.press("Undo")
    assert app.cursor == step and app.labels()[:2] == ["Play 5♠", "Play K♠"]
    app.press("Play K♠")  # your king beats Ana's eight, and her nine could not help her
    for _ in range(5):
        if app.banner_text():
            break
        app.press("Play 10 choices")
    assert app.banner_text()


def test_a_new_round_uses_the_rulings_chosen() -> None:
    app = guerrilla_tactics_app(seed=4, pace="instant")
    app.rulings.menus["players"].value = 4
    app.press("New round")
    assert app.table_text().count("draw ") >= 4 and "Cleo" in app.table_text()
    assert "GT-PLAYERS" in app.rulings_text()
