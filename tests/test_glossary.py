"""Words to know: every app lists its variant's terms and marks each term once, where a
reader of its explanations meets it first, with a link to its entry."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

from wartutor.core.glossary import TERMS, term_pattern, terms_of
from wartutor.ui import (
    GameApp,
    arsenal_app,
    classic_war_app,
    guerrilla_tactics_app,
    trade_war_app,
    war_room_app,
)
from wartutor.ui.glossary import glossary_html, marked
from wartutor.ui.markup import html
from wartutor.variants import VARIANTS

DOCS_PAGE = Path(__file__).resolve().parents[1] / "docs" / "glossary.md"
# Where nothing is marked: headings, cited rules, the panels' own headings.
QUIET = re.compile(r'<h3.*?</h3>|<span class="wt-rule">.*?</span>|<summary>.*?</summary>'
                   r'|<div class="wt-(?:happened|log)-head">.*?</div>', re.DOTALL)
LINK = re.compile(r'<a class="wt-term" href="#wt-term-(\w+)-([\w-]+)" title="[^"<>]*">([^<]*)</a>')


def app_of(name: str, tmp_path: Path) -> GameApp:
    if name == "arsenal":
        return arsenal_app(tmp_path, seed=3, pace="instant").match
    return {"classic_war": classic_war_app, "guerrilla_tactics": guerrilla_tactics_app,
            "war_room": war_room_app, "trade_war": trade_war_app}[name](seed=3, pace="instant")


def played(name: str, tmp_path: Path) -> GameApp:
    app = app_of(name, tmp_path)
    for _ in range(3):
        if app.game.outcome is None:
            app.press(next(label for label in app.labels() if label.startswith("Play 10")))
    return app


@pytest.mark.parametrize("name", list(VARIANTS))
def test_each_term_is_marked_once_where_the_words_first_say_it(name: str,
                                                               tmp_path: Path) -> None:
    app = played(name, tmp_path)
    # The HTML of What just happened and of the log, as the page gets it.
    for region in (app._log.value, app._happened.value):
        links = LINK.findall(region)
        keys = Counter(key for _, key, _ in links)
        assert keys and all(count == 1 for count in keys.values()), keys
        assert {variant for variant, _, _ in links} == {name}
        # Marked where it is first said: the words before a term's link never say it.
        words = {t.key: t for t in terms_of(name)}
        for match in LINK.finditer(region):
            before = re.sub(QUIET, "", region[:match.start()])
            said = {words[k].word for k in words} & {
                t.word for t in terms_of(name)
                if any(f.lower() in [m.lower() for m in term_pattern(name).findall(
                    re.sub(r"<[^>]*>", " ", before))] for f in t.spelled)}
            assert words[match.group(2)].word not in said, match.group(3)


@pytest.mark.parametrize("name", list(VARIANTS))
def test_every_app_has_its_glossary_and_a_way_to_it(name: str, tmp_path: Path) -> None:
    app = app_of(name, tmp_path)
    pages = " ".join(str(getattr(child, "value", "")) for child in app.children)
    tops = " ".join(str(getattr(c, "value", "")) for c in app.children[1].children)
    assert f'href="#wt-glossary-{name}"' in tops  # the top line's Glossary link
    assert f'<dl id="wt-glossary-{name}">' in pages
    for term in terms_of(name):
        assert f'id="wt-term-{name}-{term.key}"' in pages


def test_terms_are_not_marked_in_tags_headings_or_cited_rules() -> None:
    words = html('<h3>{a}</h3><li title="{b}">{c}<span class="wt-rule">({d})</span></li>',
                 a="The instigator", b="instigator", c="Ana is the instigator.",
                 d="the instigator guesses")
    out = marked(words, "trade_war")
    assert out.count('class="wt-term"') == 1
    assert "<h3>The instigator</h3>" in out and 'title="instigator"' in out
    assert '<span class="wt-rule">(the instigator guesses)</span>' in out


def test_a_term_in_a_hostile_name_stays_text() -> None:
    words = html("<li>{w}</li>", w='<a href="x">instigator</a> asks you.')
    out = marked(words, "trade_war")
    assert "<a href=\"x\">" not in out and "&lt;a href=&quot;x&quot;&gt;" in out


def test_the_jargon_the_issue_names_is_in_the_glossary() -> None:
    words = {t.word for t in TERMS}
    for asked in ("VC", "cap", "Guerrilla", "spy", "promotion", "instigator", "resource pile"):
        assert asked in words
    for term in TERMS:
        assert term.meaning.endswith(".") and len(term.meaning.split()) <= 40


def test_the_docs_glossary_page_is_made_from_the_glossary() -> None:
    from wartutor.core.glossary import glossary_markdown

    assert DOCS_PAGE.read_text() == glossary_markdown(), (
        "docs/glossary.md is made from wartutor/core/glossary.py: "
        "python -m wartutor.core.glossary > docs/glossary.md")


def test_the_glossary_panel_escapes_nothing_it_should_not() -> None:
    panel = glossary_html("war_room")
    assert "<dt id=\"wt-term-war_room-vc\">VC</dt>" in panel
