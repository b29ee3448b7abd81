"""A Guerrilla Tactics table at one moment: built from a view, then moved on event by event.

At rest the table is a view as it is (:func:`at_rest`). Partway through an engine step it
is the view before the step with the step's events so far applied (:func:`partway`):
cards go where the events put them, piles and hands change by the counts the events
hold, and what the latest event changed is noted, for the drawing to mark.

A card is only ever drawn if the viewer may see it: cards named by events are public
(revealed, supports, face-up tie-break cards, cards removed face up, a Guerrilla shown
to cancel, declarations revealed together); a face-down card or a card in hand is taken
from the views before or after the step, which already hide what the viewer may not
see, and is a card back otherwise.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from wartutor.core.cards import Card
from wartutor.core.engine import Event
from wartutor.core.voice import voice
from wartutor.language import _, ngettext
from wartutor.variants.guerrilla_tactics import GuerrillaView
from wartutor.variants.guerrilla_tactics.events import (
    CancelsRevealed,
    Drew,
    Eliminated,
    ForcesLost,
    GameOver,
    NoWinner,
    OnlyChoice,
    Promoted,
    PromotionCancelled,
    PromotionProposed,
    ProposalsRevealed,
    Reshuffled,
    Revealed,
    SkirmishBegins,
    SpoilsTaken,
    SpyCaptured,
    Standing,
    Supported,
    TieBreak,
    TieLaid,
    TieStands,
)
from wartutor.variants.guerrilla_tactics.explain import worth_words
from wartutor.variants.guerrilla_tactics.forces import Force, force, is_guerrilla, standing
from wartutor.variants.guerrilla_tactics.game import NAMES
from wartutor.variants.guerrilla_tactics.state import PLAY, SUPPORT, TIE_DOWN, TIE_UP, TURNED, Laid


@dataclass
class SeatNow:
    """One seat at this moment; ``changed`` names the parts the latest moment changed
    ("draw", "discard", "hand"), ``fresh`` the places in ``rows`` it laid, ``news`` what
    it did (words to mark on the seat)."""

    name: str
    out: bool
    draw: int
    discard: int
    hand: list[Card | None] | None  # None: hidden from the viewer, only counted
    hand_count: int
    shown: list[Card]  # cards of a hidden hand that everyone has seen
    rows: list[Laid]  # laid in this skirmish
    last: list[Laid]  # laid in the skirmish just fought
    supported_last: bool
    penalty_due: bool
    reveals_first: bool
    played_guerrilla: bool
    has_chosen: bool
    pending: str | None
    result: str = ""  # what the cards laid are worth, and whether they lead, win or tie
    worth: Force | None = None  # what the cards laid are worth, as the result says
    last_result: str = ""  # the same for the skirmish just fought
    took: int = 0  # cards taken as spoils of the skirmish just fought
    news: list[str] = field(default_factory=list)
    changed: set[str] = field(default_factory=set)
    fresh: set[int] = field(default_factory=set)


@dataclass
class TableNow:
    """The whole table at this moment; ``lost`` are the cards loss of forces removed."""

    viewer: int | None
    seats: list[SeatNow]
    rank: int
    skirmish: int
    tie_round: int
    contenders: tuple[int, ...]
    waiting_for: tuple[int, ...]
    removed: int
    removed_cards: tuple[Card, ...] | None
    over: bool
    ace_high: bool = True
    stage: str = ""  # what the table waits for, as the view before the moment says
    lost: set[Card] = field(default_factory=set)
    begun: int = 0  # the last skirmish seen beginning, and the last seen with cards laid:
    laid: int = 0  # a game may end at the draw of a skirmish never fought
    changed: set[str] = field(default_factory=set)  # "rank", "skirmish", "removed", "lost"

    @property
    def fought(self) -> int:
        """The number of the last skirmish fought (or being fought)."""
        unfought = self.over and self.begun == self.skirmish and self.laid != self.skirmish
        return self.skirmish - 1 if unfought else self.skirmish

    def clear_marks(self) -> None:
        self.changed.clear()
        for seat in self.seats:
            seat.changed.clear()
            seat.fresh.clear()
            seat.news.clear()


def at_rest(view: GuerrillaView, events: tuple[Event, ...] = ()) -> TableNow:
    """The table of a view; ``events`` (those that led to it) only add what is public of
    them: what the cards laid are worth and who won, the spoils, the cards lost."""
    table = _from_view(view)
    for event in events:
        _note(table, event)
    table.clear_marks()
    return table


def partway(before: GuerrillaView, after: GuerrillaView,
            happened: tuple[Event, ...]) -> TableNow:
    """The table after ``happened``, the first events of the step from ``before`` to ``after``."""
    table = _from_view(before)
    incoming = _incoming(before, after)
    for event in happened:
        table.clear_marks()
        _move(table, event, after, incoming)
        _note(table, event)
        for seat in table.seats:
            _fit(seat)
    return table


def _fit(seat: SeatNow) -> None:
    """Keep a visible hand as long as its count (a card drawn and laid again within one
    step may have been missed): unknown cards are backs."""
    if seat.hand is None:
        return
    while len(seat.hand) > seat.hand_count:
        seat.hand.remove(None if None in seat.hand else seat.hand[-1])
    seat.hand.extend([None] * (seat.hand_count - len(seat.hand)))


def _from_view(view: GuerrillaView) -> TableNow:
    seats = [
        SeatNow(
            # The seat as the player looking calls it (see wartutor.core.voice).
            name=_("You") if voice().you(p) else voice().name(p, NAMES), out=s.out,
            draw=s.draw_count, discard=s.discard_count,
            hand=None if s.hand is None else list(s.hand), hand_count=s.hand_count,
            shown=list(s.shown), rows=list(view.table[p]), last=list(view.last_table[p]),
            supported_last=s.supported_last, penalty_due=s.penalty_due,
            reveals_first=s.reveals_first, played_guerrilla=s.played_guerrilla,
            has_chosen=s.has_chosen, pending=s.pending,
        )
        for p, s in enumerate(view.seats)
    ]
    return TableNow(
        viewer=view.viewer, seats=seats, rank=view.guerrilla_rank, skirmish=view.skirmish,
        tie_round=view.tie_round, contenders=view.contenders, waiting_for=view.waiting_for,
        removed=view.removed_count, removed_cards=view.removed, over=view.outcome is not None,
        ace_high=view.ace_high, stage=view.stage,
    )


def _incoming(before: GuerrillaView, after: GuerrillaView) -> dict[int, list[Card]]:
    """The cards each hand the viewer sees gains in the step, in the order drawn: first
    those laid again within the step (a hand of one card is played without asking), then
    those still in hand after it."""
    gained: dict[int, list[Card]] = {}
    for p, (b, a) in enumerate(zip(before.seats, after.seats, strict=True)):
        if b.hand is None or a.hand is None:
            continue
        on_table = {x.card for x in before.table[p]}
        finished = (after.last_table[p] if after.last_table[p] != before.last_table[p] else ())
        laid_now = [x.card for x in (*finished, *after.table[p])
                    if x.card and x.card not in on_table]
        # A card laid in the step may come back into the hand in it, after a reshuffle.
        again = [c for c in laid_now if c not in b.hand]
        gained[p] = [*again, *(c for c in a.hand
                               if c not in again and (c not in b.hand or c in laid_now))]
    return gained


def _face_down(after: GuerrillaView, skirmish: int, player: int, tie_round: int) -> Card | None:
    """A face-down tie-break card, if the view after the step shows it to this viewer."""
    rows = (after.table if skirmish == after.skirmish and after.table[player]
            else after.last_table)
    return next((x.card for x in rows[player]
                 if x.how == TIE_DOWN and x.tie_round == tie_round), None)


def _lay(table: TableNow, p: int, card: Card | None, how: str, tie_round: int) -> None:
    seat = table.seats[p]
    seat.fresh.add(len(seat.rows))
    seat.rows.append(Laid(card, how, tie_round))
    seat.hand_count = max(0, seat.hand_count - 1)
    if seat.hand is not None:
        if card in seat.hand:
            seat.hand.remove(card)
        elif None in seat.hand:  # a card drawn in this step and not shown to the viewer
            seat.hand.remove(None)
    if card in seat.shown:
        seat.shown.remove(card)
    if card is not None and how != TIE_DOWN and is_guerrilla(card, table.rank):
        seat.played_guerrilla = True
    seat.has_chosen, seat.pending = False, None  # the card laid is marked, not the hand


def _move(table: TableNow, event: Event, after: GuerrillaView,
          incoming: dict[int, list[Card]]) -> None:
    """Move the cards, piles and marks on by one event, noting what it changed."""
    seats = table.seats
    match event:
        case SkirmishBegins(skirmish=n):
            table.skirmish = n
            table.changed.add("skirmish")
        case Reshuffled(player=p, cards=count):
            seats[p].draw += count
            seats[p].discard -= count
            seats[p].changed.update(("draw", "discard"))
        case Drew(player=p, drawn=drawn, hand=hand, tie_round=rnd):
            seat = seats[p]
            seat.draw = max(0, seat.draw - drawn)
            seat.hand_count = hand
            if seat.hand is not None:
                queue = incoming.get(p, [])
                seat.hand.extend(queue.pop(0) if queue else None for _ in range(drawn))
            if not rnd:  # the draw goes round in seat order, each seat's penalty used up
                for earlier in seats[:p + 1]:
                    earlier.penalty_due = False
            seat.changed.update(("draw", "hand"))
        case Eliminated(player=p, in_hand=count):
            seat = seats[p]
            seat.out, seat.hand_count, seat.shown = True, 0, []
            seat.hand = None if seat.hand is None else []
            seat.reveals_first = seat.penalty_due = False
            table.removed += count
            table.changed.add("removed")
            seat.news.append(_("Eliminated"))
        case ProposalsRevealed(proposers=proposers, passed=passed):
            for p in (*proposers, *passed):
                seats[p].has_chosen, seats[p].pending = False, None
            for p in proposers[1:]:  # the first proposer's mark comes with the proposal
                seats[p].news.append(_("Proposes too: the first in seat order proposes"))
            for p in passed:
                seats[p].news.append(_("Passes"))
        case CancelsRevealed(cancels=cancels, allowed=allowed):
            for p, card in cancels:
                seats[p].has_chosen, seats[p].pending = False, None
                if seats[p].hand is None and card not in seats[p].shown:
                    seats[p].shown.append(card)
            for p, card in cancels[1:]:  # the first canceller's mark comes with the recruits
                seats[p].news.append(_("Cancels too with {card}: the first recruits").format(
                    card=card.symbol))
                seats[p].changed.add("hand")
            for p in allowed:
                seats[p].has_chosen, seats[p].pending = False, None
                seats[p].news.append(_("Allows"))
        case PromotionProposed(player=p, rank=rank):
            seats[p].news.append(_("Proposes Guerrilla rank {rank}").format(rank=rank + 1))
        case Promoted(rank=rank):
            table.rank = rank
            table.changed.add("rank")
            for seat, now in zip(seats, after.seats, strict=True):
                seat.played_guerrilla = now.played_guerrilla  # by ruling GT-PROMO-PLAYED
        case PromotionCancelled(canceller=c, card=card, proposer=p, recruited=count):
            seats[p].draw = max(0, seats[p].draw - count)
            seats[c].discard += count
            if seats[c].hand is None and card not in seats[c].shown:
                seats[c].shown.append(card)
            seats[c].news.append(ngettext(
                "Cancels the promotion with {card}: recruits {count} card",
                "Cancels the promotion with {card}: recruits {count} cards", count).format(
                card=card.symbol, count=count))
            seats[p].changed.add("draw")
            seats[c].changed.update(("discard", "hand"))
        case OnlyChoice(player=p):
            seats[p].news.append(_("One card only: played without asking"))
        case Revealed(plays=plays):
            for p, card in plays:
                _lay(table, p, card, PLAY, 0)
        case Supported(supports=supports, declined=declined):
            for p, card in supports:
                _lay(table, p, card, SUPPORT, 0)
                seats[p].penalty_due = True
                seats[p].news.append(_("Supports"))
            for p in declined:
                seats[p].has_chosen, seats[p].pending = False, None
                helps = support_helps(table, p)
                seats[p].news.append(_("No card would help: no support") if helps is False
                                     else _("Does not support"))
        case TieBreak(tie_round=rnd, players=players):
            table.tie_round, table.contenders = rnd, players
            for p in players:
                seats[p].news.append(_("In tie-break {number}").format(number=rnd))
        case TieStands(players=players):
            for p in players:
                seats[p].news.append(_("The tie stands"))
        case TieLaid(skirmish=n, tie_round=rnd, up=up, down=down, turned=turned):
            turned_up = dict(turned)
            for p, card in up:
                _lay(table, p, card, TIE_UP, rnd)
            for p, count in down:
                if not count:
                    continue
                if p in turned_up:
                    _lay(table, p, turned_up[p], TURNED, rnd)
                else:
                    _lay(table, p, _face_down(after, n, p, rnd), TIE_DOWN, rnd)
                    # A face-down Guerrilla counts for a promotion (GT-PROMO-PLAYED), and
                    # the view after the step says whether this player has played one.
                    seats[p].played_guerrilla |= after.seats[p].played_guerrilla
                    if event.rule == "GT-TIE-PENALTY":
                        seats[p].penalty_due = True
        case ForcesLost(removed=removed, hidden_removed=hidden):
            table.removed += len(removed) + hidden
            table.changed.update(("removed", "lost"))
        case SpoilsTaken(shares=shares, odd_removed=odd):
            for p, cards in shares:
                seats[p].discard += len(cards)
                seats[p].changed.add("discard")
                seats[p].news.append(ngettext("Takes {count} card", "Takes {count} cards",
                                              len(cards)).format(count=len(cards)))
            table.removed += len(odd)
            if odd:
                table.changed.add("removed")
            _end_skirmish(table)
        case NoWinner(cards=cards):
            table.removed += len(cards)
            table.changed.add("removed")
            _end_skirmish(table)
        case SpyCaptured(player=p):
            seats[p].reveals_first = True
            seats[p].news.append(_("Captured a spy: reveals first next time"))
        case GameOver(winners=winners):
            table.over = True
            for p in winners:
                seats[p].news.append(_("Wins the game"))


def _end_skirmish(table: TableNow) -> None:
    """The skirmish's cards leave the table; they stay in sight as the one just fought."""
    for seat in table.seats:
        seat.supported_last = any(x.how == SUPPORT for x in seat.rows)
        seat.last, seat.rows = seat.rows, []
        seat.reveals_first = False
    table.tie_round, table.contenders = 0, ()


def _note(table: TableNow, event: Event) -> None:
    """What an event tells of the cards laid: their worth, the winner, spoils and losses."""
    seats = table.seats
    match event:
        case SkirmishBegins(skirmish=n):
            table.begun = n
        case Revealed(skirmish=n):
            table.laid = n
            if not event.first:
                for seat in seats:
                    seat.result = ""
        case Standing(best=best, forces=forces, after_support=after_support, tie_round=rnd):
            settled = after_support or rnd > 0
            for p, worth in forces:
                word = ("tied" if len(best) > 1 else "wins" if settled else "leads"
                        ) if p in best else ""
                seats[p].worth, seats[p].result = worth, _result(worth, word)
                if word:
                    seats[p].changed.add("result")
        case Supported(supports=(), best=(p,)):
            held = seats[p].worth  # nobody supported: the lead stands, and wins
            if held is not None and seats[p].result == _result(held, "leads"):
                seats[p].result = _result(held, "wins")
        case ForcesLost(removed=removed):
            table.lost.update(removed)
        case SpoilsTaken(shares=shares):
            took = dict(shares)
            for p, seat in enumerate(seats):
                seat.last_result, seat.result = seat.result, ""
                seat.took = len(took.get(p, ()))
        case NoWinner():
            for seat in seats:
                seat.last_result, seat.result, seat.took = seat.result, "", 0
        case GameOver():
            table.over = True


def support_helps(table: TableNow, p: int) -> bool | None:
    """Whether a card in p's hand would do better as a support than the card played alone
    (GT-SUPPORT-IMPROVES, judged against the cards played); None where the hand is hidden.

    By default a player with no such card is not asked, and declines without a word, so
    the table must not say they chose to.
    """
    seat = table.seats[p]
    if seat.hand is None:
        return None

    def played(q: int) -> tuple[Card, ...]:
        return tuple(x.card for x in table.seats[q].rows if x.how == PLAY and x.card)

    mine = played(p)
    rivals = [force(played(q), table.rank, table.ace_high)
              for q, other in enumerate(table.seats) if q != p and not other.out and played(q)]
    if not mine or not rivals:
        return None
    now = standing(force(mine, table.rank, table.ace_high), max(rivals))
    return any(standing(force((*mine, c), table.rank, table.ace_high), max(rivals)) > now
               for c in seat.hand if c is not None)


def _result(worth: Force, word: str) -> str:
    """What a seat's cards are worth and how they stand ("tied", "wins", "leads", or "")."""
    said = worth_words(worth)
    if word == "tied":
        # Translators: on a seat, what its cards are worth and how they stand: "an ace, tied".
        return _("{worth}, tied").format(worth=said)
    if word == "wins":
        return _("{worth}, wins").format(worth=said)
    if word == "leads":
        return _("{worth}, leads").format(worth=said)
    return said
