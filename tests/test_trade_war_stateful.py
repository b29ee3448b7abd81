"""Trade War under random seeds, random rulings and random legal actions.

A hypothesis state machine deals a game for 2 to 5 players with any rulings and plays
random legal actions, checking after every step that every card that was not
assassinated is in exactly one place, that no hand holds more than seven, that the
one player who decides has at least one legal choice, and that replaying the actions
(through a JSON trace) rebuilds the very same states and events.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from wartutor.core import BadInput, Game, Trace, play_out, rulings_of
from wartutor.core.chance import MAX_SEED
from wartutor.variants.trade_war import TRADE_WAR, TradeRules
from wartutor.variants.trade_war.agents import AGENTS
from wartutor.variants.trade_war.cards import trade_deck
from wartutor.variants.trade_war.state import TradeState

seeds = st.integers(min_value=0, max_value=MAX_SEED)


def trade_rules() -> st.SearchStrategy[TradeRules]:
    """Any rulings, with turn limits small enough to be reached."""
    options: dict[str, st.SearchStrategy[Any]] = {
        name: st.sampled_from(r.choices) for name, r in rulings_of(TradeRules).items()
    }
    options["first_player"] = st.sampled_from(("random", 0, 1))
    options["turn_limit"] = st.integers(1, 40)
    return st.fixed_dictionaries(options).map(lambda s: TradeRules(**s))


def places(state: TradeState) -> Counter[Any]:
    """Every card in the game, counted wherever it is."""
    battle = state.battle.cards if state.battle else ()
    groups = (*state.hands, *state.piles, state.center, state.removed, battle)
    return Counter(c for group in groups for c in group)


class TradeWarMachine(RuleBasedStateMachine):
    game: Game[TradeState]

    @initialize(rules=trade_rules(), seed=seeds)
    def deal(self, rules: TradeRules, seed: int) -> None:
        self.game = Game.new(TRADE_WAR, rules, seed)

    @precondition(lambda self: self.game.decision is not None)
    @rule(choice=st.integers(0, 10_000))
    def choose(self, choice: int) -> None:
        decision = self.game.decision
        assert decision is not None
        self.game = self.game.play(decision.legal_actions[choice % len(decision.legal_actions)])

    @rule(back=st.integers(0, 10_000))
    def go_back_in_time(self, back: int) -> None:
        earlier = self.game.upto(back % len(self.game.steps))
        assert earlier.steps == self.game.steps[: len(earlier.steps)]
        self.game = earlier

    @precondition(lambda self: self.game.decision is not None)
    @rule(action=st.sampled_from(["jump", "ask 9 2", "play PJ", "take XX", "reward 7 hand"]))
    def refuse(self, action: str) -> None:
        before = self.game.state
        with pytest.raises(BadInput):
            self.game.play(action)
        assert self.game.state is before

    @invariant()
    def every_card_is_in_exactly_one_place(self) -> None:
        counted = places(self.game.state)
        assert set(counted.values()) <= {1}
        assert set(counted) == set(trade_deck())

    @invariant()
    def no_hand_holds_more_than_seven(self) -> None:
        assert all(len(hand) <= 7 for hand in self.game.state.hands)

    @invariant()
    def the_one_who_decides_has_a_choice_and_the_ended_game_has_a_reason(self) -> None:
        decision, state = self.game.decision, self.game.state
        if decision is None:
            assert state.outcome is not None
            assert TRADE_WAR.explain(state.outcome.because)
        else:
            assert decision.legal_actions and state.outcome is None
            assert TRADE_WAR.why_not(state, decision.legal_actions[0]) is None

    @invariant()
    def every_event_is_explained_and_cites_a_titled_rule(self) -> None:
        for event in self.game.steps[-1].events:
            assert event.rule in TRADE_WAR.rule_titles
            assert TRADE_WAR.explain(event)

    def teardown(self) -> None:
        if not hasattr(self, "game"):
            return
        replayed = Trace.from_json(Trace.of(self.game).to_json()).replay()
        assert replayed.steps == self.game.steps


TradeWarMachine.TestCase.settings = settings(
    max_examples=60, stateful_step_count=50, deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
test_trade_war_machine = TradeWarMachine.TestCase


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("agent", ["heuristic", "random"])
def test_every_game_ends(players: int, agent: str) -> None:
    for seed in range(4):
        rules = TradeRules(players=players, turn_limit=60)
        agents = {p: AGENTS[agent](p, seed) for p in range(players)}
        game = play_out(Game.new(TRADE_WAR, rules, seed), agents)
        assert game.outcome is not None and game.state.turn <= 60
        summary = TRADE_WAR.summarize(game)
        assert summary.ending in ("center-empty", "limit", "stalled")


@settings(max_examples=25, deadline=None)
@given(seed=seeds, players=st.integers(2, 5))
def test_a_player_sees_no_one_elses_hand_or_pile(seed: int, players: int) -> None:
    game = Game.new(TRADE_WAR, TradeRules(players=players), seed)
    game = play_out(game, {p: AGENTS["random"](p, seed) for p in range(players)}, 30)
    for viewer in range(players):
        seen = TRADE_WAR.view(game.state, viewer)
        assert all((h is None) == (p != viewer) for p, h in enumerate(seen.hands))
        assert all((x is None) == (p != viewer) for p, x in enumerate(seen.piles))
