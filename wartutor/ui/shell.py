"""The app shell every variant shares: table, choices, playback, log, timeline and rulings.

A variant brings a small :class:`TableDesign` (how its table is drawn and what its
buttons say); the shell does the rest the same way for every variant. The app holds
one immutable :class:`~wartutor.core.Game` and a cursor into its steps, so undo, redo
and the timeline only move the cursor, and acting from an earlier step is
``game.upto(cursor).play(action)``.

After a choice the game is complete at once; what follows is shown moment by moment
(:mod:`wartutor.ui.playback`) at the chosen pace, timed in the browser by the playback's
clock (:mod:`wartutor.ui.clock`), and your choices come back when the playback reaches
your decision.

One screen holds what a student needs: the table on the left, and beside it what just
happened and your choices. These three are the page's landmarks ("Table", "What just
happened", "Your choices"); the log, timeline, seed and rulings sit below.

Widgets are built once; a click only rewrites the ``value`` of a few HTML widgets,
which keeps a click well under 100 ms in the browser.
"""

from __future__ import annotations

import logging
import secrets
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager, nullcontext
from dataclasses import dataclass
from typing import Any, Protocol

import ipywidgets as widgets

from wartutor.core.agents import first_legal_agent
from wartutor.core.chance import check_seed
from wartutor.core.dealcode import deal_code, read_deal_code
from wartutor.core.engine import AgentMaker, Event, Game, Variant
from wartutor.core.errors import BadInput, quoted
from wartutor.core.record import cited_rule, explanation
from wartutor.core.rulings import rules_from, shared_play_rules
from wartutor.core.trace import Trace
from wartutor.core.voice import speaking, voice
from wartutor.language import _, capital, language, ngettext, use_language
from wartutor.ui.buttons import button
from wartutor.ui.card_clicks import card_clicks
from wartutor.ui.choice_buttons import WATCHING, ChoiceButtons
from wartutor.ui.clock import PlaybackClock
from wartutor.ui.coach_panel import CoachPanel, Question
from wartutor.ui.connection import connection_watch
from wartutor.ui.export import TakeHomePanel
from wartutor.ui.game_log import GameLog, happened_html
from wartutor.ui.glossary import glossary_html, glossary_link, marked
from wartutor.ui.handout import Handout, handout_html, handout_page
from wartutor.ui.language import LanguageMenu
from wartutor.ui.markup import Markup, html, sentence
from wartutor.ui.opening import OPENING, opening_start
from wartutor.ui.playback import DEFAULT_PACE, PACES, Frame, frames
from wartutor.ui.players import PlayersPanel, chooses_players, default_name
from wartutor.ui.render import STYLESHEET, text_of
from wartutor.ui.rulings import RulingsPanel
from wartutor.ui.seats import Seats
from wartutor.ui.to_the_end import ToTheEnd
from wartutor.ui.widget_tree import close_widgets, held_widgets

AUTOPLAY_DECISIONS = 10
COACH = "coach"  # the Computers menu's value for the coach as opponent
FRESH_SEEDS = 100_000  # short enough to read out to a class and type

log = logging.getLogger(__name__)

ALWAYS, AT_THE_END = "always", "at the end"


@dataclass(frozen=True)
class Parts:
    """What an app builds beside the table, the choices, what just happened, the log, the
    pace and large print, which every app has.

    A part a mode leaves out is not made at all, rather than hidden: a widget that exists
    can be driven from the page whatever its CSS, so a control a mode must not offer
    cannot be allowed to exist in it.
    """

    undo: bool = True  # Undo, Redo and the Step timeline
    new_round: bool = True  # New round, with rulings menus for it
    deal: bool = True  # the deal code, the seed box and Join deal
    autoplay: bool = True  # Play 10
    to_the_end: bool = True  # Play to the end, and its Cancel (wartutor.ui.to_the_end)
    show_everything: bool = True  # the teacher's look at every hand
    computers: bool = True  # the Computers menu: the coach as the hardest opponent
    coach: bool = True  # the Coach button
    take_home: str = ALWAYS  # or AT_THE_END: the record and trace once the game is over
    set_up: bool = True  # Set up a position: the teacher's editor (wartutor.ui.setup_position)
    players: bool = True  # the Players button: how many play, and who (wartutor.ui.players)


SINGLE_PLAYER = Parts()
# Players sharing a screen: going back, a deal code or every hand would show one player
# the other's cards, and so would the record before the end.
# Playing to the end would make the players' own choices for them: it is not built.
PASS_AND_PLAY = Parts(undo=False, deal=False, show_everything=False, take_home=AT_THE_END,
                      set_up=False, to_the_end=False)
# A room's game is shared: nobody may undo it, deal again, peek, or have the coach's help
# against classmates; its deal is the server's secret until the end.
ROOM = Parts(undo=False, new_round=False, deal=False, autoplay=False, show_everything=False,
             computers=False, coach=False, take_home=AT_THE_END, set_up=False,
             players=False, to_the_end=False)


class TableDesign(Protocol):
    """The variant's own part of an app: its table and the words on its buttons.

    A design may also define ``choice_words(action)``, how a sentence names a choice
    (the coach's, say) where the button's own label would not read well in one.
    """

    @property
    def autoplay_label(self) -> str:
        """The label of the button that lets an agent play ten of your decisions."""
        ...

    def action_label(self, action: str) -> str: ...

    def table_html(self, view: Any, events: tuple[Event, ...]) -> str:
        """The table as one player (or the teacher) sees it after a step with these events.

        The events are the engine's record of that step (or, at rest, since the human's
        previous choice); show only what the view allows.
        """
        ...


def moment_html(
    design: TableDesign, before: Any, after: Any, happened: tuple[Event, ...]
) -> str:
    """The table partway through a step: ``happened`` are its events so far.

    A design's ``moment_html(before, after, happened)`` draws it from the views before and
    after the step (so it hides what they hide); a design without one shows the table
    after the step.
    """
    draw = getattr(design, "moment_html", None)
    return str(draw(before, after, happened)) if draw else design.table_html(after, happened)


def is_moment(design: TableDesign) -> Callable[[Event], bool]:
    """Which events are moments of their own: all but the design's ``quiet_events``."""
    quiet = tuple(getattr(design, "quiet_events", ()))
    return lambda event: not isinstance(event, quiet)


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
        raise BadInput(_("the seed box is empty"), allowed=_("a whole number such as 42"))
    if not cleaned.isascii() or not cleaned.isdigit():
        raise BadInput(_("{seed} is not a seed").format(seed=quoted(cleaned)),
                       allowed=_("a whole number such as 42"))
    return check_seed(int(cleaned))


def example_code(variant: Variant[Any]) -> str:
    """A deal code of this variant to show as an example ("a code such as GT-4821")."""
    try:
        return deal_code(variant.name, variant.rules_type(), 4821)
    except BadInput:  # a variant without deal codes
        return "XX-4821"


def fresh_seed() -> int:
    return secrets.randbelow(FRESH_SEEDS)


def _plain(error: BadInput) -> str:
    """A refusal as a student reads it: what was wrong, and what is allowed."""
    # Translators: a refusal: {problem} says what was wrong, {allowed} what would do.
    return capital(_("{problem}. Allowed: {allowed}.").format(
        problem=error.problem.rstrip("."), allowed=error.allowed.rstrip(".")))


class GameApp(widgets.VBox):
    """A playable, explained game of any variant, for one human against computer agents.

    ``agents`` maps every other seat that must decide to an agent maker; ``autoplay``
    makes the agent for the human's decisions when "Play 10 ..." is pressed. Agents are
    made afresh for every deal from its seed, so one seed gives one game on every screen.
    ``rules`` is a rules object or a mapping of rule options (``{"war_down": 3}``);
    ``stacked`` a set deal, which every New round deals again. ``pace`` is how fast the
    moments after a choice are shown: "slow", "normal", "fast" or "instant".

    ``humans`` makes it pass-and-play: those seats are all played at this screen, and
    between two of their turns a curtain hides the table until the next player presses
    Ready, so that each sees only their own view. ``names`` are what the seats are
    called when the one on screen is "you" (by default "Player 1", "Player 2", ... for
    the players at a shared screen, the variant's own names for the computers). In the
    page, the Players button beside New round chooses both (:mod:`wartutor.ui.players`).
    ``position`` starts the game from a set position (``docs/positions.md``), as a
    lesson does; like a set deal, every New round starts it again.

    Where the variant has a coach, a Coach button shows at your decisions how each choice
    fares in games played on from there, every seat played by ``coach_agents`` (built-in
    agent names, one a seat; by default the heuristic); and the Computers menu offers the
    coach itself as the computers' player, the hardest opponent, beside the usual one
    (``opponent_label``).
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
        pace: str = DEFAULT_PACE,
        humans: Sequence[int] | None = None,
        names: Sequence[str] | None = None,
        position: Mapping[str, Any] | None = None,
        opponent_label: str | None = None,
        coach_agents: Sequence[str] | None = None,
        parts: Parts | None = None,
    ) -> None:
        # What it is made with: for other players it is made again (_build_again).
        self._made_with = {k: v for k, v in locals().items() if k not in ("self", "__class__")}
        if pace not in PACES:
            raise BadInput(f"{quoted(pace)} is not a pace", allowed=", ".join(PACES))
        # Who plays each seat; the computers' agents are made for each deal (seats.seat).
        self.seats = Seats(variant, tuple(humans) if humans else (human,), agents or {},
                           autoplay, coach_agents, self._coach_opponent)
        shared = len(self.seats.people) > 1
        self.parts = parts or (PASS_AND_PLAY if shared else SINGLE_PLAYER)
        self._variant = variant
        self._design = design
        self._is_moment = is_moment(design)
        self._human = self.seats.people[0]  # the seat whose view is on the screen now
        self._stacked = stacked
        self._position = position
        if shared and not isinstance(rules, variant.rules_type):
            # Between people, being asked must not give away who holds what.
            rules = shared_play_rules(variant, rules)
        elif isinstance(rules, Mapping):
            rules = rules_from(variant.rules_type, rules)
        self._names = self._seat_names(rules, names)
        # Where the variant has a coach, the computers may play as the coach does: the
        # hardest opponent. Chosen here, it takes over from the computers' next move.
        coached = hasattr(variant, "deal_unseen")
        self._coach_agents = coach_agents  # how the coach's games play every seat
        self._coach = CoachPanel(self._guarded) if coached and self.parts.coach else None
        self.opponent: widgets.Dropdown | None = None
        if coached and self.parts.computers and not self._all_people(rules):
            self.opponent = widgets.Dropdown(
                options=[(opponent_label or _("Sensible"), ""), (_("Coach (hardest)"), COACH)],
                value="", description=_("Computers"), style={"description_width": "initial"},
                layout=widgets.Layout(width="auto"))
            self.opponent.add_class("wt-opponent")
            self.opponent.observe(self._on_opponent, names="value")
        seed = fresh_seed() if seed is None else check_seed(seed)
        self.seats.seat(seed, None)
        self._game = self._computers_move(self._start(rules, seed))
        self._cursor = len(self._game.steps) - 1
        self._log_words = GameLog()
        self._syncing = False  # set while the app itself moves the timeline
        self._curtain_for = self._human  # the seat a pass-and-play curtain waits for
        self._curtain_up = False

        # The three landmarks (named by the page script, see wartutor.ui.connection).
        self._table = widgets.HTML(layout=widgets.Layout(min_width="0"))
        self._table.add_class("wt-table-region")
        self._happened = widgets.HTML()
        self._happened.add_class("wt-happened")
        self._banner = widgets.HTML()
        self._message = widgets.HTML()  # what went wrong with a choice, beside the choices
        self._deal_message = widgets.HTML()  # what went wrong with a seed or a code
        self._log = widgets.HTML()

        self.choice_buttons = ChoiceButtons(design.action_label, self.choose, self._on_ready)
        parts = self.parts
        self._autoplay_button = (button(design.autoplay_label, self._on_autoplay,
                                        _("Let the computer make your next {count} "
                                          "moves").format(count=AUTOPLAY_DECISIONS))
                                 if parts.autoplay else None)
        self._to_the_end = ToTheEnd(self) if parts.to_the_end else None
        self._undo = button(_("Undo"), self._on_undo, _("Go back one step")) \
            if parts.undo else None
        self._redo = button(_("Redo"), self._on_redo, _("Go forward one step")) \
            if parts.undo else None
        self._new_round = (button(_("New round"), self._on_new_round,
                                  _("A new shuffled deal, or the seed you typed in the "
                                    "box, with the rulings chosen under Rulings")
                                  if parts.deal else _("A new shuffled deal, with the "
                                                       "rulings chosen under Rulings"))
                           if parts.new_round else None)
        self._set_up = (button(_("Set up a position"), self._on_set_up,
                               _("Place the cards yourself, then play the game from there"))
                        if parts.set_up else None)
        self.set_up_place = widgets.VBox()  # where the editor shows while open
        self.set_up: Any = None  # the editor (a SetupPanel), kept once made: nothing is lost
        for secondary in self._secondary_buttons():
            secondary.add_class("wt-secondary")  # smaller than the choices in large print

        # Playback: the pace, Next, Skip, and the timer in the browser.
        self.clock = PlaybackClock(pace, self._show_frame, self._end_playback, self._guarded)

        # Not continuous: a live slider echoes its stale position back after a fast click,
        # which would move the game back a step. The step shows when the slider is let go.
        # Kept when the app is made again, as the language menu is: what holds the app may
        # watch it (Arsenal's campaign counts each match's end by it).
        kept = vars(self).get("timeline")
        self.timeline: widgets.IntSlider | None = None
        if parts.undo and isinstance(kept, widgets.IntSlider):
            self.timeline = kept
        elif parts.undo:
            self.timeline = widgets.IntSlider(
                min=0, max=0, continuous_update=False, layout=widgets.Layout(width="420px"))
            self.timeline.add_class("wt-timeline")
            self.timeline.observe(self._on_timeline, names="value")
        if self.timeline is not None:
            self.timeline.description = _("Step")
            self.timeline.tooltip = _("0 is the deal; drag to replay the game")

        self.seed_box: widgets.Text | None = None
        self.code_box: widgets.Text | None = None
        self._join: widgets.Button | None = None
        self._deal_code: widgets.HTML | None = None
        if parts.deal:
            self.seed_box = widgets.Text(
                description=_("Seed"),
                tooltip=_("The same seed deals the same cards on every screen"),
                layout=widgets.Layout(width="200px"),
            )
            self.seed_box.add_class("wt-seed")
            # The deal code is what a teacher reads out; everyone types it and joins that
            # deal.
            self._deal_code = widgets.HTML()
            self.code_box = widgets.Text(
                description=_("Join"),
                placeholder=_("a code such as {code}").format(code=example_code(variant)),
                tooltip=_("Type the deal code your teacher reads out, then press Join deal"),
                style={"description_width": "initial"}, layout=widgets.Layout(width="320px"),
            )
            self.code_box.add_class("wt-code-box")
            self._join = button(_("Join deal"), self._on_join, _(
                "Deal the game of the code in the box: same cards, same rulings"))
        self.show_everything: widgets.Checkbox | None = None
        if parts.show_everything:
            self.show_everything = widgets.Checkbox(
                description=_("Show everything (teacher)"), indent=False,
                tooltip=_("Show the cards nobody at the table could see"),
                layout=widgets.Layout(width="auto"),
            )
            self.show_everything.observe(self._on_show_everything, names="value")
        self.teacher_view = widgets.Checkbox(
            description=_("Rules cited (teacher)"), indent=False,
            tooltip=_("Show the rule or ruling that decided each moment"),
            layout=widgets.Layout(width="auto"),
        )
        self.teacher_view.observe(self._on_teacher_view, names="value")
        self.large_print = widgets.ToggleButton(
            description=_("Large print"), tooltip=_("Bigger cards and words, for a projector"),
            layout=widgets.Layout(width="auto", min_width="110px"),
        )
        self.large_print.observe(self._on_large_print, names="value")
        # Kept when the app is made again: the page gives its language once, and the
        # script that keeps a student's choice in the browser must stay on the page.
        self.language: LanguageMenu = (vars(self).get("language")
                                       or LanguageMenu(self._switch_language))

        self.rulings = RulingsPanel(variant, choosing=parts.new_round,
                                    words=getattr(design, "words", nullcontext))
        self.handout = Handout(self._handout_html)  # Print, and what it prints
        self.players = (PlayersPanel(variant, self._game.rules, self.seats.people, names)
                        if parts.players and parts.new_round and chooses_players(variant)
                        else None)
        # Taken home at any time, or only once the game is over (then it is put in its
        # place, _take_home_place, when the end is shown, and taken away by a new deal).
        self.take_home: TakeHomePanel | None = None
        self._take_home_place = widgets.VBox()
        if parts.take_home == ALWAYS:
            self.take_home = self._take_home_panel()
            self._take_home_place.children = [self.take_home]
        # A design may add its own choice widgets (Trade War's "ask whom, for which rank"),
        # for choices too many to show as one button each; they act through choose().
        # And a design's teacher panels (Trade War's joker names), under the rulings.
        make_teacher = getattr(design, "teacher_parts", None)
        self._teacher_parts = list(make_teacher(self)) if make_teacher and parts.new_round \
            else []
        make_controls = getattr(design, "controls", None)
        self._design_controls: list[widgets.Widget] = (
            list(make_controls(self)) if make_controls is not None else [])

        coach = [self._coach.button] if self._coach is not None else []
        below: list[widgets.Widget] = [*coach, *self._secondary_buttons()]
        if self.players is not None:  # Players beside New round: they come to its deal
            below.insert(below.index(self._new_round) + 1, self.players.button)
        choices = widgets.VBox([
            *self._design_controls, self.choice_buttons, self._message,
            widgets.HBox(below, layout=widgets.Layout(flex_flow="row wrap")),
        ])
        choices.add_class("wt-choices")
        side = widgets.VBox([self._banner, self._happened, choices, self.clock.controls])
        side.add_class("wt-side")
        top = widgets.HBox([
            widgets.HTML(html('<div class="wt-title">{title}</div>', title=variant.title)),
            *self._present(self._deal_code), self.large_print, self.language.menu,
            *self._present(self.show_everything), self.teacher_view, self.handout.button,
            widgets.HTML(glossary_link(variant.name)),
        ])
        top.add_class("wt-top")
        # The coach's answer goes under the table, where there is width for its bars.
        left = widgets.VBox([*self._present(self.players), self._table,
                             *([self._coach] if self._coach is not None else [])])
        left.add_class("wt-left")
        main = widgets.HBox([left, side])
        main.add_class("wt-main")
        deal_row = ([self.seed_box, self._deal_code_help(), self.code_box, self._join]
                    if parts.deal else [])
        super().__init__(children=[
            widgets.HTML(STYLESHEET),
            top,
            self.set_up_place,
            main,
            self.clock.player,
            *([widgets.HBox([self.timeline], layout=widgets.Layout(flex_flow="row wrap"))]
              if self.timeline is not None else []),
            widgets.HBox([*deal_row, *self._present(self.opponent)],
                         layout=widgets.Layout(flex_flow="row wrap")),
            self._deal_message,
            self._log,
            widgets.HTML(glossary_html(variant.name)),
            self.rulings,
            *self._teacher_parts,
            self._take_home_place,
            connection_watch(),
            self.language.page_parts,
            self.handout.widget,
            opening_start(),
            card_clicks(),
        ])
        self.add_class("wt-app")
        self._dealt(since=0)  # the computers' moves before your first choice are moments too
        if self.clock.hold():  # timed once the page is drawn
            self.add_class(OPENING)

    def __repr__(self) -> str:
        # Notebooks keep a widget's text repr; the default one would include the random seed.
        return f"GameApp({self._variant.title})"

    @staticmethod
    def _present(*parts: widgets.Widget | None) -> list[widgets.Widget]:
        """The parts this app has built, leaving out those its mode has not."""
        return [part for part in parts if part is not None]

    def _secondary_buttons(self) -> list[widgets.Button]:
        return self._present(self._autoplay_button, self._undo, self._redo,
                             *(self._to_the_end.buttons if self._to_the_end else ()),
                             self._new_round, self._set_up)

    def _take_home_panel(self) -> TakeHomePanel:
        # Where the record goes home only at the end, no other game may be opened here.
        opens = self._open_trace if self.parts.take_home == ALWAYS else None
        return TakeHomePanel(lambda: self._game.upto(self._cursor), opens, self._variant.name,
                             page=self._handout_page)

    def _handout_html(self, last: int | None, token: str) -> Markup:
        """The hand-out of the game on show, worded for the one on screen; where the record
        goes home only at the end, the game is in it only then."""
        game = self._game.upto(self._cursor)
        if self.parts.take_home == AT_THE_END and game.outcome is None:
            last = 0
        with self._voice():
            return handout_html(game, self._human, self._names, self._design.action_label,
                                last=last, token=token)

    def _handout_page(self) -> str:
        with self._voice():
            return handout_page(self._game.upto(self._cursor), self._human, self._names,
                                self._design.action_label)

    def _offer_take_home(self, over: bool) -> None:
        """Where the record may only go home once the game is over: offer it then, and
        take it away again when a new game is dealt."""
        if self.parts.take_home != AT_THE_END or over == (self.take_home is not None):
            return
        if over:
            self.take_home = self._take_home_panel()
            self._take_home_place.children = [self.take_home]
        else:
            assert self.take_home is not None
            self._take_home_place.children = []
            self.take_home.close()
            self.take_home = None

    def _all_people(self, rules: Any) -> bool:
        """Every seat is a person: there are no computers to choose a player for."""
        names = self._variant.player_names(self._variant.rules_type() if rules is None
                                           else rules)
        return set(range(len(names))) <= set(self.seats.people)

    def _seat_names(self, rules: Any, names: Sequence[str] | None) -> tuple[str, ...] | None:
        """What the seats are called: as given; else, at a shared screen, "Player 1",
        "Player 2", ... for its players; else None (the variant's own names)."""
        if names is not None:
            return tuple(names)
        if len(self.seats.people) == 1:
            return None
        own = self._variant.player_names(self._variant.rules_type() if rules is None
                                         else rules)
        return tuple(_("Player {number}").format(number=s + 1) if s in self.seats.people else n
                     for s, n in enumerate(own))

    @staticmethod
    def _deal_code_help() -> widgets.HTML:
        return widgets.HTML(html('<span class="wt-note">{text}</span>', text=_(
            "New round deals this seed, or a fresh shuffle; a deal code joins a class's deal.")))

    # What tests and notebooks may read

    @property
    def game(self) -> Game[Any]:
        """The whole game, including steps after the cursor that Redo would bring back."""
        return self._game

    @property
    def cursor(self) -> int:
        """The step the game has reached (the playback may still be showing earlier ones)."""
        return self._cursor

    @property
    def pace(self) -> widgets.ToggleButtons:
        """The pace menu: how fast the moments after a choice are shown."""
        return self.clock.pace

    @property
    def playing_back(self) -> bool:
        """True while moments are still to be shown before your next choice."""
        return self.clock.running

    @property
    def playing_to_the_end(self) -> bool:
        """True while Play to the end plays on (until the end, or Cancel)."""
        return self._to_the_end is not None and self._to_the_end.running

    def frame(self) -> Frame | None:
        """The moment on show during a playback (None at rest)."""
        return self.clock.frame()

    def labels(self) -> list[str]:
        """The labels of the buttons one can press now."""
        return [b.description for b in self._buttons() if not b.disabled]

    def log_texts(self) -> list[str]:
        """The log's entries as shown, newest first (none behind a pass-and-play curtain)."""
        if self._curtain_up:
            return []
        with self._voice():
            return self._log_words.texts(self._game, self._log_upto(), self._human,
                                         self._names, teacher=self.teacher_view.value)

    def banner_text(self) -> str:
        return text_of(self._banner.value)

    def message_text(self) -> str:
        """What went wrong with the last thing done, wherever it is shown."""
        take_home = self.take_home.message_text() if self.take_home is not None else ""
        return " ".join(t for t in (text_of(self._message.value),
                                    text_of(self._deal_message.value), take_home) if t)

    def happened_text(self) -> str:
        """What the "What just happened" panel says."""
        return text_of(self._happened.value)

    def reasons_text(self) -> str:
        """The visible reasons beside the greyed-out choices."""
        return self.choice_buttons.text()

    def table_html(self) -> str:
        return str(self._table.value)

    def table_text(self) -> str:
        return text_of(self._table.value)

    def greyed(self) -> dict[str, str]:
        """The action buttons shown greyed out, each with the reason it is refused."""
        return self.choice_buttons.greyed()

    def rulings_text(self) -> str:
        """The table of the rulings in effect, as text."""
        return text_of(self.rulings.table_html())

    def deal_code(self) -> str | None:
        """The code of the deal on show (None for a set deal or position, or rulings no code
        can hold)."""
        if self._stacked is not None or self._position is not None:
            return None
        try:
            return deal_code(self._variant.name, self._game.rules, self._game.seed)
        except BadInput:
            return None

    def reword(self) -> None:
        """The design's words changed (a joker's name): label the buttons afresh, redraw."""
        self.choice_buttons.relabel()
        self.rulings.reword()
        self._guarded(self._redraw)

    # What a student can do

    def press(self, label: str) -> None:
        """Press the button with this label, as a click in the browser would."""
        found = [b for b in [*self._buttons(), *self._present(self._join), self.clock.next,
                             self.clock.skip] if b.description == label]
        if not found:
            raise BadInput(f"there is no {quoted(label)} button",
                           allowed=", ".join(repr(b.description) for b in self._buttons()))
        if found[0].disabled:
            raise BadInput(f"the {quoted(label)} button is greyed out now",
                           allowed=", ".join(repr(x) for x in self.labels()))
        found[0].click()

    def choose(self, action: str) -> None:
        """Make the human's choice ``action``, as an action button would (for design controls)."""
        self._guarded(lambda: self._play(action))

    def join_deal(self, code: str) -> None:
        """Type ``code`` in the deal code box and press Join deal."""
        if self.code_box is None or self._join is None:
            raise BadInput("this game has no deal code box",
                           allowed="a deal code in a game of your own")
        self.code_box.value = code
        self._join.click()

    def coach(self) -> str:
        """Press Coach and return its answer in words."""
        if self._coach is None:
            raise BadInput(f"{self._variant.title} has no coach: there is nothing to choose",
                           allowed="the Coach in Guerrilla Tactics, War Room, Trade War or Arsenal")
        self.press(self._coach.button.description)
        return self._coach.text()

    def open_trace(self, text: str) -> None:
        """Paste a saved trace and press Open the game."""
        if self.take_home is None or self.parts.take_home != ALWAYS:
            raise BadInput("this game cannot open a saved game",
                           allowed="opening it in a game of your own")
        self.take_home.paste.value = text
        self.take_home.open_button.click()

    def next_moment(self) -> None:
        """Show the next moment now (the Next button)."""
        self.clock.next.click()

    def skip(self) -> None:
        """Show the end of the playback at once (the Skip to my turn button)."""
        self.clock.skip.click()

    # Callbacks: each one either does all its work or, on an error, changes nothing

    def _on_opponent(self, _change: dict[str, Any]) -> None:
        game = self._game.upto(self._cursor)
        self._guarded(lambda: self.seats.seat(game.seed, game.rules, game))

    def _on_autoplay(self, _button: widgets.Button) -> None:
        self._guarded(self._play_ten)

    def _on_undo(self, _button: widgets.Button) -> None:
        self._guarded(lambda: self._move_to(self._stop_before(self._cursor)))

    def _on_redo(self, _button: widgets.Button) -> None:
        self._guarded(lambda: self._move_to(self._stop_after(self._cursor)))

    def _on_timeline(self, change: dict[str, Any]) -> None:
        if not self._syncing:
            self._guarded(lambda: self._move_to(change["new"]))

    def _on_show_everything(self, _change: dict[str, Any]) -> None:
        self._guarded(self._redraw)

    def _on_teacher_view(self, _change: dict[str, Any]) -> None:
        self._guarded(self._redraw)

    def _on_new_round(self, _button: widgets.Button) -> None:
        self._guarded(self._deal_next_round, self._say_deal)

    def _deal_next_round(self) -> None:
        """Deal again, to the rulings and players chosen. Other people at the table are
        another mode, whose parts are built, never hidden: the app is then made again."""
        seed, settings = self._next_seed(), self.rulings.chosen()
        if self.players is not None:
            seating = self.players.seating()
            if self.players.reseats(seating):
                self._build_again(humans=seating.people, names=seating.names, seed=seed,
                                  rules=self.players.rules_for(seating, settings), parts=None,
                                  stacked=self._stacked, position=self._position)
                return
            settings.update(seating.settings())
        self._deal(seed, rules_from(self._variant.rules_type, settings))

    def _build_again(self, **changes: Any) -> None:
        """Make this app again in its place on the page, with ``changes`` to what it was
        made with. The old parts are closed once the new stand, so that no control of the
        old mode is left for the page to drive; the pace, large print and rules cited stay
        as they were. On an error nothing is changed."""
        before, kept = held_widgets(self), dict(vars(self))
        reading = self.large_print.value, self.teacher_view.value
        try:
            GameApp.__init__(self, **{**self._made_with, "pace": self.pace.value, **changes})
        except Exception:
            close_widgets(held_widgets(self) - before)
            self.__dict__.clear()  # back to the app as it was
            self.__dict__.update(kept)
            raise
        self.large_print.value, self.teacher_view.value = reading
        close_widgets(before - held_widgets(self))

    def _switch_language(self, code: str) -> None:
        self._guarded(lambda: self._speak(code))

    def _speak(self, code: str) -> None:
        """Speak ``code`` from now on: the app is made again in it, every word afresh, with
        the same game at the same step, its computers as they were, and the rulings and
        the Computers menu as chosen. On an error the app and its language stay as they were."""
        game, cursor, human = self._game, self._cursor, self._human
        seats = self.seats
        stacked, position = self._stacked, self._position
        menus = {name: menu.value for name, menu in self.rulings.menus.items()}
        opponent = None if self.opponent is None else self.opponent.value
        names = self._made_with["names"]
        untyped = set() if names is None else {  # the seats called "Player 2" for want of a name
            seat for seat, name in enumerate(names) if name == default_name(seat)}
        before = language()
        use_language(code)
        if names is not None:
            names = tuple(default_name(seat) if seat in untyped else name
                          for seat, name in enumerate(names))
        try:
            self._build_again(seed=game.seed, rules=game.rules, stacked=stacked,
                              position=position, names=names)
        except Exception:
            use_language(before)
            raise
        self.language.menu.value = language()  # where the page chose it, not the menu
        self._stop_playback()
        if self.opponent is not None and opponent is not None:
            self.opponent.value = opponent
        self._game, self._cursor, self._human = game, cursor, human
        self.seats = seats
        self._stacked, self._position = stacked, position
        self._dealt(since=cursor)  # shown where it stands, not played back
        for name, value in menus.items():  # _dealt set the menus to the game's own
            if name in self.rulings.menus:
                self.rulings.menus[name].value = value

    def _on_set_up(self, _button: widgets.Button) -> None:
        from wartutor.ui.setup_position import open_set_up  # made only when asked for

        self._guarded(lambda: open_set_up(self, self._game.upto(self._cursor)))

    def play_position(self, position: Mapping[str, Any], rules: Any, seed: int) -> None:
        """Start the game from a set position (checked), as a lesson does."""
        self._stacked, self._position = None, position
        self._deal(seed, rules)

    def _next_seed(self) -> int:
        """The seed a student typed (to join a class's deal), else a fresh shuffle."""
        if self.seed_box is None:
            return fresh_seed()
        typed = self.seed_box.value.strip()
        if typed == str(self._game.seed):
            return fresh_seed()
        return parse_seed(typed)

    def _on_join(self, _button: widgets.Button) -> None:
        self._guarded(self._join_deal, self._say_deal)

    def _on_large_print(self, change: dict[str, Any]) -> None:
        # One class on the app: the stylesheet makes its cards and words bigger.
        if change["new"]:
            self.add_class("wt-large")
        else:
            self.remove_class("wt-large")

    def _guarded(self, work: Callable[[], None],
                 say: Callable[[str], None] | None = None) -> None:
        try:
            with self._voice():  # a refusal speaks to the one on screen
                work()
        except BadInput as e:
            (say or self._say)(_plain(e))
        except Exception as e:  # a class must never meet a traceback; the log keeps it
            log.exception("wartutor app error")
            (say or self._say)(_("Something went wrong ({error}). Nothing was changed.")
                               .format(error=e))

    def _say(self, text: str) -> None:
        self._message.value = html('<div class="wt-message" role="alert">{text}</div>',
                                   text=text)

    def _say_deal(self, text: str) -> None:
        self._deal_message.value = html('<div class="wt-message" role="alert">{text}</div>',
                                        text=text)

    def _clear_messages(self) -> None:
        self._message.value = self._deal_message.value = ""

    # Playing

    def _play(self, action: str) -> None:
        self._stop_playback()
        game = self._computers_move(self._played_on().play(action))
        self._continue(game)

    def _play_ten(self) -> None:
        self._stop_playback()
        game = self._played_on()
        for _decision in range(AUTOPLAY_DECISIONS):
            if game.decision is None:
                break
            game = self._computers_move(self.seats.choose(game))
        self._continue(game)

    def _start(self, rules: Any, seed: int) -> Game[Any]:
        """A new game: from the set position if there is one, else dealt (or stacked)."""
        if self._position is not None:
            return Game.from_position(self._variant, rules, self._position, seed)
        return Game.new(self._variant, rules, seed, self._stacked)

    def _seen_before(self) -> list[Any]:
        """Everything the player on screen saw before this step, step by step: the coach
        deals the unseen cards where those views allow."""
        return [self._variant.view(s.state, self._human) for s in self._game.steps[:self._cursor]]

    def _played_on(self) -> Game[Any]:
        """The game up to the step on screen, to play on from. Where that undoes steps, the
        coach's computers are seated again, remembering only what they were shown up to
        here: a line undone never happened."""
        game = self._game.upto(self._cursor)
        if len(game.steps) < len(self._game.steps) and self._coach_opponent():
            self.seats.seat(game.seed, game.rules, game)
        return game

    def _computers_move(self, game: Game[Any]) -> Game[Any]:
        """``game`` played on until a person here must choose (a room's referee plays its
        computers instead: :class:`wartutor.ui.room.RoomGame`)."""
        return self.seats.computers_move(game)

    def _coach_opponent(self) -> bool:
        return self.opponent is not None and self.opponent.value == COACH

    def _continue(self, game: Game[Any], *, at_once: bool = False) -> None:
        """Play back the end of ``game``, which extends the steps up to the cursor (or,
        ``at_once``, show where it ends, as Play to the end does)."""
        since = self._cursor
        self._game = game
        self._cursor = len(game.steps) - 1
        self._clear_messages()
        if at_once:
            self._show()
        else:
            self._play_back(since)

    def _join_deal(self) -> None:
        assert self.code_box is not None  # Join deal exists only with its box
        code = read_deal_code(self.code_box.value)
        if code.variant != self._variant.name:
            from wartutor.variants import find_variant

            title = find_variant(code.variant).title
            raise BadInput(_("the code {code} is a deal of {title}, not {this}").format(
                               code=repr(self.code_box.value.strip()), title=title,
                               this=self._variant.title),
                           allowed=_("open the {title} app and join it there").format(
                               title=title))
        rules = code.rules()
        self._stacked = self._position = None  # a code is always a shuffled deal
        self._deal(code.seed, rules)
        self.code_box.value = ""

    def _open_trace(self, trace: Trace) -> None:
        if trace.variant != self._variant.name:
            raise BadInput(_("this trace is a game of {game}, not {this}").format(
                               game=quoted(trace.variant), this=repr(self._variant.name)),
                           allowed=_("a trace saved by the {title} app").format(
                               title=self._variant.title))
        game = trace.replay()
        self._stop_playback()
        self.seats.seat(game.seed, game.rules, game)
        self._stacked, self._position = game.stacked, game.position
        self._game = self._computers_move(game)
        self._cursor = len(self._game.steps) - 1
        self._clear_messages()
        self._dealt(since=self._cursor)  # an opened game is shown where it stands

    def _deal(self, seed: int, rules: Any = None) -> None:
        if rules is None:
            rules = rules_from(self._variant.rules_type, self.rulings.chosen())
        self._stop_playback()
        self.seats.seat(seed, rules)
        game = self._computers_move(self._start(rules, seed))
        self._game = game
        self._cursor = len(game.steps) - 1
        self._clear_messages()
        self._dealt(since=0)

    def _dealt(self, since: int) -> None:
        """Bring the seed box and the rulings up to date with a new deal, then show it
        (playing back the computers' moves after step ``since``, if they moved first)."""
        if self.seed_box is not None and self._deal_code is not None:
            self.seed_box.value = str(self._game.seed)
            code = self.deal_code()
            why = _("a set deal, or rulings no code can hold: share the trace instead")
            shown = (html("<b>{code}</b>", code=code) if code else
                     html('<span title="{why}">{none}</span>', why=why,
                          none=_("none (a set deal)")))
            self._deal_code.value = html('<span class="wt-deal-code">{words}</span>',
                                         words=sentence(_("Deal code: {shown}"), shown=shown))
        if self._game.outcome is None:
            self._offer_take_home(False)  # a new game: its record is not for taking yet
        self.rulings.show_round(self._game.rules)
        self.handout.show()
        if self.players is not None:
            self.players.show_round(self._game.rules, lesson=self._position is not None)
        self._play_back(since)

    # Playback: only which frame is on show changes, never the game

    def _play_back(self, since: int) -> None:
        """Show the moments after step ``since`` one by one, or at once at instant pace."""
        self.clock.play(frames(self._game, since, self._cursor, self._human, self._is_moment,
                               self._names))

    def _show_frame(self, index: int) -> None:
        with self._voice():
            self._draw_frame(index)

    def _draw_frame(self, index: int) -> None:
        moments = self.clock.frames
        frame = moments[index]
        steps = self._game.steps
        after = self._view(steps[frame.step].state)
        events = steps[frame.step].events
        if frame.final:
            self._table.value = self._design.table_html(after, events)
        else:
            before = self._view(steps[frame.step - 1].state)
            self._table.value = moment_html(self._design, before, after, events[:frame.happened])
        self._happened.value = marked(happened_html(
            moments[: index + 1], len(moments), playing=True,
            teacher=self.teacher_view.value), self._variant.name)
        # The result is told when the playback reaches it (at rest), not ahead of its
        # moments; and a banner coming and going would move the choices under it.
        self._banner.value = '<div class="wt-banner"></div>'
        self._log.value = self._log_html(frame.step - 1)
        self._show_controls(None)

    def _end_playback(self) -> None:
        self._stop_playback()
        self._show()

    def _stop_playback(self) -> None:
        self.remove_class(OPENING)
        self.clock.stop()

    # Moving in time

    def _is_stop(self, step: int) -> bool:
        """Where undo and redo pause: the deal, the human's turns and the end."""
        decision = self._variant.decision(self._game.steps[step].state)
        return step == 0 or decision is None or self.seats.is_person(decision.player)

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
        self._stop_playback()
        self._cursor = step
        self._clear_messages()
        self._show()

    # Drawing: only widget values change

    @contextmanager
    def _voice(self) -> Iterator[None]:
        """Words for the player on screen: a student's plain words, or the teacher's, in
        the design's own words (a design's ``words()``: Trade War's joker names)."""
        # Where no deal code is shown (a room, a shared screen), no seed is said either.
        with speaking(self._human, self._names, plain=not self.teacher_view.value,
                      secret_deal=not self.parts.deal), getattr(self._design, "words",
                                                                nullcontext)():
            yield

    def _view(self, state: Any) -> Any:
        everything = self.show_everything is not None and self.show_everything.value
        return self._variant.view(state, None if everything else self._human)

    def _redraw(self) -> None:
        if self.clock.running:
            self._show_frame(self.clock.index)
        else:
            self._show()

    def _show(self) -> None:
        """The game at rest at the cursor: the table, what led to it, and your choices."""
        with self._voice():
            self._draw_rest()

    def _draw_rest(self) -> None:
        step = self._game.steps[self._cursor]
        decision = self._variant.decision(step.state)
        if decision is not None and self.seats.is_person(decision.player) and (
                decision.player != self._human):
            self._show_curtain(decision.player)
            return
        self._curtain_up = False
        since = self._stop_before(self._cursor) if self._cursor else -1
        events = tuple(e for s in self._game.steps[since + 1:self._cursor + 1] for e in s.events)
        self._table.value = self._design.table_html(self._view(step.state), events)
        moments = ([Frame(0, len(step.events), *self._deal_words(), final=True)]
                   if since < 0 else
                   frames(self._game, since, self._cursor, self._human, self._is_moment,
                          self._names))
        self._happened.value = marked(happened_html(moments, len(self.clock.frames), playing=False,
                                                    teacher=self.teacher_view.value),
                                      self._variant.name)
        self._banner.value = self._banner_html(step.state)
        self._log.value = self._log_html(self._cursor)
        self._show_controls(step.state)
        # The record goes home once the end is on show, not while it is played back.
        self._offer_take_home(self._variant.outcome(step.state) is not None)
        if self.timeline is None:
            return
        self._syncing = True
        try:
            with self.timeline.hold_sync():  # one message to the browser, not two
                self.timeline.max = len(self._game.steps) - 1
                self.timeline.value = self._cursor
        finally:
            self._syncing = False

    def _show_curtain(self, seat: int) -> None:
        """Between two players at one screen: nothing of either hand, only who is next."""
        name = voice().name(seat, self._variant.player_names(self._game.rules))
        self._curtain_for, self._curtain_up = seat, True
        bold = html("<b>{name}</b>", name=name)
        self._table.value = html(
            '<div class="wt-table wt-curtain"><p>{pass_it}</p><p>{ready}</p></div>',
            pass_it=sentence(_("Pass the screen to {name}."), name=bold),
            # Translators: {ready} is the Ready button's label, in bold.
            ready=sentence(_("{name}: press {ready} when only you can see the screen."),
                           name=name, ready=html("<b>{label}</b>", label=_("Ready"))))
        self._happened.value = html('<div class="wt-happened-head">{head}</div><ol class='
                                    '"wt-moments"><li class="wt-now">{next}</li></ol>',
                                    head=_("Next player"),
                                    next=_("{name} plays next.").format(name=name))
        self._log.value = html('<div class="wt-log" role="region" aria-label="{label}">{hidden}'
                               "</div>", label=_("Game log"),
                               hidden=_("The log is hidden until the next player is ready."))
        self.choice_buttons.curtain()
        for shown in (*self._secondary_buttons(), self.clock.next, self.clock.skip):
            if shown is not self._new_round:
                shown.disabled = True
        if self._coach is not None:
            self._coach.offer(None)

    def _on_ready(self) -> None:
        self._human = self._curtain_for
        self._guarded(self._show)

    def _deal_words(self) -> tuple[str, str]:
        said = [explanation(self._game, e, self._human, self._names)
                for e in self._game.steps[0].events]
        rules = [cited_rule(self._game, e) for e in self._game.steps[0].events]
        return " ".join(s for s in said if s), "; ".join(dict.fromkeys(rules))

    def _show_controls(self, state: Any) -> None:
        """Your choices at ``state``; None while the playback is still showing moments."""
        decision = None if state is None else self._variant.decision(state)
        mine = decision is not None and decision.player == self._human
        if mine and decision is not None:
            view = self._variant.view(state, self._human)
            shown = offered_actions(self._design, view, decision.legal_actions)
        else:
            shown = ()
        if state is None:
            self.choice_buttons.watching()
        else:
            now_label = getattr(self._design, "button_label", None)  # what it does here
            self.choice_buttons.offer(
                shown, lambda action: self._variant.why_not(state, action),
                None if now_label is None else lambda action: now_label(view, action))
        if self._autoplay_button is not None:
            self._autoplay_button.disabled = not mine
        if self._coach is not None:
            words = getattr(self._design, "choice_words", self._design.action_label)
            self._coach.offer(Question(self._variant, self._game.rules, view, decision,
                                       words, self._coach_agents, self._seen_before)
                              if mine and decision is not None else None)
        watching = state is None
        refresh = getattr(self._design, "refresh_controls", None)
        if refresh is not None:
            refresh(self._variant.view(self._game.steps[self._cursor].state, self._human),
                    decision if mine else None,
                    (lambda action: _(WATCHING)) if watching else
                    (lambda action: self._variant.why_not(state, action)))
        self.clock.next.disabled = self.clock.skip.disabled = not watching
        if self._undo is not None and self._redo is not None:
            self._undo.disabled = watching or self._cursor == 0
            self._redo.disabled = watching or self._cursor == len(self._game.steps) - 1
        if self._new_round is not None:
            self._new_round.disabled = False
        if self._to_the_end is not None:
            self._to_the_end.offer()

    def _banner_html(self, state: Any) -> str:
        outcome = self._variant.outcome(state)
        if outcome is None:
            return '<div class="wt-banner"></div>'
        own = self._variant.player_names(self._game.rules)
        if outcome.unfinished:
            headline = _("Stopped unfinished.")
        elif outcome.draw:
            headline = _("It's a draw.")
        elif self._human in outcome.winners and len(self.seats.people) == 1:
            headline = _("You win!")  # at a shared screen every seat is named, as below
        else:
            names = [voice().name(w, own) for w in outcome.winners]
            together = names[0]
            for name in names[1:]:
                # Translators: two winners' names, or the names so far and one more.
                together = _("{first} and {second}").format(first=together, second=name)
            headline = capital(ngettext("{names} wins.", "{names} win.", len(names))
                               .format(names=together))
        reason = explanation(self._game, outcome.because, self._human, self._names)
        return html('<div class="wt-banner" role="status"><b>{headline}</b> {reason}</div>',
                    headline=headline, reason=reason)

    def _log_upto(self) -> int:
        frame = self.clock.frame()
        return frame.step - 1 if frame is not None else self._cursor

    def _log_html(self, upto: int) -> str:
        # A line only where the human's turns begin: a line between two computer steps
        # would show that a computer was asked something (Trade War's Putin, say).
        return marked(self._log_words.html(
            self._game, upto, self._human, self._names, teacher=self.teacher_view.value,
            starts_turn=lambda number: number == 0 or self._is_stop(number - 1)),
            self._variant.name)

    # Widgets

    def _buttons(self) -> list[widgets.Button]:
        coach = [self._coach.button] if self._coach is not None else []
        return [*self.choice_buttons.on_show(), *coach, *self._secondary_buttons()]
