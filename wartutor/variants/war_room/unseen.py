"""The coach's tables: what one War Room player cannot see, dealt at random.

Every draw stack is face down, even to its owner, and collection piles show only their
sizes (WR-COLLECTIONS), so a player sees the revealed cards and their VCs, the pile
sizes, who has declared, their own declaration and, once shown, everyone's. But every
card on its way into a pile was face up, so the views seen before tell where many of the
hidden cards are (memory.py): a collection holds the cards its owner won since the last
reshuffle, a new draw stack the old one's rest and its owner's collection. The cards not
on the table are dealt at random into the piles where that memory allows, every pile
keeping its size; the state is then built as a position, so it is checked like any
position. Nothing but the rules, the views and the seed is read: the coach cannot peek.

Three marks of a reveal cycle are not in the view, so they are chosen here:
- a declaration another player has made but not yet shown: the one that player's
  heuristic agent makes at this table (or 'decline' where only that is possible);
- which cards activated in earlier tie-break steps of this cycle: none (it matters only
  under WR-REACTIVATE 'once-per-cycle');
- the VCs as a tie-break step began, while its cards resolve (for WR-STALEMATE-WHEN): the
  VCs now, or, where the tied players are no longer tied, their lowest VC now.
"""

from __future__ import annotations

from collections.abc import Sequence

from wartutor.core.chance import Rng, check_seed
from wartutor.core.engine import Decision
from wartutor.core.errors import BadInput, quoted
from wartutor.variants.war_room.agents import heuristic_agent
from wartutor.variants.war_room.deck import RoomCard
from wartutor.variants.war_room.game import ACTIVATE, DECLINE, WarRoomState
from wartutor.variants.war_room.memory import LEFT_OUT, Memory, Place, fits, memory
from wartutor.variants.war_room.position import from_position
from wartutor.variants.war_room.rules import WarRoomRules
from wartutor.variants.war_room.view import WarRoomView


def deal_unseen(
    rules: WarRoomRules, view: WarRoomView, seed: int, seen: Sequence[WarRoomView] = ()
) -> WarRoomState:
    """A state ``view.viewer`` cannot tell from the real one: the cards it does not show
    dealt at random (deterministic in ``seed``) among the draw stacks and collections, each
    where the views ``seen`` before (the same player's, oldest first) allow it to be."""
    _check(rules, view)
    rng = Rng.from_seed(check_seed(seed))
    stacks, collections, stacked, rng = _deal(rules, view, memory(rules, tuple(seen), view), rng)
    resolving = view.resolving
    position = {
        "stage": "declare" if resolving is None else "resolve",
        "round": view.round,
        "first": view.first,
        "tie_break_step": view.step,
        "participants": list(view.participants),
        "turn": _next_to_declare(view) if resolving is None else resolving[0],
        "instruction": None if resolving is None else resolving[1] + 1,
        "draw": stacks,
        "collection": collections,
        "revealed": [None if here is None else here.card.code for here in view.table],
        "vc": [None if here is None else here.vc for here in view.table],
        "declared": list(view.shown) if resolving else _declarations(rules, view, seed),
        "activated": _activated(view),
        "stacked": stacked,
    }
    began = _step_began(view)
    if began is not None:
        position["vc_as_step_began"] = began
    return from_position(rules, position, rng.state)


def _check(rules: WarRoomRules, view: WarRoomView) -> None:
    if not isinstance(view, WarRoomView):
        raise BadInput(f"{quoted(view)} is not a War Room view", allowed="view(state, seat)")
    if view.viewer is None:
        raise BadInput("a teacher's view shows every card: there is nothing unseen to deal",
                       allowed="a player's view, view(state, seat)")
    if view.outcome is not None:
        raise BadInput("the game is over: nobody chooses any more, so there is nothing to "
                       "play on from", allowed="a view of a game still going on")
    if view.players != rules.players or view.round_limit != rules.round_limit:
        raise BadInput(f"the view is of a table of {view.players} players with the round "
                       f"limit {view.round_limit}, not of these rules",
                       allowed="the rules the game is played under")


def _deal(
    rules: WarRoomRules, view: WarRoomView, known: Memory, rng: Rng
) -> tuple[list[str], list[str], bool, Rng]:
    """The unseen cards dealt where the memory allows: stacks, then collections, by seat.

    Each card a lot pins to one place goes there; the others, in a shuffled order, each go
    to one of its lot's places with room, chosen with weight the room left (with one lot
    that is a uniform deal), unless that leaves the rest no way to fit."""
    n = view.players
    places = [Place("draw", p) for p in range(n)] + [Place("collection", p) for p in range(n)]
    room = [*view.stack_counts, *view.collection_counts]
    room.append(known.unseen() - sum(room))  # what a stacked lesson deal left out
    places.append(LEFT_OUT)
    where = {place: j for j, place in enumerate(places)}
    allowed = [frozenset(where[p] for p in lot.places) for lot in known.lots]
    supply = [len(lot.cards) for lot in known.lots]
    if room[-1] < 0 or not fits(supply, allowed, room):
        raise BadInput("the cards these views leave unseen cannot fill the piles they show: "
                       "they are not the views of one game",
                       allowed="the views one player saw in one game, oldest first")
    piles: list[list[RoomCard]] = [[] for _ in places]
    waiting: list[tuple[int, RoomCard]] = []
    for i, lot in enumerate(known.lots):
        if len(allowed[i]) == 1:
            (j,) = allowed[i]
            piles[j].extend(lot.cards)
            room[j] -= len(lot.cards)
            supply[i] = 0
        else:
            waiting.extend((i, card) for card in lot.cards)
    shuffled, rng = rng.shuffled(tuple(waiting))
    for i, card in shuffled:
        # With this card's lot the only one still to deal, any place with room will do (the
        # lot fills them all); otherwise a place is taken only if the rest still fit.
        alone = sum(1 for left in supply if left) == 1
        supply[i] -= 1
        open_places = [j for j in sorted(allowed[i]) if room[j]]
        while True:
            j, rng = _weighted(open_places, room, rng)
            room[j] -= 1
            if alone or fits(supply, allowed, room):
                break
            room[j] += 1
            open_places.remove(j)
        piles[j].append(card)
    codes = []
    for pile in piles[:-1]:
        mixed, rng = rng.shuffled(tuple(pile))
        codes.append(_codes(mixed))
    return codes[:n], codes[n:], bool(piles[-1]), rng


def _weighted(places: list[int], room: list[int], rng: Rng) -> tuple[int, Rng]:
    """One of ``places``, each as likely as the room it has left."""
    pick, rng = rng.below(sum(room[j] for j in places))
    for j in places:
        pick -= room[j]
        if pick < 0:
            return j, rng
    raise AssertionError("a pick below the total room lands in a place")


def _codes(cards: tuple[RoomCard, ...]) -> str:
    return " ".join(card.code for card in cards)


def _next_to_declare(view: WarRoomView) -> int:
    return next(p for p in view.participants if not view.declared[p])


def _declarations(rules: WarRoomRules, view: WarRoomView, seed: int) -> list[str | None]:
    """The declarations made so far in this step: the viewer's own, and for each other
    player who has declared, what that player's heuristic agent declares at this table
    (the table, the VCs and the step are what it reads, and declaring changes none)."""
    declared: list[str | None] = [None] * view.players
    for seat in view.participants:
        if not view.declared[seat]:
            continue
        if seat == view.viewer:
            declared[seat] = view.own_declaration
            continue
        here = view.table[seat]
        assert here is not None, "a participant has a revealed card"
        if not here.card.can_activate:
            declared[seat] = DECLINE
            continue
        agent = heuristic_agent(seat, seed)
        declared[seat] = agent(view, Decision(seat, "declare", (ACTIVATE, DECLINE)))
    return declared


def _activated(view: WarRoomView) -> list[bool]:
    """The cards whose activation has resolved in this step, before the one resolving now
    (earlier tie-break steps of the cycle are not in the view: none is marked)."""
    done = [False] * view.players
    if view.resolving is not None:
        for seat in view.participants:
            if seat == view.resolving[0]:
                break
            done[seat] = view.shown[seat] == ACTIVATE
    return done


def _step_began(view: WarRoomView) -> list[int | None] | None:
    """The VCs as a tie-break step began, needed while its cards resolve; None elsewhere
    (the position knows them: the VCs now while declaring, the printed VCs in a round)."""
    if view.resolving is None or view.step == 0:
        return None
    vcs = [None if here is None else here.vc for here in view.table]
    tied = {vcs[p] for p in view.participants}
    if len(tied) > 1:  # something has moved them already: they were tied as it began
        lowest = min(vc for vc in tied if vc is not None)
        for p in view.participants:
            vcs[p] = lowest
    return vcs
