"""A notebook's text cell: a section of its teaching text (:mod:`wartutor.ui.lessons`),
shown in the language in force, and shown again in a new one when a student chooses it.

A student chooses in an app's language menu, or the page gives the choice the browser
kept; the app then speaks the new language (:func:`wartutor.language.use_language`) and
makes itself again, and every lesson on the page hears of it
(:func:`wartutor.language.when_language_changes`) and says its text again. The text is
Markdown in an ipywidgets ``Output``, which Voila, JupyterLab and Voici all draw, and
which can be said again after its cell has run.

>>> shown = lesson("classic_war", "rules")
>>> shown.markdown.splitlines()[0]
'# Classic War: how to play, in short'
>>> from wartutor.language import use_language
>>> use_language("es")
'es'
>>> shown.markdown.splitlines()[0]
'# Classic War: cómo se juega, en resumen'
>>> use_language("en")
'en'
>>> shown.close()
"""

from __future__ import annotations

import ipywidgets as widgets

from wartutor.language import language, when_language_changes
from wartutor.ui.lessons import lesson_text


class Lesson(widgets.Output):
    """One section of a notebook's teaching text, in the language in force."""

    def __init__(self, notebook: str, section: str) -> None:
        super().__init__()
        self.notebook, self.section = notebook, section
        self.add_class("wt-lesson")
        self.markdown = ""
        self._say(language())
        self._stop_listening = when_language_changes(self._say)

    def _say(self, _code: str) -> None:
        """Show the text in the language in force (the one just chosen)."""
        self.markdown = lesson_text(self.notebook, self.section)
        # The outputs themselves, not a message to the page: said again from a language
        # menu's callback, long after the cell ran, they still reach the page.
        self.outputs = ({"output_type": "display_data", "metadata": {},
                         "data": {"text/markdown": self.markdown,
                                  "text/plain": self.markdown}},)

    def close(self) -> None:
        if stop := vars(self).get("_stop_listening"):  # none if it failed while being made
            stop()
        super().close()

    def __repr__(self) -> str:
        return f"lesson({self.notebook!r}, {self.section!r})"


def lesson(notebook: str, section: str) -> Lesson:
    """The section ``section`` of the notebook ``notebook``'s teaching text (the notebook's
    file name without ``.ipynb``), shown where the cell is, in the page's language."""
    lesson_text(notebook, section)  # a name not there fails before anything is made
    return Lesson(notebook, section)
