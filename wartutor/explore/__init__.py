"""Batch simulation of any variant: many seeded games, a tidy table, statistics, pictures.

No widgets and no plotting libraries are imported here; :mod:`wartutor.explore.plots`
imports matplotlib only when a picture is drawn. A seat may be played by a student's
own function (view, decision) -> action; :func:`tournament` ranks such players, and
:func:`advise` is the Coach: each choice at a decision, tried in games played on from there.
"""

from wartutor.explore.coach import Advice, Chance, advise, coach_agent, coach_player
from wartutor.explore.simulate import (
    DEFAULT_MAX_LENGTH,
    Cancelled,
    PlayerFault,
    play_one,
    simulate,
)
from wartutor.explore.table import Row, Table
from wartutor.explore.tournament import Tournament, tournament

__all__ = ["DEFAULT_MAX_LENGTH", "Advice", "Cancelled", "Chance", "PlayerFault", "Row", "Table",
           "Tournament", "advise", "coach_agent", "coach_player", "play_one", "simulate",
           "tournament"]
