"""The variants, registered by name (python-chess's ``find_variant`` pattern).

Importing this package registers the five with :mod:`wartutor.core.registry`, where
traces and deal codes find them; ``VARIANTS`` and ``find_variant`` are that registry's.
"""

from __future__ import annotations

from wartutor.core.registry import VARIANTS, find_variant, register
from wartutor.variants.arsenal import ARSENAL
from wartutor.variants.classic_war import CLASSIC_WAR
from wartutor.variants.guerrilla_tactics import GUERRILLA_TACTICS
from wartutor.variants.trade_war import TRADE_WAR
from wartutor.variants.war_room import WAR_ROOM

# One line per variant, in the order the apps list them.
for _variant in (
    CLASSIC_WAR,
    GUERRILLA_TACTICS,
    WAR_ROOM,
    TRADE_WAR,
    ARSENAL,
):
    register(_variant)

__all__ = ["VARIANTS", "find_variant"]
