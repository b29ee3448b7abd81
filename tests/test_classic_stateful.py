"""Classic War under random seeds and random rulings: what must hold after every step.

A hypothesis state machine deals a game with any rulings, then turns cards, plays on,
goes back in time and tries illegal input, checking after every step that no card was
made or lost (all 52 in a shuffled deal), that the battle limit holds, that earlier
states never change, and that replaying the actions from the seed rebuilds the very
same steps.
"""

from __future__ import annotations

import copy
from collections import Counter
from typing import Any

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
)

from wartutor.core import BadInput, Game, Trace, codes, play_out, rulings_of, standard_deck
from wartutor.core.agents import first_legal
from wartutor.core.chance import MAX_SEED
from wartutor.variants.classic_war import CLASSIC_WAR, ClassicRules
from wartutor.variants.classic_war.game import GameOver, WarLaid

seeds = st.integers(min_value=0, max_value=MAX_SEED)


def classic_rules() -> st.SearchStrategy[ClassicRules]:
    """Any rulings: every declared choice, and battle limits small enough to be reached."""
    options: dict[str, st.SearchStrategy[Any]] = {
        name: st.sampled_from(r.choices) for name, r in rulings_of(ClassicRules).items()
    }
    options["battle_limit"] = st.one_of(options["battle_limit"], st.integers(1, 80))
    return st.fixed_dictionaries(options).map(lambda s: ClassicRules(**s))


@st.composite
def stacked_deals(draw: st.DrawFn) -> tuple[str, str]:
    """A small stacked deal from a few ranks (so wars are common): short games, every ending."""
    ranks = draw(st.integers(1, 13))
    deck = draw(st.permutations([c for c in standard_deck() if c.rank < 2 + ranks]))
    mine = draw(st.integers(1, min(8, len(deck) - 1)))
    theirs = draw(st.integers(1, min(8, len(deck) - mine)))
    return codes(deck[:mine]), codes(deck[mine : mine + theirs])


class ClassicWarGames(RuleBasedStateMachine):
    def __init__(self) -> None:
        super().__init__()
        self.game: Game[Any]
        self.before: tuple[Game[Any], Any] | None = None

    def remember(self) -> None:
        """Keep the game about to be left behind, and a deep copy of its state."""
        self.before = (self.game, copy.deepcopy(self.game.state))

    @initialize(seed=seeds, rules=classic_rules(), stacked=st.none() | stacked_deals())
    def deal(self, seed: int, rules: ClassicRules, stacked: tuple[str, str] | None) -> None:
        self.game = Game.new(CLASSIC_WAR, rules, seed, stacked)
        dealt = self.game.state.decks
        self.dealt = Counter(dealt[0] + dealt[1])
        if stacked is None:
            assert self.dealt == Counter(standard_deck())

    @precondition(lambda self: self.game.decision is not None)
    @rule()
    def turn(self) -> None:
        self.remember()
        self.game = self.game.play("turn")

    @precondition(lambda self: self.game.decision is not None)
    @rule(battles=st.integers(1, 40))
    def play_on(self, battles: int) -> None:
        self.remember()
        self.game = play_out(self.game, {0: first_legal}, max_steps=battles)

    @precondition(lambda self: len(self.game.steps) > 1)
    @rule(data=st.data())
    def go_back(self, data: st.DataObject) -> None:
        self.remember()
        self.game = self.game.upto(data.draw(st.integers(0, len(self.game.steps) - 2)))

    @rule(action=st.sampled_from(["", "Turn", "turn ", "play 9S", "undo"]))
    def refuse_an_illegal_action(self, action: str) -> None:
        state = self.game.state
        with pytest.raises(BadInput, match="Allowed: "):
            self.game.play(action)
        assert self.game.state is state

    @precondition(lambda self: self.game.decision is None)
    @rule()
    def refuse_to_play_after_the_end(self) -> None:
        with pytest.raises(BadInput, match="no action is due"):
            self.game.play("turn")

    @invariant()
    def note_the_ending(self) -> None:
        if self.game.outcome is not None:
            event(f"ended: {self.game.outcome.because.ending}")

    @invariant()
    def every_card_is_somewhere_exactly_once(self) -> None:
        state = self.game.state
        assert Counter(state.decks[0] + state.decks[1] + state.unclaimed) == self.dealt

    @invariant()
    def cards_stay_on_the_table_only_after_an_unfinished_war_ended_the_game(self) -> None:
        state = self.game.state
        if state.unclaimed:
            assert state.outcome is not None
            assert state.outcome.because.ending in ("short", "both-short")

    @invariant()
    def battles_never_pass_the_limit(self) -> None:
        state, limit = self.game.state, self.game.rules.battle_limit
        assert state.battles == len(self.game.actions)
        if limit is not None:
            assert state.battles <= limit
            if state.battles == limit:
                assert state.outcome is not None

    @invariant()
    def the_game_is_over_exactly_when_no_decision_is_due(self) -> None:
        game = self.game
        assert (game.decision is None) == (game.outcome is not None)
        if game.outcome is not None:
            assert game.steps[-1].events[-1] is game.outcome.because
            assert isinstance(game.outcome.because, GameOver)
        over = [e for s in game.steps for e in s.events if isinstance(e, GameOver)]
        assert len(over) == (game.outcome is not None)

    @invariant()
    def wars_are_counted_and_every_event_explained(self) -> None:
        events = [e for s in self.game.steps for e in s.events]
        assert self.game.state.wars == sum(isinstance(e, WarLaid) for e in events)
        for happened in self.game.steps[-1].events:
            assert happened.rule in CLASSIC_WAR.rule_titles
            assert CLASSIC_WAR.explain(happened)

    @invariant()
    def a_players_view_counts_the_decks_and_hides_them(self) -> None:
        state = self.game.state
        view = CLASSIC_WAR.view(state, 0)
        assert view.counts == (len(state.decks[0]), len(state.decks[1]))
        assert view.decks is None
        assert all(x.card is None for row in view.last_battle for x in row if not x.face_up)

    @invariant()
    def the_game_left_behind_is_unchanged(self) -> None:
        if self.before is not None:
            game, snapshot = self.before
            assert game.state == snapshot

    @invariant()
    def replaying_the_actions_from_the_seed_rebuilds_the_same_steps(self) -> None:
        replayed = Trace.from_json(Trace.of(self.game).to_json()).replay()
        assert replayed.steps == self.game.steps
        assert replayed.rules == self.game.rules


ClassicWarGames.TestCase.settings = settings(
    max_examples=80,
    stateful_step_count=25,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
TestClassicWarGames = ClassicWarGames.TestCase


# The private fast path must give the traced engine's summary.


def traced_summary(rules: ClassicRules, seed: int, max_length: int | None) -> Any:
    game = play_out(Game.new(CLASSIC_WAR, rules, seed), {0: first_legal}, max_steps=max_length)
    return CLASSIC_WAR.summarize(game)


TURNS = ("turn", "turn")  # the one agent of classic War, at both seats


@settings(max_examples=120, deadline=None)
@given(
    rules=classic_rules(),
    seed=seeds,
    max_length=st.one_of(st.none(), st.integers(0, 300)),
)
def test_the_fast_path_gives_the_traced_engines_summary(
    rules: ClassicRules, seed: int, max_length: int | None
) -> None:
    if rules.battle_limit is None and max_length is None:
        max_length = 3000  # without a limit a game may cycle for ever
    fast = CLASSIC_WAR.play_fast(rules, seed, TURNS, max_length)
    assert fast == traced_summary(rules, seed, max_length)


def test_the_fast_path_agrees_over_300_seeds_of_the_default_rules() -> None:
    rules = ClassicRules()
    endings = Counter()
    for seed in range(300):
        fast = CLASSIC_WAR.play_fast(rules, seed, TURNS, None)
        assert fast == traced_summary(rules, seed, None), f"seed {seed}"
        endings[fast.ending] += 1
    # The seeds cover every way a default game can end.
    assert set(endings) >= {"all-cards", "short", "limit"}, endings


def test_the_fast_path_agrees_without_a_battle_limit() -> None:
    rules = ClassicRules(battle_limit=None, pickup="interleaved")
    for seed in range(40):
        assert CLASSIC_WAR.play_fast(rules, seed, TURNS, 1500) == traced_summary(rules, seed, 1500)
