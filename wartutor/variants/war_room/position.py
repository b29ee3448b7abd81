"""War Room positions: a moment of a game as plain data, and the engine's state at one.

A position names every seat's draw stack (top card first) and collection pile as card
codes of the deck in use, its revealed card and that card's VC now, the round, the first
player, the tie-break step and who takes part in it, the declarations made so far (hidden
ones too: a position is the teacher's full description), the instruction being resolved,
whose choice it is, who is eliminated, and the counters the game keeps::

    {"stage": "declare", "round": 4, "first": 0, "tie_break_step": 1,
     "participants": [0, 1], "turn": 0,
     "draw": ["SC GH ...", "AR ME ...", ...], "collection": ["", "", ...],
     "revealed": ["SE", "MO", ...], "vc": [5, 5, ...]}

Stages: ``"before-the-reveal"`` (a round begins: nobody has revealed; ``round`` is the
round about to begin), ``"declare"`` (the participants declare activate or decline, in
clockwise order from the first player; ``turn`` is the next to declare), ``"resolve"`` (an
activated card's ``instruction``, numbered from 1, resolves, with a choice or by itself),
``"compare"`` (every activation of the step has resolved: the cards are compared) and
``"over"`` (``ending`` says how the game ended). From a moment where nobody chooses (a
round before its reveal, a card that can only decline, an instruction with one target,
the comparison) the game plays on by itself, as the rules do, to the next choice.

The seats' zones and marks (``draw``, ``collection``, ``revealed``, ``vc``, ``declared``,
``activated``, ``vc_as_step_began``) are lists with one entry per seat, from you (seat 0)
clockwise. Optional keys and their values when left out: ``tie_break_step`` 0 (the
round's own declarations); ``participants`` every remaining player at step 0;
``instruction`` and ``ending`` None; ``stacked`` false (true: a lesson's stacked deal,
which may leave cards of the deck out, ruling WR-STACKED); ``eliminated`` the seats
holding no card; ``counts`` the least the position itself shows; for each seat,
``revealed`` None, ``vc`` the printed VC, ``declared`` None, ``activated`` false (an
activation of that card has resolved in this reveal cycle) and ``vc_as_step_began``
(for ruling WR-STALEMATE-WHEN, in a tie-break's resolve stage) the VC now.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from wartutor.core.chance import Rng
from wartutor.core.engine import Outcome
from wartutor.core.errors import BadInput, quoted
from wartutor.core.position import (
    STACKED_MAY_LEAVE_OUT,
    Stage,
    card_codes,
    check_keys,
    choice,
    number,
    stage_names,
    text,
)
from wartutor.language import N_, _, pgettext
from wartutor.variants.war_room.deck import RoomCard
from wartutor.variants.war_room.events import GameOver, WarRoomEvent
from wartutor.variants.war_room.game import (
    ACTIVATE,
    DECLINE,
    Counts,
    InPlay,
    WarRoomState,
    advance,
    lesson_end,
    next_to_declare,
)
from wartutor.variants.war_room.rules import HOUSE_LESSON, NAMES, WarRoomRules

REVEAL, COMPARE = "before-the-reveal", "compare"  # stages where nobody chooses
# A stage's name is a value a position writes; what it is and what it needs are words.
# Translators: 'round', 'turn', 'instruction' and 'ending' are keys of a position, as
# written; None is its value for nobody.
_STAGES = (
    Stage(REVEAL, N_("A round begins: every remaining player reveals the top card of their "
                     "draw stack."),
          N_("'round' the round about to begin; no revealed card, declaration or activation; "
             "every remaining player's draw stack holding a card; 'turn' None"), False),
    Stage("declare", N_("The players in this step declare activate or decline, one by one "
                        "clockwise from the first player, hidden until all have declared."),
          N_("every remaining player's card revealed; 'turn' the next to declare"), True),
    Stage("resolve", N_("An activated card's instruction resolves: its owner chooses a target, "
                        "or whether to use an optional instruction; one with no choice "
                        "resolves by itself."),
          N_("every participant declared; 'turn' and 'instruction': the card resolving"), True),
    Stage(COMPARE, N_("Every activation of this step has resolved: the participants' cards are "
                      "compared, and the lowest VC wins."),
          N_("every participant declared, every activating card resolved; 'turn' None"), False),
    Stage("over", N_("The game is over."), N_("an 'ending' that fits who remains"), False),
)
STAGES = stage_names(_STAGES)


def stages() -> tuple[Stage, ...]:
    """The stages a War Room position may name, in the order a game meets them."""
    return _STAGES
ENDINGS = {"last-player": "WR-END", "nobody": "WR-END", "limit": "WR-MAX-ROUNDS",
           "endless": "WR-ENDLESS", "lesson": HOUSE_LESSON}  # how a game ends, and the rule
COUNTS = tuple(Counts.__dataclass_fields__)
MAX_NUMBER = 10**9  # the largest round, step, count or VC size: no game comes near it

# A seat's zones and marks are lists with one entry per seat, from you (seat 0) clockwise.
_REVEALED = N_("one card code, or None")
_SEAT_REQUIRED = ("draw", "collection")
_SEAT_OPTIONAL = ("revealed", "vc", "vc_as_step_began", "declared", "activated")
_REQUIRED = ("stage", "round", "first", "turn", *_SEAT_REQUIRED)
_OPTIONAL = ("tie_break_step", "participants", "instruction", "ending", "eliminated", "counts",
             "stacked", *_SEAT_OPTIONAL)


# A state's position.


def position_of(state: WarRoomState) -> dict[str, Any]:
    """The position of a state: every zone, the turn, the stage, the counters."""
    over = state.outcome is not None
    reveal = not over and state.phase == "reveal"
    stage = ("over" if over else REVEAL if reveal else
             COMPARE if state.phase == "resolve" and not state.queue else state.phase)
    resolving = stage in ("resolve", COMPARE)
    declarations = state.shown if resolving else state.declared
    seats: list[dict[str, Any]] = []
    for seat in range(len(state.stacks)):
        here = state.table[seat]
        seats.append({
            "draw": _codes(state.stacks[seat]),
            "collection": _codes(state.collections[seat]),
            "revealed": None if here is None else here.card.code,
            "vc": None if here is None else here.vc,
            "declared": None if over or reveal else declarations[seat],
            "activated": False if over or reveal else state.activated[seat],
            "vc_as_step_began": state.step_start[seat],
        })
    zones = {key: [entry[key] for entry in seats] for key in _SEAT_REQUIRED + _SEAT_OPTIONAL}
    if not (resolving and state.step > 0):
        del zones["vc_as_step_began"]  # needed only there: elsewhere the rules fix it
    ending = None
    if state.outcome is not None:
        assert isinstance(state.outcome.because, GameOver)
        ending = state.outcome.because.ending
    turn = (None if over or reveal or stage == COMPARE else
            state.queue[0] if stage == "resolve" else next_to_declare(state))
    return {
        "stage": stage,
        "round": state.round + reveal,  # before the reveal: the round about to begin
        "first": state.first,
        "tie_break_step": 0 if over or reveal else state.step,
        "participants": [] if reveal else list(state.participants),
        "turn": turn,
        "instruction": state.instruction + 1 if stage == "resolve" else None,
        "ending": ending,
        "eliminated": [s for s in range(len(state.stacks)) if s not in state.remaining],
        **zones,
        "counts": dict(state.counts.__dict__),
        # A stacked deal may leave cards of the deck out (WR-STACKED); a shuffled one never.
        "stacked": sum(map(len, state.stacks + state.collections))
        + sum(x is not None for x in state.table) < len(state.rules.cards.cards),
    }


def _codes(pile: tuple[RoomCard, ...]) -> str:
    return " ".join(card.code for card in pile)


# The state at a position: read, checked like a deal, then built.


def from_position(rules: WarRoomRules, position: Mapping[str, Any], seed: int) -> WarRoomState:
    """The engine's own state at ``position``, or :class:`BadInput` saying what is wrong and
    what is allowed; ``seed`` seeds the generator for the chance that comes next. At a
    stage where nobody chooses, the state the game plays on to (:func:`play_from_position`)."""
    return play_from_position(rules, position, seed)[0]


def play_from_position(
    rules: WarRoomRules, position: Mapping[str, Any], seed: int
) -> tuple[WarRoomState, tuple[WarRoomEvent, ...]]:
    """The state at the first choice (or the end) from ``position``, and the events of the
    moments on the way: none at a choice; from a stage where nobody chooses, what the
    rules do from there (the reveal, declines, instructions, the comparison)."""
    if not isinstance(rules, WarRoomRules):  # a programmer's error: in English, as Python's are
        raise BadInput(f"{quoted(rules)} is not a War Room rules object",
                       allowed="a WarRoomRules")
    events: list[WarRoomEvent] = []
    state = advance(_Reading(rules, position).state(Rng.from_seed(seed)), events)
    return state, tuple(events)


def _name(seat: int) -> str:
    return _(NAMES[seat])


def _yours(seat: int, you: str, other: str) -> str:
    """The sentence ``you`` (marked with N_) about seat 0, else ``other`` about the seat
    named {name}: "your draw stack", "{name}'s draw stack"; its fields filled after."""
    return _(you) if seat == 0 else _(other)


class _Reading:
    """One position being read: each check in the order a reader would make it."""

    def __init__(self, rules: WarRoomRules, position: Mapping[str, Any]) -> None:
        self.rules, self.deck, self.n = rules, rules.cards, rules.players
        self.p = check_keys(position, _REQUIRED, _OPTIONAL)
        self.stage: str = choice(position["stage"], _("the stage"), STAGES)
        self.over = self.stage == "over"
        self.reveal = self.stage == REVEAL
        self._read_seats()
        self._check_cards()
        self._read_table()
        self._read_round()
        self._read_step()
        self._read_declarations()
        if self.over:
            self._check_over()
        elif self.reveal:
            self._check_reveal()
        elif self.stage == "declare":
            self._check_declare()
        else:
            self._check_resolve()
        self._read_counts()

    # Zones: every card of the deck exactly once.

    def _read_seats(self) -> None:
        allowed = _("a list of {count} entries, one per seat from you (seat 0), clockwise"
                    ).format(count=self.n)
        for key in _SEAT_REQUIRED + _SEAT_OPTIONAL:
            zone = self.p.get(key)
            if zone is None and key in _SEAT_OPTIONAL:
                continue
            if not isinstance(zone, list):
                raise BadInput(_("{where} is {value}, not a list").format(
                                   where=repr(key), value=quoted(zone)), allowed=allowed)
            if len(zone) != self.n:
                raise BadInput(_("{key} has {count} entries but the rules seat {players} "
                                 "players").format(key=repr(key), count=len(zone),
                                                   players=self.n), allowed=allowed)
        self.seats: list[dict[str, Any]] = [
            {key: self.p[key][seat] for key in _SEAT_REQUIRED + _SEAT_OPTIONAL
             if self.p.get(key) is not None}
            for seat in range(self.n)]
        seats = self.seats
        self.stacks = tuple(self._pile(seat, "draw") for seat in range(self.n))
        self.collections = tuple(self._pile(seat, "collection") for seat in range(self.n))
        revealed: list[RoomCard | None] = []
        for seat, entry in enumerate(seats):
            code = entry.get("revealed")
            if code is None:
                revealed.append(None)
                continue
            where = _yours(seat, N_("your revealed card"), N_("{name}'s revealed card")).format(
                name=_name(seat))
            cards = self._parse(where, code, _(_REVEALED))
            if len(cards) != 1:
                raise BadInput(_yours(seat, N_("your revealed card is {value}: {count} cards"),
                                      N_("{name}'s revealed card is {value}: {count} cards"))
                               .format(name=_name(seat), value=quoted(code), count=len(cards)),
                               allowed=_(_REVEALED))
            revealed.append(cards[0])
        self.revealed = tuple(revealed)

    def _pile(self, seat: int, key: str) -> tuple[RoomCard, ...]:
        where = (_yours(seat, N_("your draw pile"), N_("{name}'s draw pile")) if key == "draw"
                 else _yours(seat, N_("your collection pile"), N_("{name}'s collection pile")))
        return self._parse(where.format(name=_name(seat)), self.seats[seat][key],
                           card_codes("SC SN", top_first=True))

    def _parse(self, what: str, codes: Any, allowed: str) -> tuple[RoomCard, ...]:
        return self.deck.parse(text(codes, what, allowed))  # copies of a card may lie together

    def _check_cards(self) -> None:
        held = [c for pile in self.stacks + self.collections for c in pile]
        held += [c for c in self.revealed if c is not None]
        stacked = choice(self.p.get("stacked", False), "'stacked'", (False, True))
        # The deck's and its cards' names are the deck file's, in every language.
        allowed = (_("every card of the deck {deck} ({count} cards) exactly once across the "
                     "draw stacks, collection piles and revealed cards; with 'stacked' true, as "
                     "in a stacked deal, at most that many of each") if stacked else
                   _("every card of the deck {deck} ({count} cards) exactly once across the "
                     "draw stacks, collection piles and revealed cards") + _(STACKED_MAY_LEAVE_OUT)
                   ).format(deck=repr(self.deck.name), count=len(self.deck.cards))
        for kind, copies in zip(self.deck.kinds, self.deck.copies, strict=True):
            count = held.count(kind)
            if count > copies or (count < copies and not stacked):
                wrong = (_("the position holds {count} {kind} cards ({code}) but the deck has "
                           "{copies}: {off} missing") if count < copies else
                         _("the position holds {count} {kind} cards ({code}) but the deck has "
                           "{copies}: {off} too many"))
                raise BadInput(wrong.format(count=count, kind=kind.name, code=kind.code,
                                            copies=copies, off=abs(copies - count)),
                               allowed=allowed)

    # Who is still in, and what is on the table.

    def _read_table(self) -> None:
        holding = [s for s in range(self.n)
                   if self.stacks[s] or self.collections[s] or self.revealed[s] is not None]
        eliminated = self.p.get("eliminated")
        if eliminated is not None:
            listed = self._seat_list("'eliminated'", eliminated)
            for seat in range(self.n):
                if (seat in listed) == (seat in holding):
                    problem = (_("{name} is eliminated but holds cards") if seat in listed
                               else _("{name} holds no card but is not eliminated"))
                    raise BadInput(problem.format(name=_name(seat)),
                                   allowed=_("eliminated: exactly the seats that hold no card "
                                             "(WR-ELIMINATE)"))
        self.remaining = tuple(holding)
        self.first = self._seat("'first'", self.p["first"])
        if not self.over:
            if len(self.remaining) < 2:
                # Translators: {count} is 0 or 1.
                raise BadInput(_("only {count} player remains, so the game is over").format(
                                   count=len(self.remaining)),
                               allowed=_("the stage 'over', or at least two players holding "
                                         "cards"))
            for seat in () if self.reveal else self.remaining:
                if self.revealed[seat] is None:
                    raise BadInput(_("{name} remains but has no revealed card").format(
                                       name=_name(seat)),
                                   allowed=_("during a round, every remaining player has "
                                             "revealed the top card of their draw stack "
                                             "(WR-REVEAL)"))
            if self.first not in self.remaining:
                raise BadInput(_("the first player, {name}, is eliminated").format(
                                   name=_name(self.first)),
                               allowed=_("a remaining player: {seats}").format(
                                   seats=self._seats_text(self.remaining)))
        table: list[InPlay | None] = []
        for seat, card in enumerate(self.revealed):
            vc = self.seats[seat].get("vc")
            if card is None:
                if vc is not None:
                    raise BadInput(_yours(seat, N_("your card has a VC but no card is revealed"),
                                          N_("{name}'s card has a VC but no card is revealed"))
                                   .format(name=_name(seat)),
                                   allowed=_("a 'vc' only beside a 'revealed' card"))
                table.append(None)
                continue
            vc = card.vc if vc is None else number(
                vc, _yours(seat, N_("your VC"), N_("{name}'s VC")).format(name=_name(seat)),
                -MAX_NUMBER, MAX_NUMBER)
            table.append(InPlay(card, vc))
        self.table = tuple(table)

    def _seat(self, where: str, value: Any) -> int:
        if type(value) is not int or not 0 <= value < self.n:
            raise BadInput(_("{where} is {value}, not a seat").format(where=where,
                                                                      value=quoted(value)),
                           allowed=_("a seat number from 0 (you) to {last}").format(
                               last=self.n - 1))
        return value

    def _seat_list(self, where: str, value: Any) -> tuple[int, ...]:
        if not isinstance(value, list):
            raise BadInput(_("{where} is {value}, not a list of seats").format(
                               where=where, value=quoted(value)),
                           allowed=_("a list of seat numbers from 0 to {last}").format(
                               last=self.n - 1))
        seats = tuple(self._seat(_("an entry of {where}").format(where=where), s)
                      for s in value)
        if len(set(seats)) != len(seats):
            raise BadInput(_("{where} names a seat twice").format(where=where),
                           allowed=_("each seat at most once"))
        return seats

    def _seats_text(self, seats: tuple[int, ...]) -> str:
        return (", ".join(f"{s} ({_name(s)})" for s in seats)
                or pgettext("no seats", "none"))

    def clockwise(self, seats: tuple[int, ...]) -> tuple[int, ...]:
        return tuple(sorted(seats, key=lambda s: (s - self.first) % self.n))

    # The round, the tie-break step and who is in it.

    def _read_round(self) -> None:
        # A game ends at its limit, or at a lesson's last round (a house rule).
        limits = [n for n in (self.rules.round_limit, self.rules.lesson_rounds) if n is not None]
        self.round = number(self.p["round"], "'round'", 1, min(limits, default=MAX_NUMBER))

    def _read_step(self) -> None:
        step = self.p.get("tie_break_step", 0)
        self.step = number(step, "'tie_break_step'", 0, MAX_NUMBER)
        everyone = self.clockwise(self.remaining)
        given = self.p.get("participants")
        if self.over:
            if self.step:
                raise BadInput(_("a game that is over has no tie-break step"),
                               allowed=_("'tie_break_step' 0 or left out"))
            fresh = self.p.get("ending") == "endless"  # it stopped as a round began
            expected = everyone if fresh else ()
            if given is not None and self.clockwise(self._seat_list("'participants'", given)) \
                    != expected:
                raise BadInput(_("a game that is over has no participants in a step") if not fresh
                               else _("a game stopped as endless stopped as a round began"),
                               allowed=_("'participants' {seats} or left out").format(
                                   seats=list(expected)))
            self.participants = expected
            return
        if self.reveal:
            if self.step or given not in (None, []):
                raise BadInput(_("a round before its reveal has no tie-break step or "
                                 "participants"),
                               allowed=_("'tie_break_step' 0 and 'participants' [] or left out"))
            self.participants = ()
            return
        if given is None:
            if self.step:
                raise BadInput(_("a tie-break step needs its 'participants'"),
                               allowed=_("the list of the tied players' seats"))
            self.participants = everyone
            return
        participants = self.clockwise(self._seat_list("'participants'", given))
        if self.step == 0 and participants != everyone:
            raise BadInput(_("the round's own declarations are made by every remaining player, "
                             "not only {seats}").format(seats=self._seats_text(participants)),
                           allowed=_("participants {seats} (WR-DECLARE)").format(
                               seats=self._seats_text(everyone)))
        for seat in participants:
            if seat not in self.remaining:
                raise BadInput(_("{name} takes part in the tie-break but is eliminated").format(
                                   name=_name(seat)),
                               allowed=_("remaining players only"))
        if len(participants) < 2:
            # Translators: {count} is 0 or 1.
            raise BadInput(_("a tie-break step with {count} player").format(
                               count=len(participants)),
                           allowed=_("at least two tied players (WR-TIE)"))
        self.participants = participants

    # Declarations and activations.

    def _read_declarations(self) -> None:
        declared: list[str | None] = []
        activated: list[bool] = []
        for seat, entry in enumerate(self.seats):
            said = entry.get("declared")
            if said not in (None, ACTIVATE, DECLINE):
                raise BadInput(_yours(seat, N_("your declaration is {value}"),
                                      N_("{name}'s declaration is {value}")).format(
                                   name=_name(seat), value=quoted(said)),
                               allowed=_("'activate', 'decline' or None (not declared)"))
            if said is not None and seat not in self.participants:
                raise BadInput(_("{name} has declared but takes no part in this step").format(
                                   name=_name(seat)),
                               allowed=_("declarations from the participants only (WR-TIE)"))
            card = self.revealed[seat]
            if said == ACTIVATE and (card is None or not card.can_activate):
                raise BadInput(_yours(seat, N_("You declared 'activate' but your card has no "
                                               "activation"),
                                      N_("{name} declared 'activate' but {name}'s card has no "
                                         "activation")).format(name=_name(seat)),
                               allowed=_("'decline' (WR-NO-ACTIVATION)"))
            done = entry.get("activated")
            done = choice(False if done is None else done,
                          _yours(seat, N_("your 'activated'"), N_("{name}'s 'activated'"))
                          .format(name=_name(seat)), (False, True))
            if done and (card is None or not card.can_activate):
                raise BadInput(_yours(seat, N_("your card is marked activated but has no "
                                               "activation"),
                                      N_("{name}'s card is marked activated but has no "
                                         "activation")).format(name=_name(seat)),
                               allowed=_("'activated' true only for a revealed card with "
                                         "instructions"))
            if done and self.step == 0 and self.stage == "declare":
                raise BadInput(_yours(seat, N_("your card is marked activated before anyone has "
                                               "declared this reveal cycle"),
                                      N_("{name}'s card is marked activated before anyone has "
                                         "declared this reveal cycle")).format(name=_name(seat)),
                               allowed=_("'activated' false in the round's own declare stage"))
            declared.append(said)
            activated.append(done)
        self.declared = tuple(declared)
        self.activated = tuple(activated)

    def _may_activate(self, seat: int) -> bool:
        card = self.revealed[seat]
        if card is None or not card.can_activate:
            return False
        return not (self.rules.reactivate == "once-per-cycle" and self.activated[seat])

    def _check_activations_allowed(self, seats: tuple[int, ...]) -> None:
        for seat in seats:
            if self.declared[seat] == ACTIVATE and not self._may_activate(seat):
                raise BadInput(_yours(seat, N_("You declared 'activate' but your card has "
                                               "activated already in this reveal cycle"),
                                      N_("{name} declared 'activate' but {name}'s card has "
                                         "activated already in this reveal cycle")).format(
                                   name=_name(seat)),
                               allowed=_("'decline' under ruling WR-REACTIVATE "
                                         "'once-per-cycle'"))

    def _check_turn(self, expected: int | None, why: str) -> None:
        turn = self.p["turn"]
        if turn != expected or type(turn) is not type(expected):
            allowed = "None" if expected is None else f"{expected} ({_name(expected)})"
            # Translators: {why} is a sentence of its own, such as "Ana is next to declare".
            raise BadInput(_("'turn' is {turn}, but {why}").format(turn=quoted(turn), why=why),
                           allowed=f"'turn' {allowed}")

    def _refuse_extra(self, key: str, why: str) -> None:
        if self.p.get(key) is not None:
            raise BadInput(_("{key} is {value} in the stage {stage}").format(
                               key=repr(key), value=quoted(self.p[key]), stage=repr(self.stage)),
                           # Translators: {why} is a sentence of its own: "nothing resolves
                           # before the reveal".
                           allowed=_("None or left out: {why}").format(why=why))

    def _step_began(self, expected: list[int | None] | None) -> tuple[int | None, ...]:
        """Every card's VC as the step began: given (resolve, tie-break) or ``expected``."""
        began: list[int | None] = []
        for seat, here in enumerate(self.table):
            value = self.seats[seat].get("vc_as_step_began")
            default = None if here is None else here.vc
            if expected is not None:
                default = expected[seat]
            if value is None:
                began.append(default)
                continue
            if here is None:
                raise BadInput(_yours(seat, N_("your 'vc_as_step_began' is given but no card is "
                                               "revealed"),
                                      N_("{name}'s 'vc_as_step_began' is given but no card is "
                                         "revealed")).format(name=_name(seat)),
                               allowed=_("None or left out"))
            value = number(value, _yours(seat, N_("your 'vc_as_step_began'"),
                                         N_("{name}'s 'vc_as_step_began'")).format(
                                             name=_name(seat)), -MAX_NUMBER, MAX_NUMBER)
            if expected is not None and value != expected[seat]:
                raise BadInput(_yours(seat, N_("your 'vc_as_step_began' is {value}, but it is "
                                               "{expected} here"),
                                      N_("{name}'s 'vc_as_step_began' is {value}, but it is "
                                         "{expected} here")).format(
                                   name=_name(seat), value=value, expected=expected[seat]),
                               allowed=_("{expected} or left out: no VC changes while players "
                                         "declare, and the round's own step begins at the "
                                         "printed VCs").format(expected=expected[seat]))
            began.append(value)
        return tuple(began)

    def _check_tied(self, vcs: tuple[int | None, ...], as_began: bool) -> None:
        if self.step and len({vcs[p] for p in self.participants}) > 1:
            shown = ", ".join(f"{_name(p)} {vcs[p]}" for p in self.participants)
            raise BadInput((_("the tie-break's players are not tied as the step began "
                              "({shown})") if as_began else
                            _("the tie-break's players are not tied ({shown})")).format(
                                shown=shown),
                           allowed=_("participants whose cards shared the lowest VC as the step "
                                     "began (WR-TIE)"))

    def _check_printed(self, why: str) -> None:
        for seat, here in enumerate(self.table):
            if here is not None and here.vc != here.card.vc:
                # Translators: {card} is a card's name from the deck file: "Scout".
                raise BadInput(_yours(seat, N_("your {card} has VC {vc}, but {why}"),
                                      N_("{name}'s {card} has VC {vc}, but {why}")).format(
                                   name=_name(seat), card=here.card.name, vc=here.vc, why=why),
                               allowed=_("its printed VC {vc} (WR-REVEAL)").format(
                                   vc=here.card.vc))

    def _check_declare(self) -> None:
        self._refuse_extra("instruction", _("an instruction resolves in the stage 'resolve'"))
        self._refuse_extra("ending", _("a game goes on in the stage 'declare'"))
        order = self.participants
        made = [self.declared[p] is not None for p in order]
        if all(made):
            raise BadInput(_("every participant has declared, so the declarations are shown and "
                             "resolve"),
                           allowed=_("the stage 'resolve', or a participant still to declare"))
        count = made.index(False)
        if any(made[count:]):
            raise BadInput(_("{name} has declared before {other}").format(
                               name=_name(order[made.index(True, count)]),
                               other=_name(order[count])),
                           allowed=_("declarations in clockwise order from the first player: "
                                     "{seats}").format(seats=self._seats_text(order)))
        self._check_activations_allowed(order)
        turn = order[count]  # (one whose card can only decline declines unasked)
        self._check_turn(turn, _("{name} is next to declare").format(name=_name(turn)))
        if self.step == 0:
            self._check_printed(_("nothing has resolved yet in this round"))
        self.step_start = self._step_began(list(self.vcs()))
        self._check_tied(self.vcs(), as_began=False)
        self.queue: tuple[int, ...] = ()
        self.instruction = 0

    def _check_reveal(self) -> None:
        """A round before its reveal: the last one settled, its eliminations and reshuffle
        done (WR-ELIMINATE, WR-RESHUFFLE)."""
        self._check_turn(None, _("nobody chooses before the reveal"))
        self._refuse_extra("instruction", _("nothing resolves before the reveal"))
        self._refuse_extra("ending", _("a game goes on before the reveal"))
        for seat, card in enumerate(self.revealed):
            if card is not None:
                raise BadInput(_("{name} has a revealed card before the reveal").format(
                                   name=_name(seat)),
                               allowed=_("no revealed card: the last round's were collected"))
        for seat in self.remaining:
            if not self.stacks[seat]:
                raise BadInput(_yours(seat, N_("your draw stack is empty before the reveal"),
                                      N_("{name}'s draw stack is empty before the reveal"))
                               .format(name=_name(seat)),
                               allowed=_("a card in every remaining player's draw stack: after "
                                         "a round, an empty one is shuffled together with the "
                                         "collection piles (WR-RESHUFFLE)"))
        self.step_start = (None,) * self.n
        self.queue, self.instruction = (), 0

    def vcs(self) -> tuple[int | None, ...]:
        return tuple(None if here is None else here.vc for here in self.table)

    def _check_resolve(self) -> None:
        self._refuse_extra("ending", _("a game goes on in the stage 'resolve'"))
        order = self.participants
        for seat in order:
            if self.declared[seat] is None:
                raise BadInput(_("{name} has not declared, so nothing resolves yet").format(
                                   name=_name(seat)),
                               allowed=_("the stage 'declare', or a declaration from every "
                                         "participant (WR-DECLARE)"))
        activating = tuple(p for p in order if self.declared[p] == ACTIVATE)
        turn = self.p["turn"]
        if self.stage == COMPARE:
            self._check_turn(None, _("every activation has resolved: the cards are compared"))
            self._refuse_extra("instruction", _("every activation has resolved"))
            resolved = activating
        elif not activating:
            raise BadInput(_("nobody activates, so the cards are compared at once"),
                           allowed=_("at least one participant declaring 'activate', or the "
                                     "stage {stage}").format(stage=repr(COMPARE)))
        elif turn not in activating or type(turn) is not int:
            raise BadInput(_("'turn' is {turn}, but only an activating player's card resolves")
                           .format(turn=quoted(turn)),
                           allowed=_("one of {seats}").format(
                               seats=self._seats_text(activating)))
        else:
            resolved = activating[: activating.index(turn)]
        self.queue = activating[len(resolved):]
        self._check_activations_allowed(self.queue)
        for seat in range(self.n):
            done = self.activated[seat]
            if seat in resolved and not done:
                raise BadInput(_yours(seat, N_("your card has resolved this step but is not "
                                               "marked activated"),
                                      N_("{name}'s card has resolved this step but is not "
                                         "marked activated")).format(name=_name(seat)),
                               allowed=_yours(seat, N_("your 'activated' true"),
                                              N_("{name}'s 'activated' true")).format(
                                   name=_name(seat)))
            if done and self.step == 0 and seat not in resolved:
                raise BadInput(_yours(seat, N_("your card is marked activated but has not "
                                               "resolved in this reveal cycle"),
                                      N_("{name}'s card is marked activated but has not "
                                         "resolved in this reveal cycle")).format(
                                   name=_name(seat)),
                               allowed=_yours(seat, N_("your 'activated' false"),
                                              N_("{name}'s 'activated' false")).format(
                                   name=_name(seat)))
        if self.stage == COMPARE:
            at, self.instruction = 1, 0
        else:
            card = self.revealed[turn]
            assert card is not None
            at = number(self.p.get("instruction"), "'instruction'", 1, len(card.instructions))
            self.instruction = at - 1
        printed = [None if c is None else c.vc for c in self.revealed]
        self.step_start = self._step_began(printed if self.step == 0 else None)
        self._check_tied(self.step_start, as_began=True)
        if not resolved and at == 1 and self.queue:
            began = self.step_start
            for seat, here in enumerate(self.table):
                if here is not None and here.vc != began[seat]:
                    raise BadInput(_yours(seat, N_("your card has VC {vc} though nothing has "
                                                   "resolved yet in this step"),
                                          N_("{name}'s card has VC {vc} though nothing has "
                                             "resolved yet in this step")).format(
                                       name=_name(seat), vc=here.vc),
                                   allowed=_("the VC it began the step with, {vc}").format(
                                       vc=began[seat]))

    def _check_over(self) -> None:
        ending = self.p.get("ending")
        if ending not in ENDINGS:
            raise BadInput(_("a game that is over ends as {ending}").format(ending=quoted(ending)),
                           allowed=_("'ending' one of {endings}").format(
                               endings=", ".join(map(repr, ENDINGS))))
        self.ending: str = ending
        self._check_turn(None, _("nobody chooses once the game is over"))
        self._refuse_extra("instruction", _("nothing resolves once the game is over"))
        left = len(self.remaining)
        needed = {"last-player": left == 1, "nobody": left == 0,
                  "limit": left >= 2 and self.round == self.rules.round_limit,
                  "endless": left >= 2,
                  "lesson": left >= 2 and self.round == self.rules.lesson_rounds}[ending]
        if not needed:
            allowed = {"last-player": _("exactly one player holding cards"),
                       "nobody": _("no player holding cards"),
                       "limit": _("at least two players holding cards and 'round' equal to the "
                                  "rules' round_limit ({limit})").format(
                                      limit=self.rules.round_limit),
                       "endless": _("at least two players holding cards"),
                       "lesson": _("at least two players holding cards and 'round' equal to "
                                   "the rules' lesson_rounds ({rounds}), house rule {rule}")
                       .format(rounds=self.rules.lesson_rounds, rule=HOUSE_LESSON)}[ending]
            raise BadInput(_("the ending {ending} does not fit {count} remaining players in "
                             "round {round}").format(ending=repr(ending), count=left,
                                                     round=self.round), allowed=allowed)
        for seat in range(self.n):
            if self.declared[seat] is not None or self.activated[seat]:
                raise BadInput(_("{name} has a declaration or an activation in a game that is "
                                 "over").format(name=_name(seat)),
                               allowed=_("'declared' None and 'activated' false"))
        if ending == "endless":
            self._check_printed(_("the game stopped as a round began"))
            self.step_start = tuple(None if c is None else c.vc for c in self.revealed)
        else:
            for seat, card in enumerate(self.revealed):
                if card is not None:
                    raise BadInput(_("{name} has a revealed card in a game that is over").format(
                                       name=_name(seat)),
                                   allowed=_("no revealed card: the last round's were "
                                             "collected"))
            self.step_start = (None,) * self.n
        self.queue, self.instruction = (), 0

    # The counters.

    def _least_counts(self) -> dict[str, int]:
        """The least each counter can be, from what the position itself shows."""
        least = dict.fromkeys(COUNTS, 0)
        least["tie_breaks"] = self.step
        least["eliminations"] = self.n - len(self.remaining)
        if self.stage in ("resolve", COMPARE):
            activating = [p for p in self.participants if self.declared[p] == ACTIVATE]
            earlier = [s for s in range(self.n) if self.activated[s]
                       and (s not in activating or s in self.queue)]
            least["activations"] = len(activating) + len(earlier)
        else:
            least["activations"] = sum(self.activated)
        return least

    def _read_counts(self) -> None:
        least = self._least_counts()
        given = self.p.get("counts")
        if given is None:
            self.counts = Counts(**least)
            return
        given = check_keys(given, (), COUNTS, "'counts'")
        counts = dict(least)
        for name, value in given.items():
            counts[name] = number(value, _("the count {key}").format(key=repr(name)),
                                  least[name], MAX_NUMBER)
        if counts["eliminations"] != least["eliminations"]:
            raise BadInput(_("the count 'eliminations' is {count} but {eliminated} players are "
                             "eliminated").format(count=counts["eliminations"],
                                                  eliminated=least["eliminations"]),
                           allowed=_("{count}, one per eliminated player").format(
                               count=least["eliminations"]))
        self.counts = Counts(**counts)

    # The state.

    def _state(self, rng: Rng) -> WarRoomState:
        resolve = self.stage in ("resolve", COMPARE)
        n = self.n
        outcome = None
        if self.over and self.ending == "lesson":
            outcome = lesson_end(self.stacks, self.collections, self.remaining, self.round)
        elif self.over:
            finished = self.ending in ("last-player", "nobody")
            winner = self.remaining[0] if self.ending == "last-player" else None
            outcome = Outcome(self.remaining if finished else (),
                              GameOver(winner, self.ending, self.round, ENDINGS[self.ending]),
                              unfinished=not finished)
        return WarRoomState(
            rules=self.rules, rng=rng, stacks=self.stacks, collections=self.collections,
            remaining=self.remaining, first=self.first, round=self.round - self.reveal,
            table=self.table,
            step=self.step, participants=self.participants,
            declared=(None,) * n if resolve else self.declared,
            shown=self.declared if resolve else (None,) * n,
            activated=self.activated,
            phase="resolve" if resolve else "reveal" if self.reveal else "declare",
            queue=self.queue, instruction=self.instruction, step_start=self.step_start,
            counts=getattr(self, "counts", Counts()), outcome=outcome,
        )

    def state(self, rng: Rng) -> WarRoomState:
        return self._state(rng)

