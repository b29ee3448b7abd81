"""The notebooks' teaching text, by notebook and section, in the language in force.

A notebook carries no words of its own. Each of its text cells is a thin code cell that
shows a section of this module: ``lesson("classic_war", "rules")``
(:func:`wartutor.ui.lesson_cell.lesson`) shows it in the language in force, and again in
a new one when the student chooses it in an app's language menu on the same page; the
start page's ``start_lesson("welcome")`` (:func:`wartutor.ui.start.start_lesson`) in the
start page's language. So the rules in short, how to use each app and the lessons'
questions are in the catalogs with every other word of the package, and a word is fixed
there (``docs/languages.md``).

Each section is one Markdown text, marked whole, as it stands in the notebook: a
translator says the whole section in their language, keeping its headings, lists, bold
words and code.

>>> lesson_text("classic_war", "rules").splitlines()[0]
'# Classic War: how to play, in short'
>>> lesson_text("pass_and_play", "rules")
Traceback (most recent call last):
ValueError: pass_and_play has no lesson 'rules'; its lessons: pass_and_play
"""

from __future__ import annotations

from wartutor.language import N_, _

# Each notebook's sections (by the notebook's name without .ipynb), in the notebook's order.
LESSONS: dict[str, dict[str, str]] = {
    "start": {
        # Translators: Markdown: keep its headings (#), lists, **bold**, *italics*, `code`
        # and links as they are; a button's or a menu's name in bold is the app's own
        # word for it in your language.
        "welcome": N_("""\
# wartutor: learn War, one explained step at a time

**War** is a card game with no choices: two players split a deck, turn cards, and the
higher card wins. It looks simple, yet people argue about its details. wartutor plays
**five variants of War** and explains **every step** in plain words, naming the rule
that decided it. Where the rules are silent, it names the *ruling* it chose, and you can
**change a ruling and see** what happens to the game.

## Play

Pick a game. **Play** opens it; its rules, in plain words, are on the same page, under
the game. **Explore its rules** plays thousands of games to see what a ruling changes.
**Large print**, at the top, makes this page bigger for a projector."""),
        # Translators: Markdown: keep its headings (#), lists, **bold**, *italics*, `code`
        # and links as they are; a button's or a menu's name in bold is the app's own
        # word for it in your language.
        "replay_a_deal": N_("""\
## Replay one deal as a class

Every game shows its **deal code** under the table, for example `CW-4821`: two letters
for the game, the seed, and any rulings the teacher changed (such as `CW-4821-B3`).
To play one deal together:

1. The teacher reads out the deal code.
2. Everyone types it in the *Join* box and presses **Join deal** (capitals, spaces
   and dashes do not matter).
3. Now everyone's game is the same, battle for battle, so you can compare, predict and
   discuss. The *Step* slider goes back to any earlier battle.

**Take a game home**: under each game, *Take this game home* makes a readable record of
every step and a trace file that opens the same game again, at any step.
**Large print** makes the cards and words bigger for a projector."""),
    },
    "classic_war": {
        # Translators: Markdown: keep its headings (#), lists, **bold**, *italics*, `code`
        # and links as they are; a button's or a menu's name in bold is the app's own
        # word for it in your language.
        "rules": N_("""\
# Classic War: how to play, in short

- Shuffle the 52 cards and give each player half: 26 cards in a face-down pile.
  Nobody looks at their own pile.
- **A battle:** both players flip the card on top of their pile. The card with the
  bigger rank takes both. Ace is the biggest, then king, queen, jack, 10, 9 ... down
  to 2. The suit (&spades; &hearts; &diams; &clubs;) makes no difference.
- **A war:** if the two flipped cards have the same rank, each player lays one card
  face down and flips one more. The bigger of the new face-up cards takes every card
  on the table. Same rank again? Another war, on top.
- The cards you win go to the **bottom** of your pile.
- **The end:** you win when you hold all 52 cards. If a war needs more cards than
  you have, you lose (if both of you run out together, nobody wins). If 500 battles
  pass with no winner, the game is a draw."""),
        # Translators: Markdown: keep its headings (#), lists, **bold**, *italics*, `code`
        # and links as they are; a button's or a menu's name in bold is the app's own
        # word for it in your language.
        "your_turn": N_("""\
## Your turn, explained

- **Turn cards** plays one battle (with all the wars it leads to). The battle then plays
  out on the table one moment at a time: the two cards turned, each war's cards, who takes
  the pile. Each moment's explanation stands under **What just happened**.
- **Pace** sets how fast the moments come: slow, normal (about a second each), fast, or
  instant. **Next** shows the next moment now; **Skip to my turn** jumps to the end.
- **Play 10 battles** plays the next ten for you, at the same pace.
- **Undo** and **Redo** step back and forward; the **Step** slider under the game jumps to
  any step (0 is the deal). Turn cards from an earlier step and the game goes a new way.
- **New round** shuffles a new deal and shows its number in the **Seed** box. The
  same seed always gives the same deal: type a classmate's seed, press **New round**,
  and you play their deal.
- Under the game, the log tells the whole game, newest first. Tick **Rules cited
  (teacher)** to see which rule or ruling decided each moment."""),
        # Translators: Markdown: keep its headings (#), lists, **bold**, *italics*, `code`
        # and links as they are; a button's or a menu's name in bold is the app's own
        # word for it in your language.
        "one_war": N_("""\
## One war, step by step

You flip the nine of spades; the computer flips the nine of hearts. Same rank: **war**.
Each of you lays one card face down and flips another: your **king** meets the computer's
**seven**. The king is higher, so you collect all six cards from the table.
Here is that war, played by wartutor with a stacked deck, and its explanation:"""),
        # Translators: Markdown: keep its headings (#), lists, **bold**, *italics*, `code`
        # and links as they are; a button's or a menu's name in bold is the app's own
        # word for it in your language.
        "rulings": N_("""\
## Rulings, and "show everything"

A rule text never answers every question. In what order do won cards go under your pile?
How many cards go face down in a war? Open **Rulings** under the game to see each answer
wartutor uses, and why. Choose another answer in a menu and press **New round**: the
change applies from the next deal, never in the middle of a game.

**Show everything** is for teachers: it turns the face-down war cards face up (with a
dashed edge) and lists the order of both piles, so a class can predict the next battle
before anyone presses Turn cards. Switch it off to play fair."""),
        # Translators: Markdown: keep its headings (#), lists, **bold**, *italics*, `code`
        # and links as they are; a button's or a menu's name in bold is the app's own
        # word for it in your language.
        "set_up_this_war": N_("""\
## Set up this war

A teacher can start a game from any moment, written out as a **position**: both decks
as card codes (top card first), the battles played so far, the last battle on the table.
Here is the rule text's war, set up after 41 battles: you and the computer each turn a
nine, each lays one card face down and turns another, and your king meets a seven.
Change the cards and run the cell again (`docs/positions.md` lists every key)."""),
    },
    "guerrilla_tactics": {
        # Translators: Markdown: keep its headings (#), lists, **bold**, *italics*, `code`
        # and links as they are; a button's or a menu's name in bold is the app's own
        # word for it in your language.
        "how_to_play": N_("""\
# Guerrilla Tactics

## How to play this app

You sit at seat 0; the computer plays the other seats, wins cheaply when it can, supports only
when that wins, and always stops a promotion it can stop.

- Press a card to play it, then choose whether to support.
- After your choice, the computers' moves play out on the table one moment at a time;
  choose the pace (Slow, Normal, Fast, Instant), or press **Next** or **Skip to my turn**.
- Greyed-out buttons say why, in words just under them.
- Not sure what to do? Press **Coach**. It plays a hundred games on from where you
  stand for each of your choices (the cards you cannot see are dealt at random, so it
  never peeks) and draws how often each choice won, under the table.
- **Computers: Coach (hardest)** (beside the seed box) makes the computers play with the
  coach's help: they play their usual move unless the coach is sure another wins more.
- **Play 10 choices** lets the computer choose for you; **Undo** and the **Step** slider move
  through the game; the same **Seed** deals the same cards on every screen.
- **Rulings** (below the log) lists every place where the rules are silent and what this app
  decided, with the reason. Change one, press **New round**, and see what it does.
- Want more opponents? Set *GT-PLAYERS* under Rulings to 3 or 4 and press **New round**."""),
        # Translators: Markdown: keep its headings (#), lists, **bold**, *italics*, `code`
        # and links as they are; a button's or a menu's name in bold is the app's own
        # word for it in your language.
        "the_goal": N_("""\
## The goal

Be the last player left. Two to four players each fight with their own cards:
one suit each (with two players, two suits each, so the game lasts longer).

**Your piles.** You hold a face-down **draw pile** and a **discard pile**. Cards you win go on
your discard pile; when your draw pile runs out you shuffle your discard pile into a new one.
Cards that are **removed** leave the game for good.

**Special cards.**

- The **Guerrillas** are the low cards: at the start only the **2s**. They are the weakest
  cards alone, all equal to each other, and any two of them make a pair, whatever their printed
  numbers. The *Guerrilla rank* can rise during the game (never above 6): at rank 4, every
  2, 3 and 4 is a Guerrilla.
- The **7s are spies**. Beat a player who showed a spy, and next time *you* must show your card
  first, so everyone else can react to it."""),
        # Translators: Markdown: keep its headings (#), lists, **bold**, *italics*, `code`
        # and links as they are; a button's or a menu's name in bold is the app's own
        # word for it in your language.
        "a_skirmish": N_("""\
## A skirmish, step by step

1. **Draw** until you hold two cards (only one if you supported last time). No cards left to
   draw at all? You are out.
2. **Play** one card. Everyone picks in secret and all are shown together, except that a spy
   catcher shows first.
3. **Compare.** The highest card leads. Aces are high.
4. **Support.** If you are losing or tied, you may add your second card, but only if that
   makes things better for you. A **pair beats any single card**, so two Guerrillas beat an
   ace! Supporting costs you: next skirmish you draw only one card.
5. **Tie-break.** Still tied for best? The tied players draw two cards each, lay one face down
   and one face up, and the face-up cards decide. Repeat while tied.
6. **Loss of forces.** If any Guerrilla took part, half of all the cards used (rounded down)
   are removed from the game.
7. **Spoils.** The winner puts the rest on their discard pile.

**Promotion.** Before a skirmish, once every player has played a Guerrilla, a player holding no
Guerrilla may propose raising the Guerrilla rank by one. Anyone may stop it by showing a Guerrilla
from their hand, and then *recruits* as many cards as the Guerrilla rank from the proposer's
draw pile. So propose when nobody can punish you!"""),
        # Translators: Markdown: keep its headings (#), lists, **bold**, *italics*, `code`
        # and links as they are; a button's or a menu's name in bold is the app's own
        # word for it in your language.
        "a_lesson_position": N_("""\
## A lesson position: a pair of Guerrillas beats a single ace

A teacher can set up any moment of a game as a *position*: every pile as card codes, the
stage and whose choice it is. Here you played your 2 of spades and Ana her ace of hearts:
you are losing, and you hold the 2 of hearts. Two Guerrillas make a pair, and **a pair beats
any single card**, so supporting wins the skirmish at once. A Guerrilla was involved, so half
of the three cards used (one) is lost, and next skirmish you draw only one card."""),
        # Translators: Markdown: keep its headings (#), lists, **bold**, *italics*, `code`
        # and links as they are; a button's or a menu's name in bold is the app's own
        # word for it in your language.
        "ask_the_coach": N_("""\
## Ask the coach

The coach answers the lesson's question by playing on: from your view of the table (it
does not see Ana's cards) it tries each choice in many games and counts the wins. The
same question gets the same answer every time; change `seed` for another set of games."""),
    },
    "war_room": {
        # Translators: Markdown: keep its headings (#), lists, **bold**, *italics*, `code`
        # and links as they are; a button's or a menu's name in bold is the app's own
        # word for it in your language.
        "the_game": N_("""\
# War Room

## The game

**The goal:** be the last player still holding cards. Two to five players share one deck.

**The cards.** Every War Room card has a **VC** number printed on it, and here **low is
good**: in each round the card with the **lowest VC wins**. Most cards can also be
**activated**. An activation is a short list of instructions that change VC numbers:

- **Attack** changes an opponent's card (usually makes it worse, that is, higher);
- **Defend** changes your own card;
- **Defend Ally** would help a teammate's card, but everyone plays alone here, so it
  never finds a target and simply does nothing.

Some instructions must happen (**mandatory**); some you may skip (**optional**). Many
strong activations cost your own card something, so **declining** is sometimes smarter.
VC numbers have no floor and no ceiling: a card can go below zero, and -2 beats 0."""),
        # Translators: Markdown: keep its headings (#), lists, **bold**, *italics*, `code`
        # and links as they are; a button's or a menu's name in bold is the app's own
        # word for it in your language.
        "a_round": N_("""\
## How a round goes

1. **Reveal.** Everyone turns over the top card of their face-down draw stack. It starts
   at its printed VC. Nobody may look through or rearrange their stack.
2. **Declare.** Everyone decides: *activate* or *decline*. Nobody sees anybody else's
   choice until all have chosen; then all the choices are shown at once.
3. **Resolve.** The activated cards do what they say, one after another, going
   clockwise from the player who goes first this round. Targets are picked when each
   instruction happens, so you can react to what the cards before yours did.
4. **Compare.** Lowest VC wins. The winner takes **every** revealed card into their
   collection pile and goes first next round.

**A tie for lowest?** Only the tied players carry on: they declare again, activations
resolve again, and the cards keep the VC they already have. Everyone else's card stays
on the table and can still be hit. This repeats until one player is lowest. If a whole
tie-break step goes by with no card changing, the tie could last forever, so wartutor
settles it with a random draw (a *ruling* you can change below the game).

**After the round.** A player with no cards left in their stack or their collection is
out. Then, if anyone's draw stack is empty, **every** player still in shuffles their
draw stack and collection together into a new draw stack. The last player remaining wins.

(The rules mention "VPR thresholds". They mean nothing in War Room: no points, no resets.)"""),
        # Translators: Markdown: keep its headings (#), lists, **bold**, *italics*, `code`
        # and links as they are; a button's or a menu's name in bold is the app's own
        # word for it in your language.
        "playing": N_("""\
## Playing

You sit at seat 0 (**You**, on the left); the computer plays everyone else and thinks
before it activates. Each seat shows its revealed card: the big number is its VC now
(green when it went down, red when it went up; the lowest wins), the small one is the
VC printed on it, and under the card is what it does when activated.

- **Activate** or **Decline** when it is your turn to declare.
- When your card has to pick a target, the cards it cannot hit are greyed out, and the
  reason is written under the buttons.
- After your choice, the round plays out on the table one moment at a time: each
  activation, every VC change (marked on the card it hit), the comparison, a tie-break,
  who collects. Each moment's explanation stands under **What just happened**.
- **Pace** sets how fast the moments come: slow, normal (about a second each), fast, or
  instant. **Next** shows the next moment now; **Skip to my turn** jumps to your next choice.
- **Play 10 choices** lets the computer choose for you ten times.
- Not sure what to do? Press **Coach**. It plays a hundred games on from where you
  stand for each of your choices (the cards you cannot see are dealt at random, so it
  never peeks) and draws how often each choice won, under the table.
- **Computers: Coach (hardest)** (beside the seed box) makes the computers play with the
  coach's help: they play their usual move unless the coach is sure another wins more.
- **Undo**, **Redo** and the **Step** slider travel through the game. The log under the
  game lists everything, newest first; tick **Rules cited (teacher)** to see which rule
  decided each moment.
- Open **Rulings** to change the number of players, the deck or a ruling, then press
  **New round**: it deals a whole new game (a War Room *round* is one reveal)."""),
        # Translators: Markdown: keep its headings (#), lists, **bold**, *italics*, `code`
        # and links as they are; a button's or a menu's name in bold is the app's own
        # word for it in your language.
        "the_deck": N_("""\
## The deck

wartutor's own 60-card deck, the *Field Manual*: ten kinds of card, six of each, so it
deals evenly to 2, 3, 4 or 5 players. The words in the last column are made from the
deck file itself. To try your own cards, change one in the cell below (or load a deck
file you wrote, in the same format as `wartutor/variants/war_room/field_manual.toml`)
and run the cell again. To play with it, run `war_room_app(players=3, deck=my_deck)` in a new cell."""),
        # Translators: Markdown: keep its headings (#), lists, **bold**, *italics*, `code`
        # and links as they are; a button's or a menu's name in bold is the app's own
        # word for it in your language.
        "a_tie_break": N_("""\
## A lesson position: a tie-break

A teacher can start from any moment of a game, written as plain data: every seat's draw
stack (top card first) and collection pile, the revealed cards and their VC now, the
round, the first player, the tie-break step and who is in it, and whose turn it is (see
`docs/positions.md`). Below, you and Ana are tied at VC 5 and Ben's Sniper (VC 6) is out
of the tie. Only you and Ana declare again and only your two cards are compared, but
Ben's card stays on the table: it can still be hit, and the winner collects it too.
`"stacked": True` lets a lesson leave most of the deck out, as a stacked deal may."""),
        # Translators: Markdown: keep its headings (#), lists, **bold**, *italics*, `code`
        # and links as they are; a button's or a menu's name in bold is the app's own
        # word for it in your language.
        "ask_the_coach": N_("""\
## Ask the coach

Should you activate in the tie-break? The coach plays on from your view of the table (it
cannot see the draw stacks) and counts how often each choice wins the game."""),
    },
    "trade_war": {
        # Translators: Markdown: keep its headings (#), lists, **bold**, *italics*, `code`
        # and links as they are; a button's or a menu's name in bold is the app's own
        # word for it in your language.
        "the_game": N_("""\
# Trade War

## The game

**The goal:** when the centre pile runs out, have the most cards in your **resource pile**, the
face-down pile in front of you. Cards in your hand do not count.

**The cards:** a normal deck plus two jokers with special powers. Everyone gets seven cards;
the rest wait face down in the centre. Two to five people play.

Trade War mixes two games you may know: in **Go Fish** you ask someone for a card, and in
**War** the higher card wins."""),
        # Translators: Markdown: keep its headings (#), lists, **bold**, *italics*, `code`
        # and links as they are; a button's or a menu's name in bold is the app's own
        # word for it in your language.
        "one_turn": N_("""\
## One turn

1. **Get ready.** At the start of your turn you fill your hand back up to seven from your
   resource pile (you choose which cards), and you may **swap** hand cards for resource cards,
   one for one. If hand and resource pile together hold fewer than seven cards, you may also
   **draw** one card from the centre.
2. **Ask.** Pick a player and a rank: "Computer 1, do you have a seven?"
   - No? Your turn is over.
   - Yes? They put it face up on the table. If they hold two or more sevens, *all* of them
     go down. That is the prize.
3. **Battle.** You play a card first, then they answer with one of theirs. The higher card
   wins everything on the table, face down onto the winner's resource pile.
   - You win: ask again, the same player or another one.
   - They win (a tie counts for them): they collect, and your turn is over.
4. **Three wins in a row** earn a bonus card: the top of the centre, or a random card from
   another player's pile or hand. Then your turn ends."""),
        # Translators: Markdown: keep its headings (#), lists, **bold**, *italics*, `code`
        # and links as they are; a button's or a menu's name in bold is the app's own
        # word for it in your language.
        "special_cards": N_("""\
## Special cards

- **Doubles.** Two cards of one rank played together can only be beaten by doubles. Two
  threes beat a single ace!
- **The Mueller joker** knocks over the picture cards (jack, queen, king, and here the ace
  too) but loses to every number card.
- **The Putin joker** never battles. Once both battle cards are down, whoever holds Putin,
  even if it is not their turn, may *assassinate* one card on the table: it leaves the game.
  Putin is then shuffled back into the centre.

The apps call these two jokers **the Rebel** and **the Eraser** by default (names
that say what each does). A teacher can rename them under "Joker names (teacher)",
or use the rule text's names, Mueller and Putin.

The rule sheet leaves some questions open (Is the ace high? Who wins a tie? Must you hold
the rank you ask for?). Each answer this app uses is a **ruling**: see the table under the
game, change one, and press **New round** to play by it."""),
        # Translators: Markdown: keep its headings (#), lists, **bold**, *italics*, `code`
        # and links as they are; a button's or a menu's name in bold is the app's own
        # word for it in your language.
        "playing": N_("""\
## Playing

You are **You**, at the bottom of the table; the computers sit across the top with their
hands face down (one small card for each card they hold). The battle lies in the middle:
the stake, then each side's play. The computer remembers what everyone has asked and
shown, saves its best cards for defending, and uses Putin when that turns a battle.

- Ask with the **Ask** menus: whom, and for which rank. **Take into hand** and **Swap** appear
  at the start of your turn when your resource pile has cards; **Draw from the centre**
  appears when you may draw.
- After your choice, the turn plays out on the table one moment at a time: the stake, your
  card, the defender's answer, Putin, who collects, and then the computers' turns. Each
  moment's explanation stands under **What just happened**.
- **Pace** sets how fast the moments come: slow, normal (about a second each), fast, or
  instant. **Next** shows the next moment now; **Skip to my turn** jumps to your next choice.
- A greyed-out button says why under the buttons.
- Not sure what to do? Press **Coach**. It plays a hundred games on from where you
  stand for each of your choices (the cards you cannot see are dealt at random, so it
  never peeks) and draws how often each choice won, under the table.
- **Computers: Coach (hardest)** (beside the seed box) makes the computers play with the
  coach's help: they play their usual move unless the coach is sure another wins more.
- **Show everything** (for teachers) turns every hand face up; **Rules cited (teacher)**
  names the rule behind each moment. **Undo**, **Redo** and the **Step** slider move through
  the game; the same **Seed** deals the same cards again."""),
        # Translators: Markdown: keep its headings (#), lists, **bold**, *italics*, `code`
        # and links as they are; a button's or a menu's name in bold is the app's own
        # word for it in your language.
        "ask_for_the_eight": N_("""\
## Ask for the eight

A teacher can start a game from any moment, written out as a **position**: every hand and
resource pile as card codes, the centre (top card first), whose turn it is and the stage.
Here you hold the ace of spades, the nine of diamonds and the five of clubs, and Computer 1
holds the eight of hearts, the king of diamonds and the four of clubs. You ask for an
eight: Computer 1 holds it, so it must lay it face up and battle for it. You attack with
your ace, Computer 1 answers with its king, and the ace wins all three cards.
Change the cards or the ask and run the cell again (`docs/positions.md` lists every key)."""),
        # Translators: Markdown: keep its headings (#), lists, **bold**, *italics*, `code`
        # and links as they are; a button's or a menu's name in bold is the app's own
        # word for it in your language.
        "ask_the_coach": N_("""\
## Ask the coach

Whom should you ask, and for what? Here is the first turn of a three-player game: you hold
two sevens and two jacks. The coach cannot see the computers' hands: it deals the cards you
have not seen at random among them and the centre, tries each ask in many games, and counts
how often you win. Asking for a rank you already hold is a good habit: you have a card to
battle with, and doubles in hand beat a single card."""),
    },
    "arsenal": {
        # Translators: Markdown: keep its headings (#), lists, **bold**, *italics*, `code`
        # and links as they are; a button's or a menu's name in bold is the app's own
        # word for it in your language.
        "the_game": N_("""\
# Arsenal

## The game

**A duel of bombs, shields and Counter-Strikes: you against the computer (the NPC).**

**The cards.** 90 cards in six teams, strongest first: Space Force, Special Ops,
Soldiers, Mercenaries, Militia, Pirates. Every team has the same 15 cards:

- **bombs** of level 1 (Rocket, Grenade Launcher, Dynamite), level 2 (Cruise Missile,
  Rapid Missiles, Semtex), level 3 (Airstrike, Stealth Bomber, Chemical Bomb) and
  level 4 (Meteor, Nuke);
- **shields**: Kevlar stops bombs up to level 1, Brick Wall up to level 2, Shield up to level 3;
- one **Counter-Strike**."""),
        # Translators: Markdown: keep its headings (#), lists, **bold**, *italics*, `code`
        # and links as they are; a button's or a menu's name in bold is the app's own
        # word for it in your language.
        "a_round": N_("""\
## A round

You each hold 7 cards. One side **leads**: it puts a card face up without knowing what
the other will do. The other side **answers**, and can see the card it has to beat. The
winner keeps both cards as points, and leads the next round. So winning is good for the
score, but it puts you in the harder seat: next time you must show your card first.
A coin toss picks who leads the very first round.

Who wins a clash?

- **Bomb against bomb:** the higher level. Same level? The stronger team. Same level and
  same team? Each level has its own order: Rocket beats Grenade Launcher beats Dynamite;
  Cruise Missile, Rapid Missiles, Semtex; Airstrike, Stealth Bomber, Chemical Bomb; Meteor
  beats Nuke.
- **Shield against bomb:** the shield wins if the bomb is not too big for it. A bigger
  bomb gets through. Nothing stops a level-4 bomb.
- **Shield against shield:** the one that stops bigger bombs, then the stronger team.
- **Counter-Strike:** throws any bomb back except a level-4 one, and beats every shield.
  Two Counter-Strikes: the stronger team wins.

After each round both sides take a card from the draw pile to get back to 7. When the
pile is gone you keep playing with fewer cards until every card is used. Most points wins."""),
        # Translators: Markdown: keep its headings (#), lists, **bold**, *italics*, `code`
        # and links as they are; a button's or a menu's name in bold is the app's own
        # word for it in your language.
        "ask_the_rules": N_("""\
## Ask the rules

`beats(first, second)` answers any "who wins?" question with the reason. Cards are written
as a kind and a team: `RK-SF` is the Rocket of Space Force, `KV-PR` the Kevlar of the Pirates,
`CS-ML` the Counter-Strike of the Militia. Change the codes and run the cell again."""),
        # Translators: Markdown: keep its headings (#), lists, **bold**, *italics*, `code`
        # and links as they are; a button's or a menu's name in bold is the app's own
        # word for it in your language.
        "a_tie": N_("""\
## Can a match end in a tie?

Not with these 90 cards. Any two different cards have a winner, so every round gives
2 points to someone. There are 90 / 2 = **45 rounds**, an odd number: one side always wins
more rounds than the other, and the points can never be equal.

The rules still say what happens on a tie: **sudden death**. The whole deck is shuffled,
you turn the top card, the NPC the next, and that single clash decides the match. To see
it, open **Rulings** under the game and choose the deck `four-suits` (60 cards, 30 rounds:
an even number, so ties happen), then press **New round**. Matches with changed rulings
are practice: they do not count for the campaign."""),
        # Translators: Markdown: keep its headings (#), lists, **bold**, *italics*, `code`
        # and links as they are; a button's or a menu's name in bold is the app's own
        # word for it in your language.
        "the_campaign": N_("""\
## The campaign

Ten levels, from Boot Camp to Orbital Command. Each has its own arena colours, its own
card backs and its own NPC, and each NPC plays more carefully than the one before: the
first plays whatever comes to hand, the last counts every card already played. Win a
match to open the next level; beat level 10 to clear the campaign. Your progress is saved
after every match, for this browser: come back in the same browser and it is there. Type
your name at the top to put it on your campaign.

Click a card under the table to play it. Not sure which? Press **Coach**: it plays a hundred matches on from
where you stand for each card (the NPC's hand dealt at random: it never peeks) and draws how
often each one won. **Computers: Coach (hardest)** makes the NPC play with the coach's help;
such a match is practice and does not count for the campaign. The log under the game tells what happened,
newest first, with the rule that decided it."""),
        # Translators: Markdown: keep its headings (#), lists, **bold**, *italics*, `code`
        # and links as they are; a button's or a menu's name in bold is the app's own
        # word for it in your language.
        "lead_the_nuke": N_("""\
## You lead the Nuke: what does the NPC answer?

A teacher can start a match from any moment, written out as a **position**: both hands,
the draw pile, the captured piles and the rounds already played, as card codes. Here a
small deck of eight cards: you lead the Nuke of Special Ops. No shield stops it and a
Counter-Strike cannot touch it, but the NPC holds a Meteor of a higher suit. Run the cell
to see every answer it could give, and the one it does give (`docs/positions.md` lists
every key)."""),
        # Translators: Markdown: keep its headings (#), lists, **bold**, *italics*, `code`
        # and links as they are; a button's or a menu's name in bold is the app's own
        # word for it in your language.
        "ask_the_coach": N_("""\
## Ask the coach: save the Nuke?

The NPC leads a Rocket, and you hold a Kevlar and the Nuke. The Kevlar blocks the Rocket;
the Nuke beats it too. Which should you play? The coach does not know the NPC's last card:
it deals it at random from the cards you have not seen, and plays both answers on."""),
    },
    "pass_and_play": {
        # Translators: Markdown: keep its headings (#), lists, **bold**, *italics*, `code`
        # and links as they are; a button's or a menu's name in bold is the app's own
        # word for it in your language.
        "pass_and_play": N_("""\
# Pass and play

Two to five friends at one screen: choose a game and press **Deal**. Under **Players**
choose how many play, which seats are people and which the computer, and type the
people's names; **New round** deals to them. After each turn the table hides every
hand until the next player presses **Ready**, so pass the screen (or turn the laptop)
and nobody sees another's cards.

Every game's own page has the same **Players** button beside **New round**."""),
    },
    "play_together": {
        # Translators: Markdown: keep its headings (#), lists, **bold**, *italics*, `code`
        # and links as they are; a button's or a menu's name in bold is the app's own
        # word for it in your language.
        "rooms": N_("""\
# Play together: rooms

A **room** is one game played by classmates at their own screens.

1. One student (or the teacher) types their name, chooses the **game**, how many
   **players** and how many of them are **students**, and presses **Open a room**. The
   page shows the room's four-letter code: read it out. Every room is shuffled afresh,
   and nobody can see its deal until the game is over.
2. Each classmate types their name and that **room code** and presses **Join the room**.
   Each screen shows only its own player's cards; a move made on one screen appears on
   the others within a second, played out moment by moment.
3. Computers play the seats no student takes.
4. Your seat belongs to your browser. If the page reloads or your laptop sleeps, open
   this page again: you are back at your seat, at the step the game has reached, without
   typing anything. Nobody else can take your seat by typing your name; if you change
   laptops, ask your teacher to free your seat on the class board.

To play a room with other rulings, set them in a game's app and copy its **deal code**
into *Rulings from a deal code*: the room plays those rulings, but never that deal's
cards. Rooms play the rulings under which being asked gives nothing away (GT-DECLARE and
TW-PUTIN-WHO 'everyone') unless the code says otherwise.

When the game is over, **Take this game home** gives its record and its trace."""),
    },
    "rule_explorer": {
        # Translators: Markdown: keep its headings (#), lists, **bold**, *italics*, `code`
        # and links as they are; a button's or a menu's name in bold is the app's own
        # word for it in your language.
        "the_explorer": N_("""\
# Rule explorer: play thousands of games, see the answer

One game of War tells a story; a thousand games answer a question. **How long does a
game last? Can it go on forever? Does going first help? How often is there a tie-break?
How much does a ruling matter?**

1. Pick a **variant**, its **rulings** and the **agents** (the computer players).
2. To see what one ruling changes, choose it under **Compare with**: the same deals are
   played again with only that ruling changed.
3. Choose how many **games** (each variant starts with a number that takes a few
   seconds; the expected time is shown beside the button) and press **Play the games**.
   While they play you see the time left, and **Cancel** stops them.

Every game is dealt from a seed (the first seed, the next one, ...), so the same choices
give the same answer on every screen.

**Reading the answer.** The first picture shows how many games lasted how long, with the
mean, the median (half the games were over by then), the *p90* (nine games in ten were
over by then) and the p99 marked. The second shows how often each player won, with a bar
for the *95% interval*: the range in which the true share lies, given only this many
games. More games, narrower bars. Games stopped at the maximum length are *unfinished*:
they may never end."""),
        # Translators: Markdown: keep its headings (#), lists, **bold**, *italics*, `code`
        # and links as they are; a button's or a menu's name in bold is the app's own
        # word for it in your language.
        "exact_beside_simulated": N_("""\
## Exact beside simulated

Some answers can be worked out exactly, by counting. Classic War's first battle is a war
when both top cards have the same rank: whatever your top card is, 3 of the other 51
cards share its rank, so the chance is **3/51**, about 5.9%. Every variant has one such
question; the explorer shows it, and after a run it shows how far the games played lie
from it, in *standard errors* (how far a simulated share typically strays by chance:
within two or three is as expected). Here are all five, with the counting behind them:"""),
        # Translators: Markdown: keep its headings (#), lists, **bold**, *italics*, `code`
        # and links as they are; a button's or a menu's name in bold is the app's own
        # word for it in your language.
        "the_command_line": N_("""\
From the command line, the same questions: `wartutor rulings classic_war` lists every
ruling, and `wartutor simulate classic_war --games 100000 --set pickup=shuffled --out results.csv`
plays the games and saves one row per game. In Python,
`EXACT["war_room"].check(5000)` plays 5,000 openings against the exact answer."""),
    },
    "strategy_lab": {
        # Translators: Markdown: keep its headings (#), lists, **bold**, *italics*, `code`
        # and links as they are; a button's or a menu's name in bold is the app's own
        # word for it in your language.
        "a_player": N_("""\
# Strategy lab: write a player of your own

A **player** is a small Python function. It is given what one player may see (the *view*)
and the choice it must make now (the *decision*), and it returns one action: one of the
strings in `decision.legal_actions`. It sees nothing more than a player at the table would:
not the other hands, not the deck.

```python
def my_player(view, decision):
    return decision.legal_actions[0]
```

Here we write one for **Guerrilla Tactics**, then pit it against the built-in agents in a
tournament: many seeded games, every pair of players on the same deals, each deal played
both ways round, with win rates and ratings."""),
        # Translators: Markdown: keep its headings (#), lists, **bold**, *italics*, `code`
        # and links as they are; a button's or a menu's name in bold is the app's own
        # word for it in your language.
        "what_a_player_is_asked": N_("""\
## What a player is asked

`decision.kind` says what kind of choice it is, and `decision.legal_actions` lists every
legal answer:

| kind | what is asked | actions look like |
|---|---|---|
| `play` | which hand card to lay in the skirmish | `'play 9S'` |
| `support` | add a card to your own, or not | `'support KD'`, `'decline'` |
| `tie` | a tie-break: which card up, which down | `'up 8D down 7H'` |
| `promote` | propose promoting the Guerrillas | `'propose'`, `'pass'` |
| `cancel` | cancel someone's promotion | `'cancel 4C'`, `'allow'` |

The view has the table (`view.table`: each seat's laid cards, face-up ones with `.card`
set), the Guerrilla rank (`view.guerrilla_rank`) and `view.ace_high`. The helper
`strength(card, view.guerrilla_rank, view.ace_high)` gives a card's fighting strength.
Below: the first decision of one deal, and the actions it allows."""),
        # Translators: Markdown: keep its headings (#), lists, **bold**, *italics*, `code`
        # and links as they are; a button's or a menu's name in bold is the app's own
        # word for it in your language.
        "a_sample_player": N_("""\
## A sample player

*Play your lowest card* sounds thrifty, but it loses almost every skirmish. This one is a
little smarter: when someone's card is already face up, play the cheapest card that beats
it; when nothing is shown, lead with the best card; in a tie-break put the best card up;
otherwise take the first legal action (which never supports).

This is the cell to edit: change `cheapest_winner`, run this cell, then press
**Run the tournament** below."""),
        # Translators: Markdown: keep its headings (#), lists, **bold**, *italics*, `code`
        # and links as they are; a button's or a menu's name in bold is the app's own
        # word for it in your language.
        "a_tournament": N_("""\
## A tournament

Press **Run the tournament**: every pair of players meets on the same deals, each played
twice with the seats swapped. The first one plays 6 deals (12 games a pairing) and takes a
few seconds; more deals give narrower intervals. Each player's win rate comes with a 95%
interval (the range the true rate lies in, 95 times in 100), and a rating on Elo's scale:
400 points apart means odds of 10 to 1."""),
        # Translators: Markdown: keep its headings (#), lists, **bold**, *italics*, `code`
        # and links as they are; a button's or a menu's name in bold is the app's own
        # word for it in your language.
        "breaking_the_rules": N_("""\
## When a player breaks the rules

A player that returns an action that is not legal, raises an error, or takes more than a
second to choose loses that game. The tournament goes on, and says which game (variant and
seed), which step, what the player did and what was allowed. Here is a player with a typo:
there is no card `2Z`."""),
        # Translators: Markdown: keep its headings (#), lists, **bold**, *italics*, `code`
        # and links as they are; a button's or a menu's name in bold is the app's own
        # word for it in your language.
        "the_coach_player": N_("""\
## The hardest opponent: a player built on the coach

`coach_player` is the apps' hardest computer player. At every choice it asks the coach:
first a quick look at every legal action, a few games each played on from what it can see;
then the look's best against the heuristic's move, in fresh games. It plays the heuristic's
move unless the coach is sure the other does better. It is slower than the others (it plays
games inside the game): one deal takes several seconds, so start small."""),
        # Translators: Markdown: keep its headings (#), lists, **bold**, *italics*, `code`
        # and links as they are; a button's or a menu's name in bold is the app's own
        # word for it in your language.
        "next": N_("""\
## Next

- Change `cheapest_winner` (in the cell headed *A sample player*), run that cell and press
  **Run the tournament** again: can you beat `"heuristic"`?
  (Support when it wins the skirmish outright? Keep a pair for later?)
- More deals give narrower intervals: set **Deals** to 100.
- `simulate("guerrilla_tactics", 200, agents=(cheapest_winner, "heuristic"))` (after
  `from wartutor.explore import simulate`) plays 200 games and returns the table of every
  game, for the explorer's statistics and pictures.
- In a game of three or more seats (Trade War, or War Room with `rules={"players": 3}`),
  your player takes every seat in turn against the field, the heuristic in the other
  seats. Par is then one win in as many games as there are seats, and its rating counts
  each game against every seat of the field."""),
    },
    "class_board": {
        # Translators: Markdown: keep its headings (#), lists, **bold**, *italics*, `code`
        # and links as they are; a button's or a menu's name in bold is the app's own
        # word for it in your language.
        "the_class_board": N_("""\
# The class board (for the teacher)

Every room opened on this server, grouped by game and rulings: who sits at each seat, and
how far each game has gone. Press **Refresh** to read the rooms again. On the class server
this page asks for the **teacher password**, not the class password.

A seat belongs to the browser that took it. If a student changes laptop or browser, choose
their seat under **Free a seat** and press **Free this seat**: the next student to join that
room sits there, and the game goes on from where it was.

For each game and rulings with finished games, the class's games are set beside a
simulation of the same rules, with random deals and the computer players: does the first
seat win more often in your class than among the computers? Do your games last longer?
The bars show **95% intervals**: the range the true share most likely lies in. With only a
few games the interval is wide, so a difference between the class and the simulation means
something only when the intervals hardly overlap. A finished room shows its deal code, so
the class can replay that very game in its app.

Rooms are kept in the server's room database (the `WARTUTOR_ROOMS` setting, or a file in
the wartutor data folder). A room nobody has played in for a day is cleared away."""),
    },
}


def lesson_text(notebook: str, section: str) -> str:
    """The section ``section`` of the notebook ``notebook``'s teaching text (its file's
    name without ``.ipynb``), as Markdown in the language in force. A name that is not
    there fails at once, naming those that are."""
    if notebook not in LESSONS:
        raise ValueError(f"no notebook {notebook!r} has lessons; those that do: "
                         f"{', '.join(LESSONS)}")
    sections = LESSONS[notebook]
    if section not in sections:
        raise ValueError(f"{notebook} has no lesson {section!r}; its lessons: "
                         f"{', '.join(sections)}")
    return _(sections[section])


def heading(english: str) -> str:
    """A lesson's heading, named as it reads in English (how a notebook's code names a
    cell: ``tournament_panel(..., cell="A sample player")``), in the language in force;
    a heading of no lesson (a teacher's own cell) as it is.

    >>> from wartutor.language import speaking_language
    >>> with speaking_language("es"):
    ...     heading("A sample player"), heading("My own player")
    ('Un jugador de ejemplo', 'My own player')
    """
    for sections in LESSONS.values():
        for text in sections.values():
            first = text.splitlines()[0]
            if first.lstrip("#").strip() == english:
                return _(text).splitlines()[0].lstrip("#").strip()
    return english
