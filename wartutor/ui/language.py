"""The language menu: every app and the start page have one, and the page's own words follow it.

A page starts in the kernel's language (:func:`wartutor.language.first_language`: the
server's WARTUTOR_LANG, else JupyterLab's). The page's browser then says which language
its student chose last time, kept in its local storage, else which language the browser
itself speaks where neither the server nor JupyterLab has chosen; an app in another
language than that is made again in it. Choosing in the menu is kept in the browser, so
that every app of a class, and the next lesson, opens in it.

What the page gives is hostile until checked: only a language code of
:data:`~wartutor.language.LANGUAGES` is taken, and only once.

>>> menu = LanguageMenu(lambda code: chosen.append(code))
>>> chosen = []
>>> menu.page.give("chosen:es")
>>> chosen
['es']
>>> menu.page.give("chosen:de")  # a page gives its value once
>>> chosen
['es']
"""

from __future__ import annotations

import re
from collections.abc import Callable

import ipywidgets as widgets
from IPython.display import HTML

from wartutor.language import (
    LANGUAGES,
    _,
    chosen_by_server,
    first_language,
    known,
    language,
    use_language,
)
from wartutor.ui.identity import PageValue
from wartutor.ui.widget_tree import close_widgets, held_widgets

STORAGE_NAME = "wartutor-language"
# "chosen:es" (this browser's student chose it), or "browser:de-AT" (the browser's own).
PAGE_SHAPE = re.compile(r"(chosen|browser):[A-Za-z]{2,3}([_-][A-Za-z0-9]{1,8}){0,3}")
PAGE_LANGUAGE = """function () {
    var kept = null;
    try { kept = window.localStorage.getItem("STORAGE_NAME"); } catch (e) { kept = null; }
    if (kept && /^[a-z]{2,3}$/.test(kept)) { return "chosen:" + kept; }
    return "browser:" + ((navigator.languages && navigator.languages[0])
                         || navigator.language || "en");
  }""".replace("STORAGE_NAME", STORAGE_NAME)
# Keeps a choice in the browser: LANGUAGE is a code of LANGUAGES, never a page's value.
KEEP_SCRIPT = """<script>
try { window.localStorage.setItem("STORAGE_NAME", "LANGUAGE"); } catch (e) { /* private */ }
</script>""".replace("STORAGE_NAME", STORAGE_NAME)
# The menu's name, in each language at once: whoever reads it finds their own.
LABEL = " / ".join(("Language", "Idioma", "Sprache"))


def from_page(value: str) -> str | None:
    """The language a page's value asks for: the student's choice always, the browser's
    own only where neither the server nor JupyterLab chose one."""
    how, _colon, code = value.partition(":")
    if how == "browser" and (chosen_by_server() or first_language() != "en"):
        return None
    return known(code)


class LanguageMenu:
    """The menu (``widget``), and the page's value; ``switch(code)`` is called with a
    language other than the one in force, chosen by the student or given by the page."""

    def __init__(self, switch: Callable[[str], None]) -> None:
        self._switch = switch
        self.menu = widgets.Dropdown(
            options=[(name, code) for code, name in LANGUAGES.items()], value=language(),
            # Its name in words, in the language in force (a globe would need an emoji
            # font, which not every school's browser has); the tooltip names it in all.
            description=_("Language"), tooltip=LABEL,
            layout=widgets.Layout(width="auto", min_width="0"),
            style={"description_width": "initial"})
        self.menu.add_class("wt-language")
        self.menu.observe(self._on_choose, names="value")
        self.page = PageValue("wt-language-of-page", PAGE_LANGUAGE,
                              lambda value: PAGE_SHAPE.fullmatch(value) is not None)
        self.page.when_known(self._on_page)
        self._keep = widgets.Output(layout=widgets.Layout(height="0px", overflow="hidden"))
        # The page's value and the keeping script, which show nothing: an app puts them out
        # of its top line (which must stay one line on a projector), and the menu in it.
        self.page_parts = widgets.Box([self.page.widget, self._keep],
                                      layout=widgets.Layout(height="0px", overflow="hidden"))
        self.widget = widgets.HBox([self.menu, self.page_parts])
        self.widget.add_class("wt-language-menu")

    def _on_page(self, value: str) -> None:
        code = from_page(value)
        if code is not None and code != language():
            self._switch(code)
            self.show_language()

    def _on_choose(self, change: dict[str, object]) -> None:
        code = known(change["new"])
        if code is None or code == language():
            return
        self._keep.clear_output()
        self._keep.append_display_data(HTML(KEEP_SCRIPT.replace("LANGUAGE", code)))
        self._switch(code)
        self.show_language()

    def show_language(self) -> None:
        """The menu as the language in force: the one chosen, or the one before where the
        app could not be made in it; its own name in that language too."""
        self.menu.value = language()
        self.menu.description = _("Language")


def made_again_in(code: str, app: widgets.Box, make: Callable[[], None]) -> None:
    """Speak ``code`` from now on, and make ``app`` again in it: ``make`` runs the app's
    ``__init__`` again (which keeps its language menu) and puts back what the student did.
    The old app's parts are closed once the new ones stand, so that none is left for the
    page to drive. On an error the app and the language are as they were, and the error
    is raised."""
    before_language, children = language(), app.children
    before, kept = held_widgets(app), dict(vars(app))
    use_language(code)
    try:
        make()
    except Exception:
        use_language(before_language)
        close_widgets(held_widgets(app) - before)
        app.__dict__.clear()  # back to the app as it was
        app.__dict__.update(kept)
        app.children = children
        raise
    close_widgets(before - held_widgets(app))
