"""The variants, registered by name (python-chess's ``find_variant`` pattern)."""

from __future__ import annotations

from typing import Any

from wartutor.core.engine import Variant
from wartutor.core.errors import BadInput
from wartutor.variants.arsenal import ARSENAL
from wartutor.variants.classic_war import CLASSIC_WAR
from wartutor.variants.guerrilla_tactics import GUERRILLA_TACTICS
from wartutor.variants.trade_war import TRADE_WAR
from wartutor.variants.war_room import WAR_ROOM

# One line per variant, in the order the apps list them.
VARIANTS: dict[str, Variant[Any]] = {
    variant.name: variant
    for variant in (
        CLASSIC_WAR,
        GUERRILLA_TACTICS,
        WAR_ROOM,
        TRADE_WAR,
        ARSENAL,
    )
}


def find_variant(name: str) -> Variant[Any]:
    """The variant called ``name``, or a clear error listing those there are."""
    try:
        return VARIANTS[name]
    except KeyError:
        raise BadInput(f"there is no variant called {name!r}",
                       allowed=", ".join(VARIANTS)) from None
