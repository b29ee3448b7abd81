"""The students' languages: each catalog complete, and every explanation in it, no English left.

A catalog is the words a translator wrote; these tests read them as a teacher would who
finds a word still in English, a sentence with a name missing, or a game that explains
itself in English halfway through.
"""

from __future__ import annotations

import string
import sys
from pathlib import Path
from typing import Any

import pytest

from wartutor.core.agents import random_agent
from wartutor.core.engine import Game
from wartutor.core.voice import speaking
from wartutor.language import LANGUAGES, SOURCE, speaking_language
from wartutor.variants import VARIANTS, find_variant

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
import catalogs  # noqa: E402  (tools/catalogs.py: what `make catalogs` runs)
from english import RULING_ID, english_words  # noqa: E402

TRANSLATED = sorted(code for code in LANGUAGES if code != SOURCE)

def fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


def ruling_ids(text: str) -> list[str]:
    return sorted(m.group(0) for m in RULING_ID.finditer(text))


# The catalogs


def test_the_template_holds_every_marked_sentence_of_the_package() -> None:
    """Run `make catalogs` after changing words in the code: the template is its output."""
    assert catalogs.TEMPLATE.read_bytes() == catalogs.po_bytes(catalogs.template())


@pytest.mark.parametrize("code", TRANSLATED)
def test_each_catalog_is_complete(code: str) -> None:
    catalog = catalogs.update(code, catalogs.template())
    untranslated = [m.id for m in catalog if m.id and not all(
        m.string if isinstance(m.string, tuple) else (m.string,))]
    fuzzy = [m.id for m in catalog if m.id and m.fuzzy]
    assert not untranslated, f"{code}: {len(untranslated)} untranslated, first {untranslated[:5]}"
    assert not fuzzy, f"{code}: {len(fuzzy)} fuzzy (to check), first {fuzzy[:5]}"


@pytest.mark.parametrize("code", TRANSLATED)
def test_a_translation_keeps_every_name_in_its_sentence(code: str) -> None:
    """A translation that drops {name} would leave a player out of the sentence; one that
    adds a field would fail when it is filled."""
    wrong = []
    for message in catalogs.read(code):
        if not message.id:
            continue
        sources = message.id if isinstance(message.id, tuple) else (message.id,)
        translations = (message.string if isinstance(message.string, tuple)
                        else (message.string,))
        expected = set().union(*(fields(s) for s in sources))
        for text in translations:
            # A plural form may leave out the number ("un" for one): never add a field.
            if text and not (fields(text) <= expected and
                             (len(sources) > 1 or fields(text) == expected)):
                wrong.append((message.id, text))
    assert not wrong, wrong[:5]


@pytest.mark.parametrize("code", TRANSLATED)
def test_the_package_reads_each_catalog_as_written(code: str) -> None:
    """The .mo file the package reads is its .po compiled (`make catalogs` writes both)."""
    mo = catalogs.LOCALE / code / "LC_MESSAGES" / "wartutor.mo"
    assert mo.read_bytes() == catalogs.mo_bytes(catalogs.read(code))


# Every explanation, in every language


def seeded_games(variant_name: str, count: int = 6) -> list[Game[Any]]:
    """Games of every size the variant has, played by random choices to their ends."""
    variant = find_variant(variant_name)
    games = []
    for seed in range(count):
        game = Game.new(variant, None, seed=seed)
        agents = [random_agent(p, seed) for p in range(len(variant.player_names(game.rules)))]
        while (decision := game.decision) is not None and len(game.steps) < 400:
            view = variant.view(game.state, decision.player)
            game = game.play(agents[decision.player](view, decision))
        games.append(game)
    return games


@pytest.mark.parametrize("code", TRANSLATED)
@pytest.mark.parametrize("variant_name", list(VARIANTS))
def test_every_event_is_explained_in_the_language_with_no_english_left(
        variant_name: str, code: str) -> None:
    variant = find_variant(variant_name)
    left: list[tuple[str, set[str]]] = []
    for game in seeded_games(variant_name):
        names = variant.player_names(game.rules)
        seats = len(names)
        typed = ("Ada", "Bo", "Cy", "Di", "Ed", "Flo")[:seats]
        for viewer, players in ((0, None), (1, typed), (None, typed)):
            with speaking_language(code), speaking(viewer, players):
                allowed = set(typed)
                for step in game.steps:
                    for event in step.events:
                        words = variant.explain(event)
                        assert words and isinstance(words, str)
                        if found := english_words(words, allowed):
                            left.append((words, found))
    assert not left, f"{len(left)} explanations with English in {code}, first: {left[:3]}"


@pytest.mark.parametrize("code", TRANSLATED)
@pytest.mark.parametrize("variant_name", list(VARIANTS))
def test_rule_titles_are_in_the_language(variant_name: str, code: str) -> None:
    variant = find_variant(variant_name)
    with speaking_language(code):
        left = {rule: title for rule, title in variant.rule_titles.items()
                if english_words(title)}
    assert not left, left


@pytest.mark.parametrize("code", TRANSLATED)
@pytest.mark.parametrize("variant_name", list(VARIANTS))
def test_a_rule_title_names_its_ruling_in_every_language(variant_name: str, code: str) -> None:
    """A teacher finds a ruling by its id ("CW-WAR-DOWN") in the rulings panel and the
    handout: a title that names one in English names the same one in the language."""
    variant = find_variant(variant_name)
    english = variant.rule_titles
    with speaking_language(code):
        said = variant.rule_titles
    lost = {rule: said[rule] for rule, title in english.items()
            if ruling_ids(title) != ruling_ids(said[rule])}
    assert not lost, lost


def test_the_golden_playthroughs_stay_in_english() -> None:
    """Whatever a kernel speaks, a trace's words are the source's (goldens compare them)."""
    war = find_variant("classic_war")
    game = Game.new(war, None, seed=1, stacked=("9S 4C KD", "9H 2D 7C")).play("turn")
    with speaking_language("de"):
        german = war.explain(game.steps[-1].events[-1])
    english = war.explain(game.steps[-1].events[-1])
    assert english == "You hold all 6 cards: you win the game."
    assert german != english
