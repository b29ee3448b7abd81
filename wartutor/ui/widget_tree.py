"""The widgets an app holds, and closing those it no longer shows.

An app made again (in another language, in another mode) closes the parts it made before,
so that none is left for the page to drive. A playback's clock (:class:`ipywidgets.Play`)
ticks in the browser, not the kernel: closed while it runs, its clock would go on asking
the kernel for the next tick on a channel that is gone, an error each time. So it is
stopped first, and told so before it is closed.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import ipywidgets as widgets


def held_widgets(root: widgets.Widget) -> set[widgets.Widget]:
    """Every widget ``root`` holds: its children and theirs, their layouts and styles, and
    the widgets kept aside (the buttons of choices not on show, the rows of seats not at
    the table)."""
    found: dict[int, widgets.Widget] = {}
    todo: list[Any] = [root]
    while todo:
        item = todo.pop()
        if isinstance(item, widgets.Widget):
            if id(item) not in found:
                found[id(item)] = item
                todo.extend(_attributes(item))
        elif isinstance(item, list | tuple | set | frozenset):
            todo.extend(item)
        elif isinstance(item, dict):
            todo.extend(item.values())
    return set(found.values())


def close_widgets(old: Iterable[widgets.Widget]) -> None:
    """Close ``old``, each playback clock stopped first (in the browser too)."""
    old = list(old)
    for widget in old:
        if isinstance(widget, widgets.Play) and widget.playing:
            widget.playing = False
    for widget in old:
        widget.close()


def _attributes(widget: widgets.Widget) -> Iterable[Any]:
    yield from widget._trait_values.values()  # children, among others
    yield from (value for name, value in vars(widget).items() if not name.startswith("_trait"))
