"""A button as the apps draw one: as wide as its words, never narrower than a fingertip."""

from __future__ import annotations

from collections.abc import Callable

import ipywidgets as widgets


def button(label: str, on_click: Callable[[widgets.Button], None],
           tooltip: str = "") -> widgets.Button:
    """A button labelled ``label`` that calls ``on_click``; ``tooltip`` says what it does.

    >>> button("Next", print, "Show the next moment now").layout.min_width
    '96px'
    """
    made = widgets.Button(description=label, tooltip=tooltip or None,
                          layout=widgets.Layout(width="auto", min_width="96px"))
    made.on_click(on_click)
    return made
