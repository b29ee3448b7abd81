"""Guerrilla Tactics' rule options: the GT-* rulings, each with its question and reason."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from wartutor.core.errors import BadInput
from wartutor.core.rulings import FixedRuling, check_rulings, ruling
from wartutor.language import N_

MAX_GUERRILLA_RANK = 6
# How the rulings' choices read in the apps' menus: in English, the values themselves
# (the "why" texts quote them so).
# Translators: a ruling's choice in a menu of the rulings panel; translate it as the
# ruling's explanation quotes it.
CHOICE_WORDS = {
    "two-suits": N_("two-suits"), "one-suit": N_("one-suit"), "high": N_("high"),
    "low": N_("low"), "fill-to-two": N_("fill-to-two"), "draw-two": N_("draw-two"),
    "before-draw": N_("before-draw"), "after-draw": N_("after-draw"),
    "since-rank-change": N_("since-rank-change"), "whole-game": N_("whole-game"),
    "draw-pile-only": N_("draw-pile-only"), "reshuffle": N_("reshuffle"),
    "stake": N_("stake"), "pair": N_("pair"), "just-drawn": N_("just-drawn"),
    "from-hand": N_("from-hand"), "eliminated": N_("eliminated"),
    "tie-stands": N_("tie-stands"), "no": N_("no"), "yes": N_("yes"), "any": N_("any"),
    "face-up": N_("face-up"), "random": N_("random"), "lowest": N_("lowest"),
    "odd-removed": N_("odd-removed"), "dealt-in-turn": N_("dealt-in-turn"),
    "still-reveals-first": N_("still-reveals-first"), "only-if-kept": N_("only-if-kept"),
    "play-only": N_("play-only"), "tie-breaks-too": N_("tie-breaks-too"),
    "those-able": N_("those-able"), "everyone": N_("everyone"),
}


def _is_limit(value: Any) -> bool:
    return value is None or (type(value) is int and value >= 1)


@dataclass(frozen=True)
class GuerrillaRules:
    """The options of Guerrilla Tactics; the defaults follow the rule text as closely as it goes."""

    players: int = ruling(
        "GT-PLAYERS", N_("How many players?"),
        default=2, choices=(2, 3, 4),
        why=N_("The text deals one suit to each player, so four at most; two is its own variant."),
    )
    two_player_deck: str = ruling(
        "GT-SETUP", N_("With two players, does each take two suits or one?"),
        default="two-suits", choices=("two-suits", "one-suit"),
        why=N_("The text's two-player variant gives hearts and diamonds to one player and clubs "
               "and spades to the other; 'one-suit' plays the main rule with only 26 cards. "
               "Three players take spades, hearts and diamonds; four take a suit each."),
    )
    ace: str = ruling(
        "GT-ACE", N_("Is the ace high?"),
        default="high", choices=("high", "low"),
        why=N_("The text does not say; in War the ace is high. A low ace sits below every card, "
               "Guerrillas included, since it is not one of the cards 'from 2 up'."),
    )
    draw_to: str = ruling(
        "GT-DRAW-UPTO", N_("Does 'draw up to two' fill the hand to two, or draw two cards?"),
        default="fill-to-two", choices=("fill-to-two", "draw-two"),
        why=N_("'Up to two' reads as a hand limit: the hand is refilled to two cards (to one after "
               "a support), which is what makes the support penalty bite. With 'draw-two' a player "
               "draws two (one after a support) whatever the hand holds, and hands grow."),
    )
    promotion_window: str = ruling(
        "GT-PROMO-WHEN", N_("Is a promotion proposed before or after the skirmish's draw?"),
        default="before-draw", choices=("before-draw", "after-draw"),
        why=N_("The text says 'before a skirmish', and the draw is step 1 of a skirmish, so the "
               "window comes first, while hands hold only what is left from the last skirmish."),
    )
    guerrillas_played: str = ruling(
        "GT-PROMO-PLAYED", N_("Since when must every player have played a Guerrilla?"),
        default="since-rank-change", choices=("since-rank-change", "whole-game"),
        why=N_(
            "Counting since the last rank change makes each new wave of Guerrillas earn the next "
            "one ('escalating waves'); over the whole game the condition, once met, holds "
            "for ever. Either way a card counts if it was a Guerrilla when it was laid (face "
            "up, in support or face down in a tie), and only players still in the game count."),
    )
    recruit_short: str = ruling(
        "GT-RECRUIT-SHORT", N_("What if the proposer's draw pile holds too few cards to recruit?"),
        default="draw-pile-only", choices=("draw-pile-only", "reshuffle"),
        why=N_("The text takes the cards from the draw pile, so the canceller gets what is there. "
               "With 'reshuffle' the proposer's discard pile is shuffled into a new draw pile, as "
               "for a draw, and the recruiting goes on."),
    )
    tie_down: str = ruling(
        "GT-TIE-DOWN", N_("In a tie-break, does the face-down card count toward a pair?"),
        default="stake", choices=("stake", "pair"),
        why=N_("The text says to compare face-up cards, so the face-down card is only at stake. "
               "With 'pair' it is turned up and makes a pair when it matches the face-up card."),
    )
    tie_cards: str = ruling(
        "GT-TIE-FROM-HAND", N_("In a tie-break, must the two cards played be the two just drawn?"),
        default="just-drawn", choices=("just-drawn", "from-hand"),
        why=N_("The text says draw two, then play one down and one up: those two. With "
               "'from-hand' any two cards of the hand may be played."),
    )
    tie_cannot_draw: str = ruling(
        "GT-TIE-CANNOT-DRAW", N_("What if a tied player cannot draw the two tie-break cards?"),
        default="eliminated", choices=("eliminated", "tie-stands"),
        why=N_(
            "The Elimination rule covers every draw: a tied player who cannot draw a single card "
            "is out (one who draws one card plays it face up). With 'tie-stands' the tie-break "
            "is not played when a tied player lacks two cards, and the tied players share."),
    )
    tie_penalty: str = ruling(
        "GT-TIE-PENALTY", N_(
            "Does the face-down tie-break card count as a support for the penalty?"),
        default="no", choices=("no", "yes"),
        why=N_("The penalty follows a player's choice to support when tied or losing; every tied "
               "player must lay the face-down card, so it is a stake, not that choice."),
    )
    involved: str = ruling(
        "GT-INVOLVED", N_("Does a Guerrilla laid face down count as involved in the skirmish?"),
        default="any", choices=("any", "face-up"),
        why=N_("Loss of forces counts 'all cards used in the skirmish', face-down ones included, "
               "so a Guerrilla among them was involved too."),
    )
    loss_pick: str = ruling(
        "GT-LOSS-PICK", N_("Which half of the cards does loss of forces remove?"),
        default="random", choices=("random", "lowest"),
        why=N_("The cards go face down, so nobody chooses them: they are drawn at random. "
               "'lowest' removes the lowest cards first (Guerrillas lowest), ties in the order "
               "laid."),
    )
    spoils_split: str = ruling(
        "GT-SPOILS-SPLIT", N_(
            "How do several winners split the spoils? Where does an odd card go?"),
        default="odd-removed", choices=("odd-removed", "dealt-in-turn"),
        why=N_("Equal shares are fair, so a card that cannot be shared is removed. 'dealt-in-turn' "
               "deals the cards round the winners in seat order, so earlier seats may get one "
               "more."),
    )
    spy_removed: str = ruling(
        "GT-SPY-REMOVED", N_("Must the winner reveal first when loss of forces removed the spy?"),
        default="still-reveals-first", choices=("still-reveals-first", "only-if-kept"),
        why=N_("The spy rule is about winning a skirmish in which an opponent showed a spy, not "
               "about keeping the card."),
    )
    reveal_first_scope: str = ruling(
        "GT-REVEAL-FIRST-SCOPE", N_("Does revealing first also bind the tie-break plays?"),
        default="play-only", choices=("play-only", "tie-breaks-too"),
        why=N_("The text says 'reveal your card first next skirmish', in the play step; "
               "tie-breaks are laid by all tied players at once."),
    )
    skirmish_limit: int | None = ruling(
        "GT-LIMIT", N_("After how many skirmishes is an undecided game stopped as a draw?"),
        default=1000, choices=(1000, 200, 5000, None),
        accepts=_is_limit,
        allowed_text="a whole number of skirmishes of at least 1, or None for no limit",
        why=N_("The text has no limit, but once the Guerrillas are all removed no card leaves the "
               "game and it may never end. None removes the limit."),
    )
    declare: str = ruling(
        "GT-DECLARE", N_("Who is asked when being asked could show a hidden hand?"),
        default="those-able", choices=("those-able", "everyone"),
        why=N_("'those-able' asks only the players who can act: in a promotion window who may "
               "propose (no Guerrilla in hand), then who may cancel (a Guerrilla in hand), in "
               "seat order, each answer acting at once; at a support, who has a card that "
               "would help. Being asked then gives away who holds a Guerrilla or a helpful "
               "card. With 'everyone' (for play between people: rooms, pass-and-play) who is "
               "asked follows from what everyone sees: every player still in declares at once "
               "in a promotion window, and every tied or losing player with a card in hand at "
               "a support, even one whose only choice is 'pass', 'allow' or 'decline'. The "
               "declarations stay hidden until all are in and are revealed together; the "
               "first proposer in seat order proposes and the first canceller after them "
               "recruits (GT-PROMO-ONCE, GT-MULTI-CANCEL)."),
    )

    def __post_init__(self) -> None:
        check_rulings(self)
        if self.players != 2 and self.two_player_deck != "two-suits":
            raise BadInput(f"ruling GT-SETUP ({self.two_player_deck!r}) is for two players only, "
                           f"and this game has {self.players}",
                           allowed="the default 'two-suits' (it changes nothing for 3 or 4)")

    @property
    def suits(self) -> tuple[str, ...]:
        """Each player's suits, in seat order (GT-SETUP)."""
        if self.players == 2 and self.two_player_deck == "two-suits":
            return ("HD", "CS")
        return ("S", "H", "D", "C")[: self.players]


FIXED_RULINGS = (
    FixedRuling("GT-GUERRILLA-VS-OTHER", N_("How does a Guerrilla compare with other cards?"),
                N_("Below every card that is not a Guerrilla: every card above the Guerrilla rank "
                   "is higher, and all Guerrillas are equal to each other.")),
    FixedRuling("GT-PAIR-ORDER", N_("How do pairs compare?"),
                N_("A pair beats any single card; between pairs the higher rank wins, a pair of "
                   "Guerrillas is the lowest pair, and equal pairs tie.")),
    FixedRuling("GT-SUPPORT-IMPROVES", N_("When does a support 'improve your outcome'?"),
                N_("When it lifts you from losing to a tie or a win, or from a tie to a win, "
                   "judged against the cards on the table before anyone supports.")),
    FixedRuling("GT-REVEAL-ORDER", N_("What if several players captured a spy?"),
                N_("They choose and reveal first, together; the others then choose seeing them.")),
    FixedRuling("GT-PROMO-ACCEPT", N_("Who accepts a promotion?"),
                N_("Nobody votes: it is accepted unless some player cancels it.")),
    FixedRuling("GT-PROMO-AT-MAX", N_("May a promotion be proposed at rank 6?"),
                N_("No: the rank can never pass 6.")),
    FixedRuling("GT-PROMO-ONCE", N_("How many promotions may be proposed before one skirmish?"),
                N_("One: the players who may propose are asked in seat order (or all declare "
                   "at once, under GT-DECLARE 'everyone', and the first proposer in seat order "
                   "proposes), and once one proposes, accepted or cancelled, the skirmish "
                   "begins.")),
    FixedRuling("GT-MULTI-CANCEL", N_("Several players could cancel: who recruits?"),
                N_("They are asked in seat order after the proposer (or all declare at once, "
                   "under GT-DECLARE 'everyone'); the first to cancel in that order recruits.")),
    FixedRuling("GT-CANCEL-CARD", N_("What happens to the Guerrilla revealed to cancel?"),
                N_("It is shown to everyone and stays in its owner's hand.")),
    FixedRuling("GT-RECRUIT-WHICH", N_("Which of the proposer's cards are recruited?"),
                N_("The top cards of the draw pile: it is shuffled face down, so they are as good "
                   "as random, and a lesson with a stacked deal can name them.")),
    FixedRuling("GT-ELIM-HAND", N_("Where do an eliminated player's remaining cards go?"),
                N_("The cards in hand go to the removed pile; cards already on the table stay in "
                   "the skirmish.")),
    FixedRuling("GT-SPY-FACE-DOWN", N_("Is a spy laid face down ever 'revealed'?"),
                N_("No: only cards laid face up (played, in support, or face up in a tie-break).")),
    FixedRuling("GT-NO-WINNER", N_("What if every tied player is eliminated in a tie-break?"),
                N_("Nobody wins the skirmish: all its cards go to the removed pile.")),
    FixedRuling("GT-ALL-OUT", N_("What if the last players are all eliminated at once?"),
                N_("Nobody remains to win: the game is a draw.")),
    FixedRuling("GT-ONE-CARD", N_("What if a player has only one card to play?"),
                N_("It is played without asking; the log says so and names it only when "
                   "revealed.")),
)
