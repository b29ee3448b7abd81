"""The hand-out and the take-home record as a page: the rules, the rulings, the words and
every move, a page any browser opens; a hostile name stays text."""

from __future__ import annotations

import base64
import re
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest

from wartutor.core import Game, play_out
from wartutor.core.record import explanation
from wartutor.core.rulings import rulings_of
from wartutor.ui import classic_war_app, guerrilla_tactics_app, trade_war_app
from wartutor.ui.handout import handout_page
from wartutor.ui.plain_rules import DOCS_PAGES, RULES
from wartutor.variants import VARIANTS

DOCS = Path(__file__).resolve().parents[1] / "docs" / "variants"
HOSTILE = '<img src=x onerror="alert(1)">Ana'


class Page(HTMLParser):
    """The page as a browser reads it: its tags, its text and any script in it."""

    def __init__(self, text: str) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[str] = []
        self.handlers: list[str] = []
        self.words: list[str] = []
        self.feed(text)
        self.close()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append(tag)
        self.handlers += [name for name, _ in attrs if name.startswith("on")]

    def handle_data(self, data: str) -> None:
        self.words.append(data)

    @property
    def text(self) -> str:
        return " ".join("".join(self.words).split())


def played(name: str, seed: int = 11, steps: int = 8) -> Game[Any]:
    variant = VARIANTS[name]
    game = Game.new(variant, seed=seed)
    make = next(iter(variant.agents.values()))
    seats = range(len(variant.player_names(game.rules)))
    return play_out(game, {seat: make(seat, seed) for seat in seats}, max_steps=steps)


@pytest.mark.parametrize("name", list(VARIANTS))
def test_the_page_holds_the_rules_the_rulings_the_words_and_every_move(name: str) -> None:
    game = played(name)
    page = Page(handout_page(game))
    assert page.tags[:2] == ["html", "head"] and "script" not in page.tags
    text = page.text
    assert f"How to play {game.variant.title}" in text
    for rule, _ in RULES[name]:
        assert rule in text
    for meta in rulings_of(game.variant.rules_type).values():
        assert meta.id in text
    assert "Words to know" in text
    for number in range(1, len(game.steps)):
        assert f"Step {number} (" in text
    for step in game.steps:
        for event in step.events:
            said = explanation(game, event, 0)
            assert " ".join(said.split()) in text


def test_a_hostile_name_is_text_in_the_page() -> None:
    game = played("guerrilla_tactics")
    names = (HOSTILE, "Bo", "Cy", "Di")
    page = Page(handout_page(game, player=1, names=names))
    assert "img" not in page.tags and page.handlers == []
    assert HOSTILE in page.text


def test_the_apps_record_page_downloads_worded_as_the_app_words_it() -> None:
    app = trade_war_app(seed=3, pace="instant", joker_names=("Star", "Comet"))
    app.press("Play 10 choices")
    assert app.take_home is not None
    app.take_home.make_files.click()
    links = dict(re.findall(r'download="([^"]+)" href="data:[^;]+;charset=utf-8;base64,([^"]+)"',
                            app.take_home.links.value))
    page = Page(base64.b64decode(links["trade_war-record.html"]).decode())
    assert "The Star joker beats every face card" in page.text  # the rules, renamed
    assert not re.search("Mueller|Putin|Rebel|Eraser", page.text)
    assert "Step 1 (Turn 1): " in page.text  # the moves by their buttons' words


def test_print_fills_the_hand_out_with_the_game_so_far() -> None:
    app = classic_war_app(seed=8, pace="instant")
    assert "How to play Classic War" in app.handout.text()
    assert "The game, step by step" not in app.handout.text()  # only Print adds the game
    for _ in range(3):
        app.press("Turn cards")
    app.handout.button.click()
    assert 'data-print="' in app.handout.sheet.value
    assert "Step 3 (Battle 3): You: Turn cards" in app.handout.text()


def test_at_a_shared_screen_print_keeps_the_game_for_the_end() -> None:
    app = guerrilla_tactics_app(seed=2, humans=(0, 1), pace="instant")
    app.handout.button.click()
    assert "How to play Guerrilla Tactics" in app.handout.text()
    assert "The game, step by step" not in app.handout.text()


@pytest.mark.parametrize("name", list(VARIANTS))
def test_the_hand_out_rules_are_the_docs_rules(name: str) -> None:
    """Every rule the variant's page describes (**ID**) is in the hand-out too."""
    page = (DOCS / f"{DOCS_PAGES[name]}.md").read_text()
    rules = page.split("## The rules", 1)[1].split("\n## ", 1)[0]
    described = re.findall(r"^\*\*([A-Z]{2}-[A-Z0-9-]+)\*\*", rules, re.MULTILINE)
    assert described
    assert described == [rule for rule, _ in RULES[name] if rule]
