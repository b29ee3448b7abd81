"""The War Room app driven from Python, as a class would click it (no browser)."""

from __future__ import annotations

from pathlib import Path

import pytest

from wartutor.core import BadInput
from wartutor.ui import GameApp, show_deck, war_room_app
from wartutor.ui.war_room import room_card_svg
from wartutor.variants.war_room import default_deck, to_toml
from wartutor.variants.war_room.game import InPlay

# Ana's Sniper hits Ben's Scout (2 -> 6), so your Sniper (6) ties with Ben: a tie-break.
TIE_BREAK = ("SN SC", "SN SC", "SC SC")


def tie_break_app() -> GameApp:
    app = war_room_app(seed=1, rules={"first_player": 0}, stacked=TIE_BREAK, pace="instant")
    app.press("Decline")
    return app


def test_a_round_with_an_activation_shows_the_vc_change_and_why() -> None:
    app = war_room_app(seed=1, rules={"first_player": 0}, stacked=("SE SC", "SC SC"), pace="instant")
    assert app.labels()[:2] == ["Activate", "Decline"]
    app.press("Activate")
    table = app.table_text()
    assert "Declarations shown together: you activate; Ana declines." in table
    assert "You · Sentry 1 (Defend -2 VC) → You: 5 → 3 (-2)" in table
    log = " ".join(app.log_texts())
    assert "Your Sentry, instruction 1 (Defend -2 VC): your card goes from 5 to 3." in log
    assert "(Defend: your own revealed card)" in log


def test_declarations_are_hidden_until_all_are_made() -> None:
    app = war_room_app(seed=1, rules={"first_player": 1}, stacked=("SE SC", "SN SC", "GH SC"), pace="instant")
    table = app.table_text()
    assert table.count("Has declared (hidden)") == 2  # Ana and Ben chose before you
    assert "Activates" not in table and "Declines" not in table
    log = " ".join(app.log_texts())
    assert "Ana has declared; declarations stay hidden" in log
    assert not any(word in log for word in ("activate;", "activates", "decline;", "declines"))
    app.show_everything.value = True
    assert "Declared: " in app.table_text()  # the teacher sees what they chose


def test_the_tie_break_marks_who_takes_part_and_greys_out_what_is_refused() -> None:
    app = tie_break_app()
    table = app.table_text()
    assert "tie-break step 1" in table
    assert table.count("In the tie-break") == 2 and "Out of the tie-break" in table
    app.press("Activate")
    assert app.labels()[:2] == ["Hit Ana's card", "Hit Ben's card"]
    greyed = app.greyed()
    assert "Skip it" in greyed and "mandatory" in greyed["Skip it"]
    with pytest.raises(BadInput, match="greyed out"):
        app.press("Skip it")
    app.press("Hit Ana's card")  # a card outside the tie-break can still be hit
    assert "Ana: 7 → 11 (+4)" in app.table_text()


def test_undo_goes_back_to_your_last_choice() -> None:
    app = tie_break_app()
    step = app.cursor
    app.press("Activate")
    app.press("Undo")
    assert app.cursor == step and app.labels()[:2] == ["Activate", "Decline"]


def test_an_elimination_and_the_end_are_announced() -> None:
    app = war_room_app(seed=1, stacked=("SC SC", "SE"), pace="instant")
    assert app.banner_text().startswith("You win!")
    assert any("Ana has no cards in draw stack or collection pile: eliminated." in t
               for t in app.log_texts())
    assert "Eliminated" in app.table_text()


def test_the_reshuffle_is_shown() -> None:
    app = war_room_app(seed=1, rules={"first_player": 0}, stacked=("SC", "SE SE", "GH MO"), pace="instant")
    texts = " ".join(app.log_texts())
    assert "Your draw stack is empty, so every remaining player shuffles" in texts


def test_a_changed_card_or_a_deck_file_is_played_and_named_in_the_rulings(tmp_path: Path) -> None:
    changed = default_deck().with_card("SC", vc=1, name="Lookout")
    app = war_room_app(seed=3, deck=changed, pace="instant")
    assert "Field Manual (deck file)" in app.rulings_text()
    assert app.game.rules.cards.kind("SC").name == "Lookout"
    path = tmp_path / "deck.toml"
    path.write_text(to_toml(changed), encoding="utf-8")
    assert war_room_app(seed=3, deck=path, pace="instant").game.rules == app.game.rules
    assert war_room_app(seed=3, deck=str(path), pace="instant").game.rules == app.game.rules  # a name as text


def test_a_deck_file_that_is_not_there_is_refused_plainly(tmp_path: Path) -> None:
    for missing in (tmp_path / "nope.toml", str(tmp_path / "nope.toml")):
        with pytest.raises(BadInput, match=r"nope\.toml' cannot be read.*Allowed: the path"):
            war_room_app(seed=3, deck=missing, pace="instant")
        with pytest.raises(BadInput, match="cannot be read"):
            show_deck(missing)


def test_a_new_round_with_five_players_has_a_computer_at_every_seat() -> None:
    app = war_room_app(seed=2, pace="instant")
    assert "Field Manual (shipped)" in app.rulings_text()
    app.rulings.menus["players"].value = 5
    app.seed_box.value = "7"
    app.press("New round")
    assert app.game.rules.players == 5 and app.game.seed == 7
    app.press("Play 10 choices")
    assert app.message_text() == ""


def test_cards_and_the_deck_have_text_for_a_screen_reader() -> None:
    sniper = default_deck().kind("SN")
    assert 'aria-label="Sniper, printed VC 6, now VC 10"' in room_card_svg(InPlay(sniper, 10))
    assert 'aria-label="Sniper, printed VC 6"' in room_card_svg(InPlay(sniper, 6))
    html = show_deck()._repr_html_()
    assert "Attack +4 VC to an opponent card of your choice" in html
    assert repr(show_deck()) == "DeckTable('Field Manual')"
