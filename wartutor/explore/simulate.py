"""Play many seeded games of any variant, in parallel, into one tidy :class:`Table`.

Game ``seed + i`` is always dealt from seed ``seed + i`` and played by agents made
from that seed, so a game does not depend on where or in what order it ran: the
same seeds give the same table on one process, a local pool or a dask cluster.

``traced=True`` plays through the engine contract (states, events, agents). By
default the variant's private fast path is taken wherever it plays the chosen rules
and agents: ``variant.fast_refusal(rules, agents)`` is None and
``variant.play_fast(rules, seed, agents, max_length)`` plays each game; tests prove
both give the same table. Where there is no fast path for the combination, the
traced engine plays it and the table's ``note`` says so (never a silently different
answer).

A seat may also be a student's player: a function ``player(view, decision)`` that
returns one of ``decision.legal_actions``, seeing what an agent sees and nothing more.
The fast paths know only the built-in agents, so the traced engine plays such games
(and the note says so). A player that returns an illegal action, raises, or takes
longer than ``time_limit`` seconds to choose (measured, then refused after the fact)
is a :class:`PlayerFault` naming the game, the step and what was allowed; with
``on_fault="lose"`` the game is scored as a loss for that seat instead, the message
is kept in the row (:attr:`Table.faults`), and the run goes on.

``max_length`` stops a game at the first decision at which its length (in the
variant's unit) has reached it; the game is then unfinished, never won or drawn. A
fast path stops at the same point.

>>> from wartutor.variants.classic_war import ClassicRules
>>> table = simulate("classic_war", 3, seed=10, rules=ClassicRules(war_down=3),
...                  jobs=1, progress=False)
>>> table.seeds
(10, 11, 12)
>>> table == simulate("classic_war", 3, seed=10, rules={"war_down": 3}, traced=True,
...                   jobs=1, progress=False)
True
"""

from __future__ import annotations

import math
import multiprocessing
import os
import pickle
import sys
import threading
import time
import traceback
from collections.abc import Callable, Generator, Mapping, Sequence
from concurrent.futures import FIRST_COMPLETED, Executor, wait
from dataclasses import replace
from functools import partial
from typing import Any

from wartutor import web
from wartutor.core.chance import check_seed
from wartutor.core.engine import Decision, Game, Step, Summary, Variant
from wartutor.core.errors import BadInput, quoted
from wartutor.core.rulings import rules_from
from wartutor.explore.table import Row, Table
from wartutor.variants import find_variant

# Games that can cycle forever (fixed pickup orders and no battle limit, for one) stop
# here and count as unfinished: never as a win or a draw.
DEFAULT_MAX_LENGTH = 10_000
# A chunk of games is one task for a worker: large enough that sending it costs little,
# small enough that the progress bar moves and the workers finish together.
MAX_CHUNK = 2_000
CHUNKS_PER_WORKER = 16  # enough updates for the bar to estimate the time left
CANCEL_POLL = 0.1  # seconds between looks at the cancel event
LOOK_BACK = 32  # traced games read their length every this many steps

# A student's player has this long to choose a move; built-in agents are not timed.
DEFAULT_TIME_LIMIT = 1.0
ON_FAULT = ("raise", "lose")

Progress = bool | Callable[[int, int], None]
"""True: a tqdm bar; False: none; a function: called with (games done, games in all)."""

Player = Callable[[Any, Decision], Any]
"""A student's player: (view, decision) -> one of ``decision.legal_actions``."""

Seat = str | Player
"""Who plays a seat: a built-in agent's name, or a student's player."""


class PlayerFault(BadInput):
    """A student's player returned an illegal action, raised, or took too long to choose."""

    def __init__(self, problem: str, allowed: str, seat: int = 0,
                 so_far: Summary | None = None) -> None:
        super().__init__(problem, allowed=allowed)
        self.seat = seat  # whose player it was
        self.so_far = so_far  # the game up to the fault, in numbers

    def __reduce__(self) -> tuple[Any, ...]:
        # Raised in a worker process, it must cross back whole (BadInput's keyword is lost).
        return (PlayerFault, (self.problem, self.allowed, self.seat, self.so_far))


def resolve_rules(variant: Variant[Any], rules: Any) -> Any:
    """The variant's rules object from None (the defaults), a settings dict, or a rules object."""
    if rules is None:
        return variant.rules_type()
    if isinstance(rules, Mapping):
        return rules_from(variant.rules_type, rules)
    if not isinstance(rules, variant.rules_type):
        raise BadInput(f"{quoted(rules)} are not rules of {variant.title}",
                       allowed=f"a {variant.rules_type.__name__}, a dict of its options, or None")
    return rules


def resolve_agents(
    variant: Variant[Any], rules: Any, agents: str | Sequence[str] | None
) -> tuple[str, ...]:
    """One agent name per seat: None is the variant's default agent, one name is for all."""
    seats = len(variant.player_names(rules))
    names = tuple(variant.agents)
    if agents is None:
        agents = names[0]
    chosen = (agents,) * seats if isinstance(agents, str) else tuple(agents)
    for name in chosen:
        if name not in variant.agents:
            raise BadInput(f"{variant.title} has no agent called {quoted(name)}",
                           allowed=", ".join(names))
    if len(chosen) != seats:
        raise BadInput(f"{len(chosen)} agents were given for {seats} seats",
                       allowed=f"one agent name for all seats, or exactly {seats} names")
    return chosen


def resolve_seats(
    variant: Variant[Any], rules: Any, agents: Seat | Sequence[Seat] | None
) -> tuple[Seat, ...]:
    """As :func:`resolve_agents`, where any seat may also be a student's player."""
    seats, default = len(variant.player_names(rules)), next(iter(variant.agents))
    if agents is None or isinstance(agents, str) or callable(agents):
        chosen: tuple[Seat, ...] = (agents or default,) * seats
    else:
        chosen = tuple(agents)
    for seat in chosen:
        if not isinstance(seat, str) and not callable(seat):
            raise BadInput(f"{quoted(seat)} cannot play a seat of {variant.title}",
                           allowed="an agent name (" + ", ".join(variant.agents) + ") or a "
                           "function player(view, decision) returning a legal action")
    # Names are checked as before; a player's seat is checked with the default's name.
    names = resolve_agents(variant, rules, tuple(s if isinstance(s, str) else default
                                                 for s in chosen))
    return tuple(s if callable(s) else n for s, n in zip(chosen, names, strict=True))


def label(seat: Seat) -> str:
    """How a table names a seat's player: the agent's name, or the function's."""
    return seat if isinstance(seat, str) else str(getattr(seat, "__name__", type(seat).__name__))


def play_one(
    variant_name: str,
    rules: Any = None,
    seed: int = 0,
    *,
    agents: Seat | Sequence[Seat] | None = None,
    traced: bool = False,
    max_length: int | None = None,
    time_limit: float | None = DEFAULT_TIME_LIMIT,
) -> Summary:
    """The summary of one game (unfinished once ``max_length`` units have been played)."""
    variant = find_variant(variant_name)
    rules = resolve_rules(variant, rules)
    seats = resolve_seats(variant, rules, agents)
    if not traced and fast_refusal(variant, rules, seats) is None:
        summary: Summary = variant.play_fast(  # type: ignore[attr-defined]
            rules, seed, seats, max_length)
        return summary
    return _play_traced(variant, rules, seed, seats, max_length, time_limit)


def fast_refusal(variant: Variant[Any], rules: Any, agents: tuple[Seat, ...]) -> str | None:
    """None when the variant's fast path plays these rules and agents; else why not."""
    students = [label(seat) for seat in agents if not isinstance(seat, str)]
    if students:
        return (f"the fast path knows only the built-in agents, and {' and '.join(students)} "
                f"{'is a player' if len(students) == 1 else 'are players'} of your own.")
    ask = getattr(variant, "fast_refusal", None)
    if ask is None or getattr(variant, "play_fast", None) is None:
        return f"{variant.title} has no fast path yet."
    reason: str | None = ask(rules, agents)
    return reason


def _play_traced(
    variant: Variant[Any],
    rules: Any,
    seed: int,
    agents: tuple[Seat, ...],
    max_length: int | None,
    time_limit: float | None = None,
) -> Summary:
    """The game through the engine contract: states, events, views and agents.

    Only recent states are kept (a simulation never looks back), so a long game costs
    no more per step than a short one; the steps are those Game.play would take.
    """
    state, _ = variant.new_game(rules, seed, None)
    players = {seat: variant.agents[name](seat, seed) if isinstance(name, str)
               else _Referee(variant, rules, seed, seat, name, time_limit)
               for seat, name in enumerate(agents)}
    decide, view, apply = variant.decision, variant.view, variant.apply
    # The game stops at the first decision where it has reached max_length. A step may
    # complete more than one unit (a round whose every choice is forced), so every
    # decision counts; lengths only grow, so they are read every LOOK_BACK steps and,
    # once one has reached the maximum, the recent decisions are searched for the first.
    recent: list[Any] = []  # decision states since the length was last read
    taken = 0  # actions so far
    while (decision := decide(state)) is not None:
        if max_length is not None:
            recent.append(state)
            if len(recent) == LOOK_BACK:
                if _length(variant, rules, seed, state) >= max_length:
                    return _first_at(variant, rules, seed, recent, max_length)
                recent = [state]
        player = players[decision.player]
        if isinstance(player, _Referee):
            player.state, player.step = state, taken + 1  # should a fault need describing
        state, _ = apply(state, player(view(state, decision.player), decision))
        taken += 1
    if max_length is not None and recent and (
            _length(variant, rules, seed, recent[-1]) >= max_length):
        return _first_at(variant, rules, seed, recent, max_length)
    return _summary(variant, rules, seed, state)


class _Referee:
    """A student's player at one seat of one game, its every answer checked.

    The time is measured around the call and refused after the fact: no thread and no
    signal, so a player is never stopped in the middle of a move, only told.
    """

    def __init__(self, variant: Variant[Any], rules: Any, seed: int, seat: int,
                 player: Player, time_limit: float | None) -> None:
        self.variant, self.rules, self.seed, self.seat = variant, rules, seed, seat
        self.player, self.time_limit = player, time_limit
        self.state: Any = None  # the position asked about
        self.step = 0  # which action of the game (by every seat) it is asked for, from 1

    def __call__(self, view: Any, decision: Decision) -> str:
        started = time.perf_counter()
        try:
            action = self.player(view, decision)
        except Exception as e:
            raise self._fault(decision, f"raised {type(e).__name__}: {e}{_where(e)}") from e
        took = time.perf_counter() - started
        if not isinstance(action, str) or action not in decision.legal_actions:
            raise self._fault(decision, f"returned {quoted(action)}: {self._why_not(action)}")
        if self.time_limit is not None and took > self.time_limit:
            raise self._fault(decision, f"took {took:.2f} s to choose {quoted(action)}; the "
                              f"limit is {self.time_limit:g} s a move (time_limit=...)")
        return action

    def _why_not(self, action: object) -> str:
        if not isinstance(action, str):
            return "an action is one of the decision's legal_actions, a string"
        try:
            reason = self.variant.why_not(self.state, action)
        except Exception:  # a refusal's words are no reason to lose the message
            reason = None
        return reason or f"{quoted(action)} is not a legal choice now"

    def _fault(self, decision: Decision, what: str) -> PlayerFault:
        name = self.variant.player_names(self.rules)[self.seat]
        return PlayerFault(
            f"{self.variant.title}, seed {self.seed}, step {self.step} (a {decision.kind!r} "
            f"decision): {label(self.player)}, playing {name} (seat {self.seat}), {what}",
            allowed=", ".join(repr(a) for a in decision.legal_actions), seat=self.seat,
            so_far=_summary(self.variant, self.rules, self.seed, self.state))


def _where(e: Exception) -> str:
    """The line of the player's own code that raised, as a student would look for it."""
    frames = traceback.extract_tb(e.__traceback__)
    if len(frames) < 2:
        return ""
    last = frames[-1]
    return f" (line {last.lineno}, in {last.name})"


def _first_at(
    variant: Variant[Any], rules: Any, seed: int, states: list[Any], max_length: int
) -> Summary:
    """The summary at the first of these decision states whose length reached max_length."""
    first = next(s for s in states if _length(variant, rules, seed, s) >= max_length)
    return _summary(variant, rules, seed, first)


def _length(variant: Variant[Any], rules: Any, seed: int, state: Any) -> int:
    return _summary(variant, rules, seed, state).length


def _summary(variant: Variant[Any], rules: Any, seed: int, state: Any) -> Summary:
    return variant.summarize(Game(variant, rules, seed, None, (Step(None, (), state),)))


def _traced_row(variant: Variant[Any], rules: Any, seed: int, agents: tuple[Seat, ...],
                max_length: int | None, time_limit: float | None, on_fault: str) -> Row:
    """One traced game's row; a fault, with on_fault "lose", is a loss for its seat."""
    try:
        return Row.of(seed, _play_traced(variant, rules, seed, agents, max_length, time_limit))
    except PlayerFault as fault:
        if on_fault != "lose" or fault.so_far is None:
            raise
        others = tuple(seat for seat in range(len(agents)) if seat != fault.seat)
        return Row(seed, others, "fault", fault.so_far.length, dict(fault.so_far.counts),
                   fault=str(fault))


def _play_chunk(
    variant_name: str,
    rules: Any,
    agents: tuple[Seat, ...],
    traced: bool,
    max_length: int | None,
    seeds: range,
    time_limit: float | None = DEFAULT_TIME_LIMIT,
    on_fault: str = "raise",
) -> list[Row]:
    """The worker's task: a run of consecutive seeds (module level, so it can be pickled).

    ``traced`` False means the fast path, already known to play these rules and agents.
    """
    variant = find_variant(variant_name)
    if traced:
        return [_traced_row(variant, rules, s, agents, max_length, time_limit, on_fault)
                for s in seeds]
    play_fast = variant.play_fast  # type: ignore[attr-defined]
    return [Row.of(s, play_fast(rules, s, agents, max_length)) for s in seeds]


def default_jobs() -> int:
    """The cores this process may use (in the browser, only the page's own)."""
    try:
        cores = len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        cores = os.cpu_count() or 1
    return web.worker_processes(cores)


def simulate_stepwise(
    variant: str | Variant[Any],
    games: int,
    seed: int = 0,
    rules: Any = None,
    *,
    agents: Seat | Sequence[Seat] | None = None,
    chunk_size: int = 100,
    cancel: threading.Event | None = None,
    **options: Any,
) -> Generator[int, None, Table]:
    """:func:`simulate` in this process, ``chunk_size`` games at a time: yields the games
    played so far after each chunk and returns the table, the same as simulate's.

    For a page that plays its games itself (the browser, with no threads or processes):
    between chunks it draws, and hears a Cancel (``cancel`` set raises :class:`Cancelled`).

    >>> steps = simulate_stepwise("classic_war", 5, 7, chunk_size=2)
    >>> [next(steps) for _ in range(3)]
    [2, 4, 5]
    >>> try:
    ...     next(steps)
    ... except StopIteration as done:
    ...     done.value == simulate("classic_war", 5, 7, progress=False, jobs=1)
    True
    """
    if isinstance(chunk_size, bool) or not isinstance(chunk_size, int) or chunk_size < 1:
        raise BadInput(f"{quoted(chunk_size)} cannot be a chunk size",
                       allowed="a whole number >= 1")
    first: Table | None = None
    rows: list[Row] = []
    for start in range(seed, seed + games, chunk_size):
        if cancel is not None and cancel.is_set():
            raise Cancelled(f"stopped after {len(rows)} of {games} games")
        part = simulate(variant, min(chunk_size, seed + games - start), start, rules,
                        agents=agents, jobs=1, progress=False, **options)
        first = first or part
        rows += part.rows
        yield len(rows)
    if first is None:  # no games: simulate's own empty table
        return simulate(variant, 0, seed, rules, agents=agents, jobs=1, progress=False,
                        **options)
    return replace(first, rows=tuple(rows))


def simulate(
    variant: str | Variant[Any],
    games: int,
    seed: int = 0,
    rules: Any = None,
    *,
    agents: Seat | Sequence[Seat] | None = None,
    traced: bool = False,
    max_length: int | None = DEFAULT_MAX_LENGTH,
    executor: Executor | None = None,
    jobs: int | None = None,
    chunk_size: int | None = None,
    progress: Progress = True,
    cancel: threading.Event | None = None,
    time_limit: float | None = DEFAULT_TIME_LIMIT,
    on_fault: str = "raise",
) -> Table:
    """Games with seeds ``seed``, ``seed + 1``, ...: one row each, in seed order.

    ``rules`` is a rules object, a dict of options or None (the defaults); ``agents``
    one name for every seat or one per seat (None: the variant's default agent); any
    seat may be a student's player, a function (view, decision) -> action, timed
    against ``time_limit`` seconds a move and refereed as ``on_fault`` says ("raise"
    a :class:`PlayerFault`, or "lose" the game and go on). Without an ``executor``,
    ``jobs`` processes of a local pool play the games (all
    cores by default; one runs them here, with no pool). Any
    :class:`concurrent.futures.Executor` is accepted, such as a dask.distributed
    ``Client(...).get_executor()``; it is left running afterwards. ``jobs`` above
    the machine's cores is cut to the cores.

    Setting ``cancel`` (from another thread) stops the run and raises
    :class:`Cancelled`: a local pool's workers are ended within a tenth of a second,
    games in play or not; in this process or on an ``executor``, the games of a
    chunk already started are finished first.
    """
    name = variant if isinstance(variant, str) else variant.name
    found = find_variant(name)
    rules = resolve_rules(found, rules)
    seats = resolve_seats(found, rules, agents)
    if isinstance(games, bool) or not isinstance(games, int) or games < 0:
        raise BadInput(f"{quoted(games)} cannot be a number of games",
                       allowed="a whole number >= 0")
    check_seed(seed)
    if games:
        check_seed(seed + games - 1)
    if max_length is not None and (type(max_length) is not int or max_length < 1):
        raise BadInput(f"{quoted(max_length)} cannot be a maximum length",
                       allowed="a whole number >= 1, or None for no maximum")
    if jobs is not None and (type(jobs) is not int or jobs < 1):
        raise BadInput(f"{quoted(jobs)} cannot be a number of processes",
                       allowed="a whole number >= 1, or None for all cores")
    if time_limit is not None and (isinstance(time_limit, bool) or not isinstance(
            time_limit, int | float) or not time_limit > 0):
        raise BadInput(f"{quoted(time_limit)} cannot be a time limit",
                       allowed="a number of seconds above 0, or None for no limit")
    if on_fault not in ON_FAULT:
        raise BadInput(f"{quoted(on_fault)} is not a way to treat a player's fault",
                       allowed=" or ".join(map(repr, ON_FAULT)))
    # More processes than cores only share the same cores, and each costs a start-up.
    workers = min(jobs or default_jobs(), default_jobs())
    stay = executor is None and workers > 1 and _unsendable(seats)
    if stay:
        workers = 1
    size = chunk_size or max(1, min(MAX_CHUNK, math.ceil(games / (workers * CHUNKS_PER_WORKER))))
    chunks = [range(start, min(start + size, seed + games))
              for start in range(seed, seed + games, size)]
    note = "" if traced else _traced_note(found, rules, seats)
    fast = not traced and not note
    if stay:
        note = " ".join(filter(None, [note, _stay_note(stay)]))
    job = partial(_play_chunk, name, rules, seats, not fast, max_length,
                  time_limit=time_limit, on_fault=on_fault)
    report = _Reporter(progress, games, found.title, note)
    rows: list[Row] = []
    try:
        if executor is None and workers == 1:
            for chunk in chunks:
                if cancel is not None and cancel.is_set():
                    raise Cancelled(f"stopped after {len(rows)} of {games} games")
                rows += job(chunk)
                report(len(chunk))
        elif executor is None:
            rows = _run_local(min(workers, max(1, len(chunks))), job, chunks, report, cancel)
        else:
            rows = _run(executor, job, chunks, report, cancel)
    finally:
        report(0, close=True)
    rows.sort(key=lambda row: row.seed)  # chunks finish in any order
    return Table(name, rules, tuple(map(label, seats)), max_length, tuple(rows), note)


def pool_context(version: tuple[int, int] = sys.version_info[:2]) -> Any:
    """How worker processes start: the system's way, except that from Python 3.12 on a
    process with threads (a Jupyter kernel always has some) is not forked, which Python
    warns may deadlock: a fork server starts the workers instead.

    >>> pool_context((3, 11)).get_start_method() == multiprocessing.get_start_method()
    True
    >>> pool_context((3, 12)).get_start_method() in ("forkserver", "spawn")
    True
    """
    start = multiprocessing.get_start_method()
    if version >= (3, 12) and start == "fork":
        usable = multiprocessing.get_all_start_methods()
        return multiprocessing.get_context("forkserver" if "forkserver" in usable else "spawn")
    return multiprocessing.get_context()


def _unsendable(seats: tuple[Seat, ...]) -> list[str]:
    """The players that cannot be sent to a local pool's worker processes."""
    # Forked workers find a notebook's own functions where it left them; workers started
    # afresh import modules, and a notebook's (or script's) __main__ is not one of them.
    forked = pool_context().get_start_method() == "fork"
    stuck = []
    for seat in seats:
        if isinstance(seat, str):
            continue
        try:
            pickle.loads(pickle.dumps(seat))
            sendable = forked or getattr(seat, "__module__", None) != "__main__"
        except Exception:  # pickle raises several kinds, and a player's own __reduce__ any
            sendable = False
        if not sendable:
            stuck.append(label(seat))
    return stuck


def _stay_note(stuck: list[str]) -> str:
    return (f"They were played in this process, one at a time: {' and '.join(stuck)} cannot "
            "be sent to worker processes (a lambda, or a function made inside another, "
            "cannot be pickled; a function defined with def at the top of a cell or module "
            "can).")


def _traced_note(variant: Variant[Any], rules: Any, agents: tuple[Seat, ...]) -> str:
    """Empty when the fast path plays these games; else what plays them instead, and why."""
    reason = fast_refusal(variant, rules, agents)
    if reason is None:
        return ""
    return f"The traced engine played these games (slower, the same results): {reason}"


def _run_local(
    workers: int,
    job: Callable[[range], list[Row]],
    chunks: list[range],
    report: _Reporter,
    cancel: threading.Event | None,
) -> list[Row]:
    """The chunks on a pool of this machine's processes, ended at once when cancelled.

    A multiprocessing pool rather than a concurrent.futures one: leaving its ``with``
    terminates the workers, so a cancelled (or failed, or interrupted) run stops every
    game in play instead of waiting for the chunks running to finish.
    """
    rows: list[Row] = []
    with pool_context().Pool(workers) as pool:
        results = pool.imap_unordered(job, chunks)
        while len(rows) < report.total:
            if cancel is not None and cancel.is_set():
                raise Cancelled(f"stopped after {len(rows)} of {report.total} games")
            try:
                chunk_rows = results.next(timeout=CANCEL_POLL)
            except multiprocessing.TimeoutError:  # still playing: look at cancel again
                continue
            rows += chunk_rows
            report(len(chunk_rows))
    return rows


class Cancelled(Exception):
    """A simulation stopped because its ``cancel`` event was set."""


def _run(
    executor: Executor,
    job: Callable[[range], list[Row]],
    chunks: list[range],
    report: _Reporter,
    cancel: threading.Event | None,
) -> list[Row]:
    futures = {executor.submit(job, chunk) for chunk in chunks}
    rows: list[Row] = []
    try:
        pending = futures
        while pending:
            # Wake up now and then to see whether the run was cancelled.
            done, pending = wait(pending, timeout=CANCEL_POLL, return_when=FIRST_COMPLETED)
            for future in done:
                chunk_rows = future.result()
                rows += chunk_rows
                report(len(chunk_rows))
            if cancel is not None and cancel.is_set():
                raise Cancelled(f"stopped after {len(rows)} of {report.total} games")
    finally:
        for future in futures:  # after an error, Cancel or Ctrl-C, do not leave work queued
            future.cancel()
    return rows


class _Reporter:
    """Adapts the ``progress`` argument: a tqdm bar, a callback, or nothing."""

    def __init__(self, progress: Progress, total: int, title: str, note: str = "") -> None:
        self.done, self.total = 0, total
        self.callback = progress if callable(progress) else None
        self.bar: Any = None
        if progress is True:
            from tqdm.auto import tqdm  # auto: a widget bar in notebooks, text in terminals

            if note:  # said before the (slower) run starts, on the bar's stream
                tqdm.write(f"{title}: {note}", file=sys.stderr)
            # tqdm's bar shows the time taken and the time left: [00:02<00:05, ...].
            self.bar = tqdm(total=total, desc=title, unit="game")

    def __call__(self, n: int, *, close: bool = False) -> None:
        self.done += n
        if self.bar is not None:
            self.bar.update(n)
            if close:
                self.bar.close()
        if self.callback is not None and n:
            self.callback(self.done, self.total)

