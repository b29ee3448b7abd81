"""A round-robin tournament of players: built-in agents and students' own functions.

In a two-player variant every pair of players meets on the same deals (seeds ``seed``
to ``seed + deals - 1``), each deal played twice with the seats swapped, so neither
player gains from a lucky deal or from the seat. In a variant of more seats each
player meets the field instead: it takes every seat in turn on every deal, and the
variant's default agent plays the other seats. Its win rate is then the share of games
it won, where a player as strong as the field wins one game in as many as there are
seats; its rating meets each seat of the field in every game (a win over a seat that did
not win, a loss to one that won alone, half where both or neither won), so that a player
as strong as the field rates as the field does.

Each player gets a win rate with its Wilson 95% interval and an Elo-style rating:
the Bradley-Terry maximum-likelihood fit of every game's score (a win 1, a draw or an
unfinished game 1/2), on Elo's scale (400 points are odds of 10 to 1), with one
virtual drawn game per pairing so that an unbeaten player's rating stays finite,
and the ratings' mean set at 1500.

A student's player that returns an illegal action, raises, or takes longer than
``time_limit`` seconds to choose loses that game; the referee's message (the game, the
step, what it did and what was allowed) is kept in :attr:`Tournament.faults`, and the
tournament goes on.

>>> def first(view, decision):
...     return decision.legal_actions[0]
>>> cup = tournament("guerrilla_tactics", {"first": first, "heuristic": "heuristic"}, deals=4)
>>> [(s.name, s.games) for s in cup.standings]
[('heuristic', 8), ('first', 8)]
"""

from __future__ import annotations

import math
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from html import escape
from itertools import combinations
from typing import Any

from wartutor.core.errors import BadInput, quoted
from wartutor.explore.simulate import (
    DEFAULT_MAX_LENGTH,
    DEFAULT_TIME_LIMIT,
    Seat,
    label,
    resolve_rules,
    resolve_seats,
    simulate,
)
from wartutor.explore.stats import Share
from wartutor.explore.table import Row, Table
from wartutor.variants import find_variant

ELO_MEAN = 1500.0
ELO_SCALE = 400.0  # rating points for odds of 10 to 1
FIT_ROUNDS = 10_000
FIT_TOLERANCE = 1e-12
FIELD = "field"
TRACED_NOTE = ("Games with a player of your own were played by the traced engine (slower, the "
               "same results): the fast path knows only the built-in agents.")
STAYED = "They were played in this process"  # simulate's words for a player not pickled
METHOD = ("Rating: the Bradley-Terry maximum-likelihood fit of every game's score (win 1, draw "
          "or unfinished 1/2) on Elo's scale (400 points = odds of 10 to 1), one virtual draw "
          "per pairing keeping an unbeaten rating finite; mean 1500.")


@dataclass(frozen=True)
class Standing:
    """One player's results over the whole tournament."""

    name: str
    games: int
    wins: int
    draws: int  # draws and unfinished games, each worth half a win
    faults: int  # games lost by an illegal action, an error or a slow move
    rating: float

    @property
    def losses(self) -> int:
        return self.games - self.wins - self.draws

    @property
    def score(self) -> float:
        return self.wins + self.draws / 2

    @property
    def win_rate(self) -> Share:
        return Share(self.wins, self.games)


@dataclass(frozen=True)
class Match:
    """Two players' games against each other (or a player's against the field)."""

    a: str
    b: str
    games: int
    a_wins: int
    b_wins: int

    @property
    def draws(self) -> int:
        return self.games - self.a_wins - self.b_wins


@dataclass(frozen=True)
class Tournament:
    """The standings, best rating first, and the matches, faults and notes behind them."""

    variant: str
    rules: Any
    seed: int
    deals: int
    against_field: str | None  # the field's agent, in a variant of more than two seats
    standings: tuple[Standing, ...]
    matches: tuple[Match, ...]
    faults: tuple[tuple[str, str], ...]  # (player, the referee's message), one per game lost
    notes: tuple[str, ...]
    seconds: float

    def standing(self, name: str) -> Standing:
        for s in self.standings:
            if s.name == name:
                return s
        raise BadInput(f"no player called {quoted(name)} played",
                       allowed=", ".join(repr(s.name) for s in self.standings))

    def _how(self) -> str:
        title = find_variant(self.variant).title
        last = self.seed + self.deals - 1
        if self.against_field is None:
            how = "every pair of players on the same deals, each deal played both ways round"
        else:
            seats = len(find_variant(self.variant).player_names(self.rules))
            how = (f"each player in every seat in turn against the field ({self.against_field} "
                   f"in the other seats; a player as strong wins 1 game in {seats})")
        return (f"{title}: {how}; {self.deals} deals (seeds {self.seed} to {last}), "
                f"{self.seconds:.1f} s.")

    def __str__(self) -> str:
        width = max(len(s.name) for s in self.standings)
        lines = [self._how(),
                 f"{'':3}{'player':<{width}}  games  won  drawn  lost  win rate (95% interval)"
                 "  rating"]
        for rank, s in enumerate(self.standings, 1):
            lo, hi = s.win_rate.interval
            lines.append(f"{rank:>2} {s.name:<{width}}  {s.games:>5}  {s.wins:>3}  {s.draws:>5}"
                         f"  {s.losses:>4}  {s.win_rate.value:>4.0%} ({lo:.0%} to {hi:.0%})"
                         f"{'':{max(0, 11 - len(f'{lo:.0%} to {hi:.0%}'))}}"
                         f"  {s.rating:>6.0f}")
        lines += [f"{m.a} against {m.b}: {m.a_wins} to {m.b_wins}"
                  + (f", {m.draws} drawn" if m.draws else "") + f" in {m.games} games."
                  for m in self.matches]
        lines.append(METHOD)
        lines += list(self.notes)
        if self.faults:
            lines.append(f"Faults ({len(self.faults)} games lost by them; the first of each "
                         "player shown):")
            lines += [f"  {name}: {fault}" for name, fault in _first_of_each(self.faults)]
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        head = ("<tr><th></th><th>player</th><th>games</th><th>won</th><th>drawn</th>"
                "<th>lost</th><th>win rate (95% interval)</th><th>rating</th></tr>")
        rows = []
        for rank, s in enumerate(self.standings, 1):
            lo, hi = s.win_rate.interval
            rows.append(f"<tr><td>{rank}</td><td>{escape(s.name)}</td><td>{s.games}</td>"
                        f"<td>{s.wins}</td><td>{s.draws}</td><td>{s.losses}</td>"
                        f"<td>{s.win_rate.value:.0%} ({lo:.0%} to {hi:.0%})</td>"
                        f"<td>{s.rating:.0f}</td></tr>")
        parts = [f"<p>{escape(self._how())}</p>",
                 f"<table>{head}{''.join(rows)}</table>",
                 "<ul>" + "".join(
                     f"<li>{escape(m.a)} against {escape(m.b)}: {m.a_wins} to {m.b_wins}"
                     + (f", {m.draws} drawn" if m.draws else "") + f" in {m.games} games</li>"
                     for m in self.matches) + "</ul>",
                 f"<p><small>{escape(METHOD)}</small></p>"]
        parts += [f"<p><small>{escape(note)}</small></p>" for note in self.notes]
        if self.faults:
            parts.append(f"<p><b>Faults</b> ({len(self.faults)} games lost by them; the first "
                         "of each player shown):</p><ul>" + "".join(
                             f"<li><b>{escape(n)}</b>: {escape(f)}</li>"
                             for n, f in _first_of_each(self.faults))
                         + "</ul>")
        return "".join(parts)


def _first_of_each(faults: tuple[tuple[str, str], ...]) -> list[tuple[str, str]]:
    """A player usually makes the same mistake in every game: show its first only."""
    first: dict[str, str] = {}
    for who, fault in faults:
        first.setdefault(who, fault)
    return list(first.items())


def tournament(
    variant: str,
    players: Mapping[str, Seat] | Sequence[Seat],
    deals: int = 20,
    seed: int = 0,
    rules: Any = None,
    *,
    max_length: int | None = DEFAULT_MAX_LENGTH,
    time_limit: float | None = DEFAULT_TIME_LIMIT,
    jobs: int | None = 1,
) -> Tournament:
    """Play every pairing on ``deals`` deals from ``seed`` (see the module docstring).

    ``players`` maps display names to agent names or students' functions; a list is
    named by each agent's name or function's name. ``jobs`` 1 plays here (quickest for a
    small tournament: a pool of processes costs a start for every seating); None uses
    every core.
    """
    started = time.perf_counter()
    found = find_variant(variant)
    rules = resolve_rules(found, rules)
    named = _named(players)
    for seat in named.values():
        resolve_seats(found, rules, seat)  # an unknown agent is refused before any game
    seats = len(found.player_names(rules))
    if isinstance(deals, bool) or not isinstance(deals, int) or deals < 1:
        raise BadInput(f"{quoted(deals)} cannot be a number of deals",
                       allowed="a whole number >= 1")
    options: dict[str, Any] = {"max_length": max_length, "time_limit": time_limit,
                               "jobs": jobs, "progress": False, "on_fault": "lose"}

    def play(agents: tuple[Seat, ...]) -> Table:
        return simulate(found.name, deals, seed, rules, agents=agents, **options)

    games: list[tuple[str, str, float]] = []  # (player, opponent, player's score)
    against_seats: list[tuple[str, str, float]] = []  # in more seats: one per seat of the field
    faults: list[tuple[str, str]] = []
    tables: list[Table] = []
    field = None
    if seats == 2:
        if len(named) < 2:
            raise BadInput(f"a tournament of {found.title} needs two players or more, not "
                           f"{len(named)}", allowed="a dict of two or more names and players")
        for a, b in combinations(named, 2):
            for first, second in ((a, b), (b, a)):
                table = play((named[first], named[second]))
                tables.append(table)
                for row in table.rows:
                    games.append((first, second, _score(row, 0)))
                    if row.fault:  # lost by the seat that did not win
                        faults.append((first if row.winners == (1,) else second, row.fault))
    else:
        if not named:
            raise BadInput("a tournament needs one player or more, and was given none",
                           allowed="a dict of names and players")
        field = next(iter(found.agents))
        for name, seat in named.items():
            for mine in range(seats):
                table = play(tuple(seat if s == mine else field for s in range(seats)))
                tables.append(table)
                games += [(name, FIELD, _score(row, mine)) for row in table.rows]
                against_seats += [(name, FIELD, _against(row, mine, other))
                                  for row in table.rows for other in range(seats) if other != mine]
                faults += [(name, row.fault) for row in table.rows if row.fault]
    names = list(named) + ([FIELD] if field else [])
    ratings = elo(names, against_seats if field else games)
    standings = sorted((_standing(name, games, faults, ratings[name]) for name in names),
                       key=lambda s: (-s.rating, s.name))
    notes = tuple(dict.fromkeys(
        [TRACED_NOTE] * any(callable(seat) for seat in named.values())
        + [t.note[t.note.index(STAYED):] for t in tables if STAYED in t.note]))
    return Tournament(found.name, rules, seed, deals, field, tuple(standings),
                      _matches(names, games), tuple(faults), notes,
                      time.perf_counter() - started)


def _named(players: Mapping[str, Seat] | Sequence[Seat]) -> dict[str, Seat]:
    if isinstance(players, Mapping):
        named = dict(players)
    elif isinstance(players, str) or callable(players):
        raise BadInput(f"{quoted(players)} is one player, not a list of them",
                       allowed="a dict of names and players, or a list of players")
    else:
        named = {}
        for seat in players:
            if label(seat) in named:
                raise BadInput(f"two players are called {label(seat)!r}",
                               allowed="a dict naming each player")
            named[label(seat)] = seat
    if FIELD in named:
        raise BadInput(f"{FIELD!r} names the default agents a player meets",
                       allowed="another name")
    return named


def _score(row: Row, seat: int) -> float:
    """The seat's score in one game: a win 1, a draw or an unfinished game 1/2, a loss 0."""
    if not row.winners:  # a draw, or stopped unfinished
        return 0.5
    return 1.0 if seat in row.winners else 0.0


def _against(row: Row, seat: int, other: int) -> float:
    """``seat``'s score against the ``other`` seat in one game of more than two seats."""
    winners = row.winners or ()
    return 0.5 + ((seat in winners) - (other in winners)) / 2


def _standing(name: str, games: list[tuple[str, str, float]],
              faults: list[tuple[str, str]], rating: float) -> Standing:
    scores = [score for player, _, score in games if player == name] + [
        1 - score for _, opponent, score in games if opponent == name]
    faulty = sum(1 for who, _ in faults if who == name)
    return Standing(name, len(scores), scores.count(1.0), scores.count(0.5), faulty, rating)


def _matches(names: list[str], games: list[tuple[str, str, float]]) -> tuple[Match, ...]:
    met: dict[tuple[str, str], list[float]] = {}
    for player, opponent, score in games:
        a, b = sorted((player, opponent), key=names.index)
        met.setdefault((a, b), []).append(score if a == player else 1 - score)
    return tuple(Match(a, b, len(s), s.count(1.0), s.count(0.0)) for (a, b), s in met.items())


def elo(names: list[str], games: list[tuple[str, str, float]]) -> dict[str, float]:
    """Elo-style ratings from (player, opponent, player's score) games: see METHOD.

    Hunter's MM iteration for Bradley-Terry: each strength becomes its score over the
    sum, across its games, of 1 / (its strength + the opponent's).

    >>> r = elo(["a", "b"], [("a", "b", 1.0)] * 3)
    >>> round(r["a"] - r["b"])  # 3.5 to 0.5 with the virtual draw: odds of 7 to 1
    338
    """
    score = dict.fromkeys(names, 0.0)
    meetings: dict[tuple[str, str], float] = {}
    for player, opponent, s in games:
        score[player] += s
        score[opponent] += 1 - s
        pair = (player, opponent) if names.index(player) < names.index(opponent) else (
            opponent, player)
        meetings[pair] = meetings.get(pair, 0) + 1
    for pair in meetings:  # the virtual draw
        meetings[pair] += 1
        score[pair[0]] += 0.5
        score[pair[1]] += 0.5
    strength = dict.fromkeys(names, 1.0)
    for _ in range(FIT_ROUNDS):
        new = {}
        for name in names:
            against = sum(n / (strength[a] + strength[b]) for (a, b), n in meetings.items()
                          if name in (a, b))
            new[name] = score[name] / against if against else 1.0
        centre = math.exp(sum(math.log(s) for s in new.values()) / len(new))
        new = {name: s / centre for name, s in new.items()}
        done = max(abs(new[n] / strength[n] - 1) for n in names) < FIT_TOLERANCE
        strength = new
        if done:
            break
    return {name: ELO_MEAN + ELO_SCALE * math.log10(s) for name, s in strength.items()}
