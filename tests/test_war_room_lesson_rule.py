"""War Room's house rule for a lesson (WR-HOUSE-LESSON), as rule examples.

The rule text plays on until one player is left, hundreds of rounds. A class may agree on
a house rule instead: after the lesson's last round the game ends, and whoever holds the
most cards (draw stack and collection pile together) wins; players tied for the most
share the win. It is off unless chosen, and the fast path plays it exactly as the engine.

Stacked deals: one string of card codes per seat (you, Ana, Ben), top card first. The
Scout (SC, VC 2) has no activation; Sentries (SE, VC 5) and Ghosts (GH, VC 12) do.
"""

from __future__ import annotations

from typing import Any

import pytest

from wartutor.core import BadInput, Game, rulings_of
from wartutor.core.dealcode import deal_code, read_deal_code
from wartutor.core.trace import Trace
from wartutor.explore.simulate import play_one
from wartutor.variants.war_room import WAR_ROOM, WarRoomRules
from wartutor.variants.war_room.events import GameOver, Reshuffled
from wartutor.variants.war_room.game import WarRoomState

YOU, ANA, BEN = 0, 1, 2


def new(*stacks: str, **options: Any) -> Game[WarRoomState]:
    rules = WarRoomRules(players=len(stacks), first_player=0, **options)
    return Game.new(WAR_ROOM, rules, 0, stacks)


def over(game: Game[WarRoomState]) -> GameOver:
    assert game.outcome is not None
    assert isinstance(game.outcome.because, GameOver)
    return game.outcome.because


def test_it_is_a_house_rule_and_off_unless_a_class_chooses_it() -> None:
    meta = rulings_of(WarRoomRules)["lesson_rounds"]
    assert meta.id == "WR-HOUSE-LESSON" and meta.question.startswith("House rule")
    assert "not a reading of the text" in meta.why
    assert WarRoomRules().lesson_rounds is None  # the rule text's game
    assert WAR_ROOM.setting_label("lesson_rounds", None) == "off (the rule text's game)"
    assert WAR_ROOM.setting_label("lesson_rounds", 20) == "20 rounds"


def test_after_the_lessons_last_round_the_most_cards_held_wins() -> None:
    # Round 1: your Sentry (5) against Ana's Scout (2). You decline; Ana's Scout wins both
    # cards: Ana holds 1 + 2 = 3 cards, you 1.
    game = new("SE SE", "SC SC", lesson_rounds=1).play("decline")
    end = over(game)
    assert (end.ending, end.rule, end.round) == ("lesson", "WR-HOUSE-LESSON", 1)
    assert end.held == ((YOU, 1), (ANA, 3)) and end.winner == ANA
    assert game.outcome is not None and game.outcome.winners == (ANA,)
    assert not game.outcome.unfinished
    summary = WAR_ROOM.summarize(game)
    assert (summary.winners, summary.ending, summary.length) == ((ANA,), "lesson", 1)


def test_players_tied_for_the_most_cards_share_the_win() -> None:
    # Ana's Scout takes the round's three cards with her last one: you 3, Ana 3, Ben 2.
    game = new("SE GH GH GH", "SC", "SE GH GH", lesson_rounds=1)
    game = game.play("decline").play("decline")
    end = over(game)
    assert end.held == ((YOU, 3), (ANA, 3), (BEN, 2)) and end.winner is None
    assert game.outcome is not None and game.outcome.winners == (YOU, ANA)
    assert WAR_ROOM.summarize(game).winners == (YOU, ANA)
    # The game ends before Ana's empty draw stack would make everyone reshuffle.
    assert not any(isinstance(e, Reshuffled) for e in game.steps[-1].events)


def test_the_game_goes_on_until_the_lessons_last_round_is_played() -> None:
    game = new("SE SE SE", "SC SC SC", lesson_rounds=2).play("decline")
    assert game.outcome is None and game.state.round == 2
    assert over(game.play("decline")).round == 2


def test_a_last_player_left_in_the_last_round_wins_as_the_text_says() -> None:
    # Your Scout beats Ana's Sentry, her only card: she is out, and you are the last player.
    game = new("SC", "SE", lesson_rounds=1).play("decline")
    assert (over(game).ending, over(game).rule) == ("last-player", "WR-END")


def test_the_moment_says_the_lesson_is_over_and_who_wins_by_the_most_cards() -> None:
    game = new("SE SE", "SC SC", lesson_rounds=1).play("decline")
    words = WAR_ROOM.explain(over(game))
    first = words.split(". ")[0]
    assert first == ("The lesson's last round is over: Ana holds the most cards, 3, and wins "
                     "the game")
    assert "house rule" in words and "Cards held: you 1 and Ana 3." in words
    tied = new("SE GH GH GH", "SC", "SE GH GH", lesson_rounds=1).play("decline").play("decline")
    assert "you and Ana hold the most cards, 3 each, and share the win" in WAR_ROOM.explain(
        over(tied))


def test_a_game_limit_below_the_lesson_still_stops_the_game_unfinished() -> None:
    game = new("SE SE SE", "SC SC SC", lesson_rounds=2, round_limit=1).play("decline")
    assert over(game).ending == "limit" and game.outcome is not None
    assert game.outcome.unfinished


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("lesson", [1, 7, 30])
def test_the_fast_path_plays_the_lesson_exactly_as_the_engine(players: int, lesson: int) -> None:
    endings = set()
    for i, agents in enumerate([("heuristic",) * players, ("random",) * players,
                                tuple(("heuristic", "random")[p % 2] for p in range(players))]):
        seed = 100 * players + 10 * lesson + i
        rules = WarRoomRules(players=players, lesson_rounds=lesson,
                             stalemate="void" if i == 2 else "random")
        fast = WAR_ROOM.play_fast(rules, seed, agents, None)
        assert fast == play_one("war_room", rules, seed, agents=agents, traced=True), (seed,)
        endings.add(fast.ending)
        # Stopped by the simulator's length first, both stop alike too.
        short = WAR_ROOM.play_fast(rules, seed, agents, 5)
        assert short == play_one("war_room", rules, seed, agents=agents, traced=True,
                                 max_length=5)
    assert "lesson" in endings


def test_a_shared_win_comes_out_the_same_in_the_fast_path() -> None:
    shared = []
    for seed in range(200):
        rules = WarRoomRules(players=2, lesson_rounds=10)
        fast = WAR_ROOM.play_fast(rules, seed, ("heuristic", "heuristic"), None)
        if fast.winners is not None and len(fast.winners) > 1:
            shared.append(seed)
            traced = play_one("war_room", rules, seed, agents=("heuristic", "heuristic"),
                              traced=True)
            assert fast == traced
        if len(shared) == 3:
            break
    assert shared, "no shared win in 200 games"


def test_played_on_from_the_middle_of_a_lesson_the_fast_path_agrees() -> None:
    """The coach plays games on from the table (play_on): under the house rule too."""
    rules = WarRoomRules(players=3, lesson_rounds=12)
    agents = ("heuristic", "random", "heuristic")
    game = Game.new(WAR_ROOM, rules, 8)
    for step in range(30):
        decision = game.decision
        assert decision is not None
        players = {p: WAR_ROOM.agents[name](p, step) for p, name in enumerate(agents)}
        fast = WAR_ROOM.play_on(rules, game.state, agents, step, None)
        traced = game
        while (now := traced.decision) is not None:
            traced = traced.play(players[now.player](WAR_ROOM.view(traced.state, now.player),
                                                     now))
        assert fast == WAR_ROOM.summarize(traced), step
        assert fast.ending == "lesson" and fast.length == 12
        game = game.play(decision.legal_actions[step % len(decision.legal_actions)])


def test_the_house_rule_travels_in_a_deal_code_and_a_trace() -> None:
    rules = WarRoomRules(lesson_rounds=20)
    code = deal_code("war_room", rules, 4821)
    assert code == "WR-4821-J3"  # the ninth ruling at its third choice
    assert read_deal_code(code).rules() == rules
    assert deal_code("war_room", WarRoomRules(), 4821) == "WR-4821"  # old codes unchanged
    game = new("SE SE", "SC SC", lesson_rounds=1).play("decline")
    again = Trace.from_json(Trace.of(game).to_json()).replay()
    assert again.outcome == game.outcome


def test_a_position_at_a_lessons_end_rebuilds_its_result() -> None:
    game = new("SE SE", "SC SC", lesson_rounds=1).play("decline")
    position = WAR_ROOM.position_of(game.state)
    assert position["ending"] == "lesson"
    rebuilt = WAR_ROOM.from_position(game.rules, position, 0)
    assert rebuilt.outcome == game.outcome


def test_a_position_past_the_lessons_last_round_or_ended_before_it_is_refused() -> None:
    going = WAR_ROOM.position_of(new("SE SE SE", "SC SC SC", lesson_rounds=2)
                                 .play("decline").state)  # round 2 under way
    with pytest.raises(BadInput, match="'round'"):
        WAR_ROOM.from_position(WarRoomRules(players=2, lesson_rounds=1, first_player=0),
                               going, 0)
    ended = WAR_ROOM.position_of(new("SE SE", "SC SC", lesson_rounds=1).play("decline").state)
    with pytest.raises(BadInput, match="lesson_rounds"):  # round 1 is not a lesson of 3
        WAR_ROOM.from_position(WarRoomRules(players=2, lesson_rounds=3, first_player=0),
                               ended, 0)


def test_a_teacher_chooses_it_in_the_apps_rulings_menu_for_the_next_round() -> None:
    from wartutor.ui.war_room import war_room_app

    app = war_room_app(seed=4821, pace="instant")
    menu = app.rulings.menus["lesson_rounds"]
    assert menu.label == "off (the rule text's game)"
    assert [label for label, _ in menu.options] == [
        "off (the rule text's game)", "10 rounds", "20 rounds", "30 rounds"]
    menu.value = 20
    app.press("New round")
    assert app.game.rules.lesson_rounds == 20
    assert "WR-HOUSE-LESSON" in app.rulings_text() and "20 rounds" in app.rulings_text()
