"""The variants known by name: :mod:`wartutor.variants` registers them, traces and deal
codes look them up (python-chess's ``find_variant`` pattern).

The registry lives here so that the rules layer never imports the layer above it.
Importing any variant imports :mod:`wartutor.variants` first, which registers all five.
"""

from __future__ import annotations

from typing import Any

from wartutor.core.engine import Variant
from wartutor.core.errors import BadInput, quoted

# Name -> variant, in the order the apps list them (the order of registering).
VARIANTS: dict[str, Variant[Any]] = {}


def register(variant: Variant[Any]) -> Variant[Any]:
    """Make ``variant`` known by its name; a second variant of the same name is refused."""
    known = VARIANTS.setdefault(variant.name, variant)
    if known is not variant:
        raise BadInput(f"a variant called {quoted(variant.name)} is already registered",
                       allowed="a name no other variant has")
    return variant


def find_variant(name: str) -> Variant[Any]:
    """The variant called ``name``, or a clear error listing those there are."""
    if isinstance(name, str) and name in VARIANTS:
        return VARIANTS[name]
    raise BadInput(f"there is no variant called {quoted(name)}",
                   allowed=", ".join(VARIANTS) or "none yet: import wartutor.variants first")
