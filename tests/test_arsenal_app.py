"""The Arsenal app driven from Python, as a student's clicks would drive it in a browser."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path
from typing import Any

import ipywidgets as widgets
import pytest

from wartutor.core import BadInput
from wartutor.ui import arsenal_app
from wartutor.ui.arsenal import BEATEN_MARK, KEPT_HERE, KEPT_ON_SERVER, ArsenalApp
from wartutor.ui.arsenal_table import (
    BAND,
    FAMILY_TINTS,
    ArsenalTable,
    arsenal_card_svg,
    back_svg,
    card_label,
)
from wartutor.ui.classroom import CLASS_SERVER
from wartutor.ui.identity import key_id, new_key
from wartutor.ui.playback import frames
from wartutor.variants.arsenal import ARSENAL, Campaign, arsenal_card
from wartutor.variants.arsenal.levels import LEVELS
from wartutor.variants.arsenal.progress import FILE_NAME

WINNING_DEAL = ("MT-SF NK-SF", "DY-PR DY-ML", "", "you")
LOSING_DEAL = ("DY-PR DY-ML", "MT-SF NK-SF", "", "you")
TIED_DEAL = ("AS-PR RK-SF", "KV-ML KV-SD", "", "you")  # 2-2 whatever the NPC answers
ADA, IMPOSTOR = new_key(), new_key()  # two students' browsers
METEOR = card_label(arsenal_card("MT-SF"))  # the card's button: "L4 bomb", "Meteor", ...
DYNAMITE = card_label(arsenal_card("DY-PR"))


def test_a_match_shows_the_arena_the_npc_and_who_leads(tmp_path: Path) -> None:
    app = arsenal_app(tmp_path, seed=5, pace="instant")
    text = app.match.table_text()
    assert "Level 1: Boot Camp against Sergeant Sandbag" in text
    assert "round 1 of 45" in text and "76 cards in the draw pile" in text
    assert "Captured: you 0 · Sergeant Sandbag 0" in text
    assert "(the coin toss)" in text
    assert f"background:{LEVELS[0].arena}" in app.match.table_html()
    cards = [label for label in app.match.labels() if "\n" in label]
    assert len(cards) == 7  # your hand, as card-shaped buttons
    assert app.map_labels() == ["1. Boot Camp"]


def test_a_played_card_brings_the_npcs_answer_and_the_explanation(tmp_path: Path) -> None:
    app = arsenal_app(tmp_path, seed=5, pace="instant")  # the NPC leads a Dynamite of Militia
    assert "Sergeant Sandbag led: answer it, knowing its card" in app.match.table_text()
    app.press("L2 bomb\nSemtex\nMilitia")
    text = app.match.table_text()
    assert "Round 1: A level-2 Semtex (Militia) beats a level-1 Dynamite (Militia)" in text
    assert ("You lead: pick a card to show first, before you see theirs (you won the last "
            "round)") in text
    assert "Captured: you 2 · Sergeant Sandbag 0" in text
    assert any("You answer with Semtex (Militia)" in entry for entry in app.match.log_texts())


def test_winning_a_match_opens_the_next_level_and_saves_it(tmp_path: Path) -> None:
    app = arsenal_app(tmp_path, seed=1, stacked=WINNING_DEAL, pace="instant")
    app.press(METEOR)
    assert app.match.banner_text().startswith("You win!")
    assert app.news_text() == ("Level 1 cleared! Level 2, Harbour Docks, is now open: "
                               "pick it on the map.")
    assert app.map_labels() == [f"1. Boot Camp{BEATEN_MARK}", "2. Harbour Docks"]
    assert Campaign(tmp_path).progress.unlocked == 2
    # Going back and finishing the same deal again does not count it twice.
    app.press("Undo")
    app.press(METEOR)
    assert Campaign(tmp_path).progress.wins[0] == 1
    app.press("2. Harbour Docks")
    assert "Level 2: Harbour Docks against Captain Bilge" in app.match.table_text()
    assert f"background:{LEVELS[1].arena}" in app.match.table_html()


def test_every_match_won_is_counted_however_many_are_played(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Each New round is a new deal: every one of them must reach the campaign. (A deal
    # once known by its id() alone went unrecorded when a new one reused the freed id.)
    monkeypatch.setattr(os, "fsync", lambda descriptor: None)  # many saves, made quick
    app = arsenal_app(tmp_path, seed=1, stacked=WINNING_DEAL, pace="instant")
    app.press(METEOR)
    for played in range(2, 121):
        app.match.press("New round")
        app.press(METEOR)
        assert app.campaign.progress.wins[0] == played


def test_a_level_that_does_not_exist_is_refused(tmp_path: Path) -> None:
    for bad in (0, 11):
        with pytest.raises(BadInput, match=f"there is no level {bad}"):
            arsenal_app(tmp_path, level=bad, pace="instant")


def test_the_round_count_promises_no_rounds_the_pile_empty_ruling_skips(tmp_path: Path) -> None:
    app = arsenal_app(tmp_path, seed=5, rules={"dry": "pile-empty"}, pace="instant")
    text = app.match.table_text()
    assert "round 1 ·" in text and "of 45" not in text


def test_a_lost_match_opens_nothing(tmp_path: Path) -> None:
    app = arsenal_app(tmp_path, seed=1, stacked=LOSING_DEAL, pace="instant")
    app.press(DYNAMITE)
    assert app.news_text() == "Sergeant Sandbag won this one. Press New round for a rematch."
    assert app.map_labels() == ["1. Boot Camp"]
    assert Campaign(tmp_path).progress.losses[0] == 1


def test_locked_levels_are_greyed_out_with_the_reason(tmp_path: Path) -> None:
    app = arsenal_app(tmp_path, seed=1, pace="instant")
    with pytest.raises(BadInput, match=r"'3' is locked"):
        app.press("3")  # a locked level shows its number only, and its name when pointed at
    locked = app.locked()
    assert len(locked) == 9
    assert locked["2"] == "Level 2, Harbour Docks: locked, win level 1 to open it"
    with pytest.raises(BadInput, match="is locked: win level 4"):
        arsenal_app(tmp_path, level=5, pace="instant")


def test_a_match_with_changed_rulings_is_practice(tmp_path: Path) -> None:
    app = arsenal_app(tmp_path, seed=1, stacked=WINNING_DEAL, rules={"draw_order": "you-first"},
                      pace="instant")
    app.press(METEOR)
    assert "practice and does not count" in app.news_text()
    assert not (tmp_path / FILE_NAME).exists()


def test_sudden_death_is_shown_when_the_counts_tie(tmp_path: Path) -> None:
    app = arsenal_app(tmp_path, seed=3, stacked=TIED_DEAL, pace="instant")
    app.press(card_label(arsenal_card("AS-PR")))
    text = app.match.table_text()
    assert "Sudden death! The captured cards were tied" in text
    assert "Captured: you 2 · Sergeant Sandbag 2" in text
    assert any("it is sudden death" in entry for entry in app.match.log_texts())


def test_the_teacher_sees_the_npcs_hand(tmp_path: Path) -> None:
    app = arsenal_app(tmp_path, seed=1, stacked=("MT-SF NK-SF RK-SO", "DY-PR DY-ML CS-PR", "",
                                                  "you"), pace="instant")
    assert "Counter-Strike of Pirates" not in app.match.table_text()
    app.match.show_everything.value = True
    assert "Counter-Strike of Pirates, a Counter-Strike" in app.match.table_text()


def test_an_unreadable_save_is_reported_and_kept(tmp_path: Path) -> None:
    (tmp_path / FILE_NAME).write_text("not a save")
    app = arsenal_app(tmp_path, seed=1, pace="instant")
    assert "Your saved campaign could not be used" in app.status_text()
    assert list(tmp_path.glob("arsenal-progress.unreadable-*.json"))


def test_cards_and_backs_have_text_alternatives() -> None:
    svg = arsenal_card_svg(arsenal_card("BW-SO"))
    assert ('aria-label="Brick Wall of Special Ops, a shield that stops bombs up to level 2"'
            in svg)
    assert 'aria-label="a face-down card"' in back_svg(LEVELS[9])


# Playback: the round after your card, moment by moment on the table.

YOU_LEAD = 7  # the coin toss of seed 7 says you lead round 1
CARD_LABEL = re.compile(r'<svg class="wt-card" role="img" aria-label="([^"]*)"')


def test_the_frames_of_a_round_are_its_events(tmp_path: Path) -> None:
    match = arsenal_app(tmp_path, seed=YOU_LEAD).match
    since = match.cursor
    match.press(match.labels()[0])
    said = [f.words for f in frames(match.game, since, match.cursor, 0)]
    events = [e for n in range(since + 1, match.cursor + 1) for e in match.game.steps[n].events]
    assert said == [ARSENAL.explain(e) for e in events]


def test_the_npcs_answer_appears_on_the_table_as_a_moment_of_its_own(tmp_path: Path) -> None:
    match = arsenal_app(tmp_path, seed=YOU_LEAD).match
    match.press(match.labels()[0])
    assert match.happened_text().endswith("you lead with Grenade Launcher (Militia), face up.")
    assert "Sergeant Sandbag's answer" in match.table_text()  # its place, still empty
    match.next_moment()
    answer = arsenal_card("CB-SD")
    assert "Sergeant Sandbag answers with Chemical Bomb (Soldiers)." in match.happened_text()
    assert f'<figure class="wt-changed">{arsenal_card_svg(answer)}' in match.table_html()
    assert "wins" not in match.table_text()  # not decided yet
    match.next_moment()
    assert "Sergeant Sandbag answered wins" in match.table_text()
    assert '<span class="wt-wins wt-mark-new"' in match.table_html()
    match.next_moment()
    assert '<div class="wt-score wt-changed">Captured: you 0 &middot; Sergeant Sandbag 2' in (
        match.table_html())


def test_playing_back_never_changes_the_game(tmp_path: Path) -> None:
    match = arsenal_app(tmp_path, seed=YOU_LEAD).match
    match.press(match.labels()[0])
    game, cursor = match.game, match.cursor
    tables = []
    while match.playing_back:
        tables.append(match.table_html())
        match.next_moment()
    assert match.game is game and match.cursor == cursor
    assert len(set(tables)) == len(tables) == 6  # a table for each moment


def test_skip_next_and_instant_reach_the_same_table(tmp_path: Path) -> None:
    stepped, skipped = (arsenal_app(tmp_path / name, seed=3).match for name in "ab")
    instant = arsenal_app(tmp_path / "c", seed=3, pace="instant").match
    for match in (stepped, skipped, instant):
        match.press("Play 10 random cards")
    while stepped.playing_back:
        stepped.next_moment()
    skipped.skip()
    assert stepped.table_html() == skipped.table_html() == instant.table_html()


def test_no_moment_shows_a_card_the_player_cannot_see(tmp_path: Path) -> None:
    match = arsenal_app(tmp_path, seed=11, pace="instant").match
    for _ in range(4):
        match.press("Play 10 random cards")
    game, design = match.game, ArsenalTable(LEVELS[0])
    for frame in frames(game, 0, len(game.steps) - 1, 0):
        before, after = (ARSENAL.view(game.steps[n].state, 0) for n in (frame.step - 1,
                                                                          frame.step))
        events = game.steps[frame.step].events
        seen = set(CARD_LABEL.findall(design.table_html(before, ()) +
                                      design.table_html(after, ())))
        told = " ".join(ARSENAL.explain(e) for e in events)
        drawn = CARD_LABEL.findall(design.moment_html(before, after, events[:frame.happened]))
        assert [c for c in drawn if c not in seen and c.split(",")[0].replace(" of ", " (")
                not in told] == [], frame


def test_your_hand_is_drawn_as_cards_in_their_family_colours(tmp_path: Path) -> None:
    match = arsenal_app(tmp_path, seed=YOU_LEAD, pace="instant").match
    hand = ARSENAL.view(match.game.state, 0).hand
    assert match.labels()[:len(hand)] == [card_label(c) for c in hand]
    assert card_label(arsenal_card("SH-SF")) == "up to L3\nShield\nSpace Force"  # as on its card
    for place, card in enumerate(hand, start=1):  # a band of the family's colour on each
        assert (f".wt-main-button:nth-child({place}) {{ background: linear-gradient("
                f"{FAMILY_TINTS[card.family]} 0 {BAND}, ") in match.table_html()
        assert arsenal_card_svg(card) in match.table_html()  # and the hand on the table


def test_no_card_buttons_are_left_when_the_match_is_over(tmp_path: Path) -> None:
    app = arsenal_app(tmp_path, seed=1, stacked=WINNING_DEAL, pace="instant")
    app.press(METEOR)
    assert app.match.banner_text().startswith("You win!")
    assert not [label for label in app.match.labels() if "\n" in label]
    assert app.match.greyed() == {}


def test_the_campaign_map_is_one_short_row(tmp_path: Path) -> None:
    app = arsenal_app(tmp_path, seed=1, pace="instant")
    assert [b.description for b in app._map_buttons] == [
        "1. Boot Camp", *(str(n) for n in range(2, 11))]


# Whose campaign: the browser's, whatever name is typed


def student(folder: Path, key: str, **options: Any) -> ArsenalApp:
    """The Arsenal page in a student's browser, once the page has given its key."""
    app = arsenal_app(folder, seed=1, stacked=WINNING_DEAL, pace="instant", **options)
    app.browser.give(key)
    return app


def test_typing_a_classmates_name_does_not_open_their_campaign(tmp_path: Path) -> None:
    ada = student(tmp_path, ADA)
    ada.name_campaign("Ada")
    assert ada.news_text() == "This browser's campaign is now Ada's campaign."
    ada.press(METEOR)
    assert ada.map_labels() == [f"1. Boot Camp{BEATEN_MARK}", "2. Harbour Docks"]
    impostor = student(tmp_path, IMPOSTOR)
    impostor.name_campaign("Ada")
    assert impostor.whose_text() == "Ada's campaign"  # a label, and only that
    assert impostor.map_labels() == ["1. Boot Camp"]
    assert impostor.campaign is not None and ada.campaign is not None
    assert impostor.campaign.file.path != ada.campaign.file.path


def test_a_reload_finds_the_browsers_campaign_without_typing(tmp_path: Path) -> None:
    first = student(tmp_path, ADA)
    first.name_campaign("  Ada ")
    first.press(METEOR)
    reload = student(tmp_path, ADA)
    assert reload.whose_text() == "Ada's campaign" and reload.name_box.value == "Ada"
    assert reload.level.number == 2 and "Level 2: Harbour Docks" in reload.match.table_text()


def test_a_name_that_cannot_label_the_campaign_says_why(tmp_path: Path) -> None:
    app = student(tmp_path, ADA)
    app.name_campaign("   ")
    assert app.news_text().startswith("The name is empty. Allowed: a name of 1 to 20 ")
    app.name_campaign("x" * 21)
    assert "has 21 characters, 1 too many" in app.news_text()
    app.name_campaign("<b>Ada</b>")
    assert "holds '<', which a name may not hold" in app.news_text()
    assert app.whose_text() == "Your campaign"


def test_the_name_box_is_at_the_top_with_a_button_that_reads_whole(tmp_path: Path) -> None:
    app = arsenal_app(tmp_path, seed=1, pace="instant")
    boxes = [w for w in app.children if isinstance(w, widgets.Box)]
    bar, the_map = boxes[1], boxes[2]  # after the browser key's hidden box
    assert app.name_box in bar.children and "wt-map" in the_map._dom_classes
    (button,) = [w for w in bar.children if isinstance(w, widgets.Button)]
    assert button.description == "Name my campaign" and button.layout.width == "auto"
    assert app.browser.widget in app.children


def test_a_stale_tab_never_rolls_the_campaign_back(tmp_path: Path) -> None:
    older = student(tmp_path, ADA)  # opened first, then left at level 1
    newer = student(tmp_path, ADA)
    newer.press(METEOR)
    newer.press("2. Harbour Docks")
    newer.press(METEOR)
    furthest = [f"1. Boot Camp{BEATEN_MARK}", f"2. Harbour Docks{BEATEN_MARK}",
                "3. Jungle Outpost"]
    assert newer.map_labels() == furthest
    assert older.map_labels() == ["1. Boot Camp"]
    older.press(METEOR)  # a win at level 1, saved from the tab that still shows level 1
    assert older.news_text() == "You beat Sergeant Sandbag again!"
    assert older.map_labels() == furthest  # the stale tab catches up; it does not go back
    assert student(tmp_path, ADA).level.number == 3
    assert Campaign(tmp_path, owner=key_id(ADA)).progress.wins[:3] == (2, 1, 0)


def test_a_stale_tab_can_pick_a_level_another_tab_opened(tmp_path: Path) -> None:
    older, newer = student(tmp_path, ADA), student(tmp_path, ADA)
    newer.press(METEOR)
    older.press("1. Boot Camp")  # its map is stale, but a pick looks again
    assert older.map_labels() == [f"1. Boot Camp{BEATEN_MARK}", "2. Harbour Docks"]
    older.press("2. Harbour Docks")
    assert older.level.number == 2


def test_on_ones_own_computer_the_folders_campaign_opens_and_the_browser_takes_it_in(
    tmp_path: Path,
) -> None:
    Campaign(tmp_path).record(1, won=True)  # played before the browser had its own
    app = arsenal_app(tmp_path, seed=1, pace="instant")
    match = app.match
    assert app.level.number == 2  # at once, with no key
    app.browser.give(ADA)
    assert app.campaign is not None and app.campaign.file.path.name != FILE_NAME
    assert app.campaign.open_levels() == (1, 2) and app.match is match  # the match goes on
    assert Campaign(tmp_path, owner=key_id(ADA)).open_levels() == (1, 2)


# The class server: no shared campaign, ever


def test_on_the_class_server_nothing_opens_before_the_browser_key(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(CLASS_SERVER, "1")
    app = arsenal_app(tmp_path, seed=1, stacked=WINNING_DEAL, pace="instant")
    assert app.campaign is None and not hasattr(app, "match")
    assert app.arena_text() == "Getting your campaign ready…"
    assert app.map_labels() == [] and app.status_text() == ""
    with pytest.raises(BadInput, match="is locked"):
        app.press("1")
    app.name_campaign("Ada")  # too early to name anything
    assert app.news_text() == "Getting your campaign ready…"
    assert list(tmp_path.iterdir()) == []  # no file for a campaign nobody owns
    app.browser.give(ADA)
    assert app.map_labels() == ["1. Boot Camp"] and "Level 1: Boot Camp" in (
        app.match.table_text())
    app.press(METEOR)
    assert not (tmp_path / FILE_NAME).exists()  # never the shared anonymous campaign
    assert Campaign(tmp_path, owner=key_id(ADA)).open_levels() == (1, 2)


def test_students_who_type_no_name_do_not_share_a_campaign(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(CLASS_SERVER, "1")
    student(tmp_path, ADA).press(METEOR)
    assert student(tmp_path, IMPOSTOR).map_labels() == ["1. Boot Camp"]


def test_on_the_class_server_a_level_asked_for_but_locked_opens_the_newest(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(CLASS_SERVER, "1")
    app = student(tmp_path, ADA, level=3)
    assert app.level.number == 1
    assert app.news_text() == ("Level 3 is not open yet in your campaign: here is level 1, "
                               "Boot Camp.")


def page_state(app: widgets.Widget) -> str:
    """Everything the page is sent: the state of every widget in the app's tree."""
    seen: dict[int, str] = {}
    todo = [app]
    while todo:
        widget = todo.pop()
        if id(widget) in seen:
            continue
        seen[id(widget)] = json.dumps(widget.get_state(), default=str)
        for name in widget.keys:
            value = getattr(widget, name)
            todo.extend(v for v in (value if isinstance(value, (list, tuple)) else [value])
                        if isinstance(v, widgets.Widget))
    return "\n".join(seen.values())


@pytest.mark.parametrize("class_server", ["1", ""])
def test_no_path_in_the_page(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                             class_server: str) -> None:
    monkeypatch.setenv(CLASS_SERVER, class_server)
    folder = tmp_path / "class-data"
    (folder / f"arsenal-progress-{key_id(IMPOSTOR)}.json").parent.mkdir()
    (folder / f"arsenal-progress-{key_id(IMPOSTOR)}.json").write_text("not a save")
    (tmp_path / "a-file").write_text("where a folder should be")
    pages = {
        "played": student(folder, ADA),
        "broken": student(folder, IMPOSTOR),
        "cannot save": student(tmp_path / "a-file", ADA),
    }
    for app in pages.values():
        app.press(METEOR)
    assert "could not be used" in pages["broken"].status_text()
    assert "could not be saved" in pages["cannot save"].status_text()
    for name, app in pages.items():
        state = page_state(app)
        assert "Level 1 cleared" in state, name  # the walk does reach the news
        assert str(tmp_path) not in state, name
    kept = KEPT_ON_SERVER if class_server else KEPT_HERE
    assert kept in pages["played"].status_text()


def test_the_words_call_the_npc_by_the_name_on_the_table(tmp_path: Path) -> None:
    app = arsenal_app(tmp_path, seed=7, pace="instant")
    said = app.match.happened_text()
    assert "Sergeant Sandbag" in app.match.table_text()
    assert "you show your card first, and Sergeant Sandbag answers after seeing it" in said
    assert "NPC" not in said and "blind" not in said
