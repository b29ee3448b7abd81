"""The words of the games, each in plain words for a twelve-year-old: the one glossary.

The apps mark a term where it first appears in their explanations and list the terms of
their variant under "Words to know"; the printed hand-out lists them too, and the
documentation's glossary page is made from this list.

>>> term = find_term("VC")
>>> term.word, term.variants
('VC', ('war_room',))
>>> {"instigator", "resource pile"} <= {t.word for t in terms_of("trade_war")}
True
>>> term_pattern("trade_war").findall("You are the instigator; the stake is 7♥.")
['instigator', 'stake']
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from wartutor.core.errors import BadInput, quoted
from wartutor.language import N_, _, language

ALL = ("classic_war", "guerrilla_tactics", "war_room", "trade_war", "arsenal")


@dataclass(frozen=True)
class Term:
    """A word of the games: the ways it is spelled in the explanations (the word itself
    first, then its other forms, separated by "|"), what it means, and in which variants.

    ``spellings`` and ``meaning`` are English, as the catalog holds them; the ``said_*``
    properties give them in the language in force, where the explanations are in it too."""

    spellings: str
    meaning: str
    variants: tuple[str, ...]

    @property
    def word(self) -> str:
        return self.spellings.split("|")[0]

    @property
    def forms(self) -> tuple[str, ...]:
        return tuple(self.spellings.split("|")[1:])

    @property
    def key(self) -> str:
        """The term as a page's anchor, the same in every language: "vc", "resource-pile"."""
        return re.sub(r"[^a-z0-9]+", "-", self.word.lower()).strip("-")

    @property
    def spelled(self) -> tuple[str, ...]:
        return (self.word, *self.forms)

    @property
    def said_spelled(self) -> tuple[str, ...]:
        """The word and its forms in the language in force."""
        return tuple(s for s in _(self.spellings).split("|") if s)

    @property
    def said_word(self) -> str:
        """The word in the language in force: "battle", "batalla", "Schlacht"."""
        return self.said_spelled[0]

    @property
    def said_meaning(self) -> str:
        return _(self.meaning)


TERMS: tuple[Term, ...] = (
    # Classic War
    # Translators: a term of the glossary, then each form it takes in the explanations,
    # separated by | (the first is the entry's word), then what it means.
    Term(N_("battle|battles"),
         N_("One go of the game: both players turn their top card, and the higher "
           "card takes both."),
         ("classic_war",)),
    Term(N_("war|wars"),
         N_("What happens when the two cards in a battle are equal: each player "
           "lays cards face down, then turns one more, and the higher one takes "
           "them all."),
         ("classic_war",)),
    Term(N_("face down|face-down"),
         N_("Lying with its back up, so nobody can see what the card is."),
         ALL),
    Term(N_("face up|face-up"),
         N_("Lying with its front up, so everyone can see it."),
         ALL),
    Term(N_("rank|ranks"),
         N_("What a card is worth: 2, 3 ... 10, jack, queen, king, ace. In most of "
           "these games the suit does not matter, only the rank."),
         ("classic_war", "guerrilla_tactics", "trade_war")),
    # Guerrilla Tactics
    Term(N_("skirmish|skirmishes"),
         N_("One round of Guerrilla Tactics: everyone draws, plays a card in "
           "secret, and the best card wins the cards played."),
         ("guerrilla_tactics",)),
    Term(N_("Guerrilla|Guerrillas"),
         N_("A low card (a 2 at the start) that counts as the lowest rank, but two "
           "of them make a pair. As the game goes on, more low ranks become "
           "Guerrillas."),
         ("guerrilla_tactics",)),
    Term(N_("Guerrilla rank"),
         N_("The highest rank that counts as a Guerrilla. It starts at 2 and "
           "promotions raise it, up to 6."),
         ("guerrilla_tactics",)),
    Term(N_("promotion|promotions|promote|promotes"),
         N_("A player's offer to raise the Guerrilla rank by one. Another player "
           "can stop it by showing a Guerrilla."),
         ("guerrilla_tactics",)),
    Term(N_("draw pile|draw piles"),
         N_("Your face-down cards, drawn from the top."),
         ("guerrilla_tactics", "arsenal")),
    Term(N_("cancel|cancels|cancelled|canceller"),
         N_("To stop a promotion by showing a Guerrilla from your hand."),
         ("guerrilla_tactics",)),
    Term(N_("recruit|recruits|recruited"),
         N_("To take cards from another player's draw pile as a reward for stopping "
           "their promotion."),
         ("guerrilla_tactics",)),
    Term(N_("support|supports|supported|supporting"),
         N_("A second card added to your first when you are losing or tied, to make "
           "your play stronger."),
         ("guerrilla_tactics",)),
    Term(N_("pair|pairs"),
         N_("Two cards of the same rank played together. A pair beats any single "
           "card."),
         ("guerrilla_tactics",)),
    Term(N_("spy|spies"),
         N_("A 7 in Guerrilla Tactics. Whoever beats a player who showed a spy must "
           "show their own card first next time."),
         ("guerrilla_tactics",)),
    Term(N_("loss of forces"),
         N_("When a Guerrilla took part in a skirmish, half of the cards used leave "
           "the game."),
         ("guerrilla_tactics",)),
    Term(N_("removed pile"),
         N_("Where cards go when they leave the game for good."),
         ("guerrilla_tactics",)),
    Term(N_("discard pile"),
         N_("Your pile of won cards. When your draw pile runs out, it is shuffled "
           "to make a new one."),
         ("guerrilla_tactics",)),
    Term(N_("eliminated|eliminates|eliminate"),
         N_("Out of the game, with no cards left to play."),
         ("guerrilla_tactics", "war_room")),
    Term(N_("tie-break|tie-breaks"),
         N_("Extra play between the players who are tied for the best, until only "
           "one is left."),
         ("guerrilla_tactics", "war_room")),
    # War Room
    Term(N_("VC|VCs"),
         N_("A card's value in War Room. The lowest VC wins, and it can go below "
           "zero."),
         ("war_room",)),
    Term(N_("activate|activates|activated|activating|activation|activations"),
         N_("To use your card's special instructions this round. The other choice "
           "is to decline and do nothing."),
         ("war_room",)),
    Term(N_("decline|declines|declined|declining"),
         N_("To choose not to use your card's instructions this round."),
         ("war_room",)),
    Term(N_("instruction|instructions"),
         N_("One thing an activated card does, such as an Attack (on other cards) "
           "or a Defend (on its own card)."),
         ("war_room",)),
    Term(N_("Attack|Attacks"),
         N_("An instruction that changes other players' cards by its number: +3 "
           "adds 3 to their VC, which hurts them (the lowest VC wins), and -3 "
           "takes 3 off, which helps them."),
         ("war_room",)),
    Term(N_("Defend"),
         N_("An instruction that changes its own card by its number: -2 takes 2 off "
           "its VC, which helps it, and +2 hurts it."),
         ("war_room",)),
    Term(N_("target|targets"),
         N_("The card an instruction acts on."),
         ("war_room",)),
    Term(N_("clockwise"),
         N_("Going round the table in the order of the seats, one after another."),
         ("war_room", "trade_war")),
    Term(N_("draw stack"),
         N_("Your face-down pile of cards, turned over one a round."),
         ("war_room",)),
    Term(N_("collection pile"),
         N_("The cards you have won. They are shuffled back in when a draw stack "
           "runs out."),
         ("war_room",)),
    Term(N_("reveal cycle"),
         N_("A round and its tie-breaks, from turning the cards over until one "
           "player collects them."),
         ("war_room",)),
    # Trade War
    Term(N_("instigator|instigators"),
         N_("The player whose turn it is: the one who asks another player for a "
           "card."),
         ("trade_war",)),
    Term(N_("defender|defenders"),
         N_("The player who was asked, and battles to keep the card."),
         ("trade_war",)),
    Term(N_("stake"),
         N_("The card (or cards) laid face up that the battle is fought over."),
         ("trade_war",)),
    Term(N_("resource pile|resource piles"),
         N_("The cards you have won, stacked face down in front of you. The player "
           "with the most at the end wins."),
         ("trade_war",)),
    Term(N_("centre|centre pile"),
         N_("The face-down pile in the middle of the table. The game ends when it "
           "is empty."),
         ("trade_war",)),
    Term(N_("doubles"),
         N_("Two cards of the same rank played together. Only doubles can beat "
           "doubles."),
         ("trade_war",)),
    Term(N_("joker|jokers"),
         N_("One of the two extra cards, each with a special power."),
         ("trade_war",)),
    Term(N_("reward|rewards"),
         N_("A card you take after winning three battles in a row."),
         ("trade_war",)),
    # Arsenal
    Term(N_("bomb|bombs"),
         N_("An attacking card with a level from 1 to 4. The higher level wins."),
         ("arsenal",)),
    Term(N_("shield|shields"),
         N_("A card that stops bombs up to its cap."),
         ("arsenal",)),
    Term(N_("cap"),
         N_("The highest bomb level a shield can stop: Kevlar 1, Brick Wall 2, "
           "Shield 3."),
         ("arsenal",)),
    Term(N_("Counter-Strike|Counter-Strikes"),
         N_("A card that blocks any bomb except a level 4 one, and beats any "
           "shield."),
         ("arsenal",)),
    Term(N_("level|levels"),
         N_("How strong a bomb is, from 1 to 4: a higher level beats a lower one."),
         ("arsenal",)),
    Term(N_("blind"),
         N_("Without seeing the other side's card first."),
         ("arsenal",)),
    Term(N_("lead|leads|leader"),
         N_("To play first in a round, face up, without seeing the other card. The "
           "other side answers knowing it."),
         ("arsenal",)),
    Term(N_("captured|capture|captures"),
         N_("Won in a round: captured cards score and leave the game."),
         ("arsenal",)),
    Term(N_("sudden death"),
         N_("One deciding draw when the captured cards are equal."),
         ("arsenal",)),
    Term(N_("campaign"),
         N_("Ten matches against ever stronger computer players, one level each."),
         ("arsenal",)),
    # Every game
    Term(N_("ruling|rulings"),
         N_("The package's answer where the rule text does not say: a teacher can "
           "switch it before a new round."),
         ALL),
)


def find_term(word: str) -> Term:
    """The term spelled ``word`` (any of its forms), or a clear error."""
    for term in TERMS:
        if word in term.spelled:
            return term
    raise BadInput(f"{quoted(word)} is not in the glossary",
                   allowed=", ".join(t.word for t in TERMS))


def terms_of(variant: str) -> tuple[Term, ...]:
    """The terms a variant's explanations use, in the glossary's order."""
    return tuple(t for t in TERMS if variant in t.variants)


def term_pattern(variant: str) -> re.Pattern[str]:
    """Finds a variant's terms in words in the language in force: whole words, the
    longest spelling first, capital or not at the start of a sentence ("Doubles ...") but
    otherwise as spelled."""
    return _pattern(variant, language())


@cache
def _pattern(variant: str, code: str) -> re.Pattern[str]:
    spellings = sorted({s for t in terms_of(variant) for s in t.said_spelled}, key=len,
                       reverse=True)
    either = "|".join(f"[{s[0].upper()}{s[0].lower()}]{re.escape(s[1:])}" for s in spellings)
    if not spellings:
        return re.compile(r"(?!)")  # a variant without a glossary: nothing is a term
    return re.compile(rf"(?<![\w-])(?:{either})(?![\w-])")


@cache
def _by_spelling(variant: str, code: str) -> dict[str, Term]:
    return {s.lower(): t for t in terms_of(variant) for s in t.said_spelled}


def term_in(variant: str, found: str) -> Term:
    """The term a match of :func:`term_pattern` found."""
    return _by_spelling(variant, language())[found.lower()]


TITLES = {"classic_war": "Classic War", "guerrilla_tactics": "Guerrilla Tactics",
          "war_room": "War Room", "trade_war": "Trade War", "arsenal": "Arsenal"}


def glossary_markdown() -> str:
    """The documentation's glossary page (docs/glossary.md), made from :data:`TERMS`."""
    lines = ["# Glossary", "",
             "<!-- Made from wartutor/core/glossary.py: python -m wartutor.core.glossary -->", "",
             "The words of the games in plain words. Each app lists its own under **Words to "
             "know** and links a word where its explanations first use it; the printed "
             "hand-out lists them too.", ""]
    for term in sorted(TERMS, key=lambda t: t.word.lower()):
        where = ("every game" if term.variants == ALL else
                 ", ".join(TITLES[v] for v in term.variants))
        lines += [f"**{term.word}** ({where})", f": {term.meaning}", ""]
    return "\n".join(lines)


if __name__ == "__main__":
    print(glossary_markdown(), end="")
