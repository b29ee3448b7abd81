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

from wartutor.core.cards import RANK_CODES, SUIT_NAMES, Card
from wartutor.core.engine import Event
from wartutor.core.errors import BadInput, quoted
from wartutor.core.rulings import rulings_of
from wartutor.core.voice import voice
from wartutor.language import N_, _, capital, ngettext, pgettext
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
    "TW-DEAL": N_("the deal: seven cards each, the rest in the centre"),
    "TW-GUESS": N_("the instigator guesses a card in another player's hand"),
    "TW-BATTLE": N_("the battle: the highest card wins all cards in play"),
    "TW-CONTINUE": N_("a right guess and a won battle: guess again"),
    "TW-HAND-LIMIT": N_("seven cards in hand; the rest are resource piles"),
    "TW-MISS": N_("a wrong guess ends the turn"),
    "TW-DEFENCE": N_("a defender who plays higher collects and ends the turn"),
    "TW-SWAP": N_("swapping hand and resource cards, only at the start of your turn"),
    "TW-CENTER-DRAW": N_("short of resources: draw one card from the centre"),
    "TW-THREE-WINS": N_("three battles won in a row: take a card, end the turn"),
    "TW-END-GAME": N_("the game ends when the centre is empty; most resources wins"),
    "TW-MUELLER": N_("the Mueller joker beats face cards, loses to numbers"),
    "TW-PUTIN-KILL": N_("the Putin joker assassinates a card, out of turn"),
    "TW-DOUBLES": N_("doubles: both go down; only doubles beat doubles"),
    # Rulings (switchable).
    # Translators: a ruling's title; a translation may leave out the id (TW-...), whose
    # English words would read as English in the middle of a translated title.
    "TW-PLAYERS": N_("ruling TW-PLAYERS: number of players"),
    "TW-FIRST": N_("ruling TW-FIRST: the first player"),
    "TW-REFILL": N_("ruling TW-REFILL: refilling the hand"),
    "TW-ASK-HOLD": N_("ruling TW-ASK-HOLD: must you hold the rank you ask for"),
    "TW-TRIPLES": N_("ruling TW-TRIPLES: three or four of the asked rank"),
    "TW-STAKE-DOUBLES": N_("ruling TW-STAKE-DOUBLES: laid doubles as the defender's play"),
    "TW-BATTLE-PLAY": N_("ruling TW-BATTLE-PLAY: free or forced highest card"),
    "TW-RANKS": N_("ruling TW-RANKS: ace high or low"),
    "TW-MUELLER-ACE": N_("ruling TW-MUELLER-ACE: Mueller against the ace"),
    "TW-MUELLER-DOUBLES": N_("ruling TW-MUELLER-DOUBLES: Mueller against face doubles"),
    "TW-BATTLE-TIE": N_("ruling TW-BATTLE-TIE: equal cards in a battle"),
    "TW-PUTIN": N_("ruling TW-PUTIN: what Putin may assassinate"),
    "TW-WINNINGS": N_("ruling TW-WINNINGS: where won cards go"),
    "TW-STREAK": N_("ruling TW-STREAK: counting three wins in a row"),
    "TW-REWARD-DEST": N_("ruling TW-REWARD-DEST: where the reward card goes"),
    "TW-TURN-ORDER": N_("ruling TW-TURN-ORDER: who instigates next"),
    "TW-END": N_("ruling TW-END: the centre empties mid-turn"),
    "TW-TIE": N_("ruling TW-TIE: a tie for the most resources"),
    "TW-LIMIT": N_("ruling TW-LIMIT: the turn limit"),
    "TW-PUTIN-WHO": N_("ruling TW-PUTIN-WHO: who is asked at Putin's moment"),
    # Fixed rulings.
    "TW-DECK": N_("ruling TW-DECK: 52 cards and two jokers"),
    "TW-ASK": N_("ruling TW-ASK: a guess names a player and a rank"),
    "TW-ASK-JOKER": N_("ruling TW-ASK-JOKER: no asking for jokers"),
    "TW-DOUBLES-FACE": N_("ruling TW-DOUBLES-FACE: any rank makes doubles"),
    "TW-PLAY-SIZE": N_("ruling TW-PLAY-SIZE: a play is one card or doubles"),
    "TW-PUTIN-BATTLE": N_("ruling TW-PUTIN-BATTLE: Putin never battles"),
    "TW-EMPTY-HAND": N_("ruling TW-EMPTY-HAND: no battle card left"),
    "TW-OWN-PILE": N_("ruling TW-OWN-PILE: you may look at your own pile"),
    "TW-SWAP-ONCE": N_("ruling TW-SWAP-ONCE: one card for one, once a turn"),
    "TW-DRAW-WHEN": N_("ruling TW-DRAW-WHEN: when the centre draw is allowed"),
    "TW-REWARD-PICK": N_("ruling TW-REWARD-PICK: choosing the reward"),
    "TW-STALL": N_("ruling TW-STALL: nobody can ask"),
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
# out of the game. They are words, so they are said in the language in force (a teacher's
# own names are shown as typed).
# Translators: the name of the joker that beats the face cards and loses to the numbers.
REBEL = N_("Rebel")
# Translators: the name of the joker that knocks a card out of the game.
ERASER = N_("Eraser")
NEUTRAL_NAMES = JokerNames(REBEL, ERASER)
_NAMING: ContextVar[JokerNames] = ContextVar("wartutor_joker_names", default=TEXT_NAMES)
# The translations keep the names Mueller and Putin as they are, so the names in force
# replace them in every language; the English verb is made gentle here, and the other
# languages say a gentle verb in every case.
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


def _shown(name: str) -> str:
    """A joker's name as shown: the app's own names in the language in force."""
    return _(name) if name in (REBEL, ERASER) else name


def joker_word(joker: Joker) -> str:
    """A joker's name in force: "Mueller" in the text's words, "Rebel" in the app's."""
    names = _NAMING.get()
    return _shown(names.mueller if joker.code == "MJ" else names.putin)


def worded(text: str) -> str:
    """``text`` (in the rule text's words) with the jokers' names and verb in force."""
    names = _NAMING.get()
    if names == TEXT_NAMES:
        return text

    def word(found: re.Match[str]) -> str:
        said = found.group(1)
        if said == "Mueller":
            return _shown(names.mueller)
        if said == "Putin":
            return _shown(names.putin)
        if not names.gentle:
            return said
        gentle = _GENTLE[said.lower()]
        return gentle[0].upper() + gentle[1:] if said[0] == "A" else gentle

    return _TEXT_WORDS.sub(word, text)


class _WordedTitles(dict[str, str]):
    """The rule titles in the language and the joker names in force (iterated, the ids)."""

    def __getitem__(self, rule: str) -> str:
        return worded(_(super().__getitem__(rule)))

    def get(self, rule: str, default: str | None = None) -> str | None:  # type: ignore[override]
        if rule not in self:
            return default
        return self[rule]

    def values(self) -> list[str]:  # type: ignore[override]
        return [self[rule] for rule in self]

    def items(self) -> list[tuple[str, str]]:  # type: ignore[override]
        return [(rule, self[rule]) for rule in self]


RULE_TITLES = _WordedTitles(_TEXT_TITLES)


def name(player: int) -> str:
    """The seat's own name in English (the game's player names are these, capitalised)."""
    return "you" if player == 0 else f"Computer {player}"


# The own names of every seat the rulings allow: the voice's default, said in the
# language in force (seat 0 is "you", or "Player 1" to another seat).
_NAMES = ("you", N_("Computer 1"), N_("Computer 2"), N_("Computer 3"), N_("Computer 4"))
assert tuple(name(p) for p in range(max(rulings_of(TradeRules)["players"].choices))) == _NAMES


def _you(player: int) -> bool:
    return voice().you(player)


def _name(player: int) -> str:
    """The seat's name in the third person (see core.voice)."""
    return voice().name(player, _NAMES)


def _either(player: int, you: str, other: str, **fields: object) -> str:
    """Of two wordings, already in the language in force, the one for ``player``: ``you``
    to the player looking, else ``other``, which names the player as {name}."""
    if _you(player):
        return you.format(**fields)
    return other.format(name=_name(player), **fields)


def _said(player: int, you: str, other: str, **fields: object) -> str:
    """:func:`_either` for a whole sentence, which opens on a capital."""
    return capital(_either(player, you, other, **fields))


def count(n: int) -> str:
    """'1 card', '5 cards'."""
    return ngettext("{n} card", "{n} cards", n).format(n=n)


# Each rank said with its article, so each language gives every card its own ("la
# reina", "el rey"; "einer Dame", "einem König").
_A_RANK = (
    N_("a two"), N_("a three"), N_("a four"), N_("a five"), N_("a six"), N_("a seven"),
    N_("an eight"), N_("a nine"), N_("a ten"), N_("a jack"), N_("a queen"), N_("a king"),
    N_("an ace"),
)  # fmt: skip
_THE_CARD = (
    N_("the two of {suit}"), N_("the three of {suit}"), N_("the four of {suit}"),
    N_("the five of {suit}"), N_("the six of {suit}"), N_("the seven of {suit}"),
    N_("the eight of {suit}"), N_("the nine of {suit}"), N_("the ten of {suit}"),
    N_("the jack of {suit}"), N_("the queen of {suit}"), N_("the king of {suit}"),
    N_("the ace of {suit}"),
)  # fmt: skip
_TWO_OF_A_RANK = (
    N_("two twos ({cards})"), N_("two threes ({cards})"), N_("two fours ({cards})"),
    N_("two fives ({cards})"), N_("two sixes ({cards})"), N_("two sevens ({cards})"),
    N_("two eights ({cards})"), N_("two nines ({cards})"), N_("two tens ({cards})"),
    N_("two jacks ({cards})"), N_("two queens ({cards})"), N_("two kings ({cards})"),
    N_("two aces ({cards})"),
)  # fmt: skip


def rank_word(rank: int) -> str:
    """'a seven', 'an ace': a rank asked for."""
    return _(_A_RANK[rank - 2])


def card_words(cards: Cards) -> str:
    """'the king of diamonds', or 'two threes (3H 3D)' for doubles ('(3♥ 3♦)' in a
    student's plain words)."""
    if len(cards) == 2 and all(isinstance(c, Card) for c in cards):
        first = cards[0]
        assert isinstance(first, Card)
        shown = " ".join(c.symbol if voice().plain else c.code for c in cards)
        return _(_TWO_OF_A_RANK[first.rank - 2]).format(cards=shown)
    return and_list([the_card(c) for c in cards])


def and_list(words: list[str]) -> str:
    """'a and b' ('a and b and c') in the language in force."""
    said = words[0] if words else ""
    for word in words[1:]:
        # Translators: two cards or players, "the ace of spades and the Mueller joker".
        said = _("{first} and {last}").format(first=said, last=word)
    return said


def the_card(c: TradeCard) -> str:
    """A card named in a sentence: 'the king of diamonds', 'the Mueller joker'."""
    if isinstance(c, Card):
        # Translators: the suit comes from the card names ("hearts"); the English sentences
        # name a card with "the", and the translations place it where its article can stay
        # as it is here (after a verb or a colon).
        return _(_THE_CARD[c.rank - 2]).format(suit=_(SUIT_NAMES[c.suit]))
    # Translators: a joker named in a sentence; {joker} is Mueller or Putin, kept as it is.
    return _("the {joker} joker").format(joker=c.name)


WHY_BATTLE = {
    "higher": N_("the higher rank wins"),
    "doubles": N_("doubles can only be beaten by doubles"),
    "higher-doubles": N_("between doubles the higher rank wins"),
    "mueller-face": N_("the Mueller joker beats the face cards"),
    "number-mueller": N_("the Mueller joker loses to the number cards"),
    "mueller-doubles": N_("by ruling, the Mueller joker beats even doubles of face cards"),
    "tie": N_("the plays are equal, and the instigator wins only with a higher card"),
    "no-card": N_("the other side has no card in the battle"),
}

WHY_TURN_ENDED = {
    "miss": N_("a wrong guess ends the turn"),
    "lost": N_("a lost battle ends the instigator's turn"),
    "reward": N_("three wins in a row end the turn"),
    "no-battle-card": N_("there is no card left to battle with"),
    "nobody-to-ask": N_("no other player holds a card to ask for"),
}

# Why a seat is the instigator.
WHY_INSTIGATOR = {
    "first": N_("chosen to go first"),
    "clockwise": N_("next clockwise"),
    "defender": N_("the player who ended the last turn"),
}


def explain(event: Event) -> str:
    """One or two sentences saying what happened and why."""
    return worded(_explain(event))


def _explain(event: Event) -> str:
    match event:
        case Dealt():
            return _dealt(event)
        case TurnStarted(turn=turn, player=p, after=after, may_draw=may_draw):
            started = _said(p, _("Turn {turn}: you ({why}) are the instigator."),
                            _("Turn {turn}: {name} ({why}) is the instigator."),
                            turn=turn, why=_(WHY_INSTIGATOR[after]))
            if not may_draw:
                return started
            return started + " " + _("Hand and resource pile hold fewer than seven cards "
                                     "together, so one card may be drawn from the centre.")
        case Took(player=p, cards=cards, automatic=True):
            n = len(cards)
            return _said(
                p,
                ngettext("You refill the hand with the only card of the resource pile ({cards}): "
                         "no more than the hand needs.",
                         "You refill the hand with all {n} cards of the resource pile ({cards}): "
                         "no more than the hand needs.", n),
                ngettext("{name} refills the hand with the only card of the resource pile "
                         "({cards}): no more than the hand needs.",
                         "{name} refills the hand with all {n} cards of the resource pile "
                         "({cards}): no more than the hand needs.", n),
                n=n, cards=trade_list(cards))
        case Took(player=p, cards=cards):
            return _said(p, _("You take {cards} from the resource pile into the hand."),
                         _("{name} takes {cards} from the resource pile into the hand."),
                         cards=trade_list(cards))
        case Swapped(player=p, out=out, into=into):
            return _said(p, _("You swap {out} from the hand for {into} from the resource pile."),
                         _("{name} swaps {out} from the hand for {into} from the resource pile."),
                         out=the_card(out), into=the_card(into))
        case Drew(player=p, card=c, center_left=left):
            return _said(p, ngettext("You draw {card} from the centre; {n} card left there.",
                                     "You draw {card} from the centre; {n} cards left there.",
                                     left),
                         ngettext("{name} draws {card} from the centre; {n} card left there.",
                                  "{name} draws {card} from the centre; {n} cards left there.",
                                  left),
                         card=the_card(c), n=left)
        case Asked(player=p, target=t, rank=rank, held=held):
            rank_said = rank_word(rank)
            if _you(p):
                asked = _("You ask {target} for {rank}.").format(target=_name(t), rank=rank_said)
            elif _you(t):
                asked = _("{name} asks you for {rank}.").format(name=_name(p), rank=rank_said)
            else:
                asked = _("{name} asks {target} for {rank}.").format(
                    name=_name(p), target=_name(t), rank=rank_said)
            if held:
                return capital(asked)
            return capital(asked) + " " + _said(t, _("You have none."), _("{name} has none."))
        case StakeLaid(player=p, cards=cards, held=held):
            if held == 1:
                return _said(p, _("You lay {cards} face up as the stake."),
                             _("{name} lays {cards} face up as the stake."),
                             cards=card_words(cards))
            if held == len(cards):
                return _said(p, _("You hold {n} cards of that rank, so all go face up as the "
                                  "stake: {cards}."),
                             _("{name} holds {n} cards of that rank, so all go face up as the "
                               "stake: {cards}."),
                             n=held, cards=trade_list(cards))
            return _said(p, _("You hold {n} cards of that rank, so two (ruling TW-TRIPLES) go "
                              "face up as the stake: {cards}."),
                         _("{name} holds {n} cards of that rank, so two (ruling TW-TRIPLES) go "
                           "face up as the stake: {cards}."),
                         n=held, cards=trade_list(cards))
        case Played(player=p, cards=cards, attacking=attacking, how=how):
            return _played(p, card_words(cards), attacking, how)
        case Declared(player=p):
            return _said(p, _("You declare at Putin's moment, in secret: by ruling TW-PUTIN-WHO "
                              "everyone declares, and all are shown together."),
                         _("{name} declares at Putin's moment, in secret: by ruling TW-PUTIN-WHO "
                           "everyone declares, and all are shown together."))
        case AllDeclared(striker=None):
            return _("Everyone has declared, and all are shown at once (ruling TW-PUTIN-WHO): "
                     "all pass, so nobody plays the Putin joker.")
        case AllDeclared(striker=int(p)):
            return _said(p, _("Everyone has declared, and all are shown at once (ruling "
                              "TW-PUTIN-WHO): you strike with the Putin joker; the others pass."),
                         _("Everyone has declared, and all are shown at once (ruling "
                           "TW-PUTIN-WHO): {name} strikes with the Putin joker; the others "
                           "pass."))
        case Assassinated(player=p, card=c, owner=o, where=where, center_size=size):
            return _assassinated(p, the_card(c), o, where) + " " + ngettext(
                "It leaves the game; Putin is shuffled back into the centre ({n} card).",
                "It leaves the game; Putin is shuffled back into the centre ({n} cards).",
                size).format(n=size)
        case BattleDecided(winner=w, loser=lost, why=why):
            reason = _(WHY_BATTLE[why])
            if _you(w):
                won = _("You win the battle against {loser}: {why}.").format(
                    loser=_name(lost), why=reason)
            elif _you(lost):
                won = _("{name} wins the battle against you: {why}.").format(
                    name=_name(w), why=reason)
            else:
                won = _("{name} wins the battle against {loser}: {why}.").format(
                    name=_name(w), loser=_name(lost), why=reason)
            return capital(won)
        case TiedAgain():
            return _("A tie: by ruling TW-BATTLE-TIE both play again, and the winner takes "
                     "everything.")
        case Collected(player=p, cards=cards, to_hand=to_hand):
            n = len(cards)
            if to_hand:
                return _said(
                    p,
                    ngettext("You collect {n} card, {to_hand} to the hand and the rest to the "
                             "resource pile.",
                             "You collect {n} cards, {to_hand} to the hand and the rest to the "
                             "resource pile.", n),
                    ngettext("{name} collects {n} card, {to_hand} to the hand and the rest to "
                             "the resource pile.",
                             "{name} collects {n} cards, {to_hand} to the hand and the rest to "
                             "the resource pile.", n),
                    n=n, to_hand=to_hand)
            return _said(p, ngettext("You collect {n} card, face down onto the resource pile.",
                                     "You collect {n} cards, face down onto the resource pile.",
                                     n),
                         ngettext("{name} collects {n} card, face down onto the resource pile.",
                                  "{name} collects {n} cards, face down onto the resource pile.",
                                  n),
                         n=n)
        case WonInARow(player=p, count=n, rule="TW-CONTINUE", within_turn=within_turn):
            if within_turn:
                return _said(
                    p,
                    ngettext("A right guess and a won battle, so you may guess again ({n} "
                             "battle won in a row this turn; three earn a reward).",
                             "A right guess and a won battle, so you may guess again ({n} "
                             "battles won in a row this turn; three earn a reward).", n),
                    ngettext("A right guess and a won battle, so {name} may guess again ({n} "
                             "battle won in a row this turn; three earn a reward).",
                             "A right guess and a won battle, so {name} may guess again ({n} "
                             "battles won in a row this turn; three earn a reward).", n),
                    n=n)
            return _said(
                p,
                ngettext("A right guess and a won battle, so you may guess again ({n} battle "
                         "won in a row; three earn a reward).",
                         "A right guess and a won battle, so you may guess again ({n} battles "
                         "won in a row; three earn a reward).", n),
                ngettext("A right guess and a won battle, so {name} may guess again ({n} battle "
                         "won in a row; three earn a reward).",
                         "A right guess and a won battle, so {name} may guess again ({n} battles "
                         "won in a row; three earn a reward).", n),
                n=n)
        case WonInARow(player=p):
            return _said(p, _("Three battles won in a row: you earn a reward card."),
                         _("Three battles won in a row: {name} earns a reward card."))
        case Rewarded(player=p, card=None):
            return _said(p, _("There is no card anywhere for your reward."),
                         _("There is no card anywhere for {name}'s reward."))
        case Rewarded(player=p, source=source, victim=v, card=Card() | Joker() as c,
                      to_hand=to_hand):
            # Translators: where a reward card goes, after "into" (the sentence is
            # "{name} takes {card} from {where}, into {into}."): a translation may give it
            # its own preposition, and leave that out of the sentence.
            dest = (_either(p, pgettext("reward into", "your hand"),
                            pgettext("reward into", "{name}'s hand")) if to_hand else
                    _either(p, pgettext("reward into", "your resource pile"),
                            pgettext("reward into", "{name}'s resource pile")))
            return _said(p, _("You take {card} from {where}, into {into}."),
                         _("{name} takes {card} from {where}, into {into}."),
                         card=the_card(c), where=_reward_from(v, source), into=dest)
        case TurnEnded(player=p, why=why):
            return _said(p, _("Your turn ends: {why}."), _("{name}'s turn ends: {why}."),
                         why=_(WHY_TURN_ENDED[why]))
        case GameOver():
            return _game_over(event)
    raise TypeError(f"not a Trade War event: {event!r}")


def _dealt(event: Dealt) -> str:
    hands = event.hand_sizes
    if len(set(hands)) == 1:
        dealt = ngettext("{n} card in each hand of {players} players",
                         "{n} cards in each hand of {players} players",
                         hands[0]).format(n=hands[0], players=len(hands))
    else:
        # Translators: the hands of a deal, each with its holder: "7 cards (yours)".
        dealt = _("hands of {list}").format(list=", ".join(
            _either(p, _("{cards} (yours)"), _("{cards} ({name})"), cards=count(n))
            for p, n in enumerate(hands)))
    center = count(event.center)
    if event.stacked:
        return _("A stacked deal: {hands}, and {center} face down in the centre.").format(
            hands=dealt, center=center)
    if voice().secret_deal:
        return _("The 54 cards are shuffled: {hands}, and {center} face down in the "
                 "centre.").format(hands=dealt, center=center)
    return _("The 54 cards are shuffled (seed {seed}): {hands}, and {center} face down in "
             "the centre.").format(seed=event.seed, hands=dealt, center=center)


def _played(p: int, cards: str, attacking: bool, how: str) -> str:
    """A battle play: attacking or defending, and why that card, if the player had no choice."""
    if how == "stake":
        return _said(p, _("You defend with {cards}: by ruling, the doubles laid as the stake "
                          "are the defence."),
                     _("{name} defends with {cards}: by ruling, the doubles laid as the stake "
                       "are the defence."), cards=cards)
    if how == "chosen":
        if attacking:
            return _said(p, _("You attack with {cards}."), _("{name} attacks with {cards}."),
                         cards=cards)
        return _said(p, _("You defend with {cards}."), _("{name} defends with {cards}."),
                     cards=cards)
    why = {"forced": _("ruling: the highest card must be played"),
           "only": _("the only possible play")}[how]
    if attacking:
        return _said(p, _("You attack with {cards} ({why})."),
                     _("{name} attacks with {cards} ({why})."), cards=cards, why=why)
    return _said(p, _("You defend with {cards} ({why})."),
                 _("{name} defends with {cards} ({why})."), cards=cards, why=why)


def _assassinated(p: int, card: str, owner: int, where: str) -> str:
    if where == "table":
        return _said(p, _("You play the Putin joker and assassinate {card} on the table."),
                     _("{name} plays the Putin joker and assassinates {card} on the table."),
                     card=card)
    if _you(p):
        said = _("You play the Putin joker and assassinate {card} from {owner}'s hand, at "
                 "random.").format(card=card, owner=_name(owner))
    elif _you(owner):
        said = _("{name} plays the Putin joker and assassinates {card} from your hand, at "
                 "random.").format(name=_name(p), card=card)
    else:
        said = _("{name} plays the Putin joker and assassinates {card} from {owner}'s hand, "
                 "at random.").format(name=_name(p), card=card, owner=_name(owner))
    return capital(said)


def _reward_from(victim: int | None, source: str) -> str:
    """Where a reward card comes from, after "from"."""
    # Translators: where a reward card comes from, after "from" (the sentence is
    # "{name} takes {card} from {where}, into {into}."): a translation may give it its
    # own preposition, and leave that out of the sentence.
    if victim is None:
        return pgettext("reward from", "the centre")
    if source == "pile":
        return _either(victim, pgettext("reward from", "your resource pile, at random"),
                       pgettext("reward from", "{name}'s resource pile, at random"))
    return _either(victim, pgettext("reward from", "your hand, at random"),
                   pgettext("reward from", "{name}'s hand, at random"))


def trade_list(cards: Cards) -> str:
    return ", ".join(the_card(c) for c in cards)


def _game_over(event: GameOver) -> str:
    scores = ", ".join(_either(p, pgettext("score", "you {score}"),
                               pgettext("score", "{name} {score}"), score=s)
                       for p, s in enumerate(event.scores))
    if event.ending == "limit":
        return _("Turn {turn} reached the turn limit: the game is stopped unfinished "
                 "(resource piles: {scores}).").format(turn=event.turn, scores=scores)
    why = {"center-empty": _("The centre pile is empty, so the game ends."),
           "stalled": _("Nobody could ask for a whole round, so the game ends.")}[event.ending]
    piles = _("Resource piles: {scores}.").format(scores=scores)
    if not event.winners:
        result = _("A tie for the most: by ruling, a draw.")
    elif len(event.winners) == 1:
        result = _said(event.winners[0], _("You win."), _("{name} wins."))
    else:
        # Translators: a player among the winners, "you and Computer 2 win".
        who = and_list([_either(p, pgettext("among winners", "you"), "{name}")
                        for p in event.winners])
        result = capital(_("{players} win (a shared win).").format(players=who))
    return f"{why} {piles} {result}"


def explain_for(event: Event, viewer: int | None) -> str:
    """The explanation as ``viewer`` may read it: another player's private cards are hidden."""
    return worded(_explain_for(event, viewer))


def _explain_for(event: Event, viewer: int | None) -> str:
    match event:
        case Took(player=p, cards=cards) if viewer not in (None, p):
            return _said(p, ngettext("You take {n} card from the resource pile into the hand.",
                                     "You take {n} cards from the resource pile into the hand.",
                                     len(cards)),
                         ngettext("{name} takes {n} card from the resource pile into the hand.",
                                  "{name} takes {n} cards from the resource pile into the hand.",
                                  len(cards)),
                         n=len(cards))
        case Swapped(player=p) if viewer not in (None, p):
            return _said(p, _("You swap a hand card for a resource card."),
                         _("{name} swaps a hand card for a resource card."))
        case Drew(player=p, center_left=left) if viewer not in (None, p):
            return _said(p, ngettext("You draw a card from the centre; {n} card left.",
                                     "You draw a card from the centre; {n} cards left.", left),
                         ngettext("{name} draws a card from the centre; {n} card left.",
                                  "{name} draws a card from the centre; {n} cards left.", left),
                         n=left)
        case Rewarded(player=p, source=source, victim=v, card=Card() | Joker()) if viewer not in (
            None, p, v
        ):
            # Translators: where a hidden reward card comes from, after "from" (a
            # translation may give it its own preposition, and leave that out of the sentence).
            if v is None:
                where = pgettext("hidden reward from", "the centre")
            elif source == "pile":
                where = _either(v, pgettext("hidden reward from", "your pile"),
                                pgettext("hidden reward from", "{name}'s pile"))
            else:
                where = _either(v, pgettext("hidden reward from", "your hand"),
                                pgettext("hidden reward from", "{name}'s hand"))
            return _said(p, _("You take a card from {where} as a reward."),
                         _("{name} takes a card from {where} as a reward."), where=where)
    return _explain(event)


# Why an action is refused: the words the app shows beside a greyed-out choice.

_WHAT_NOW = {
    "prepare": N_("it is the start of the turn: take or swap resource cards, draw, or ask"),
    "ask": N_("it is time to ask a player for a rank"),
    "attack": N_("the instigator must play a battle card"),
    "defend": N_("the defender must play a battle card"),
    "putin": N_("the Putin joker's holder may assassinate a card on the table, or spare"),
    "reward": N_("the winner of three battles in a row picks a reward"),
    # Translators: 'pass' is an action's word, typed as it is in every language.
    "declare": N_("everyone declares at Putin's moment (ruling TW-PUTIN-WHO): 'pass', or the "
                  "Putin joker's holder a strike"),
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
        return _("The game is over.") + " " + explain(state.outcome.because)
    if action in legal_actions(state):
        return None
    words = action.split() if isinstance(action, str) else []
    if not words or words[0] not in _VERBS:
        # Translators: the actions' words are typed as they are in every language.
        return _("{action} is not a Trade War action; they are take, swap, draw, ask, play, "
                 "assassinate, spare, pass and reward").format(action=quoted(action))
    verb, phase = words[0], state.phase
    now = _(_WHAT_NOW["declare" if state.declared else phase])
    fits = {"prepare": (PREPARE,), "ask": (PREPARE, ASK), "battle": (ATTACK, DEFEND),
            "putin": (PUTIN_WINDOW,), "reward": (REWARD,)}[_VERBS[verb]]
    if phase not in fits:
        return _("Not now: {what}").format(what=now)
    reason = _putin_refusal(state, verb) if phase == PUTIN_WINDOW else None
    reason = reason or _specific(state, verb, words[1:])
    # No closing full stop: BadInput adds ". Allowed: ..." after the reason.
    return (reason or _("{action} is not possible now: {what}").format(
        action=quoted(action), what=now)).rstrip(".")


def _putin_refusal(state: TradeState, verb: str) -> str | None:
    """Ruling TW-PUTIN-WHO: 'spare' for the holder alone, or 'pass' for everyone."""
    if not state.declared:
        if verb == "pass":
            return _("Only Putin's holder is asked here (ruling TW-PUTIN-WHO 'holder'): "
                     "'spare' keeps him, or assassinate a card")
        return None
    if verb == "spare":
        return _("Everyone declares at Putin's moment (ruling TW-PUTIN-WHO 'everyone'): "
                 "'pass', not 'spare'")
    if verb == "assassinate" and PUTIN not in state.hands[state.declared.index(None)]:
        return _("Only the Putin joker's holder may strike, and you do not hold him: declare "
                 "'pass' (ruling TW-PUTIN-WHO)")
    return None


def _specific(state: TradeState, verb: str, args: list[str]) -> str | None:
    p = state.instigator
    hand, pile = state.hands[p], state.piles[p]
    if verb in ("take", "swap"):
        named = _parse(args[::2] if verb == "swap" else args[:1])
        if not named or len(args) != (3 if verb == "swap" else 1) or (
                verb == "swap" and args[1] != "for"):
            # Translators: 'take 9S' and 'swap 4H for 9S' are typed as they are.
            return _("Name cards by code: 'take 9S', or 'swap 4H for 9S' (hand card first).")
        if verb == "take" and len(hand) >= HAND_LIMIT:
            return _("Your hand already holds seven cards, the most it may hold.")
        if verb == "swap" and named[0] not in hand:
            return _("You do not hold {card}.").format(card=the_card(named[0]))
        if named[-1] not in pile:
            return capital(_("{card} is not in your resource pile.").format(
                card=the_card(named[-1])))
        return _("A card may move between hand and resource pile only once a turn.")
    if verb == "draw":
        if not state.may_draw:
            return _("You may draw from the centre only when, at the start of your turn, your "
                     "hand and resource pile hold fewer than seven cards together; once a turn.")
        return _("Your hand already holds seven cards.")
    if verb == "ask":
        return _ask_refusal(state, args)
    if verb == "play":
        return _play_refusal(state, args)
    if verb == "assassinate":
        if state.rules.putin_targets == "table" and args[:1] == ["hand"]:
            return _("By ruling TW-PUTIN, Putin may only assassinate a card on the table.")
        return _("Putin may assassinate a card on the table: name one by its code.")
    if verb == "reward":
        return _("Pick the centre or another player's pile or hand that still holds a card.")
    return None


def _ask_refusal(state: TradeState, args: list[str]) -> str | None:
    if refill_pending(state):
        return _("First refill your hand to seven cards from your resource pile (ruling "
                 "TW-REFILL).")
    if not possible_plays(state.hands[state.instigator]):
        return _("You have no card to battle with, so you cannot ask.")
    # ASCII digits only: int() refuses "²", which isdigit() lets through.
    if len(args) != 2 or not (args[0].isascii() and args[0].isdigit()) or (
            args[1] not in RANK_CODES):
        other = 0 if voice().you(1) else 1  # an example of asking someone else
        # Translators: 'ask 1 Q' is typed as it is; the rank letters J, Q, K and A stay.
        return _("Ask a player for a rank: 'ask {number} Q' asks {name} for a queen. Ranks are "
                 "2-10, J, Q, K and A; jokers cannot be asked for.").format(
            number=other, name=_name(other))
    if len(args[0]) > 2:  # no table seats a hundred players (and int() refuses 5,000 digits)
        return _("There is no player {number}.").format(number=quoted(args[0]))
    target = int(args[0])
    if target == state.instigator:
        return _("You cannot ask yourself: ask another player.")
    if target >= state.rules.players:
        return _("There is no player {number}.").format(number=target)
    if not state.hands[target]:
        return _said(target, _("You have no cards in hand to ask for."),
                     _("{name} has no cards in hand to ask for."))
    held = {c.rank for c in state.hands[state.instigator] if isinstance(c, Card)}
    if state.rules.ask_hold and RANK_CODES.index(args[1]) + 2 not in held:
        return _("By ruling TW-ASK-HOLD you may only ask for a rank you hold yourself.")
    return _("Write the ask as 'ask {number} {rank}': the player's number, then the rank.").format(
        number=target, rank=args[1])


def _play_refusal(state: TradeState, args: list[str]) -> str | None:
    battle = state.battle
    assert battle is not None
    player = state.instigator if state.phase == ATTACK else battle.defender
    named = _parse(args)
    if not named or len(named) > 2:
        return _("A play is one card or two of the same rank (doubles), named by code.")
    hand = state.hands[player]
    for c in named:
        if c not in hand:
            return capital(_("{card} is not in your hand.").format(card=the_card(c)))
    if PUTIN in named:
        return _("The Putin joker never battles: it only assassinates a card, which then "
                 "leaves the game.")
    if len(named) == 2:
        if named[0] == named[1]:
            return _("You named {card} twice: doubles are two different cards.").format(
                card=the_card(named[0]))
        if play_words(sorted_cards(named)) in legal_actions(state):
            return _("Name doubles in the order {codes}").format(
                codes=trade_codes(sorted_cards(named)))
        return _("Two cards make a play only when they are doubles: the same rank.")
    if state.rules.battle_play == "forced":
        return _("By ruling TW-BATTLE-PLAY the highest card in the hand must be played.")
    return None


def _parse(codes: list[str]) -> Cards | None:
    try:
        return trade_cards(" ".join(codes))
    except BadInput:
        return None
