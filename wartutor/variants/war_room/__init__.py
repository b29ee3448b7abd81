"""War Room: two to five players, a deck defined as data, and the lowest VC wins.

A stacked deal (one string of card codes per seat, top card first). You reveal a
Sniper (VC 6) and Ana a Scout (VC 2); the Scout has no activation, so Ana declines
without being asked. You activate: the Sniper adds 4 to Ana's card but 1 to your own,
and since the lowest VC wins, Ana's 6 still beats your 7.

>>> from wartutor.core import Game
>>> game = Game.new(WAR_ROOM, WarRoomRules(first_player=0), seed=0, stacked=("SN SE", "SC SC"))
>>> game.decision
Decision(player=0, kind='declare', legal_actions=('activate', 'decline'))
>>> game = game.play("activate")
>>> for event in game.steps[-1].events[:7]:
...     print(WAR_ROOM.explain(event))
You have declared; declarations stay hidden until everyone has declared.
Ana's Scout has no activation, so Ana declines without being asked.
Declarations shown together: you activate; Ana declines. Activations resolve clockwise from the first player.
Your Sniper activates: Attack +4 VC to an opponent card of your choice; then Defend +1 VC to your own card.
Your Sniper, instruction 1 (Attack +4 VC): Ana's card goes from 2 to 6. It is the only legal target.
Your Sniper, instruction 2 (Defend +1 VC): your card goes from 6 to 7.
Compare VC: you 7 and Ana 6. The lowest wins: Ana's 6.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from wartutor.core.engine import Decision, Event, Game, Outcome, Summary, check_action
from wartutor.core.position import Stage
from wartutor.language import _, ngettext, pgettext
from wartutor.variants.war_room import fast
from wartutor.variants.war_room import game as rules_of_play
from wartutor.variants.war_room.agents import AGENTS
from wartutor.variants.war_room.deck import (
    DEFAULT_DECK,
    Deck,
    RoomCard,
    default_deck,
    load_deck,
    parse_deck,
    said_name,
    to_toml,
)
from wartutor.variants.war_room.events import WarRoomEvent
from wartutor.variants.war_room.explain import card_text, explain, rule_titles, why_not
from wartutor.variants.war_room.game import WarRoomState
from wartutor.variants.war_room.position import (
    from_position,
    play_from_position,
    position_of,
    stages,
)
from wartutor.variants.war_room.rules import FIXED_RULINGS, NAMES, WarRoomRules, option_words
from wartutor.variants.war_room.unseen import deal_unseen
from wartutor.variants.war_room.view import WarRoomView, view

__all__ = [
    "WAR_ROOM", "Deck", "RoomCard", "WarRoom", "WarRoomRules", "WarRoomState", "WarRoomView",
    "card_text", "default_deck", "load_deck", "parse_deck", "to_toml",
]  # fmt: skip


class WarRoom:
    """War Room as a variant of the engine contract (see :mod:`wartutor.core.engine`)."""

    name = "war_room"
    title = "War Room"
    rules_type = WarRoomRules
    length_unit = "round"  # what Summary.length counts
    fixed_rulings = FIXED_RULINGS
    agents = AGENTS
    # The hardest opponent tests a challenger in 20 games, after a look of 2 a choice (not
    # 40 and 10): a game runs about 1,000 rounds and most declarations change no game, and
    # the usual effort thinks three times as long (0.13 s against 0.04 s a declaration, two
    # minutes against 40 s a game). This is the effort whose strength is measured.
    coach_player_effort: ClassVar[Mapping[str, int]] = {"games": 20, "look": 2}

    @property
    def rule_titles(self) -> dict[str, str]:
        """The rules' titles, in the language in force."""
        return rule_titles()

    def setting_label(self, name: str, value: object) -> str:
        """How a rule option reads in the apps' menus: a deck by its name, not its whole file."""
        if name == "deck" and isinstance(value, str):
            deck = said_name(load_deck(value).name)
            return (_("{deck} (shipped)") if value == DEFAULT_DECK
                    else _("{deck} (deck file)")).format(deck=deck)
        if name == "first_player" and isinstance(value, int):
            return _("{name} (seat {seat})").format(name=_(NAMES[value]), seat=value)
        if name == "lesson_rounds" and value is None:  # a house rule: off unless agreed on
            return _("off (the rule text's game)")
        if name == "lesson_rounds" and isinstance(value, int):
            return ngettext("{count} round", "{count} rounds", value).format(count=value)
        if value is None:
            return pgettext("War Room ruling option", "none")
        return option_words().get(value, str(value)) if isinstance(value, str) else str(value)

    def player_names(self, rules: WarRoomRules) -> tuple[str, ...]:
        return NAMES[: rules.players]

    def new_game(
        self, rules: WarRoomRules, seed: int, stacked: tuple[str, ...] | None = None
    ) -> tuple[WarRoomState, tuple[Event, ...]]:
        return rules_of_play.deal(rules, seed, stacked)

    def decision(self, state: WarRoomState) -> Decision | None:
        return rules_of_play.decision(state)

    def apply(self, state: WarRoomState, action: str) -> tuple[WarRoomState, tuple[Event, ...]]:
        check_action(self, state, action)
        return rules_of_play.play(state, action)

    def explain(self, event: Event) -> str:
        return explain(event)

    def why_not(self, state: WarRoomState, action: object) -> str | None:
        return why_not(state, action)

    def view(self, state: WarRoomState, player: int | None) -> WarRoomView:
        return view(state, player)

    def outcome(self, state: WarRoomState) -> Outcome | None:
        return state.outcome

    def fast_refusal(self, rules: WarRoomRules, agents: tuple[str, ...]) -> str | None:
        """None: the fast path plays these rules with these agents (one name per seat)."""
        return fast.fast_refusal(rules, agents)

    def play_fast(
        self, rules: WarRoomRules, seed: int, agents: tuple[str, ...], max_length: int | None
    ) -> Summary:
        """The summary of game ``seed``, exactly as the traced engine gives it."""
        return fast.play_fast(rules, seed, agents, max_length)

    def play_on(
        self, rules: WarRoomRules, state: WarRoomState, agents: tuple[str, ...], seed: int,
        max_length: int | None,
    ) -> Summary:
        """The summary of the game played on from ``state`` by fresh agents ``(seat, seed)``,
        exactly as the traced engine would give it; ``max_length`` counts from the start."""
        return fast.play_on(rules, state, agents, seed, max_length)

    def deal_unseen(
        self, rules: WarRoomRules, view: WarRoomView, seed: int,
        seen: Sequence[WarRoomView] = (),
    ) -> WarRoomState:
        """A state the viewer cannot tell from the real one: the unseen cards dealt at random
        where the views ``seen`` before (oldest first) allow them to be."""
        return deal_unseen(rules, view, seed, seen)

    def position_of(self, state: WarRoomState) -> dict[str, Any]:
        """The position of a state: every zone, the turn, the stage, the counters."""
        return position_of(state)

    def from_position(
        self, rules: WarRoomRules, position: Mapping[str, Any], seed: int
    ) -> WarRoomState:
        """The engine's own state at ``position``, checked like a deal (see position.py)."""
        return from_position(rules, position, seed)

    def play_from_position(
        self, rules: WarRoomRules, position: Mapping[str, Any], seed: int
    ) -> tuple[WarRoomState, tuple[WarRoomEvent, ...]]:
        """The state at the first choice from that position, and the events on the way
        (none unless the position's stage is one where nobody chooses)."""
        return play_from_position(rules, position, seed)

    def stages(self) -> tuple[Stage, ...]:
        """The stages a position may name, with what each needs (see position.py)."""
        return stages()

    def summarize(self, game: Game[WarRoomState]) -> Summary:
        return fast.summary_at(game.state)


WAR_ROOM = WarRoom()
