"""The Coach button and its answer: each of your choices as a bar of its chances, and one
plain sentence, from games played on from where you stand (see wartutor.explore.coach).

The panel knows nothing of the game it sits in: the app hands it, at each of your
decisions, what the coach may see (your view and your decision) and how its buttons are
worded; at any other moment it is handed nothing, and its button greys out.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import ipywidgets as widgets

from wartutor import web
from wartutor.core.engine import Decision, Variant
from wartutor.explore.coach import Advice, Chance, advise
from wartutor.language import N_, _
from wartutor.ui.markup import Markup, html, joined
from wartutor.ui.render import text_of

# Enough games for a bar worth reading, few enough for about two seconds (fewer games
# each when there are many choices: the time goes by games times choices).
GAMES = 100
PLAYOUTS = 1_000  # games times choices at most, at one press
FEWEST_GAMES = 10
BARS = 6  # of many choices, the best five and the least are drawn
INTERVAL_MEANS = N_("The dark line on a bar is its 95% interval: where the true chance most "
                    "likely lies. More games would make it shorter.")

COACH_STYLE = Markup("""
<style>
.wt-coach { font-size: 18px; line-height: 1.3; background: #f4f8ff; border: 3px solid #1a5fb4;
  border-radius: 10px; padding: 6px 12px; margin-top: 8px; max-width: 900px; }
.wt-coach-head { font-weight: 700; color: #1a5fb4; }
.wt-coach-row { display: grid; grid-template-columns: 21em 1fr 4em; gap: 10px;
  align-items: center; margin: 3px 0; }
.wt-coach-label { font-weight: 600; overflow: hidden; text-overflow: ellipsis;
  white-space: nowrap; }
.wt-coach-track { position: relative; height: 20px; background: #e8edf5; border-radius: 4px; }
.wt-coach-bar { position: absolute; left: 0; top: 0; bottom: 0; background: #1a5fb4;
  border-radius: 4px; }
.wt-coach-best .wt-coach-bar { background: #1d6b3a; }
/* The 95% interval: a dark whisker across the bar's end. */
.wt-coach-span { position: absolute; top: 8px; height: 4px; background: #111; }
.wt-coach-value { text-align: right; font-weight: 700; }
.wt-coach-say { margin-top: 4px; }
.wt-large .wt-coach { font-size: 22px; }
.wt-large .wt-coach-track { height: 26px; }
.wt-large .wt-coach-span { top: 11px; }
</style>
""")


@dataclass(frozen=True)
class Question:
    """What the coach may see at one of your decisions, and how to word the choices."""

    variant: Variant[Any]
    rules: Any
    view: Any
    decision: Decision
    label: Callable[[str], str]
    agents: Sequence[str] | None = None  # how the games play every seat (None: heuristic)
    # The player's views before this one, oldest first: worked out only when asked, as a
    # long game has thousands.
    seen: Callable[[], Sequence[Any]] = tuple


def games_for(choices: int) -> int:
    """How many games each choice gets at one press of the button."""
    return max(FEWEST_GAMES, min(GAMES, PLAYOUTS // max(choices, 1)))


class CoachPanel(widgets.VBox):
    """A Coach button, and under it the coach's answer to the decision on show."""

    def __init__(self, guarded: Callable[[Callable[[], None]], None]) -> None:
        """``guarded`` runs the button's work as the app runs every callback: an error
        is shown beside the choices, never as a traceback."""
        self.button = widgets.Button(
            description=_("Coach"), icon="lightbulb-o",
            tooltip=_("Play many games on from here, for each of your choices, and show how "
                      "each one did"), layout=widgets.Layout(width="auto", min_width="96px"))
        self.button.add_class("wt-secondary")
        self.button.on_click(lambda _: guarded(self.ask))
        self._answer = widgets.HTML()
        self._answer.add_class("wt-coach-answer")
        self._question: Question | None = None
        self.advice: Advice | None = None
        super().__init__(children=[widgets.HTML(COACH_STYLE), self._answer])

    def offer(self, question: Question | None) -> None:
        """The decision on show (None: none of yours); an old answer is cleared."""
        if _asked(question) != _asked(self._question):
            self._question, self.advice = question, None
            self._answer.value = ""
        self.button.disabled = question is None or len(question.decision.legal_actions) < 2
        self.button.tooltip = (
            _("Play many games on from here, for each of your choices, and show how each did")
            if not self.button.disabled else
            _("The coach helps when it is your turn to choose between two or more moves"))

    def text(self) -> str:
        """The answer as shown, in words (for tests and screen readers alike)."""
        return text_of(self._answer.value)

    def ask(self) -> None:
        """Play the games and show the answer (the button's work)."""
        question = self._question
        if question is None:
            return
        games = games_for(len(question.decision.legal_actions))
        # advise plays fewer of them in the browser edition, where Pyodide plays on one
        # core, so that the answer comes within a few seconds there too: say how many.
        self._answer.value = html(
            '<div class="wt-coach" role="status"><span class="wt-coach-head">{head}</span> '
            "{playing}</div>", head=_("Coach:"),
            playing=_("playing {games} games on from here for each choice…").format(
                games=web.coach_games(games)))
        advice = advise(question.variant, question.rules, question.view, question.decision,
                        games=games, agents=question.agents, seen=question.seen())
        self.advice = advice
        self._answer.value = answer_html(advice, question.label)


def _asked(question: Question | None) -> tuple[Any, Decision] | None:
    return None if question is None else (question.view, question.decision)


def answer_html(advice: Advice, label: Callable[[str], str]) -> Markup:
    """Bars with their intervals, best first, and the coach's sentence."""
    ranked = sorted(advice.chances, key=lambda c: -c.mean)
    drawn = ranked if len(ranked) <= BARS + 1 else [*ranked[:BARS - 1], ranked[-1]]
    rows = [_row(c, label, c is ranked[0]) for c in drawn]
    if len(drawn) < len(ranked):
        rows.insert(BARS - 1, html('<div class="wt-note">{more}</div>', more=_(
            "… and {more} more choices between these and the last").format(
                more=len(ranked) - BARS)))
    return html('<div class="wt-coach" role="status" aria-live="polite">'
                '<div class="wt-coach-head">{head}</div>{rows}'
                '<div class="wt-coach-say">{sentence}</div>'
                '<div class="wt-note">{means}</div></div>',
                head=_("Coach: chance to win from here"), rows=joined(rows),
                sentence=advice.sentence(label), means=_(INTERVAL_MEANS))


def _row(chance: Chance, label: Callable[[str], str], best: bool) -> Markup:
    def at(x: float) -> float:
        return max(0.0, min(100.0, 100 * x))

    name = " ".join(label(chance.action).split())  # a button's lines, as one
    value = f"{chance.mean:.0%}"
    span = at(chance.high) - at(chance.low)
    # Translators: read aloud for a bar of the coach's answer: a choice, its chance to
    # win, and the interval where the true chance most likely lies.
    said = _("{name}: {value}, 95% interval {low} to {high}").format(
        name=name, value=value, low=f"{chance.low:.0%}", high=f"{chance.high:.0%}")
    return html(
        '<div class="wt-coach-row{best}" aria-label="{said}">'
        '<span class="wt-coach-label">{name}</span>'
        '<span class="wt-coach-track"><span class="wt-coach-bar" style="width:{mean:.1f}%">'
        '</span><span class="wt-coach-span" style="left:{left:.1f}%;width:{span:.1f}%">'
        '</span></span><span class="wt-coach-value">{value}</span></div>',
        best=" wt-coach-best" if best else "", said=said, name=name, value=value,
        mean=at(chance.mean), left=at(chance.low), span=max(span, 0.6))


__all__ = ["CoachPanel", "Question", "answer_html", "games_for"]
