"""Batch simulation of any variant: many seeded games, one summary each.

No widgets and no plotting libraries are imported here; pictures come later and
import their libraries only when drawn.
"""

from wartutor.explore.simulate import play_one, simulate

__all__ = ["play_one", "simulate"]
