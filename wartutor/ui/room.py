"""Play together across screens: open a room from a deal code, read its code out, join it.

Each screen is the shared app shell at one seat of the room (:class:`RoomGame`): it
replays the room's actions from the store and shows its own player's view, sends its
player's moves to the store, and looks for the others' moves twice a second (the kernel's
event loop keeps time: a hidden ``Play`` widget in the page would start counting only on a
change seen by a view already drawn, and a room's game is drawn after it is made; outside a
kernel, as in the tests, :meth:`RoomGame.refresh` is called by hand). Computers fill the seats
no student holds; whichever screen reaches a computer's turn plays it, and the store
keeps the first move sent for each step, so two screens can never disagree.

>>> import tempfile
>>> store = RoomStore.at(f"sqlite://{tempfile.mkdtemp()}/rooms.sqlite3")
>>> code = store.open_room("CW-7", seats=2, students=2)
>>> ada = join_room(store, code, "Ada", pace="instant")
>>> bo = join_room(store, code, "Bo", pace="instant")
>>> ada.press("Turn cards")
>>> bo.refresh()
>>> bo.game.actions
('turn',)
"""

from __future__ import annotations

import asyncio
from contextlib import suppress
from html import escape
from typing import Any

import ipywidgets as widgets

from wartutor.core.agents import first_legal_agent
from wartutor.core.dealcode import read_deal_code
from wartutor.core.engine import AgentMaker, Game
from wartutor.core.errors import BadInput, quoted
from wartutor.rooms import RoomStore
from wartutor.ui.playback import DEFAULT_PACE
from wartutor.ui.render import STYLESHEET, text_of
from wartutor.ui.shell import GameApp, TableDesign
from wartutor.variants import find_variant

LOOK_EVERY_MS = 500  # how often a screen asks the store for the others' moves


def table_parts(variant: str) -> tuple[TableDesign, AgentMaker]:
    """A variant's table design and the agent that plays its computer seats."""
    if variant == "classic_war":
        from wartutor.ui.classic_war import ClassicTable

        return ClassicTable(), first_legal_agent
    if variant == "guerrilla_tactics":
        from wartutor.ui.guerrilla_tactics import GuerrillaTable
        from wartutor.variants.guerrilla_tactics.agents import heuristic_agent as gt_agent

        return GuerrillaTable(), gt_agent
    if variant == "war_room":
        from wartutor.ui.war_room import WarRoomTable
        from wartutor.variants.war_room.agents import heuristic_agent as wr_agent

        return WarRoomTable(), wr_agent
    if variant == "trade_war":
        from wartutor.ui.trade_war import TradeTable
        from wartutor.variants.trade_war.agents import heuristic_agent as tw_agent

        return TradeTable(), tw_agent
    from wartutor.ui.arsenal_table import ArsenalTable
    from wartutor.variants.arsenal.levels import LEVELS

    return ArsenalTable(LEVELS[0]), LEVELS[0].npc_agent


class RoomGame(GameApp):
    """One seat of a room: the game as the store holds it, seen from ``seat``."""

    def __init__(self, store: RoomStore, code: str, seat: int, *,
                 pace: str = DEFAULT_PACE) -> None:
        record = store.room(code)
        deal = read_deal_code(record.deal)
        variant = find_variant(deal.variant)
        design, computer = table_parts(variant.name)
        # Set before the shell deals: its first computer moves already go to the store.
        self._store, self.room_code, self._students = store, record.code, record.students
        self._held = dict(record.held)
        computers = {s: computer for s in range(record.seats) if s >= record.students}
        super().__init__(variant, design, human=seat, agents=computers, seed=deal.seed,
                         rules=deal.rules(), pace=pace, names=self._students_names(variant, deal))
        # A room's game is shared: nobody may undo it, deal again, peek or change how the
        # computers play (each screen plays their moves the same way). The Coach stays:
        # its advice is for the one student at this screen.
        for hidden in (self._undo, self._redo, self._new_round, self._autoplay_button,
                       self.show_everything, self.timeline, self.seed_box, self.code_box,
                       self._join, self.opponent):
            hidden.layout.display = "none"
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

    def refresh(self) -> None:
        """Take in the moves made at the other screens, and play them back here."""
        # During a playback, the moves after it wait for the next look.
        game = self._game if self.playing_back else self._caught_up(self._game)
        if len(game.steps) != len(self._game.steps):
            self._sat_down(dict(self._store.room(self.room_code).held))
            self._continue(self._computers_move(game))
        elif len(self._held) < self._students and not self.playing_back:
            # A classmate may have sat down since: "Waiting for Bo", not "for a classmate".
            names = dict(self._store.room(self.room_code).held)
            if names != self._held:
                self._sat_down(names)
                self._show()
        if self._game.outcome is not None:
            self._store.finish(self.room_code,
                               self._variant.explain(self._game.outcome.because))

    def _students_names(self, variant: Any, deal: Any) -> tuple[str, ...]:
        """The students' names at their seats; the computers keep the variant's names, and
        a seat still free is called by its number."""
        own = variant.player_names(deal.rules())
        return tuple(self._held.get(s, f"Seat {s + 1}" if s < self._students else
                                    ("Computer" if own[s].casefold() == "you" else own[s]))
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
        look = getattr(self, "_next_look", None)  # None until the screen is set up
        if look is not None:
            look.cancel()
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
        """The computers' moves from here on, each sent to the store; a refused one means
        another screen sent it first, so the store's moves are taken instead."""
        game = self._caught_up(game)
        while (decision := game.decision) is not None and decision.player >= self._students:
            view = self._variant.view(game.state, decision.player)
            action = self._agents[decision.player](view, decision)
            try:
                self._store.append(self.room_code, len(game.actions), action)
            except BadInput:
                game = self._caught_up(game)
                continue
            game = game.play(action)
        return game

    def _play(self, action: str) -> None:
        self._stop_playback()
        game = self._caught_up(self._game)
        if len(game.steps) != len(self._game.steps):
            self._continue(self._computers_move(game))
            raise BadInput("another move came first, so the table has moved on",
                           allowed="a choice of the table as it is now")
        decision = game.decision
        if decision is not None and decision.player != self._human:
            raise BadInput("it is not your turn", allowed="waiting until your choices appear")
        after = game.play(action)  # an illegal move is refused here, and nothing is sent
        try:
            self._store.append(self.room_code, len(game.actions), action)
        except BadInput:
            # Another screen's move for this step reached the store first: show it, and
            # say so after it (showing it clears the messages).
            self._continue(self._computers_move(game))
            raise BadInput("another move came first, so the table has moved on",
                           allowed="a choice of the table as it is now") from None
        self._continue(self._computers_move(after))

    def _show_controls(self, state: Any) -> None:
        super()._show_controls(state)
        decision = None if state is None else self._variant.decision(state)
        if decision is not None and decision.player != self._human:
            seat = decision.player
            waiting = ("Waiting for the computer to move." if seat >= self._students else
                       f"Waiting for {self._held[seat]} to move." if seat in self._held else
                       f"Waiting for a classmate to join at seat {seat + 1}.")
            self._reasons.value = f'<div class="wt-reason">{escape(waiting)}</div>'


def join_room(store: RoomStore, code: str, student: str, *,
              pace: str = DEFAULT_PACE) -> RoomGame:
    """``student``'s seat in room ``code`` (the same seat again after a reload)."""
    return RoomGame(store, code, store.claim(code, student), pace=pace)


class RoomLobby(widgets.VBox):
    """Open a room from a deal code, or join one with its code; then the game itself."""

    def __init__(self, store: RoomStore | None = None, *, pace: str = DEFAULT_PACE) -> None:
        self.store = store or RoomStore.at()
        self._pace = pace
        self.game: RoomGame | None = None
        self.name_box = widgets.Text(description="Your name", placeholder="your first name",
                                     style={"description_width": "initial"})
        self.room_box = widgets.Text(description="Room code", placeholder="four letters",
                                     style={"description_width": "initial"})
        self.room_box.add_class("wt-code-box")
        join = widgets.Button(description="Join the room", button_style="primary",
                              tooltip="Sit at your seat of the room your teacher or a "
                                      "classmate opened")
        join.on_click(lambda _: self._act(self._join))
        self.deal_box = widgets.Text(description="Deal code", placeholder="such as GT-4821",
                                     style={"description_width": "initial"})
        self.deal_box.add_class("wt-code-box")
        self.students = widgets.BoundedIntText(value=2, min=1, max=5, description="Students",
                                               style={"description_width": "initial"},
                                               layout=widgets.Layout(width="150px"))
        open_button = widgets.Button(description="Open a room",
                                     tooltip="A new room for this deal; computers take the "
                                             "seats no student takes")
        open_button.on_click(lambda _: self._act(self._open))
        self.message = widgets.HTML()
        self._buttons = {"Join the room": join, "Open a room": open_button}
        super().__init__(children=[
            widgets.HTML(STYLESHEET + '<div class="wt-title">Play together</div>'),
            widgets.HBox([self.name_box]),
            widgets.HBox([self.room_box, join]),
            widgets.HTML("<b>Or open a new room</b> for a deal (its deal code is under any "
                         "game), and read its room code out to your classmates:"),
            widgets.HBox([self.deal_box, self.students, open_button]),
            self.message,
        ])
        self.add_class("wt-app")

    def __repr__(self) -> str:
        return "RoomLobby()"

    def press(self, label: str) -> None:
        """Press a lobby button, or a button of the game once joined."""
        if label in self._buttons and self.game is None:
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
            text = str(e)
            self.message.value = (f'<div class="wt-message" role="alert">'
                                  f"{escape(text[:1].upper() + text[1:])}</div>")

    def _open(self) -> None:
        deal = read_deal_code(self.deal_box.value)
        seats = len(find_variant(deal.variant).player_names(deal.rules()))
        students = min(self.students.value, seats)
        code = self.store.open_room(self.deal_box.value, seats=seats, students=students)
        self.room_box.value = code
        self._join(opened=True)

    def _join(self, opened: bool = False) -> None:
        game = join_room(self.store, self.room_box.value, self.name_box.value, pace=self._pace)
        self.game = game
        note = (f"Room <b>{escape(game.room_code)}</b>: read this code out to your "
                "classmates." if opened else f"You are in room <b>{escape(game.room_code)}</b>.")
        self.children = [widgets.HTML(f'<div class="wt-room-code">{note}</div>'), game]


def room_lobby(store_url: str | None = None, pace: str = DEFAULT_PACE) -> RoomLobby:
    """The lobby, with rooms kept at ``store_url`` (by default the server's WARTUTOR_ROOMS
    setting, else a SQLite file in the wartutor data folder)."""
    return RoomLobby(RoomStore.at(store_url), pace=pace)
