"""War Room in plain words: the one place its prose is made (events, card text, refusals)."""

from __future__ import annotations

from wartutor.core.engine import Event
from wartutor.core.errors import quoted
from wartutor.core.voice import voice
from wartutor.language import N_, _, capital, ngettext, npgettext, pgettext
from wartutor.variants.war_room.deck import Instruction, RoomCard, said, said_name
from wartutor.variants.war_room.events import (
    Activates,
    AutoDeclined,
    Collected,
    Compared,
    Dealt,
    DeclarationsShown,
    Declared,
    Eliminated,
    FirstChosen,
    GameOver,
    Hit,
    InstructionResolved,
    NoTarget,
    Reshuffled,
    ReturnedUnder,
    Revealed,
    Skipped,
    Stalemate,
    StalemateSettled,
    TieBreak,
)
from wartutor.variants.war_room.game import (
    SKIP,
    USE,
    WarRoomState,
    current_instruction,
    decision,
)
from wartutor.variants.war_room.rules import NAMES

# Translators: the titles of War Room's rules and rulings, cited beside each explanation
RULE_TITLES = {
    "WR-DEAL": N_("the deal: equal face-down draw stacks, empty collection piles"),
    "WR-REVEAL": N_("round, step 1: everyone reveals"),
    "WR-DECLARE": N_("round, step 2: declare activate or decline"),
    "WR-RESOLVE": N_("round, step 3: activations resolve clockwise, every mandatory "
                     "instruction"),
    "WR-COMPARE": N_("round, step 4: the lowest VC wins"),
    "WR-COLLECT": N_("round, step 5: the winner collects and goes first"),
    "WR-TIE": N_("the tie-break: only tied players, same cycle, no limit"),
    "WR-VC": N_("VC has no bounds"),
    "WR-ATTACK": N_("Attack: follow the card's targeting"),
    "WR-DEFEND": N_("Defend: your own revealed card"),
    "WR-NO-TARGET": N_("an instruction without a legal target has no effect"),
    "WR-ELIMINATE": N_("after each round: no cards left means eliminated"),
    "WR-RESHUFFLE": N_("after each round: an empty draw stack means everyone reshuffles"),
    "WR-END": N_("the last player remaining wins; nobody remaining is a draw"),
    "WR-PLAYERS": N_("ruling WR-PLAYERS: number of players"),
    "WR-DECK": N_("ruling WR-DECK: the cards"),
    "WR-FIRST": N_("ruling WR-FIRST: the first player"),
    "WR-REACTIVATE": N_("ruling WR-REACTIVATE: activating again in a tie-break"),
    "WR-EXTREME-TIE": N_("ruling WR-EXTREME-TIE: tied highest or lowest targets"),
    "WR-STALEMATE-WHEN": N_("ruling WR-STALEMATE-WHEN: when a tie cannot be broken"),
    "WR-STALEMATE": N_("ruling WR-STALEMATE: settling a stalemate"),
    "WR-MAX-ROUNDS": N_("ruling WR-MAX-ROUNDS: the game limit"),
    "WR-HOUSE-LESSON": N_("house rule WR-HOUSE-LESSON: the lesson's last round, then the "
                          "most cards held win"),
    "WR-ENDLESS": N_("ruling WR-ENDLESS: a game that can only repeat itself"),
    "WR-SEATS": N_("ruling WR-SEATS: clockwise order"),
    "WR-TARGET-CHOICE": N_("ruling WR-TARGET-CHOICE: the activating player chooses"),
    "WR-TARGET-WHEN": N_("ruling WR-TARGET-WHEN: choices are made as instructions resolve"),
    "WR-NO-ACTIVATION": N_("ruling WR-NO-ACTIVATION: a card with no instructions declines"),
    "WR-TEAMS": N_("ruling WR-TEAMS: individual play, so Defend Ally has no target"),
    "WR-VPR": N_("ruling WR-VPR: no VC thresholds"),
    "WR-COLLECTIONS": N_("ruling WR-COLLECTIONS: collection piles are counted, not shown"),
    "WR-STACKED": N_("ruling WR-STACKED: stacked lesson deals"),
}


def rule_titles() -> dict[str, str]:
    """The rules' titles in the language in force."""
    return {rule: _(title) for rule, title in RULE_TITLES.items()}


# Translators: the kinds of a War Room card's instruction, as named on the cards
KIND_WORDS = {"attack": N_("Attack"), "defend": N_("Defend"), "defend-ally": N_("Defend Ally")}
# An instruction whole, by its target rule (each target rule belongs to one kind: deck.py),
# as printed on the card and said to its owner ({change}: "+4").
INSTRUCTION_WORDS = {
    "self": N_("Defend {change} VC to your own card"),
    "chosen-opponent": N_("Attack {change} VC to an opponent card of your choice"),
    "highest-opponent": N_("Attack {change} VC to the highest opponent card"),
    "lowest-opponent": N_("Attack {change} VC to the lowest opponent card"),
    "all-opponents": N_("Attack {change} VC to every opponent card"),
    "chosen-ally": N_("Defend Ally {change} VC to a friendly card of your choice"),
    "all-allies": N_("Defend Ally {change} VC to every friendly card"),
}
# The same said of another player's card in the log ({name}: that player's name), so
# that "your own card" never seems to mean the card of the player reading it.
THEIR_INSTRUCTION_WORDS = {
    "self": N_("Defend {change} VC to {name}'s own card"),
    "chosen-opponent": N_("Attack {change} VC to one opponent card, chosen by {name}"),
    "highest-opponent": N_("Attack {change} VC to the highest of {name}'s opponents' cards"),
    "lowest-opponent": N_("Attack {change} VC to the lowest of {name}'s opponents' cards"),
    "all-opponents": N_("Attack {change} VC to every one of {name}'s opponents' cards"),
    "chosen-ally": N_("Defend Ally {change} VC to a friendly card, chosen by {name}"),
    "all-allies": N_("Defend Ally {change} VC to every card friendly to {name}"),
}
# The short name of an instruction: "Attack +4 VC".
LABEL_WORDS = {"attack": N_("Attack {change} VC"), "defend": N_("Defend {change} VC"),
               "defend-ally": N_("Defend Ally {change} VC")}


# Names: the voice in force says which seat is "you" (see core.voice); NAMES are the
# seats' own names. A sentence about a seat that may be "you" is chosen whole.


def _you(seat: int) -> bool:
    return voice().you(seat)


def _name(seat: int) -> str:
    return voice().name(seat, NAMES)


def _list(words: list[str]) -> str:
    if len(words) <= 1:
        return "".join(words)
    # Translators: the end of a list of players or cards: "you, Ana and Ben"
    return pgettext("list", "{list} and {last}").format(list=", ".join(words[:-1]),
                                                        last=words[-1])


def _players(seats: tuple[int, ...] | list[int]) -> str:
    """Players in a list, said as the subject of a sentence: "you, Ana and Ben" (a
    translation words a sentence about them so that no verb need agree with the list)."""
    # Translators: "you" as one of several players in a list: "you, Ana and Ben"
    return _list([pgettext("a player in a list", "you") if _you(p) else _name(p)
                  for p in seats])


def _holding(seat: int, n: int) -> str:
    """A player and a count of cards, in a list: "you 10 cards"."""
    if _you(seat):
        return npgettext("a player's cards, in a list", "you {count} card", "you {count} cards",
                         n).format(count=n)
    return npgettext("a player's cards, in a list", "{name} {count} card", "{name} {count} cards",
                     n).format(name=_name(seat), count=n)


def _numbered(seat: int, number: int) -> str:
    """A player and a number, in a list: "you 7" (a VC, or the cards held)."""
    if _you(seat):
        return pgettext("a player's number, in a list", "you {number}").format(number=number)
    return pgettext("a player's number, in a list", "{name} {number}").format(
        name=_name(seat), number=number)


def _revealing(seat: int, card: RoomCard) -> str:
    """A player and the card revealed, in a list: "you a Sniper (VC 6)"."""
    shown = said(card)
    vowel = card.name[0].lower() in "aeiou"  # English's "a" or "an", by the card's own name
    if _you(seat):
        return (pgettext("a player's revealed card, in a list", "you an {card}") if vowel
                else pgettext("a player's revealed card, in a list", "you a {card}")
                ).format(card=shown)
    return (pgettext("a player's revealed card, in a list", "{name} an {card}") if vowel
            else pgettext("a player's revealed card, in a list", "{name} a {card}")
            ).format(name=_name(seat), card=shown)


def _owned(seat: int, card: RoomCard) -> str:
    """A player's card by its name, in a list: "your Sniper"."""
    if _you(seat):
        return pgettext("a player's card, in a list", "your {card}").format(
            card=said_name(card.name))
    return pgettext("a player's card, in a list", "{name}'s {card}").format(
        name=_name(seat), card=said_name(card.name))


def _change(step: Instruction) -> str:
    return f"{step.change:+d}"


def in_order(texts: list[str]) -> str:
    """Instructions in order: "Attack +4 VC ...; then Defend +1 VC ..."."""
    said_so_far = texts[0]
    for text in texts[1:]:
        # Translators: one instruction of a card after another
        said_so_far = pgettext("instructions in order", "{before}; then {after}").format(
            before=said_so_far, after=text)
    return said_so_far


# Card text, generated from the deck data.


def instruction_text(step: Instruction, owner: int | None = None) -> str:
    """An instruction in words, as printed on the card (``owner`` None), as said to its
    owner, or as said of another's card."""
    if owner is None or _you(owner):
        text = _(INSTRUCTION_WORDS[step.target]).format(change=_change(step))
    else:
        text = _(THEIR_INSTRUCTION_WORDS[step.target]).format(change=_change(step),
                                                              name=_name(owner))
    # Translators: an instruction its card's player may skip
    return text if step.mandatory else _("{instruction} (optional)").format(instruction=text)


def instruction_label(step: Instruction) -> str:
    """The short name of an instruction, for the log: ``Attack +4 VC``."""
    return _(LABEL_WORDS[step.kind]).format(change=_change(step))


def card_text(card: RoomCard) -> str:
    """What the card does, in words: ``Sniper, VC 6. Activate: Attack +4 VC to ...``."""
    name = said_name(card.name)
    if not card.instructions:
        return _("{card}, VC {vc}. No activation: it can only decline.").format(
            card=name, vc=card.vc)
    steps = in_order([instruction_text(s) for s in card.instructions])
    return _("{card}, VC {vc}. Activate: {instructions}.").format(
        card=name, vc=card.vc, instructions=steps)


# Events.


def _hit(hit: Hit) -> str:
    below = hit.after < 0 <= hit.before
    if _you(hit.player):
        text = (_("your card goes from {before} to {after} (VC has no lower bound)") if below
                else _("your card goes from {before} to {after}"))
        return text.format(before=hit.before, after=hit.after)
    text = (_("{name}'s card goes from {before} to {after} (VC has no lower bound)") if below
            else _("{name}'s card goes from {before} to {after}"))
    return text.format(name=_name(hit.player), before=hit.before, after=hit.after)


def _instruction_opening(p: int, card: RoomCard, number: int, step: Instruction,
                         said_after: str) -> str:
    """"Your Sniper, instruction 1 (Attack +4 VC): ...", the rest ``said_after``."""
    fields = {"card": said_name(card.name), "number": number,
              "label": instruction_label(step), "what": said_after}
    if _you(p):
        return capital(_("Your {card}, instruction {number} ({label}): {what}.").format(**fields))
    return capital(_("{name}'s {card}, instruction {number} ({label}): {what}.").format(
        name=_name(p), **fields))


def _resolved_why(p: int, step: Instruction, how: str, rule: str) -> str:
    """Why an instruction hit the cards it hit (nothing for a fixed target)."""
    you, name = _you(p), _name(p)
    highest = step.target == "highest-opponent"
    extreme = step.target in ("highest-opponent", "lowest-opponent")
    if how == "fixed":
        return ""
    if how == "only" and not extreme:
        return " " + _("It is the only legal target.")
    if how == "only":
        if you:
            text = (_("It is the highest of your opponents' cards.") if highest
                    else _("It is the lowest of your opponents' cards."))
        else:
            text = (_("It is the highest of {name}'s opponents' cards.") if highest
                    else _("It is the lowest of {name}'s opponents' cards."))
        return " " + text.format(name=name)
    if how == "chosen" and rule != "WR-EXTREME-TIE":
        return " " + (_("You chose the target.") if you
                      else _("{name} chose the target.").format(name=name))
    if how == "chosen":
        if you:
            text = (_("Several of your opponents' cards share the highest VC, so you chose "
                      "which one to hit.") if highest
                    else _("Several of your opponents' cards share the lowest VC, so you chose "
                           "which one to hit."))
        else:
            text = (_("Several of {name}'s opponents' cards share the highest VC, so {name} "
                      "chose which one to hit.") if highest
                    else _("Several of {name}'s opponents' cards share the lowest VC, so {name} "
                           "chose which one to hit."))
        return " " + text.format(name=name)
    # how == "all-tied"
    if you:
        text = (_("Several of your opponents' cards share the highest VC, so every one of them "
                  "is hit.") if highest
                else _("Several of your opponents' cards share the lowest VC, so every one of "
                       "them is hit."))
    else:
        text = (_("Several of {name}'s opponents' cards share the highest VC, so every one of "
                  "them is hit.") if highest
                else _("Several of {name}'s opponents' cards share the lowest VC, so every one "
                       "of them is hit."))
    return " " + text.format(name=name)


def _doing(seats: tuple[int, ...], action: str) -> str:
    """Who activates or declines, in the declarations shown: "you and Ana activate"."""
    if len(seats) > 1:
        text = (_("{players} activate") if action == "activate"
                else _("{players} decline"))
        return text.format(players=_players(seats))
    p = seats[0]
    if action == "activate":
        return _("you activate") if _you(p) else _("{name} activates").format(name=_name(p))
    return _("you decline") if _you(p) else _("{name} declines").format(name=_name(p))


def _compared(step: int, vcs: tuple[tuple[int, int], ...]) -> str:
    each = _list([_numbered(p, vc) for p, vc in vcs])
    if step == 0:
        return _("Compare VC: {each}.").format(each=each)
    return _("Tie-break step {step}, compare VC: {each}.").format(step=step, each=each)


def _tie_break(step: int, tied: tuple[int, ...], left: tuple[int, ...]) -> str:
    text = _("Tie-break step {step}: only {players} take part and "
             "declare again. Nothing resets: every card keeps its VC.").format(
        step=step, players=_players(tied))
    if not left:
        return text
    if len(left) > 1:
        out = _("{players} leave the tie-break, but their cards stay in "
                "play and can still be targeted.").format(players=_players(left))
    elif _you(left[0]):
        out = _("You leave the tie-break, but your card stays in play and can still be "
                "targeted.")
    else:
        out = _("{name} leaves the tie-break, but {name}'s card stays in play and can still "
                "be targeted.").format(name=_name(left[0]))
    return f"{text} {capital(out)}"


def _collected(n: int, w: int, count: int) -> str:
    if _you(w):
        return ngettext("You win round {round}, collect every revealed card ({count} card) "
                        "into your collection pile, and go first next round.",
                        "You win round {round}, collect every revealed card ({count} cards) "
                        "into your collection pile, and go first next round.",
                        count).format(round=n, count=count)
    return ngettext("{name} wins round {round}, collects every revealed card ({count} card) "
                    "into their collection pile, and goes first next round.",
                    "{name} wins round {round}, collects every revealed card ({count} cards) "
                    "into their collection pile, and goes first next round.",
                    count).format(name=_name(w), round=n, count=count)


def _eliminated(out: tuple[int, ...]) -> str:
    if len(out) > 1:
        text = _("{players} have no cards in draw stack or collection "
                 "pile: eliminated.").format(players=_players(out))
    elif _you(out[0]):
        text = _("You have no cards in draw stack or collection pile: eliminated.")
    else:
        text = _("{name} has no cards in draw stack or collection pile: eliminated.").format(
            name=_name(out[0]))
    return capital(text)


def _reshuffled(empty: tuple[int, ...], sizes: tuple[tuple[int, int], ...]) -> str:
    each = _list([_holding(p, n) for p, n in sizes])
    if len(empty) > 1:
        # Translators: {owners} is a list of "your" and "{name}'s" (the next sentences)
        owners = _list([pgettext("an owner in a list", "your") if _you(p)
                        else pgettext("an owner in a list", "{name}'s").format(name=_name(p))
                        for p in empty])
        text = _("{owners} draw stacks are empty, so every remaining player shuffles their "
                 "draw stack and collection pile together into a new draw stack: {each}.").format(
            owners=owners, each=each)
    elif _you(empty[0]):
        text = _("Your draw stack is empty, so every remaining player shuffles their draw stack "
                 "and collection pile together into a new draw stack: {each}.").format(each=each)
    else:
        text = _("{name}'s draw stack is empty, so every remaining player shuffles their draw "
                 "stack and collection pile together into a new draw stack: {each}.").format(
            name=_name(empty[0]), each=each)
    return capital(text)


def explain(event: Event) -> str:
    """One or two sentences saying what happened and why."""
    match event:
        case Dealt(stack_sizes=sizes, deck=deck, seed=seed, stacked=False):
            count, deck_name = sizes[0], said_name(deck)
            if voice().secret_deal:
                text = ngettext(
                    "The {deck} deck is shuffled and dealt face down: {count} card to each of "
                    "{players} players. Nobody may look at or reorder a draw stack, and every "
                    "collection pile starts empty.",
                    "The {deck} deck is shuffled and dealt face down: {count} cards to each of "
                    "{players} players. Nobody may look at or reorder a draw stack, and every "
                    "collection pile starts empty.", count)
            else:
                text = ngettext(
                    "The {deck} deck is shuffled (seed {seed}) and dealt face down: {count} card "
                    "to each of {players} players. Nobody may look at or reorder a draw stack, "
                    "and every collection pile starts empty.",
                    "The {deck} deck is shuffled (seed {seed}) and dealt face down: {count} cards "
                    "to each of {players} players. Nobody may look at or reorder a draw stack, "
                    "and every collection pile starts empty.", count)
            return text.format(deck=deck_name, seed=seed, count=count, players=len(sizes))
        case Dealt(stack_sizes=sizes, deck=deck, stacked=True):
            each = _list([_holding(p, n) for p, n in enumerate(sizes)])
            return _("A stacked deal from the {deck} deck, in a set order: {each}. A lesson's "
                     "deal may be small or uneven. Every collection pile starts empty.").format(
                deck=said_name(deck), each=each)
        case FirstChosen(player=p, drawn=True):
            return (_("You are drawn at random to go first.") if _you(p)
                    else _("{name} is drawn at random to go first.").format(name=_name(p)))
        case FirstChosen(player=p, drawn=False):
            return (_("You go first, as the ruling names.") if _you(p)
                    else _("{name} goes first, as the ruling names.").format(name=_name(p)))
        case Revealed(round=n, cards=shown):
            return _("Round {round}: everyone reveals the top card of their draw stack: {each}. "
                     "New cards start at their printed VC.").format(
                round=n, each=_list([_revealing(p, c) for p, c in shown]))
        case Declared(player=p):
            if _you(p):
                return _("You have declared; declarations stay hidden until everyone has "
                         "declared.")
            return _("{name} has declared; declarations stay hidden until everyone has "
                     "declared.").format(name=_name(p))
        case AutoDeclined(player=p, card=c, already_activated=False):
            if _you(p):
                text = _("Your {card} has no activation, so you decline without being asked.")
            else:
                text = _("{name}'s {card} has no activation, so {name} declines without being "
                         "asked.")
            return capital(text.format(name=_name(p), card=said_name(c.name)))
        case AutoDeclined(player=p, card=c, already_activated=True):
            if _you(p):
                text = _("Your {card} has already activated in this reveal cycle, so you decline "
                         "without being asked.")
            else:
                text = _("{name}'s {card} has already activated in this reveal cycle, so {name} "
                         "declines without being asked.")
            return capital(text.format(name=_name(p), card=said_name(c.name)))
        case DeclarationsShown(step=step, activating=act, declining=dec):
            parts = "; ".join(_doing(seats, action) for seats, action
                              in ((act, "activate"), (dec, "decline")) if seats)
            text = (_("Declarations shown together: {parts}.") if step == 0 else
                    _("Tie-break step {step}, declarations shown together: {parts}."))
            text = text.format(step=step, parts=parts)
            if act:
                text += " " + _("Activations resolve clockwise from the first player.")
            return text
        case Activates(player=p, card=c, again=again):
            steps = in_order([instruction_text(s, p) for s in c.instructions])
            if again and _you(p):
                text = _("Your {card} activates again, as a card may in every tie-break step: "
                         "{instructions}.")
            elif again:
                text = _("{name}'s {card} activates again, as a card may in every tie-break "
                         "step: {instructions}.")
            elif _you(p):
                text = _("Your {card} activates: {instructions}.")
            else:
                text = _("{name}'s {card} activates: {instructions}.")
            return capital(text.format(name=_name(p), card=said_name(c.name),
                                       instructions=steps))
        case InstructionResolved(player=p, card=c, number=i, instruction=step, hits=hits,
                                 how=how, rule=rule):
            return (_instruction_opening(p, c, i, step, _list([_hit(h) for h in hits]))
                    + _resolved_why(p, step, how, rule))
        case NoTarget(player=p, card=c, number=i, instruction=step, rule=rule):
            because = (_("there is no friendly card in individual play, so it has no effect")
                       if rule == "WR-TEAMS"
                       else _("there is no legal target, so it has no effect"))
            return (_instruction_opening(p, c, i, step, because) + " "
                    + _("The rest of the card still resolves."))
        case Skipped(player=p, card=c, number=i, instruction=step):
            text = (_("You skip the {card}'s optional instruction {number} ({label}).")
                    if _you(p) else
                    _("{name} skips the {card}'s optional instruction {number} ({label})."))
            return text.format(name=_name(p), card=said_name(c.name), number=i,
                               label=instruction_label(step))
        case Compared(step=step, vcs=vcs, lowest=(winner,)):
            vc = dict(vcs)[winner]
            wins = (_("The lowest wins: your {vc}.") if _you(winner)
                    else _("The lowest wins: {name}'s {vc}.")).format(name=_name(winner), vc=vc)
            negative = (" " + _("Negative VC counts normally.")
                        if min(v for _, v in vcs) < 0 else "")
            return f"{_compared(step, vcs)} {wins}{negative}"
        case Compared(step=step, vcs=vcs, lowest=lowest):
            tie = _("{players} tie for the lowest VC, {vc}.").format(
                players=_players(lowest), vc=dict(vcs)[lowest[0]])
            return f"{_compared(step, vcs)} {capital(tie)}"
        case TieBreak(step=step, tied=tied, left=left):
            return _tie_break(step, tied, left)
        case Stalemate(step=step, tied=tied, how="no-change"):
            return _("Stalemate: no card's VC changed in tie-break step "
                     "{step}, so {players} could stay tied forever.").format(
                step=step, players=_players(tied))
        case Stalemate(step=step, tied=tied):
            return _("Stalemate: tie-break step {step} left the same players tied ({players}), "
                     "so the tie could go on forever.").format(step=step, players=_players(tied))
        case StalemateSettled(winner=int(w), tied=tied):
            text = (_("The stalemate is settled by a random draw among {players}: you win the "
                      "round.") if _you(w) else
                    _("The stalemate is settled by a random draw among {players}: {name} wins "
                      "the round."))
            return text.format(players=_players(tied), name=_name(w))
        case StalemateSettled(winner=None):
            return _("The stalemate makes this reveal cycle void: nobody collects.")
        case ReturnedUnder(cards=back):
            return _("Each revealed card goes back under its owner's draw stack: {cards}.").format(
                cards=_list([_owned(p, c) for p, c in back]))
        case Collected(round=n, winner=w, cards=won):
            return _collected(n, w, len(won))
        case Eliminated(players=out):
            return _eliminated(out)
        case Reshuffled(empty=empty, sizes=sizes):
            return _reshuffled(empty, sizes)
        case GameOver(ending="last-player", winner=int(w)):
            if _you(w):
                return _("You are the last player remaining: you win the game!")
            return _("{name} is the last player remaining and wins the game.").format(
                name=_name(w))
        case GameOver(ending="nobody"):
            return _("Nobody remains: the game is a draw.")
        case GameOver(ending="endless", round=n):
            return _("Round {round} begins exactly as an earlier round did, and nobody had a "
                     "choice in between: the game would repeat forever, so it stops here, "
                     "unfinished.").format(round=n)
        case GameOver(ending="lesson", round=n, held=held):
            return _lesson_over(n, held)
        case GameOver(ending="limit", round=n):
            return ngettext("The game stops after {count} round without a winner, at the game "
                            "limit: it is unfinished, not a win and not a draw.",
                            "The game stops after {count} rounds without a winner, at the game "
                            "limit: it is unfinished, not a win and not a draw.", n).format(count=n)
    raise TypeError(f"not a War Room event: {event!r}")


def _lesson_over(last: int, held: tuple[tuple[int, int], ...]) -> str:
    """House rule WR-HOUSE-LESSON: who wins, first and short, then the rule and the counts."""
    most = max(count for _, count in held)
    top = [p for p, count in held if count == most]
    if len(top) > 1:
        result = _("{players} hold the most cards, {count} each, and "
                   "share the win.").format(players=_players(top), count=most)
    elif _you(top[0]):
        result = _("you hold the most cards, {count}, and win the game!").format(count=most)
    else:
        result = _("{name} holds the most cards, {count}, and wins the game.").format(
            name=_name(top[0]), count=most)
    # Translators: {result} is a whole sentence ("Ana holds the most cards, 14, and wins the
    # game."); {each} lists the cards each player holds ("you 12, Ana 14")
    return _("The lesson's last round is over: {result} A house rule for lessons ends the game "
             "after round {round}, and whoever holds the most cards (draw stack and collection "
             "pile) wins. Cards held: {each}.").format(
        result=result, round=last, each=_list([_numbered(p, count) for p, count in held]))


# Refusals: why an action is not allowed now (the app greys a choice out with these words).


def why_not(state: WarRoomState, action: object) -> str | None:
    reason = _why_not(state, action)
    return None if reason is None else reason.removesuffix(".")  # BadInput adds its own stop


def _why_not(state: WarRoomState, action: object) -> str | None:
    now = decision(state)
    if now is None:
        assert state.outcome is not None
        return _("The game is over. {why}").format(why=explain(state.outcome.because))
    if action in now.legal_actions:
        return None
    p = now.player
    if now.kind == "declare":
        if _you(p):
            return _("Now you must declare: 'activate' or 'decline'. Targets and optional "
                     "instructions are chosen later, as each instruction is used.")
        return _("Now {name} must declare: 'activate' or 'decline'. Targets and optional "
                 "instructions are chosen later, as each instruction is used.").format(
            name=_name(p))
    owner, card, step = current_instruction(state)
    doing = _doing_now(owner, card, state.instruction, step)
    if action == SKIP:
        return capital(_("{doing}, which must be used: only an instruction marked optional "
                         "may be skipped.").format(doing=doing))
    if action == USE:
        return capital(_("{doing}: choose which card it hits.").format(doing=doing))
    if isinstance(action, str) and action.startswith("target "):
        name = action.removeprefix("target ")
        if name not in NAMES[: state.rules.players]:
            return _("There is no player called {name} at this table.").format(
                name=quoted(name))
        if now.kind == "use":
            return capital(_("{doing}: the card says which card it hits, so there is no "
                             "choice.").format(doing=doing))
        if NAMES.index(name) == owner:
            text = (_("{doing}: an Attack cannot hit your own card.") if _you(owner)
                    else _("{doing}: an Attack cannot hit {name}'s own card."))
            return capital(text.format(doing=doing, name=_name(owner)))
        seat = NAMES.index(name)
        if seat not in state.remaining:
            return (_("You are out of the game and have no card in play.") if _you(seat)
                    else _("{name} is out of the game and has no card in play.").format(
                        name=_name(seat)))
        here = state.table[seat]
        if step.target in ("highest-opponent", "lowest-opponent") and here is not None:
            return capital(_not_the_extreme(owner, seat, step.target == "highest-opponent")
                           .format(doing=doing, owner=_name(owner), name=_name(seat),
                                   vc=here.vc))
        text = (_("{doing}: your card is not among the cards it can hit.") if _you(seat)
                else _("{doing}: {name}'s card is not among the cards it can hit."))
        return capital(text.format(doing=doing, name=_name(seat)))
    return _("{action} is not a choice now: {doing}.").format(action=quoted(action), doing=doing)


def _doing_now(owner: int, card: RoomCard, index: int, step: Instruction) -> str:
    """The instruction being used, said inside a refusal: "your Sniper is using its first
    instruction (Attack +4 VC)"."""
    # Translators: which instruction of a card is being used ("its first instruction")
    ordinal = ((pgettext("instruction", "first"), pgettext("instruction", "second"),
                pgettext("instruction", "third"), pgettext("instruction", "fourth"))[index]
               if index < 4 else
               pgettext("instruction", "number {number}").format(number=index + 1))
    fields = {"card": said_name(card.name), "ordinal": ordinal,
              "label": instruction_label(step), "name": _name(owner)}
    if _you(owner):
        return _("your {card} is using its {ordinal} instruction ({label})").format(**fields)
    return _("{name}'s {card} is using its {ordinal} instruction ({label})").format(**fields)


def _not_the_extreme(owner: int, seat: int, highest: bool) -> str:
    """Why a card is not the one an instruction hits, the highest (or lowest) of the
    activating player's opponents' cards: the sentence, its fields still to fill."""
    if _you(owner):
        return (_("{doing}: it hits the highest of your opponents' cards, and {name}'s card "
                  "(VC {vc}) is not the highest.") if highest else
                _("{doing}: it hits the lowest of your opponents' cards, and {name}'s card "
                  "(VC {vc}) is not the lowest."))
    if _you(seat):
        return (_("{doing}: it hits the highest of {owner}'s opponents' cards, and your card "
                  "(VC {vc}) is not the highest.") if highest else
                _("{doing}: it hits the lowest of {owner}'s opponents' cards, and your card "
                  "(VC {vc}) is not the lowest."))
    return (_("{doing}: it hits the highest of {owner}'s opponents' cards, and {name}'s card "
              "(VC {vc}) is not the highest.") if highest else
            _("{doing}: it hits the lowest of {owner}'s opponents' cards, and {name}'s card "
              "(VC {vc}) is not the lowest."))
