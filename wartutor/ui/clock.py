"""The playback's clock: the pace, Next, Skip to my turn, and the timer in the browser.

A playback is a list of frames (:func:`wartutor.ui.playback.frames`). The clock says which
one is on show and when the next one comes on; the app draws them. It calls ``show(index)``
when a frame's time has come, and ``end()`` when the last one's has, or when Skip (or the
Instant pace) jumps there.

The time is kept in the browser, by a hidden ``Play`` widget: a timer there works the
same in Voilà, in JupyterLab and in Pyodide, and a busy kernel cannot make the moments
uneven. It ticks every :data:`~wartutor.ui.playback.TICK_MS`; each moment stays up for its
own number of ticks (:func:`~wartutor.ui.playback.schedule`). At "Wait for me" it does
not tick, and Next moves the moments on.

>>> shown, ended = [], []
>>> clock = PlaybackClock("wait", shown.append, lambda: ended.append(True), lambda work: work())
>>> clock.play([Frame(1, 1, "War.", "", False), Frame(1, 2, "", "", True)])
>>> shown, clock.running
([0], True)
>>> clock.next.click()  # the last frame is the end: the app shows it at rest
>>> ended, clock.running
([True], False)
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable, Sequence
from typing import Any

import ipywidgets as widgets

from wartutor.language import N_, _
from wartutor.ui.buttons import button
from wartutor.ui.playback import PACES, TICK_MS, WAITS, Frame, schedule

SKIP = N_("Skip to my turn")
INSTANT = "instant"  # the pace that shows only the end


class PlaybackClock:
    """Which frame of the playback under way is on show, and the controls that move it on.

    ``guarded`` runs a piece of work as a click's callback does: a refusal is said, never
    raised into the page (:meth:`wartutor.ui.shell.GameApp._guarded`).
    """

    def __init__(self, pace: str, show: Callable[[int], None], end: Callable[[], None],
                 guarded: Callable[[Callable[[], None]], None]) -> None:
        self._show, self._end, self._guarded = show, end, guarded
        self.frames: list[Frame] = []  # the playback under way; empty when at rest
        self.index = 0  # the frame on show
        self._starts: list[int] = []  # the tick at which each frame comes on
        self._syncing = False  # set while the clock itself moves the timer

        self.pace = widgets.ToggleButtons(
            options=[(_(p.label), name) for name, p in PACES.items()], value=pace,
            description=_("Pace"), tooltips=[_(p.tooltip) for p in PACES.values()],
            style={"button_width": "auto", "description_width": "42px"},
        )
        self.pace.add_class("wt-pace")
        self.pace.observe(self._on_pace, names="value")
        self.next = button(_("Next"), self._on_next, _("Show the next moment now"))
        self.skip = button(_(SKIP), self._on_skip,
                           _("Show the end of the computers' moves at once"))
        self.player = widgets.Play(min=0, max=0, interval=TICK_MS, show_repeat=False,
                                   layout=widgets.Layout(display="none"))
        self.player.observe(self._on_tick, names="value")
        self.controls = widgets.VBox([self.pace, widgets.HBox([self.next, self.skip])])
        self.controls.add_class("wt-watching")

    @property
    def running(self) -> bool:
        """True while frames are still to be shown."""
        return bool(self.frames)

    def frame(self) -> Frame | None:
        """The frame on show (None at rest)."""
        return self.frames[self.index] if self.frames else None

    def play(self, moments: Sequence[Frame]) -> None:
        """Show ``moments`` in turn from the first, or at once the end of them, at the
        Instant pace or where there is only one."""
        if self.pace.value == INSTANT or len(moments) <= 1:
            self._end()
            return
        self.frames = list(moments)
        self.move_to(0)
        self.time_from(0)

    def hold(self) -> bool:
        """Leave the timer for the page to start, on a page just opened: its first moment
        must not be gone before the page is drawn. False where there is nothing to time."""
        if not self.frames or self.pace.value == WAITS:
            return False
        self.player.playing = False
        return True

    def move_to(self, index: int) -> None:
        """Show the ``index``-th frame; the last is the end, which the app shows at rest."""
        if index >= len(self.frames) - 1:
            self._finish()
            return
        self.index = index
        self._show(index)

    def time_from(self, index: int) -> None:
        """Time the frames from the ``index``-th on at the pace chosen: the browser counts
        ticks from that frame's first (at "Wait for me" it does not count)."""
        self._starts = schedule(self.frames, self.pace.value)
        self._syncing = True
        try:
            with self.player.hold_sync():  # one message to the browser
                self.player.max = self._starts[-1]
                self.player.value = self._starts[index]
                self.player.playing = self.pace.value != WAITS
        finally:
            self._syncing = False

    def stop(self) -> None:
        """No playback any more: the app is at rest (or about to play another)."""
        if self.frames:
            self.frames = []
            self._syncing = True
            try:
                self.player.playing = False
            finally:
                self._syncing = False

    def _finish(self) -> None:
        """The end now: the app shows it at rest."""
        self.stop()
        self._end()

    def _advance(self) -> None:
        """The next frame now (Next), timed from there on."""
        index = self.index + 1
        self.move_to(index)
        if self.frames:
            self.time_from(index)

    def _on_pace(self, change: dict[str, Any]) -> None:
        if not self.frames:
            return
        if change["new"] == INSTANT:
            self._guarded(self._finish)
        else:  # the frame on show starts again at the new pace
            self._guarded(lambda: self.time_from(self.index))

    def _on_next(self, _button: widgets.Button) -> None:
        if self.frames:
            self._guarded(self._advance)

    def _on_skip(self, _button: widgets.Button) -> None:
        if self.frames:
            self._guarded(self._finish)

    def _on_tick(self, change: dict[str, Any]) -> None:
        if self._syncing or not self.frames:
            return
        # Only ever forward: a tick sent before a Next was answered must not go back.
        index = bisect_right(self._starts, change["new"]) - 1
        if index > self.index:
            self._guarded(lambda: self.move_to(index))

