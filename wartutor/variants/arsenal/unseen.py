"""For the coach: a table dealt from what one side sees.

A side sees its own hand, every card played (the rounds, the captured piles, a lead on
the table) and how many cards the other hand and the pile hold. The cards it has not
seen are the other hand and the pile; :func:`deal_unseen` shuffles them and deals them
out again at those sizes, so the dealt table looks to that side exactly as the real one
does, and nothing but the view decides it (the coach cannot peek).

>>> from wartutor.core import Game
>>> from wartutor.variants.arsenal import ARSENAL
>>> game = Game.new(ARSENAL, seed=3)
>>> seen = ARSENAL.view(game.state, 0)
>>> dealt = deal_unseen(game.rules, seen, seed=11)
>>> ARSENAL.view(dealt, 0) == seen, dealt.hands[0] == game.state.hands[0]
(True, True)

Arsenal has no hidden choices: a lead is face up, and an answer ends the round at once.
"""

from __future__ import annotations

from wartutor.core.chance import Rng
from wartutor.core.errors import BadInput
from wartutor.variants.arsenal.cards import hand_order
from wartutor.variants.arsenal.game import ArsenalState
from wartutor.variants.arsenal.position import from_position, position_of
from wartutor.variants.arsenal.rules import ArsenalRules
from wartutor.variants.arsenal.view import ArsenalView

_ALLOWED = "the view of one side (you or the NPC) of a match in play"


def deal_unseen(rules: ArsenalRules, view: ArsenalView, seed: int) -> ArsenalState:
    """A table that ``view``'s side cannot tell from the real one: the cards it has not seen,
    shuffled by ``seed`` and dealt to the other hand (top of the shuffle first) and the pile,
    at the sizes the view shows."""
    if view.viewer is None:
        raise BadInput("the teacher's view shows every card, so there is nothing unseen to deal",
                       allowed=_ALLOWED)
    if view.outcome is not None:
        raise BadInput("the match is over, so there is nothing left to play on from",
                       allowed=_ALLOWED)
    if view.rules != rules:
        raise BadInput("the view is of a match under other rules",
                       allowed="the rules of the match the view shows")
    other = 1 - view.viewer
    unseen, _ = Rng.from_seed(seed).shuffled(view.unseen())
    held = view.hand_counts[other]
    if len(unseen) != held + view.pile_count:
        raise BadInput(f"the view has {len(unseen)} cards unseen, but shows {held} in the other "
                       f"hand and {view.pile_count} in the pile", allowed=_ALLOWED)
    theirs = tuple(sorted(unseen[:held], key=hand_order))
    hands = (view.hand, theirs) if view.viewer == 0 else (theirs, view.hand)
    # The table laid out, then read as a position, so it is checked as any position is (a
    # stacked deal's too: position_of says "stacked" when only such a deal reaches it).
    table = ArsenalState(rules, Rng.from_seed(seed), view.deck, hands, unseen[held:],
                         view.leader, view.lead, view.captured, view.history, None, None)
    return from_position(rules, position_of(table), seed)
