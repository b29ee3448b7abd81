"""The strategy lab's page: a student's player, its code on show, and a tournament on a button.

Opening the lab plays nothing: a tournament runs when its button is pressed, and the first
one is small (a few seconds), so a student sees a result at once and asks for more deals
after. A page made by Voilà shows no code and cannot edit any, so the panel shows the
player's code itself and says where to change it: in the notebook, opened in JupyterLab
(or the static site's JupyterLite), in the cell with that heading. Tests press the button:

>>> def first(view, decision):
...     return decision.legal_actions[0]
>>> lab = tournament_panel({"first": first, "random": "random"}, deals=2, code=(first,),
...                        cell="A sample player")
>>> "def first(view, decision):" in lab.code_text()
True
>>> lab.press("Run the tournament")
>>> lab.result_text().split(";")[0]
'Guerrilla Tactics: every pair of players on the same deals, each deal played both ways round'
"""

from __future__ import annotations

import inspect
import logging
import time
import weakref
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import ipywidgets as widgets

from wartutor import web
from wartutor.core.errors import BadInput
from wartutor.explore.simulate import DEFAULT_TIME_LIMIT, Seat
from wartutor.explore.tournament import Tournament, tournament
from wartutor.language import N_, _, ngettext
from wartutor.ui.language import LanguageMenu, made_again_in
from wartutor.ui.lessons import heading
from wartutor.ui.markup import Markup, html
from wartutor.ui.render import STYLESHEET, text_of

log = logging.getLogger(__name__)

RUN = N_("Run the tournament")
LAB = "strategy_lab.ipynb"
MOST_DEALS = 500  # a few minutes of the traced engine: more is a job for a script

LAB_STYLE = Markup("""
<style>
.wt-lab, .wt-lab p { font-size: 17px; line-height: 1.4; max-width: 60em; }
.wt-lab pre { font-size: 15px; line-height: 1.35; background: var(--jp-layout-color2, #f3f3f3);
  color: var(--jp-content-font-color1, #111); padding: 8px; border-radius: 6px;
  overflow-x: auto; white-space: pre; }
.wt-lab table { border-collapse: collapse; margin: 6px 0; }
.wt-lab th, .wt-lab td { padding: 2px 8px; text-align: left; }
.wt-lab-status { font-size: 17px; }
.wt-large .wt-lab, .wt-large .wt-lab p, .wt-large .wt-lab-status { font-size: 21px; }
</style>
""")


class TournamentPanel(widgets.VBox):
    """A tournament of ``players`` on a button, with ``code`` (the student's functions)
    shown, and where to edit them: the notebook's cell headed ``cell``. Its language menu
    is the page's: a language chosen in one panel is spoken by every panel of the page."""

    def __init__(self, players: Mapping[str, Seat], *, variant: str = "guerrilla_tactics",
                 deals: int = 6, code: Sequence[Callable[..., Any]] = (), cell: str = "",
                 rules: Any = None, about: str | None = None,
                 time_limit: float | None = DEFAULT_TIME_LIMIT) -> None:
        self._made_with = {"variant": variant, "code": tuple(code), "cell": cell,
                           "rules": rules, "about": about, "time_limit": time_limit}
        about = _("a few seconds") if about is None else about
        self._players, self._variant, self._rules = dict(players), variant, rules
        self._time_limit = time_limit  # a player slower than this a move loses that game
        # Kept when the panel is made again: the page gives its language once.
        self.language: LanguageMenu = (vars(self).get("language")
                                       or LanguageMenu(self._switch_language))
        self._took: float | None = None  # the last tournament's seconds
        self.deals = widgets.BoundedIntText(value=deals, min=1, max=MOST_DEALS,
                                            description=_("Deals"), style={"description_width":
                                                                        "initial"},
                                            layout=widgets.Layout(width="160px"))
        self.button = widgets.Button(description=_(RUN), button_style="primary",
                                     tooltip=_("Play every pairing on these deals ({about})")
                                     .format(about=about),
                                     layout=widgets.Layout(width="auto"))
        self.button.add_class("wt-main-button")
        self.button.on_click(self._run)
        # Translators: English says "deals" for one deal too; give each plural form its own.
        self.status = widgets.HTML(html('<div class="wt-lab-status">{words}</div>',
                                        words=ngettext("Press {run}: {deals} deals take {about}.",
                                                       "Press {run}: {deals} deals take {about}.",
                                                       deals).format(run=_(RUN), deals=deals,
                                                                     about=about)))
        self.result = widgets.HTML()
        self.code = widgets.HTML(_code_html(code, cell))
        self.last: Tournament | None = None
        super().__init__([widgets.HTML(STYLESHEET + LAB_STYLE),
                          widgets.HBox([self.language.menu]), self.code,
                          widgets.HBox([self.deals, self.button]), self.status, self.result,
                          self.language.page_parts])
        self.add_class("wt-lab")
        _PANELS.add(self)

    def _switch_language(self, code: str) -> None:
        try:
            made_again_in(code, self, self._made_again)
        except Exception as e:  # a class must never meet a traceback; the log keeps it
            log.exception("wartutor lab error")
            self.status.value = html('<div class="wt-lab-status">{words}</div>', words=_(
                "Something went wrong ({error}). Nothing was changed.").format(error=e))
            return
        for panel in list(_PANELS):  # the page's other panels speak it too
            if panel is self or panel.comm is None:  # closed: no longer on any page
                continue
            try:
                made_again_in(code, panel, panel._made_again)
            except Exception:  # that panel stays as it was; the log keeps why
                log.exception("wartutor lab error")
            panel.language.show_language()

    def _made_again(self) -> None:
        """The panel made again in the language in force, with its deals as typed and the
        last tournament's results."""
        deals, last, took = self.deals.value, self.last, self._took
        TournamentPanel.__init__(self, self._players, deals=deals, **self._made_with)
        if last is not None and took is not None:
            self.last, self._took = last, took
            self._show_result()

    def press(self, label: str) -> None:
        """Press the button labelled ``label`` (for tests and lessons)."""
        if label != self.button.description:
            raise BadInput(f"there is no button {label!r} here", allowed=RUN)
        self.button.click()

    def _run(self, button: object = None) -> None:
        self.button.disabled = True
        deals = self.deals.value
        self.status.value = html('<div class="wt-lab-status">{words}</div>', words=ngettext(
            "Playing {deals} deals…", "Playing {deals} deals…", deals).format(deals=deals))
        started = time.perf_counter()
        try:
            self.last = tournament(self._variant, self._players, deals=deals, rules=self._rules,
                                   time_limit=self._time_limit)
        except BadInput as error:
            self.status.value = html('<div class="wt-lab-status">{words}</div>',
                                     words=str(error))
            return
        finally:
            self.button.disabled = False
        self._took = time.perf_counter() - started
        self._show_result()

    def _show_result(self) -> None:
        assert self.last is not None
        self.status.value = html('<div class="wt-lab-status">{words}</div>', words=_(
            "Played in {took:.1f} s. More deals give narrower intervals: change Deals and "
            "press {run} again.").format(took=self._took, run=_(RUN)))
        # The tournament's own table: made by the explore layer, every name escaped there.
        self.result.value = Markup(self.last._repr_html_())

    def code_text(self) -> str:
        return text_of(self.code.value)

    def result_text(self) -> str:
        return text_of(self.result.value)


# Every panel this kernel made (the lab's notebook shows two): one language for them all.
_PANELS: weakref.WeakSet[TournamentPanel] = weakref.WeakSet()


def tournament_panel(players: Mapping[str, Seat], **options: Any) -> TournamentPanel:
    """The panel for a notebook cell to show (see :class:`TournamentPanel`)."""
    return TournamentPanel(players, **options)


def _code_html(code: Sequence[Callable[..., Any]], cell: str) -> Markup:
    if not code:
        return Markup()
    try:
        source = "\n\n".join(inspect.getsource(f).rstrip() for f in code)
    except (OSError, TypeError):  # defined where no source is kept
        source = "\n\n".join(f"def {getattr(f, '__name__', 'player')}(view, decision): ..."
                             for f in code)
    where = (html(_(' (<a href="{link}" target="_blank">open it in JupyterLite</a>)'),
                  link=web.notebook_link(LAB)) if web.in_browser() else "")
    return html(
        "<details open><summary><b>{head}</b></summary><pre>{source}</pre></details>"
        "<p>{change}</p>", head=_("The player's code"), source=source, change=html(_(
            "To change this player, open this notebook in JupyterLab (or the static site's "
            "JupyterLite){where} and edit the cell headed “{cell}”. Run that cell, then "
            "press {run} again. A page shown by Voilà shows the code but cannot change it."),
            where=where, cell=heading(cell), run=_(RUN)))
