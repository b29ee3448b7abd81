"""The classroom parts of every app, without a browser: deal code, large print, the
connection watch, the front door, and lazy imports."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from html import unescape
from pathlib import Path

import pytest
from english import english_words
from test_export import app_of

from wartutor import web
from wartutor.language import LANGUAGES
from wartutor.ui import GameApp, arsenal_app, start_page
from wartutor.ui.connection import LOST, WATCH_SCRIPT
from wartutor.ui.language import STORAGE_NAME
from wartutor.ui.start import DOORS, LANGUAGE_STORAGE, requested_language
from wartutor.variants import VARIANTS

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"


@pytest.mark.parametrize("name", list(VARIANTS))
def test_every_app_shows_its_deal_code_and_watches_its_connection(name: str,
                                                                  tmp_path: Path) -> None:
    app = app_of(name, tmp_path)
    code = app.deal_code()
    assert code is not None and code.startswith(name[:1].upper())
    assert f"Deal code: <b>{code}</b>" in app._deal_code.value
    watch = [w for w in app.children if "wt-watch" in getattr(w, "_dom_classes", ())]
    assert len(watch) == 1 and LOST in watch[0].outputs[0]["data"]["text/html"]


def test_large_print_is_a_class_on_the_app() -> None:
    app = app_of("classic_war", Path())
    app.large_print.value = True
    assert "wt-large" in app._dom_classes
    app.large_print.value = False
    assert "wt-large" not in app._dom_classes


def test_a_set_deal_has_no_code() -> None:
    from wartutor.ui import classic_war_app

    app = classic_war_app(stacked=("KD", "7C"), pace="instant")
    assert app.deal_code() is None
    app.join_deal("CW-5")  # joining a code deals shuffled cards
    assert app.deal_code() == "CW-5" and app.game.stacked is None


def test_the_watch_script_says_the_message_and_offers_a_reload() -> None:
    assert LOST in WATCH_SCRIPT and "location.reload()" in WATCH_SCRIPT
    assert '"api/kernels/"' in WATCH_SCRIPT and "autorestarting" in WATCH_SCRIPT


def test_the_front_door_has_a_card_for_every_variant() -> None:
    html = start_page()._repr_html_()
    titles = {VARIANTS[name].title for name in VARIANTS}
    assert {d.title for d in DOORS} == titles
    for door in DOORS:
        assert (NOTEBOOKS / door.notebook).exists()
        assert f'href="{door.notebook}"' in html
        # "Explore its rules" opens the explorer on this variant, not on Classic War.
        assert f'href="rule_explorer.ipynb?variant={door.variant}"' in html
        assert door.variant in VARIANTS
    # Every picture has a text alternative.
    assert all(re.search(r'aria-label="[^"]+"', svg) for svg in html.split("<svg")[1:])


def words_of(page: str) -> str:
    """What a student reads of the start page, its pictures' names included; the playing
    cards' names are the cards' own words (wartutor.core.cards), read by their tests."""
    page = page[page.index('<div class="wt-front-page"'):]
    page = re.sub(r"<script>.*?</script>", " ", page, flags=re.S)
    page = re.sub(r'<svg class="wt-card".*?</svg>', " ", page, flags=re.S)
    labels = re.findall(r'aria-label="([^"]*)"', page)
    return unescape(" ".join([*labels, re.sub(r"<[^>]+>", " ", page)]))


@pytest.mark.parametrize("code", ["es", "de"])
def test_the_start_page_in_another_language_has_no_english_left(code: str) -> None:
    english, other = words_of(start_page("en")._repr_html_()), words_of(
        start_page(code)._repr_html_())
    assert english_words(english, set())  # the check finds English where there is some
    names = {door.title for door in DOORS} | set(LANGUAGES.values())
    assert not english_words(other, names), english_words(other, names)
    for words in ("Large print", "Explore its rules", "Play together", "How long"):
        assert words in english and words not in other
    assert f'lang="{code}"' in start_page(code)._repr_html_()


def test_the_start_page_offers_itself_in_each_language_by_its_address(
        monkeypatch: pytest.MonkeyPatch) -> None:
    page = start_page("de")._repr_html_()
    assert 'href="start.ipynb?lang=en"' in page and 'href="start.ipynb?lang=es"' in page
    assert '<b aria-current="true" lang="de">Deutsch</b>' in page  # the one on show
    assert '<span aria-hidden="true">Sprache:</span>' in page  # named in words, no emoji
    assert requested_language("lang=es") == "es" and requested_language("x=1&lang=de-AT") == "de"
    for hostile in ("lang=<script>", "lang=" + "e" * 5000, "lang=fr", "", "lang"):
        assert requested_language(hostile) is None
    monkeypatch.setenv("QUERY_STRING", "variant=x&lang=es")  # as Voila gives the kernel
    assert 'lang="es"' in start_page()._repr_html_()
    # The choice is kept where the apps' language menu reads it.
    assert LANGUAGE_STORAGE == STORAGE_NAME and LANGUAGE_STORAGE in page
    # No address reaches a kernel in the browser: the page is made in every language, the
    # kernel's shown until the page's script shows the one chosen; its links have no query.
    with web.browser_edition():
        static = start_page("de")._repr_html_()
    assert '<div class="wt-front-page" lang="de" data-static>' in static
    assert '<div class="wt-front-page" lang="es" data-static hidden>' in static
    assert "Jugar a Classic War" in static and "?lang=" not in static
    assert static.count("need a server") == 1  # the English page's; the others in theirs
    assert 'href="start.html" hreflang="en"' in static and LANGUAGE_STORAGE in static


def test_each_play_link_opens_a_notebook_whose_first_cell_is_the_game() -> None:
    # The game first, every time: no anchor to miss, no page of rules to scroll past.
    for door in DOORS:
        first = json.loads((NOTEBOOKS / door.notebook).read_text())["cells"][0]
        assert first["cell_type"] == "code", door.notebook
        assert "_app(" in "".join(first["source"]), door.notebook


def test_a_page_imports_only_its_own_app() -> None:
    code = ("import sys; from wartutor.ui import start_page; "
            "print(sorted(m for m in sys.modules if m.startswith(('wartutor.ui.', 'ipywidgets'))))")
    loaded = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            check=True).stdout
    assert "wartutor.ui.start" in loaded
    assert "ipywidgets" not in loaded and "wartutor.ui.classic_war" not in loaded


def test_arsenal_match_has_the_shell_parts(tmp_path: Path) -> None:
    match = arsenal_app(tmp_path, seed=2, pace="instant").match
    assert isinstance(match, GameApp) and match.deal_code() == "AR-2"
