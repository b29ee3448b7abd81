"""Frozen records that are quick to make: states, views and events made at every step.

``dataclass(frozen=True)`` writes an ``__init__`` that sets the fields one at a time
through ``object.__setattr__``. A step makes a state, a view and several events, and
setting their fields that way was the largest cost of a step in Arsenal and War Room.
:func:`set_at_once` gives such a class an ``__init__`` with the same arguments that
sets every field in one go; the records are the same frozen values as before.

>>> from dataclasses import dataclass
>>> @set_at_once
... @dataclass(frozen=True)
... class Point:
...     x: int
...     y: int = 0
>>> Point(1), Point(1, y=2) == Point(x=1, y=2)
(Point(x=1, y=0), True)
"""

from __future__ import annotations

from dataclasses import MISSING, fields
from typing import Any, TypeVar

T = TypeVar("T")


def set_at_once(cls: type[T]) -> type[T]:
    """Remake the ``__init__`` of a frozen dataclass without ``__post_init__`` or factories."""
    if hasattr(cls, "__post_init__") or hasattr(cls, "__slots__"):
        raise TypeError(f"{cls.__name__} must have neither __post_init__ nor __slots__")
    scope: dict[str, Any] = {"_set": object.__setattr__}
    params, items = [], []
    for f in fields(cls):  # type: ignore[arg-type]
        if f.default_factory is not MISSING or not f.init:
            raise TypeError(f"{cls.__name__}.{f.name} has a default factory or no place in "
                            "__init__")
        if f.default is MISSING:
            params.append(f.name)
        else:
            scope[f"_default_{f.name}"] = f.default
            params.append(f"{f.name}=_default_{f.name}")
        items.append(f"{f.name!r}: {f.name}")
    # The same way dataclasses itself writes __init__: as source, with the fields' names.
    exec(f"def __init__(self, {', '.join(params)}):\n"
         f"    _set(self, '__dict__', {{{', '.join(items)}}})\n", scope)
    init = scope["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    cls.__init__ = init  # type: ignore[method-assign]
    return cls
