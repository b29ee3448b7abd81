"""Who is asked to choose does not depend on cards the others cannot see (issue 15).

At tables met in seeded games, for each player, the coach's ``deal_unseen`` deals a second
table that shows that player the same view, with every card they cannot see dealt again
where it could be. From both tables the same actions must ask the same player for the
same kind of choice, and neither table may stop to ask someone where the other goes on:
else watching who is asked (the name on the screen, a step on the timeline, an action in
the record) tells that player something about the cards they cannot see. The tables
share the dice (the state's ``rng``), and the check stops where an action turns up
different cards at the two tables (an ask answered, a support revealed): from there on
they may part, as the rules want.

Classic War is left out: nobody chooses anything. Guerrilla Tactics and Trade War pass
under the rulings that ask everyone at once (GT-DECLARE, TW-PUTIN-WHO); under their
defaults the check finds who holds a Guerrilla or Putin, as those rulings' reasons say,
and the last tests show that it does.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from wartutor.core import Game, rules_from
from wartutor.variants import find_variant

AHEAD = 2  # actions played on from both tables: enough to meet whoever is asked next


def asked(variant: Any, state: Any) -> tuple[int, str] | None:
    """Who is asked to choose, and what kind of choice."""
    decision = variant.decision(state)
    return None if decision is None else (decision.player, decision.kind)


def first_difference(variant: Any, rules: Any, state: Any, actions: list[str], player: int,
                     seed: int) -> str | None:
    """Where a table dealt again from ``player``'s view asks someone else, or None."""
    view = variant.view(state, player)
    other = replace(variant.deal_unseen(rules, view, seed), rng=state.rng)
    if variant.view(other, player) != view:
        return "the table dealt again shows another view"
    for step, action in enumerate([None, *actions[:AHEAD]]):
        if action is not None:
            decision = variant.decision(other)
            if decision is None or action not in decision.legal_actions:
                return None  # the other table's cards do not allow this action
            state, events = variant.apply(state, action)
            other, other_events = variant.apply(other, action)
            common = min(len(events), len(other_events))
            if events[:common] != other_events[:common]:
                return None  # the action turned up other cards
            if len(events) != len(other_events):
                stops, goes_on = ((state, other) if len(events) < len(other_events)
                                  else (other, state))
                return (f"after {actions[:step]}: one table stops to ask "
                        f"{asked(variant, stops)} where the other goes on to "
                        f"{asked(variant, goes_on)}")
        if asked(variant, state) != asked(variant, other):
            return (f"after {actions[:step]}: {asked(variant, state)} is asked at the real "
                    f"table, {asked(variant, other)} at the other")
    return None


def differences(name: str, settings: dict[str, Any], seeds: range, every: int) -> list[str]:
    """Every difference found at every ``every``-th decision of heuristic games."""
    variant = find_variant(name)
    rules = rules_from(variant.rules_type, settings)
    found = []
    for seed in seeds:
        game = Game.new(variant, rules, seed)
        players = range(len(variant.player_names(rules)))
        agents = {p: variant.agents["heuristic"](p, seed) for p in players}
        actions: list[str] = []
        states = [game.state]
        while (decision := game.decision) is not None and len(actions) < 400:
            action = agents[decision.player](variant.view(game.state, decision.player),
                                             decision)
            game = game.play(action)
            actions.append(action)
            states.append(game.state)
        for at in range(0, len(actions), every):
            for player in players:
                difference = first_difference(variant, rules, states[at], actions[at:],
                                              player, seed * 1000 + at)
                if difference is not None:
                    found.append(f"seed {seed}, at action {at}, player {player}: {difference}")
    return found


# Each variant with hidden cards, under rulings that ask only what the table shows.
CASES = {
    "war_room, 2 players": ("war_room", {}, range(3), 97),
    "war_room, 4 players": ("war_room", {"players": 4}, range(2), 89),
    "arsenal": ("arsenal", {}, range(6), 5),
    "guerrilla_tactics, 3 players, everyone declares": (
        "guerrilla_tactics", {"players": 3, "declare": "everyone"}, range(6), 3),
    "guerrilla_tactics, 4 players, everyone declares": (
        "guerrilla_tactics", {"players": 4, "declare": "everyone"}, range(3), 3),
    "trade_war, everyone declares": ("trade_war", {"putin_window": "everyone"}, range(3), 7),
    "trade_war, 4 players, everyone declares": (
        "trade_war", {"players": 4, "putin_window": "everyone"}, range(2), 7),
}


@pytest.mark.parametrize("case", CASES)
def test_who_is_asked_is_the_same_whatever_the_cards_a_player_cannot_see(case: str) -> None:
    name, settings, seeds, every = CASES[case]
    assert differences(name, settings, seeds, every) == []


# The defaults give it away (the rulings' reason to exist), and the check sees it.


def test_by_default_who_is_asked_to_propose_tells_who_holds_a_guerrilla() -> None:
    found = differences("guerrilla_tactics", {"players": 3}, range(186, 187), 1)
    assert any("stops to ask (2, 'promote')" in f for f in found)


def test_by_default_the_putin_window_tells_that_someone_holds_putin() -> None:
    found = differences("trade_war", {}, range(1), 1)
    assert any("'putin')" in f for f in found)
