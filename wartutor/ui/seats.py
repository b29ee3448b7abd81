"""Who plays each seat of an app's game: the people at the screen, and the computers.

The computers' agents are made afresh for every deal from its seed, so one seed gives one
game on every screen. Where the Computers menu has chosen the coach, every computer plays
as the coach does, remembering only what it was shown. A person's choices are theirs; Play
10 and Play to the end make them with the app's ``autoplay`` agent.

>>> from wartutor.core import Game
>>> from wartutor.core.agents import first_legal_agent
>>> from wartutor.variants import find_variant
>>> room = find_variant("war_room")
>>> seats = Seats(room, (0,), {1: first_legal_agent}, first_legal_agent, None, lambda: False)
>>> seats.seat(7, None)
>>> game = seats.computers_move(Game.new(room, seed=7))
>>> game.decision is None or seats.is_person(game.decision.player)  # your turn, or the end
True
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from wartutor.core.engine import Agent, AgentMaker, Game, Variant
from wartutor.core.errors import BadInput
from wartutor.explore.coach import coach_agent


class Seats:
    """The people's seats (``people``) and an agent for every seat.

    ``computers`` makes the agent of each computer's seat; ``autoplay`` the one that plays
    for a person when asked to. ``coached`` says whether the computers play as the coach
    does, whose games play every seat as ``coach_agents`` says.
    """

    def __init__(self, variant: Variant[Any], people: Sequence[int],
                 computers: Mapping[int, AgentMaker], autoplay: AgentMaker,
                 coach_agents: Sequence[str] | None, coached: Callable[[], bool]) -> None:
        self.people = tuple(people)
        self._variant = variant
        self._makers = dict(computers)
        self._autoplay = autoplay
        self._coach_agents = coach_agents
        self._coached = coached
        self._agents: dict[int, Agent] = {}

    def is_person(self, seat: int) -> bool:
        return seat in self.people

    def seat(self, seed: int, rules: Any, picked_up: Game[Any] | None = None) -> None:
        """Agents for a new game dealt from ``seed``, or for a game ``picked_up`` where it
        stands (the coach's agents then remember what each seat was shown up to there)."""
        makers = self._makers
        if self._coached() and rules is not None:
            makers = dict.fromkeys(makers, coach_agent(self._variant, rules, picked_up=picked_up,
                                                       agents=self._coach_agents))
        agents = {seat: make(seat, seed) for seat, make in makers.items()
                  if seat not in self.people}
        agents.update({seat: self._autoplay(seat, seed) for seat in self.people})
        self._agents = agents

    def agent(self, seat: int) -> Agent:
        """The agent that plays ``seat``: a computer's, or the one that plays for a person."""
        agent = self._agents.get(seat)
        if agent is None:
            raise BadInput(f"player {seat} must choose but has no agent",
                           allowed="an agent for every computer seat")
        return agent

    def choose(self, game: Game[Any]) -> Game[Any]:
        """``game`` after the seat that must choose has chosen, as its agent would."""
        decision = game.decision
        assert decision is not None, "nobody is to choose"
        view = self._variant.view(game.state, decision.player)
        return game.play(self.agent(decision.player)(view, decision))

    def computers_move(self, game: Game[Any]) -> Game[Any]:
        """``game`` played on until a person must choose, or to its end."""
        while (decision := game.decision) is not None and not self.is_person(decision.player):
            game = self.choose(game)
        return game
