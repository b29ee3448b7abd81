"""The engine contract every variant speaks, and :class:`Game`, a played game.

A variant is an object with a handful of pure functions over immutable states:

- ``new_game(rules, seed, stacked)`` deals and returns the first state and events;
- ``decision(state)`` says who must choose what, with the legal actions (``None``
  once the game is over);
- ``apply(state, action)`` returns the next state and the events of that step;
- ``explain(event)`` turns an event's facts into plain English, in one place;
- ``why_not(state, action)`` says in plain words why an action is refused (None: legal);
- ``view(state, player)`` is what that player may see (``None``: the teacher's
  "show everything");
- ``outcome(state)`` is the result once there is one;
- ``agents`` names the variant's computer players, each made fresh per game and seat.

Actions are short strings ("turn", "play 9S", "support"), so that a game is a seed,
the rules and a list of strings: see :mod:`wartutor.core.trace`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any, Generic, Protocol, TypeVar

from wartutor.core.chance import check_seed
from wartutor.core.errors import BadInput, quoted
from wartutor.core.position import check_position, position_set
from wartutor.core.voice import Voice
from wartutor.language import _

StateT = TypeVar("StateT")

Agent = Callable[[Any, "Decision"], str]
"""An agent maps a player's view and the decision it faces to one legal action."""

AgentMaker = Callable[[int, int], Agent]
"""Makes a fresh agent for (player, seed): agents may remember, so one per game and seat."""


class Event(Protocol):
    """A record of what happened: facts only, plus the rule or ruling that decided it."""

    @property
    def rule(self) -> str: ...


@dataclass(frozen=True)
class Decision:
    """Who must choose now, what kind of choice it is, and every legal action."""

    player: int
    kind: str
    legal_actions: tuple[str, ...]


@dataclass(frozen=True)
class Outcome:
    """How a game ended: the winners (none for a draw) and the event that ended it.

    ``unfinished`` marks a game stopped by a length limit: neither a win nor a draw.
    """

    winners: tuple[int, ...]
    because: Event
    unfinished: bool = False

    @property
    def draw(self) -> bool:
        return not self.winners and not self.unfinished


@dataclass(frozen=True)
class Summary:
    """A finished (or abandoned) game in numbers, for simulation tables.

    ``winners`` is empty for a draw and ``None`` for a game stopped unfinished;
    ``length`` is in the variant's own unit (battles, skirmishes, rounds, turns).
    """

    winners: tuple[int, ...] | None
    ending: str
    length: int
    counts: dict[str, int]

    def share(self, seat: int) -> float:
        """``seat``'s share of the win: 1 for a sole winner, 1/k for a win shared by k,
        0 for a loss, a draw or a game stopped unfinished."""
        winners = self.winners or ()
        return 1 / len(winners) if seat in winners else 0.0


class Variant(Protocol[StateT]):
    """The functions that make a set of rules playable; see the module docstring."""

    @property
    def name(self) -> str: ...

    @property
    def title(self) -> str: ...

    @property
    def rules_type(self) -> type[Any]: ...

    @property
    def length_unit(self) -> str:
        """What a game's length counts, singular: "battle", "skirmish", "round", "turn"."""
        ...

    @property
    def agents(self) -> dict[str, AgentMaker]:
        """The variant's agents by name ("random", "heuristic", ...); the first is the default."""
        ...

    @property
    def rule_titles(self) -> dict[str, str]:
        """Rule or ruling id -> a short title, for citing beside an explanation."""
        ...

    def player_names(self, rules: Any) -> tuple[str, ...]: ...

    def new_game(
        self, rules: Any, seed: int, stacked: tuple[str, ...] | None = None
    ) -> tuple[StateT, tuple[Event, ...]]: ...

    def decision(self, state: StateT) -> Decision | None: ...

    def apply(self, state: StateT, action: str) -> tuple[StateT, tuple[Event, ...]]:
        """The checked step: refuses (with :func:`check_action`) any action not legal now."""
        ...

    def explain(self, event: Event) -> str: ...

    def why_not(self, state: StateT, action: object) -> str | None:
        """None if ``action`` is legal now, else the reason in plain words (for greying out)."""
        ...

    def view(self, state: StateT, player: int | None) -> Any: ...

    def outcome(self, state: StateT) -> Outcome | None: ...

    def summarize(self, game: Game[StateT]) -> Summary: ...


def check_action(variant: Variant[StateT], state: StateT, action: object) -> Decision:
    """The pending decision, if ``action`` is legal now; else :class:`BadInput` with the reason."""
    decision = variant.decision(state)
    reason = variant.why_not(state, action)
    if decision is None or reason is not None:
        # Translators: what may be done once a game is over (after "Allowed:").
        allowed = (_("nothing: the game is over; start a new deal") if decision is None
                   else ", ".join(repr(a) for a in decision.legal_actions))
        raise BadInput(reason or _("no action is due"), allowed=allowed)
    return decision


def plain_refusal(variant: Variant[StateT], state: StateT, action: object) -> str | None:
    """A ``why_not`` for variants whose refusals need no more words than these."""
    decision = variant.decision(state)
    if decision is None:
        outcome = variant.outcome(state)
        ended = variant.explain(outcome.because) if outcome else _("The game is over.")
        # Translators: {ended} says how the game ended: "You hold all 52 cards: ...".
        return _("no action is due: {ended}").format(ended=ended)
    if action not in decision.legal_actions:
        # Translators: {action} is the refused action's code, quoted: 'play KS'.
        return _("{action} is not a legal choice now").format(action=quoted(action))
    return None


@dataclass(frozen=True)
class Step(Generic[StateT]):
    """One step of a game: the action taken (``None`` for the deal), its events, the state after."""

    action: str | None
    events: tuple[Event, ...]
    state: StateT


@dataclass(frozen=True)
class Game(Generic[StateT]):
    """A game as played so far: immutable, so undo and replay are just slicing.

    >>> from wartutor.variants import find_variant
    >>> war = find_variant("classic_war")
    >>> game = Game.new(war, seed=1, stacked=("9S 4C KD", "9H 2D 7C"))
    >>> game = game.play("turn")
    >>> print(game.outcome and war.explain(game.outcome.because))
    You hold all 6 cards: you win the game.
    >>> game
    <Game of Classic War, a stacked deal, seed 1: 1 step, won by Player 1 (seat 0)>

    A game started by :meth:`from_position` keeps that ``position`` (its description, as
    checked), and ``stacked`` is None. In a notebook a game shows its table at its last
    step, as a teacher sees it, with that step's explanations (``_repr_html_``; see
    :func:`wartutor.ui.notebook.show_game` for one seat's view, or the players' names).
    """

    variant: Variant[StateT]
    rules: Any
    seed: int
    stacked: tuple[str, ...] | None
    steps: tuple[Step[StateT], ...] = field(repr=False)
    position: dict[str, Any] | None = field(default=None, repr=False, hash=False)

    @classmethod
    def new(
        cls,
        variant: Variant[StateT],
        rules: Any = None,
        seed: int = 0,
        stacked: tuple[str, ...] | None = None,
    ) -> Game[StateT]:
        rules = _rules_of(variant, rules)
        if stacked is not None:
            _check_stacked_shape(stacked)
        state, events = variant.new_game(rules, seed, stacked)
        return cls(variant, rules, seed, stacked, (Step(None, events, state),))

    @classmethod
    def from_position(
        cls,
        variant: Variant[StateT],
        rules: Any,
        position: Mapping[str, Any],
        seed: int = 0,
    ) -> Game[StateT]:
        """A game whose first step is the variant's own state at ``position`` (see
        ``docs/positions.md``), with its event :class:`~wartutor.core.position.PositionSet`,
        then, from a stage where nobody chooses, the events of the game playing on to the
        first choice (the variant's ``play_from_position``); ``seed`` seeds whatever
        chance comes next. Refused with :class:`BadInput` saying
        what is wrong if the position is not one of this variant under these rules."""
        rules = _rules_of(variant, rules)
        build = getattr(variant, "from_position", None)
        if build is None:
            raise BadInput(f"{variant.title} has no set positions",
                           allowed="Game.new(...) for this game")
        checked = check_position(position)
        # A stage where nobody chooses plays on to the first choice: its moments are shown.
        play_from = getattr(variant, "play_from_position", None)
        if play_from is None:
            state, events = build(rules, checked, check_seed(seed)), ()
        else:
            state, events = play_from(rules, checked, check_seed(seed))
        return cls(variant, rules, seed, None,
                   (Step(None, (position_set(checked, seed), *events), state),), checked)

    @property
    def state(self) -> StateT:
        return self.steps[-1].state

    @property
    def decision(self) -> Decision | None:
        return self.variant.decision(self.state)

    @property
    def outcome(self) -> Outcome | None:
        return self.variant.outcome(self.state)

    @property
    def actions(self) -> tuple[str, ...]:
        return tuple(s.action for s in self.steps[1:] if s.action is not None)

    def play(self, action: str) -> Game[StateT]:
        """This game one step further; raises :class:`BadInput` and changes nothing if illegal."""
        state, events = self.variant.apply(self.state, action)
        # Built directly: dataclasses.replace costs more than the step itself in a quick
        # variant, and Play 10, replays and the traced simulations take thousands.
        return Game(self.variant, self.rules, self.seed, self.stacked,
                    (*self.steps, Step(action, events, state)), self.position)

    def upto(self, n_actions: int) -> Game[StateT]:
        """The game as it was after its first ``n_actions`` actions (0: just dealt)."""
        if not 0 <= n_actions < len(self.steps):
            raise BadInput(f"this game has no step {n_actions}",
                           allowed=f"a step from 0 to {len(self.steps) - 1}")
        return replace(self, steps=self.steps[: n_actions + 1])

    def __repr__(self) -> str:
        """Short and readable: the game, its deal, how far it is and how it stands."""
        deal = ("a set position, " if self.position is not None
                else "a stacked deal, " if self.stacked is not None else "")
        count = len(self.steps) - 1
        played = "just dealt" if count == 0 else f"{count:,} step{'' if count == 1 else 's'}"
        title = getattr(self.variant, "title", type(self.variant).__name__)
        return clipped(f"<Game of {title}, {deal}seed {quoted(self.seed)}: {played}, "
                       f"{self._standing()}>")

    def _standing(self) -> str:
        """Who won, or who must choose now, the seats named as a teacher's record names them."""
        own = self.variant.player_names(self.rules)
        teacher = Voice(viewer=None)

        def seat(p: int) -> str:
            return f"{teacher.name(p, own)} (seat {p})"

        outcome = self.outcome
        if outcome is None:
            decision = self.decision
            return "no decision due" if decision is None else (
                f"{seat(decision.player)} to choose ({decision.kind})")
        if outcome.unfinished:
            return "stopped unfinished"
        if outcome.draw:
            return "a draw"
        return "won by " + " and ".join(seat(p) for p in outcome.winners)

    def _repr_html_(self) -> str:
        """The table at the last step, as a teacher sees it, with that step's explanations."""
        return notebook_html("game_html", self)


REPR_LIMIT = 300  # characters: the most any plain repr of the package's values shows


def clipped(text: str, limit: int = REPR_LIMIT, end: str = ">") -> str:
    """``text`` cut to ``limit`` characters, saying so (then ``end``), for a repr whatever
    the sizes."""
    return text if len(text) <= limit else text[: limit - 4 - len(end)] + " ..." + end


def notebook_html(drawing: str, *values: Any) -> str:
    """HTML of ``values`` drawn by ``drawing``, a function of ``wartutor.ui.notebook``,
    which is imported here only when a notebook asks for a ``_repr_html_`` (as python-chess
    imports ``chess.svg``): the rules layer never loads the drawing, nor widgets, on its own.
    This is the one import of a layer above in the core (tests/test_hardening.py)."""
    from wartutor.ui import notebook

    return str(getattr(notebook, drawing)(*values))


def _check_stacked_shape(stacked: object) -> None:
    """A stacked deal is text each variant reads (a list of strings of card codes, whose
    cards and count the variant checks): anything that is not even a list or a string is
    refused here, before a variant tries to read it."""
    if not isinstance(stacked, str | tuple | list):
        raise BadInput(f"a stacked deal is a list of card strings, not {quoted(stacked)}",
                       allowed='one string of card codes per pile, such as ("9S 4C", "9H 2D")')


def _rules_of(variant: Variant[Any], rules: Any) -> Any:
    rules = variant.rules_type() if rules is None else rules
    if not isinstance(rules, variant.rules_type):
        raise BadInput(f"{quoted(rules)} is not a rules object of {variant.title}",
                       allowed=f"a {variant.rules_type.__name__}, or rules_from(...) of a dict")
    return rules


def play_out(
    game: Game[StateT], agents: dict[int, Agent], max_steps: int | None = None
) -> Game[StateT]:
    """Let agents choose until the game ends (or ``max_steps`` more steps have been taken)."""
    if max_steps is not None and max_steps < 0:
        raise BadInput(f"cannot play {max_steps} steps", allowed="None or a number from 0 up")
    taken = 0
    while (decision := game.decision) is not None and (max_steps is None or taken < max_steps):
        view = game.variant.view(game.state, decision.player)
        game = game.play(agents[decision.player](view, decision))
        taken += 1
    return game
