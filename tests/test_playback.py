"""The pace a student reads at, and the end a playback always reaches."""

from __future__ import annotations

from wartutor.ui import war_room_app
from wartutor.ui.playback import MAX_MOMENTS, PACES, TICK_MS, Frame, dwell_ms, frames, schedule

TWELVE_WORDS = "Ana wins round 3 and collects every revealed card into her pile."
FORTY_WORDS = " ".join(["word"] * 40)


def test_a_long_moment_stays_up_longer_than_a_short_one_at_every_timed_pace() -> None:
    for pace in ("slow", "normal", "fast"):
        short, long = dwell_ms("You win.", pace), dwell_ms(FORTY_WORDS, pace)
        assert short is not None and long is not None
        assert short == PACES[pace].least  # never less than the pace's least
        assert long > short


def test_forty_words_stay_up_long_enough_to_read_at_normal_pace() -> None:
    # Four words a second (240 a minute), where they used to stay up one second.
    assert dwell_ms(FORTY_WORDS, "normal") == 10_000
    assert dwell_ms(FORTY_WORDS, "slow") == 16_000
    assert dwell_ms(TWELVE_WORDS, "normal") == 3000


def test_slower_paces_give_every_moment_more_time() -> None:
    for words in ("Go.", TWELVE_WORDS, FORTY_WORDS):
        slow, normal, fast = (dwell_ms(words, p) for p in ("slow", "normal", "fast"))
        assert slow is not None and normal is not None and fast is not None
        assert slow > normal > fast > 0


def test_wait_for_me_waits_for_next_and_instant_shows_only_the_end() -> None:
    assert dwell_ms(FORTY_WORDS, "wait") is None
    assert dwell_ms(FORTY_WORDS, "instant") == 0
    assert [p.label for p in PACES.values()] == ["Wait for me", "Slow", "Normal", "Fast",
                                                 "Instant"]


def test_each_moment_comes_on_after_the_one_before_has_had_its_time() -> None:
    moments = [Frame(1, 1, FORTY_WORDS, "", False), Frame(1, 2, "Go.", "", False),
               Frame(1, 3, "", "", True)]
    starts = schedule(moments, "normal")
    assert starts == [0, 10_000 // TICK_MS, (10_000 + 1500) // TICK_MS]
    assert schedule(moments, "wait") == [0, 1, 2]  # Next moves on, one tick at a time


def wr_34163_a4_at_game_over() -> object:
    """The issue's game: WR-34163-A4, Instant, Activate, then Play 10 four times."""
    app = war_room_app(pace="instant")
    app.join_deal("WR-34163-A4")
    app.press("Activate")
    for _ in range(4):
        app.press("Play 10 choices")
    assert app.game.outcome is not None
    return app


def test_a_long_playback_ends_on_the_game_s_result() -> None:
    app = wr_34163_a4_at_game_over()
    game = app.game  # type: ignore[attr-defined]
    shown = frames(game, 0, len(game.steps) - 1, 0)
    assert len(shown) == MAX_MOMENTS
    said = [f.words for f in shown if f.words]
    assert said[-1] == "Dev is the last player remaining and wins the game."
    assert shown[-1].step == len(game.steps) - 1 and shown[-1].final


def test_what_just_happened_shows_the_win_at_game_over() -> None:
    app = wr_34163_a4_at_game_over()
    said = app.happened_text()  # type: ignore[attr-defined]
    assert said.startswith("What just happened Dev is the last player remaining and wins")
    assert "instruction 1" not in said


def test_next_moves_a_playback_on_one_moment_and_the_pace_can_change_midway() -> None:
    app = war_room_app(seed=7, players=5, pace="wait")
    app.press("Activate")
    assert app.playing_back
    first = app.frame()
    app.next_moment()
    second = app.frame()
    assert first is not None and second is not None
    assert (second.step, second.happened) > (first.step, first.happened)
    app.pace.value = "slow"  # the moment on show starts again at the new pace
    assert app.frame() == second
    app.pace.value = "instant"
    assert not app.playing_back
