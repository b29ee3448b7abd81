"""The apps, driven from Python the way a class drives them in the browser."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar

import pytest

from wartutor.core import BadInput, Decision, Game, Outcome, check_action
from wartutor.core.agents import first_legal_agent
from wartutor.core.engine import plain_refusal
from wartutor.core.voice import speaking
from wartutor.ui import GameApp, classic_war_app
from wartutor.ui.classic_war import WORKED_EXAMPLE, worked_example_html
from wartutor.ui.game_log import LOG_STEPS, GameLog
from wartutor.variants import find_variant

# Nines tie; with one card face down the computer's five wins the war, with three
# (ruling CW-WAR-DOWN = 3) your king beats its seven.
WAR_OF_THREE = ("9S 2C 3C 4C KD 5H", "9H 2D 5D 4D 7C 6H")


def battle(app: GameApp) -> int:
    return int(re.search(r'class="wt-battle">Battle (\d+)', app.table_html()).group(1))


def counts(app: GameApp) -> list[int]:
    return [int(n) for n in re.findall(r'class="wt-count">(\d+)<', app.table_html())]


def press(app: GameApp, label: str, times: int) -> None:
    for _ in range(times):
        app.press(label)


def test_the_buttons_say_what_the_browser_tests_look_for() -> None:
    app = classic_war_app(seed=1, pace="instant")
    assert app.labels() == ["Turn cards", "Play 10 battles", "Play to the end", "New round",
                            "Set up a position"]
    app.press("Turn cards")
    assert {"Undo", "Turn cards"} <= set(app.labels())


def test_a_fresh_deal_shows_26_cards_each_and_battle_0() -> None:
    app = classic_war_app(seed=3, pace="instant")
    assert counts(app) == [26, 26]
    assert "Battle 0 of 500" in app.table_text()
    assert app.log_texts() == [
        "The deck is shuffled (seed 3) and split into two face-down piles: 26 cards for you "
        "and 26 cards for the computer."
    ]


def test_turn_cards_grows_the_log_and_changes_the_counts() -> None:
    app = classic_war_app(seed=5, pace="instant")
    app.press("Turn cards")
    assert battle(app) == 1
    assert len(app.log_texts()) > 1
    assert counts(app) != [26, 26] and sum(counts(app)) == 52


def test_the_teacher_view_cites_the_rule_beside_each_explanation() -> None:
    app = classic_war_app(stacked=WORKED_EXAMPLE, pace="instant")
    app.press("Turn cards")
    assert "(rule" not in " ".join(app.log_texts())  # students read the words alone
    app.teacher_view.value = True
    newest_first = app.log_texts()
    assert newest_first[0].startswith("Battle 1: both turn a nine. Equal ranks mean war. (rule")
    assert "your king beats the computer's seven" in newest_first[2]
    assert newest_first[-1].startswith("A stacked deal")


def test_play_10_battles_moves_the_battle_count_on_by_ten() -> None:
    app = classic_war_app(seed=8, pace="instant")
    app.press("Turn cards")
    app.press("Play 10 battles")
    assert battle(app) == 11
    assert app.cursor == 11


def test_undo_after_three_battles_shows_battle_2() -> None:
    app = classic_war_app(seed=11, pace="instant")
    press(app, "Turn cards", 2)
    log_at_two = app.log_texts()
    app.press("Turn cards")
    app.press("Undo")
    assert battle(app) == 2
    assert app.log_texts() == log_at_two


def test_redo_brings_back_the_same_battle_and_log() -> None:
    app = classic_war_app(seed=11, pace="instant")
    press(app, "Turn cards", 3)
    table, log = app.table_html(), app.log_texts()
    press(app, "Undo", 2)
    press(app, "Redo", 2)
    assert (app.table_html(), app.log_texts()) == (table, log)
    assert "Redo" not in app.labels()


def test_the_timeline_shows_an_earlier_step_and_keeps_the_later_ones() -> None:
    app = classic_war_app(seed=13, pace="instant")
    press(app, "Turn cards", 5)
    app.timeline.value = 2
    assert battle(app) == 2
    assert app.cursor == 2
    assert len(app.game.steps) == 6  # nothing is forgotten by looking back
    app.timeline.value = 0
    assert counts(app) == [26, 26]


def test_turning_cards_from_an_earlier_step_drops_the_future() -> None:
    app = classic_war_app(seed=13, pace="instant")
    press(app, "Turn cards", 5)
    app.timeline.value = 2
    app.press("Turn cards")
    assert battle(app) == 3
    assert len(app.game.steps) == 4
    assert app.timeline.max == 3
    assert "Redo" not in app.labels()


def test_a_class_typing_one_seed_replays_one_deal() -> None:
    teacher = classic_war_app(seed=2024, pace="instant")
    student = classic_war_app(seed=77, pace="instant")
    student.seed_box.value = " 2024 "
    student.press("New round")
    for app in (teacher, student):
        press(app, "Turn cards", 4)
    assert student.game.state == teacher.game.state
    assert student.log_texts() == teacher.log_texts()
    assert student.seed_box.value == "2024"


def test_new_round_with_the_seed_untouched_is_a_fresh_shuffled_deal() -> None:
    """The text: "Use New round for another shuffled deal"; its seed goes in the box."""
    app = classic_war_app(seed=1, pace="instant")
    app.press("Turn cards")
    seeds = set()
    for _ in range(5):
        app.press("New round")
        seeds.add(app.game.seed)
        assert app.seed_box.value == str(app.game.seed)
        assert app.cursor == 0
    assert len(seeds) > 1 and 1 not in seeds


@pytest.mark.parametrize("typed", ["abc", "", "-4", "4.5", "99999999999999999999999"])
def test_a_bad_seed_shows_a_message_and_changes_nothing(typed: str) -> None:
    app = classic_war_app(seed=21, pace="instant")
    app.press("Turn cards")
    before, table = app.game, app.table_html()
    app.seed_box.value = typed
    app.press("New round")
    assert "seed" in app.message_text().lower()
    assert "Traceback" not in app.message_text()
    assert app.game is before and app.table_html() == table
    app.press("Turn cards")
    assert app.message_text() == ""  # the next good move clears the message


def test_a_changed_ruling_waits_for_new_round() -> None:
    app = classic_war_app(stacked=WAR_OF_THREE, pace="instant")
    app.rulings.menus["war_down"].value = 3
    assert "How many cards does each side put face down in a war? 1" in app.rulings_text()
    app.press("Turn cards")
    assert app.table_html().count('aria-label="a face-down card"') == 2  # still one each

    app.press("New round")
    assert "How many cards does each side put face down in a war? 3" in app.rulings_text()
    app.press("Turn cards")
    assert app.table_html().count('aria-label="a face-down card"') == 6
    assert counts(app) == [1, 11]  # the computer's deck, then yours


def test_the_rulings_table_lists_the_fixed_rulings_too() -> None:
    text = classic_war_app(seed=1, pace="instant").rulings_text()
    assert "CW-PICKUP" in text and "CW-EMPTY" in text and "(fixed)" in text


def test_rules_can_be_given_as_settings() -> None:
    app = classic_war_app(seed=4, rules={"battle_limit": None}, pace="instant")
    assert "Battle 0 of no limit" in app.table_text()


def test_show_everything_reveals_face_down_cards_and_both_decks() -> None:
    app = classic_war_app(stacked=WORKED_EXAMPLE, pace="instant")
    app.press("Turn cards")
    assert "four of clubs" not in app.table_text()
    app.show_everything.value = True
    shown = app.table_text()
    assert "four of clubs, laid face down" in shown
    assert "five of diamonds, laid face down" in shown
    assert "Deck, top card first" in shown
    app.show_everything.value = False
    assert "four of clubs" not in app.table_text()


def test_the_banner_says_who_won_and_why() -> None:
    app = classic_war_app(stacked=("KD", "7C"), pace="instant")
    assert app.banner_text() == ""
    app.press("Turn cards")
    assert app.banner_text() == "You win! You hold all 2 cards: you win the game."
    assert "Turn cards" not in app.labels()  # at the end, no choice is left on show
    with pytest.raises(BadInput, match="no 'Turn cards' button"):
        app.press("Turn cards")
    app.press("Undo")
    assert app.banner_text() == ""


def test_a_long_game_keeps_the_log_short() -> None:
    app = classic_war_app(seed=30, rules={"battle_limit": None}, pace="instant")
    press(app, "Play 10 battles", 6)
    shown_battles = {int(m) for t in app.log_texts() for m in re.findall(r"^Battle (\d+)", t)}
    assert max(shown_battles) == 60 and min(shown_battles) == 60 - LOG_STEPS + 1
    assert "Earlier steps are on the timeline" in app._log.value


def test_the_app_prints_without_random_numbers() -> None:
    assert repr(classic_war_app(pace="instant")) == "GameApp(Classic War)"


def test_the_worked_example_shows_the_war_face_up() -> None:
    html = worked_example_html()
    assert 'aria-label="king of diamonds"' in html
    assert 'aria-label="four of clubs, laid face down"' in html
    assert "your king beats the computer&#x27;s seven" in html


# The shell is shared by every variant; a tiny game with a computer opponent checks
# that the computer moves by itself and that undo skips back over its moves.


@dataclass(frozen=True)
class Said:
    player: int
    number: int
    total: int
    rule: str = "T-1"


@dataclass(frozen=True)
class Reached:
    winner: int
    rule: str = "T-2"


@dataclass(frozen=True)
class NoRulings:
    pass


class CountToFive:
    """Players take turns adding one or two; whoever brings the total to five wins."""

    name = "count_to_five"
    title = "Count to five"
    rules_type = NoRulings
    rule_titles: ClassVar[dict[str, str]] = {
        "T-1": "rule 1: add one or two", "T-2": "rule 2: five wins",
    }

    def player_names(self, rules: Any) -> tuple[str, ...]:
        return ("You", "Computer")

    def new_game(self, rules: Any, seed: int, stacked: Any = None) -> tuple[Any, tuple[Any, ...]]:
        return (0, 0), ()

    def decision(self, state: tuple[int, int]) -> Decision | None:
        total, player = state
        return None if total >= 5 else Decision(player, "add", ("one", "two"))

    def apply(self, state: tuple[int, int], action: str) -> tuple[Any, tuple[Any, ...]]:
        check_action(self, state, action)
        total, player = state
        total += 1 if action == "one" else 2
        return (total, 1 - player), (Said(player, 1 if action == "one" else 2, total),)

    def explain(self, event: Any) -> str:
        if isinstance(event, Reached):
            return f"Player {event.winner} reached five."
        return f"Player {event.player} adds {event.number}: {event.total}."

    def why_not(self, state: tuple[int, int], action: object) -> str | None:
        return plain_refusal(self, state, action)

    def view(self, state: Any, player: int | None) -> Any:
        return state

    def outcome(self, state: tuple[int, int]) -> Outcome | None:
        total, player = state
        return Outcome((1 - player,), Reached(1 - player)) if total >= 5 else None

    def summarize(self, game: Game[Any]) -> Any:
        raise NotImplementedError


class CountingTable:
    autoplay_label = "Play 10 turns"

    def action_label(self, action: str) -> str:
        return f"Add {action}"

    def table_html(self, view: Any, events: tuple[Any, ...]) -> str:
        return f"<p>Total: {view[0]}</p>"


def counting_app() -> GameApp:
    return GameApp(CountToFive(), CountingTable(), human=0, agents={1: first_legal_agent}, seed=0,
                   pace="instant")


def test_the_computer_answers_each_of_your_moves() -> None:
    app = counting_app()
    app.press("Add two")
    assert app.table_text() == "Total: 3"
    assert app.cursor == 2
    app.teacher_view.value = True
    assert app.log_texts() == ["Player 1 adds 1: 3. (rule 1: add one or two)",
                               "Player 0 adds 2: 2. (rule 1: add one or two)"]


def test_undo_skips_back_over_the_computers_move() -> None:
    app = counting_app()
    press(app, "Add one", 2)
    app.press("Undo")
    assert (app.cursor, app.table_text()) == (2, "Total: 2")
    app.press("Redo")
    assert (app.cursor, app.table_text()) == (4, "Total: 4")


def test_the_computer_can_win() -> None:
    app = counting_app()
    app.press("Add two")  # 2, and the computer makes it 3
    app.press("Add one")  # 4, and the computer makes it 5
    assert app.banner_text() == "Computer wins. Player 1 reached five."
    assert "Add one" not in app.labels()


def test_a_typed_seed_gives_the_same_game_with_computer_players_on_every_screen(
    tmp_path: Path,
) -> None:
    """A class replays one deal: the computers' agents are made afresh from the typed seed."""
    from wartutor.ui import arsenal_app

    teacher = arsenal_app(tmp_path / "teacher", seed=5, pace="instant").match
    student = arsenal_app(tmp_path / "student", seed=99, pace="instant").match
    student.seed_box.value = "5"
    student.press("New round")
    for app in (teacher, student):
        app.press("Play 10 random cards")
    assert student.game.actions == teacher.game.actions
    assert len(teacher.game.actions) >= 10  # both sides really chose cards


def test_the_log_draws_a_line_only_where_your_turns_begin() -> None:
    """A line between two computer steps would show that a computer was asked something."""
    app = counting_app()
    press(app, "Add one", 2)  # steps: you 1, computer 2, you 3, computer 4
    assert app.game.actions == ("one", "one", "one", "one")
    assert app._log.value.count("wt-step-start") == 2


def test_the_log_words_a_step_again_once_it_is_undone_and_played_otherwise() -> None:
    game = Game.new(find_variant("arsenal"), seed=5)  # the NPC's lead is your choice here
    assert game.decision is not None
    first, other = (game.play(a) for a in game.decision.legal_actions[:2])
    log, n = GameLog(), len(first.steps) - 1
    assert log.entries(first, n, 0, None)[n] != GameLog().entries(other, n, 0, None)[n]
    assert log.entries(other, n, 0, None) == GameLog().entries(other, n, 0, None)
    with speaking(0, ("Ada", "Bo")):  # another voice: every step worded again
        assert log.entries(other, n, 1, ("Ada", "Bo")) == GameLog().entries(
            other, n, 1, ("Ada", "Bo"))


def test_the_rulings_menus_say_yes_no_and_seats_by_name() -> None:
    from wartutor.ui.rulings import RulingsPanel
    from wartutor.variants import find_variant

    panel = RulingsPanel(find_variant("trade_war"))
    labels = {name: [label for label, _ in menu.options] for name, menu in panel.menus.items()}
    assert labels["ask_hold"] == ["no", "yes"]  # not False / True
    assert labels["first_player"] == ["random", "you", "Computer 1", "Computer 2",
                                      "Computer 3", "Computer 4"]  # not 0 1 2 3 4
    panel.menus["first_player"].label = "Computer 2"  # a label picks its seat's number
    assert panel.chosen()["first_player"] == 2
    war_room = RulingsPanel(find_variant("war_room"))
    assert [label for label, _ in war_room.menus["first_player"].options][1:3] == ["you", "Ana"]
