"""Playback: the moments of a stretch of game, one frame each, for the table to show in turn.

A frame is derived from the game and nothing else: which step it belongs to, how many of
that step's events have happened by then, and the one sentence that moment says, worded
for the viewer. Playing frames back only chooses which frame is on show; the game (a
seed, rules and actions) is never touched, so undo, the timeline and traces are as they
were.

A sentence said again and again within one step is said once, with a count. A playback
longer than :data:`MAX_MOMENTS` (a game that plays on without you, say) shows its first
moments and then its end; the log keeps every one.

>>> from wartutor.core import Game
>>> from wartutor.variants import find_variant
>>> war = find_variant("classic_war")
>>> game = Game.new(war, seed=0, stacked=("9S 4C KD 2H", "9H 5D 7C 3S")).play("turn")
>>> for frame in frames(game, since=0, upto=1, viewer=0):
...     print(frame.happened, frame.final, frame.words.split(":")[0].split(",")[0])
1 False Battle 1
2 False War
3 False War 1 of battle 1
4 True You take the pile of 6 cards to the bottom of your deck
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from wartutor.core.engine import Event, Game
from wartutor.core.record import cited_rule, explanation

# Milliseconds a moment stays on the table at each pace; "instant" shows only the end.
PACES: dict[str, int] = {"slow": 2000, "normal": 1000, "fast": 400, "instant": 0}
DEFAULT_PACE = "normal"
MAX_MOMENTS = 60  # about a minute at normal pace: past that, skip to the end


@dataclass(frozen=True)
class Frame:
    """One moment: the ``happened``-th event of step ``step`` has just happened.

    ``final`` marks a step's last moment, when the table is the state after the step.
    ``words`` is what a student reads; ``rule`` is the citation a teacher also sees.
    """

    step: int
    happened: int
    words: str
    rule: str
    final: bool


def said_once(sentences: list[str]) -> list[tuple[int, str]]:
    """Each run of one sentence said again and again, once, with how many times.

    Only back-to-back repeats are merged: a sentence that comes back later in the step
    is a moment of its own there (a second "declines" after a tie-break, say).

    >>> said_once(["A.", "A.", "A.", "B.", "A."])
    [(0, 'A. (3 times)'), (3, 'B.'), (4, 'A.')]
    """
    runs: list[tuple[int, str, int]] = []  # (first place, sentence, times)
    for place, sentence in enumerate(sentences):
        if runs and runs[-1][1] == sentence:
            first, _, times = runs[-1]
            runs[-1] = (first, sentence, times + 1)
        else:
            runs.append((place, sentence, 1))
    return [(place, s if times == 1 else f"{s} ({times} times)") for place, s, times in runs]


def frames(
    game: Game[Any],
    since: int,
    upto: int,
    viewer: int | None,
    is_moment: Callable[[Event], bool] = lambda event: True,
    names: Sequence[str] | None = None,
) -> list[Frame]:
    """The frames of steps ``since + 1`` to ``upto``, in order; the last one is always final.

    ``is_moment`` lets a table design pass over events that show nothing of their own
    (a turn merely beginning, say); ``viewer`` is whose words are used (None: the teacher's)
    and ``names`` what the other seats are called (see :mod:`wartutor.core.voice`).
    """
    shown: list[Frame] = []
    for number in range(since + 1, upto + 1):
        events = game.steps[number].events
        places = [i for i, e in enumerate(events) if is_moment(e)]
        sentences = [explanation(game, events[i], viewer, names) for i in places]
        said = [(places[i], words) for i, words in said_once(sentences) if words]
        for k, (place, words) in enumerate(said):
            shown.append(Frame(number, place + 1, words, cited_rule(game, events[place]),
                               final=k == len(said) - 1))
    if upto > since and (not shown or shown[-1].step != upto or len(shown) > MAX_MOMENTS):
        # A last step with nothing to say (or past the most moments) still brings the
        # table to its end.
        end = Frame(upto, len(game.steps[upto].events), "", "", final=True)
        shown = [*shown[:MAX_MOMENTS - 1], end]
    return shown
