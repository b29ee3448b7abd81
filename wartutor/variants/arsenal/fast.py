"""Whole Arsenal matches for simulation, without states, events or views, played from a
deal (``play_fast``) or on from a state (``play_on``, for the coach).

The same rules as game.py and the same choices as agents.py, replayed on small whole
numbers: a card is its place in hand order (so a hand is a sorted list of numbers and
a random agent's n-th legal action is the hand's n-th card), and every clash of the
deck is looked up in a table made once per deck. ``tests/test_arsenal_fast.py`` pins
this module to the traced engine, agent by agent and ruling by ruling, and
``tests/test_arsenal_coach.py`` pins ``play_on`` to the traced engine's own continuation
from states cut at every stage.
"""

from __future__ import annotations

from bisect import insort
from dataclasses import dataclass
from functools import lru_cache
from itertools import compress
from math import comb
from operator import itemgetter

from wartutor.core.chance import _next, shuffle_in_place
from wartutor.core.engine import Summary
from wartutor.variants.arsenal.agents import Style
from wartutor.variants.arsenal.cards import ArsenalCard, hand_order
from wartutor.variants.arsenal.clash import clash
from wartutor.variants.arsenal.game import ArsenalState, MatchOver
from wartutor.variants.arsenal.rules import ArsenalRules, deck_cards

# What one clash did, as bits of a number (see _Deck.meets).
_LEADER_WINS, _BLOCKS, _TURNED_BACK, _LEVEL4_WINS = 1, 2, 4, 8


@dataclass(frozen=True)
class _Deck:
    """One deck, as numbers. Card c is the c-th card of the deck in hand order."""

    size: int
    card_at: tuple[int, ...]  # the card at each place of the deck's own order
    worth: tuple[int, ...]  # as agents.worth_table
    by_worth: tuple[int, ...]  # deck order, stably sorted by worth: how a leader counts
    meets: tuple[int, ...]  # [lead * size + answer]: the bits of that clash
    beaten_by: tuple[bytes, ...]  # [c][d] is 1 when d, answering c, beats it
    not_beaten_by: tuple[bytes, ...]  # [c][d] is 1 when d is another card and does not
    number: dict[ArsenalCard, int]  # each card's number


@lru_cache(maxsize=16)
def _deck(deck: str) -> _Deck:
    """The deck a ``deck`` setting names."""
    return _deck_of(deck_cards(deck))


@lru_cache(maxsize=16)
def _deck_of(cards: tuple[ArsenalCard, ...]) -> _Deck:
    """These cards, in the deck's own order (a stacked deal's deck is its own cards)."""
    ordered = sorted(cards, key=hand_order)
    number = {card: c for c, card in enumerate(ordered)}
    size = len(cards)
    meets = [0] * (size * size)
    for a, first in enumerate(ordered):
        for b, second in enumerate(ordered):
            if a != b:
                met = clash(first, second)
                meets[a * size + b] = (
                    (_LEADER_WINS if met.winner == 0 else 0)
                    | (_BLOCKS if met.how == "blocks" else 0)
                    | (_TURNED_BACK if met.how == "turned-back" else 0)
                    | (_LEVEL4_WINS if met.winning_card.level == 4 else 0))
    worth = tuple(sum(1 for b in range(size) if b != a and meets[a * size + b] & _LEADER_WINS)
                  for a in range(size))
    beaten_by = tuple(bytes(int(b != a and not meets[a * size + b] & _LEADER_WINS)
                            for b in range(size)) for a in range(size))
    not_beaten_by = tuple(bytes(int(b != a and not beaten_by[a][b]) for b in range(size))
                          for a in range(size))
    card_at = tuple(number[card] for card in cards)
    by_worth = tuple(sorted(card_at, key=worth.__getitem__))
    return _Deck(size, card_at, worth, by_worth, tuple(meets), beaten_by, not_beaten_by, number)


def refusal(agents: tuple[str, ...], styles: dict[str, Style | None]) -> str | None:
    """None when every agent is one the fast path can play; else why not."""
    for name in agents:
        if name not in styles:
            return f"the fast path does not know how the agent {name!r} plays."
    return None


class _Player:
    """One seat's agent, with its generators as plain SplitMix64 states."""

    __slots__ = ("answer_threshold", "choices", "lead_threshold", "npc", "style")

    def __init__(self, style: Style | None, seat: int, seed: int) -> None:
        self.style = style
        # random_agent draws from (seed * 8 + seat); an NPC rolls from that stream and
        # falls back on a random agent made for seed + 1.
        self.npc = (seed * 8 + seat) % (1 << 64)
        self.choices = self.npc if style is None else ((seed + 1) * 8 + seat) % (1 << 64)
        # agents.npc plays with care when its roll, below 1000, is under care * 1000.
        self.lead_threshold = 0.0 if style is None else style.lead_care * 1000
        self.answer_threshold = 0.0 if style is None else style.answer_care * 1000

    def at_random(self, hand: list[int]) -> int:
        z, self.choices = _next(self.choices)
        return hand.pop((z * len(hand)) >> 64)

    def careful(self, threshold: float) -> bool:
        """The NPC's roll: whether this choice is made with care."""
        z, self.npc = _next(self.npc)
        return not (z * 1000) >> 64 >= threshold


def _careful_answer(deck: _Deck, hand: list[int], lead: int) -> int:
    beats = deck.beaten_by[lead]
    worth = deck.worth
    winners = [c for c in hand if beats[c]]
    card = min(winners or hand, key=worth.__getitem__)
    hand.remove(card)
    return card


def _careful_lead(deck: _Deck, hand: list[int], seen: bytearray, other: int,
                  thrift: float) -> int:
    """agents.careful_lead and lead_outlook, sum for sum in the same order."""
    worth = deck.worth
    seen = bytearray(seen)
    for c in hand:
        seen[c] = 1
    unseen = [u for u in deck.by_worth if not seen[u]]
    total = len(unseen)
    h = min(other, total)
    spread = max(1, deck.size - 1)
    best, best_outlook = -1, 0.0
    if h:
        hands = comb(total, h)
        # comb(total - i - 1, h - 1): the hands in which the i-th unseen card is the cheapest
        # of its kind; the j-th of the ``left`` others takes weights[total - left + j].
        weights = [comb(total - i - 1, h - 1) for i in range(total)]
        values = [worth[u] for u in unseen]
        pick = itemgetter(*unseen) if total > 1 else lambda row: (row[unseen[0]],)
    for card in sorted(hand, key=worth.__getitem__):
        if h == 0:
            win, spent = 1.0, 0.0
        else:
            spent = 0.0
            beaters = compress(values, pick(deck.beaten_by[card]))
            for value, weight in zip(beaters, weights, strict=False):  # fewer beaters
                spent += value * weight / hands
            others = pick(deck.not_beaten_by[card])
            left = others.count(1)
            win = comb(left, h) / hands
            for value, weight in zip(compress(values, others), weights[total - left:],
                                     strict=True):
                spent += value * weight / hands
        outlook = 2 * win - 1 + thrift * (spent - worth[card]) / spread
        if best < 0 or outlook > best_outlook:
            best, best_outlook = card, outlook
    hand.remove(best)
    return best


def play_fast(rules: ArsenalRules, seed: int, styles: tuple[Style | None, Style | None],
              max_length: int | None) -> Summary:
    """Game ``seed`` with these agents (a style per seat; None plays at random)."""
    deck = _deck(rules.deck)
    size = deck.size
    order = list(range(size))
    rng = shuffle_in_place(order, seed)
    shuffled = [deck.card_at[p] for p in order]
    n = min(rules.hand_size, size // 2)
    hands = [sorted(shuffled[:n]), sorted(shuffled[n: 2 * n])]
    z, rng = _next(rng)
    match = _Match(deck, rules, hands, shuffled[2 * n:], (z * 2) >> 64, None, rng)
    return match.play((_Player(styles[0], 0, seed), _Player(styles[1], 1, seed)), max_length)


def play_on(state: ArsenalState, styles: tuple[Style | None, Style | None], seed: int,
            max_length: int | None) -> Summary:
    """The match from ``state`` to its end, with these agents made afresh for ``seed``:
    the summary the traced engine gives for the same agents from the same state."""
    if state.outcome is not None:
        return _summary_over(state)
    deck = _deck_of(state.deck)
    number = deck.number
    match = _Match(deck, state.rules, [[number[c] for c in hand] for hand in state.hands],
                   [number[c] for c in state.pile], state.leader,
                   None if state.lead is None else number[state.lead], state.rng.state)
    for played in state.history:
        for card in played.cards:
            match.seen[number[card]] = 1
    match.rounds = len(state.history)
    match.captured = [len(state.captured[0]), len(state.captured[1])]
    match.leader_wins, match.blocks, match.turned_back, match.level4 = state.tally
    return match.play((_Player(styles[0], 0, seed), _Player(styles[1], 1, seed)), max_length)


def _summary_over(state: ArsenalState) -> Summary:
    """A match already over, as Arsenal.summarize gives it."""
    assert state.outcome is not None and isinstance(state.outcome.because, MatchOver)
    leader_wins, blocks, turned_back, level4 = state.tally
    counts = {"leader_wins": leader_wins, "shield_blocks": blocks,
              "counter_strikes": turned_back, "level4_wins": level4,
              "sudden_death": int(state.sudden_death is not None)}
    return Summary(state.outcome.winners, state.outcome.because.ending, len(state.history),
                   counts)


class _Match:
    """A match in play, as numbers: from a deal (play_fast) or from a state (play_on).

    ``lead`` is a card already led, awaiting its answer; ``rng`` the state of the match's
    generator, drawn on only for a sudden death.
    """

    __slots__ = ("blocks", "captured", "deck", "hands", "lead", "leader", "leader_wins",
                 "level4", "pile", "rng", "rounds", "rules", "seen", "turned_back")

    def __init__(self, deck: _Deck, rules: ArsenalRules, hands: list[list[int]],
                 pile: list[int], leader: int, lead: int | None, rng: int) -> None:
        self.deck, self.rules, self.hands, self.pile = deck, rules, hands, pile
        self.leader, self.lead, self.rng = leader, lead, rng
        self.seen = bytearray(deck.size)  # the cards played so far, for a careful leader's count
        self.rounds = self.leader_wins = self.blocks = self.turned_back = self.level4 = 0
        self.captured = [0, 0]

    def play(self, players: tuple[_Player, _Player], max_length: int | None) -> Summary:
        """Play to the end (or to the first choice once ``max_length`` rounds are played)."""
        deck, rules, hands, pile, seen = self.deck, self.rules, self.hands, self.pile, self.seen
        size = deck.size
        meets, hand_size = deck.meets, rules.hand_size
        first_draw = {"you-first": 0, "npc-first": 1}.get(rules.draw_order)
        pile_empty_ends = rules.dry == "pile-empty"
        limit = size if max_length is None else max_length  # a match has fewer rounds than cards
        leader, lead, top = self.leader, self.lead, 0
        rounds, captured = self.rounds, self.captured
        leader_wins, blocks = self.leader_wins, self.blocks
        turned_back, level4 = self.turned_back, self.level4
        over = False
        while not over:
            # The lead, then the answer; a last card is played without a choice (AR-FORCED).
            if lead is None:
                hand, player = hands[leader], players[leader]
                if len(hand) == 1:
                    lead = hand.pop()
                elif rounds >= limit:
                    break
                elif player.style is None or not player.careful(player.lead_threshold):
                    lead = player.at_random(hand)
                else:
                    lead = _careful_lead(deck, hand, seen, len(hands[1 - leader]),
                                         player.style.thrift)
            other = 1 - leader
            hand, player = hands[other], players[other]
            if len(hand) == 1:
                answer = hand.pop()
            elif rounds >= limit:
                break
            elif player.style is None or not player.careful(player.answer_threshold):
                answer = player.at_random(hand)
            else:
                answer = _careful_answer(deck, hand, lead)
            # The clash and the capture; the winner leads the next round.
            met = meets[lead * size + answer]
            leader = leader if met & _LEADER_WINS else other
            rounds += 1
            leader_wins += met & _LEADER_WINS
            blocks += (met & _BLOCKS) >> 1
            turned_back += (met & _TURNED_BACK) >> 2
            level4 += (met & _LEVEL4_WINS) >> 3
            captured[leader] += 2
            seen[lead] = seen[answer] = 1
            lead = None
            # The refill, one card at a time from the side ruling AR-DRAW-ORDER names.
            ends_with_the_pile = pile_empty_ends and top < len(pile)
            side = leader if first_draw is None else first_draw
            while top < len(pile) and (len(hands[0]) < hand_size or len(hands[1]) < hand_size):
                if len(hands[side]) < hand_size:
                    insort(hands[side], pile[top])
                    top += 1
                side = 1 - side
            # Ruling AR-DRY: every card played, or (read the other way) the pile used up.
            over = (ends_with_the_pile and top == len(pile)) or not (hands[0] or hands[1])
        counts = {"leader_wins": leader_wins, "shield_blocks": blocks,
                  "counter_strikes": turned_back, "level4_wins": level4, "sudden_death": 0}
        if not over:
            return Summary(None, "unfinished", rounds, counts)
        if captured[0] != captured[1]:
            return Summary((0 if captured[0] > captured[1] else 1,), "most-captured", rounds,
                           counts)
        # Sudden death: the whole deck reshuffled, your top card against the NPC's.
        order = list(range(size))
        shuffle_in_place(order, self.rng)
        met = meets[deck.card_at[order[0]] * size + deck.card_at[order[1]]]
        counts["sudden_death"] = 1
        return Summary((0 if met & _LEADER_WINS else 1,), "sudden-death", rounds, counts)
