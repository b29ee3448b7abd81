"""The notebooks' teaching text comes from the package, in the page's language.

A notebook has no words of its own: each text is a section of wartutor.ui.lessons, shown by
a thin code cell, translated in the catalogs with every other word, and said again in the
language a student chooses in an app's menu on the same page.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from english import english_words

from wartutor import web
from wartutor.language import (
    LANGUAGES,
    SOURCE,
    _,
    language,
    speaking_language,
    use_language,
)
from wartutor.ui import classic_war_app, lesson, start_lesson
from wartutor.ui.lessons import LESSONS, lesson_text
from wartutor.ui.start import start_page

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))
TRANSLATED = sorted(code for code in LANGUAGES if code != SOURCE)
# A lesson cell: lesson("classic_war", "rules"), or the start page's start_lesson("welcome").
SHOWN = re.compile(r'\b(?:lesson\(\s*"(\w+)",\s*"(\w+)"\s*\)|start_lesson\(\s*"(\w+)"\s*\))')
BOLD = re.compile(r"\*\*(.+?)\*\*", re.DOTALL)
CODE = re.compile(r"`[^`]+`")
# Words of the game in bold: a translation may give them its own plural or case. Any other
# bold words that are a sentence of the catalog are a control's name, said as the app says it.
GAME_WORDS = ("discard pile", "removed", "games", "king", "seven", "sudden death",
              "Counter-Strike")
# Words that are English and the language's own too ("fast" is German for "almost").
ALSO_THE_LANGUAGES = {"de": ("fast",), "es": ()}


@pytest.fixture(autouse=True)
def english_again() -> Iterator[None]:
    yield
    use_language("en")


def cells(notebook: Path) -> list[dict[str, Any]]:
    return json.loads(notebook.read_text(encoding="utf-8"))["cells"]


def shown_sections(notebook: Path) -> list[tuple[str, str]]:
    """The (notebook, section) pairs a notebook's code cells show, in order."""
    shown = []
    for cell in cells(notebook):
        if cell["cell_type"] == "code":
            for named, section, start_section in SHOWN.findall("".join(cell["source"])):
                shown.append(("start", start_section) if start_section else (named, section))
    return shown


def sections() -> list[tuple[str, str]]:
    return [(notebook, section) for notebook, named in LESSONS.items() for section in named]


# The notebooks


@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=lambda path: path.stem)
def test_no_notebook_carries_teaching_text_of_its_own(notebook: Path) -> None:
    worded = ["".join(cell["source"]) for cell in cells(notebook)
              if cell["cell_type"] in ("markdown", "raw")
              and re.search(r"[^\W\d_]", "".join(cell["source"]))]
    assert not worded, f"{notebook.name}: words of its own, not the package's: {worded}"


@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=lambda path: path.stem)
def test_a_notebook_shows_its_own_lessons_all_in_order(notebook: Path) -> None:
    """Each section a notebook names is there, is its own notebook's (not a neighbour's,
    copied with the cell), and every section written for it is shown once, in order."""
    shown = shown_sections(notebook)
    assert all(named == notebook.stem for named, _section in shown), shown
    assert [section for _named, section in shown] == list(LESSONS.get(notebook.stem, {}))


def test_every_notebook_with_lessons_is_a_notebook() -> None:
    assert set(LESSONS) <= {notebook.stem for notebook in NOTEBOOKS}


def test_a_lesson_not_there_is_a_clear_error() -> None:
    with pytest.raises(ValueError, match=r"classic_war has no lesson 'rulez'; its lessons: "
                                         r"rules, your_turn, one_war"):
        lesson("classic_war", "rulez")
    with pytest.raises(ValueError, match=r"no notebook 'classic_wars' has lessons; those that "
                                         r"do: start, classic_war"):
        lesson("classic_wars", "rules")
    with pytest.raises(ValueError, match="start has no lesson 'welcom'"):
        start_lesson("welcom")


def test_the_notebooks_are_committed_with_no_outputs() -> None:
    ran = [notebook.name for notebook in NOTEBOOKS for cell in cells(notebook)
           if cell["cell_type"] == "code" and (cell["outputs"] or cell["execution_count"])]
    assert not ran


# The text, in each language


@pytest.mark.parametrize("code", TRANSLATED)
@pytest.mark.parametrize(("notebook", "section"), sections())
def test_each_lesson_is_translated_with_no_english_left(
        code: str, notebook: str, section: str) -> None:
    english = lesson_text(notebook, section)
    with speaking_language(code):
        translated = lesson_text(notebook, section)
    assert translated != english
    # Code is Python, the same in every language; a link's target is an address.
    prose = re.sub(r"\]\([^)]*\)", "]", CODE.sub(" ", translated))
    assert not english_words(prose, ALSO_THE_LANGUAGES[code])


def shape(markdown: str) -> dict[str, object]:
    """What a translation keeps of a section's Markdown."""
    lines = markdown.splitlines()
    return {
        "headings": [len(line) - len(line.lstrip("#")) for line in lines
                     if re.match(r"#+ ", line)],
        "bullets": sum(bool(re.match(r"\s*[-*] ", line)) for line in lines),
        "numbered": sum(bool(re.match(r"\s*\d+\. ", line)) for line in lines),
        "bold": len(BOLD.findall(markdown)),
        "links": markdown.count("]("),
        "table rows": sum(line.startswith("|") for line in lines),
        "entities": sorted(re.findall(r"&\w+;", markdown)),
    }


@pytest.mark.parametrize("code", TRANSLATED)
@pytest.mark.parametrize(("notebook", "section"), sections())
def test_each_translation_keeps_the_markdown(code: str, notebook: str, section: str) -> None:
    """The same headings, lists, bold words, links, tables and card suits; every piece of
    code as it is (a translation may set a Python name as code where the English did not)."""
    english = lesson_text(notebook, section)
    with speaking_language(code):
        translated = lesson_text(notebook, section)
    assert shape(translated) == shape(english)
    assert not Counter(CODE.findall(english)) - Counter(CODE.findall(translated))


@pytest.mark.parametrize("code", TRANSLATED)
def test_a_control_named_in_bold_is_named_as_the_app_names_it(code: str) -> None:
    """**Turn cards** in the English is the app's button: in Spanish, **Girar cartas** if
    that is what the Spanish app's button says."""
    wrong = []
    for notebook, section in sections():
        english = lesson_text(notebook, section)
        with speaking_language(code):
            translated = lesson_text(notebook, section)
            bold = {" ".join(words.split()) for words in BOLD.findall(translated)}
            for words in BOLD.findall(english):
                name = " ".join(words.split())
                if name not in GAME_WORDS and _(name) != name and _(name) not in bold:
                    wrong.append((notebook, section, name, _(name)))
    assert not wrong, wrong


# Shown in the page's language, and again in the one a student chooses


def test_a_lesson_is_shown_as_markdown_in_the_language_in_force() -> None:
    use_language("de")
    shown = lesson("war_room", "the_deck")
    with speaking_language("de"):
        assert shown.markdown == lesson_text("war_room", "the_deck")
    (output,) = shown.outputs
    assert output["data"]["text/markdown"] == shown.markdown
    shown.close()


def test_choosing_a_language_in_the_apps_menu_says_the_lessons_again_in_it() -> None:
    app = classic_war_app(seed=4, pace="instant")
    rules, turn = lesson("classic_war", "rules"), lesson("classic_war", "your_turn")
    english = rules.markdown

    app.language.menu.value = "es"

    assert language() == "es"
    with speaking_language("es"):
        assert rules.markdown == lesson_text("classic_war", "rules") != english
        assert turn.outputs[0]["data"]["text/markdown"] == lesson_text("classic_war",
                                                                       "your_turn")
    app.language.menu.value = "en"
    assert rules.markdown == english
    rules.close()
    turn.close()


def test_a_closed_lesson_listens_no_more_and_a_passing_language_is_not_a_change() -> None:
    shown = lesson("arsenal", "a_tie")
    english = shown.markdown
    with speaking_language("es"):  # a few lines in Spanish, as a hand-out is made
        pass
    assert shown.markdown == english
    shown.close()
    use_language("de")
    assert shown.markdown == english


def test_the_start_page_lessons_speak_the_start_pages_language(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("QUERY_STRING", "lang=es")  # as Voila gives a kernel its address
    welcome = start_lesson("welcome")
    assert start_page().code == welcome.code == "es"
    with speaking_language("es"):
        assert welcome._repr_markdown_() == lesson_text("start", "welcome")
    monkeypatch.setenv("QUERY_STRING", "lang=<script>")
    assert start_lesson("replay_a_deal").code == "en"


def test_in_the_static_edition_the_start_page_writes_its_text_in_every_language() -> None:
    """No address reaches a static page's kernel: the start page's script shows the
    language chosen, the text sections as the cards; before it runs, the kernel's."""
    with web.browser_edition():
        said = start_lesson("welcome", "de")._repr_markdown_()
    blocks = re.findall(r'<div class="wt-front-lesson" lang="(\w+)"( hidden)?>\n\n(.*?)\n\n</div>',
                        said, flags=re.S)
    assert [(code, hidden) for code, hidden, _text in blocks] == [
        (code, "" if code == "de" else " hidden") for code in LANGUAGES]
    for code, _hidden, text in blocks:
        with speaking_language(code):
            assert text == lesson_text("start", "welcome")


def test_the_start_pages_lessons_make_no_widget() -> None:
    """The start page is the first page a whole class opens: no ipywidgets for its text."""
    code = ("import sys; from wartutor.ui import start_lesson; start_lesson('welcome')"
            "._repr_markdown_(); print('ipywidgets' in sys.modules)")
    loaded = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            check=True).stdout
    assert loaded.strip() == "False"
