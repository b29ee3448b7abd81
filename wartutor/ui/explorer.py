"""The rule explorer: choose a variant, rulings and agents, play many games, see the answer.

All the work is done by :mod:`wartutor.explore`; this module only collects choices
and shows the pictures and the plain-words reading. It opens at once, on the variant
the page's address names (``rule_explorer.ipynb?variant=war_room``: under Voila the
kernel reads it from the request; in the browser edition, where the kernel never sees the
address, a page script gives it, and a name that is no variant is ignored), with that
variant's exact answer on screen and the expected time of a run; the games are played
only when the button is pressed, in the background, so that Cancel can stop them.
Tests press its buttons:

>>> app = explorer_app(games=20)
>>> app.press("Play the games")
>>> app.wait()
>>> app.reading_text().splitlines()[0]
'Classic War, 20 games (seeds 0 to 19).'
"""

from __future__ import annotations

import asyncio
import logging
import math
import os
import threading
import time
from collections.abc import Iterator, Mapping
from typing import Any
from urllib.parse import parse_qs

import ipywidgets as widgets

from wartutor import web
from wartutor.core.errors import BadInput, quoted
from wartutor.core.rulings import rules_from, rulings_of, settings_of
from wartutor.explore.exact import EXACT, ExactCheck
from wartutor.explore.reading import read, read_comparison
from wartutor.explore.simulate import (
    Cancelled,
    Player,
    Seat,
    default_jobs,
    simulate,
    simulate_stepwise,
)
from wartutor.explore.table import Table
from wartutor.language import N_, _
from wartutor.ui.identity import PageValue
from wartutor.ui.language import LanguageMenu, made_again_in
from wartutor.ui.markup import Markup, escaped, html, joined
from wartutor.ui.render import STYLESHEET
from wartutor.ui.rulings import choice_label
from wartutor.variants import VARIANTS, find_variant

log = logging.getLogger(__name__)

NOTHING = ""  # the "compare with" menu's first entry: no second run
DEFAULT_VARIANT = "classic_war"
# Games a run plays unless changed: a few seconds of this 2-core machine each, from
# benchmarks/explore_speed.py. The same on every screen, so a class gets one answer.
DEFAULT_GAMES = {"classic_war": 20_000, "guerrilla_tactics": 2_000, "war_room": 300,
                 "trade_war": 400, "arsenal": 5_000}
MAX_GAMES = 1_000_000
CHUNK_SECONDS = 0.1  # games per task sized to about this: Cancel waits for one task at most
SAMPLE_SECONDS = 0.1  # time spent playing a few games to estimate a run's time
POOL_START = 0.3  # seconds to start a pool of workers, roughly
EXACT_GAMES = 2_000  # the exact answer is checked on at most this many of the run's deals
# The class server (``make class``) caps a run in its kernels' environment: a class shares
# two cores, and no student's run may take them all. Elsewhere a run is as large as asked.
MAX_GAMES_SETTING, MAX_WORKERS_SETTING = "WARTUTOR_MAX_GAMES", "WARTUTOR_MAX_WORKERS"

_WIDE = {"description_width": "170px"}  # room for the longest ruling id
_FIT = {"description_width": "initial"}  # as wide as its words
_MENU = widgets.Layout(width="360px")

PLAY, CANCEL = N_("Play the games"), N_("Cancel")
CHARTS_MEAN = N_("In the first picture the lines mark the mean, the median (half the games were "
               "over by then), the p90 (nine games in ten were over by then) and the p99. In "
               "the second, each bar's black line is its 95% interval: the range in which the "
               "true share lies, given only this many games.")
SE_MEANS = N_("A standard error is how far a simulated share typically strays from the truth by "
            "chance: within 2 or 3 of the exact answer is as expected.")


# The page's own address, for the browser edition (Voici), whose kernel never sees it.
ADDRESS_VARIANT = """function () {
    try { return new URLSearchParams(window.location.search).get("variant") || ""; }
    catch (e) { return ""; }
  }"""


def variant_named(asked: str) -> str | None:
    """The variant ``asked`` names (``war_room``, ``War Room``, ``war-room``), or None."""
    key = asked.strip().lower().replace("-", "_").replace(" ", "_")
    for name, variant in VARIANTS.items():
        if key in (name, variant.title.lower().replace(" ", "_")):
            return name
    return None


def requested_variant(query: str | None = None) -> tuple[str, str]:
    """The variant a page's query string names (``variant=war_room``), and a message when
    it names none: then Classic War. Without ``query``, the ``QUERY_STRING`` Voila sets
    (JupyterLab sets none)."""
    text = os.environ.get("QUERY_STRING", "") if query is None else query
    asked = parse_qs(text).get("variant", [""])[0].strip()
    if not asked:
        return DEFAULT_VARIANT, ""
    named = variant_named(asked)
    if named is not None:
        return named, ""
    return DEFAULT_VARIANT, _("There is no variant called {asked}; here is Classic War.").format(
        asked=repr(asked))


def class_limits() -> tuple[int | None, int | None]:
    """The games one run may play and the processes it may use, as the class server sets
    them (None: no cap)."""
    def setting(name: str) -> int | None:
        text = os.environ.get(name, "").strip()
        return int(text) if text.isdigit() and int(text) > 0 else None

    return setting(MAX_GAMES_SETTING), setting(MAX_WORKERS_SETTING)


class ExplorerApp(widgets.VBox):
    """Menus for the question, a button to play, and the answer as pictures and words."""

    def __init__(self, variant: str = DEFAULT_VARIANT, *, games: int | None = None,
                 seed: int = 0, jobs: int | None = None,
                 players: Mapping[str, Player] | None = None) -> None:
        self._jobs = jobs
        # A student's players are written for one game: offered in that variant's menus only.
        self._players, self._players_variant = dict(players or {}), variant
        self.tables: tuple[Table, ...] = ()
        self.exact_check: ExactCheck | None = None
        self._exact_refusal: str | None = None  # why the exact answer fits no run shown
        self._thread: threading.Thread | None = None
        self._task: asyncio.Future[None] | None = None  # the games, played in the page
        self._cancel = threading.Event()
        # Seconds a game takes, by settings: kept when the app is made again in another
        # language, as its language menu is (the page gives its language once).
        self._per_game: dict[Any, float] = vars(self).get("_per_game") or {}
        self.language: LanguageMenu = (vars(self).get("language")
                                       or LanguageMenu(self._switch_language))
        self._compared = NOTHING  # the ruling the tables shown compare
        self.address: PageValue | None = None  # the page's address, where it is followed
        self._page = widgets.Box()  # where the address's hidden box goes, if it is followed
        self.variant_menu = widgets.Dropdown(
            options=[(v.title, name) for name, v in VARIANTS.items()], value=variant,
            description=_("Variant"), style=_WIDE, layout=_MENU)
        self.variant_menu.observe(self._on_variant, names="value")
        self.ruling_menus: dict[str, widgets.Dropdown] = {}
        self._rulings_box = widgets.VBox()
        self.compare_menu = widgets.Dropdown(description=_("Compare with"), style=_WIDE,
                                             layout=_MENU,
                                             tooltip=_("Play the same deals again with one "
                                                       "ruling changed"))
        # Translators: after "Compare with" and a ruling's name: the value it is set to.
        self.compare_value = widgets.Dropdown(description=_("set to"), disabled=True, style=_FIT)
        self.compare_menu.observe(self._on_compare, names="value")
        self.compare_value.observe(self._on_setting, names="value")
        self.agent_menus: list[widgets.Dropdown] = []
        self._agents_box = widgets.HBox()
        self.games_box = widgets.BoundedIntText(
            value=games or default_games(variant), min=1, max=MAX_GAMES,
            description=_("Games"), style=_WIDE)
        self.seed_box = widgets.BoundedIntText(value=seed, min=0, max=web.LARGEST_WIDGET_INT,
                                               description=_("First seed"), style=_FIT,
                                               tooltip=_("Games use this seed, the next, ..."))
        self.games_box.observe(self._on_setting, names="value")
        self._run_button = widgets.Button(description=_(PLAY), button_style="primary",
                                          tooltip=_("Play every game and draw the results"))
        self._run_button.on_click(self._on_run)
        self._cancel_button = widgets.Button(description=_(CANCEL), disabled=True,
                                             tooltip=_("Stop the games being played"))
        self._cancel_button.on_click(self._on_cancel)
        self.progress = widgets.IntProgress(value=0, min=0, max=1, description=_("Played"))
        self.status = widgets.HTML()  # the expected time, then the time left
        self._message = widgets.HTML()
        self._exact = widgets.HTML()
        # Charts are <img> tags with a text alternative (an Image widget cannot carry one).
        self._lengths = widgets.HTML()
        self._results = widgets.HTML()
        self._charts_mean = widgets.HTML()
        self._reading = widgets.HTML()
        top = widgets.HBox([
            widgets.HTML(html('<div class="wt-title">{title}</div>', title=_("Rule explorer"))),
            self.language.menu])
        top.add_class("wt-top")
        super().__init__(children=[
            widgets.HTML(STYLESHEET), top,
            self.variant_menu, self._rulings_box,
            widgets.HBox([self.compare_menu, self.compare_value]),
            self._agents_box,
            widgets.HBox([self.games_box, self.seed_box]),
            widgets.HBox([self._run_button, self._cancel_button, self.progress, self.status]),
            self._message, self._reading, self._exact, self._lengths, self._results,
            self._charts_mean, self._page, self.language.page_parts,
        ])
        self.add_class("wt-app")
        self._build_menus()

    def follow_the_page_address(self) -> None:
        """Open on the variant the page's address names, once the page says it (the browser
        edition). Until then, and if it names none, the explorer stays as it opened; a
        student who has already chosen another variant keeps it."""
        opened = self.variant_menu.value
        self.address = address = PageValue("wt-page-variant", ADDRESS_VARIANT,
                                 lambda asked: variant_named(asked) is not None)

        def follow(asked: str) -> None:
            named = variant_named(asked)
            if named is not None and self.variant_menu.value == opened and not self.running:
                self.variant_menu.value = named

        address.when_known(follow)
        self._page.children = [address.widget]

    def _switch_language(self, code: str) -> None:
        if self.running:  # the games report to the widgets they began with
            self._say(_("The games are being played: choose the language when they are "
                        "done, or after Cancel."))
            return
        try:
            made_again_in(code, self, self._made_again)
        except Exception as e:  # a class must never meet a traceback; the log keeps it
            log.exception("wartutor explorer error")
            self._say(_("Something went wrong ({error}). Nothing was changed.").format(error=e))

    def _made_again(self) -> None:
        """The explorer made again in the language in force, with the same question (its
        variant, rulings, comparison, agents, games and first seed) and the same answer
        shown. A message said before is not said again."""
        variant, games, seed = self.variant_menu.value, self.games_box.value, self.seed_box.value
        # Menus are set back by their place: a Dropdown may take True for 1.
        rulings = {name: menu.index for name, menu in self.ruling_menus.items()}
        compare, compare_to = self.compare_menu.index, self.compare_value.index
        agents = [menu.index for menu in self.agent_menus]
        answer = (self.tables, self.exact_check, self._exact_refusal, self._compared)
        progress, address = (self.progress.value, self.progress.max), self.address
        ExplorerApp.__init__(self, self._players_variant, games=games, seed=seed,
                             jobs=self._jobs, players=self._players)
        self.variant_menu.value = variant
        self.games_box.value = games
        for name, index in rulings.items():
            self.ruling_menus[name].index = index
        self.compare_menu.index = compare
        self.compare_value.index = compare_to
        for menu, index in zip(self.agent_menus, agents, strict=True):
            menu.index = index
        self.tables, self.exact_check, self._exact_refusal, self._compared = answer
        self.progress.max, self.progress.value = progress[1], progress[0]
        if address is not None:
            self.address, self._page.children = address, [address.widget]
        self._show_exact_answer()
        if self.tables:
            self._show()

    def __repr__(self) -> str:
        return "ExplorerApp()"  # notebooks keep a widget's text repr: keep results out of it

    # What tests and notebooks may use

    def press(self, label: str) -> None:
        """Press a button by its label, as a student would."""
        buttons = {b.description: b for b in (self._run_button, self._cancel_button)}
        if label not in buttons:
            raise BadInput(f"there is no button {quoted(label)}",
                           allowed=" or ".join(map(repr, buttons)))
        buttons[label].click()

    @property
    def running(self) -> bool:
        if self._task is not None and not self._task.done():
            return True
        return self._thread is not None and self._thread.is_alive()

    def wait(self, timeout: float | None = None) -> None:
        """Until the games being played (if any) are done or cancelled."""
        if self._thread is not None:
            self._thread.join(timeout)

    def run(self) -> None:
        """Play the games with the chosen settings, show the results, and return."""
        self._start(background=False)
        self.wait()

    def reading_text(self) -> str:
        return "\n".join(self._reading_lines())

    def message_text(self) -> str:
        return self._message.value

    def exact_text(self) -> str:
        return self._exact.value

    def expected_seconds(self) -> float:
        """How long a run of the chosen settings should take on this machine."""
        variant = find_variant(self.variant_menu.value)
        rules = rules_from(variant.rules_type, self._settings())
        runs = 1 if self.compare_menu.value == NOTHING else 2
        per_game = self._seconds_per_game(variant.name, rules)
        workers = self._workers(per_game * self.games_box.value)
        start = POOL_START if workers > 1 else 0.0
        return start + runs * self.games_box.value * per_game / workers

    # Building and reading the menus

    def _build_menus(self) -> None:
        variant = find_variant(self.variant_menu.value)
        self.ruling_menus = {}
        for name, meta in rulings_of(variant.rules_type).items():
            default = getattr(variant.rules_type(), name)
            choices = list(meta.choices) + ([] if default in meta.choices else [default])
            menu = widgets.Dropdown(options=[(choice_label(c), c) for c in choices],
                                    value=default, description=meta.id, style=_WIDE, layout=_MENU,
                                    tooltip=meta.question)
            menu.observe(self._on_ruling, names="value")
            self.ruling_menus[name] = menu
        self._rulings_box.children = [
            widgets.HBox([menu, widgets.HTML(escaped(rulings_of(variant.rules_type)[n].question))])
            for n, menu in self.ruling_menus.items()
        ]
        self.compare_menu.options = [(_("nothing (one run)"), NOTHING)] + [
            (f"{meta.id} ({name})", name) for name, meta in rulings_of(variant.rules_type).items()
        ]
        self.compare_menu.value = NOTHING
        self._build_agents()
        self._show_exact_answer()
        self._show_expected()

    def _build_agents(self) -> None:
        variant = find_variant(self.variant_menu.value)
        try:
            seats = variant.player_names(rules_from(variant.rules_type, self._settings()))
        except BadInput:
            return  # an impossible combination: run() will say why
        if len(seats) == len(self.agent_menus):
            return
        options: list[tuple[str, Seat]] = [(name, name) for name in variant.agents]
        if variant.name == self._players_variant:
            options += list(self._players.items())
        self.agent_menus = [widgets.Dropdown(options=options, description=seat,
                                             style=_FIT, layout=widgets.Layout(width="260px"))
                            for seat in seats]
        for menu in self.agent_menus:
            menu.observe(self._on_setting, names="value")
        self._agents_box.children = [widgets.HTML(html("<b>{agents}</b>&nbsp;",
                                                       agents=_("Agents"))), *self.agent_menus]

    def _settings(self) -> dict[str, Any]:
        return {name: menu.value for name, menu in self.ruling_menus.items()}

    def _agents(self) -> tuple[Seat, ...]:
        return tuple(menu.value for menu in self.agent_menus)

    def _other_rules(self, variant: Any) -> Any:
        """The second run's rules (one ruling changed), or None for a single run."""
        name = self.compare_menu.value
        if name == NOTHING:
            return None
        return rules_from(variant.rules_type, {**self._settings(), name: self.compare_value.value})

    # Time: what a game costs here, so a run can be sized, timed and cut into short tasks

    def _seconds_per_game(self, name: str, rules: Any) -> float:
        """Measured on a few games of these settings (once), fast path or traced alike."""
        key = (name, repr(rules), self._agents())
        if key not in self._per_game:
            agents = self._agents() or None

            def seconds(games: int) -> float:
                start = time.perf_counter()
                simulate(name, games, 0, rules, agents=agents, jobs=1, progress=False)
                return time.perf_counter() - start

            one = seconds(1)
            more = min(500, math.floor(SAMPLE_SECONDS / max(one, 1e-6)))
            self._per_game[key] = seconds(more) / more if more > 1 else one
        return self._per_game[key]

    def _workers(self, seconds_in_one: float) -> int:
        """One process for a short run (starting a pool costs more), else every core."""
        cores = min(self._jobs or default_jobs(), default_jobs(),
                    class_limits()[1] or default_jobs())
        return 1 if seconds_in_one < 2 * POOL_START else cores

    def _show_expected(self) -> None:
        if self.running:
            return
        try:
            seconds = self.expected_seconds()
        except BadInput:
            self.status.value = ""
            return
        self.status.value = html('<span class="wt-note">{said}</span>', said=_(
            "A run takes about {duration} on this machine.").format(duration=_duration(seconds)))

    # Callbacks

    def _on_variant(self, _: dict[str, Any]) -> None:
        self.agent_menus = []
        self.exact_check, self._exact_refusal = None, None  # they were another variant's
        self.games_box.value = default_games(self.variant_menu.value)
        self._build_menus()

    def _on_ruling(self, _: dict[str, Any]) -> None:
        self._build_agents()
        self._on_compare(None)

    def _on_compare(self, _: dict[str, Any] | None) -> None:
        name = self.compare_menu.value
        if name == NOTHING:
            self.compare_value.options, self.compare_value.disabled = [], True
        else:
            meta = rulings_of(find_variant(self.variant_menu.value).rules_type)[name]
            current = self.ruling_menus[name].value
            others = [c for c in meta.choices if c != current or type(c) is not type(current)]
            self.compare_value.options = [(choice_label(c), c) for c in others]
            self.compare_value.disabled = False
        self._show_expected()

    def _on_setting(self, _: dict[str, Any]) -> None:
        self._show_expected()

    def _on_run(self, _: widgets.Button) -> None:
        self._start()

    def _on_cancel(self, button: widgets.Button) -> None:
        self._cancel.set()
        self.status.value = html('<span class="wt-note">{said}</span>', said=_("Stopping…"))

    # Playing, in the background

    def _start(self, background: bool = True) -> None:
        """Check the settings, clear the old answer and play the games: in a thread on a
        server; in the browser, which has no threads, in the page's own event loop, a short
        chunk at a time, so that it draws the progress and hears Cancel between chunks
        (``background=False``: here and now, in any edition)."""
        if self.running:
            return
        self._message.value = ""
        most = class_limits()[0]
        if most is not None and self.games_box.value > most:
            self._say(_("On the class server a run plays at most {most:,} games: {asked:,} is "
                        "more. Choose {most:,} games or fewer.").format(
                            most=most, asked=self.games_box.value))
            return
        try:
            variant = find_variant(self.variant_menu.value)
            rules = rules_from(variant.rules_type, self._settings())
            other = self._other_rules(variant)
            per_game = self._seconds_per_game(variant.name, rules)
        except BadInput as e:
            self._say(str(e))
            return
        self.tables, self.exact_check, self._exact_refusal = (), None, None
        for shown in (self._reading, self._lengths, self._results, self._charts_mean):
            shown.value = ""
        self._show_exact_answer()
        self._run_button.disabled, self._cancel_button.disabled = True, False
        self._cancel.clear()
        self._compared = self.compare_menu.value  # menus may change while the games play
        runs = [rules] if other is None else [rules, other]
        in_page = not web.can_use_threads()
        if in_page and background:
            self._task = asyncio.ensure_future(self._play_in_page(variant, runs, per_game))
        elif in_page:
            for _chunk in self._playing(variant, runs, per_game, in_page=True):
                pass
        else:
            self._thread = threading.Thread(target=self._play, args=(variant, runs, per_game),
                                            daemon=True)
            self._thread.start()
            if not background:
                self._thread.join()

    def _play(self, variant: Any, runs: list[Any], per_game: float) -> None:
        for _chunk in self._playing(variant, runs, per_game, in_page=False):
            pass

    async def _play_in_page(self, variant: Any, runs: list[Any], per_game: float) -> None:
        for _chunk in self._playing(variant, runs, per_game, in_page=True):
            await asyncio.sleep(0)  # the page draws and hears a Cancel here

    def _playing(self, variant: Any, runs: list[Any], per_game: float, *,
                 in_page: bool) -> Iterator[None]:
        """Play the runs and show the answer, pausing (yielding) between chunks in the
        page; on a server each run is one simulate() of worker processes."""
        games, seed, agents = self.games_box.value, self.seed_box.value, self._agents()
        workers = 1 if in_page else self._workers(per_game * games)
        chunk = max(1, math.floor((web.CHUNK_SECONDS if in_page else CHUNK_SECONDS) / per_game))
        total = games * len(runs)
        self.progress.max, self.progress.value = total, 0
        start = time.perf_counter()
        expected = self.expected_seconds()
        self.status.value = html('<span class="wt-note">{said}</span>', said=_(
            "About {duration} to go.").format(duration=_duration(expected)))
        done = 0

        def advance(played: int, of: int) -> None:
            self.progress.value = done + played
            elapsed = time.perf_counter() - start
            left = elapsed / (done + played) * (total - done - played)
            self.status.value = html('<span class="wt-note">{said}</span>', said=_(
                "Played {played:,} of {total:,} games; about {duration} left.").format(
                    played=done + played, total=total, duration=_duration(left)))

        try:
            tables = []
            for rules in runs:
                if in_page:
                    steps = simulate_stepwise(variant.name, games, seed, rules, agents=agents,
                                              chunk_size=chunk, cancel=self._cancel)
                    while True:
                        try:
                            advance(next(steps), games)
                        except StopIteration as finished:
                            tables.append(finished.value)
                            break
                        yield
                else:
                    tables.append(simulate(variant.name, games, seed, rules, agents=agents,
                                           jobs=workers, chunk_size=chunk, progress=advance,
                                           cancel=self._cancel))
                done += games
            self.tables = tuple(tables)
            self._check_exact(variant.name, runs[0], agents, min(games, EXACT_GAMES), seed)
            self._show()
            self.status.value = html('<span class="wt-note">{said}</span>', said=_(
                "Played {total:,} games in {duration}.").format(
                    total=total, duration=_duration(time.perf_counter() - start)))
        except Cancelled as stopped:
            self.status.value = html('<span class="wt-note">{said}</span>', said=_(
                "Cancelled: {stopped}.").format(stopped=stopped))
        except Exception as e:  # shown, not lost in a thread; a bug still says what it was
            self._say(_("The games could not be played: {error}").format(error=e))
        finally:
            self._run_button.disabled, self._cancel_button.disabled = False, True

    def _check_exact(self, name: str, rules: Any, agents: tuple[Seat, ...], games: int,
                     seed: int) -> None:
        answer = EXACT.get(name)
        if answer is None or self._cancel.is_set():
            return
        if not all(isinstance(agent, str) for agent in agents):
            self._exact_refusal = _("a player of your own plays a seat")
            self._show_exact_answer()
            return
        names = tuple(str(agent) for agent in agents)
        self._exact_refusal = answer.holds_for(rules, names)
        if self._exact_refusal is None:
            self.exact_check = answer.check(games, seed, rules, names, jobs=1, progress=False)
        self._show_exact_answer()

    # Showing the answer

    def _say(self, text: str) -> None:
        self._message.value = html('<div class="wt-message">{text}</div>', text=text)

    def _show_exact_answer(self) -> None:
        """The variant's exact answer, and beside it the run's own, once there is one."""
        answer = EXACT.get(self.variant_menu.value)
        if answer is None:
            self._exact.value = ""
            return
        # Markup, or plain text (escaped when the lines are joined).
        lines: list[str] = [html(_("<b>A question with an exact answer.</b> {question} Exactly "
                                   "{written} = {exact:.4f}. {reasoning}"),
                                 question=answer.question, written=answer.written,
                                 exact=float(answer.exact), reasoning=answer.reasoning)]
        check, refusal = self.exact_check, self._exact_refusal
        if refusal:
            lines.append(html(_("(With the settings played it does not apply: {refusal}.)"),
                              refusal=refusal))
        elif check is not None:
            lines.append(_("In the first {deals:,} of these deals: {simulated:.4f} ± {se:.4f} "
                           "(standard error), {z:+.1f} standard errors from the exact answer. "
                           "{se_means}").format(deals=check.hits.total, simulated=check.simulated,
                                                se=check.se, z=check.z, se_means=_(SE_MEANS)))
        self._exact.value = html('<div class="wt-note" style="font-size:16px;line-height:1.5">'
                                 "{lines}</div>", lines=joined(lines, BREAK))

    def _labels(self) -> list[str]:
        if len(self.tables) < 2:
            return [_("these rulings")]
        name = self._compared
        a, b = (settings_of(t.rules)[name] for t in self.tables)
        return [f"{name}={choice_label(a)}", f"{name}={choice_label(b)}"]

    def _reading_lines(self) -> list[str]:
        if not self.tables:
            return []
        lines = read(self.tables[0]).splitlines()
        if len(self.tables) == 2:
            labels = self._labels()
            lines += ["", *read_comparison(*self.tables, *labels).splitlines()]
        return lines

    def _show(self) -> None:
        # SVG drawn by the package itself: the same picture in both editions (the browser's
        # Pyodide has no matplotlib), and words a screen reader reads (its title and desc).
        from wartutor.explore.plots import svg_lengths, svg_results

        labels = self._labels()
        self._lengths.value = _figure(svg_lengths(list(self.tables), labels))
        self._results.value = _figure(svg_results(list(self.tables), labels))
        self._charts_mean.value = html('<div class="wt-note">{means}</div>', means=_(CHARTS_MEAN))
        self._reading.value = html('<div style="font-size:18px;line-height:1.5">{lines}</div>',
                                   lines=joined(self._reading_lines(), BREAK))


def default_games(variant: str) -> int:
    """The games a run plays unless changed: a few seconds of a run in either edition."""
    return web.explorer_games(DEFAULT_GAMES.get(variant, 1000))


def explorer_app(variant: str | None = None, *, games: int | None = None, seed: int = 0,
                 jobs: int | None = None, run: bool = False,
                 players: Mapping[str, Player] | None = None) -> ExplorerApp:
    """The explorer, on ``variant`` or else the one the page's address names.

    ``players`` (name -> a function (view, decision) -> action) joins the built-in
    agents in that variant's menus; the traced engine plays their games.

    It opens at once with the variant's exact answer and a run's expected time; with
    ``run=True`` it plays the games before returning. ``games`` defaults to a number
    sized for the variant (:data:`DEFAULT_GAMES`).
    """
    message, from_address = "", variant is None
    if variant is None:
        variant, message = requested_variant()
    app = ExplorerApp(variant, games=games, seed=seed, jobs=jobs, players=players)
    if message:
        app._say(message)
    if from_address:
        app.follow_the_page_address()
    if run:
        app.run()
    return app


def _duration(seconds: float) -> str:
    if seconds < 1:
        return _("a second")
    if seconds < 90:
        return _("{seconds:.0f} s").format(seconds=seconds)
    return _("{minutes:.0f} min").format(minutes=seconds / 60)


def _figure(svg: str) -> Markup:
    """A chart drawn by wartutor.explore.plots (its labels escaped there)."""
    return html('<div class="wt-chart-box" style="max-width: 800px">{svg}</div>',
                svg=Markup(svg))


BREAK = Markup("<br>")
