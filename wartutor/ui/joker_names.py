"""Trade War's jokers, named by the teacher: a small folded panel under the game.

The rule text names its two jokers after living people, and one of them "assassinates"
cards. The app calls them the Rebel and the Eraser by default (names that say what each
does) and says "knocks out"; a teacher may type other names, or take the text's own
(Mueller and Putin) back. Names are words only: the game, its actions and its trace are
the same whatever the jokers are called.

Names come from outside, so each is checked as a player's name is
(:func:`wartutor.core.names.check_name`), and the two must differ.

>>> checked_names(" Star ", "Comet")
JokerNames(mueller='Star', putin='Comet', gentle=True)
>>> checked_names("Star", "star")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
wartutor.core.errors.BadInput: both jokers are called 'star'...
"""

from __future__ import annotations

from collections.abc import Callable

import ipywidgets as widgets

from wartutor.core.errors import BadInput, quoted
from wartutor.core.names import check_name
from wartutor.language import N_, _
from wartutor.ui.markup import html
from wartutor.variants.trade_war.explain import NEUTRAL_NAMES, TEXT_NAMES, JokerNames

MUELLER_DOES = N_("beats the face cards, loses to the number cards")
PUTIN_DOES = N_("knocks a card out of the game, out of turn")


def checked_names(mueller: str, putin: str) -> JokerNames:
    """The two names as they will show, or :class:`BadInput` saying what is wrong."""
    first, second = check_name(mueller), check_name(putin)
    if first.casefold() == second.casefold():
        raise BadInput(_("both jokers are called {name}").format(name=quoted(second)),
                       allowed=_("two different names, such as Rebel and Eraser"))
    return JokerNames(first, second)


class JokerNamesPanel(widgets.Accordion):
    """Two name boxes and a button; ``rename(names)`` puts the names in force."""

    def __init__(self, names: JokerNames, rename: Callable[[JokerNames], None]) -> None:
        self._rename = rename
        self.mueller = widgets.Text(value=names.mueller, description=_("Joker 1"),
                                    tooltip=_("The joker that {does}").format(
                                        does=_(MUELLER_DOES)),
                                    layout=widgets.Layout(width="260px"))
        self.putin = widgets.Text(value=names.putin, description=_("Joker 2"),
                                  tooltip=_("The joker that {does}").format(does=_(PUTIN_DOES)),
                                  layout=widgets.Layout(width="260px"))
        self.use = widgets.Button(description=_("Use these names"),
                                  tooltip=_("Call the jokers by these names on the table and "
                                            "in every explanation"),
                                  layout=widgets.Layout(width="auto"))
        self.use.on_click(lambda _: self._use(self.mueller.value, self.putin.value))
        self.neutral = widgets.Button(description=_("{first} and {second}").format(
                                          first=NEUTRAL_NAMES.mueller, second=NEUTRAL_NAMES.putin),
                                      tooltip=_("The app's own names"),
                                      layout=widgets.Layout(width="auto"))
        self.neutral.on_click(lambda _: self._use(NEUTRAL_NAMES.mueller, NEUTRAL_NAMES.putin))
        self.text = widgets.Button(description=_("The text's names"),
                                   tooltip=_("Mueller and Putin, as the rule text calls them"),
                                   layout=widgets.Layout(width="auto"))
        self.text.on_click(lambda _: self._use(TEXT_NAMES.mueller, TEXT_NAMES.putin))
        for button in (self.use, self.neutral, self.text):
            button.add_class("wt-secondary")
        self.message = widgets.HTML()
        about = widgets.HTML(html('<span class="wt-note">{about}</span>', about=_(
            "Joker 1 {first}; joker 2 {second}. The names change only the words: the game "
            "and its saved trace stay the same.").format(first=_(MUELLER_DOES),
                                                          second=_(PUTIN_DOES))))
        body = widgets.VBox([about, widgets.HBox([self.mueller, self.putin]),
                             widgets.HBox([self.use, self.neutral, self.text],
                                          layout=widgets.Layout(flex_flow="row wrap")),
                             self.message])
        super().__init__(children=[body], titles=(_("Joker names (teacher)"),))
        self.selected_index = None

    def _use(self, mueller: str, putin: str) -> None:
        try:
            names = checked_names(mueller, putin)
        except BadInput as e:
            said = _("The jokers keep their names: {problem}. Allowed: {allowed}.").format(
                problem=e.problem.rstrip("."), allowed=e.allowed.rstrip("."))
            self.message.value = html('<div class="wt-message" role="alert">{said}</div>',
                                      said=said)
            return
        self.mueller.value, self.putin.value = names.mueller, names.putin
        self.message.value = html('<div class="wt-note" role="status">{said}</div>',
                                  said=_("The jokers are now {first} and {second}.").format(
                                      first=names.mueller, second=names.putin))
        self._rename(names)
