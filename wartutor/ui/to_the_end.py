"""Play to the end: the rest of a game at once, your choices made as Play 10 makes them.

A lesson ends on time. "Play to the end" plays the game out to its result without showing
its moments: your choices are made by the agent that makes them for Play 10, the
computers' by the computers. It plays in chunks of about :data:`CHUNK_SECONDS`; between
two chunks the page answers clicks and, every :data:`PROGRESS_SECONDS`, shows how far the
game has come: the table as it stands (each player's cards) and, under What just happened,
the round (battle, skirmish or turn) reached and the cards each player holds. On a server
the chunks are a task of the kernel's event loop, in which a Voilà or Jupyter kernel runs
widget callbacks; in the browser (Pyodide) they are the page's own, as the rule explorer's
games are (:mod:`wartutor.ui.explorer`); with no loop running (a script, a doctest) the
game is played to its end at once.

Between two chunks the run pauses for :data:`PAUSE_SECONDS` rather than merely yielding
(``asyncio.sleep(0)``). A yield gives the loop a single turn, and a click takes a kernel
several to reach its callback: ipykernel 7 passes a shell message from its shell channel's
thread to a socket on the main loop, whose reader starts a task, which starts the shell's
own task, which runs the comm's callback. So a Cancel came one turn nearer at each chunk
and was heard about four chunks late, when a quick machine had often played a short game
out. While the run pauses, the loop takes turn after turn as long as anything is ready and
waits only when nothing is, so a click arrives whole within one pause, however many turns
it takes (Pyodide's loop, whose turns are the page's timers, also runs what is ready before
a later timer). The chunks stay on the loop, not in a worker thread: the game, the agents
(New round seats new ones), the app's state and its widgets are then touched by the loop's
callbacks alone, each between two chunks, and the pause costs at most one part in twenty
of the run's time.

Cancel stops at your next choice, and the game stays where it got to (Undo and the
timeline go back from there). Once you are out of the game there is no choice of yours to
stop at: the computers play on to the end, as they do after any choice of yours. Anything
else that moves the game meanwhile (New round, a deal joined, the timeline) drops the run.

At the end the app is at rest on the result: the table, the banner, What just happened and
the log all end on it, as a playback ends.

Only a single player's app has it (``Parts.to_the_end``): at a shared screen it would make
the players' own choices for them, and a room's game belongs to the whole class.

>>> from wartutor.ui.classic_war import classic_war_app
>>> app = classic_war_app(seed=3, pace="normal")
>>> app.press("Play to the end")  # no event loop here: played out at once
>>> app.game.outcome is not None and not app.playing_back
True
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any

import ipywidgets as widgets

from wartutor import web
from wartutor.core.engine import Game
from wartutor.core.voice import voice
from wartutor.language import N_, _
from wartutor.ui.markup import Markup, html, joined

if TYPE_CHECKING:
    from wartutor.ui.shell import GameApp

PLAY, CANCEL = N_("Play to the end"), N_("Cancel")
CHUNK_SECONDS = web.CHUNK_SECONDS  # how long the page is kept busy between two looks at it
PAUSE_SECONDS = 0.005  # the page's time between two chunks: see the module's docstring
PROGRESS_SECONDS = 0.5  # the progress is read aloud as it changes: not ten times a second
PLAYING = N_("Playing to the end: the computer makes your choices. Cancel stops at your next one.")

# What each player holds, in each game's own words, from the counts every player's view shows.
HELD: dict[str, tuple[str, Callable[[Any], tuple[int, ...]]]] = {
    # Translators: {each} is a list such as "you 12, the computer 14".
    "classic_war": (N_("Cards held: {each}."), lambda view: tuple(view.counts)),
    "guerrilla_tactics": (N_("Cards held: {each}."), lambda view: tuple(
        s.draw_count + s.discard_count + s.hand_count for s in view.seats)),
    "war_room": (N_("Cards held: {each}."), lambda view: tuple(
        a + b for a, b in zip(view.stack_counts, view.collection_counts, strict=True))),
    "trade_war": (N_("Cards held, in hand and resource pile: {each}."), lambda view: tuple(
        a + b for a, b in zip(view.hand_sizes, view.pile_sizes, strict=True))),
    "arsenal": (N_("Cards captured: {each}."),
                lambda view: tuple(len(won) for won in view.captured)),
}


# How far the game has come, by what its rounds are called (the variant's length_unit).
SO_FAR = {
    "battle": N_("Battle {reached} so far."), "skirmish": N_("Skirmish {reached} so far."),
    "turn": N_("Turn {reached} so far."), "round": N_("Round {reached} so far."),
    "step": N_("Step {reached} so far."),
}


class ToTheEnd:
    """The Play to the end button, its Cancel (shown in its place while it plays), and the
    run between them. Part of a :class:`~wartutor.ui.shell.GameApp`: it reads the app's
    game and agents, draws in its table and What just happened, and hands it the end."""

    def __init__(self, app: GameApp) -> None:
        self._app = app
        self.button = widgets.Button(
            description=_(PLAY), tooltip=_("Let the computer make all your choices, as Play 10 "
                                           "does, until the game is over: at once, without "
                                           "showing each moment"),
            layout=widgets.Layout(width="auto", min_width="96px"))
        self.button.on_click(self._on_play)
        self.cancel = widgets.Button(
            description=_(CANCEL), tooltip=_("Stop playing to the end, at your next choice"),
            disabled=True, layout=widgets.Layout(width="auto", min_width="96px",
                                                 display="none"))
        self.cancel.add_class("wt-cancel")
        self.cancel.on_click(self._on_cancel)
        self._run: Iterator[None] | None = None  # the run under way
        self._stopping = False  # Cancel was pressed: stop at your next choice
        self._task: asyncio.Future[None] | None = None  # held, or the loop may drop it

    @property
    def buttons(self) -> tuple[widgets.Button, widgets.Button]:
        return self.button, self.cancel

    @property
    def running(self) -> bool:
        return self._run is not None

    def offer(self) -> None:
        """Show the button as the app shows its controls: pressable when the game awaits your
        choice, even while the moments before it are still shown; while a run is under way
        Cancel stands in its place, and nothing but New round (which drops the run) may be
        pressed."""
        app = self._app
        running = self.running
        decision = app._variant.decision(app.game.steps[app.cursor].state)
        yours = decision is not None and decision.player == app._human
        self.button.layout.display = "none" if running else None
        self.cancel.layout.display = None if running else "none"
        self.button.disabled = running or not yours
        self.cancel.disabled = not running or self._stopping
        if running:
            app.clock.next.disabled = app.clock.skip.disabled = True
            app.choice_buttons.say(_(PLAYING))

    # Pressing

    def _on_play(self, _: widgets.Button) -> None:
        if not self.running:
            self._app._guarded(self._start)

    def _on_cancel(self, _: widgets.Button) -> None:
        if self.running:
            self._stopping = True
            self.cancel.disabled = True

    def _start(self) -> None:
        app = self._app
        game = app._played_on()
        app._stop_playback()
        app._clear_messages()
        self._stopping = False
        self._run = self._playing(game)
        app._show_controls(None)  # nothing else to choose while it plays: see offer()
        loop = _running_loop()
        if loop is None:
            while self._chunk():
                pass
        else:
            self._task = loop.create_task(self._in_turns())

    async def _in_turns(self) -> None:
        while self._chunk():
            await asyncio.sleep(PAUSE_SECONDS)  # the page's time: it draws, and hears Cancel

    def _chunk(self) -> bool:
        """Play one chunk; False once the run is over (ended, stopped, dropped or failed)."""
        run = self._run
        if run is None:
            return False
        failed = True

        def play_on() -> None:
            nonlocal failed
            next(run, None)
            failed = False

        self._app._guarded(play_on)  # an error is said beside the choices
        if failed and self._run is run:
            self._run = None
            self._app._guarded(self._app._redraw)  # the app as it was before the run
        return self._run is run

    # Playing

    def _playing(self, game: Game[Any]) -> Iterator[None]:
        """The game played on, a chunk at each step of the iterator, to its end or, after
        Cancel, to your next choice; then handed to the app to show at rest."""
        app = self._app
        begun, cursor = app.game, app.cursor  # were either to move, the run is dropped
        shown = -PROGRESS_SECONDS  # the first chunk shows where it has come at once
        while (decision := game.decision) is not None:
            deadline = time.perf_counter() + CHUNK_SECONDS
            while decision is not None and time.perf_counter() < deadline:
                if self._stopping and app.seats.is_person(decision.player):
                    break
                game = app.seats.choose(game)
                decision = game.decision
            if decision is not None and self._stopping and app.seats.is_person(decision.player):
                break
            with app._voice():  # the log's words, a chunk at a time rather than all at the end
                app._log_words.entries(game, len(game.steps) - 1, app._human, app._names)
            if time.perf_counter() - shown >= PROGRESS_SECONDS:
                self._show_progress(game)
                shown = time.perf_counter()
            yield
            if app.game is not begun or app.cursor != cursor:
                # Moved on from elsewhere (New round, a deal joined): this run is dropped.
                self._run = None
                app._redraw()
                return
        self._run = None
        app._continue(game, at_once=True)

    # Drawing

    def _show_progress(self, game: Game[Any]) -> None:
        """The table as the game stands, and how far it has come beside it."""
        app = self._app
        with app._voice():
            step = game.steps[-1]
            app._table.value = app._design.table_html(app._view(step.state), step.events)
            app._happened.value = self.progress_html(game)
            app._banner.value = '<div class="wt-banner"></div>'

    def progress_html(self, game: Game[Any]) -> Markup:
        variant = self._app._variant
        reached = variant.summarize(game).length
        so_far = SO_FAR.get(str(getattr(variant, "length_unit", "step")), SO_FAR["step"])
        items = [html('<li class="wt-now">{so_far}</li>',
                      so_far=_(so_far).format(reached=reached))]
        held = HELD.get(variant.name)
        if held is not None:
            words, count = held
            own = variant.player_names(game.rules)
            counts = count(variant.view(game.state, self._app._human))
            # Translators: one player's count in a list: "you 12", "the computer 14".
            each = ", ".join(
                (_("you {count}") if voice().you(seat) else _("{name} {count}")).format(
                    name=voice().name(seat, own), count=n)
                for seat, n in enumerate(counts))
            items.append(html('<li class="wt-before">{words}</li>',
                              words=_(words).format(each=each)))
        items.append(html('<li class="wt-before">{playing}</li>', playing=_(PLAYING)))
        return html('<div class="wt-happened-head">{head}</div>'
                    '<ol class="wt-moments">{items}</ol>', head=_("Playing to the end"),
                    items=joined(items))


def _running_loop() -> asyncio.AbstractEventLoop | None:
    """The event loop the page's callbacks run in (a kernel's, or the browser page's), or
    None where none runs (a script): then the game is played out at once."""
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        # Pyodide's loop runs the page's callbacks without counting as running there.
        return asyncio.get_event_loop() if web.in_browser() else None
