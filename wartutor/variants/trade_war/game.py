"""Trade War, in the order of its rule text.

- TW-DEAL: shuffle, deal seven cards each, the rest face down in the centre; a first
  player (ruling TW-FIRST).
- A turn begins (TW-SWAP, TW-CENTER-DRAW): the instigator may swap hand cards for
  resource cards and refills the hand (ruling TW-REFILL); short of resources, may draw
  one card from the centre.
- TW-GUESS: the instigator asks another player for a rank. TW-MISS: a miss ends the turn.
  On a hit the defender lays the card face up, every copy of it (TW-DOUBLES, TW-TRIPLES).
- TW-BATTLE: instigator, then defender, play a card or doubles; the higher play takes
  everything in play (TW-MUELLER, TW-DOUBLES; battle.py). Putin may strike once the
  plays are down (TW-PUTIN-KILL); ruling TW-PUTIN-WHO says who is asked. TW-CONTINUE:
  the instigator who wins asks again; TW-DEFENCE: a defender who wins collects and ends
  the turn.
- TW-HAND-LIMIT: a hand never holds more than seven; won cards go to the resource pile.
- TW-THREE-WINS: three battles won in a row earn a card and end the turn.
- TW-END-GAME: the game ends when the centre is empty; the biggest resource pile wins.

``deal`` and ``step`` are the two entry points (choices.py lists what the one player
who decides now may do). Everything that needs no choice happens in ``_settle``.
"""

from __future__ import annotations

from wartutor.core.cards import RANK_CODES, Card
from wartutor.core.chance import Rng
from wartutor.core.engine import Outcome
from wartutor.core.errors import BadInput
from wartutor.variants.trade_war.battle import (
    compare,
    forced_play,
    mueller_beats,
    possible_plays,
)
from wartutor.variants.trade_war.cards import (
    MUELLER,
    PUTIN,
    Cards,
    TradeCard,
    sorted_cards,
    trade_cards,
    trade_deck,
    with_cards,
)
from wartutor.variants.trade_war.choices import (
    HAND_LIMIT,
    ask_actions,
    reward_actions,
    targets,
    unmoved,
    worth_preparing,
)
from wartutor.variants.trade_war.rules import TradeRules
from wartutor.variants.trade_war.state import (
    ASK,
    ATTACK,
    DEFEND,
    OVER,
    PREPARE,
    PUTIN_WINDOW,
    REWARD,
    AllDeclared,
    Asked,
    AskRecord,
    Assassinated,
    Battle,
    BattleDecided,
    Collected,
    Dealt,
    Declared,
    Drew,
    GameOver,
    Played,
    Rewarded,
    StakeLaid,
    Swapped,
    TiedAgain,
    Took,
    TradeEvent,
    TradeState,
    TurnEnded,
    TurnStarted,
    WonInARow,
    changed,
)

STREAK_REWARD = 3
RANK_OF_CODE = {code: rank for rank, code in enumerate(RANK_CODES, start=2)}
Events = list[TradeEvent]


def _without(hand: Cards, gone: Cards) -> Cards:
    rest = list(hand)
    for c in gone:
        rest.remove(c)
    return tuple(rest)


def _drop(group: Cards, c: TradeCard) -> Cards:
    return tuple(x for x in group if x != c)


def _set(items: tuple[Cards, ...], player: int, value: Cards) -> tuple[Cards, ...]:
    return (*items[:player], value, *items[player + 1:])


# TW-DEAL


def deal(
    rules: TradeRules, seed: int, stacked: tuple[str, ...] | None = None
) -> tuple[TradeState, tuple[TradeEvent, ...]]:
    """Shuffle the 54 cards and deal seven each, or lay out a stacked deal.

    A stacked deal is one string per player, then one for the centre (top card first).
    A player's string is the hand, optionally followed by ``|`` and the resource pile:
    ``("9S 9H MJ | 4C", "KD 3C", "2H 5D ...")``. Cards not named are out of the game.
    """
    n = rules.players
    rng = Rng.from_seed(seed)
    if stacked is None:
        deck, rng = rng.shuffled(trade_deck())
        hands = tuple(sorted_cards(deck[HAND_LIMIT * p:HAND_LIMIT * (p + 1)]) for p in range(n))
        piles: tuple[Cards, ...] = ((),) * n
        center = deck[HAND_LIMIT * n:]
    else:
        hands, piles, center = _stacked(stacked, n)
    if rules.first_player == "random":
        first, rng = rng.below(n)
    else:
        first = int(rules.first_player)
    state = TradeState(rules, rng, hands, piles, center, (), PREPARE, first, 0, (0,) * n)
    events: Events = [Dealt(tuple(map(len, hands)), tuple(map(len, piles)), len(center), seed,
                            stacked is not None)]
    state = _start_turn(state, first, "first", events)
    return _settle(state, events), tuple(events)


def _stacked(
    stacked: tuple[str, ...], n: int
) -> tuple[tuple[Cards, ...], tuple[Cards, ...], Cards]:
    allowed = (f"{n + 1} card lists: one per player (hand, then optionally '|' and the "
               f"resource pile) and last the centre, top card first, e.g. "
               f"(\"9S 9H MJ | 4C\", \"KD 3C\", \"2H 5D\") for 2 players")
    if len(stacked) != n + 1:
        raise BadInput(f"a stacked deal for {n} players needs {n + 1} card lists, "
                       f"not {len(stacked)}", allowed=allowed)
    hands, piles = [], []
    for player, text in enumerate(stacked[:n]):
        hand_text, _, pile_text = text.partition("|")
        hand = trade_cards(hand_text)
        if len(hand) > HAND_LIMIT:
            raise BadInput(f"player {player}'s hand has {len(hand)} cards",
                           allowed=f"at most {HAND_LIMIT} cards in a hand")
        hands.append(sorted_cards(hand))
        piles.append(trade_cards(pile_text))
    center = trade_cards(stacked[n])
    if not center:
        raise BadInput("the centre pile of a stacked deal is empty (the game would be over)",
                       allowed="at least one card in the last list")
    everything = [c for group in (*hands, *piles, center) for c in group]
    twice = sorted({c.code for c in everything if everything.count(c) > 1})
    if twice:
        raise BadInput(f"a card appears twice in the stacked deal: {' '.join(twice)}",
                       allowed="each card at most once")
    return tuple(hands), tuple(piles), center


# The start of a turn: TW-SWAP, TW-CENTER-DRAW and ruling TW-REFILL


def _start_turn(state: TradeState, player: int, after: str, events: Events) -> TradeState:
    turn = state.turn + 1
    limit = state.rules.turn_limit
    if limit is not None and turn > limit:
        return _game_over(state, "limit", "TW-LIMIT", events)
    hand, pile = state.hands[player], state.piles[player]
    may_draw = bool(state.center) and len(hand) + len(pile) < HAND_LIMIT
    streaks = state.streaks if state.rules.streak == "game" else (0,) * len(state.streaks)
    events.append(TurnStarted(turn, player, after, may_draw,
                              "TW-FIRST" if after == "first" else "TW-TURN-ORDER"))
    return changed(state, phase=PREPARE, instigator=player, turn=turn, moved=(),
                   may_draw=may_draw, battle=None, rewarded=None, streaks=streaks)


# One checked action (the caller has already refused illegal ones)


def step(state: TradeState, action: str) -> tuple[TradeState, tuple[TradeEvent, ...]]:
    events: Events = []
    return _settle(choose(state, action, events), events), tuple(events)


def choose(state: TradeState, action: str, events: Events) -> TradeState:
    """The moment right after the choice ``action``, before the rules go on by themselves."""
    words = action.split()
    verb = words[0]
    if verb == "take":
        state = _take(state, trade_cards(words[1]), False, events)
    elif verb == "swap":
        state = _swap(state, trade_cards(words[1])[0], trade_cards(words[3])[0], events)
    elif verb == "draw":
        state = _draw(state, events)
    elif verb == "ask":
        state = _ask(state, int(words[1]), RANK_OF_CODE[words[2]], events)
    elif verb == "play":
        state = _play(state, trade_cards(" ".join(words[1:])), "chosen", events)
    elif verb == "pass" or (verb == "assassinate" and state.declared):
        state = _declare(state, action, events)
    elif verb == "assassinate":
        state = _assassinate(state, words[1:], events)
    elif verb == "spare":
        state = _decide_battle(state, events)
    elif verb == "reward":
        state = _reward(state, words[1:], events)
    return state


def _take(state: TradeState, cards: Cards, automatic: bool, events: Events) -> TradeState:
    p = state.instigator
    events.append(Took(p, cards, automatic))
    hand = with_cards(state.hands[p], cards)
    return changed(state, passes=0, hands=_set(state.hands, p, hand),
                   piles=_set(state.piles, p, _without(state.piles[p], cards)),
                   moved=(*state.moved, *cards))


def _swap(state: TradeState, out: TradeCard, into: TradeCard, events: Events) -> TradeState:
    p = state.instigator
    events.append(Swapped(p, out, into))
    hand = with_cards(_without(state.hands[p], (out,)), (into,))
    pile = list(state.piles[p])
    pile.remove(into)
    pile.append(out)
    return changed(state, hands=_set(state.hands, p, hand),
                   piles=_set(state.piles, p, tuple(pile)), moved=(*state.moved, out, into),
                   tally=changed(state.tally, swaps=state.tally.swaps + 1))


def _draw(state: TradeState, events: Events) -> TradeState:
    p, top = state.instigator, state.center[0]
    events.append(Drew(p, top, len(state.center) - 1))
    state = changed(state, hands=_set(state.hands, p, with_cards(state.hands[p], (top,))),
                    center=state.center[1:], may_draw=False, moved=(*state.moved, top),
                    tally=changed(state.tally, center_draws=state.tally.center_draws + 1))
    return _after_center_draw(state, events)


def _after_center_draw(state: TradeState, events: Events) -> TradeState:
    """TW-END-GAME and ruling TW-END: an empty centre ends the game, at once or at turn end."""
    if state.center:
        return state
    if state.rules.end == "at-once":
        return _game_over(state, "center-empty", "TW-END-GAME", events)
    return changed(state, center_emptied=True)


def _ask(state: TradeState, target: int, rank: int, events: Events) -> TradeState:
    p, rules = state.instigator, state.rules
    held = tuple([c for c in state.hands[target] if isinstance(c, Card) and c.rank == rank])
    tally = state.tally
    events.append(Asked(p, target, rank, bool(held)))
    if not held:
        state = changed(state, tally=changed(tally, asks=tally.asks + 1, misses=tally.misses + 1),
                        log=(*state.log, AskRecord(p, target, rank, ())))
        return _end_turn(state, "miss", "TW-MISS", target, events)
    stake = held if rules.stake_size == "all" else held[:2]
    rule = "TW-TRIPLES" if len(held) > 2 else "TW-DOUBLES" if len(held) == 2 else "TW-GUESS"
    events.append(StakeLaid(target, stake, len(held), rule))
    return changed(state, phase=ATTACK, battle=Battle(target, rank, stake),
                   hands=_set(state.hands, target, _without(state.hands[target], stake)),
                   tally=changed(tally, asks=tally.asks + 1, battles=tally.battles + 1),
                   log=(*state.log, AskRecord(p, target, rank, stake)))


# TW-BATTLE


def _play(state: TradeState, cards: Cards, how: str, events: Events) -> TradeState:
    battle = state.battle
    assert battle is not None
    attacking = state.phase == ATTACK
    player = state.instigator if attacking else battle.defender
    rule = {"forced": "TW-BATTLE-PLAY", "stake": "TW-STAKE-DOUBLES"}.get(
        how, "TW-DOUBLES" if len(cards) == 2 else "TW-BATTLE")
    events.append(Played(player, cards, attacking, how, rule))
    tally = state.tally
    if len(cards) == 2:
        tally = changed(tally, doubles=tally.doubles + 1)
    hands = state.hands
    if how == "stake":
        battle = changed(battle, stake=_without(battle.stake, cards), defence=cards)
    else:
        hands = _set(hands, player, _without(hands[player], cards))
        battle = changed(battle, attack=cards) if attacking else changed(battle, defence=cards)
    return changed(state, battle=battle, phase=DEFEND if attacking else PUTIN_WINDOW,
                   hands=hands, tally=tally)


def _declare(state: TradeState, action: str, events: Events) -> TradeState:
    """Ruling TW-PUTIN-WHO 'everyone': the first player in seat order yet to declare does,
    in secret; the declarations are shown together once all are in (``_settle``)."""
    player = state.declared.index(None)
    events.append(Declared(player))
    declared = (*state.declared[:player], action, *state.declared[player + 1:])
    return changed(state, declared=declared)


def _reveal(state: TradeState, events: Events) -> TradeState:
    """Every declaration at once; a strike is carried out as the holder's would be."""
    declared = tuple(d for d in state.declared if d is not None)  # all are in
    strikes = [p for p, d in enumerate(declared) if d != "pass"]
    striker = strikes[0] if strikes else None  # only Putin's holder may strike
    events.append(AllDeclared(declared, striker))
    state = changed(state, declared=())
    if striker is None:
        return _decide_battle(state, events)
    return _assassinate(state, declared[striker].split()[1:], events)


def _assassinate(state: TradeState, target: list[str], events: Events) -> TradeState:
    """TW-PUTIN-KILL: the card leaves the game; Putin is shuffled back into the centre."""
    battle, rng = state.battle, state.rng
    assert battle is not None
    holder = state.holder_of_putin()
    assert holder is not None
    hands = _set(state.hands, holder, _without(state.hands[holder], (PUTIN,)))
    if target[0] == "hand":
        owner = int(target[1])
        index, rng = rng.below(len(hands[owner]))
        victim = hands[owner][index]
        hands = _set(hands, owner, _without(hands[owner], (victim,)))
        where = "hand"
    else:
        victim = trade_cards(target[0])[0]
        attackers = battle.attack + battle.earlier_attack
        owner = state.instigator if victim in attackers else battle.defender
        battle = changed(battle, stake=_drop(battle.stake, victim),
                         earlier=_drop(battle.earlier, victim),
                         earlier_attack=_drop(battle.earlier_attack, victim),
                         attack=_drop(battle.attack, victim),
                         defence=_drop(battle.defence, victim))
        where = "table"
    center, rng = rng.shuffled((*state.center, PUTIN))
    events.append(Assassinated(holder, victim, owner, where, len(center)))
    state = changed(state, hands=hands, battle=battle, rng=rng, center=center,
                    removed=(*state.removed, victim),
                    tally=changed(state.tally, assassinations=state.tally.assassinations + 1))
    return _decide_battle(state, events, killed=where == "table")


def _decide_battle(state: TradeState, events: Events, killed: bool = False) -> TradeState:
    battle, rules, p = state.battle, state.rules, state.instigator
    assert battle is not None
    sign, why = compare(battle.attack, battle.defence, rules)
    if sign == 0 and rules.battle_tie == "again" and why == "tie":
        events.append(TiedAgain(battle.attack, battle.defence))
        earlier = battle.earlier + battle.attack + battle.defence
        return changed(state, phase=ATTACK, battle=changed(
            battle, attack=(), defence=(), earlier=earlier,
            earlier_attack=battle.earlier_attack + battle.attack))
    winner = p if sign > 0 else battle.defender
    events.append(BattleDecided(winner, battle.defender if winner == p else p, battle.attack,
                                battle.defence, why, _battle_rule(battle, why, killed, rules)))
    return _collect(state, winner, events)


def _battle_rule(battle: Battle, why: str, killed: bool, rules: TradeRules) -> str:
    """The section or ruling that decided a battle, for its explanation."""
    if why == "no-card":
        return "TW-PUTIN-KILL" if killed else "TW-EMPTY-HAND"
    if why == "tie":
        return "TW-BATTLE-TIE"
    if why == "mueller-doubles" or (why == "doubles" and _mueller_met_face_doubles(battle, rules)):
        return "TW-MUELLER-DOUBLES"
    if why in ("mueller-face", "number-mueller"):
        aces = [c for c in battle.attack + battle.defence if isinstance(c, Card) and c.rank == 14]
        return ("TW-RANKS" if rules.ace == "low" else "TW-MUELLER-ACE") if aces else "TW-MUELLER"
    return "TW-DOUBLES" if why in ("doubles", "higher-doubles") else "TW-BATTLE"


def _mueller_met_face_doubles(battle: Battle, rules: TradeRules) -> bool:
    """Mueller against doubles he would beat as single cards: ruling TW-MUELLER-DOUBLES."""
    plays = battle.attack + battle.defence
    return MUELLER in plays and any(
        isinstance(c, Card) and mueller_beats(c, rules) for c in plays)


def _collect(state: TradeState, winner: int, events: Events) -> TradeState:
    """The winner takes every card in play (ruling TW-WINNINGS says where they go)."""
    battle, rules, p = state.battle, state.rules, state.instigator
    assert battle is not None
    won = battle.cards
    room = HAND_LIMIT - len(state.hands[winner]) if rules.winnings == "hand-first" else 0
    to_hand, to_pile = won[:max(room, 0)], won[max(room, 0):]
    events.append(Collected(winner, won, len(to_hand), "TW-WINNINGS"))
    tally = state.tally
    if MUELLER in (battle.attack if winner == p else battle.defence):
        tally = changed(tally, mueller_wins=tally.mueller_wins + 1)
    hands = state.hands
    if to_hand:
        hands = _set(hands, winner, with_cards(hands[winner], to_hand))
    state = changed(state, battle=None, hands=hands, tally=tally,
                    piles=_set(state.piles, winner, (*state.piles[winner], *to_pile)))
    return _count_streak(state, winner, battle.defender if winner == p else p, events)


# TW-CONTINUE, TW-DEFENCE and TW-THREE-WINS (ruling TW-STREAK)


def _count_streak(state: TradeState, winner: int, loser: int, events: Events) -> TradeState:
    p, streaks = state.instigator, list(state.streaks)
    if state.rules.streak == "game" or winner == p:
        streaks[winner] += 1
    streaks[loser] = 0
    if streaks[winner] >= STREAK_REWARD:
        streaks[winner] = 0
        events.append(WonInARow(winner, STREAK_REWARD, "TW-STREAK"))
        return changed(state, streaks=tuple(streaks), phase=REWARD, rewarded=winner)
    if winner == p:
        events.append(WonInARow(p, streaks[p], "TW-CONTINUE", state.rules.streak == "turn"))
        return changed(state, streaks=tuple(streaks), phase=ASK)
    return _end_turn(changed(state, streaks=tuple(streaks)), "lost", "TW-DEFENCE", winner, events)


def _reward(state: TradeState, words: list[str], events: Events) -> TradeState:
    player, rng, rules = state.rewarded, state.rng, state.rules
    assert player is not None
    source = "center" if words[0] == "center" else words[1]
    victim = None if source == "center" else int(words[0])
    if victim is None:
        prize, center = state.center[0], state.center[1:]
        state = changed(state, center=center)
    else:
        group = state.piles[victim] if source == "pile" else state.hands[victim]
        index, rng = rng.below(len(group))
        prize = group[index]
        if source == "pile":
            state = changed(state, piles=_set(state.piles, victim, _without(group, (prize,))))
        else:
            state = changed(state, hands=_set(state.hands, victim, _without(group, (prize,))))
    to_hand = rules.reward_to == "hand" and len(state.hands[player]) < HAND_LIMIT
    events.append(Rewarded(player, source, victim, prize, to_hand, "TW-REWARD-DEST"))
    if to_hand:
        state = changed(state, hands=_set(state.hands, player,
                                          with_cards(state.hands[player], (prize,))))
    else:
        state = changed(state, piles=_set(state.piles, player, (*state.piles[player], prize)))
    state = changed(state, rng=rng, rewarded=None,
                    tally=changed(state.tally, rewards=state.tally.rewards + 1))
    if victim is None:
        state = _after_center_draw(state, events)
        if state.outcome is not None:
            return state
    return _end_of_reward(state, player, events)


def _end_of_reward(state: TradeState, player: int, events: Events) -> TradeState:
    """The instigator's reward ends the turn; a defender's (ruling TW-STREAK 'game') came
    from a battle the instigator lost, which ends it too."""
    if player == state.instigator:
        return _end_turn(state, "reward", "TW-THREE-WINS", None, events)
    return _end_turn(state, "lost", "TW-DEFENCE", player, events)


# The end of a turn, and of the game


def _end_turn(
    state: TradeState, why: str, rule: str, ender: int | None, events: Events
) -> TradeState:
    """``ender`` is the player who ended the turn (the asked player or the defender)."""
    p, n = state.instigator, state.rules.players
    events.append(TurnEnded(p, why, rule))
    if state.center_emptied:
        return _game_over(state, "center-empty", "TW-END", events)
    # A turn that ends at its very start, with nothing done, is a pass (ruling TW-STALL).
    passing = why in ("no-battle-card", "nobody-to-ask") and state.phase == PREPARE
    passes = state.passes + 1 if passing and not state.moved else 0
    state = changed(state, passes=passes, battle=None, phase=PREPARE)
    if passes >= n:
        return _game_over(state, "stalled", "TW-STALL", events)
    if state.rules.turn_order == "defender" and ender is not None:
        return _start_turn(state, ender, "defender", events)
    return _start_turn(state, (p + 1) % n, "clockwise", events)


def _game_over(state: TradeState, ending: str, rule: str, events: Events) -> TradeState:
    scores = state.scores
    best = max(scores)
    winners = tuple(p for p, s in enumerate(scores) if s == best)
    if ending == "limit":
        winners = ()
    elif len(winners) > 1:
        rule = "TW-TIE"
        winners = winners if state.rules.final_tie == "shared" else ()
    over = GameOver(winners, ending, scores, state.turn, rule)
    events.append(over)
    outcome = Outcome(winners, over, unfinished=ending == "limit")
    return changed(state, phase=OVER, battle=None, rewarded=None, outcome=outcome)


# Everything that happens without a choice


def _settle(state: TradeState, events: Events) -> TradeState:
    """Apply every step that needs no decision, until one does or the game is over."""
    while state.outcome is None:
        after = moment_after(state, events)
        if after is None:
            return state
        state = after
    return state


def moment_after(state: TradeState, events: Events) -> TradeState | None:
    """The next moment of the game from ``state`` if the rules go on by themselves (a refill
    with no choice, the one card a player can play, a turn with nothing to do); None if
    someone must choose."""
    phase, battle, rules = state.phase, state.battle, state.rules
    p = state.instigator
    if phase == PREPARE:
        room = HAND_LIMIT - len(state.hands[p])
        # At most len(moved) of the pile's cards have moved: a pile longer than that
        # and the room together cannot all come now.
        if (rules.refill == "to-seven" and room > 0
                and len(state.piles[p]) - len(state.moved) <= room):
            pile = unmoved(state.piles[p], state.moved)
            if 0 < len(pile) <= room:
                return _take(state, tuple(pile), True, events)  # all must come: no choice
        if worth_preparing(state):
            return None
        # Swaps only serve the asking that follows; with nobody to ask or nothing to
        # ask with, and nothing to refill or draw, the turn is over.
        if not targets(state):
            return _end_turn(state, "nobody-to-ask", "TW-ASK", None, events)
        return _end_turn(state, "no-battle-card", "TW-EMPTY-HAND", None, events)
    if phase == ASK:
        if ask_actions(state):
            return None
        why = "nobody-to-ask" if not targets(state) else "no-battle-card"
        return _end_turn(state, why, "TW-ASK" if why == "nobody-to-ask" else
                         "TW-EMPTY-HAND", None, events)
    if phase in (ATTACK, DEFEND) and battle is not None:
        player = p if phase == ATTACK else battle.defender
        plays = possible_plays(state.hands[player])
        if (phase == DEFEND and rules.stake_doubles == "play" and len(battle.stake) >= 2
                and not battle.earlier):
            return _play(state, battle.stake[:2], "stake", events)
        if not plays:
            return _decide_battle(state, events)  # TW-EMPTY-HAND: no card to play
        if rules.battle_play == "forced":
            return _play(state, forced_play(state.hands[player], rules), "forced", events)
        if len(plays) == 1 and (rules.putin_window == "holder"
                                or len(state.hands[player]) == 1):
            # Ruling TW-PUTIN-WHO 'everyone': one battle card beside Putin is still
            # asked for, or the play made at once would show that Putin is in hand.
            return _play(state, plays[0], "only", events)
        return None
    if phase == PUTIN_WINDOW and battle is not None:
        if not (battle.attack and battle.defence):
            return _decide_battle(state, events)
        if rules.putin_window == "everyone":
            # Ruling TW-PUTIN-WHO: every player is asked at every battle, whoever
            # holds Putin (or nobody), so being asked tells nothing.
            if not state.declared:
                return changed(state, declared=(None,) * rules.players)
            if None in state.declared:
                return None
            return _reveal(state, events)
        if state.holder_of_putin() is None:
            return _decide_battle(state, events)
        return None
    if phase == REWARD and state.rewarded is not None:
        if reward_actions(state, state.rewarded):
            return None
        events.append(Rewarded(state.rewarded, "center", None, None, False, "TW-THREE-WINS"))
        return _end_of_reward(changed(state, rewarded=None), state.rewarded, events)
    raise AssertionError(f"no rule for phase {phase!r}")
