"""Trade War's rule options: the TW-* rulings, each with its question, default and reason."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from wartutor.core.errors import BadInput
from wartutor.core.rulings import FixedRuling, check_rulings, ruling
from wartutor.language import N_


def _is_limit(value: Any) -> bool:
    return value is None or (type(value) is int and value >= 1)


@dataclass(frozen=True)
class TradeRules:
    """The options of Trade War. Player 0 is "you"; the others are computer players."""

    players: int = ruling(
        "TW-PLAYERS", N_("How many people play?"),
        default=3, choices=(2, 3, 4, 5),
        why=N_("The text allows 2 to 5. Three shows the choice of whom to ask."),
    )
    first_player: str | int = ruling(
        "TW-FIRST", N_("Who plays first (\"the first to punch their neighbor\")?"),
        default="random", choices=("random", 0, 1, 2, 3, 4),
        why=N_("A classroom should not punch anyone: the first player is drawn at random from the "
               "seed. A number names a player instead (0 is you)."),
    )
    refill: str = ruling(
        "TW-REFILL", N_("At the start of a turn, must the hand be refilled to seven from the "
                        "resource pile?"),
        default="to-seven", choices=("to-seven", "optional"),
        why=N_("The text speaks of resources 'to replenish their hand', so a hand is refilled "
               "first (you pick which resource cards); the centre draw is only for a player whose "
               "resources run short. With 'optional' a player may keep cards in the pile, where "
               "they score, and play on with a short hand."),
    )
    ask_hold: bool = ruling(
        "TW-ASK-HOLD", N_("Must you hold a card of the rank you ask for (the Go-Fish rule)?"),
        default=False, choices=(False, True),
        why=N_("The text only says the instigator 'guesses a card in another player's hand'; "
               "True adds the Go-Fish rule, which also tells everyone a rank you hold."),
    )
    stake_size: str = ruling(
        "TW-TRIPLES", N_("The defender holds three or four of the asked rank: how many go down?"),
        default="all", choices=("all", "two"),
        why=N_("The text makes both of a double go down; by the same reasoning every copy does "
               "(as in Go-Fish). 'two' reads 'doubles' literally."),
    )
    stake_doubles: str = ruling(
        "TW-STAKE-DOUBLES", N_("Do doubles laid down as the stake count as the defender's battle "
                               "play?"),
        default="stake", choices=("stake", "play"),
        why=N_("The text says doubles of a requested number go down 'as a resource': a stake, "
               "not a play; the battle follows with cards from the hands. With 'play' the laid "
               "doubles are the defender's play, so only doubles beat them."),
    )
    battle_play: str = ruling(
        "TW-BATTLE-PLAY", N_("In a battle, do players choose their card, or must they play their "
                             "highest?"),
        default="free", choices=("free", "forced"),
        why=N_("'Playing the highest card in their hands' reads best as a goal: each plays the "
               "card they think will win, the instigator first, so the defender answers knowing "
               "it. With 'forced' each plays their highest rank (two of them if they hold two); "
               "the Mueller joker has no rank and is played only when nothing else is left."),
    )
    ace: str = ruling(
        "TW-RANKS", N_("Is the ace high or low?"),
        default="high", choices=("high", "low"),
        why=N_("Ace high, as in War. A low ace counts as one, a number card."),
    )
    mueller_vs_ace: str = ruling(
        "TW-MUELLER-ACE", N_("Does the Mueller joker beat a high ace?"),
        default="mueller", choices=("mueller", "ace"),
        why=N_("Mueller 'beats all face cards but loses to numbers': he topples the high cards. "
               "A high ace is not a number and ranks above the king, so it falls with them. "
               "A low ace is a number and always beats Mueller."),
    )
    mueller_vs_doubles: str = ruling(
        "TW-MUELLER-DOUBLES", N_("Mueller against a pair of face cards: who wins?"),
        default="doubles", choices=("doubles", "mueller"),
        why=N_("Doubles 'can only be beat by doubles', and Mueller is a single card."),
    )
    battle_tie: str = ruling(
        "TW-BATTLE-TIE", N_("Equal single cards or equal pairs (a king against a king): who wins?"),
        default="defender", choices=("defender", "again"),
        why=N_("The instigator wins only by playing the highest card; a tie is not higher, so the "
               "defender holds. With 'again' both play another card, as in a War war, and the "
               "winner takes everything in play."),
    )
    putin_targets: str = ruling(
        "TW-PUTIN", N_("Which cards may the Putin joker assassinate?"),
        default="table", choices=("table", "table-or-hand"),
        why=N_("'Out of turn' means in someone else's battle: Putin's holder may strike once the "
               "battle cards are down, at any card on the table. The battle then ends on what is "
               "left, and a side with no card left loses. 'table-or-hand' also allows a random "
               "card from another player's hand."),
    )
    winnings: str = ruling(
        "TW-WINNINGS", N_("Where do the cards won in a battle go?"),
        default="resources", choices=("resources", "hand-first"),
        why=N_("Won cards are the 'resources' the game is scored on, so they go face down on the "
               "winner's resource pile. 'hand-first' fills the hand to seven first."),
    )
    streak: str = ruling(
        "TW-STREAK", N_("Are the three battles in a row counted within one turn, or across turns?"),
        default="turn", choices=("turn", "game"),
        why=N_("The reward 'then ends their turn', so it belongs inside a turn: an instigator's "
               "third win in one turn. With 'game' every battle a player wins counts, defending "
               "too, until that player loses one."),
    )
    reward_to: str = ruling(
        "TW-REWARD-DEST", N_("Where does the three-wins reward card go?"),
        default="resources", choices=("resources", "hand"),
        why=N_("It is taken from a 'resource' pile or the centre and is a prize: it scores. "
               "With 'hand' it goes to the hand if there is room."),
    )
    turn_order: str = ruling(
        "TW-TURN-ORDER", N_("Who instigates after a turn ends?"),
        default="clockwise", choices=("clockwise", "defender"),
        why=N_("The text says nothing, so the usual order: the next player clockwise. With "
               "'defender' the player who ended the turn (by defending, or by not holding the "
               "guessed card) instigates next."),
    )
    end: str = ruling(
        "TW-END", N_("The centre pile empties in the middle of a turn: when does the game end?"),
        default="at-once", choices=("at-once", "end-of-turn"),
        why=N_("'The game ends when the center resource pile is depleted': at once."),
    )
    final_tie: str = ruling(
        "TW-TIE", N_("Two players tie for the most resource cards."),
        default="shared", choices=("shared", "draw"),
        why=N_("Both hold the most cards, so both have won; 'draw' calls it nobody's game."),
    )
    turn_limit: int | None = ruling(
        "TW-LIMIT", N_("After how many turns is a game stopped unfinished?"),
        default=400, choices=(400, 100, 1000, None),
        accepts=_is_limit,
        allowed_text="a whole number of turns of at least 1, or None for no limit",
        why=N_("The centre only shrinks when a player runs short or takes a reward, so a game "
               "can last very long. The limit stops it; it is then reported unfinished, not won."),
    )
    # The last ruling: deal codes letter the rulings in this order, so a new one goes here.
    putin_window: str = ruling(
        "TW-PUTIN-WHO", N_("Once both battle plays are down, who is asked whether to play Putin?"),
        default="holder", choices=("holder", "everyone"),
        why=N_("With 'holder' only Putin's holder is asked, and only when someone holds him, so "
               "watching who is asked gives away who holds Putin: fine against the computer. "
               "'everyone' is for play between people (rooms, pass-and-play): at every battle "
               "every player declares, the two who battle too (Putin's holder may be one of "
               "them): 'pass', or Putin's holder a strike. The declarations stay hidden until all "
               "are in, then are shown together. So that nothing else shows where Putin is, a "
               "player holding him beside a single battle card is asked for that play (not "
               "made to play it at once), and an instigator holding Putin alone may ask (a hit "
               "then finds no battle card, and the battle is lost)."),
    )

    def __post_init__(self) -> None:
        check_rulings(self)
        if isinstance(self.first_player, int) and self.first_player >= self.players:
            raise BadInput(f"ruling TW-FIRST (first_player) cannot be {self.first_player} with "
                           f"{self.players} players",
                           allowed=f"'random' or a player from 0 to {self.players - 1}")


FIXED_RULINGS = (
    FixedRuling("TW-DECK", N_("Which cards are in the deck?"),
                N_("The 52 standard cards and two jokers: Mueller (MJ) and Putin (PJ).")),
    FixedRuling("TW-ASK", N_("What does a guess name?"),
                N_("Another player who holds at least one card, and a rank (2 to ace), never a "
                   "suit.")),
    FixedRuling("TW-ASK-JOKER", N_("May a guess name a joker?"),
                N_("No: the jokers are not 'numbers' and have their own powers.")),
    FixedRuling("TW-DOUBLES-FACE", N_("Do doubles include jacks, queens, kings and aces?"),
                N_("Yes: any two cards of one rank are doubles.")),
    FixedRuling("TW-PLAY-SIZE", N_("How many cards make a battle play?"),
                N_("One card, or two of the same rank (doubles).")),
    FixedRuling("TW-PUTIN-BATTLE", N_("May Putin be played as a battle card?"),
                N_("No: Putin only assassinates.")),
    FixedRuling("TW-EMPTY-HAND", N_("A player has no battle card left."),
                N_("An instigator without one cannot ask, and the turn ends (unless holding Putin "
                   "alone under ruling TW-PUTIN-WHO 'everyone'); a defender without one loses the "
                   "battle.")),
    FixedRuling("TW-OWN-PILE", N_("May you look at your own resource pile?"),
                N_("Yes: you need to, to choose what to swap. Others see only how many cards it "
                   "has.")),
    FixedRuling("TW-SWAP-ONCE", N_("How are cards swapped at the start of a turn?"),
                N_("One hand card for one resource card at a time; a card moves once a turn.")),
    FixedRuling("TW-DRAW-WHEN", N_("When is there 'not enough resources to replenish' the hand?"),
                N_("When, at the start of the turn, hand and resource pile hold fewer than seven "
                   "cards together. The drawn card goes to the hand; one per turn.")),
    FixedRuling("TW-REWARD-PICK", N_("Who chooses where the three-wins reward comes from?"),
                N_("The winner chooses the centre or a player's pile or hand; the card from a "
                   "player is taken at random, face down.")),
    FixedRuling("TW-STALL", N_("What if nobody can ask for a whole round?"),
                N_("The game ends there and is scored as usual.")),
)
