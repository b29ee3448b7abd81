"""The log reads as a story: each round under its heading, the newest at the top, and
inside a round everything in the order it happened; the moment on show speaks first."""

from __future__ import annotations

import re

from wartutor.core.engine import Game
from wartutor.ui import classic_war_app, trade_war_app, war_room_app
from wartutor.ui.game_log import LOG_STEPS, first_sentence, happened_html, heading, rounds
from wartutor.ui.playback import Frame


def headings_in(log_html: str) -> list[str]:
    return re.findall(r'<h3 class="wt-log-heading">([^<]*)</h3>', log_html)


def test_each_battle_of_classic_war_is_headed_by_its_number_newest_first() -> None:
    app = classic_war_app(seed=5, pace="instant")
    for _ in range(3):
        app.press("Turn cards")
    assert headings_in(app._log.value) == ["Battle 3", "Battle 2", "Battle 1", "The deal"]


def test_inside_a_round_the_log_runs_in_the_order_things_happened() -> None:
    app = war_room_app(seed=7, players=3, pace="instant")
    app.press("Play 10 choices")
    game: Game = app.game  # type: ignore[type-arg]
    newest, steps = rounds(game, app.cursor)[0]
    assert newest == heading(game, app.cursor)
    assert list(steps) == sorted(steps)
    lines = app.log_texts()
    first_of_round = [t for t in lines if "has declared" in t or "reveals" in t]
    assert first_of_round  # the round's story is there, in order
    assert lines.index(first_of_round[0]) <= lines.index(first_of_round[-1])


def test_a_long_war_room_log_never_starts_halfway_through_a_round() -> None:
    app = war_room_app(seed=7, players=5, pace="instant")
    for _ in range(6):
        app.press("Play 10 choices")
    game: Game = app.game  # type: ignore[type-arg]
    assert app.cursor > LOG_STEPS
    shown = rounds(game, app.cursor)
    oldest, steps = shown[-1]
    assert steps.start == 0 or heading(game, steps.start - 1) != oldest
    assert "Earlier steps are on the timeline." in app._log.value


def test_trade_war_turns_are_headed_by_their_number() -> None:
    app = trade_war_app(seed=7, players=3, pace="instant")
    app.press("Play 10 choices")
    said = headings_in(app._log.value)
    assert said[-1] == "The deal"
    assert all(h.startswith("Turn ") for h in said[:-1])
    numbers = [int(h.split()[1]) for h in said[:-1]]
    assert numbers == sorted(numbers, reverse=True)


def test_the_moment_on_show_says_its_first_sentence_and_folds_the_rest() -> None:
    words = ("Dev wins round 55. Dev collects every revealed card (2 cards) into the "
             "collection pile.")
    assert first_sentence(words) == ("Dev wins round 55.", "Dev collects every revealed card "
                                     "(2 cards) into the collection pile.")
    shown = str(happened_html([Frame(3, 1, words, "WR-END", True)], 1, playing=False,
                              teacher=True))
    assert '<li class="wt-now">Dev wins round 55. <span class="wt-rule">(WR-END)</span>' \
        '<details class="wt-more"><summary>More</summary>Dev collects' in shown


def test_a_moment_of_one_sentence_has_nothing_to_fold() -> None:
    shown = str(happened_html([Frame(1, 1, "You win.", "", True)], 1, playing=False,
                              teacher=False))
    assert "<details" not in shown and "You win." in shown
