"""Guerrilla Tactics under random seeds, rulings and legal actions: what must hold after
every step, and how illegal actions are refused.

A hypothesis state machine deals a game for 2, 3 or 4 players with any rulings, takes
random legal actions (and tries illegal ones), and checks after every step that every
card is in exactly one place, that the Guerrilla rank stays within 2..6, that an
eliminated player is never asked again, that views hide what they must, and that
replaying the actions from the seed (through JSON) rebuilds the very same steps.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from hypothesis import HealthCheck, event, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from wartutor.core import BadInput, Game, Trace, play_out, rulings_of, standard_deck
from wartutor.core.chance import MAX_SEED
from wartutor.variants.guerrilla_tactics import GUERRILLA_TACTICS, GuerrillaRules
from wartutor.variants.guerrilla_tactics.agents import heuristic_agent, random_agent
from wartutor.variants.guerrilla_tactics.events import Eliminated, GameOver

YOU, ANA = 0, 1


@st.composite
def guerrilla_rules(draw: st.DrawFn) -> GuerrillaRules:
    """Any rulings, with a skirmish limit small enough to be reached now and then."""
    settings_ = {name: draw(st.sampled_from(r.choices))
                 for name, r in rulings_of(GuerrillaRules).items()}
    if settings_["players"] != 2:
        settings_["two_player_deck"] = "two-suits"
    settings_["skirmish_limit"] = draw(st.sampled_from((None, 1000, 3, 40)))
    return GuerrillaRules(**settings_)


def where_cards_are(game: Game[Any]) -> Counter[Any]:
    state = game.state
    places: Counter[Any] = Counter(state.removed)
    for seat in state.seats:
        places.update(seat.draw + seat.discard + seat.hand)
    for row in state.table:
        places.update(x.card for x in row)
    return places


class GuerrillaGames(RuleBasedStateMachine):
    def __init__(self) -> None:
        super().__init__()
        self.game: Game[Any]

    @initialize(seed=st.integers(0, MAX_SEED), rules=guerrilla_rules())
    def deal(self, seed: int, rules: GuerrillaRules) -> None:
        self.game = Game.new(GUERRILLA_TACTICS, rules, seed)
        self.dealt = where_cards_are(self.game)
        suits = "".join(rules.suits)
        assert self.dealt == Counter(c for c in standard_deck() if c.suit in suits)

    @precondition(lambda self: self.game.decision is not None)
    @rule(data=st.data())
    def take_a_legal_action(self, data: st.DataObject) -> None:
        decision = self.game.decision
        assert decision is not None
        self.game = self.game.play(data.draw(st.sampled_from(decision.legal_actions)))

    @precondition(lambda self: self.game.decision is not None)
    @rule(steps=st.integers(1, 60), seed=st.integers(0, 1000))
    def let_the_agents_play_on(self, steps: int, seed: int) -> None:
        players = self.game.rules.players
        agents = {p: (heuristic_agent if p % 2 else random_agent)(p, seed) for p in range(players)}
        self.game = play_out(self.game, agents, max_steps=steps)

    @rule(action=st.sampled_from(["", "play", "play 1Z", "support", "up", "propose", "cancel 9S",
                                  "pass please", "play AS", "up AS down AS", "decline", 7]))
    def refuse_an_illegal_action(self, action: Any) -> None:
        state = self.game.state
        decision = self.game.decision
        if decision is not None and action in decision.legal_actions:
            return
        reason = GUERRILLA_TACTICS.why_not(state, action)
        assert reason
        with pytest.raises(BadInput, match="Allowed: "):
            self.game.play(action)
        assert self.game.state is state

    @invariant()
    def note_the_ending(self) -> None:
        if self.game.outcome is not None:
            assert isinstance(self.game.outcome.because, GameOver)
            event(f"ended: {self.game.outcome.because.ending}")

    @invariant()
    def every_card_is_in_exactly_one_place(self) -> None:
        assert where_cards_are(self.game) == self.dealt

    @invariant()
    def the_guerrilla_rank_stays_within_2_and_6(self) -> None:
        assert 2 <= self.game.state.guerrilla_rank <= 6

    @invariant()
    def only_players_still_in_the_game_are_asked(self) -> None:
        state, decision = self.game.state, self.game.decision
        assert (decision is None) == (state.outcome is not None)
        if decision is not None:
            assert not state.seats[decision.player].out
            assert decision.legal_actions
            for action in decision.legal_actions:
                assert GUERRILLA_TACTICS.why_not(state, action) is None
        out = [e.player for s in self.game.steps for e in s.events if isinstance(e, Eliminated)]
        assert len(out) == len(set(out)) == sum(s.out for s in state.seats)

    @invariant()
    def every_event_names_a_known_rule_and_is_explained(self) -> None:
        for happened in self.game.steps[-1].events:
            assert happened.rule in GUERRILLA_TACTICS.rule_titles
            assert GUERRILLA_TACTICS.explain(happened)

    @invariant()
    def a_view_shows_a_player_only_what_they_may_see(self) -> None:
        state = self.game.state
        for viewer in range(len(state.seats)):
            view = GUERRILLA_TACTICS.view(state, viewer)
            for p, seat in enumerate(view.seats):
                assert (seat.hand is None) == (p != viewer)
                assert p == viewer or seat.pending is None
                assert seat.hand_count == len(state.seats[p].hand)
                if p != viewer:
                    assert all(x.card is None for x in view.table[p] if not x.face_up)
            assert view.removed is None and view.removed_count == len(state.removed)
        teacher = GUERRILLA_TACTICS.view(state, None)
        assert all(s.hand is not None for s in teacher.seats)

    def teardown(self) -> None:
        if not hasattr(self, "game"):
            return
        replayed = Trace.from_json(Trace.of(self.game).to_json()).replay()
        assert replayed.steps == self.game.steps


GuerrillaGames.TestCase.settings = settings(
    max_examples=40,
    stateful_step_count=20,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
TestGuerrillaGames = GuerrillaGames.TestCase


# Illegal actions: the package's error, with the reason, and nothing changes.


def deal(*piles: str, **rulings: Any) -> Game[Any]:
    return Game.new(GUERRILLA_TACTICS, GuerrillaRules(**rulings), seed=0, stacked=piles)


@pytest.mark.parametrize(("piles", "before", "action", "reason"), [
    (("5S KS", "9D 3D"), ("play 5S",), "play KD", "Ana does not hold the king of diamonds"),
    (("5S KS", "9D 3D"), (), "support KS",
     "You may only support when you are tied or losing, after the cards are revealed"),
    (("9S 4S", "KD 3D"), (), "propose",
     "A promotion needs every player to have played a Guerrilla first, and you and Ana have not"),
    (("9S 4S", "KD 3D"), (), "cancel 9S", "There is no promotion to cancel"),
    (("5S KS", "9D 3D"), ("play 5S", "play 9D"), "play KS",
     "Now you must decide whether to add support"),
    (("9S 3S QS 4S", "9D 5D 10D 6D"), ("play 9S", "play 9D"), "up QS down QS",
     "The queen of spades cannot lie face up and face down at once"),
    (("9S 3S QS 4S", "9D 5D 10D 6D"), ("play 9S", "play 9D"), "up 3S down QS",
     "The tie-break cards must be the ones just drawn: the queen of spades and the four"),
    (("9S 3S QS 4S", "9D 5D 10D 6D"), ("play 9S", "play 9D"), "up QS",
     "Lay one card face down as well"),
    (("9S 4S", "KD 3D"), (), "fly away", "'fly away' is not a Guerrilla Tactics action"),
])
def test_an_illegal_action_is_refused_with_its_reason_and_changes_nothing(
    piles: tuple[str, ...], before: tuple[str, ...], action: str, reason: str
) -> None:
    game = deal(*piles)
    for earlier in before:
        game = game.play(earlier)
    state = game.state
    with pytest.raises(BadInput, match=reason):
        game.play(action)
    assert game.state is state and GUERRILLA_TACTICS.why_not(state, action)


def test_a_support_that_would_not_improve_the_outcome_is_refused() -> None:
    game = deal("9S 3S KS 4S", "KD 6D 8D 10D", draw_to="draw-two")
    for action in ("play 9S", "play 6D", "decline", "play 3S", "play 8D"):
        game = game.play(action)
    assert game.decision is not None
    assert game.decision.legal_actions == ("support KS", "decline")  # not the four
    with pytest.raises(BadInput, match="Supporting with the four of spades would not help"):
        game.play("support 4S")


def test_a_promotion_refused_to_a_player_holding_a_guerrilla_names_it() -> None:
    game = deal("2S 9S 5S 6S 8S", "2D 2C KD QD")
    for action in ("play 2S", "play 2D", "support 9S", "decline", "propose"):
        game = game.play(action)
    assert game.decision is not None and game.decision.player == ANA
    assert "while holding a Guerrilla (the two of clubs)" in str(
        GUERRILLA_TACTICS.why_not(game.state, "propose"))


def test_nothing_is_due_after_the_end() -> None:
    game = deal("9S 3S", "KD 4D").play("play 9S").play("play KD")
    assert game.outcome is not None
    with pytest.raises(BadInput, match="no action is due: Ana is the last player remaining"):
        game.play("play 3S")


# Agents


def test_agents_only_choose_legal_actions_and_the_heuristic_beats_random_play() -> None:
    wins = 0
    for seed in range(20):
        agents = {YOU: heuristic_agent(YOU, seed), ANA: random_agent(ANA, seed)}
        game = play_out(Game.new(GUERRILLA_TACTICS, GuerrillaRules(), seed), agents)
        assert game.outcome is not None
        wins += game.outcome.winners == (YOU,)
    assert wins >= 14, wins


def test_the_heuristic_supports_only_to_win_and_cancels_every_promotion_it_can() -> None:
    agent = heuristic_agent(YOU, 0)
    game = deal("5S KS", "9D 3D").play("play 5S").play("play 9D")
    assert game.decision is not None
    assert agent(GUERRILLA_TACTICS.view(game.state, YOU), game.decision) == "support KS"
    tie = deal("9S 9H 3S", "9D 3D 4D").play("play 9S").play("play 9D")
    assert tie.decision is not None  # your 9H would make a winning pair
    assert agent(GUERRILLA_TACTICS.view(tie.state, YOU), tie.decision) == "support 9H"
    ana = heuristic_agent(ANA, 0)
    game = deal("2S 9S 5S 6S 8S", "2D 2C KD QD")
    for action in ("play 2S", "play 2D", "support 9S", "decline", "propose"):
        game = game.play(action)
    assert game.decision is not None
    assert ana(GUERRILLA_TACTICS.view(game.state, ANA), game.decision) == "cancel 2C"
