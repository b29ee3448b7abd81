"""The words beside the table: what just happened, and the log of the whole game.

*What just happened* shows the moment on show, large, with the moments before it since
the player's last choice. The log lists every step's explanations, newest first. Both
are worded for whoever is looking (see :mod:`wartutor.core.voice`); the log keeps the
words of the steps it has worded, since wording a long game again at every click would
slow it, and words again what another voice or another course of the game changed.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from wartutor.core.engine import Game, Step
from wartutor.core.record import cited_rule, explanation
from wartutor.core.voice import voice
from wartutor.ui.markup import Markup, html, joined
from wartutor.ui.playback import Frame, said_once

LOG_STEPS = 40  # older steps stay on the timeline; a long log would slow every click
EARLIER_SHOWN = 2  # moments listed under the one on show: more would push the choices down

Entry = tuple[tuple[str, str], ...]  # one step's lines: (words, cited rule), each said once


def happened_html(moments: Sequence[Frame], total: int, *, playing: bool,
                  teacher: bool) -> Markup:
    """The moment on show, large, and under it the ones before it since your choice
    (newest first, so the moment itself is never scrolled away); ``total`` is the number
    of moments in the playback under way."""
    said = [f for f in moments if f.words][::-1]
    items = [html('<li class="{when}">{words}{rule}</li>',
                  when="wt-now" if number == 0 else "wt-before", words=frame.words,
                  rule=cited(frame.rule) if teacher and frame.rule else "")
             for number, frame in enumerate(said[:EARLIER_SHOWN + 1])]
    if not items:
        items.append(Markup('<li class="wt-now">Your move.</li>'))
    earlier = len(said) - EARLIER_SHOWN - 1
    more = (html('<li class="wt-note">and {earlier} earlier moment{s} in the log below</li>',
                 earlier=earlier, s="s" if earlier > 1 else "") if earlier > 0 else "")
    head = f"Moment {len(said)} of {total}" if playing else "What just happened"
    return html('<div class="wt-happened-head">{head}</div>'
                '<ol class="wt-moments">{items}{more}</ol>',
                head=head, items=joined(items), more=more)


def cited(rule: str) -> Markup:
    """The rule or ruling that decided a moment, as a teacher sees it after the words."""
    return html(' <span class="wt-rule">({rule})</span>', rule=rule)


def shown_steps(upto: int) -> range:
    """The steps the log lists, newest first."""
    return range(upto, max(upto - LOG_STEPS, -1), -1)


class GameLog:
    """The log of one app: each step's words, worded once for the voice in force."""

    def __init__(self) -> None:
        self._worded: list[tuple[Step[Any], Entry]] = []
        self._voice: object = None

    def entries(self, game: Game[Any], upto: int, viewer: int | None,
                names: Sequence[str] | None) -> list[Entry]:
        """The lines of steps 0 to at least ``upto`` of ``game``, as ``viewer`` reads them."""
        wording = (viewer, None if names is None else tuple(names), voice().plain)
        if wording != self._voice:
            self._worded, self._voice = [], wording
        # A step undone and played otherwise is another step: word it, and all after it.
        kept = 0
        while kept < min(len(self._worded), len(game.steps)) and (
                self._worded[kept][0] is game.steps[kept]):
            kept += 1
        del self._worded[kept:]
        for step in game.steps[len(self._worded):upto + 1]:
            said = [explanation(game, e, viewer, names) for e in step.events]
            rules = [cited_rule(game, e) for e in step.events]
            self._worded.append((step, tuple((words, rules[i])
                                             for i, words in said_once(said))))
        return [entry for _, entry in self._worded]

    def texts(self, game: Game[Any], upto: int, viewer: int | None,
              names: Sequence[str] | None, *, teacher: bool) -> list[str]:
        """The log's lines as shown, newest first."""
        entries = self.entries(game, upto, viewer, names)
        return [f"{words} ({rule})" if teacher else words
                for number in shown_steps(upto) for words, rule in entries[number]]

    def html(self, game: Game[Any], upto: int, viewer: int | None,
             names: Sequence[str] | None, *, teacher: bool,
             starts_turn: Callable[[int], bool]) -> Markup:
        """The log up to step ``upto`` (the playback never lets it run ahead of the table);
        a line marks each step for which ``starts_turn`` holds."""
        entries = self.entries(game, upto, viewer, names)
        items = []
        for number in shown_steps(upto):
            new = " wt-new" if number == upto else ""
            starts = starts_turn(number)
            for i, (words, rule) in enumerate(entries[number]):
                line = " wt-step-start" if starts and i == 0 else ""
                items.append(html('<li class="wt-log-entry{new}{line}">{words}{cited}</li>',
                                  new=new, line=line, words=words,
                                  cited=cited(rule) if teacher else ""))
        if upto >= LOG_STEPS:
            items.append(Markup('<li class="wt-note">Earlier steps are on the timeline.</li>'))
        # Focusable, so that the keyboard can scroll it too.
        return html('<div class="wt-log" tabindex="0" role="region" aria-label="Game log">'
                    '<div class="wt-log-head">The whole game so far, newest first</div>'
                    "<ol>{items}</ol></div>", items=joined(items))
