"""What may be chosen now: who decides, and every legal action, as short strings.

Actions: ``take 9S`` and ``swap 4H for 9S`` (hand and resource pile, at the start of a
turn), ``draw`` (one card from the centre), ``ask 1 Q`` (ask player 1 for a queen),
``play KD`` or ``play 3H 3D`` (a battle play), ``assassinate 7C`` or ``spare`` (Putin;
under ruling TW-PUTIN-WHO 'everyone' each player declares ``pass`` or, Putin's holder, a
strike), ``reward center``, ``reward 2 pile`` or ``reward 2 hand`` (the three-wins reward).
"""

from __future__ import annotations

from functools import lru_cache
from itertools import chain
from operator import itemgetter

from wartutor.core.cards import RANK_CODES, SUIT_CODES, Card
from wartutor.core.engine import Decision
from wartutor.variants.trade_war.battle import can_fight, forced_play, possible_plays
from wartutor.variants.trade_war.cards import (
    PUTIN,
    Cards,
    Joker,
    TradeCard,
    trade_codes,
    trade_deck,
)
from wartutor.variants.trade_war.state import (
    ASK,
    ATTACK,
    DEFEND,
    OVER,
    PREPARE,
    PUTIN_WINDOW,
    REWARD,
    TradeState,
)

HAND_LIMIT = 7
ALL_RANKS = tuple(range(2, 15))  # the ranks a guess may name, 2 to ace (TW-ASK)


def play_words(cards: Cards) -> str:
    return "play " + trade_codes(cards)


def refill_pending(state: TradeState) -> bool:
    """Ruling TW-REFILL 'to-seven': cards must still come from the pile before asking."""
    p = state.instigator
    return (state.rules.refill == "to-seven" and len(state.hands[p]) < HAND_LIMIT
            and any(c not in state.moved for c in state.piles[p]))


def prepare_actions(state: TradeState) -> tuple[str, ...]:
    p = state.instigator
    hand, pile = state.hands[p], state.piles[p]
    free_pile = _unmoved_places(pile, state.moved)
    takes = _words(_TAKES, free_pile) if len(hand) < HAND_LIMIT else ()
    swaps = [_words(_SWAPS[a], free_pile) for a in _unmoved_places(hand, state.moved)]
    draw = ("draw",) if state.may_draw and len(hand) < HAND_LIMIT and state.center else ()
    asks = () if refill_pending(state) else ask_actions(state)
    return (*takes, *chain.from_iterable(swaps), *draw, *asks)


# Every take and swap, spelled once: a turn's start may offer hundreds of swaps (each
# hand card for each pile card), and looking their words up is much cheaper than
# writing them out again at every step. A card is named here by its place in the deck.
_DECK = trade_deck()
_TAKES = tuple(f"take {c.code}" for c in _DECK)
_SWAPS = tuple(tuple(f"swap {out.code} for {into.code}" for into in _DECK) for out in _DECK)


def _words(words: tuple[str, ...], places: list[int]) -> tuple[str, ...]:
    """``words[i]`` for each place ``i``, in order."""
    if len(places) > 1:
        found: tuple[str, ...] = itemgetter(*places)(words)  # gathers them in one call
        return found
    return tuple(words[i] for i in places)


def _unmoved_places(cards: Cards, moved: Cards) -> list[int]:
    """The deck places of the cards that have not moved yet this turn (TW-SWAP-ONCE)."""
    places = _places(cards)
    if not moved:
        return places
    gone = set(_places(moved))
    return [i for i in places if i not in gone]


# The deck is the standard deck (suit by suit, each from 2 to ace), then the two jokers.
_SUIT_BASE = {suit: 13 * i - 2 for i, suit in enumerate(SUIT_CODES)}
_JOKER_PLACE = {c.name: i for i, c in enumerate(_DECK) if isinstance(c, Joker)}


def _places(cards: Cards) -> list[int]:
    """Each card's place in the deck.

    >>> _places(_DECK) == list(range(54))
    True
    """
    return [c.rank + _SUIT_BASE[c.suit] if isinstance(c, Card) else _JOKER_PLACE[c.name]
            for c in cards]


def unmoved(cards: Cards, moved: Cards) -> list[TradeCard]:
    """The cards that have not moved yet this turn (TW-SWAP-ONCE)."""
    if not moved:
        return list(cards)
    gone = {c.code for c in moved}  # a card is its code, and codes compare much faster
    return [c for c in cards if c.code not in gone]


def worth_preparing(state: TradeState) -> bool:
    """Is there a start-of-turn decision to make? Asks, or a refill or draw still to do,
    or (with nothing to battle with yet) a card that a take could bring."""
    p = state.instigator
    # Asked only at the start of a turn, so these are prepare_actions: takes first, then
    # swaps, then the draw and the asks.
    actions = legal_actions(state)
    return bool(actions) and (actions[-1].startswith(("ask ", "draw")) or refill_pending(state)
                              or (actions[0].startswith("take ") and not can_fight(
                                  state.hands[p])))


def ask_actions(state: TradeState) -> tuple[str, ...]:
    p = state.instigator
    hand = state.hands[p]
    # TW-EMPTY-HAND: nothing to battle with. But under ruling TW-PUTIN-WHO 'everyone' a
    # hand of Putin alone asks as any one card would (a hit then finds no battle card),
    # or the turn ending at once would show that the card is Putin.
    if not can_fight(hand) and not (hand and state.rules.putin_window == "everyone"):
        return ()
    if not state.rules.ask_hold:
        return _asks(targets(state), ALL_RANKS)
    held = {c.rank for c in hand if isinstance(c, Card)}
    return _asks(targets(state), tuple(r for r in ALL_RANKS if r in held))


# Without the Go-Fish rule a handful of combinations, asked for at every turn; with it
# the held ranks vary, so the cache is bounded.
@lru_cache(maxsize=4096)
def _asks(targets: tuple[int, ...], ranks: tuple[int, ...]) -> tuple[str, ...]:
    return tuple(f"ask {t} {RANK_CODES[r - 2]}" for t in targets for r in ranks)


def targets(state: TradeState) -> tuple[int, ...]:
    """Players who could be asked (TW-ASK): anyone else with a card in hand."""
    return tuple([t for t in range(state.rules.players)
                  if t != state.instigator and state.hands[t]])


# A step asks for the same state's actions several times (the decision, the check of the
# action taken, the settling after it); a state never changes, so the last answer is kept.
_last: tuple[TradeState | None, tuple[str, ...]] = (None, ())


def legal_actions(state: TradeState) -> tuple[str, ...]:
    global _last
    seen, actions = _last
    if seen is not state:
        actions = _legal_actions(state)
        _last = (state, actions)
    return actions


def _legal_actions(state: TradeState) -> tuple[str, ...]:
    phase, battle = state.phase, state.battle
    if phase == PREPARE:
        return prepare_actions(state)
    if phase == ASK:
        return ask_actions(state)
    if phase in (ATTACK, DEFEND) and battle is not None:
        player = state.instigator if phase == ATTACK else battle.defender
        if state.rules.battle_play == "forced":
            return (play_words(forced_play(state.hands[player], state.rules)),)
        return tuple(play_words(play) for play in possible_plays(state.hands[player]))
    if phase == PUTIN_WINDOW and battle is not None:
        if state.declared:  # ruling TW-PUTIN-WHO 'everyone'
            return declarations(state, state.declared.index(None))
        return (*strikes(state), "spare")
    if phase == REWARD and state.rewarded is not None:
        return reward_actions(state, state.rewarded)
    return ()


def strikes(state: TradeState) -> list[str]:
    """What Putin's holder may assassinate now (ruling TW-PUTIN): a card on the table, or
    a random card from another player's hand."""
    battle, holder = state.battle, state.holder_of_putin()
    assert battle is not None
    kills = [f"assassinate {c.code}" for c in battle.cards]
    if state.rules.putin_targets == "table-or-hand":
        kills += [f"assassinate hand {t}" for t in range(state.rules.players)
                  if t != holder and state.hands[t]]
    return kills


def declarations(state: TradeState, player: int) -> tuple[str, ...]:
    """What ``player`` may declare at Putin's moment under ruling TW-PUTIN-WHO 'everyone':
    "pass", or for Putin's holder a strike first. A player without Putin is asked too,
    though "pass" is all there is: skipping them would show who holds him."""
    if PUTIN in state.hands[player]:
        return (*strikes(state), "pass")
    return ("pass",)


def reward_actions(state: TradeState, player: int) -> tuple[str, ...]:
    actions = ["reward center"] if state.center else []
    for t in range(state.rules.players):
        if t != player:
            actions += [f"reward {t} pile"] if state.piles[t] else []
            actions += [f"reward {t} hand"] if state.hands[t] else []
    return tuple(actions)


def decider(state: TradeState) -> tuple[int, str] | None:
    """Who decides now and the kind of decision; None once the game is over."""
    if state.outcome is not None or state.phase == OVER:
        return None
    battle = state.battle
    if state.phase == DEFEND and battle is not None:
        return battle.defender, "defend"
    if state.phase == PUTIN_WINDOW:
        if state.declared:  # ruling TW-PUTIN-WHO 'everyone': in seat order, all at once
            return state.declared.index(None), "putin"
        holder = state.holder_of_putin()
        assert holder is not None
        return holder, "putin"
    if state.phase == REWARD and state.rewarded is not None:
        return state.rewarded, "reward"
    return state.instigator, state.phase


_last_decision: tuple[TradeState | None, Decision | None] = (None, None)


def decision(state: TradeState) -> Decision | None:
    global _last_decision
    seen, found = _last_decision
    if seen is not state:  # kept, as legal_actions are: asked twice a step
        who = decider(state)
        found = None if who is None else Decision(who[0], who[1], legal_actions(state))
        _last_decision = (state, found)
    return found
