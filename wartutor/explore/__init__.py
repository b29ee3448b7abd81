"""Batch simulation of any variant: many seeded games, a tidy table, statistics, pictures.

No widgets and no plotting libraries are imported here; :mod:`wartutor.explore.plots`
imports matplotlib only when a picture is drawn.
"""

from wartutor.explore.simulate import DEFAULT_MAX_LENGTH, Cancelled, play_one, simulate
from wartutor.explore.table import Row, Table

__all__ = ["DEFAULT_MAX_LENGTH", "Cancelled", "Row", "Table", "play_one", "simulate"]
