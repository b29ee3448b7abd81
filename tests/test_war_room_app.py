"""The War Room app driven from Python, as a class would click it (no browser)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from watching import played_back

from wartutor.core import BadInput
from wartutor.core.record import explanation
from wartutor.ui import GameApp, show_deck, war_room_app
from wartutor.ui.playback import frames, said_once
from wartutor.ui.war_room import QUIET, WarRoomTable, room_card_svg
from wartutor.variants.war_room import WAR_ROOM, default_deck, to_toml
from wartutor.variants.war_room.game import InPlay

# Ana's Sniper hits Ben's Scout (2 -> 6), so your Sniper (6) ties with Ben: a tie-break.
TIE_BREAK = ("SN SC", "SN SC", "SC SC")
# Your Sniper declines at 6; Ana's and Ben's Scouts tie at 2: a tie-break you are not in.
THEIR_TIE_BREAK = ("SN SC SC", "SC SN SE", "SC SE SN")


def tie_break_app(pace: str = "instant") -> GameApp:
    app = war_room_app(seed=1, rules={"first_player": 0}, stacked=TIE_BREAK, pace=pace)
    app.press("Decline")
    return app


def card_names(html: str) -> list[str]:
    """The name of every revealed card drawn, from its text alternative."""
    return re.findall(r'aria-label="([^",]+), printed VC', html)


def test_a_round_with_an_activation_plays_out_moment_by_moment() -> None:
    app = war_room_app(seed=1, rules={"first_player": 0}, stacked=("SE SC", "SC SC"))
    assert app.labels()[:2] == ["Activate", "Decline"]
    app.press("Activate")
    moments = dict(played_back(app)[:-1])
    shown = "Declarations shown together: you activate; Ana declines."
    assert any(words.startswith(shown) for words in moments)
    resolved = "Your Sentry, instruction 1 (Defend -2 VC): your card goes from 5 to 3."
    table = moments[resolved]
    assert "5 → 3 (-2)" in table and "Sentry, printed VC 5, now VC 3" in table
    assert "Activates" in table and "Declines" in table  # the declarations, shown together
    log = " ".join(app.log_texts())
    assert resolved in log
    app.teacher_view.value = True
    assert "(Defend: your own revealed card)" in " ".join(app.log_texts())


def test_the_moments_of_a_choice_are_its_steps_events_in_order() -> None:
    app = war_room_app(seed=7, players=5)
    since = app.cursor
    app.press("Activate")
    words = [w for w, _ in played_back(app)[:-1]]
    game = app.game
    expected = []
    for step in game.steps[since + 1:app.cursor + 1]:
        said = [explanation(game, e, 0) for e in step.events if not isinstance(e, QUIET)]
        expected += [w for _, w in said_once(said)]
    assert words == expected[:-1]  # the last moment is shown at rest
    assert words[0].startswith("Declarations shown together")  # declarations are quiet


def test_playing_back_never_changes_the_game() -> None:
    app = war_room_app(seed=7, players=5)
    app.press("Activate")
    game, cursor = app.game, app.cursor
    actions = game.actions
    played_back(app)
    assert app.game is game and app.cursor == cursor and game.actions == actions


def test_skip_and_instant_reach_the_table_that_next_reaches() -> None:
    tables = []
    for way in ("next", "skip", "instant"):
        app = war_room_app(seed=7, players=5, pace="instant" if way == "instant" else "normal")
        app.press("Activate")
        if way == "next":
            played_back(app)
        elif way == "skip":
            app.skip()
        assert not app.playing_back
        tables.append((app.table_html(), app.labels(), app.happened_text()))
    assert tables[0] == tables[1] == tables[2]


def test_no_moment_draws_a_card_before_it_is_revealed() -> None:
    # Each moment's cards are on the table before or after its step, or named by its events.
    game = war_room_app(seed=7, players=5, pace="instant").game
    for _ in range(3):
        game = game.play("decline")
        while (decision := game.decision) is not None and decision.player != 0:
            game = game.play(decision.legal_actions[0])
    design = WarRoomTable()
    for frame in frames(game, 0, len(game.steps) - 1, 0, lambda e: not isinstance(e, QUIET)):
        step = game.steps[frame.step]
        before = WAR_ROOM.view(game.steps[frame.step - 1].state, 0)
        after = WAR_ROOM.view(step.state, 0)
        happened = step.events[:frame.happened]
        drawn = card_names(design.moment_html(before, after, happened))
        seen = card_names(design.table_html(before, ())) + card_names(design.table_html(after, ()))
        said = " ".join(WAR_ROOM.explain(e) for e in happened)
        assert all(name in seen or name in said for name in drawn), (frame, drawn)


def test_a_tie_break_you_are_not_in_is_played_out_on_the_table() -> None:
    app = war_room_app(seed=1, rules={"first_player": 0}, stacked=THEIR_TIE_BREAK)
    app.press("Decline")
    moments = played_back(app)
    start = next(table for words, table in moments if words.startswith("Tie-break step 1:"))
    assert "tie-break step 1" in start
    assert start.count("In the tie-break") == 2 and "Out of the tie-break" in start
    assert start.count("Scout, printed VC 2") == 2  # both tied cards are on the table
    settled = next(table for words, table in moments if words.startswith("The stalemate"))
    assert "Wins the draw" in settled


def test_who_collects_is_marked_with_the_cards_still_on_the_table() -> None:
    app = war_room_app(seed=1, rules={"first_player": 0}, stacked=("SE SC", "SC SC"))
    app.press("Activate")
    collected = next(table for words, table in played_back(app)
                     if words.startswith("Ana wins round 1"))
    assert "Collects 2 cards" in collected and "Sentry, printed VC 5" in collected
    assert re.search(r"Ana .*2 in collection", collected)


def test_the_tie_break_marks_who_takes_part_and_greys_out_what_is_refused() -> None:
    app = tie_break_app()
    table = app.table_text()
    assert "tie-break step 1" in table
    assert table.count("In the tie-break") == 2 and "Out of the tie-break" in table
    app.press("Activate")
    # Each target says what the Attack +4 does to its card: the lowest VC wins.
    assert app.labels()[:2] == ["Ana's card 7 \u2192 11: worse for Ana",
                                "Ben's card 6 \u2192 10: worse for Ben"]
    greyed = app.greyed()
    assert "Skip it" in greyed and "must be used" in greyed["Skip it"]
    assert "must be used" in app.reasons_text()
    with pytest.raises(BadInput, match="greyed out"):
        app.press("Skip it")
    app.press("Ana's card 7 \u2192 11: worse for Ana")  # outside the tie-break, yet hit
    assert "Ana's card goes from 7 to 11" in " ".join(app.log_texts())


def test_undo_goes_back_to_your_last_choice() -> None:
    app = tie_break_app()
    step = app.cursor
    app.press("Activate")
    app.press("Undo")
    assert app.cursor == step and app.labels()[:2] == ["Activate", "Decline"]


def test_declarations_are_hidden_until_all_are_made() -> None:
    app = war_room_app(seed=1, rules={"first_player": 1}, stacked=("SE SC", "SN SC", "GH SC"),
                       pace="instant")
    table = app.table_text()
    assert table.count("Has declared") == 2  # Ana and Ben chose before you
    assert "Activates" not in table and "Declines" not in table
    log = " ".join(app.log_texts())
    assert "Ana has declared; declarations stay hidden" in log
    assert not any(word in log for word in ("activate;", "activates", "decline;", "declines"))
    app.show_everything.value = True
    assert "Declared: " in app.table_text()  # the teacher sees what they chose
    assert "Draw stack, top first: Scout" in app.table_text()


def test_an_elimination_and_the_end_are_announced() -> None:
    app = war_room_app(seed=1, stacked=("SC SC", "SE"), pace="instant")
    assert app.banner_text().startswith("You win!")
    assert any("Ana has no cards in draw stack or collection pile: eliminated." in t
               for t in app.log_texts())
    table = app.table_text()
    assert "Eliminated" in table and "game over" in table and "tie-break" not in table


def test_the_reshuffle_is_shown() -> None:
    app = war_room_app(seed=1, rules={"first_player": 0}, stacked=("SC", "SE SE", "GH MO"),
                       pace="instant")
    texts = " ".join(app.log_texts())
    assert "Your draw stack is empty, so every remaining player shuffles" in texts


def test_the_table_says_lower_wins_and_shows_what_each_card_does() -> None:
    table = war_room_app(seed=1, stacked=("SN SC", "SC SC"), pace="instant").table_text()
    assert "the lowest number (VC) wins" in table
    assert "Activate: Attack +4 to an opponent card of your choice; then Defend +1 to your own" \
        in table
    assert "No activation: it can only decline." in table
    assert "SN" not in table and "SC" not in table  # no card codes for students


def test_a_changed_card_or_a_deck_file_is_played_and_named_in_the_rulings(tmp_path: Path) -> None:
    changed = default_deck().with_card("SC", vc=1, name="Lookout")
    app = war_room_app(seed=3, deck=changed, pace="instant")
    assert "Field Manual (deck file)" in app.rulings_text()
    assert app.game.rules.cards.kind("SC").name == "Lookout"
    path = tmp_path / "deck.toml"
    path.write_text(to_toml(changed), encoding="utf-8")
    assert war_room_app(seed=3, deck=path, pace="instant").game.rules == app.game.rules
    assert war_room_app(seed=3, deck=str(path),  # a name as text
                        pace="instant").game.rules == app.game.rules


def test_a_deck_file_that_is_not_there_is_refused_plainly(tmp_path: Path) -> None:
    for missing in (tmp_path / "nope.toml", str(tmp_path / "nope.toml")):
        with pytest.raises(BadInput, match=r"nope\.toml' cannot be read.*Allowed: the path"):
            war_room_app(seed=3, deck=missing, pace="instant")
        with pytest.raises(BadInput, match="cannot be read"):
            show_deck(missing)


def test_a_new_round_with_five_players_has_a_computer_at_every_seat() -> None:
    app = war_room_app(seed=2, pace="instant")
    assert "Field Manual (shipped)" in app.rulings_text()
    assert app.players is not None and app.players.count is not None
    app.players.count.value = 5
    app.seed_box.value = "7"
    app.press("New round")
    assert app.game.rules.players == 5 and app.game.seed == 7
    app.press("Play 10 choices")
    assert app.message_text() == ""


def test_cards_and_the_deck_have_text_for_a_screen_reader() -> None:
    sniper = default_deck().kind("SN")
    assert ('aria-label="Sniper, printed VC 6, now VC 10, the lowest wins"'
            in room_card_svg(InPlay(sniper, 10)))
    assert 'aria-label="Sniper, printed VC 6, the lowest wins"' in room_card_svg(InPlay(sniper, 6))
    html = show_deck()._repr_html_()
    assert "Attack +4 VC to an opponent card of your choice" in html
    assert repr(show_deck()) == "DeckTable('Field Manual')"

