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
from wartutor.language import N_, _
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
# A stage's name is a value a position writes; what it is and what it needs are words.
# Translators: the quoted words ('skirmish', 'proposer', 'tie_round', reveals_first,
# 'before-draw', 'after-draw') are keys and values of a position or a ruling, as written.
_STAGES = (
    Stage(BEFORE_THE_DRAW, N_("A skirmish begins: nobody has drawn yet. Under GT-PROMO-WHEN "
                              "'before-draw' the promotion window comes first."),
          N_("'skirmish' is the skirmish about to begin; nobody to choose, no choice made, no "
             "proposer and nothing on the table or drawn for a tie-break"), False),
    Stage(WINDOW, N_("The promotion window: it opens if every player still in has played a "
                     "Guerrilla, the rank is below 6 and someone may propose; else the game "
                     "goes on."),
          N_("the skirmish has begun (under 'after-draw' everyone has drawn); nobody to "
             "choose, no choice made, no proposer and nothing on the table or drawn for a "
             "tie-break"), False),
    Stage(BEFORE_THE_PLAY, N_("Everyone has drawn and the promotion window is past: the play "
                              "comes next (spy captors reveal first)."),
          N_("no support penalty still due; nobody to choose, no choice made, no proposer and "
             "nothing on the table or drawn for a tie-break"), False),
    Stage("promote", N_("Players who may propose a promotion are asked."),
          N_("every player still in has played a Guerrilla, rank below 6"), True),
    Stage("cancel", N_("A promotion is proposed: players holding a Guerrilla may cancel it."),
          N_("a 'proposer' who holds no Guerrilla"), True),
    Stage("play-first", N_("Spy captors choose their card first (GT-REVEAL-FIRST)."),
          N_("some, not all, players still in marked reveals_first"), True),
    Stage("play", N_("Each player chooses a card to play, hidden until all have chosen."),
          N_("the spy captors' cards already played, if any"), True),
    Stage("support", N_("Players tied or losing may add a second card in support."),
          N_("every player still in has played one card"), True),
    Stage("tie-first", N_("In a tie-break, spy captors lay first (GT-REVEAL-FIRST-SCOPE)."),
          N_("a 'tie_round' from 1 and the tied players' tie-break draws"), True),
    Stage("tie", N_("The tied players lay one card down and one up."),
          N_("a 'tie_round' from 1 and the tied players' tie-break draws"), True),
    Stage("over", N_("The game is over."),
          N_("one player or none left, or the skirmish limit reached"), False),
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
# Translators: {seat} is a seat of a set position: "seat 1 (Ana)".
ZONE_WORDS = {"draw": N_("the draw pile of {seat}"), "hand": N_("the hand of {seat}"),
              "discard": N_("the discard pile of {seat}"),
              "shown": N_("the shown cards of {seat}"),
              "tie_drawn": N_("the tie-break draw of {seat}")}
PILES = ("draw", "discard")  # zones with a top card; the others are held in no order
SEAT_MARKS = ("out", "penalty_due", "reveals_first", "played_guerrilla")
TALLY_KEYS = tuple(Tally.__dataclass_fields__)
TIE_WORDS = {TIE_UP: "up", TIE_DOWN: "down", TURNED: "turned"}
# Translators: the quoted cards laid are written as a position writes them: keep them.
LAID_ALLOWED = N_('"play 9S", "support 2H", or in tie-break round 1 "tie 1 up KD", '
                  '"tie 1 down 8H", "tie 1 turned 8D"')


def _seat_words(p: int) -> str:
    """A seat as a place in a position: "seat 1 (Ana)"."""
    # Translators: a seat of a set position, by its number and its player's name.
    return _("seat {number} ({name})").format(number=p, name=_(NAMES[p]))


def _player_words(p: int) -> str:
    """A seat as the player in it: "Ana (seat 1)"."""
    # Translators: a player of a set position, by name and seat number.
    return _("{name} (seat {number})").format(name=_(NAMES[p]), number=p)


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
    stage = choice(position["stage"], _("the stage"), STAGES)
    stacked = choice(position.get("stacked", False), "'stacked'", (False, True))
    rank = number(position["guerrilla_rank"], _("the Guerrilla rank"), FIRST_GUERRILLA_RANK,
                  MAX_GUERRILLA_RANK)
    skirmish = number(position["skirmish"], _("the skirmish"), 1, rules.skirmish_limit)
    tie_round = number(position.get("tie_round", 0), _("the tie round"), 0, None)
    seats_in = position["seats"]
    n = rules.players
    if not isinstance(seats_in, list | tuple) or len(seats_in) != n:
        raise BadInput(_("the seats are {value}, not a list of {count} seats").format(
                           value=quoted(seats_in), count=n),
                       allowed=_("a list of {count} seats (one table each), in seat order")
                       .format(count=n))
    read = [_seat(p, s) for p, s in enumerate(seats_in)]
    removed = card_list(position.get("removed", ""), _card, _("the removed pile"),
                        allowed=card_codes("9S 2H"))
    zones = {_("the removed pile"): removed}
    for p, (seat, row, _laid_row, _chosen) in enumerate(read):
        who = _seat_words(p)
        zones |= {_(ZONE_WORDS["draw"]).format(seat=who): seat.draw,
                  _(ZONE_WORDS["hand"]).format(seat=who): seat.hand,
                  _(ZONE_WORDS["discard"]).format(seat=who): seat.discard,
                  _("the table of {seat}").format(seat=who):
                      tuple(x.card for x in row if x.card)}
    # A stacked deal's cards are any of the 52, each at most once (the rules' own deal
    # holds the players' suits, each card once).
    deck = rules_deck(rules)
    suits = " ".join(sorted({c.suit for c in deck}))
    # Translators: {suits} are the suits' letters, as card codes write them: "C D H S".
    deck_words = _("cards of the suits {suits} (ruling GT-SETUP)").format(suits=suits)
    every_card_once(zones, deck, stacked, lesson_deck=DECK, deck_words=deck_words)
    held = {c for cards in zones.values() for c in cards}
    for p, (_seat_read, _row, last, _chosen) in enumerate(read):
        _check_picture(last, DECK if stacked else deck, deck_words + stacked_may_hold(len(DECK)),
                       held, _("the last skirmish of {seat}").format(seat=_seat_words(p)))
    seats = tuple(seat for seat, _row, _last, _chosen in read)
    table = tuple(row for _seat_read, row, _last, _chosen in read)
    last_table = tuple(row for _seat_read, _row, row, _chosen in read)
    pending = tuple(chosen for _seat_read, _row, _last, chosen in read)
    proposer_in = position.get("proposer")
    proposer = (None if proposer_in is None else
                number(proposer_in, _("the proposer"), 0, n - 1, "seat number"))
    asked_in = position.get("to_choose")
    asked = (None if asked_in is None else
             tuple(number(p, _("a player to choose"), 0, n - 1, "seat number")
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
        raise BadInput(_("{where} is {value}, not a list").format(where=what, value=quoted(value)),
                       allowed=_("a list for {where}").format(where=what))
    return list(value)


def _card(code: str) -> Card:
    return BY_CODE[card(code).code]  # the deck's own card, the one the engine holds


def _seat(p: int, table: object) -> tuple[Seat, tuple[Laid, ...], tuple[Laid, ...], str | None]:
    """A seat, its cards on the table, its last skirmish and its hidden choice."""
    what = _seat_words(p)
    table = check_keys(table, (), SEAT_KEYS, what)
    zones = {k: card_list(table.get(k, ""), _card, _(words).format(seat=what),
                          repeats=k == "shown", allowed=card_codes("9S 2H", top_first=k in PILES))
             for k, words in ZONE_WORDS.items()}
    # Translators: {key} is a mark of a seat as a position writes it: out, penalty_due.
    marks = {k: choice(table.get(k, False), _("{key} of {seat}").format(key=k, seat=what),
                       (False, True)) for k in SEAT_MARKS}
    on_table = _("the table of {seat}").format(seat=what)
    laid = tuple(_laid(x, on_table) for x in _list(table.get("table", []), on_table))
    last_skirmish = _("the last skirmish of {seat}").format(seat=what)
    last = tuple(_laid(x, last_skirmish)
                 for x in _list(table.get("last_skirmish", []), last_skirmish))
    chosen = table.get("chosen")
    if chosen is not None and not isinstance(chosen, str):
        raise BadInput(_("the choice of {seat} is {value}").format(seat=what,
                                                                  value=quoted(chosen)),
                       # Translators: "play 9S" is an action as a position writes it.
                       allowed=_('an action such as "play 9S", or null'))
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
    raise BadInput(_("{value} on {where} is not a card laid").format(value=quoted(text),
                                                                     where=where),
                   allowed=_(LAID_ALLOWED))


def _check_picture(last: tuple[Laid, ...], deck: tuple[Card, ...], deck_words: str,
                   held: set[Card], where: str) -> None:
    """The last skirmish is only a picture: its cards were cards of ``deck``, each laid once,
    and the game still ``held`` them, elsewhere now (spoils taken, or removed)."""
    pictured = [x.card for x in last if x.card]
    stranger = next((c for c in pictured if c not in deck), None)
    if stranger is not None:
        raise BadInput(_("{zone} holds {card}, which is not in this game's deck")
                       .format(zone=where, card=stranger.code), allowed=deck_words)
    gone = next((c for c in pictured if c not in held), None)
    if gone is not None:  # only a stacked game can leave a card of the deck out
        raise BadInput(_("{zone} holds {card}, which is nowhere else in this game")
                       .format(zone=where, card=gone.code),
                       allowed=_("cards of the last skirmish that the game still holds: in a "
                                 "draw pile, a discard pile, a hand, on the table or removed"))
    if len(set(pictured)) != len(pictured):
        raise BadInput(_("a card appears twice in {zone}").format(zone=where),
                       allowed=_("each card of the last skirmish once"))


# What every seat must look like, whatever the stage


def _check_seats(state: GuerrillaState) -> None:
    rank = state.guerrilla_rank
    for p, seat in enumerate(state.seats):
        who, row = _player_words(p), state.table[p]
        if seat.out and (seat.draw or seat.discard or seat.hand or seat.supported
                         or seat.reveals_first):
            raise BadInput(_("{player} is out but still has cards or marks").format(player=who),
                           allowed=_("an eliminated player with no draw pile, discard pile or "
                                     "hand, and no penalty or spy mark (GT-ELIM, GT-ELIM-HAND)"))
        if len(seat.tie_drawn) > 2:
            raise BadInput(_("{player} has {count} cards drawn for a tie-break").format(
                               player=who, count=len(seat.tie_drawn)),
                           allowed=_("at most the two cards a tie-break draws (GT-TIE)"))
        stray = [c for c in seat.shown + seat.tie_drawn if c not in seat.hand]
        if stray:
            raise BadInput(_("{card} is shown or tie-drawn by {player} but not in the hand")
                           .format(card=stray[0].code, player=who),
                           allowed=_("shown and tie-drawn cards from the seat's own hand"))
        plain = [c for c in seat.shown if not is_guerrilla(c, rank)]
        if plain:
            raise BadInput(_("{player} shows {card}, which is not a Guerrilla").format(
                               player=who, card=plain[0].code),
                           allowed=_("only Guerrillas revealed to cancel a promotion are shown "
                                     "(GT-CANCEL-CARD)"))
        if any(is_guerrilla(x.card, rank) for x in row if x.card) and not seat.played_guerrilla:
            # Translators: played_guerrilla is a key of a position; true and false its values.
            raise BadInput(_("{player} has a Guerrilla on the table but played_guerrilla is "
                             "false").format(player=who),
                           allowed=_("played_guerrilla true for a seat that laid a Guerrilla "
                                     "(GT-PROMO-PLAYED)"))
        # No bound on the hand itself: even under 'fill-to-two' a tied player whose rival
        # is eliminated drawing for the tie-break keeps the two cards drawn, and the next
        # draw adds none while the hand holds two or more.
        _check_row(state, p)


def _check_row(state: GuerrillaState, p: int) -> None:
    """A seat's cards on the table in the order laid: a play (and a support), then in each
    tie-break round one card up (and one down), round after round."""
    row, who = state.table[p], _player_words(p)
    rank, ace_high = state.guerrilla_rank, state.rules.ace == "high"
    expected = [PLAY]
    allowed = _("a play, then perhaps a support, then for each tie-break round 1, 2, ... one "
                "card up and perhaps one down (or turned, under GT-TIE-DOWN 'pair'), up to "
                "round {round}").format(round=state.tie_round)
    rnd = 0
    for i, x in enumerate(row):
        if x.tie_round == rnd + 1 and x.how == TIE_UP and i:
            rnd, expected = rnd + 1, [TIE_UP, TIE_DOWN, TURNED]
        if x.tie_round != rnd or x.how not in expected or rnd > state.tie_round:
            raise BadInput(_("the table of {player} is not laid as the rules lay it")
                           .format(player=who), allowed=allowed)
        expected = {PLAY: [SUPPORT], SUPPORT: [], TIE_UP: [TIE_DOWN, TURNED]}.get(x.how, [])
        if x.how in (TIE_DOWN, TURNED):
            up = row[i - 1].card
            assert x.card is not None and up is not None
            pairs = (state.rules.tie_down == "pair"
                     and strength(x.card, rank, ace_high) == strength(up, rank, ace_high))
            if pairs != (x.how == TURNED):
                # Translators: 'down' and 'turned' are written as a position lays a card.
                wrong = (_("{card} of {player} is down, but ruling GT-TIE-DOWN ({setting}) "
                           "turns it up") if pairs else
                         _("{card} of {player} is turned, but ruling GT-TIE-DOWN ({setting}) "
                           "leaves it face down"))
                raise BadInput(wrong.format(card=x.card.code, player=who,
                                            setting=repr(state.rules.tie_down)),
                               allowed=_("a face-down card turned up only when it pairs the "
                                         "face-up card under GT-TIE-DOWN 'pair'"))


# The stage: who is asked, and what the table and the marks must be for it


def _check_stage(state: GuerrillaState, asked: tuple[int, ...] | None) -> GuerrillaState:
    stage, active, n = state.stage, state.active, len(state.seats)
    if stage == "over":
        return _over(state, asked)
    if len(active) < 2:
        # Translators: {count} is 0 or 1.
        raise BadInput(_("only {count} player is still in, so the game is over").format(
                           count=len(active)),
                       allowed=_("stage 'over' when one player or none is left (GT-WIN)"))
    tie = stage in ("tie-first", "tie")
    if tie != (state.tie_round > 0):
        # Translators: tie_round is a key of a position, as written.
        raise BadInput(_("stage {stage} with tie_round {round}").format(
                           stage=repr(stage), round=state.tie_round),
                       allowed=_("a tie_round from 1 in the tie stages, and 0 in the others"))
    if (state.proposer is not None) != (stage == "cancel"):
        raise BadInput(_("stage {stage} with proposer {proposer}").format(
                           stage=repr(stage), proposer=state.proposer),
                       allowed=_("a proposer in stage 'cancel' only, and null in the others"))
    laid = [p for p in range(n) if state.table[p]]
    if stage in ("promote", "cancel", *MOMENTS) and laid:
        raise BadInput(_("{name} has cards on the table before the skirmish's play").format(
                           name=_(NAMES[laid[0]])),
                       allowed=_("an empty table in stage {stage}").format(stage=repr(stage)))
    marked = [p for p in active if state.seats[p].supported]
    before_draw = (stage == BEFORE_THE_DRAW or (stage in ("promote", "cancel", WINDOW)
                   and state.rules.promotion_window == "before-draw"))
    if not before_draw and not tie and marked:
        raise BadInput(_("{name} still has the support penalty due after the draw").format(
                           name=_(NAMES[marked[0]])),
                       # Translators: penalty_due is a key of a position, as written.
                       allowed=_("penalty_due only before the draw (GT-PENALTY serves it at "
                                 "the draw) or for a support laid this skirmish"))
    if stage in MOMENTS:
        return _nobody_chooses(state, asked)
    if tie:
        contenders, choosers = _tie_choosers(state)
    else:
        choosers = _choosers(state)
        # In the support stage the contenders are the best before anyone supports.
        contenders = best_of(forces_of(state, active, 0)) if stage == "support" else ()
    if not choosers and stage != "cancel":  # a proposal nobody can cancel is accepted
        raise BadInput(_("nobody would be asked in stage {stage} here").format(
                           stage=repr(stage)),
                       allowed=_("a stage where at least one player has this choice, or one "
                                 "where nobody chooses: {stages}").format(
                                     stages=", ".join(MOMENTS)))
    if asked is None:
        asked = tuple(p for p in choosers if state.pending[p] is None)
    k = len(choosers) - len(asked)
    if k < 0 or choosers[k:] != asked:
        names = ", ".join(str(p) for p in choosers)
        # Translators: to_choose is a key of a position, as written.
        raise BadInput(_("to_choose is {seats} in stage {stage}").format(
                           seats=list(asked), stage=repr(stage)),
                       allowed=_("the players still to choose, in this order: the last of "
                                 "{seats} (none once all have chosen)").format(seats=names))
    hidden = stage in HIDDEN_STAGES or (stage in ("promote", "cancel")
                                        and state.rules.declare == "everyone")
    for p in range(n):
        done = p in choosers[:k]
        chosen = state.pending[p]
        if hidden and done:
            if chosen not in legal_actions(state, p):
                raise BadInput(_("{player} has chosen {action}").format(
                                   player=_player_words(p), action=quoted(chosen)),
                               allowed=_("a choice made, legal here: {actions}").format(
                                   actions=", ".join(legal_actions(state, p))))
        elif chosen is not None:
            raise BadInput(_("{player} has chosen {action} but is not among those who have "
                             "chosen").format(player=_player_words(p), action=quoted(chosen)),
                           allowed="null")
    for p in asked:
        if not legal_actions(state, p):
            raise BadInput(_("{player} is to choose but has no card for it").format(
                               player=_player_words(p)),
                           allowed=_("a player to choose with a card to lay"))
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
        raise BadInput(_("to_choose is {seats} in stage {stage}, where nobody chooses").format(
                           seats=list(asked), stage=repr(stage)),
                       allowed=_("no 'to_choose', or an empty list"))
    chosen = next((p for p, c in enumerate(state.pending) if c is not None), None)
    if chosen is not None:
        raise BadInput(_("{player} has chosen {action} in stage {stage}").format(
                           player=_player_words(chosen), action=quoted(state.pending[chosen]),
                           stage=repr(stage)),
                       allowed=_("no 'chosen' before the play"))
    drawn = next((p for p, seat in enumerate(state.seats) if seat.tie_drawn), None)
    if drawn is not None:
        raise BadInput(_("{player} has cards drawn for a tie-break in stage {stage}").format(
                           player=_player_words(drawn), stage=repr(stage)),
                       allowed=_("no 'tie_drawn' outside a tie-break"))
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
            raise BadInput(_("stage {stage} at Guerrilla rank {rank}, when not every player "
                             "still in has played a Guerrilla or the rank is 6").format(
                                 stage=repr(stage), rank=rank),
                           allowed=_("a promotion only below rank 6 and once every player still "
                                     "in has played a Guerrilla (GT-PROMO-PLAYED, "
                                     "GT-PROMO-AT-MAX); stage {window} for a window that may not "
                                     "open").format(window=repr(WINDOW)))
        everyone = state.rules.declare == "everyone"  # GT-DECLARE: all asked, all declare
        eligible = tuple(p for p in active if not promotion_refusal(state, p)[0])
        if stage == "promote":
            return active if everyone else eligible
        proposer = state.proposer
        assert proposer is not None
        if proposer not in eligible:
            raise BadInput(_("{player} may not propose a promotion").format(
                               player=_player_words(proposer)),
                           allowed=_("a proposer still in who holds no Guerrilla"))
        n = len(state.seats)
        after = [(proposer + i) % n for i in range(1, n)]
        return tuple(p for p in after if p in active and (everyone or any(
            is_guerrilla(c, rank) for c in state.seats[p].hand)))
    out_rows = [p for p in range(len(table)) if table[p] and state.seats[p].out]
    if out_rows:
        raise BadInput(_("{name} is out but has cards on the table").format(
                           name=_(NAMES[out_rows[0]])),
                       allowed=_("cards of an eliminated player on the table only in a "
                                 "tie-break it was eliminated from"))
    first = tuple(p for p in active if state.seats[p].reveals_first)
    early = first if 0 < len(first) < len(active) else ()
    if stage == "play-first":
        wanted = {p: 0 for p in active}
        choosers = early
    elif stage == "play":
        wanted = {p: int(p in early) for p in active}
        choosers = tuple(p for p in active if p not in early)
    else:  # support: everyone has played (checked below, before the forces are counted)
        wanted = {p: 1 for p in active}
        choosers = ()
    wrong = [p for p in active if len(table[p]) != wanted[p]
             or any(x.how != PLAY for x in table[p])]
    if wrong:
        p = wrong[0]
        raise BadInput(_("{player} has {count} cards on the table in stage {stage}").format(
                           player=_player_words(p), count=len(table[p]), stage=repr(stage)),
                       allowed=_("{count} played card(s) for this seat now (spy captors "
                                 "reveal first: GT-REVEAL-FIRST; supports are laid together)")
                       .format(count=wanted[p]))
    if stage == "support":
        best = best_of(forces_of(state, active, 0))
        choosers = tuple(p for p in active if state.seats[p].hand and best != (p,))
    return choosers


def _tie_choosers(state: GuerrillaState) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The tied players still in, and who this tie-break stage asks: the table says who
    was tied in each round, and who was eliminated drawing for the next."""
    table, seats, rnd = state.table, state.seats, state.tie_round
    allowed = _("a table where the players laying in each tie-break round are those tied for "
                "best in the round before, less any eliminated drawing for it (GT-TIE)")
    n = len(seats)
    if any(not table[p] for p in state.active):
        raise BadInput(_("a player still in has laid nothing in this skirmish"), allowed=allowed)
    layers = tuple(p for p in range(n) if table[p])
    best: tuple[int, ...] = ()
    for r in range(rnd):
        best = best_of(forces_of(state, layers, r))
        nxt = tuple(p for p in range(n) if any(x.tie_round == r + 1 for x in table[p]))
        if len(best) < 2 or any(p not in best for p in nxt):
            raise BadInput(_("round {round} of the tie-break is laid by players not tied in "
                             "the round before").format(round=r + 1), allowed=allowed)
        gone = [p for p in best if p not in nxt and not seats[p].out]
        if r + 1 < rnd and gone:
            raise BadInput(_("{name} was tied but laid nothing in round {round}").format(
                               name=_(NAMES[gone[0]]), round=r + 1), allowed=allowed)
        if r + 1 < rnd:
            layers = nxt
    laid_before = [p for p in range(n) if seats[p].out and table[p]
                   and not _eliminated_in_tie(state, p)]
    if laid_before:
        raise BadInput(_("{name} is out but was not eliminated in this tie-break").format(
                           name=_(NAMES[laid_before[0]])), allowed=allowed)
    contenders = tuple(p for p in best if not seats[p].out)
    if len(contenders) < 2:
        raise BadInput(_("fewer than two tied players are still in the tie-break"),
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
            raise BadInput((_("{player} has laid in round {round} in stage {stage}") if laid_now
                            else _("{player} has not laid in round {round} in stage {stage}"))
                           .format(player=_player_words(p), round=rnd, stage=repr(state.stage)),
                           allowed=_("round cards laid early only by spy captors, under "
                                     "GT-REVEAL-FIRST-SCOPE 'tie-breaks-too'"))
        if laid_now == bool(seats[p].tie_drawn):
            raise BadInput(_("the tie-drawn cards of {player} do not match its turn").format(
                               player=_player_words(p)),
                           allowed=_("one or two cards drawn for the tie-break for each tied "
                                     "player yet to lay, none for the others"))
    for p in state.active:
        due = any(x.how == SUPPORT or (x.how in (TIE_DOWN, TURNED)
                                       and state.rules.tie_penalty == "yes") for x in table[p])
        if seats[p].supported != due:
            # Translators: penalty_due is a key of a position; {value} True or False.
            raise BadInput(_("penalty_due of {player} is {value}").format(
                               player=_player_words(p), value=seats[p].supported),
                           # Translators: {value} is true or false, as a position writes it.
                           allowed=_("{value}: the penalty follows a support laid this "
                                     "skirmish (GT-PENALTY, GT-TIE-PENALTY)").format(
                                         value=str(due).lower()))
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
        raise BadInput(_("a finished game with someone to choose, a proposer, a choice or cards "
                         "on the table"),
                       allowed=_("stage 'over' with all of these empty"))
    if len(left) == 1:
        over = GameOver(left, "last-standing", state.skirmish, "GT-WIN")
    elif not left:
        over = GameOver((), "all-out", state.skirmish, "GT-ALL-OUT")
    elif limit is not None and state.skirmish == limit:
        over = GameOver((), "limit", state.skirmish, "GT-LIMIT")
    else:
        raise BadInput(_("the game is over with {count} players still in").format(
                           count=len(left)),
                       allowed=_("one player or none left (GT-WIN, GT-ALL-OUT), or the skirmish "
                                 "limit reached (GT-LIMIT)"))
    return GuerrillaState(
        rules=state.rules, rng=state.rng, seats=state.seats, removed=state.removed,
        guerrilla_rank=state.guerrilla_rank, skirmish=state.skirmish, stage="over", asked=(),
        pending=state.pending, contenders=(), tie_round=0, proposer=None, table=state.table,
        last_table=state.last_table, tally=state.tally, outcome=Outcome(over.winners, over),
        decision=None,
    )


def _with_tally(state: GuerrillaState, tally: object) -> GuerrillaState:
    """The counts, each in range; left out, the least the position allows."""
    tally = check_keys(tally, (), TALLY_KEYS, _("the tally"))
    laid = [x for row in state.table for x in row]
    exact = {"promotions": state.guerrilla_rank - FIRST_GUERRILLA_RANK,
             "eliminations": sum(s.out for s in state.seats)}
    least = {"tie_breaks": state.tie_round, "supports": sum(x.how == SUPPORT for x in laid)}
    counts = {}
    for name in TALLY_KEYS:
        low = exact.get(name, least.get(name, 0))
        high = exact.get(name, len(state.removed) if name == "removed_by_loss" else None)
        # Translators: {key} is a count of a position's tally, as written: 'supports'.
        counts[name] = number(tally.get(name, low), _("the tally's {key}").format(key=repr(name)),
                              low, high)
    return changed(state, tally=Tally(**counts))
