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
from wartutor.language import N_, _, capital, ngettext
from wartutor.variants.arsenal.cards import ArsenalCard, arsenal_card
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
    "AR-DECK": N_("the text, The Deck"),
    "AR-SETUP": N_("the text, Setup"),
    "AR-ROUND": N_("the text, Playing a Round"),
    "AR-SAME-SUIT": N_("the text, Breaking a Same-Suit Tie"),
    "AR-WHO-LEADS": N_("the text, Who Leads"),
    "AR-SHIELDS": N_("the text, Shields"),
    "AR-COUNTER-STRIKE": N_("the text, Counter-Strike"),
    "AR-WINNING": N_("the text, Refilling & Winning"),
    "AR-SUDDEN": N_("the text, Sudden Death"),
    "AR-THE-CAMPAIGN": N_("the text, The Campaign"),
    "AR-CUSTOM-DECK": N_("ruling AR-CUSTOM-DECK: the cards in play"),
    "AR-HAND": N_("ruling AR-HAND: cards in hand"),
    "AR-DRY": N_("ruling AR-DRY: when the deck has run dry"),
    "AR-DRAW-ORDER": N_("ruling AR-DRAW-ORDER: who draws first"),
    "AR-DUPLICATES": N_("ruling AR-DUPLICATES: a card twice in a deck"),
    "AR-BOMB-VS-SHIELD-ABOVE-CAP": N_("ruling AR-BOMB-VS-SHIELD-ABOVE-CAP: bombs over a cap"),
    "AR-LEVEL4-VS-COUNTER": N_("ruling AR-LEVEL4-VS-COUNTER: level 4 against Counter-Strike"),
    "AR-DEAL": N_("ruling AR-DEAL: the deal"),
    "AR-FORCED": N_("ruling AR-FORCED: a last card"),
    "AR-SUDDEN-DEATH": N_("ruling AR-SUDDEN-DEATH: the sudden-death draw"),
    "AR-NPC": N_("ruling AR-NPC: what the NPC knows"),
    "AR-CAMPAIGN": N_("ruling AR-CAMPAIGN: the NPC's deck"),
}

# The seats' own names, the voice's default: seat 0 is "you" unless the voice in force
# says another seat is (see core.voice).
_NAMES = (N_("you"), N_("the NPC"))


def _name(player: int) -> str:
    """The seat's name in the third person (for a sentence that is not about "you")."""
    return voice().name(player, _NAMES)


def _npc(player: int) -> bool:
    """True for the NPC under its own name: the words call it "it" when named again."""
    return not voice().you(player) and _name(player) == _(_NAMES[1])


def _score(totals: tuple[int, int]) -> str:
    """Both captured counts, seat 0's first: "you 2, the NPC 0"."""
    if voice().you(0):
        # Translators: the captured cards of each side, a list after a colon.
        return _("you {mine}, {name} {theirs}").format(
            mine=totals[0], name=_name(1), theirs=totals[1])
    if voice().you(1):
        return _("{name} {theirs}, you {mine}").format(
            name=_name(0), theirs=totals[0], mine=totals[1])
    return _("{first} {first_count}, {second} {second_count}").format(
        first=_name(0), first_count=totals[0], second=_name(1), second_count=totals[1])


def _drawn(drawn: tuple[int, int]) -> str:
    """How many cards each side drew: "2 cards each" or "you 2, the NPC 1"."""
    a, b = drawn
    if a == b:
        return ngettext("{n} card each", "{n} cards each", a).format(n=a)
    return _score(drawn)


def clash_words(met: Clash) -> str:
    """Who won a clash of two cards and which rule says so, in one sentence."""
    w, lose = met.winning_card, met.losing_card
    card, other = w.said, lose.said
    match met.how:
        case "level":
            return _("A level-{level} {card} beats a level-{other_level} {other}: the higher "
                     "level wins, whatever the suit.").format(
                level=w.level, card=card, other_level=lose.level, other=other)
        case "suit":
            return _("Both bombs are level {level}, so the suits decide: {suit} ranks above "
                     "{other_suit}, and the {card} beats the {other}.").format(
                level=w.level, suit=_(w.suit_name), other_suit=_(lose.suit_name), card=card,
                other=other)
        case "pecking":
            return _("Both are level-{level} bombs of {suit}, so the level's pecking order "
                     "decides: {kind} beats {other_kind}.").format(
                level=w.level, suit=_(w.suit_name), kind=_(w.name), other_kind=_(lose.name))
        case "blocks":
            return _("{card} blocks a level-{level} {other}: a shield stops any bomb of its own "
                     "level or lower, whatever the suits.").format(
                card=card, level=lose.level, other=other)
        case "above-cap":
            if lose.level == 1:
                return _("{shield} only stops level-1 bombs, so a level-{level} {card} gets "
                         "through and wins.").format(shield=other, level=w.level, card=card)
            return _("{shield} only stops bombs up to level {cap}, so a level-{level} {card} "
                     "gets through and wins.").format(
                shield=other, cap=lose.level, level=w.level, card=card)
        case "unblockable":
            return _("A level-{level} {card} cannot be blocked: no shield stops a level-4 bomb, "
                     "not even {other}.").format(level=w.level, card=card, other=other)
        case "shield-cap":
            return _("Two shields: {card} stops bombs up to level {level}, {other} only up to "
                     "level {other_level}, so the stronger shield wins.").format(
                card=card, level=w.level, other=other, other_level=lose.level)
        case "shield-suit":
            return _("Two shields of the same level: {suit} ranks above {other_suit}, so the "
                     "{card} wins.").format(
                suit=_(w.suit_name), other_suit=_(lose.suit_name), card=card)
        case "turned-back":
            return _("{card} flips a level-{level} {other} back on its owner: the bomb is "
                     "blocked and the Counter-Strike wins.").format(
                card=card, level=lose.level, other=other)
        case "untouchable":
            return _("{other} cannot touch a level-{level} {card}: a level-4 bomb gets through "
                     "and wins.").format(other=other, level=w.level, card=card)
        case "breaks-shield":
            return _("{card} beats {other}: a Counter-Strike beats any shield.").format(
                card=card, other=other)
        case "counter-suit":
            return _("Two Counter-Strikes: {suit} ranks above {other_suit}, so the {card} "
                     "wins.").format(suit=_(w.suit_name), other_suit=_(lose.suit_name),
                                     card=card)
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


def _answers_knowing(leader: int) -> str:
    """Who reveals first and who answers knowing the led card: a clause after a colon."""
    other = 1 - leader
    if voice().you(leader):
        return _("you show your card first, and {other} answers after seeing it").format(
            other=_name(other))
    if voice().you(other):
        if _npc(leader):
            return _("{leader} shows a card first, and you answer after seeing its card").format(
                leader=_name(leader))
        return _("{leader} shows a card first, and you answer after seeing {leader}'s "
                 "card").format(leader=_name(leader))
    if _npc(leader):
        return _("{leader} shows a card first, and {other} answers after seeing its "
                 "card").format(leader=_name(leader), other=_name(other))
    return _("{leader} shows a card first, and {other} answers after seeing {leader}'s "
             "card").format(leader=_name(leader), other=_name(other))


def _reveals_first(leader: int) -> str:
    """Who reveals first in the next round and who answers: a clause after a colon."""
    other = 1 - leader
    if voice().you(leader):
        return _("you reveal first")
    if voice().you(other):
        if _npc(leader):
            return _("it reveals first and you answer knowing its card")
        return _("{leader} reveals first and you answer knowing {leader}'s card").format(
            leader=_name(leader))
    if _npc(leader):
        return _("it reveals first and {other} answers knowing its card").format(
            other=_name(other))
    return _("{leader} reveals first and {other} answers knowing {leader}'s card").format(
        leader=_name(leader), other=_name(other))


def _rounds(n: int) -> str:
    return ngettext("{n} round", "{n} rounds", n).format(n=n)


def explain(event: Event) -> str:
    """One or two sentences saying what happened and why."""
    match event:
        case Dealt(hand_sizes=(n, _), pile_size=pile, seed=seed, stacked=False):
            total = 2 * n + pile
            if voice().secret_deal:
                if pile:
                    return ngettext(
                        "The deck of {total} cards is shuffled: {n} card each, and the other "
                        "{pile} make a face-down draw pile.",
                        "The deck of {total} cards is shuffled: {n} cards each, and the other "
                        "{pile} make a face-down draw pile.", n).format(total=total, n=n, pile=pile)
                return ngettext(
                    "The deck of {total} cards is shuffled: {n} card each, and there is no "
                    "draw pile.",
                    "The deck of {total} cards is shuffled: {n} cards each, and there is no "
                    "draw pile.", n).format(total=total, n=n)
            if pile:
                return ngettext(
                    "The deck of {total} cards is shuffled (seed {seed}): {n} card each, and "
                    "the other {pile} make a face-down draw pile.",
                    "The deck of {total} cards is shuffled (seed {seed}): {n} cards each, and "
                    "the other {pile} make a face-down draw pile.", n).format(
                    total=total, seed=seed, n=n, pile=pile)
            return ngettext(
                "The deck of {total} cards is shuffled (seed {seed}): {n} card each, and "
                "there is no draw pile.",
                "The deck of {total} cards is shuffled (seed {seed}): {n} cards each, and "
                "there is no draw pile.", n).format(total=total, seed=seed, n=n)
        case Dealt(hand_sizes=(n, _), pile_size=pile, stacked=True):
            if pile:
                return ngettext(
                    "A stacked deal, in a set order: {n} card each and a draw pile of {pile}.",
                    "A stacked deal, in a set order: {n} cards each and a draw pile of {pile}.",
                    n).format(n=n, pile=pile)
            return ngettext("A stacked deal, in a set order: {n} card each and no draw pile.",
                            "A stacked deal, in a set order: {n} cards each and no draw pile.",
                            n).format(n=n)
        case CoinTossed(leader=p, stacked=stacked):
            then = _answers_knowing(p)
            if stacked:
                if voice().you(p):
                    # Translators: {then} says who shows a card first and who answers.
                    return _("The stacked deal says you lead round 1: {then}.").format(then=then)
                return _("The stacked deal says {name} leads round 1: {then}.").format(
                    name=_name(p), then=then)
            if voice().you(p):
                return _("The coin toss says you lead round 1: {then}.").format(then=then)
            return _("The coin toss says {name} leads round 1: {then}.").format(
                name=_name(p), then=then)
        case Led(round=n, player=p, card=c, rule="AR-FORCED"):
            if voice().you(p):
                return _("Round {round}: you have one card left, so it is led without a "
                         "choice: {card}.").format(round=n, card=c.said)
            return _("Round {round}: {name} has one card left, so it is led without a "
                     "choice: {card}.").format(round=n, name=_name(p), card=c.said)
        case Led(round=n, player=p, card=c):
            if voice().you(p):
                return _("Round {round}: you lead with {card}, face up.").format(
                    round=n, card=c.said)
            return _("Round {round}: {name} leads with {card}, face up.").format(
                round=n, name=_name(p), card=c.said)
        case Answered(player=p, card=c, rule="AR-FORCED"):
            if voice().you(p):
                return _("You have one card left, so it answers without a choice: "
                         "{card}.").format(card=c.said)
            return capital(_("{name} has one card left, so it answers without a choice: "
                             "{card}.").format(name=_name(p), card=c.said))
        case Answered(player=p, card=c):
            if voice().you(p):
                return _("You answer with {card}.").format(card=c.said)
            return capital(_("{name} answers with {card}.").format(name=_name(p), card=c.said))
        case Clashed(clash=met, sudden=True, winner=w):
            if voice().you(w):
                # Translators: {clash} is a whole sentence saying which card beat which.
                return _("Sudden death. {clash} You win.").format(clash=clash_words(met))
            return _("Sudden death. {clash} {name} wins.").format(
                clash=clash_words(met), name=capital(_name(w)))
        case Clashed(clash=met):
            return clash_words(met)
        case Captured(winner=w, totals=totals):
            if voice().you(w):
                # Translators: {score} lists the captured cards of both sides.
                return _("You capture both cards; they are out of the game for good. Captured "
                         "so far: {score}.").format(score=_score(totals))
            return capital(_("{name} captures both cards; they are out of the game for good. "
                             "Captured so far: {score}.").format(
                name=_name(w), score=_score(totals)))
        case Refilled(drawn=drawn, first=f, order=order, pile_left=left, play_on=play_on):
            if order == "winner-first":
                if voice().you(f):
                    # Translators: {drawn} is how many cards each side drew.
                    drew = _("Both draw back up from the pile, you first (the round's winner "
                             "draws first): {drawn}.").format(drawn=_drawn(drawn))
                else:
                    drew = _("Both draw back up from the pile, {name} first (the round's "
                             "winner draws first): {drawn}.").format(
                        name=_name(f), drawn=_drawn(drawn))
            elif voice().you(f):
                drew = _("Both draw back up from the pile, you first (you always draw "
                         "first): {drawn}.").format(drawn=_drawn(drawn))
            else:
                drew = _("Both draw back up from the pile, {name} first ({name} always draws "
                         "first): {drawn}.").format(name=_name(f), drawn=_drawn(drawn))
            if left:
                then = ngettext("{n} left in the pile.", "{n} left in the pile.",
                                left).format(n=left)
            elif play_on:
                then = _("The pile is now empty: from here on the hands get smaller each "
                         "round.")
            else:
                then = _("The pile is now empty.")
            return f"{drew} {then}"
        case LeadPassed(round=n, player=p):
            then = _reveals_first(p)
            if voice().you(p):
                # Translators: {then} says who reveals a card first and who answers.
                return _("You won the round, so you lead round {round}: {then}.").format(
                    round=n, then=then)
            return capital(_("{name} won the round, so {name} leads round {round}: "
                             "{then}.").format(name=_name(p), round=n, then=then))
        case RanDry(round=n, totals=totals, dry="all-played"):
            return ngettext(
                "Every card has been played: the deck has run dry after {n} round. "
                "Captured: {score}.",
                "Every card has been played: the deck has run dry after {n} rounds. "
                "Captured: {score}.", n).format(n=n, score=_score(totals))
        case RanDry(round=n, totals=totals, unplayed=unplayed):
            # Translators: {rounds} is "3 rounds", {cards} is "4 cards".
            return _("The draw pile is used up, and that ends the match after {rounds}; the "
                     "{cards} still in hand are not played. Captured: {score}.").format(
                rounds=_rounds(n),
                cards=ngettext("{n} card", "{n} cards", unplayed).format(n=unplayed),
                score=_score(totals))
        case SuddenDeathDrawn(cards=(mine, theirs), deck_size=size):
            tied = _("The captured counts are tied, so it is sudden death: the whole deck of "
                     "{size} cards is reshuffled.").format(size=size)
            if voice().you(0):
                turned = _("You turn the top card, {card}; {name} turns the next, "
                           "{other}.").format(card=mine.said, name=_name(1), other=theirs.said)
            elif voice().you(1):
                turned = capital(_("{name} turns the top card, {card}; you turn the next, "
                                   "{other}.").format(
                    name=_name(0), card=mine.said, other=theirs.said))
            else:
                turned = capital(_("{name} turns the top card, {card}; {other_name} turns the "
                                   "next, {other}.").format(
                    name=_name(0), card=mine.said, other_name=_name(1), other=theirs.said))
            return f"{tied} {turned}"
        case MatchOver(ending="sudden-death", winner=w):
            if voice().you(w):
                return _("You win the sudden-death draw, and with it the match.")
            return capital(_("{name} wins the sudden-death draw, and with it the "
                             "match.").format(name=_name(w)))
        case MatchOver(winner=w, totals=totals):
            if voice().you(w):
                return _("You captured {mine} cards to {theirs}: you win the match.").format(
                    mine=totals[w], theirs=totals[1 - w])
            return capital(_("{name} captured {mine} cards to {theirs}: {name} wins the "
                             "match.").format(name=_name(w), mine=totals[w],
                                              theirs=totals[1 - w]))
    raise TypeError(f"not an Arsenal event: {event!r}")


def why_not(state: ArsenalState, action: object) -> str | None:
    """None if ``action`` is legal now, else the reason a player would be given."""
    due = decision(state)
    if due is None:
        if state.outcome:
            # Translators: {ended} says who won the match and how.
            return _("The match is over. {ended}").format(ended=explain(state.outcome.because))
        return _("The match is over.")
    if action in due.legal_actions:
        return None
    if not isinstance(action, str) or not action.startswith("play "):
        # Translators: {example} is a move as typed, such as 'play RK-SF'.
        return _("The only move is to play a card from the hand, such as {example}").format(
            example=repr(due.legal_actions[0]))
    code = action.removeprefix("play ")
    try:
        card = arsenal_card(code)
    except BadInput:
        return _("{code} is not an Arsenal card: write a kind and a suit code, such as "
                 "RK-SF").format(code=quoted(code))
    p = due.player
    if card in state.hands[p]:
        return _("Write the card exactly as 'play {code}' (capital letters, one space)").format(
            code=card.code)
    if card == state.lead:
        if voice().you(state.leader):
            return _("{card} is already on the table: you led it").format(card=card.said)
        return _("{card} is already on the table: {name} led it").format(
            card=card.said, name=_name(state.leader))
    played = any(card in r.cards for r in state.history)
    if voice().you(p):
        if played:
            return _("You do not hold {card}: it is already played").format(card=card.said)
        return _("You do not hold {card}: it is not in hand").format(card=card.said)
    if played:
        return capital(_("{name} does not hold {card}: it is already played").format(
            name=_name(p), card=card.said))
    return capital(_("{name} does not hold {card}: it is not in hand").format(
        name=_name(p), card=card.said))

