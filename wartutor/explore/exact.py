"""Exact answers beside simulated ones, with the sampling error that separates them.

One question per variant whose answer can be counted rather than simulated:

- Classic War: is the first battle a war? Whatever your top card is, 3 of the 51 other
  cards share its rank: 3/51.
- Guerrilla Tactics (2 players): is the first skirmish tied? Each player's first two
  cards are counted over every way they can be drawn, and the heuristic's play and
  support worked out for each.
- War Room (2 players, Field Manual deck): does the first round need a tie-break?
  Every pair of top cards is counted, with the heuristic's activations.
- Trade War: does the first ask of the game find the card? The heuristic asks for a
  rank it holds none of; the player asked holds 7 of the 47 cards it cannot see.
- Arsenal (standard deck): does a match end tied, in sudden death? Never: every pair
  of cards has a winner (all 8,010 are counted), so 45 rounds share out 90 captured
  cards in twos, and 45 is odd.

Each is computed from the rule text, the deck and the agent's stated policy, not from
the engine, so the simulation checks the engine against an independent count.

>>> check = first_battle_war(2000, seed=0, progress=False, jobs=1)
>>> check.exact
Fraction(1, 17)
>>> abs(check.z) < 4
True
>>> print(EXACT["trade_war"].written, EXACT["trade_war"].exact)
1 - C(43,7)/C(47,7) 17395/35673
"""

from __future__ import annotations

import itertools
import math
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from wartutor.core.engine import Game
from wartutor.explore.simulate import resolve_agents, resolve_rules, simulate
from wartutor.explore.stats import Share
from wartutor.explore.table import Row
from wartutor.variants import find_variant

FIRST_BATTLE_WAR = Fraction(3, 51)


@dataclass(frozen=True)
class ExactCheck:
    """A share known exactly, and the share seen in ``hits.total`` simulated games."""

    question: str
    exact: Fraction
    written: str  # the exact answer as the reasoning gives it ("3/51", not 1/17)
    hits: Share

    @property
    def simulated(self) -> float:
        return self.hits.value

    @property
    def se(self) -> float:
        """The standard error of the simulated share if the exact answer is right."""
        p = float(self.exact)
        return math.sqrt(p * (1 - p) / self.hits.total)

    @property
    def z(self) -> float:
        """How many standard errors the simulation lies from the exact answer.

        An exact answer of 0 or 1 has no sampling error: any miss is infinitely far.
        """
        gap = self.simulated - float(self.exact)
        if self.se == 0:
            return 0.0 if gap == 0 else math.copysign(math.inf, gap)
        return gap / self.se

    def __str__(self) -> str:
        return (f"{self.question} Exactly {self.written} = {float(self.exact):.4f}; simulated "
                f"{self.simulated:.4f} +- {self.se:.4f} (standard error) in {self.hits.total} "
                f"games, {self.z:+.1f} standard errors away.")


@dataclass(frozen=True)
class ExactAnswer:
    """A question about a variant's opening, its counted answer, and how to check it.

    Each game is played until its length reaches ``length`` (the first battle, round,
    ...). Then either ``seen`` says from the game's row whether the thing asked about
    happened, or, where later play could blur the row's counts (a forced next skirmish
    may tie too), ``seen_event`` picks it out of the events, played traced.
    ``refusal`` says why the answer does not hold for some rules and agents.
    """

    variant: str
    question: str
    exact: Fraction
    written: str
    reasoning: str
    length: int
    seen: Callable[[Row], bool] | None
    seen_event: Callable[[Any], bool] | None
    refusal: Callable[[Any, tuple[str, ...]], str | None]

    def check(self, games: int, seed: int = 0, rules: Any = None,
              agents: str | tuple[str, ...] | None = None, **options: Any) -> ExactCheck:
        """The exact answer beside ``games`` simulated openings (``options`` go to simulate)."""
        if self.seen is not None:
            table = simulate(self.variant, games, seed, rules, agents=agents,
                             max_length=self.length, **options)
            hits = sum(1 for row in table.rows if self.seen(row))
        else:
            hits = sum(self._seen_traced(s, rules, agents) for s in range(seed, seed + games))
        return ExactCheck(self.question, self.exact, self.written, Share(hits, games))

    def _seen_traced(self, seed: int, rules: Any, agents: str | tuple[str, ...] | None) -> bool:
        assert self.seen_event is not None
        variant = find_variant(self.variant)
        rules = resolve_rules(variant, rules)
        players = {seat: variant.agents[name](seat, seed)
                   for seat, name in enumerate(resolve_agents(variant, rules, agents))}
        game = Game.new(variant, rules, seed)
        while True:
            if any(self.seen_event(e) for e in game.steps[-1].events):
                return True
            decision = game.decision
            if decision is None or variant.summarize(game).length >= self.length:
                return False
            view = variant.view(game.state, decision.player)
            game = game.play(players[decision.player](view, decision))

    def holds_for(self, rules: Any = None, agents: str | tuple[str, ...] | None = None
                  ) -> str | None:
        """None when the answer holds for these rules and agents; else why not."""
        variant = find_variant(self.variant)
        rules = resolve_rules(variant, rules)
        return self.refusal(rules, resolve_agents(variant, rules, agents))


def first_battle_war(games: int, seed: int = 0, rules: Any = None, **options: Any) -> ExactCheck:
    """Classic War: how often the first battle is a war, exactly and in ``games`` deals."""
    return EXACT["classic_war"].check(games, seed, rules, **options)


def _always(rules: Any, agents: tuple[str, ...]) -> str | None:
    return None


def _all_heuristic(agents: tuple[str, ...]) -> str | None:
    if any(name != "heuristic" for name in agents):
        return "it counts the heuristic agent's choices, and another agent plays here"
    return None


# Guerrilla Tactics: the first skirmish of two players


def guerrilla_first_tie(suits_each: int = 2, ace_high: bool = True) -> Fraction:
    """The chance that two heuristic players' first skirmish is tied (a tie-break follows).

    Each player draws the top two of their own shuffled pile (``suits_each`` suits: each
    rank that many times). Nobody has played a Guerrilla yet, so nobody may propose a
    promotion, and nobody has captured a spy, so both reveal blind. The heuristic plays
    its cheaper card. Unequal cards: the player behind supports only to win outright, so
    no tie. Equal cards: both are tied, and each supports, since its other card wins
    against the lone card it sees (a higher card, or a pair). Then the skirmish stays
    tied when both forces are equal: two pairs of one rank, or equal higher cards.
    """
    def strength(rank: int) -> int:  # Guerrillas (the 2s) lowest; a low ace lower still
        return 1 if rank == 2 else 0 if rank == 14 and not ace_high else rank

    pile = [strength(rank) for rank in range(2, 15) for _ in range(suits_each)]
    hands = Counter(tuple(sorted((pile[i], pile[j])))
                    for i, j in itertools.permutations(range(len(pile)), 2))
    total = sum(hands.values())
    tied = 0
    for (low_a, high_a), n_a in hands.items():
        for (low_b, high_b), n_b in hands.items():
            if low_a != low_b:
                continue
            force_a = (1, low_a) if low_a == high_a else (0, high_a)
            force_b = (1, low_b) if low_b == high_b else (0, high_b)
            tied += n_a * n_b if force_a == force_b else 0
    return Fraction(tied, total * total)


def _guerrilla_refusal(rules: Any, agents: tuple[str, ...]) -> str | None:
    if rules.players != 2:
        return "it is counted for two players"
    return _all_heuristic(agents)


# War Room: the first round of two players


def war_room_first_tie(kinds: Iterable[Any], copies: Iterable[int]) -> Fraction:
    """The chance that the first round of two heuristic players needs a tie-break.

    Any two cards of the deck are equally likely to be the two top cards. With two
    players every attack lands on the one opponent and Defend Ally has no target, so a
    card's activation adds a fixed amount to its own VC and to the opponent's. The
    heuristic activates when that improves its standing (the opponent's VC minus its
    own), taking an optional step whenever it does not hurt. The round needs a
    tie-break when the two resulting VCs are equal.
    """
    kinds, copies = tuple(kinds), tuple(copies)
    effects = []  # per kind: (change to its own VC, change to the opponent's)
    for kind in kinds:
        mine = theirs = 0
        for step in kind.instructions:
            if step.kind == "defend-ally":
                continue  # no friendly card in individual play
            own = step.target == "self"
            gain = -step.change if own else step.change
            if not step.mandatory and gain < 0:
                continue  # an optional step that hurts is skipped
            if own:
                mine += step.change
            else:
                theirs += step.change
        activates = theirs - mine > 0
        effects.append((mine, theirs) if activates else (0, 0))
    cards = sum(copies)
    tied = 0
    for a, b in itertools.product(range(len(kinds)), repeat=2):
        pairs = copies[a] * (copies[b] - 1) if a == b else copies[a] * copies[b]
        vc_a = kinds[a].vc + effects[a][0] + effects[b][1]
        vc_b = kinds[b].vc + effects[b][0] + effects[a][1]
        tied += pairs if vc_a == vc_b else 0
    return Fraction(tied, cards * (cards - 1))


def _war_room_refusal(rules: Any, agents: tuple[str, ...]) -> str | None:
    from wartutor.variants.war_room.deck import DEFAULT_DECK

    if rules.players != 2:
        return "it is counted for two players"
    if rules.deck != DEFAULT_DECK:
        return "it is counted for the Field Manual deck"
    return _all_heuristic(agents)


def _war_room_exact() -> Fraction:
    from wartutor.variants.war_room.deck import default_deck

    deck = default_deck()
    return war_room_first_tie(deck.kinds, deck.copies)


# Trade War: the first ask


TRADE_FIRST_MISS = Fraction(math.comb(43, 7), math.comb(47, 7))


def _trade_refusal(rules: Any, agents: tuple[str, ...]) -> str | None:
    if rules.ask_hold:
        return "it is counted without the Go-Fish rule (TW-ASK-HOLD)"
    return _all_heuristic(agents)


# Arsenal: a tied match


def arsenal_undecided_rounds() -> int:
    """How many ordered pairs of different standard cards have no single winner: 0.

    A pair is undecided when neither card beats the other, or both would.
    """
    from wartutor.variants.arsenal.cards import standard_deck
    from wartutor.variants.arsenal.explain import beats

    deck = standard_deck()
    return sum(1 for a, b in itertools.permutations(deck, 2)
               if bool(beats(a, b)) == bool(beats(b, a)))


def _arsenal_refusal(rules: Any, agents: tuple[str, ...]) -> str | None:
    if rules.deck != "standard":
        return "it is counted for the standard 90-card deck"
    if rules.dry != "all-played":
        return "it needs every card played (AR-DRY all-played)"
    return None


def _first_tie_break(event: Any) -> bool:
    """A tie-break begun in the first skirmish (Guerrilla Tactics) or round (War Room)."""
    unit = getattr(event, "skirmish", getattr(event, "round", None))
    return type(event).__name__ == "TieBreak" and unit == 1


def _exact_answers() -> dict[str, ExactAnswer]:
    guerrilla = guerrilla_first_tie()
    war_room = _war_room_exact()
    return {
        "classic_war": ExactAnswer(
            "classic_war", "How often is the first battle a war?", FIRST_BATTLE_WAR, "3/51",
            "Whatever your top card is, 3 of the 51 other cards share its rank.",
            1, lambda row: row.counts["wars"] > 0, None, _always),
        "guerrilla_tactics": ExactAnswer(
            "guerrilla_tactics", "How often is the first skirmish a tie?", guerrilla,
            f"{guerrilla.numerator}/{guerrilla.denominator}",
            "Counted over every first two cards of both players: a tie needs equal cheaper "
            "cards, then equal pairs or equal higher cards once both support.",
            # Skirmishes count from 1: a maximum of 2 plays the whole first skirmish.
            2, None, _first_tie_break, _guerrilla_refusal),
        "war_room": ExactAnswer(
            "war_room", "How often does the first round need a tie-break?", war_room,
            f"{war_room.numerator}/{war_room.denominator}",
            "Counted over every pair of top cards of the 60-card Field Manual, with the "
            "heuristic's activations.",
            2, None, _first_tie_break, _war_room_refusal),
        "trade_war": ExactAnswer(
            "trade_war", "How often does the first ask of the game find the card?",
            1 - TRADE_FIRST_MISS, "1 - C(43,7)/C(47,7)",
            "The heuristic asks for a rank it holds none of; all 4 such cards are among the "
            "47 it cannot see, and the player asked holds 7 of those 47: none of the 4 in "
            "C(43,7) of the C(47,7) hands.",
            # Turns count from 1: a maximum of 2 plays the whole first turn.
            2, lambda row: not (row.counts["asks"] == 1 and row.counts["misses"] == 1), None,
            _trade_refusal),
        "arsenal": ExactAnswer(
            "arsenal", "How often does a match end tied, in sudden death?", Fraction(0), "0",
            "Never: every pair of different cards has a winner (all 90 x 89 are counted), so "
            "the 45 rounds share out the 90 cards two at a time, and 45 is odd.",
            # The whole match: it has 45 rounds, and sudden death one more.
            46, lambda row: row.counts["sudden_death"] > 0, None, _arsenal_refusal),
    }


EXACT: dict[str, ExactAnswer] = _exact_answers()
"""Each variant's exact answer, by variant name."""
