"""The rulings panel: one menu per ruling, and the table of the rulings in this round.

Menus are built from the variant's ruling declarations (:func:`wartutor.core.rulings_of`),
so a new ruling appears here without any change to the apps. A changed menu waits for
the next New round: switching rules halfway through a game would make its replay lie.
How many play is chosen under Players (:mod:`wartutor.ui.players`), so it has no menu
here; the table still says it.

Trade War's questions name its jokers: they are worded with the names in play (the
Rebel and the Eraser by default, or a teacher's), as the table says them; the ruling
codes (TW-PUTIN-WHO) stay as they are, since a code is a name for the ruling, not a word.
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractContextManager, nullcontext
from typing import Any

import ipywidgets as widgets

from wartutor.core.engine import Variant
from wartutor.core.rulings import rulings_of, settings_of
from wartutor.language import N_, _, pgettext
from wartutor.ui.markup import Markup, html, joined
from wartutor.ui.players import COUNT
from wartutor.variants.trade_war.explain import worded

_WAITING = N_("Changes apply when you press New round.")
FIRST = "first_player"  # the rule option that names a seat
_CHANGED = N_("Changed: press New round to play with these rulings.")


def choice_label(value: Any) -> str:
    """A ruling's value in words: "yes" and "no", never Python's True and False."""
    if isinstance(value, bool):
        return pgettext("ruling", "yes") if value else pgettext("ruling", "no")
    return pgettext("ruling", "none") if value is None else str(value)


def setting_words(variant: Any, name: str, value: Any) -> str:
    """How a setting reads: in the variant's own words (its ``setting_label``) where it has
    some, else as every variant's rulings say it (:func:`choice_label`)."""
    label = getattr(variant, "setting_label", None)
    words = label(name, value) if label is not None else None
    return choice_label(value) if words is None else str(words)


class RulingsPanel(widgets.Accordion):
    """Folded away by default: the game comes first, the rulings when a class asks why.

    Where no new round can be dealt (a room), there are no menus: only the table of the
    rulings the game is played with."""

    def __init__(self, variant: Variant[Any], *, choosing: bool = True,
                 words: Callable[[], AbstractContextManager[Any]] = nullcontext) -> None:
        self._variant = variant
        self._words = words  # puts the design's words in force (Trade War's joker names)
        self._abouts: list[tuple[str, widgets.HTML]] = []
        self._rules: Any = None
        self.menus: dict[str, widgets.Dropdown] = {}
        self._note = widgets.HTML(html("{words}", words=_(_WAITING)))
        self._table = widgets.HTML()
        rows = []
        for name, meta in rulings_of(variant.rules_type).items() if choosing else ():
            if name == COUNT:
                continue  # chosen under Players
            menu = widgets.Dropdown(
                options=[(self._label(name, c), c) for c in meta.choices],
                description=meta.id, style={"description_width": "150px"},
                layout=widgets.Layout(width="340px"),
            )
            menu.observe(self._on_chosen, names="value")
            self.menus[name] = menu
            about = widgets.HTML(layout=widgets.Layout(width="640px"))
            self._abouts.append((name, about))
            rows.append(widgets.HBox([menu, about]))
        self.reword()
        body = widgets.VBox([self._note, *rows,
                             widgets.HTML(html("<b>{words}</b>", words=_("Rulings in this round"))),
                             self._table] if choosing else [self._table])
        super().__init__(children=[body],
                         titles=(_("Rulings: answers where the rule text is silent"),))
        self.selected_index = None

    def reword(self) -> None:
        """Word the questions and reasons afresh (a joker was renamed)."""
        metas = rulings_of(self._variant.rules_type)
        with self._words():
            for name, about in self._abouts:
                question, why = worded(_(metas[name].question)), worded(_(metas[name].why))
                self.menus[name].tooltip = f"{question} {why}"
                about.value = html('<b>{question}</b><br><span class="wt-note">{why}</span>',
                                   question=question, why=why)
            if self._rules is not None:
                self._table.value = self._table_html()

    def _label(self, name: str, value: Any) -> str:
        """How a setting reads in a menu; a variant may name long values (a whole deck file)."""
        if name == FIRST and isinstance(value, int) and not isinstance(value, bool):
            return self._seat(value)  # a seat by its name, not its number
        return setting_words(self._variant, name, value)

    def _seat(self, seat: int) -> str:
        """"you", or the seat's name at the largest table (the menu offers every seat)."""
        count = rulings_of(self._variant.rules_type).get(COUNT)
        most = max(count.choices) if count is not None else seat + 1
        names = self._variant.player_names(self._variant.rules_type(**{COUNT: most}))
        if seat == 0:
            return pgettext("the first player", "you")
        return _(names[seat]) if seat < len(names) else _("seat {number}").format(number=seat)

    def chosen(self) -> dict[str, Any]:
        """The settings for the next New round: the menus', and this round's where there is
        no menu (how many play, which Players chooses)."""
        this_round = {} if self._rules is None else settings_of(self._rules)
        return {**this_round, **self._menus_chosen()}

    def _menus_chosen(self) -> dict[str, Any]:
        return {name: menu.value for name, menu in self.menus.items()}

    def show_round(self, rules: Any) -> None:
        """Set the menus and the table to the rules a new round is played with."""
        self._rules = rules
        settings = settings_of(rules)
        for name, menu in self.menus.items():
            if settings[name] not in [value for _, value in menu.options]:
                # A setting made in code (battle_limit=37) that no menu offers.
                menu.options = (*menu.options, (self._label(name, settings[name]), settings[name]))
            # By its place: a Dropdown takes the value None for "nothing chosen", even
            # where None is an option (WR-HOUSE-LESSON's "off").
            menu.index = next(i for i, (_, value) in enumerate(menu.options)
                              if value == settings[name]
                              and type(value) is type(settings[name]))
        with self._words():
            self._table.value = self._table_html()
        self._note.value = html("{words}", words=_(_WAITING))

    def table_html(self) -> str:
        return str(self._table.value)

    def _on_chosen(self, _change: dict[str, Any]) -> None:
        if self._rules is not None:
            settings = settings_of(self._rules)
            changed = any(settings[name] != value for name, value in self._menus_chosen().items())
            self._note.value = (html("<b>{words}</b>", words=_(_CHANGED)) if changed
                                else html("{words}", words=_(_WAITING)))

    def _table_html(self) -> Markup:
        rows = [(meta.id, worded(_(meta.question)), self._label(name, getattr(self._rules, name)))
                for name, meta in rulings_of(self._variant.rules_type).items()]
        rows += [(fixed.id, worded(_(fixed.question)),
                  _("{answer} (fixed)").format(answer=worded(_(fixed.answer))))
                 for fixed in getattr(self._variant, "fixed_rulings", ())]
        body = joined(html("<tr><td>{id}</td><td>{question}</td><td>{answer}</td></tr>",
                           id=i, question=q, answer=a) for i, q, a in rows)
        return html('<table class="wt-rulings"><tr><th>{ruling}</th><th>{question}</th>'
                    "<th>{answer}</th></tr>{body}</table>", ruling=_("Ruling"),
                    question=_("Question"), answer=_("In this round"), body=body)
