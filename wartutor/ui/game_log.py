"""The words beside the table: what just happened, and the log of the whole game.

*What just happened* shows the moment on show, large, its first sentence first and the
rest a tap away, with the moments before it since the player's last choice. The log
tells the game as a story: each round (or battle, turn, skirmish) under its heading, the
newest round at the top, and inside a round everything in the order it happened. Both
are worded for whoever is looking (see :mod:`wartutor.core.voice`); the log keeps the
words of the steps it has worded, since wording a long game again at every click would
slow it, and words again what another voice or another course of the game changed.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any

from wartutor.core.engine import Game, Step
from wartutor.core.record import cited_rule, explanation
from wartutor.core.voice import voice
from wartutor.language import N_, _, ngettext
from wartutor.ui.markup import Markup, html, joined
from wartutor.ui.playback import Frame, said_once

LOG_STEPS = 40  # older rounds stay on the timeline; a long log would slow every click
EARLIER_SHOWN = 2  # moments listed under the one on show: more would push the choices down

Entry = tuple[tuple[str, str], ...]  # one step's lines: (words, cited rule), each said once

# Where each variant's state counts its rounds, and what a round is called there. Classic
# War counts the battles played (each step plays one); the others count the round under
# way, so a step is headed by the round it was played in (its state before).
ROUND_COUNTS = (("battles", N_("Battle {number}"), True), ("round", N_("Round {number}"), False),
                ("turn", N_("Turn {number}"), False),
                ("skirmish", N_("Skirmish {number}"), False))

# A sentence ends at a full stop, question or exclamation mark and a space: whatever comes
# next, since it may be a name, and names (which hold no full stop) must not move the split.
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+")


def first_sentence(words: str) -> tuple[str, str]:
    """The short sentence a moment says first, and the details after it ("" if none).

    >>> first_sentence("Ana wins. The highest card wins; Guerrillas are lower.")
    ('Ana wins.', 'The highest card wins; Guerrillas are lower.')
    >>> first_sentence("You draw 1 card; you now hold 2 cards.")
    ('You draw 1 card; you now hold 2 cards.', '')
    """
    short, *rest = _SENTENCE_END.split(words, maxsplit=1)
    return short, rest[0] if rest else ""


def happened_html(moments: Sequence[Frame], total: int, *, playing: bool,
                  teacher: bool) -> Markup:
    """The moment on show, large, and under it the ones before it since your choice
    (newest first, so the moment itself is never scrolled away); ``total`` is the number
    of moments in the playback under way. The moment on show says its first sentence,
    and its details open with a tap."""
    said = [f for f in moments if f.words][::-1]
    items = [html('<li class="wt-now">{words}</li>', words=now_words(said[0], teacher))
             ] if said else [html('<li class="wt-now">{words}</li>', words=_("Your move."))]
    items += [html('<li class="wt-before">{words}{rule}</li>', words=frame.words,
                   rule=cited(frame.rule) if teacher and frame.rule else "")
              for frame in said[1:EARLIER_SHOWN + 1]]
    earlier = len(said) - EARLIER_SHOWN - 1
    more = (html('<li class="wt-note">{more}</li>', more=ngettext(
        "and {count} earlier moment in the log below",
        "and {count} earlier moments in the log below", earlier).format(count=earlier))
        if earlier > 0 else "")
    head = (_("Moment {number} of {total}").format(number=len(said), total=total) if playing
            else _("What just happened"))
    return html('<div class="wt-happened-head">{head}</div>'
                '<ol class="wt-moments">{items}{more}</ol>',
                head=head, items=joined(items), more=more)


def now_words(frame: Frame, teacher: bool) -> Markup:
    """The moment on show: its short sentence (and for a teacher the rule), then the rest
    folded under "More"."""
    short, details = first_sentence(frame.words)
    rule = cited(frame.rule) if teacher and frame.rule else ""
    if not details:
        return html("{short}{rule}", short=short, rule=rule)
    return html('{short}{rule}<details class="wt-more"><summary>{more}</summary>{details}'
                "</details>", short=short, rule=rule, more=_("More"), details=details)


def cited(rule: str) -> Markup:
    """The rule or ruling that decided a moment, as a teacher sees it after the words."""
    return html(' <span class="wt-rule">({rule})</span>', rule=rule)


def heading(game: Game[Any], number: int) -> str:
    """What step ``number`` of ``game`` is part of: "Battle 3", "Round 12", "Turn 4"...
    (the deal, for step 0; the step's own number where a variant counts no rounds)."""
    if number == 0:
        return _("The deal") if game.position is None else _("The start")
    for field, words, counts_played in ROUND_COUNTS:
        state = game.steps[number if counts_played else number - 1].state
        count = getattr(state, field, None)
        if isinstance(count, int):
            return _(words).format(number=count)
    return _("Step {number}").format(number=number)


def rounds(game: Game[Any], upto: int) -> list[tuple[str, range]]:
    """The rounds the log shows, the newest first: each heading with its steps, in order.

    The log reaches back :data:`LOG_STEPS` steps, and further to the start of the round it
    reaches into, so that it never begins halfway through a round."""
    first = max(upto - LOG_STEPS + 1, 0)
    while first > 0 and heading(game, first - 1) == heading(game, first):
        first -= 1
    found: list[tuple[str, range]] = []
    for number in range(first, upto + 1):
        said = heading(game, number)
        if found and found[-1][0] == said:
            found[-1] = (said, range(found[-1][1].start, number + 1))
        else:
            found.append((said, range(number, number + 1)))
    return found[::-1]


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
        """The log's lines as shown (the newest round first, each told in order), without
        the rounds' headings."""
        entries = self.entries(game, upto, viewer, names)
        return [f"{words} ({rule})" if teacher else words
                for _, steps in rounds(game, upto) for number in steps
                for words, rule in entries[number]]

    def html(self, game: Game[Any], upto: int, viewer: int | None,
             names: Sequence[str] | None, *, teacher: bool,
             starts_turn: Callable[[int], bool]) -> Markup:
        """The log up to step ``upto`` (the playback never lets it run ahead of the table);
        a line marks each step for which ``starts_turn`` holds, and the newest step's lines
        are marked new."""
        entries = self.entries(game, upto, viewer, names)
        shown = rounds(game, upto)
        groups = []
        for said, steps in shown:
            items = []
            for number in steps:
                new = " wt-new" if number == upto else ""
                starts = starts_turn(number)
                for i, (words, rule) in enumerate(entries[number]):
                    line = " wt-step-start" if starts and i == 0 else ""
                    items.append(html('<li class="wt-log-entry{new}{line}">{words}{cited}</li>',
                                      new=new, line=line, words=words,
                                      cited=cited(rule) if teacher else ""))
            groups.append(html('<section class="wt-log-round" aria-label="{said}">'
                               '<h3 class="wt-log-heading">{said}</h3><ol>{items}</ol>'
                               "</section>", said=said, items=joined(items)))
        earlier = (html('<p class="wt-note">{words}</p>',
                        words=_("Earlier steps are on the timeline."))
                   if shown and shown[-1][1].start > 0 else "")
        # Focusable, so that the keyboard can scroll it too.
        return html('<div class="wt-log" tabindex="0" role="region" aria-label="{label}">'
                    '<div class="wt-log-head">{head}</div>{groups}{earlier}</div>',
                    label=_("Game log"),
                    head=_("The game so far: the newest round at the top, each round in the "
                           "order it happened"), groups=joined(groups), earlier=earlier)
