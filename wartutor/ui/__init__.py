"""The classroom apps: ipywidgets containers a notebook returns and Voilà serves.

>>> from wartutor.ui import classic_war_app
>>> app = classic_war_app(seed=42)
>>> app.press("Turn cards")
>>> app.cursor
1
"""

from wartutor.ui.arsenal import arsenal_app
from wartutor.ui.classic_war import classic_war_app, worked_example
from wartutor.ui.guerrilla_tactics import guerrilla_tactics_app
from wartutor.ui.shell import GameApp, TableDesign
from wartutor.ui.trade_war import trade_war_app
from wartutor.ui.war_room import show_deck, war_room_app

__all__ = [
    "GameApp",
    "TableDesign",
    "arsenal_app",
    "classic_war_app",
    "guerrilla_tactics_app",
    "show_deck",
    "trade_war_app",
    "war_room_app",
    "worked_example",
]
