"""Game rooms: classmates at their own screens play one game, kept in a database.

A room is a shared trace (:mod:`wartutor.rooms.store`): a deal only the server knows and
the actions taken, appended one by one after the referee (:mod:`wartutor.rooms.referee`)
has checked each against the game it rebuilds. Each screen replays it and shows its own
player's view; the database settles two moves sent for the same step.
"""

from wartutor.rooms.referee import Referee
from wartutor.rooms.store import RoomRecord, RoomStore

__all__ = ["Referee", "RoomRecord", "RoomStore"]
