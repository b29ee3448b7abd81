"""The app shell every variant shares: table, controls, log, timeline, seed and rulings.

A variant brings a small :class:`TableDesign` (how its table is drawn and what its
buttons say); the shell does the rest the same way for every variant. The app holds
one immutable :class:`~wartutor.core.Game` and a cursor into its steps, so undo, redo
and the timeline only move the cursor, and acting from an earlier step is
``game.upto(cursor).play(action)``.

Widgets are built once; a click only rewrites the ``value`` of a few HTML widgets,
which keeps a click well under 100 ms in the browser.
"""

from __future__ import annotations

import logging
import secrets
from collections.abc import Callable, Mapping
from html import escape
from typing import Any, Protocol

import ipywidgets as widgets

from wartutor.core.agents import first_legal_agent
from wartutor.core.chance import check_seed
from wartutor.core.dealcode import deal_code, read_deal_code
from wartutor.core.engine import AgentMaker, Event, Game, Variant
from wartutor.core.errors import BadInput
from wartutor.core.record import cited_rule, explanation
from wartutor.core.rulings import rules_from
from wartutor.core.trace import Trace
from wartutor.ui.connection import connection_watch
from wartutor.ui.export import TakeHomePanel
from wartutor.ui.render import STYLESHEET, text_of
from wartutor.ui.rulings import RulingsPanel

AUTOPLAY_DECISIONS = 10
LOG_STEPS = 40  # older steps stay on the timeline; a long log would slow every click
FRESH_SEEDS = 100_000  # short enough to read out to a class and type

log = logging.getLogger(__name__)


class TableDesign(Protocol):
    """The variant's own part of an app: its table and the words on its buttons."""

    @property
    def autoplay_label(self) -> str:
        """The label of the button that lets an agent play ten of your decisions."""
        ...

    def action_label(self, action: str) -> str: ...

    def table_html(self, view: Any, events: tuple[Event, ...]) -> str:
        """The table as one player (or the teacher) sees it after a step with these events.

        The events are the engine's full record since the human's previous choice (the
        computers' steps included); show only what the view allows.
        """
        ...


def offered_actions(design: TableDesign, view: Any, legal: tuple[str, ...]) -> tuple[str, ...]:
    """The buttons to show: the design's ``offered_actions`` (legal or not), else the legal ones.

    A design that offers an action which is not legal now has it greyed out, with the
    variant's ``why_not`` as the reason (the button's tooltip, and :meth:`GameApp.greyed`).
    """
    offer = getattr(design, "offered_actions", None)
    return tuple(offer(view, legal)) if offer is not None else legal


def parse_seed(text: str) -> int:
    """The seed typed in the seed box, or a clear error.

    >>> parse_seed(" 42 ")
    42
    >>> parse_seed("forty-two")
    Traceback (most recent call last):
    ...
    wartutor.core.errors.BadInput: 'forty-two' is not a seed. Allowed: a whole number such as 42.
    """
    cleaned = text.strip()
    if not cleaned:
        raise BadInput("the seed box is empty", allowed="a whole number such as 42")
    if not cleaned.isascii() or not cleaned.isdigit():
        raise BadInput(f"{cleaned!r} is not a seed", allowed="a whole number such as 42")
    return check_seed(int(cleaned))


def fresh_seed() -> int:
    return secrets.randbelow(FRESH_SEEDS)


def _plain(error: BadInput) -> str:
    text = str(error)
    return text[:1].upper() + text[1:]


class GameApp(widgets.VBox):
    """A playable, explained game of any variant, for one human against computer agents.

    ``agents`` maps every other seat that must decide to an agent maker; ``autoplay``
    makes the agent for the human's decisions when "Play 10 ..." is pressed. Agents are
    made afresh for every deal from its seed, so one seed gives one game on every screen.
    ``rules`` is a rules object or a mapping of rule options (``{"war_down": 3}``);
    ``stacked`` a set deal, which every New round deals again.
    """

    def __init__(
        self,
        variant: Variant[Any],
        design: TableDesign,
        *,
        human: int = 0,
        agents: Mapping[int, AgentMaker] | None = None,
        seed: int | None = None,
        rules: Any = None,
        stacked: tuple[str, ...] | None = None,
        autoplay: AgentMaker = first_legal_agent,
    ) -> None:
        self._variant = variant
        self._design = design
        self._human = human
        self._agent_makers = dict(agents or {})
        self._autoplay_maker = autoplay
        self._stacked = stacked
        if isinstance(rules, Mapping):
            rules = rules_from(variant.rules_type, rules)
        seed = fresh_seed() if seed is None else check_seed(seed)
        self._seat_agents(seed)
        self._game = self._computers_move(Game.new(variant, rules, seed, stacked))
        self._cursor = len(self._game.steps) - 1
        self._entries: list[tuple[tuple[str, str], ...]] = []  # per step: (html, text) each
        self._syncing = False  # set while the app itself moves the timeline

        self._banner = widgets.HTML()
        self._message = widgets.HTML()
        self._table = widgets.HTML()
        self._log = widgets.HTML()

        self._action_buttons: dict[str, widgets.Button] = {}
        self._shown_actions: tuple[str, ...] | None = None
        # Rows wrap rather than squeeze: a variant may offer many choices at once.
        self._action_row = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self._autoplay_button = self._button(design.autoplay_label, self._on_autoplay,
                                             "Let the computer make your next "
                                             f"{AUTOPLAY_DECISIONS} moves")
        self._undo = self._button("Undo", self._on_undo, "Go back one step")
        self._redo = self._button("Redo", self._on_redo, "Go forward one step")
        # Not continuous: a live slider echoes its stale position back after a fast click,
        # which would move the game back a step. The step shows when the slider is let go.
        self.timeline = widgets.IntSlider(
            min=0, max=0, description="Step", tooltip="0 is the deal; drag to replay the game",
            continuous_update=False, layout=widgets.Layout(width="420px"),
        )
        self.timeline.add_class("wt-timeline")
        self.timeline.observe(self._on_timeline, names="value")

        self.seed_box = widgets.Text(
            description="Seed", tooltip="The same seed deals the same cards on every screen",
            layout=widgets.Layout(width="200px"),
        )
        self.seed_box.add_class("wt-seed")
        self._new_round = self._button("New round", self._on_new_round,
                                       "A new shuffled deal, or the seed you typed in the box, "
                                       "with the rulings chosen under Rulings")
        self.show_everything = widgets.Checkbox(
            description="Show everything (teacher)", indent=False,
            tooltip="Show the cards nobody at the table could see",
        )
        self.show_everything.observe(self._on_show_everything, names="value")

        # The deal code is what a teacher reads out; everyone types it and joins that deal.
        self._deal_code = widgets.HTML()
        self.code_box = widgets.Text(
            description="Join", placeholder="a code such as CW-4821",
            tooltip="Type the deal code your teacher reads out, then press Join deal",
            style={"description_width": "initial"}, layout=widgets.Layout(width="320px"),
        )
        self.code_box.add_class("wt-code-box")
        self._join = self._button("Join deal", self._on_join,
                                  "Deal the game of the code in the box: same cards, same rulings")
        self.large_print = widgets.ToggleButton(
            description="Large print", tooltip="Bigger cards and words, for a projector",
            layout=widgets.Layout(width="auto", min_width="110px"),
        )
        self.large_print.observe(self._on_large_print, names="value")

        self.rulings = RulingsPanel(variant)
        self.take_home = TakeHomePanel(lambda: self._game.upto(self._cursor), self._open_trace,
                                       self._say, variant.name)
        # A design may add its own choice widgets (Trade War's "ask whom, for which rank"),
        # for choices too many to show as one button each; they act through choose().
        make_controls = getattr(design, "controls", None)
        self._design_controls: list[widgets.Widget] = (
            list(make_controls(self)) if make_controls is not None else [])

        super().__init__(children=[
            widgets.HTML(STYLESHEET),
            widgets.HTML(f'<div class="wt-title">{escape(variant.title)}</div>'),
            self._banner,
            self._message,
            self._table,
            *self._design_controls,
            widgets.HBox([self._action_row, self._autoplay_button, self._undo, self._redo,
                          self.timeline], layout=widgets.Layout(flex_flow="row wrap")),
            widgets.HBox([self.seed_box, self._new_round, self.show_everything],
                         layout=widgets.Layout(flex_flow="row wrap")),
            widgets.HBox([self._deal_code, self.code_box, self._join, self.large_print],
                         layout=widgets.Layout(flex_flow="row wrap")),
            self._log,
            self.rulings,
            self.take_home,
            connection_watch(),
        ])
        self.add_class("wt-app")
        self._dealt()

    def __repr__(self) -> str:
        # Notebooks keep a widget's text repr; the default one would include the random seed.
        return f"GameApp({self._variant.title})"

    # What tests and notebooks may read

    @property
    def game(self) -> Game[Any]:
        """The whole game, including steps after the cursor that Redo would bring back."""
        return self._game

    @property
    def cursor(self) -> int:
        """The step on show: 0 is the deal."""
        return self._cursor

    def labels(self) -> list[str]:
        """The labels of the buttons one can press now."""
        return [b.description for b in self._buttons() if not b.disabled]

    def log_texts(self) -> list[str]:
        """The log's entries as shown, newest first."""
        return [text for step in self._shown_steps() for _, text in self._entries[step]]

    def banner_text(self) -> str:
        return text_of(self._banner.value)

    def message_text(self) -> str:
        return text_of(self._message.value)

    def table_html(self) -> str:
        return str(self._table.value)

    def table_text(self) -> str:
        return text_of(self._table.value)

    def greyed(self) -> dict[str, str]:
        """The action buttons shown greyed out, each with the reason it is refused."""
        shown = [self._action_buttons[a] for a in self._shown_actions or ()]
        return {b.description: b.tooltip for b in shown if b.disabled and b.tooltip}

    def rulings_text(self) -> str:
        """The table of the rulings in effect, as text."""
        return text_of(self.rulings.table_html())

    def deal_code(self) -> str | None:
        """The code of the deal on show (None for a set deal or rulings no code can hold)."""
        if self._stacked is not None:
            return None
        try:
            return deal_code(self._variant.name, self._game.rules, self._game.seed)
        except BadInput:
            return None

    # What a student can do

    def press(self, label: str) -> None:
        """Press the button with this label, as a click in the browser would."""
        found = [b for b in [*self._buttons(), self._join] if b.description == label]
        if not found:
            raise BadInput(f"there is no {label!r} button",
                           allowed=", ".join(repr(b.description) for b in self._buttons()))
        if found[0].disabled:
            raise BadInput(f"the {label!r} button is greyed out now",
                           allowed=", ".join(repr(x) for x in self.labels()))
        found[0].click()

    def choose(self, action: str) -> None:
        """Make the human's choice ``action``, as an action button would (for design controls)."""
        self._guarded(lambda: self._play(action))

    def join_deal(self, code: str) -> None:
        """Type ``code`` in the deal code box and press Join deal."""
        self.code_box.value = code
        self._join.click()

    def open_trace(self, text: str) -> None:
        """Paste a saved trace and press Open the game."""
        self.take_home.paste.value = text
        self.take_home.open_button.click()

    # Callbacks: each one either does all its work or, on an error, changes nothing

    def _on_action(self, button: widgets.Button) -> None:
        action = next(a for a, b in self._action_buttons.items() if b is button)
        self._guarded(lambda: self._play(action))

    def _on_autoplay(self, _: widgets.Button) -> None:
        self._guarded(self._play_ten)

    def _on_undo(self, _: widgets.Button) -> None:
        self._guarded(lambda: self._move_to(self._stop_before(self._cursor)))

    def _on_redo(self, _: widgets.Button) -> None:
        self._guarded(lambda: self._move_to(self._stop_after(self._cursor)))

    def _on_timeline(self, change: dict[str, Any]) -> None:
        if not self._syncing:
            self._guarded(lambda: self._move_to(change["new"]))

    def _on_show_everything(self, _: dict[str, Any]) -> None:
        self._guarded(self._show)

    def _on_new_round(self, _: widgets.Button) -> None:
        self._guarded(lambda: self._deal(self._next_seed()))

    def _next_seed(self) -> int:
        """The seed a student typed (to join a class's deal), else a fresh shuffle."""
        typed = self.seed_box.value.strip()
        if typed == str(self._game.seed):
            return fresh_seed()
        return parse_seed(typed)

    def _on_join(self, _: widgets.Button) -> None:
        self._guarded(self._join_deal)

    def _on_large_print(self, change: dict[str, Any]) -> None:
        # One class on the app: the stylesheet makes its cards and words bigger.
        if change["new"]:
            self.add_class("wt-large")
        else:
            self.remove_class("wt-large")

    def _guarded(self, work: Callable[[], None]) -> None:
        try:
            work()
        except BadInput as e:
            self._say(_plain(e))
        except Exception as e:  # a class must never meet a traceback; the log keeps it
            log.exception("wartutor app error")
            self._say(f"Something went wrong ({e}). Nothing was changed.")

    def _say(self, text: str) -> None:
        self._message.value = f'<div class="wt-message" role="alert">{escape(text)}</div>'

    # Playing

    def _play(self, action: str) -> None:
        game = self._computers_move(self._game.upto(self._cursor).play(action))
        self._continue(game)

    def _play_ten(self) -> None:
        game = self._game.upto(self._cursor)
        for _ in range(AUTOPLAY_DECISIONS):
            decision = game.decision
            if decision is None:
                break
            view = self._variant.view(game.state, decision.player)
            game = self._computers_move(game.play(self._autoplay(view, decision)))
        self._continue(game)

    def _seat_agents(self, seed: int) -> None:
        self._agents = {seat: make(seat, seed) for seat, make in self._agent_makers.items()}
        self._autoplay = self._autoplay_maker(self._human, seed)

    def _computers_move(self, game: Game[Any]) -> Game[Any]:
        while (decision := game.decision) is not None and decision.player != self._human:
            agent = self._agents.get(decision.player)
            if agent is None:
                raise BadInput(f"player {decision.player} must choose but has no agent",
                               allowed="an agent for every computer seat")
            view = self._variant.view(game.state, decision.player)
            game = game.play(agent(view, decision))
        return game

    def _continue(self, game: Game[Any]) -> None:
        """Show the end of ``game``, which extends the steps up to the cursor."""
        del self._entries[self._cursor + 1:]
        self._game = game
        self._cursor = len(game.steps) - 1
        self._message.value = ""
        self._show()

    def _join_deal(self) -> None:
        code = read_deal_code(self.code_box.value)
        if code.variant != self._variant.name:
            from wartutor.variants import find_variant

            title = find_variant(code.variant).title
            raise BadInput(f"the code {self.code_box.value.strip()!r} is a deal of {title}, "
                           f"not {self._variant.title}",
                           allowed=f"open the {title} app and join it there")
        rules = code.rules()
        self._stacked = None  # a code is always a shuffled deal
        self._deal(code.seed, rules)
        self.code_box.value = ""

    def _open_trace(self, trace: Trace) -> None:
        if trace.variant != self._variant.name:
            raise BadInput(f"this trace is a game of {trace.variant!r}, not {self._variant.name!r}",
                           allowed=f"a trace saved by the {self._variant.title} app")
        game = trace.replay()
        self._seat_agents(game.seed)
        self._stacked = game.stacked
        self._game = self._computers_move(game)
        self._cursor = len(self._game.steps) - 1
        self._entries = []
        self._message.value = ""
        self._dealt()

    def _deal(self, seed: int, rules: Any = None) -> None:
        if rules is None:
            rules = rules_from(self._variant.rules_type, self.rulings.chosen())
        self._seat_agents(seed)
        game = self._computers_move(Game.new(self._variant, rules, seed, self._stacked))
        self._game = game
        self._cursor = len(game.steps) - 1
        self._entries = []
        self._message.value = ""
        self._dealt()

    def _dealt(self) -> None:
        """Bring the seed box and the rulings up to date with a new deal, then show it."""
        self.seed_box.value = str(self._game.seed)
        code = self.deal_code()
        shown = (f"<b>{escape(code)}</b>" if code else
                 "none (a set deal, or rulings no code can hold: share the trace instead)")
        self._deal_code.value = f'<span class="wt-deal-code">Deal code: {shown}</span>'
        self.rulings.show_round(self._game.rules)
        self._show()

    # Moving in time

    def _is_stop(self, step: int) -> bool:
        """Where undo and redo pause: the deal, the human's turns and the end."""
        decision = self._variant.decision(self._game.steps[step].state)
        return step == 0 or decision is None or decision.player == self._human

    def _stop_before(self, step: int) -> int:
        step -= 1
        while step > 0 and not self._is_stop(step):
            step -= 1
        return max(step, 0)

    def _stop_after(self, step: int) -> int:
        last = len(self._game.steps) - 1
        step += 1
        while step < last and not self._is_stop(step):
            step += 1
        return min(step, last)

    def _move_to(self, step: int) -> None:
        self._cursor = step
        self._message.value = ""
        self._show()

    # Drawing: only widget values change

    def _show(self) -> None:
        step = self._game.steps[self._cursor]
        viewer = None if self.show_everything.value else self._human
        since = self._stop_before(self._cursor) + 1 if self._cursor else 0
        events = tuple(e for s in self._game.steps[since:self._cursor + 1] for e in s.events)
        self._table.value = self._design.table_html(self._variant.view(step.state, viewer),
                                                    events)
        self._banner.value = self._banner_html(step.state)
        self._log.value = self._log_html()
        self._show_controls(step.state)
        self._syncing = True
        try:
            with self.timeline.hold_sync():  # one message to the browser, not two
                self.timeline.max = len(self._game.steps) - 1
                self.timeline.value = self._cursor
        finally:
            self._syncing = False

    def _show_controls(self, state: Any) -> None:
        decision = self._variant.decision(state)
        mine = decision is not None and decision.player == self._human
        if mine and decision is not None:
            view = self._variant.view(state, self._human)
            shown = offered_actions(self._design, view, decision.legal_actions)
            if shown != self._shown_actions:
                self._shown_actions = shown
                self._action_row.children = [self._action_button(a) for a in shown]
        for action, button in self._action_buttons.items():
            refused = self._variant.why_not(state, action) if mine else None
            button.disabled = not mine or refused is not None
            button.tooltip = refused
        self._autoplay_button.disabled = not mine
        refresh = getattr(self._design, "refresh_controls", None)
        if refresh is not None:
            refresh(self._variant.view(state, self._human), decision if mine else None,
                    lambda action: self._variant.why_not(state, action))
        self._undo.disabled = self._cursor == 0
        self._redo.disabled = self._cursor == len(self._game.steps) - 1

    def _action_button(self, action: str) -> widgets.Button:
        if action not in self._action_buttons:
            button = self._button(self._design.action_label(action), self._on_action)
            button.add_class("wt-main-button")
            button.button_style = "primary"
            self._action_buttons[action] = button
        return self._action_buttons[action]

    def _banner_html(self, state: Any) -> str:
        outcome = self._variant.outcome(state)
        if outcome is None:
            return '<div class="wt-banner"></div>'
        names = self._variant.player_names(self._game.rules)
        if outcome.unfinished:
            headline = "Stopped unfinished."
        elif outcome.draw:
            headline = "It's a draw."
        elif self._human in outcome.winners:
            headline = "You win!"
        else:
            headline = " and ".join(names[w] for w in outcome.winners) + " wins."
        reason = self._variant.explain(outcome.because)
        return (f'<div class="wt-banner" role="status"><b>{escape(headline)}</b> '
                f"{escape(reason)}</div>")

    def _shown_steps(self) -> range:
        """The steps the log lists, newest first."""
        return range(self._cursor, max(self._cursor - LOG_STEPS, -1), -1)

    def _log_html(self) -> str:
        steps = self._game.steps
        for number in range(len(self._entries), self._cursor + 1):
            self._entries.append(tuple(self._entry(e) for e in steps[number].events))
        items = []
        for number in self._shown_steps():
            new = " wt-new" if number == self._cursor else ""
            # A line only where the human's turns begin: a line between two computer steps
            # would show that a computer was asked something (Trade War's Putin, say).
            starts = number == 0 or self._is_stop(number - 1)
            for i, (html, _) in enumerate(self._entries[number]):
                line = " wt-step-start" if starts and i == 0 else ""
                items.append(f'<li class="wt-log-entry{new}{line}">{html}</li>')
        if self._cursor >= LOG_STEPS:
            items.append('<li class="wt-note">Earlier steps are on the timeline.</li>')
        # Focusable, so that the keyboard can scroll it too.
        return ('<div class="wt-log" tabindex="0" role="region" aria-label="What happened">'
                '<div class="wt-log-head">'
                "What happened, newest first, with the rule that decided it</div>"
                f"<ol>{''.join(items)}</ol></div>")

    def _entry(self, event: Event) -> tuple[str, str]:
        # The log is always the human's, even when showing everything: private events are
        # worded as the human may know them.
        said = explanation(self._game, event, self._human)
        rule = cited_rule(self._game, event)
        return (f'{escape(said)} <span class="wt-rule">({escape(rule)})</span>',
                f"{said} ({rule})")

    # Widgets

    def _button(
        self, label: str, on_click: Callable[[widgets.Button], None], tooltip: str = ""
    ) -> widgets.Button:
        button = widgets.Button(description=label, tooltip=tooltip or None,
                                layout=widgets.Layout(width="auto", min_width="110px"))
        button.on_click(on_click)
        return button

    def _buttons(self) -> list[widgets.Button]:
        actions = [self._action_buttons[a] for a in self._shown_actions or ()]
        return [*actions, self._autoplay_button, self._undo, self._redo, self._new_round]
