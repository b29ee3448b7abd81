"""Set up a position by clicking: what a teacher places is what from_position plays.

Each test presses the editor's buttons as a browser would (``button.click()``), then
compares the app's game with the same position written out and given to
``Game.from_position``: the same state, and the same moves from there.
"""

from __future__ import annotations

import base64
import copy
import json
import re
from datetime import UTC, datetime
from typing import Any

import pytest

from wartutor.core.engine import Game
from wartutor.core.errors import BadInput
from wartutor.core.trace import Trace
from wartutor.ui import (
    arsenal_app,
    classic_war_app,
    guerrilla_tactics_app,
    trade_war_app,
    war_room_app,
)
from wartutor.ui.render import text_of
from wartutor.ui.setup_lessons import MAX_LESSON_BYTES
from wartutor.ui.setup_places import position_module
from wartutor.ui.setup_position import BOX, SetupPanel
from wartutor.ui.shell import ROOM, GameApp
from wartutor.variants import find_variant

WORKED_EXAMPLE = {"stage": "play", "battles": 0, "wars": 0,
                  "decks": {"you": "9S 4C KD 2H", "computer": "9H 5D 7C 3S"},
                  "last_battle": {"you": "", "computer": ""}, "unclaimed": "", "winner": None,
                  "ending": None, "stacked": True}


def opened(app: GameApp) -> SetupPanel:
    app.press("Set up a position")
    panel = app.set_up
    assert isinstance(panel, SetupPanel) and panel in app.set_up_place.children
    return panel


def move(panel: SetupPanel, codes: str, to: str, where: str | None = None) -> None:
    """Pick each card (from ``where``), then press the place's Put in button."""
    for code in codes.split():
        panel.card_button(code, where).click()
    panel.put_button(to).click()


def plays_as(app: GameApp, position: dict[str, Any]) -> None:
    """The app's game is ``position`` given to from_position: same state, same next moves."""
    game = app.game
    expected = Game.from_position(game.variant, game.rules, position, game.seed)
    assert game.steps[0].state == expected.state
    assert game.position == expected.position
    for _ in range(3):  # the same moves from there, whoever makes them
        decision = expected.decision
        if decision is None:
            break
        action = decision.legal_actions[0]
        expected = expected.play(action)
        game = game.upto(0).play(action) if len(game.steps) == 1 else game.play(action)
        assert game.state == expected.state


def table_position(app: GameApp) -> dict[str, Any]:
    game = app.game.upto(app.cursor)
    return position_module(game.variant).position_of(game.state)


def test_classic_war_the_worked_example_placed_card_by_card_plays_as_written() -> None:
    app = classic_war_app(seed=4, pace="instant")
    panel = opened(app)
    panel.empty.click()
    assert len(panel.zone_codes()[BOX]) == 52
    move(panel, "9S 4C KD 2H", "Your deck, top card first")
    move(panel, "9H 5D 7C 3S", "The computer's deck, top card first")
    assert panel.status_text() == "This position can be played."
    panel.play_button.click()
    assert not app.set_up_place.children  # the editor makes way for the game
    plays_as(app, WORKED_EXAMPLE)
    app.press("Turn cards")
    assert "both turn a nine" in " ".join(app.log_texts())


def test_guerrilla_tactics_hands_swapped_by_clicking_play_as_written() -> None:
    app = guerrilla_tactics_app(seed=3, pace="instant")
    panel = opened(app)
    position = table_position(app)
    mine, hers = (s["hand"].split() for s in position["seats"])
    move(panel, mine[0], "Ana's hand")
    move(panel, hers[0], "Your hand")
    position["seats"][0]["hand"] = f"{mine[1]} {hers[0]}"
    position["seats"][1]["hand"] = f"{hers[1]} {mine[0]}"
    panel.play_button.click()
    plays_as(app, position)


def test_war_room_revealed_cards_swapped_show_their_printed_values() -> None:
    app = war_room_app(seed=3, pace="instant")
    panel = opened(app)
    position = table_position(app)
    mine, hers = position["revealed"]
    move(panel, mine, "Ana's revealed card", "Your revealed card")
    move(panel, hers, "Your revealed card", "Ana's revealed card")
    position["revealed"] = [hers, mine]
    position["vc"] = [None, None]  # a card newly revealed shows its printed VC
    panel.play_button.click()
    plays_as(app, position)


def test_trade_war_hands_swapped_by_clicking_play_as_written() -> None:
    app = trade_war_app(seed=3, pace="instant")
    panel = opened(app)
    position = table_position(app)
    mine, his = (hand.split() for hand in position["hands"][:2])
    move(panel, mine[-1], "Computer 1's hand")
    move(panel, his[0], "Your hand")
    position["hands"][:2] = [" ".join([*mine[:-1], his[0]]), " ".join([*his[1:], mine[-1]])]
    panel.play_button.click()
    plays_as(app, position)


def choose(panel: SetupPanel, path: tuple[object, ...], label: str) -> None:
    menu = next(w for c, w in panel._controls if c.path == path)
    menu.value = [option for option, _ in menu.options].index(label)


def test_trade_war_a_battle_set_up_on_an_empty_table_plays_as_written() -> None:
    app = trade_war_app(seed=3, pace="instant")
    panel = opened(app)
    position = table_position(app)
    assert position["battle"] is None and position["instigator"] == 0
    staked = position["hands"][1].split()[0]
    choose(panel, ("stage",), "attack")
    assert "Not yet: The stage is 'attack' and there is no battle" not in panel.status_text()
    choose(panel, ("battle", "defender"), "Computer 1")
    choose(panel, ("battle", "rank"), staked[:-1])
    move(panel, staked, "The battle: stake")
    position |= {"stage": "attack", "battle": {
        "defender": 1, "rank": staked[:-1], "stake": staked, "attack": "", "defence": "",
        "earlier": "", "earlier_attack": ""}}
    position["hands"][1] = " ".join(position["hands"][1].split()[1:])
    panel.play_button.click()
    plays_as(app, position)


def test_trade_wars_jokers_go_by_the_names_the_app_gives_them() -> None:
    app = trade_war_app(seed=3, pace="instant", joker_names=("Robin", "Hood"))
    panel = opened(app)
    assert panel.card_button("MJ").description == "Robin"
    assert panel.card_button("PJ").tooltip == "the Hood joker (PJ)"
    assert "Knocked out by Hood" in panel.zone_codes()
    move(panel, "PJ", "Knocked out by Hood")
    assert "Hood is among the removed cards" in panel.status_text()
    assert "Putin" not in panel.status_text()


def test_arsenal_a_hand_card_swapped_with_the_pile_plays_as_written(tmp_path: Any) -> None:
    app = arsenal_app(tmp_path, seed=5, pace="instant").match
    panel = opened(app)
    position = table_position(app)
    hand, pile = position["hands"]["you"].split(), position["pile"].split()
    move(panel, hand[0], "The pile, top card first")
    move(panel, pile[0], "Your hand")
    position["hands"]["you"] = " ".join([*hand[1:], pile[0]])
    position["pile"] = " ".join([*pile[1:], hand[0]])
    panel.play_button.click()
    plays_as(app, position)


def test_the_stage_menu_offers_every_stage_the_variant_names() -> None:
    for make in (classic_war_app, guerrilla_tactics_app, war_room_app, trade_war_app):
        app = make(seed=1, pace="instant")
        panel = opened(app)
        stage = next(w for c, w in panel._controls if c.path == ("stage",))
        offered = [label for label, _ in stage.options]
        assert offered == [s.name for s in app.game.variant.stages()]


def test_a_guerrilla_skirmish_set_up_before_the_draw_plays_on_as_the_rules_do() -> None:
    app = guerrilla_tactics_app(seed=3, pace="instant")
    panel = opened(app)
    position = table_position(app)
    mine, hers = (s["hand"].split() for s in position["seats"])
    move(panel, " ".join(mine), "Your draw pile, top card first", "Your hand")
    move(panel, " ".join(hers), "Ana's draw pile, top card first", "Ana's hand")
    stage = next(w for c, w in panel._controls if c.path == ("stage",))
    stage.value = [label for label, _ in stage.options].index("before-the-draw")
    turn = next(w for c, w in panel._controls if c.path == ("to_choose",))
    turn.value = [label for label, _ in turn.options].index("as the rules say")
    assert "nobody has drawn yet" in text_of(panel.stage_note.value)
    for seat, hand in zip(position["seats"], (mine, hers), strict=True):
        seat["draw"], seat["hand"] = " ".join([*seat["draw"].split(), *hand]), ""
    position["stage"] = "before-the-draw"
    del position["to_choose"]
    assert panel.refusal() is None, panel.refusal()
    panel.play_button.click()
    plays_as(app, position)
    assert len(app.game.steps[0].events) > 1  # the draw, played out from the position


def test_a_bad_setup_shows_from_positions_own_refusal_and_loses_nothing() -> None:
    app = classic_war_app(seed=4, pace="instant")
    panel = opened(app)
    panel.empty.click()
    move(panel, "9S 4C KD", "Your deck, top card first")
    written = copy.deepcopy(WORKED_EXAMPLE) | {"decks": {"you": "9S 4C KD", "computer": ""}}
    with pytest.raises(BadInput) as refused:
        Game.from_position(app.game.variant, app.game.rules, written, app.game.seed)
    said = str(refused.value)
    assert panel.status_text() == f"Not yet: {said[:1].upper()}{said[1:]}"
    assert "a player without cards" in said
    assert panel.play_button.disabled and panel.save_button.disabled
    assert panel.zone_codes()["Your deck, top card first"] == ["9S", "4C", "KD"]
    move(panel, "9H", "The computer's deck, top card first")
    assert panel.status_text() == "This position can be played."


def test_a_counter_typed_wrong_is_refused_in_the_positions_words() -> None:
    app = classic_war_app(seed=4, pace="instant")
    panel = opened(app)
    battles = next(w for c, w in panel._controls if c.path == ("battles",))
    battles.value = "lots"
    assert panel.status_text().startswith("Not yet: The number of battles played is 'lots'")
    battles.value = "0"
    assert panel.status_text() == "This position can be played."


def test_the_box_takes_cards_out_and_a_stage_menu_changes_the_stage() -> None:
    app = classic_war_app(seed=4, pace="instant")
    panel = opened(app)
    panel.empty.click()
    move(panel, "9S 4C KD 2H", "Your deck, top card first")
    move(panel, "9H 5D 7C 3S", "The computer's deck, top card first")
    move(panel, "2H", BOX)
    assert panel.zone_codes()["Your deck, top card first"] == ["9S", "4C", "KD"]
    assert "2H" in panel.zone_codes()[BOX]
    stage = next(w for c, w in panel._controls if c.path == ("stage",))
    stage.value = [label for label, _ in stage.options].index("over")
    assert "a game that is over has no ending" in panel.status_text().lower()


def test_pick_all_moves_a_whole_place_in_its_order() -> None:
    panel = opened(classic_war_app(seed=4, pace="instant"))
    deck = panel.zone_codes()["Your deck, top card first"]
    panel.pick_all_button("Your deck, top card first").click()
    panel.put_button("The computer's deck, top card first").click()
    assert panel.zone_codes()["Your deck, top card first"] == []
    assert panel.zone_codes()["The computer's deck, top card first"][26:] == deck
    assert "Before the first battle you hold 0 cards and the computer 52" in panel.status_text()


def test_a_picked_card_is_marked_and_a_second_press_puts_it_down() -> None:
    panel = opened(classic_war_app(seed=4, pace="instant"))
    button = panel.card_button("9S")
    button.click()
    assert button.description.startswith("✓") and "wt-picked" in button._dom_classes
    button.click()
    assert not button.description.startswith("✓") and "wt-picked" not in button._dom_classes


def lesson_file(panel: SetupPanel) -> bytes:
    panel.save_button.click()
    data = re.search(r"base64,([A-Za-z0-9+/=]+)", panel.links.value)
    assert data is not None
    return base64.b64decode(data.group(1))


def test_a_lesson_file_opens_the_same_position_in_another_app() -> None:
    app = classic_war_app(seed=4, pace="instant")
    panel = opened(app)
    panel.empty.click()
    move(panel, "9S 4C KD 2H", "Your deck, top card first")
    move(panel, "9H 5D 7C 3S", "The computer's deck, top card first")
    saved = lesson_file(panel)
    assert Trace.from_json(saved.decode()).position == WORKED_EXAMPLE
    other = classic_war_app(seed=99, pace="instant")
    again = opened(other)
    again.open_lesson(saved)
    assert again.message_text() == ""
    assert again.zone_codes()["Your deck, top card first"] == ["9S", "4C", "KD", "2H"]
    again.play_button.click()
    assert other.game.seed == 4  # the lesson's seed: the same chance follows
    plays_as(other, WORKED_EXAMPLE)


def test_a_position_written_by_hand_opens_too() -> None:
    panel = opened(classic_war_app(seed=4, pace="instant"))
    panel.open_lesson(json.dumps(WORKED_EXAMPLE).encode())
    assert panel.zone_codes()["The computer's deck, top card first"] == ["9H", "5D", "7C", "3S"]


def test_a_few_cards_on_an_empty_table_travel_as_a_lesson_code() -> None:
    panel = opened(classic_war_app(seed=4821, pace="instant"))
    assert "No lesson code fits" in panel.code_text()  # 52 cards: the lesson file carries them
    panel.empty.click()
    move(panel, "9S 4C KD 2H", "Your deck, top card first")
    move(panel, "9H 5D 7C 3S", "The computer's deck, top card first")
    assert panel.code_text().startswith("Lesson code: CW-4821/9S.4C.KD.2H/9H.5D.7C.3S ")
    student = classic_war_app(seed=7, pace="instant")
    theirs = opened(student)
    theirs.code_box.value = " cw-4821 / 9s.4c.kd.2h / 9h.5d.7c.3s "
    theirs.open_code.click()
    assert theirs.message_text() == "" and theirs.code_box.value == ""
    theirs.play_button.click()
    assert student.game.seed == 4821
    plays_as(student, WORKED_EXAMPLE)


@pytest.mark.parametrize(("typed", "words"), [
    ("", "the deal code box is empty"),
    ("GT-4821/2S", "a code of another game"),
    ("CW-4821/9S.ZZ", "'ZZ', which is not a card"),
    ("CW-4821/9S.9S", "'9S', which is not a card of this game's deck, or is there once too often"),
    ("CW-4821/9S/9H//2C", "names 4 places"),
    ("CW-4821/" + "9S." * 100, "more than 120"),
    ("<script>/9S", "is not a deal code"),
])
def test_a_hostile_lesson_code_is_refused_and_changes_nothing(typed: str, words: str) -> None:
    panel = opened(classic_war_app(seed=4, pace="instant"))
    before = panel.zone_codes()
    panel.code_box.value = typed
    panel.open_code.click()
    assert words.lower() in panel.message_text().lower()
    assert panel.zone_codes() == before and "<script>" not in panel.message.value


HOSTILE = {
    "too large": (b" " * (MAX_LESSON_BYTES + 1), "more than 200,000"),
    "not text": (b"\xff\xfe\x00junk", "not text"),
    "not JSON": (b"{'stage': 'play'", "not valid JSON"),
    "nested without end": (b"[" * 5000 + b"]" * 5000, "nested more than"),
    "a list": (b"[1, 2, 3]", "holds [1, 2, 3]"),
    "a bad position": (json.dumps(WORKED_EXAMPLE | {"battles": -1}).encode(),
                       "the number of battles played is -1"),
    "markup in a key": (json.dumps(WORKED_EXAMPLE | {"<img src=x onerror=alert(1)>": 1})
                        .encode(), "unknown key"),
    "another game": (Trace.of(Game.new(find_variant("war_room"), None, 1)).to_json()
                     .encode(), "a game of 'war_room'"),
    "a tampered trace": (Trace.of(Game.from_position(find_variant("classic_war"), None,
                                                     WORKED_EXAMPLE, 4)).to_json()
                         .replace('"9S 4C', '"9S 9S').encode(), "9S"),
}


@pytest.mark.parametrize("name", HOSTILE)
def test_a_hostile_lesson_file_is_refused_with_a_clear_message(name: str) -> None:
    content, words = HOSTILE[name]
    app = classic_war_app(seed=4, pace="instant")
    panel = opened(app)
    before = panel.zone_codes()
    panel.upload.value = ({"name": "lesson.json", "type": "application/json",
                           "size": len(content), "content": memoryview(content),
                           "last_modified": datetime.now(UTC)},)
    said = panel.message_text()
    assert words.lower() in said.lower() and said.endswith("Nothing was changed.")
    assert "<img" not in panel.message.value
    assert panel.zone_codes() == before and not panel.upload.value


def test_closing_and_opening_again_keeps_what_was_placed() -> None:
    app = classic_war_app(seed=4, pace="instant")
    panel = opened(app)
    panel.empty.click()
    move(panel, "9S 4C", "Your deck, top card first")
    panel.close_button.click()
    assert not app.set_up_place.children
    assert opened(app) is panel and panel.zone_codes()["Your deck, top card first"] == ["9S", "4C"]
    panel.from_table.click()
    assert len(panel.zone_codes()["Your deck, top card first"]) == 26


def test_shared_screens_have_no_set_up() -> None:
    app = classic_war_app(seed=4, pace="instant")
    shared = GameApp(app.game.variant, type(app._design)(), humans=(0, 1), seed=4)
    assert "Set up a position" in app.labels()
    assert "Set up a position" not in shared.labels()
    with pytest.raises(BadInput):
        shared.press("Set up a position")
    assert not ROOM.set_up  # a room's game is shared: nobody sets it up again


def test_an_arsenal_match_from_a_set_up_position_is_practice(tmp_path: Any) -> None:
    campaign = arsenal_app(tmp_path, seed=5, pace="instant")
    app = campaign.match
    panel = opened(app)
    panel.empty.click()
    move(panel, "NK-SF CS-ML", "Your hand")
    move(panel, "RK-SF KV-PR", "The computer's hand")
    leader = next(w for c, w in panel._controls if c.path == ("leader",))
    leader.value = [label for label, _ in leader.options].index("You")
    panel.play_button.click()
    plays_as(app, {"stage": "lead", "round": 1, "leader": "you", "lead": None,
                   "hands": {"you": "NK-SF CS-ML", "npc": "RK-SF KV-PR"}, "pile": "",
                   "captured": {"you": "", "npc": ""}, "rounds": [], "sudden_death": None,
                   "stacked": True})
    while app.game.decision is not None:
        app.choose(app.game.decision.legal_actions[0])
    assert app.game.outcome is not None
    assert "practice and does not count" in campaign.news_text()
