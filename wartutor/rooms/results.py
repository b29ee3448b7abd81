"""What a class's rooms did, per deal code: the games still going and the games finished.

Each room is replayed from its deal code and actions (the store keeps nothing else), so
the board can never disagree with the games themselves. The finished games of one deal
code make a :class:`~wartutor.explore.table.Table`, like a simulation's, so the class's
results can be read and drawn beside a simulation of the same rules.
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
    """Every room of one deal code, the newest first."""

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
        """The finished games as a table, one row each (all share the deal's seed)."""
        variant = find_variant(self.variant)
        seats = len(variant.player_names(self.rules))
        rows = tuple(Row.of(r.game.seed, variant.summarize(r.game)) for r in self.finished)
        return Table(self.variant, self.rules, (CLASS_AGENT,) * seats, None, rows)


def replay(room: RoomRecord, actions: tuple[str, ...]) -> Game[Any]:
    deal = read_deal_code(room.deal)
    game = Game.new(find_variant(deal.variant), deal.rules(), deal.seed)
    for action in actions:
        game = game.play(action)
    return game


def class_results(store: RoomStore) -> list[DealResults]:
    """The class's rooms grouped by deal code, the deal with the newest room first."""
    by_deal: dict[str, list[PlayedRoom]] = {}
    for room in store.rooms():
        game = replay(room, store.actions(room.code))
        by_deal.setdefault(room.deal, []).append(PlayedRoom(room, game))
    results = []
    for deal, rooms in by_deal.items():
        code = read_deal_code(deal)
        results.append(DealResults(deal, code.variant, code.rules(), tuple(rooms)))
    return results
