"""Your choices: a button for each choice the table offers, greyed out where the rules
refuse it, with the reason on the button's tooltip and, in words, under the buttons.

While the moments play out there is nothing to choose: the words under the buttons say
so, and that Skip to my turn jumps there. Behind a pass-and-play curtain the only button
is Ready. Other parts of the page may put their own words in the reasons' place (Play
to the end's progress, a room waiting for a classmate).

>>> chosen = []
>>> choices = ChoiceButtons(str.upper, chosen.append, lambda: None)
>>> choices.offer(("turn", "flee"), lambda action: "Fleeing is not in the rules"
...               if action == "flee" else None)
>>> [b.description for b in choices.on_show() if not b.disabled], choices.greyed()
(['TURN'], {'FLEE': 'Fleeing is not in the rules'})
>>> choices.on_show()[0].click()
>>> chosen
['turn']
"""

from __future__ import annotations

from collections.abc import Callable

import ipywidgets as widgets

from wartutor.language import N_, _
from wartutor.ui.buttons import button
from wartutor.ui.clock import SKIP
from wartutor.ui.markup import Markup, html, joined, sentence
from wartutor.ui.render import text_of

WATCHING = N_("Watching the moves play out: your choices come back when it is your turn.")


class ChoiceButtons(widgets.VBox):
    """The buttons of the choices offered (``label`` names each choice, ``choose`` makes
    it) and the reasons under them; and the curtain's Ready button, which calls ``ready``.

    A button is made once per choice and kept, so that a redraw only changes its words and
    state. Those not on show are held here all the same, where an app made again finds
    them to close (:func:`wartutor.ui.widget_tree.held_widgets`).
    """

    def __init__(self, label: Callable[[str], str], choose: Callable[[str], None],
                 ready: Callable[[], None]) -> None:
        self._label, self._choose = label, choose
        self._buttons: dict[str, widgets.Button] = {}
        self._shown: tuple[str, ...] | None = None  # None behind the curtain
        # Rows wrap rather than squeeze: a variant may offer many choices at once.
        self.row = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.row.add_class("wt-actions")
        self.reasons = widgets.HTML()
        self.ready = _main(button(_("Ready"), lambda _b: ready(),
                                  _("Show my cards and my choices")))
        super().__init__([self.row, self.reasons])

    def offer(self, shown: tuple[str, ...], refused: Callable[[str], str | None],
              now_label: Callable[[str], str] | None = None) -> None:
        """Show the buttons of the choices ``shown``, each greyed out where ``refused``
        gives a reason, and labelled ``now_label(action)`` where the label depends on the
        table (War Room's targets say what they do to the card)."""
        if shown != self._shown:
            self._shown = shown
            self.row.children = [self._button(action) for action in shown]
        refusals: dict[str, list[str]] = {}
        for action in shown:
            choice = self._buttons[action]
            if now_label is not None:
                choice.description = now_label(action)
            reason = refused(action)
            choice.disabled = reason is not None
            choice.tooltip = reason
            if reason is not None:
                refusals.setdefault(reason, []).append(choice.description)
        lines = joined(html("<li><b>{labels}</b>: {reason}</li>", labels=", ".join(labels),
                            reason=reason) for reason, labels in refusals.items())
        self.reasons.value = (html('<div class="wt-reason"><span>{greyed}</span><ul>{lines}'
                                   "</ul></div>", greyed=_("Greyed out:"), lines=lines)
                              if lines else "")

    def watching(self) -> None:
        """Nothing to choose while the moments play out: say so, and how to jump there."""
        self.offer((), lambda action: None)
        self.say(html("{watching} {jumps}", watching=_(WATCHING), jumps=sentence(
            _("{skip} jumps there."), skip=html("<b>{label}</b>", label=_(SKIP)))))

    def curtain(self) -> None:
        """Behind a pass-and-play curtain: only Ready."""
        self._shown = None
        self.row.children = [self.ready]
        self.reasons.value = ""

    def say(self, words: Markup | str) -> None:
        """Words in the reasons' place, for a part of the page that has no choices to offer."""
        self.reasons.value = html('<div class="wt-reason">{words}</div>', words=words)

    def relabel(self) -> None:
        """The choices' words changed (another joker name): make the buttons afresh."""
        for made in self._buttons.values():
            made.close()
        self._buttons, self._shown = {}, None

    def on_show(self) -> list[widgets.Button]:
        """The buttons on show: Ready behind the curtain, else the choices' (greyed or not)."""
        if self._shown is None:
            return [self.ready] if self.ready in self.row.children else []
        return [self._buttons[action] for action in self._shown]

    def greyed(self) -> dict[str, str]:
        """The buttons shown greyed out, each with the reason it is refused."""
        return {b.description: b.tooltip for b in self.on_show() if b.disabled and b.tooltip}

    def text(self) -> str:
        """The reasons as words, as a screen reader reads them."""
        return text_of(self.reasons.value)

    def _button(self, action: str) -> widgets.Button:
        if action not in self._buttons:
            self._buttons[action] = _main(button(self._label(action),
                                                 lambda _b: self._choose(action)))
        return self._buttons[action]


def _main(made: widgets.Button) -> widgets.Button:
    """A button of the game itself: large and coloured, apart from the page's others."""
    made.add_class("wt-main-button")
    made.button_style = "primary"
    return made
