"""Guerrilla Tactics, in the order of its rule text.

Setup: each player takes a suit (two each in the two-player variant), shuffled into a
draw pile. A skirmish: the promotion window (GT-PROMO-WHEN), 1. draw, 2. play (spy
captors reveal first), 3. evaluate, then support, tie resolution, loss of forces,
spoils and spies (skirmish.py). Elimination at a draw; the last player left wins.

Player 0 is "you". Piles are tuples, top card first. ``advance`` runs every step that
needs nobody's choice, so a state always waits for a decision or is over.
"""

from __future__ import annotations

from collections.abc import Callable

from wartutor.core.cards import Card, cards
from wartutor.core.chance import Rng
from wartutor.core.engine import Decision
from wartutor.core.errors import BadInput, quoted
from wartutor.language import N_
from wartutor.variants.guerrilla_tactics.events import (
    CancelsRevealed,
    Chose,
    Dealt,
    Drew,
    GuerrillaEvent,
    OnlyChoice,
    Promoted,
    PromotionCancelled,
    PromotionProposed,
    ProposalsRevealed,
    Revealed,
    SkirmishBegins,
)
from wartutor.variants.guerrilla_tactics.forces import is_guerrilla
from wartutor.variants.guerrilla_tactics.piles import (
    Events,
    draw,
    eliminate,
    end_if_decided,
    lay,
    take_top,
)
from wartutor.variants.guerrilla_tactics.rules import MAX_GUERRILLA_RANK, GuerrillaRules
from wartutor.variants.guerrilla_tactics.skirmish import (
    apply_supports,
    finish_tie_break,
    lay_tie_cards,
    open_support,
    support_cards,
    tie_choices,
)
from wartutor.variants.guerrilla_tactics.state import (
    BY_CODE,
    DECK,
    PLAY,
    GuerrillaState,
    Seat,
    Tally,
    changed,
    put,
    put_seat,
)

YOU = 0
# The seats' own names, in English: the voice says them in the language in force.
NAMES = (N_("You"), N_("Ana"), N_("Ben"), N_("Cleo"))
FIRST_GUERRILLA_RANK = 2
# The decision kind of each stage that waits for a choice.
KINDS = {"promote": "promote", "cancel": "cancel", "play-first": "play", "play": "play",
         "support": "support", "tie-first": "tie", "tie": "tie"}
HIDDEN_STAGES = ("play-first", "play", "support", "tie-first", "tie")
"""The stages of hidden choices; a player with one legal action in them is not asked (see
``asked_with_one``)."""
# Supports are chosen unannounced; declarations are made under GT-DECLARE 'everyone'.
CHOICE_RULES = {"play": "GT-PLAY", "tie": "GT-TIE", "promote": "GT-DECLARE",
                "cancel": "GT-DECLARE"}


# Setup


def deal(
    rules: GuerrillaRules, seed: int, stacked: tuple[str, ...] | None = None
) -> tuple[GuerrillaState, tuple[GuerrillaEvent, ...]]:
    """Each player's suits shuffled into a draw pile, or a stacked deal (see ``stacked_piles``)."""
    rng = Rng.from_seed(seed)
    if stacked is None:
        piles = []
        for suits in rules.suits:
            pile, rng = rng.shuffled(tuple(c for c in DECK if c.suit in suits))
            piles.append(pile)
    else:
        piles = list(stacked_piles(rules, stacked))
    n = rules.players
    state = GuerrillaState(
        rules=rules, rng=rng, seats=tuple(Seat(pile) for pile in piles), removed=(),
        guerrilla_rank=FIRST_GUERRILLA_RANK, skirmish=0, stage="begin", asked=(),
        pending=(None,) * n, contenders=(), tie_round=0, proposer=None,
        table=((),) * n, last_table=((),) * n, tally=Tally(), outcome=None, decision=None,
    )
    events: Events = [Dealt(rules.suits, tuple(len(p) for p in piles), seed, stacked is not None)]
    return advance(state, events), tuple(events)


def stacked_piles(rules: GuerrillaRules, stacked: tuple[str, ...]) -> tuple[tuple[Card, ...], ...]:
    """A stacked deal: one card list per player, that player's draw pile, top card first.

    Any distinct cards of the standard deck may be used, so that a lesson can set up
    any skirmish (they need not be the player's own suit).
    """
    allowed = (f"{rules.players} card lists, one per player in seat order, top card first, "
               f'e.g. ("2S AS", "KH 9H")')
    if isinstance(stacked, str) or not isinstance(stacked, tuple | list):
        raise BadInput("a stacked deal needs one string of cards per player, not "
                       f"{quoted(stacked)}", allowed=allowed)
    wrong = next((text for text in stacked if not isinstance(text, str)), None)
    if wrong is not None:
        raise BadInput(f"a stacked deal needs one string of cards per player, not {quoted(wrong)}",
                       allowed=allowed)
    if len(stacked) != rules.players:
        raise BadInput(f"a stacked deal for {rules.players} players needs {rules.players} "
                       f"draw piles, not {len(stacked)}", allowed=allowed)
    piles = tuple(cards(text) for text in stacked)
    if not all(piles):
        raise BadInput("every player needs at least one card", allowed=allowed)
    everything = [c for pile in piles for c in pile]
    if len(set(everything)) != len(everything):
        twice = sorted({c.code for c in everything if everything.count(c) > 1})
        raise BadInput(f"a card appears twice in the stacked deal: {' '.join(twice)}",
                       allowed="each card at most once")
    return piles


# Decisions: who must choose what now.


def decision(state: GuerrillaState) -> Decision | None:
    if state.outcome is not None or not state.asked:
        return None
    return state.decision


def legal_actions(state: GuerrillaState, player: int) -> tuple[str, ...]:
    stage, seat = state.stage, state.seats[player]
    if stage in ("play-first", "play"):  # the most asked, first
        return tuple([f"play {c.code}" for c in seat.hand])
    if stage == "promote":
        # Only those who may propose are asked, unless everyone declares (GT-DECLARE).
        if state.rules.declare == "everyone" and promotion_refusal(state, player)[0]:
            return ("pass",)
        return ("propose", "pass")
    if stage == "cancel":
        guerrillas = [c for c in seat.hand if is_guerrilla(c, state.guerrilla_rank)]
        return (*(f"cancel {c.code}" for c in guerrillas), "allow")
    if stage == "support":
        return (*[f"support {c.code}" for c in support_cards(state, player)], "decline")
    if stage in ("tie-first", "tie"):
        choices = tie_choices(state, player)
        if len(choices) == 1:
            return (f"up {choices[0].code}",)
        return tuple([f"up {a.code} down {b.code}" for a in choices for b in choices if a != b])
    return ()


def asked_with_one(state: GuerrillaState) -> bool:
    """Whether a player with one legal action is asked all the same: in the promotion
    window, and at a support under GT-DECLARE 'everyone', where skipping them would show
    that their hand holds no Guerrilla, or no card that would help. Laying the one card
    in hand is done without asking (GT-ONE-CARD): everyone sees the hand's size."""
    stage = state.stage
    return stage not in HIDDEN_STAGES or (stage == "support"
                                          and state.rules.declare == "everyone")


def choose(state: GuerrillaState, action: str, events: Events) -> GuerrillaState:
    """Apply a legal action of the player whose decision it is (already checked), to a
    copy of the state: the draft that the rest of the step writes into (``state.put``)."""
    return take(changed(state), action, events)


def take(
    state: GuerrillaState, action: str, events: Events, *, forced: bool = False
) -> GuerrillaState:
    """``choose``, written into the draft ``state``; ``forced``: the only legal action,
    taken without asking (``advance``)."""
    player, stage = state.asked[0], state.stage
    # In turn, each answer acting at once; under GT-DECLARE 'everyone' they are hidden
    # choices like the plays, revealed together once all are in.
    if stage == "promote" and state.rules.declare == "those-able":
        rest = put(state, asked=state.asked[1:])
        return propose(rest, player, events) if action == "propose" else rest
    if stage == "cancel" and state.rules.declare == "those-able":
        rest = put(state, asked=state.asked[1:])
        if action == "allow":
            return rest
        card = BY_CODE[action.split()[1]]
        return cancel(rest, player, card, events)
    pending = list(state.pending)
    pending[player] = action
    if stage != "support":  # the Supported event tells it all, hiding who had a choice
        events.append(OnlyChoice(player, KINDS[stage]) if forced
                      else Chose(player, KINDS[stage], CHOICE_RULES[KINDS[stage]]))
    return put(state, asked=state.asked[1:], pending=tuple(pending))


def advance(state: GuerrillaState, events: Events) -> GuerrillaState:
    """Run every step that needs no choice: until someone must choose, or the game is over.
    ``state`` is a draft (from ``choose`` or ``deal``), written in place and handed back.

    A player whose only legal action is to lay a card is not asked (GT-ONE-CARD), and
    one with no support that would help declines without being asked, silently (unless
    everyone declares: GT-DECLARE 'everyone').
    """
    while state.outcome is None:
        if state.asked:
            legal = legal_actions(state, state.asked[0])
            if len(legal) > 1 or asked_with_one(state):
                return put(state, decision=Decision(state.asked[0], KINDS[state.stage], legal))
            state = take(state, legal[0], events, forced=True)
            continue
        state = STEPS[state.stage](state, events)
    return state


def begin(state: GuerrillaState, events: Events) -> GuerrillaState:
    state = put(state, skirmish=state.skirmish + 1)
    events.append(SkirmishBegins(state.skirmish, state.guerrilla_rank))
    if state.rules.promotion_window == "before-draw":
        return put(state, stage="promotion-window")
    return draw_step(state, events)


# 1. Draw: up to two, one after a support; reshuffle the discard pile; eliminated if you cannot.


def draw_step(state: GuerrillaState, events: Events) -> GuerrillaState:
    fill, eliminated = state.rules.draw_to == "fill-to-two", False
    for p in state.active:
        seat = state.seats[p]
        due = 1 if seat.supported else 2
        wanted = max(0, due - len(seat.hand)) if fill else due
        if not wanted:
            if seat.supported:
                state = put_seat(state, p, changed(seat, supported=False))
            continue
        state, got = draw(state, p, wanted, events, served=True)
        if not got:
            state = eliminate(state, p, "GT-ELIM-HAND" if seat.hand else "GT-ELIM", events)
            eliminated = True
            continue
        events.append(Drew(p, len(got), wanted, len(state.seats[p].hand), 0,
                           "GT-PENALTY" if seat.supported else "GT-DRAW-UPTO"))
    if eliminated:  # (else the players left are those the last skirmish left: two or more)
        state = end_if_decided(state, events)
        if state.outcome is not None:
            return state
    if state.rules.promotion_window == "after-draw":
        return put(state, stage="promotion-window")
    return put(state, stage="before-the-play")


# Guerrilla promotion, cancellation and recruitment (before the skirmish).


def promotion_refusal(
    state: GuerrillaState, player: int
) -> tuple[str, tuple[int, ...], tuple[Card, ...]]:
    """Why a player may not propose a promotion now (a reason code, the players who have
    not played a Guerrilla, the Guerrillas held); the code is "" when they may."""
    if state.guerrilla_rank >= MAX_GUERRILLA_RANK:
        return "at-max", (), ()
    not_yet = tuple(p for p in state.active if not state.seats[p].played_guerrilla)
    if not_yet:
        return "not-all-played", not_yet, ()
    held = tuple(c for c in state.seats[player].hand if is_guerrilla(c, state.guerrilla_rank))
    if held:
        return "holds-guerrilla", (), held
    return "", (), ()


def open_promotion(state: GuerrillaState, events: Events) -> GuerrillaState:
    asked: tuple[int, ...] = ()
    # The conditions that hold for everyone or no one first: they usually fail (every
    # player still in has played a Guerrilla). They are public; under GT-DECLARE
    # 'everyone' nothing else decides who is asked.
    if state.guerrilla_rank < MAX_GUERRILLA_RANK and all(
            [seat.played_guerrilla or seat.out for seat in state.seats]):
        if state.rules.declare == "everyone":
            asked = state.active
        else:
            asked = tuple(p for p in state.active if not promotion_refusal(state, p)[0])
    if asked:
        return put(state, stage="promote", asked=asked)
    return after_promotion(state, events)


def after_promotion(state: GuerrillaState, events: Events) -> GuerrillaState:
    if state.proposer is not None:
        state = put(state, proposer=None)
    if state.rules.promotion_window == "before-draw":
        return draw_step(state, events)
    return put(state, stage="before-the-play")


def proposals_revealed(state: GuerrillaState, events: Events) -> GuerrillaState:
    """Once everyone has declared (GT-DECLARE 'everyone'), the declarations are turned up
    together, and the first proposer in seat order proposes (GT-PROMO-ONCE); with
    'those-able' nobody proposed."""
    if state.rules.declare == "those-able":
        return after_promotion(state, events)
    declared = [(p, choice) for p, choice in enumerate(state.pending) if choice is not None]
    state = put(state, pending=(None,) * len(state.seats))
    proposers = tuple(p for p, choice in declared if choice == "propose")
    events.append(ProposalsRevealed(proposers, tuple(p for p, c in declared if c == "pass")))
    if not proposers:
        return after_promotion(state, events)
    return propose(state, proposers[0], events)


def propose(state: GuerrillaState, player: int, events: Events) -> GuerrillaState:
    """Those who may cancel are asked in seat order after the proposer: with GT-DECLARE
    'everyone', every other player still in; else only those holding a Guerrilla."""
    events.append(PromotionProposed(player, state.guerrilla_rank))
    n = len(state.seats)
    after = [(player + i) % n for i in range(1, n)]
    everyone = state.rules.declare == "everyone"
    cancellers = tuple(p for p in after if not state.seats[p].out and (everyone or any(
        is_guerrilla(c, state.guerrilla_rank) for c in state.seats[p].hand)))
    return put(state, stage="cancel", asked=cancellers, proposer=player)


def cancels_revealed(state: GuerrillaState, events: Events) -> GuerrillaState:
    """Once everyone has answered a proposal (GT-DECLARE 'everyone'), the answers are
    turned up together: every Guerrilla declared is shown (GT-CANCEL-CARD), and the first
    canceller in seat order after the proposer recruits (GT-MULTI-CANCEL). With
    'those-able', or when all allow, nobody cancelled: the promotion is accepted."""
    if state.rules.declare == "those-able":
        return accept_promotion(state, events)
    proposer, n = state.proposer, len(state.seats)
    assert proposer is not None
    after = [(proposer + i) % n for i in range(1, n)]
    answers = [(p, choice) for p in after if (choice := state.pending[p]) is not None]
    state = put(state, pending=(None,) * n)
    cancels = tuple((p, BY_CODE[choice.split()[1]]) for p, choice in answers
                    if choice != "allow")
    events.append(CancelsRevealed(proposer, cancels,
                                  tuple(p for p, choice in answers if choice == "allow")))
    if not cancels:
        return accept_promotion(state, events)
    for p, card in cancels[1:]:  # shown, as the recruiter's is in ``cancel``
        seat = state.seats[p]
        state = put_seat(state, p, changed(seat, shown=(*seat.shown, card)))
    return cancel(state, *cancels[0], events)


def accept_promotion(state: GuerrillaState, events: Events) -> GuerrillaState:
    rank = state.guerrilla_rank + 1
    events.append(Promoted(rank))
    seats = state.seats
    if state.rules.guerrillas_played == "since-rank-change":
        seats = tuple(changed(s, played_guerrilla=False) for s in seats)
    tally = changed(state.tally, promotions=state.tally.promotions + 1)
    return after_promotion(put(state, guerrilla_rank=rank, seats=seats, tally=tally), events)


def cancel(state: GuerrillaState, player: int, card: Card, events: Events) -> GuerrillaState:
    """The canceller recruits as many cards as the Guerrilla rank from the proposer's draw pile."""
    proposer, wanted = state.proposer, state.guerrilla_rank
    assert proposer is not None
    short = len(state.seats[proposer].draw) < wanted
    state, recruits = take_top(state, proposer, wanted, events,
                               reshuffle=state.rules.recruit_short == "reshuffle")
    seat = state.seats[player]
    state = put_seat(state, player, changed(seat, discard=seat.discard + recruits,
                                            shown=(*seat.shown, card)))
    events.append(PromotionCancelled(player, card, proposer, len(recruits), wanted,
                                     "GT-RECRUIT-SHORT" if short else "GT-CANCEL"))
    tally = changed(state.tally, cancellations=state.tally.cancellations + 1,
                    recruited=state.tally.recruited + len(recruits))
    return after_promotion(put(state, tally=tally, asked=()), events)


# 2. Play: one card each, revealed together; spy captors reveal first.


def open_play(state: GuerrillaState, events: Events) -> GuerrillaState:
    active = state.active
    first = tuple([p for p in active if state.seats[p].reveals_first])
    if first and len(first) < len(active):
        return put(state, stage="play-first", asked=first)
    return put(state, stage="play", asked=active)


def reveal(state: GuerrillaState, events: Events) -> GuerrillaState:
    """Turn up the pending plays; after the captors' early reveal, the others choose."""
    first = state.stage == "play-first"
    plays = [(p, BY_CODE[choice.split()[1]])
             for p, choice in enumerate(state.pending) if choice is not None]
    state = lay(state, plays, PLAY, 0)
    state = put(state, pending=(None,) * len(state.seats))
    events.append(Revealed(state.skirmish, tuple(plays), first,
                           "GT-REVEAL-FIRST" if first else "GT-PLAY"))
    if first:
        others = tuple([p for p in state.active if not state.table[p]])
        return put(state, stage="play", asked=others)
    return open_support(state, events)


def reveal_first_tie(state: GuerrillaState, events: Events) -> GuerrillaState:
    state = lay_tie_cards(state, events)
    others = tuple(p for p in state.contenders
                   if not any(x.tie_round == state.tie_round for x in state.table[p]))
    return put(state, stage="tie", asked=others)


# What each stage moves on to once everyone asked has chosen (or nobody was asked).
# The moments nobody chooses at are stages too, so that a position can name them (the
# start of a skirmish, the promotion window, the play): see position.py.
STEPS: dict[str, Callable[[GuerrillaState, Events], GuerrillaState]] = {
    "begin": begin,
    "promotion-window": open_promotion,
    "before-the-play": open_play,
    "promote": proposals_revealed,  # (with 'those-able': nobody proposed)
    "cancel": cancels_revealed,  # (with 'those-able': nobody cancelled)
    "play-first": reveal,
    "play": reveal,
    "support": apply_supports,
    "tie-first": reveal_first_tie,
    "tie": finish_tie_break,
}
