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
from wartutor.core.errors import BadInput, quoted
from wartutor.core.records import set_at_once
from wartutor.variants.arsenal.cards import (
    ArsenalCard,
    arsenal_cards,
    card_of_code,
    hand_order,
    standard_deck,
)
from wartutor.variants.arsenal.clash import Clash, clash
from wartutor.variants.arsenal.rules import ArsenalRules

YOU, NPC = 0, 1
Hands = tuple[tuple[ArsenalCard, ...], tuple[ArsenalCard, ...]]


# Events: the facts of each step. Their words are in explain.py.


@set_at_once
@dataclass(frozen=True)
class Dealt:
    hand_sizes: tuple[int, int]
    pile_size: int
    seed: int
    stacked: bool
    rule: str = "AR-SETUP"


@set_at_once
@dataclass(frozen=True)
class CoinTossed:
    """Who leads round 1; ``stacked`` when a stacked deal named the leader instead."""

    leader: int
    stacked: bool
    rule: str = "AR-WHO-LEADS"


@set_at_once
@dataclass(frozen=True)
class Led:
    round: int
    player: int
    card: ArsenalCard
    rule: str = "AR-WHO-LEADS"  # AR-FORCED when it was a side's last card


@set_at_once
@dataclass(frozen=True)
class Answered:
    round: int
    player: int
    card: ArsenalCard
    rule: str = "AR-WHO-LEADS"


@set_at_once
@dataclass(frozen=True)
class Clashed:
    """Two cards met: the leader's card is ``clash.first`` (yours in sudden death)."""

    round: int
    leader: int
    clash: Clash
    winner: int
    sudden: bool
    rule: str


@set_at_once
@dataclass(frozen=True)
class Captured:
    round: int
    winner: int
    cards: tuple[ArsenalCard, ArsenalCard]
    totals: tuple[int, int]
    rule: str = "AR-ROUND"


@set_at_once
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


@set_at_once
@dataclass(frozen=True)
class LeadPassed:
    round: int  # the round about to be led
    player: int
    rule: str = "AR-WHO-LEADS"


@set_at_once
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


@set_at_once
@dataclass(frozen=True)
class SuddenDeathDrawn:
    cards: tuple[ArsenalCard, ArsenalCard]  # yours, the NPC's
    deck_size: int
    rule: str = "AR-SUDDEN-DEATH"


@set_at_once
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


@set_at_once
@dataclass(frozen=True)
class RoundPlayed:
    """A finished round, public to both sides: ``cards`` are (yours, the NPC's)."""

    number: int
    leader: int
    cards: tuple[ArsenalCard, ArsenalCard]
    winner: int
    how: str


@set_at_once
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
    # Of the rounds played: those won by their leader, shield blocks, bombs turned back by
    # a Counter-Strike, and those won by a level-4 bomb. Counted as the match goes, since a
    # simulation asks for them at every step (see Arsenal.summarize).
    tally: tuple[int, int, int, int] = (0, 0, 0, 0)

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
            raise BadInput(f"{quoted(stacked[3])} cannot lead", allowed='"you" or "npc"')
        leader = YOU if stacked[3] == "you" else NPC
    return (_sorted(yours), _sorted(theirs)), pile, leader


def _sorted(cards: tuple[ArsenalCard, ...]) -> tuple[ArsenalCard, ...]:
    return tuple(sorted(cards, key=_HAND_PLACE.__getitem__))


# Each card's place in hand order, and the action that plays it: looked up at every step.
_HAND_PLACE = {card: place for place, card in enumerate(sorted(standard_deck(), key=hand_order))}
_ACTION = {card: f"play {card.code}" for card in standard_deck()}


_DECK_INDEX = {card: index for index, card in enumerate(standard_deck())}


def _deck_index(card: ArsenalCard) -> int:
    return _DECK_INDEX[card]


# Who must choose: the leader, then the other side


def decision(state: ArsenalState) -> Decision | None:
    if state.outcome is not None:
        return None
    player, kind = (state.leader, "lead") if state.lead is None else (1 - state.leader, "answer")
    return Decision(player, kind, tuple(map(_ACTION.__getitem__, state.hands[player])))


def playable(state: ArsenalState, action: object) -> ArsenalCard | None:
    """The card ``action`` plays if it is one of decision(state).legal_actions, else None.

    The same answer as looking the action up among the legal actions, without writing
    them all out at every step.
    """
    if state.outcome is not None or not isinstance(action, str) or action[:5] != "play ":
        return None
    card = card_of_code(action[5:])
    hand = state.hands[state.leader if state.lead is None else 1 - state.leader]
    return card if card is not None and card in hand else None


def play(state: ArsenalState, card: ArsenalCard) -> tuple[ArsenalState, tuple[ArsenalEvent, ...]]:
    """A legal card played by the side to move (checked by the caller), then any forced card."""
    events: list[ArsenalEvent] = []
    return _play_forced(choose(state, card, events), events)


def choose(state: ArsenalState, card: ArsenalCard, events: list[ArsenalEvent]) -> ArsenalState:
    """The moment right after the side to move plays ``card`` by its own choice."""
    return _lay(state, card, False, events)


def _play_forced(
    state: ArsenalState, events: list[ArsenalEvent]
) -> tuple[ArsenalState, tuple[ArsenalEvent, ...]]:
    while (after := moment_after(state, events)) is not None:
        state = after
    return state, tuple(events)


def moment_after(state: ArsenalState, events: list[ArsenalEvent]) -> ArsenalState | None:
    """A side holding one card has no choice: the moment after it is played for them (ruling
    AR-FORCED); None when the side to move chooses, or the match is over."""
    if state.outcome is not None:
        return None
    # The side to move, as decision() names it.
    hand = state.hands[state.leader if state.lead is None else 1 - state.leader]
    return _lay(state, hand[0], True, events) if len(hand) == 1 else None


# Each of the steps below adds what happened to ``events`` and returns the state after it.


def _lay(
    state: ArsenalState, card: ArsenalCard, forced: bool, events: list[ArsenalEvent]
) -> ArsenalState:
    player = state.leader if state.lead is None else 1 - state.leader
    held = state.hands[player]
    at = held.index(card)
    hand = held[:at] + held[at + 1:]
    hands = (hand, state.hands[1]) if player == YOU else (state.hands[0], hand)
    rule = "AR-FORCED" if forced else "AR-WHO-LEADS"
    number = len(state.history) + 1  # state.round, while the match goes on
    if state.lead is None:
        events.append(Led(number, player, card, rule))
        s = state
        return ArsenalState(s.rules, s.rng, s.deck, hands, s.pile, s.leader, card, s.captured,
                            s.history, None, None, s.tally)
    events.append(Answered(number, player, card, rule))
    return _finish_round(state, hands, state.lead, card, events)


# A round's result, the refill, and the end of the match


def _finish_round(
    state: ArsenalState, hands: Hands, lead: ArsenalCard, answer: ArsenalCard,
    events: list[ArsenalEvent],
) -> ArsenalState:
    """The round ``state`` is in, once the answer has left its hand (``hands``)."""
    number, leader, rules = len(state.history) + 1, state.leader, state.rules
    met = clash(lead, answer)
    winner = leader if met.winner == 0 else 1 - leader
    mine, theirs = state.captured
    captured = ((*mine, lead, answer), theirs) if winner == YOU else (mine, (*theirs, lead, answer))
    totals = (len(captured[0]), len(captured[1]))
    played = (lead, answer) if leader == YOU else (answer, lead)
    events.append(Clashed(number, leader, met, winner, False, met.rule))
    events.append(Captured(number, winner, (lead, answer), totals))
    history = (*state.history, RoundPlayed(number, leader, played, winner, met.how))
    # Ruling AR-DRY: the deck is dry when every card is played, or, read the other way,
    # when a refill uses up the pile (a deal with no pile at all is played out).
    ends_with_the_pile = rules.dry == "pile-empty" and bool(state.pile)
    hands, pile = _refill(rules, hands, state.pile, winner, number, ends_with_the_pile, events)
    led_won, blocks, turned_back, level4 = state.tally
    tally = (led_won + (winner == leader), blocks + (met.how == "blocks"),
             turned_back + (met.how == "turned-back"), level4 + (met.winning_card.level == 4))
    state = ArsenalState(rules, state.rng, state.deck, hands, pile, winner, None, captured,
                         history, None, None, tally)
    pile_used_up = ends_with_the_pile and not pile
    if (hands[0] or hands[1]) and not pile_used_up:
        events.append(LeadPassed(number + 1, winner))
        return state
    unplayed = len(hands[0]) + len(hands[1])
    events.append(RanDry(number, totals, unplayed, "pile-empty" if pile_used_up else "all-played"))
    return _count_up(state, number, totals, events)


def _refill(
    rules: ArsenalRules, hands: Hands, pile: tuple[ArsenalCard, ...], winner: int, number: int,
    ends: bool, events: list[ArsenalEvent],
) -> tuple[Hands, tuple[ArsenalCard, ...]]:
    """Both draw back up, one card at a time, starting with the side ruling AR-DRAW-ORDER names.

    ``number`` is the round just played; ``ends``: using up the pile ends the match (ruling
    AR-DRY, 'pile-empty').
    """
    size = rules.hand_size
    if not pile or (len(hands[0]) >= size and len(hands[1]) >= size):
        return hands, pile
    order = rules.draw_order
    first = winner if order == "winner-first" else YOU if order == "you-first" else NPC
    wanted = [max(0, size - len(hands[0])), max(0, size - len(hands[1]))]
    drawn: tuple[list[ArsenalCard], list[ArsenalCard]] = ([], [])
    side, top = first, 0
    while top < len(pile) and (wanted[0] or wanted[1]):
        if wanted[side]:
            drawn[side].append(pile[top])
            wanted[side] -= 1
            top += 1
        side = 1 - side
    filled = (_sorted((*hands[0], *drawn[0])) if drawn[0] else hands[0],
              _sorted((*hands[1], *drawn[1])) if drawn[1] else hands[1])
    rest = pile[top:]
    play_on = bool(rest) or not ends
    events.append(Refilled(number, (len(drawn[0]), len(drawn[1])), first, order, len(rest),
                           play_on))
    return filled, rest


def _count_up(
    state: ArsenalState, rounds: int, totals: tuple[int, int], events: list[ArsenalEvent]
) -> ArsenalState:
    """Most captured cards wins; equal counts go to sudden death."""
    if totals[0] != totals[1]:
        winner = YOU if totals[0] > totals[1] else NPC
        over = MatchOver(winner, totals, "most-captured", rounds, "AR-WINNING")
        events.append(over)
        return replace(state, outcome=Outcome((winner,), over))
    shuffled, rng = state.rng.shuffled(state.deck)
    drawn = (shuffled[0], shuffled[1])
    met = clash(*drawn)
    over = MatchOver(met.winner, totals, "sudden-death", rounds, "AR-SUDDEN")
    events += (SuddenDeathDrawn(drawn, len(state.deck)),
               Clashed(rounds + 1, YOU, met, met.winner, True, met.rule), over)
    return replace(state, rng=rng, sudden_death=drawn, outcome=Outcome((met.winner,), over))
