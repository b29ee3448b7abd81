"""How an Arsenal table looks: pure HTML from a view, in the colours of the level's arena.

The NPC sits at the top, its hand face down in its level's card backs; the clash is in
the middle, with who leads and why, and how the last clash was decided; your hand is at
the bottom. After your choice, the round plays out on the table moment by moment: the
NPC's answer appears in its place, the winner is marked, the captured cards counted and
the hands refilled. Your choices are your hand's cards again, as buttons drawn like the
cards on the table (their family's colour, their level). Every card is an SVG with a
text alternative.

>>> from wartutor.variants.arsenal import arsenal_card
>>> 'aria-label="Rocket of Space Force, a level-1 bomb"' in arsenal_card_svg(arsenal_card("RK-SF"))
True
"""

from __future__ import annotations

from dataclasses import dataclass, field

from wartutor.core.engine import Event
from wartutor.language import N_, _, ngettext
from wartutor.ui.markup import Markup, html, joined, style
from wartutor.variants.arsenal import ArsenalCard, ArsenalView, arsenal_card
from wartutor.variants.arsenal.cards import BOMB, SHIELD
from wartutor.variants.arsenal.clash import clash
from wartutor.variants.arsenal.explain import clash_words
from wartutor.variants.arsenal.game import (
    NPC,
    YOU,
    Answered,
    Captured,
    Clashed,
    CoinTossed,
    LeadPassed,
    Led,
    Refilled,
    SuddenDeathDrawn,
)
from wartutor.variants.arsenal.levels import Level

# Each family has its own colour, readable with white text (contrast above 4.5:1), and a
# light tint of it for the buttons of your hand, readable with black text.
FAMILY_COLOURS = {"bomb": "#b3261e", "shield": "#1d5fa8", "counter-strike": "#6a1b9a"}
FAMILY_TINTS = {"bomb": "#f6b8b2", "shield": "#b5d0f2", "counter-strike": "#dcc0ec"}
PATTERN_GLYPHS = {
    "stripes": "\u2571", "waves": "\u223f", "leaves": "\u2766", "dunes": "\u25e0",
    "snowflakes": "\u2744", "embers": "\u2022", "bolts": "\u03df", "bubbles": "\u25cb",
    "craters": "\u25ce", "stars": "\u2605",
}  # fmt: skip

ARSENAL_STYLE = Markup("""
<style>
.wt-arena { border-radius: 14px; padding: 8px 16px; color: #fff; display: block;
  box-sizing: border-box; width: 100%; }
.wt-arena-head { font-size: 22px; font-weight: 700; }
.wt-arena-sub { font-size: 17px; margin-bottom: 2px; }
.wt-score { font-size: 21px; font-weight: 700; display: inline-block; border-radius: 8px;
  padding: 0 4px; }
.wt-arena .wt-seat { margin: 4px 0; gap: 12px; }
.wt-arena .wt-seat-name { width: 170px; font-size: 20px; }
.wt-arena .wt-seat-name .wt-note { color: #fff; font-size: 15px; }
.wt-hand-row { display: flex; gap: 5px; flex-wrap: wrap; align-items: flex-end; }
.wt-hand-row svg.wt-card { width: 64px; height: 90px; }
.wt-clash { display: flex; gap: 28px; align-items: flex-end; margin: 4px 0; min-height: 140px; }
.wt-clash figure { margin: 0; text-align: center; font-size: 16px; }
.wt-slot { width: 100px; height: 140px; border: 2px dashed rgba(255,255,255,.7);
  border-radius: 9px; display: flex; align-items: center; justify-content: center;
  text-align: center; font-size: 15px; }
.wt-lead-note { font-size: 18px; margin: 4px 0; }
.wt-clash-words { font-size: 18px; background: rgba(0,0,0,.35); border-radius: 8px;
  padding: 4px 10px; margin: 4px 0; }
.wt-wins { font-weight: 700; color: #111; border-radius: 6px; padding: 2px 8px; }
.wt-sudden { font-size: 20px; font-weight: 700; border: 3px solid #ffd43b; border-radius: 10px;
  padding: 6px 12px; margin: 6px 0; }
.wt-arsenal-app .wt-actions { gap: 6px; }
/* Your hand: buttons drawn as the table's cards, in their family's colour (the colours
   themselves come with each table, one rule per place in the hand). Specific enough to
   win over the shell's button rules, which come later in the page. */
.wt-arsenal-app .wt-app .wt-actions .wt-main-button { flex: 0 0 auto; height: 88px;
  width: 86px !important; min-width: 0 !important; white-space: pre-line; line-height: 1.25;
  font-size: 13px; font-weight: 700; border-radius: 9px; color: #111; border: 2px solid #333;
  padding: 4px 3px 2px; overflow: hidden; background: #fff; display: flex;
  flex-direction: column; justify-content: flex-start; align-items: center; }
.wt-arsenal-app .wt-app .wt-actions .wt-main-button:hover:enabled { border-color: #e0a800;
  box-shadow: 0 0 0 3px #ffd43b; }
.wt-arsenal-app .wt-app.wt-large .wt-actions .wt-main-button { height: 100px;
  width: 94px !important; font-size: 14.5px; }
.wt-map { align-items: center; }
.wt-map .wt-map-label { font-size: 17px; font-weight: 700; margin-right: 4px; }
.wt-arsenal-app > .wt-map { margin: 0 0 2px; }
.wt-map .widget-button { flex: 0 0 auto; font-size: 14px; height: 28px !important;
  width: auto !important; min-width: 34px !important; padding: 0 8px; margin: 0; }
.wt-news { font-size: 20px; font-weight: 700; padding: 4px 12px; border-radius: 8px;
  background: #fff4c2; border: 3px solid #e0a800; margin: 2px 0; }
.wt-news:empty { display: none; }
.wt-map .widget-button.wt-level-now { background: #1a5fb4; color: #fff; font-weight: 700; }
.wt-large .wt-arena-head, .wt-large .wt-score { font-size: 26px; }
.wt-large .wt-arena-sub, .wt-large .wt-lead-note, .wt-large .wt-clash-words,
.wt-large .wt-clash figure { font-size: 21px; }
.wt-large .wt-arena .wt-seat-name { font-size: 24px; }
.wt-large .wt-arena svg.wt-back { width: 60px; height: 84px; }
/* The team decides clashes of one level: its name on a card must be read from the back. */
.wt-large .wt-hand-row svg.wt-card { width: 80px; height: 112px; }
.wt-arsenal-app:has(.wt-large) .wt-map .widget-button { font-size: 19px;
  height: 38px !important; min-width: 42px !important; }
.wt-arsenal-app:has(.wt-large) .wt-map .wt-map-label { font-size: 22px; }
.wt-large .wt-clash svg.wt-card { width: 120px; height: 168px; }
.wt-large .wt-slot { width: 120px; height: 168px; font-size: 19px; }
</style>
""")


def describe(card: ArsenalCard) -> str:
    """What a screen reader says for a card: "Rocket of Space Force, a level-1 bomb"."""
    kind, suit = _(card.name), _(card.suit_name)
    if card.family == BOMB:
        return _("{kind} of {suit}, a level-{level} bomb").format(kind=kind, suit=suit,
                                                                  level=card.level)
    if card.family == SHIELD:
        return _("{kind} of {suit}, a shield that stops bombs up to level {level}").format(
            kind=kind, suit=suit, level=card.level)
    return _("{kind} of {suit}, a Counter-Strike").format(kind=kind, suit=suit)


def arsenal_card_svg(card: ArsenalCard) -> Markup:
    """One card face up: its job in a coloured band, its name, its suit."""
    # Two short lines fit the card: "Grenade / Launcher", "Counter- / Strike", "Nuke".
    words = _(card.name).replace("-", "- ").split(" ")
    half = max(1, len(words) // 2)
    lines = [" ".join(words[:half]).replace("- ", "-"), " ".join(words[half:])]
    badge = _badge(card)  # "L4", "CS", or a shield's "up to L3", which needs a smaller size
    name = joined(html('<text x="50" y="{y}" font-size="16" text-anchor="middle">{line}</text>',
                       y=70 + 20 * i, line=line)
                  for i, line in enumerate(x for x in lines if x))
    return html(
        '<svg class="wt-card" role="img" aria-label="{label}" width="100" '
        'height="140" viewBox="0 0 100 140" font-family="DejaVu Sans, sans-serif">'
        '<rect x="2" y="2" width="96" height="136" rx="9" fill="#fff" stroke="#333" '
        'stroke-width="2"/><rect x="2" y="2" width="96" height="36" rx="9" fill="{colour}"/>'
        '<text x="50" y="{badge_y}" font-size="{badge_size}" font-weight="700" fill="#fff" '
        'text-anchor="middle">{badge}</text>'
        '<g fill="#111" font-weight="700">{name}</g>'
        '<text x="50" y="129" font-size="14" fill="#333" text-anchor="middle">'
        "{suit}</text></svg>",
        label=describe(card), colour=FAMILY_COLOURS[card.family], badge=badge,
        badge_size=22 if len(badge) <= 4 else 16, badge_y=28 if len(badge) <= 4 else 26,
        name=name, suit=_(card.suit_name),
    )


def back_svg(level: Level) -> Markup:
    """A card back in the level's look: its colour and its pattern."""
    glyph = PATTERN_GLYPHS[level.pattern]
    marks = joined(html('<text x="{x}" y="{y}" font-size="14" text-anchor="middle">{glyph}'
                        "</text>", x=x, y=y, glyph=glyph)
                   for x in range(22, 90, 19) for y in range(30, 130, 19))
    return html(
        '<svg class="wt-card wt-back" role="img" aria-label="{label}" width="70" '
        'height="98" viewBox="0 0 100 140" font-family="DejaVu Sans, sans-serif">'
        '<rect x="2" y="2" width="96" height="136" rx="9" fill="{back}" stroke="#fff" '
        'stroke-width="3"/><g fill="{accent}">{marks}</g></svg>',
        label=_("a face-down card"), back=level.back, accent=level.accent, marks=marks,
    )


def empty_slot(text: str) -> Markup:
    return html('<div class="wt-slot">{text}</div>', text=text)


def card_label(card: ArsenalCard) -> str:
    """A card's button, in three lines as on the card: its badge and job, name, team.

    >>> print(card_label(arsenal_card("MT-SF")))
    L4 bomb
    Meteor
    Space Force
    """
    # One short line: "L4 bomb", or the badge alone.
    first = (_("L{level} bomb").format(level=card.level) if card.family == BOMB
             else _badge(card))
    return f"{first}\n{_(card.name)}\n{_(card.suit_name)}"


def _badge(card: ArsenalCard) -> str:
    # A shield's badge says which bombs it stops, in the bombs' own "L2" (not "cap 2").
    if card.family == BOMB:
        # Translators: a card's badge: L for level (a bomb's level 4).
        return _("L{level}").format(level=card.level)
    if card.family == SHIELD:
        # Translators: a shield's badge: the bombs it stops, up to level 3.
        return _("up to L{level}").format(level=card.level)
    # Translators: the badge of a Counter-Strike, its initials.
    return _("CS")


AUTOPLAY = N_("Play 10 random cards")
# The band behind a card button's first line ("L2 bomb"): its top padding and one line.
BAND = "calc(4px + 1.25em)"


def hand_colours(hand: tuple[ArsenalCard, ...]) -> Markup:
    """One CSS rule per place in the hand: the card button there gets its family's band
    (the buttons are in the hand's order, one per card)."""
    rules = "".join(
        f".wt-arsenal-app .wt-app .wt-actions .wt-main-button:nth-child({place}) {{ "
        f"background: linear-gradient({FAMILY_TINTS[c.family]} 0 {BAND}, "
        f"{FAMILY_COLOURS[c.family]} {BAND} calc({BAND} + 3px), #fff calc({BAND} + 3px)); }}"
        for place, c in enumerate(hand, start=1))
    return style(rules)


@dataclass
class Round:
    """The cards on the table: the lead, the answer when given, the winner when decided."""

    number: int
    leader: int
    lead: ArsenalCard
    answer: ArsenalCard | None = None
    winner: int | None = None


@dataclass
class ArenaNow:
    """The table at one moment; ``changed`` names what the latest moment changed
    ("lead", "answer", "winner", "score", "hands", "note", "sudden")."""

    view: ArsenalView  # the view the moment started from: level rules, deck, viewer
    round: int
    pile: int
    hand_counts: list[int]
    hands: list[list[ArsenalCard | None] | None]  # None: hidden from the viewer
    captured: list[int]
    table: Round | None
    words: str  # how the round on the table was decided
    note: str  # who leads now, and why
    sudden: tuple[ArsenalCard, ArsenalCard] | None
    changed: set[str] = field(default_factory=set)


class ArsenalTable:
    """Arsenal's part of the app for one level: see :class:`wartutor.ui.shell.TableDesign`."""

    def __init__(self, level: Level) -> None:
        self.level = level

    @property
    def autoplay_label(self) -> str:
        return _(AUTOPLAY)

    @property
    def _names(self) -> tuple[str, str]:
        """The seats' names on the table, in the language in force."""
        return (_("You"), _(self.level.npc_name))

    def action_label(self, action: str) -> str:
        return card_label(arsenal_card(action.removeprefix("play ")))

    def choice_words(self, action: str) -> str:
        """A choice as a sentence names it: "Play Kevlar (Pirates)" (a button's three lines
        would read as a list)."""
        return _("Play {card}").format(card=arsenal_card(action.removeprefix("play ")).said)

    def table_html(self, view: ArsenalView, events: tuple[Event, ...]) -> Markup:
        return self._arena(self._at_rest(view, events)) + hand_colours(self._my_hand(view))

    def moment_html(self, before: ArsenalView, after: ArsenalView,
                    happened: tuple[Event, ...]) -> Markup:
        """The round partway: the cards played so far (the NPC's answer in its place),
        the winner marked, the captured cards counted and the hands refilled."""
        now = self._at_rest(before, ())
        for event in happened:
            now.changed.clear()
            self._move(now, event, after)
        for p, hand in enumerate(now.hands):
            if hand is not None:  # cards drawn that the view after does not show: backs
                del hand[now.hand_counts[p]:]
                hand.extend([None] * (now.hand_counts[p] - len(hand)))
        return self._arena(now)

    def _my_hand(self, view: ArsenalView) -> tuple[ArsenalCard, ...]:
        return view.hand if view.hands is None else view.hands[YOU]

    def _at_rest(self, view: ArsenalView, events: tuple[Event, ...]) -> ArenaNow:
        hands: list[list[ArsenalCard | None] | None] = [list(self._my_hand(view)), None]
        if view.hands is not None:
            hands[NPC] = list(view.hands[NPC])
        table, words = None, ""
        if view.lead is not None:
            table = Round(view.round, view.leader, view.lead)
        elif view.history:
            last = view.history[-1]
            table = Round(last.number, last.leader, last.cards[last.leader],
                          last.cards[1 - last.leader], last.winner)
            words = clash_words(clash(last.cards[last.leader], last.cards[1 - last.leader]))
        return ArenaNow(view, view.round, view.pile_count, list(view.hand_counts), hands,
                        [len(c) for c in view.captured], table, words,
                        self._lead_note(view, events), view.sudden_death)

    def _move(self, now: ArenaNow, event: Event, after: ArsenalView) -> None:
        """The table moved on by one event of the step, and what it changed noted."""
        match event:
            case Led(round=number, player=p, card=card):
                now.round, now.table, now.words = number, Round(number, p, card), ""
                self._played(now, p, card)
                now.note = ""
                now.changed.add("lead")
            case Answered(player=p, card=card) if now.table is not None:
                now.table.answer = card
                self._played(now, p, card)
                now.changed.add("answer")
            case Clashed(clash=met, winner=winner) if now.table is not None:
                now.table.winner = winner
                now.words = clash_words(met)
                now.changed.add("winner")
            case Captured(totals=totals):
                now.captured = list(totals)
                now.changed.add("score")
            case Refilled(drawn=drawn, pile_left=left):
                now.hand_counts = [now.hand_counts[p] + drawn[p] for p in (YOU, NPC)]
                now.pile = left
                shown: tuple[list[ArsenalCard | None], list[ArsenalCard | None] | None] = (
                    list(self._my_hand(after)),
                    None if after.hands is None else list(after.hands[NPC]))
                now.hands = [None if now.hands[p] is None else shown[p] for p in (YOU, NPC)]
                now.changed.add("hands")
            case LeadPassed(round=number, player=p):
                now.round = number
                now.note = (
                    _("You lead round {round} (the winner of a round leads the next).")
                    if p == YOU else
                    _("{name} leads round {round} (the winner of a round leads the next).")
                ).format(name=self._names[NPC], round=number)
                now.changed.add("note")
            case SuddenDeathDrawn(cards=cards):
                now.sudden = cards
                now.changed.add("sudden")

    @staticmethod
    def _played(now: ArenaNow, player: int, card: ArsenalCard) -> None:
        now.hand_counts[player] -= 1
        hand = now.hands[player]
        if hand is not None:
            hand.remove(card if card in hand else None)

    def _arena(self, now: ArenaNow) -> Markup:
        view, level, npc = now.view, self.level, self._names[NPC]
        rounds = len(view.deck) // 2
        shown = min(now.round, rounds)
        head = html(
            '<div class="wt-arena-head">{level}</div>'
            '<div class="wt-arena-sub">{against} &middot; {round} &middot; '
            '<span class="{new}">{pile}</span>{everything}</div>',
            level=_("Level {number}: {name}").format(number=level.number, name=_(level.name)),
            against=_("against {npc}").format(npc=npc),
            # Under ruling AR-DRY's 'pile-empty' the match may end before every card is played.
            round=(_("round {round} of {rounds}").format(round=shown, rounds=rounds)
                   if view.rules.dry == "all-played" else
                   _("round {round}").format(round=shown)),
            new=_new(now, "hands"),
            pile=ngettext("{n} card in the draw pile", "{n} cards in the draw pile",
                          now.pile).format(n=now.pile),
            everything=(html(" &middot; {words}", words=_("showing everything"))
                        if view.viewer is None else ""))
        score = html('<div class="wt-score{changed}">{yours} &middot; {npc} {theirs}</div>',
                     changed=_changed(now, "score"),
                     yours=_("Captured: you {count}").format(count=now.captured[YOU]),
                     npc=npc, theirs=now.captured[NPC])
        return html('<div class="wt-arena" style="background:{arena}">{head}{score}'
                    "{npc_seat}{clash}{note}{sudden}{your_seat}</div>",
                    arena=level.arena, head=head, score=score, npc_seat=self._seat(now, NPC),
                    clash=self._clash_html(now), note=self._note_html(now),
                    sudden=self._sudden_html(now), your_seat=self._seat(now, YOU))

    def _seat(self, now: ArenaNow, seat: int) -> Markup:
        count = now.hand_counts[seat]
        hand = now.hands[seat]
        if hand is None:
            cards = back_svg(self.level) * count
        else:
            cards = joined(arsenal_card_svg(c) if c is not None else back_svg(self.level)
                           for c in hand)
        name = _("Your hand") if seat == YOU else self._names[NPC]
        return html('<div class="wt-seat"><div class="wt-seat-name">{name}<br>'
                    '<span class="wt-note{changed}">{count}</span></div>'
                    '<div class="wt-hand-row" role="group" aria-label="{label}">{cards}'
                    "</div></div>",
                    name=name, changed=_changed(now, "hands"),
                    count=ngettext("{n} card in hand", "{n} cards in hand", count).format(n=count),
                    label=_("{name}: hand").format(name=name), cards=cards)

    def _clash_html(self, now: ArenaNow) -> Markup:
        """The cards on the table (the lead awaiting an answer, or the round just played),
        and how that round was decided."""
        names, table = self._names, now.table
        if table is None:
            return html('<div class="wt-clash">{slot}</div>',
                        slot=empty_slot(_("no cards played yet")))
        figures = []
        for seat in (table.leader, 1 - table.leader):
            card = table.lead if seat == table.leader else table.answer
            if card is None:
                figures.append(empty_slot(_("your answer?") if seat == YOU
                                          else _("{name}'s answer").format(name=names[NPC])))
                continue
            fresh = _changed(now, "lead" if seat == table.leader else "answer").strip()
            wins = (html(' <span class="wt-wins{new}" style="background:{accent}">{wins}</span>',
                         new=" wt-mark-new" if "winner" in now.changed else "",
                         accent=self.level.accent, wins=_("wins"))
                    if seat == table.winner else "")
            if seat == YOU:
                part = _("You led") if seat == table.leader else _("You answered")
            else:
                part = (_("{name} led") if seat == table.leader else
                        _("{name} answered")).format(name=names[seat])
            figures.append(html("<figure{cls}>{card}<figcaption>{part}{wins}"
                                "</figcaption></figure>",
                                cls=html(' class="{fresh}"', fresh=fresh) if fresh else "",
                                card=arsenal_card_svg(card), part=part, wins=wins))
        words = (html('<div class="wt-clash-words">{words}</div>',
                      words=_("Round {number}: {words}").format(number=table.number,
                                                                words=now.words))
                 if now.words else "")
        return html('<div class="wt-clash">{figures}</div>{words}', figures=joined(figures),
                    words=words)

    def _note_html(self, now: ArenaNow) -> Markup:
        if not now.note:
            return Markup()
        return html('<div class="wt-lead-note{new}">{note}</div>', new=_new(now, "note"),
                    note=now.note)

    def _lead_note(self, view: ArsenalView, events: tuple[Event, ...]) -> str:
        """Who leads now, and why: the coin toss for round 1, else the last round's winner."""
        names = self._names
        if view.outcome is not None:
            return ""
        if view.history:
            why = (_("you won the last round") if view.leader == YOU else
                   _("{name} won the last round").format(name=names[NPC]))
        else:
            toss = next((e for e in events if isinstance(e, CoinTossed)), None)
            why = (_("the stacked deal says so") if toss and toss.stacked else
                   _("the coin toss"))
        if view.leader == YOU and view.lead is not None:
            return _("You led; now {name} answers, knowing your card.").format(name=names[NPC])
        if view.leader == YOU:
            # Translators: {why} says why this side leads: "the coin toss", say.
            what = _("You lead: pick a card to show first, before you see theirs ({why}).")
        elif view.lead is not None:
            what = _("{name} led: answer it, knowing its card ({why}).")
        else:
            what = _("{name} leads ({why}).")
        return what.format(name=names[NPC], why=why)

    def _sudden_html(self, now: ArenaNow) -> Markup:
        if now.sudden is None:
            return Markup()
        mine, theirs = now.sudden
        return html('<div class="wt-sudden{changed}">{sudden}'
                    '<div class="wt-clash"><figure>{mine}<figcaption>{you}</figcaption></figure>'
                    "<figure>{theirs}<figcaption>{npc}</figcaption></figure></div>{words}</div>",
                    changed=_changed(now, "sudden"),
                    sudden=_("Sudden death! The captured cards were tied, so the whole deck was "
                             "reshuffled for one last draw."),
                    you=_("you"), mine=arsenal_card_svg(mine),
                    theirs=arsenal_card_svg(theirs), npc=self._names[NPC],
                    words=clash_words(clash(mine, theirs)))




def _changed(now: ArenaNow, part: str) -> str:
    return " wt-changed" if part in now.changed else ""


def _new(now: ArenaNow, part: str) -> str:
    return " wt-mark-new" if part in now.changed else ""
