"""The rule explorer: choose a variant, rulings and agents, play many games, see the answer.

All the work is done by :mod:`wartutor.explore`; this module only collects choices
and shows the pictures and the plain-words reading. Tests press its buttons:

>>> app = explorer_app(games=20, run=False)
>>> app.press("Play the games")
>>> app.reading_text().splitlines()[0]
'Classic War, 20 games (seeds 0 to 19).'
"""

from __future__ import annotations

import base64
from html import escape
from typing import Any

import ipywidgets as widgets

from wartutor.core.errors import BadInput
from wartutor.core.rulings import rules_from, rulings_of, settings_of
from wartutor.explore.reading import read, read_comparison
from wartutor.explore.simulate import simulate
from wartutor.explore.table import Table
from wartutor.ui.render import STYLESHEET
from wartutor.ui.rulings import choice_label
from wartutor.variants import VARIANTS, find_variant

NOTHING = ""  # the "compare with" menu's first entry: no second run
# Up to this many games of a variant with a fast path, starting a process pool costs
# more than it saves: play them in the kernel itself.
SMALL_RUN = 2_000
MAX_GAMES = 1_000_000

_WIDE = {"description_width": "170px"}  # room for the longest ruling id
_FIT = {"description_width": "initial"}  # as wide as its words
_MENU = widgets.Layout(width="360px")


class ExplorerApp(widgets.VBox):
    """Menus for the question, a button to play, and the answer as pictures and words."""

    def __init__(self, variant: str = "classic_war", *, games: int = 1000, seed: int = 0,
                 jobs: int | None = None) -> None:
        self._jobs = jobs
        self.tables: tuple[Table, ...] = ()
        self.variant_menu = widgets.Dropdown(
            options=[(v.title, name) for name, v in VARIANTS.items()], value=variant,
            description="Variant", style=_WIDE, layout=_MENU)
        self.variant_menu.observe(self._on_variant, names="value")
        self.ruling_menus: dict[str, widgets.Dropdown] = {}
        self._rulings_box = widgets.VBox()
        self.compare_menu = widgets.Dropdown(description="Compare with", style=_WIDE, layout=_MENU,
                                             tooltip="Play the same deals again with one "
                                                     "ruling changed")
        self.compare_value = widgets.Dropdown(description="set to", disabled=True, style=_FIT)
        self.compare_menu.observe(self._on_compare, names="value")
        self.agent_menus: list[widgets.Dropdown] = []
        self._agents_box = widgets.HBox()
        self.games_box = widgets.BoundedIntText(value=games, min=1, max=MAX_GAMES,
                                                description="Games", style=_WIDE)
        self.seed_box = widgets.BoundedIntText(value=seed, min=0, max=2**63,
                                               description="First seed", style=_FIT,
                                               tooltip="Games use this seed, the next, ...")
        self._run_button = widgets.Button(description="Play the games", button_style="primary",
                                          tooltip="Play every game and draw the results")
        self._run_button.on_click(self._on_run)
        self.progress = widgets.IntProgress(value=0, min=0, max=1, description="Played")
        self._message = widgets.HTML()
        # Charts are <img> tags with a text alternative (an Image widget cannot carry one).
        self._lengths = widgets.HTML()
        self._results = widgets.HTML()
        self._reading = widgets.HTML()
        super().__init__(children=[
            widgets.HTML(STYLESHEET),
            widgets.HTML('<div class="wt-title">Rule explorer</div>'),
            self.variant_menu, self._rulings_box,
            widgets.HBox([self.compare_menu, self.compare_value]),
            self._agents_box,
            widgets.HBox([self.games_box, self.seed_box]),
            widgets.HBox([self._run_button, self.progress]),
            self._message, self._reading, self._lengths, self._results,
        ])
        self.add_class("wt-app")
        self._build_menus()

    def __repr__(self) -> str:
        return "ExplorerApp()"  # notebooks keep a widget's text repr: keep results out of it

    # What tests and notebooks may use

    def press(self, label: str) -> None:
        if label != self._run_button.description:
            raise BadInput(f"there is no button {label!r}",
                           allowed=repr(self._run_button.description))
        self._run_button.click()

    def run(self) -> None:
        """Play the games with the chosen settings and show the results."""
        self._message.value = ""
        try:
            variant = find_variant(self.variant_menu.value)
            rules = rules_from(variant.rules_type, self._settings())
            other = self._other_rules(variant)
        except BadInput as e:
            self._message.value = f'<div class="wt-message">{escape(str(e))}</div>'
            return
        games, seed = self.games_box.value, self.seed_box.value
        runs = [rules] if other is None else [rules, other]
        self.progress.max, self.progress.value = games * len(runs), 0
        done = 0

        def advance(played: int, total: int) -> None:
            self.progress.value = done + played

        quick = games <= SMALL_RUN and getattr(variant, "play_fast", None) is not None
        tables = []
        for r in runs:
            tables.append(simulate(variant.name, games, seed, r, agents=self._agents(),
                                   jobs=1 if quick else self._jobs,
                                   progress=advance))
            done += games
        self.tables = tuple(tables)
        self._show()

    def reading_text(self) -> str:
        return "\n".join(self._reading_lines())

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
            widgets.HBox([menu, widgets.HTML(escape(rulings_of(variant.rules_type)[n].question))])
            for n, menu in self.ruling_menus.items()
        ]
        self.compare_menu.options = [("nothing (one run)", NOTHING)] + [
            (f"{meta.id} ({name})", name) for name, meta in rulings_of(variant.rules_type).items()
        ]
        self.compare_menu.value = NOTHING
        self._build_agents()

    def _build_agents(self) -> None:
        variant = find_variant(self.variant_menu.value)
        try:
            seats = variant.player_names(rules_from(variant.rules_type, self._settings()))
        except BadInput:
            return  # an impossible combination: run() will say why
        if len(seats) == len(self.agent_menus):
            return
        self.agent_menus = [widgets.Dropdown(options=list(variant.agents), description=seat,
                                             style=_FIT, layout=widgets.Layout(width="260px"))
                            for seat in seats]
        self._agents_box.children = [widgets.HTML("<b>Agents</b>&nbsp;"), *self.agent_menus]

    def _settings(self) -> dict[str, Any]:
        return {name: menu.value for name, menu in self.ruling_menus.items()}

    def _agents(self) -> tuple[str, ...]:
        return tuple(menu.value for menu in self.agent_menus)

    def _other_rules(self, variant: Any) -> Any:
        """The second run's rules (one ruling changed), or None for a single run."""
        name = self.compare_menu.value
        if name == NOTHING:
            return None
        return rules_from(variant.rules_type, {**self._settings(), name: self.compare_value.value})

    # Callbacks

    def _on_variant(self, _: dict[str, Any]) -> None:
        self.agent_menus = []
        self._build_menus()

    def _on_ruling(self, _: dict[str, Any]) -> None:
        self._build_agents()
        self._on_compare(None)

    def _on_compare(self, _: dict[str, Any] | None) -> None:
        name = self.compare_menu.value
        if name == NOTHING:
            self.compare_value.options, self.compare_value.disabled = [], True
            return
        meta = rulings_of(find_variant(self.variant_menu.value).rules_type)[name]
        current = self.ruling_menus[name].value
        others = [c for c in meta.choices if c != current or type(c) is not type(current)]
        self.compare_value.options = [(choice_label(c), c) for c in others]
        self.compare_value.disabled = False

    def _on_run(self, _: widgets.Button) -> None:
        self.run()

    # Showing the answer

    def _labels(self) -> list[str]:
        if len(self.tables) < 2:
            return ["these rulings"]
        name = self.compare_menu.value
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
        from wartutor.explore.plots import plot_lengths, plot_results, png

        labels = self._labels()
        self._lengths.value = _chart(png(plot_lengths(list(self.tables), labels)),
                                     "Chart of how long the games lasted")
        self._results.value = _chart(png(plot_results(list(self.tables), labels)),
                                     "Chart of how the games ended")
        self._reading.value = ('<div style="font-size:18px;line-height:1.5">'
                               + "<br>".join(escape(line) for line in self._reading_lines())
                               + "</div>")


def explorer_app(variant: str = "classic_war", *, games: int = 1000, seed: int = 0,
                 jobs: int | None = None, run: bool = True) -> ExplorerApp:
    """The explorer, with a first answer already drawn unless ``run=False``."""
    app = ExplorerApp(variant, games=games, seed=seed, jobs=jobs)
    if run:
        app.run()
    return app


def _chart(picture: bytes, alt: str) -> str:
    data = base64.b64encode(picture).decode("ascii")
    return (f'<img src="data:image/png;base64,{data}" alt="{escape(alt)}" '
            'style="max-width: 800px">')
