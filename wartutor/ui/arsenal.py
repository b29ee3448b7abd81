"""Arsenal's app: the campaign map above a match against the level's NPC.

The map is one row of small buttons, a level each, so that the match stays on the
screen under it: open levels by number and name, locked ones by number only, greyed
out with the reason. Picking a level starts a match in that level's arena (the shared
:class:`GameApp`, with the table of :mod:`wartutor.ui.arsenal_table`). When a match
ends, the campaign records it and saves at once: a win opens the next level, and a
banner says so.

Only matches played by the rules as written count: with a ruling changed in the
Rulings panel, a match is practice, and the app says so.

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
from html import escape
from pathlib import Path
from typing import Any

import ipywidgets as widgets

from wartutor.core.agents import random_agent
from wartutor.core.engine import Step
from wartutor.core.errors import BadInput, quoted
from wartutor.core.rulings import rules_from
from wartutor.ui.arsenal_table import ARSENAL_STYLE, ArsenalTable
from wartutor.ui.playback import DEFAULT_PACE
from wartutor.ui.render import STYLESHEET, text_of
from wartutor.ui.shell import COACH, GameApp, fresh_seed
from wartutor.variants.arsenal import ARSENAL, ArsenalRules, ArsenalState, Campaign
from wartutor.variants.arsenal.game import NPC, YOU

BEATEN_MARK = " \u2713"  # a tick after the names of levels already beaten


class ArsenalApp(widgets.VBox):
    """The campaign map, news of the campaign, and the match being played."""

    def __init__(
        self,
        campaign: Campaign,
        *,
        level: int | None = None,
        seed: int | None = None,
        rules: ArsenalRules | None = None,
        stacked: tuple[str, ...] | None = None,
        pace: str = DEFAULT_PACE,
        position: Mapping[str, Any] | None = None,
    ) -> None:
        self.campaign = campaign
        self._seed, self._rules, self._stacked = seed, rules, stacked
        self._pace, self._position = pace, position
        # The deal (its first step) whose result is recorded: held, not just its id(), since
        # a freed step's id is soon reused by a new deal's, which would then go unrecorded.
        self._counted: Step[ArsenalState] | None = None
        self.level = campaign.check_open(campaign.progress.unlocked if level is None else level)
        self._map = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self._map.add_class("wt-map")
        self._map_buttons = [self._level_button(n) for n in range(1, 11)]
        self._beaten = widgets.HTML()
        self._map.children = [widgets.HTML('<span class="wt-map-label">Campaign map:</span>'),
                              *self._map_buttons, self._beaten]
        self._status = widgets.HTML()  # where progress is kept: below the match
        self._news = widgets.HTML()
        self._alert = widgets.HTML()  # a progress file that could not be read, say
        for line in (self._news, self._alert):  # no room taken above the match when silent
            line.layout.display = "none"
            line.observe(_shown_when_said, names="value")
        self._arena = widgets.VBox()
        # On a server shared by a class, each student keeps a campaign of their own.
        self.name_box = widgets.Text(description="Your name", placeholder="to keep your own "
                                     "campaign", style={"description_width": "initial"},
                                     layout=widgets.Layout(width="300px"))
        self.name_box.add_class("wt-student")
        mine = widgets.Button(description="Open my campaign",
                              tooltip="Your own levels and wins, kept under your name")
        mine.on_click(lambda _: self._open_campaign(self.name_box.value))
        self._mine = mine
        self.match: GameApp
        super().__init__(children=[
            widgets.HTML(STYLESHEET + ARSENAL_STYLE),
            self._map, self._alert, self._news, self._arena, self._status,
            widgets.HBox([self.name_box, mine]),
        ])
        self.add_class("wt-app")
        self.add_class("wt-arsenal-app")
        self._start(self.level.number)

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

    def open_campaign(self, student: str) -> None:
        """Type ``student`` in the name box and press Open my campaign."""
        self.name_box.value = student
        self._mine.click()

    def _open_campaign(self, student: str) -> None:
        try:
            campaign = Campaign(self.campaign.file.path.parent, student=student)
        except BadInput as e:
            self._news.value = f'<div class="wt-news" role="alert">{escape(str(e))}</div>'
            return
        self.campaign = campaign
        self.level = campaign.level(campaign.progress.unlocked)
        name = escape(" ".join(student.split()))
        self._news.value = (f'<div class="wt-news" role="status">{name}\'s campaign: level '
                            f"{self.level.number} is open.</div>")
        self._start(self.level.number)

    def map_labels(self) -> list[str]:
        """The levels one may pick now."""
        return [b.description for b in self._map_buttons if not b.disabled]

    def locked(self) -> dict[str, str]:
        """The levels greyed out on the map, each with the reason."""
        return {b.description: b.tooltip for b in self._map_buttons if b.disabled}

    def news_text(self) -> str:
        return text_of(self._news.value)

    def status_text(self) -> str:
        """What the app says about the campaign's save: any trouble, and where it is kept."""
        return text_of(self._alert.value + self._status.value)

    # The campaign

    def _level_button(self, number: int) -> widgets.Button:
        level = self.campaign.level(number)
        button = widgets.Button()
        button.on_click(lambda _: self._pick(number))
        button.add_class(f"wt-level-{number}")
        button.description = f"{number}. {level.name}"
        return button

    def _pick(self, number: int) -> None:
        try:
            self.level = self.campaign.check_open(number)
        except BadInput as e:
            self._news.value = f'<div class="wt-news">{escape(str(e))}</div>'
            return
        self._news.value = ""
        self._start(number)

    def _start(self, number: int) -> None:
        seed = fresh_seed() if self._seed is None else self._seed
        self.match = GameApp(
            ARSENAL, ArsenalTable(self.level), human=YOU, seed=seed, rules=self._rules,
            stacked=self._stacked, agents={NPC: self.level.npc_agent}, autoplay=random_agent,
            pace=self.match.pace.value if hasattr(self, "match") else self._pace,
            position=self._position, opponent_label=f"{self.level.npc_name} (level {number})",
            coach_agents=_seats(("heuristic", f"level-{number}")),
        )
        self.match.timeline.observe(self._on_step, names="value")
        self._arena.children = [self.match]
        self._show_map()
        self._on_step(None)

    def _on_step(self, _: Any) -> None:
        """After every step: once a match has ended, count it (once per deal) and say so."""
        game = self.match.game
        outcome = game.steps[self.match.cursor].state.outcome
        deal = game.steps[0]
        if outcome is None or deal is self._counted:
            return
        self._counted = deal
        if self.match.opponent.value == COACH:
            self._news.value = ('<div class="wt-news">This match was against the Coach, so it '
                                "was practice and does not count for the campaign.</div>")
            return
        if game.rules != ArsenalRules():
            self._news.value = ('<div class="wt-news">This match used changed rulings, so it was '
                                "practice and does not count for the campaign.</div>")
            return
        won = YOU in outcome.winners
        result = self.campaign.record(self.level.number, won=won)
        if result.cleared_now:
            news = "Campaign cleared! You have beaten all ten levels of Arsenal."
        elif result.newly_opened:
            opened = self.campaign.level(result.newly_opened)
            news = (f"Level {self.level.number} cleared! Level {opened.number}, {opened.name}, "
                    f"is now open: pick it on the map.")
        elif won:
            news = f"You beat {self.level.npc_name} again!"
        else:
            news = f"{self.level.npc_name} won this one. Press New round for a rematch."
        self._news.value = f'<div class="wt-news" role="status">{escape(news)}</div>'
        self._show_map()

    def _show_map(self) -> None:
        progress = self.campaign.progress
        for number, button in enumerate(self._map_buttons, start=1):
            locked = number > progress.unlocked
            button.disabled = locked
            beaten = progress.wins[number - 1] > 0
            mark = BEATEN_MARK if beaten else ""
            name = self.campaign.level(number).name
            button.description = str(number) if locked else f"{number}. {name}{mark}"
            button.tooltip = (f"Level {number}, {name}: locked, win level {number - 1} to "
                              f"open it" if locked else f"Play level {number}, {name}")
            # The level in play, marked in a blue dark enough for white text (ipywidgets'
            # own "info" blue gives 2.5:1).
            if number == self.level.number:
                button.add_class("wt-level-now")
            else:
                button.remove_class("wt-level-now")
        done = sum(w > 0 for w in progress.wins)
        message = self.campaign.message
        self._beaten.value = f'<span class="wt-note">Levels beaten: {done} of 10</span>'
        self._status.value = (f'<div class="wt-note">Progress is saved in '
                              f"{escape(str(self.campaign.file.path))}.</div>")
        self._alert.value = (f'<div class="wt-message" role="alert">{escape(message)}</div>'
                             if message else "")


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
    student: str | None = None,
    position: Mapping[str, Any] | None = None,
) -> ArsenalApp:
    """The Arsenal campaign, with progress kept in ``data_dir`` (by default the user's data
    folder, or ``WARTUTOR_DATA_DIR``), under ``student``'s name if given (the app's name
    box does the same). ``level`` picks an open level (else the newest); ``seed``,
    ``rules``, ``stacked``, ``pace`` and ``position`` set up the first match as in every
    app."""
    if isinstance(rules, Mapping):
        rules = rules_from(ArsenalRules, rules)
    return ArsenalApp(Campaign(data_dir, student), level=level, seed=seed, rules=rules,
                      stacked=stacked, pace=pace, position=position)
