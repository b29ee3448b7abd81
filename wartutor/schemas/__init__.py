"""JSON Schemas (Draft 2020-12) of the files wartutor writes: traces and positions.

One schema for a trace (:mod:`wartutor.core.trace`) and one for each variant's position
(``variant.position_of``, ``docs/positions.md``). They ship with the package, so that
other tools can check a saved game before wartutor reads it; the documentation publishes
them, and ``tests/test_schemas.py`` checks real traces and positions against them. A
schema checks a document's shape: wartutor's own loaders still check it against the rules.

Each schema's ``$id`` is a URN; a trace's schema refers to the position schemas by theirs,
so a validator is given all of them (:func:`all_schemas`):

>>> trace_schema()["$id"]
'urn:wartutor:schema:trace'
>>> position_schema("classic_war")["required"][:3]
['stage', 'battles', 'wars']
>>> sorted(all_schemas())[0]
'urn:wartutor:schema:position:arsenal'

Only the standard library is used here; validating needs a JSON Schema validator, such as
the ``jsonschema`` package.
"""

from __future__ import annotations

import json
from importlib.resources import files
from typing import Any

VARIANT_NAMES = ("classic_war", "guerrilla_tactics", "war_room", "trade_war", "arsenal")
"""The variants that have a position schema (all five)."""

TRACE_FILE = "trace.schema.json"


def position_file(variant: str) -> str:
    """The file name of a variant's position schema: ``classic_war.position.schema.json``."""
    if variant not in VARIANT_NAMES:
        raise KeyError(f"no position schema for {variant!r}; there are: "
                       + ", ".join(VARIANT_NAMES))
    return f"{variant}.position.schema.json"


def schema_text(file: str) -> str:
    """The text of one schema file shipped in this package."""
    return files(__name__).joinpath(file).read_text(encoding="utf-8")


def trace_schema() -> dict[str, Any]:
    """The schema of a trace file (versions 1 and 2)."""
    loaded: dict[str, Any] = json.loads(schema_text(TRACE_FILE))
    return loaded


def position_schema(variant: str) -> dict[str, Any]:
    """The schema of one variant's position, such as ``position_schema("war_room")``."""
    loaded: dict[str, Any] = json.loads(schema_text(position_file(variant)))
    return loaded


def all_schemas() -> dict[str, dict[str, Any]]:
    """Every schema by its ``$id``: what a validator needs to follow the trace's references."""
    schemas = [trace_schema(), *(position_schema(v) for v in VARIANT_NAMES)]
    return {schema["$id"]: schema for schema in schemas}
