"""Every refusal of an illegal action quotes what it was sent short, in every variant.

A screen shows a refusal beside the choices, and a room's server logs it: an action of
2,000 characters (a paste, or a page that was tampered with) must come back as a sentence,
not as the 2,000 characters again. The refusal's own words stay under about 200 characters;
its "Allowed:" list is the legal actions, whatever was sent.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from wartutor.core import BadInput, Game, rules_from
from wartutor.core.errors import QUOTE_LIMIT
from wartutor.variants import find_variant

LONG = 2_000
PROBLEM_LIMIT = 200
VARIANTS = ("classic_war", "guerrilla_tactics", "war_room", "trade_war", "arsenal")
SEATED = ("guerrilla_tactics", "war_room", "trade_war")  # the variants for 2 to 4 or 5 players
# The first words of every variant's actions, each followed by a long tail.
VERBS = ("turn", "play", "support", "cancel", "up", "propose", "activate", "decline", "use",
         "skip", "target", "take", "swap", "draw", "ask", "ask 1", "ask 1 Q", "assassinate",
         "assassinate hand", "spare", "pass", "reward", "reward 1")


def long_actions() -> Iterator[str]:
    yield "x" * LONG
    yield "<img src=x onerror=alert(1)>" * (LONG // 28)
    for verb in VERBS:
        yield f"{verb} " + "x" * LONG
        yield f"{verb} " + "9" * LONG  # digits: a player's number, a seed
        yield f"{verb} " + " ".join(["KS"] * (LONG // 3))
    yield "ask " + "9" * 5_000 + " Q"  # more digits than int() reads
    yield "ask \u00b2 Q"  # a digit to isdigit(), not to int()
    yield "swap " + "x" * LONG + " for " + "y" * LONG


def games(name: str) -> Iterator[Game[Any]]:
    """Games of the variant at the first decision of each kind that random play comes to
    (which card, whom to target, what to ask, Putin, a reward ...)."""
    variant = find_variant(name)
    # Four at a table where the rules allow it: whom to target is asked only of three or more.
    rules = rules_from(variant.rules_type, {"players": 4} if name in SEATED else {})
    seen = set()
    for seed in range(4):
        choose = random.Random(seed).choice
        game = Game.new(variant, rules, seed)
        for _ in range(300):
            decision = game.decision
            if decision is None:
                break
            if decision.kind not in seen:
                seen.add(decision.kind)
                yield game
            game = game.play(choose(decision.legal_actions))


@pytest.mark.parametrize("name", VARIANTS)
def test_a_2000_character_action_is_refused_in_a_short_sentence(name: str) -> None:
    for game in games(name):
        for action in long_actions():
            with pytest.raises(BadInput) as refused:
                game.play(action)
            problem = refused.value.problem
            assert len(problem) < PROBLEM_LIMIT, (action[:30], problem[:300])
            for start in range(0, len(action) - QUOTE_LIMIT, QUOTE_LIMIT):
                assert action[start:start + QUOTE_LIMIT] not in str(refused.value), action[:30]
