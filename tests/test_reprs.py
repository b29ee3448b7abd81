"""Values show themselves: a short plain repr, never a memory address, and in a notebook
the same drawing as the apps (a game's table, a card, a position, a simulation, a trace)."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest

from wartutor.core import BadInput, Game, Summary, Trace, card, play_out, standard_deck
from wartutor.core.engine import REPR_LIMIT
from wartutor.core.record import explanation
from wartutor.explore import simulate
from wartutor.explore.table import LINE_LIMIT, Row, Table
from wartutor.ui.notebook import FIRST_ROWS, QUICK_REPLAY, show_game, show_position
from wartutor.ui.render import STYLESHEET, text_of
from wartutor.variants import VARIANTS, find_variant
from wartutor.variants.classic_war import CLASSIC_WAR, ClassicRules

ROOT = Path(__file__).resolve().parents[1]
ADDRESS = re.compile(r"0x[0-9A-Fa-f]{4,}|object at")
HOSTILE = ("<img src=x onerror=alert(1)>", '"><script>alert(1)</script>',
           "' onmouseover='alert(1)", "&lt;b&gt;", "</div><b>x")
VOID = {"br", "img", "input", "hr", "meta", "link", "wbr"}


class _Checked(HTMLParser):
    """An HTML fragment as the browser reads it, with every element closed in order."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.open: list[str] = []
        self.items: list[tuple[Any, ...]] = []
        self.problems: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.items.append(("<", tag, tuple(attrs)))
        if tag not in VOID:
            self.open.append(tag)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.items.append(("</>", tag, tuple(attrs)))

    def handle_endtag(self, tag: str) -> None:
        self.items.append(("/", tag))
        if not self.open or self.open[-1] != tag:
            self.problems.append(f"</{tag}> closes {self.open[-1:] or 'nothing'}")
        else:
            self.open.pop()

    def handle_data(self, data: str) -> None:
        if self.items and self.items[-1][0] == "text":
            data = self.items.pop()[1] + data
        self.items.append(("text", data))


def parsed(fragment: str) -> list[tuple[Any, ...]]:
    """The fragment's tags, attributes and text; it must be well formed."""
    parser = _Checked()
    parser.feed(fragment)
    parser.close()
    assert not parser.problems and not parser.open, (parser.problems, parser.open)
    return parser.items


def leaks(fragment: str, hostile: tuple[str, ...]) -> list[str]:
    found = [f"{name!r} unescaped" for name in hostile
             if set(name) & set('<"\'') and name in fragment]
    for item in parsed(fragment):
        if item[0] in ("<", "</>"):
            if item[1] in ("img", "script"):
                found.append(f"a <{item[1]}> tag")
            found += [f"{a} on <{item[1]}>" for a, _ in item[2] if a.startswith("on")]
    return found


def seated(fragment: str, names: tuple[str, ...]) -> list[tuple[Any, ...]]:
    """The page as the browser reads it, each seat's name replaced by the seat's number."""
    def seat(text: str | None) -> str | None:
        for number, name in enumerate(names):
            text = None if text is None else text.replace(name, f"@seat{number}@")
        return text

    return [(kind, seat(rest[0])) if kind == "text" else
            (kind, rest[0], *[tuple((a, seat(v)) for a, v in attrs) for attrs in rest[1:]])
            for kind, *rest in parsed(fragment)]


def assert_plain(text: str, limit: int = REPR_LIMIT) -> None:
    assert len(text) <= limit, (len(text), text[:200])
    assert not ADDRESS.search(text), text


def seats(variant: Any, game: Game[Any]) -> int:
    return len(variant.player_names(game.rules))


def played(name: str, steps: int | None, seed: int = 3) -> Game[Any]:
    variant = find_variant(name)
    game = Game.new(variant, seed=seed)
    agent = next(iter(variant.agents))
    agents = {p: variant.agents[agent](p, seed) for p in range(seats(variant, game))}
    return play_out(game, agents, max_steps=steps)


GAMES = [(name, steps) for name in VARIANTS for steps in (0, 5, None)]


# Games


@pytest.mark.parametrize(("name", "steps"), GAMES)
def test_a_game_says_its_variant_seed_steps_and_standing_in_one_short_line(
        name: str, steps: int | None) -> None:
    game = played(name, steps)
    shown = repr(game)
    assert_plain(shown)
    assert shown.startswith(f"<Game of {game.variant.title}, seed 3: ")
    assert ("just dealt" in shown) == (steps == 0)
    assert f"{len(game.steps) - 1:,} step" in shown or steps == 0
    if game.outcome is None:
        assert "to choose" in shown
    else:
        assert any(words in shown for words in ("won by", "a draw", "stopped unfinished"))


def test_a_game_of_thousands_of_steps_still_has_a_short_repr() -> None:
    game = played("war_room", None, seed=11)  # random War Room games run long
    assert len(game.steps) > 100
    assert_plain(repr(game))


def test_a_game_from_a_set_position_and_a_stacked_one_say_so() -> None:
    war = CLASSIC_WAR
    stacked = Game.new(war, seed=1, stacked=("9S 4C KD", "9H 2D 7C")).play("turn")
    assert repr(stacked) == ("<Game of Classic War, a stacked deal, seed 1: 1 step, "
                             "won by Player 1 (seat 0)>")
    posed = Game.from_position(war, None, war.position_of(stacked.steps[0].state), seed=2)
    assert repr(posed) == ("<Game of Classic War, a set position, seed 2: just dealt, "
                           "Player 1 (seat 0) to choose (turn)>")


@pytest.mark.parametrize(("name", "steps"), GAMES)
def test_a_game_shows_its_table_as_a_teacher_sees_it_with_the_last_steps_words(
        name: str, steps: int | None) -> None:
    game = played(name, steps)
    page = game._repr_html_()
    parsed(page)
    said = text_of(page)
    assert said.startswith(game.variant.title)
    assert "showing everything" in said  # the teacher's view: every card face up
    for event in game.steps[-1].events:
        assert " ".join(explanation(game, event, None).split()) in said
    assert STYLESHEET.strip() in page
    # The app's buttons are not on the page: the rules that draw a card on the button in
    # each place would restyle a live app's buttons elsewhere in the notebook.
    assert "nth-child" not in page


def test_a_game_shown_to_one_seat_shows_only_that_seats_view() -> None:
    game = played("guerrilla_tactics", 6)
    teacher = text_of(show_game(game)._repr_html_())
    seat = text_of(show_game(game, viewer=1)._repr_html_())
    assert "showing everything" in teacher and "showing everything" not in seat
    view = game.variant.view(game.state, 1)
    assert seat != teacher and view.seats[0].hand is None  # the other seat's hand is hidden


def test_show_game_refuses_a_seat_that_is_not_at_the_table_and_names_that_are_not_names(
) -> None:
    game = played("classic_war", 1)
    with pytest.raises(BadInput, match="is not a seat of this game"):
        show_game(game, viewer=2)
    with pytest.raises(BadInput, match="are not the seats' names"):
        show_game(game, names="Ada")


@pytest.mark.parametrize("name", list(VARIANTS))
def test_a_hostile_name_in_a_games_names_makes_no_markup(name: str) -> None:
    game = played(name, 6)
    n = seats(game.variant, game)
    calm = tuple(f"Qzx{p}q" for p in range(n))
    for shift in range(0, len(HOSTILE), n):
        hostile = tuple(f"{HOSTILE[(p + shift) % len(HOSTILE)]}{p}" for p in range(n))
        for viewer in (None, 0):
            attacked = show_game(game, viewer, hostile)._repr_html_()
            twin = show_game(game, viewer, calm)._repr_html_()
            assert not leaks(attacked, hostile)
            # The same page, tag for tag and attribute for attribute, the names aside.
            assert seated(attacked, hostile) == seated(twin, calm)
            shown = text_of(attacked)
            assert any(bad in shown for bad in hostile)  # the names are there, as text
            assert_plain(repr(show_game(game, viewer, hostile)), limit=REPR_LIMIT + 100)


# Cards


def test_a_card_keeps_its_pasteable_repr_and_shows_as_a_card() -> None:
    for c in standard_deck():
        assert eval(repr(c), {"card": card}) == c
        page = c._repr_html_()
        items = parsed(page)
        assert items[0][:2] == ("<", "svg")
        assert text_of(page) == str(c)
    assert repr(card("9S")) == "card('9S')" and str(card("9S")) == "nine of spades"


# Positions


def test_a_position_shows_its_table_through_show_position() -> None:
    war = CLASSIC_WAR
    game = played("classic_war", 4)
    position = war.position_of(game.state)
    shown = show_position("classic_war", position, seed=5)
    assert_plain(repr(shown), limit=REPR_LIMIT + 100)
    assert repr(shown).startswith("show_game(<Game of Classic War, a set position, seed 5: ")
    page = shown._repr_html_()
    parsed(page)
    said = text_of(page)
    assert "from a set position" in said and "The set position" in said
    assert "The game starts from a set position" in said
    assert f"Battle {position['battles']} of" in said
    # The same from its JSON text, and refused as Game.from_position refuses it.
    assert show_position(war, json.dumps(position), seed=5)._repr_html_() == page
    with pytest.raises(BadInput, match="leaves out"):
        show_position(war, {**position, "decks": {"you": "2S", "computer": "3S"}})


# Simulation tables


def table_of(games: int, seats: int = 2) -> Table:
    rows = tuple(Row.of(seed, Summary((seed % seats,) if seed % 7 else (), "all-cards",
                                      100 + seed % 50, {"wars": seed % 5}))
                 for seed in range(games))
    return Table("classic_war", ClassicRules(), ("turn",) * seats, 5_000, rows)


@pytest.mark.parametrize("games", [0, 1, 20, 100_000])
def test_a_simulation_tables_repr_is_a_few_lines_whatever_its_size(games: int) -> None:
    shown = repr(table_of(games))
    assert len(shown.splitlines()) <= 6
    assert all(len(line) <= LINE_LIMIT + 10 for line in shown.splitlines())
    assert_plain(shown, limit=6 * (LINE_LIMIT + 10))
    assert f"{games:,} game" in shown
    if games:
        assert "wins: Player 1 (seat 0)" in shown and "on average" in shown


def test_a_simulation_table_shows_a_summary_and_its_first_rows() -> None:
    table = simulate("classic_war", 30, seed=5, progress=False, jobs=1)
    page = table._repr_html_()
    items = parsed(page)
    said = text_of(page)
    assert said.startswith("30 games of Classic War (seeds 5 to 34)")
    assert "Player 1 (seat 0)" in said and "Computer (seat 1)" in said
    assert "mean" in said and "95% interval" in said
    rows = sum(1 for item in items if item[:2] == ("<", "tr"))
    assert rows == 1 + 2 + 1 + FIRST_ROWS  # the seats' header and rows, the columns, rows
    assert "The first 10 of 30 rows" in said


def test_a_huge_simulation_tables_html_is_as_long_as_a_small_ones() -> None:
    small, huge = table_of(20)._repr_html_(), table_of(100_000)._repr_html_()
    assert len(huge) < len(small) + 200
    parsed(huge)


# Traces


def test_a_trace_says_its_game_seed_actions_and_rulings_in_one_line() -> None:
    game = played("war_room", None, seed=11)
    trace = Trace.of(game)
    shown = repr(trace)
    assert_plain(shown)
    assert shown == (f"<Trace of War Room, seed 11: {len(game.actions):,} actions, "
                     "rulings as written>")
    war = find_variant("classic_war")
    rules = war.rules_type(war_down=3, pickup="shuffled", battle_limit=None)
    changed = Trace.of(Game.new(war, rules, seed=4))
    assert repr(changed).startswith("<Trace of Classic War, seed 4: 0 actions, rulings changed: ")
    assert "war_down=3" in repr(changed)


def test_a_trace_made_by_hand_past_every_limit_still_has_a_short_repr() -> None:
    trace = Trace("x" * 1_000_000, 10**5000, {f"r{n}": "y" * 10_000 for n in range(100)},
                  ("turn",) * 200_000)
    assert_plain(repr(trace))
    page = trace._repr_html_()
    assert len(page) < 20_000
    parsed(page)


def test_a_trace_shows_how_it_ends_when_a_replay_is_quick() -> None:
    game = played("classic_war", None)
    said = text_of(Trace.of(game)._repr_html_())
    assert said.startswith("Trace of Classic War : seed 3.")
    assert "Rulings as written." in said and "Replayed: Game over: " in said
    assert game.outcome is not None
    assert " ".join(explanation(game, game.outcome.because, None).split()) in said
    long = Trace("classic_war", 3, {}, ("turn",) * (QUICK_REPLAY + 1))
    assert "Not replayed here" in text_of(long._repr_html_())
    broken = Trace("classic_war", 3, {}, ("jump",))
    assert "This trace cannot be replayed: " in text_of(broken._repr_html_())


# The rules layer loads no drawing and no widgets


def loaded_after(program: str) -> list[str]:
    code = (f"import sys\n{program}\n"
            "print(json.dumps(sorted(m for m in sys.modules "
            "if m.startswith(('ipywidgets', 'wartutor.ui')))))")
    done = subprocess.run([sys.executable, "-c", "import json\n" + code],
                          env={**os.environ, "PYTHONPATH": str(ROOT)}, cwd=ROOT,
                          capture_output=True, text=True, check=True, timeout=120)
    return list(json.loads(done.stdout.splitlines()[-1]))


def test_the_rules_layer_imports_neither_widgets_nor_the_drawing() -> None:
    program = ("import wartutor.core, wartutor.variants, wartutor.core.trace, "
               "wartutor.explore\n"
               "from wartutor.core import Game, Trace, card\n"
               "from wartutor.variants import find_variant\n"
               "game = Game.new(find_variant('classic_war'), seed=1).play('turn')\n"
               "repr(game), repr(card('9S')), repr(Trace.of(game))")
    assert loaded_after(program) == []


def test_a_card_a_trace_and_a_table_are_drawn_without_ipywidgets() -> None:
    program = ("from wartutor.core import Game, Trace, card\n"
               "from wartutor.explore import simulate\n"
               "from wartutor.variants import find_variant\n"
               "game = Game.new(find_variant('classic_war'), seed=1).play('turn')\n"
               "card('9S')._repr_html_(), Trace.of(game)._repr_html_()\n"
               "simulate('classic_war', 3, progress=False, jobs=1)._repr_html_()")
    loaded = loaded_after(program)
    assert "wartutor.ui.notebook" in loaded
    assert not [m for m in loaded if m.startswith("ipywidgets")]
