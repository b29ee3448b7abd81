"""The referee of a room: the server decides every move, never a screen.

A screen only proposes a move for its seat. Before anything is stored, the referee
rebuilds the room's game from the deal the store keeps secret and the moves it has
stored, then checks that the browser holds a seat, that this seat is the one to decide at
this step, and that the move is legal there. Only then does it store the move, together
with the computers' moves that follow it and, if they end the game, how it ended, in one
transaction. So no screen can store a move from another deal, play for a classmate or for
a computer, or leave the room in a state no game can reach.

A refusal speaks only of the player's own seat: it never names another player's
possible moves or cards. It is worded in the language of the screen that proposed the
move (the referee runs in that screen's kernel); the store keeps no words of it.

>>> from wartutor.rooms.store import RoomStore
>>> from wartutor.variants.classic_war import ClassicRules
>>> store = RoomStore.at("sqlite://:memory:")
>>> code = store.open_room("classic_war", ClassicRules(), seats=2, students=2, opener="a")
>>> store.claim(code, "Ada", owner="a"), store.claim(code, "Bo", owner="b")
(0, 1)
>>> referee = Referee(store)
>>> referee.move(code, "b", 0, "turn")
Traceback (most recent call last):
...
wartutor.core.errors.BadInput: it is not your turn. Allowed: waiting until your choices appear.
>>> referee.move(code, "a", 0, "turn")
>>> store.actions(code)
('turn',)
>>> try:
...     referee.move(code, "a", 0, "turn")  # a tab that fell behind
... except BadInput as refused:
...     print(refused.problem)
another move came first, so the table has moved on
>>> referee.move(code, "z", 1, "turn")
Traceback (most recent call last):
...
wartutor.core.errors.BadInput: this browser has no seat in room ... Allowed: joining the room first.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from wartutor.core.agents import first_legal_agent
from wartutor.core.dealcode import read_deal_code
from wartutor.core.engine import Agent, AgentMaker, Game
from wartutor.core.errors import BadInput, quoted
from wartutor.language import SOURCE, _, speaking_language
from wartutor.rooms.store import RoomStore, normal_code
from wartutor.variants import find_variant


def moved_on() -> BadInput:
    """Said to the screen whose move was not the first for its step, however it was found
    out (made when said: in the language in force)."""
    return BadInput(_("another move came first, so the table has moved on"),
                    allowed=_("a choice of the table as it is now"))


def computer_player(variant: str) -> AgentMaker:
    """The agent that plays a room's computer seats: the variant's sensible player."""
    if variant == "guerrilla_tactics":
        from wartutor.variants.guerrilla_tactics.agents import heuristic_agent as gt

        return gt
    if variant == "war_room":
        from wartutor.variants.war_room.agents import heuristic_agent as wr

        return wr
    if variant == "trade_war":
        from wartutor.variants.trade_war.agents import heuristic_agent as tw

        return tw
    if variant == "arsenal":
        from wartutor.variants.arsenal.levels import LEVELS

        return LEVELS[0].npc_agent
    return first_legal_agent


@dataclass
class _Table:
    """A room's game as the referee last rebuilt it, with its computers' memories."""

    game: Game[Any]
    computers: dict[int, Agent]
    students: int


class Referee:
    """Checks and stores the moves of the rooms in ``store``."""

    def __init__(self, store: RoomStore) -> None:
        self.store = store
        self._tables: dict[str, _Table] = {}  # rebuilt games, kept while nothing is missed

    def game(self, code: str) -> Game[Any]:
        """The room's game as stored, every move checked again (the whole state: for the
        server's own use, never to be shown as it is)."""
        return self._table(normal_code(code)).game

    def start(self, code: str) -> None:
        """Play the computers' moves before the first student's turn (if a computer
        begins), as the room opens."""
        code = normal_code(code)
        table = self._table(code)
        self._store(code, table, [])

    def move(self, code: str, owner: str, step: int, action: object) -> None:
        """The browser ``owner`` (a key id) proposes ``action`` for its seat in room
        ``code``, as the room's move number ``step`` (0 is the first); stored with the
        computers' replies if it is that seat's legal move at that step, which is the
        room's next, else refused with :class:`BadInput` and nothing stored. (A tab that
        fell behind cannot have its move taken for a later step than the one it saw.)"""
        code = normal_code(code)
        seat = self.store.seat_of(code, owner)
        if seat is None:
            raise BadInput(_("this browser has no seat in room {code}").format(code=code),
                           allowed=_("joining the room first"))
        if not isinstance(action, str):
            raise BadInput(_("{action} is not a move").format(action=quoted(action)),
                           allowed=_("one of your choices"))
        table = self._table(code)
        if step != len(table.game.actions):
            raise moved_on()
        decision = table.game.decision
        if decision is None:
            raise BadInput(_("this game is over"), allowed=_("opening a new room"))
        if decision.player != seat:
            raise BadInput(_("it is not your turn"),
                           allowed=_("waiting until your choices appear"))
        if action not in decision.legal_actions:
            raise BadInput(_("{action} is not one of your choices now").format(
                               action=quoted(action)),
                           allowed=_("one of the choices your screen shows"))
        self._store(code, table, [action])

    def _store(self, code: str, table: _Table, proposed: list[str]) -> None:
        game = table.game
        for action in proposed:
            game = game.play(action)
        moves = list(proposed)
        while (decision := game.decision) is not None and decision.player >= table.students:
            view = game.variant.view(game.state, decision.player)
            action = table.computers[decision.player](view, decision)
            game = game.play(action)
            moves.append(action)
        if not moves:
            return
        result = None
        if game.outcome is not None:  # the room's note, shared by every screen
            with speaking_language(SOURCE):
                result = game.variant.explain(game.outcome.because)
        try:
            self.store.append(code, len(table.game.actions), moves, result=result)
        except BadInput:
            # Another screen's move came first: the computers heard nothing of ours.
            del self._tables[code]
            raise moved_on() from None
        table.game = game

    def _table(self, code: str) -> _Table:
        """The room's game, caught up with the store: from the cache where it is only
        behind, else rebuilt from the deal with fresh computers that see every step again
        (so those that remember what they saw remember the same)."""
        stored = self.store.actions(code)
        table = self._tables.get(code)
        if table is None or tuple(table.game.actions) != stored[:len(table.game.actions)]:
            record = self.store.room(code)
            deal = read_deal_code(self.store.secret_deal(code))
            variant = find_variant(deal.variant)
            player = computer_player(variant.name)
            computers = {seat: player(seat, deal.seed)
                         for seat in range(record.students, record.seats)}
            table = _Table(Game.new(variant, deal.rules(), deal.seed), computers,
                           record.students)
            self._tables[code] = table
        for action in stored[len(table.game.actions):]:
            decision = table.game.decision
            if decision is not None and decision.player in table.computers:
                view = table.game.variant.view(table.game.state, decision.player)
                table.computers[decision.player](view, decision)  # what it saw, it remembers
            table.game = table.game.play(action)
        return table
