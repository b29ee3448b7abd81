"""Trade War: Go-Fish asks, War battles, resource piles, and two jokers.

A stacked deal for two players (your hand, then the computer's, then the centre, top
first). You ask the computer for a seven; it lays its two sevens face up, you attack
with an ace, and two threes beat it: only doubles beat doubles.

>>> from wartutor.core import Game
>>> rules = TradeRules(players=2, first_player=0)
>>> game = Game.new(TRADE_WAR, rules, stacked=("AS 7C 2D", "7H 7D 3H 3D KC", "9C 9D"))
>>> game = game.play("ask 1 7").play("play AS").play("play 3H 3D")
>>> for event in game.steps[-3].events + game.steps[-1].events:
...     print(TRADE_WAR.explain(event))
You ask Computer 1 for a seven.
Computer 1 holds 2 cards of that rank, so all go face up as the stake: the seven of hearts, the seven of diamonds.
Computer 1 defends with two threes (3H 3D).
Computer 1 wins the battle against you: doubles can only be beaten by doubles.
Computer 1 collects 5 cards, face down onto the resource pile.
Your turn ends: a lost battle ends the instigator's turn.
Turn 2: Computer 1 (next clockwise) is the instigator. Hand and resource pile hold fewer than seven cards together, so one card may be drawn from the centre.
Computer 1 refills the hand with all 5 cards of the resource pile (the seven of hearts, the seven of diamonds, the ace of spades, the three of hearts, the three of diamonds): no more than the hand needs.
>>> TRADE_WAR.view(game.state, 0).hand_sizes, TRADE_WAR.decision(game.state).legal_actions[0]
((2, 6), 'draw')
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from wartutor.core.engine import Decision, Event, Game, Outcome, Summary, check_action
from wartutor.core.position import Stage
from wartutor.language import pgettext
from wartutor.variants.trade_war import fast, unseen
from wartutor.variants.trade_war import game as rules_of_play
from wartutor.variants.trade_war import position as positions
from wartutor.variants.trade_war.agents import AGENTS
from wartutor.variants.trade_war.choices import decision
from wartutor.variants.trade_war.explain import (
    RULE_TITLES,
    explain,
    explain_for,
    name,
    why_not,
)
from wartutor.variants.trade_war.rules import FIXED_RULINGS, TradeRules
from wartutor.variants.trade_war.state import GameOver, TradeEvent, TradeState
from wartutor.variants.trade_war.view import TradeView, view

__all__ = ["TRADE_WAR", "TradeRules", "TradeState", "TradeView", "TradeWar"]


class TradeWar:
    """Trade War as a variant of the engine contract (see :mod:`wartutor.core.engine`)."""

    # Between people (rooms, pass-and-play) who is asked must not give away who holds
    # what: TW-PUTIN-WHO 'everyone'. Against the computer the rule text's default stands.
    shared_play_settings: ClassVar[dict[str, Any]] = {"putin_window": "everyone"}

    name = "trade_war"
    title = "Trade War"
    rules_type = TradeRules
    length_unit = "turn"  # what Summary.length counts
    rule_titles = RULE_TITLES
    fixed_rulings = FIXED_RULINGS
    agents = AGENTS

    def setting_label(self, name: str, value: object) -> str | None:
        """How a rule option reads in the apps' menus, in the language in force (the
        values themselves stay as they are); None for yes, no, none and numbers, which
        the rulings panel words for every variant alike (``choice_label``)."""
        return _choice_words().get(value) if isinstance(value, str) else None

    def player_names(self, rules: TradeRules) -> tuple[str, ...]:
        return tuple(name(p).capitalize() for p in range(rules.players))

    def new_game(
        self, rules: TradeRules, seed: int, stacked: tuple[str, ...] | None = None
    ) -> tuple[TradeState, tuple[Event, ...]]:
        return rules_of_play.deal(rules, seed, stacked)

    def decision(self, state: TradeState) -> Decision | None:
        return decision(state)

    def apply(self, state: TradeState, action: str) -> tuple[TradeState, tuple[Event, ...]]:
        check_action(self, state, action)
        return rules_of_play.step(state, action)

    def explain(self, event: Event) -> str:
        return explain(event)

    def explain_for(self, event: Event, viewer: int | None) -> str:
        """The explanation as ``viewer`` may read it: others' private cards stay hidden."""
        return explain_for(event, viewer)

    def why_not(self, state: TradeState, action: object) -> str | None:
        return why_not(state, action)

    def view(self, state: TradeState, player: int | None) -> TradeView:
        return view(state, player)

    def outcome(self, state: TradeState) -> Outcome | None:
        return state.outcome

    def fast_refusal(self, rules: TradeRules, agents: tuple[str, ...]) -> str | None:
        """None when the fast path plays these rules with these agents; else why not."""
        return fast.fast_refusal(rules, agents)

    def play_fast(
        self, rules: TradeRules, seed: int, agents: tuple[str, ...], max_length: int | None
    ) -> Summary:
        """The summary of game ``seed``, exactly as the traced engine gives it."""
        return fast.play_fast(rules, seed, agents, max_length)

    def position_of(self, state: TradeState) -> dict[str, Any]:
        """The position of a state: hands, piles, centre, battle, turn, stage, counters."""
        return positions.position_of(state)

    def from_position(
        self, rules: TradeRules, position: Mapping[str, Any], seed: int
    ) -> TradeState:
        """The state at ``position`` (see docs/positions.md), or BadInput saying why not."""
        return positions.from_position(rules, position, seed)

    def play_from_position(
        self, rules: TradeRules, position: Mapping[str, Any], seed: int
    ) -> tuple[TradeState, tuple[TradeEvent, ...]]:
        """The state at the first choice from that position, and the events on the way
        (none unless nobody chooses at that position)."""
        return positions.play_from_position(rules, position, seed)

    def stages(self) -> tuple[Stage, ...]:
        """The stages a position may name, with what each needs (see position.py)."""
        return positions.stages()

    def deal_unseen(
        self, rules: TradeRules, view: TradeView, seed: int, seen: Sequence[TradeView] = ()
    ) -> TradeState:
        """A whole table that shows ``view.viewer`` exactly ``view``, the cards it hides
        dealt at random from ``seed`` where the views ``seen`` before (oldest first) allow:
        the coach's deal, which never sees the real one."""
        return unseen.deal_unseen(rules, view, seed, seen)

    def play_on(
        self, rules: TradeRules, state: TradeState, agents: tuple[str, ...], seed: int,
        max_length: int | None,
    ) -> Summary:
        """The summary of playing ``state`` to the end on the fast path, seat ``p`` by the
        agent ``agents[p]`` made with ``(p, seed)``, exactly as the traced engine would."""
        return fast.play_on(rules, state, agents, seed, max_length)

    def summarize(self, game: Game[TradeState]) -> Summary:
        """Length in turns; counts of asks, misses, battles, doubles, jokers and rewards."""
        state = game.state
        counts = dict(vars(state.tally))
        if state.outcome is None:
            return Summary(None, "unfinished", state.turn, counts)
        over = state.outcome.because
        assert isinstance(over, GameOver)
        winners = None if over.ending == "limit" else state.outcome.winners
        return Summary(winners, over.ending, state.turn, counts)


def _choice_words() -> dict[str, str]:
    """The rulings' word choices, as the menus show them."""
    # Translators: the choices of the rulings' menus; the rulings' reasons quote them.
    return {
        "random": pgettext("ruling choice", "random"),
        "to-seven": pgettext("ruling choice", "to-seven"),
        "optional": pgettext("ruling choice", "optional"),
        "all": pgettext("ruling choice", "all"),
        "two": pgettext("ruling choice", "two"),
        "stake": pgettext("ruling choice", "stake"),
        "play": pgettext("ruling choice", "play"),
        "free": pgettext("ruling choice", "free"),
        "forced": pgettext("ruling choice", "forced"),
        "high": pgettext("ruling choice", "high"),
        "low": pgettext("ruling choice", "low"),
        "mueller": pgettext("ruling choice", "mueller"),
        "ace": pgettext("ruling choice", "ace"),
        "doubles": pgettext("ruling choice", "doubles"),
        "defender": pgettext("ruling choice", "defender"),
        "again": pgettext("ruling choice", "again"),
        "table": pgettext("ruling choice", "table"),
        "table-or-hand": pgettext("ruling choice", "table-or-hand"),
        "resources": pgettext("ruling choice", "resources"),
        "hand-first": pgettext("ruling choice", "hand-first"),
        "turn": pgettext("ruling choice", "turn"),
        "game": pgettext("ruling choice", "game"),
        "hand": pgettext("ruling choice", "hand"),
        "clockwise": pgettext("ruling choice", "clockwise"),
        "at-once": pgettext("ruling choice", "at-once"),
        "end-of-turn": pgettext("ruling choice", "end-of-turn"),
        "shared": pgettext("ruling choice", "shared"),
        "draw": pgettext("ruling choice", "draw"),
        "holder": pgettext("ruling choice", "holder"),
        "everyone": pgettext("ruling choice", "everyone"),
    }


TRADE_WAR = TradeWar()
