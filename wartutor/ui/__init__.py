"""The classroom apps: ipywidgets containers a notebook returns and Voilà serves.

>>> from wartutor.ui import classic_war_app
>>> app = classic_war_app(seed=42)
>>> app.press("Turn cards")
>>> app.cursor
1

Each name is imported when first asked for, so a page imports only its own app: a
class opening thirty pages at once starts thirty kernels, and every import counts.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from wartutor.ui.arsenal import arsenal_app
    from wartutor.ui.classic_war import classic_war_app, worked_example
    from wartutor.ui.guerrilla_tactics import guerrilla_tactics_app
    from wartutor.ui.lesson_cell import lesson
    from wartutor.ui.room import room_lobby
    from wartutor.ui.shell import GameApp, TableDesign
    from wartutor.ui.start import start_lesson, start_page
    from wartutor.ui.trade_war import trade_war_app
    from wartutor.ui.war_room import show_deck, war_room_app

_HOMES = {
    "GameApp": "shell",
    "TableDesign": "shell",
    "arsenal_app": "arsenal",
    "classic_war_app": "classic_war",
    "guerrilla_tactics_app": "guerrilla_tactics",
    "lesson": "lesson_cell",
    "room_lobby": "room",
    "show_deck": "war_room",
    "start_lesson": "start",
    "start_page": "start",
    "trade_war_app": "trade_war",
    "war_room_app": "war_room",
    "worked_example": "classic_war",
}

__all__ = [
    "GameApp", "TableDesign", "arsenal_app", "classic_war_app", "guerrilla_tactics_app",
    "lesson", "room_lobby", "show_deck", "start_lesson", "start_page", "trade_war_app",
    "war_room_app", "worked_example",
]  # fmt: skip


def __getattr__(name: str) -> Any:
    if name not in _HOMES:
        raise AttributeError(f"module 'wartutor.ui' has no attribute {name!r}")
    return getattr(import_module(f"wartutor.ui.{_HOMES[name]}"), name)
