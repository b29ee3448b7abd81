"""An app started from a set position: a teacher's lesson, played out on the table."""

from __future__ import annotations

from test_classic_war_positions import A_WAR

from wartutor.ui import classic_war_app


def test_an_app_starts_from_the_lesson_and_plays_it_out_moment_by_moment() -> None:
    app = classic_war_app(position=A_WAR, seed=4)
    assert "Battle 41 of 500" in app.table_text()
    assert app.happened_text().startswith("What just happened The game starts from a set position")
    assert app.deal_code() is None  # a set position has no deal code: share its trace
    app.press("Turn cards")
    assert app.playing_back and "both turn a nine" in app.happened_text()
    app.skip()
    assert "Battle 42 of 500" in app.table_text()
    assert "your king beats the computer's seven" in " ".join(app.log_texts())


def test_new_round_starts_the_lesson_again_and_a_deal_code_leaves_it() -> None:
    app = classic_war_app(position=A_WAR, seed=4, pace="instant")
    app.press("Turn cards")
    app.press("New round")
    assert "Battle 41 of 500" in app.table_text() and app.game.position == A_WAR
    app.join_deal("CW-7")
    assert app.game.position is None and "Battle 0 of 500" in app.table_text()


def test_a_lesson_goes_home_and_comes_back_as_its_trace() -> None:
    app = classic_war_app(position=A_WAR, seed=4, pace="instant")
    app.press("Turn cards")
    _, trace = app.take_home.files()
    again = classic_war_app(pace="instant")
    again.open_trace(trace)
    assert again.game.position == A_WAR and again.game.state == app.game.state
