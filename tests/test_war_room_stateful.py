"""War Room under random seeds, rulings, deals and legal choices: what must hold after every step.

A hypothesis state machine deals a game (shuffled, or a small stacked deal so that
eliminations, reshuffles and endings come quickly), then plays random legal actions,
goes back in time and tries illegal input. After every step: every card is in exactly
one place, a card's VC changed only through an instruction, bounds hold, and replaying
the JSON trace rebuilds the very same steps.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from hypothesis import HealthCheck, event, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from wartutor.core import BadInput, Game, Trace
from wartutor.core.chance import MAX_SEED
from wartutor.variants.war_room import WAR_ROOM, WarRoomRules, default_deck
from wartutor.variants.war_room.events import (
    Compared,
    GameOver,
    InstructionResolved,
    Revealed,
)
from wartutor.variants.war_room.game import WarRoomState

CODES = [k.code for k in default_deck().kinds]


@st.composite
def war_room_rules(draw: st.DrawFn) -> WarRoomRules:
    players = draw(st.integers(2, 5))
    return WarRoomRules(
        players=players,
        first_player=draw(st.sampled_from(["random", *range(players)])),
        reactivate=draw(st.sampled_from(["every-step", "once-per-cycle"])),
        extreme_tie=draw(st.sampled_from(["chooser", "all"])),
        stalemate_when=draw(st.sampled_from(["no-change", "same-tie"])),
        stalemate=draw(st.sampled_from(["random", "void"])),
        round_limit=draw(st.sampled_from([None, 5000, 3, 12])),
    )


@st.composite
def stacked_deals(draw: st.DrawFn, players: int) -> tuple[str, ...]:
    """One to four cards per player, at most six of a kind (as many as the deck has)."""
    stacks = [draw(st.lists(st.sampled_from(CODES), min_size=1, max_size=4))
              for _ in range(players)]
    counts = Counter(c for s in stacks for c in s)
    if max(counts.values()) > 6:
        stacks = [s[:1] for s in stacks]
    return tuple(" ".join(s) for s in stacks)


class WarRoomGames(RuleBasedStateMachine):
    def __init__(self) -> None:
        super().__init__()
        self.game: Game[WarRoomState]

    @initialize(seed=st.integers(0, MAX_SEED), rules=war_room_rules(), data=st.data())
    def deal(self, seed: int, rules: WarRoomRules, data: st.DataObject) -> None:
        stacked = data.draw(st.none() | stacked_deals(rules.players))
        self.game = Game.new(WAR_ROOM, rules, seed, stacked)
        if stacked is None:
            self.dealt = Counter(default_deck().cards)
        else:
            deck = default_deck()
            self.dealt = Counter(c for s in stacked for c in deck.parse(s))

    @precondition(lambda self: self.game.decision is not None)
    @rule(data=st.data(), moves=st.integers(1, 40))
    def play_legal_actions(self, data: st.DataObject, moves: int) -> None:
        for _ in range(moves):
            decision = self.game.decision
            if decision is None:
                return
            self.game = self.game.play(data.draw(st.sampled_from(decision.legal_actions)))

    @precondition(lambda self: len(self.game.steps) > 1)
    @rule(data=st.data())
    def go_back(self, data: st.DataObject) -> None:
        self.game = self.game.upto(data.draw(st.integers(0, len(self.game.steps) - 2)))

    @rule(action=st.sampled_from(["", "Activate", "target You", "target Dev", "use", "skip",
                                  "decline ", "play 9S"]))
    def refuse_an_illegal_action(self, action: str) -> None:
        state = self.game.state
        decision = self.game.decision
        if decision is not None and action in decision.legal_actions:
            return
        with pytest.raises(BadInput, match="Allowed: "):
            self.game.play(action)
        assert WAR_ROOM.why_not(state, action)
        assert self.game.state is state

    @invariant()
    def note_the_ending(self) -> None:
        if self.game.outcome is not None:
            assert isinstance(self.game.outcome.because, GameOver)
            event(f"ended: {self.game.outcome.because.ending}")
        event(f"tie-break steps: {min(self.game.state.counts.tie_breaks, 3)}+")

    @invariant()
    def every_card_is_in_exactly_one_place(self) -> None:
        state = self.game.state
        here = Counter(c for pile in state.stacks + state.collections for c in pile)
        here.update(x.card for x in state.table if x is not None)
        assert here == self.dealt

    @invariant()
    def players_hold_cards_exactly_while_they_remain(self) -> None:
        state = self.game.state
        for seat in range(state.rules.players):
            held = len(state.stacks[seat]) + len(state.collections[seat]) + (
                state.table[seat] is not None)
            assert (held > 0) == (seat in state.remaining) or state.outcome is not None
        if state.outcome is None:
            assert len(state.remaining) >= 2
            assert all(state.table[s] is not None for s in state.remaining)
            assert set(state.participants) <= set(state.remaining)
        limit = state.rules.round_limit
        assert limit is None or state.round <= limit

    @invariant()
    def a_cards_vc_changes_only_through_an_instruction(self) -> None:
        vc: dict[int, int] = {}
        for step in self.game.steps:
            for happened in step.events:
                if isinstance(happened, Revealed):
                    vc = {seat: card.vc for seat, card in happened.cards}
                elif isinstance(happened, InstructionResolved):
                    for hit in happened.hits:
                        assert vc[hit.player] == hit.before
                        assert hit.after - hit.before == happened.instruction.change
                        vc[hit.player] = hit.after
                elif isinstance(happened, Compared):
                    assert all(vc[seat] == value for seat, value in happened.vcs)
        state = self.game.state
        if state.outcome is None:
            assert {s: x.vc for s, x in enumerate(state.table) if x is not None} == vc

    @invariant()
    def the_game_is_over_exactly_when_no_decision_is_due(self) -> None:
        game = self.game
        assert (game.decision is None) == (game.outcome is not None)
        for happened in game.steps[-1].events:
            assert happened.rule in WAR_ROOM.rule_titles
            assert WAR_ROOM.explain(happened)

    @invariant()
    def a_player_sees_no_other_pending_declaration(self) -> None:
        state = self.game.state
        for seat in range(state.rules.players):
            view = WAR_ROOM.view(state, seat)
            assert view.stacks is None and view.pending is None
            assert view.own_declaration == state.declared[seat]

    @invariant()
    def replaying_the_trace_rebuilds_the_same_steps(self) -> None:
        replayed = Trace.from_json(Trace.of(self.game).to_json()).replay()
        assert replayed.steps == self.game.steps


WarRoomGames.TestCase.settings = settings(
    max_examples=80, stateful_step_count=12, deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
TestWarRoomGames = WarRoomGames.TestCase


def test_summaries_of_random_games_add_up() -> None:
    from wartutor.core import play_out
    from wartutor.variants.war_room.agents import AGENTS

    for seed in range(6):
        rules = WarRoomRules(players=2 + seed % 4, round_limit=60)
        agents = {p: AGENTS["random" if seed % 2 else "heuristic"](p, seed)
                  for p in range(rules.players)}
        game = play_out(Game.new(WAR_ROOM, rules, seed), agents)
        summary = WAR_ROOM.summarize(game)
        assert summary.length == game.state.round <= 60
        if summary.ending == "unfinished":
            assert summary.winners is None
        else:
            assert summary.winners is not None and len(summary.winners) == 1
        events: list[Any] = [e for s in game.steps for e in s.events]
        assert summary.counts["tie_breaks"] == sum(type(e).__name__ == "TieBreak" for e in events)
