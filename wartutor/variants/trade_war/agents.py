"""Trade War agents. They see only their own view: their hand and pile, counts of the
others', the table, and the public record of every ask and what it showed.

The heuristic agent
- refills with its strongest resource cards and swaps a weak hand card for a stronger
  one, and always takes the centre draw when it may;
- asks for the rank a player is most likely to hold: under the Go-Fish rule (ruling
  TW-ASK-HOLD) one that player asked for since it last showed it; else the rank with
  the most copies it cannot account for, from the player with the most cards; never a
  rank a player was seen to lack; ties are broken at random, from its own seed;
- attacks with its lowest doubles, else its second-best card (keeping the best for
  defence); defends with the cheapest play that wins, else throws its weakest card;
- plays Putin when assassinating a card turns a battle it is in from lost to won (when
  everyone declares, ruling TW-PUTIN-WHO 'everyone', it passes unless it would);
- takes its reward from the biggest rival resource pile.
"""

from __future__ import annotations

from functools import cache

from wartutor.core.agents import random_agent
from wartutor.core.cards import RANK_CODES, Card
from wartutor.core.chance import Rng
from wartutor.core.engine import Agent, AgentMaker, Decision
from wartutor.variants.trade_war.battle import compare, rank_value
from wartutor.variants.trade_war.cards import MUELLER, Cards, TradeCard, trade_cards, trade_deck
from wartutor.variants.trade_war.rules import TradeRules
from wartutor.variants.trade_war.state import AskRecord
from wartutor.variants.trade_war.view import TradeView

__all__ = ["AGENTS", "heuristic_agent", "random_agent"]


def strength(c: TradeCard, rules: TradeRules) -> float:
    """How useful a card is in battle: its rank; Mueller as a strong ten; Putin above all."""
    if isinstance(c, Card):
        return rank_value(c, rules)
    return 10.5 if c == MUELLER else 20.0


@cache  # strength depends on the ace's ruling alone
def _worth(ace: str) -> tuple[dict[str, float], dict[str, float]]:
    """The strength of each card by code, and each swap's gain in strength by its words."""
    rules = TradeRules(ace=ace)
    worth = {c.code: strength(c, rules) for c in trade_deck()}
    gains = {f"swap {out} for {into}": worth[into] - worth[out]
             for out in worth for into in worth if out != into}
    return worth, gains


def _play_of(action: str) -> Cards:
    return trade_cards(action.removeprefix("play "))


def _play_strength(play: Cards, rules: TradeRules) -> float:
    return sum(strength(c, rules) for c in play) + (20 if len(play) == 2 else 0)


def heuristic_agent(player: int, seed: int) -> Agent:
    """Makes the heuristic agent described in the module docstring."""
    rng = Rng.from_seed((seed * 8 + player) % (1 << 64))

    def pick(options: list[str]) -> str:
        nonlocal rng
        index, rng = rng.below(len(options))
        return options[index]

    hints = Hints()

    def choose(view: TradeView, decision: Decision) -> str:
        legal = decision.legal_actions
        kind = decision.kind
        if kind == "prepare":
            return _prepare(view, legal) or pick(_best_asks(view, legal, hints))
        if kind == "ask":
            return pick(_best_asks(view, legal, hints))
        if kind in ("attack", "defend"):
            return _battle(view, legal, attacking=kind == "attack")
        if kind == "putin":
            return _putin(view, legal, player)
        if kind == "reward":
            return _reward(view, legal)
        return legal[0]

    return choose


def _prepare(view: TradeView, legal: tuple[str, ...]) -> str | None:
    """A refill, swap or draw worth making; None: go on to ask."""
    if "draw" in legal:
        return "draw"
    worth, gains = _worth(view.rules.ace)
    # A start-of-turn action is told by its first letter: take, swap, draw, ask.
    takes = [a for a in legal if a[0] == "t"]
    if takes:
        return max(takes, key=lambda a: worth[a[5:]])
    swaps = [(gain, a) for a in legal if a[0] == "s" and (gain := gains[a]) > 1]
    return max(swaps)[1] if swaps else None


def _best_asks(view: TradeView, legal: tuple[str, ...], hints: Hints) -> list[str]:
    asks = [a for a in legal if a[0] == "a"]  # no assassinations when asking
    if not asks:
        return list(legal)
    mine: dict[int, int] = {}
    for c in view.my_hand + view.my_pile + view.removed:
        if isinstance(c, Card):
            mine[c.rank] = mine.get(c.rank, 0) + 1

    hinted, lacking = hints.of(view)
    hand_sizes = view.hand_sizes

    def score(action: str) -> float:
        asked = _asked(action)
        if asked in lacking:
            return -1.0
        t, rank = asked
        unknown = max(4 - mine.get(rank, 0), 0)
        base = unknown * hand_sizes[t] / 10
        return base + (10 if asked in hinted else 0)

    scores = {a: score(a) for a in asks}
    best = max(scores.values())
    return [a for a in asks if scores[a] == best]


@cache
def _asked(action: str) -> tuple[int, int]:
    """(target, rank) of an ask: ``ask 1 Q`` is (1, 12)."""
    _, target, code = action.split()
    return int(target), RANK_CODES.index(code) + 2


class Hints:
    """(player, rank) pairs from the public record of asks: those the player must hold
    (asked for under the Go-Fish rule, not shown since), and those it was seen to lack.

    The record only grows during a game, so an agent keeps what it has read and reads
    only the new asks; a record that is not a continuation (an undo) is read afresh.
    """

    def __init__(self) -> None:
        self.read: tuple[AskRecord, ...] = ()
        self.ask_hold = False
        self.hinted: set[tuple[int, int]] = set()
        self.lacking: set[tuple[int, int]] = set()

    def of(self, view: TradeView) -> tuple[set[tuple[int, int]], set[tuple[int, int]]]:
        log, seen = view.log, len(self.read)
        if view.rules.ask_hold != self.ask_hold or log[:seen] != self.read:
            self.ask_hold, seen = view.rules.ask_hold, 0
            self.hinted, self.lacking = set(), set()
        for record in log[seen:]:
            if self.ask_hold:
                self.hinted.add((record.player, record.rank))
            self.hinted.discard((record.target, record.rank))
            if not record.shown:
                self.lacking.add((record.target, record.rank))
        self.read = log
        return self.hinted, self.lacking


def _battle(view: TradeView, legal: tuple[str, ...], attacking: bool) -> str:
    rules = view.rules
    plays = {a: _play_of(a) for a in legal}
    ranked = sorted(legal, key=lambda a: _play_strength(plays[a], rules))
    if attacking:
        pairs = [a for a in ranked if len(plays[a]) == 2]
        if pairs:
            return pairs[0]
        singles = [a for a in ranked if len(plays[a]) == 1]
        return singles[-2] if len(singles) >= 3 else singles[-1]
    battle = view.battle
    assert battle is not None
    for action in ranked:  # the cheapest play that wins
        if compare(battle.attack, plays[action], rules)[0] < 0:
            return action
    return ranked[0]


def _putin(view: TradeView, legal: tuple[str, ...], me: int) -> str:
    battle, rules = view.battle, view.rules
    assert battle is not None
    # Holding back is the last action: "spare", or "pass" when everyone declares (ruling
    # TW-PUTIN-WHO 'everyone'; then "pass" is all a player without Putin may declare).
    hold_back = legal[-1]
    attacking = view.instigator == me
    if not attacking and battle.defender != me:
        return hold_back
    mine, theirs = (battle.attack, battle.defence) if attacking else (battle.defence, battle.attack)
    if compare(mine, theirs, rules)[0] > 0:
        return hold_back
    for action in legal:
        if action.startswith("assassinate ") and not action.startswith("assassinate hand"):
            victim = trade_cards(action.split()[1])[0]
            if victim in theirs:
                left = tuple(c for c in theirs if c != victim)
                if compare(mine, left, rules)[0] > 0:
                    return action
    return hold_back


def _reward(view: TradeView, legal: tuple[str, ...]) -> str:
    piles = [a for a in legal if a.endswith(" pile")]
    if piles:
        return max(piles, key=lambda a: view.pile_sizes[int(a.split()[1])])
    return "reward center" if "reward center" in legal else legal[0]


# The heuristic comes first: it is the default computer player and the simulation default.
AGENTS: dict[str, AgentMaker] = {"heuristic": heuristic_agent, "random": random_agent}
