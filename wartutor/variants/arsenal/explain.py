"""Arsenal's events, clashes and refusals in plain words: the one place its prose is made.

>>> verdict = beats("KV-PR", "RK-SF")
>>> bool(verdict)
True
>>> print(verdict.why)  # doctest: +NORMALIZE_WHITESPACE
Kevlar (Pirates) blocks a level-1 Rocket (Space Force): a shield stops any bomb of its
own level or lower, whatever the suits.
"""

from __future__ import annotations

from dataclasses import dataclass

from wartutor.core.engine import Event
from wartutor.core.errors import BadInput, quoted
from wartutor.core.voice import voice
from wartutor.variants.arsenal.cards import BOMB, ArsenalCard, arsenal_card
from wartutor.variants.arsenal.clash import Clash, clash
from wartutor.variants.arsenal.game import (
    Answered,
    ArsenalState,
    Captured,
    Clashed,
    CoinTossed,
    Dealt,
    LeadPassed,
    Led,
    MatchOver,
    RanDry,
    Refilled,
    SuddenDeathDrawn,
    decision,
)

RULE_TITLES = {
    "AR-DECK": "the text, The Deck",
    "AR-SETUP": "the text, Setup",
    "AR-ROUND": "the text, Playing a Round",
    "AR-SAME-SUIT": "the text, Breaking a Same-Suit Tie",
    "AR-WHO-LEADS": "the text, Who Leads",
    "AR-SHIELDS": "the text, Shields",
    "AR-COUNTER-STRIKE": "the text, Counter-Strike",
    "AR-WINNING": "the text, Refilling & Winning",
    "AR-SUDDEN": "the text, Sudden Death",
    "AR-THE-CAMPAIGN": "the text, The Campaign",
    "AR-CUSTOM-DECK": "ruling AR-CUSTOM-DECK: the cards in play",
    "AR-HAND": "ruling AR-HAND: cards in hand",
    "AR-DRY": "ruling AR-DRY: when the deck has run dry",
    "AR-DRAW-ORDER": "ruling AR-DRAW-ORDER: who draws first",
    "AR-DUPLICATES": "ruling AR-DUPLICATES: a card twice in a deck",
    "AR-BOMB-VS-SHIELD-ABOVE-CAP": "ruling AR-BOMB-VS-SHIELD-ABOVE-CAP: bombs over a cap",
    "AR-LEVEL4-VS-COUNTER": "ruling AR-LEVEL4-VS-COUNTER: level 4 against Counter-Strike",
    "AR-DEAL": "ruling AR-DEAL: the deal",
    "AR-FORCED": "ruling AR-FORCED: a last card",
    "AR-SUDDEN-DEATH": "ruling AR-SUDDEN-DEATH: the sudden-death draw",
    "AR-NPC": "ruling AR-NPC: what the NPC knows",
    "AR-CAMPAIGN": "ruling AR-CAMPAIGN: the NPC's deck",
}

# The seats' own names, the voice's default: seat 0 is "you" unless the voice in force
# says another seat is (see core.voice).
_NAMES = ("you", "the NPC")


def _cap(text: str) -> str:
    return text[0].upper() + text[1:]


def _who(player: int) -> str:
    return voice().who(player, _NAMES)


def _verb(player: int, yours: str, theirs: str) -> str:
    return yours if voice().you(player) else theirs


def _it(player: int) -> str:
    """The seat named again in the same sentence: the NPC is "it"."""
    return "it" if voice().name(player, _NAMES) == _NAMES[1] else _who(player)


def _its(player: int) -> str:
    return "its" if voice().name(player, _NAMES) == _NAMES[1] else voice().whose(player, _NAMES)


def _draw_order_words(order: str) -> str:
    if order == "winner-first":
        return "the round's winner draws first"
    p = 0 if order == "you-first" else 1
    return f"{_who(p)} always {_verb(p, 'draw', 'draws')} first"


def _answers_knowing(leader: int) -> str:
    """Who reveals first and who answers knowing the led card."""
    other = 1 - leader
    if voice().you(leader):
        return (f"you show your card first, and {_who(other)} "
                f"{_verb(other, 'answer', 'answers')} after seeing it")
    return (f"{_who(leader)} {_verb(leader, 'show', 'shows')} a card first, and {_who(other)} "
            f"{_verb(other, 'answer', 'answers')} after seeing {_its(leader)} card")


def _cards(n: int) -> str:
    return f"{n} card" if n == 1 else f"{n} cards"


def _rounds(n: int) -> str:
    return f"{n} round" if n == 1 else f"{n} rounds"


def _bomb(card: ArsenalCard) -> str:
    return f"a level-{card.level} {card}"


def _score(totals: tuple[int, int]) -> str:
    return f"{_who(0)} {totals[0]}, {_who(1)} {totals[1]}"


def clash_words(met: Clash) -> str:
    """Who won a clash of two cards and which rule says so, in one sentence."""
    w, lose = met.winning_card, met.losing_card
    match met.how:
        case "level":
            return (f"{_cap(_bomb(w))} beats {_bomb(lose)}: the higher level wins, "
                    f"whatever the suit.")
        case "suit":
            return (f"Both bombs are level {w.level}, so the suits decide: {w.suit_name} ranks "
                    f"above {lose.suit_name}, and the {w} beats the {lose}.")
        case "pecking":
            return (f"Both are level-{w.level} bombs of {w.suit_name}, so the level's pecking "
                    f"order decides: {w.name} beats {lose.name}.")
        case "blocks":
            return (f"{w} blocks {_bomb(lose)}: a shield stops any bomb of its own level or "
                    f"lower, whatever the suits.")
        case "above-cap":
            stops = ("level-1 bombs" if lose.level == 1
                     else f"bombs up to level {lose.level}")
            return f"{lose} only stops {stops}, so {_bomb(w)} gets through and wins."
        case "unblockable":
            return (f"{_cap(_bomb(w))} cannot be blocked: no shield stops a level-4 bomb, "
                    f"not even {lose}.")
        case "shield-cap":
            return (f"Two shields: {w} stops bombs up to level {w.level}, {lose} only up to "
                    f"level {lose.level}, so the stronger shield wins.")
        case "shield-suit":
            return (f"Two shields of the same level: {w.suit_name} ranks above {lose.suit_name}, "
                    f"so the {w} wins.")
        case "turned-back":
            return (f"{w} flips {_bomb(lose)} back on its owner: the bomb is blocked and the "
                    f"Counter-Strike wins.")
        case "untouchable":
            return f"{lose} cannot touch {_bomb(w)}: a level-4 bomb gets through and wins."
        case "breaks-shield":
            return f"{w} beats {lose}: a Counter-Strike beats any shield."
        case "counter-suit":
            return (f"Two Counter-Strikes: {w.suit_name} ranks above {lose.suit_name}, so the "
                    f"{w} wins.")
    raise ValueError(f"no words for a clash decided by {met.how!r}")


@dataclass(frozen=True)
class Verdict:
    """Whether one card beats another, and why; true when it does."""

    wins: bool
    why: str
    clash: Clash

    def __bool__(self) -> bool:
        return self.wins


def beats(first: ArsenalCard | str, second: ArsenalCard | str) -> Verdict:
    """Does ``first`` beat ``second``? Cards or codes such as "NK-SF"; the answer says why."""
    a = first if isinstance(first, ArsenalCard) else arsenal_card(first)
    b = second if isinstance(second, ArsenalCard) else arsenal_card(second)
    if a == b:
        raise BadInput(f"{a} cannot meet itself", allowed="two different cards")
    met = clash(a, b)
    return Verdict(met.winner == 0, clash_words(met), met)


def explain(event: Event) -> str:
    """One or two sentences saying what happened and why."""
    match event:
        case Dealt(hand_sizes=(n, _), pile_size=pile, seed=seed, stacked=False):
            rest = (f"and the other {pile} make a face-down draw pile" if pile
                    else "and there is no draw pile")
            shuffled = voice().seed_note(seed)
            return (f"The deck of {2 * n + pile} cards is shuffled{shuffled}: {_cards(n)} "
                    f"each, {rest}.")
        case Dealt(hand_sizes=(n, _), pile_size=pile, stacked=True):
            rest = f"a draw pile of {pile}" if pile else "no draw pile"
            return f"A stacked deal, in a set order: {_cards(n)} each and {rest}."
        case CoinTossed(leader=p, stacked=stacked):
            how = "The stacked deal says" if stacked else "The coin toss says"
            return (f"{how} {_who(p)} {_verb(p, 'lead', 'leads')} round 1: "
                    f"{_answers_knowing(p)}.")
        case Led(round=n, player=p, card=c, rule="AR-FORCED"):
            return (f"Round {n}: {_who(p)} {_verb(p, 'have', 'has')} one card left, so it is "
                    f"led without a choice: {c}.")
        case Led(round=n, player=p, card=c):
            return f"Round {n}: {_who(p)} {_verb(p, 'lead', 'leads')} with {c}, face up."
        case Answered(player=p, card=c, rule="AR-FORCED"):
            return (f"{_cap(_who(p))} {_verb(p, 'have', 'has')} one card left, so it answers "
                    f"without a choice: {c}.")
        case Answered(player=p, card=c):
            return f"{_cap(_who(p))} {_verb(p, 'answer', 'answers')} with {c}."
        case Clashed(clash=met, sudden=True, winner=w):
            return (f"Sudden death. {clash_words(met)} {_cap(_who(w))} "
                    f"{_verb(w, 'win', 'wins')}.")
        case Clashed(clash=met):
            return clash_words(met)
        case Captured(winner=w, totals=totals):
            return (f"{_cap(_who(w))} {_verb(w, 'capture', 'captures')} both cards; they are "
                    f"out of the game for good. Captured so far: {_score(totals)}.")
        case Refilled(drawn=(a, b), first=f, order=order, pile_left=left, play_on=play_on):
            drawn = f"{_cards(a)} each" if a == b else f"{_who(0)} {a}, {_who(1)} {b}"
            then = (f"{left} left in the pile." if left else
                    "The pile is now empty: from here on the hands get smaller each round."
                    if play_on else "The pile is now empty.")
            return (f"Both draw back up from the pile, {_who(f)} first "
                    f"({_draw_order_words(order)}): {drawn}. {then}")
        case LeadPassed(round=n, player=p):
            q = 1 - p
            then = ("you reveal first" if voice().you(p) else
                    f"{_it(p)} {_verb(p, 'reveal', 'reveals')} first and {_who(q)} "
                    f"{_verb(q, 'answer', 'answers')} knowing {_its(p)} card")
            return (f"{_cap(_who(p))} won the round, so {_who(p)} "
                    f"{_verb(p, 'lead', 'leads')} round {n}: {then}.")
        case RanDry(round=n, totals=totals, dry="all-played"):
            return (f"Every card has been played: the deck has run dry after {_rounds(n)}. "
                    f"Captured: {_score(totals)}.")
        case RanDry(round=n, totals=totals, unplayed=unplayed):
            return (f"The draw pile is used up, and that ends the match after {_rounds(n)}; the "
                    f"{_cards(unplayed)} still in hand are not played. "
                    f"Captured: {_score(totals)}.")
        case SuddenDeathDrawn(cards=(mine, theirs), deck_size=size):
            return (f"The captured counts are tied, so it is sudden death: the whole deck of "
                    f"{size} cards is reshuffled. {_cap(_who(0))} {_verb(0, 'turn', 'turns')} "
                    f"the top card, {mine}; {_who(1)} {_verb(1, 'turn', 'turns')} the next, "
                    f"{theirs}.")
        case MatchOver(ending="sudden-death", winner=w):
            return (f"{_cap(_who(w))} {_verb(w, 'win', 'wins')} the sudden-death draw, and "
                    f"with it the match.")
        case MatchOver(winner=w, totals=totals):
            return (f"{_cap(_who(w))} captured {totals[w]} cards to {totals[1 - w]}: "
                    f"{_who(w)} {_verb(w, 'win', 'wins')} the match.")
    raise TypeError(f"not an Arsenal event: {event!r}")


def why_not(state: ArsenalState, action: object) -> str | None:
    """None if ``action`` is legal now, else the reason a player would be given."""
    due = decision(state)
    if due is None:
        ended = explain(state.outcome.because) if state.outcome else ""
        return f"The match is over. {ended}".strip()
    if action in due.legal_actions:
        return None
    if not isinstance(action, str) or not action.startswith("play "):
        return f"The only move is to play a card from the hand, such as {due.legal_actions[0]!r}"
    code = action.removeprefix("play ")
    try:
        card = arsenal_card(code)
    except BadInput:
        return (f"{quoted(code)} is not an Arsenal card: write a kind and a suit code, such as "
                "RK-SF")
    who = _who(due.player)
    if card in state.hands[due.player]:
        return f"Write the card exactly as 'play {card.code}' (capital letters, one space)"
    if card == state.lead:
        return f"{card} is already on the table: {_who(state.leader)} led it"
    played = "already played" if any(card in r.cards for r in state.history) else "not in hand"
    return f"{_cap(who)} {_verb(due.player, 'do', 'does')} not hold {card}: it is {played}"


def family_word(card: ArsenalCard) -> str:
    """'level-2 bomb', 'shield that stops bombs up to level 1' or 'Counter-Strike': a card's
    job in a few words."""
    if card.family == BOMB:
        return f"level-{card.level} bomb"
    return (f"shield that stops bombs up to level {card.level}" if card.level
            else "Counter-Strike")
