"""Classic War positions: both decks in order, the battle count, the last battle, the end.

A position (see ``docs/positions.md``) is the engine's own :class:`ClassicState` written
as card codes. Decks are top card first. The last battle's cards are as they were laid,
each side's in order; which are face down follows from the war rule (the first card up,
then ``war_down`` down and one up for each war). They are on the table only to be shown:
each is also in a deck (the pile was taken) or among the unclaimed cards. The one key that
may be left out, ``stacked``, is true for a lesson's stacked deal (``Game.new(stacked=...)``),
which may leave cards of the deck out, or split it other than 26 and 26; ``position_of``
writes it only for a state that shows such a deal: cards left out, or a split other than
the rules' before the first battle.

>>> from wartutor.core import Game
>>> from wartutor.variants.classic_war import CLASSIC_WAR
>>> game = Game.new(CLASSIC_WAR, seed=3).play("turn")
>>> position = position_of(game.state)
>>> position["stage"], position["battles"], len(position["decks"]["you"].split()) > 20
('play', 1, True)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from wartutor.core.cards import Card, card, codes, standard_deck
from wartutor.core.chance import Rng
from wartutor.core.engine import Outcome
from wartutor.core.errors import BadInput, quoted
from wartutor.core.position import (
    Stage,
    card_list,
    check_keys,
    check_table,
    choice,
    every_card_once,
    number,
    stage_names,
)
from wartutor.language import N_, _
from wartutor.variants.classic_war.game import (
    COMPUTER,
    YOU,
    ClassicEvent,
    ClassicState,
    GameOver,
    Laid,
    _pickup_order,
    fight,
)
from wartutor.variants.classic_war.rules import ClassicRules

KEYS = ("stage", "battles", "wars", "decks", "last_battle", "unclaimed", "winner", "ending")
OPTIONAL = ("stacked",)  # true: a lesson's stacked deal, which may leave cards out
SEATS = ("you", "computer")
WAR = "war"  # a moment inside a battle (CW-BATTLE-UNIT): nobody chooses until it ends
_STAGES = (
    # A stage's name is a value a position writes; what it is and what it needs are words.
    Stage("play", N_("Before a battle: both turn their top card when you press Turn cards; "
                     "equal ranks start a war, fought to its end in the same battle "
                     "(CW-BATTLE-UNIT)."),
          N_("both decks holding cards, fewer battles than the limit"), True),
    Stage(WAR, N_("In the middle of a battle, the face-up cards are equal: a war. Both lay "
                  "cards face down and one up, and the battle goes on by itself to its end."),
          # Translators: 'last_battle' and 'battles' are keys of a position, as written.
          N_("'last_battle' the battle so far as laid, its last face-up cards of equal rank, "
             "and not in the decks; 'battles' those played before it"), False),
    Stage("over", N_("The game is over."),
          # Translators: 'ending' and 'winner' are keys of a position, as written.
          N_("an 'ending' and a 'winner' that fit the decks"), False),
)
STAGES = stage_names(_STAGES)


def stages() -> tuple[Stage, ...]:
    """The stages a Classic War position may name, in the order a game meets them."""
    return _STAGES
ENDINGS = ("all-cards", "short", "both-short", "limit")
_RULE_OF_ENDING = {"all-cards": "CW-EMPTY", "short": "CW-SHORT-SCOPE", "both-short": "CW-SHORT",
                   "limit": "CW-LIMIT"}
_SPLIT = (26, 26)  # the rules' deal: "the deck is split into two face-down piles of 26 cards"
_MAX_BATTLES = 1_000_000  # with no battle limit, a cycling game could count up without end


def position_of(state: ClassicState) -> dict[str, Any]:
    """The position of ``state``: every zone, the counters, the end if it came."""
    over = state.outcome.because if state.outcome else None
    assert over is None or isinstance(over, GameOver)
    position: dict[str, Any] = {
        "stage": "play" if over is None else "over",
        "battles": state.battles,
        "wars": state.wars,
        "decks": {seat: codes(state.decks[p]) for p, seat in enumerate(SEATS)},
        "last_battle": {seat: codes(tuple(_laid_card(c) for c in state.last_battle[p]))
                        for p, seat in enumerate(SEATS)},
        "unclaimed": codes(state.unclaimed),
        "winner": None if over is None or over.winner is None else SEATS[over.winner],
        "ending": None if over is None else over.ending,
    }
    # A stacked deal may leave cards of the deck out, or split it unevenly; a shuffled one
    # never does (once battles are fought, any split may come of the rules' deal).
    if (sum(map(len, state.decks)) + len(state.unclaimed) < len(standard_deck())
            or (state.battles == 0 and tuple(map(len, state.decks)) != _SPLIT)):
        position["stacked"] = True
    return position


def _laid_card(laid: Laid) -> Card:
    assert laid.card is not None  # the state's own table shows every card
    return laid.card


def from_position(rules: ClassicRules, position: Mapping[str, Any], seed: int) -> ClassicState:
    """The state at ``position``, checked as carefully as a deal (see the module docstring).
    At stage ``"war"``, the state once the battle is over (see :func:`play_from_position`)."""
    return play_from_position(rules, position, seed)[0]


def play_from_position(
    rules: ClassicRules, position: Mapping[str, Any], seed: int
) -> tuple[ClassicState, tuple[ClassicEvent, ...]]:
    """The state at ``position``, and no events; at stage ``"war"``, the state once the
    battle is fought to its end, with the events of the war on the way."""
    check_keys(position, KEYS, OPTIONAL)
    stacked = choice(position.get("stacked", False), "'stacked'", (False, True))
    stage = choice(position["stage"], _("the stage"), STAGES)
    war = stage == WAR  # the table shows the battle in progress, its cards out of the decks
    limit = rules.battle_limit if rules.battle_limit is not None else _MAX_BATTLES
    # The places a refusal names, as the subject of its sentence: "your deck holds 9S twice".
    battles = number(position["battles"], _("the number of battles played"), 0, limit - war)
    decks_given = check_table(position["decks"], _("the decks"), SEATS)
    decks = (card_list(decks_given["you"], card, _("your deck")),
             card_list(decks_given["computer"], card, _("the computer's deck")))
    unclaimed = card_list(position["unclaimed"], card, _("the unclaimed cards"))
    laid_given = check_table(position["last_battle"], _("the last battle"), SEATS)
    laid = (card_list(laid_given["you"], card, _("your cards of the last battle")),
            card_list(laid_given["computer"], card, _("the computer's cards of the last battle")))
    zones = {_("your deck"): decks[YOU], _("the computer's deck"): decks[COMPUTER],
             _("the unclaimed cards"): unclaimed}
    if war:
        zones[_("the battle on the table")] = laid[YOU] + laid[COMPUTER]
    every_card_once(zones, standard_deck(), stacked)
    wars = number(position["wars"], _("the number of wars fought"), 0,
                  (battles + war) * (52 // (rules.war_down + 1)))
    _check_last_battle(rules, battles + war, wars, laid)
    if war:
        _check_war(laid)
    else:
        _check_pile_taken(rules, decks, unclaimed, laid)
    dealt = (len(decks[YOU]) + war * len(laid[YOU]),
             len(decks[COMPUTER]) + war * len(laid[COMPUTER]))
    if battles == 0 and not stacked and dealt != _SPLIT:
        raise BadInput(_("before the first battle you hold {yours} cards and the computer "
                         "{theirs}").format(yours=dealt[YOU], theirs=dealt[COMPUTER]),
                       # Translators: 'stacked' is a key of a position, true its value.
                       allowed=_("26 each, as the deck is split (rule 1), or 'stacked' true "
                                 "for a lesson's stacked deal"))
    winner_name = choice(position["winner"], _("the winner"), (*SEATS, None))
    ending = choice(position["ending"], _("the ending"), (*ENDINGS, None))
    winner = None if winner_name is None else SEATS.index(winner_name)
    outcome = None
    if war:  # the battle's cards are still the tops of the decks until it is over
        decks = (laid[YOU] + decks[YOU], laid[COMPUTER] + decks[COMPUTER])
    if stage == "over":
        outcome = _outcome(rules, decks, unclaimed, battles, winner, ending)
    else:
        _check_playing(decks, unclaimed, winner_name, ending, battles, rules.battle_limit)
    table = tuple(tuple(Laid(c, i % (rules.war_down + 1) == 0) for i, c in enumerate(side))
                  for side in laid)
    state = ClassicState(rules, Rng.from_seed(seed), decks, (table[0], table[1]), unclaimed,
                         battles, wars, outcome)
    if not war:
        return state, ()
    used = len(laid[YOU])
    return fight(state, used, (list(table[0]), list(table[1])), (used - 1) // (rules.war_down + 1))


def _check_war(laid: tuple[tuple[Card, ...], tuple[Card, ...]]) -> None:
    """At stage war the battle is on the table, and its last face-up cards are equal."""
    if not laid[YOU] or laid[YOU][-1].rank != laid[COMPUTER][-1].rank:
        if laid[YOU]:
            problem = _("at stage 'war' the face-up cards on the table are {yours} and "
                        "{theirs}").format(yours=laid[YOU][-1].code, theirs=laid[COMPUTER][-1].code)
        else:
            problem = _("at stage 'war' the face-up cards on the table are no cards")
        raise BadInput(problem, allowed=_("the battle so far in 'last_battle', its last face-up "
                                          "cards of equal rank (rule 3), or the stage 'play'"))


def _check_last_battle(rules: ClassicRules, battles: int, wars: int,
                       laid: tuple[tuple[Card, ...], tuple[Card, ...]]) -> None:
    step = rules.war_down + 1
    if len(laid[0]) != len(laid[1]):
        raise BadInput(_("in the last battle you laid {yours} cards and the computer "
                         "{theirs}").format(yours=len(laid[0]), theirs=len(laid[1])),
                       allowed=_("as many cards on each side (both lay alike)"))
    if (battles == 0) != (not laid[0]):
        raise BadInput(_("the last battle shows {count} cards a side after {battles} battles")
                       .format(count=len(laid[0]), battles=battles),
                       allowed=_("no cards before the first battle, and some after it"))
    if laid[0] and (len(laid[0]) - 1) % step:
        raise BadInput(_("a battle cannot lay {count} cards a side under these rules")
                       .format(count=len(laid[0])),
                       allowed=_("1 card up, then {down} down and 1 up for each war")
                       .format(down=rules.war_down))
    ups = [(laid[0][i], laid[1][i]) for i in range(0, len(laid[0]), step)]
    if any(a.rank != b.rank for a, b in ups[:-1]):
        raise BadInput(_("the last battle goes on to a war after unequal ranks"),
                       allowed=_("a war only when both face-up cards have the same rank "
                                 "(rule 3)"))
    if len(ups) - 1 > wars:
        raise BadInput(_("the last battle shows {shown} wars but {wars} were fought")
                       .format(shown=len(ups) - 1, wars=wars),
                       allowed=_("at least {shown} wars fought").format(shown=len(ups) - 1))


def _check_pile_taken(rules: ClassicRules, decks: tuple[tuple[Card, ...], tuple[Card, ...]],
                      unclaimed: tuple[Card, ...],
                      laid: tuple[tuple[Card, ...], tuple[Card, ...]]) -> None:
    """The last battle's cards are where it left them: under the winner's deck in the order
    of ruling CW-PICKUP, or, when its war could not be finished, unclaimed on the table."""
    if not laid[0]:
        if unclaimed:
            raise BadInput(_("cards are unclaimed before any battle"),
                           allowed=_("unclaimed cards only from the last battle"))
        return
    if unclaimed:
        if unclaimed != laid[0] + laid[1]:
            raise BadInput(_("the unclaimed cards are not the last battle's"),
                           allowed=_("{cards}: your cards as laid, then the computer's")
                           .format(cards=codes(laid[0] + laid[1])))
        return
    up = (laid[0][-1], laid[1][-1])
    winners = ((YOU,) if up[0].rank > up[1].rank else (COMPUTER,) if up[1].rank > up[0].rank
               else (YOU, COMPUTER))  # a tie: the war was given up by the one who ran short
    for p in winners:
        taken, _rng = _pickup_order(rules.pickup, laid[p], laid[1 - p], Rng.from_seed(0))
        bottom = decks[p][-len(taken):]
        if bottom == taken or (rules.pickup == "shuffled" and set(bottom) == set(taken)):
            return
    raise BadInput(_("the last battle's cards are not under the winner's deck"),
                   # Translators: {order} is the setting of ruling CW-PICKUP, "winner-first".
                   allowed=_("the pile at the bottom of the winner's deck, in the order ruling "
                             "CW-PICKUP gives ({order}), or unclaimed if the game ended in the "
                             "middle of a war").format(order=rules.pickup))


def _check_playing(decks: tuple[tuple[Card, ...], tuple[Card, ...]], unclaimed: tuple[Card, ...],
                   winner: str | None, ending: str | None, battles: int,
                   battle_limit: int | None) -> None:
    if winner is not None or ending is not None:
        raise BadInput(_("a game in play has a winner or an ending"),
                       allowed=_('"winner": null and "ending": null while the stage is "play"'))
    if unclaimed:
        raise BadInput(_("a game in play has unclaimed cards on the table"),
                       allowed=_("unclaimed cards only when a war could not be finished and "
                                 'the game is over (stage "over")'))
    if not decks[0] or not decks[1]:
        raise BadInput(_("a game in play has a player without cards"),
                       allowed=_('both decks holding cards, or stage "over" (ruling CW-EMPTY)'))
    if battle_limit is not None and battles >= battle_limit:
        raise BadInput(_("a game in play has reached the battle limit of {limit}")
                       .format(limit=battle_limit),
                       allowed=_('fewer battles, or stage "over" (ruling CW-LIMIT)'))


def _outcome(rules: ClassicRules, decks: tuple[tuple[Card, ...], tuple[Card, ...]],
             unclaimed: tuple[Card, ...], battles: int, winner: int | None,
             ending: str | None) -> Outcome:
    if ending is None or battles == 0:
        raise BadInput(_("a game that is over has no ending") if ending is None
                       else _("a game cannot be over before its first battle"),
                       # Translators: {endings} are the values an ending may take, as written.
                       allowed=_("an ending ({endings}) after at least one battle")
                       .format(endings=", ".join(ENDINGS)))
    held = (len(decks[0]), len(decks[1]))
    wanted: tuple[int | None, ...]
    if ending == "all-cards":
        wanted = tuple(p for p in (YOU, COMPUTER) if held[1 - p] == 0 and not unclaimed)
        why = _("the winner holds every card")
    elif ending == "limit":
        wanted = (None,) if rules.battle_limit == battles else ()
        why = _("a draw when the battle limit ({limit}) is reached").format(
            limit=rules.battle_limit)
    elif ending == "short":
        wanted = (YOU, COMPUTER) if unclaimed and rules.short_scope == "game" else ()
        why = _("the last war's cards unclaimed, under ruling CW-SHORT-SCOPE 'game'")
    else:
        fewer = (YOU if held[0] > held[1] else COMPUTER if held[1] > held[0] else None)
        wanted = (fewer if rules.both_short == "fewer-cards-loses" else None,) if unclaimed else ()
        why = _("the last war's cards unclaimed, the result as ruling CW-SHORT says")
    if winner not in wanted:
        raise BadInput(_("the ending {ending} does not fit this position's decks, table and "
                         "winner").format(ending=quoted(ending)), allowed=why)
    rule = _RULE_OF_ENDING[ending]
    if ending != "limit" and rules.battle_limit is not None and battles >= rules.battle_limit:
        rule = "CW-LIMIT-EDGE"
    over = GameOver(winner, ending, battles, held, rule)
    return Outcome(() if winner is None else (winner,), over)
