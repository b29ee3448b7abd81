"""Playback: the moments of a stretch of game, one frame each, for the table to show in turn.

A frame is derived from the game and nothing else: which step it belongs to, how many of
that step's events have happened by then, and the one sentence that moment says, worded
for the viewer. Playing frames back only chooses which frame is on show; the game (a
seed, rules and actions) is never touched, so undo, the timeline and traces are as they
were.

A sentence said again and again within one step is said once, with a count. A playback
longer than :data:`MAX_MOMENTS` (a game that plays on without you, say) shows its first
moments and then its last ones, so that it always ends on how the game stands (its result,
at the end of a game); the log keeps every one.

Each moment stays on the table long enough to be read: a time that grows with its words,
never under the pace's least (:func:`dwell_ms`). "Wait for me" waits for Next.

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
from wartutor.language import N_, _


@dataclass(frozen=True)
class Pace:
    """How long a moment stays up: ``per_word`` milliseconds for each of its words, and
    never less than ``least``. Neither, at a pace that waits for Next or shows only the end."""

    label: str  # in English, marked for the catalog: shown as _(label)
    tooltip: str
    per_word: int = 0
    least: int = 0


# A child reads about 150 words a minute aloud and 200 to 250 silently: Slow gives the
# first, Normal the second, Fast is for those who know the game already.
PACES: dict[str, Pace] = {
    "wait": Pace(N_("Wait for me"), N_("Each moment stays until you press Next")),
    "slow": Pace(N_("Slow"), N_("Time to read each moment aloud"), per_word=400, least=3000),
    "normal": Pace(N_("Normal"), N_("Time to read each moment"), per_word=250, least=1500),
    "fast": Pace(N_("Fast"), N_("A quick look at each moment"), per_word=120, least=600),
    "instant": Pace(N_("Instant"), N_("Jump straight to your next choice")),
}
DEFAULT_PACE = "normal"
WAITS = "wait"  # the pace that waits for Next
MAX_MOMENTS = 60  # past that a playback skips from its first moments to its last
END_MOMENTS = 6  # of those, the ones kept from the end
TICK_MS = 250  # the browser's timer counts in these; a moment lasts a whole number of them


def dwell_ms(words: str, pace: str) -> int | None:
    """How long a moment saying ``words`` stays up at ``pace``, in milliseconds; None where
    it waits for Next, 0 where only the end is shown.

    >>> dwell_ms("Battle 1: your king beats the computer's seven.", "normal")
    2000
    >>> dwell_ms("Your turn.", "normal")  # never under the least
    1500
    >>> dwell_ms("Your turn.", "wait") is None
    True
    """
    if pace == WAITS:
        return None
    chosen = PACES[pace]
    return max(chosen.least, chosen.per_word * len(words.split())) if chosen.least else 0


def schedule(moments: Sequence[Frame], pace: str) -> list[int]:
    """The tick of the browser's timer at which each moment comes on: the first at 0, each
    after the one before has stayed up its time (one tick each where Next moves it on).

    >>> said = [Frame(1, 1, "Two words.", "", False), Frame(1, 2, "", "", True)]
    >>> schedule(said, "normal")  # 1.5 s, the least, is 6 ticks of 250 ms
    [0, 6]
    """
    starts = [0]
    for frame in moments[:-1]:
        ms = dwell_ms(frame.words, pace)
        # Two ticks at least: the timer's first tick comes at once, and must not skip it.
        starts.append(starts[-1] + (1 if ms is None else max(2, -(-ms // TICK_MS))))
    return starts[:len(moments)]


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
            first, _said, times = runs[-1]
            runs[-1] = (first, sentence, times + 1)
        else:
            runs.append((place, sentence, 1))
    # Translators: a sentence said again and again in one step, once, with how many times.
    return [(place, s if times == 1 else _("{sentence} ({times} times)").format(
        sentence=s, times=times)) for place, s, times in runs]


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
    if len(shown) > MAX_MOMENTS:
        # The first moments, then the last: the end of the playback is never skipped.
        shown = [*shown[:MAX_MOMENTS - END_MOMENTS], *shown[-END_MOMENTS:]]
    if upto > since and (not shown or shown[-1].step != upto):
        # A last step with nothing to say still brings the table to its end.
        shown.append(Frame(upto, len(game.steps[upto].events), "", "", final=True))
    return shown
