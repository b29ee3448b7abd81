"""For the coach: a table dealt from what one player sees.

A player sees their own hand, every card laid face up (and their own face-down ones), the
Guerrillas shown to cancel a promotion, and how many cards every pile and hand holds.
:func:`deal_unseen` deals every other card out again at those sizes: into the other hands
(beside the cards they have shown), every draw and discard pile (the viewer's own too:
they are face down), the others' face-down tie-break cards and the removed pile, each
card only into the places the player's memory allows it (memory.py: what the earlier
views showed, such as each seat's own suits at the deal and the spoils in the winner's
discard pile), as a shuffled deck dealt into the places that may take it would
(matching.py). The dealt table then looks to that player exactly as the real one does,
and nothing but the views and the seed decides it, so the coach cannot peek.

>>> from wartutor.core import Game
>>> from wartutor.variants.guerrilla_tactics import GUERRILLA_TACTICS
>>> game = Game.new(GUERRILLA_TACTICS, seed=3)
>>> seen = GUERRILLA_TACTICS.view(game.state, 0)
>>> dealt = deal_unseen(game.rules, seen, seed=11)
>>> GUERRILLA_TACTICS.view(dealt, 0) == seen, dealt.seats[0].hand == game.state.seats[0].hand
(True, True)
>>> [sorted({c.suit for c in s.draw}) for s in dealt.seats]  # each seat's own suits still
[['D', 'H'], ['C', 'S']]

What the table waits for says a little more than the sizes, and the deal keeps it: a
player asked to propose a promotion holds no Guerrilla, one asked to cancel holds one,
and one asked to support has a card that would help (else the engine declines unasked),
unless everyone declares (GT-DECLARE 'everyone'): then being asked says nothing, and only
a proposer is known to hold no Guerrilla. The others' hidden choices already made ("has
chosen") are made again in the dealt table, by the heuristic agent on its own view there.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import pairwise
from typing import Any

from wartutor.core.cards import Card
from wartutor.core.chance import Rng
from wartutor.core.engine import Decision
from wartutor.core.errors import BadInput
from wartutor.core.recall import LastRecall
from wartutor.variants.guerrilla_tactics.agents import heuristic_agent
from wartutor.variants.guerrilla_tactics.forces import is_guerrilla, strength
from wartutor.variants.guerrilla_tactics.game import (
    KINDS,
    asked_with_one,
    legal_actions,
)
from wartutor.variants.guerrilla_tactics.matching import dealt
from wartutor.variants.guerrilla_tactics.memory import OUT, Place, memory
from wartutor.variants.guerrilla_tactics.position import from_position, position_of
from wartutor.variants.guerrilla_tactics.rules import GuerrillaRules
from wartutor.variants.guerrilla_tactics.state import (
    DECK,
    TIE_DOWN,
    GuerrillaState,
    Laid,
    Seat,
    Tally,
    changed,
    rules_deck,
)
from wartutor.variants.guerrilla_tactics.view import GuerrillaView, view

MAX_DEALS = 10_000
"""Deals tried for one that fits what the table waits for. A deal fits at once when the
viewer is the one asked; otherwise it may need a few tries, some tens at worst (another
player asked to support with a hand of one card, which only a few cards would make help)."""

_ALLOWED = "the view of one player (a seat, not the teacher's) of a game in play"


def deal_unseen(rules: GuerrillaRules, view: GuerrillaView, seed: int,
                seen: Sequence[GuerrillaView] = ()) -> GuerrillaState:
    """A table that ``view.viewer`` cannot tell from the real one, the cards that view does
    not show dealt at random by ``seed`` into the places it does not show, each only where
    the player's memory of ``seen`` (their earlier views, oldest first) allows it."""
    _check(rules, view)
    known = _remembered(rules, tuple(seen), view)
    deck = rules_deck(rules)
    stacked = OUT in known.room or any(c not in deck for c in _last_shown(view))
    # A stacked deal (Game.new(stacked=...)) may hold any cards of the 52, and the view does
    # not say which: the cards under the last skirmish's face-down ones may be any the deal
    # leaves in the game.
    could_be_pictured = tuple(c for c in (DECK if stacked else deck)
                              if c not in _last_shown(view))
    unseen = tuple(known.allowed)
    places = tuple(known.room)
    index = {place: i for i, place in enumerate(places)}
    masks = [sum(1 << index[place] for place in known.allowed[c]) for c in unseen]
    room = [known.room[place] for place in places]
    rng = Rng.from_seed(seed)
    table = None
    for _ in range(MAX_DEALS):
        got = dealt(masks, room, rng)
        if got is None:
            raise BadInput("the views leave no room for the cards the player has not seen "
                           "where they could be", allowed=_ALLOWED)
        where, rng = got
        cards_at: dict[Place, list[Card]] = {place: [] for place in places}
        for c, i in zip(unseen, where, strict=True):
            cards_at[places[i]].append(c)
        pictured, rng = rng.shuffled(tuple(c for c in could_be_pictured
                                           if c not in cards_at.get(OUT, ())))
        table = _laid_out(rules, view, cards_at, iter(pictured))
        if table is not None:
            break
    if table is None:
        raise BadInput("no deal of the unseen cards fits what the table waits for",
                       allowed=_ALLOWED)
    table = _choices_made(table, view)
    next_seed, _ = rng.below(1 << 64)  # the dealt table's own chance, apart from the deal's
    position: dict[str, Any] = position_of(table)  # "stacked" when its cards are a lesson's
    del position["tally"]  # not in the view: the least the position allows
    return from_position(rules, position, next_seed)


_remembered = LastRecall(memory)  # one decision's memory, for every table the coach deals


def _check(rules: GuerrillaRules, seen: GuerrillaView) -> None:
    if not isinstance(seen, GuerrillaView):
        raise BadInput(f"a {type(seen).__name__} is not a view of Guerrilla Tactics",
                       allowed=_ALLOWED)
    if seen.viewer is None:
        raise BadInput("the teacher's view shows every card, so there is nothing unseen to deal",
                       allowed=_ALLOWED)
    if seen.outcome is not None:
        raise BadInput("the game is over, so there is nothing left to play on from",
                       allowed=_ALLOWED)
    if (len(seen.seats) != rules.players or seen.ace_high != (rules.ace == "high")
            or seen.skirmish_limit != rules.skirmish_limit):
        raise BadInput("the view is of a game under other rules",
                       allowed="the rules of the game the view shows")


def _last_shown(seen: GuerrillaView) -> set[Card]:
    return {x.card for row in seen.last_table for x in row if x.card}


def _laid_out(
    rules: GuerrillaRules, seen: GuerrillaView, cards_at: dict[Place, list[Card]],
    pictured: Iterator[Card],
) -> GuerrillaState | None:
    """The table with the dealt cards in every place the view does not show (and the
    ``pictured`` ones under the others' face-down cards of the last skirmish), or None when
    it does not fit what the table waits for."""

    def take(pile: str, p: int | None = None) -> tuple[Card, ...]:
        return tuple(cards_at.get(Place(pile, p), ()))

    seats, table, last_table = [], [], []
    for p, s in enumerate(seen.seats):
        shown = tuple(dict.fromkeys(s.shown))  # a card shown twice is still one card
        hand = s.hand if s.hand is not None else shown + take("hand", p)
        seats.append(Seat(draw=take("draw", p), discard=take("discard", p), hand=hand,
                          shown=s.shown, out=s.out, supported=s.penalty_due,
                          reveals_first=s.reveals_first, played_guerrilla=s.played_guerrilla,
                          tie_drawn=_tie_drawn(seen, p, hand, len(shown))))
        table.append(_face_down_dealt(seen.table[p], iter(take("table", p))))
        last_table.append(_face_down_dealt(seen.last_table[p], pictured))
    if not _could_lie_face_down(rules, seen, table, last_table):
        return None
    stage = _stage(rules, seen)
    n = len(seats)
    state = GuerrillaState(
        rules=rules, rng=Rng.from_seed(0), seats=tuple(seats), removed=take("removed"),
        guerrilla_rank=seen.guerrilla_rank, skirmish=seen.skirmish, stage=stage,
        asked=(), pending=(None,) * n, contenders=seen.contenders, tie_round=seen.tie_round,
        proposer=seen.proposer, table=tuple(table), last_table=tuple(last_table),
        tally=Tally(), outcome=None, decision=None,
    )
    asked = _asked(state, seen)
    if asked is None:
        return None
    own = seen.viewer or 0
    pending = tuple(seen.seats[own].pending if p == own else None for p in range(n))
    state = changed(state, asked=asked, pending=pending)
    if len(legal_actions(state, asked[0])) < 2 and not asked_with_one(state):
        return None  # the one asked has a real choice, or the engine would have taken it
    return state


def _face_down_dealt(row: tuple[Laid, ...], cards: Iterator[Card]) -> tuple[Laid, ...]:
    """A seat's row of laid cards with a dealt card under each one the view hides."""
    return tuple(x if x.card else Laid(next(cards), x.how, x.tie_round) for x in row)


def _could_lie_face_down(
    rules: GuerrillaRules, seen: GuerrillaView, table: list[tuple[Laid, ...]],
    last_table: list[tuple[Laid, ...]],
) -> bool:
    """Whether each dealt face-down card could lie there unseen: not a Guerrilla from a
    player who has played none (GT-PROMO-PLAYED), and not turned up to make a pair with its
    face-up card (GT-TIE-DOWN 'pair')."""
    rank, ace_high = seen.guerrilla_rank, seen.ace_high
    for p, row in enumerate(table):
        if not seen.seats[p].played_guerrilla and any(
                x.card and x.how == TIE_DOWN and is_guerrilla(x.card, rank) for x in row):
            return False
    if rules.tie_down != "pair":
        return True
    return not any(strength(down.card, rank, ace_high) == strength(up.card, rank, ace_high)
                   for row in (*table, *last_table) for up, down in pairwise(row)
                   if down.how == TIE_DOWN and down.card and up.card)


def _stage(rules: GuerrillaRules, seen: GuerrillaView) -> str:
    """The engine's stage: the view names only the kind of choice, the same for the spy
    captors' early reveal (GT-REVEAL-FIRST) as for the play after it."""
    if seen.stage not in ("play", "tie"):
        return seen.stage
    if seen.stage == "play":
        players = [p for p, s in enumerate(seen.seats) if not s.out]
        rnd = 0
    else:
        if rules.reveal_first_scope != "tie-breaks-too":
            return "tie"
        players, rnd = list(seen.contenders), seen.tie_round
    first = [p for p in players if seen.seats[p].reveals_first]
    laid = any(x.tie_round == rnd for p in players for x in seen.table[p])
    return f"{seen.stage}-first" if 0 < len(first) < len(players) and not laid else seen.stage


def _tie_drawn(seen: GuerrillaView, p: int, hand: tuple[Card, ...], shown: int) -> tuple[Card, ...]:
    """The cards a tied player yet to lay has just drawn: the last of the hand (a draw adds
    them at its end), two unless a hand of one forced the play, or the own choice says."""
    if seen.stage != "tie" or p not in seen.contenders or any(
            x.tie_round == seen.tie_round for x in seen.table[p]):
        return ()
    chosen = seen.seats[p].pending
    if p == seen.viewer and chosen is not None and len(chosen.split()) == 2:
        return hand[-1:]  # "up 9H": only one card was drawn
    return hand[len(hand) - min(2, len(hand) - shown):]


def _asked(state: GuerrillaState, seen: GuerrillaView) -> tuple[int, ...] | None:
    """Who is still to choose in the dealt table, or None if it cannot be what the view
    shows. In a promotion the view shows only who chooses now: those after them are the
    eligible the deal makes so (unless everyone declares, GT-DECLARE 'everyone': then the
    view names them all)."""
    if state.stage not in ("promote", "cancel"):
        return seen.waiting_for
    now, rank, n = seen.waiting_for[0], state.guerrilla_rank, len(state.seats)

    def holds_guerrilla(p: int) -> bool:
        return any(is_guerrilla(c, rank) for c in state.seats[p].hand)

    if state.rules.declare == "everyone":  # everyone yet to declare, whatever they hold
        proposer = state.proposer
        return None if proposer is not None and holds_guerrilla(proposer) else seen.waiting_for

    if state.stage == "promote":
        # Every player still in has played a Guerrilla (the view's stage says so); those
        # without one in hand may propose, in seat order.
        eligible = [p for p in state.active if not holds_guerrilla(p)]
        return tuple(p for p in eligible if p >= now) if now in eligible else None
    proposer = state.proposer
    assert proposer is not None
    after = [(proposer + i) % n for i in range(1, n)]
    cancellers = [p for p in after if not state.seats[p].out and holds_guerrilla(p)]
    if holds_guerrilla(proposer) or now not in cancellers:
        return None
    return tuple(cancellers[cancellers.index(now):])


def _choices_made(state: GuerrillaState, seen: GuerrillaView) -> GuerrillaState:
    """The others' hidden choices made again, by the heuristic on the dealt table."""
    pending = list(state.pending)
    for p, s in enumerate(seen.seats):
        if p != seen.viewer and s.has_chosen:
            decision = Decision(p, KINDS[state.stage], legal_actions(state, p))
            pending[p] = heuristic_agent(p, 0)(view(state, p), decision)
    return changed(state, pending=tuple(pending))
