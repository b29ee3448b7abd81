"""Moving cards between piles: drawing (with the reshuffle), laying, eliminating, the end.

These small steps are shared by the skirmish and the promotion rules. Each writes into
the step's draft state (see ``state.put``) and returns it.
"""

from __future__ import annotations

from collections.abc import Iterable

from wartutor.core.cards import Card
from wartutor.core.engine import Outcome
from wartutor.variants.guerrilla_tactics.events import (
    Eliminated,
    GameOver,
    GuerrillaEvent,
    Reshuffled,
)
from wartutor.variants.guerrilla_tactics.forces import is_guerrilla
from wartutor.variants.guerrilla_tactics.state import (
    SUPPORT,
    GuerrillaState,
    Laid,
    changed,
    put,
    put_seat,
)

Events = list[GuerrillaEvent]


def take_top(
    state: GuerrillaState, player: int, count: int, events: Events, *, reshuffle: bool = True,
    into_hand: bool = False, served: bool = False,
) -> tuple[GuerrillaState, tuple[Card, ...]]:
    """Up to ``count`` cards off the top of a draw pile, shuffling the discard pile into a
    new draw pile when it runs out (rule 1 of the skirmish), if ``reshuffle``; ``served``:
    this draw serves the support penalty, so its mark is cleared at the same time."""
    seat = state.seats[player]
    draw, discard, rng, tally = seat.draw, seat.discard, state.rng, state.tally
    got, draw = draw[:count], draw[count:]
    if len(got) < count and reshuffle and discard:
        draw, rng = rng.shuffled(discard)
        discard = ()
        events.append(Reshuffled(player, len(draw)))
        tally = changed(tally, reshuffles=tally.reshuffles + 1)
        more = count - len(got)
        got, draw = got + draw[:more], draw[more:]
    seats = list(state.seats)
    seats[player] = changed(seat, draw=draw, discard=discard,
                            hand=seat.hand + got if into_hand else seat.hand,
                            supported=seat.supported and not served)
    return put(state, rng=rng, tally=tally, seats=tuple(seats)), got


def draw(
    state: GuerrillaState, player: int, count: int, events: Events, *, served: bool = False
) -> tuple[GuerrillaState, tuple[Card, ...]]:
    """Draw into the hand; returns the cards drawn (fewer when both piles run out)."""
    return take_top(state, player, count, events, into_hand=True, served=served)


def lay(
    state: GuerrillaState, laid: Iterable[tuple[int, Card]], how: str, tie_round: int
) -> GuerrillaState:
    """Move cards (player, card) from hands to the table, in this order, all laid ``how``,
    and note each Guerrilla played (GT-PROMO-PLAYED) and each support (its penalty is due)."""
    seats, table, rank = list(state.seats), list(state.table), state.guerrilla_rank
    support = how == SUPPORT
    for player, card in laid:
        seats[player] = seats[player].laying(card, is_guerrilla(card, rank), support)
        table[player] = (*table[player], Laid(card, how, tie_round))
    return put(state, seats=tuple(seats), table=tuple(table))


def eliminate(state: GuerrillaState, player: int, rule: str, events: Events) -> GuerrillaState:
    """A player who must draw and cannot is out; the hand goes to the removed pile."""
    seat = state.seats[player]
    events.append(Eliminated(player, len(seat.hand), rule))
    tally = changed(state.tally, eliminations=state.tally.eliminations + 1)
    state = put(state, removed=state.removed + seat.hand, tally=tally)
    return put_seat(state, player, changed(seat, hand=(), shown=(), tie_drawn=(), out=True,
                                           reveals_first=False, supported=False))


def end_if_decided(state: GuerrillaState, events: Events) -> GuerrillaState:
    """The last remaining player wins; if nobody remains the game is a draw (GT-ALL-OUT)."""
    left = state.active
    if len(left) > 1:
        return state
    ending, rule = ("last-standing", "GT-WIN") if left else ("all-out", "GT-ALL-OUT")
    return finish(state, GameOver(left, ending, state.skirmish, rule), events)


def finish(state: GuerrillaState, over: GameOver, events: Events) -> GuerrillaState:
    events.append(over)
    return put(state, outcome=Outcome(over.winners, over), stage="over", asked=(),
               decision=None)
