"""What one War Room player can know of the hidden cards from the views they saw.

Nobody may look into a draw stack or a collection (WR-COLLECTIONS), but every card on
its way there was face up: a sole winner collects the revealed cards, so a collection
holds exactly the cards its owner won since the last reshuffle; a reshuffle mixes each
player's own draw stack and collection into that player's new draw stack; a stalemate
settled as void puts each revealed card back under its owner's stack. A player who saw
the round end therefore knows where those cards went, and keeps knowing it until they
are revealed again. The memory is a few **lots**: cards that are somewhere among a set
of places (the draw stack or collection of a seat, or left out of a stacked lesson deal).

Two views one round apart are followed exactly: the sizes say who collected (or that
the round was void) and whether a reshuffle followed, and each card revealed in the new
round is taken out of the lots its stack could hold. Rounds played between two views
without either showing them (nobody chose anything, or a computer player's memory has a
gap) cannot be followed: every card not known to be left out may then be anywhere.

Ana (seat 1) beats your Sniper with her Scout and collects both cards; the next round
shows a Sentry and a Scout. Ana saw it all: she knows where both first cards are, and
that the other 56 cards of the deck were left out of this lesson deal.

>>> from wartutor.core import Game
>>> from wartutor.variants.war_room import WAR_ROOM, WarRoomRules
>>> game = Game.new(WAR_ROOM, WarRoomRules(first_player=0), 0, stacked=("SN SE", "SC SC"))
>>> before = WAR_ROOM.view(game.state, 1)
>>> game = game.play("decline")
>>> known = memory(game.rules, (before,), WAR_ROOM.view(game.state, 1))
>>> [(lot.codes, sorted(lot.places)) for lot in known.lots if LEFT_OUT not in lot.places]
[('SC SN', [Place(pile='collection', seat=1)])]
>>> known.known(), known.unseen()
(58, 58)
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import NamedTuple

from wartutor.core.errors import BadInput, quoted
from wartutor.variants.war_room.deck import RoomCard
from wartutor.variants.war_room.rules import NAMES, WarRoomRules
from wartutor.variants.war_room.view import WarRoomView


class Place(NamedTuple):
    """Where a hidden card can be: a seat's ``"draw"`` stack or ``"collection"``, or
    ``"left out"`` of a stacked lesson deal (seat -1)."""

    pile: str
    seat: int


LEFT_OUT = Place("left out", -1)


@dataclass(frozen=True)
class Lot:
    """Cards known to be somewhere among ``places`` (each card in one of them)."""

    cards: tuple[RoomCard, ...]
    places: frozenset[Place]

    @property
    def codes(self) -> str:
        return " ".join(card.code for card in self.cards)


@dataclass(frozen=True)
class Memory:
    """Every card the current view does not show, in exactly one lot."""

    lots: tuple[Lot, ...]

    def places(self, card: RoomCard) -> frozenset[Place]:
        """Every place a copy of ``card`` may be in."""
        return frozenset().union(*[lot.places for lot in self.lots if card in lot.cards])

    def known(self) -> int:
        """How many unseen cards have a single place they can be in."""
        return sum(len(lot.cards) for lot in self.lots if len(lot.places) == 1)

    def unseen(self) -> int:
        return sum(len(lot.cards) for lot in self.lots)

    def admits(self, piles: Mapping[Place, Sequence[RoomCard]]) -> bool:
        """Whether the hidden cards lying in ``piles`` are as the memory allows: the copies
        of each card can be matched to the lots so that each lies in one of its lot's places."""
        hidden = Counter(card for pile in piles.values() for card in pile)
        if hidden != Counter(card for lot in self.lots for card in lot.cards):
            return False
        order = list(piles)
        for card in hidden:
            held = [lot for lot in self.lots if card in lot.cards]
            allowed = [frozenset(order.index(p) for p in lot.places if p in piles)
                       for lot in held]
            if not fits([lot.cards.count(card) for lot in held], allowed,
                        [list(piles[place]).count(card) for place in order]):
                return False
        return True


def memory(rules: WarRoomRules, seen: Sequence[WarRoomView], view: WarRoomView) -> Memory:
    """What ``view.viewer`` knows of the cards ``view`` does not show, having seen the views
    ``seen`` before it (oldest first, the same player's, any of them left out)."""
    views = (*seen, view)
    for earlier_rules, earlier_views, known in _recent:
        # The coach deals a hundred tables from one history: the same views, so comparing
        # them is mostly comparing each with itself, far quicker than hashing them all.
        if earlier_views == views and earlier_rules == rules:
            return known
    for earlier in views:
        _check(rules, earlier, view)
    known = _remembered(rules, views)
    _recent.insert(0, (rules, views, known))
    del _recent[_RECENT:]
    return known


_RECENT = 4  # histories remembered: a few screens may ask in turn
_recent: list[tuple[WarRoomRules, tuple[WarRoomView, ...], Memory]] = []


def _remembered(rules: WarRoomRules, views: tuple[WarRoomView, ...]) -> Memory:
    lots = list(_tidy(rules, _first(rules, views[0]), views[0]))
    for before, after in itertools.pairwise(views):
        lots = _follow(rules, lots, before, after)
    return Memory(_tidy(rules, lots, views[-1]))


def _check(rules: WarRoomRules, earlier: WarRoomView, view: WarRoomView) -> None:
    if not isinstance(earlier, WarRoomView):
        raise BadInput(f"{quoted(earlier)} is not a War Room view", allowed="view(state, seat)")
    if view.viewer is None:
        raise BadInput("a teacher's view shows every card: nothing is hidden to remember",
                       allowed="a player's view, view(state, seat)")
    if earlier.viewer != view.viewer:
        raise BadInput(f"a view of seat {earlier.viewer} is among the views of seat "
                       f"{view.viewer}", allowed="the views one player saw, never a teacher's")
    if earlier.outcome is not None:
        raise BadInput("a view of a finished game leaves nothing hidden to remember",
                       allowed="views of a game still going on")
    if earlier.players != rules.players:
        raise BadInput(f"a view is of a table of {earlier.players} players, not "
                       f"{rules.players}", allowed="views of a game under these rules")


def _unordered(problem: str) -> BadInput:
    return BadInput(f"these views cannot come from one game, in order: {problem}",
                    allowed="the views one player saw in one game, oldest first")


# The lots, view by view


def _first(rules: WarRoomRules, view: WarRoomView) -> list[Lot]:
    """Without history: every card off the table may be in any pile (or left out)."""
    unseen = Counter(rules.cards.cards)
    unseen.subtract(_table(view))
    if min(unseen.values(), default=0) < 0 or sum(_sizes(view).values()) > unseen.total():
        raise _unordered(f"the view holds more cards than the deck {rules.cards.name!r}")
    return [Lot(tuple(unseen.elements()), _places(view) | {LEFT_OUT})]


def _follow(rules: WarRoomRules, lots: list[Lot], before: WarRoomView,
            after: WarRoomView) -> list[Lot]:
    if after.round == before.round:
        if _table(after) != _table(before) or _sizes(after) != _sizes(before):
            raise _unordered(f"round {after.round} shows two different tables")
        return lots
    if after.round < before.round:
        raise _unordered(f"round {after.round} comes after round {before.round}")
    if after.round == before.round + 1:
        ends = [end for end in _endings(rules, before) if _leads_to(end, before, after)]
        if not ends:
            raise _unordered(f"nothing that ends round {before.round} leads to round "
                             f"{after.round} as it is shown")
        if len(ends) == 1:
            return _revealed(rules, _ended(lots, before, ends[0]), after)
    return _revealed(rules, _forgotten(rules, lots, before, after), after)


class _End(NamedTuple):
    """How a round ended: ``winner`` collected, or (None) void; and what followed."""

    winner: int | None
    remaining: tuple[int, ...]
    reshuffled: bool
    first: int
    stacks: tuple[int, ...]  # the sizes once the next round is revealed
    collections: tuple[int, ...]


def _endings(rules: WarRoomRules, view: WarRoomView) -> list[_End]:
    """Every way the round of ``view`` can end, with the sizes the next round shows."""
    winners: list[int | None] = list(view.participants)
    if rules.stalemate == "void":
        winners.append(None)
    ends = []
    on_table = [p for p, here in enumerate(view.table) if here is not None]
    for winner in winners:
        stacks, collections = list(view.stack_counts), list(view.collection_counts)
        if winner is None:  # each revealed card goes back under its owner's stack
            for p in on_table:
                stacks[p] += 1
        else:
            collections[winner] += len(on_table)
        remaining = tuple(p for p in view.remaining if stacks[p] or collections[p])
        reshuffled = any(not stacks[p] for p in remaining)
        for p in remaining:
            if reshuffled:
                stacks[p], collections[p] = stacks[p] + collections[p], 0
            stacks[p] -= 1  # the next reveal
        first = view.first if winner is None else winner
        ends.append(_End(winner, remaining, reshuffled, first, tuple(stacks),
                         tuple(collections)))
    return ends


def _leads_to(end: _End, before: WarRoomView, after: WarRoomView) -> bool:
    return (end.remaining, end.first, end.stacks, end.collections) == (
        after.remaining, after.first, after.stack_counts, after.collection_counts)


def _ended(lots: list[Lot], before: WarRoomView, end: _End) -> list[Lot]:
    """The round of ``before`` ended as ``end`` says: its revealed cards went to the
    winner's collection (or back under their owners' stacks); then the reshuffle, if any."""
    if end.winner is None:
        lots = lots + [Lot((here.card,), frozenset({Place("draw", p)}))
                       for p, here in enumerate(before.table) if here is not None]
    else:
        won = tuple(here.card for here in before.table if here is not None)
        lots = [*lots, Lot(won, frozenset({Place("collection", end.winner)}))]
    if end.reshuffled:  # each collection is shuffled into its owner's new draw stack
        lots = [Lot(lot.cards, frozenset(Place("draw", p.seat) if p.pile == "collection"
                                         else p for p in lot.places)) for lot in lots]
    return lots


def _forgotten(rules: WarRoomRules, lots: list[Lot], before: WarRoomView,
               after: WarRoomView) -> list[Lot]:
    """Rounds nobody showed were played in between: a card could have been drawn and won by
    anyone. Unless the stacks show no reshuffle moved a collection, any card in play may
    then be anywhere (what was left out of a stacked deal stays out)."""
    table = tuple(here.card for here in before.table if here is not None)
    if not _kept_collections(rules, before, after):
        everywhere = _places(after)
        lots = [Lot(lot.cards, everywhere | (lot.places & {LEFT_OUT})) for lot in lots]
        return [*lots, Lot(table, everywhere)]
    # A card that moved came to rest in a collection that grew (none of them shrank).
    won = frozenset(Place("collection", w) for w in after.remaining
                    if after.collection_counts[w] > before.collection_counts[w])
    kept = {Place("collection", p) for p in after.remaining} | {LEFT_OUT}

    def since(place: Place) -> frozenset[Place]:
        return frozenset({place}) if place in kept else won | {place}

    lots = [Lot(lot.cards, frozenset().union(*map(since, lot.places))) for lot in lots]
    return [*lots, Lot(table, won)]


def _kept_collections(rules: WarRoomRules, before: WarRoomView, after: WarRoomView) -> bool:
    """Whether every card in a collection of a player still in at ``after`` stayed there.

    With no void stalemates, a stack loses one card a round and gains only at a reshuffle,
    by its owner's whole collection. So if every remaining stack is exactly one card a
    round smaller, no reshuffle gave anyone a card: every collection was empty whenever one
    came, and a collection keeps its cards until then."""
    if rules.stalemate == "void":
        return False
    rounds = after.round - before.round
    return all(after.stack_counts[p] == before.stack_counts[p] - rounds
               for p in after.remaining)


def _revealed(rules: WarRoomRules, lots: list[Lot], view: WarRoomView) -> list[Lot]:
    """Each card revealed in ``view``'s round came off the top of its owner's stack."""
    for seat, here in enumerate(view.table):
        if here is not None:
            lots = _taken(lots, here.card, Place("draw", seat))
    return list(_tidy(rules, lots, view))


def _taken(lots: list[Lot], card: RoomCard, place: Place) -> list[Lot]:
    """``card`` has left ``place``: take it out of the lot it came from. Among several
    lots that could have held it, the narrowest will do when the others all allow its
    places (a copy there can stand in for the one taken); otherwise they become one."""
    could = [i for i, lot in enumerate(lots) if card in lot.cards and place in lot.places]
    if not could:
        whose = "your" if place.seat == 0 else f"{NAMES[place.seat]}'s"
        raise _unordered(f"{card.name} ({card.code}) cannot have been in {whose} draw stack")
    narrowest = min(could, key=lambda i: len(lots[i].places))
    if any(not lots[narrowest].places <= lots[i].places for i in could):
        merged = Lot(tuple(c for i in could for c in lots[i].cards),
                     frozenset().union(*[lots[i].places for i in could]))
        lots = [lot for i, lot in enumerate(lots) if i not in could] + [merged]
        narrowest = len(lots) - 1
    cards = list(lots[narrowest].cards)
    cards.remove(card)
    lots = list(lots)
    lots[narrowest] = Lot(tuple(cards), lots[narrowest].places)
    return lots


def _tidy(rules: WarRoomRules, lots: list[Lot], view: WarRoomView) -> tuple[Lot, ...]:
    """Places that hold no card in ``view`` are no place for any; lots that may be in the
    same places are one lot."""
    sizes = _sizes(view)
    open_places = {place for place, size in sizes.items() if size}
    if len(rules.cards.cards) > sum(sizes.values()) + len(_table(view)):
        open_places.add(LEFT_OUT)
    merged: dict[frozenset[Place], list[RoomCard]] = {}
    for lot in lots:
        places = lot.places & open_places
        if lot.cards and not places:
            raise _unordered(f"no pile shown in round {view.round} can hold {lot.codes}")
        merged.setdefault(places, []).extend(lot.cards)
    order = {card: i for i, card in enumerate(_deck_order(lots))}
    return tuple(Lot(tuple(sorted(cards, key=order.__getitem__)), places)
                 for places, cards in merged.items() if cards)


# Small pieces


def _table(view: WarRoomView) -> list[RoomCard]:
    return [here.card for here in view.table if here is not None]


def _places(view: WarRoomView) -> frozenset[Place]:
    return frozenset(Place(pile, p) for p in view.remaining for pile in ("draw", "collection"))


def _sizes(view: WarRoomView) -> dict[Place, int]:
    sizes = {Place("draw", p): n for p, n in enumerate(view.stack_counts)}
    sizes.update({Place("collection", p): n for p, n in enumerate(view.collection_counts)})
    return sizes


def _deck_order(lots: list[Lot]) -> list[RoomCard]:
    return sorted({card for lot in lots for card in lot.cards}, key=lambda c: (c.vc, c.code))


def fits(supply: Sequence[int], allowed: Sequence[frozenset[int]],
         room: Sequence[int]) -> bool:
    """Whether ``supply[i]`` cards of each lot ``i`` can all be placed, each in one of the
    places ``allowed[i]``, with no place ``j`` holding more than ``room[j]`` (a max flow:
    a lot that finds its places full may push another lot's cards on to theirs)."""
    left = list(room)
    flow = [[0] * len(room) for _ in supply]
    for lot, wanted in enumerate(supply):
        while wanted:
            # came[place] = (the lot that reaches it, the place that lot gives up, if any)
            came: dict[int, tuple[int, int | None]] = {}
            frontier: list[tuple[int, int | None]] = [(lot, None)]
            reached, end = {lot}, None
            while frontier and end is None:
                further: list[tuple[int, int | None]] = []
                for k, given_up in frontier:
                    for j in allowed[k]:
                        if j in came:
                            continue
                        came[j] = (k, given_up)
                        if left[j]:
                            end = j
                            break
                        for m, placed in enumerate(flow):
                            if m not in reached and placed[j]:
                                reached.add(m)
                                further.append((m, j))
                    if end is not None:
                        break
                frontier = further
            if end is None:
                return False
            amount, j = min(wanted, left[end]), end
            while (step := came[j])[1] is not None:
                amount = min(amount, flow[step[0]][step[1]])
                j = step[1]
            left[end] -= amount
            j = end
            while True:
                k, given_up = came[j]
                flow[k][j] += amount
                if given_up is None:
                    break
                flow[k][given_up] -= amount
                j = given_up
            wanted -= amount
    return True
