"""Each variant's rules in the package's own plain words, for the printed hand-out.

These are the paragraphs of "The rules" on each variant's page of the documentation
(docs/variants/), shortened where a page goes into detail a hand-out does not need; a
test checks that every rule a page describes (its **ID**) is here too. Each paragraph
names the rule section the apps cite (empty where a paragraph belongs to none). Trade
War's are in the rule text's words; the hand-out says them with the jokers' names in
force (:func:`wartutor.variants.trade_war.explain.worded`).
"""

from __future__ import annotations

from wartutor.language import N_

Paragraphs = tuple[tuple[str, str], ...]

CLASSIC_WAR: Paragraphs = (
    ("CW-1", N_("The deal. The 52 cards are shuffled and split into two face-down decks of 26, "
                "one for each player. Nobody looks at or reorders a deck.")),
    ("CW-2", N_("A battle. Both players turn the top card of their deck. The higher rank takes "
                "both cards: aces are highest, then king, queen, jack and 10 down to 2, and suits "
                "never matter. The winner puts the cards at the bottom of their own deck.")),
    ("CW-3", N_("A war. When the two turned cards have the same rank, each player lays cards "
                "face down (one, as written; ruling CW-WAR-DOWN) and turns one more. The higher of "
                "the new face-up cards takes every card on the table. If they tie again, another "
                "war follows on top of the first, as often as needed. A battle and all the wars it "
                "leads to count as one battle.")),
    ("", N_("The end. A player who holds every card wins. A player who cannot lay the cards a "
            "war needs loses (ruling CW-SHORT-SCOPE); if both run short at the same point, it is "
            "a draw (ruling CW-SHORT). After 500 battles without a winner the game is a draw "
            "(ruling CW-LIMIT).")),
)

GUERRILLA_TACTICS: Paragraphs = (
    ("", N_("The setup (ruling GT-SETUP). Each player owns one suit of the standard deck, 13 "
            "cards, shuffled into a face-down draw pile; with two players, each owns two suits "
            "(26 cards), unless the ruling says one. Everyone also has a discard pile, and one "
            "shared removed pile holds the cards that leave the game for good. The 2s are the "
            "Guerrillas at the start and the 7s are spies.")),
    ("GT-GUERRILLAS", N_("Every card from 2 up to the current Guerrilla rank is a Guerrilla. All "
                         "Guerrillas count as the same rank: any two of them make a pair, and a "
                         "Guerrilla is below every card that is not one. The rank starts at 2 "
                         "and can be raised to 6 at most.")),
    ("GT-SKIRMISH", N_("The game is a run of skirmishes, each in three steps.")),
    ("GT-DRAW", N_("Draw: each player draws until the hand holds two cards (ruling "
                   "GT-DRAW-UPTO). A player whose draw pile is empty first shuffles the discard "
                   "pile into a new one.")),
    ("GT-PENALTY", N_("A player who supported in the last skirmish draws one card fewer.")),
    ("GT-PLAY", N_("Play: each player chooses one card in secret, and the cards are turned up "
                   "together.")),
    ("GT-REVEAL-FIRST", N_("A player who captured a spy in the last skirmish must show their "
                           "card before the others choose.")),
    ("GT-EVALUATE", N_("Evaluate: the highest card leads; players sharing the highest rank are "
                       "tied.")),
    ("GT-SUPPORT", N_("A player who is losing or tied may add their second card as a support, "
                      "but only if that improves the outcome. Supports are added together. A "
                      "pair beats any single card (a pair of Guerrillas too), and between pairs "
                      "the higher rank wins.")),
    ("GT-TIE", N_("Players still tied for the best draw two cards each and lay one face down and "
                  "one face up; the face-up cards are compared, and only the players still tied "
                  "go on to another round of the tie-break.")),
    ("GT-LOSS", N_("Loss of forces: if a Guerrilla took part in the skirmish, half of the cards "
                   "used (rounded down) go face down to the removed pile.")),
    ("GT-SPOILS", N_("The rest of the cards go to the winner's discard pile (split between "
                     "winners if several won).")),
    ("GT-SPY", N_("Whoever wins a skirmish in which an opponent showed a spy must reveal first in "
                  "the next skirmish. Winning with your own spy as the only one on the table does "
                  "not count.")),
    ("GT-PROMOTION", N_("Before a skirmish, a player holding no Guerrilla may propose to raise "
                        "the Guerrilla rank by one, once every player has played at least one "
                        "Guerrilla.")),
    ("GT-CANCEL", N_("Any other player may cancel the promotion by showing a Guerrilla from "
                     "their hand. The canceller then recruits as many cards as the Guerrilla "
                     "rank from the top of the proposer's draw pile into their own discard "
                     "pile.")),
    ("GT-ELIM", N_("A player who must draw and has no cards in either pile is eliminated.")),
    ("GT-WIN", N_("The last player remaining wins.")),
)

WAR_ROOM: Paragraphs = (
    ("WR-DEAL", N_("The deck is shuffled and dealt out evenly; each player must get at least 10 "
                   "cards. Each player keeps their cards as a face-down draw stack that nobody "
                   "may look through or reorder, and starts with an empty collection pile. How "
                   "the first player of the first round is chosen is ruling WR-FIRST.")),
    ("WR-REVEAL", N_("A round, step 1: every player still in the game turns up the top card of "
                     "their draw stack at the same moment. A card just revealed has its printed "
                     "VC (its value).")),
    ("WR-DECLARE", N_("Step 2: each player declares activate or decline. All declarations are "
                      "made before any activation resolves, so nobody learns another's choice in "
                      "time to react.")),
    ("WR-RESOLVE", N_("Step 3: the activated cards resolve one after another, clockwise from the "
                      "first player. An activated card carries out every one of its instructions, "
                      "in order; only instructions marked optional may be skipped.")),
    ("WR-COMPARE", N_("Step 4: the revealed cards' VCs, as the activations left them, are "
                      "compared: the lowest wins.")),
    ("WR-COLLECT", N_("Step 5: a single winner takes every revealed card into their collection "
                      "pile and is the first player of the next round.")),
    ("WR-TIE", N_("When two or more players share the lowest VC, only they take part in a "
                  "tie-break: they declare again, the activations resolve, and only their cards "
                  "are compared, until one is left. Each card keeps its current VC.")),
    ("WR-VC", N_("A VC has no top and no bottom. A card at 10 that loses 12 is at -2, and -2 "
                 "beats 0.")),
    ("WR-ATTACK", N_("An Attack instruction hits the cards its wording names.")),
    ("WR-DEFEND", N_("A Defend instruction acts on its own card. (Defend Ally needs a friendly "
                     "card, and in individual play there is none, so it does nothing: ruling "
                     "WR-TEAMS.)")),
    ("WR-NO-TARGET", N_("An instruction with no legal target does nothing, and the card's other "
                        "instructions still resolve. Only the revealed cards of the current round "
                        "can be targets.")),
    ("WR-ELIMINATE", N_("After each round, a player with no cards in either the draw stack or the "
                        "collection pile is out of the game.")),
    ("WR-RESHUFFLE", N_("If a remaining player's draw stack is empty, every remaining player "
                        "shuffles their draw stack and collection pile together into a new draw "
                        "stack.")),
    ("WR-END", N_("The last player remaining wins; if nobody remains, the game is a draw.")),
)

TRADE_WAR: Paragraphs = (
    ("TW-DEAL", N_("The 52 standard cards and the two jokers are shuffled, each player is dealt "
                   "7, and the rest go face down in the centre. Who starts is ruling TW-FIRST.")),
    ("TW-GUESS", N_("The player whose turn it is, the instigator, names another player and a "
                    "rank. If that player holds a card of that rank, they lay it face up on the "
                    "table as the stake, and the two battle for it.")),
    ("TW-BATTLE", N_("The instigator plays a card from their hand first, then the defender; the "
                     "higher play wins every card on the table.")),
    ("TW-CONTINUE", N_("An instigator who guessed right and won the battle goes on: another "
                       "guess, at the same player or another.")),
    ("TW-MISS", N_("A wrong guess ends the instigator's turn.")),
    ("TW-DEFENCE", N_("A defender who plays higher collects every card on the table, and the "
                      "instigator's turn ends.")),
    ("TW-HAND-LIMIT", N_("Nobody holds more than seven cards in hand; everything else a player "
                         "wins is stacked face down in front of them, their resource pile.")),
    ("TW-SWAP", N_("Cards move between hand and resource pile only at the start of their owner's "
                   "turn.")),
    ("TW-CENTER-DRAW", N_("A player whose resources are too few to fill the hand again may draw "
                          "one card from the centre at the start of their turn.")),
    ("TW-THREE-WINS", N_("Three battles won in a row earn a reward: a card from the centre, or a "
                         "card taken at random from another player's resource pile or hand. The "
                         "turn then ends.")),
    ("TW-END-GAME", N_("The game ends when the centre pile is used up, and the player with the "
                       "most cards in their resource pile wins.")),
    ("TW-MUELLER", N_("The Mueller joker beats every face card and loses to every number card.")),
    ("TW-PUTIN-KILL", N_("The Putin joker may be played out of turn to assassinate a card: that "
                         "card leaves the game, and Putin is shuffled back into the centre.")),
    ("TW-DOUBLES", N_("A defender holding two cards of the rank asked for lays both down. In a "
                      "battle, a pair (doubles) can only be beaten by a pair: an ace loses to two "
                      "threes.")),
)

ARSENAL: Paragraphs = (
    ("AR-DECK", N_("Six suits, ranked from the highest: Space Force, Special Ops, Soldiers, "
                   "Mercenaries, Militia and Pirates. Every suit holds the same 15 cards, so the "
                   "deck has 90: bombs of level 1 (Grenade Launcher, Rocket, Dynamite), level 2 "
                   "(Cruise Missile, Rapid Missiles, Semtex), level 3 (Airstrike, Chemical Bomb, "
                   "Stealth Bomber) and level 4 (Nuke, Meteor); three shields, Kevlar (cap 1), "
                   "Brick Wall (cap 2) and Shield (cap 3); and one Counter-Strike.")),
    ("AR-SETUP", N_("You and the computer get 7 cards each; the rest is a face-down draw pile.")),
    ("AR-ROUND", N_("Each round both sides play one card. Between bombs the higher level wins "
                    "whatever the suits, and at equal levels the higher suit wins. The winner "
                    "captures both cards: they score, and they are out of the game.")),
    ("AR-SAME-SUIT", N_("Two bombs of the same level and the same suit are settled by an order "
                        "within each level, from the weakest: Dynamite, Grenade Launcher, Rocket "
                        "(level 1); Semtex, Rapid Missiles, Cruise Missile (level 2); Chemical "
                        "Bomb, Stealth Bomber, Airstrike (level 3); Nuke, Meteor (level 4).")),
    ("AR-WHO-LEADS", N_("A coin toss decides who leads round 1. The leader plays face up without "
                        "seeing the other's card; the other answers knowing it. After that, the "
                        "winner of a round leads the next, so winning hands you the harder, blind "
                        "part.")),
    ("AR-SHIELDS", N_("A shield beats any bomb whose level is at or under its cap: Kevlar up to "
                      "level 1, Brick Wall up to 2, Shield up to 3. No shield stops a level 4 "
                      "bomb. Two shields: the higher cap wins, and at equal caps the higher "
                      "suit.")),
    ("AR-COUNTER-STRIKE", N_("A Counter-Strike blocks a bomb and wins the round, except against a "
                             "level 4 bomb, which it cannot touch. It beats any shield. Two "
                             "Counter-Strikes: the higher suit wins.")),
    ("AR-WINNING", N_("After each round both sides draw back up from the pile while it lasts; "
                      "then the hands shrink together, one card a round. When every card is "
                      "played (ruling AR-DRY), the side with more captured cards wins.")),
    ("AR-SUDDEN", N_("If the captured counts are equal, the whole deck is shuffled again for one "
                     "deciding draw: you turn a card, then the computer, and the usual comparison "
                     "decides the match.")),
    ("AR-THE-CAMPAIGN", N_("Ten levels, each a match against a new computer player with its own "
                           "look. Winning a match opens the next level; the cards never change, "
                           "only how well the computer plays (ruling AR-CAMPAIGN).")),
)

RULES: dict[str, Paragraphs] = {
    "classic_war": CLASSIC_WAR,
    "guerrilla_tactics": GUERRILLA_TACTICS,
    "war_room": WAR_ROOM,
    "trade_war": TRADE_WAR,
    "arsenal": ARSENAL,
}

# Where each variant's page of the documentation is (its "The rules" is the source).
DOCS_PAGES = {"classic_war": "classic-war", "guerrilla_tactics": "guerrilla-tactics",
              "war_room": "war-room", "trade_war": "trade-war", "arsenal": "arsenal"}
