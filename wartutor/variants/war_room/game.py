"""War Room, in the order of its rule text.

The deal: the deck is shuffled and dealt equally into face-down draw stacks; collection
piles start empty; the first player is chosen (ruling WR-FIRST). A round: everyone
reveals (1), declares activate or decline, hidden until all have (2), activations
resolve clockwise from the first player, every mandatory instruction of each (3), the
lowest VC wins (4) and collects every revealed card, going first next round (5). Tied
players alone go on to tie-break steps of the same reveal cycle, until a sole winner
(or a stalemate, ruling WR-STALEMATE). After the round: eliminations, then the
reshuffle when any draw stack is empty; the last player remaining wins. A class may
agree on house rule WR-HOUSE-LESSON: the game ends after the lesson's last round, won by
whoever holds the most cards.

Seats are numbered clockwise from 0 (you). The state is immutable; :func:`advance`
takes every step that needs nobody's choice and stops at the next decision.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, NamedTuple, TypeVar

from wartutor.core.chance import Rng
from wartutor.core.engine import Decision, Outcome
from wartutor.core.errors import BadInput, quoted
from wartutor.variants.war_room.deck import Instruction, RoomCard
from wartutor.variants.war_room.events import (
    Activates,
    AutoDeclined,
    Collected,
    Compared,
    Dealt,
    DeclarationsShown,
    Declared,
    Eliminated,
    FirstChosen,
    GameOver,
    Hit,
    InstructionResolved,
    NoTarget,
    Reshuffled,
    ReturnedUnder,
    Revealed,
    Skipped,
    Stalemate,
    StalemateSettled,
    TieBreak,
    WarRoomEvent,
)
from wartutor.variants.war_room.rules import HOUSE_LESSON, NAMES, WarRoomRules

ACTIVATE, DECLINE, USE, SKIP = "activate", "decline", "use", "skip"
TARGET = tuple(f"target {name}" for name in NAMES)  # the action that aims at each seat
Pile = tuple[RoomCard, ...]
T = TypeVar("T")


class InPlay(NamedTuple):
    """A revealed card and its current VC (its printed VC until an instruction changes it)."""

    card: RoomCard
    vc: int


@dataclass(frozen=True)
class Counts:
    tie_breaks: int = 0  # tie-break steps
    stalemates: int = 0
    activations: int = 0
    instructions: int = 0  # instructions that changed some VC
    no_target: int = 0
    reshuffles: int = 0
    eliminations: int = 0

    def plus(self, **more: int) -> Counts:
        """These counts with ``more`` added: ``counts.plus(stalemates=1)``."""
        fields = self.__dict__.copy()
        for name, added in more.items():
            fields[name] += added
        new = object.__new__(Counts)
        object.__setattr__(new, "__dict__", fields)
        return new


@dataclass(frozen=True)
class WarRoomState:
    rules: WarRoomRules
    rng: Rng
    stacks: tuple[Pile, ...]  # per seat, top card first
    collections: tuple[Pile, ...]
    remaining: tuple[int, ...]  # seats still in the game
    first: int
    round: int
    table: tuple[InPlay | None, ...]  # per seat: the revealed card, None when there is none
    step: int  # 0: the round's own declarations; 1, 2, ...: tie-break steps
    participants: tuple[int, ...]  # who declares and is compared in this step, in order
    declared: tuple[str | None, ...]  # per seat, hidden until all participants have declared
    shown: tuple[str | None, ...]  # per seat, the declarations of this step once revealed
    activated: tuple[bool, ...]  # per seat: an activation has resolved in this reveal cycle
    phase: str  # "declare" or "resolve"; "reveal" between rounds, inside a step
    queue: tuple[int, ...]  # activating players still to resolve, the current one first
    instruction: int  # index of the current activator's next instruction
    step_start: tuple[int | None, ...]  # every VC as the step began (WR-STALEMATE-WHEN)
    counts: Counts
    outcome: Outcome | None

    def clockwise(self, seats: tuple[int, ...]) -> tuple[int, ...]:
        """``seats`` in clockwise order starting with the first player."""
        return _clockwise(seats, self.first, len(self.stacks))

    def vcs(self) -> tuple[int | None, ...]:
        return tuple(None if x is None else x.vc for x in self.table)


@lru_cache(maxsize=1024)
def _clockwise(seats: tuple[int, ...], first: int, n: int) -> tuple[int, ...]:
    return tuple(sorted(seats, key=lambda s: (s - first) % n))


def _with(state: WarRoomState, **changes: Any) -> WarRoomState:
    """``dataclasses.replace(state, **changes)``, without its per-field checks.

    A step makes several new states, and replace's checks took most of a step's time;
    the state has no ``__post_init__``, so copying its fields is all replace would do.
    """
    fields = state.__dict__.copy()
    fields.update(changes)
    new = object.__new__(WarRoomState)
    object.__setattr__(new, "__dict__", fields)
    return new


def _set(items: tuple[T, ...], index: int, value: T) -> tuple[T, ...]:
    return (*items[:index], value, *items[index + 1:])


# The deal


def deal(
    rules: WarRoomRules, seed: int, stacked: tuple[str, ...] | None = None
) -> tuple[WarRoomState, tuple[WarRoomEvent, ...]]:
    """Shuffle and deal equally, or lay out a stacked deal: one string of card codes per seat,
    top card first (``("SC SN", "GH SE")``); then choose the first player and reveal."""
    rng = Rng.from_seed(seed)
    n, deck = rules.players, rules.cards
    if stacked is None:
        shuffled, rng = rng.shuffled(deck.cards)
        size = len(shuffled) // n
        stacks = tuple(shuffled[i * size:(i + 1) * size] for i in range(n))
    else:
        stacks = _stacked_stacks(rules, stacked)
    if rules.first_player == "random":
        first, rng = rng.below(n)
    else:
        first = int(rules.first_player)
    state = WarRoomState(
        rules, rng, stacks, ((),) * n, tuple(range(n)), first, 0, (None,) * n, 0, (), (None,) * n,
        (None,) * n, (False,) * n, "declare", (), 0, (None,) * n, Counts(), None,
    )
    events: list[WarRoomEvent] = [
        Dealt(tuple(len(s) for s in stacks), deck.name, seed, stacked is not None,
              "WR-DEAL" if stacked is None else "WR-STACKED"),
        FirstChosen(first, rules.first_player == "random"),
    ]
    return advance(_reveal(state, events), events), tuple(events)


def _stacked_stacks(rules: WarRoomRules, stacked: tuple[str, ...]) -> tuple[Pile, ...]:
    deck = rules.cards
    allowed = (f"{rules.players} lists of card codes, one per seat from you, top card first, "
               f"e.g. (\"SC SN\", \"GH SE\"); codes: " + " ".join(k.code for k in deck.kinds))
    if isinstance(stacked, str) or len(stacked) != rules.players:
        raise BadInput(f"a stacked deal for {rules.players} players needs {rules.players} "
                       f"draw stacks", allowed=allowed)
    for seat, codes in enumerate(stacked):
        if not isinstance(codes, str):
            raise BadInput(f"{_stack_of(seat)} is {quoted(codes)}, not a string of card codes",
                           allowed=allowed)
    stacks = tuple(deck.parse(s) for s in stacked)
    for seat, stack in enumerate(stacks):
        if not stack:
            raise BadInput(f"{_stack_of(seat)} is empty", allowed=allowed)
    everything = [c for s in stacks for c in s]
    for kind, copies in zip(deck.kinds, deck.copies, strict=True):
        if everything.count(kind) > copies:
            raise BadInput(f"the stacked deal uses {everything.count(kind)} {kind.name} cards "
                           f"({kind.code}) but the deck has {copies}",
                           allowed=f"at most {copies} of each")
    return stacks


def _stack_of(seat: int) -> str:
    return "your stacked draw stack" if seat == 0 else f"{NAMES[seat]}'s stacked draw stack"


# Round, 1: every remaining player reveals the top card of their draw stack.


def _reveal(state: WarRoomState, events: list[WarRoomEvent]) -> WarRoomState:
    order = state.clockwise(state.remaining)
    table = list(state.table)
    stacks = list(state.stacks)
    shown = []
    for seat in order:
        top, stacks[seat] = stacks[seat][0], stacks[seat][1:]
        table[seat] = InPlay(top, top.vc)
        shown.append((seat, top))
    n = len(stacks)
    events.append(Revealed(state.round + 1, state.first, tuple(shown)))
    return _with(
        state, stacks=tuple(stacks), table=tuple(table), round=state.round + 1, step=0,
        participants=order, declared=(None,) * n, shown=(None,) * n, activated=(False,) * n,
        phase="declare", queue=(), instruction=0,
        step_start=tuple([t.vc if t else None for t in table]),
    )


# Round, 2 (and tie-break, 1): each participant declares; nobody sees another's first.


def may_activate(state: WarRoomState, seat: int) -> bool:
    """Whether ``seat``'s card can activate now (WR-NO-ACTIVATION, WR-REACTIVATE)."""
    here = state.table[seat]
    if here is None or not here.card.can_activate:
        return False
    return not (state.rules.reactivate == "once-per-cycle" and state.activated[seat])


def next_to_declare(state: WarRoomState) -> int | None:
    """The first participant of this step, clockwise, still to declare."""
    declared = state.declared
    for p in state.participants:
        if declared[p] is None:
            return p
    return None


def declare(
    state: WarRoomState, player: int, choice: str, events: list[WarRoomEvent]
) -> WarRoomState:
    declared = _set(state.declared, player, choice)
    if None in [declared[p] for p in state.participants]:
        return _with(state, declared=declared)
    # Everyone has declared: the declarations are shown together, then resolve clockwise.
    activating = tuple([p for p in state.participants if declared[p] == ACTIVATE])
    declining = tuple([p for p in state.participants if declared[p] == DECLINE])
    events.append(DeclarationsShown(state.round, state.step, activating, declining,
                                    "WR-DECLARE" if state.step == 0 else "WR-TIE"))
    counts = state.counts.plus(activations=len(activating))
    state = _with(state, shown=declared, declared=(None,) * len(declared), phase="resolve",
                  queue=activating, instruction=0, counts=counts)
    if activating:
        events.append(_activates(state, activating[0]))
    return state


def _activates(state: WarRoomState, seat: int) -> Activates:
    """``seat``'s card starts to resolve; a second activation in one cycle is WR-REACTIVATE's."""
    again = state.activated[seat]
    return Activates(seat, _card(state, seat), again, "WR-REACTIVATE" if again else "WR-RESOLVE")


def in_play(state: WarRoomState, seat: int) -> InPlay:
    here = state.table[seat]
    assert here is not None, "every remaining player has a revealed card during a round"
    return here


def _card(state: WarRoomState, seat: int) -> RoomCard:
    return in_play(state, seat).card


# Round, 3: each activated card resolves its instructions in order.


class Targets(NamedTuple):
    """The legal targets of the current instruction; ``choose``: one of them must be picked."""

    seats: tuple[int, ...]
    choose: bool
    decided_by_tie: bool  # several cards share the highest/lowest VC (WR-EXTREME-TIE)


_YOURSELF = tuple(Targets((seat,), False, False) for seat in range(len(NAMES)))
_NOBODY = Targets((), False, False)


def current_instruction(state: WarRoomState) -> tuple[int, RoomCard, Instruction]:
    owner = state.queue[0]
    here = state.table[owner]
    assert here is not None, "an activating player has a revealed card"
    return owner, here.card, here.card.instructions[state.instruction]


def targets(state: WarRoomState, owner: int, step: Instruction) -> Targets:
    """Only the current round's revealed cards can be targets; never stacks or collections."""
    if step.target == "self":
        return _YOURSELF[owner]
    if step.target in ("chosen-ally", "all-allies"):
        return _NOBODY  # individual play: no friendly card (WR-TEAMS)
    table = state.table
    opponents = tuple([s for s in state.clockwise(state.remaining)
                       if s != owner and table[s] is not None])
    if step.target == "all-opponents":
        return Targets(opponents, False, False)
    if step.target == "chosen-opponent":
        return Targets(opponents, len(opponents) > 1, False)
    pick: Callable[..., int] = max if step.target == "highest-opponent" else min
    vcs = {s: x.vc for s in opponents if (x := table[s]) is not None}
    extreme = pick(vcs.values())
    tied = tuple([s for s in opponents if vcs[s] == extreme])
    several = len(tied) > 1
    return Targets(tied, several and state.rules.extreme_tie == "chooser", several)


def choices(state: WarRoomState) -> tuple[str, tuple[str, ...]] | None:
    """The decision the current instruction needs, or None when it resolves by itself."""
    owner, _, step = current_instruction(state)
    return _choices(step, targets(state, owner, step))


def _choices(step: Instruction, legal: Targets) -> tuple[str, tuple[str, ...]] | None:
    if not legal.seats:
        return None
    optional = () if step.mandatory else (SKIP,)
    if legal.choose:
        return "target", tuple([TARGET[s] for s in legal.seats]) + optional
    return ("use", (USE, SKIP)) if optional else None


def resolve(
    state: WarRoomState,
    action: str | None,
    events: list[WarRoomEvent],
    known: tuple[int, RoomCard, Instruction, Targets] | None = None,
) -> WarRoomState:
    """Resolve the current instruction; ``action`` is the player's choice (None: no choice).
    ``known``: the current instruction and its targets, when the caller has them already."""
    if known is None:
        owner, card, step = current_instruction(state)
        legal = targets(state, owner, step)
    else:
        owner, card, step, legal = known
    number = state.instruction + 1
    counts, table = state.counts, state.table
    if action == SKIP:
        events.append(Skipped(owner, card, number, step))
    elif not legal.seats:
        rule = "WR-TEAMS" if step.kind == "defend-ally" else "WR-NO-TARGET"
        events.append(NoTarget(owner, card, number, step, rule))
        counts = counts.plus(no_target=1)
    else:
        hit: tuple[int, ...]
        if action is not None and action.startswith("target "):
            hit, how = (NAMES.index(action.removeprefix("target ")),), "chosen"
        else:
            hit = legal.seats
            how = ("all-tied" if legal.decided_by_tie else
                   "fixed" if step.target in ("self", "all-opponents") else "only")
        rule = ("WR-EXTREME-TIE" if legal.decided_by_tie else
                "WR-TARGET-CHOICE" if how == "chosen" else
                "WR-DEFEND" if step.kind == "defend" else "WR-ATTACK")
        after = list(table)
        hits = []
        change = step.change
        for seat in hit:
            card_hit, vc = in_play(state, seat)
            after[seat] = InPlay(card_hit, vc + change)  # never clamped (WR-VC)
            hits.append(Hit(seat, vc, vc + change))
        events.append(InstructionResolved(owner, card, number, step, tuple(hits), how, rule))
        table = tuple(after)
        counts = counts.plus(instructions=1)
    if number < len(card.instructions):
        return _with(state, table=table, counts=counts, instruction=number)
    # The card has resolved: it counts as activated in this cycle from now on.
    state = _with(state, table=table, counts=counts, queue=state.queue[1:], instruction=0,
                  activated=_set(state.activated, owner, True))
    if state.queue:
        events.append(_activates(state, state.queue[0]))
    return state


# Round, 4 and 5, and the tie-break: compare, then collect or go on with the tied players.


def compare(state: WarRoomState, events: list[WarRoomEvent]) -> WarRoomState:
    table = state.table
    compared = tuple([(p, x.vc) for p in state.participants if (x := table[p]) is not None])
    lowest_vc = min([vc for _, vc in compared])
    lowest = tuple([p for p, vc in compared if vc == lowest_vc])
    events.append(Compared(state.round, state.step, compared, lowest,
                           "WR-COMPARE" if state.step == 0 else "WR-TIE"))
    if len(lowest) == 1:
        return _collect(state, lowest[0], events)
    if state.step > 0 and _stalemated(state, lowest):
        events.append(Stalemate(state.round, state.step, lowest, state.rules.stalemate_when))
        state = _with(state, counts=state.counts.plus(stalemates=1))
        if state.rules.stalemate == "void":
            events.append(StalemateSettled(state.round, lowest, None))
            return _void(state, events)
        index, rng = state.rng.below(len(lowest))
        events.append(StalemateSettled(state.round, lowest, lowest[index]))
        return _collect(_with(state, rng=rng), lowest[index], events)
    left = tuple(p for p in state.participants if p not in lowest)
    events.append(TieBreak(state.round, state.step + 1, lowest, left))
    n = len(state.stacks)
    return _with(state, step=state.step + 1, participants=lowest, declared=(None,) * n,
                 shown=(None,) * n, phase="declare", step_start=state.vcs(),
                 counts=state.counts.plus(tie_breaks=1))


def _stalemated(state: WarRoomState, tied: tuple[int, ...]) -> bool:
    """Whether this tie-break step can be repeated forever (ruling WR-STALEMATE-WHEN)."""
    if state.rules.stalemate_when == "same-tie":
        return tied == state.participants
    return state.vcs() == state.step_start


def _collect(state: WarRoomState, winner: int, events: list[WarRoomEvent]) -> WarRoomState:
    table = state.table
    won = tuple([x.card for s in state.clockwise(state.remaining) if (x := table[s]) is not None])
    events.append(Collected(state.round, winner, won))
    collections = _set(state.collections, winner, state.collections[winner] + won)
    return _after_round(_with(state, collections=collections,
                              table=(None,) * len(state.table), first=winner), events)


def _void(state: WarRoomState, events: list[WarRoomEvent]) -> WarRoomState:
    back = tuple((s, x.card) for s in state.clockwise(state.remaining)
                 if (x := state.table[s]) is not None)
    stacks = list(state.stacks)
    for seat, card in back:
        stacks[seat] = (*stacks[seat], card)
    events.append(ReturnedUnder(state.round, back))
    return _after_round(_with(state, stacks=tuple(stacks), table=(None,) * len(state.table)),
                        events)


# After each round: eliminations, the reshuffle, the end of the game, or the next reveal.


def _after_round(state: WarRoomState, events: list[WarRoomEvent]) -> WarRoomState:
    stacks, collections = state.stacks, state.collections
    out = tuple([p for p in state.remaining if not stacks[p] and not collections[p]])
    counts, remaining = state.counts, state.remaining
    if out:
        events.append(Eliminated(state.round, out))
        counts = counts.plus(eliminations=len(out))
        remaining = tuple(p for p in remaining if p not in out)
    state = _with(state, remaining=remaining, counts=counts, phase="declare", queue=(),
                  participants=())
    if len(remaining) <= 1:
        winner = remaining[0] if remaining else None
        over = GameOver(winner, "last-player" if remaining else "nobody", state.round, "WR-END")
        events.append(over)
        return _with(state, outcome=Outcome(remaining, over))
    lesson = state.rules.lesson_rounds
    if lesson is not None and state.round >= lesson:
        return _lesson_over(state, events)
    empty = tuple([p for p in remaining if not stacks[p]])
    if empty:
        mixed, emptied, rng = list(stacks), list(collections), state.rng
        for seat in remaining:
            mixed[seat], rng = rng.shuffled(mixed[seat] + emptied[seat])
            emptied[seat] = ()
        events.append(Reshuffled(state.round, empty, tuple((s, len(mixed[s]))
                                                           for s in remaining)))
        state = _with(state, stacks=tuple(mixed), collections=tuple(emptied), rng=rng,
                      counts=state.counts.plus(reshuffles=1))
    if state.rules.round_limit is not None and state.round >= state.rules.round_limit:
        over = GameOver(None, "limit", state.round, "WR-MAX-ROUNDS")
        events.append(over)
        return _with(state, outcome=Outcome((), over, unfinished=True))
    return _with(state, phase="reveal")  # the next round begins: a moment of its own


def _lesson_over(state: WarRoomState, events: list[WarRoomEvent]) -> WarRoomState:
    outcome = lesson_end(state.stacks, state.collections, state.remaining, state.round)
    assert isinstance(outcome.because, GameOver)
    events.append(outcome.because)
    return _with(state, outcome=outcome)


def lesson_end(stacks: tuple[Pile, ...], collections: tuple[Pile, ...],
               remaining: tuple[int, ...], last: int) -> Outcome:
    """House rule WR-HOUSE-LESSON: the lesson's last round is played, so the game ends, won
    by whoever holds the most cards (draw stack and collection pile); a tie shares the win."""
    held = tuple((p, len(stacks[p]) + len(collections[p])) for p in remaining)
    most = max(count for _, count in held)
    winners = tuple(p for p, count in held if count == most)
    return Outcome(winners, GameOver(winners[0] if len(winners) == 1 else None, "lesson", last,
                                     HOUSE_LESSON, held))


# Stepping: take every step that needs no choice, stop at the next decision.


def advance(state: WarRoomState, events: list[WarRoomEvent]) -> WarRoomState:
    seen: set[tuple[object, ...]] = set()  # round starts passed with nobody choosing
    while state.outcome is None:
        if state.phase == "declare" and state.step == 0 and not any(state.declared):
            # A round in which a card can activate starts with a choice, which returns from
            # here: it needs its position only if it may repeat one (seen is not empty).
            forced = not any([x.card.instructions for x in state.table if x is not None])
            if seen or forced:
                position = (state.stacks, state.collections, state.first, state.table,
                            state.rng)
                if position in seen:
                    return _endless(state, events)
                seen.add(position)
        after = moment_after(state, events)
        if after is None:
            return state
        state = after
    return state


def moment_after(state: WarRoomState, events: list[WarRoomEvent]) -> WarRoomState | None:
    """The next moment of the game from ``state`` if it needs nobody's choice (the reveal,
    a declaration or an instruction with only one way to go, the comparison); None if it
    waits for a choice."""
    if state.phase == "reveal":
        return _reveal(state, events)
    if state.phase == "resolve":
        if not state.queue:
            return compare(state, events)
        owner, card, step = current_instruction(state)
        legal = targets(state, owner, step)
        if _choices(step, legal) is not None:
            return None
        return resolve(state, None, events, (owner, card, step, legal))
    player = next_to_declare(state)
    assert player is not None, "a declare phase always has someone to declare"
    if may_activate(state, player):
        return None
    # Only 'decline' is possible, and everyone can see why: decline without asking.
    card = _card(state, player)
    again = card.can_activate
    events.append(AutoDeclined(player, card, state.step, again,
                               "WR-REACTIVATE" if again else "WR-NO-ACTIVATION"))
    return declare(state, player, DECLINE, events)


def _endless(state: WarRoomState, events: list[WarRoomEvent]) -> WarRoomState:
    """WR-ENDLESS: a round came back exactly as before and nobody had a choice in between,
    so the game can only repeat itself; without this check it would never return."""
    over = GameOver(None, "endless", state.round, "WR-ENDLESS")
    events.append(over)
    return _with(state, outcome=Outcome((), over, unfinished=True))


_last_decision: tuple[WarRoomState | None, Decision | None] = (None, None)
_DECLARE = tuple(Decision(seat, "declare", (ACTIVATE, DECLINE)) for seat in range(len(NAMES)))


def decision(state: WarRoomState) -> Decision | None:
    """Who must choose what now. A step asks this of one state several times (the game,
    the legality check, the refusal words), so the last answer is kept: a state never
    changes, and holding it keeps its identity from being reused."""
    global _last_decision
    last, answer = _last_decision
    if last is not state:
        answer = _decision(state)
        _last_decision = state, answer
    return answer


def _decision(state: WarRoomState) -> Decision | None:
    if state.outcome is not None:
        return None
    if state.phase == "resolve":
        needed = choices(state)
        assert needed is not None, "advance stops only where a choice is needed"
        return Decision(state.queue[0], needed[0], needed[1])
    player = next_to_declare(state)
    assert player is not None
    return _DECLARE[player]


def play(state: WarRoomState, action: str) -> tuple[WarRoomState, tuple[WarRoomEvent, ...]]:
    """One checked action (the caller has checked it is legal), then every automatic step."""
    events: list[WarRoomEvent] = []
    return advance(choose(state, action, events), events), tuple(events)


def choose(state: WarRoomState, action: str, events: list[WarRoomEvent]) -> WarRoomState:
    """The moment right after the choice ``action``: a declaration, or a resolving choice."""
    if state.phase == "declare":
        player = next_to_declare(state)
        assert player is not None
        events.append(Declared(player, state.step, "WR-DECLARE" if state.step == 0 else "WR-TIE"))
        return declare(state, player, action, events)
    return resolve(state, action, events)
