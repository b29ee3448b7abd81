"""Private fast path: whole War Room games without states, events, views or traces.

A game is played from the deal (play_fast) or on from any state of the traced engine,
even in the middle of a reveal cycle (play_on, for the coach). It plays the same rules
as game.py, and the built-in agents' choices as agents.py makes them, on plain lists: a
card is the index of its kind in the deck, a VC is an int per seat. The one shuffle of
the package deals and reshuffles, and each agent draws from its own generator exactly
when agents.py does, so every choice comes out the same. tests/test_war_room_fast.py
proves it returns the same summary as the traced engine for every agent, ruling, table
and deck it tries; tests/test_war_room_coach.py that play_on does from any state.
"""

from __future__ import annotations

from bisect import bisect_left
from collections import deque
from functools import lru_cache
from typing import NamedTuple

from wartutor.core.chance import Rng, check_seed, shuffle_in_place
from wartutor.core.engine import Summary
from wartutor.core.errors import BadInput
from wartutor.variants.war_room.deck import load_deck
from wartutor.variants.war_room.events import GameOver
from wartutor.variants.war_room.game import ACTIVATE, WarRoomState
from wartutor.variants.war_room.rules import WarRoomRules

FAST_AGENTS = ("heuristic", "random")  # the agents of agents.py this module plays

# An instruction as (target rule, change, mandatory); a card's activation is a tuple of them.
Step = tuple[str, int, bool]
Hits = list[int] | None  # the seats one choice would hit; None: skip the instruction


@lru_cache(maxsize=32)
def _kinds(deck: str) -> tuple[tuple[int, ...], tuple[tuple[Step, ...], ...], tuple[int, ...]]:
    """The printed VC and activation of each kind of card, and the deck as kind indices."""
    cards = load_deck(deck)
    printed = tuple(k.vc for k in cards.kinds)
    steps = tuple(tuple((s.target, s.change, s.mandatory) for s in k.instructions)
                  for k in cards.kinds)
    dealt = tuple(i for i, copies in enumerate(cards.copies) for _ in range(copies))
    return printed, steps, dealt


def fast_refusal(rules: WarRoomRules, agents: tuple[str, ...]) -> str | None:
    """None: every seat's agent is one this module plays (any deck, ruling and table)."""
    unknown = [name for name in agents if name not in FAST_AGENTS]
    if unknown:
        return (f"the War Room fast path plays only the agents {', '.join(FAST_AGENTS)}, "
                f"not {', '.join(unknown)}")
    return None


# The heuristic agent of agents.py, on VC lists: the same choices, in the same order.


def _standing(vcs: list[int], me: int, participants: tuple[int, ...]) -> int:
    rivals = [vcs[p] for p in participants if p != me]
    return min(rivals) - vcs[me] if rivals else 0


def _hit(vcs: list[int], seats: list[int], change: int) -> list[int]:
    after = vcs.copy()
    for s in seats:
        after[s] += change
    return after


def _landings(vcs: list[int], me: int, target: str, in_play: tuple[int, ...]) -> list[list[int]]:
    """agents._options: the ways an instruction could land, opponents in seat order."""
    opponents = [s for s in in_play if s != me]
    if target == "self":
        return [[me]]
    if target == "all-opponents":
        return [opponents]
    if target == "chosen-opponent":
        return [[s] for s in opponents]
    if target in ("highest-opponent", "lowest-opponent"):
        pick = max if target == "highest-opponent" else min
        extreme = pick(vcs[s] for s in opponents)
        return [[s] for s in opponents if vcs[s] == extreme]
    return []  # Defend Ally: no friendly card in individual play


@lru_cache(maxsize=1 << 16)
def heuristic_gains(
    deck: str,
    me: int,
    card: int,
    vcs: tuple[int, ...],
    participants: tuple[int, ...],
    in_play: tuple[int, ...],
) -> bool:
    """Whether the heuristic sees its activation improve its standing (agents.py, declare).

    Cached: a table of printed VCs comes round again and again.
    """
    steps = _kinds(deck)[1][card]
    now = list(vcs)
    after = now
    for target, change, mandatory in steps:
        outcomes = [_hit(after, seats, change) for seats in _landings(after, me, target, in_play)]
        if not mandatory:
            outcomes.append(after)
        if outcomes:
            after = max(outcomes, key=lambda v: _standing(v, me, participants))
    return _standing(after, me, participants) > _standing(now, me, participants)


def heuristic_choice(
    me: int, change: int, vcs: list[int], participants: tuple[int, ...], legal: list[Hits]
) -> int:
    """The index of the legal choice the heuristic takes while its card resolves."""

    def score(choice: Hits) -> tuple[int, int]:
        if choice is None:
            return _standing(vcs, me, participants), 0
        # On equal standing, hit the rival that threatens most: the lowest VC.
        threat = -min(vcs[s] for s in choice) if change > 0 else 0
        return _standing(_hit(vcs, choice, change), me, participants), threat

    scores = [score(choice) for choice in legal]
    return scores.index(max(scores))


def declare_and_resolve(
    deck: str,
    once: bool,
    all_tied: bool,
    heuristic: tuple[bool, ...],
    minds: list[Rng],
    table: list[int],
    vcs: list[int],
    participants: tuple[int, ...],
    order: tuple[int, ...],
    in_play: tuple[int, ...],
    activated: list[bool],
    step: int,
    declared: dict[int, bool] | None = None,
    queue: tuple[int, int, tuple[int, ...]] | None = None,
) -> tuple[int, int, int]:
    """One step's declarations, then its activations clockwise (game.declare, game.resolve).

    Changes ``vcs``, ``activated`` and the agents' ``minds`` in place; returns how many
    cards activated, how many instructions changed a VC and how many had no target.
    A step already under way when the fast path takes over: ``declared`` holds the
    declarations made so far (seat: activates), or ``queue`` is (the current card's next
    instruction, its owner, the other activating players still to resolve) once every
    declaration is shown and counted.
    """
    activation = _kinds(deck)[1]
    instructions = no_target = 0
    activating = []
    start = 0  # the instruction the first activating card resolves from
    declaring = participants
    if queue is not None:
        start, owner, after = queue
        declaring, activating = (), [owner, *after]
    for p in declaring:
        if declared is not None and p in declared:
            if declared[p]:
                activating.append(p)
            continue
        card = table[p]
        if not activation[card] or (once and activated[p]):
            continue  # declines without being asked
        if heuristic[p]:
            yes = heuristic_gains(deck, p, card, tuple(vcs), participants, in_play)
            if yes and step >= 2:
                coin, minds[p] = minds[p].below(2)
                yes = coin == 1
        else:
            pick, minds[p] = minds[p].below(2)
            yes = pick == 0  # ("activate", "decline")
        if yes:
            activating.append(p)
    for owner in activating:
        opponents = [s for s in order if s != owner]
        for target, change, mandatory in activation[table[owner]][start:]:
            # game.targets: which cards this instruction may hit, and whether to choose.
            choose = False
            if target == "self":
                seats = [owner]
            elif target in ("chosen-ally", "all-allies"):
                seats = []
            elif target == "all-opponents":
                seats = opponents
            elif target == "chosen-opponent":
                seats = opponents
                choose = len(seats) > 1
            else:
                pick_vc = max if target == "highest-opponent" else min
                extreme = pick_vc(vcs[s] for s in opponents)
                seats = [s for s in opponents if vcs[s] == extreme]
                choose = len(seats) > 1 and not all_tied
            if not seats:
                no_target += 1
                continue
            if choose or not mandatory:
                legal: list[Hits] = [[s] for s in seats] if choose else [seats]
                if not mandatory:
                    legal.append(None)
                if heuristic[owner]:
                    index = heuristic_choice(owner, change, vcs, participants, legal)
                else:
                    index, minds[owner] = minds[owner].below(len(legal))
                chosen = legal[index]
                if chosen is None:
                    continue  # skipped
                seats = chosen
            for s in seats:
                vcs[s] += change  # never clamped (WR-VC)
            instructions += 1
        activated[owner] = True
        start = 0
    shown_now = 0 if queue is not None else len(activating)  # a queue's were counted before
    return shown_now, instructions, no_target


@lru_cache(maxsize=1 << 16)
def heuristic_step(
    deck: str,
    once: bool,
    all_tied: bool,
    table: tuple[int, ...],
    vcs: tuple[int, ...],
    participants: tuple[int, ...],
    order: tuple[int, ...],
    in_play: tuple[int, ...],
    activated: tuple[bool, ...],
) -> tuple[tuple[int, ...], tuple[bool, ...], int, int, int]:
    """:func:`declare_and_resolve` where every participant is the heuristic and no coin is
    thrown (before the second tie-break step): the same table always plays out the same way,
    and it comes round again and again. Returns the VCs and activations after it, then the
    three counts."""
    after, done = list(vcs), list(activated)
    counts = declare_and_resolve(deck, once, all_tied, (True,) * len(vcs), [], list(table),
                                 after, participants, order, in_play, done, 0)
    return (tuple(after), tuple(done), *counts)


@lru_cache(maxsize=1 << 16)
def heuristic_opening(
    deck: str, once: bool, all_tied: bool, table: tuple[int, ...], order: tuple[int, ...],
    in_play: tuple[int, ...],
) -> tuple[tuple[int, ...], tuple[bool, ...], int, int, int]:
    """:func:`heuristic_step` for a round's own declarations, known from the cards alone:
    every card at its printed VC, none activated yet, everyone in play taking part."""
    printed = _kinds(deck)[0]
    vcs = tuple(printed[card] if card >= 0 else 0 for card in table)
    return heuristic_step(deck, once, all_tied, table, vcs, order, order, in_play,
                          (False,) * len(table))


# A whole game: from the deal (play_fast), or on from a state of the traced engine (play_on).


def play_fast(
    rules: WarRoomRules, seed: int, agents: tuple[str, ...], max_length: int | None
) -> Summary:
    """The summary of game ``seed``, exactly as the traced engine gives it."""
    dealt = _kinds(rules.deck)[2]
    n = rules.players
    _check_agents(n, agents)
    # The deal (game.deal): shuffle, deal equally, choose the first player.
    shuffled = list(dealt)
    rng = shuffle_in_place(shuffled, check_seed(seed))
    size = len(shuffled) // n
    stacks = [deque(shuffled[i * size:(i + 1) * size]) for i in range(n)]
    collections: list[list[int]] = [[] for _ in range(n)]
    if rules.first_player == "random":
        first, drawn = Rng(rng).below(n)
        rng = drawn.state
    else:
        first = int(rules.first_player)
    return _play(rules, agents, seed, max_length, stacks, collections, first, list(range(n)),
                 rng, 0, (0,) * len(COUNTED), None)


def play_on(
    rules: WarRoomRules,
    state: WarRoomState,
    agents: tuple[str, ...],
    seed: int,
    max_length: int | None,
) -> Summary:
    """The summary of the game played on from ``state``, exactly as the traced engine would
    give it with each seat's agent made afresh from ``(seat, seed)`` at this state.

    The fast path takes over at once, in the middle of a reveal cycle if need be: the
    declarations made so far, or the card resolving and the ones still to, come from the
    state. ``max_length`` counts rounds from the start of the game, as in play_fast.
    """
    if state.rules != rules:
        raise BadInput("the state was played under other rules than those given",
                       allowed="the rules the state carries (state.rules)")
    n = rules.players
    _check_agents(n, agents)
    refused = fast_refusal(rules, agents)
    if refused is not None:
        raise BadInput(refused, allowed=f"one of {', '.join(FAST_AGENTS)} at each seat")
    check_seed(seed)
    counted = tuple(getattr(state.counts, name) for name in COUNTED)
    if state.outcome is not None:
        return summary_at(state)
    if max_length is not None and state.round >= max_length:
        return Summary(None, "unfinished", state.round, dict(zip(COUNTED, counted, strict=True)))
    kind = {card.code: i for i, card in enumerate(rules.cards.kinds)}
    stacks = [deque([kind[c.code] for c in pile]) for pile in state.stacks]
    collections = [[kind[c.code] for c in pile] for pile in state.collections]
    table, vcs = [-1] * n, [0] * n  # as the fast path keeps them: -1 and 0 for a seat out
    for seat, here in enumerate(state.table):
        if here is not None:
            table[seat], vcs[seat] = kind[here.card.code], here.vc
    declared = queue = None
    if state.phase == "resolve":
        queue = (state.instruction, state.queue[0], state.queue[1:])
    else:
        declared = {p: choice == ACTIVATE for p in state.participants
                    if (choice := state.declared[p]) is not None}
    cycle = _Cycle(table, vcs, state.participants, state.step, list(state.activated),
                   [0 if vc is None else vc for vc in state.step_start], declared, queue)
    return _play(rules, agents, seed, max_length, stacks, collections, state.first,
                 list(state.remaining), state.rng.state, state.round, counted, cycle)


def summary_at(state: WarRoomState) -> Summary:
    """The summary of a game that stops at ``state`` (WarRoom.summarize gives this too)."""
    counts = {name: getattr(state.counts, name) for name in COUNTED}
    if state.outcome is None:
        return Summary(None, "unfinished", state.round, counts)
    assert isinstance(state.outcome.because, GameOver)
    ending = state.outcome.because.ending
    if ending == "limit":  # stopped by the simulator's limit: unfinished, never a result
        return Summary(None, "unfinished", state.round, counts)
    if ending == "endless":  # WR-ENDLESS: it could only repeat itself
        return Summary(None, "endless", state.round, counts)
    return Summary(state.outcome.winners, ending, state.round, counts)


COUNTED = ("tie_breaks", "stalemates", "activations", "instructions", "no_target",
           "reshuffles", "eliminations")  # Summary.counts, in game.Counts' order


class _Cycle(NamedTuple):
    """A reveal cycle under way where the fast path takes over (see play_on)."""

    table: list[int]
    vcs: list[int]
    participants: tuple[int, ...]
    step: int
    activated: list[bool]
    step_start: list[int]
    declared: dict[int, bool] | None  # declare_and_resolve's
    queue: tuple[int, int, tuple[int, ...]] | None  # declare_and_resolve's


def _check_agents(n: int, agents: tuple[str, ...]) -> None:
    if len(agents) != n:
        raise BadInput(f"{len(agents)} agents were named for {n} seats",
                       allowed=f"one agent name per seat, {n} in all")


def _play(
    rules: WarRoomRules,
    agents: tuple[str, ...],
    seed: int,
    max_length: int | None,
    stacks: list[deque[int]],
    collections: list[list[int]],
    first: int,
    remaining: list[int],
    rng: int,
    rounds: int,
    counted: tuple[int, ...],
    cycle: _Cycle | None,
) -> Summary:
    """The game on from the deal, or from ``cycle``, a reveal cycle under way, to its end."""
    deck = rules.deck
    printed, activation, _ = _kinds(deck)
    n = rules.players
    once = rules.reactivate == "once-per-cycle"
    all_tied = rules.extreme_tie == "all"
    same_tie = rules.stalemate_when == "same-tie"
    void = rules.stalemate == "void"
    round_limit = rules.round_limit
    lesson = rules.lesson_rounds
    heuristic = tuple(name == "heuristic" for name in agents)
    every_heuristic = all(heuristic)
    minds = [Rng.from_seed((seed * 8 + p) % (1 << 64)) for p in range(n)]  # the agents' own
    in_play = tuple(remaining)
    (tie_breaks, stalemates, activations, instructions, no_target, reshuffles,
     eliminations) = counted
    seen: set[tuple[object, ...]] = set()  # round starts passed with nobody choosing

    def summary(winners: tuple[int, ...] | None, ending: str) -> Summary:
        return Summary(winners, ending, rounds, {
            "tie_breaks": tie_breaks, "stalemates": stalemates, "activations": activations,
            "instructions": instructions, "no_target": no_target, "reshuffles": reshuffles,
            "eliminations": eliminations})

    while True:
        if cycle is None:
            # Round, 1: every remaining player reveals, clockwise from the first player.
            rounds += 1
            at = bisect_left(remaining, first)  # clockwise from the first player
            order = tuple(remaining[at:] + remaining[:at])
            table = [-1] * n  # the kind revealed per seat; -1: out of the game
            vcs = [0] * n  # its VC now (0 for a seat out of the game, and never read)
            for s in order:
                table[s] = card = stacks[s].popleft()
                vcs[s] = printed[card]
            # WR-ENDLESS: a round start seen before with nobody choosing in between ends the
            # game. A round in which no card can activate is one nobody chooses in; any
            # other round starts with a declaration, which forgets the round starts seen.
            forced = True
            for s in order:
                if activation[table[s]]:
                    forced = False
                    break
            if seen or forced:
                position = (tuple(map(tuple, stacks)), tuple(map(tuple, collections)), first,
                            tuple(table), rng)
                if position in seen:
                    return summary(None, "endless")
                if forced:
                    seen.add(position)
                else:
                    seen = set()
            if not forced and max_length is not None and rounds >= max_length:
                return summary(None, "unfinished")  # stopped at this round's first declaration

            # Round, 2-5 and the tie-break: declare, resolve clockwise, compare, until a winner.
            participants = order
            step = 0
            activated = [False] * n
            step_start = vcs  # the VCs as a tie-break step began (set when one begins)
        else:  # a reveal cycle under way: the cards are out, some may have declared
            at = bisect_left(remaining, first)
            order = tuple(remaining[at:] + remaining[:at])
            table, vcs, participants, step, activated, step_start = cycle[:6]
        while True:
            if cycle is not None:
                activating, changed, missed = declare_and_resolve(
                    deck, once, all_tied, heuristic, minds, table, vcs, participants, order,
                    in_play, activated, step, cycle.declared, cycle.queue)
                cycle = None
            elif every_heuristic and step == 0:
                now, done, activating, changed, missed = heuristic_opening(
                    deck, once, all_tied, tuple(table), order, in_play)
                vcs, activated = list(now), list(done)
            elif every_heuristic and step == 1:
                now, done, activating, changed, missed = heuristic_step(
                    deck, once, all_tied, tuple(table), tuple(vcs), participants, order,
                    in_play, tuple(activated))
                vcs, activated = list(now), list(done)
            else:
                activating, changed, missed = declare_and_resolve(
                    deck, once, all_tied, heuristic, minds, table, vcs, participants, order,
                    in_play, activated, step)
            activations += activating
            instructions += changed
            no_target += missed
            lowest_vc = min([vcs[p] for p in participants])
            lowest = tuple([p for p in participants if vcs[p] == lowest_vc])
            if len(lowest) == 1:
                winner: int | None = lowest[0]
                break
            if step > 0 and (lowest == participants if same_tie else vcs == step_start):
                stalemates += 1
                if void:
                    winner = None
                    break
                index, drawn = Rng(rng).below(len(lowest))
                rng = drawn.state
                winner = lowest[index]
                break
            tie_breaks += 1
            step += 1
            participants = lowest
            step_start = vcs.copy()

        # The winner collects every revealed card and goes first; a void puts them back under.
        if winner is None:
            for s in order:
                stacks[s].append(table[s])
        else:
            collections[winner].extend([table[s] for s in order])
            first = winner

        # After the round: eliminations, the end, the lesson's end (a house rule), the
        # reshuffle, the game limit. Only a player whose draw stack is empty can be out, or
        # make everyone reshuffle.
        empty = [p for p in remaining if not stacks[p]]
        reshuffle = False
        if empty:
            out = [p for p in empty if not collections[p]]
            if out:
                eliminations += len(out)
                remaining = [p for p in remaining if p not in out]
                in_play = tuple(remaining)
                if len(remaining) <= 1:
                    return summary(tuple(remaining), "last-player" if remaining else "nobody")
            reshuffle = len(empty) > len(out)  # a remaining player's draw stack is empty
        if lesson is not None and rounds >= lesson:
            held = [len(stacks[p]) + len(collections[p]) for p in remaining]
            most = max(held)
            return summary(tuple(p for p, n in zip(remaining, held, strict=True) if n == most),
                           "lesson")
        if reshuffle:
            for p in remaining:
                mixed = [*stacks[p], *collections[p]]
                rng = shuffle_in_place(mixed, rng)
                stacks[p] = deque(mixed)
                collections[p] = []
            reshuffles += 1
        if round_limit is not None and rounds >= round_limit:
            return summary(None, "unfinished")
