"""War Room deck files: the shipped deck, and bad files refused naming the card and field."""

from __future__ import annotations

from pathlib import Path

import pytest

from wartutor.core import BadInput
from wartutor.variants.war_room import (
    WarRoomRules,
    card_text,
    default_deck,
    load_deck,
    parse_deck,
    to_toml,
)
from wartutor.variants.war_room.deck import Instruction, default_deck_text

GOOD = """
format = "wartutor-war-room-deck"
version = 1
name = "Tiny"

[[cards]]
code = "AA"
name = "Alpha"
vc = 3
copies = 10
instructions = [
  { kind = "attack", change = 2, target = "chosen-opponent", mandatory = true },
]

[[cards]]
code = "BB"
name = "Bravo"
vc = 4
copies = 10
instructions = []
"""


def test_the_shipped_deck_deals_evenly_to_two_to_five_players() -> None:
    deck = default_deck()
    assert len(deck.cards) == 60 and len(deck.kinds) == 10
    for players in (2, 3, 4, 5):
        assert WarRoomRules(players=players).cards == deck


def test_the_shipped_deck_is_package_data_beside_the_code() -> None:
    here = Path(__file__).resolve().parents[1] / "wartutor/variants/war_room/field_manual.toml"
    assert default_deck_text() == here.read_text(encoding="utf-8")


def test_a_deck_written_out_reads_back_the_same() -> None:
    assert parse_deck(to_toml(default_deck())) == default_deck()
    assert parse_deck(to_toml(parse_deck(GOOD))) == parse_deck(GOOD)


def test_a_deck_file_can_be_loaded_and_played() -> None:
    rules = WarRoomRules(deck=GOOD)
    assert rules.cards.name == "Tiny" and len(rules.cards.cards) == 20
    assert load_deck(GOOD) is load_deck(GOOD)  # parsed once per text


def test_card_text_is_generated_from_the_data() -> None:
    deck = default_deck()
    assert card_text(deck.kind("SC")) == "Scout, VC 2. No activation: it can only decline."
    assert card_text(deck.kind("MO")) == (
        "Mortar, VC 5. Activate: Attack +4 VC to the highest opponent card; "
        "then Attack +1 VC to the lowest opponent card (optional).")


def test_one_card_can_be_changed() -> None:
    deck = default_deck().with_card("SN", vc=4, name="Marksman")
    assert deck.kind("SN").vc == 4 and deck.kind("SN").name == "Marksman"
    calm = default_deck().with_card("SN", instructions=[Instruction("defend", -1, "self", True)])
    assert card_text(calm.kind("SN")) == "Sniper, VC 6. Activate: Defend -1 VC to your own card."
    with pytest.raises(BadInput, match=r"card 5 \('Sniper'\): the field 'vc' is '4', not a whole"):
        default_deck().with_card("SN", vc="4")


def _without(text: str, line: str) -> str:
    assert line in text
    return text.replace(line, "", 1)


@pytest.mark.parametrize(("text", "message"), [
    (_without(GOOD, "vc = 3\n"), r"card 1 \('Alpha'\): the field 'vc' is missing"),
    (GOOD.replace("vc = 3", 'vc = "3"'), r"card 1 \('Alpha'\): the field 'vc' is '3', not a whole"),
    (GOOD.replace("vc = 3", "vc = true"), r"the field 'vc' is True, not a whole number"),
    (GOOD.replace('"chosen-opponent"', '"random-opponent"'),
     r"card 1 \('Alpha'\), instruction 1: the target rule 'random-opponent' is unknown"),
    (GOOD.replace('"chosen-opponent"', '"self"'),
     r"instruction 1: the target rule 'self' does not fit the kind 'attack'"),
    (GOOD.replace('kind = "attack"', 'kind = "heal"'), r"the kind 'heal' is unknown"),
    (GOOD.replace("change = 2", "change = 0"), r"the change is 0"),
    (GOOD.replace("mandatory = true", 'mandatory = "yes"'), r"'mandatory' is 'yes', not a true"),
    (GOOD.replace("copies = 10\ninstructions = []", "copies = 0\ninstructions = []"),
     r"card 2 \('Bravo'\): copies is 0"),
    (GOOD.replace('code = "BB"', 'code = "AA"'), r"two cards share the code"),
    (GOOD.replace('code = "BB"', 'code = "bravo"'), r"the code 'bravo' is not 1 to 4 capital"),
    (GOOD.replace("vc = 4", "vc = 4\ncolour = 'red'"), r"card 2 \('Bravo'\): unknown field"),
    (GOOD.replace("version = 1", "version = 2"), r"not a War Room deck of a known version"),
    (GOOD.replace('name = "Tiny"', ""), r"the deck has no name"),
    (GOOD + "[[cards]\n", r"not valid TOML"),
])
def test_a_bad_deck_file_names_the_card_and_field(text: str, message: str) -> None:
    with pytest.raises(BadInput, match=message):
        parse_deck(text)


def _card(code: str, copies: int = 1) -> str:
    return f'\n[[cards]]\ncode = "{code}"\nname = "Card {code}"\nvc = 3\ncopies = {copies}\n' \
           "instructions = []\n"


ATTACK = '  { kind = "attack", change = 2, target = "chosen-opponent", mandatory = true },\n'


@pytest.mark.parametrize(("text", "message"), [
    (GOOD.replace("copies = 10\ninstructions = []", "copies = 301\ninstructions = []"),
     r"card 2 \('Bravo'\): copies is 301. Allowed: a whole number from 1 to 300"),
    (GOOD + _card("CC", 150) + _card("DD", 131),
     r"the deck has 301 cards in all. Allowed: at most 300 cards, counting every copy"),
    (GOOD + "".join(_card(f"C{n}") for n in range(49)),
     r"the deck has 51 kinds of card. Allowed: at most 50 \[\[cards\]\] tables"),
    (GOOD.replace(ATTACK, ATTACK * 9), r"the card has 9 instructions. Allowed: at most 8"),
    (GOOD.replace("vc = 3", "vc = 1000"), r"the VC is 1000. Allowed: a whole number from -999"),
    (GOOD.replace("vc = 3", "vc = -1000"), r"the VC is -1000"),
    (GOOD.replace("change = 2", "change = 1000"), r"the change is 1000"),
    (GOOD.replace('name = "Tiny"', f'name = "{"T" * 61}"'),
     r"the deck's name has 61 characters. Allowed: a name of at most 60"),
    (GOOD.replace('name = "Tiny"', f'name = "Tiny"\ndescription = "{"d" * 1001}"'),
     r"the description has 1,001 characters. Allowed: a description of at most 1,000"),
    (GOOD + "# " + "x" * 100_000, r"the deck file has 100,\d+ characters, more than 100,000"),
    (GOOD + "extra = " + "[" * 21 + "]" * 21, r"nested more than 20 deep"),
    (GOOD.replace("vc = 3", "vc = 123456789012345678901"),
     r"a number has 21 digits. Allowed: whole numbers from -999 to 999"),
])
def test_a_deck_past_a_limit_is_refused_naming_the_limit(text: str, message: str) -> None:
    with pytest.raises(BadInput, match=message):
        parse_deck(text)


def test_a_deck_at_every_limit_is_read() -> None:
    biggest = "".join(_card(f"C{n}", 6) for n in range(50))
    head = f'format = "wartutor-war-room-deck"\nversion = 1\nname = "{"N" * 60}"\n'
    deck = parse_deck(head + f'description = "{"d" * 1000}"\n' + biggest)
    assert len(deck.kinds) == 50 and len(deck.cards) == 300
    strong = parse_deck(GOOD.replace(ATTACK, ATTACK * 8).replace("vc = 3", "vc = -999"))
    assert len(strong.kind("AA").instructions) == 8 and strong.kind("AA").vc == -999


def test_brackets_and_digits_inside_strings_and_comments_are_not_counted() -> None:
    quiet = GOOD.replace('name = "Tiny"', 'name = "[[[[[[[[[[[[[[[[[[[[[[ 1234567890123456789012"'
                                          '  # ]]]]]]]]]]]]]]]]]]]]]]]] 1234567890123456789012')
    assert parse_deck(quiet).name == "[[[[[[[[[[[[[[[[[[[[[[ 1234567890123456789012"


def test_a_deck_that_does_not_divide_evenly_is_refused_by_the_rules() -> None:
    odd = GOOD.replace("copies = 10\ninstructions = []", "copies = 11\ninstructions = []")
    with pytest.raises(BadInput, match="21 cards, which cannot be dealt to 2 players"):
        WarRoomRules(deck=odd)
