"""The coach's Trade War: a table dealt again from what one player sees.

A player sees their own hand and resource pile, the battle on the table, the removed
cards, the record of asks and how many cards each other zone holds (view.py).
``deal_unseen`` deals every other card at random among the zones that hide cards: the
other players' hands and resource piles, the centre, and, in a stacked lesson that left
cards out, out of the game; each card only where the player's memory of the views seen
before allows (memory.py: the battle cards went to a known pile, a miss tells a rank a
hand lacked, ...). Each zone keeps the size the view shows. The cards with the fewest
places are dealt first, each into one of its places drawn in proportion to the room
left there: with every card free (no views seen) every deal is equally likely, with a
memory nearly so. The state is built as a position (position.py), so it is checked like
any position. A deal the rules could not have reached is dealt again: such as a
defender who still holds a card of the rank asked (every copy goes down as the stake,
ruling TW-TRIPLES 'all'), or a player left with one battle play, which the rules would
have made at once. At Putin's moment (someone holds him) he is dealt into a hand.
Under ruling TW-PUTIN-WHO 'everyone' that moment says nothing of Putin, and the
declarations already made but hidden from the player are dealt too: "pass" for a player
without Putin, and for his holder what the heuristic agent would have declared.

Nothing here reads the real state: only the rules, the views and the seed.

>>> from wartutor.core import Game
>>> from wartutor.variants.trade_war import TRADE_WAR, TradeRules
>>> game = Game.new(TRADE_WAR, TradeRules(players=2), seed=5)
>>> seen = TRADE_WAR.view(game.state, 0)
>>> dealt = deal_unseen(TradeRules(players=2), seen, seed=1)
>>> TRADE_WAR.view(dealt, 0) == seen, dealt.hands[0] == game.state.hands[0]
(True, True)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from wartutor.core.cards import RANK_CODES
from wartutor.core.chance import Rng
from wartutor.core.engine import Decision
from wartutor.core.errors import BadInput
from wartutor.core.recall import LastRecall
from wartutor.variants.trade_war.agents import heuristic_agent
from wartutor.variants.trade_war.cards import PUTIN, Cards, TradeCard, trade_codes, trade_deck
from wartutor.variants.trade_war.choices import declarations
from wartutor.variants.trade_war.memory import CENTER, OUT, hand, memory, pile
from wartutor.variants.trade_war.position import ask_words, from_position
from wartutor.variants.trade_war.rules import TradeRules
from wartutor.variants.trade_war.state import (
    DEFEND,
    PUTIN_WINDOW,
    REWARD,
    Battle,
    TradeState,
    changed,
)
from wartutor.variants.trade_war.view import TradeView
from wartutor.variants.trade_war.view import view as view_of

# Played games had about one deal in five refused (at a battle, for the defender's rank)
# and most none; a thousand refusals in a row mean that no deal fits the view.
ATTEMPTS = 1000


def deal_unseen(
    rules: TradeRules, view: TradeView, seed: int, seen: Sequence[TradeView] = ()
) -> TradeState:
    """A whole state that shows ``view.viewer`` exactly ``view``, the hidden cards dealt
    at random from ``seed`` where the views ``seen`` before it allow (see the module
    docstring)."""
    _check(rules, view)
    places = _remembered(rules, tuple(seen), view).places
    zones = _zones(view)
    if zones[OUT] < 0:
        raise BadInput(f"the view hides {len(places) - zones[OUT]} cards and only "
                       f"{len(places)} cards are unseen",
                       allowed="a view of a Trade War table (every card in one place)")
    nowhere = [c for c, where in places.items() if not where]
    if nowhere:
        raise BadInput(f"no deal of the unseen cards fits this view ({nowhere[0]} can be "
                       f"nowhere the views seen allow)",
                       allowed="a view of a table the rules can reach, and views of one game")
    stacked = zones[OUT] > 0
    rng = Rng.from_seed(seed)
    refused = ""
    for _ in range(ATTEMPTS):
        dealt, rng = _dealt(places, zones, rng)
        if dealt is None:
            refused = "the cards whose places are remembered did not fit the zones' sizes"
            continue
        position, rng = _position(view, dealt, stacked, rng)
        try:
            return _declared(from_position(rules, position, rng.state), view)
        except BadInput as e:
            refused = e.problem.rstrip(".")
    raise BadInput(f"no deal of the unseen cards fits this view (the last one tried: "
                   f"{refused})", allowed="a view of a table the rules can reach")


_remembered = LastRecall(memory)  # one decision's memory, for every table the coach deals


def _zones(view: TradeView) -> dict[str, int]:
    """How many cards each zone that hides cards holds, "out" the cards never dealt."""
    me, battle = view.viewer, view.battle
    zones = {hand(p): size for p, size in enumerate(view.hand_sizes) if p != me}
    zones |= {pile(p): size for p, size in enumerate(view.pile_sizes) if p != me}
    zones[CENTER] = view.center_size
    shown = (sum(len(group) for group in (view.my_hand, view.my_pile, view.removed))
             + (len(battle.cards) if battle is not None else 0))
    zones[OUT] = len(trade_deck()) - shown - sum(zones.values())  # below 0: too many hidden
    return zones


def _dealt(
    places: Mapping[TradeCard, frozenset[str]], zones: dict[str, int], rng: Rng
) -> tuple[dict[str, Cards] | None, Rng]:
    """The hidden cards dealt into the zones, each into one of its places: the cards with
    the fewest places first, each into a place drawn in proportion to the room left there
    (with every card free, that is a uniform deal). None if a card found no room."""
    cards, rng = rng.shuffled(tuple(places))
    room = dict(zones)
    dealt: dict[str, list[TradeCard]] = {zone: [] for zone in zones}
    for c in sorted(cards, key=lambda c: len(places[c])):
        open_places = sorted(place for place in places[c] if room.get(place, 0) > 0)
        if not open_places:
            return None, rng
        pick, rng = rng.below(sum(room[place] for place in open_places))
        for place in open_places:
            pick -= room[place]
            if pick < 0:
                break
        room[place] -= 1
        dealt[place].append(c)
    zones_dealt: dict[str, Cards] = {}
    for zone, group in dealt.items():  # the order inside a zone owes nothing to the above
        zones_dealt[zone], rng = rng.shuffled(tuple(group))
    return zones_dealt, rng


def _declared(state: TradeState, view: TradeView) -> TradeState:
    """Ruling TW-PUTIN-WHO 'everyone': the position says "pass" for every declaration
    the view hides; Putin's holder, if among them, declares as the heuristic agent would."""
    holder = state.holder_of_putin()
    if not state.declared or holder in (None, view.viewer) or state.declared[holder] is None:
        return state
    legal = declarations(state, holder)
    words = heuristic_agent(holder, 0)(view_of(state, holder), Decision(holder, "putin", legal))
    return changed(state, declared=(*state.declared[:holder], words,
                                    *state.declared[holder + 1:]))


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
    view: TradeView, dealt: dict[str, Cards], stacked: bool, rng: Rng
) -> tuple[dict[str, Any], Rng]:
    """The position of the view with the ``dealt`` cards in its hidden zones."""
    me, n = view.viewer, view.rules.players
    hands = [view.my_hand if p == me else dealt[hand(p)] for p in range(n)]
    piles = [view.my_pile if p == me else dealt[pile(p)] for p in range(n)]
    center = dealt[CENTER]
    deciding, rng = _deciding(view, hands, rng)
    position: dict[str, Any] = {
        "stage": view.phase, "turn": view.turn, "instigator": view.instigator,
        "deciding": deciding, "hands": [trade_codes(h) for h in hands],
        "piles": [trade_codes(p) for p in piles], "center": trade_codes(center),
        "removed": trade_codes(view.removed), "battle": _battle(view.battle),
        "streaks": list(view.streaks), "asks": "; ".join(map(ask_words, view.log)),
        "stacked": stacked,
    }
    if me == view.instigator:  # the view shows the instigator alone whether a draw is left
        position["may_draw"] = view.may_draw
    if view.rules.putin_window == "everyone":
        position["declared"] = [
            (view.declared[p] if p == me else None if p in view.waiting_for else "pass")
            for p in range(n)] if view.waiting_for else None
    return position, rng


def _deciding(view: TradeView, hands: list[Cards], rng: Rng) -> tuple[int | None, Rng]:
    """Who chooses now in the dealt table (choices.decider)."""
    if view.phase == DEFEND and view.battle is not None:
        return view.battle.defender, rng
    if view.waiting_for:  # ruling TW-PUTIN-WHO 'everyone': in seat order
        return view.waiting_for[0], rng
    if view.phase == PUTIN_WINDOW:
        holders = [p for p, hand in enumerate(hands) if PUTIN in hand]
        return (holders[0] if holders else None), rng
    if view.phase == REWARD and view.rewarded is not None:
        # Under ruling TW-STREAK 'game' the defender may earn the reward too: the view
        # says who (the events of the battle did).
        return view.rewarded, rng
    return view.instigator, rng


def _battle(battle: Battle | None) -> dict[str, Any] | None:
    if battle is None:
        return None
    return {"defender": battle.defender, "rank": RANK_CODES[battle.rank - 2],
            **{key: trade_codes(getattr(battle, key)) for key in
               ("stake", "attack", "defence", "earlier", "earlier_attack")}}

