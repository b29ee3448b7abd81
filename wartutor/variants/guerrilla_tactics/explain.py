"""Guerrilla Tactics in plain words: the one place where its prose is made.

Events and refusals hold facts; these functions turn them into sentences for the
event log and for the greyed-out choices of the app.
"""

from __future__ import annotations

from wartutor.core.cards import SUIT_NAMES, Card
from wartutor.core.engine import Event
from wartutor.core.errors import quoted
from wartutor.core.voice import voice
from wartutor.language import N_, _, capital, ngettext, pgettext
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

# The titles in English (the rule text's words, as records cite them); shown with
# ``rule_titles``, in the language in force.
RULE_TITLES = {
    # Sections of the rule text
    "GT-SETUP": N_("Setup (and ruling GT-SETUP: which suits)"),
    "GT-SKIRMISH": N_("Skirmish"),
    "GT-DRAW": N_("Skirmish, step 1: draw (and reshuffle)"),
    "GT-PENALTY": N_("Support: the penalty"),
    "GT-PLAY": N_("Skirmish, step 2: play"),
    "GT-REVEAL-FIRST": N_("Spy cards: reveal first"),
    "GT-EVALUATE": N_("Skirmish, step 3: evaluate"),
    "GT-GUERRILLAS": N_("Guerrilla cards: all the same rank"),
    "GT-SUPPORT": N_("Support"),
    "GT-TIE": N_("Tie resolution"),
    "GT-LOSS": N_("Loss of forces"),
    "GT-SPOILS": N_("Spoils"),
    "GT-SPY": N_("Spy cards"),
    "GT-PROMOTION": N_("Guerrilla promotion"),
    "GT-CANCEL": N_("Cancellation & recruitment"),
    "GT-ELIM": N_("Elimination"),
    "GT-WIN": N_("Winning the game"),
    # Switchable rulings
    "GT-PLAYERS": N_("ruling GT-PLAYERS: number of players"),
    "GT-ACE": N_("ruling GT-ACE: ace high or low"),
    "GT-DRAW-UPTO": N_("ruling GT-DRAW-UPTO: draw up to two"),
    "GT-PROMO-WHEN": N_("ruling GT-PROMO-WHEN: when promotions are proposed"),
    "GT-PROMO-PLAYED": N_("ruling GT-PROMO-PLAYED: who has played a Guerrilla"),
    "GT-RECRUIT-SHORT": N_("ruling GT-RECRUIT-SHORT: too few cards to recruit"),
    "GT-TIE-DOWN": N_("ruling GT-TIE-DOWN: the face-down tie-break card"),
    "GT-TIE-FROM-HAND": N_("ruling GT-TIE-FROM-HAND: which cards a tie-break uses"),
    "GT-TIE-CANNOT-DRAW": N_("ruling GT-TIE-CANNOT-DRAW: no cards for a tie-break"),
    "GT-TIE-PENALTY": N_("ruling GT-TIE-PENALTY: is the face-down card a support"),
    "GT-INVOLVED": N_("ruling GT-INVOLVED: a face-down Guerrilla"),
    "GT-LOSS-PICK": N_("ruling GT-LOSS-PICK: which cards are lost"),
    "GT-SPOILS-SPLIT": N_("ruling GT-SPOILS-SPLIT: shared spoils"),
    "GT-SPY-REMOVED": N_("ruling GT-SPY-REMOVED: a removed spy"),
    "GT-REVEAL-FIRST-SCOPE": N_("ruling GT-REVEAL-FIRST-SCOPE: reveal first in tie-breaks"),
    "GT-LIMIT": N_("ruling GT-LIMIT: the skirmish limit"),
    "GT-DECLARE": N_("ruling GT-DECLARE: who is asked (everyone declares at once)"),
    # Fixed rulings
    "GT-GUERRILLA-VS-OTHER": N_("ruling GT-GUERRILLA-VS-OTHER: Guerrillas are lowest"),
    "GT-PAIR-ORDER": N_("ruling GT-PAIR-ORDER: a pair beats any single card"),
    "GT-SUPPORT-IMPROVES": N_("ruling GT-SUPPORT-IMPROVES: what improves an outcome"),
    "GT-REVEAL-ORDER": N_("ruling GT-REVEAL-ORDER: several spy captors"),
    "GT-PROMO-ACCEPT": N_("ruling GT-PROMO-ACCEPT: accepted unless cancelled"),
    "GT-PROMO-AT-MAX": N_("ruling GT-PROMO-AT-MAX: no promotion past 6"),
    "GT-PROMO-ONCE": N_("ruling GT-PROMO-ONCE: one proposal per skirmish"),
    "GT-MULTI-CANCEL": N_("ruling GT-MULTI-CANCEL: the first canceller recruits"),
    "GT-CANCEL-CARD": N_("ruling GT-CANCEL-CARD: the revealed Guerrilla stays in hand"),
    "GT-RECRUIT-WHICH": N_("ruling GT-RECRUIT-WHICH: recruits come off the top"),
    "GT-ELIM-HAND": N_("ruling GT-ELIM-HAND: an eliminated player's hand"),
    "GT-SPY-FACE-DOWN": N_("ruling GT-SPY-FACE-DOWN: face-down spies"),
    "GT-NO-WINNER": N_("ruling GT-NO-WINNER: every tied player eliminated"),
    "GT-ALL-OUT": N_("ruling GT-ALL-OUT: nobody left"),
    "GT-ONE-CARD": N_("ruling GT-ONE-CARD: a single possible card"),
}


def rule_titles() -> dict[str, str]:
    """The rule titles in the language in force."""
    return {rule: _(title) for rule, title in RULE_TITLES.items()}


# What a player is asked for now, as the end of a refusal: "Now you must ...".
_NOW_YOU = {
    "promote": N_("Now you must decide whether to propose a promotion."),
    "cancel": N_("Now you must decide whether to cancel the proposed promotion."),
    "play": N_("Now you must choose a card to play."),
    "support": N_("Now you must decide whether to add support."),
    "tie": N_("Now you must lay the tie-break cards."),
}
_NOW_NAME = {
    "promote": N_("Now {name} must decide whether to propose a promotion."),
    "cancel": N_("Now {name} must decide whether to cancel the proposed promotion."),
    "play": N_("Now {name} must choose a card to play."),
    "support": N_("Now {name} must decide whether to add support."),
    "tie": N_("Now {name} must lay the tie-break cards."),
}


# Small helpers for names, cards and numbers. The seats are named by the voice in force
# ("you" is the player looking; see core.voice), NAMES being the variant's own names.
# A sentence about one seat is chosen whole by `_you`; a list of seats is named once,
# in the subject's form, and a sentence about several seats is chosen by whether "you"
# are among them (the context "you among them": the verb agrees with "you").


# Why a tied or losing player may not support (GT-SUPPORT-IMPROVES): said with every
# "does not support", since who had such a card is hidden.
_SUPPORT_HELPS = N_("A second card may be added only if it does better: from losing to a tie "
                    "or a win, or from a tie to a win.")


def _you(p: int) -> bool:
    return voice().you(p)


def _name(p: int) -> str:
    return voice().name(p, NAMES)


def _who(p: int) -> str:
    """A seat in a list of seats: "you", or its name."""
    # Translators: the player reading, named in a list of players ("you and Ana"), as
    # the subject of a sentence.
    return pgettext("a player in a list", "you") if _you(p) else _name(p)


def _and(words: list[str]) -> str:
    if len(words) <= 1:
        return "".join(words)
    # Translators: the end of a list, "Ana, Ben and you" ("{items}" is the list before
    # the last one, joined by commas).
    return _("{items} and {last}").format(items=", ".join(words[:-1]), last=words[-1])


def _players(ps: tuple[int, ...]) -> str:
    return _and([_who(p) for p in ps])


def _several(ps: tuple[int, ...], you: str, name: str, many: str, many_with_you: str,
             **fields: object) -> str:
    """The sentence about the seats ``ps``, of four (each already looked up): about "you"
    alone, another seat alone ({name}), several ({players}), several with "you" among them
    (in the context "you among them": the verb agrees with "you")."""
    if len(ps) == 1:
        return (you if _you(ps[0]) else name).format(name=_name(ps[0]), **fields)
    with_you = any(_you(p) for p in ps)
    return (many_with_you if with_you else many).format(players=_players(ps), **fields)


# A card named in a sentence, with its article where the language needs one that
# depends on the card ("el dos", "la reina").
_THE_CARD = {
    # Translators: a card in a sentence, with its article: "the two of hearts"
    # ("{suit}" is the suit's name, "hearts").
    2: N_("the two of {suit}"), 3: N_("the three of {suit}"), 4: N_("the four of {suit}"),
    5: N_("the five of {suit}"), 6: N_("the six of {suit}"), 7: N_("the seven of {suit}"),
    8: N_("the eight of {suit}"), 9: N_("the nine of {suit}"), 10: N_("the ten of {suit}"),
    11: N_("the jack of {suit}"), 12: N_("the queen of {suit}"), 13: N_("the king of {suit}"),
    14: N_("the ace of {suit}"),
}


def the_card(card: Card) -> str:
    """A card named in a sentence: "the two of hearts"."""
    return _(_THE_CARD[card.rank]).format(suit=_(SUIT_NAMES[card.suit]))


def _cards(cs: tuple[Card, ...]) -> str:
    return _and([the_card(c) for c in cs])


# What face-up cards are worth (a Force): a single card, or a pair; said in sentences
# ("you have an ace") and on the table's seats ("an ace, leads").
_SINGLE = {
    # Translators: what a player's face-up cards are worth, said in a sentence ("you have
    # {force}") and alone on the table ("{worth}, leads").
    0: N_("an ace"), GUERRILLA_STRENGTH: N_("a Guerrilla"),
    2: N_("a two"), 3: N_("a three"), 4: N_("a four"),
    5: N_("a five"), 6: N_("a six"), 7: N_("a seven"), 8: N_("an eight"), 9: N_("a nine"),
    10: N_("a ten"), 11: N_("a jack"), 12: N_("a queen"), 13: N_("a king"), 14: N_("an ace"),
}
_PAIR = {
    # Translators: what a player's face-up cards are worth: "you have a pair of queens".
    0: N_("a pair of aces"), GUERRILLA_STRENGTH: N_("a pair of Guerrillas"),
    2: N_("a pair of twos"),
    3: N_("a pair of threes"), 4: N_("a pair of fours"), 5: N_("a pair of fives"),
    6: N_("a pair of sixes"), 7: N_("a pair of sevens"), 8: N_("a pair of eights"),
    9: N_("a pair of nines"), 10: N_("a pair of tens"), 11: N_("a pair of jacks"),
    12: N_("a pair of queens"), 13: N_("a pair of kings"), 14: N_("a pair of aces"),
}


def worth_words(worth: Force) -> str:
    """What a player's face-up cards are worth: "a pair of Guerrillas".

    >>> worth_words((1, GUERRILLA_STRENGTH)), worth_words((0, 14)), worth_words((0, 8))
    ('a pair of Guerrillas', 'an ace', 'an eight')
    """
    pair, strength = worth
    return _(_PAIR[strength] if pair else _SINGLE[strength])


_GUERRILLA_RANKS = {
    # Translators: which cards are Guerrillas now, by their numbers: "the 2s and 3s".
    2: N_("the 2s"), 3: N_("the 2s and 3s"), 4: N_("the 2s, 3s and 4s"),
    5: N_("the 2s, 3s, 4s and 5s"), 6: N_("the 2s, 3s, 4s, 5s and 6s"),
}


def guerrilla_ranks(rank: int) -> str:
    """'the 2s', 'the 2s and 3s', ...: which cards are Guerrillas now."""
    return _(_GUERRILLA_RANKS[rank])


# Events


def explain(event: Event) -> str:
    """One or two sentences saying what happened and why."""
    match event:
        case Dealt(stacked=False, suits=suits, pile_sizes=sizes, seed=seed):
            who = _and([_dealt(p, ss, sizes[p]) for p, ss in enumerate(suits)])
            return _("Each player shuffles their own cards into a draw pile{seed}: {players}. "
                     "The Guerrilla rank starts at 2, so the 2s are the Guerrillas.").format(
                seed=voice().seed_note(seed), players=who)
        case Dealt(stacked=True, pile_sizes=sizes):
            who = _and([
                # Translators: a player and the number of cards dealt to them, in a list:
                # "A stacked deal, top cards in a set order: you 3 and Ana 3 cards."
                pgettext("stacked deal", "you {count}").format(count=sizes[p]) if _you(p)
                else pgettext("stacked deal", "{name} {count}").format(name=_name(p),
                                                                        count=sizes[p])
                for p in range(len(sizes))])
            return _("A stacked deal, top cards in a set order: {players} cards. The Guerrilla "
                     "rank starts at 2, so the 2s are the Guerrillas.").format(players=who)
        case SkirmishBegins(skirmish=n, guerrilla_rank=rank):
            return _("Skirmish {number} begins. Guerrillas now: {ranks}.").format(
                number=n, ranks=guerrilla_ranks(rank))
        case Reshuffled(player=p, cards=count):
            if _you(p):
                return ngettext(
                    "Your draw pile is empty, so you shuffle the {count} card of the discard "
                    "pile into a new draw pile.",
                    "Your draw pile is empty, so you shuffle the {count} cards of the discard "
                    "pile into a new draw pile.", count).format(count=count)
            return capital(ngettext(
                "{name}'s draw pile is empty, so {name} shuffles the {count} card of the "
                "discard pile into a new draw pile.",
                "{name}'s draw pile is empty, so {name} shuffles the {count} cards of the "
                "discard pile into a new draw pile.", count).format(name=_name(p), count=count))
        case Drew():
            return _drew(event)
        case Eliminated(player=p, in_hand=hand, rule=rule):
            if rule == "GT-TIE-CANNOT-DRAW":
                out = (_("You cannot draw a single card for the tie-break, so you are "
                         "eliminated; cards already on the table stay in the skirmish.")
                       if _you(p) else
                       _("{name} cannot draw a single card for the tie-break, so {name} is "
                         "eliminated; cards already on the table stay in the skirmish.").format(
                           name=_name(p)))
            else:
                out = (_("You must draw but have no draw pile and no discard pile left: "
                         "you are eliminated.") if _you(p) else
                       _("{name} must draw but has no draw pile and no discard pile "
                         "left: {name} is eliminated.").format(name=_name(p)))
            return out + _hand_removed(p, hand)
        case PromotionProposed(player=p, rank=rank):
            if _you(p):
                return _("You propose raising the Guerrilla rank from {rank} to {next}: every "
                         "player has played a Guerrilla, and you hold none.").format(
                    rank=rank, next=rank + 1)
            return _("{name} proposes raising the Guerrilla rank from {rank} to {next}: every "
                     "player has played a Guerrilla, and {name} holds none.").format(
                name=_name(p), rank=rank, next=rank + 1)
        case Promoted(rank=rank):
            return _("Nobody cancels, so the promotion is accepted: the Guerrilla rank is now "
                     "{rank}, and {ranks} are Guerrillas.").format(
                rank=rank, ranks=guerrilla_ranks(rank))
        case PromotionCancelled():
            return _cancelled(event)
        case ProposalsRevealed():
            return _proposals(event)
        case CancelsRevealed():
            return _cancels(event)
        case Chose(player=p, stage="promote" | "cancel"):
            if _you(p):
                return _("You have declared; every declaration stays hidden until all are in.")
            return _("{name} has declared; every declaration stays hidden until all are "
                     "in.").format(name=_name(p))
        case Chose(player=p, stage="play"):
            if _you(p):
                return _("You have chosen a card; it stays hidden until all are ready.")
            return _("{name} has chosen a card; it stays hidden until all are ready.").format(
                name=_name(p))
        case Chose(player=p, stage="tie"):
            if _you(p):
                return _("You have chosen how to lay the tie-break cards.")
            return _("{name} has chosen how to lay the tie-break cards.").format(name=_name(p))
        case OnlyChoice(player=p, stage="play"):
            if _you(p):
                return _("You hold a single card, so it is played without asking.")
            return _("{name} holds a single card, so it is played without asking.").format(
                name=_name(p))
        case OnlyChoice(player=p):
            if _you(p):
                return _("You have a single card for the tie-break, so it goes face up without "
                         "asking.")
            return _("{name} has a single card for the tie-break, so it goes face up without "
                     "asking.").format(name=_name(p))
        case Revealed(plays=plays, first=True):
            return capital(_several(
                tuple(p for p, _card in plays),
                _("you captured a spy last skirmish, so {reveals} first. The others choose "
                  "now, knowing it."),
                _("{name} captured a spy last skirmish, so {reveals} first. The others choose "
                  "now, knowing it."),
                _("{players} captured a spy last skirmish, so {reveals} first. The others "
                  "choose now, knowing it."),
                pgettext("you among them", "{players} captured a spy last skirmish, so "
                         "{reveals} first. The others choose now, knowing it."),
                reveals=_plays(plays)))
        case Revealed(plays=plays):
            return _("The cards are revealed: {reveals}.").format(reveals=_plays(plays))
        case Standing():
            return _standing(event)
        case Supported(supports=(), declined=declined, best=best):
            stands = _several(best, _("you win the skirmish"),
                              _("{name} wins the skirmish"), _("{players} stay tied"),
                              pgettext("you among them", "{players} stay tied"))
            # Translators: "{declined}" says who did not support ("Ana does not support"),
            # "{result}" what follows ("you win the skirmish").
            said = _("{declined}, so {result}.").format(declined=_declined(declined),
                                                        result=stands)
            return f"{capital(said)} {_(_SUPPORT_HELPS)}"
        case Supported(supports=supports, declined=declined):
            added = _and([_("you add {card}").format(card=the_card(c)) if _you(p)
                          else _("{name} adds {card}").format(name=_name(p), card=the_card(c))
                          for p, c in supports])
            text = _("Support: {supports}. Whoever supports draws one card fewer at the next "
                     "draw.").format(supports=added)
            if declined:
                text += f" {capital(_declined(declined))}. {_(_SUPPORT_HELPS)}"
            return text
        case TieBreak(tie_round=r, players=ps):
            return capital(_several(
                ps, "", "",  # a tie is between several
                _("{players} are tied for best: tie-break {number}. Each draws two cards and "
                  "lays one face down and one face up; the face-up cards decide."),
                pgettext("you among them", "{players} are tied for best: tie-break {number}. "
                         "Each draws two cards and lays one face down and one face up; the "
                         "face-up cards decide."),
                number=r))
        case TieStands(short=short):
            return capital(_several(
                short,
                _("you cannot draw two cards, so no tie-break is played: the tie stands and "
                  "the tied players share the spoils."),
                _("{name} cannot draw two cards, so no tie-break is played: the tie stands and "
                  "the tied players share the spoils."),
                _("{players} cannot draw two cards, so no tie-break is played: the tie stands "
                  "and the tied players share the spoils."),
                pgettext("you among them", "{players} cannot draw two cards, so no tie-break "
                         "is played: the tie stands and the tied players share the spoils.")))
        case TieLaid():
            return _tie_laid(event)
        case ForcesLost(used=used, pick=pick):
            gs = _cards_and_hidden(event.guerrillas, event.hidden_guerrillas)
            removed = _cards_and_hidden(event.removed, event.hidden_removed)
            count = len(event.removed) + event.hidden_removed
            if pick == "random":
                text = _("Loss of forces: a Guerrilla was involved ({guerrillas}), so half of "
                         "the {used} cards used, {count}, go face down to the removed pile, "
                         "chosen at random: {removed}.")
            else:
                text = _("Loss of forces: a Guerrilla was involved ({guerrillas}), so half of "
                         "the {used} cards used, {count}, go face down to the removed pile, "
                         "the lowest cards first: {removed}.")
            return text.format(guerrillas=gs, used=used, count=count, removed=removed)
        case NoLoss(used=used):
            return ngettext("No Guerrilla was involved, so none of the {count} card used is lost.",
                            "No Guerrilla was involved, so none of the {count} cards used is "
                            "lost.", used).format(count=used)
        case SpoilsTaken(shares=((p, cards),)):
            count = len(cards)
            if _you(p):
                return ngettext("Spoils: you take the {count} remaining card into your discard "
                                "pile.",
                                "Spoils: you take the {count} remaining cards into your discard "
                                "pile.", count).format(count=count)
            return ngettext("Spoils: {name} takes the {count} remaining card into {name}'s "
                            "discard pile.",
                            "Spoils: {name} takes the {count} remaining cards into {name}'s "
                            "discard pile.", count).format(name=_name(p), count=count)
        case SpoilsTaken(shares=shares, odd_removed=odd):
            split = _and([
                ngettext("{count} card to you", "{count} cards to you", len(cs)).format(
                    count=len(cs)) if _you(p) else
                ngettext("{count} card to {name}", "{count} cards to {name}", len(cs)).format(
                    count=len(cs), name=_name(p))
                for p, cs in shares])
            text = _("Shared spoils, dealt round the winners in seat order: {shares}.").format(
                shares=split)
            if odd:
                text += " " + capital(ngettext(
                    "{cards} left over cannot be shared and is removed.",
                    "{cards} left over cannot be shared and are removed.", len(odd)).format(
                    cards=_cards(odd)))
            return text
        case NoWinner(cards=cards):
            return ngettext("Every tied player was eliminated, so nobody wins the skirmish: its "
                            "{count} remaining card go to the removed pile.",
                            "Every tied player was eliminated, so nobody wins the skirmish: its "
                            "{count} remaining cards go to the removed pile.",
                            len(cards)).format(count=len(cards))
        case SpyCaptured(player=p, spies=spies, rule=rule):
            if _you(p):
                text = _("You won a skirmish in which an opponent revealed a spy ({spies}), so "
                         "you must reveal first next skirmish.").format(spies=_cards(spies))
            else:
                text = _("{name} won a skirmish in which an opponent revealed a spy ({spies}), "
                         "so {name} must reveal first next skirmish.").format(
                    name=_name(p), spies=_cards(spies))
            if rule == "GT-SPY-REMOVED":
                text += " " + _("It was removed, but the capture stands.")
            return text
        case SpyLost(player=p, spies=spies):
            if _you(p):
                return _("You won against a spy ({spies}), but it was removed, so you need not "
                         "reveal first.").format(spies=_cards(spies))
            return _("{name} won against a spy ({spies}), but it was removed, so {name} need "
                     "not reveal first.").format(name=_name(p), spies=_cards(spies))
        case OwnSpy(player=p):
            if _you(p):
                return _("You won, but the only spy revealed was your own: that captures "
                         "nothing.")
            return _("{name} won, but the only spy revealed was {name}'s own: that captures "
                     "nothing.").format(name=_name(p))
        case GameOver(ending="last-standing", winners=(p,)):
            if _you(p):
                return _("You are the last player remaining: you win the game.")
            return _("{name} is the last player remaining: {name} wins the game.").format(
                name=_name(p))
        case GameOver(ending="all-out"):
            return _("The last players were eliminated together: nobody remains, so it is a "
                     "draw.")
        case GameOver(ending="limit", skirmish=n):
            return _("{number} skirmishes without a winner: the game is stopped as a "
                     "draw.").format(number=n)
    raise TypeError(f"not a Guerrilla Tactics event: {event!r}")


def _dealt(p: int, suits: str, count: int) -> str:
    """A player and their suits in the deal's list: 'you the hearts and diamonds (26 cards)'."""
    named = _and([_(SUIT_NAMES[s]) for s in suits])
    if _you(p):
        # Translators: a player and the suits dealt to them, in a list.
        return _("you the {suits} ({count} cards)").format(suits=named, count=count)
    return _("{name} the {suits} ({count} cards)").format(name=_name(p), suits=named,
                                                          count=count)


def _declined(ps: tuple[int, ...]) -> str:
    return _several(ps, _("you do not support"), _("{name} does not support"),
                    _("{players} do not support"),
                    pgettext("you among them", "{players} do not support"))


def _hand_removed(p: int, count: int) -> str:
    """The hand is removed unseen (GT-ELIM-HAND): its cards are counted, never named."""
    if not count:
        return ""
    if _you(p):
        said = ngettext("Your {count} card in hand goes to the removed pile.",
                        "Your {count} cards in hand go to the removed pile.", count)
    else:
        said = ngettext("{name}'s {count} card in hand goes to the removed pile.",
                        "{name}'s {count} cards in hand go to the removed pile.", count)
    return " " + capital(said.format(name=_name(p), count=count))


def _cards_and_hidden(named: tuple[Card, ...], hidden: int) -> str:
    """'the two of spades and 2 cards laid face down': face-down cards are never named."""
    down = [] if not hidden else [ngettext("a card laid face down", "{count} cards laid face down",
                                           hidden).format(count=hidden)]
    return _and([the_card(c) for c in named] + down)


def _drew(event: Drew) -> str:
    p, got, wanted = event.player, event.drawn, event.wanted
    you, name = _you(p), _name(p)
    if event.tie_round:
        if got == wanted:
            return (_("For the tie-break, you draw two cards.") if you else
                    _("For the tie-break, {name} draws two cards.").format(name=name))
        if you:
            return ngettext("For the tie-break, you can draw only {count} card of two.",
                            "For the tie-break, you can draw only {count} cards of two.",
                            got).format(count=got)
        return ngettext("For the tie-break, {name} can draw only {count} card of two.",
                        "For the tie-break, {name} can draw only {count} cards of two.",
                        got).format(name=name, count=got)
    if event.rule == "GT-PENALTY":
        drew = (_("you supported last skirmish, so you draw only one card") if you else
                _("{name} supported last skirmish, so {name} draws only one card"))
    elif you:
        drew = ngettext("you draw {count} card", "you draw {count} cards", wanted)
    else:
        drew = ngettext("{name} draws {count} card", "{name} draws {count} cards", wanted)
    holds = (ngettext("you now hold {count} card", "you now hold {count} cards", event.hand)
             if you else
             ngettext("{name} now holds {count} card", "{name} now holds {count} cards",
                      event.hand))
    drew = drew.format(name=name, count=wanted)
    holds = holds.format(name=name, count=event.hand)
    if got < wanted:
        # Translators: "{drew}" says who draws how many ("you draw 2 cards"), "{holds}"
        # how many they hold now ("you now hold 1 card").
        said = _("{drew}, but only {got} could be drawn; {holds}.").format(
            drew=drew, got=got, holds=holds)
    else:
        said = _("{drew}; {holds}.").format(drew=drew, holds=holds)
    return capital(said)


def _cancelled(event: PromotionCancelled) -> str:
    c, p = event.canceller, event.proposer
    short = event.recruited < event.wanted
    fields = {"canceller": _name(c), "proposer": _name(p), "card": the_card(event.card),
              "wanted": event.wanted, "recruited": event.recruited}
    if _you(c):
        text = (_("You cancel the promotion by showing {card}, and recruit as many cards as "
                  "the Guerrilla rank ({wanted}) from {proposer}'s draw pile into your discard "
                  "pile; {proposer}'s draw pile held only {recruited}.") if short else
                _("You cancel the promotion by showing {card}, and recruit as many cards as "
                  "the Guerrilla rank ({wanted}) from {proposer}'s draw pile into your discard "
                  "pile."))
    elif _you(p):
        text = (_("{canceller} cancels the promotion by showing {card}, and recruits as many "
                  "cards as the Guerrilla rank ({wanted}) from your draw pile into "
                  "{canceller}'s discard pile; your draw pile held only {recruited}.") if short
                else
                _("{canceller} cancels the promotion by showing {card}, and recruits as many "
                  "cards as the Guerrilla rank ({wanted}) from your draw pile into "
                  "{canceller}'s discard pile."))
    else:
        text = (_("{canceller} cancels the promotion by showing {card}, and recruits as many "
                  "cards as the Guerrilla rank ({wanted}) from {proposer}'s draw pile into "
                  "{canceller}'s discard pile; {proposer}'s draw pile held only {recruited}.")
                if short else
                _("{canceller} cancels the promotion by showing {card}, and recruits as many "
                  "cards as the Guerrilla rank ({wanted}) from {proposer}'s draw pile into "
                  "{canceller}'s discard pile."))
    return text.format(**fields)


# Under GT-DECLARE 'everyone' every player still in is asked, even one who may only pass,
# and the declarations are turned up together.


def _proposals(event: ProposalsRevealed) -> str:
    ps, passed = event.proposers, event.passed
    if not ps:
        return _("Everyone declares at once, and the declarations are revealed together: "
                 "{passed}, so nobody proposes a promotion.").format(passed=_passed(passed))
    said = _several(ps, _("you propose a promotion"), _("{name} proposes a promotion"),
                    _("{players} propose a promotion"),
                    pgettext("you among them", "{players} propose a promotion"))
    if passed:
        # Translators: who proposes ("Ana proposes a promotion"), then who passes ("you pass").
        said = _("{proposed}, {passed}").format(proposed=said, passed=_passed(passed))
    text = _("Everyone declares at once, and the declarations are revealed together: "
             "{declared}.").format(declared=said)
    if len(ps) > 1:
        first = ps[0]
        text += " " + (_("Only one proposal is made before a skirmish: you, first in seat "
                         "order, are the proposer.") if _you(first) else
                       _("Only one proposal is made before a skirmish: {name}, first in seat "
                         "order, is the proposer.").format(name=_name(first)))
    return text + " " + _("Every other player now declares at once whether to cancel it or "
                          "allow it.")


def _passed(ps: tuple[int, ...]) -> str:
    return _several(ps, _("you pass"), _("{name} passes"), _("{players} pass"),
                    pgettext("you among them", "{players} pass"))


def _allowed(ps: tuple[int, ...], it: bool) -> str:
    if it:
        return _several(ps, _("you allow it"), _("{name} allows it"), _("{players} allow it"),
                        pgettext("you among them", "{players} allow it"))
    return _several(ps, _("you allow the promotion"), _("{name} allows the promotion"),
                    _("{players} allow the promotion"),
                    pgettext("you among them", "{players} allow the promotion"))


def _cancels(event: CancelsRevealed) -> str:
    cancels, allowed = event.cancels, event.allowed
    if not cancels:
        return _("Everyone declares at once, and the declarations are revealed together: "
                 "{declared}.").format(declared=_allowed(allowed, it=False))
    said = _and([_("you cancel with {card}").format(card=the_card(c)) if _you(p) else
                 _("{name} cancels with {card}").format(name=_name(p), card=the_card(c))
                 for p, c in cancels])
    if allowed:
        # Translators: who cancels ("Ana cancels with the two of hearts"), then who
        # allows the promotion ("you allow it").
        said = _("{cancelled}; {allowed}").format(cancelled=said,
                                                  allowed=_allowed(allowed, it=True))
    text = _("Everyone declares at once, and the declarations are revealed together: "
             "{declared}.").format(declared=said)
    if len(cancels) == 1:
        return text
    first, proposer = cancels[0][0], event.proposer
    if _you(first):
        then = _("Each Guerrilla shown stays in its owner's hand, seen by everyone; you, first "
                 "in seat order after {proposer}, recruit.")
    elif _you(proposer):
        then = _("Each Guerrilla shown stays in its owner's hand, seen by everyone; {name}, "
                 "first in seat order after you, recruits.")
    else:
        then = _("Each Guerrilla shown stays in its owner's hand, seen by everyone; {name}, "
                 "first in seat order after {proposer}, recruits.")
    return text + " " + then.format(name=_name(first), proposer=_name(proposer))


def _plays(plays: tuple[tuple[int, Card], ...]) -> str:
    return _and([_("you reveal {card}").format(card=the_card(c)) if _you(p) else
                 _("{name} reveals {card}").format(name=_name(p), card=the_card(c))
                 for p, c in plays])


_WHY_STANDING = {
    "GT-PAIR-ORDER": N_("A pair beats any single card, a higher pair beats a lower one, "
                        "and equal pairs tie."),
    "GT-GUERRILLAS": N_("All Guerrillas count as the same rank."),
    "GT-TIE-DOWN": N_("Only the face-up cards count; the face-down ones are at stake."),
    "GT-EVALUATE": N_("The highest card wins; Guerrillas are lower than every other card."),
}


def _standing(event: Standing) -> str:
    forces = dict(event.forces)
    shown = _and([_("you have {force}").format(force=worth_words(forces[p])) if _you(p) else
                  _("{name} has {force}").format(name=_name(p), force=worth_words(forces[p]))
                  for p, _cards in event.cards])
    best = event.best
    if event.after_support or event.tie_round:
        result = _several(best, _("you win"), _("{name} wins"), _("{players} are tied"),
                          pgettext("you among them", "{players} are tied"))
    else:
        result = _several(best, _("you lead"), _("{name} leads"), _("{players} are tied"),
                          pgettext("you among them", "{players} are tied"))
    if event.after_support:
        said = _("After the supports: {shown}, so {result}.")
    elif event.tie_round:
        said = _("Tie-break {number}: {shown}, so {result}.")
    else:
        said = _("Skirmish {number}: {shown}, so {result}.")
    said = said.format(number=event.tie_round or event.skirmish, shown=shown, result=result)
    why = _(_WHY_STANDING[event.rule])
    if any(len(cards) == 2 for _p, cards in event.cards) and event.tie_round:
        why = _("A face-down card that matches the face-up one is turned up and makes a pair.")
    return f"{said} {why}"


def _tie_laid(event: TieLaid) -> str:
    ups = _and([
        # Translators: a player and the card they laid face up, in a list: "you the two
        # of hearts".
        pgettext("laid face up", "you {card}").format(card=the_card(c)) if _you(p) else
        pgettext("laid face up", "{name} {card}").format(name=_name(p), card=the_card(c))
        for p, c in event.up])
    text = _("Tie-break {number}, face up: {cards}.").format(number=event.tie_round, cards=ups)
    downs = tuple(p for p, count in event.down if count)
    if downs:
        text += " " + capital(_several(
            downs, _("you also laid a card face down."),
            _("{name} also laid a card face down."), _("{players} also laid a card face down."),
            pgettext("you among them", "{players} also laid a card face down.")))
    for p, c in event.turned:
        turned = (_("Your face-down card, {card}, is turned up: it makes a pair.") if _you(p)
                  else _("{name}'s face-down card, {card}, is turned up: it makes a pair."))
        text += " " + capital(turned.format(name=_name(p), card=the_card(c)))
    if event.rule == "GT-TIE-PENALTY" and downs:
        text += " " + _("The face-down card counts as a support: one card fewer at the next "
                        "draw.")
    return text


# Refusals: why a choice is not allowed (the app greys it out with these words).


def _now(p: int, kind: str) -> str:
    """What the player must do now, a sentence of its own."""
    if kind not in _NOW_YOU:
        return (_("Now you must wait.") if _you(p) else
                _("Now {name} must wait.").format(name=_name(p)))
    return _(_NOW_YOU[kind]) if _you(p) else _(_NOW_NAME[kind]).format(name=_name(p))


def refusal_text(r: Refusal) -> str:
    p = r.player
    you, name = _you(p), _name(p)
    card = the_card(r.card) if r.card else ""
    now = _now(p, r.asked_kind)
    action = quoted(r.action)
    match r.reason:
        case "unknown":
            return _("{action} is not a Guerrilla Tactics action.").format(action=action) + \
                " " + now
        case "at-max":
            return _("The Guerrilla rank is already 6, the highest it can go.")
        case "not-all-played":
            return _several(
                r.players,
                _("A promotion needs every player to have played a Guerrilla first, and you "
                  "have not yet."),
                _("A promotion needs every player to have played a Guerrilla first, and "
                  "{name} has not yet."),
                _("A promotion needs every player to have played a Guerrilla first, and "
                  "{players} have not yet."),
                pgettext("you among them", "A promotion needs every player to have played a "
                         "Guerrilla first, and {players} have not yet."))
        case "holds-guerrilla":
            if you:
                return _("You may not propose a promotion while holding a Guerrilla "
                         "({cards}).").format(cards=_cards(r.cards))
            return _("{name} may not propose a promotion while holding a Guerrilla "
                     "({cards}).").format(name=name, cards=_cards(r.cards))
        case "not-now" if r.action.startswith("support"):
            # "You" here is anyone: the rule, as the rule text words it.
            return _("You may only support when you are tied or losing, after the cards are "
                     "revealed.") + " " + now
        case "not-now" if r.action.startswith("propose"):
            return _("A promotion may only be proposed before a skirmish.") + " " + now
        case "not-now" if r.action.startswith("cancel"):
            return _("There is no promotion to cancel.") + " " + now
        case "not-now":
            return now
        case "no-card":
            return _("{action} does not name cards such as 9H or KD.").format(action=action)
        case "not-held":
            if you:
                return _("You do not hold {card}.").format(card=card)
            return _("{name} does not hold {card}.").format(name=name, card=card)
        case "not-a-guerrilla":
            return _("Only a Guerrilla cancels a promotion, and {card} is not one: the "
                     "Guerrillas are {ranks}.").format(card=card,
                                                      ranks=guerrilla_ranks(r.number))
        case "support-no-better":
            if you:
                return _("Supporting with {card} would not help: a support must take you from "
                         "losing to a tie or a win, or from a tie to a win.").format(card=card)
            return _("Supporting with {card} would not help: a support must take {name} from "
                     "losing to a tie or a win, or from a tie to a win.").format(card=card,
                                                                                 name=name)
        case "tie-not-drawn":
            return _("The tie-break cards must be the ones just drawn: {cards}.").format(
                cards=_cards(r.cards))
        case "tie-same-card":
            return capital(_("{card} cannot lie face up and face down at once.").format(
                card=card))
        case "tie-needs-down":
            return _("Lay one card face down as well, as in 'up 9H down 3C'.")
    return _("{action} is not a legal choice now.").format(action=action) + " " + now
