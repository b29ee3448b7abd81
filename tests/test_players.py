"""Players, beside New round in every app with seats: how many play, and which seats are
people. Two or more people are pass and play, built with that mode's parts only."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import ipywidgets as widgets
import pytest
from test_hostile_names import HOSTILE, leaks, on_screen

from wartutor.core import Game
from wartutor.core.errors import BadInput
from wartutor.ui import (
    arsenal_app,
    classic_war_app,
    guerrilla_tactics_app,
    trade_war_app,
    war_room_app,
)
from wartutor.ui.classic_war import ClassicTable
from wartutor.ui.players import COMPUTER, PERSON, PlayersPanel
from wartutor.ui.shell import PASS_AND_PLAY, ROOM, SINGLE_PLAYER, GameApp
from wartutor.ui.widget_tree import held_widgets
from wartutor.variants.classic_war import CLASSIC_WAR
from wartutor.variants.guerrilla_tactics import GUERRILLA_TACTICS

APPS: dict[str, Callable[..., GameApp]] = {
    "classic_war": classic_war_app,
    "guerrilla_tactics": guerrilla_tactics_app,
    "war_room": war_room_app,
    "trade_war": trade_war_app,
}
COUNTED = ("guerrilla_tactics", "war_room", "trade_war")  # Classic War is always two
# What every pass-and-play screen lacks: each would show one player another's cards.
PEEKS = ("Undo", "Redo", "Show everything (teacher)", "Seed", "Join", "Join deal", "Step")


def app_of(name: str) -> GameApp:
    return APPS[name](seed=3, pace="instant")


def panel(app: GameApp) -> PlayersPanel:
    assert app.players is not None
    return app.players


def seat_people(app: GameApp, names: dict[int, str]) -> None:
    """Make these seats people with these names (the others stay as they are), as a teacher
    would in the Players panel, and press New round."""
    players = panel(app)
    players.button.value = True
    for seat, name in names.items():
        kind = players.kinds[seat]
        if kind is not None:
            kind.value = PERSON
        players.name_boxes[seat].value = name
    app.press("New round")


def described(app: widgets.Widget) -> set[str]:
    """The words on every widget the app holds, shown or kept aside."""
    return {getattr(w, "description", "") for w in held_widgets(app)}


def hands_dealt(app: GameApp) -> int:
    dealt = app.game.steps[0].events[0]
    sizes = next(getattr(dealt, f) for f in ("pile_sizes", "stack_sizes", "hand_sizes")
                 if hasattr(dealt, f))
    return len(sizes)


# How many

@pytest.mark.parametrize("name", COUNTED)
def test_choosing_four_players_deals_four_hands(name: str) -> None:
    app = app_of(name)
    players = panel(app)
    assert players.count is not None
    players.count.value = 4
    assert players.about_text() == "You against 3 computer players."
    app.press("New round")
    assert hands_dealt(app) == 4 and app.game.rules.players == 4
    fourth = app.game.variant.player_names(app.game.rules)[3]
    assert fourth in app.table_text()
    assert app.parts == SINGLE_PLAYER  # one person: the same app, dealt again
    assert "Undo" in described(app)


@pytest.mark.parametrize("name", COUNTED)
def test_the_count_offered_is_the_one_the_rules_allow(name: str) -> None:
    app = app_of(name)
    players = panel(app)
    assert players.count is not None
    meta = {"guerrilla_tactics": (2, 3, 4), "war_room": (2, 3, 4, 5), "trade_war": (2, 3, 4, 5)}
    assert [value for _, value in players.count.options] == list(meta[name])
    assert len(players.kinds) == len(players.name_boxes) == max(meta[name])


def test_classic_war_has_two_seats_and_no_count_to_choose() -> None:
    app = app_of("classic_war")
    players = panel(app)
    assert players.count is None and len(players.kinds) == 2
    assert players.kinds[0] is None  # seat 1 is the one at the screen
    assert players.about_text() == "You against the computer."


@pytest.mark.parametrize("name", COUNTED)
def test_the_rulings_panel_no_longer_offers_the_count(name: str) -> None:
    app = app_of(name)
    assert "players" not in app.rulings.menus
    ruling = {"guerrilla_tactics": "GT-PLAYERS", "war_room": "WR-PLAYERS",
              "trade_war": "TW-PLAYERS"}[name]
    assert ruling not in described(app)  # no menu for it anywhere in the app
    panel(app).count.value = 4  # type: ignore[union-attr]
    app.press("New round")
    assert f"{ruling} How many" in app.rulings_text()  # the table still says it ...
    row = app.rulings_text().split(ruling)[1]
    assert row.split("?")[1].strip().startswith("4")  # ... with the count in play


def test_a_changed_ruling_and_the_count_come_to_the_table_together() -> None:
    app = app_of("guerrilla_tactics")
    app.rulings.menus["ace"].value = "low"
    panel(app).count.value = 3
    app.press("New round")
    assert (app.game.rules.ace, app.game.rules.players) == ("low", 3)
    app.press("New round")  # nothing changed: the same rulings and players again
    assert (app.game.rules.ace, app.game.rules.players) == ("low", 3)


# Which seats are people

@pytest.mark.parametrize("name", list(APPS))
def test_two_people_play_at_one_screen_with_no_way_to_see_another_hand(name: str) -> None:
    app = app_of(name)
    old_undo = next(w for w in held_widgets(app) if getattr(w, "description", "") == "Undo")
    seat_people(app, {0: "Maya", 1: "Leo"})
    assert app.parts == PASS_AND_PLAY
    assert not described(app) & set(PEEKS)
    assert app.timeline is None and app.show_everything is None and app.seed_box is None
    # The old mode's Undo is closed, not hidden: the page can no longer reach it.
    assert old_undo.comm is None
    assert "Leo" in app.table_text() + app.happened_text()
    assert panel(app).about_text().startswith("Pass and play: 2 people take turns")


@pytest.mark.parametrize("name", COUNTED)
def test_a_pass_and_play_turn_passes_the_screen_to_the_next_person(name: str) -> None:
    app = app_of(name)
    panel(app).count.value = 3
    seat_people(app, {1: "Leo", 2: "Ana Sofía"})
    assert hands_dealt(app) == 3
    seen = []
    for _ in range(12):  # people's turns, each behind the curtain until Ready
        if "Ready" in app.labels():
            seen.append(app.table_text())
            app.press("Ready")
            continue
        decision = app.game.decision
        if decision is None:
            break
        app.choose(decision.legal_actions[0])
    curtains = [text for text in seen if "Pass the screen to" in text]
    assert any("Pass the screen to Leo" in t or "Pass the screen to Ana Sofía" in t
               for t in curtains)


def test_back_to_one_person_brings_undo_and_the_teachers_look_back() -> None:
    app = app_of("guerrilla_tactics")
    seat_people(app, {1: "Leo"})
    assert app.parts == PASS_AND_PLAY
    players = panel(app)
    kind = players.kinds[1]
    assert kind is not None and kind.value == PERSON and players.name_boxes[1].value == "Leo"
    kind.value = COMPUTER
    app.press("New round")
    assert app.parts == SINGLE_PLAYER and app.show_everything is not None
    assert "Undo" in described(app)
    assert app.game.rules.declare == "those-able"  # against computers, the rule text's own


def test_people_play_under_the_rulings_that_give_no_hand_away_unless_the_teacher_chose() -> None:
    app = app_of("guerrilla_tactics")
    app.rulings.menus["ace"].value = "low"
    seat_people(app, {1: "Leo"})
    assert (app.game.rules.declare, app.game.rules.ace) == ("everyone", "low")
    app.rulings.menus["declare"].value = "those-able"  # the teacher's choice is heard
    app.press("New round")
    assert app.game.rules.declare == "those-able"


def test_a_seat_coming_to_the_table_is_played_as_the_seat_before_it() -> None:
    app = app_of("war_room")
    players = panel(app)
    assert players.count is not None
    players.count.value = 3
    assert [k.value for k in players.kinds[1:3] if k is not None] == [COMPUTER, COMPUTER]
    seat_people(app, {1: ""})
    players = panel(app)  # a new mode: a new panel
    assert players.count is not None
    players.count.value = 4
    assert [k.value for k in players.kinds[1:4] if k is not None] == [PERSON, COMPUTER, COMPUTER]


def test_what_the_screen_reads_like_stays_when_the_app_is_made_again() -> None:
    app = app_of("trade_war")
    app.large_print.value = app.teacher_view.value = True
    app.pace.value = "slow"
    seat_people(app, {1: "Leo"})
    assert app.large_print.value and app.teacher_view.value and app.pace.value == "slow"
    assert "wt-large" in app._dom_classes


def test_switching_back_and_forth_leaves_no_widget_behind() -> None:
    from ipywidgets.widgets.widget import _instances

    app = app_of("trade_war")  # its Whom and Rank menus are the design's own
    there_before = set(_instances)
    for kind in (PERSON, COMPUTER, PERSON):
        held = held_widgets(app)
        kinds = panel(app).kinds
        assert kinds[1] is not None
        kinds[1].value = kind
        app.press("New round")
        assert all(w.comm is None for w in held - held_widgets(app))  # the old mode's, closed
    # Every widget made since is one the app holds now: none was left open behind it.
    held_now = {w.model_id for w in held_widgets(app)}
    assert set(_instances) - there_before <= held_now


def test_the_same_people_again_deal_a_new_round_without_building_the_app_again() -> None:
    app = app_of("guerrilla_tactics")
    seat_people(app, {1: "Leo"})
    ready = next(w for w in held_widgets(app) if getattr(w, "description", "") == "Ready")
    app.press("New round")
    assert ready.comm is not None and ready in held_widgets(app)


# Names

def test_names_are_checked_and_a_refused_name_changes_nothing() -> None:
    app = app_of("guerrilla_tactics")
    players = panel(app)
    assert players.count is not None
    players.count.value = 3
    app.press("New round")
    game, parts = app.game, app.parts
    for typed, refusal in [
        ("<b>Maya</b>", "holds '<', which a name may not hold"),
        ("M\u0430ya", "mixes Latin and Cyrillic letters"),
        ("x" * 21, "has 21 characters, 1 too many"),
        ("Ana", "seats 2 and 3 are both called 'Ana'"),  # seat 2 is the computer Ana
        ("you", "cannot be called 'you'"),
    ]:
        kind = players.kinds[2]
        assert kind is not None
        kind.value = PERSON
        players.name_boxes[2].value = typed
        assert refusal.lower() in players.message_text().lower()
        with pytest.raises(BadInput):
            players.seating()
        app.press("New round")
        assert refusal.lower() in app.message_text().lower()
        assert app.game is game and app.parts == parts  # nothing changed
    players.name_boxes[2].value = "  Maya  "
    assert players.message_text() == ""
    app.press("New round")
    assert app.parts == PASS_AND_PLAY and "Maya" in app.table_text()


def test_a_hostile_name_never_becomes_markup_in_the_page() -> None:
    app = app_of("trade_war")
    players = panel(app)
    players.button.value = True
    kind = players.kinds[1]
    assert kind is not None
    kind.value = PERSON
    for hostile in HOSTILE:
        players.name_boxes[1].value = hostile
        assert players.message_text().startswith("The name")
        for shown in on_screen(app):
            if shown.markup:
                assert not leaks(shown.content, HOSTILE), (hostile, shown.where)
    # A name that may hold an apostrophe is shown as text.
    players.name_boxes[1].value = "O'Neil"
    app.press("New round")
    pages = [s.content for s in on_screen(app) if s.markup]
    assert "O'Neil" in app.table_text()  # shown as typed ...
    assert any("O&#x27;Neil" in page for page in pages)  # ... escaped wherever HTML is made
    assert not any("O'Neil" in page for page in pages)


# Where there is no Players

def test_arsenal_has_no_seats_to_choose(tmp_path: Any) -> None:
    app = arsenal_app(data_dir=tmp_path, seed=1, pace="instant")
    assert app.match.players is None
    assert "Players" not in described(app)


def test_a_room_builds_no_players_control() -> None:
    app = GameApp(GUERRILLA_TACTICS, _guerrilla_table(), seed=1, parts=ROOM, pace="instant")
    assert app.players is None and "Players" not in described(app)


def _guerrilla_table() -> Any:
    from wartutor.ui.guerrilla_tactics import GuerrillaTable

    return GuerrillaTable()


def test_a_lesson_position_is_played_by_two_people_at_one_screen_too() -> None:
    played = Game.new(CLASSIC_WAR, seed=2)
    position = CLASSIC_WAR.position_of(played.state)
    app = GameApp(CLASSIC_WAR, ClassicTable(), position=position, seed=1, pace="instant")
    seat_people(app, {1: "Leo"})
    assert app.parts == PASS_AND_PLAY and app.game.position == position


def test_a_lesson_keeps_its_number_of_players_and_says_so() -> None:
    lesson = GUERRILLA_TACTICS.position_of(Game.new(GUERRILLA_TACTICS, seed=2).state)
    app = guerrilla_tactics_app(position=lesson, seed=1, pace="instant")
    players = panel(app)
    assert players.count is not None and players.count.disabled
    assert players.about_text().startswith("This lesson is set for its own number of players")
    app.join_deal("GT-7")  # a deal code leaves the lesson: the count is free again
    assert not players.count.disabled and "lesson" not in players.about_text()


def test_a_new_mode_that_cannot_be_dealt_is_refused_and_the_app_goes_on() -> None:
    lesson = GUERRILLA_TACTICS.position_of(Game.new(GUERRILLA_TACTICS, seed=2).state)
    app = guerrilla_tactics_app(position=lesson, seed=1, pace="instant")
    before = held_widgets(app)
    players = panel(app)
    assert players.count is not None
    players.count.value = 3  # from Python, past the greyed-out menu: the engine refuses
    seat_people(app, {2: "Leo"})
    assert "not a list of 3 seats" in app.message_text()
    assert held_widgets(app) == before and all(w.comm is not None for w in before)
    assert app.parts == SINGLE_PLAYER
    app.press(app.labels()[0])  # and it plays on
    assert app.message_text() == ""


def test_at_a_shared_screen_the_banner_names_the_winner_not_you() -> None:
    app = GameApp(CLASSIC_WAR, ClassicTable(), humans=(0, 1), names=("Maya", "Leo"),
                  stacked=("KD", "7C"), pace="instant")
    for _ in range(4):  # behind the curtain until Ready, then the one turn
        if app.game.outcome is not None:
            break
        app.press("Ready" if "Ready" in app.labels() else "Turn cards")
    assert app.banner_text().startswith("Maya wins.")
    assert "You win" not in app.banner_text()


@pytest.mark.parametrize("name", ["guerrilla_tactics", "trade_war"])
def test_with_every_seat_a_person_there_is_no_computers_menu(name: str) -> None:
    app = app_of(name)
    assert "Computers" in described(app)  # one person: the computers' player is chosen
    panel(app).count.value = 2
    seat_people(app, {1: "Leo"})
    assert app.opponent is None and "Computers" not in described(app)
    panel(app).count.value = 3  # a computer at the table again: its menu comes back
    seat = panel(app).kinds[2]
    assert seat is not None
    seat.value = COMPUTER
    app.press("New round")
    assert app.opponent is not None and "Computers" in described(app)
