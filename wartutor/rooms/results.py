"""What a class's rooms did, per game and rulings: the games still going and the games
finished.

Each room is replayed from its deal and actions (the store keeps nothing else), so the
board can never disagree with the games themselves. Every room is dealt its own secret
shuffle, so rooms are grouped by what they share, their variant and rulings (a rulings
code such as "GT-B2"). The finished games of one group make a
:class:`~wartutor.explore.table.Table`, like a simulation's, so the class's results can be
read and drawn beside a simulation of the same rules.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from wartutor.core.dealcode import read_deal_code
from wartutor.core.engine import Game
from wartutor.explore.table import Row, Table
from wartutor.rooms.store import RoomRecord, RoomStore
from wartutor.variants import find_variant

CLASS_AGENT = "class"  # the "agent" of a seat played by students, in a class's table


@dataclass(frozen=True)
class PlayedRoom:
    """One room and its game as replayed from the store."""

    room: RoomRecord
    game: Game[Any]

    @property
    def finished(self) -> bool:
        return self.game.outcome is not None


@dataclass(frozen=True)
class DealResults:
    """Every room of one variant under one set of rulings, the newest first; ``deal`` is
    their rulings code."""

    deal: str
    variant: str
    rules: Any
    rooms: tuple[PlayedRoom, ...]

    @property
    def open_now(self) -> tuple[PlayedRoom, ...]:
        return tuple(r for r in self.rooms if not r.finished)

    @property
    def finished(self) -> tuple[PlayedRoom, ...]:
        return tuple(r for r in self.rooms if r.finished)

    def table(self) -> Table:
        """The finished games as a table, one row each."""
        variant = find_variant(self.variant)
        seats = len(variant.player_names(self.rules))
        rows = tuple(Row.of(r.game.seed, variant.summarize(r.game)) for r in self.finished)
        return Table(self.variant, self.rules, (CLASS_AGENT,) * seats, None, rows)


def replay(store: RoomStore, room: RoomRecord) -> Game[Any]:
    """The room's game, from its secret deal: for the teacher's board only."""
    deal = read_deal_code(store.secret_deal(room.code))
    game = Game.new(find_variant(deal.variant), deal.rules(), deal.seed)
    for action in store.actions(room.code):
        game = game.play(action)
    return game


def class_results(store: RoomStore) -> list[DealResults]:
    """The class's rooms grouped by variant and rulings, the group with the newest room
    first."""
    by_rulings: dict[str, list[PlayedRoom]] = {}
    for room in store.rooms():
        by_rulings.setdefault(room.rulings_code, []).append(
            PlayedRoom(room, replay(store, room)))
    return [DealResults(rulings, rooms[0].room.variant, rooms[0].room.rules, tuple(rooms))
            for rulings, rooms in by_rulings.items()]
