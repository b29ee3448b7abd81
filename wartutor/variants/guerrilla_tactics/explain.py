"""Guerrilla Tactics in plain words: the one place where its prose is made.

Events and refusals hold facts; these functions turn them into sentences for the
event log and for the greyed-out choices of the app.
"""

from __future__ import annotations

from wartutor.core.cards import RANK_NAMES, Card
from wartutor.core.engine import Event
from wartutor.core.errors import quoted
from wartutor.core.voice import voice
from wartutor.variants.guerrilla_tactics.events import (
    CancelsRevealed,
    Chose,
    Dealt,
    Drew,
    Eliminated,
    ForcesLost,
    GameOver,
    NoLoss,
    NoWinner,
    OnlyChoice,
    OwnSpy,
    Promoted,
    PromotionCancelled,
    PromotionProposed,
    ProposalsRevealed,
    Reshuffled,
    Revealed,
    SkirmishBegins,
    SpoilsTaken,
    SpyCaptured,
    SpyLost,
    Standing,
    Supported,
    TieBreak,
    TieLaid,
    TieStands,
)
from wartutor.variants.guerrilla_tactics.forces import GUERRILLA_STRENGTH, Force
from wartutor.variants.guerrilla_tactics.game import NAMES
from wartutor.variants.guerrilla_tactics.refusals import Refusal

RULE_TITLES = {
    # Sections of the rule text
    "GT-SETUP": "Setup (and ruling GT-SETUP: which suits)",
    "GT-SKIRMISH": "Skirmish",
    "GT-DRAW": "Skirmish, step 1: draw (and reshuffle)",
    "GT-PENALTY": "Support: the penalty",
    "GT-PLAY": "Skirmish, step 2: play",
    "GT-REVEAL-FIRST": "Spy cards: reveal first",
    "GT-EVALUATE": "Skirmish, step 3: evaluate",
    "GT-GUERRILLAS": "Guerrilla cards: all the same rank",
    "GT-SUPPORT": "Support",
    "GT-TIE": "Tie resolution",
    "GT-LOSS": "Loss of forces",
    "GT-SPOILS": "Spoils",
    "GT-SPY": "Spy cards",
    "GT-PROMOTION": "Guerrilla promotion",
    "GT-CANCEL": "Cancellation & recruitment",
    "GT-ELIM": "Elimination",
    "GT-WIN": "Winning the game",
    # Switchable rulings
    "GT-PLAYERS": "ruling GT-PLAYERS: number of players",
    "GT-ACE": "ruling GT-ACE: ace high or low",
    "GT-DRAW-UPTO": "ruling GT-DRAW-UPTO: draw up to two",
    "GT-PROMO-WHEN": "ruling GT-PROMO-WHEN: when promotions are proposed",
    "GT-PROMO-PLAYED": "ruling GT-PROMO-PLAYED: who has played a Guerrilla",
    "GT-RECRUIT-SHORT": "ruling GT-RECRUIT-SHORT: too few cards to recruit",
    "GT-TIE-DOWN": "ruling GT-TIE-DOWN: the face-down tie-break card",
    "GT-TIE-FROM-HAND": "ruling GT-TIE-FROM-HAND: which cards a tie-break uses",
    "GT-TIE-CANNOT-DRAW": "ruling GT-TIE-CANNOT-DRAW: no cards for a tie-break",
    "GT-TIE-PENALTY": "ruling GT-TIE-PENALTY: is the face-down card a support",
    "GT-INVOLVED": "ruling GT-INVOLVED: a face-down Guerrilla",
    "GT-LOSS-PICK": "ruling GT-LOSS-PICK: which cards are lost",
    "GT-SPOILS-SPLIT": "ruling GT-SPOILS-SPLIT: shared spoils",
    "GT-SPY-REMOVED": "ruling GT-SPY-REMOVED: a removed spy",
    "GT-REVEAL-FIRST-SCOPE": "ruling GT-REVEAL-FIRST-SCOPE: reveal first in tie-breaks",
    "GT-LIMIT": "ruling GT-LIMIT: the skirmish limit",
    "GT-DECLARE": "ruling GT-DECLARE: who is asked (everyone declares at once)",
    # Fixed rulings
    "GT-GUERRILLA-VS-OTHER": "ruling GT-GUERRILLA-VS-OTHER: Guerrillas are lowest",
    "GT-PAIR-ORDER": "ruling GT-PAIR-ORDER: a pair beats any single card",
    "GT-SUPPORT-IMPROVES": "ruling GT-SUPPORT-IMPROVES: what improves an outcome",
    "GT-REVEAL-ORDER": "ruling GT-REVEAL-ORDER: several spy captors",
    "GT-PROMO-ACCEPT": "ruling GT-PROMO-ACCEPT: accepted unless cancelled",
    "GT-PROMO-AT-MAX": "ruling GT-PROMO-AT-MAX: no promotion past 6",
    "GT-PROMO-ONCE": "ruling GT-PROMO-ONCE: one proposal per skirmish",
    "GT-MULTI-CANCEL": "ruling GT-MULTI-CANCEL: the first canceller recruits",
    "GT-CANCEL-CARD": "ruling GT-CANCEL-CARD: the revealed Guerrilla stays in hand",
    "GT-RECRUIT-WHICH": "ruling GT-RECRUIT-WHICH: recruits come off the top",
    "GT-ELIM-HAND": "ruling GT-ELIM-HAND: an eliminated player's hand",
    "GT-SPY-FACE-DOWN": "ruling GT-SPY-FACE-DOWN: face-down spies",
    "GT-NO-WINNER": "ruling GT-NO-WINNER: every tied player eliminated",
    "GT-ALL-OUT": "ruling GT-ALL-OUT: nobody left",
    "GT-ONE-CARD": "ruling GT-ONE-CARD: a single possible card",
}

ASKING = {
    "promote": "decide whether to propose a promotion",
    "cancel": "decide whether to cancel the proposed promotion",
    "play": "choose a card to play",
    "support": "decide whether to add support",
    "tie": "lay the tie-break cards",
}


# Small helpers for names, cards and numbers. The seats are named by the voice in force
# ("you" is the player looking; see core.voice), NAMES being the variant's own names.


# Why a tied or losing player may not support (GT-SUPPORT-IMPROVES): said with every
# "does not support", since who had such a card is hidden.
_SUPPORT_HELPS = ("A second card may be added only if it does better: from losing to a tie "
                  "or a win, or from a tie to a win.")


def _who(p: int) -> str:
    return voice().who(p, NAMES)


def _Who(p: int) -> str:
    return voice().who(p, NAMES, capital=True)


def _poss(p: int) -> str:
    return voice().whose(p, NAMES)


def _s(p: int, verb: str) -> str:
    """The verb agreeing with the player: 'you draw', 'Ana draws'."""
    return voice().verb(p, verb)


def _agree(ps: tuple[int, ...], verb: str) -> str:
    """The verb agreeing with a list of players: 'you and Ana have', 'Ana has'."""
    return verb if len(ps) > 1 else _s(ps[0], verb)


def _and(words: list[str]) -> str:
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]


def _players(ps: tuple[int, ...]) -> str:
    return _and([_who(p) for p in ps])


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _n(count: int, thing: str = "card") -> str:
    return f"{count} {thing}" if count == 1 else f"{count} {thing}s"


def _the(card: Card) -> str:
    return f"the {card}"


def _cards(cs: tuple[Card, ...]) -> str:
    return _and([_the(c) for c in cs])


def _plural(rank_name: str) -> str:
    return rank_name + ("es" if rank_name.endswith("x") else "s")


def _rank_word(level: int) -> str:
    if level == GUERRILLA_STRENGTH:
        return "Guerrilla"
    return "ace" if level in (0, 14) else RANK_NAMES[level - 2]


def _worth(f: Force) -> str:
    word = _rank_word(f[1])
    if f[0]:
        return f"a pair of {_plural(word)}"
    return ("an " if word[0] in "ae" else "a ") + word


def guerrilla_ranks(rank: int) -> str:
    """'the 2s', 'the 2s and 3s', ...: which cards are Guerrillas now."""
    return "the " + _and([f"{r}s" for r in range(2, rank + 1)])


# Events


def explain(event: Event) -> str:
    """One or two sentences saying what happened and why."""
    match event:
        case Dealt(stacked=False, suits=suits, pile_sizes=sizes, seed=seed):
            who = _and([f"{_who(p)} the {_and([SUIT_WORDS[s] for s in ss])} ({sizes[p]} cards)"
                        for p, ss in enumerate(suits)])
            shuffled = voice().seed_note(seed)
            return (f"Each player shuffles their own cards into a draw pile{shuffled}: {who}. "
                    f"The Guerrilla rank starts at 2, so the 2s are the Guerrillas.")
        case Dealt(stacked=True, pile_sizes=sizes):
            who = _and([f"{_who(p)} {sizes[p]}" for p in range(len(sizes))])
            return (f"A stacked deal, top cards in a set order: {who} cards. "
                    f"The Guerrilla rank starts at 2, so the 2s are the Guerrillas.")
        case SkirmishBegins(skirmish=n, guerrilla_rank=rank):
            return f"Skirmish {n} begins. Guerrillas now: {guerrilla_ranks(rank)}."
        case Reshuffled(player=p, cards=count):
            return (f"{_cap(_poss(p))} draw pile is empty, so {_who(p)} {_s(p, 'shuffle')} the "
                    f"{_n(count)} of the discard pile into a new draw pile.")
        case Drew():
            return _drew(event)
        case Eliminated(player=p, in_hand=hand, rule=rule):
            if rule == "GT-TIE-CANNOT-DRAW":
                return (f"{_Who(p)} cannot draw a single card for the tie-break, so {_who(p)} "
                        f"{_s(p, 'are')} eliminated; cards already on the table stay in the "
                        f"skirmish." + _hand_removed(p, hand))
            return (f"{_Who(p)} must draw but {_s(p, 'have')} no draw pile and no discard pile "
                    f"left: {_who(p)} {_s(p, 'are')} eliminated." + _hand_removed(p, hand))
        case PromotionProposed(player=p, rank=rank):
            return (f"{_Who(p)} {_s(p, 'propose')} raising the Guerrilla rank from {rank} to "
                    f"{rank + 1}: every player has played a Guerrilla, and {_who(p)} "
                    f"{_s(p, 'hold')} none.")
        case Promoted(rank=rank):
            return (f"Nobody cancels, so the promotion is accepted: the Guerrilla rank is now "
                    f"{rank}, and {guerrilla_ranks(rank)} are Guerrillas.")
        case PromotionCancelled():
            return _cancelled(event)
        case ProposalsRevealed():
            return _proposals(event)
        case CancelsRevealed():
            return _cancels(event)
        case Chose(player=p, stage="promote" | "cancel"):
            return (f"{_Who(p)} {_s(p, 'have')} declared; every declaration stays hidden until "
                    f"all are in.")
        case Chose(player=p, stage=stage):
            return {
                "play": f"{_Who(p)} {_s(p, 'have')} chosen a card; it stays hidden until all "
                        f"are ready.",
                "tie": f"{_Who(p)} {_s(p, 'have')} chosen how to lay the tie-break cards.",
            }[stage]
        case OnlyChoice(player=p, stage="play"):
            return (f"{_Who(p)} {_s(p, 'hold')} a single card, so it is played without "
                    f"asking.")
        case OnlyChoice(player=p):
            return (f"{_Who(p)} {_s(p, 'have')} a single card for the tie-break, so it goes "
                    f"face up without asking.")
        case Revealed(plays=plays, first=True):
            captors = _cap(_players(tuple(p for p, _ in plays)))
            return (f"{captors} captured a spy last skirmish, so {_plays(plays)} first. "
                    f"The others choose now, knowing it.")
        case Revealed(plays=plays):
            return f"The cards are revealed: {_plays(plays)}."
        case Standing():
            return _standing(event)
        case Supported(supports=(), declined=declined, best=best):
            stands = (f"{_who(best[0])} {_s(best[0], 'win')} the skirmish" if len(best) == 1
                      else f"{_players(best)} stay tied")
            return (f"{_cap(_players(declined))} {_agree(declined, 'do')} not support, so "
                    f"{stands}. {_SUPPORT_HELPS}")
        case Supported(supports=supports, declined=declined):
            added = _and([f"{_who(p)} {_s(p, 'add')} {_the(c)}" for p, c in supports])
            no = (f" {_cap(_players(declined))} {_agree(declined, 'do')} not support. "
                  f"{_SUPPORT_HELPS}" if declined else "")
            return (f"Support: {added}. Whoever supports draws one card fewer at the next "
                    f"draw.{no}")
        case TieBreak(tie_round=r, players=ps):
            return (f"{_cap(_players(ps))} are tied for best: tie-break {r}. Each draws two "
                    f"cards and lays one face down and one face up; the face-up cards decide.")
        case TieStands(short=short):
            return (f"{_cap(_players(short))} cannot draw two cards, so no tie-break is played: "
                    f"the tie stands and the tied players share the spoils.")
        case TieLaid():
            return _tie_laid(event)
        case ForcesLost(used=used, pick=pick):
            how = "chosen at random" if pick == "random" else "the lowest cards first"
            gs = _cards_and_hidden(event.guerrillas, event.hidden_guerrillas)
            removed = _cards_and_hidden(event.removed, event.hidden_removed)
            count = len(event.removed) + event.hidden_removed
            return (f"Loss of forces: a Guerrilla was involved ({gs}), so half of the "
                    f"{used} cards used, {count}, go face down to the removed pile, "
                    f"{how}: {removed}.")
        case NoLoss(used=used):
            return f"No Guerrilla was involved, so none of the {_n(used)} used is lost."
        case SpoilsTaken(shares=((p, cards),)):
            return (f"Spoils: {_who(p)} {_s(p, 'take')} the {_n(len(cards), 'remaining card')} "
                    f"into {_poss(p)} discard pile.")
        case SpoilsTaken(shares=shares, odd_removed=odd):
            split = _and([f"{_n(len(cs))} to {_who(p)}" for p, cs in shares])
            are = "is" if len(odd) == 1 else "are"
            rest = (f" {_cap(_cards(odd))} left over cannot be shared and {are} removed."
                    if odd else "")
            return f"Shared spoils, dealt round the winners in seat order: {split}.{rest}"
        case NoWinner(cards=cards):
            return (f"Every tied player was eliminated, so nobody wins the skirmish: its "
                    f"{_n(len(cards), 'remaining card')} go to the removed pile.")
        case SpyCaptured(player=p, spies=spies, rule=rule):
            gone = " It was removed, but the capture stands." if rule == "GT-SPY-REMOVED" else ""
            return (f"{_Who(p)} won a skirmish in which an opponent revealed a spy "
                    f"({_cards(spies)}), so {_who(p)} must reveal first next skirmish.{gone}")
        case SpyLost(player=p, spies=spies):
            return (f"{_Who(p)} won against a spy ({_cards(spies)}), but it was removed, so "
                    f"{_who(p)} need not reveal first.")
        case OwnSpy(player=p):
            return (f"{_Who(p)} won, but the only spy revealed was {_poss(p)} own: that "
                    f"captures nothing.")
        case GameOver(ending="last-standing", winners=(p,)):
            return (f"{_Who(p)} {_s(p, 'are')} the last player remaining: {_who(p)} "
                    f"{_s(p, 'win')} the game.")
        case GameOver(ending="all-out"):
            return "The last players were eliminated together: nobody remains, so it is a draw."
        case GameOver(ending="limit", skirmish=n):
            return f"{n} skirmishes without a winner: the game is stopped as a draw."
    raise TypeError(f"not a Guerrilla Tactics event: {event!r}")


SUIT_WORDS = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}


def _hand_removed(p: int, count: int) -> str:
    """The hand is removed unseen (GT-ELIM-HAND): its cards are counted, never named."""
    if not count:
        return ""
    goes = "goes" if count == 1 else "go"
    return f" {_cap(_poss(p))} {_n(count)} in hand {goes} to the removed pile."


def _cards_and_hidden(named: tuple[Card, ...], hidden: int) -> str:
    """'the two of spades and 2 cards laid face down': face-down cards are never named."""
    down = [] if not hidden else ["a card laid face down" if hidden == 1
                                  else f"{hidden} cards laid face down"]
    return _and([_the(c) for c in named] + down)


def _drew(event: Drew) -> str:
    p, got, wanted = event.player, event.drawn, event.wanted
    if event.tie_round:
        if got == wanted:
            return f"For the tie-break, {_who(p)} {_s(p, 'draw')} two cards."
        return f"For the tie-break, {_who(p)} can draw only {_n(got)} of two."
    why = (f"{_who(p)} supported last skirmish, so {_who(p)} {_s(p, 'draw')} only one card"
           if event.rule == "GT-PENALTY" else f"{_who(p)} {_s(p, 'draw')} {_n(wanted)}")
    short = f", but only {got} could be drawn" if got < wanted else ""
    return f"{_cap(why)}{short}; {_who(p)} now {_s(p, 'hold')} {_n(event.hand)}."


def _cancelled(event: PromotionCancelled) -> str:
    c, p = event.canceller, event.proposer
    text = (f"{_Who(c)} {_s(c, 'cancel')} the promotion by showing {_the(event.card)}, and "
            f"{_s(c, 'recruit')} as many cards as the Guerrilla rank ({event.wanted}) from "
            f"{_poss(p)} draw pile into {_poss(c)} discard pile")
    if event.recruited < event.wanted:
        return f"{text}; {_poss(p)} draw pile held only {event.recruited}."
    return f"{text}."


# Under GT-DECLARE 'everyone' every player still in is asked, even one who may only pass,
# and the declarations are turned up together.
DECLARE = "Everyone declares at once, and the declarations are revealed together: "


def _proposals(event: ProposalsRevealed) -> str:
    ps, passed = event.proposers, event.passed
    if not ps:
        return (f"{DECLARE}{_players(passed)} {_agree(passed, 'pass')}, so nobody proposes a "
                f"promotion.")
    said = f"{_players(ps)} {_agree(ps, 'propose')} a promotion"
    if passed:
        said += f", {_players(passed)} {_agree(passed, 'pass')}"
    first = ""
    if len(ps) > 1:
        first = (f" Only one proposal is made before a skirmish: {_who(ps[0])}, first in seat "
                 f"order, {_s(ps[0], 'are')} the proposer.")
    return (f"{DECLARE}{said}.{first} Every other player now declares at once whether to "
            f"cancel it or allow it.")


def _cancels(event: CancelsRevealed) -> str:
    cancels, allowed = event.cancels, event.allowed
    if not cancels:
        return f"{DECLARE}{_players(allowed)} {_agree(allowed, 'allow')} the promotion."
    said = _and([f"{_who(p)} {_s(p, 'cancel')} with {_the(c)}" for p, c in cancels])
    if allowed:
        said += f"; {_players(allowed)} {_agree(allowed, 'allow')} it"
    if len(cancels) == 1:
        return f"{DECLARE}{said}."
    first = cancels[0][0]
    return (f"{DECLARE}{said}. Each Guerrilla shown stays in its owner's hand, seen by "
            f"everyone; {_who(first)}, first in seat order after {_who(event.proposer)}, "
            f"{_s(first, 'recruit')}.")


def _plays(plays: tuple[tuple[int, Card], ...]) -> str:
    return _and([f"{_who(p)} {_s(p, 'reveal')} {_the(c)}" for p, c in plays])


def _standing(event: Standing) -> str:
    forces = dict(event.forces)
    shown = _and([f"{_who(p)} {_s(p, 'have')} {_worth(forces[p])}" for p, _ in event.cards])
    where = "After the supports" if event.after_support else (
        f"Tie-break {event.tie_round}" if event.tie_round else f"Skirmish {event.skirmish}")
    best = event.best
    if len(best) == 1:
        p = best[0]
        lead = "win" if event.after_support or event.tie_round else "lead"
        result = f"{_who(p)} {_s(p, lead)}"
    else:
        result = f"{_players(best)} are tied"
    why = {
        "GT-PAIR-ORDER": "A pair beats any single card, a higher pair beats a lower one, "
                         "and equal pairs tie.",
        "GT-GUERRILLAS": "All Guerrillas count as the same rank.",
        "GT-TIE-DOWN": "Only the face-up cards count; the face-down ones are at stake.",
        "GT-EVALUATE": "The highest card wins; Guerrillas are lower than every other card.",
    }[event.rule]
    if any(len(cards) == 2 for _, cards in event.cards) and event.tie_round:
        why = "A face-down card that matches the face-up one is turned up and makes a pair."
    return f"{where}: {shown}, so {result}. {why}"


def _tie_laid(event: TieLaid) -> str:
    ups = _and([f"{_who(p)} {_the(c)}" for p, c in event.up])
    text = f"Tie-break {event.tie_round}, face up: {ups}."
    downs = tuple(p for p, count in event.down if count)
    if downs:
        text += f" {_cap(_players(downs))} also laid a card face down."
    for p, c in event.turned:
        text += f" {_cap(_poss(p))} face-down card, {_the(c)}, is turned up: it makes a pair."
    if event.rule == "GT-TIE-PENALTY" and downs:
        text += " The face-down card counts as a support: one card fewer at the next draw."
    return text


# Refusals: why a choice is not allowed (the app greys it out with these words).


def refusal_text(r: Refusal) -> str:
    p = r.player
    you, card = _Who(p), (_the(r.card) if r.card else "")
    now = f"Now {_who(p)} must {ASKING.get(r.asked_kind, 'wait')}"
    match r.reason:
        case "unknown":
            return f"{quoted(r.action)} is not a Guerrilla Tactics action. {now}."
        case "at-max":
            return "The Guerrilla rank is already 6, the highest it can go."
        case "not-all-played":
            return (f"A promotion needs every player to have played a Guerrilla first, and "
                    f"{_players(r.players)} {_agree(r.players, 'have')} not yet.")
        case "holds-guerrilla":
            return (f"{you} may not propose a promotion while holding a Guerrilla "
                    f"({_cards(r.cards)}).")
        case "not-now" if r.action.startswith("support"):
            # "You" here is anyone: the rule, as the rule text words it.
            return (f"You may only support when you are tied or losing, after the cards are "
                    f"revealed. {now}.")
        case "not-now" if r.action.startswith("propose"):
            return f"A promotion may only be proposed before a skirmish. {now}."
        case "not-now" if r.action.startswith("cancel"):
            return f"There is no promotion to cancel. {now}."
        case "not-now":
            return f"{now}."
        case "no-card":
            return f"{quoted(r.action)} does not name cards such as 9H or KD."
        case "not-held":
            return f"{you} {_s(p, 'do')} not hold {card}."
        case "not-a-guerrilla":
            return (f"Only a Guerrilla cancels a promotion, and {card} is not one: the "
                    f"Guerrillas are {guerrilla_ranks(r.number)}.")
        case "support-no-better":
            return (f"Supporting with {card} would not help: a support must take "
                    f"{_who(p)} from losing to a tie or a win, or from a tie to a win.")
        case "tie-not-drawn":
            return f"The tie-break cards must be the ones just drawn: {_cards(r.cards)}."
        case "tie-same-card":
            return f"{_cap(card)} cannot lie face up and face down at once."
        case "tie-needs-down":
            return "Lay one card face down as well, as in 'up 9H down 3C'."
    return f"{quoted(r.action)} is not a legal choice now. {now}."
