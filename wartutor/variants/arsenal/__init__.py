"""Arsenal: a 90-card duel of bombs, shields and Counter-Strikes, you against an NPC.

A stacked deal (your hand, the NPC's, the pile, who leads): the NPC leads a Rocket,
your Kevlar blocks it, and then both last cards are played for you.

>>> from wartutor.core import Game
>>> game = Game.new(ARSENAL, seed=0, stacked=("KV-PR NK-SO", "RK-SF CS-ML", "", "npc"))
>>> game.decision
Decision(player=1, kind='lead', legal_actions=('play RK-SF', 'play CS-ML'))
>>> game = game.play("play RK-SF").play("play KV-PR")
>>> for event in game.steps[-1].events:
...     print(ARSENAL.explain(event))
You answer with Kevlar (Pirates).
Kevlar (Pirates) blocks a level-1 Rocket (Space Force): a shield stops any bomb of its own level or lower, whatever the suits.
You capture both cards; they are out of the game for good. Captured so far: you 2, the NPC 0.
You won the round, so you lead round 2: you reveal first.
Round 2: you have one card left, so it is led without a choice: Nuke (Special Ops).
The NPC has one card left, so it answers without a choice: Counter-Strike (Militia).
Counter-Strike (Militia) cannot touch a level-4 Nuke (Special Ops): a level-4 bomb gets through and wins.
You capture both cards; they are out of the game for good. Captured so far: you 4, the NPC 0.
Every card has been played: the deck has run dry after 2 rounds. Captured: you 4, the NPC 0.
You captured 4 cards to 0: you win the match.
>>> ARSENAL.why_not(game.state, "play RK-SF")
'The match is over. You captured 4 cards to 0: you win the match.'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from wartutor.core.chance import check_seed
from wartutor.core.engine import Decision, Event, Game, Outcome, Summary, check_action
from wartutor.core.errors import BadInput
from wartutor.core.position import Stage
from wartutor.language import _
from wartutor.variants.arsenal import fast, unseen
from wartutor.variants.arsenal import game as rules_of_play
from wartutor.variants.arsenal import position as positions
from wartutor.variants.arsenal.agents import AGENTS, HEURISTIC, Style, npc
from wartutor.variants.arsenal.campaign import Campaign
from wartutor.variants.arsenal.cards import ArsenalCard, arsenal_card, arsenal_cards
from wartutor.variants.arsenal.explain import RULE_TITLES, Verdict, beats, explain, why_not
from wartutor.variants.arsenal.game import ArsenalEvent, ArsenalState, MatchOver
from wartutor.variants.arsenal.levels import LEVELS
from wartutor.variants.arsenal.rules import FIXED_RULINGS, OPTION_LABELS, ArsenalRules
from wartutor.variants.arsenal.view import ArsenalView, view

__all__ = [
    "ARSENAL", "Arsenal", "ArsenalCard", "ArsenalRules", "ArsenalState", "ArsenalView",
    "Campaign", "Verdict", "arsenal_card", "arsenal_cards", "beats",
]  # fmt: skip

# How each agent plays, for the fast path: None at random, else an NPC's style. The
# campaign's NPCs are agents too, so a simulation can ask how hard each level is.
STYLES: dict[str, Style | None] = {
    "random": None, "heuristic": HEURISTIC,
    **{f"level-{level.number}": level.style for level in LEVELS},
}  # fmt: skip


class Arsenal:
    """Arsenal as a variant of the engine contract (see :mod:`wartutor.core.engine`)."""

    name = "arsenal"
    title = "Arsenal"
    rules_type = ArsenalRules
    length_unit = "round"  # what Summary.length counts
    fixed_rulings = FIXED_RULINGS
    agents = AGENTS | {f"level-{level.number}": npc(level.style) for level in LEVELS}

    @property
    def rule_titles(self) -> dict[str, str]:
        """Each rule's and ruling's title, in the language in force."""
        return {rule: _(title) for rule, title in RULE_TITLES.items()}

    def setting_label(self, name: str, value: object) -> str | None:
        """How a rule option reads in the apps' menus, in the language in force; None for a
        deck of one's own and a hand size, which read as they are written
        (``wartutor.ui.rulings.choice_label``)."""
        if isinstance(value, str) and value in OPTION_LABELS:
            return _(OPTION_LABELS[value])
        return None

    def player_names(self, rules: ArsenalRules) -> tuple[str, ...]:
        return ("You", "NPC")

    def new_game(
        self, rules: ArsenalRules, seed: int, stacked: tuple[str, ...] | None = None
    ) -> tuple[ArsenalState, tuple[Event, ...]]:
        return rules_of_play.deal(rules, seed, stacked)

    def decision(self, state: ArsenalState) -> Decision | None:
        return rules_of_play.decision(state)

    def apply(self, state: ArsenalState, action: str) -> tuple[ArsenalState, tuple[Event, ...]]:
        card = rules_of_play.playable(state, action)
        if card is None:  # not legal now: check_action refuses it, saying why
            check_action(self, state, action)
            raise AssertionError(f"{action!r} is legal but plays no card")
        return rules_of_play.play(state, card)

    def explain(self, event: Event) -> str:
        return explain(event)

    def why_not(self, state: ArsenalState, action: object) -> str | None:
        return why_not(state, action)

    def view(self, state: ArsenalState, player: int | None) -> ArsenalView:
        return view(state, player)

    def outcome(self, state: ArsenalState) -> Outcome | None:
        return state.outcome

    def summarize(self, game: Game[ArsenalState]) -> Summary:
        state = game.state
        leader_wins, shield_blocks, counter_strikes, level4_wins = state.tally
        counts = {
            "leader_wins": leader_wins,
            "shield_blocks": shield_blocks,
            "counter_strikes": counter_strikes,
            # rounds won by a Nuke or a Meteor (only bombs have level 4), whatever they beat
            "level4_wins": level4_wins,
            "sudden_death": int(state.sudden_death is not None),
        }
        if state.outcome is None:
            return Summary(None, "unfinished", len(state.history), counts)
        assert isinstance(state.outcome.because, MatchOver)
        return Summary(state.outcome.winners, state.outcome.because.ending, len(state.history),
                       counts)

    def position_of(self, state: ArsenalState) -> dict[str, Any]:
        """The position of a state: hands, pile, captured piles, the lead, the rounds played."""
        return positions.position_of(state)

    def from_position(
        self, rules: ArsenalRules, position: Mapping[str, Any], seed: int
    ) -> ArsenalState:
        """The state at ``position`` (see docs/positions.md), or BadInput saying why not."""
        return positions.from_position(rules, position, seed)

    def play_from_position(
        self, rules: ArsenalRules, position: Mapping[str, Any], seed: int
    ) -> tuple[ArsenalState, tuple[ArsenalEvent, ...]]:
        """The state at the first choice from that position, and the events on the way
        (a last card played for its side, AR-FORCED)."""
        return positions.play_from_position(rules, position, seed)

    def stages(self) -> tuple[Stage, ...]:
        """The stages a position may name, with what each needs (see position.py)."""
        return positions.stages()

    def fast_refusal(self, rules: ArsenalRules, agents: tuple[str, ...]) -> str | None:
        """None: the fast path plays every ruling, deck and built-in agent."""
        return fast.refusal(agents, STYLES)

    def play_fast(self, rules: ArsenalRules, seed: int, agents: tuple[str, ...],
                  max_length: int | None) -> Summary:
        """The summary of game ``seed``, exactly as the traced engine gives it."""
        reason = fast.refusal(agents, STYLES)
        if reason is not None or len(agents) != 2:
            raise BadInput(reason or f"{len(agents)} agents were given for 2 seats",
                           allowed="one name per seat from " + ", ".join(self.agents))
        return fast.play_fast(rules, check_seed(seed), (STYLES[agents[0]], STYLES[agents[1]]),
                              max_length)

    def deal_unseen(self, rules: ArsenalRules, view: ArsenalView, seed: int,
                    seen: Sequence[ArsenalView] = ()) -> ArsenalState:
        """A table ``view``'s side cannot tell from the real one, its unseen cards dealt by
        ``seed`` (see unseen.py). ``seen``, the earlier views, adds nothing here: a view
        already shows every card played, and the rest could be anywhere unseen."""
        return unseen.deal_unseen(rules, view, check_seed(seed))

    def play_on(self, rules: ArsenalRules, state: ArsenalState, agents: tuple[str, ...],
                seed: int, max_length: int | None) -> Summary:
        """The summary of the match played on from ``state`` by these agents, made for
        ``seed``, exactly as the traced engine plays it on."""
        reason = fast.refusal(agents, STYLES)
        if reason is not None or len(agents) != 2:
            raise BadInput(reason or f"{len(agents)} agents were given for 2 seats",
                           allowed="one name per seat from " + ", ".join(self.agents))
        if state.rules != rules:
            raise BadInput("the state is of a match under other rules",
                           allowed="the rules of the match the state is in")
        return fast.play_on(state, (STYLES[agents[0]], STYLES[agents[1]]), check_seed(seed),
                            max_length)


ARSENAL = Arsenal()
