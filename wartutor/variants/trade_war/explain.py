"""Trade War in plain words: every event's explanation and every refusal's reason.

This is the one place where the variant's prose is made. Player 0 is "you"; the
others are "Computer 1", "Computer 2", ... unless the voice in force says otherwise
(see core.voice): then "you" is the player looking, and the others carry its names.

The rule text names its jokers after two living people and has one of them assassinate
cards. These words say the text's names; the apps re-word them (:func:`naming_jokers`)
with the names a teacher chose and a gentler verb. Only the words change: the cards, the
actions (``assassinate QS``) and the traces are the same whatever the jokers are called.

>>> from wartutor.variants.trade_war.state import Assassinated
>>> from wartutor.core.cards import card
>>> event = Assassinated(player=1, card=card("QS"), owner=2, where="table", center_size=9)
>>> explain(event)[:60]
'Computer 1 plays the Putin joker and assassinates the queen '
>>> with naming_jokers(JokerNames("Rebel", "Eraser")):
...     explain(event)[:61]
'Computer 1 plays the Eraser joker and knocks out the queen of'
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass

from wartutor.core.cards import RANK_CODES, RANK_NAMES, Card
from wartutor.core.engine import Event
from wartutor.core.errors import BadInput, quoted
from wartutor.core.rulings import rulings_of
from wartutor.core.voice import voice
from wartutor.variants.trade_war.battle import possible_plays
from wartutor.variants.trade_war.cards import (
    PUTIN,
    Cards,
    Joker,
    TradeCard,
    sorted_cards,
    trade_cards,
    trade_codes,
)
from wartutor.variants.trade_war.choices import (
    HAND_LIMIT,
    legal_actions,
    play_words,
    refill_pending,
)
from wartutor.variants.trade_war.rules import TradeRules
from wartutor.variants.trade_war.state import (
    ASK,
    ATTACK,
    DEFEND,
    PREPARE,
    PUTIN_WINDOW,
    REWARD,
    AllDeclared,
    Asked,
    Assassinated,
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
    TradeState,
    TurnEnded,
    TurnStarted,
    WonInARow,
)

_TEXT_TITLES = {
    # Sections of the rule text, in its order.
    "TW-DEAL": "the deal: seven cards each, the rest in the centre",
    "TW-GUESS": "the instigator guesses a card in another player's hand",
    "TW-BATTLE": "the battle: the highest card wins all cards in play",
    "TW-CONTINUE": "a right guess and a won battle: guess again",
    "TW-HAND-LIMIT": "seven cards in hand; the rest are resource piles",
    "TW-MISS": "a wrong guess ends the turn",
    "TW-DEFENCE": "a defender who plays higher collects and ends the turn",
    "TW-SWAP": "swapping hand and resource cards, only at the start of your turn",
    "TW-CENTER-DRAW": "short of resources: draw one card from the centre",
    "TW-THREE-WINS": "three battles won in a row: take a card, end the turn",
    "TW-END-GAME": "the game ends when the centre is empty; most resources wins",
    "TW-MUELLER": "the Mueller joker beats face cards, loses to numbers",
    "TW-PUTIN-KILL": "the Putin joker assassinates a card, out of turn",
    "TW-DOUBLES": "doubles: both go down; only doubles beat doubles",
    # Rulings (switchable).
    "TW-PLAYERS": "ruling TW-PLAYERS: number of players",
    "TW-FIRST": "ruling TW-FIRST: the first player",
    "TW-REFILL": "ruling TW-REFILL: refilling the hand",
    "TW-ASK-HOLD": "ruling TW-ASK-HOLD: must you hold the rank you ask for",
    "TW-TRIPLES": "ruling TW-TRIPLES: three or four of the asked rank",
    "TW-STAKE-DOUBLES": "ruling TW-STAKE-DOUBLES: laid doubles as the defender's play",
    "TW-BATTLE-PLAY": "ruling TW-BATTLE-PLAY: free or forced highest card",
    "TW-RANKS": "ruling TW-RANKS: ace high or low",
    "TW-MUELLER-ACE": "ruling TW-MUELLER-ACE: Mueller against the ace",
    "TW-MUELLER-DOUBLES": "ruling TW-MUELLER-DOUBLES: Mueller against face doubles",
    "TW-BATTLE-TIE": "ruling TW-BATTLE-TIE: equal cards in a battle",
    "TW-PUTIN": "ruling TW-PUTIN: what Putin may assassinate",
    "TW-WINNINGS": "ruling TW-WINNINGS: where won cards go",
    "TW-STREAK": "ruling TW-STREAK: counting three wins in a row",
    "TW-REWARD-DEST": "ruling TW-REWARD-DEST: where the reward card goes",
    "TW-TURN-ORDER": "ruling TW-TURN-ORDER: who instigates next",
    "TW-END": "ruling TW-END: the centre empties mid-turn",
    "TW-TIE": "ruling TW-TIE: a tie for the most resources",
    "TW-LIMIT": "ruling TW-LIMIT: the turn limit",
    "TW-PUTIN-WHO": "ruling TW-PUTIN-WHO: who is asked at Putin's moment",
    # Fixed rulings.
    "TW-DECK": "ruling TW-DECK: 52 cards and two jokers",
    "TW-ASK": "ruling TW-ASK: a guess names a player and a rank",
    "TW-ASK-JOKER": "ruling TW-ASK-JOKER: no asking for jokers",
    "TW-DOUBLES-FACE": "ruling TW-DOUBLES-FACE: any rank makes doubles",
    "TW-PLAY-SIZE": "ruling TW-PLAY-SIZE: a play is one card or doubles",
    "TW-PUTIN-BATTLE": "ruling TW-PUTIN-BATTLE: Putin never battles",
    "TW-EMPTY-HAND": "ruling TW-EMPTY-HAND: no battle card left",
    "TW-OWN-PILE": "ruling TW-OWN-PILE: you may look at your own pile",
    "TW-SWAP-ONCE": "ruling TW-SWAP-ONCE: one card for one, once a turn",
    "TW-DRAW-WHEN": "ruling TW-DRAW-WHEN: when the centre draw is allowed",
    "TW-REWARD-PICK": "ruling TW-REWARD-PICK: choosing the reward",
    "TW-STALL": "ruling TW-STALL: nobody can ask",
}


# The jokers' names: the text's, or a teacher's.

@dataclass(frozen=True)
class JokerNames:
    """What the two jokers are called. ``gentle`` says "knocks out" where the text says
    "assassinates" (always, in the apps)."""

    mueller: str = "Mueller"
    putin: str = "Putin"
    gentle: bool = True


TEXT_NAMES = JokerNames("Mueller", "Putin", gentle=False)  # the rule text's own words
# The apps' default: names that say what each joker does, not living people's. The Rebel
# topples kings, queens and jacks but loses to the number cards; the Eraser wipes a card
# out of the game.
NEUTRAL_NAMES = JokerNames("Rebel", "Eraser")
_NAMING: ContextVar[JokerNames] = ContextVar("wartutor_joker_names", default=TEXT_NAMES)
_TEXT_WORDS = re.compile(r"\b(Mueller|Putin|[Aa]ssassinat(?:es|ed|e|ions|ion))\b")
_GENTLE = {"assassinate": "knock out", "assassinates": "knocks out",
           "assassinated": "knocked out", "assassination": "knock-out",
           "assassinations": "knock-outs"}


def joker_names() -> JokerNames:
    """The jokers' names in force (the text's, unless an app says otherwise)."""
    return _NAMING.get()


@contextmanager
def naming_jokers(names: JokerNames) -> Iterator[JokerNames]:
    """Word everything inside with these joker names."""
    token = _NAMING.set(names)
    try:
        yield names
    finally:
        _NAMING.reset(token)


def joker_word(joker: Joker) -> str:
    """A joker's name in force: "Mueller" in the text's words, "Rebel" in the app's."""
    names = _NAMING.get()
    return names.mueller if joker.code == "MJ" else names.putin


def worded(text: str) -> str:
    """``text`` (in the rule text's words) with the jokers' names and verb in force."""
    names = _NAMING.get()
    if names == TEXT_NAMES:
        return text

    def word(found: re.Match[str]) -> str:
        said = found.group(1)
        if said == "Mueller":
            return names.mueller
        if said == "Putin":
            return names.putin
        if not names.gentle:
            return said
        gentle = _GENTLE[said.lower()]
        return gentle[0].upper() + gentle[1:] if said[0] == "A" else gentle

    return _TEXT_WORDS.sub(word, text)


class _WordedTitles(dict[str, str]):
    """The rule titles, looked up in the joker names in force (iterated, the text's)."""

    def __getitem__(self, rule: str) -> str:
        return worded(super().__getitem__(rule))

    def get(self, rule: str, default: str | None = None) -> str | None:  # type: ignore[override]
        return worded(super().__getitem__(rule)) if rule in self else default


RULE_TITLES = _WordedTitles(_TEXT_TITLES)


def name(player: int) -> str:
    """The seat's own name (the game's player names are these, capitalised)."""
    return "you" if player == 0 else f"Computer {player}"


# The own names of every seat the rulings allow: the voice's default.
_NAMES = tuple(name(p) for p in range(max(rulings_of(TradeRules)["players"].choices)))


def _who(player: int) -> str:
    """"you" for the player looking (see core.voice), else the seat's name."""
    return voice().who(player, _NAMES)


def cap(text: str) -> str:
    return text[0].upper() + text[1:]


def _verb(player: int, you: str, other: str) -> str:
    return f"{_who(player)} {you if voice().you(player) else other}"


def possessive(player: int) -> str:
    return voice().whose(player, _NAMES)


def count(n: int, thing: str = "card") -> str:
    return f"{n} {thing}" if n == 1 else f"{n} {thing}s"


def rank_word(rank: int, plural: bool = False) -> str:
    word = RANK_NAMES[rank - 2]
    if plural:
        return word + ("es" if word.endswith("x") else "s")
    return ("an " if word[0] in "aeiou" else "a ") + word


def card_words(cards: Cards) -> str:
    """'the king of diamonds', or 'two threes (3H 3D)' for doubles ('(3♥ 3♦)' in a
    student's plain words)."""
    if len(cards) == 2 and all(isinstance(c, Card) for c in cards):
        first = cards[0]
        assert isinstance(first, Card)
        shown = " ".join(c.symbol if voice().plain else c.code for c in cards)
        return f"two {rank_word(first.rank, plural=True)} ({shown})"
    return " and ".join(_the(c) for c in cards)


def _the(c: TradeCard) -> str:
    return str(c) if not isinstance(c, Card) else f"the {c}"


WHY_BATTLE = {
    "higher": "the higher rank wins",
    "doubles": "doubles can only be beaten by doubles",
    "higher-doubles": "between doubles the higher rank wins",
    "mueller-face": "the Mueller joker beats the face cards",
    "number-mueller": "the Mueller joker loses to the number cards",
    "mueller-doubles": "by ruling, the Mueller joker beats even doubles of face cards",
    "tie": "the plays are equal, and the instigator wins only with a higher card",
    "no-card": "the other side has no card in the battle",
}

WHY_TURN_ENDED = {
    "miss": "a wrong guess ends the turn",
    "lost": "a lost battle ends the instigator's turn",
    "reward": "three wins in a row end the turn",
    "no-battle-card": "there is no card left to battle with",
    "nobody-to-ask": "no other player holds a card to ask for",
}


def explain(event: Event) -> str:
    """One or two sentences saying what happened and why."""
    return worded(_explain(event))


def _explain(event: Event) -> str:
    match event:
        case Dealt(hand_sizes=hands, center=center, seed=seed, stacked=stacked):
            how = ("A stacked deal" if stacked else
                   f"The 54 cards are shuffled{voice().seed_note(seed)}")
            if len(set(hands)) == 1:
                dealt = f"{count(hands[0])} in each hand of {len(hands)} players"
            else:
                dealt = "hands of " + ", ".join(
                    f"{count(n)} ({'yours' if voice().you(p) else _who(p)})"
                    for p, n in enumerate(hands))
            return f"{how}: {dealt}, and {count(center)} face down in the centre."
        case TurnStarted(turn=turn, player=p, after=after, may_draw=may_draw):
            why = {"first": "chosen to go first", "clockwise": "next clockwise",
                   "defender": "the player who ended the last turn"}[after]
            draw = (" Hand and resource pile hold fewer than seven cards together, so one card "
                    "may be drawn from the centre." if may_draw else "")
            be = "are" if voice().you(p) else "is"
            return f"Turn {turn}: {_who(p)} ({why}) {be} the instigator.{draw}"
        case Took(player=p, cards=cards, automatic=True):
            every = ("the only card" if len(cards) == 1 else f"all {count(len(cards))}")
            return (f"{cap(_verb(p, 'refill', 'refills'))} the hand with {every} of the resource "
                    f"pile ({trade_list(cards)}): no more than the hand needs.")
        case Took(player=p, cards=cards):
            return (f"{cap(_verb(p, 'take', 'takes'))} {trade_list(cards)} from the resource "
                    f"pile into the hand.")
        case Swapped(player=p, out=out, into=into):
            return (f"{cap(_verb(p, 'swap', 'swaps'))} {_the(out)} from the hand for "
                    f"{_the(into)} from the resource pile.")
        case Drew(player=p, card=c, center_left=left):
            return (f"{cap(_verb(p, 'draw', 'draws'))} {_the(c)} from the centre; "
                    f"{count(left)} left there.")
        case Asked(player=p, target=t, rank=rank, held=held):
            answer = "" if held else f" {cap(_verb(t, 'have', 'has'))} none."
            return f"{cap(_verb(p, 'ask', 'asks'))} {_who(t)} for {rank_word(rank)}.{answer}"
        case StakeLaid(player=p, cards=cards, held=held):
            if held == 1:
                return f"{cap(_verb(p, 'lay', 'lays'))} {card_words(cards)} face up as the stake."
            some = "all" if held == len(cards) else "two (ruling TW-TRIPLES)"
            return (f"{cap(_verb(p, 'hold', 'holds'))} {count(held)} of that rank, so {some} go "
                    f"face up as the stake: {trade_list(cards)}.")
        case Played(player=p, cards=cards, attacking=attacking, how=how):
            role = "attacks" if attacking else "defends"
            role = role[:-1] if voice().you(p) else role
            reason = {"chosen": "", "forced": " (ruling: the highest card must be played)",
                      "only": " (the only possible play)",
                      "stake": ": by ruling, the doubles laid as the stake are the defence"}[how]
            return f"{cap(_who(p))} {role} with {card_words(cards)}{reason}."
        case Declared(player=p):
            return (f"{cap(_verb(p, 'declare', 'declares'))} at Putin's moment, in secret: "
                    f"by ruling TW-PUTIN-WHO everyone declares, and all are shown together.")
        case AllDeclared(striker=None):
            return ("Everyone has declared, and all are shown at once (ruling TW-PUTIN-WHO): "
                    "all pass, so nobody plays the Putin joker.")
        case AllDeclared(striker=int(p)):
            return (f"Everyone has declared, and all are shown at once (ruling TW-PUTIN-WHO): "
                    f"{_who(p)} {'strike' if voice().you(p) else 'strikes'} with the Putin "
                    f"joker; the others pass.")
        case Assassinated(player=p, card=c, owner=o, where=where, center_size=size):
            place = "on the table" if where == "table" else f"from {possessive(o)} hand, at random"
            kills = "assassinate" if voice().you(p) else "assassinates"
            return (f"{cap(_verb(p, 'play', 'plays'))} the Putin joker and {kills} {_the(c)} "
                    f"{place}. It leaves the game; Putin is shuffled back into the centre "
                    f"({count(size)}).")
        case BattleDecided(winner=w, loser=lost, why=why):
            return (f"{cap(_verb(w, 'win', 'wins'))} the battle against {_who(lost)}: "
                    f"{WHY_BATTLE[why]}.")
        case TiedAgain():
            return ("A tie: by ruling TW-BATTLE-TIE both play again, and the winner takes "
                    "everything.")
        case Collected(player=p, cards=cards, to_hand=to_hand):
            where = (f"{to_hand} to the hand and the rest to the resource pile" if to_hand
                     else "face down onto the resource pile")
            return f"{cap(_verb(p, 'collect', 'collects'))} {count(len(cards))}, {where}."
        case WonInARow(player=p, count=n, rule="TW-CONTINUE", within_turn=within_turn):
            wins = f"{count(n, 'battle')} won in a row{' this turn' if within_turn else ''}"
            return (f"A right guess and a won battle, so {_who(p)} may guess again ({wins}; "
                    f"three earn a reward).")
        case WonInARow(player=p):
            earns = "earn" if voice().you(p) else "earns"
            return f"Three battles won in a row: {_who(p)} {earns} a reward card."
        case Rewarded(player=p, card=None):
            return f"There is no card anywhere for {possessive(p)} reward."
        case Rewarded(player=p, source=source, victim=v, card=Card() | Joker() as c,
                      to_hand=to_hand):
            place = "resource pile" if source == "pile" else "hand"
            where = "the centre" if v is None else f"{possessive(v)} {place}, at random"
            dest = f"{possessive(p)} {'hand' if to_hand else 'resource pile'}"
            return f"{cap(_verb(p, 'take', 'takes'))} {_the(c)} from {where}, into {dest}."
        case TurnEnded(player=p, why=why):
            return f"{cap(possessive(p))} turn ends: {WHY_TURN_ENDED[why]}."
        case GameOver():
            return _game_over(event)
    raise TypeError(f"not a Trade War event: {event!r}")


def trade_list(cards: Cards) -> str:
    return ", ".join(_the(c) for c in cards)


def _game_over(event: GameOver) -> str:
    scores = ", ".join(f"{_who(p)} {s}" for p, s in enumerate(event.scores))
    why = {"center-empty": "The centre pile is empty, so the game ends",
           "limit": f"Turn {event.turn} reached the turn limit: the game is stopped unfinished",
           "stalled": "Nobody could ask for a whole round, so the game ends"}[event.ending]
    if event.ending == "limit":
        return f"{why} (resource piles: {scores})."
    if not event.winners:
        return f"{why}. Resource piles: {scores}. A tie for the most: by ruling, a draw."
    who = " and ".join(_who(p) for p in event.winners)
    verb = "win" if len(event.winners) > 1 or voice().you(event.winners[0]) else "wins"
    shared = " (a shared win)" if len(event.winners) > 1 else ""
    return f"{why}. Resource piles: {scores}. {cap(who)} {verb}{shared}."


def explain_for(event: Event, viewer: int | None) -> str:
    """The explanation as ``viewer`` may read it: another player's private cards are hidden."""
    return worded(_explain_for(event, viewer))


def _explain_for(event: Event, viewer: int | None) -> str:
    match event:
        case Took(player=p, cards=cards) if viewer not in (None, p):
            return (f"{cap(_verb(p, 'take', 'takes'))} {count(len(cards))} from the resource "
                    f"pile into the hand.")
        case Swapped(player=p) if viewer not in (None, p):
            return f"{cap(_verb(p, 'swap', 'swaps'))} a hand card for a resource card."
        case Drew(player=p, center_left=left) if viewer not in (None, p):
            return f"{cap(_verb(p, 'draw', 'draws'))} a card from the centre; {count(left)} left."
        case Rewarded(player=p, source=source, victim=v, card=Card() | Joker()) if viewer not in (
            None, p, v
        ):
            where = "the centre" if v is None else f"{possessive(v)} {source}"
            return f"{cap(_verb(p, 'take', 'takes'))} a card from {where} as a reward."
    return _explain(event)


# Why an action is refused: the words the app shows beside a greyed-out choice.

_WHAT_NOW = {
    "prepare": "it is the start of the turn: take or swap resource cards, draw, or ask",
    "ask": "it is time to ask a player for a rank",
    "attack": "the instigator must play a battle card",
    "defend": "the defender must play a battle card",
    "putin": "the Putin joker's holder may assassinate a card on the table, or spare",
    "reward": "the winner of three battles in a row picks a reward",
    "declare": "everyone declares at Putin's moment (ruling TW-PUTIN-WHO): 'pass', or the Putin "
               "joker's holder a strike",
}
_VERBS = {"take": "prepare", "swap": "prepare", "draw": "prepare", "ask": "ask",
          "play": "battle", "assassinate": "putin", "spare": "putin", "pass": "putin",
          "reward": "reward"}


def why_not(state: TradeState, action: object) -> str | None:
    """None if ``action`` is legal now, else why not, in plain words."""
    reason = _why_not(state, action)
    return None if reason is None else worded(reason)


def _why_not(state: TradeState, action: object) -> str | None:
    if state.outcome is not None:
        return f"The game is over. {explain(state.outcome.because)}"
    if action in legal_actions(state):
        return None
    words = action.split() if isinstance(action, str) else []
    if not words or words[0] not in _VERBS:
        return (f"{quoted(action)} is not a Trade War action; they are take, swap, draw, ask, "
                "play, assassinate, spare, pass and reward")
    verb, phase = words[0], state.phase
    now = "declare" if state.declared else phase
    fits = {"prepare": (PREPARE,), "ask": (PREPARE, ASK), "battle": (ATTACK, DEFEND),
            "putin": (PUTIN_WINDOW,), "reward": (REWARD,)}[_VERBS[verb]]
    if phase not in fits:
        return f"Not now: {_WHAT_NOW[now]}"
    reason = _putin_refusal(state, verb) if phase == PUTIN_WINDOW else None
    reason = reason or _specific(state, verb, words[1:])
    # No closing full stop: BadInput adds ". Allowed: ..." after the reason.
    return (reason or f"{quoted(action)} is not possible now: {_WHAT_NOW[now]}").rstrip(".")


def _putin_refusal(state: TradeState, verb: str) -> str | None:
    """Ruling TW-PUTIN-WHO: 'spare' for the holder alone, or 'pass' for everyone."""
    if not state.declared:
        if verb == "pass":
            return ("Only Putin's holder is asked here (ruling TW-PUTIN-WHO 'holder'): "
                    "'spare' keeps him, or assassinate a card")
        return None
    if verb == "spare":
        return ("Everyone declares at Putin's moment (ruling TW-PUTIN-WHO 'everyone'): "
                "'pass', not 'spare'")
    if verb == "assassinate" and PUTIN not in state.hands[state.declared.index(None)]:
        return ("Only the Putin joker's holder may strike, and you do not hold him: declare "
                "'pass' (ruling TW-PUTIN-WHO)")
    return None


def _specific(state: TradeState, verb: str, args: list[str]) -> str | None:
    p = state.instigator
    hand, pile = state.hands[p], state.piles[p]
    if verb in ("take", "swap"):
        named = _parse(args[::2] if verb == "swap" else args[:1])
        if not named or len(args) != (3 if verb == "swap" else 1) or (
                verb == "swap" and args[1] != "for"):
            return "Name cards by code: 'take 9S', or 'swap 4H for 9S' (hand card first)."
        if verb == "take" and len(hand) >= HAND_LIMIT:
            return "Your hand already holds seven cards, the most it may hold."
        if verb == "swap" and named[0] not in hand:
            return f"You do not hold {_the(named[0])}."
        if named[-1] not in pile:
            return f"{cap(_the(named[-1]))} is not in your resource pile."
        return "A card may move between hand and resource pile only once a turn."
    if verb == "draw":
        if not state.may_draw:
            return ("You may draw from the centre only when, at the start of your turn, your hand "
                    "and resource pile hold fewer than seven cards together; once a turn.")
        return "Your hand already holds seven cards."
    if verb == "ask":
        return _ask_refusal(state, args)
    if verb == "play":
        return _play_refusal(state, args)
    if verb == "assassinate":
        if state.rules.putin_targets == "table" and args[:1] == ["hand"]:
            return "By ruling TW-PUTIN, Putin may only assassinate a card on the table."
        return "Putin may assassinate a card on the table: name one by its code."
    if verb == "reward":
        return "Pick the centre or another player's pile or hand that still holds a card."
    return None


def _ask_refusal(state: TradeState, args: list[str]) -> str | None:
    if refill_pending(state):
        return "First refill your hand to seven cards from your resource pile (ruling TW-REFILL)."
    if not possible_plays(state.hands[state.instigator]):
        return "You have no card to battle with, so you cannot ask."
    # ASCII digits only: int() refuses "²", which isdigit() lets through.
    if len(args) != 2 or not (args[0].isascii() and args[0].isdigit()) or (
            args[1] not in RANK_CODES):
        other = 0 if voice().you(1) else 1  # an example of asking someone else
        return (f"Ask a player for a rank: 'ask {other} Q' asks {_who(other)} for a queen. "
                f"Ranks are 2-10, J, Q, K and A; jokers cannot be asked for.")
    if len(args[0]) > 2:  # no table seats a hundred players (and int() refuses 5,000 digits)
        return f"There is no player {quoted(args[0])}."
    target = int(args[0])
    if target == state.instigator:
        return "You cannot ask yourself: ask another player."
    if target >= state.rules.players:
        return f"There is no player {target}."
    if not state.hands[target]:
        return f"{cap(_verb(target, 'have', 'has'))} no cards in hand to ask for."
    held = {c.rank for c in state.hands[state.instigator] if isinstance(c, Card)}
    if state.rules.ask_hold and RANK_CODES.index(args[1]) + 2 not in held:
        return "By ruling TW-ASK-HOLD you may only ask for a rank you hold yourself."
    return f"Write the ask as 'ask {target} {args[1]}': the player's number, then the rank."


def _play_refusal(state: TradeState, args: list[str]) -> str | None:
    battle = state.battle
    assert battle is not None
    player = state.instigator if state.phase == ATTACK else battle.defender
    named = _parse(args)
    if not named or len(named) > 2:
        return "A play is one card or two of the same rank (doubles), named by code."
    hand = state.hands[player]
    for c in named:
        if c not in hand:
            return f"{cap(_the(c))} is not in your hand."
    if PUTIN in named:
        return ("The Putin joker never battles: it only assassinates a card, which then "
                "leaves the game.")
    if len(named) == 2:
        if named[0] == named[1]:
            return f"You named {_the(named[0])} twice: doubles are two different cards."
        if play_words(sorted_cards(named)) in legal_actions(state):
            return f"Name doubles in the order {trade_codes(sorted_cards(named))}"
        return "Two cards make a play only when they are doubles: the same rank."
    if state.rules.battle_play == "forced":
        return "By ruling TW-BATTLE-PLAY the highest card in the hand must be played."
    return None


def _parse(codes: list[str]) -> Cards | None:
    try:
        return trade_cards(" ".join(codes))
    except BadInput:
        return None
