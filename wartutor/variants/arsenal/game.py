"""Arsenal, in the order of its rule text.

Setup: each side is dealt 7 cards; the rest are a face-down draw pile.
Who leads: a coin toss for round 1; the leader plays a card face up, the other side
answers knowing it; the round's winner leads the next round.
Playing a round (with shields and Counter-Strikes): see clash.py; the winner captures
both cards for good.
Refilling and winning: both draw back up while the pile lasts; when the deck has run
dry, the most captured cards wins; on a tie, sudden death.

Player 0 is "you", player 1 the NPC. Hands are sorted tuples; the pile is top card first.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from wartutor.core.chance import Rng
from wartutor.core.engine import Decision, Outcome
from wartutor.core.errors import BadInput
from wartutor.variants.arsenal.cards import ArsenalCard, arsenal_cards, hand_order, standard_deck
from wartutor.variants.arsenal.clash import Clash, clash
from wartutor.variants.arsenal.rules import ArsenalRules

YOU, NPC = 0, 1
Hands = tuple[tuple[ArsenalCard, ...], tuple[ArsenalCard, ...]]


# Events: the facts of each step. Their words are in explain.py.


@dataclass(frozen=True)
class Dealt:
    hand_sizes: tuple[int, int]
    pile_size: int
    seed: int
    stacked: bool
    rule: str = "AR-SETUP"


@dataclass(frozen=True)
class CoinTossed:
    """Who leads round 1; ``stacked`` when a stacked deal named the leader instead."""

    leader: int
    stacked: bool
    rule: str = "AR-WHO-LEADS"


@dataclass(frozen=True)
class Led:
    round: int
    player: int
    card: ArsenalCard
    rule: str = "AR-WHO-LEADS"  # AR-FORCED when it was a side's last card


@dataclass(frozen=True)
class Answered:
    round: int
    player: int
    card: ArsenalCard
    rule: str = "AR-WHO-LEADS"


@dataclass(frozen=True)
class Clashed:
    """Two cards met: the leader's card is ``clash.first`` (yours in sudden death)."""

    round: int
    leader: int
    clash: Clash
    winner: int
    sudden: bool
    rule: str


@dataclass(frozen=True)
class Captured:
    round: int
    winner: int
    cards: tuple[ArsenalCard, ArsenalCard]
    totals: tuple[int, int]
    rule: str = "AR-ROUND"


@dataclass(frozen=True)
class Refilled:
    """Both sides drew back up; ``play_on`` is false when emptying the pile ends the match
    (ruling AR-DRY, 'pile-empty')."""

    round: int
    drawn: tuple[int, int]
    first: int
    order: str
    pile_left: int
    play_on: bool = True
    rule: str = "AR-DRAW-ORDER"


@dataclass(frozen=True)
class LeadPassed:
    round: int  # the round about to be led
    player: int
    rule: str = "AR-WHO-LEADS"


@dataclass(frozen=True)
class RanDry:
    """The match has reached its end (ruling AR-DRY); ``unplayed`` cards are still in hand.

    ``dry`` says how: "all-played" (no card is left in hand) or "pile-empty" (the last
    refill used up the pile, and the ruling ends the match there).
    """

    round: int
    totals: tuple[int, int]
    unplayed: int
    dry: str
    rule: str = "AR-DRY"


@dataclass(frozen=True)
class SuddenDeathDrawn:
    cards: tuple[ArsenalCard, ArsenalCard]  # yours, the NPC's
    deck_size: int
    rule: str = "AR-SUDDEN-DEATH"


@dataclass(frozen=True)
class MatchOver:
    """``ending`` is most-captured or sudden-death."""

    winner: int
    totals: tuple[int, int]
    ending: str
    rounds: int
    rule: str


ArsenalEvent = (Dealt | CoinTossed | Led | Answered | Clashed | Captured | Refilled
                | LeadPassed | RanDry | SuddenDeathDrawn | MatchOver)


@dataclass(frozen=True)
class RoundPlayed:
    """A finished round, public to both sides: ``cards`` are (yours, the NPC's)."""

    number: int
    leader: int
    cards: tuple[ArsenalCard, ArsenalCard]
    winner: int
    how: str


@dataclass(frozen=True)
class ArsenalState:
    rules: ArsenalRules
    rng: Rng
    deck: tuple[ArsenalCard, ...]  # every card of this match, in the deck's own order
    hands: Hands
    pile: tuple[ArsenalCard, ...]
    leader: int
    lead: ArsenalCard | None  # the leader's card, face up, while the answer is awaited
    captured: Hands
    history: tuple[RoundPlayed, ...]
    sudden_death: tuple[ArsenalCard, ArsenalCard] | None
    outcome: Outcome | None

    @property
    def round(self) -> int:
        """The round being played (or, once the match is over, the last one played)."""
        return len(self.history) + (0 if self.outcome else 1)


# Setup and the coin toss


def deal(
    rules: ArsenalRules, seed: int, stacked: tuple[str, ...] | None = None
) -> tuple[ArsenalState, tuple[ArsenalEvent, ...]]:
    """Shuffle and deal, or lay out a stacked deal; toss the coin unless the deal names a leader.

    A stacked deal is ``(your hand, the NPC's hand, the pile top first)``, optionally with a
    fourth entry ``"you"`` or ``"npc"`` naming who leads round 1. Its cards are the whole deck
    of that match (the ``deck`` option is not used).
    """
    rng = Rng.from_seed(seed)
    leader: int | None = None
    if stacked is None:
        deck = rules.cards
        shuffled, rng = rng.shuffled(deck)
        n = min(rules.hand_size, len(deck) // 2)
        hands = (_sorted(shuffled[:n]), _sorted(shuffled[n: 2 * n]))
        pile = shuffled[2 * n:]
    else:
        hands, pile, leader = _stacked_deal(stacked, rules)
        deck = tuple(sorted(hands[0] + hands[1] + pile, key=_deck_index))
    events: list[ArsenalEvent] = [Dealt((len(hands[0]), len(hands[1])), len(pile), seed,
                                        stacked is not None)]
    if leader is None:
        leader, rng = rng.below(2)
        events.append(CoinTossed(leader, False))
    else:
        events.append(CoinTossed(leader, True))
    state = ArsenalState(rules, rng, deck, hands, pile, leader, None, ((), ()), (), None, None)
    return _play_forced(state, events)


_STACKED_ALLOWED = ('(your hand, the NPC\'s hand, the pile top card first) as card codes, '
                    'optionally with "you" or "npc" to name who leads round 1, e.g. '
                    '("RK-SF KV-PR", "NK-SO CS-ML", "", "you")')


def _stacked_deal(
    stacked: tuple[str, ...], rules: ArsenalRules
) -> tuple[Hands, tuple[ArsenalCard, ...], int | None]:
    if len(stacked) not in (3, 4):
        raise BadInput(f"a stacked deal has 3 or 4 parts, not {len(stacked)}",
                       allowed=_STACKED_ALLOWED)
    yours, theirs, pile = (arsenal_cards(part) for part in stacked[:3])
    everything = yours + theirs + pile
    if len(set(everything)) != len(everything):
        twice = sorted({c.code for c in everything if everything.count(c) > 1})
        raise BadInput(f"a card appears twice in the stacked deal: {' '.join(twice)}",
                       allowed="each card at most once (ruling AR-DUPLICATES)")
    if len(yours) != len(theirs) or not 1 <= len(yours) <= rules.hand_size:
        raise BadInput(f"the hands hold {len(yours)} and {len(theirs)} cards",
                       allowed=f"two hands of the same size, from 1 to {rules.hand_size} cards")
    if len(pile) % 2:
        raise BadInput(f"a pile of {len(pile)} cards cannot be shared evenly",
                       allowed="an even number of cards in the pile (or none)")
    leader = None
    if len(stacked) == 4:
        if stacked[3] not in ("you", "npc"):
            raise BadInput(f"{stacked[3]!r} cannot lead", allowed='"you" or "npc"')
        leader = YOU if stacked[3] == "you" else NPC
    return (_sorted(yours), _sorted(theirs)), pile, leader


def _sorted(cards: tuple[ArsenalCard, ...]) -> tuple[ArsenalCard, ...]:
    return tuple(sorted(cards, key=hand_order))


_DECK_INDEX = {card: index for index, card in enumerate(standard_deck())}


def _deck_index(card: ArsenalCard) -> int:
    return _DECK_INDEX[card]


# Who must choose: the leader, then the other side


def decision(state: ArsenalState) -> Decision | None:
    if state.outcome is not None:
        return None
    player, kind = (state.leader, "lead") if state.lead is None else (1 - state.leader, "answer")
    return Decision(player, kind, tuple(f"play {c.code}" for c in state.hands[player]))


def play(state: ArsenalState, card: ArsenalCard) -> tuple[ArsenalState, tuple[ArsenalEvent, ...]]:
    """A legal card played by the side to move (checked by the caller), then any forced card."""
    state, events = _lay(state, card, forced=False)
    return _play_forced(state, list(events))


def _play_forced(
    state: ArsenalState, events: list[ArsenalEvent]
) -> tuple[ArsenalState, tuple[ArsenalEvent, ...]]:
    """A side holding one card has no choice: play it for them (ruling AR-FORCED)."""
    while (due := decision(state)) is not None and len(state.hands[due.player]) == 1:
        state, more = _lay(state, state.hands[due.player][0], forced=True)
        events.extend(more)
    return state, tuple(events)


def _lay(
    state: ArsenalState, card: ArsenalCard, *, forced: bool
) -> tuple[ArsenalState, tuple[ArsenalEvent, ...]]:
    player = state.leader if state.lead is None else 1 - state.leader
    hand = tuple(c for c in state.hands[player] if c != card)
    hands = (hand, state.hands[1]) if player == YOU else (state.hands[0], hand)
    rule = "AR-FORCED" if forced else "AR-WHO-LEADS"
    if state.lead is None:
        return replace(state, hands=hands, lead=card), (Led(state.round, player, card, rule),)
    answered = Answered(state.round, player, card, rule)
    state, events = _finish_round(replace(state, hands=hands), state.lead, card)
    return state, (answered, *events)


# A round's result, the refill, and the end of the match


def _finish_round(
    state: ArsenalState, lead: ArsenalCard, answer: ArsenalCard
) -> tuple[ArsenalState, tuple[ArsenalEvent, ...]]:
    number, leader = state.round, state.leader
    met = clash(lead, answer)
    winner = leader if met.winner == 0 else 1 - leader
    captured = list(state.captured)
    captured[winner] += (lead, answer)
    totals = (len(captured[0]), len(captured[1]))
    played = (lead, answer) if leader == YOU else (answer, lead)
    events: list[ArsenalEvent] = [Clashed(number, leader, met, winner, False, met.rule),
                                  Captured(number, winner, (lead, answer), totals)]
    state = replace(state, lead=None, leader=winner, captured=(captured[0], captured[1]),
                    history=(*state.history, RoundPlayed(number, leader, played, winner, met.how)))
    # Ruling AR-DRY: the deck is dry when every card is played, or, read the other way,
    # when a refill uses up the pile (a deal with no pile at all is played out).
    ends_with_the_pile = state.rules.dry == "pile-empty" and bool(state.pile)
    state, refilled = _refill(state, winner, ends=ends_with_the_pile)
    events.extend(refilled)
    pile_used_up = ends_with_the_pile and not state.pile
    if any(state.hands) and not pile_used_up:
        events.append(LeadPassed(number + 1, winner))
        return state, tuple(events)
    unplayed = len(state.hands[0]) + len(state.hands[1])
    events.append(RanDry(number, totals, unplayed, "pile-empty" if pile_used_up else "all-played"))
    state, ending = _count_up(state, number, totals)
    return state, (*events, *ending)


def _refill(
    state: ArsenalState, winner: int, *, ends: bool
) -> tuple[ArsenalState, tuple[ArsenalEvent, ...]]:
    """Both draw back up, one card at a time, starting with the side ruling AR-DRAW-ORDER names.

    ``ends``: using up the pile ends the match (ruling AR-DRY, 'pile-empty').
    """
    order = state.rules.draw_order
    first = winner if order == "winner-first" else YOU if order == "you-first" else NPC
    hands, pile = [list(state.hands[0]), list(state.hands[1])], list(state.pile)
    size = state.rules.hand_size
    drawn = [0, 0]
    side = first
    while pile and (len(hands[0]) < size or len(hands[1]) < size):
        if len(hands[side]) < size:
            hands[side].append(pile.pop(0))
            drawn[side] += 1
        side = 1 - side
    if not any(drawn):
        return state, ()
    new = replace(state, hands=(_sorted(tuple(hands[0])), _sorted(tuple(hands[1]))),
                  pile=tuple(pile))
    play_on = bool(pile) or not ends
    return new, (Refilled(len(state.history), (drawn[0], drawn[1]), first, order, len(pile),
                          play_on),)


def _count_up(
    state: ArsenalState, rounds: int, totals: tuple[int, int]
) -> tuple[ArsenalState, tuple[ArsenalEvent, ...]]:
    """Most captured cards wins; equal counts go to sudden death."""
    if totals[0] != totals[1]:
        winner = YOU if totals[0] > totals[1] else NPC
        over = MatchOver(winner, totals, "most-captured", rounds, "AR-WINNING")
        return replace(state, outcome=Outcome((winner,), over)), (over,)
    shuffled, rng = state.rng.shuffled(state.deck)
    drawn = (shuffled[0], shuffled[1])
    met = clash(*drawn)
    over = MatchOver(met.winner, totals, "sudden-death", rounds, "AR-SUDDEN")
    events = (SuddenDeathDrawn(drawn, len(state.deck)),
              Clashed(rounds + 1, YOU, met, met.winner, True, met.rule), over)
    return replace(state, rng=rng, sudden_death=drawn, outcome=Outcome((met.winner,), over)), events
