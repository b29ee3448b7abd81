"""Game rooms: classmates at their own screens play one game, kept in a database.

A room is a shared trace (:mod:`wartutor.rooms.store`): the deal code it was opened
from and the actions taken, appended one by one. Each screen replays it and shows its
own player's view; the database settles two moves sent for the same step.
"""

from wartutor.rooms.store import RoomRecord, RoomStore

__all__ = ["RoomRecord", "RoomStore"]
