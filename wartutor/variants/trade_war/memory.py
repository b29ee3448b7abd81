"""What one Trade War player can know of the cards they cannot see, from what they saw.

A player sees, view after view (view.py), their own hand and resource pile, the battle
on the table, the removed cards, the record of asks and how many cards every zone holds.
From the views they saw, oldest first, ``memory`` says for every card hidden now the
places it may be: ``"hand 2"``, ``"pile 2"`` (another player's hand or resource pile),
``"center"``, or ``"out"`` (never dealt, in a stacked lesson).

It follows every card from view to view. A card goes only where the rules move cards,
and only along the moves that could have happened between two views (the game's own
words, game.py):

- TW-SWAP, TW-REFILL, TW-CENTER-DRAW: at the start of a turn its instigator moves
  cards between their hand and resource pile, and draws from the centre (only if the
  centre gave up a card);
- TW-GUESS, TW-BATTLE: the two players of a battle lay cards from their hands on the
  table; TW-WINNINGS: the table goes to one of their piles (or hands, ruling 'hand-first');
- TW-THREE-WINS: a reward moves a card from anyone to a winner (only if a turn ended
  after a battle that could make three wins);
- TW-PUTIN-KILL: Putin goes back into the centre.

A card may move several times between two views far apart: it may be anywhere those
moves lead, so a gap widens what is known and never guesses. What a view shows narrows
it: an empty zone holds nothing; a pile that could not lose cards and did not grow took
none; the stake shown was on the table; a miss, and a stake of every copy (ruling
TW-TRIPLES 'all'), tell that a hand lacked the rank at that moment; at Putin's moment
someone holds him (under ruling TW-PUTIN-WHO 'holder' only: with 'everyone' every battle
has that moment, and being asked tells nothing); under ruling TW-ASK-HOLD an asker held
the rank asked, which places a card when only one of that rank could have been in that
hand. Nothing else is remembered: not the order inside a pile or the centre, not how
many cards of a group of places are where (a set of places per card cannot hold "one of
these").

>>> from wartutor.core import Game
>>> from wartutor.variants.trade_war import TRADE_WAR, TradeRules
>>> from wartutor.variants.trade_war.cards import trade_card
>>> rules = TradeRules(players=2, first_player=0)
>>> game = Game.new(TRADE_WAR, rules, stacked=("AS 7C 2D", "7H 7D 3H 3D KC", "9C 9D"))
>>> game = game.play("ask 1 7").play("play AS").play("play 3H 3D")
>>> views = [TRADE_WAR.view(step.state, 0) for step in game.steps]
>>> views[-1].pile_sizes, views[-1].hand_sizes
((0, 0), (2, 6))
>>> known = memory(rules, views[:-1], views[-1])

Your ace went into the battle and Computer 1 won it and took it into hand; all the sevens
Computer 1 held went down as the stake, so the seven of spades is not in its hand:

>>> sorted(known.places[trade_card("AS")]), sorted(known.places[trade_card("7S")])
(['hand 1'], ['center', 'out'])
>>> sorted(memory(rules, (), views[-1]).places[trade_card("AS")])  # the last view alone
['center', 'hand 1', 'out']
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from itertools import pairwise

from wartutor.core.cards import Card
from wartutor.core.errors import BadInput
from wartutor.variants.trade_war.cards import PUTIN, TradeCard, trade_deck
from wartutor.variants.trade_war.rules import TradeRules
from wartutor.variants.trade_war.state import ATTACK, DEFEND, PREPARE, PUTIN_WINDOW, REWARD
from wartutor.variants.trade_war.view import TradeView

CENTER, OUT = "center", "out"
# Where the cards a player sees are: never a place of a hidden card, but a card passes
# through them between two views.
BATTLE, REMOVED = "battle", "removed"
DECK = trade_deck()
THIRD_WIN = 2  # a battle won by a player with two wins in a row may earn the reward


def hand(player: int) -> str:
    return f"hand {player}"


def pile(player: int) -> str:
    return f"pile {player}"


@dataclass(frozen=True)
class Memory:
    """``places``: for every card the current view hides, where it may be."""

    places: Mapping[TradeCard, frozenset[str]]

    def known(self) -> int:
        """How many hidden cards have a single place."""
        return sum(len(where) == 1 for where in self.places.values())


Places = dict[TradeCard, frozenset[str]]
Moves = dict[str, set[str]]


def memory(rules: TradeRules, seen: Sequence[TradeView], view: TradeView) -> Memory:
    """Where each card hidden in ``view`` may be, from the views ``seen`` before it (the
    same player's, oldest first, any of them left out) and the rules."""
    views = (*seen, view)
    for earlier in seen:
        if earlier.viewer != view.viewer or earlier.rules != rules:
            raise BadInput(f"a view of player {earlier.viewer} is among the views seen by "
                           f"player {view.viewer}, or of other rules",
                           allowed="earlier views of the same player in the same game")
    places = _first(views[0])
    for before, after in pairwise(views):
        places = _follow(rules, places, before, after)
    return Memory(places)


def _first(view: TradeView) -> Places:
    """A first view alone: every hidden card may be in every zone that hides cards."""
    shown = _shown(view)
    return {c: _narrowed(view, c, _hidden_places(view)) for c in DECK if c not in shown}


def _follow(rules: TradeRules, places: Places, before: TradeView, after: TradeView) -> Places:
    """The places of the cards hidden in ``after``, from those in ``before``."""
    if after.log[:len(before.log)] != before.log:
        raise BadInput("the record of asks of a later view does not go on from an earlier one",
                       allowed="views of one game, oldest first")
    reach = _reach(_moves(rules, before, after, asked=False))
    # After an ask, its asker's start of turn is over: only later turns start.
    reach_after_ask = _reach(_moves(rules, before, after, asked=True))

    def spread(where: Iterable[str], after_ask: bool = False) -> frozenset[str]:
        reached = reach_after_ask if after_ask else reach
        return frozenset().union(*(reached.get(place, {place}) for place in where))

    shown_before = _shown(before)
    now = {c: spread(places.get(c, ())) if c not in shown_before else spread({shown_before[c]})
           for c in DECK}
    for record in after.log[len(before.log):]:
        for c in record.shown:  # the stake was on the table at the ask
            now[c] = spread({BATTLE})
        if not record.shown or rules.stake_size == "all" or len(record.shown) < 2:
            # A miss, or every copy laid down: the target's hand then held no other copy.
            lacking = hand(record.target)
            for c in DECK:
                if isinstance(c, Card) and c.rank == record.rank and c not in record.shown:
                    now[c] = spread(now[c] - {lacking}, after_ask=True)
        if rules.ask_hold:  # the asker held a card of the rank: if only one could be it
            asker = hand(record.player)
            held = [c for c in DECK if isinstance(c, Card) and c.rank == record.rank
                    and asker in now[c]]
            if len(held) == 1:
                now[held[0]] = spread({asker}, after_ask=True)
    if len(after.removed) > len(before.removed) and PUTIN in now:
        now[PUTIN] = spread({CENTER})  # shuffled back in after his last assassination
    hidden, shown = _hidden_places(after), _shown(after)
    return {c: _narrowed(after, c, now[c] & hidden) for c in DECK if c not in shown}


def _reach(moves: Moves) -> dict[str, frozenset[str]]:
    return {place: _reachable(moves, place) for place in {*moves, BATTLE, CENTER}}


def _moves(rules: TradeRules, before: TradeView, after: TradeView, asked: bool) -> Moves:
    """Every move of one card from a place to another that may have happened between
    the two views (see the module docstring); with ``asked``, only those after an ask
    made between them."""
    n = rules.players
    moves: Moves = {}

    def move(source: str, destination: str) -> None:
        moves.setdefault(source, set()).add(destination)

    killed = len(after.removed) - len(before.removed)
    from_center = before.center_size - after.center_size + killed  # Putin came back each time
    fights = _decided(rules, before, after)
    rewarded = _rewarded(rules, before, after, fights)
    # A refill or a swap needs a card in the pile: one empty at ``before`` fills only
    # from a battle its player fought or a reward they took.
    filled = {p for attacker, defender, *_ in fights for p in (attacker, defender)}
    filled |= rewarded | {p for p, size in enumerate(before.pile_sizes) if size}
    for p in _instigators(rules, before, after, asked):
        if p in filled:
            move(pile(p), hand(p))
            move(hand(p), pile(p))
        if from_center > 0:
            move(CENTER, hand(p))

    def kept(p: int) -> bool:
        """A pile loses cards only to its owner's refill or swap, or to a reward (between
        the two views: its size is all that is known)."""
        return p not in _instigators(rules, before, after, False) and not rewarded

    for attacker, defender, laying, _ in fights:
        for p in laying:
            move(hand(p), BATTLE)
        winners: tuple[int, ...] = (attacker, defender)
        if len(fights) == 1:  # a kept pile that grew took the one battle: its player won
            winners = tuple(p for p in winners if kept(p)
                            and after.pile_sizes[p] > before.pile_sizes[p]) or winners
        for p in winners:
            move(BATTLE, pile(p))
            if rules.winnings == "hand-first":
                move(BATTLE, hand(p))
    for winner in rewarded:
        prizes = [pile(winner)] + ([hand(winner)] if rules.reward_to == "hand" else [])
        sources = [CENTER] if from_center > 0 else []
        sources += [z for p in range(n) if p != winner for z in (hand(p), pile(p))]
        for source in sources:
            for prize in prizes:
                move(source, prize)
    for p in range(n):
        if kept(p) and after.pile_sizes[p] == before.pile_sizes[p]:  # it took none
            for destinations in moves.values():
                destinations.discard(pile(p))
    return moves


def _to_lay(rules: TradeRules, view: TradeView) -> tuple[int, ...]:
    """Who may still lay cards from their hand in the battle on the table: the plays
    shown are down; after a tie (ruling TW-BATTLE-TIE 'again') both play again."""
    assert view.battle is not None
    attacker, defender = view.instigator, view.battle.defender
    if rules.battle_tie == "again" or view.phase == ATTACK:
        return attacker, defender
    return (defender,) if view.phase == DEFEND else ()


def _instigators(
    rules: TradeRules, before: TradeView, after: TradeView, asked: bool
) -> set[int]:
    """The players who may have been at the start of a turn between the two views (with
    ``asked``, after an ask made between them)."""
    n, turns = rules.players, after.turn - before.turn
    starting = {before.instigator} if before.phase == PREPARE and not asked else set()
    if turns and (rules.turn_order == "defender" or turns >= n):
        return set(range(n))
    return starting | {(before.instigator + k) % n for k in range(1, turns + 1)}


Fight = tuple[int, int, tuple[int, ...], bool]


def _decided(rules: TradeRules, before: TradeView, after: TradeView) -> list[Fight]:
    """The battles decided between the two views: attacker, defender, who may have laid
    cards from their hand, and whether it could be someone's third win in a row. The
    battle on the table at ``after`` is not decided yet, and every card in it is shown."""
    fights: list[Fight] = []
    if before.battle is not None:
        fighters = (before.instigator, before.battle.defender)
        third = max(before.streaks[p] for p in fighters) >= THIRD_WIN
        fights.append((*fighters, _to_lay(rules, before), third))
    fights += [(r.player, r.target, (r.player, r.target), True)
               for r in after.log[len(before.log):] if r.shown]
    return fights[:-1] if after.battle is not None else fights


def _rewarded(rules: TradeRules, before: TradeView, after: TradeView,
              fights: list[Fight]) -> set[int]:
    """Who may have taken a three-wins reward between the two views. A reward ends the
    turn, and at ``after`` a reward still to take is not taken yet."""
    pending_before = before.phase == REWARD
    if after.turn == before.turn and not pending_before:
        return set()
    thirds = sum(third for *_, third in fights) - (after.phase == REWARD)
    if not pending_before and thirds <= 0:
        return set()
    fought = [(attacker, defender) for attacker, defender, *_ in fights]
    if pending_before and before.log:
        fought.append((before.log[-1].player, before.log[-1].target))
    winners = {before.instigator} if pending_before else set()
    for attacker, defender in fought:
        winners |= {attacker, defender} if rules.streak == "game" else {attacker}
    return winners


def _reachable(moves: Moves, start: str) -> frozenset[str]:
    found, todo = {start}, [start]
    while todo:
        for destination in moves.get(todo.pop(), ()):
            if destination not in found:
                found.add(destination)
                todo.append(destination)
    return frozenset(found)


def _shown(view: TradeView) -> dict[TradeCard, str]:
    """The cards the view shows, and where."""
    me = view.viewer
    assert me is not None
    battle = view.battle.cards if view.battle is not None else ()
    return {**{c: hand(me) for c in view.my_hand}, **{c: pile(me) for c in view.my_pile},
            **{c: BATTLE for c in battle}, **{c: REMOVED for c in view.removed}}


def _hidden_places(view: TradeView) -> frozenset[str]:
    """The zones that hide cards in the view: the others' non-empty hands and piles, the
    centre, and out of the game if the view accounts for fewer cards than the deck."""
    me = view.viewer
    battle = view.battle.cards if view.battle is not None else ()
    counted = (sum(view.hand_sizes) + sum(view.pile_sizes) + view.center_size + len(battle)
               + len(view.removed))
    places = {hand(p) for p, size in enumerate(view.hand_sizes) if size and p != me}
    places |= {pile(p) for p, size in enumerate(view.pile_sizes) if size and p != me}
    places |= {CENTER} if view.center_size else set()
    places |= {OUT} if counted < len(DECK) else set()
    return frozenset(places)


def _narrowed(view: TradeView, c: TradeCard, where: frozenset[str]) -> frozenset[str]:
    """At Putin's moment (a choice to make) someone holds Putin: under ruling TW-PUTIN-WHO
    'holder', where the moment comes only when someone does."""
    if c == PUTIN and view.phase == PUTIN_WINDOW and view.rules.putin_window == "holder":
        return frozenset(place for place in where if place.startswith("hand "))
    return where
