"""Every table design, with a hostile name in every seat: no name ever becomes markup.

A classmate's name reaches every other screen at the table, so a name typed as
``<img src=x onerror=alert(1)>`` must be shown as those characters, never as a picture
whose script runs. Each app is played twice from the same seed with the same presses:
once with plain names, once with hostile ones. At every point the two screens must
be the same page, tag for tag and attribute for attribute, the names aside: a name that
made a tag or an attribute, or that was escaped twice (and so shows as ``&lt;img``),
would make the pages differ. Besides, no hostile name appears unescaped in any HTML,
and no ``img``/``script`` tag or ``on...`` attribute comes from one.

Buttons' labels and tooltips and menus' options are text to the browser (ipywidgets
sets them as text, never as HTML), so there a name must appear as typed, not escaped.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import ipywidgets as widgets
import pytest

from wartutor.core.agents import first_legal_agent
from wartutor.core.errors import BadInput
from wartutor.rooms import RoomStore
from wartutor.rooms.referee import Referee
from wartutor.ui import coach_panel
from wartutor.ui.arsenal import arsenal_app
from wartutor.ui.arsenal_table import ArsenalTable
from wartutor.ui.board import ClassBoard
from wartutor.ui.classic_war import ClassicTable
from wartutor.ui.guerrilla_tactics import GuerrillaTable
from wartutor.ui.shell import GameApp
from wartutor.ui.trade_war import TradeTable
from wartutor.ui.war_room import WarRoomTable
from wartutor.variants.arsenal import ARSENAL
from wartutor.variants.arsenal.game import NPC, YOU
from wartutor.variants.arsenal.levels import LEVELS
from wartutor.variants.classic_war import CLASSIC_WAR
from wartutor.variants.guerrilla_tactics import GUERRILLA_TACTICS, GuerrillaRules
from wartutor.variants.guerrilla_tactics.agents import heuristic_agent as guerrilla_agent
from wartutor.variants.trade_war import TRADE_WAR
from wartutor.variants.trade_war.agents import heuristic_agent as trade_agent
from wartutor.variants.war_room import WAR_ROOM
from wartutor.variants.war_room.agents import heuristic_agent as room_agent

HOSTILE = (
    "<img src=x onerror=alert(1)>",
    '"><script>alert(1)</script>',
    "' onmouseover='alert(1)",
    "&lt;b&gt;",
    "</div><b>x",
)
TAG = re.compile(r"</?[a-z]+[ >]")


def plain_names(seats: int) -> tuple[str, ...]:
    """Names found nowhere else in the apps' words."""
    return tuple(f"Qzx{seat}q" for seat in range(seats))


def hostile_names(shift: int, seats: int) -> tuple[str, ...]:
    """A hostile name in every seat, each its own (so that the seats can be told apart)."""
    return tuple(f"{HOSTILE[(seat + shift) % len(HOSTILE)]}{seat}" for seat in range(seats))


def shifts(seats: int) -> range:
    """Enough tables that every hostile name sits in some seat."""
    return range(0, len(HOSTILE), seats)


# Reading every widget of an app


class _Parsed(HTMLParser):
    """An HTML fragment as the browser reads it: tags, attributes (decoded), and text."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.items: list[tuple[Any, ...]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.items.append(("<", tag, tuple(attrs)))

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.items.append(("</>", tag, tuple(attrs)))

    def handle_endtag(self, tag: str) -> None:
        self.items.append(("/", tag))

    def handle_data(self, data: str) -> None:
        if self.items and self.items[-1][0] == "text":  # a run of text, however it was fed
            data = self.items.pop()[1] + data
        self.items.append(("text", data))


def parsed(fragment: str) -> list[tuple[Any, ...]]:
    parser = _Parsed()
    parser.feed(fragment)
    parser.close()
    return parser.items


def widget_tree(root: widgets.Widget) -> Iterator[widgets.Widget]:
    yield root
    for child in getattr(root, "children", ()):
        yield from widget_tree(child)


@dataclass(frozen=True)
class Shown:
    """One thing on screen: HTML (``markup``) or text the browser shows as it is."""

    where: str
    markup: bool
    content: str


def on_screen(app: widgets.Widget) -> list[Shown]:
    shown = []
    for number, w in enumerate(widget_tree(app)):
        where = f"{number}:{type(w).__name__}"
        if isinstance(w, widgets.HTML | widgets.HTMLMath):
            shown.append(Shown(where, True, w.value))
        if getattr(w, "description_allow_html", False):
            shown.append(Shown(where + ".description", True, w.description))
        elif isinstance(w, widgets.Button | widgets.ToggleButton):
            shown.append(Shown(where + ".description", False, w.description))
        if isinstance(w, widgets.Button | widgets.ToggleButton | widgets.Dropdown):
            shown.append(Shown(where + ".tooltip", False, w.tooltip or ""))
        if isinstance(w, widgets.Dropdown):
            shown.append(Shown(where + ".options", False, "\n".join(w._options_labels)))
    return shown


def leaks(fragment: str, hostile: Sequence[str]) -> list[str]:
    """What the hostile names made of a fragment: unescaped names, tags, attributes."""
    # Escaping never writes < " or ', so a name holding one of them and found as it is was
    # not escaped (a name such as "&lt;b&gt;" the comparison with plain names finds).
    found = [f"the name {name!r} unescaped" for name in hostile
             if set(name) & set('<"\'') and name in fragment]
    for item in parsed(fragment):
        if item[0] in ("<", "</>"):
            tag, attrs = item[1], item[2]
            if tag in ("img", "script"):
                found.append(f"a <{tag}> tag")
            found += [f"an {a} attribute on <{tag}>" for a, _ in attrs if a.startswith("on")]
    return found


def read(shown: Shown, names: Sequence[str]) -> Any:
    """What the screen says, each seat's name replaced by the seat's number."""
    def seated(text: str | None) -> str | None:
        if text is None:
            return None
        for seat, name in enumerate(names):
            text = text.replace(name, f"@seat{seat}@")
        return text

    if not shown.markup:
        return seated(shown.content)
    return [tuple(seated(x) if isinstance(x, str) else
                  tuple((a, seated(v)) for a, v in x) if isinstance(x, tuple) else x
                  for x in item) for item in parsed(shown.content)]


# Playing an app the same way twice


class Screens:
    """What an app showed at every point of a played game."""

    def __init__(self, app: widgets.Widget) -> None:
        self.app = app
        self.seen: list[tuple[str, list[Shown]]] = []

    def look(self, when: str) -> None:
        self.seen.append((when, on_screen(self.app)))


def _game(app: widgets.Widget) -> GameApp:
    match = getattr(app, "match", app)
    assert isinstance(match, GameApp)
    return match


def choose_something(app: GameApp) -> bool:
    """Make the first choice that is open: a button, else the first legal action."""
    labels = [label for label in app.labels()
              if label not in ("Coach", "Undo", "Redo", "New round") and not label.startswith(
                  "Play 10")]
    if labels:
        app.press(labels[0])
        return True
    decision = app.game.steps[app.cursor].state and app.game.variant.decision(
        app.game.steps[app.cursor].state)
    if decision is None or app.playing_back:
        return False
    app.choose(decision.legal_actions[0])
    return True


def play(app: widgets.Widget, screens: Screens) -> None:
    """The same presses, whatever the names: choices, moments, Play 10, the teacher's view."""
    game = _game(app)
    screens.look("the deal")
    game.pace.value = "instant"
    for number in range(4):
        if not choose_something(game):
            break
        screens.look(f"choice {number + 1} at instant pace")
    if "Coach" in game.labels():
        game.press("Coach")
        screens.look("the coach's answer")
    game.show_everything.value = True
    screens.look("showing everything")
    game.teacher_view.value = True
    screens.look("rules cited")
    game.show_everything.value = game.teacher_view.value = False
    game.pace.value = "slow"
    for number in range(2):
        if not choose_something(game):
            break
        screens.look(f"choice {number + 1} at slow pace")
        moments = 0
        while game.playing_back and moments < 40:
            game.next_moment()
            moments += 1
            screens.look(f"slow choice {number + 1}, moment {moments}")
        game.skip()
    game.pace.value = "instant"
    autoplay = next((label for label in game.labels() if label.startswith("Play 10")), None)
    presses = 0
    while autoplay in game.labels() and presses < 25:
        game.press(autoplay)
        presses += 1
        if presses % 5 == 0 or autoplay not in game.labels():
            screens.look(f"Play 10, press {presses}")
    if "Undo" in game.labels():
        game.press("Undo")
        screens.look("undone")


# The apps: each variant's design, built with the names given


@dataclass(frozen=True)
class Table:
    variant: str
    seats: int
    make: Callable[[tuple[str, ...], int], widgets.Widget]  # (names, viewer) -> app


def classic(names: tuple[str, ...], viewer: int) -> GameApp:
    # Classic War asks only seat 0 (who turns both cards); a viewer in seat 1 watches.
    return GameApp(CLASSIC_WAR, ClassicTable(), human=viewer, seed=11, names=names,
                   rules={"battle_limit": 40}, agents={0: first_legal_agent},
                   autoplay=first_legal_agent, pace="instant")


def guerrilla(names: tuple[str, ...], viewer: int) -> GameApp:
    agents = dict.fromkeys(range(3), guerrilla_agent)
    return GameApp(GUERRILLA_TACTICS, GuerrillaTable(), human=viewer, seed=5, names=names,
                   rules={"players": 3}, agents=agents, autoplay=guerrilla_agent,
                   pace="instant")


def war_room(names: tuple[str, ...], viewer: int) -> GameApp:
    agents = dict.fromkeys(range(3), room_agent)
    return GameApp(WAR_ROOM, WarRoomTable(), human=viewer, seed=3, names=names,
                   rules={"players": 3}, agents=agents, autoplay=room_agent, pace="instant")


def trade_war(names: tuple[str, ...], viewer: int) -> GameApp:
    agents = dict.fromkeys(range(3), trade_agent)
    return GameApp(TRADE_WAR, TradeTable(), human=viewer, seed=4, names=names,
                   rules={"players": 3}, agents=agents, autoplay=trade_agent, pace="instant")


def arsenal(names: tuple[str, ...], viewer: int) -> GameApp:
    level = LEVELS[0]
    agents = {NPC: level.npc_agent, YOU: first_legal_agent}
    return GameApp(ARSENAL, ArsenalTable(level), human=viewer, seed=2, names=names,
                   agents=agents, autoplay=first_legal_agent, pace="instant")


TABLES = (
    Table("classic_war", 2, classic),
    Table("guerrilla_tactics", 3, guerrilla),
    Table("war_room", 3, war_room),
    Table("trade_war", 3, trade_war),
    Table("arsenal", 2, arsenal),
)


@pytest.fixture(autouse=True)
def quick_coach(monkeypatch: pytest.MonkeyPatch) -> None:
    """Two games a choice are enough to draw the coach's bars and its sentence."""
    monkeypatch.setattr(coach_panel, "GAMES", 2)
    monkeypatch.setattr(coach_panel, "FEWEST_GAMES", 2)


def played(make: Callable[[], widgets.Widget]) -> Screens:
    app = make()
    screens = Screens(app)
    play(app, screens)
    return screens


def escaped_by_mistake(shown: Shown, names: Sequence[str] = ()) -> bool:
    """HTML shows a tag as text that no name put there: markup was escaped as if it were
    a name."""
    def unnamed(text: str) -> str:
        for name in names:
            text = text.replace(name, "")
        return text

    return shown.markup and any(item[0] == "text" and TAG.search(unnamed(item[1]))
                                for item in parsed(shown.content))


def assert_no_markup_from(hostile: tuple[str, ...], plain: tuple[str, ...],
                          attacked: Screens, calm: Screens) -> None:
    assert [when for when, _ in attacked.seen] == [when for when, _ in calm.seen]
    for when, shown in calm.seen:
        assert not [s.where for s in shown if escaped_by_mistake(s)], when
    for (when, shown), (_, twin) in zip(attacked.seen, calm.seen, strict=True):
        assert [s.where for s in shown] == [s.where for s in twin], when
        for s, t in zip(shown, twin, strict=True):
            if s.markup:
                assert not leaks(s.content, hostile), (when, s.where, leaks(s.content, hostile))
            assert read(s, hostile) == read(t, plain), (when, s.where, s.content)


def names_shown(screens: Screens, names: Sequence[str]) -> set[str]:
    """The names the screens showed as text (so a test cannot pass by showing none)."""
    said = " ".join(str(read(s, names)) for _, shown in screens.seen for s in shown)
    return {name for seat, name in enumerate(names) if f"@seat{seat}@" in said}


@pytest.mark.parametrize("table", TABLES, ids=lambda t: t.variant)
def test_a_hostile_name_in_every_seat_makes_no_markup(table: Table) -> None:
    plain = plain_names(table.seats)
    seen: set[str] = set()
    # Each seat is looked at by another: seat 0 by the last, the others by seat 0 (in
    # Arsenal you always sit in your own seat, and the NPC is the level's own player).
    arsenal = table.variant == "arsenal"
    for viewer in (0,) if arsenal else (0, table.seats - 1):
        calm = played(functools.partial(table.make, plain, viewer))
        for shift in shifts(1 if arsenal else table.seats):
            names = hostile_names(shift, table.seats)
            attacked = played(functools.partial(table.make, names, viewer))
            assert_no_markup_from(names, plain, attacked, calm)
            seen |= {name[:-1] for name in names_shown(attacked, names)}
    assert seen == set(HOSTILE)  # every hostile name was shown (as text) somewhere


def test_players_at_one_screen_see_each_others_hostile_names_as_text() -> None:
    """Pass-and-play: the curtain and the next player's table name the others."""
    hostile = tuple(HOSTILE[:4])
    plain = plain_names(4)

    def make(names: tuple[str, ...]) -> GameApp:
        return GameApp(GUERRILLA_TACTICS, GuerrillaTable(), humans=(0, 1, 2, 3), seed=8,
                       names=names, rules={"players": 4}, pace="instant")

    def at_one_screen(app: GameApp, screens: Screens) -> None:
        screens.look("the deal")
        for number in range(8):
            if "Ready" in app.labels():
                app.press("Ready")
            elif not choose_something(app):
                break
            screens.look(f"press {number + 1}")

    attacked, calm = Screens(make(hostile)), Screens(make(plain))
    at_one_screen(attacked.app, attacked)  # type: ignore[arg-type]
    at_one_screen(calm.app, calm)  # type: ignore[arg-type]
    assert_no_markup_from(hostile, plain, attacked, calm)
    assert names_shown(attacked, hostile) == set(hostile)


def test_a_hostile_student_name_opens_no_markup_in_the_arsenal_campaign(
        tmp_path: Path) -> None:
    app = arsenal_app(data_dir=tmp_path, seed=1, pace="instant")
    for hostile in HOSTILE:
        app.name_campaign(hostile)  # refused, or shown as text
        for shown in on_screen(app):
            if shown.markup:
                assert not leaks(shown.content, HOSTILE), (hostile, shown.where)
                assert not escaped_by_mistake(shown, HOSTILE), (hostile, shown.where)


def test_a_hostile_name_never_reaches_the_class_board(tmp_path: Path) -> None:
    store = RoomStore.at(f"sqlite://{tmp_path / 'rooms.sqlite3'}")
    code = store.open_room("guerrilla_tactics", GuerrillaRules(players=2), seats=2,
                           students=2, opener="teacher")
    Referee(store).start(code)
    for number, hostile in enumerate(HOSTILE):
        with pytest.raises(BadInput):
            store.claim(code, hostile, owner=f"browser {number}")
    store.claim(code, "O\u2019Neil", owner="her browser")  # an apostrophe is a name's own
    board = ClassBoard(store, simulated=20, pictures=False)
    for shown in on_screen(board):
        if shown.markup:
            assert not leaks(shown.content, ("O'Neil",)), shown.where
            assert not escaped_by_mistake(shown), shown.where
    assert "O'Neil" in board.text()
