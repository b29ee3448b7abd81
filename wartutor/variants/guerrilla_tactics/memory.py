"""What one player can know of the cards they cannot see, from everything they have seen.

A player who has watched the game knows more than the table shows now. At the deal each
player's draw pile is exactly their own suits; a card drawn stays in that player's hand
until it is laid; the cards of a finished skirmish (the view's last skirmish) went into
the winner's discard pile, or to the removed pile when a Guerrilla was involved; a discard
pile keeps its cards until its owner's draw pile runs out and it is shuffled into a new
one; recruits go from the proposer's draw pile to the canceller's discard pile; and the
removed pile never gives a card back. :func:`memory` follows every card the player saw
through the views they saw (oldest first) and says, for each card not shown now, the
places it may be in (a :class:`Place`: a seat's draw pile, discard pile, hand or face-down
table cards, or the removed pile).

>>> from wartutor.core import Game
>>> from wartutor.core.cards import card
>>> from wartutor.variants.guerrilla_tactics import GUERRILLA_TACTICS as GT
>>> game = Game.new(GT, seed=15)  # two players: you hearts and diamonds, Ana clubs and spades
>>> first = GT.view(game.state, 0)
>>> [c.code for c in first.seats[0].hand]
['KH', '9H']
>>> known = memory(game.rules, (), first)
>>> sorted(known.allowed[card("KS")]), sorted(known.allowed[card("QH")])
([Place(pile='draw', seat=1), Place(pile='hand', seat=1)], [Place(pile='draw', seat=0)])

You lead the king of hearts, Ana her eight of clubs: you win, and no Guerrilla was
involved, so both cards are in your discard pile, though the table no longer shows them.

>>> game = game.play("play KH").play("play 8C")
>>> now = GT.view(game.state, 0)
>>> sorted(memory(game.rules, (first,), now).allowed[card("8C")])
[Place(pile='discard', seat=0)]
>>> sorted(memory(game.rules, (), now).allowed[card("8C")])  # without the first view
[Place(pile='discard', seat=0)]

The memory is sound: the real place of every card is always among those it allows, for
any views of one game, even with steps missing between them (then it allows more, never
guesses). It forgets what it cannot follow: which card of a pile is where in the pile,
where a card went when several skirmishes passed between two views, which of the cards
of a skirmish that lost forces were removed, and the others' face-down tie-break cards.
It keeps to what the table shows of the choice now asked (a player asked to propose a
promotion holds no Guerrilla, unless everyone is asked under GT-DECLARE 'everyone'; a
proposer holds none; a face-down card of a player who has played none is no Guerrilla);
finer facts of the stage (a support that helps) are for the deal to keep.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import NamedTuple

from wartutor.core.cards import Card
from wartutor.core.errors import BadInput
from wartutor.variants.guerrilla_tactics.forces import best_of, force, is_guerrilla
from wartutor.variants.guerrilla_tactics.matching import fits
from wartutor.variants.guerrilla_tactics.rules import MAX_GUERRILLA_RANK, GuerrillaRules
from wartutor.variants.guerrilla_tactics.state import DECK, TIE_DOWN, Laid, rules_deck
from wartutor.variants.guerrilla_tactics.view import GuerrillaView

PILES = ("draw", "discard", "hand", "table")
"""A seat's places; "table" is its face-down cards of the skirmish being fought."""
WINDOW = ("promote", "cancel")  # the stages of the promotion window
_ALLOWED = "views of one player (a seat, not the teacher's) of one game, oldest first"


class Place(NamedTuple):
    pile: str  # one of PILES, "removed", or "out" (not in this stacked game at all)
    seat: int | None  # None for the removed pile and "out"


REMOVED = Place("removed", None)
OUT = Place("out", None)


@dataclass(frozen=True)
class Memory:
    """What ``viewer`` knows of every card the view does not show."""

    viewer: int
    allowed: Mapping[Card, frozenset[Place]]  # each unseen card: the places it may be in
    room: Mapping[Place, int]  # each hidden place: how many unseen cards it holds
    # Whether the rules' deal (each seat its own suits) is known: not in a stacked game,
    # whose cards may lie anywhere at the start and, with another deck, may not be in it.
    by_the_deal: bool

    def known(self) -> tuple[Card, ...]:
        """The unseen cards whose place is known: those with one place allowed."""
        return tuple(c for c, places in self.allowed.items() if len(places) == 1)


def memory(rules: GuerrillaRules, seen: Sequence[GuerrillaView], view: GuerrillaView) -> Memory:
    """What ``view``'s player knows of the cards it does not show, having seen ``seen``
    (earlier views of the same player, oldest first, any of them or none)."""
    *_, last = memories(rules, (*seen, view))
    return last


def memories(rules: GuerrillaRules, views: Iterable[GuerrillaView]) -> Iterator[Memory]:
    """The memory at each of ``views`` (one player's, oldest first), made in one pass:
    the i-th is ``memory(rules, views[:i], views[i])``."""
    views = tuple(views)
    _check(rules, views)
    follow = _Follower(rules)
    by_the_deal, stacked = True, False
    knowledge = follow.dealt()
    before = _Moment.deal(rules)
    for i, v in enumerate(views):
        now = _Moment.of(v)
        stacked = stacked or follow.stacked(v)
        if stacked:
            yield follow.stacked_memory(v)
            continue
        try:
            knowledge = follow.seen(follow.moved(knowledge, before, now), now)
            found = follow.memory(knowledge, v, by_the_deal)
        except _Contradiction:
            if not by_the_deal:
                raise _not_one_game() from None
            # The views contradict the rules' deal: a stacked game (or a position set up
            # by hand) with the rules' cards. Follow them again knowing nothing of the deal.
            by_the_deal = False
            try:
                knowledge = follow.without_deal(views[: i + 1])
                found = follow.memory(knowledge, v, by_the_deal)
            except _Contradiction:
                raise _not_one_game() from None
        before = now
        yield found


class _Contradiction(Exception):
    """The views cannot be of one game dealt by the rules."""


def _not_one_game() -> BadInput:
    return BadInput("these views cannot all be of one game: what one shows contradicts "
                    "what the others showed", allowed=_ALLOWED)


@dataclass(frozen=True)
class _Moment:
    """What the memory reads of one view: the sizes, the marks and the stage."""

    finished: int  # skirmishes finished before this moment
    stage: str
    rank: int
    draw: tuple[int, ...]
    discard: tuple[int, ...]
    hand: tuple[int, ...]
    out: tuple[bool, ...]
    played: tuple[bool, ...]
    laid: tuple[int, ...]  # cards on the table, each seat
    last_laid: tuple[int, ...]  # cards each seat laid in the last finished skirmish
    shown: tuple[tuple[Card, ...], ...]  # the Guerrillas each seat has shown and still holds
    view: GuerrillaView | None  # None for the deal

    @classmethod
    def deal(cls, rules: GuerrillaRules) -> _Moment:
        """The deal, before the first skirmish (and its promotion window)."""
        zeros, no = (0,) * rules.players, (False,) * rules.players
        return cls(0, "promote", 2, tuple(13 * len(s) for s in rules.suits), zeros, zeros,
                   no, no, zeros, zeros, ((),) * rules.players, None)

    @classmethod
    def of(cls, v: GuerrillaView) -> _Moment:
        s = v.seats
        return cls(v.skirmish - 1, v.stage, v.guerrilla_rank, tuple(x.draw_count for x in s),
                   tuple(x.discard_count for x in s), tuple(x.hand_count for x in s),
                   tuple(x.out for x in s), tuple(x.played_guerrilla for x in s),
                   tuple(len(row) for row in v.table), tuple(len(row) for row in v.last_table),
                   tuple(x.shown for x in s), v)


Knowledge = dict[Card, int]  # every card of the deck: the places (bits) it may be in


class _Follower:
    """Following the cards of one game under ``rules`` from view to view.

    Places are bits: seat p's pile k (of PILES) is bit k * n + p; then removed, then out.
    """

    def __init__(self, rules: GuerrillaRules) -> None:
        self.rules = rules
        self.n = n = rules.players
        self.deck = rules_deck(rules)
        self.in_deck = frozenset(self.deck)
        self.all = [Place(pile, p) for pile in PILES for p in range(n)] + [REMOVED, OUT]
        self.index = {place: i for i, place in enumerate(self.all)}
        self.removed = 1 << self.index[REMOVED]
        self.tables = sum(self.bit("table", p) for p in range(n))

    def bit(self, pile: str, seat: int) -> int:
        return 1 << (PILES.index(pile) * self.n + seat)

    def places(self, mask: int) -> frozenset[Place]:
        return frozenset(place for i, place in enumerate(self.all) if mask >> i & 1)

    def masks(self, room: Mapping[Place, int]) -> list[int]:
        return [room.get(place, 0) for place in self.all]

    # The start

    def dealt(self) -> Knowledge:
        """The rules' deal: each seat's own suits in its draw pile."""
        return {c: self.bit("draw", p)
                for p, suits in enumerate(self.rules.suits) for c in self.deck if c.suit in suits}

    def without_deal(self, views: Sequence[GuerrillaView]) -> Knowledge:
        """What the views say of each card when nothing is known of the deal."""
        everywhere = (1 << len(self.all)) - 1 - (1 << self.index[OUT])
        before = _Moment.of(views[0])
        knowledge = self.seen(dict.fromkeys(self.deck, everywhere), before)
        for v in views[1:]:
            now = _Moment.of(v)
            knowledge = self.seen(self.moved(knowledge, before, now), now)
            before = now
        return knowledge

    def stacked(self, v: GuerrillaView) -> bool:
        """Whether the view shows a game not dealt from the rules' deck (Game.new(stacked=...)):
        another number of cards, or a card from outside it."""
        shown = _pinned(v)
        last = [x.card for row in v.last_table for x in row if x.card]
        return sum(_room(v).values()) + len(shown) != len(self.deck) or any(
            c not in self.in_deck for c in (*shown, *last))

    def stacked_memory(self, v: GuerrillaView) -> Memory:
        """A stacked game with another deck: each card not shown may be in any hidden place,
        or not in this game at all, but for the last skirmish's face-up cards: the game
        still holds them, somewhere out of sight."""
        shown = _pinned(v)
        unseen = [c for c in DECK if c not in shown]
        room = _room(v)
        slots = sum(room.values())
        if len(unseen) < slots:
            raise BadInput(f"the view shows {slots} cards face down, more than the "
                           f"{len(unseen)} cards it does not show", allowed=_ALLOWED)
        if len(unseen) > slots:
            room[OUT] = len(unseen) - slots
        hidden = sum(1 << self.index[place] for place in room)
        no_guerrilla = self.no_guerrilla_in(v)
        pictured = {x.card for row in v.last_table for x in row if x.card}
        out = 1 << self.index[OUT]
        masks = {c: hidden & ~(no_guerrilla if is_guerrilla(c, v.guerrilla_rank) else 0)
                 & ~(out if c in pictured else 0) for c in unseen}
        if not fits(list(masks.values()), self.masks(room)):
            raise BadInput("no deal of the unseen cards fits what the table waits for",
                           allowed=_ALLOWED)
        return Memory(v.viewer or 0, {c: self.places(m) for c, m in masks.items()}, room, False)

    def memory(self, knowledge: Knowledge, v: GuerrillaView, by_the_deal: bool) -> Memory:
        """The memory at ``v`` from what is known of every card, if the sizes leave room."""
        shown = _pinned(v)
        room = _room(v)
        unseen = {c: m for c, m in knowledge.items() if c not in shown}
        if not fits(list(unseen.values()), self.masks(room)):
            raise _Contradiction
        return Memory(v.viewer or 0, {c: self.places(m) for c, m in unseen.items()}, room,
                      by_the_deal)

    # What a view shows

    def no_guerrilla_in(self, v: GuerrillaView) -> int:
        """The hidden places the view shows to hold no Guerrilla: the hand of another player
        asked to propose a promotion (unless everyone is asked: GT-DECLARE 'everyone'), or
        of its proposer (GT-PROMO-WHEN's condition), and the face-down cards of a player who
        has played no Guerrilla (GT-PROMO-PLAYED)."""
        mask = 0
        asked = v.waiting_for[0] if v.waiting_for and self.rules.declare == "those-able" else None
        keeper = {"promote": asked, "cancel": v.proposer}.get(v.stage)
        if keeper is not None and keeper != v.viewer:
            mask |= self.bit("hand", keeper)
        for p, s in enumerate(v.seats):
            if not s.played_guerrilla and any(x.card is None for x in v.table[p]):
                mask |= self.bit("table", p)
        return mask

    def seen(self, knowledge: Knowledge, now: _Moment) -> Knowledge:
        """The knowledge narrowed by a view: the cards it shows are where it shows them, the
        others in the hidden places it has room in."""
        v = now.view
        assert v is not None
        pinned: dict[Card, int] = dict.fromkeys(v.seats[v.viewer or 0].hand or (),
                                                self.bit("hand", v.viewer or 0))
        for p, s in enumerate(v.seats):
            for c in s.shown:
                pinned[c] = self.bit("hand", p)
            for x in v.table[p]:
                if x.card is not None:
                    pinned[x.card] = self.bit("table", p)
        hidden = sum(1 << self.index[place] for place in _room(v))
        no_guerrilla = hidden & ~self.no_guerrilla_in(v)
        rank, narrowed = v.guerrilla_rank, {}
        for c, mask in knowledge.items():
            if c in pinned:
                if not mask & pinned[c]:
                    raise _Contradiction
                narrowed[c] = pinned[c]
                continue
            mask &= no_guerrilla if 2 <= c.rank <= rank else hidden
            if not mask:
                raise _Contradiction
            narrowed[c] = mask
        return narrowed

    # What may have happened between two views

    def moved(self, knowledge: Knowledge, before: _Moment, now: _Moment) -> Knowledge:
        """Where each card may have gone between two moments, every step between them unseen.

        A skirmish is fought up to its end, then the next ones, then the one in play now:
        within a skirmish cards go from draw pile to hand to table (and a hand, if its
        player is out, to the removed pile), recruits from a draw pile to a discard pile,
        and a discard pile, if reshuffled, into its draw pile; only at a skirmish's end
        do the table's cards go to discard piles or the removed pile.
        """
        finished = now.finished - before.finished
        if finished < 0 or now.rank < before.rank or any(
                a and not b for a, b in zip(before.out, now.out, strict=True)):
            raise _Contradiction  # time does not run backwards
        out = {p for p in range(self.n) if now.out[p] and not before.out[p]}
        recruits = self.recruits(before, now, finished)
        shuffled = self.may_reshuffle(before, now, finished, recruits)
        # A canceller shows the Guerrilla that cancels, and it stays shown in the hand until
        # laid; the recruits go into their discard pile, which grows unless shuffled away.
        cancellers = {p for p in range(self.n)
                      if (_showed_more(before.shown[p], now.shown[p]) or now.out[p] or finished
                          or now.laid[p] > before.laid[p])
                      and (p in shuffled or now.discard[p] > before.discard[p])}
        first, last = (cancellers if may else set() for may in recruits)
        # A discard pile that now holds cards and took no recruits since the start of the
        # skirmish in play was not shuffled since (only a spoils could have filled it again).
        shuffled_last = {p for p in shuffled if not now.discard[p] or p in last}
        if not finished:
            return self.spread(knowledge, self.reach(out, shuffled_last, last))
        everyone = set(range(self.n)) if finished > 1 else None
        knowledge = self.spread(knowledge, self.reach(out, shuffled, first, everyone))
        knowledge = self.spoils(knowledge, before, now, finished)
        return self.spread(knowledge, self.reach(out, shuffled_last, last))

    def recruits(self, before: _Moment, now: _Moment, finished: int) -> tuple[bool, bool]:
        """Whether a promotion may have been cancelled (and cards recruited) before the end of
        the skirmish in play at ``before`` (or between the skirmishes), and after the start
        of the one in play ``now`` (or, with none finished, between the two moments).

        A proposal needs every player still in to have played a Guerrilla (GT-PROMO-PLAYED),
        and that mark only comes, unless an accepted promotion clears it; a cancel leaves
        the rank as it was. One window opens a skirmish (GT-PROMO-ONCE).
        """
        active = [p for p in range(self.n) if not now.out[p]]
        not_played = any(not now.played[p] for p in active)
        if before.rank >= MAX_GUERRILLA_RANK:
            return False, False
        # The window of the skirmish now: a cancel there clears no mark, so every mark now
        # was there already.
        last = (now.stage not in WINDOW and not not_played and now.rank < MAX_GUERRILLA_RANK
                and (finished > 0 or before.stage in WINDOW))
        if not finished:
            return last and now.rank == before.rank, last and now.rank == before.rank
        if not_played and (now.rank == before.rank or self.rules.guerrillas_played == "whole-game"):
            return False, last  # no mark was cleared, so none was there at any window
        promoted = now.rank - before.rank
        windows = (before.stage in WINDOW) + (now.stage not in WINDOW) + finished - 1
        if promoted >= windows:
            return False, False  # every window promoted
        # A mark on a player who has laid nothing since the start of this skirmish was not
        # cleared at its window: the promotion came before, at the window of ``before``.
        kept_mark = self.rules.guerrillas_played == "since-rank-change" and any(
            now.played[p] and not now.laid[p] for p in active)
        first = before.stage in WINDOW or finished > 1
        if finished == 1 and promoted and kept_mark:
            first = False
        return first, last

    def may_reshuffle(self, before: _Moment, now: _Moment, finished: int,
                      recruits: tuple[bool, bool]) -> set[int]:
        """The seats whose draw pile may have run out between the moments (and the discard
        pile been shuffled into it): those that may have taken from it as many cards as it
        held. Cards taken are those drawn (the hand's growth, and every card laid) and
        those recruited from it; with more than one skirmish between, any number."""
        windows = sum(recruits) if finished else recruits[1]
        may = set()
        for p in range(self.n):
            if finished > 1 or now.out[p]:
                may.add(p)
                continue
            laid = now.laid[p] - before.laid[p] if not finished else (
                now.last_laid[p] - before.laid[p] + now.laid[p])
            taken = now.hand[p] - before.hand[p] + laid + windows * now.rank
            if taken >= before.draw[p]:
                may.add(p)
        return may

    def reach(self, out: set[int], shuffled: set[int], cancellers: set[int],
              spoils: set[int] | None = None) -> list[int]:
        """Every place, with all the places its cards may reach by these moves."""
        n, moves = self.n, [0] * len(self.all)
        for p in range(n):
            draw = PILES.index("draw") * n + p
            moves[draw] |= self.bit("hand", p)
            moves[PILES.index("hand") * n + p] |= self.bit("table", p) | (
                self.removed if p in out else 0)
            if p in shuffled:
                moves[PILES.index("discard") * n + p] |= self.bit("draw", p)
            moves[draw] |= sum(self.bit("discard", q) for q in cancellers if q != p)
            if spoils is not None:
                moves[PILES.index("table") * n + p] |= self.removed | sum(
                    self.bit("discard", w) for w in spoils)
        reach = [1 << i for i in range(len(self.all))]
        for i in range(len(reach)):
            while True:
                wider = reach[i]
                for j in range(len(reach)):
                    if reach[i] >> j & 1:
                        wider |= moves[j]
                if wider == reach[i]:
                    break
                reach[i] = wider
        return reach

    @staticmethod
    def spread(knowledge: Knowledge, reach: list[int]) -> Knowledge:
        spread = {}
        cache: dict[int, int] = {}
        for c, mask in knowledge.items():
            wide = cache.get(mask)
            if wide is None:
                wide, m = 0, mask
                while m:
                    low = m & -m
                    wide |= reach[low.bit_length() - 1]
                    m ^= low
                cache[mask] = wide
            spread[c] = wide
        return spread

    def spoils(self, knowledge: Knowledge, before: _Moment, now: _Moment,
               finished: int) -> Knowledge:
        """The end of the last finished skirmish (the view's last skirmish): its cards went
        to the winners' discard piles, some perhaps to the removed pile, and the table was
        cleared."""
        v = now.view
        assert v is not None
        rules, last = self.rules, v.last_table
        up = {x.card: p for p, row in enumerate(last) for x in row if x.card is not None}
        hidden = sum(self.bit("table", p) for p, row in enumerate(last)
                     if any(x.card is None for x in row))
        # The rank then: now's, or one less if a promotion may have passed since.
        low = max(before.rank, now.rank - (now.stage not in WINDOW))
        winners = _winners(last, range(low, now.rank + 1), v.ace_high) or set(range(self.n))
        involved = any(2 <= x.card.rank <= now.rank for row in last for x in row
                       if x.card and (x.how != TIE_DOWN or rules.involved == "any"))
        lost = (involved or bool(hidden and rules.involved == "any")
                or any(now.out[w] for w in winners)  # all the tied may have gone out
                or (len(winners) > 1 and rules.spoils_split == "odd-removed"))
        taken = sum(self.bit("discard", w) for w in winners) | (self.removed if lost else 0)
        cleared = {}
        for c, mask in knowledge.items():
            if c in up:
                if not mask & self.bit("table", up[c]):
                    raise _Contradiction
                cleared[c] = taken
            elif mask & self.tables:
                left = mask & ~self.tables
                if mask & hidden or finished > 1:
                    left |= taken
                if not left:
                    raise _Contradiction
                cleared[c] = left
            else:
                cleared[c] = mask
        return cleared


def _winners(last: tuple[tuple[Laid, ...], ...], ranks: range, ace_high: bool) -> set[int]:
    """Who may have won a finished skirmish, from its cards: the best of its last round
    at any of ``ranks``. The winners are among them: a tied player who went out at a
    tie-break's draw leaves the spoils to the others, or to nobody (``spoils`` then lets
    the removed pile have them)."""
    laid = [x for row in last for x in row]
    if not laid:
        return set()
    final = max(x.tie_round for x in laid)
    winners: set[int] = set()
    for rank in ranks:
        forces = {}
        for p, row in enumerate(last):
            counted = [x.card for x in row
                       if x.card and x.tie_round == final and x.how != TIE_DOWN]
            if counted:
                forces[p] = force(counted, rank, ace_high)
        if forces:
            winners.update(best_of(forces))
    return winners


def _showed_more(before: tuple[Card, ...], now: tuple[Card, ...]) -> bool:
    """Whether a seat has shown a Guerrilla since (a card shown again is listed again)."""
    return any(now.count(c) > before.count(c) for c in now)


def _pinned(v: GuerrillaView) -> set[Card]:
    """The cards the view shows where they are: the own hand, shown Guerrillas, the table."""
    own = v.seats[v.viewer or 0].hand or ()
    return {*own, *(c for s in v.seats for c in s.shown),
            *(x.card for row in v.table for x in row if x.card)}


def _room(v: GuerrillaView) -> dict[Place, int]:
    """How many unseen cards each hidden place holds (only the places with some)."""
    room: dict[Place, int] = {}
    for p, s in enumerate(v.seats):
        room[Place("draw", p)] = s.draw_count
        room[Place("discard", p)] = s.discard_count
        if p != v.viewer:
            room[Place("hand", p)] = s.hand_count - len(set(s.shown))
            room[Place("table", p)] = sum(x.card is None for x in v.table[p])
    room[REMOVED] = v.removed_count
    return {place: count for place, count in room.items() if count}


def _check(rules: GuerrillaRules, views: tuple[GuerrillaView, ...]) -> None:
    for v in views:
        if not isinstance(v, GuerrillaView):
            raise BadInput(f"a {type(v).__name__} is not a view of Guerrilla Tactics",
                           allowed=_ALLOWED)
        if v.viewer is None:
            raise BadInput("the teacher's view shows every card: it is no player's memory",
                           allowed=_ALLOWED)
        if v.viewer != views[0].viewer:
            raise BadInput(f"the views are of players {views[0].viewer} and {v.viewer}, "
                           "and one player remembers only what they saw", allowed=_ALLOWED)
        if len(v.seats) != rules.players:
            raise BadInput("the view is of a game under other rules",
                           allowed="the rules of the game the view shows")
