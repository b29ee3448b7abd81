"""Play to the end, in every app with a player of its own: it finishes the game without
showing its moments, shows how far it has come while it plays, and stops on Cancel.

The button is pressed as in the page (``button.click()``, no browser): the click returns at
once and the game is played by a task of the event loop, a chunk at a time, as in a Voilà
kernel, with a pause between chunks (when the page draws and hears Cancel).
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.apart import run_apart
from wartutor.core.errors import BadInput
from wartutor.ui.arsenal import arsenal_app
from wartutor.ui.classic_war import classic_war_app
from wartutor.ui.guerrilla_tactics import guerrilla_tactics_app
from wartutor.ui.pass_and_play import pass_and_play
from wartutor.ui.render import text_of
from wartutor.ui.shell import GameApp
from wartutor.ui.trade_war import trade_war_app
from wartutor.ui.war_room import war_room_app

PLAY, CANCEL = "Play to the end", "Cancel"

# Each app at a table where a game takes a while; War Room's is the WR-4821, which
# lasts 1,724 rounds (216 presses of Play 10 at Instant).
APPS: dict[str, Callable[[Path], GameApp]] = {
    "classic_war": lambda _: classic_war_app(seed=3),
    "guerrilla_tactics": lambda _: guerrilla_tactics_app(seed=5, players=3),
    "war_room": lambda _: war_room_app(seed=4821, players=2),
    "trade_war": lambda _: trade_war_app(seed=151, players=4),
    "arsenal": lambda folder: arsenal_app(folder, seed=4).match,
}


async def played(app: GameApp, *, then: Callable[[GameApp], None] | None = None,
                 after: int = 1) -> list[str]:
    """Press Play to the end and give the loop its turns until the run is over; ``then``
    presses something else after ``after`` turns. The What just happened seen meanwhile."""
    app.press(PLAY)
    assert app.playing_to_the_end  # the click returned at once: a task plays the game
    seen: list[str] = []
    turns = 0
    while app.playing_to_the_end:
        now = app.happened_text()
        if not seen or seen[-1] != now:  # many turns pass in a pause between two chunks
            seen.append(now)
        await asyncio.sleep(0)  # the page's turn: it draws, and hears clicks
        turns += 1
        if then is not None and turns == after:
            then(app)
    return seen


def log_rounds(app: GameApp) -> list[list[str]]:
    """The log as shown: each round's lines, the newest round first."""
    sections = re.findall(r"<section.*?</section>", app._log.value, flags=re.S)
    return [[text_of(li) for li in re.findall(r"<li.*?</li>", s, flags=re.S)]
            for s in sections]


@pytest.mark.parametrize("name", list(APPS))
def test_play_to_the_end_finishes_the_game_and_rests_on_its_result(
        name: str, tmp_path: Path) -> None:
    app = APPS[name](tmp_path)
    seen = run_apart(played(app))
    game = app.game
    assert game.outcome is not None and app.cursor == len(game.steps) - 1
    assert not app.playing_back  # no moment is played back: the end is shown at once
    # While it played: how far it had come, in the game's own unit, and the cards held.
    unit = str(game.variant.length_unit).capitalize()
    assert any(re.match(rf"Playing to the end {unit} \d+ so far\. Cards", s) for s in seen)
    # At the end, the banner, What just happened and the log all end on the result.
    result = app.banner_text()
    assert result.split()[0] in ("You", "It's") or " win" in result
    said = game.variant.explain(game.outcome.because)
    assert app.happened_text().startswith("What just happened " + said.split(". ")[0][:30])
    assert log_rounds(app)[0][-1].startswith(said.split(". ")[0][:30])
    assert PLAY not in app.labels() and CANCEL not in app.labels()
    assert "New round" in app.labels()


def test_progress_shows_the_round_reached_and_the_cards_each_player_holds() -> None:
    app = war_room_app(seed=4821, players=2)
    progress: list[str] = []


    def look(app: GameApp) -> None:
        progress.append(app.happened_text())
        app.press(CANCEL)  # seen: no need to play the rest

    run_apart(played(app, then=look))
    reached = re.search(r"Round (\d+) so far\. Cards held: you (\d+), Ana (\d+)\.", progress[0])
    assert reached is not None, progress[0]
    assert int(reached[2]) + int(reached[3]) + 2 >= 58  # every card, but those on the table


def test_cancel_stops_at_your_next_choice_where_the_game_got_to() -> None:
    app = war_room_app(seed=4821, players=2)
    before = app.cursor
    run_apart(played(app, then=lambda a: a.press(CANCEL)))
    decision = app.game.decision
    assert app.game.outcome is None and decision is not None and decision.player == 0
    assert app.cursor > before and app.cursor == len(app.game.steps) - 1
    labels = set(app.labels())
    assert {PLAY, "Undo", "Play 10 choices"} <= labels and CANCEL not in labels
    # Where it stopped depends on how far the run got before Cancel: at a card to activate
    # or not, or at an instruction to use, or to aim; that choice is back on its buttons.
    offered = {"declare": {"Activate", "Decline"}, "use": {"Use it", "Skip it"}}
    if decision.kind in offered:
        assert offered[decision.kind] <= labels
    else:
        assert any("card" in label for label in labels), labels
    assert app.happened_text().startswith("What just happened")


# ipykernel 7 brings a click to its widget's callback in three turns of the event loop: the
# reader of the socket its shell channel's thread passes the message to, then a task, then
# the shell's own task.
KERNEL_TURNS = 3


def test_cancel_is_heard_at_the_next_chunk_though_a_kernel_takes_turns_to_bring_it(
        monkeypatch: pytest.MonkeyPatch) -> None:
    app = war_room_app(seed=4821, players=2)
    run = app._to_the_end
    assert run is not None
    chunks = 0  # played so far
    chunk = run._chunk

    def counted() -> bool:
        nonlocal chunks
        chunks += 1
        return chunk()

    monkeypatch.setattr(run, "_chunk", counted)
    at: list[int] = []  # the chunks played when Cancel was pressed, and when it arrived

    def cancel_through_a_kernel(app: GameApp) -> None:
        def arrive(turns: int) -> None:
            if turns:
                asyncio.get_running_loop().call_soon(arrive, turns - 1)
            else:
                at.append(chunks)
                app.press(CANCEL)

        at.append(chunks)
        arrive(KERNEL_TURNS)

    run_apart(played(app, then=cancel_through_a_kernel))
    pressed, arrived = at
    assert arrived - pressed <= 1, f"Cancel arrived {arrived - pressed} chunks after its press"
    assert app.game.outcome is None and CANCEL not in app.labels() and PLAY in app.labels()


def test_while_it_plays_no_move_can_be_made_but_cancel_and_new_round_can_be_pressed() -> None:
    app = war_room_app(seed=4821, players=2)
    pressable: list[list[str]] = []

    def look(app: GameApp) -> None:
        pressable.append(app.labels())
        with pytest.raises(BadInput, match="greyed out"):
            app.press("Play 10 choices")
        app.press(CANCEL)

    run_apart(played(app, then=look))
    assert pressable[0][:2] == [CANCEL, "New round"]
    assert not {"Activate", "Decline", "Coach", "Play 10 choices", "Undo", PLAY} & set(
        pressable[0])


def test_new_round_while_it_plays_drops_the_run_for_the_new_deal() -> None:
    app = war_room_app(seed=4821, players=2)
    run_apart(played(app, then=lambda a: a.press("New round")))
    assert app.game.outcome is None and app.game.seed != 4821
    assert len(app.game.steps) < 10 and PLAY in app.labels()


def test_the_lesson_house_rule_ends_war_room_on_the_most_cards_held() -> None:
    app = war_room_app(seed=4821, players=3, rules={"lesson_rounds": 20})
    run_apart(played(app))
    assert app.game.state.round == 20
    assert "The lesson's last round is over:" in app.banner_text()
    assert app.happened_text().startswith("What just happened The lesson's last round is over")


def test_with_no_event_loop_running_it_plays_to_the_end_at_once() -> None:
    app = guerrilla_tactics_app(seed=5, players=3)
    app.press(PLAY)
    assert app.game.outcome is not None and not app.playing_to_the_end


def test_players_at_one_screen_make_their_own_choices_so_there_is_no_play_to_the_end() -> None:
    game = pass_and_play(seed=5).deal("War Room", 2)
    assert PLAY not in game.labels() and "Activate" in game.labels()
    with pytest.raises(BadInput, match="there is no 'Play to the end' button"):
        game.press(PLAY)


def test_an_arsenal_match_played_to_the_end_counts_for_the_campaign(tmp_path: Path) -> None:
    campaign = arsenal_app(tmp_path, seed=4)
    run_apart(played(campaign.match))
    assert re.search(r"won this one|cleared|beat", campaign.news_text()), campaign.news_text()


def test_it_can_be_pressed_while_the_computers_moves_before_your_choice_are_shown() -> None:
    app = trade_war_app(seed=151, players=4)  # the computers' opening turns play out first
    assert app.playing_back and PLAY in app.labels()
    app.press(PLAY)  # no loop here: at once
    assert app.game.outcome is not None and not app.playing_back
