"""Names are checked where they are typed: each test is an attack a name cannot make."""

from __future__ import annotations

import string

import pytest
from hypothesis import given
from hypothesis import strategies as st

from wartutor.core.errors import BadInput
from wartutor.core.names import NAME_LIMIT, check_name


def refusal(typed: str) -> str:
    with pytest.raises(BadInput) as refused:
        check_name(typed)
    message = str(refused.value)
    assert ". Allowed: " in message
    return message


# What a name is tidied into


def test_spaces_are_tidied_and_the_typographic_apostrophe_is_the_plain_one() -> None:
    assert check_name("  Jean-Luc    O\u2019Neil ") == "Jean-Luc O'Neil"


def test_a_name_wholly_in_one_alphabet_passes_whatever_the_alphabet() -> None:
    for name in ("Zoë", "José", "Αλέξης", "Маша", "محمد", "山田", "さくら", "민준", "अनिल",
                 "Nguyễn Văn An", "Łukasz", "Søren"):
        assert check_name(name) == name


def test_japanese_mixes_kanji_and_kana_and_a_latin_letter_may_join_them() -> None:
    assert check_name("山田さくら") == "山田さくら"
    assert check_name("Kim 민준") == "Kim 민준"


def test_full_width_letters_are_made_plain_ones() -> None:
    assert check_name("\uff21\uff4e\uff41") == "Ana"


# Invisible characters


@pytest.mark.parametrize("hidden", ["\u200d", "\u200c", "\u200b", "\u2060", "\ufeff", "\u00ad"])
def test_a_name_cannot_hide_a_zero_width_character(hidden: str) -> None:
    message = refusal(f"Ana{hidden}Bo")
    assert "invisible character" in message and f"U+{ord(hidden):04X}" in message


@pytest.mark.parametrize("control", ["\u202e", "\u202d", "\u2066", "\u2067", "\u200e", "\u200f"])
def test_a_name_cannot_turn_the_words_after_it_around(control: str) -> None:
    assert "invisible character" in refusal(f"Sam{control}live")


@pytest.mark.parametrize("blank", ["\u3164", "\u115f", "\uffa0", "\u034f", "\ufe0f"])
def test_a_name_cannot_be_made_of_letters_that_show_nothing(blank: str) -> None:
    assert "invisible character" in refusal(f"Bo{blank}")


@pytest.mark.parametrize("odd", ["\t", "\n", "\x00", "\u2028", "\u2029", "\ue000", "\ud800"])
def test_a_name_cannot_hold_control_private_or_broken_characters(odd: str) -> None:
    assert "invisible character" in refusal(f"Bo{odd}Ana")


# Look-alikes


def test_a_cyrillic_a_cannot_pass_for_a_latin_one() -> None:
    message = refusal("M\u0430ya")
    assert "mixes Latin and Cyrillic letters ('\u0430' is Cyrillic)" in message
    assert "look-alike" in message


def test_a_greek_omicron_cannot_pass_for_a_latin_o() -> None:
    assert "Latin and Greek letters" in refusal("B\u03bfb")


def test_an_ohm_sign_is_a_greek_omega_and_cannot_start_a_latin_name() -> None:
    assert "Greek" in refusal("\u2126mar")


def test_marks_cannot_pile_up_on_one_letter() -> None:
    assert "accents or marks on one letter" in refusal("Zo" + "\u0308" * 6)


def test_a_mark_cannot_stand_on_its_own() -> None:
    assert "where no letter carries it" in refusal("\u0301Ana")


# Markup, and what else a name may not hold


@pytest.mark.parametrize("typed", ["<img src=x onerror=alert(1)>", '"><script>', "Bo & Ana",
                                   "&lt;b&gt;", "</div>"])
def test_markup_is_refused_when_typed(typed: str) -> None:
    message = refusal(typed)
    assert "which a name may not hold" in message


def test_a_refusal_names_the_character_that_is_not_allowed() -> None:
    assert "holds '@'" in refusal("ana@school")


def test_21_characters_are_too_many() -> None:
    assert check_name("a" * 20) == "a" * 20
    assert "has 21 characters, 1 too many" in refusal("a" * 21)


def test_a_pasted_essay_is_refused_and_quoted_short() -> None:
    message = refusal("Ana " * 50_000)
    assert "too many" in message and len(message) < 300


@pytest.mark.parametrize("typed", ["", "   ", "\u3000"])
def test_an_empty_name_is_refused(typed: str) -> None:
    assert "the name is empty" in refusal(typed)


def test_a_name_of_hyphens_and_apostrophes_alone_is_refused() -> None:
    assert "no letter or digit" in refusal("-' -")


def test_a_name_that_is_not_text_is_refused() -> None:
    with pytest.raises(BadInput, match="is not a name"):
        check_name(42)  # type: ignore[arg-type]


# Whatever passes


@given(st.text(max_size=40))
def test_whatever_is_accepted_holds_no_markup_and_at_most_20_characters(typed: str) -> None:
    try:
        name = check_name(typed)
    except BadInput:
        return
    assert not set(name) & set('<>&"')
    assert 0 < len(name) <= NAME_LIMIT
    assert name == name.strip() and "  " not in name
    assert check_name(name) == name  # a tidy name is its own tidy form


@given(st.text(alphabet=string.ascii_letters + string.digits + " -'", max_size=NAME_LIMIT))
def test_a_plain_name_of_letters_digits_spaces_hyphens_and_apostrophes_passes(
        typed: str) -> None:
    tidy = " ".join(typed.split())
    if any(c.isalnum() for c in tidy):
        assert check_name(typed) == tidy
