"""Guerrilla Tactics: skirmishes with support, spies and escalating waves of Guerrillas.

A stacked deal (one draw pile per player, top card first). You play a pair of
Guerrillas against Ana's ace: your 2 loses to the ace, so you may support with your
other Guerrilla, and a pair beats any single card. A Guerrilla was involved, so half
of the cards used are lost.

>>> from wartutor.core import Game
>>> game = Game.new(GUERRILLA_TACTICS, seed=0, stacked=("2S 2H 9S", "AS 5H KD"))
>>> game.decision
Decision(player=0, kind='play', legal_actions=('play 2S', 'play 2H'))
>>> game = game.play("play 2S").play("play AS")
>>> game.decision
Decision(player=0, kind='support', legal_actions=('support 2H', 'decline'))
>>> game = game.play("support 2H")
>>> for event in game.steps[-1].events[:4]:
...     print(GUERRILLA_TACTICS.explain(event))
Support: you add the two of hearts. Whoever supports draws one card fewer at the next draw.
After the supports: you have a pair of Guerrillas and Ana has an ace, so you win. A pair beats any single card, a higher pair beats a lower one, and equal pairs tie.
Loss of forces: a Guerrilla was involved (the two of spades and the two of hearts), so half of the 3 cards used, 1, go face down to the removed pile, chosen at random: the two of hearts.
Spoils: you take the 2 remaining cards into your discard pile.

Next skirmish you draw only one card (the support's penalty), so your play is forced:

>>> game.decision
Decision(player=1, kind='play', legal_actions=('play 5H', 'play KD'))
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from wartutor.core.chance import check_seed
from wartutor.core.engine import Decision, Event, Game, Outcome, Summary, check_action
from wartutor.core.errors import BadInput
from wartutor.core.position import Stage
from wartutor.language import _, pgettext
from wartutor.variants.guerrilla_tactics import fast, unseen
from wartutor.variants.guerrilla_tactics import game as rules_of_play
from wartutor.variants.guerrilla_tactics.agents import AGENTS
from wartutor.variants.guerrilla_tactics.events import GameOver, GuerrillaEvent
from wartutor.variants.guerrilla_tactics.explain import explain, refusal_text, rule_titles
from wartutor.variants.guerrilla_tactics.game import NAMES
from wartutor.variants.guerrilla_tactics.position import (
    from_position,
    play_from_position,
    position_of,
    stages,
)
from wartutor.variants.guerrilla_tactics.refusals import refusal
from wartutor.variants.guerrilla_tactics.rules import CHOICE_WORDS, FIXED_RULINGS, GuerrillaRules
from wartutor.variants.guerrilla_tactics.state import GuerrillaState
from wartutor.variants.guerrilla_tactics.view import GuerrillaView, view

__all__ = ["GUERRILLA_TACTICS", "GuerrillaRules", "GuerrillaState", "GuerrillaTactics",
           "GuerrillaView"]


class GuerrillaTactics:
    """Guerrilla Tactics as a variant of the engine contract (see :mod:`wartutor.core.engine`)."""

    # Between people (rooms, pass-and-play) who is asked must not give away who holds
    # what: GT-DECLARE 'everyone'. Against the computer the rule text's default stands.
    shared_play_settings: ClassVar[dict[str, Any]] = {"declare": "everyone"}

    name = "guerrilla_tactics"
    title = "Guerrilla Tactics"
    rules_type = GuerrillaRules
    length_unit = "skirmish"  # what Summary.length counts
    fixed_rulings = FIXED_RULINGS
    agents = AGENTS
    # The hardest opponent's test plays on, doubling its games up to 320, while it leans
    # the challenger's way: a single choice seldom changes the chances by much here (of 57
    # decisions tried 100 times each way, 3 did). This is the effort whose strength is
    # measured.
    coach_player_effort: ClassVar[Mapping[str, int]] = {"most_games": 320}

    @property
    def rule_titles(self) -> dict[str, str]:
        return rule_titles()

    def setting_label(self, name: str, value: object) -> str | None:
        """How a rule option reads in the apps' menus, in the language in force; None for
        the values every variant words alike (``wartutor.ui.rulings.choice_label``)."""
        if isinstance(value, str) and value in CHOICE_WORDS:
            return _(CHOICE_WORDS[value])
        # Translators: the skirmish limit (GT-LIMIT) switched off, in the rulings' menu.
        return pgettext("no skirmish limit", "none") if value is None else None

    def player_names(self, rules: GuerrillaRules) -> tuple[str, ...]:
        return NAMES[: rules.players]

    def new_game(
        self, rules: GuerrillaRules, seed: int, stacked: tuple[str, ...] | None = None
    ) -> tuple[GuerrillaState, tuple[Event, ...]]:
        return rules_of_play.deal(rules, seed, stacked)

    def decision(self, state: GuerrillaState) -> Decision | None:
        return rules_of_play.decision(state)

    def apply(self, state: GuerrillaState, action: str) -> tuple[GuerrillaState, tuple[Event, ...]]:
        check_action(self, state, action)
        events: list[GuerrillaEvent] = []
        state = rules_of_play.choose(state, action, events)
        return rules_of_play.advance(state, events), tuple(events)

    def explain(self, event: Event) -> str:
        return explain(event)

    def why_not(self, state: GuerrillaState, action: object) -> str | None:
        if state.outcome is not None:
            return _("no action is due: {because}").format(because=explain(state.outcome.because))
        refused = refusal(state, action)
        return None if refused is None else refusal_text(refused)

    def view(self, state: GuerrillaState, player: int | None) -> GuerrillaView:
        return view(state, player)

    def outcome(self, state: GuerrillaState) -> Outcome | None:
        return state.outcome

    def fast_refusal(self, rules: GuerrillaRules, agents: tuple[str, ...]) -> str | None:
        """None when the fast path plays these rules with these agents; else why not."""
        return fast.fast_refusal(agents)

    def play_fast(
        self, rules: GuerrillaRules, seed: int, agents: tuple[str, ...], max_length: int | None
    ) -> Summary:
        """The summary of game ``seed``, exactly as the traced engine gives it."""
        return fast.play_fast(rules, seed, agents, max_length)

    def position_of(self, state: GuerrillaState) -> dict[str, Any]:
        """The position of a state: every zone, the turn, the stage, the counters."""
        return position_of(state)

    def from_position(
        self, rules: GuerrillaRules, position: Mapping[str, Any], seed: int
    ) -> GuerrillaState:
        """The engine's own state at that position, checked like a deal (see position.py)."""
        return from_position(rules, position, seed)

    def play_from_position(
        self, rules: GuerrillaRules, position: Mapping[str, Any], seed: int
    ) -> tuple[GuerrillaState, tuple[GuerrillaEvent, ...]]:
        """The state at the first choice from that position, and the events on the way
        (none unless the position's stage is one where nobody chooses)."""
        return play_from_position(rules, position, seed)

    def stages(self) -> tuple[Stage, ...]:
        """The stages a position may name, with what each needs (see position.py)."""
        return stages()

    def deal_unseen(self, rules: GuerrillaRules, view: GuerrillaView, seed: int,
                    seen: Sequence[GuerrillaView] = ()) -> GuerrillaState:
        """A table ``view``'s player cannot tell from the real one, the cards it does not
        show dealt at random by ``seed`` where the player's earlier views ``seen`` (oldest
        first) allow them to be (see unseen.py and memory.py)."""
        return unseen.deal_unseen(rules, view, check_seed(seed), seen)

    def play_on(self, rules: GuerrillaRules, state: GuerrillaState, agents: tuple[str, ...],
                seed: int, max_length: int | None) -> Summary:
        """The summary of the game played on from ``state`` by these agents, made for
        ``seed``, exactly as the traced engine plays it on (on the fast path from the next
        skirmish)."""
        reason = fast.fast_refusal(agents)
        if reason is not None or len(agents) != rules.players:
            raise BadInput(reason or f"{len(agents)} agents were given for {rules.players} seats",
                           allowed="one name per seat from " + ", ".join(fast.FAST_AGENTS))
        if state.rules != rules:
            raise BadInput("the state is of a game under other rules",
                           allowed="the rules of the game the state is in")
        return fast.play_on(state, tuple(agents), check_seed(seed), max_length)

    def summarize(self, game: Game[GuerrillaState]) -> Summary:
        state = game.state
        if state.outcome is None:
            return fast.summary_at(state, None, "unfinished")
        assert isinstance(state.outcome.because, GameOver)
        return fast.summary_at(state, state.outcome.winners, state.outcome.because.ending)


GUERRILLA_TACTICS = GuerrillaTactics()
