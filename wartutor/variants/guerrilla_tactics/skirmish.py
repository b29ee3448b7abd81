"""A skirmish once the cards are revealed: evaluate, support, tie resolution, loss of
forces, spoils and spies, in the order of the rule text.

Each function takes the state and the event list and goes as far as it can: to the
next stage where someone must choose, or to the end of the skirmish. The state is the
step's draft, written in place (see ``state.put``).
"""

from __future__ import annotations

from collections.abc import Sequence

from wartutor.core.cards import Card
from wartutor.core.chance import Rng
from wartutor.variants.guerrilla_tactics.events import (
    Drew,
    ForcesLost,
    GameOver,
    NoLoss,
    NoWinner,
    OwnSpy,
    SpoilsTaken,
    SpyCaptured,
    SpyLost,
    Standing,
    Supported,
    TieBreak,
    TieLaid,
    TieStands,
)
from wartutor.variants.guerrilla_tactics.forces import (
    GUERRILLA_STRENGTH,
    Force,
    best_of,
    force,
    standing,
    strength,
)
from wartutor.variants.guerrilla_tactics.piles import (
    Events,
    draw,
    eliminate,
    end_if_decided,
    finish,
    lay,
)
from wartutor.variants.guerrilla_tactics.state import (
    BY_CODE,
    PLAY,
    SUPPORT,
    TIE_DOWN,
    TIE_UP,
    TURNED,
    GuerrillaState,
    Tally,
    changed,
    put,
    put_seat,
)

SPY = 7
REVEALED = (PLAY, SUPPORT, TIE_UP)  # laid face up; a face-down card is never "revealed"


# 3. Evaluate: the highest card wins; a shared highest is a tie.


def counted_cards(state: GuerrillaState, player: int, tie_round: int) -> tuple[Card, ...]:
    """The cards that make a player's force: face up in the skirmish, or in a tie-break
    its face-up card (and the face-down one when GT-TIE-DOWN turned it up for a pair)."""
    return tuple([x.card for x in state.table[player]
                  if x.card and x.tie_round == tie_round and x.how != TIE_DOWN])


def forces_of(state: GuerrillaState, players: tuple[int, ...], tie_round: int) -> dict[int, Force]:
    rank, ace_high = state.guerrilla_rank, state.rules.ace == "high"
    return {p: force(counted_cards(state, p, tie_round), rank, ace_high) for p in players}


def stand(
    state: GuerrillaState, players: tuple[int, ...], events: Events, *, after_support: bool = False
) -> tuple[int, ...]:
    """Compare the players' forces: the best, who become the contenders."""
    rnd, rank, ace_high = state.tie_round, state.guerrilla_rank, state.rules.ace == "high"
    cards = tuple([(p, counted_cards(state, p, rnd)) for p in players])
    forces = {p: force(counted, rank, ace_high) for p, counted in cards}
    best = best_of(forces)
    top = forces[best[0]]
    if rnd:
        rule = "GT-TIE-DOWN"
    elif top[0]:  # a pair is on the table (if any is, the best force is one)
        rule = "GT-PAIR-ORDER"
    elif len(best) > 1 and top[1] == GUERRILLA_STRENGTH and len(
            {c.rank for p, counted in cards if p in best for c in counted}) > 1:
        rule = "GT-GUERRILLAS"  # tied by Guerrillas of different printed ranks
    else:
        rule = "GT-EVALUATE"
    events.append(Standing(state.skirmish, rnd, after_support, cards,
                           tuple(forces.items()), best, rule))
    return best


# Support: tied or losing players may add a second card, if it improves their outcome.


def support_cards(state: GuerrillaState, player: int) -> tuple[Card, ...]:
    """The cards of the hand whose support would improve the player's outcome
    (GT-SUPPORT-IMPROVES: judged against the table before anyone supports)."""
    seats = state.seats
    if state.tie_round or seats[player].out:
        return ()
    rank, ace_high = state.guerrilla_rank, state.rules.ace == "high"
    played = counted_cards(state, player, 0)
    rivals = max([force(counted_cards(state, p, 0), rank, ace_high)
                  for p, seat in enumerate(seats) if p != player and not seat.out])
    now = standing(force(played, rank, ace_high), rivals)
    if now == 2:
        return ()
    return tuple([c for c in seats[player].hand
                  if standing(force((*played, c), rank, ace_high), rivals) > now])


def open_support(state: GuerrillaState, events: Events) -> GuerrillaState:
    """Everyone tied or losing with a card in hand is asked, even with no support that
    would help (``advance`` declines for them), so nobody learns who could have helped."""
    active = state.active
    best = stand(state, active, events)
    asked = tuple([p for p in active if state.seats[p].hand and best != (p,)])
    if asked:
        return put(state, contenders=best, stage="support", asked=asked)
    return settle(put(state, contenders=best), events)


def apply_supports(state: GuerrillaState, events: Events) -> GuerrillaState:
    """The supports chosen (and kept pending) are added to the skirmish together."""
    best, supports, declined = state.contenders, [], []
    for p, choice in enumerate(state.pending):
        if choice is None:
            continue
        if choice == "decline":
            declined.append(p)
            continue
        supports.append((p, BY_CODE[choice.split()[1]]))
    pending = (None,) * len(state.seats)
    if supports:
        state = lay(state, supports, SUPPORT, 0)
        tally = changed(state.tally, supports=state.tally.supports + len(supports))
        state = put(state, pending=pending, tally=tally)
    else:
        state = put(state, pending=pending)
    events.append(Supported(state.skirmish, tuple(supports), tuple(declined), best))
    if supports:
        state = put(state, contenders=stand(state, state.active, events, after_support=True))
    return settle(state, events)


def settle(state: GuerrillaState, events: Events) -> GuerrillaState:
    if len(state.contenders) == 1:
        return spoils(state, state.contenders, events)
    return open_tie_break(state, events)


# Tie resolution: the tied draw two, lay one down and one up, compare; repeat while tied.


def open_tie_break(state: GuerrillaState, events: Events) -> GuerrillaState:
    rules, tied, rnd = state.rules, state.contenders, state.tie_round + 1
    events.append(TieBreak(state.skirmish, rnd, tied))
    state = put(state, tie_round=rnd,
                tally=changed(state.tally, tie_breaks=state.tally.tie_breaks + 1))
    if rules.tie_cannot_draw == "tie-stands":
        short = tuple(p for p in tied
                      if len(state.seats[p].draw) + len(state.seats[p].discard) < 2)
        if short:
            events.append(TieStands(state.skirmish, tied, short))
            return spoils(state, tied, events)
    for p in tied:
        state, got = draw(state, p, 2, events)
        if not got:
            state = eliminate(state, p, "GT-TIE-CANNOT-DRAW", events)
            continue
        events.append(Drew(p, len(got), 2, len(state.seats[p].hand), rnd, "GT-TIE"))
        state = put_seat(state, p, changed(state.seats[p], tie_drawn=got))
    left = tuple([p for p in tied if not state.seats[p].out])
    state = put(state, contenders=left)
    if len(left) < 2:
        return spoils(state, left, events)
    first: tuple[int, ...] = ()
    if rules.reveal_first_scope == "tie-breaks-too":
        first = tuple(p for p in left if state.seats[p].reveals_first)
    if first and len(first) < len(left):
        return put(state, stage="tie-first", asked=first)
    return put(state, stage="tie", asked=left)


def tie_choices(state: GuerrillaState, player: int) -> tuple[Card, ...]:
    """The cards a tied player may lay (GT-TIE-FROM-HAND)."""
    seat = state.seats[player]
    return seat.tie_drawn if state.rules.tie_cards == "just-drawn" else seat.hand


def lay_tie_cards(state: GuerrillaState, events: Events) -> GuerrillaState:
    """The pending tie-break choices ("up 9H down 3C") are laid together."""
    rnd, rank, ace_high = state.tie_round, state.guerrilla_rank, state.rules.ace == "high"
    up, down, turned = [], [], []
    for p, choice in enumerate(state.pending):
        if choice is None:
            continue
        words = choice.split()
        up_card = BY_CODE[words[1]]
        state = lay(state, [(p, up_card)], TIE_UP, rnd)
        up.append((p, up_card))
        if len(words) == 4:
            down_card = BY_CODE[words[3]]
            pairs = (state.rules.tie_down == "pair"
                     and strength(down_card, rank, ace_high) == strength(up_card, rank, ace_high))
            state = lay(state, [(p, down_card)], TURNED if pairs else TIE_DOWN, rnd)
            down.append((p, 1))
            if pairs:
                turned.append((p, down_card))
            if state.rules.tie_penalty == "yes":
                state = put_seat(state, p, changed(state.seats[p], supported=True))
        state = put_seat(state, p, changed(state.seats[p], tie_drawn=()))
    state = put(state, pending=(None,) * len(state.seats))
    events.append(TieLaid(state.skirmish, rnd, tuple(up), tuple(down), tuple(turned),
                          "GT-TIE-PENALTY" if state.rules.tie_penalty == "yes" else "GT-TIE"))
    return state


def finish_tie_break(state: GuerrillaState, events: Events) -> GuerrillaState:
    state = lay_tie_cards(state, events)
    return settle(put(state, contenders=stand(state, state.contenders, events)), events)


# Loss of forces, spoils, spies: the end of a skirmish.


def spoils(state: GuerrillaState, winners: tuple[int, ...], events: Events) -> GuerrillaState:
    rules, rank = state.rules, state.guerrilla_rank
    any_way = rules.involved == "any"  # GT-INVOLVED: face-down Guerrillas count too
    # One pass over the table (every skirmish ends here): the cards used, those face down,
    # the Guerrillas involved and each player's spies revealed face up (GT-SPY-FACE-DOWN).
    used: list[Card] = []
    face_down: list[Card] = []
    guerrillas: list[Card] = []
    spies: list[list[Card]] = []
    for row in state.table:
        shown: list[Card] = []
        for x in row:
            c = x.card
            if c is None:
                continue
            used.append(c)
            down = x.how == TIE_DOWN
            if down:
                face_down.append(c)
            if 2 <= c.rank <= rank and (any_way or not down):  # is_guerrilla, inlined
                guerrillas.append(c)
            if c.rank == SPY and x.how in REVEALED:
                shown.append(c)
        spies.append(shown)
    rng, tally, removed = state.rng, state.tally, state.removed
    if guerrillas:
        lost, kept, rng = _lost_half(state, used)
        events.append(ForcesLost(state.skirmish, len(used), *_face_up(guerrillas, face_down),
                                 *_face_up(lost, face_down), rules.loss_pick))
        tally = changed(tally, removed_by_loss=tally.removed_by_loss + len(lost))
        removed += lost
    else:
        kept = tuple(used)
        events.append(NoLoss(state.skirmish, len(used)))
    seats = list(state.seats)
    if not winners:
        events.append(NoWinner(state.skirmish, kept))
        removed += kept
    else:
        shares, odd = _shares(kept, winners, rules.spoils_split)
        for p, share in shares:
            seats[p] = changed(seats[p], discard=seats[p].discard + share)
        removed += odd
        events.append(SpoilsTaken(state.skirmish, shares, odd,
                                  "GT-SPOILS-SPLIT" if len(winners) > 1 else "GT-SPOILS"))
    captors: set[int] = set()
    if any(spies):
        captors, tally = _spies(state, winners, spies, removed, tally, events)
    for p, seat in enumerate(seats):
        if seat.reveals_first != (p in captors):
            seats[p] = changed(seat, reveals_first=p in captors)
    state = put(state, seats=tuple(seats), rng=rng, removed=removed, tally=tally,
                last_table=state.table, table=((),) * len(seats),
                contenders=(), tie_round=0, stage="begin", asked=())
    state = end_if_decided(state, events)
    limit = rules.skirmish_limit
    if state.outcome is None and limit is not None and state.skirmish >= limit:
        state = finish(state, GameOver((), "limit", state.skirmish, "GT-LIMIT"), events)
    return state


def _face_up(cards: Sequence[Card], face_down: list[Card]) -> tuple[tuple[Card, ...], int]:
    """These cards split for an event: those face up (named), and how many are face down."""
    up = tuple([c for c in cards if c not in face_down]) if face_down else tuple(cards)
    return up, len(cards) - len(up)


def _lost_half(
    state: GuerrillaState, used: list[Card]
) -> tuple[tuple[Card, ...], tuple[Card, ...], Rng]:
    """Half of the cards used, rounded down, chosen by ruling GT-LOSS-PICK: those lost, those
    kept (each in the order laid), and the generator after the choice."""
    count, rng = len(used) // 2, state.rng
    if state.rules.loss_pick == "random":
        order, rng = rng.shuffled(tuple(range(len(used))))
        chosen = set(order[:count])
    else:
        rank, ace_high = state.guerrilla_rank, state.rules.ace == "high"
        by_strength = sorted(range(len(used)), key=lambda i: strength(used[i], rank, ace_high))
        chosen = set(by_strength[:count])
    lost = tuple([c for i, c in enumerate(used) if i in chosen])
    kept = tuple([c for i, c in enumerate(used) if i not in chosen])
    return lost, kept, rng


def _shares(
    kept: tuple[Card, ...], winners: tuple[int, ...], split: str
) -> tuple[tuple[tuple[int, tuple[Card, ...]], ...], tuple[Card, ...]]:
    """The spoils dealt round the winners in seat order (GT-SPOILS-SPLIT)."""
    dealt = len(kept) if split == "dealt-in-turn" else len(kept) - len(kept) % len(winners)
    shares = tuple([(w, kept[i:dealt:len(winners)]) for i, w in enumerate(winners)])
    return shares, kept[dealt:]


def _spies(
    state: GuerrillaState, winners: tuple[int, ...], spies: list[list[Card]],
    removed: tuple[Card, ...], tally: Tally, events: Events,
) -> tuple[set[int], Tally]:
    """A winner who saw an opponent reveal a spy (``spies``: each player's, revealed face up)
    must reveal first next skirmish: those winners, and the tally with their captures."""
    capture: set[int] = set()
    for w in winners:
        theirs = tuple([c for p, shown in enumerate(spies) if p != w for c in shown])
        if theirs:
            gone = all(c in removed for c in theirs)
            if gone and state.rules.spy_removed == "only-if-kept":
                events.append(SpyLost(state.skirmish, w, theirs))
                continue
            capture.add(w)
            tally = changed(tally, spy_captures=tally.spy_captures + 1)
            events.append(SpyCaptured(state.skirmish, w, theirs,
                                      "GT-SPY-REMOVED" if gone else "GT-SPY"))
        elif spies[w]:
            events.append(OwnSpy(state.skirmish, w))
    return capture, tally
