"""Guerrilla Tactics positions: a moment of a game as plain data, and back to a state.

A position names every zone of every seat (draw pile top card first, hand, discard
pile, the cards laid this skirmish and how), the removed pile, the Guerrilla rank, the
skirmish, the stage and who must still choose, and the counts the state keeps:

    {"stage": "support", "skirmish": 4, "guerrilla_rank": 2, "to_choose": [0],
     "seats": [{"draw": "9S", "hand": "2H", "table": ["play 2S"], "played_guerrilla": true},
               {"draw": "KD", "hand": "5H", "table": ["play AS"]}]}

Laid cards are written "play 9S", "support 2H", and in tie-break round 1 "tie 1 up KD",
"tie 1 down 8H" (face down) or "tie 1 turned 8D" (turned up for a pair, GT-TIE-DOWN).
``chosen`` is a seat's hidden choice waiting to be revealed ("play 9S", "decline"), or
under GT-DECLARE 'everyone' its declaration in a promotion window ("pass", "cancel 2H").
Every key but ``stage``, ``skirmish``, ``guerrilla_rank`` and ``seats`` may be left out:
an empty zone, no mark, nobody chosen yet, counts as small as the position allows, and
``stacked`` false (true: a lesson's stacked deal, ``Game.new(stacked=...)``, which may hold
any cards of the 52, each at most once, rather than the players' suits).

Who is tied (the contenders) is not written: the table says it. A position is checked
as the engine would have left it (``from_position``), and refused otherwise.

Its stage may also be a moment where nobody chooses: ``"before-the-draw"`` (a skirmish
begins; ``skirmish`` is the one about to begin), ``"promotion-window"`` (it opens, or not)
or ``"before-the-play"``; or a stage of choices whose first player has only one (the one
card in hand). From there the game plays on by itself, as the rules do, to the first
choice (``play_from_position`` gives the events on the way). ``stages()`` lists them all.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from wartutor.core.cards import Card, card
from wartutor.core.chance import Rng
from wartutor.core.engine import Outcome
from wartutor.core.errors import BadInput, quoted
from wartutor.core.position import (
    Stage,
    card_codes,
    card_list,
    check_keys,
    choice,
    every_card_once,
    number,
    stacked_may_hold,
    stage_names,
)
from wartutor.variants.guerrilla_tactics.events import GameOver, GuerrillaEvent
from wartutor.variants.guerrilla_tactics.forces import best_of, is_guerrilla, strength
from wartutor.variants.guerrilla_tactics.game import (
    FIRST_GUERRILLA_RANK,
    HIDDEN_STAGES,
    NAMES,
    advance,
    legal_actions,
    promotion_refusal,
)
from wartutor.variants.guerrilla_tactics.rules import MAX_GUERRILLA_RANK, GuerrillaRules
from wartutor.variants.guerrilla_tactics.skirmish import forces_of
from wartutor.variants.guerrilla_tactics.state import (
    BY_CODE,
    DECK,
    PLAY,
    SUPPORT,
    TIE_DOWN,
    TIE_UP,
    TURNED,
    GuerrillaState,
    Laid,
    Seat,
    Tally,
    changed,
    rules_deck,
)

BEFORE_THE_DRAW = "before-the-draw"  # the engine's stage "begin", before the skirmish's count
WINDOW, BEFORE_THE_PLAY = "promotion-window", "before-the-play"
MOMENTS = (BEFORE_THE_DRAW, WINDOW, BEFORE_THE_PLAY)
"""The stages at which nobody chooses: the game plays on from them by itself."""
_NOTHING_LAID = ("nobody to choose, no choice made, no proposer and nothing on the table or "
                 "drawn for a tie-break")
_STAGES = (
    Stage(BEFORE_THE_DRAW, "A skirmish begins: nobody has drawn yet. Under GT-PROMO-WHEN "
          "'before-draw' the promotion window comes first.",
          "'skirmish' is the skirmish about to begin; " + _NOTHING_LAID, False),
    Stage(WINDOW, "The promotion window: it opens if every player still in has played a "
          "Guerrilla, the rank is below 6 and someone may propose; else the game goes on.",
          "the skirmish has begun (under 'after-draw' everyone has drawn); " + _NOTHING_LAID,
          False),
    Stage(BEFORE_THE_PLAY, "Everyone has drawn and the promotion window is past: the play "
          "comes next (spy captors reveal first).",
          "no support penalty still due; " + _NOTHING_LAID, False),
    Stage("promote", "Players who may propose a promotion are asked.",
          "every player still in has played a Guerrilla, rank below 6", True),
    Stage("cancel", "A promotion is proposed: players holding a Guerrilla may cancel it.",
          "a 'proposer' who holds no Guerrilla", True),
    Stage("play-first", "Spy captors choose their card first (GT-REVEAL-FIRST).",
          "some, not all, players still in marked reveals_first", True),
    Stage("play", "Each player chooses a card to play, hidden until all have chosen.",
          "the spy captors' cards already played, if any", True),
    Stage("support", "Players tied or losing may add a second card in support.",
          "every player still in has played one card", True),
    Stage("tie-first", "In a tie-break, spy captors lay first (GT-REVEAL-FIRST-SCOPE).",
          "a 'tie_round' from 1 and the tied players' tie-break draws", True),
    Stage("tie", "The tied players lay one card down and one up.",
          "a 'tie_round' from 1 and the tied players' tie-break draws", True),
    Stage("over", "The game is over.",
          "one player or none left, or the skirmish limit reached", False),
)
STAGES = stage_names(_STAGES)
"""The stages a position may name: the moments nobody chooses at, those that wait for a
choice, and the end."""


def stages() -> tuple[Stage, ...]:
    """The stages a Guerrilla Tactics position may name, in the order of a skirmish."""
    return _STAGES
REQUIRED = ("stage", "skirmish", "guerrilla_rank", "seats")
OPTIONAL = ("to_choose", "proposer", "tie_round", "removed", "tally", "stacked")
SEAT_KEYS = ("draw", "hand", "discard", "shown", "tie_drawn", "table", "last_skirmish", "chosen",
             "out", "penalty_due", "reveals_first", "played_guerrilla")
ZONE_WORDS = {"draw": "draw pile", "hand": "hand", "discard": "discard pile",
              "shown": "shown cards", "tie_drawn": "tie-break draw"}
PILE_CODES = card_codes("9S 2H", top_first=True)
HAND_CODES = card_codes("9S 2H")
ZONE_CODES = {"draw": PILE_CODES, "discard": PILE_CODES}  # the others: HAND_CODES
SEAT_MARKS = ("out", "penalty_due", "reveals_first", "played_guerrilla")
TALLY_KEYS = tuple(Tally.__dataclass_fields__)
TIE_WORDS = {TIE_UP: "up", TIE_DOWN: "down", TURNED: "turned"}
LAID_ALLOWED = ('"play 9S", "support 2H", or in tie-break round 1 "tie 1 up KD", '
                '"tie 1 down 8H", "tie 1 turned 8D"')


# From a state to a position


def position_of(state: GuerrillaState) -> dict[str, Any]:
    """The position of a state: every zone, the turn, the stage, the counts."""
    seats = []
    for p, seat in enumerate(state.seats):
        seats.append({
            "draw": _codes(seat.draw), "hand": _codes(seat.hand), "discard": _codes(seat.discard),
            "shown": _codes(seat.shown), "tie_drawn": _codes(seat.tie_drawn),
            "table": [_laid_text(x) for x in state.table[p]],
            "last_skirmish": [_laid_text(x) for x in state.last_table[p]],
            "chosen": state.pending[p], "out": seat.out, "penalty_due": seat.supported,
            "reveals_first": seat.reveals_first, "played_guerrilla": seat.played_guerrilla,
        })
    begun = state.stage != "begin"  # before the draw, the count is of the skirmish to come
    position: dict[str, Any] = {
        "stage": state.stage if begun else BEFORE_THE_DRAW,
        "skirmish": state.skirmish + (not begun), "guerrilla_rank": state.guerrilla_rank,
        "to_choose": list(state.asked), "proposer": state.proposer,
        "tie_round": state.tie_round, "removed": _codes(state.removed), "seats": seats,
        "tally": {name: getattr(state.tally, name) for name in TALLY_KEYS},
    }
    # A stacked deal may hold any cards of the 52; the rules' deal holds the players' suits.
    held = {c for seat in state.seats for c in seat.draw + seat.hand + seat.discard}
    held |= {x.card for row in state.table for x in row if x.card} | set(state.removed)
    if held != set(rules_deck(state.rules)):
        position["stacked"] = True
    return position


def _codes(cards: tuple[Card, ...]) -> str:
    return " ".join([c.code for c in cards])


def _laid_text(laid: Laid) -> str:
    assert laid.card is not None  # a state's table hides nothing
    if laid.tie_round == 0:
        return f"{laid.how} {laid.card.code}"
    return f"tie {laid.tie_round} {TIE_WORDS[laid.how]} {laid.card.code}"


# From a position to the engine's own state


def from_position(rules: GuerrillaRules, position: Mapping[str, Any], seed: int) -> GuerrillaState:
    """The state at ``position``, checked as carefully as a deal; ``seed`` seeds what chance
    comes next (reshuffles, loss of forces). At a stage where nobody chooses, the state the
    game plays on to: the first choice, or the end (see :func:`play_from_position`)."""
    return play_from_position(rules, position, seed)[0]


def play_from_position(
    rules: GuerrillaRules, position: Mapping[str, Any], seed: int
) -> tuple[GuerrillaState, tuple[GuerrillaEvent, ...]]:
    """The state at the first choice (or the end) from ``position``, and the events of the
    moments on the way: none when someone chooses at the position's stage; from a stage
    where nobody does, what the rules do from there (the draw, the window, the plays)."""
    events: list[GuerrillaEvent] = []
    state = advance(_moment(rules, position, seed), events)
    return state, tuple(events)


def _moment(rules: GuerrillaRules, position: Mapping[str, Any], seed: int) -> GuerrillaState:
    """The engine's state at ``position`` itself, checked; one that may wait for nobody."""
    rng = Rng.from_seed(seed)
    check_keys(position, REQUIRED, OPTIONAL)
    stage = choice(position["stage"], "the stage", STAGES)
    stacked = choice(position.get("stacked", False), "'stacked'", (False, True))
    rank = number(position["guerrilla_rank"], "the Guerrilla rank", FIRST_GUERRILLA_RANK,
                  MAX_GUERRILLA_RANK)
    skirmish = number(position["skirmish"], "the skirmish", 1, rules.skirmish_limit)
    tie_round = number(position.get("tie_round", 0), "the tie round", 0, None)
    seats_in = position["seats"]
    n = rules.players
    if not isinstance(seats_in, list | tuple) or len(seats_in) != n:
        raise BadInput(f"the seats are {quoted(seats_in)}, not a list of {n} seats",
                       allowed=f"a list of {n} seats (one table each), in seat order")
    read = [_seat(p, s) for p, s in enumerate(seats_in)]
    removed = card_list(position.get("removed", ""), _card, "the removed pile",
                        allowed=HAND_CODES)
    zones = {"the removed pile": removed}
    for p, (seat, row, _, _) in enumerate(read):
        who = f"seat {p} ({NAMES[p]})"
        zones |= {f"the draw pile of {who}": seat.draw, f"the hand of {who}": seat.hand,
                  f"the discard pile of {who}": seat.discard,
                  f"the table of {who}": tuple(x.card for x in row if x.card)}
    # A stacked deal's cards are any of the 52, each at most once (the rules' own deal
    # holds the players' suits, each card once).
    deck = rules_deck(rules)
    suits = " ".join(sorted({c.suit for c in deck}))
    deck_words = f"cards of the suits {suits} (ruling GT-SETUP)"
    every_card_once(zones, deck, stacked, lesson_deck=DECK, deck_words=deck_words)
    held = {c for cards in zones.values() for c in cards}
    for p, (_, _, last, _) in enumerate(read):
        _check_picture(last, DECK if stacked else deck, deck_words + stacked_may_hold(len(DECK)),
                       held, f"the last skirmish of seat {p} ({NAMES[p]})")
    seats = tuple(seat for seat, _, _, _ in read)
    table = tuple(row for _, row, _, _ in read)
    last_table = tuple(row for _, _, row, _ in read)
    pending = tuple(chosen for _, _, _, chosen in read)
    proposer_in = position.get("proposer")
    proposer = (None if proposer_in is None else
                number(proposer_in, "the proposer", 0, n - 1, "seat number"))
    asked_in = position.get("to_choose")
    asked = (None if asked_in is None else
             tuple(number(p, "a player to choose", 0, n - 1, "seat number")
                   for p in _list(asked_in, "to_choose")))
    state = GuerrillaState(
        rules=rules, rng=rng, seats=seats, removed=removed, guerrilla_rank=rank,
        skirmish=skirmish, stage=stage, asked=(), pending=pending, contenders=(),
        tie_round=tie_round, proposer=proposer, table=table, last_table=last_table,
        tally=Tally(), outcome=None, decision=None,
    )
    _check_seats(state)
    state = _check_stage(state, asked)
    return _with_tally(state, position.get("tally", {}))


def _list(value: object, what: str) -> list[Any]:
    if not isinstance(value, list | tuple):
        raise BadInput(f"{what} is {quoted(value)}, not a list", allowed=f"a list for {what}")
    return list(value)


def _card(code: str) -> Card:
    return BY_CODE[card(code).code]  # the deck's own card, the one the engine holds


def _seat(p: int, table: object) -> tuple[Seat, tuple[Laid, ...], tuple[Laid, ...], str | None]:
    """A seat, its cards on the table, its last skirmish and its hidden choice."""
    what = f"seat {p} ({NAMES[p]})"
    table = check_keys(table, (), SEAT_KEYS, what)
    zones = {k: card_list(table.get(k, ""), _card, f"the {words} of {what}", repeats=k == "shown",
                          allowed=ZONE_CODES.get(k, HAND_CODES))
             for k, words in ZONE_WORDS.items()}
    marks = {k: choice(table.get(k, False), f"{k} of {what}", (False, True)) for k in SEAT_MARKS}
    laid = tuple(_laid(x, f"the table of {what}")
                 for x in _list(table.get("table", []), f"the table of {what}"))
    last = tuple(_laid(x, f"the last skirmish of {what}")
                 for x in _list(table.get("last_skirmish", []), f"the last skirmish of {what}"))
    chosen = table.get("chosen")
    if chosen is not None and not isinstance(chosen, str):
        raise BadInput(f"the choice of {what} is {quoted(chosen)}",
                       allowed='an action such as "play 9S", or null')
    seat = Seat(draw=zones["draw"], discard=zones["discard"], hand=zones["hand"],
                shown=zones["shown"], out=marks["out"], supported=marks["penalty_due"],
                reveals_first=marks["reveals_first"],
                played_guerrilla=marks["played_guerrilla"], tie_drawn=zones["tie_drawn"])
    return seat, laid, last, chosen


def _laid(text: object, where: str) -> Laid:
    words = text.split() if isinstance(text, str) else []
    if len(words) == 2 and words[0] in (PLAY, SUPPORT):
        return Laid(card_list(words[1], _card, where)[0], words[0], 0)
    hows = {word: how for how, word in TIE_WORDS.items()}
    # A tie round written in ASCII digits, 1 to 999 (str.isdigit would take "²" too).
    if (len(words) == 4 and words[0] == "tie" and re.fullmatch("[1-9][0-9]{0,2}", words[1])
            and words[2] in hows):
        return Laid(card_list(words[3], _card, where)[0], hows[words[2]], int(words[1]))
    raise BadInput(f"{quoted(text)} on {where} is not a card laid", allowed=LAID_ALLOWED)


def _check_picture(last: tuple[Laid, ...], deck: tuple[Card, ...], deck_words: str,
                   held: set[Card], where: str) -> None:
    """The last skirmish is only a picture: its cards were cards of ``deck``, each laid once,
    and the game still ``held`` them, elsewhere now (spoils taken, or removed)."""
    pictured = [x.card for x in last if x.card]
    stranger = next((c for c in pictured if c not in deck), None)
    if stranger is not None:
        raise BadInput(f"{where} holds {stranger.code}, which is not in this game's deck",
                       allowed=deck_words)
    gone = next((c for c in pictured if c not in held), None)
    if gone is not None:  # only a stacked game can leave a card of the deck out
        raise BadInput(f"{where} holds {gone.code}, which is nowhere else in this game",
                       allowed="cards of the last skirmish that the game still holds: in a "
                               "draw pile, a discard pile, a hand, on the table or removed")
    if len(set(pictured)) != len(pictured):
        raise BadInput(f"a card appears twice in {where}",
                       allowed="each card of the last skirmish once")


# What every seat must look like, whatever the stage


def _check_seats(state: GuerrillaState) -> None:
    rank = state.guerrilla_rank
    for p, seat in enumerate(state.seats):
        who, row = f"{NAMES[p]} (seat {p})", state.table[p]
        if seat.out and (seat.draw or seat.discard or seat.hand or seat.supported
                         or seat.reveals_first):
            raise BadInput(f"{who} is out but still has cards or marks",
                           allowed="an eliminated player with no draw pile, discard pile or "
                                   "hand, and no penalty or spy mark (GT-ELIM, GT-ELIM-HAND)")
        if len(seat.tie_drawn) > 2:
            raise BadInput(f"{who} has {len(seat.tie_drawn)} cards drawn for a tie-break",
                           allowed="at most the two cards a tie-break draws (GT-TIE)")
        stray = [c for c in seat.shown + seat.tie_drawn if c not in seat.hand]
        if stray:
            raise BadInput(f"{stray[0].code} is shown or tie-drawn by {who} but not in the hand",
                           allowed="shown and tie-drawn cards from the seat's own hand")
        plain = [c for c in seat.shown if not is_guerrilla(c, rank)]
        if plain:
            raise BadInput(f"{who} shows {plain[0].code}, which is not a Guerrilla",
                           allowed="only Guerrillas revealed to cancel a promotion are shown "
                                   "(GT-CANCEL-CARD)")
        if any(is_guerrilla(x.card, rank) for x in row if x.card) and not seat.played_guerrilla:
            raise BadInput(f"{who} has a Guerrilla on the table but played_guerrilla is false",
                           allowed="played_guerrilla true for a seat that laid a Guerrilla "
                                   "(GT-PROMO-PLAYED)")
        # No bound on the hand itself: even under 'fill-to-two' a tied player whose rival
        # is eliminated drawing for the tie-break keeps the two cards drawn, and the next
        # draw adds none while the hand holds two or more.
        _check_row(state, p)


def _check_row(state: GuerrillaState, p: int) -> None:
    """A seat's cards on the table in the order laid: a play (and a support), then in each
    tie-break round one card up (and one down), round after round."""
    row, who = state.table[p], f"{NAMES[p]} (seat {p})"
    rank, ace_high = state.guerrilla_rank, state.rules.ace == "high"
    expected = [PLAY]
    allowed = ("a play, then perhaps a support, then for each tie-break round 1, 2, ... one "
               "card up and perhaps one down (or turned, under GT-TIE-DOWN 'pair'), "
               f"up to round {state.tie_round}")
    rnd = 0
    for i, x in enumerate(row):
        if x.tie_round == rnd + 1 and x.how == TIE_UP and i:
            rnd, expected = rnd + 1, [TIE_UP, TIE_DOWN, TURNED]
        if x.tie_round != rnd or x.how not in expected or rnd > state.tie_round:
            raise BadInput(f"the table of {who} is not laid as the rules lay it", allowed=allowed)
        expected = {PLAY: [SUPPORT], SUPPORT: [], TIE_UP: [TIE_DOWN, TURNED]}.get(x.how, [])
        if x.how in (TIE_DOWN, TURNED):
            up = row[i - 1].card
            assert x.card is not None and up is not None
            pairs = (state.rules.tie_down == "pair"
                     and strength(x.card, rank, ace_high) == strength(up, rank, ace_high))
            if pairs != (x.how == TURNED):
                raise BadInput(f"{x.card.code} of {who} is {TIE_WORDS[x.how]}, but ruling "
                               f"GT-TIE-DOWN ({state.rules.tie_down!r}) "
                               f"{'turns it up' if pairs else 'leaves it face down'}",
                               allowed="a face-down card turned up only when it pairs the "
                                       "face-up card under GT-TIE-DOWN 'pair'")


# The stage: who is asked, and what the table and the marks must be for it


def _check_stage(state: GuerrillaState, asked: tuple[int, ...] | None) -> GuerrillaState:
    stage, active, n = state.stage, state.active, len(state.seats)
    if stage == "over":
        return _over(state, asked)
    if len(active) < 2:
        raise BadInput(f"only {len(active)} player is still in, so the game is over",
                       allowed="stage 'over' when one player or none is left (GT-WIN)")
    tie = stage in ("tie-first", "tie")
    if tie != (state.tie_round > 0):
        raise BadInput(f"stage {stage!r} with tie_round {state.tie_round}",
                       allowed="a tie_round from 1 in the tie stages, and 0 in the others")
    if (state.proposer is not None) != (stage == "cancel"):
        raise BadInput(f"stage {stage!r} with proposer {state.proposer}",
                       allowed="a proposer in stage 'cancel' only, and null in the others")
    laid = [p for p in range(n) if state.table[p]]
    if stage in ("promote", "cancel", *MOMENTS) and laid:
        raise BadInput(f"{NAMES[laid[0]]} has cards on the table before the skirmish's play",
                       allowed=f"an empty table in stage {stage!r}")
    marked = [p for p in active if state.seats[p].supported]
    before_draw = (stage == BEFORE_THE_DRAW or (stage in ("promote", "cancel", WINDOW)
                   and state.rules.promotion_window == "before-draw"))
    if not before_draw and not tie and marked:
        raise BadInput(f"{NAMES[marked[0]]} still has the support penalty due after the draw",
                       allowed="penalty_due only before the draw (GT-PENALTY serves it at "
                               "the draw) or for a support laid this skirmish")
    if stage in MOMENTS:
        return _nobody_chooses(state, asked)
    if tie:
        contenders, choosers = _tie_choosers(state)
    else:
        choosers = _choosers(state)
        # In the support stage the contenders are the best before anyone supports.
        contenders = best_of(forces_of(state, active, 0)) if stage == "support" else ()
    if not choosers and stage != "cancel":  # a proposal nobody can cancel is accepted
        raise BadInput(f"nobody would be asked in stage {stage!r} here",
                       allowed="a stage where at least one player has this choice, or one "
                               "where nobody chooses: " + ", ".join(MOMENTS))
    if asked is None:
        asked = tuple(p for p in choosers if state.pending[p] is None)
    k = len(choosers) - len(asked)
    if k < 0 or choosers[k:] != asked:
        names = ", ".join(str(p) for p in choosers)
        raise BadInput(f"to_choose is {list(asked)} in stage {stage!r}",
                       allowed=f"the players still to choose, in this order: the last of "
                               f"{names} (none once all have chosen)")
    hidden = stage in HIDDEN_STAGES or (stage in ("promote", "cancel")
                                        and state.rules.declare == "everyone")
    for p in range(n):
        done = p in choosers[:k]
        chosen = state.pending[p]
        if hidden and done:
            if chosen not in legal_actions(state, p):
                raise BadInput(f"{NAMES[p]} (seat {p}) has chosen {quoted(chosen)}",
                               allowed="a choice made, legal here: " + ", ".join(
                                   legal_actions(state, p)))
        elif chosen is not None:
            raise BadInput(f"{NAMES[p]} (seat {p}) has chosen {quoted(chosen)} but is not "
                           "among those who have chosen", allowed="null")
    for p in asked:
        if not legal_actions(state, p):
            raise BadInput(f"{NAMES[p]} (seat {p}) is to choose but has no card for it",
                           allowed="a player to choose with a card to lay")
    # A first player with only one choice is not asked (GT-ONE-CARD): the game takes it.
    return GuerrillaState(
        rules=state.rules, rng=state.rng, seats=state.seats, removed=state.removed,
        guerrilla_rank=state.guerrilla_rank, skirmish=state.skirmish, stage=stage, asked=asked,
        pending=state.pending, contenders=contenders, tie_round=state.tie_round,
        proposer=state.proposer, table=state.table, last_table=state.last_table,
        tally=state.tally, outcome=None, decision=None,
    )


def _nobody_chooses(state: GuerrillaState, asked: tuple[int, ...] | None) -> GuerrillaState:
    """A moment before the skirmish's play, which waits for nobody: the rules go on from it."""
    stage = state.stage
    if asked:
        raise BadInput(f"to_choose is {list(asked)} in stage {stage!r}, where nobody chooses",
                       allowed="no 'to_choose', or an empty list")
    chosen = next((p for p, c in enumerate(state.pending) if c is not None), None)
    if chosen is not None:
        raise BadInput(f"{NAMES[chosen]} (seat {chosen}) has chosen "
                       f"{quoted(state.pending[chosen])} in stage {stage!r}",
                       allowed="no 'chosen' before the play")
    drawn = next((p for p, seat in enumerate(state.seats) if seat.tie_drawn), None)
    if drawn is not None:
        raise BadInput(f"{NAMES[drawn]} (seat {drawn}) has cards drawn for a tie-break in "
                       f"stage {stage!r}", allowed="no 'tie_drawn' outside a tie-break")
    if stage == BEFORE_THE_DRAW:  # the engine counts the skirmish as it begins
        return changed(state, stage="begin", skirmish=state.skirmish - 1)
    return state


def _choosers(state: GuerrillaState) -> tuple[int, ...]:
    """Who this stage asks, in order, before anyone has chosen (outside a tie-break)."""
    stage, active, table = state.stage, state.active, state.table
    rank = state.guerrilla_rank
    if stage in ("promote", "cancel"):
        if rank >= MAX_GUERRILLA_RANK or not all(state.seats[p].played_guerrilla
                                                 for p in active):
            raise BadInput(f"stage {stage!r} at Guerrilla rank {rank}, when not every player "
                           "still in has played a Guerrilla or the rank is 6",
                           allowed="a promotion only below rank 6 and once every player still "
                                   "in has played a Guerrilla (GT-PROMO-PLAYED, GT-PROMO-AT-MAX); "
                                   f"stage {WINDOW!r} for a window that may not open")
        everyone = state.rules.declare == "everyone"  # GT-DECLARE: all asked, all declare
        eligible = tuple(p for p in active if not promotion_refusal(state, p)[0])
        if stage == "promote":
            return active if everyone else eligible
        proposer = state.proposer
        assert proposer is not None
        if proposer not in eligible:
            raise BadInput(f"{NAMES[proposer]} (seat {proposer}) may not propose a promotion",
                           allowed="a proposer still in who holds no Guerrilla")
        n = len(state.seats)
        after = [(proposer + i) % n for i in range(1, n)]
        return tuple(p for p in after if p in active and (everyone or any(
            is_guerrilla(c, rank) for c in state.seats[p].hand)))
    out_rows = [p for p in range(len(table)) if table[p] and state.seats[p].out]
    if out_rows:
        raise BadInput(f"{NAMES[out_rows[0]]} is out but has cards on the table",
                       allowed="cards of an eliminated player on the table only in a "
                               "tie-break it was eliminated from")
    first = tuple(p for p in active if state.seats[p].reveals_first)
    early = first if 0 < len(first) < len(active) else ()
    if stage == "play-first":
        wanted = {p: 0 for p in active}
        choosers = early
    elif stage == "play":
        wanted = {p: int(p in early) for p in active}
        choosers = tuple(p for p in active if p not in early)
    else:  # support: everyone has played
        wanted = {p: 1 for p in active}
        best = best_of(forces_of(state, active, 0))
        choosers = tuple(p for p in active if state.seats[p].hand and best != (p,))
    wrong = [p for p in active if len(table[p]) != wanted[p]
             or any(x.how != PLAY for x in table[p])]
    if wrong:
        p = wrong[0]
        raise BadInput(f"{NAMES[p]} (seat {p}) has {len(table[p])} cards on the table in stage "
                       f"{stage!r}",
                       allowed=f"{wanted[p]} played card(s) for this seat now (spy captors "
                               "reveal first: GT-REVEAL-FIRST; supports are laid together)")
    return choosers


def _tie_choosers(state: GuerrillaState) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The tied players still in, and who this tie-break stage asks: the table says who
    was tied in each round, and who was eliminated drawing for the next."""
    table, seats, rnd = state.table, state.seats, state.tie_round
    allowed = ("a table where the players laying in each tie-break round are those tied for "
               "best in the round before, less any eliminated drawing for it (GT-TIE)")
    n = len(seats)
    if any(not table[p] for p in state.active):
        raise BadInput("a player still in has laid nothing in this skirmish", allowed=allowed)
    layers = tuple(p for p in range(n) if table[p])
    best: tuple[int, ...] = ()
    for r in range(rnd):
        best = best_of(forces_of(state, layers, r))
        nxt = tuple(p for p in range(n) if any(x.tie_round == r + 1 for x in table[p]))
        if len(best) < 2 or any(p not in best for p in nxt):
            raise BadInput(f"round {r + 1} of the tie-break is laid by players not tied in the "
                           f"round before", allowed=allowed)
        gone = [p for p in best if p not in nxt and not seats[p].out]
        if r + 1 < rnd and gone:
            raise BadInput(f"{NAMES[gone[0]]} was tied but laid nothing in round {r + 1}",
                           allowed=allowed)
        if r + 1 < rnd:
            layers = nxt
    laid_before = [p for p in range(n) if seats[p].out and table[p]
                   and not _eliminated_in_tie(state, p)]
    if laid_before:
        raise BadInput(f"{NAMES[laid_before[0]]} is out but was not eliminated in this "
                       "tie-break", allowed=allowed)
    contenders = tuple(p for p in best if not seats[p].out)
    if len(contenders) < 2:
        raise BadInput("fewer than two tied players are still in the tie-break",
                       allowed=allowed)
    first = tuple(p for p in contenders if seats[p].reveals_first)
    early = (first if state.rules.reveal_first_scope == "tie-breaks-too"
             and 0 < len(first) < len(contenders) else ())
    done: tuple[int, ...] = ()
    if state.stage == "tie-first":
        choosers = early
    else:
        choosers, done = tuple(p for p in contenders if p not in early), early
    for p in contenders:
        laid_now = any(x.tie_round == rnd for x in table[p])
        if laid_now != (p in done):
            raise BadInput(f"{NAMES[p]} (seat {p}) has {'' if laid_now else 'not '}laid in round "
                           f"{rnd} in stage {state.stage!r}",
                           allowed="round cards laid early only by spy captors, under "
                                   "GT-REVEAL-FIRST-SCOPE 'tie-breaks-too'")
        if laid_now == bool(seats[p].tie_drawn):
            raise BadInput(f"the tie-drawn cards of {NAMES[p]} (seat {p}) do not match its turn",
                           allowed="one or two cards drawn for the tie-break for each tied "
                                   "player yet to lay, none for the others")
    for p in state.active:
        due = any(x.how == SUPPORT or (x.how in (TIE_DOWN, TURNED)
                                       and state.rules.tie_penalty == "yes") for x in table[p])
        if seats[p].supported != due:
            raise BadInput(f"penalty_due of {NAMES[p]} (seat {p}) is {seats[p].supported}",
                           allowed=f"{str(due).lower()}: the penalty follows a support laid "
                                   "this skirmish (GT-PENALTY, GT-TIE-PENALTY)")
    return contenders, choosers


def _eliminated_in_tie(state: GuerrillaState, p: int) -> bool:
    """Out, with cards on the table: it was tied in the last round it laid, and could not
    draw for the next (GT-TIE-CANNOT-DRAW)."""
    row = state.table[p]
    last = row[-1].tie_round
    if last >= state.tie_round:
        return False
    layers = tuple(q for q in range(len(state.seats))
                   if any(x.tie_round == last for x in state.table[q]))
    return p in best_of(forces_of(state, layers, last))


def _over(state: GuerrillaState, asked: tuple[int, ...] | None) -> GuerrillaState:
    """A finished game: who is left says how it ended."""
    left, limit = state.active, state.rules.skirmish_limit
    if asked or state.tie_round or state.proposer is not None or any(state.table) or any(
            c is not None for c in state.pending):
        raise BadInput("a finished game with someone to choose, a proposer, a choice or cards "
                       "on the table",
                       allowed="stage 'over' with all of these empty")
    if len(left) == 1:
        over = GameOver(left, "last-standing", state.skirmish, "GT-WIN")
    elif not left:
        over = GameOver((), "all-out", state.skirmish, "GT-ALL-OUT")
    elif limit is not None and state.skirmish == limit:
        over = GameOver((), "limit", state.skirmish, "GT-LIMIT")
    else:
        raise BadInput(f"the game is over with {len(left)} players still in",
                       allowed="one player or none left (GT-WIN, GT-ALL-OUT), or the skirmish "
                               "limit reached (GT-LIMIT)")
    return GuerrillaState(
        rules=state.rules, rng=state.rng, seats=state.seats, removed=state.removed,
        guerrilla_rank=state.guerrilla_rank, skirmish=state.skirmish, stage="over", asked=(),
        pending=state.pending, contenders=(), tie_round=0, proposer=None, table=state.table,
        last_table=state.last_table, tally=state.tally, outcome=Outcome(over.winners, over),
        decision=None,
    )


def _with_tally(state: GuerrillaState, tally: object) -> GuerrillaState:
    """The counts, each in range; left out, the least the position allows."""
    tally = check_keys(tally, (), TALLY_KEYS, "the tally")
    laid = [x for row in state.table for x in row]
    exact = {"promotions": state.guerrilla_rank - FIRST_GUERRILLA_RANK,
             "eliminations": sum(s.out for s in state.seats)}
    least = {"tie_breaks": state.tie_round, "supports": sum(x.how == SUPPORT for x in laid)}
    counts = {}
    for name in TALLY_KEYS:
        low = exact.get(name, least.get(name, 0))
        high = exact.get(name, len(state.removed) if name == "removed_by_loss" else None)
        counts[name] = number(tally.get(name, low), f"the tally's {name!r}", low, high)
    return changed(state, tally=Tally(**counts))
