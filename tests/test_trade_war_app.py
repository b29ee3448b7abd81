"""The Trade War app driven from Python, as a class would click it (no browser)."""

from __future__ import annotations

import pytest

from wartutor.core import BadInput
from wartutor.ui import GameApp, trade_war_app
from wartutor.ui.trade_war import TradeTable
from wartutor.variants.trade_war import TRADE_WAR
from wartutor.variants.trade_war.cards import PUTIN

# You ask Computer 1 for a seven, attack with your ace; its king loses.
ASK_AND_BATTLE = ("AS 7C 2D", "7H KD 4C", "9C 9D")


def menu(app: GameApp, kind: str) -> tuple[list, object]:
    design = app._design  # the menus are the design's widgets
    assert isinstance(design, TradeTable)
    return design.menu(kind)


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
    log = " ".join(app.log_texts())
    assert "You win the battle against Computer 1: the higher rank wins." in log
    assert "(the battle: the highest card wins all cards in play)" in log
    assert "Won 1 in a row" in app.table_text()


def test_a_miss_passes_the_turn_and_the_computers_play_theirs() -> None:
    app = trade_war_app(seed=1, rules={"first_player": 0}, stacked=ASK_AND_BATTLE, pace="instant")
    app.choose("ask 1 Q")
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


def test_the_draw_is_greyed_out_with_seven_cards_and_putin_never_battles() -> None:
    app = trade_war_app(seed=1, rules={"first_player": 0},
                        stacked=("AS 2S 3S 4S 5S 6S PJ", "7H KD", "9C"), pace="instant")
    assert "fewer than seven cards together" in app.greyed()["Draw from the centre"]
    app.choose("ask 1 7")
    assert app.greyed()["Play Putin"] == "The Putin joker never battles: it only assassinates"


def test_your_hand_is_shown_and_the_others_are_face_down() -> None:
    app = trade_war_app(seed=5, players=3, rules={"first_player": 0}, pace="instant")
    table = app.table_text()
    assert "Computer 1's hand" not in table or table.count("a face-down card") >= 14
    assert "centre pile" in table and "resources" in table
    app.show_everything.value = True
    assert table.count("a face-down card") > app.table_text().count("a face-down card")


def test_putin_is_offered_to_its_holder_and_its_effect_explained() -> None:
    app = trade_war_app(seed=1, rules={"first_player": 0},
                        stacked=("PJ 2C 3C", "AS 7H 5D", "9C 9D"), pace="instant")
    app.choose("ask 1 7")
    app.press("Play 2♣")  # Computer 1 beats it with its five; then Putin may strike
    assert app.labels()[:4] == ["Putin: assassinate 7♥", "Putin: assassinate 2♣",
                                "Putin: assassinate 5♦", "Keep Putin for later"]
    app.press("Putin: assassinate 5♦")
    log = app.log_texts()
    assert ("You play the Putin joker and assassinate the five of diamonds on the table. It leaves "
            "the game; Putin is shuffled back into the centre (3 cards). (the Putin joker "
            "assassinates a card, out of turn)") in log
    assert "Assassinated, out of the game: five of diamonds" in app.table_text()


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
    app = trade_war_app(seed=1, rules={"first_player": 0}, stacked=("AS 8C 2D", "8H KD", "9C"), pace="instant")
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
