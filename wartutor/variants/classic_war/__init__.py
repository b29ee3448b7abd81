"""Classic War: two players, 26 cards each, ace high, one card face down per war.

The rule text's worked example, as a stacked deal (your deck first, top card first):
both reveal a nine, each hides one card and reveals a second, and a king beats a seven.

>>> from wartutor.core import Game
>>> game = Game.new(CLASSIC_WAR, seed=0, stacked=("9S 4C KD 2H", "9H 5D 7C 3S")).play("turn")
>>> for event in game.steps[-1].events:
...     print(CLASSIC_WAR.explain(event))
Battle 1: both turn a nine. Equal ranks mean war.
War: each side lays 1 card face down and one face up. You turn the king of diamonds, the computer the seven of clubs.
War 1 of battle 1: your king beats the computer's seven. The higher rank wins; aces are high and suits do not matter.
You take the pile of 6 cards to the bottom of your deck, the winner's cards first, then the loser's, each in the order played.
>>> CLASSIC_WAR.view(game.state, 0).counts
(7, 1)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from wartutor.core.agents import first_legal_agent
from wartutor.core.engine import (
    Decision,
    Event,
    Game,
    Outcome,
    Summary,
    check_action,
    plain_refusal,
)
from wartutor.core.position import Stage
from wartutor.language import N_
from wartutor.variants.classic_war import game as rules_of_play
from wartutor.variants.classic_war import position as positions
from wartutor.variants.classic_war.explain import explain, rule_titles
from wartutor.variants.classic_war.fast import play_fast
from wartutor.variants.classic_war.game import ClassicEvent, ClassicState, GameOver
from wartutor.variants.classic_war.rules import FIXED_RULINGS, ClassicRules, setting_label
from wartutor.variants.classic_war.view import ClassicView, view

# Nobody chooses anything in classic War: the one agent just turns the cards.
AGENTS = {"turn": first_legal_agent}

__all__ = ["CLASSIC_WAR", "ClassicRules", "ClassicState", "ClassicView", "ClassicWar"]


class ClassicWar:
    """Classic War as a variant of the engine contract (see :mod:`wartutor.core.engine`)."""

    name = "classic_war"
    title = "Classic War"
    rules_type = ClassicRules
    length_unit = "battle"  # what Summary.length counts
    fixed_rulings = FIXED_RULINGS
    agents = AGENTS

    @property
    def rule_titles(self) -> dict[str, str]:
        """Rule or ruling id -> its title, in the language in force."""
        return rule_titles()

    def setting_label(self, name: str, value: object) -> str:
        """How a ruling's setting reads in the apps' menus, in the language in force."""
        return setting_label(name, value)

    def player_names(self, rules: ClassicRules) -> tuple[str, ...]:
        return (N_("You"), N_("Computer"))

    def new_game(
        self, rules: ClassicRules, seed: int, stacked: tuple[str, ...] | None = None
    ) -> tuple[ClassicState, tuple[Event, ...]]:
        return rules_of_play.deal(rules, seed, stacked)

    def decision(self, state: ClassicState) -> Decision | None:
        return rules_of_play.decision(state)

    def apply(self, state: ClassicState, action: str) -> tuple[ClassicState, tuple[Event, ...]]:
        if state.outcome is not None or action != rules_of_play.TURN:
            check_action(self, state, action)  # refuses, saying why
        return rules_of_play.battle(state)

    def explain(self, event: Event) -> str:
        return explain(event)

    def why_not(self, state: ClassicState, action: object) -> str | None:
        return plain_refusal(self, state, action)

    def view(self, state: ClassicState, player: int | None) -> ClassicView:
        return view(state, player)

    def outcome(self, state: ClassicState) -> Outcome | None:
        return state.outcome

    def summarize(self, game: Game[ClassicState]) -> Summary:
        state = game.state
        counts = {"wars": state.wars}
        if state.outcome is None:
            return Summary(None, "unfinished", state.battles, counts)
        assert isinstance(state.outcome.because, GameOver)
        return Summary(state.outcome.winners, state.outcome.because.ending, state.battles, counts)

    def position_of(self, state: ClassicState) -> dict[str, Any]:
        """The position of a state: both decks, the counters, the last battle, the end."""
        return positions.position_of(state)

    def from_position(
        self, rules: ClassicRules, position: Mapping[str, Any], seed: int
    ) -> ClassicState:
        """The state at ``position`` (see docs/positions.md), or BadInput saying why not."""
        return positions.from_position(rules, position, seed)

    def play_from_position(
        self, rules: ClassicRules, position: Mapping[str, Any], seed: int
    ) -> tuple[ClassicState, tuple[ClassicEvent, ...]]:
        """The state at that position, and at stage "war" the events of the battle fought on
        to its end."""
        return positions.play_from_position(rules, position, seed)

    def stages(self) -> tuple[Stage, ...]:
        """The stages a position may name, with what each needs (see position.py)."""
        return positions.stages()

    def fast_refusal(self, rules: ClassicRules, agents: tuple[str, ...]) -> str | None:
        """The fast path plays every ruling; its one agent only turns the cards."""
        return None

    def play_fast(
        self, rules: ClassicRules, seed: int, agents: tuple[str, ...] = ("turn", "turn"),
        max_length: int | None = None,
    ) -> Summary:
        """Private-path summary of the game from ``seed``; equal to the traced engine's."""
        return play_fast(rules, seed, agents, max_length)


CLASSIC_WAR = ClassicWar()
