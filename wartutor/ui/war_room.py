"""War Room's part of the app: its table, its buttons, and the app itself.

The seats sit side by side, seat 0 first and then clockwise, each a column: the name and
its marks (first player, in or out of the tie-break, declared), the revealed card with
its printed number and its number now large (the lowest wins), what the card does, and
the draw stack and collection pile counts.

After a choice the round plays out on this table one moment at a time: a
:class:`Scene` starts from the table before the engine's step and follows the step's
events (all of them public in War Room: revealed cards, declarations once shown, VC
changes, who collects), marking what the latest moment changed.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from wartutor.core.engine import Event
from wartutor.core.errors import BadInput
from wartutor.core.rulings import settings_of
from wartutor.core.voice import voice
from wartutor.language import N_, _, ngettext, pgettext
from wartutor.ui.markup import Markup, html, joined
from wartutor.ui.playback import DEFAULT_PACE
from wartutor.ui.render import STYLESHEET, deck_svg
from wartutor.ui.shell import GameApp
from wartutor.variants.war_room import WAR_ROOM, Deck, WarRoomRules, WarRoomView, card_text
from wartutor.variants.war_room.agents import heuristic_agent
from wartutor.variants.war_room.deck import DEFAULT_DECK, RoomCard, load_deck, said_name, to_toml
from wartutor.variants.war_room.events import (
    Activates,
    AutoDeclined,
    Collected,
    Compared,
    DeclarationsShown,
    Declared,
    Eliminated,
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
from wartutor.variants.war_room.explain import KIND_WORDS, in_order
from wartutor.variants.war_room.game import InPlay
from wartutor.variants.war_room.rules import MAX_PLAYERS, NAMES

CARD_W, CARD_H = 150, 200
# The buttons of a declaration and of an optional instruction.
ACTIVATE, DECLINE = N_("Activate"), N_("Decline")
USE_IT, SKIP_IT = N_("Use it"), N_("Skip it")

ROOM_STYLE = Markup("""
<style>
.wr-table .wr-head { font-size: 18px; margin: 0 0 6px; }
.wr-seats { display: flex; gap: 8px; align-items: stretch; }
.wr-seat { flex: 1 1 0; min-width: 0; max-width: 300px; background: rgba(0,0,0,.18);
  border-radius: 10px; padding: 6px; display: flex; flex-direction: column; gap: 4px; }
.wr-seat.wr-you { box-shadow: inset 0 0 0 3px #fff; }
.wr-seat-out { opacity: 0.6; }
.wr-name { font-size: 20px; font-weight: 700; }
.wr-marks { display: flex; flex-wrap: wrap; gap: 3px; min-height: 48px;
  align-content: flex-start; }
.wr-mark { font-size: 14px; font-weight: 700; border-radius: 6px; padding: 1px 6px;
  background: #e9ecef; color: #111; white-space: nowrap; }
.wr-mark.wr-tie { background: #ffe066; }
.wr-mark.wr-out { background: #adb5bd; }
.wr-mark.wr-gone { background: #fa5252; color: #fff; }
.wr-table figure { margin: 0; display: flex; flex-direction: column; align-items: center;
  gap: 9px; padding-top: 4px; }
.wr-table svg.wr-card { width: 100%; max-width: 150px; height: auto; }
.wr-table .wr-n4 svg.wr-card, .wr-table .wr-n5 svg.wr-card { max-width: 128px; }
.wr-empty { height: 120px; border: 2px dashed rgba(255,255,255,.6); border-radius: 10px;
  display: flex; align-items: center; justify-content: center; text-align: center;
  font-size: 15px; padding: 4px; }
.wr-does { font-size: 14px; line-height: 1.25; overflow-wrap: anywhere; text-align: left;
  width: 100%; }
.wr-piles { display: flex; align-items: center; gap: 6px; font-size: 14px;
  margin-top: auto; line-height: 1.2; }
.wr-piles svg.wt-deck-pile, .wr-piles svg.wt-card { width: 30px; height: 41px; flex: none; }
.wr-piles b { font-size: 18px; }
.wr-change { font-size: 16px; font-weight: 700; border-radius: 6px; padding: 0 6px;
  white-space: nowrap; }
.wr-worse { background: #ffd8d8; color: #7a0010; }
.wr-better { background: #d3f9d8; color: #0b5b1d; }
.wr-order { font-size: 13px; line-height: 1.3; overflow-wrap: anywhere; }
/* Large print: the cards, their words, the marks and the counts grow together. */
.wt-large .wr-table .wr-head { font-size: 23px; }
.wt-large .wr-name { font-size: 25px; }
.wt-large .wr-mark, .wt-large .wr-change { font-size: 18px; }
.wt-large .wr-marks { min-height: 56px; }
.wt-large .wr-piles svg.wt-deck-pile, .wt-large .wr-piles svg.wt-card { width: 40px;
  height: 55px; }
.wt-large .wr-does, .wt-large .wr-piles, .wt-large .wr-empty,
.wt-large .wr-order { font-size: 18px; }
.wt-large .wr-piles b { font-size: 23px; }
.wt-large .wr-seat { max-width: 420px; }
.wt-large .wr-table svg.wr-card, .wt-large .wr-table .wr-n4 svg.wr-card,
.wt-large .wr-table .wr-n5 svg.wr-card { width: 100%; max-width: 200px; height: auto; }
</style>
""")


def room_card_svg(here: InPlay, *, changed: bool = False) -> Markup:
    """A revealed card: its name, its printed number in the corner and its number now large
    (green when lower than printed, since the lowest wins; red when higher). ``changed``
    rings it: the moment on show changed it."""
    card, vc = here.card, here.vc
    moved = vc != card.vc
    name = said_name(card.name)
    label = (_("{card}, printed VC {printed}, now VC {vc}, the lowest wins") if moved
             else _("{card}, printed VC {printed}, the lowest wins")).format(
        card=name, printed=card.vc, vc=vc)
    return html(
        '<svg class="wr-card{ring}" role="img" aria-label="{label}" width="{width}" '
        'height="{height}" viewBox="0 0 150 200" font-family="DejaVu Sans, sans-serif">'
        '<rect x="2" y="2" width="146" height="196" rx="12" fill="#fff" stroke="#333" '
        'stroke-width="2"/>'
        '<text x="75" y="30" font-size="19" font-weight="700" text-anchor="middle"{fit}>'
        "{name}</text>"
        '<text x="75" y="56" font-size="16" text-anchor="middle" fill="#333">'
        "{printed}</text>"
        '<text x="75" y="138" font-size="70" font-weight="700" text-anchor="middle" '
        'fill="{colour}">{vc}</text>'
        '<text x="75" y="182" font-size="17" text-anchor="middle" fill="#333">'
        "{lower}</text></svg>",
        ring=" wt-changed" if changed else "", label=label, width=CARD_W, height=CARD_H,
        # Translators: on a card, above its printed VC, and at its foot (keep them short)
        fit=_FIT if len(name) > 10 else "", name=name,
        printed=_("printed {printed}").format(printed=card.vc), lower=_("lower wins"),
        colour="#111" if not moved else ("#0b5b1d" if vc < card.vc else "#9c0014"), vc=vc,
    )


_FIT = Markup(' textLength="132" lengthAdjust="spacingAndGlyphs"')


# What an instruction does, short, as printed on a card on the table, by its target rule
# ({change}: "+4"; each target rule belongs to one kind of instruction: deck.py).
DOES_WORDS = {
    "self": N_("Defend {change} to your own card"),
    "chosen-opponent": N_("Attack {change} to an opponent card of your choice"),
    "highest-opponent": N_("Attack {change} to the highest opponent card"),
    "lowest-opponent": N_("Attack {change} to the lowest opponent card"),
    "all-opponents": N_("Attack {change} to every opponent card"),
    "chosen-ally": N_("Defend Ally {change} to a friendly card of your choice"),
    "all-allies": N_("Defend Ally {change} to every friendly card"),
}


def does_text(card: RoomCard) -> str:
    """What a card does, short, as printed on it (no name, no number: the card shows those)."""
    if not card.instructions:
        return _("No activation: it can only decline.")
    steps = []
    for step in card.instructions:
        does = _(DOES_WORDS[step.target]).format(change=f"{step.change:+d}")
        steps.append(does if step.mandatory else _("{instruction} (optional)").format(
            instruction=does))
    return _("Activate: {instructions}.").format(instructions=in_order(steps))


def _change(before: int, after: int) -> Markup:
    delta = after - before
    return html('<span class="wr-change {tone}">{before} \u2192 {after} ({delta:+d})</span>',
                tone="wr-better" if delta < 0 else "wr-worse",  # the lowest VC wins
                before=before, after=after, delta=delta)


def _who(seat: int) -> str:
    """"You" for the player looking (see core.voice), else the seat's name."""
    # Translators: the name over the seat of the player reading
    return pgettext("a seat's name", "You") if voice().you(seat) else voice().name(seat, NAMES)


# What an instruction did, marked on the table beside the card it came from ({change}: "+4").
MARK_WORDS = {"attack": N_("Attack {change}"), "defend": N_("Defend {change}"),
              "defend-ally": N_("Defend Ally {change}")}


def _mark(text: str, kind: str = "", new: bool = False) -> Markup:
    classes = " ".join(c for c in ("wr-mark", kind, "wt-mark-new" if new else "") if c)
    return html('<span class="{classes}">{text}</span>', classes=classes, text=text)


@dataclass
class Scene:
    """The table partway through a step: the view before it, moved on by the step's events.

    ``fresh`` holds the marks of the latest moment only (what it changed); ``changed`` the
    seats whose card it changed and ``piles`` the seats whose counts it changed.
    """

    viewer: int | None
    round: int
    step: int
    first: int
    remaining: tuple[int, ...]
    participants: tuple[int, ...]
    table: list[InPlay | None]
    declared: list[bool]
    known: list[str | None]  # declarations the viewer may know before they are shown
    shown: list[str | None]
    stacks: list[int]
    kept: list[int]
    resolving: int | None
    over: bool = False  # the game has ended: nobody goes first, nothing is in play
    collected: bool = False  # the cards are collected and leave the table at the next event
    fresh: dict[int, list[Markup]] = field(default_factory=dict)
    changed: set[int] = field(default_factory=set)
    piles: set[int] = field(default_factory=set)
    new_declarations: bool = False
    new_tie_break: bool = False

    @classmethod
    def of(cls, view: WarRoomView) -> Scene:
        known: list[str | None] = ([None] * view.players if view.pending is None else
                                   list(view.pending))
        if view.viewer is not None:
            known[view.viewer] = view.own_declaration
        return cls(
            view.viewer, view.round, view.step, view.first, view.remaining, view.participants,
            list(view.table), list(view.declared), known, list(view.shown),
            list(view.stack_counts), list(view.collection_counts),
            None if view.resolving is None else view.resolving[0], view.outcome is not None,
        )

    def apply(self, event: Event) -> None:
        """The table after ``event``: only what the event says, all of it public."""
        n = len(self.table)
        if self.collected and not isinstance(event, Collected):
            self.table, self.collected = [None] * n, False
        match event:
            case Declared(player=p):
                self.declared[p] = True
            case AutoDeclined(player=p):
                self.declared[p], self.known[p] = True, "decline"
            case DeclarationsShown(activating=act, declining=dec):
                for p in act:
                    self.shown[p] = "activate"
                for p in dec:
                    self.shown[p] = "decline"
                self.declared, self.known = [False] * n, [None] * n
            case Activates(player=p):
                self.resolving = p
            case InstructionResolved(hits=hits):
                for hit in hits:
                    here = self.table[hit.player]
                    if here is not None:
                        self.table[hit.player] = InPlay(here.card, hit.after)
            case Compared():
                self.resolving = None
            case TieBreak(step=step, tied=tied):
                self.step, self.participants = step, tied
                self.shown, self.declared, self.known = [None] * n, [False] * n, [None] * n
            case Collected(winner=w, cards=won):
                self.kept[w] += len(won)
                self.collected = True
            case ReturnedUnder(cards=back):
                for seat, _card in back:
                    self.stacks[seat] += 1
                self.table = [None] * n
            case Eliminated(players=out):
                self.remaining = tuple(p for p in self.remaining if p not in out)
            case Reshuffled(sizes=sizes):
                for seat, size in sizes:
                    self.stacks[seat], self.kept[seat] = size, 0
            case Revealed(round=number, first=first, cards=cards):
                self.table = [None] * n
                for seat, card in cards:
                    self.table[seat] = InPlay(card, card.vc)
                    self.stacks[seat] -= 1
                self.round, self.first, self.step = number, first, 0
                self.participants = tuple(seat for seat, _ in cards)
                self.shown, self.declared, self.known = [None] * n, [False] * n, [None] * n
                self.resolving = None

    def mark(self, event: Event) -> None:
        """Mark what ``event``, the moment on show, changed."""
        self.fresh, self.changed, self.piles = {}, set(), set()
        self.new_declarations = self.new_tie_break = False

        def say(seat: int, words: str, kind: str = "") -> None:
            self.fresh.setdefault(seat, []).append(_mark(words, kind, new=True))

        match event:
            case AutoDeclined(player=p):
                say(p, _("Cannot activate: declines"))
            case DeclarationsShown():
                self.new_declarations = True
            case Activates(player=p):
                self.changed.add(p)
            case InstructionResolved(player=p, hits=hits, instruction=step):
                for hit in hits:
                    self.changed.add(hit.player)
                    self.fresh.setdefault(hit.player, []).append(_change(hit.before, hit.after))
                if all(hit.player != p for hit in hits):
                    say(p, _(MARK_WORDS[step.kind]).format(change=f"{step.change:+d}"))
            case NoTarget(player=p, instruction=step):
                say(p, _("{kind}: no target, no effect").format(kind=_(KIND_WORDS[step.kind])),
                    "wr-out")
            case Skipped(player=p, instruction=step):
                said = _(MARK_WORDS[step.kind]).format(change=f"{step.change:+d}")
                say(p, _("Skips {instruction}").format(instruction=said), "wr-out")
            case Compared(lowest=lowest):
                for p in lowest:
                    say(p, _("Lowest: wins") if len(lowest) == 1 else _("Tied for lowest"))
            case TieBreak():
                self.new_tie_break = True
            case Stalemate(tied=tied):
                for p in tied:
                    say(p, _("Stalemate"))
            case StalemateSettled(winner=int(w)):
                say(w, _("Wins the draw"))
            case StalemateSettled(tied=tied):
                for p in tied:
                    say(p, _("Nobody collects"))
            case Collected(winner=w, cards=won):
                say(w, ngettext("Collects {count} card", "Collects {count} cards",
                                len(won)).format(count=len(won)))
                self.piles.add(w)
            case ReturnedUnder(cards=back):
                for seat, _card in back:
                    say(seat, _("Card back under the stack"))
                    self.piles.add(seat)
            case Eliminated(players=out):
                for p in out:
                    say(p, _("Eliminated"), "wr-gone")
            case Reshuffled(sizes=sizes):
                for seat, _size in sizes:
                    say(seat, _("Reshuffled"))
                    self.piles.add(seat)
            case Revealed(cards=cards):
                self.changed.update(seat for seat, _ in cards)

    @property
    def in_tie_break(self) -> bool:
        # A round's step number stays on after it ends; a tie-break needs players in it.
        return self.step > 0 and bool(self.participants)

    def html(self, orders: tuple[tuple[RoomCard, ...], ...] | None = None) -> Markup:
        first = (_("game over") if self.over else _("You go first") if voice().you(self.first)
                 else _("{name} goes first").format(name=_who(self.first)))
        head = html('<div class="wr-head"><span class="wr-round wt-battle">{round}</span>'
                    "{step} &middot; {first} &middot; {lowest}{everything}"
                    "</div>", round=_("Round {round}").format(round=self.round), first=first,
                    step=html(" &middot; {words}",
                              words=_("tie-break step {step}").format(step=self.step))
                    if self.in_tie_break else "", lowest=_("the lowest number (VC) wins"),
                    everything=html(" &middot; {words}", words=_("showing everything"))
                    if self.viewer is None else "")
        n = len(self.table)
        seats = joined(self._seat(s, None if orders is None else orders[s]) for s in range(n))
        return html('{style}<div class="wt-table wr-table">{head}'
                    '<div class="wr-seats wr-n{n}">{seats}</div></div>',
                    style=ROOM_STYLE, head=head, n=n, seats=seats)

    def _seat(self, seat: int, order: tuple[RoomCard, ...] | None) -> Markup:
        out = seat not in self.remaining
        marks = []
        if out:
            marks.append(_mark(_("Eliminated"), "wr-gone"))
        else:
            if seat == self.first and not self.over:
                marks.append(_mark(_("Goes first")))
            if self.in_tie_break and seat in self.participants:
                marks.append(_mark(_("In the tie-break"), "wr-tie", new=self.new_tie_break))
            elif self.in_tie_break:
                marks.append(_mark(_("Out of the tie-break"), "wr-out"))
            marks.append(self._declaration(seat))
            if self.resolving == seat:
                marks.append(_mark(_("Activating"), "wr-tie"))
        marks.extend(self.fresh.get(seat, ()))
        here = self.table[seat]
        if here is None:
            shown = html('<div class="wr-empty">{words}</div>', words=_("No card in play"))
        else:
            shown = html('<figure{leaving}>{card}<figcaption class="wr-does">{does}</figcaption>'
                         "</figure>",
                         leaving=_LEAVING if self.collected else "",
                         card=room_card_svg(here, changed=seat in self.changed),
                         does=does_text(here.card))
        listed = (html('<div class="wr-order">{words}</div>',
                       words=_("Draw stack, top first: {names}").format(
                           names=", ".join(said_name(card.name) for card in order)))
                  if order else "")
        stack, kept = self.stacks[seat], self.kept[seat]
        return html(
            '<div class="wr-seat{you}{out}"><div class="wt-seat-name wr-name">{name}</div>'
            '<div class="wr-marks">{marks}</div>{shown}'
            '<div class="wr-piles{piles}">{deck}<span>'
            '<b class="wt-count">{stack}</b> {in_stack}<br>'
            '<b class="wt-count">{kept}</b> {in_collection}</span></div>{listed}</div>',
            you=" wr-you" if seat == self.viewer else "", out=" wr-seat-out" if out else "",
            name=_who(seat), marks=joined(m for m in marks if m), shown=shown,
            piles=" wt-changed" if seat in self.piles else "", deck=deck_svg(stack),
            # Translators: after the count of cards in a seat's draw stack, and in its
            # collection pile ("12 in draw stack", "4 in collection")
            stack=stack, in_stack=_("in draw stack"), kept=kept,
            in_collection=_("in collection"), listed=listed,
        )

    def _declaration(self, seat: int) -> Markup:
        if seat not in self.participants:
            return Markup()
        shown = self.shown[seat]
        if shown is not None:
            word = _("Activates") if shown == "activate" else _("Declines")
            return _mark(word, new=self.new_declarations)
        if self.declared[seat]:
            known = self.known[seat]
            if known is None:
                return _mark(_("Has declared"))
            if seat == self.viewer:
                return _mark(_("You declared: activate") if known == "activate"
                             else _("You declared: decline"))
            return _mark(_("Declared: activate") if known == "activate"
                         else _("Declared: decline"))
        return Markup()


_LEAVING = Markup(' style="opacity:.7"')


# The events whose table would look as before: a computer's declaration only says that it
# has declared, which the next moment's marks show anyway.
QUIET = (Declared,)
# At rest, the marks of these last moments still read true of the table after the step.
MARKED_AT_REST = (AutoDeclined, DeclarationsShown, Activates, InstructionResolved, NoTarget,
                  Skipped, TieBreak)


class WarRoomTable:
    """How War Room looks: see :class:`wartutor.ui.shell.TableDesign`."""

    quiet_events = QUIET

    @property
    def autoplay_label(self) -> str:
        return _("Play 10 choices")

    def action_label(self, action: str) -> str:
        if action.startswith("target "):  # the action names the seat by its own name
            seat = NAMES.index(action.removeprefix("target "))
            return (_("Aim at your card") if voice().you(seat)
                    else _("Aim at {name}'s card").format(name=voice().name(seat, NAMES)))
        words = {"activate": _(ACTIVATE), "decline": _(DECLINE), "use": _(USE_IT),
                 "skip": _(SKIP_IT)}
        return words.get(action, action)

    def button_label(self, view: WarRoomView, action: str) -> str:
        """A target's button says what the instruction does to that card, and for whom:
        the lowest VC wins, so a lower VC is better for the card's player."""
        card_now = (view.table[view.resolving[0]] if view.resolving is not None else None)
        if not action.startswith("target ") or card_now is None or view.resolving is None:
            return self.action_label(action)
        step = card_now.card.instructions[view.resolving[1]]
        seat = NAMES.index(action.removeprefix("target "))
        target = view.table[seat]
        if target is None:
            return self.action_label(action)
        fields = {"vc": target.vc, "after": target.vc + step.change,
                  "name": voice().name(seat, NAMES)}
        if voice().you(seat):
            text = (_("Your card {vc} \u2192 {after}: better for you") if step.change < 0
                    else _("Your card {vc} \u2192 {after}: worse for you"))
        else:
            text = (_("{name}'s card {vc} \u2192 {after}: better for {name}") if step.change < 0
                    else _("{name}'s card {vc} \u2192 {after}: worse for {name}"))
        return text.format(**fields)

    def offered_actions(self, view: WarRoomView, legal: tuple[str, ...]) -> tuple[str, ...]:
        """When a target is chosen, every other player's card is offered (the ones the
        instruction cannot hit are greyed out); 'skip' is offered even when mandatory."""
        if not any(a.startswith("target ") for a in legal):
            return legal
        me = view.viewer if view.viewer is not None else 0
        everyone = tuple(f"target {NAMES[s]}" for s in view.remaining if s != me)
        return (*everyone, "skip")

    def table_html(self, view: WarRoomView, events: tuple[Event, ...]) -> Markup:
        scene = Scene.of(view)
        last = next((e for e in reversed(events) if not isinstance(e, QUIET)), None)
        if isinstance(last, MARKED_AT_REST):
            scene.mark(last)
        return scene.html(view.stacks)

    def moment_html(self, before: WarRoomView, after: WarRoomView,
                    happened: tuple[Event, ...]) -> Markup:
        """The table as the step's events so far left it, the latest one's changes marked."""
        scene = Scene.of(before)
        for event in happened:
            scene.apply(event)
        if happened:
            scene.mark(happened[-1])
        return scene.html()


def deck_html(deck: Deck) -> Markup:
    """The deck as a table of its cards, with the text generated from the data."""
    rows = joined(
        html("<tr><td>{code}</td><td>{name}</td><td>{vc}</td><td>{copies}</td>"
             "<td>{does}</td></tr>",
             code=kind.code, name=said_name(kind.name), vc=kind.vc, copies=copies,
             does=card_text(kind))
        for kind, copies in zip(deck.kinds, deck.copies, strict=True)
    )
    count = len(deck.cards)
    return html('{style}<div class="wt-app"><b>{name}</b>: {count}'
                '<table class="wt-rulings"><tr><th>{code}</th><th>{card}</th><th>{printed}</th>'
                "<th>{copies}</th><th>{does}</th></tr>{rows}</table></div>",
                style=Markup(STYLESHEET), name=said_name(deck.name),
                count=ngettext("{count} card", "{count} cards", count).format(count=count),
                # Translators: the headings of the table of a War Room deck's cards
                code=_("Code"), card=pgettext("a heading", "Card"), printed=_("Printed VC"),
                copies=_("Copies"), does=_("What it does"), rows=rows)


class DeckTable:
    """A deck as a notebook output (Jupyter shows its ``_repr_html_``)."""

    def __init__(self, deck: Deck) -> None:
        self.deck = deck

    def _repr_html_(self) -> Markup:
        return deck_html(self.deck)

    def __repr__(self) -> str:
        return f"DeckTable({self.deck.name!r})"


def show_deck(deck: Deck | str | Path | None = None) -> DeckTable:
    """A deck (the shipped one by default; or a path or text of a deck file) as a table."""
    return DeckTable(load_deck(_deck_source(deck)))


def _deck_source(deck: Deck | str | Path | None) -> str:
    """The text of a deck file (or the shipped deck's name) for ``WarRoomRules.deck``."""
    if deck is None:
        return DEFAULT_DECK
    if isinstance(deck, Deck):
        return to_toml(deck)
    if isinstance(deck, str) and "\n" not in deck and deck.strip().endswith(".toml"):
        deck = Path(deck.strip())  # a file name given as a string
    if isinstance(deck, Path):
        try:
            return deck.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as e:
            raise BadInput(f"the deck file {str(deck)!r} cannot be read ({e.__class__.__name__})",
                           allowed="the path of a War Room deck file (.toml) that exists, "
                                   "or a Deck such as default_deck()") from None
    return deck


def war_room_app(
    seed: int | None = None,
    players: int | None = None,
    rules: WarRoomRules | Mapping[str, Any] | None = None,
    deck: Deck | str | Path | None = None,
    stacked: tuple[str, ...] | None = None,
    pace: str = DEFAULT_PACE,
    humans: tuple[int, ...] | None = None,
    position: Mapping[str, Any] | None = None,
) -> GameApp:
    """You (seat 0) against computer players who use the heuristic agent.

    ``deck`` is a :class:`Deck` (for example ``default_deck().with_card("SN", vc=4)``),
    a path to a deck file, or the text of one; ``players`` sets the table's size (by
    default, one player per stacked draw stack).

    >>> app = war_room_app(seed=1, rules={"first_player": 0}, stacked=("SE SC", "SC SC"))
    >>> app.labels()[:2]
    ['Activate', 'Decline']
    >>> app.press("Activate")
    >>> while "from 5 to 3" not in app.frame().words:  # the round plays out, moment by moment
    ...     app.next_moment()
    >>> "5 → 3 (-2)" in app.table_text()
    True
    """
    settings: dict[str, Any] = {}
    if isinstance(rules, WarRoomRules):
        settings = settings_of(rules)
    elif rules is not None:
        settings = dict(rules)
    if players is not None:
        settings["players"] = players
    elif stacked is not None:
        settings.setdefault("players", len(stacked))  # one draw stack per player
    if deck is not None:
        settings["deck"] = _deck_source(deck)
    # Computer players for every seat a New round could need, whatever the table's size.
    agents = dict.fromkeys(range(1, MAX_PLAYERS), heuristic_agent)
    return GameApp(WAR_ROOM, WarRoomTable(), human=0, seed=seed, rules=settings,
                   stacked=stacked, agents=agents, autoplay=heuristic_agent, pace=pace,
                   humans=humans, position=position)


__all__ = ["DeckTable", "RoomCard", "WarRoomTable", "show_deck", "war_room_app"]
