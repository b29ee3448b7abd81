"""Arsenal's app: the campaign map above a match against the level's NPC.

The map is one row of small buttons, a level each, so that the match stays on the
screen under it: open levels by number and name, locked ones by number only, greyed
out with the reason. Picking a level starts a match in that level's arena (the shared
:class:`GameApp`, with the table of :mod:`wartutor.ui.arsenal_table`). When a match
ends, the campaign records it and saves at once: a win opens the next level, and a
banner says so.

Only matches played by the rules as written count: with a ruling changed in the
Rulings panel, a match is practice, and the app says so.

Whose campaign it is comes from the browser, not from a name: the page's browser key
(:mod:`wartutor.ui.identity`) picks the save file, so a reload finds the campaign again
and nobody can play in a classmate's by typing their name. The name box above the map
only labels the campaign ("Ada's campaign"). On the class server there is no campaign
until the browser has given its key, and never a shared one; on one's own computer the
folder's campaign opens at once, and the browser's takes it in once its key is known.
Where progress is kept is said in words, never as a path: a teacher who wants the file
reads ``app.campaign.file.path``.

>>> import tempfile
>>> app = arsenal_app(data_dir=tempfile.mkdtemp(), seed=1, pace="instant",
...                   stacked=("MT-SF NK-SF", "DY-PR DY-ML", "", "you"))
>>> app.match.labels()[:2]
['L4 bomb\\nNuke\\nSpace Force', 'L4 bomb\\nMeteor\\nSpace Force']
>>> app.press("L4 bomb\\nMeteor\\nSpace Force")
>>> app.news_text()
'Level 1 cleared! Level 2, Harbour Docks, is now open: pick it on the map.'
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

import ipywidgets as widgets

from wartutor import web
from wartutor.core.agents import random_agent
from wartutor.core.engine import Step
from wartutor.core.errors import BadInput, quoted
from wartutor.core.rulings import rules_from
from wartutor.language import N_, _
from wartutor.ui.arsenal_table import ARSENAL_STYLE, ArsenalTable
from wartutor.ui.classroom import on_class_server
from wartutor.ui.identity import BrowserKey, key_id
from wartutor.ui.markup import html
from wartutor.ui.playback import DEFAULT_PACE
from wartutor.ui.render import STYLESHEET, text_of
from wartutor.ui.shell import COACH, GameApp, fresh_seed
from wartutor.variants.arsenal import ARSENAL, ArsenalRules, ArsenalState, Campaign
from wartutor.variants.arsenal.game import NPC, YOU

BEATEN_MARK = " \u2713"  # a tick after the names of levels already beaten
GETTING_READY = N_("Getting your campaign ready…")
KEPT_HERE = N_("Your progress is saved on this computer after every match.")
KEPT_ON_SERVER = N_("Your progress is saved for this browser after every match: come back "
                    "in the same browser to carry on.")
# The campaign's own row, above the map: whose it is, and the box to name it.
CAMPAIGN_STYLE = """<style>
.wt-campaign { align-items: center; gap: 8px; margin: 0 0 4px; }
.wt-campaign .wt-whose { font-size: 17px; font-weight: 700; }
.wt-campaign .widget-button { width: auto; padding: 0 12px; }
.wt-getting-ready { font-size: 18px; padding: 24px 12px; }
/* Large print, chosen in the match below, grows the campaign's row too: the box wide enough
   for its hint. */
.wt-arsenal-app:has(.wt-large) .wt-campaign .wt-whose { font-size: 22px; }
.wt-arsenal-app:has(.wt-large) .wt-campaign .wt-student { width: 430px !important; }
.wt-arsenal-app:has(.wt-large) .wt-map .wt-note { font-size: 19px; }
</style>"""


class ArsenalApp(widgets.VBox):
    """Whose campaign it is, the campaign map, news of the campaign, and the match.

    ``campaign`` is None until there is one to open: on the class server, until the
    browser has given its key. ``browser`` is the page's :class:`BrowserKey` (a test
    gives it a key as the page would).
    """

    def __init__(
        self,
        data_dir: str | Path | None = None,
        *,
        level: int | None = None,
        seed: int | None = None,
        rules: ArsenalRules | None = None,
        stacked: tuple[str, ...] | None = None,
        pace: str = DEFAULT_PACE,
        position: Mapping[str, Any] | None = None,
    ) -> None:
        self._data_dir = data_dir
        self._wanted = level  # the level asked for, else the newest open one
        self._seed, self._rules, self._stacked = seed, rules, stacked
        self._pace, self._position = pace, position
        self._class_server = on_class_server()
        # The deal (its first step) whose result is recorded: held, not just its id(), since
        # a freed step's id is soon reused by a new deal's, which would then go unrecorded.
        self._counted: Step[ArsenalState] | None = None
        self.campaign: Campaign | None = None
        self.level = Campaign.levels[0]
        self.match: GameApp  # made once a campaign is open
        self.browser = BrowserKey()

        self._whose = widgets.HTML()
        self.name_box = widgets.Text(description=_("Your name"),
                                     placeholder=_("to name your campaign"),
                                     style={"description_width": "initial"},
                                     layout=widgets.Layout(width="300px"))
        self.name_box.add_class("wt-student")
        self._name_button = widgets.Button(
            description=_("Name my campaign"), layout=widgets.Layout(width="auto"),
            tooltip=_("Shows your name on your campaign; your levels and wins stay this "
                      "browser's, whatever name is typed"))
        self._name_button.on_click(lambda _: self._rename())
        bar = widgets.HBox([self._whose, self.name_box, self._name_button],
                           layout=widgets.Layout(flex_flow="row wrap"))
        bar.add_class("wt-campaign")

        self._map = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self._map.add_class("wt-map")
        self._map_buttons = [self._level_button(n) for n in range(1, 11)]
        self._beaten = widgets.HTML()
        self._map.children = [widgets.HTML(html('<span class="wt-map-label">{words}</span>',
                                                   words=_("Campaign map:"))),
                              *self._map_buttons, self._beaten]
        self._status = widgets.HTML()  # how progress is kept: below the match
        self._news = widgets.HTML()
        self._alert = widgets.HTML()  # a progress file that could not be read, say
        for line in (self._news, self._alert):  # no room taken above the match when silent
            line.layout.display = "none"
            line.observe(_shown_when_said, names="value")
        self._arena = widgets.VBox()
        unseen = {"height": "0px", "margin": "0", "overflow": "hidden"}  # no room taken
        # Joined, not added: adding plain text to the shared sheet escapes the text once
        # the sheet is Markup (wartutor.ui.markup).
        sheets = widgets.HTML("".join((STYLESHEET, ARSENAL_STYLE, CAMPAIGN_STYLE)),
                              layout=widgets.Layout(**unseen))
        super().__init__(children=[
            sheets, self.browser.widget, bar, self._map, self._alert, self._news,
            self._arena, self._status,
        ])
        self.add_class("wt-app")
        self.add_class("wt-arsenal-app")
        if self._class_server:
            # Never a shared campaign on the class server: nothing opens before the
            # browser has said whose page this is.
            self._arena.children = [widgets.HTML(
                html('<div class="wt-getting-ready" role="status">{ready}</div>',
                     ready=_(GETTING_READY)))]
            self._show_map()
        else:
            self._open(Campaign(data_dir), strict=True)
        self.browser.when_known(self._on_key)

    def __repr__(self) -> str:
        return "ArsenalApp()"

    # What tests and notebooks may read and press

    def press(self, label: str) -> None:
        """Press a button of the map or of the match, as a click in the browser would."""
        for button in self._map_buttons:
            if button.description == label:
                if button.disabled:
                    raise BadInput(f"{quoted(label)} is locked", allowed="an open level")
                button.click()
                return
        self.match.press(label)

    def name_campaign(self, name: str) -> None:
        """Type ``name`` in the name box and press Name my campaign."""
        self.name_box.value = name
        self._name_button.click()

    def map_labels(self) -> list[str]:
        """The levels one may pick now."""
        return [b.description for b in self._map_buttons if not b.disabled]

    def locked(self) -> dict[str, str]:
        """The levels greyed out on the map, each with the reason."""
        return {b.description: b.tooltip for b in self._map_buttons if b.disabled}

    def news_text(self) -> str:
        return text_of(self._news.value)

    def whose_text(self) -> str:
        """Whose campaign the page shows: "Ada's campaign", "Your campaign"."""
        return text_of(self._whose.value)

    def status_text(self) -> str:
        """What the app says about the campaign's save: any trouble, and how it is kept."""
        return text_of(self._alert.value + self._status.value)

    def arena_text(self) -> str:
        """The words in the match's place while there is no match ("Getting ready")."""
        return " ".join(text_of(w.value) for w in self._arena.children
                        if isinstance(w, widgets.HTML))

    # Whose campaign

    def _on_key(self, key: str) -> None:
        """The page has said which browser it is: open that browser's own campaign."""
        campaign = Campaign(self._data_dir, owner=key_id(key))
        if self.campaign is not None:
            # One's own computer: what was played in the folder's campaign (before this
            # browser had a campaign of its own, or away from any browser) is kept.
            campaign.take_in(self.campaign.progress)
        self._open(campaign)

    def _open(self, campaign: Campaign, *, strict: bool = False) -> None:
        """Show ``campaign``, at the level asked for, else its newest; the match under way
        goes on if its level is the one that would open. ``strict``: a locked level asked
        for is refused (when the app is made), rather than the newest opened instead."""
        self.campaign = campaign
        wanted = campaign.progress.unlocked if self._wanted is None else self._wanted
        try:
            level = campaign.check_open(wanted)
        except BadInput:
            if strict:
                raise
            level = campaign.level(campaign.progress.unlocked)
            self._say(_("Level {wanted} is not open yet in your campaign: here is level "
                        "{number}, {name}.").format(wanted=wanted, number=level.number,
                                                    name=_(level.name)))
        if hasattr(self, "match") and level.number == self.level.number:
            self._show_map()
            return
        self.level = level
        self._start(level.number)

    def _rename(self) -> None:
        if self.campaign is None:
            self._say(_(GETTING_READY))
            return
        try:
            self.campaign.rename(self.name_box.value)
        except BadInput as e:
            refused = str(e)
            self._say(refused[:1].upper() + refused[1:], alert=True)
            return
        self._show_map()
        self._say(_("This browser's campaign is now {whose}.").format(whose=self.whose_text()))

    def _show_whose(self) -> None:
        label = self.campaign.label if self.campaign is not None else ""
        whose = _("{name}'s campaign").format(name=label) if label else _("Your campaign")
        self._whose.value = html('<span class="wt-whose">{whose}</span>', whose=whose)
        if label and not self.name_box.value:
            self.name_box.value = label

    def _say(self, news: str, *, alert: bool = False) -> None:
        role = "alert" if alert else "status"
        self._news.value = html('<div class="wt-news" role="{role}">{news}</div>', role=role,
                                news=news)

    # The campaign

    def _level_button(self, number: int) -> widgets.Button:
        button = widgets.Button()
        button.on_click(lambda _: self._pick(number))
        button.add_class(f"wt-level-{number}")
        button.description = f"{number}. {_(Campaign.levels[number - 1].name)}"
        return button

    def _pick(self, number: int) -> None:
        if self.campaign is None:
            self._say(_(GETTING_READY))
            return
        self.campaign.refresh()  # a level another tab has opened since may be picked
        try:
            self.level = self.campaign.check_open(number)
        except BadInput as e:
            self._say(str(e))
            return
        self._news.value = ""
        self._start(number)

    def _start(self, number: int) -> None:
        seed = fresh_seed() if self._seed is None else self._seed
        self.match = GameApp(
            ARSENAL, ArsenalTable(self.level), human=YOU, seed=seed, rules=self._rules,
            stacked=self._stacked, agents={NPC: self.level.npc_agent}, autoplay=random_agent,
            pace=self.match.pace.value if hasattr(self, "match") else self._pace,
            position=self._position,
            opponent_label=_("{name} (level {number})").format(name=_(self.level.npc_name),
                                                                number=number),
            coach_agents=_seats(("heuristic", f"level-{number}")),
            # The words call the NPC as the table does.
            names=("You", _(self.level.npc_name)),
        )
        timeline = self.match.timeline
        assert timeline is not None  # a single player's match has its Step timeline
        timeline.observe(self._on_step, names="value")
        self._arena.children = [self.match]
        self._show_map()
        self._on_step(None)

    def _on_step(self, change: Any) -> None:
        """After every step: once a match has ended, count it (once per deal) and say so."""
        game = self.match.game
        outcome = game.steps[self.match.cursor].state.outcome
        deal = game.steps[0]
        if outcome is None or deal is self._counted or self.campaign is None:
            return
        self._counted = deal
        opponent = self.match.opponent
        if opponent is not None and opponent.value == COACH:
            self._say(_("This match was against the Coach, so it was practice and does not "
                        "count for the campaign."))
            return
        if game.position is not None and game.position != self._position:
            self._say(_("This match started from a set-up position, so it was practice and "
                        "does not count for the campaign."))
            return
        if game.rules != ArsenalRules():
            self._say(_("This match used changed rulings, so it was practice and does not "
                        "count for the campaign."))
            return
        won = YOU in outcome.winners
        result = self.campaign.record(self.level.number, won=won)
        if result.cleared_now:
            news = _("Campaign cleared! You have beaten all ten levels of Arsenal.")
        elif result.newly_opened:
            opened = self.campaign.level(result.newly_opened)
            news = _("Level {number} cleared! Level {opened}, {name}, is now open: pick it "
                     "on the map.").format(number=self.level.number, opened=opened.number,
                                           name=_(opened.name))
        elif won:
            news = _("You beat {name} again!").format(name=_(self.level.npc_name))
        else:
            news = _("{name} won this one. Press New round for a rematch.").format(
                name=_(self.level.npc_name))
        self._say(news)
        self._show_map()

    def _show_map(self) -> None:
        """The map, as far as the campaign has come (all locked while there is none yet),
        and what there is to say about its save: never where it is."""
        campaign = self.campaign
        progress = campaign.progress if campaign is not None else None
        for number, button in enumerate(self._map_buttons, start=1):
            name = _(Campaign.levels[number - 1].name)
            locked = progress is None or number > progress.unlocked
            button.disabled = locked
            mark = BEATEN_MARK if progress is not None and progress.wins[number - 1] else ""
            button.description = str(number) if locked else f"{number}. {name}{mark}"
            if progress is None:
                button.tooltip = _(GETTING_READY)
            elif locked:
                button.tooltip = _("Level {number}, {name}: locked, win level {previous} to "
                                   "open it").format(number=number, name=name,
                                                     previous=number - 1)
            else:
                button.tooltip = _("Play level {number}, {name}").format(number=number,
                                                                        name=name)
            # The level in play, marked in a blue dark enough for white text (ipywidgets'
            # own "info" blue gives 2.5:1).
            if progress is not None and number == self.level.number:
                button.add_class("wt-level-now")
            else:
                button.remove_class("wt-level-now")
        self._name_button.disabled = campaign is None
        if progress is None:
            self._beaten.value = self._status.value = self._alert.value = ""
            return
        done = sum(w > 0 for w in progress.wins)
        self._beaten.value = html('<span class="wt-note">{beaten}</span>',
                                  beaten=_("Levels beaten: {done} of 10").format(done=done))
        # In the browser edition, where the browser keeps it (and for how long) is the
        # edition's to say: the site's drive, or nothing in a private window.
        kept = web.storage_note() or _(KEPT_ON_SERVER if self._class_server else KEPT_HERE)
        self._status.value = html('<div class="wt-note">{kept}</div>', kept=kept)
        message = campaign.message if campaign is not None else None
        self._alert.value = (html('<div class="wt-message" role="alert">{message}</div>',
                                  message=message) if message else "")
        self._show_whose()


def _seats(by_side: tuple[str, str]) -> tuple[str, str]:
    """(yours, the NPC's) in seat order."""
    seats = [""] * 2
    seats[YOU], seats[NPC] = by_side
    return (seats[0], seats[1])


def _shown_when_said(change: dict[str, Any]) -> None:
    change["owner"].layout.display = None if change["new"] else "none"


def arsenal_app(
    data_dir: str | Path | None = None,
    *,
    level: int | None = None,
    seed: int | None = None,
    rules: ArsenalRules | Mapping[str, Any] | None = None,
    stacked: tuple[str, ...] | None = None,
    pace: str = DEFAULT_PACE,
    position: Mapping[str, Any] | None = None,
) -> ArsenalApp:
    """The Arsenal campaign, with progress kept in ``data_dir`` (by default the user's data
    folder, or ``WARTUTOR_DATA_DIR``), in a file of the browser's own once the page has
    given its key. ``level`` picks an open level (else the newest); ``seed``, ``rules``,
    ``stacked``, ``pace`` and ``position`` set up the first match as in every app."""
    if isinstance(rules, Mapping):
        rules = rules_from(ArsenalRules, rules)
    return ArsenalApp(data_dir, level=level, seed=seed, rules=rules, stacked=stacked,
                      pace=pace, position=position)
