"""Arsenal positions: hands, the draw pile, the captured piles, who leads, the rounds played.

A position (see ``docs/positions.md``) is the engine's own :class:`ArsenalState` written
as card codes. The deck is the one the rules name (``deck``): every one of its cards is
in exactly one place, a hand, the pile (top card first), the lead on the table, or a
captured pile. Each round played is written "who led, the card led, the answer", such as
"you NK-SF CS-ML"; its winner follows from the cards, so it is not written, and the
captured piles are the rounds' cards, each pile in the order they were won. The one key
that may be left out, ``stacked``, is true for a lesson's stacked deal
(``Game.new(stacked=...)``): its cards, any of the game's, are its match's whole deck, and
its first hands may be short while the pile lasts.

>>> from wartutor.core import Game
>>> from wartutor.variants.arsenal import ARSENAL
>>> state = Game.new(ARSENAL, seed=3).state
>>> position = position_of(state)
>>> position["stage"], position["round"], len(position["hands"]["you"].split())
('lead', 1, 7)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from wartutor.core.chance import Rng
from wartutor.core.engine import Outcome
from wartutor.core.errors import BadInput, quoted
from wartutor.core.position import (
    Stage,
    card_codes,
    card_list,
    check_keys,
    check_table,
    choice,
    every_card_once,
    stage_names,
    text,
)
from wartutor.language import N_, _, ngettext
from wartutor.variants.arsenal.cards import (
    ArsenalCard,
    arsenal_card,
    arsenal_codes,
    hand_order,
    standard_deck,
)
from wartutor.variants.arsenal.clash import clash
from wartutor.variants.arsenal.game import (
    NPC,
    YOU,
    ArsenalEvent,
    ArsenalState,
    MatchOver,
    RoundPlayed,
    moment_after,
)
from wartutor.variants.arsenal.rules import ArsenalRules

KEYS = ("stage", "round", "leader", "lead", "hands", "pile", "captured", "rounds",
        "sudden_death")
OPTIONAL = ("stacked",)  # true: a lesson's stacked deal, whose cards are the match's deck
SEATS = ("you", "npc")
_STAGES = (
    Stage("lead", N_("The leader chooses a card to lead, face down."),
          N_("equal hands, the leader the winner of the last round"), True),
    Stage("answer", N_("The lead is face up: the other side chooses its answer."),
          N_("a 'lead', the leader one card short"), True),
    Stage("over", N_("The match is over."),
          N_("every card played, or the pile used up under AR-DRY"), False),
)
STAGES = stage_names(_STAGES)


def stages() -> tuple[Stage, ...]:
    """The stages a Arsenal position may name, in the order a game meets them."""
    return _STAGES
# Translators: the quoted rounds are written as a position writes them: keep them.
_ROUND_ALLOWED = N_('"who led, the card led, the answer", such as "you NK-SF CS-ML" or '
                    '"npc RK-SF KV-PR"')
_EXAMPLE = "NK-SO RK-ML"  # cards of the game, as the allowed words of a zone show them


def position_of(state: ArsenalState) -> dict[str, Any]:
    """The position of ``state``: every zone, who leads, the stage, the rounds played."""
    stage = "over" if state.outcome else "lead" if state.lead is None else "answer"
    position: dict[str, Any] = {
        "stage": stage,
        "round": state.round,
        "leader": SEATS[state.leader],
        "lead": None if state.lead is None else state.lead.code,
        "hands": {seat: arsenal_codes(state.hands[p]) for p, seat in enumerate(SEATS)},
        "pile": arsenal_codes(state.pile),
        "captured": {seat: arsenal_codes(state.captured[p]) for p, seat in enumerate(SEATS)},
        "rounds": [f"{SEATS[r.leader]} {r.cards[r.leader].code} {r.cards[1 - r.leader].code}"
                   for r in state.history],
        "sudden_death": None if state.sudden_death is None else arsenal_codes(state.sudden_death),
    }
    if _stacked(state):
        position["stacked"] = True
    return position


def _stacked(state: ArsenalState) -> bool:
    """Whether only a stacked deal reaches ``state``: its deck is not the rules' deck, or its
    first hands were dealt short while a pile waits, or a pile the rules' deal would not have
    laid has cut the match short (AR-DRY 'pile-empty')."""
    full = min(state.rules.hand_size, len(state.deck) // 2)
    dealt_short = not state.history and bool(state.pile) and max(map(len, state.hands)) < full
    cut_short = state.outcome is not None and any(state.hands) and len(state.deck) <= 2 * full
    return state.deck != state.rules.cards or dealt_short or cut_short


def from_position(rules: ArsenalRules, position: Mapping[str, Any], seed: int) -> ArsenalState:
    """The state at ``position``, checked as carefully as a deal (see the module docstring).
    A side to move holding one card plays it (AR-FORCED): the state the game plays on to."""
    return play_from_position(rules, position, seed)[0]


def play_from_position(
    rules: ArsenalRules, position: Mapping[str, Any], seed: int
) -> tuple[ArsenalState, tuple[ArsenalEvent, ...]]:
    """The state at the first choice (or the end) from ``position``, and the events of the
    moments on the way: a last card played for its side (AR-FORCED), the round it ends."""
    events: list[ArsenalEvent] = []
    state = _moment(rules, position, seed)
    while (after := moment_after(state, events)) is not None:
        state = after
    return state, tuple(events)


def _moment(rules: ArsenalRules, position: Mapping[str, Any], seed: int) -> ArsenalState:
    """The engine's state at ``position`` itself, checked; one where a last card may be due."""
    check_keys(position, KEYS, OPTIONAL)
    stacked = choice(position.get("stacked", False), "'stacked'", (False, True))
    stage = choice(position["stage"], _("the stage"), STAGES)
    leader = SEATS.index(choice(position["leader"], _("who leads"), SEATS))
    hands_given = check_table(position["hands"], _("the hands"), SEATS)
    places = {"hand": (_("your hand"), _("the NPC's hand")),
              "captured": (_("your captured pile"), _("the NPC's captured pile"))}
    hands = tuple(_sorted(card_list(hands_given[seat], arsenal_card, places["hand"][p],
                                    allowed=card_codes(_EXAMPLE)))
                  for p, seat in enumerate(SEATS))
    pile = card_list(position["pile"], arsenal_card, _("the pile"),
                     allowed=card_codes(_EXAMPLE, top_first=True))
    lead = _lead_card(position["lead"])
    captured_given = check_table(position["captured"], _("the captured piles"), SEATS)
    captured = tuple(card_list(captured_given[seat], arsenal_card, places["captured"][p],
                               allowed=card_codes(_EXAMPLE)) for p, seat in enumerate(SEATS))
    zones = {places["hand"][YOU]: hands[YOU], places["hand"][NPC]: hands[NPC], _("the pile"): pile,
             _("the lead"): () if lead is None else (lead,),
             places["captured"][YOU]: captured[YOU], places["captured"][NPC]: captured[NPC]}
    # A stacked deal's cards, any of the game's, are the whole deck of its match (AR-DEAL).
    every_card_once(zones, rules.cards, stacked, lesson_deck=standard_deck(),
                    deck_words=_("the {count} cards of the deck ruling AR-CUSTOM-DECK names")
                    .format(count=len(rules.cards)))
    present = {c for zone in zones.values() for c in zone}
    deck = tuple(c for c in standard_deck() if c in present) if stacked else rules.cards
    history, tally = _rounds(position["rounds"], captured)
    over = stage == "over"
    now = len(history) + (0 if over else 1)
    if position["round"] != now or type(position["round"]) is not int:
        raise BadInput(_("the round is {round} after {played} rounds played").format(
                           round=quoted(position["round"]), played=len(history)),
                       allowed=_("{now}: the rounds played, and one more while the match goes "
                                 "on").format(now=now))
    if history and leader != history[-1].winner:
        raise BadInput(_("you lead, but the NPC won the last round") if leader == YOU else
                       _("the NPC leads, but you won the last round"),
                       allowed=_("the winner of the last round as the leader (AR-WHO-LEADS)"))
    if (stage == "answer") != (lead is not None):
        raise BadInput(_("the stage is {stage} and the lead is {lead}").format(
                           stage=quoted(stage), lead=quoted(position["lead"])),
                       allowed=_('a lead on the table at stage "answer" only'))
    full = min(rules.hand_size, len(deck) // 2)
    # Whether the deal laid a pile: any deal does when the deck is more than two hands of
    # hand_size; the rules' deal only then (its deck is even), while a lesson's stacked deal
    # of a smaller deck may lay a pile of its own, which the position no longer shows.
    had_pile = True if len(deck) > 2 * rules.hand_size else None if stacked else False
    if len(pile) % 2:
        raise BadInput(ngettext("a pile of {n} card cannot be shared evenly",
                                "a pile of {n} cards cannot be shared evenly",
                                len(pile)).format(n=len(pile)),
                       allowed=_("an even number of cards in the pile (both draw alike)"))
    if over:
        outcome, sudden = _ending(rules, position["sudden_death"], deck, hands, pile, captured,
                                  len(history), had_pile, stacked)
    else:
        # A stacked deal's first hands may be short of full while the pile lasts.
        _check_hands(rules, stage, leader, hands, pile, full, had_pile, stacked and not history)
        if position["sudden_death"] is not None:
            raise BadInput(_("sudden death is drawn while the match goes on"),
                           allowed=_('"sudden_death": null until the stage is "over"'))
        outcome, sudden = None, None
    return ArsenalState(rules, Rng.from_seed(seed), deck, (hands[0], hands[1]), pile, leader, lead,
                        (captured[0], captured[1]), history, sudden, outcome, tally)


def _lead_card(value: object) -> ArsenalCard | None:
    if value is None:
        return None
    cards = card_list(value, arsenal_card, _("the lead"))
    if len(cards) != 1:
        raise BadInput(_("the lead is {lead}").format(lead=quoted(value)),
                       allowed=_("one card code, or null when nothing is led"))
    return cards[0]


def _sorted(cards: tuple[ArsenalCard, ...]) -> tuple[ArsenalCard, ...]:
    return tuple(sorted(cards, key=hand_order))  # hands are kept in this order (AR-DEAL)


def _rounds(
    given: object, captured: tuple[tuple[ArsenalCard, ...], ...]
) -> tuple[tuple[RoundPlayed, ...], tuple[int, int, int, int]]:
    """The rounds played, their tally, checked against the captured piles."""
    if not isinstance(given, list):
        raise BadInput(_("the rounds played are {rounds}").format(rounds=quoted(given)),
                       allowed=_("a list of rounds, each {round}").format(
                           round=_(_ROUND_ALLOWED)))
    history: list[RoundPlayed] = []
    won: tuple[list[ArsenalCard], list[ArsenalCard]] = ([], [])
    led_won = blocks = turned_back = level4 = 0
    for n, entry in enumerate(given, start=1):
        where = _("round {number}").format(number=n)
        parts = text(entry, where, _(_ROUND_ALLOWED)).split()
        if len(parts) != 3 or parts[0] not in SEATS:
            raise BadInput(_("round {number} is {entry}").format(number=n, entry=quoted(entry)),
                           allowed=_(_ROUND_ALLOWED))
        leader = SEATS.index(parts[0])
        lead, answer = card_list(f"{parts[1]} {parts[2]}", arsenal_card, where)
        if history and history[-1].winner != leader:
            raise BadInput((_("round {number} is led by you, but the NPC won round {previous}")
                            if leader == YOU else
                            _("round {number} is led by the NPC, but you won round {previous}")
                            ).format(number=n, previous=n - 1),
                           allowed=_("the winner of each round leads the next (AR-WHO-LEADS)"))
        met = clash(lead, answer)
        winner = leader if met.winner == 0 else 1 - leader
        played = (lead, answer) if leader == YOU else (answer, lead)
        history.append(RoundPlayed(n, leader, played, winner, met.how))
        won[winner].extend((lead, answer))
        led_won += winner == leader
        blocks += met.how == "blocks"
        turned_back += met.how == "turned-back"
        level4 += met.winning_card.level == 4
    for p in (YOU, NPC):
        if tuple(won[p]) != captured[p]:
            raise BadInput(_("your captured pile is not the cards of the rounds you won")
                           if p == YOU else
                           _("the NPC's captured pile is not the cards of the rounds the NPC "
                             "won"),
                           allowed=_("{cards}, in the order won").format(
                               cards=arsenal_codes(tuple(won[p])) or _("none")))
    return tuple(history), (led_won, blocks, turned_back, level4)


def _check_hands(rules: ArsenalRules, stage: str, leader: int,
                 hands: tuple[tuple[ArsenalCard, ...], ...], pile: tuple[ArsenalCard, ...],
                 full: int, had_pile: bool | None, dealt_short: bool) -> None:
    """The hand sizes a match in play can have: both draw alike, so they are equal when a
    round is led (full while the pile lasts, but for the hands a lesson dealt short), and a
    side with one card has it played for it (AR-FORCED). ``had_pile`` None: whether the
    deal laid a pile is not known."""
    to_move = leader if stage == "lead" else 1 - leader
    size = len(hands[to_move])
    others = size if stage == "lead" else size - 1
    top = full if pile and not dealt_short else size
    if stage == "lead":
        allowed = (_("equal hands, of 1 to {full} cards for the side to move") if dealt_short
                   else _("equal hands, of 1 to {full} cards for the side to move ({full} while "
                          "the pile lasts)"))
    else:
        allowed = (_("the leader one card short, of 1 to {full} cards for the side to move")
                   if dealt_short else
                   _("the leader one card short, of 1 to {full} cards for the side to move "
                     "({full} while the pile lasts)"))
    if not 1 <= size <= full or len(hands[1 - to_move]) != others or size != top:
        raise BadInput(_("at stage {stage} you hold {yours} cards and the NPC {theirs}, with "
                         "{pile} in the pile").format(stage=quoted(stage), yours=len(hands[YOU]),
                                                      theirs=len(hands[NPC]), pile=len(pile)),
                       allowed=allowed.format(full=full))
    if rules.dry == "pile-empty" and had_pile and not pile:
        raise BadInput(_("the match goes on with the pile used up"),
                       allowed=_('stage "over": under ruling AR-DRY \'pile-empty\' the match '
                                 "ends when the pile is used up"))


def _ending(
    rules: ArsenalRules, given: object, deck: tuple[ArsenalCard, ...],
    hands: tuple[tuple[ArsenalCard, ...], ...], pile: tuple[ArsenalCard, ...],
    captured: tuple[tuple[ArsenalCard, ...], ...], rounds: int, had_pile: bool | None,
    stacked: bool,
) -> tuple[Outcome, tuple[ArsenalCard, ArsenalCard] | None]:
    """The end of a match over: it ran dry as ruling AR-DRY says; most captured wins, a tie
    goes to the sudden-death draw written in the position."""
    left_in_hand = hands[0] or hands[1]
    # A match cut short ends at the refill that used up the pile: both drew alike, back up to
    # hand_size, or, when a lesson's first hands were short, to what the pile held at the
    # first refill.
    size = len(hands[0])
    refilled = size == rules.hand_size or (stacked and rounds == 1 and size < rules.hand_size)
    cut_short = (rules.dry == "pile-empty" and had_pile is not False
                 and size == len(hands[1]) and refilled)
    if pile or rounds == 0 or (left_in_hand and not cut_short):
        raise BadInput(_("the match is over with {yours} and {theirs} cards in hand and "
                         "{pile} in the pile after {rounds} rounds").format(
                           yours=len(hands[0]), theirs=len(hands[1]), pile=len(pile),
                           rounds=rounds),
                       allowed=(_("every card played (ruling AR-DRY), or under 'pile-empty' the "
                                  "pile used up by a refill, both hands drawn back up to {size} "
                                  "cards (or, after a first round, what a lesson's pile held)")
                                if stacked else
                                _("every card played (ruling AR-DRY), or under 'pile-empty' the "
                                  "pile used up by a refill, both hands drawn back up to {size} "
                                  "cards")).format(size=rules.hand_size))
    totals = (len(captured[0]), len(captured[1]))
    if totals[0] != totals[1]:
        if given is not None:
            raise BadInput(_("a sudden death is drawn after {yours} to {theirs}").format(
                               yours=totals[0], theirs=totals[1]),
                           allowed=_('"sudden_death": null unless the captured counts are '
                                     "equal"))
        winner = YOU if totals[0] > totals[1] else NPC
        over = MatchOver(winner, totals, "most-captured", rounds, "AR-WINNING")
        return Outcome((winner,), over), None
    if given is None:
        raise BadInput(_("the captured counts are equal ({count} each) and no sudden death is "
                         "drawn").format(count=totals[0]),
                       allowed=_('"sudden_death": your card and the NPC\'s, drawn from the '
                                 "whole reshuffled deck"))
    drawn = card_list(given, arsenal_card, _("the sudden death"))
    if len(drawn) != 2 or not set(drawn) <= set(deck):
        raise BadInput(_("the sudden death is {cards}").format(cards=quoted(given)),
                       allowed=_("two cards of this game's deck, yours then the NPC's"))
    met = clash(drawn[0], drawn[1])
    over = MatchOver(met.winner, totals, "sudden-death", rounds, "AR-SUDDEN")
    return Outcome((met.winner,), over), (drawn[0], drawn[1])
