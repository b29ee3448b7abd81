"""Trade War positions: hands, resource piles, the centre, the battle, the turn, the counters.

A position (see ``docs/positions.md``) is the engine's own :class:`TradeState` written as
card codes. Every card of the 54 (the standard deck, ``MJ`` Mueller and ``PJ`` Putin) is
in exactly one place: a hand, a resource pile (in the order laid), the centre (top card
first), the cards removed by Putin, or the battle on the table (unless ``stacked``, a
lesson's deal that leaves cards out of the game, as ``Game.new(stacked=...)`` does).
The seats' zones are lists with one entry per player, from you (player 0) clockwise::

    {"stage": "prepare", "turn": 1, "instigator": 0, "deciding": 0,
     "hands": ["AS 9D 5C", "8H KD 4C"], "piles": ["", ""], "center": "2C 3C",
     "stacked": True}

Stages are the phases of a turn: ``"prepare"`` (the start of the instigator's turn: takes,
swaps, the centre draw, and the first ask), ``"ask"`` (after a battle won: ask again),
``"attack"`` and ``"defend"`` (a battle play), ``"putin"`` (Putin's holder may strike),
``"reward"`` (three wins in a row: ``deciding`` picks the reward) and ``"over"``.
``deciding`` is whose choice it is, which the stage implies, or null at a moment where
nobody chooses (a refill with no choice, the one card a player can play, a Putin window
with Putin in nobody's hand, a turn with nothing to do): from such a moment the rules go
on by themselves, as in play, to the next choice.

The asks every player saw (``asks``) are written "0 asks 1 for 8: 8H" (a miss shows
nothing: "0 asks 1 for 8"), separated by "; ".

Under ruling TW-PUTIN-WHO 'everyone' a position also has ``declared``: at stage
``"putin"`` one entry per player, the declaration made (``"pass"``, or Putin's holder's
strike such as ``"assassinate 7C"``) or null for one still to come; players declare in
seat order, so the first null is ``deciding``. At other stages it is null.

>>> from wartutor.core import Game
>>> from wartutor.variants.trade_war import TRADE_WAR
>>> position = position_of(Game.new(TRADE_WAR, seed=3).state)
>>> position["stage"], position["turn"], len(position["hands"][0].split())
('prepare', 1, 7)
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from wartutor.core.cards import RANK_CODES, Card
from wartutor.core.chance import Rng
from wartutor.core.errors import BadInput, quoted
from wartutor.core.position import (
    Stage,
    card_codes,
    card_list,
    check_keys,
    check_table,
    choice,
    every_card_once,
    number,
    stage_names,
    text,
)
from wartutor.language import N_, _
from wartutor.variants.trade_war.cards import (
    PUTIN,
    Cards,
    sorted_cards,
    trade_card,
    trade_codes,
    trade_deck,
)
from wartutor.variants.trade_war.choices import HAND_LIMIT, decider, declarations
from wartutor.variants.trade_war.explain import explain
from wartutor.variants.trade_war.game import STREAK_REWARD, _game_over, _settle, moment_after
from wartutor.variants.trade_war.rules import TradeRules
from wartutor.variants.trade_war.state import (
    ASK,
    ATTACK,
    DEFEND,
    OVER,
    PREPARE,
    PUTIN_WINDOW,
    REWARD,
    AskRecord,
    Battle,
    GameOver,
    Tally,
    TradeEvent,
    TradeState,
    changed,
)

# A stage's name is a value a position writes; what it is and what it needs are words.
# Translators: 'deciding', 'battle' and 'ending' are keys of a position, as written.
_STAGES = (
    Stage(PREPARE, N_("The start of the instigator's turn: takes, swaps, the centre draw and "
                      "the first ask."), N_("'deciding' the instigator"), True),
    Stage(ASK, N_("A battle won: the instigator may ask again."), N_("a streak of at least 1"),
          True),
    Stage(ATTACK, N_("In a battle, the instigator plays."), N_("a 'battle'"), True),
    Stage(DEFEND, N_("In a battle, the defender plays."), N_("a 'battle' with the attack laid"),
          True),
    Stage(PUTIN_WINDOW, N_("Putin's holder may strike (TW-PUTIN-KILL)."),
          N_("a 'battle'; Putin in a hand"), True),
    Stage(REWARD, N_("Three battles won in a row: the player picks the reward."),
          N_("a streak of 3"), True),
    Stage(OVER, N_("The game is over."), N_("an 'ending' that fits the centre and the turn"),
          False),
)
STAGES = stage_names(_STAGES)


def stages() -> tuple[Stage, ...]:
    """The stages a Trade War position may name, in the order a game meets them."""
    return _STAGES
BATTLE_STAGES = (ATTACK, DEFEND, PUTIN_WINDOW)
ENDINGS = ("center-empty", "limit", "stalled")
TALLY = tuple(Tally.__dataclass_fields__)
BATTLE_KEYS = ("defender", "rank", "stake", "attack", "defence", "earlier", "earlier_attack")
REQUIRED = ("stage", "turn", "instigator", "deciding", "hands", "piles", "center")
OPTIONAL = ("removed", "battle", "streaks", "moved", "may_draw", "passes", "center_emptied",
            "asks", "tally", "ending", "stacked", "declared")
MAX_TURN = 10**9  # with no turn limit (TW-LIMIT None): no game comes near it
_RANK_OF_CODE = {code: rank for rank, code in enumerate(RANK_CODES, start=2)}
_ASK = re.compile(r"(\d) asks (\d) for (\w+)(?:: (.*))?")
# Translators: the quoted asks are written as a position writes them: keep them.
_ASK_ALLOWED = N_('"0 asks 1 for 8: 8H 8D" (who asked whom for which rank, and the cards '
                  'shown; "0 asks 1 for 8" for a miss), separated by "; "')
# The zones of a player, as a refusal names them: "player 1's hand".
# Translators: {number} is a player's seat number, from 0 (you).
_HAND = N_("player {number}'s hand")
_PILE = N_("player {number}'s resource pile")
_UNSET = object()  # an optional key left out: its value follows from the rest


# A state's position


def position_of(state: TradeState) -> dict[str, Any]:
    """The position of ``state``: every zone, the turn, whose choice, the counters."""
    battle = state.battle
    waiting = _waiting(state)
    who = None if waiting is None else decider(waiting)
    over = state.outcome is not None
    ending = None
    if state.outcome is not None:
        assert isinstance(state.outcome.because, GameOver)
        ending = state.outcome.because.ending
    zones = (*state.hands, *state.piles, state.center, state.removed,
             () if battle is None else battle.cards)
    position = {
        "stage": OVER if over else state.phase,
        "turn": state.turn,
        "instigator": state.instigator,
        "deciding": None if who is None else who[0],
        "hands": [trade_codes(h) for h in state.hands],
        "piles": [trade_codes(p) for p in state.piles],
        "center": trade_codes(state.center),
        "removed": trade_codes(state.removed),
        "battle": None if battle is None else {
            "defender": battle.defender, "rank": RANK_CODES[battle.rank - 2],
            "stake": trade_codes(battle.stake), "attack": trade_codes(battle.attack),
            "defence": trade_codes(battle.defence), "earlier": trade_codes(battle.earlier),
            "earlier_attack": trade_codes(battle.earlier_attack)},
        "streaks": list(state.streaks),
        # Only the start of a turn reads which cards have moved (TW-SWAP-ONCE).
        "moved": trade_codes(state.moved) if state.phase == PREPARE and not over else "",
        "may_draw": state.may_draw,
        "passes": state.passes,
        "center_emptied": state.center_emptied,
        "asks": "; ".join(ask_words(r) for r in state.log),
        "tally": dict(vars(state.tally)),
        "ending": ending,
        "stacked": sum(map(len, zones)) != len(trade_deck()),
    }
    if state.rules.putin_window == "everyone":  # at the default, positions stay as they were
        position["declared"] = list(state.declared) if state.declared else None
    return position


def ask_words(record: AskRecord) -> str:
    """One ask of the public record as a position writes it: "0 asks 2 for Q: QS QH"."""
    asked = f"{record.player} asks {record.target} for {RANK_CODES[record.rank - 2]}"
    return f"{asked}: {trade_codes(record.shown)}" if record.shown else asked


# The state at a position


def _waiting(state: TradeState) -> TradeState | None:
    """``state``, if someone must choose at it; None if the rules go on by themselves from
    it (or the game is over). Opening a Putin window to everyone's declarations is no step
    of its own, with nothing to say: the state so opened is returned."""
    if state.outcome is not None:
        return None
    events: list[TradeEvent] = []
    after = moment_after(state, events)
    if after is None:
        return state
    return after if not events and moment_after(after, events) is None else None


def from_position(rules: TradeRules, position: Mapping[str, Any], seed: int) -> TradeState:
    """The state at ``position``, checked as carefully as a deal (see the module docstring).
    At a moment where nobody chooses, the state the game plays on to (see
    :func:`play_from_position`)."""
    return play_from_position(rules, position, seed)[0]


def play_from_position(
    rules: TradeRules, position: Mapping[str, Any], seed: int
) -> tuple[TradeState, tuple[TradeEvent, ...]]:
    """The state at the first choice (or the end) from ``position``, and the events of the
    moments on the way: none at a choice; from a moment where nobody chooses, what the
    rules do from there."""
    check_keys(position, REQUIRED, OPTIONAL)
    given = {key: _UNSET for key in OPTIONAL} | dict(position)
    n = rules.players
    stage = choice(given["stage"], _("the stage"), STAGES)
    top_turn = MAX_TURN if rules.turn_limit is None else rules.turn_limit
    turn = number(given["turn"], _("the turn"), 1, top_turn)
    instigator = number(given["instigator"], _("the instigator"), 0, n - 1)
    hands = tuple(sorted_cards(h) for h in _seat_zones(given["hands"], "hand", n))
    for p, hand in enumerate(hands):
        if len(hand) > HAND_LIMIT:
            raise BadInput(_("player {number}'s hand holds {count} cards").format(
                               number=p, count=len(hand)),
                           allowed=_("at most {most} cards in a hand (TW-HAND-LIMIT)").format(
                               most=HAND_LIMIT))
    piles = _seat_zones(given["piles"], "resource pile", n)
    center = card_list(given["center"], trade_card, _("the centre"),
                       allowed=card_codes("2C 3C", top_first=True))
    removed = _optional_cards(given["removed"], _("the removed cards"))
    if PUTIN in removed:
        raise BadInput(_("Putin is among the removed cards"),
                       allowed=_("cards Putin assassinated; Putin himself goes back into the "
                                 "centre (TW-PUTIN-KILL)"))
    battle = _battle(rules, given["battle"], stage, instigator, hands)
    stacked = False if given["stacked"] is _UNSET else choice(given["stacked"], "'stacked'",
                                                              (False, True))
    zones = {**{_(_HAND).format(number=p): h for p, h in enumerate(hands)},
             **{_(_PILE).format(number=p): pile for p, pile in enumerate(piles)},
             _("the centre"): center, _("the removed cards"): removed,
             _("the battle"): () if battle is None else battle.cards}
    every_card_once(zones, trade_deck(), stacked)
    streaks = _streaks(rules, given["streaks"], stage, instigator)
    moved = _moved(given["moved"], stage, hands[instigator] + piles[instigator])
    may_draw = _may_draw(given["may_draw"], stage, center, hands[instigator], piles[instigator])
    over = stage == OVER
    passes = 0 if given["passes"] is _UNSET else number(given["passes"], _("the passes"), 0,
                                                        n if over else n - 1)
    center_emptied = _center_emptied(rules, given["center_emptied"], center, over)
    log = _asks(rules, given["asks"])
    tally = _tally(given["tally"], log, removed)
    deciding = given["deciding"]
    rewarded = _rewarded(rules, deciding, instigator, streaks) if stage == REWARD else None
    # A game over is built as the moment before its end, and ended by the engine itself.
    state = TradeState(rules, Rng.from_seed(seed), hands, piles, center, removed,
                       PREPARE if over else stage, instigator, turn, streaks, battle, moved,
                       may_draw, rewarded, center_emptied, passes, log, tally)
    state = _declared(state, given["declared"])
    if over:
        state = _ended(rules, state, given["ending"], deciding)
    elif given["ending"] not in (_UNSET, None):
        raise BadInput(_("the ending is {ending} while the game goes on").format(
                           ending=quoted(given["ending"])),
                       allowed=_('"ending": null until the stage is "over"'))
    else:
        events: list[TradeEvent] = []
        settled = _settle(state, events)
        if not events:
            _check_deciding(state, deciding)
            return settled, ()
        if deciding is not None:
            # Translators: {moment} is what the rules do next, in a sentence of its own.
            raise BadInput(_("at this position nobody has a choice: {moment} ('deciding' is "
                             "{deciding})").format(moment=explain(events[0]),
                                                   deciding=quoted(deciding)),
                           allowed=_("'deciding' null: the rules go on by themselves from "
                                     "here, as in play"))
        return settled, tuple(events)
    return state, ()


def _declared(state: TradeState, value: object) -> TradeState:
    """Ruling TW-PUTIN-WHO 'everyone': at Putin's moment each player declares, in seat
    order, "pass" or (Putin's holder) a strike; null for those still to declare."""
    rules, n = state.rules, state.rules.players
    window = rules.putin_window == "everyone" and state.phase == PUTIN_WINDOW
    if value is _UNSET or value is None:
        return changed(state, declared=(None,) * n) if window else state
    if not window:
        raise BadInput(_("declarations {value} at stage {stage}").format(
                           value=quoted(value), stage=repr(state.phase)),
                       allowed=_("\"declared\" only at stage 'putin' under ruling TW-PUTIN-WHO "
                                 "'everyone', else null"))
    if (not isinstance(value, list) or len(value) != n
            or any(d is not None and not isinstance(d, str) for d in value)):
        raise BadInput(_("the declarations are {value}").format(value=quoted(value)),
                       allowed=_("a list of {count} entries, one per player from you "
                                 "clockwise: a declaration made, or null").format(count=n))
    made = [d for d in value if d is not None]
    if value[:len(made)] != made:
        raise BadInput(_("the declarations are {value}").format(value=quoted(value)),
                       allowed=_("declarations made in seat order from player 0: those made "
                                 "first, then null for the players still to declare"))
    for p, words in enumerate(made):
        legal = declarations(state, p)
        if words not in legal:
            raise BadInput(_("player {number} declares {value}").format(number=p,
                                                                       value=quoted(words)),
                           # Translators: {declarations} are the declarations allowed, quoted.
                           allowed=_("{declarations} (only Putin's holder may strike; ruling "
                                     "TW-PUTIN decides the targets)").format(
                                         declarations=", ".join(map(repr, legal))))
    return changed(state, declared=tuple(value))


def _seat_zones(value: object, zone: str, n: int) -> tuple[Cards, ...]:
    """One zone per player: a list of ``n`` card texts, from you (player 0) clockwise."""
    if not isinstance(value, list) or len(value) != n:
        raise BadInput((_("the hands are {value}") if zone == "hand" else
                        _("the resource piles are {value}")).format(value=quoted(value)),
                       allowed=_("a list of {count} card texts, one per player from you "
                                 "clockwise").format(count=n))
    where = _HAND if zone == "hand" else _PILE
    return tuple(card_list(v, trade_card, _(where).format(number=p),
                           allowed=card_codes("AS 9D 5C"))
                 for p, v in enumerate(value))


def _optional_cards(value: object, where: str) -> Cards:
    return () if value is _UNSET else card_list(value, trade_card, where)


def _is_play(cards: Cards) -> bool:
    """A battle play (TW-PLAY-SIZE): one card other than Putin, or two of one rank."""
    if len(cards) == 1:
        return cards[0] != PUTIN
    return (len(cards) == 2 and isinstance(cards[0], Card) and isinstance(cards[1], Card)
            and cards[0].rank == cards[1].rank)


def _battle(rules: TradeRules, value: object, stage: str, instigator: int,
            hands: tuple[Cards, ...]) -> Battle | None:
    """The battle on the table: there is one exactly at the stages of a battle."""
    if value is _UNSET or value is None:
        if stage in BATTLE_STAGES:
            raise BadInput(_("the stage is {stage} and there is no battle").format(
                               stage=repr(stage)),
                           allowed=_("a battle table at stages 'attack', 'defend' and 'putin'"))
        return None
    if stage not in BATTLE_STAGES:
        raise BadInput(_("there is a battle at stage {stage}").format(stage=repr(stage)),
                       allowed=_("\"battle\": null except at stages 'attack', 'defend' and "
                                 "'putin'"))
    table = check_table(value, _("the battle"), BATTLE_KEYS)
    defender = number(table["defender"], _("the defender"), 0, rules.players - 1)
    if defender == instigator:
        raise BadInput(_("player {number} is both the instigator and the defender").format(
                           number=defender),
                       allowed=_("a defender other than the instigator (TW-GUESS)"))
    rank = _RANK_OF_CODE.get(choice(table["rank"], _("the rank asked"), RANK_CODES))
    assert rank is not None
    # Translators: {key} is a key of a position's battle, as written: 'earlier_attack'.
    stake, attack, defence, earlier, earlier_attack = (
        card_list(table[key], trade_card, _("the battle's {key}").format(
            key=key.replace("_", " ")))
        for key in BATTLE_KEYS[2:])
    laid = 2 if rules.stake_size == "two" else 4
    if len(stake) > laid or any(not isinstance(c, Card) or c.rank != rank for c in stake):
        raise BadInput(_("the stake is {stake} for the rank {rank}").format(
                           stake=quoted(table["stake"]), rank=table["rank"]),
                       allowed=_("at most {most} cards, all of the rank asked (TW-TRIPLES)")
                       .format(most=laid))
    if rules.stake_size == "all" and any(isinstance(c, Card) and c.rank == rank
                                         for c in hands[defender]):
        raise BadInput(_("the defender still holds a card of the rank asked ({rank})").format(
                           rank=table["rank"]),
                       allowed=_("every card of that rank laid as the stake (TW-DOUBLES, "
                                 "ruling TW-TRIPLES 'all')"))
    plays_down = {ATTACK: (False, False), DEFEND: (True, False), PUTIN_WINDOW: (True, True)}
    for cards, down, side in zip((attack, defence), plays_down[stage], ("attack", "defence"),
                                 strict=True):
        if down != bool(cards) or (cards and not _is_play(cards)):
            raise BadInput((_("the attack is {cards} at stage {stage}") if side == "attack" else
                            _("the defence is {cards} at stage {stage}")).format(
                               cards=quoted(table[side]), stage=repr(stage)),
                           allowed=_("a play (one card but Putin, or two of one rank) once that "
                                     "side has played in this round, else \"\""))
    if earlier and rules.battle_tie != "again":
        raise BadInput(_("the battle has earlier tied cards"),
                       allowed=_("earlier cards only under ruling TW-BATTLE-TIE 'again'"))
    if len(earlier) != 2 * len(earlier_attack) or not set(earlier_attack) <= set(earlier):
        raise BadInput(_("the earlier cards are {earlier}, of which {attack} the instigator's")
                       .format(earlier=quoted(table["earlier"]),
                               attack=quoted(table["earlier_attack"])),
                       allowed=_("the tied rounds' cards, half of them the instigator's "
                                 "(both sides play alike in a tie)"))
    return Battle(defender, rank, stake, attack, defence, earlier, earlier_attack)


def _streaks(rules: TradeRules, value: object, stage: str, instigator: int) -> tuple[int, ...]:
    n = rules.players
    if value is _UNSET:
        value = [0] * n
    if not isinstance(value, list) or len(value) != n:
        raise BadInput(_("the streaks are {value}").format(value=quoted(value)),
                       allowed=_("a list of {count} numbers, one per player").format(count=n))
    streaks = tuple(number(v, _("player {number}'s streak").format(number=p), 0,
                           STREAK_REWARD - 1)
                    for p, v in enumerate(value))
    if rules.streak == "turn":
        others = [p for p, s in enumerate(streaks) if s and p != instigator]
        if others:
            raise BadInput(_("player {number} has a streak in player {instigator}'s turn")
                           .format(number=others[0], instigator=instigator),
                           allowed=_("under ruling TW-STREAK 'turn', a streak for the "
                                     "instigator only"))
    # Asking again follows a battle won (TW-CONTINUE); a turn's streak begins at 0.
    least = 1 if stage == ASK else 0
    most = 0 if stage == PREPARE and rules.streak == "turn" else STREAK_REWARD - 1
    if not least <= streaks[instigator] <= most:
        raise BadInput(_("the instigator's streak is {streak} at stage {stage}").format(
                           streak=streaks[instigator], stage=repr(stage)),
                       allowed=_("from {least} to {most}: under ruling TW-STREAK 'turn' a turn "
                                 "begins at 0, and one asks again only after a battle won "
                                 "(TW-CONTINUE)").format(least=least, most=most))
    return streaks


def _rewarded(rules: TradeRules, deciding: object, instigator: int,
              streaks: tuple[int, ...]) -> int:
    """Who picks the three-wins reward (TW-THREE-WINS): the streak that earned it is spent."""
    rewarded = number(deciding, _("who decides the reward"), 0, rules.players - 1)
    if rules.streak == "turn" and rewarded != instigator:
        raise BadInput(_("player {number} is rewarded in player {instigator}'s turn").format(
                           number=rewarded, instigator=instigator),
                       allowed=_("under ruling TW-STREAK 'turn', the instigator"))
    if streaks[rewarded] != 0:
        raise BadInput(_("player {number} is rewarded with a streak of {streak}").format(
                           number=rewarded, streak=streaks[rewarded]),
                       allowed=_("a streak of 0: the three wins are spent on the reward"))
    return rewarded


def _moved(value: object, stage: str, own: Cards) -> Cards:
    """The cards taken, swapped or drawn this turn (each moves once, TW-SWAP-ONCE)."""
    moved = _optional_cards(value, _("the moved cards"))
    if moved and stage != PREPARE:
        raise BadInput(_("cards have moved ({cards}) at stage {stage}").format(
                           cards=quoted(value), stage=repr(stage)),
                       allowed=_("\"moved\" only at stage 'prepare' (the start of a turn), "
                                 "else \"\""))
    strays = [c.code for c in moved if c not in own]
    if strays:
        raise BadInput(_("{card} has moved this turn but is not the instigator's").format(
                           card=strays[0]),
                       allowed=_("cards in the instigator's hand or resource pile"))
    return moved


def _may_draw(value: object, stage: str, center: Cards, hand: Cards, pile: Cards) -> bool:
    """TW-CENTER-DRAW (ruling TW-DRAW-WHEN): short of resources, one card from the centre."""
    short = bool(center) and len(hand) + len(pile) < HAND_LIMIT
    if value is _UNSET:
        return short and stage == PREPARE
    may = choice(value, "may_draw", (False, True))
    if may and stage == PREPARE and not short:
        raise BadInput(_("the instigator may draw with {hand} cards in hand, {pile} in the "
                         "resource pile and {center} in the centre").format(
                             hand=len(hand), pile=len(pile), center=len(center)),
                       allowed=_("a draw only when hand and pile hold fewer than seven cards "
                                 "together and the centre is not empty (TW-DRAW-WHEN)"))
    return bool(may)


def _center_emptied(rules: TradeRules, value: object, center: Cards, over: bool) -> bool:
    """Ruling TW-END: under 'end-of-turn' an emptied centre ends the game as the turn ends."""
    late = rules.end == "end-of-turn"
    emptied = (late and not center) if value is _UNSET else choice(value, "center_emptied",
                                                                   (False, True))
    if emptied and not late:
        raise BadInput(_("the centre has emptied and the game goes on to the turn's end"),
                       allowed=_("center_emptied only under ruling TW-END 'end-of-turn'"))
    if not over and not center and not emptied:
        raise BadInput(_("the centre is empty and the game goes on"),
                       allowed=_("stage 'over' (TW-END-GAME), or under ruling TW-END "
                                 "'end-of-turn' center_emptied true until the turn ends"))
    return bool(emptied)


def _asks(rules: TradeRules, value: object) -> tuple[AskRecord, ...]:
    if value is _UNSET:
        return ()
    records = []
    asks = text(value, _("the asks"), _(_ASK_ALLOWED))
    for n, words in enumerate(asks.split(";"), start=1):
        if not words.strip():
            if asks.strip():
                raise BadInput(_("ask {number} is empty").format(number=n),
                               allowed=_(_ASK_ALLOWED))
            continue
        found = _ASK.fullmatch(words.strip())
        if found is None or found[3] not in _RANK_OF_CODE:
            raise BadInput(_("ask {number} is {ask}").format(number=n, ask=quoted(words.strip())),
                           allowed=_(_ASK_ALLOWED))
        player, target = int(found[1]), int(found[2])
        rank = _RANK_OF_CODE[found[3]]
        shown = card_list(found[4] or "", trade_card,
                          _("the cards shown at ask {number}").format(number=n))
        laid = 2 if rules.stake_size == "two" else 4
        if (player >= rules.players or target >= rules.players or player == target
                or len(shown) > laid or any(not isinstance(c, Card) or c.rank != rank
                                            for c in shown)):
            raise BadInput(_("ask {number} is {ask}").format(number=n, ask=quoted(words.strip())),
                           allowed=_("two different players of 0 to {last}, and at most {most} "
                                     "cards shown, of the rank asked").format(
                                         last=rules.players - 1, most=laid))
        records.append(AskRecord(player, target, rank, shown))
    return tuple(records)


def _tally(value: object, log: tuple[AskRecord, ...], removed: Cards) -> Tally:
    """The game's counts; those the position shows must agree with it."""
    misses = sum(not r.shown for r in log)
    shown = {"asks": len(log), "misses": misses, "battles": len(log) - misses,
             "assassinations": len(removed)}
    if value is _UNSET:
        return Tally(**shown)
    table = check_table(value, _("the tally"), TALLY)
    counts = {key: number(table[key], _("the tally's {key}").format(key=key), 0, None)
              for key in TALLY}
    for key, count in shown.items():
        if counts[key] != count:
            raise BadInput(_("the tally's {key} is {count}").format(key=key, count=counts[key]),
                           allowed=_("{count}, as the asks and the removed cards show").format(
                               count=count))
    return Tally(**counts)


def _ended(rules: TradeRules, state: TradeState, ending: object, deciding: object) -> TradeState:
    """The state of a game over, ended as ``ending`` says (TW-END-GAME, TW-LIMIT, TW-STALL)."""
    n = rules.players
    if ending is _UNSET:
        ending = None
    how = choice(ending, _("the ending"), ENDINGS)
    if deciding is not None:
        raise BadInput(_("the game is over and {deciding} decides").format(
                           deciding=quoted(deciding)),
                       allowed=_("\"deciding\": null once the game is over"))
    if how == "limit" and state.turn != rules.turn_limit:
        raise BadInput(_("the game was stopped at turn {turn}").format(turn=state.turn),
                       allowed=_("the turn limit, {limit} (ruling TW-LIMIT)").format(
                           limit=rules.turn_limit))
    if how == "stalled" and state.passes != n:
        raise BadInput(_("the game stalled after {count} passes").format(count=state.passes),
                       allowed=_("{count}: a whole round of players who could not ask "
                                 "(TW-STALL)").format(count=n))
    if how != "stalled" and state.passes == n:
        raise BadInput(_("{count} passes in a row, and the game ended {ending}").format(
                           count=n, ending=repr(how)),
                       allowed="'stalled' (TW-STALL)")
    if how == "center-empty" and state.center and not state.center_emptied:
        raise BadInput(_("the game ended with the centre empty, and it holds {count}").format(
                           count=len(state.center)),
                       allowed=_("an empty centre (TW-END-GAME), or under ruling TW-END "
                                 "'end-of-turn' center_emptied true"))
    rule = {"limit": "TW-LIMIT", "stalled": "TW-STALL"}.get(
        how, "TW-END" if state.center_emptied else "TW-END-GAME")
    return _game_over(state, how, rule, [])


def _check_deciding(state: TradeState, deciding: object) -> None:
    who = decider(state)
    assert who is not None
    if type(deciding) is not int or deciding != who[0]:
        # Translators: {kind} is the kind of decision as the game names it: 'ask', 'battle'.
        allowed = _("player {number}, who makes the {kind} decision now").format(
            number=who[0], kind=who[1])
        if deciding is None:
            raise BadInput(_("nobody decides at stage {stage}").format(stage=repr(state.phase)),
                           allowed=allowed)
        raise BadInput(_("player {number} decides at stage {stage}").format(
                           number=quoted(deciding), stage=repr(state.phase)), allowed=allowed)
