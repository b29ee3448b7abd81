"""Play together across screens: open a room, read its code out, join it.

Each screen is the app shell at one seat of the room (:class:`RoomGame`), built with only
what a room has (:data:`~wartutor.ui.shell.ROOM`): the table, the choices, what just
happened, the log and the pace. It replays the room's moves from the store and shows its
own player's view; it proposes its player's moves to the referee
(:mod:`wartutor.rooms.referee`), which checks them against the game it rebuilds and plays
the computers' seats; and it looks for the others' moves twice a second (the kernel's
event loop keeps time; outside a kernel, as in the tests, :meth:`RoomGame.refresh` is
called by hand).

A seat belongs to the browser that took it (:mod:`wartutor.ui.identity`): a reload or a
laptop that slept sits down again without typing, and a classmate typing the same name
is refused. The deal is the server's secret: no screen shows a deal code or a seed while
the game goes on, and the record goes home only once it is over.

Each screen speaks its own student's language (a page is a kernel of its own): the room
keeps only facts (moves, seats, names), and every word is made at the screen that shows it.

>>> from wartutor.ui.identity import new_key
>>> store = RoomStore.at("sqlite://:memory:")
>>> ada, bo = RoomLobby(store, pace="instant"), RoomLobby(store, pace="instant")
>>> ada.key.give(new_key()); bo.key.give(new_key())
>>> ada.name_box.value, bo.name_box.value = "Ada", "Bo"
>>> ada.press("Open a room")
>>> bo.room_box.value = ada.game.room_code
>>> bo.press("Join the room")
>>> ada.press("Turn cards")
>>> bo.game.refresh()
>>> bo.game.game.actions
('turn',)
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from contextlib import suppress
from typing import Any

import ipywidgets as widgets

from wartutor.core.dealcode import read_deal_code
from wartutor.core.engine import Game
from wartutor.core.errors import BadInput, quoted
from wartutor.core.rulings import settings_of, shared_play_rules
from wartutor.language import N_, _, capital, use_language
from wartutor.rooms import Referee, RoomStore
from wartutor.ui.identity import BrowserKey, key_id
from wartutor.ui.language import LanguageMenu
from wartutor.ui.markup import Markup, escaped, html
from wartutor.ui.playback import DEFAULT_PACE
from wartutor.ui.render import STYLESHEET, text_of
from wartutor.ui.shell import ROOM, GameApp, TableDesign
from wartutor.ui.widget_tree import close_widgets, held_widgets
from wartutor.variants import VARIANTS, find_variant

LOOK_EVERY_MS = 500  # how often a screen asks the store for the others' moves
# The room's code is what a class reads out: as big as the game's own title line.
ROOM_STYLE = """<style>
.wt-app .wt-room-code { font-size: 20px; margin-right: 12px; }
.wt-app .wt-room-code b { font-family: 'DejaVu Sans Mono', monospace; font-size: 26px;
  letter-spacing: 2px; }
.wt-app.wt-large .wt-room-code, .wt-app:has(.wt-large) .wt-room-code { font-size: 26px; }
</style>"""
# The lobby's buttons, pressed by their words (press()).
JOIN, OPEN, LEAVE = N_("Join the room"), N_("Open a room"), N_("Back to the lobby")


def table_design(variant: str) -> TableDesign:
    """A variant's table design."""
    if variant == "classic_war":
        from wartutor.ui.classic_war import ClassicTable

        return ClassicTable()
    if variant == "guerrilla_tactics":
        from wartutor.ui.guerrilla_tactics import GuerrillaTable

        return GuerrillaTable()
    if variant == "war_room":
        from wartutor.ui.war_room import WarRoomTable

        return WarRoomTable()
    if variant == "trade_war":
        from wartutor.ui.trade_war import TradeTable

        return TradeTable()
    from wartutor.ui.arsenal_table import ArsenalTable
    from wartutor.variants.arsenal.levels import LEVELS

    return ArsenalTable(LEVELS[0])


class RoomGame(GameApp):
    """One seat of a room: the game as the store holds it, seen from the seat of the
    browser whose key id is ``owner``."""

    def __init__(self, referee: Referee, code: str, owner: str, *,
                 pace: str = DEFAULT_PACE,
                 on_language: Callable[[str], None] | None = None) -> None:
        # Who draws this screen again in another language: the lobby that holds it.
        self._on_language = on_language
        store = referee.store
        record = store.room(code)
        seat = store.seat_of(record.code, owner)
        if seat is None:
            raise BadInput(_("this browser has no seat in room {code}").format(code=record.code),
                           allowed=_("joining the room first"))
        # The screen replays the secret deal in the kernel, and shows only its seat's view.
        deal = read_deal_code(store.secret_deal(record.code))
        variant = find_variant(deal.variant)
        # Set before the shell deals: it catches up with the store at once.
        self._store, self._referee, self._owner = store, referee, owner
        self.room_code, self._students = record.code, record.students
        self._held = dict(record.held)
        super().__init__(variant, table_design(variant.name), human=seat, seed=deal.seed,
                         rules=deal.rules(), pace=pace, parts=ROOM,
                         names=self._students_names(variant, deal.rules()))
        self.add_class("wt-room")
        # A screen that sits down (or back down) sees the table as it stands; a playback
        # from the deal would start before the page draws the game, and wait there.
        self._end_playback()
        self._next_look: asyncio.TimerHandle | None = None
        with suppress(RuntimeError):  # no event loop runs: outside a kernel
            self._schedule_look(asyncio.get_running_loop())

    def __repr__(self) -> str:
        return f"RoomGame({self._variant.title})"

    @property
    def seat(self) -> int:
        """The seat this screen plays."""
        return self._human

    def _switch_language(self, code: str) -> None:
        """The app's own language menu: the lobby draws the whole page again in the
        language, this screen made afresh from the room's moves (so the names of the
        classmates seated since stay); without a lobby, the app's own way."""
        if self._on_language is not None:
            on_language = self._on_language
            self._guarded(lambda: on_language(code))
            return
        own = getattr(super(), "_switch_language", None)
        if own is not None:
            own(code)

    def refresh(self) -> None:
        """Take in the moves made at the other screens, and play them back here."""
        # During a playback, the moves after it wait for the next look.
        game = self._game if self.playing_back else self._caught_up(self._game)
        if len(game.steps) != len(self._game.steps):
            self._sat_down(dict(self._store.room(self.room_code).held))
            self._continue(game)
        elif len(self._held) < self._students and not self.playing_back:
            # A classmate may have sat down since: "Waiting for Bo", not "for a classmate".
            names = dict(self._store.room(self.room_code).held)
            if names != self._held:
                self._sat_down(names)
                self._show()

    def _students_names(self, variant: Any, rules: Any) -> tuple[str, ...]:
        """The students' names at their seats; the computers keep the variant's names, and
        a seat still free is called by its number."""
        own = variant.player_names(rules)
        return tuple(self._held.get(s, _("Seat {number}").format(number=s + 1)
                                    if s < self._students else
                                    (_("Computer") if own[s].casefold() == "you"
                                     else _(own[s])))
                     for s in range(len(own)))

    def _sat_down(self, held: dict[int, str]) -> None:
        """Classmates have taken seats: call them by their names from now on."""
        self._held = held
        names = list(self._names or ())
        for seat, student in held.items():
            if seat < len(names):
                names[seat] = student
        self._names = tuple(names)  # the log words itself again, with the new names

    def close(self) -> None:
        """Stop looking for moves, and close the screen with every part of it (a class
        server runs for hours: an old screen's parts would pile up in the kernel)."""
        look = getattr(self, "_next_look", None)  # None until the screen is set up
        if look is not None:
            look.cancel()
        close_widgets(held_widgets(self) - {self})
        super().close()

    def _schedule_look(self, loop: asyncio.AbstractEventLoop) -> None:
        self._next_look = loop.call_later(LOOK_EVERY_MS / 1000, self._look, loop)

    def _look(self, loop: asyncio.AbstractEventLoop) -> None:
        self._guarded(self.refresh)
        if self._game.outcome is None:  # once it is over, nothing more can come
            self._schedule_look(loop)

    def _caught_up(self, game: Game[Any]) -> Game[Any]:
        for action in self._store.actions(self.room_code, since=len(game.actions)):
            game = game.play(action)
        return game

    def _computers_move(self, game: Game[Any]) -> Game[Any]:
        # The referee plays the computers' seats; a screen only takes in their moves.
        return self._caught_up(game)

    def _play(self, action: str) -> None:
        self._stop_playback()
        try:
            self._referee.move(self.room_code, self._owner, len(self._game.actions), action)
        except BadInput:
            # The table may have moved on (another move came first): show it as it is,
            # then say why this move was not taken (showing it clears the messages).
            self._continue(self._caught_up(self._game))
            raise
        self._continue(self._caught_up(self._game))

    def _show_controls(self, state: Any) -> None:
        super()._show_controls(state)
        decision = None if state is None else self._variant.decision(state)
        if decision is not None and decision.player != self._human:
            seat = decision.player
            waiting = (_("Waiting for the computer to move.") if seat >= self._students else
                       _("Waiting for {name} to move.").format(name=self._held[seat])
                       if seat in self._held else
                       _("Waiting for a classmate to join at seat {number}.").format(
                           number=seat + 1))
            self.choice_buttons.say(waiting)


def join_room(store: RoomStore, code: str, student: str, *, key: str,
              pace: str = DEFAULT_PACE) -> RoomGame:
    """The seat of the browser with key ``key`` in room ``code``, taken under the name
    ``student`` if it holds none yet (as the lobby's Join does; for tests and Python)."""
    store.claim(code, student, owner=key_id(key))
    return RoomGame(Referee(store), code, key_id(key), pace=pace)


class RoomLobby(widgets.VBox):
    """Open a room for a game, or join one with its code; then the game itself.

    The page gives this browser's key (:class:`~wartutor.ui.identity.BrowserKey`); once it
    has, a browser that holds a seat in a game still going on is seated there again. The
    language menu draws the lobby again in the language chosen, what was typed kept, and
    the game too, from the room as it stands.
    """

    def __init__(self, store: RoomStore | None = None, *, pace: str = DEFAULT_PACE) -> None:
        self.store = store or RoomStore.at()
        self.referee = Referee(self.store)
        self._pace = pace
        self.game: RoomGame | None = None
        self._how = ""  # how the screen came to its seat: "opened", "joined" or "back"
        self.key = BrowserKey()
        self.language_menu = LanguageMenu(self._speak)
        self.message = widgets.HTML()
        self._style = widgets.HTML(STYLESHEET + ROOM_STYLE)
        super().__init__()
        self.add_class("wt-app")
        self._drawn: list[widgets.Widget] = []
        self._draw()
        self._pending: Any = None  # a press made before the page gave its key
        self.key.when_known(lambda _: self._ready())

    def _draw(self) -> None:
        """Make the lobby's words in the language in force, keeping what was typed."""
        typed = {name: getattr(self, name).value for name in
                 ("name_box", "room_box", "variant_menu", "players", "students", "rulings_box")
                 if hasattr(self, name)}
        old = self._drawn
        self.name_box = widgets.Text(description=_("Your name"),
                                     placeholder=_("your first name"),
                                     style={"description_width": "initial"})
        self.room_box = widgets.Text(description=_("Room code"), placeholder=_("four letters"),
                                     style={"description_width": "initial"})
        self.room_box.add_class("wt-code-box")
        join = widgets.Button(description=_(JOIN), button_style="primary",
                              tooltip=_("Sit at a free seat of the room your teacher or a "
                                        "classmate opened"))
        join.on_click(lambda _: self._when_ready(self._join))
        self.variant_menu = widgets.Dropdown(
            options=[(find_variant(v).title, v) for v in VARIANTS], value="classic_war",
            description=_("Game"), style={"description_width": "initial"})
        self.players = widgets.BoundedIntText(value=2, min=2, max=5, description=_("Players"),
                                              style={"description_width": "initial"},
                                              layout=widgets.Layout(width="150px"))
        self.students = widgets.BoundedIntText(value=2, min=1, max=5,
                                               description=_("Students"),
                                               style={"description_width": "initial"},
                                               layout=widgets.Layout(width="150px"))
        self.rulings_box = widgets.Text(
            description=_("Rulings from a deal code"),
            placeholder=_("optional, such as {code}").format(code="GT-4821-B2"),
            tooltip=_("The room plays the rulings of this code; its cards are not used: every "
                      "room is shuffled afresh"), style={"description_width": "initial"},
            layout=widgets.Layout(width="600px"))
        self.rulings_box.add_class("wt-code-box")
        for name, value in typed.items():
            getattr(self, name).value = value
        open_button = widgets.Button(description=_(OPEN),
                                     tooltip=_("A new room, shuffled afresh; computers take "
                                               "the seats no student takes"))
        open_button.on_click(lambda _: self._when_ready(self._open))
        leave = widgets.Button(description=_(LEAVE),
                               tooltip=_("Open or join another room; your seat here stays "
                                         "yours"),
                               layout=widgets.Layout(width="auto"))
        leave.on_click(lambda _: self._leave())
        self._buttons = {join.description: join, open_button.description: open_button}
        self._leave_button = leave
        open_words = html("<b>{words}</b>", words=_("Or open a new room"))
        self._lobby = (
            self._style,
            widgets.HBox([widgets.HTML(html('<div class="wt-title">{title}</div>',
                                            title=_("Play together"))),
                          self.language_menu.widget],
                         layout=widgets.Layout(flex_flow="row wrap", align_items="center",
                                               justify_content="space-between")),
            widgets.HBox([self.name_box]),
            widgets.HBox([self.room_box, join]),
            # Translators: {or_open} is "Or open a new room", in bold.
            widgets.HTML(said(_("{or_open}, and read its room code out to your classmates:"),
                              or_open=open_words)),
            widgets.HBox([self.variant_menu, self.players, self.students, open_button],
                         layout=widgets.Layout(flex_flow="row wrap")),
            self.rulings_box,
            self.message,
            self.key.widget,
        )
        self._drawn = [w for w in self._lobby if not any(w is k for k in self._kept())]
        self.children = self._lobby if self.game is None else self._seated(self.game)
        for widget in old:
            _close(widget, keep=self._kept())

    def _kept(self) -> tuple[widgets.Widget, ...]:
        """The parts that outlive a drawing: the page's key, the menu, the message."""
        return (self._style, self.message, self.key.widget, self.language_menu.widget)

    def _speak(self, code: str) -> None:
        """The student chose a language (or the page gave the one they chose before)."""
        use_language(code)
        self.language_menu.menu.value = code
        if self.game is not None:
            self._act(self._sit_down_in_words)
        self._draw()

    def _sit_down_in_words(self) -> None:
        """The same seat of the same room, its words made again from the room's moves."""
        assert self.game is not None
        before = self.game
        self.game = RoomGame(self.referee, before.room_code, self._owner(),
                             on_language=self._speak,
                             pace=before.pace.value)
        before.close()

    def __repr__(self) -> str:
        return "RoomLobby()"

    def press(self, label: str) -> None:
        """Press a lobby button, or a button of the game once joined (by its words)."""
        if label == self._leave_button.description and self.game is not None:
            self._leave_button.click()
        elif label in self._buttons and self.game is None:
            self._buttons[label].click()
        elif self.game is not None:
            self.game.press(label)
        else:
            raise BadInput(f"there is no {quoted(label)} button", allowed=", ".join(self._buttons))

    def message_text(self) -> str:
        return text_of(self.message.value)

    def _act(self, work: Any) -> None:
        try:
            work()
        except BadInput as e:
            # Translators: a refusal: what was wrong, and what the student can do instead.
            text = _("{problem}. Allowed: {allowed}.").format(
                problem=e.problem.rstrip("."), allowed=e.allowed.rstrip("."))
            self.message.value = html('<div class="wt-message" role="alert">{text}</div>',
                                      text=capital(text))

    def _when_ready(self, work: Any) -> None:
        """Do ``work`` now, or, if the page has not given its key yet (a press in the first
        moment), as soon as it has (the last press only)."""
        if self.key.key is not None:
            self._act(work)
            return
        self._pending = work
        self.message.value = html('<div class="wt-message" role="status">{words}</div>',
                                  words=_("One moment: this page is getting ready."))

    def _ready(self) -> None:
        """The page has given its key: back to a seat held, else the press that waited."""
        self._act(self._sit_down_again)
        pending, self._pending = self._pending, None
        if pending is not None and self.game is None:
            self._act(pending)

    def _owner(self) -> str:
        if self.key.key is None:
            raise BadInput(_("this page is still getting ready"),
                           allowed=_("pressing the button again in a moment (if it lasts, "
                                     "reload the page)"))
        return key_id(self.key.key)

    def _open(self) -> None:
        owner = self._owner()
        variant = find_variant(self.variant_menu.value)
        settings: dict[str, Any] = {}
        if self.rulings_box.value.strip():
            typed = read_deal_code(self.rulings_box.value)
            if typed.variant != variant.name:
                raise BadInput(
                    _("the code {code} holds rulings of {its_game}, not of {this_game}").format(
                        code=quoted(self.rulings_box.value.strip()),
                        its_game=find_variant(typed.variant).title, this_game=variant.title),
                    allowed=_("a {game} deal code, or an empty box for the usual "
                              "rulings").format(game=variant.title))
            settings = dict(typed.settings)
        if "players" in settings_of(variant.rules_type()) and "players" not in settings:
            settings["players"] = self.players.value
        rules = shared_play_rules(variant, settings)
        seats = len(variant.player_names(rules))
        students = min(self.students.value, seats)
        code = self.store.open_room(variant.name, rules, seats=seats, students=students,
                                    opener=owner)
        self.referee.start(code)
        self.room_box.value = code
        self._join(opened=True)

    def _join(self, opened: bool = False) -> None:
        owner = self._owner()
        self.store.claim(self.room_box.value, self.name_box.value, owner=owner)
        self._seat(RoomGame(self.referee, self.room_box.value, owner, pace=self._pace,
                            on_language=self._speak),
                   "opened" if opened else "joined")

    def _sit_down_again(self) -> None:
        """A browser that holds a seat in a game still going on goes back to it."""
        held = self.store.rooms_of(self._owner())
        if held and self.game is None:
            self._seat(RoomGame(self.referee, held[0], self._owner(), pace=self._pace,
                                on_language=self._speak),
                       "back")

    def _seat(self, game: RoomGame, how: str) -> None:
        self.game, self._how = game, how
        self.children = self._seated(game)

    def _seated(self, game: RoomGame) -> tuple[widgets.Widget, ...]:
        """The screen at a seat: the room's code, the way back, the menu, and the game."""
        code = html("<b>{code}</b>", code=game.room_code)
        note = {"opened": _("Room {code}: read this code out to your classmates."),
                "joined": _("You are in room {code}."),
                "back": _("Welcome back to room {code}.")}[self._how]
        # The game's own language menu, beside its Large print, where it has one.
        menu = [] if hasattr(game, "language") else [self.language_menu.widget]
        top = widgets.HBox([widgets.HTML(html('<div class="wt-room-code">{note}</div>',
                                              note=said(note, code=code))),
                            self._leave_button, *menu],
                           layout=widgets.Layout(flex_flow="row wrap", align_items="center"))
        self._drawn.append(top)
        return (self._style, top, game, self.key.widget)

    def _leave(self) -> None:
        """Back to the lobby at this screen; the seat stays this browser's, and a reload
        sits down at it again while its game goes on."""
        if self.game is not None:
            self.game.close()
            self.game = None
        self.message.value = ""
        self.children = self._lobby


def said(sentence: str, **fields: Markup) -> Markup:
    """A translated sentence as HTML, its ``{fields}`` filled with ``fields``: the sentence
    is escaped, whatever a catalog holds."""
    return html(escaped(sentence), **fields)


def _close(widget: widgets.Widget, keep: tuple[widgets.Widget, ...]) -> None:
    """Close a widget of an old drawing, and the widgets it holds, but those in ``keep``."""
    if any(widget is kept for kept in keep):
        return
    for child in getattr(widget, "children", ()):
        _close(child, keep)
    widget.close()


def room_lobby(store_url: str | None = None, pace: str = DEFAULT_PACE) -> RoomLobby:
    """The lobby, with rooms kept at ``store_url`` (by default the server's WARTUTOR_ROOMS
    setting, else a SQLite file in the wartutor data folder)."""
    return RoomLobby(RoomStore.at(store_url), pace=pace)
