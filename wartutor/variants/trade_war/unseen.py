"""The coach's Trade War: a table dealt again from what one player sees, and what a
finished game is worth to a seat.

A player sees their own hand and resource pile, the battle on the table, the removed
cards, the record of asks and how many cards each other zone holds (view.py).
``deal_unseen`` deals every other card at random among the zones that hide cards: the
other players' hands and resource piles, the centre, and, in a stacked lesson that left
cards out, out of the game. Each zone keeps the size the view shows. The state is built
as a position (position.py), so it is checked like any position. A deal the rules could
not have reached is dealt again, so every deal the rules allow is equally likely: such
as a defender who still holds a card of the rank asked (every copy goes down as the
stake, ruling TW-TRIPLES 'all'), or a player left with one battle play, which the rules
would have made at once. At Putin's moment (someone holds him) he is dealt into a hand.

Nothing here reads the real state: only the rules, the view and the seed.

>>> from wartutor.core import Game
>>> from wartutor.variants.trade_war import TRADE_WAR, TradeRules
>>> game = Game.new(TRADE_WAR, TradeRules(players=2), seed=5)
>>> seen = TRADE_WAR.view(game.state, 0)
>>> dealt = deal_unseen(TradeRules(players=2), seen, seed=1)
>>> TRADE_WAR.view(dealt, 0) == seen, dealt.hands[0] == game.state.hands[0]
(True, True)
"""

from __future__ import annotations

from typing import Any

from wartutor.core.cards import RANK_CODES
from wartutor.core.chance import Rng
from wartutor.core.engine import Summary
from wartutor.core.errors import BadInput
from wartutor.variants.trade_war.cards import PUTIN, Cards, trade_codes, trade_deck
from wartutor.variants.trade_war.position import _ask_words, from_position
from wartutor.variants.trade_war.rules import TradeRules
from wartutor.variants.trade_war.state import DEFEND, PUTIN_WINDOW, REWARD, Battle, TradeState
from wartutor.variants.trade_war.view import TradeView

# Played games had about one deal in five refused (at a battle, for the defender's rank)
# and most none; a thousand refusals in a row mean that no deal fits the view.
ATTEMPTS = 1000


def coach_value(summary: Summary, seat: int) -> float:
    """1 for the only winner, 1/k for a win shared by k (ruling TW-TIE 'shared'), else 0:
    a loss, a draw, or a game stopped unfinished."""
    winners = summary.winners
    if not winners or seat not in winners:
        return 0.0
    return 1.0 / len(winners)


def deal_unseen(rules: TradeRules, view: TradeView, seed: int) -> TradeState:
    """A whole state that shows ``view.viewer`` exactly ``view``, the hidden cards dealt
    at random from ``seed`` (see the module docstring)."""
    _check(rules, view)
    battle = view.battle
    seen = {c.code for c in (*view.my_hand, *view.my_pile, *view.removed,
                             *(battle.cards if battle is not None else ()))}
    unseen = tuple(c for c in trade_deck() if c.code not in seen)
    places = sum(view.hand_sizes) + sum(view.pile_sizes) + view.center_size - len(
        view.my_hand) - len(view.my_pile)
    if places > len(unseen):
        raise BadInput(f"the view hides {places} cards and only {len(unseen)} cards are unseen",
                       allowed="a view of a Trade War table (every card in one place)")
    rng = Rng.from_seed(seed)
    refused = ""
    for _ in range(ATTEMPTS):
        cards, rng = rng.shuffled(unseen)
        if view.phase == PUTIN_WINDOW:
            cards, rng = _putin_in_a_hand(view, cards, rng)
        position, rng = _position(view, cards, places < len(unseen), rng)
        try:
            return from_position(rules, position, rng.state)
        except BadInput as e:
            refused = e.problem.rstrip(".")
    raise BadInput(f"no deal of the unseen cards fits this view (the last one tried: "
                   f"{refused})", allowed="a view of a table the rules can reach")


def _putin_in_a_hand(view: TradeView, cards: Cards, rng: Rng) -> tuple[Cards, Rng]:
    """At Putin's moment someone holds him: if the viewer does not, an unseen card in
    another hand is Putin. Changing places with one of those cards at random keeps every
    such deal equally likely."""
    in_hands = sum(view.hand_sizes) - len(view.my_hand)  # the first cards dealt (_position)
    if PUTIN not in cards or not in_hands:
        return cards, rng
    mixed = list(cards)
    here, (there, rng) = mixed.index(PUTIN), rng.below(in_hands)
    mixed[here], mixed[there] = mixed[there], mixed[here]
    return tuple(mixed), rng


def _check(rules: TradeRules, view: TradeView) -> None:
    if view.viewer is None:
        raise BadInput("this is the teacher's view: it shows every card, so there is "
                       "nothing to deal", allowed="the view of one player (a seat number)")
    if view.outcome is not None:
        raise BadInput("the game is over: there is nothing left to play",
                       allowed="the view of a game that goes on")
    if view.rules != rules:
        raise BadInput("the view is of a game under other rules than those given",
                       allowed="the rules of the game the view was taken from")


def _position(
    view: TradeView, cards: Cards, stacked: bool, rng: Rng
) -> tuple[dict[str, Any], Rng]:
    """The position of the view with ``cards`` dealt into its hidden zones, in order:
    the other hands, the other resource piles, the centre; the rest out of the game."""
    me, n = view.viewer, view.rules.players
    rest = list(cards)

    def deal(size: int) -> Cards:
        dealt = tuple(rest[:size])
        del rest[:size]
        return dealt

    hands = [view.my_hand if p == me else deal(view.hand_sizes[p]) for p in range(n)]
    piles = [view.my_pile if p == me else deal(view.pile_sizes[p]) for p in range(n)]
    center = deal(view.center_size)
    deciding, rng = _deciding(view, hands, rng)
    position: dict[str, Any] = {
        "stage": view.phase, "turn": view.turn, "instigator": view.instigator,
        "deciding": deciding, "hands": [trade_codes(h) for h in hands],
        "piles": [trade_codes(p) for p in piles], "center": trade_codes(center),
        "removed": trade_codes(view.removed), "battle": _battle(view.battle),
        "streaks": list(view.streaks), "asks": "; ".join(map(_ask_words, view.log)),
        "stacked": stacked,
    }
    if me == view.instigator:  # the view shows the instigator alone whether a draw is left
        position["may_draw"] = view.may_draw
    return position, rng


def _deciding(view: TradeView, hands: list[Cards], rng: Rng) -> tuple[int | None, Rng]:
    """Who chooses now in the dealt table (choices.decider)."""
    if view.phase == DEFEND and view.battle is not None:
        return view.battle.defender, rng
    if view.phase == PUTIN_WINDOW:
        holders = [p for p, hand in enumerate(hands) if PUTIN in hand]
        return (holders[0] if holders else None), rng
    if view.phase == REWARD and view.rules.streak == "game" and view.log:
        # Under ruling TW-STREAK 'game' the defender may earn the reward too; the view
        # does not say which of the last battle's two players won it. The coach asks
        # only at the viewer's own choice, so the viewer, if they fought it.
        fought = (view.log[-1].player, view.log[-1].target)
        if view.viewer in fought:
            return view.viewer, rng
        index, rng = rng.below(2)
        return fought[index], rng
    return view.instigator, rng


def _battle(battle: Battle | None) -> dict[str, Any] | None:
    if battle is None:
        return None
    return {"defender": battle.defender, "rank": RANK_CODES[battle.rank - 2],
            **{key: trade_codes(getattr(battle, key)) for key in
               ("stake", "attack", "defence", "earlier", "earlier_attack")}}

