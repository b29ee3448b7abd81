"""The Coach: at one of your decisions, how each choice fares when many games are played
on from here.

A choice's chance is the share of those games the player wins (a win shared by k players
counts 1/k): in every variant a student plays to win, and the score that decides the
winner (cards captured, resource cards) is not what they are asked to weigh.

The coach sees what a player sees, a view and a decision (and the views the player saw
before, if it is given them), and nothing more. For each game it deals the cards that
view hides at random among the places they could be, consistent with everything seen
(the variant's ``deal_unseen``), takes the choice, and lets every seat play its agent to
the end (the variant's ``play_on``, on the fast path as soon as it can start). Every
choice is tried on the same deals, so the difference between two choices is the choices'
doing, not the luck of the deal. The same views, decision and seed give the same advice.

>>> from wartutor.core import Game
>>> from wartutor.variants import find_variant
>>> gt = find_variant("guerrilla_tactics")
>>> game = Game.new(gt, seed=0, stacked=("2S 2H 9S", "AS 5H KD")).play("play 2S").play("play AS")
>>> advice = advise(gt, game.rules, gt.view(game.state, 0), game.decision, games=20)
>>> [c.action for c in advice.chances]
['support 2H', 'decline']
>>> advice.best.action
'support 2H'
"""

from __future__ import annotations

import random
import zlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, cast

from wartutor import web
from wartutor.core.engine import Agent, Decision, Game, Summary, Variant
from wartutor.core.errors import BadInput, quoted
from wartutor.explore.simulate import DEFAULT_MAX_LENGTH
from wartutor.explore.stats import wilson

DEFAULT_GAMES = 100
MAX_GAMES = 2_000  # a few seconds a choice at most, even in the slowest variant
DEFAULT_AGENT = "heuristic"  # how every seat plays on, unless told otherwise


class Coached(Variant[Any], Protocol):
    """A variant with a coach: what it adds to the engine contract (a variant's
    ``unseen.py`` and ``fast.py`` hold the work)."""

    def deal_unseen(self, rules: Any, view: Any, seed: int, seen: Sequence[Any] = ()) -> Any:
        """A whole state that shows ``view.viewer`` exactly ``view``, the rest dealt at
        random where the views ``seen`` before (oldest first) allow."""
        ...

    def play_on(self, rules: Any, state: Any, agents: tuple[str, ...], seed: int,
                max_length: int | None) -> Summary:
        """The summary of playing ``state`` to its end, each seat by its named agent."""
        ...


@dataclass(frozen=True)
class Chance:
    """How one choice fared: ``total`` wins over ``games`` games from here."""

    action: str
    games: int
    total: float
    low: float  # the 95% interval of the mean
    high: float

    @property
    def mean(self) -> float:
        return self.total / self.games


@dataclass(frozen=True)
class Advice:
    """The coach's answer at one decision, a :class:`Chance` per legal action, in order."""

    player: int
    chances: tuple[Chance, ...]

    @property
    def best(self) -> Chance:
        return max(self.chances, key=lambda c: c.mean)  # the first of equals

    def sentence(self, label: Callable[[str], str] = str) -> str:
        """One plain sentence, naming the choices by ``label`` (the app's button words)."""
        ranked = sorted(self.chances, key=lambda c: -c.mean)
        games = ranked[0].games
        if len(ranked) == 1:
            return f"There is only one choice here: “{_flat(label(ranked[0].action))}”."
        said = [f"“{_flat(label(c.action))}” {_won(c)}" for c in ranked[:2]]
        line = f"{said[0]} of {games} games from here, {said[1]}"
        if len(ranked) > 2:
            line += f"; the least, “{_flat(label(ranked[-1].action))}”, {_won(ranked[-1])}"
        return line + "."


def _flat(label: str) -> str:
    return " ".join(label.split())  # a button's lines, read as one


def _won(chance: Chance) -> str:
    total = chance.total
    return f"won {total:.0f}" if total == round(total) else f"won {total:.1f}"


def advise(
    variant: Variant[Any],
    rules: Any,
    view: Any,
    decision: Decision,
    *,
    games: int = DEFAULT_GAMES,
    seed: int = 0,
    agents: Sequence[str] | None = None,
    seen: Sequence[Any] = (),
) -> Advice:
    """Each legal action of ``decision`` tried in ``games`` games played on from ``view``.

    ``seen`` are the views the player saw before this one, oldest first (the apps give
    every step's); the unseen cards are dealt where they allow. ``agents`` names the
    built-in agent of every seat (by default the heuristic for all, or the variant's first
    agent where it has no heuristic); the player who asks plays on with theirs too.
    In the browser edition it plays fewer (:func:`wartutor.web.coach_games`).
    """
    if isinstance(games, int) and not isinstance(games, bool) and 1 <= games <= MAX_GAMES:
        games = web.coach_games(games)  # a few seconds in the browser too
    results = _results(variant, rules, view, decision, games, seed, agents, seen)
    return Advice(decision.player, tuple(_chance(a, values) for a, values in results.items()))


def _results(variant: Variant[Any], rules: Any, view: Any, decision: Decision, games: int,
             seed: int, agents: Sequence[str] | None, seen: Sequence[Any],
             actions: Sequence[str] | None = None) -> dict[str, list[float]]:
    """Each action's worth in each game, game by game (the same deals for every action):
    every legal action, or only ``actions``."""
    if not hasattr(variant, "deal_unseen"):
        raise BadInput(f"{variant.title} has no coach: there is nothing to choose in it",
                       allowed="Guerrilla Tactics, War Room, Trade War or Arsenal")
    if not isinstance(games, int) or isinstance(games, bool) or not 1 <= games <= MAX_GAMES:
        raise BadInput(f"the coach cannot play {quoted(games)} games a choice",
                       allowed=f"a whole number from 1 to {MAX_GAMES}")
    if getattr(view, "viewer", None) != decision.player:
        raise BadInput(f"the coach was given the view of {_whose(view)}, but player "
                       f"{decision.player} must choose: it advises a player from their own "
                       "view only", allowed=f"the view of player {decision.player}")
    coached = cast(Coached, variant)
    seats = _agents(variant, rules, agents)
    seen = tuple(seen)
    draw = random.Random(seed)
    deals = [(draw.getrandbits(63), draw.getrandbits(63)) for _ in range(games)]
    tried = decision.legal_actions if actions is None else tuple(actions)
    totals: dict[str, list[float]] = {action: [] for action in tried}
    for deal_seed, play_seed in deals:
        dealt = coached.deal_unseen(rules, view, deal_seed, seen=seen)
        for action in tried:
            after, _ = coached.apply(dealt, action)
            summary = coached.play_on(rules, after, seats, play_seed, DEFAULT_MAX_LENGTH)
            totals[action].append(summary.share(decision.player))
    return totals


def _whose(view: Any) -> str:
    viewer = getattr(view, "viewer", None)
    if viewer is None:
        return "the teacher (every card)" if hasattr(view, "viewer") else quoted(view)
    return f"player {viewer}"


def _agents(variant: Variant[Any], rules: Any, agents: Sequence[str] | None) -> tuple[str, ...]:
    seats = len(variant.player_names(rules))
    if agents is None:
        name = DEFAULT_AGENT if DEFAULT_AGENT in variant.agents else next(iter(variant.agents))
        return (name,) * seats
    chosen = tuple(agents)
    unknown = [a for a in chosen if a not in variant.agents]
    if unknown or len(chosen) != seats:
        raise BadInput(f"the coach needs one built-in agent per seat, not {quoted(chosen)}",
                       allowed=f"{seats} names from " + ", ".join(variant.agents))
    return chosen


def _chance(action: str, values: list[float]) -> Chance:
    # Wilson's interval on the count of wins (shared wins rounded to the nearest whole).
    low, high = wilson(round(sum(values)), len(values))
    return Chance(action, len(values), sum(values), low, high)


SURE = 2.5  # standard errors by which a challenger must beat the heuristic's move
TEST_GAMES = 40  # games a choice in the coach player's test, unless told or its variant says
LOOK_PLAYOUTS = 120  # games times choices in a look, at most
FEWEST_LOOK_GAMES = 4


def coach_player(
    variant: Variant[Any], rules: Any, *, games: int | None = None,
    agents: Sequence[str] | None = None, remember: bool = False, saw: Sequence[Any] = (),
    most_games: int | None = None, look: int | None = None, sure: float = SURE,
) -> Agent:
    """A computer player built on the coach: it plays the variant's heuristic, except where
    the coach finds a choice that does clearly better than the heuristic's. A coach of few
    games alone would choose by luck where the choices differ little. Its seed comes from
    the view, so the same table gives the same move.

    It asks in two steps, so that a move stays quick where it cannot matter (most of War
    Room's declarations change no game at all; Trade War has dozens of asks):

    1. a look: every choice in a few games (``look``, by default :func:`look_games`), on
       the same deals; unless some choice did better there than the heuristic's, the
       heuristic's move it is;
    2. a test: the choice that did best in the look against the heuristic's, in ``games``
       fresh games a choice, on the same deals; it is played if it does better by more than
       ``sure`` standard errors, game by game. Fresh deals, because the look's best of
       many choices looks better there than it is. With ``most_games``, a test that leans
       the challenger's way without being sure yet is played on, doubling its games up to
       that many: a single move seldom changes a long game's chances by much, and a small
       difference takes many games to tell.

    With none of ``games``, ``look`` and ``most_games`` given, it thinks as hard as its
    variant asks (:func:`player_effort`); with any, as given, the rest as in every variant.

    ``saw`` are the views it was shown before, oldest first (in a game picked up where it
    stands). With ``remember`` it keeps every view it is shown after them too, and deals the
    unseen cards as they allow: then it must play one game only, from one line of play (as
    :func:`coach_agent` makes it). Without, it may play any number of games.
    """
    name = DEFAULT_AGENT if DEFAULT_AGENT in variant.agents else next(iter(variant.agents))
    if games is None and look is None and most_games is None:
        games, look, most_games = player_effort(variant)
    tested = TEST_GAMES if games is None else games
    most = tested if most_games is None else most_games
    if look is not None:
        look = web.coach_games(look)
    # In the browser a computer's move takes a few seconds too: fewer games, same method.
    tested, most = web.coach_games(tested), web.coach_games(most)
    seen: list[Any] = list(saw)

    def coach(view: Any, decision: Decision) -> str:
        before = tuple(seen)
        if remember:
            seen.append(view)
        seed = zlib.crc32(repr(view).encode())
        # Made afresh from the table's seed: a heuristic that breaks ties at random would
        # otherwise move differently at the same table.
        usual = variant.agents[name](decision.player, seed)(view, decision)
        if len(decision.legal_actions) == 1:
            return usual
        first = _results(variant, rules, view, decision,
                         look or look_games(len(decision.legal_actions), tested), seed, agents,
                         before)
        best = max((a for a in first if a != usual), key=lambda a: sum(first[a]))
        if sum(first[best]) <= sum(first[usual]):
            return usual
        test = _results(variant, rules, view, decision, tested, seed + 1, agents, before,
                        actions=(best, usual))
        while (not _clearly_better(test[best], test[usual], sure) and len(test[best]) < most
               and sum(test[best]) > sum(test[usual])):  # leaning its way: play on
            played = len(test[best])
            more = _results(variant, rules, view, decision, min(played, most - played),
                            seed + 1 + played, agents, before, actions=(best, usual))
            for action in (best, usual):
                test[action] += more[action]
        return best if _clearly_better(test[best], test[usual], sure) else usual

    coach.__name__ = "coach"
    return coach


def player_effort(variant: Variant[Any]) -> tuple[int, int | None, int | None]:
    """How hard a coach player of ``variant`` thinks unless told: (``games``, ``look``,
    ``most_games``). :data:`TEST_GAMES` a choice in the test, the usual look
    (:func:`look_games`) and no doubling, unless the variant names its own in
    ``coach_player_effort`` (War Room's long games want less, Guerrilla's small differences
    more)."""
    own: Mapping[str, int] = getattr(variant, "coach_player_effort", {})
    return own.get("games", TEST_GAMES), own.get("look"), own.get("most_games")


def look_games(choices: int, games: int) -> int:
    """The games a choice gets in the coach player's look: a quarter of the test's, fewer
    where there are many choices (never fewer than ``FEWEST_LOOK_GAMES``)."""
    return max(FEWEST_LOOK_GAMES, min(games // 4, LOOK_PLAYOUTS // choices))


def _clearly_better(these: list[float], those: list[float], sure: float = SURE) -> bool:
    """Whether game-by-game differences say ``these`` beat ``those`` beyond chance."""
    differences = [a - b for a, b in zip(these, those, strict=True)]
    n = len(differences)
    mean = sum(differences) / n
    if mean <= 0 or n < 2:
        return False
    spread = (sum((d - mean) ** 2 for d in differences) / (n - 1)) ** 0.5
    return spread == 0 or mean > sure * spread / n ** 0.5


def coach_agent(
    variant: Variant[Any], rules: Any, *, games: int | None = None,
    agents: Sequence[str] | None = None, picked_up: Game[Any] | None = None,
    most_games: int | None = None, look: int | None = None, sure: float = SURE,
) -> Callable[[int, int], Agent]:
    """Makes a :func:`coach_player` for one game and seat (player, seed), as the apps seat
    their computers: it remembers every view it is shown in that game, from the deal or,
    for a game ``picked_up`` where it stands (undone to there, opened from a trace), from
    the views it would have been shown in it (:func:`shown_views`)."""
    def make(player: int, seed: int) -> Agent:
        saw = () if picked_up is None else shown_views(variant, picked_up, player)
        return coach_player(variant, rules, games=games, agents=agents, remember=True,
                            saw=saw, most_games=most_games, look=look, sure=sure)

    return make


def shown_views(variant: Variant[Any], game: Game[Any], player: int) -> list[Any]:
    """The views a computer in ``player``'s seat is shown in ``game`` before its last step,
    oldest first: one at each of its decisions."""
    return [variant.view(step.state, player) for step in game.steps[:-1]
            if (decision := variant.decision(step.state)) is not None
            and decision.player == player]
