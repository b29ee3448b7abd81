"""War Room in plain words: the one place its prose is made (events, card text, refusals)."""

from __future__ import annotations

from wartutor.core.engine import Event
from wartutor.core.errors import quoted
from wartutor.core.voice import voice
from wartutor.variants.war_room.deck import Instruction, RoomCard
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

RULE_TITLES = {
    "WR-DEAL": "the deal: equal face-down draw stacks, empty collection piles",
    "WR-REVEAL": "round, step 1: everyone reveals",
    "WR-DECLARE": "round, step 2: declare activate or decline",
    "WR-RESOLVE": "round, step 3: activations resolve clockwise, every mandatory instruction",
    "WR-COMPARE": "round, step 4: the lowest VC wins",
    "WR-COLLECT": "round, step 5: the winner collects and goes first",
    "WR-TIE": "the tie-break: only tied players, same cycle, no limit",
    "WR-VC": "VC has no bounds",
    "WR-ATTACK": "Attack: follow the card's targeting",
    "WR-DEFEND": "Defend: your own revealed card",
    "WR-NO-TARGET": "an instruction without a legal target has no effect",
    "WR-ELIMINATE": "after each round: no cards left means eliminated",
    "WR-RESHUFFLE": "after each round: an empty draw stack means everyone reshuffles",
    "WR-END": "the last player remaining wins; nobody remaining is a draw",
    "WR-PLAYERS": "ruling WR-PLAYERS: number of players",
    "WR-DECK": "ruling WR-DECK: the cards",
    "WR-FIRST": "ruling WR-FIRST: the first player",
    "WR-REACTIVATE": "ruling WR-REACTIVATE: activating again in a tie-break",
    "WR-EXTREME-TIE": "ruling WR-EXTREME-TIE: tied highest or lowest targets",
    "WR-STALEMATE-WHEN": "ruling WR-STALEMATE-WHEN: when a tie cannot be broken",
    "WR-STALEMATE": "ruling WR-STALEMATE: settling a stalemate",
    "WR-MAX-ROUNDS": "ruling WR-MAX-ROUNDS: the game limit",
    "WR-HOUSE-LESSON": "house rule WR-HOUSE-LESSON: the lesson's last round, then the most "
                       "cards held win",
    "WR-ENDLESS": "ruling WR-ENDLESS: a game that can only repeat itself",
    "WR-SEATS": "ruling WR-SEATS: clockwise order",
    "WR-TARGET-CHOICE": "ruling WR-TARGET-CHOICE: the activating player chooses",
    "WR-TARGET-WHEN": "ruling WR-TARGET-WHEN: choices are made as instructions resolve",
    "WR-NO-ACTIVATION": "ruling WR-NO-ACTIVATION: a card with no instructions declines",
    "WR-TEAMS": "ruling WR-TEAMS: individual play, so Defend Ally has no target",
    "WR-VPR": "ruling WR-VPR: no VC thresholds",
    "WR-COLLECTIONS": "ruling WR-COLLECTIONS: collection piles are counted, not shown",
    "WR-STACKED": "ruling WR-STACKED: stacked lesson deals",
}

KIND_WORDS = {"attack": "Attack", "defend": "Defend", "defend-ally": "Defend Ally"}
TARGET_WORDS = {
    "self": "your own card",
    "chosen-opponent": "an opponent card of your choice",
    "highest-opponent": "the highest opponent card",
    "lowest-opponent": "the lowest opponent card",
    "all-opponents": "every opponent card",
    "chosen-ally": "a friendly card of your choice",
    "all-allies": "every friendly card",
}
# The same targets said of another player's card in the log ({p}: that player's name), so
# that "your own card" never seems to mean the card of the player reading it.
THEIR_TARGET_WORDS = {
    "self": "{p}'s own card",
    "chosen-opponent": "one opponent card, chosen by {p}",
    "highest-opponent": "the highest of {p}'s opponents' cards",
    "lowest-opponent": "the lowest of {p}'s opponents' cards",
    "all-opponents": "every one of {p}'s opponents' cards",
    "chosen-ally": "a friendly card, chosen by {p}",
    "all-allies": "every card friendly to {p}",
}
EXTREME_WORDS = {"highest-opponent": "highest", "lowest-opponent": "lowest"}


# Names and grammar: the voice in force says which seat is "you" (see core.voice); NAMES
# are the seats' own names.


def who(seat: int) -> str:
    return voice().who(seat, NAMES)


def _Who(seat: int) -> str:  # the capitalised form of who()
    return voice().who(seat, NAMES, capital=True)


def whose(seat: int) -> str:
    return voice().whose(seat, NAMES)


def _verb(seat: int, plain: str, third: str | None = None) -> str:
    return plain if voice().you(seat) else (third or plain + "s")


def _verb_all(seats: tuple[int, ...], plain: str, third: str) -> str:
    """The verb agreeing with a list of seats: 'you and Ana activate', 'Ana activates'."""
    return plain if len(seats) > 1 else _verb(seats[0], plain, third)


def _list(words: list[str]) -> str:
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _cards(n: int) -> str:
    return f"{n} card" if n == 1 else f"{n} cards"


def _a(card: RoomCard) -> str:
    return ("an " if card.name[0].lower() in "aeiou" else "a ") + str(card)


# Card text, generated from the deck data.


def instruction_text(step: Instruction, owner: int | None = None) -> str:
    """An instruction in words, as printed on the card (``owner`` None), as said to its
    owner, or as said of another's card."""
    target = (TARGET_WORDS[step.target] if owner is None or voice().you(owner)
              else THEIR_TARGET_WORDS[step.target].format(p=voice().name(owner, NAMES)))
    text = f"{KIND_WORDS[step.kind]} {step.change:+d} VC to {target}"
    return text if step.mandatory else text + " (optional)"


def instruction_label(step: Instruction) -> str:
    """The short name of an instruction, for the log: ``Attack +4 VC``."""
    return f"{KIND_WORDS[step.kind]} {step.change:+d} VC"


def card_text(card: RoomCard) -> str:
    """What the card does, in words: ``Sniper, VC 6. Activate: Attack +4 VC to ...``."""
    if not card.instructions:
        return f"{card.name}, VC {card.vc}. No activation: it can only decline."
    steps = "; then ".join(instruction_text(s) for s in card.instructions)
    return f"{card.name}, VC {card.vc}. Activate: {steps}."


# Events.


def _hit(hit: Hit) -> str:
    below = " (VC has no lower bound)" if hit.after < 0 <= hit.before else ""
    return f"{whose(hit.player)} card goes from {hit.before} to {hit.after}{below}"


def _in_step(step: int, text: str) -> str:
    """``text`` as said in the round itself, or in a tie-break step of it."""
    return _cap(text) if step == 0 else f"Tie-break step {step}, {text}"


def explain(event: Event) -> str:
    """One or two sentences saying what happened and why."""
    match event:
        case Dealt(stack_sizes=sizes, deck=deck, seed=seed, stacked=False):
            return (f"The {deck} deck is shuffled{voice().seed_note(seed)} and dealt face down: "
                    f"{_cards(sizes[0])} to each of {len(sizes)} players. Nobody may look at "
                    f"or reorder a draw stack, and every collection pile starts empty.")
        case Dealt(stack_sizes=sizes, deck=deck, stacked=True):
            each = _list([f"{who(p)} {_cards(n)}" for p, n in enumerate(sizes)])
            return (f"A stacked deal from the {deck} deck, in a set order: {each}. A lesson's "
                    f"deal may be small or uneven. Every collection pile starts empty.")
        case FirstChosen(player=p, drawn=True):
            return f"{_Who(p)} {_verb(p, 'are', 'is')} drawn at random to go first."
        case FirstChosen(player=p, drawn=False):
            return f"{_Who(p)} {_verb(p, 'go', 'goes')} first, as the ruling names."
        case Revealed(round=n, cards=shown):
            each = _list([f"{who(p)} {_a(c)}" for p, c in shown])
            return (f"Round {n}: everyone reveals the top card of their draw stack: {each}. "
                    f"New cards start at their printed VC.")
        case Declared(player=p):
            return (f"{_Who(p)} {_verb(p, 'have', 'has')} declared; declarations stay hidden "
                    f"until everyone has declared.")
        case AutoDeclined(player=p, card=c, already_activated=False):
            return (f"{_cap(whose(p))} {c.name} has no activation, so {who(p)} "
                    f"{_verb(p, 'decline', 'declines')} without being asked.")
        case AutoDeclined(player=p, card=c, already_activated=True):
            return (f"{_cap(whose(p))} {c.name} has already activated in this reveal cycle, so "
                    f"{who(p)} {_verb(p, 'decline', 'declines')} without being asked.")
        case DeclarationsShown(step=step, activating=act, declining=dec):
            parts = []
            if act:
                parts.append(f"{_list([who(p) for p in act])} "
                             f"{_verb_all(act, 'activate', 'activates')}")
            if dec:
                parts.append(f"{_list([who(p) for p in dec])} "
                             f"{_verb_all(dec, 'decline', 'declines')}")
            order = " Activations resolve clockwise from the first player." if act else ""
            return _in_step(step, f"declarations shown together: {'; '.join(parts)}.{order}")
        case Activates(player=p, card=c, again=again):
            steps = "; then ".join(instruction_text(s, p) for s in c.instructions)
            if again:
                return (f"{_cap(whose(p))} {c.name} activates again, as a card may in every "
                        f"tie-break step: {steps}.")
            return f"{_cap(whose(p))} {c.name} activates: {steps}."
        case InstructionResolved(player=p, card=c, number=i, instruction=step, hits=hits,
                                 how=how, rule=rule):
            extreme = EXTREME_WORDS.get(step.target, "")
            shared = f" Several of {whose(p)} opponents' cards share the {extreme} VC, so"
            why = {
                "fixed": "",
                "only": (f" It is the {extreme} of {whose(p)} opponents' cards." if extreme
                         else " It is the only legal target."),
                "chosen": (f"{shared} {who(p)} chose which one to hit."
                           if rule == "WR-EXTREME-TIE" else f" {_Who(p)} chose the target."),
                "all-tied": f"{shared} every one of them is hit.",
            }[how]
            return (f"{_cap(whose(p))} {c.name}, instruction {i} ({instruction_label(step)}): "
                    f"{_list([_hit(h) for h in hits])}.{why}")
        case NoTarget(player=p, card=c, number=i, instruction=step, rule=rule):
            because = ("there is no friendly card in individual play"
                       if rule == "WR-TEAMS" else "there is no legal target")
            return (f"{_cap(whose(p))} {c.name}, instruction {i} ({instruction_label(step)}): "
                    f"{because}, so it has no effect. The rest of the card still resolves.")
        case Skipped(player=p, card=c, number=i, instruction=step):
            return (f"{_Who(p)} {_verb(p, 'skip', 'skips')} the {c.name}'s optional "
                    f"instruction {i} ({instruction_label(step)}).")
        case Compared(step=step, vcs=vcs, lowest=(winner,)):
            each = _list([f"{who(p)} {vc}" for p, vc in vcs])
            negative = " Negative VC counts normally." if min(v for _, v in vcs) < 0 else ""
            return _in_step(step, f"compare VC: {each}. The lowest wins: "
                                  f"{whose(winner)} {dict(vcs)[winner]}.{negative}")
        case Compared(step=step, vcs=vcs, lowest=lowest):
            each = _list([f"{who(p)} {vc}" for p, vc in vcs])
            return _in_step(step, f"compare VC: {each}. {_cap(_list([who(p) for p in lowest]))}"
                                  f" tie for the lowest VC, {dict(vcs)[lowest[0]]}.")
        case TieBreak(step=step, tied=tied, left=left):
            kept = (f"{whose(left[0])} card stays" if len(left) == 1 else "their cards stay")
            out = (f" {_cap(_list([who(p) for p in left]))} "
                   f"{_verb_all(left, 'leave', 'leaves')} the tie-break, "
                   f"but {kept} in play and can still be targeted." if left else "")
            return (f"Tie-break step {step}: only {_list([who(p) for p in tied])} take part and "
                    f"declare again. Nothing resets: every card keeps its VC.{out}")
        case Stalemate(step=step, tied=tied, how="no-change"):
            return (f"Stalemate: no card's VC changed in tie-break step {step}, so "
                    f"{_list([who(p) for p in tied])} could stay tied forever.")
        case Stalemate(step=step, tied=tied):
            return (f"Stalemate: tie-break step {step} left the same players tied "
                    f"({_list([who(p) for p in tied])}), so the tie could go on forever.")
        case StalemateSettled(winner=int(w), tied=tied):
            return (f"The stalemate is settled by a random draw among "
                    f"{_list([who(p) for p in tied])}: {who(w)} {_verb(w, 'win', 'wins')} "
                    f"the round.")
        case StalemateSettled(winner=None):
            return "The stalemate makes this reveal cycle void: nobody collects."
        case ReturnedUnder(cards=back):
            return ("Each revealed card goes back under its owner's draw stack: "
                    f"{_list([f'{whose(p)} {c.name}' for p, c in back])}.")
        case Collected(round=n, winner=w, cards=won):
            return (f"{_Who(w)} {_verb(w, 'win', 'wins')} round {n}, "
                    f"{_verb(w, 'collect', 'collects')} every revealed card ({_cards(len(won))}) "
                    f"into {'your' if voice().you(w) else 'their'} collection pile, and "
                    f"{_verb(w, 'go', 'goes')} first next round.")
        case Eliminated(players=out):
            return (f"{_cap(_list([who(p) for p in out]))} {_verb_all(out, 'have', 'has')} "
                    f"no cards in draw stack or "
                    f"collection pile: eliminated.")
        case Reshuffled(empty=empty, sizes=sizes):
            each = _list([f"{who(p)} {_cards(n)}" for p, n in sizes])
            return (f"{_cap(_list([whose(p) for p in empty]))} draw "
                    f"{'stacks are' if len(empty) > 1 else 'stack is'} empty, so every "
                    f"remaining player shuffles their draw stack and collection pile together "
                    f"into a new draw stack: {each}.")
        case GameOver(ending="last-player", winner=int(w)):
            if voice().you(w):
                return "You are the last player remaining: you win the game!"
            return f"{_Who(w)} is the last player remaining and wins the game."
        case GameOver(ending="nobody"):
            return "Nobody remains: the game is a draw."
        case GameOver(ending="endless", round=n):
            return (f"Round {n} begins exactly as an earlier round did, and nobody had a choice "
                    f"in between: the game would repeat forever, so it stops here, unfinished.")
        case GameOver(ending="lesson", round=n, held=held):
            return _lesson_over(n, held)
        case GameOver(ending="limit", round=n):
            return (f"The game stops after {n} rounds without a winner, at the game limit: "
                    f"it is unfinished, not a win and not a draw.")
    raise TypeError(f"not a War Room event: {event!r}")


def _lesson_over(last: int, held: tuple[tuple[int, int], ...]) -> str:
    """House rule WR-HOUSE-LESSON: who wins, first and short, then the rule and the counts."""
    most = max(count for _, count in held)
    top = [p for p, count in held if count == most]
    if len(top) > 1:
        result = (f"{_list([who(p) for p in top])} hold the most cards, {most} each, and "
                  f"share the win.")
    else:
        w = top[0]
        result = (f"{who(w)} {_verb(w, 'hold', 'holds')} the most cards, {most}, and "
                  f"{_verb(w, 'win', 'wins')} the game{'!' if voice().you(w) else '.'}")
    each = _list([f"{who(p)} {count}" for p, count in held])
    return (f"The lesson's last round is over: {result} A house rule for lessons ends the "
            f"game after round {last}, and whoever holds the most cards (draw stack and "
            f"collection pile) wins. Cards held: {each}.")


# Refusals: why an action is not allowed now (the app greys a choice out with these words).


def why_not(state: WarRoomState, action: object) -> str | None:
    reason = _why_not(state, action)
    return None if reason is None else reason.removesuffix(".")  # BadInput adds its own stop


def _why_not(state: WarRoomState, action: object) -> str | None:
    now = decision(state)
    if now is None:
        assert state.outcome is not None
        return f"The game is over. {explain(state.outcome.because)}"
    if action in now.legal_actions:
        return None
    p = now.player
    if now.kind == "declare":
        return (f"Now {who(p)} must declare: 'activate' or 'decline'. Targets and optional "
                f"instructions are chosen later, as each instruction is used.")
    owner, card, step = current_instruction(state)
    ordinal = ("first", "second", "third", "fourth")[state.instruction] if (
        state.instruction < 4) else f"number {state.instruction + 1}"
    doing = (f"{whose(owner)} {card.name} is using its {ordinal} instruction "
             f"({instruction_label(step)})")
    if action == SKIP:
        return (f"{_cap(doing)}, which must be used: only an instruction marked optional "
                f"may be skipped.")
    if action == USE:
        return f"{_cap(doing)}: choose which card it hits."
    if isinstance(action, str) and action.startswith("target "):
        name = action.removeprefix("target ")
        if name not in NAMES[: state.rules.players]:
            return f"There is no player called {quoted(name)} at this table."
        if now.kind == "use":
            return f"{_cap(doing)}: the card says which card it hits, so there is no choice."
        if NAMES.index(name) == owner:
            return f"{_cap(doing)}: an Attack cannot hit {whose(owner)} own card."
        seat = NAMES.index(name)
        if seat not in state.remaining:
            return (f"{_Who(seat)} {_verb(seat, 'are', 'is')} out of the game and "
                    f"{_verb(seat, 'have', 'has')} no card in play.")
        here = state.table[seat]
        extreme = EXTREME_WORDS.get(step.target)
        if extreme and here is not None:
            return (f"{_cap(doing)}: it hits the {extreme} of {whose(owner)} opponents' cards, "
                    f"and {whose(seat)} card (VC {here.vc}) is not the {extreme}.")
        return f"{_cap(doing)}: {whose(seat)} card is not among the cards it can hit."
    return f"{quoted(action)} is not a choice now: {doing}."
