"""Arsenal under random seeds, rulings and legal plays: what must hold after every step.

A hypothesis state machine deals a match with any rulings, plays random legal cards,
tries illegal ones and steps back in time, checking after every step that the cards of
the deck are all there exactly once, that hands stay equal and within their size, that
every round has a winner, and, at the end, that a whole match plays every round and that
replaying its trace through JSON rebuilds the very same steps.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from wartutor.core import BadInput, Game, Trace
from wartutor.core.chance import MAX_SEED
from wartutor.variants.arsenal import ARSENAL, ArsenalRules
from wartutor.variants.arsenal.cards import standard_deck
from wartutor.variants.arsenal.game import ArsenalState

rules_strategy = st.builds(
    ArsenalRules,
    deck=st.sampled_from(("standard", "four-suits", "NK-SF KV-PR CS-SO RK-ML SH-PR DY-SF")),
    hand_size=st.sampled_from((7, 3, 2, 1)),
    dry=st.sampled_from(("all-played", "pile-empty")),
    draw_order=st.sampled_from(("winner-first", "you-first", "npc-first")),
)


def every_card(state: ArsenalState) -> Counter[Any]:
    held = state.hands[0] + state.hands[1] + state.pile + state.captured[0] + state.captured[1]
    return Counter(held + ((state.lead,) if state.lead else ()))


class ArsenalMatches(RuleBasedStateMachine):
    game: Game[ArsenalState]

    @initialize(rules=rules_strategy, seed=st.integers(0, MAX_SEED))
    def deal(self, rules: ArsenalRules, seed: int) -> None:
        self.game = Game.new(ARSENAL, rules, seed)

    @precondition(lambda self: self.game.decision is not None)
    @rule(data=st.data())
    def play_a_legal_card(self, data: st.DataObject) -> None:
        decision = self.game.decision
        assert decision is not None
        before = self.game.state
        action = data.draw(st.sampled_from(decision.legal_actions))
        self.game = self.game.play(action)
        assert self.game.steps[-2].state is before  # earlier states are kept, not changed

    @rule(data=st.data())
    def try_a_card_not_in_hand(self, data: st.DataObject) -> None:
        decision = self.game.decision
        legal = decision.legal_actions if decision else ()
        card = data.draw(st.sampled_from(standard_deck()))
        action = f"play {card.code}"
        if action in legal:
            return
        before = self.game.state
        reason = ARSENAL.why_not(before, action)
        assert reason
        try:
            self.game.play(action)
        except BadInput as refused:
            assert refused.problem == reason
        else:
            raise AssertionError(f"{action!r} was accepted")
        assert self.game.state is before

    @precondition(lambda self: len(self.game.steps) > 1)
    @rule(data=st.data())
    def go_back_in_time(self, data: st.DataObject) -> None:
        self.game = self.game.upto(data.draw(st.integers(0, len(self.game.steps) - 1)))

    @invariant()
    def every_card_is_there_exactly_once(self) -> None:
        state = self.game.state
        assert every_card(state) == Counter(state.deck)
        if state.rules.deck == "standard":
            assert len(state.deck) == 90

    @invariant()
    def hands_are_equal_and_within_size(self) -> None:
        state = self.game.state
        sizes = [len(h) for h in state.hands]
        if state.lead is None:
            assert sizes[0] == sizes[1]
        assert max(sizes) <= state.rules.hand_size
        assert len(state.history) <= len(state.deck) // 2

    @invariant()
    def each_side_captures_two_cards_a_round_won(self) -> None:
        state = self.game.state
        for side in (0, 1):
            won = sum(r.winner == side for r in state.history)
            assert len(state.captured[side]) == 2 * won

    @invariant()
    def a_finished_match_has_a_winner_for_the_right_reason(self) -> None:
        state = self.game.state
        if state.outcome is None:
            assert self.game.decision is not None
            return
        totals = [len(c) for c in state.captured]
        (winner,) = state.outcome.winners
        if state.rules.dry == "all-played":
            assert len(state.history) == len(state.deck) // 2
        else:
            assert not state.pile
        if totals[0] == totals[1]:
            assert state.sudden_death is not None
        else:
            assert state.sudden_death is None and totals[winner] > totals[1 - winner]

    def teardown(self) -> None:
        if not hasattr(self, "game"):
            return
        trace = Trace.of(self.game)
        replayed = Trace.from_json(trace.to_json()).replay()
        assert replayed.actions == self.game.actions
        assert [s.state for s in replayed.steps] == [s.state for s in self.game.steps]
        assert [s.events for s in replayed.steps] == [s.events for s in self.game.steps]


ArsenalMatches.TestCase.settings = settings(
    max_examples=30, stateful_step_count=110, deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
test_arsenal_matches = ArsenalMatches.TestCase
