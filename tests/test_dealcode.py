"""Deal codes: every variant's rulings travel in a code and come back the same."""

from __future__ import annotations

import contextlib
import dataclasses
from typing import Any

import pytest

from wartutor.core import BadInput, rules_from, rulings_of
from wartutor.core.dealcode import PREFIXES, deal_code, read_deal_code
from wartutor.variants import VARIANTS

SEED = 4821


def other_rules(rules_type: type) -> list[Any]:
    """Every rules object that changes one ruling to one of its other choices (if allowed)."""
    found = []
    default = rules_type()
    for name, meta in rulings_of(rules_type).items():
        for choice in meta.choices:
            if choice == getattr(default, name) and type(choice) is type(getattr(default, name)):
                continue
            # A choice may need another one changed too (a seat past the table's end).
            with contextlib.suppress(BadInput):
                found.append(rules_from(rules_type, {name: choice}))
    return found


def every_last_choice(rules_type: type) -> Any:
    """Many rulings changed at once: the last choice of each, where the rules allow it."""
    settings: dict[str, Any] = {}
    for name, meta in rulings_of(rules_type).items():
        try:
            rules_from(rules_type, {**settings, name: meta.choices[-1]})
        except BadInput:
            continue
        settings[name] = meta.choices[-1]
    return rules_from(rules_type, settings)


@pytest.mark.parametrize("name", list(VARIANTS))
def test_the_default_rulings_give_a_short_code(name: str) -> None:
    rules = VARIANTS[name].rules_type()
    code = deal_code(name, rules, SEED)
    assert code == f"{PREFIXES[name]}-{SEED}"
    dealt = read_deal_code(code)
    assert (dealt.variant, dealt.seed, dealt.rules()) == (name, SEED, rules)


@pytest.mark.parametrize("name", list(VARIANTS))
def test_every_other_choice_round_trips(name: str) -> None:
    rules_type = VARIANTS[name].rules_type
    for rules in [*other_rules(rules_type), every_last_choice(rules_type)]:
        code = deal_code(name, rules, SEED)
        assert not set("ILO") & set(code.split("-", 1)[1]), code
        assert read_deal_code(code).rules() == rules, code
        assert read_deal_code(code.lower().replace("-", " ")).rules() == rules, code


def test_a_number_no_menu_offers_travels_as_itself() -> None:
    rules = rules_from(VARIANTS["classic_war"].rules_type, {"battle_limit": 37})
    assert deal_code("classic_war", rules, 9) == "CW-9-C=37"
    assert read_deal_code("cw9c=37").rules() == rules


def test_letters_that_look_like_digits_are_read_as_digits() -> None:
    assert read_deal_code("cw-48l O").seed == 4810


def test_a_deck_of_ones_own_cannot_travel_in_a_code() -> None:
    arsenal = VARIANTS["arsenal"].rules_type
    rules = dataclasses.replace(arsenal(), deck="NK-SF KV-PR CS-SO RK-ML")
    with pytest.raises(BadInput, match=r"AR-CUSTOM-DECK.*trace"):
        deal_code("arsenal", rules, 1)


@pytest.mark.parametrize(("code", "says"), [
    ("", "empty.*such as CW-4821"),
    ("hello", "not a deal code.*such as CW-4821"),
    ("CW", "not a deal code.*such as CW-4821"),
    ("CW-12-B", "not a deal code"),
    ("XX-12", "no game starts with 'XX'.*CW, GT, WR, TW, AR"),
    ("CW-12-Z1", "'Z' is not a ruling of Classic War.*A to E"),
    ("CW-12-B9", "CW-WAR-DOWN.*no choice 9.*B1 to B3"),
    ("CW-12-B2B3", "changes ruling B .* twice"),
    ("CW-12-B=7", "CW-WAR-DOWN.*cannot be 7"),
    ("CW-99999999999999999999999", "seed.*too large"),
    ("WR-12-A1C5", "WR-FIRST|seat"),
])
def test_a_bad_code_says_what_is_wrong_and_what_a_code_looks_like(code: str, says: str) -> None:
    with pytest.raises(BadInput, match=says):
        read_deal_code(code)


def test_the_app_shows_the_code_and_joins_a_deal() -> None:
    from wartutor.ui import classic_war_app

    teacher = classic_war_app(seed=2024, rules={"war_down": 3}, pace="instant")
    assert teacher.deal_code() == "CW-2024-B3"
    student = classic_war_app(seed=7, pace="instant")
    student.join_deal("cw 2024 b3")
    assert student.game.seed == 2024 and student.game.rules == teacher.game.rules
    assert student.rulings.chosen() == teacher.rulings.chosen()
    assert student.deal_code() == "CW-2024-B3"


def test_a_bad_code_in_the_app_changes_nothing() -> None:
    from wartutor.ui import classic_war_app

    app = classic_war_app(seed=5, pace="instant")
    app.press("Turn cards")
    before = app.game
    app.join_deal("WR-12")
    assert app.game is before
    assert "is a deal of War Room, not Classic War" in app.message_text()
    app.join_deal("CW-12-Q1")
    assert app.game is before and "such as" not in app.message_text()
    assert "'Q' is not a ruling of Classic War" in app.message_text()
