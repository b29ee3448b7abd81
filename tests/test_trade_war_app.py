"""The Trade War app driven from Python, as a class would click it (no browser)."""

from __future__ import annotations

import re

import pytest
from watching import played_back

from wartutor.core import BadInput
from wartutor.core.record import explanation
from wartutor.ui import GameApp, trade_war_app
from wartutor.ui.playback import frames, said_once
from wartutor.ui.render import text_of
from wartutor.ui.trade_war import TradeTable
from wartutor.variants.trade_war import TRADE_WAR
from wartutor.variants.trade_war.cards import PUTIN
from wartutor.variants.trade_war.explain import explain_for

# You ask Computer 1 for a seven, attack with your ace; its king loses.
ASK_AND_BATTLE = ("AS 7C 2D", "7H KD 4C", "9C 9D")


def menu(app: GameApp, kind: str) -> tuple[list, object]:
    design = app._design  # the menus are the design's widgets
    assert isinstance(design, TradeTable)
    return design.menu(kind)


def faces(html: str) -> set[str]:
    """The cards drawn face up, by their text alternatives."""
    labels = set(re.findall(r'<svg[^>]*aria-label="([^"]+)"', html))
    return labels - {"a face-down card", "a face-down deck", "no cards left"}


def test_the_defenders_card_is_on_the_table_during_playback() -> None:
    app = trade_war_app(seed=1, rules={"first_player": 0}, stacked=ASK_AND_BATTLE)
    app.choose("ask 1 7")
    played_back(app)
    app.press("Play A♠")
    moments = played_back(app)
    defends = next((w, t) for w, t in moments if w.startswith("Computer 1 defends with"))
    card = defends[0].removeprefix("Computer 1 defends with the ").removesuffix(".")
    assert card in defends[1] and "Computer 1 defends" in defends[1]
    assert "ace of spades" in defends[1] and "You attack" in defends[1]
    decided = next(t for w, t in moments if w.startswith("You win the battle"))
    assert card in decided and "Wins the battle" in decided
    collected = next(t for w, t in moments if w.startswith("You collect 3 cards"))
    assert "Collects 3 cards" in collected and "3 resources" in collected
    assert "No battle on the table." in moments[-1][1]


def test_the_moments_of_a_choice_are_its_steps_events_in_order() -> None:
    app = trade_war_app(seed=11, players=5, pace="instant")
    since = app.cursor
    app.pace.value = "normal"
    app.choose(next(a for a in app.game.decision.legal_actions if a.startswith("ask ")))
    words = [w for w, _ in played_back(app)[:-1]]
    game = app.game
    expected = []
    for step in game.steps[since + 1:app.cursor + 1]:
        expected += [w for _, w in said_once([explanation(game, e, 0) for e in step.events])]
    assert words == expected[:-1]  # the last moment is shown at rest


def test_playing_back_never_changes_the_game() -> None:
    app = trade_war_app(seed=11, players=5, pace="instant")
    app.pace.value = "normal"
    app.choose(next(a for a in app.game.decision.legal_actions if a.startswith("ask ")))
    game, cursor, actions = app.game, app.cursor, app.game.actions
    played_back(app)
    assert app.game is game and app.cursor == cursor and game.actions == actions


def test_skip_and_instant_reach_the_table_that_next_reaches() -> None:
    shown = []
    for way in ("next", "skip", "instant"):
        app = trade_war_app(seed=11, players=5, pace="instant")
        ask = next(a for a in app.game.decision.legal_actions if a.startswith("ask "))
        app.pace.value = "instant" if way == "instant" else "normal"
        app.choose(ask)
        if way == "next":
            played_back(app)
        elif way == "skip":
            app.skip()
        assert not app.playing_back
        shown.append((app.table_html(), app.labels(), app.happened_text()))
    assert shown[0] == shown[1] == shown[2]


def test_no_moment_shows_a_card_you_cannot_see() -> None:
    # Every face-up card of every moment is in your view before or after its step, or named
    # in your own words for its events so far: another hand stays face down throughout.
    app = trade_war_app(seed=4, players=3, rules={"turn_limit": 12}, pace="instant")
    for _ in range(4):
        if app.game.outcome is None:
            app.press("Play 10 choices")
    game, design = app.game, TradeTable()
    checked = 0
    for frame in frames(game, 0, len(game.steps) - 1, 0):
        step = game.steps[frame.step]
        before = TRADE_WAR.view(game.steps[frame.step - 1].state, 0)
        after = TRADE_WAR.view(step.state, 0)
        happened = step.events[:frame.happened]
        seen = faces(design.table_html(before, ())) | faces(design.table_html(after, ()))
        said = " ".join(explain_for(e, 0) for e in happened)
        for label in faces(design.moment_html(before, after, happened)):
            assert label in seen or label in said, (frame, label)
            checked += 1
    assert checked > 100


def test_the_whom_menu_offers_only_players_with_cards_in_hand() -> None:
    app = trade_war_app(seed=1, rules={"first_player": 0},
                        stacked=("AS 7C", "7H KD", "| 5C", "9C 9D"), pace="instant")
    (whom, _), _ = menu(app, "ask")
    assert [label for label, _ in whom.options] == ["Computer 1"]  # Computer 2 holds nothing


def test_a_hand_and_doubles_are_drawn_as_cards_with_suit_symbols() -> None:
    app = trade_war_app(seed=1, rules={"first_player": 0}, stacked=("JS JD 2C", "3H 3D", "9C"),
                        pace="instant")
    app.choose("ask 1 3")
    table = app.table_html()
    assert 'aria-label="three of hearts"' in table and 'aria-label="three of diamonds"' in table
    assert "stake (Computer 1)" in app.table_text()
    assert "Play J♠ J♦" in app.labels()
    app.pace.value = "normal"
    app.press("Play J♠ J♦")
    attack = next(t for w, t in played_back(app) if w.startswith("You attack with two jacks"))
    assert "jack of spades jack of diamonds You attack with doubles" in attack
    assert "JS" not in attack and "3H 3D" not in attack  # no card codes on the table


def test_an_ask_and_a_battle_from_the_menus_and_buttons() -> None:
    app = trade_war_app(seed=1, rules={"first_player": 0}, stacked=ASK_AND_BATTLE, pace="instant")
    (whom, rank), ask = menu(app, "ask")
    whom.value, rank.value = 1, "7"
    assert not ask.disabled
    ask.click()
    table = app.table_text()
    assert "Battle: You asked Computer 1 for a seven" in table
    assert "seven of hearts" in table and "stake (Computer 1)" in table
    assert app.labels()[:3] == ["Play 2♦", "Play 7♣", "Play A♠"]
    app.press("Play A♠")
    app.teacher_view.value = True
    log = " ".join(app.log_texts())
    assert "You win the battle against Computer 1: the higher rank wins." in log
    assert "(the battle: the highest card wins all cards in play)" in log
    assert "Won 1 in a row" in app.table_text()


def test_a_miss_passes_the_turn_and_the_computers_play_theirs() -> None:
    app = trade_war_app(seed=1, rules={"first_player": 0}, stacked=ASK_AND_BATTLE, pace="instant")
    app.choose("ask 1 Q")
    app.teacher_view.value = True
    log = app.log_texts()
    assert ("You ask Computer 1 for a queen. Computer 1 has none. (the instigator guesses a "
            "card in another player's hand)") in log
    assert any(t.startswith("Turn 2: Computer 1") for t in log)
    assert app.game.decision is None or app.game.decision.player == 0


def test_an_ask_that_is_not_allowed_is_greyed_out_with_the_reason() -> None:
    app = trade_war_app(seed=1, rules={"first_player": 0, "ask_hold": True},
                        stacked=ASK_AND_BATTLE, pace="instant")
    (whom, rank), ask = menu(app, "ask")
    whom.value, rank.value = 1, "K"
    assert ask.disabled
    assert ask.tooltip == "By ruling TW-ASK-HOLD you may only ask for a rank you hold yourself"
    rank.value = "7"
    assert not ask.disabled


def test_the_draw_is_offered_only_when_allowed_and_putin_never_battles() -> None:
    app = trade_war_app(seed=1, rules={"first_player": 0},
                        stacked=("AS 2S 3S 4S 5S 6S PJ", "7H KD", "9C"), pace="instant")
    assert "Draw from the centre" not in app.labels()  # seven cards: no draw, no greyed button
    short = trade_war_app(seed=1, rules={"first_player": 0}, stacked=("AS 2S", "7H KD", "9C"),
                          pace="instant")
    assert "Draw from the centre" in short.labels()
    assert "fewer than seven cards together, so one card may be drawn" in short.happened_text()
    app.choose("ask 1 7")
    assert app.greyed()["Play Eraser"] == (
        "The Eraser joker never battles: it only knocks out a card, which then leaves the game")


def test_your_hand_is_shown_and_the_others_are_face_down() -> None:
    app = trade_war_app(seed=5, players=3, rules={"first_player": 0}, pace="instant")
    table = app.table_text()
    hidden = len(app.game.state.hands[1]) + len(app.game.state.hands[2])
    assert table.count("a face-down card") == hidden  # one card drawn for each card held
    assert "centre pile" in table and "resources" in table
    app.show_everything.value = True
    assert "a face-down card" not in app.table_text()


def test_putin_is_offered_to_its_holder_and_its_effect_explained() -> None:
    app = trade_war_app(seed=1, rules={"first_player": 0},
                        stacked=("PJ 2C 3C", "AS 7H 5D", "9C 9D"), pace="instant")
    app.choose("ask 1 7")
    app.press("Play 2♣")  # Computer 1 beats it with its five; then Putin may strike
    assert app.labels()[:4] == ["Eraser: knock out 7♥", "Eraser: knock out 2♣",
                                "Eraser: knock out 5♦", "Keep Eraser for later"]
    app.press("Eraser: knock out 5♦")
    app.teacher_view.value = True
    log = app.log_texts()
    assert ("You play the Eraser joker and knock out the five of diamonds on the table. It leaves "
            "the game; Eraser is shuffled back into the centre (3 cards). (the Eraser joker "
            "knocks out a card, out of turn)") in log
    assert "Knocked out: 5♦" in app.table_text()


def test_when_everyone_declares_at_putins_moment_you_pass_without_putin() -> None:
    # Ruling TW-PUTIN-WHO 'everyone': Computer 1 holds Putin, yet you are asked too.
    app = trade_war_app(seed=1, rules={"first_player": 0, "putin_window": "everyone"},
                        stacked=("AS 7C 2D", "7H KD PJ", "9C 9D"), pace="instant")
    app.choose("ask 1 7")
    app.press("Play A♠")
    assert app.labels()[0] == "Pass: no Eraser now"
    assert [label for label in app.labels() if label.startswith("Eraser")] == []
    app.press("Pass: no Eraser now")
    assert "Pass: no Eraser now" not in app.labels()


def test_the_take_and_swap_menus_refill_the_hand_at_the_start_of_a_turn() -> None:
    app = trade_war_app(seed=1, rules={"first_player": 0},
                        stacked=("AS 2S 3S 4S 5S 6S | KC QC", "7H KD", "9C"), pace="instant")
    (card,), take = menu(app, "take")
    card.value = "QC"
    take.click()
    assert "QC" in [c.code for c in app.game.state.hands[0]]
    (out, into), swap = menu(app, "swap")
    out.value, into.value = "2S", "KC"
    swap.click()
    assert any("swap the two of spades" in t for t in app.log_texts())


def test_the_game_can_be_played_to_its_end_with_play_10() -> None:
    app = trade_war_app(seed=3, players=2, rules={"turn_limit": 30}, pace="instant")
    for _ in range(60):
        if app.game.outcome is not None:
            break
        app.press("Play 10 choices")
    assert app.game.outcome is not None
    assert app.banner_text()
    assert "Resource piles" in app.table_text()


def test_bad_settings_are_refused_clearly() -> None:
    with pytest.raises(BadInput, match="TW-PLAYERS"):
        trade_war_app(players=7, pace="instant")


def test_the_log_keeps_the_computers_cards_hidden() -> None:
    app = trade_war_app(seed=1, rules={"first_player": 1},
                        stacked=("AS 2C", "KD | 4C 5C", "9C 9D 10C"), pace="instant")
    log = " ".join(app.log_texts())
    assert "Computer 1 takes 2 cards from the resource pile into the hand." in log
    assert "four of clubs" not in log
    everything = " ".join(TRADE_WAR.explain(e) for s in app.game.steps for e in s.events)
    assert "four of clubs" in everything


# Found in review: each of these failed before its fix


def test_the_battle_heading_says_an_eight_and_an_ace() -> None:
    app = trade_war_app(seed=1, rules={"first_player": 0}, stacked=("AS 8C 2D", "8H KD", "9C"),
                        pace="instant")
    app.choose("ask 1 8")
    assert "Battle: You asked Computer 1 for an eight" in app.table_text()


def test_showing_everything_names_whose_resource_pile_is_listed() -> None:
    app = trade_war_app(seed=1, rules={"first_player": 0, "refill": "optional"},
                        stacked=("AS 2C | 3C", "KD 4C | 5C", "9C"), pace="instant")
    assert app.table_text().count("resource pile:") == 1
    app.show_everything.value = True
    table = app.table_text()
    assert "Your resource pile: 3♣" in table and "Computer 1's resource pile: 5♣" in table


def test_putin_can_be_swapped_into_the_resource_pile_from_the_menu() -> None:
    app = trade_war_app(seed=1, rules={"first_player": 0},
                        stacked=("AS 2S 3S 4S 5S 6S PJ | KC", "7H KD", "9C"), pace="instant")
    (out, into), swap = menu(app, "swap")
    out.value, into.value = "PJ", "KC"
    swap.click()
    assert app.game.state.piles[0] == (PUTIN,)


def test_a_greyed_out_menu_button_says_why_in_words_beside_it() -> None:
    app = trade_war_app(seed=11, players=3, pace="instant")
    drops, ask = app._design.menu("ask")
    assert ask.disabled
    assert "Ask : Pick from the menus first" in " ".join(
        text_of(w.value) for w in app._design._reasons.values())
    drops[0].value, drops[1].value = 1, "7"
    assert not ask.disabled
    assert all(w.value == "" for w in app._design._reasons.values())


def test_the_computers_first_turns_are_moments_before_your_first_choice() -> None:
    # Seed 3, three players: Computer 1 and Computer 2 each take a turn before yours.
    app = trade_war_app(seed=3, players=3, pace="normal")
    assert app.playing_back and "Turn 1" in app.table_text()
    said = []
    while (frame := app.frame()) is not None:
        said.append(frame.words)
        app.next_moment()
    assert said[0] == "Computer 1 asks Computer 2 for a seven. Computer 2 has none."
    assert "Turn 2: Computer 2 (next clockwise) is the instigator." in said
    assert "Turn 3 · You are the instigator" in app.table_text() and not app.playing_back


def test_the_cards_of_your_hand_on_the_table_stand_for_the_plays_of_one_card() -> None:
    app = trade_war_app(seed=1, rules={"first_player": 0}, stacked=("AS 7C 2D", "7H KD", "9C 9D"))
    table = app._table.value  # the page makes these buttons while "Play A♠" is offered
    assert 'data-choice="Play A♠" data-name="Play the ace of spades"' in table
    assert table.count("wt-card-choice") == 3  # yours only
