"""Trade War's part of the app: its table, its choices, and the app itself.

The computers sit across the top of the table side by side, each with its hand face
down (a fan with a count) and its resource pile count; the battle lies in the middle
(the stake, then each side's play, doubles together); you sit at the bottom with your
hand face up and the resource pile you may look at.

After a choice the turn plays out on this table one moment at a time: a :class:`Scene`
starts from the table before the engine's step and follows the step's events. A hidden
hand stays hidden: of it only the count moves, and a card shows only where the rules
put it face up (the stake, the battle plays, Putin's kill).

Asking (whom, for which rank), taking and swapping resource cards are chosen from
drop-down menus beside one button each: as buttons they would fill the screen. The
other choices (draw, battle plays, Putin, the reward) are buttons.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from contextlib import AbstractContextManager
from dataclasses import dataclass, field, replace
from typing import Any

import ipywidgets as widgets

from wartutor.core.cards import RANK_CODES, Card
from wartutor.core.cards import rank_word as rank_name
from wartutor.core.engine import Decision, Event
from wartutor.core.rulings import settings_of
from wartutor.core.voice import speaking, voice
from wartutor.language import N_, _, ngettext, pgettext
from wartutor.ui.card_clicks import playable
from wartutor.ui.joker_names import JokerNamesPanel, checked_names
from wartutor.ui.markup import Markup, escaped, html, joined
from wartutor.ui.playback import DEFAULT_PACE
from wartutor.ui.render import CARD_HEIGHT, CARD_WIDTH, card_svg, deck_svg, mini_card
from wartutor.ui.shell import GameApp
from wartutor.variants.trade_war import TRADE_WAR, TradeRules, TradeView
from wartutor.variants.trade_war.agents import heuristic_agent
from wartutor.variants.trade_war.cards import (
    MUELLER,
    PUTIN,
    Cards,
    Joker,
    TradeCard,
    sorted_cards,
    trade_cards,
)
from wartutor.variants.trade_war.explain import (
    NEUTRAL_NAMES,
    JokerNames,
    count,
    joker_word,
    naming_jokers,
    rank_word,
    the_card,
    worded,
)
from wartutor.variants.trade_war.state import (
    Asked,
    Assassinated,
    Battle,
    BattleDecided,
    Collected,
    Drew,
    GameOver,
    Played,
    Rewarded,
    StakeLaid,
    Swapped,
    TiedAgain,
    Took,
    TurnEnded,
    TurnStarted,
    WonInARow,
)

MAX_PLAYERS = 5
SEATS = TRADE_WAR.player_names(TradeRules(players=MAX_PLAYERS))  # the seats' own names
# What each joker does, written small on its card.
MUELLER_POWER = N_("beats face cards")
PUTIN_POWER = N_("knocks a card out")

TRADE_STYLE = Markup("""
<style>
.tw-head { font-size: 19px; display: flex; gap: 14px; align-items: center; flex-wrap: wrap; }
.tw-centre { display: flex; gap: 6px; align-items: center; font-size: 16px; }
.tw-table .tw-centre svg.wt-card { width: 36px; height: 50px; }
.tw-removed { display: flex; gap: 4px; align-items: center; font-size: 15px; flex-wrap: wrap; }
.tw-others { display: flex; gap: 8px; margin: 6px 0; }
.tw-seat { flex: 1 1 0; min-width: 0; background: rgba(0,0,0,.18); border-radius: 10px;
  padding: 5px 8px; display: flex; flex-direction: column; gap: 4px; }
.tw-seat.tw-you { box-shadow: inset 0 0 0 3px #fff; }
.tw-seat .wt-seat-name { font-size: 19px; width: auto; }
.tw-marks { display: flex; flex-wrap: wrap; gap: 3px; min-height: 22px; }
.tw-mark { font-size: 14px; font-weight: 700; border-radius: 6px; padding: 1px 6px;
  background: #e9ecef; color: #111; white-space: nowrap; }
.tw-mark.tw-now { background: #ffe066; }
.tw-row { display: flex; gap: 8px; align-items: center; flex-wrap: wrap; }
.tw-hand { display: flex; gap: 4px; flex-wrap: wrap; align-items: flex-end; }
.tw-table svg.wt-card { width: 64px; height: 90px; }
.tw-hand { gap: 3px; }
.tw-others svg.wt-back { width: 40px; height: 56px; }
.tw-n4 .tw-others svg.wt-back, .tw-n5 .tw-others svg.wt-back { width: 22px; height: 31px; }
.tw-empty { font-size: 14px; border: 2px dashed rgba(255,255,255,.6); border-radius: 6px;
  padding: 8px 6px; }
.tw-count { font-size: 15px; line-height: 1.2; }
.tw-count b { font-size: 18px; }
.tw-battle { background: #144d2a; border-radius: 10px; padding: 4px 10px; margin: 6px 0;
  min-height: 132px; box-sizing: border-box; }
.tw-battle-head { font-size: 17px; font-weight: 700; }
.tw-plays { display: flex; gap: 14px; align-items: flex-end; flex-wrap: wrap; }
.tw-play { margin: 0; text-align: center; font-size: 14px; display: flex; flex-direction: column;
  align-items: center; gap: 8px; padding: 6px 4px 2px; }
.tw-play > div { display: flex; gap: 3px; }
.tw-idle { font-size: 16px; padding: 24px 0; color: #e8f5e9; }
.tw-mini-list { font-size: 15px; line-height: 1.6; }
.tw-scores { font-size: 19px; font-weight: 700; }
/* Large print: the cards, their captions, the marks and the counts grow together. */
.wt-large .tw-head { font-size: 23px; }
.wt-large .tw-seat .wt-seat-name { font-size: 24px; }
.wt-large .tw-mark, .wt-large .tw-count, .wt-large .tw-play, .wt-large .tw-centre,
.wt-large .tw-removed, .wt-large .tw-mini-list, .wt-large .tw-idle { font-size: 19px; }
.wt-large .tw-count b, .wt-large .tw-battle-head { font-size: 22px; }
.wt-large .tw-table svg.wt-card { width: 88px; height: 123px; }
.wt-large .tw-others svg.wt-back { width: 56px; height: 78px; }
.wt-large .tw-n4 .tw-others svg.wt-back, .wt-large .tw-n5 .tw-others svg.wt-back {
  width: 32px; height: 45px; }
.wt-large .tw-table .tw-centre svg.wt-card { width: 44px; height: 61px; }
.wt-large .tw-others { flex-wrap: wrap; }
.wt-large .tw-others .tw-seat { flex-basis: 240px; }
</style>
""")


def joker_svg(joker: Joker) -> Markup:
    """A joker's face: its name large, and what it does, small."""
    name = joker_word(joker)
    return html(
        '<svg class="wt-card" role="img" aria-label="{label}" width="{width}" '
        'height="{height}" viewBox="0 0 100 140" font-family="DejaVu Sans, sans-serif">'
        '<rect x="2" y="2" width="96" height="136" rx="9" fill="#fff" stroke="#333" '
        'stroke-width="2"/><g fill="{colour}" font-weight="700" text-anchor="middle">'
        '<text x="50" y="34" font-size="15">{joker}</text>'
        '<text x="50" y="78" font-size="{size}">{name}</text>'
        '<text x="50" y="112" font-size="10">{power}</text></g></svg>',
        # Translators: written across the top of a joker's card, in capitals.
        joker=_("JOKER"), label=worded(the_card(joker)), width=CARD_WIDTH, height=CARD_HEIGHT,
        colour="#5c2d91" if joker == MUELLER else "#9c0014",
        size=min(24, 130 // max(len(name), 1)), name=name,  # a teacher's name fits the card
        power=_(MUELLER_POWER) if joker == MUELLER else _(PUTIN_POWER),
    )


def trade_card_svg(c: TradeCard | None) -> Markup:
    return joker_svg(c) if isinstance(c, Joker) else card_svg(c)


def _said(c: TradeCard) -> str:
    """A card as its button says it: '9♠', or the joker's name."""
    return joker_word(c) if isinstance(c, Joker) else c.symbol


def _named(c: TradeCard) -> str:
    """A card as a screen reader names it: 'the nine of spades', or the joker's name."""
    return joker_word(c) if isinstance(c, Joker) else the_card(c)


def symbol(code: str) -> str:
    """A card code as people read it: '9♠', 'Mueller'."""
    return " ".join(joker_word(c) if isinstance(c, Joker) else c.symbol
                    for c in trade_cards(code))


def seat_name(seat: int) -> str:
    """"You" for the player looking (see core.voice), else the seat's name: a seat's label."""
    if voice().you(seat):
        # Translators: the label of your own seat at the table.
        return pgettext("seat", "You")
    return voice().name(seat, SEATS)


def marked(sentence: str, **values: object) -> Markup:
    """A sentence in the language in force, its words escaped, with fields that may be
    Markup (cards drawn small)."""
    return html(str(escaped(sentence)), **values)


def _near(viewer: int | None) -> int:
    """The seat drawn nearest the screen's edge: the viewer's, else the player looking."""
    if viewer is not None:
        return viewer
    return voice().viewer or 0


def backs_html(count: int) -> Markup:
    """A hidden hand: one small face-down card for each card in it (an empty place if none)."""
    if count == 0:
        return html('<span class="tw-empty">{none}</span>', none=_("no cards"))
    return card_svg(None) * count


def _minus(cards: Cards, gone: Cards) -> Cards:
    """``cards`` without each of ``gone`` (once each)."""
    left = list(cards)
    for c in gone:
        if c in left:
            left.remove(c)
    return tuple(left)


def _mark(text: str, new: bool = False, now: bool = False) -> Markup:
    classes = " ".join(c for c in ("tw-mark", "tw-now" if now else "",
                                   "wt-mark-new" if new else "") if c)
    return html('<span class="{classes}">{text}</span>', classes=classes, text=text)


@dataclass
class Scene:
    """The table partway through a step: the view before it, moved on by the step's events.

    A hand hidden from the viewer stays hidden: of it only the count moves, and a card
    shows only where the rules put it face up (the stake, the battle plays, Putin's kill).
    ``fresh`` holds the marks of the latest moment, ``changed`` the cards it laid and
    ``counts`` the seats whose counts it changed.
    """

    viewer: int | None
    players: int
    streak_rule: str
    turn: int
    instigator: int
    hands: list[Cards | None]
    hand_sizes: list[int]
    pile_sizes: list[int]
    center: int
    battle: Battle | None
    removed: list[TradeCard]
    streaks: list[int]
    over: bool
    rank: int = 0  # the rank asked for, until the stake is laid
    collected: bool = False  # the battle's cards are won and leave at the next event
    fresh: dict[int, list[Markup]] = field(default_factory=dict)
    changed: set[TradeCard] = field(default_factory=set)
    counts: set[int] = field(default_factory=set)
    new_removed: bool = False

    @classmethod
    def of(cls, view: TradeView) -> Scene:
        return cls(view.viewer, view.rules.players, view.rules.streak, view.turn,
                   view.instigator, list(view.hands),
                   list(view.hand_sizes), list(view.pile_sizes), view.center_size, view.battle,
                   list(view.removed), list(view.streaks), view.outcome is not None)

    def _into_hand(self, seat: int, cards: Cards) -> None:
        hand = self.hands[seat]
        if hand is not None:
            self.hands[seat] = sorted_cards((*hand, *cards))
        self.hand_sizes[seat] += len(cards)

    def _out_of_hand(self, seat: int, cards: Cards) -> None:
        hand = self.hands[seat]
        if hand is not None:
            self.hands[seat] = _minus(hand, cards)
        self.hand_sizes[seat] -= len(cards)

    def apply(self, event: Event) -> None:
        """The table after ``event``: counts for hidden hands, cards for the seen ones."""
        if self.collected and not isinstance(event, Collected):
            self.battle, self.collected = None, False
        match event:
            case TurnStarted(turn=turn, player=p):
                self.turn, self.instigator, self.battle = turn, p, None
                if self.streak_rule != "game":
                    self.streaks = [0] * self.players
            case Took(player=p, cards=cards):
                self._into_hand(p, cards)
                self.pile_sizes[p] -= len(cards)
            case Swapped(player=p, out=out, into=into):
                hand = self.hands[p]
                if hand is not None:
                    self.hands[p] = sorted_cards((*_minus(hand, (out,)), into))
            case Drew(player=p, card=c, center_left=left):
                self._into_hand(p, (c,))
                self.center = left
            case Asked(rank=rank):
                self.rank = rank
            case StakeLaid(player=p, cards=cards):
                self._out_of_hand(p, cards)
                self.battle = Battle(p, self.rank, cards)
            case Played(player=p, cards=cards, attacking=attacking, how=how):
                battle = self.battle
                assert battle is not None, "a battle card is played in a battle"
                if how == "stake":
                    battle = replace(battle, stake=_minus(battle.stake, cards))
                else:
                    self._out_of_hand(p, cards)
                self.battle = (replace(battle, attack=cards) if attacking else
                               replace(battle, defence=cards))
            case Assassinated(player=p, card=c, owner=owner, where=where, center_size=size):
                self._out_of_hand(p, (PUTIN,))
                if where == "hand":
                    self._out_of_hand(owner, (c,))
                elif self.battle is not None:
                    b = self.battle
                    gone = (c,)
                    self.battle = replace(
                        b, stake=_minus(b.stake, gone), earlier=_minus(b.earlier, gone),
                        earlier_attack=_minus(b.earlier_attack, gone),
                        attack=_minus(b.attack, gone), defence=_minus(b.defence, gone))
                self.removed.append(c)
                self.center = size
            case TiedAgain() if self.battle is not None:
                tied = self.battle
                self.battle = replace(tied, attack=(), defence=(),
                                      earlier=tied.earlier + tied.attack + tied.defence,
                                      earlier_attack=tied.earlier_attack + tied.attack)
            case BattleDecided(winner=w, loser=lost):
                if self.streak_rule == "game" or w == self.instigator:
                    self.streaks[w] += 1
                self.streaks[lost] = 0
            case Collected(player=p, cards=cards, to_hand=to_hand):
                self._into_hand(p, cards[:to_hand])
                self.pile_sizes[p] += len(cards) - to_hand
                self.collected = True
            case WonInARow(player=p, rule="TW-STREAK"):
                self.streaks[p] = 0
            case Rewarded(player=p, source=source, victim=v, card=c, to_hand=to_hand) if c:
                if v is None:
                    self.center -= 1
                elif source == "pile":
                    self.pile_sizes[v] -= 1
                else:
                    self._out_of_hand(v, (c,))
                if to_hand:
                    self._into_hand(p, (c,))
                else:
                    self.pile_sizes[p] += 1
            case GameOver():
                self.over = True

    def mark(self, event: Event) -> None:
        """Mark what ``event``, the moment on show, changed."""
        self.fresh, self.changed, self.counts, self.new_removed = {}, set(), set(), False

        def say(seat: int, words: str) -> None:
            self.fresh.setdefault(seat, []).append(_mark(words, new=True))

        match event:
            case TurnStarted(player=p):
                say(p, _("Starts a turn"))
            case Took(player=p) | Drew(player=p) | Swapped(player=p):
                self.counts.add(p)
                say(p, {"Took": _("Takes into hand"), "Drew": _("Draws from the centre"),
                        "Swapped": _("Swaps")}[type(event).__name__])
            case Asked(player=p, target=t, rank=rank, held=held):
                # Translators: a mark beside a seat; "You" is the label of your own seat.
                say(p, _("Asks You for {rank}").format(rank=rank_word(rank)) if voice().you(t)
                    else _("Asks {name} for {rank}").format(name=seat_name(t),
                                                            rank=rank_word(rank)))
                say(t, _("Has one") if held else _("Has none"))
            case StakeLaid(player=p, cards=cards):
                self.changed.update(cards)
                self.counts.add(p)
            case Played(player=p, cards=cards):
                self.changed.update(cards)
                self.counts.add(p)
            case Assassinated(player=p, owner=owner):
                say(p, worded(_("Plays Putin")))
                self.counts.update((p, owner))
                self.new_removed = True
            case TiedAgain():
                if self.battle is not None:
                    say(self.instigator, _("A tie: play again"))
            case BattleDecided(winner=w):
                say(w, _("Wins the battle"))
            case Collected(player=p, cards=cards):
                say(p, ngettext("Collects {n} card", "Collects {n} cards", len(cards)).format(
                    n=len(cards)))
                self.counts.add(p)
            case WonInARow(player=p, count=n):
                say(p, ngettext("{n} won in a row", "{n} won in a row", n).format(n=n))
            case Rewarded(player=p, victim=v):
                say(p, _("Takes a reward card"))
                self.counts.add(p)
                if v is not None:
                    self.counts.add(v)
            case TurnEnded(player=p):
                say(p, _("Turn ends"))

    # Drawing

    def html(self, piles: tuple[Cards | None, ...] = ()) -> Markup:
        """The table; ``piles`` are the resource piles the viewer may look at (by seat)."""
        me = _near(self.viewer)
        who = (_("You are the instigator") if voice().you(self.instigator) else
               _("{name} is the instigator").format(name=seat_name(self.instigator)))
        instigator = "" if self.over else html(" &middot; {who}", who=who)
        # Translators: the cards knocked out of the game, listed after it.
        removed = (html('<span class="tw-removed{new}">{out}: {cards}</span>',
                        out=worded(_("Assassinated")),
                        new=" wt-mark-new" if self.new_removed else "",
                        cards=mini_cards(tuple(self.removed))) if self.removed else "")
        everything = html(" &middot; {words}", words=_("showing everything"))
        head = html('<div class="tw-head"><span><span class="wt-battle">{turn}</span>'
                    "{instigator}{everything}</span>"
                    '<span class="tw-centre">{deck}<span>{centre_pile} '
                    '<b class="wt-count">{centre}</b></span></span>{removed}</div>',
                    turn=_("Turn {turn}").format(turn=self.turn), instigator=instigator,
                    everything=everything if self.viewer is None else "",
                    deck=deck_svg(self.center), centre_pile=_("centre pile"),
                    centre=self.center, removed=removed)
        # Translators: each seat's label and its count follow: "You 5, Computer 1 3".
        scores = (html('<div class="tw-scores">{piles}</div>',
                       piles=_("Resource piles: {scores}").format(scores=", ".join(
                           f"{seat_name(s)} {n}" for s, n in enumerate(self.pile_sizes))))
                  if self.over else "")
        pile_of = dict(enumerate(piles))
        others = joined(self._seat(s, pile_of.get(s)) for s in range(self.players) if s != me)
        return html('{style}<div class="wt-table tw-table tw-n{players}">{head}{scores}'
                    '<div class="tw-others">{others}</div>{battle}{mine}</div>',
                    style=TRADE_STYLE, players=self.players, head=head, scores=scores,
                    others=others, battle=self._battle(), mine=self._seat(me, pile_of.get(me)))

    def _marks(self, seat: int) -> Markup:
        marks = []
        if seat == self.instigator and not self.over:
            marks.append(_mark(_("Instigator"), now=True))
        if self.battle is not None and seat == self.battle.defender:
            marks.append(_mark(_("Defender"), now=True))
        if n := self.streaks[seat]:
            marks.append(_mark(ngettext("Won {n} in a row", "Won {n} in a row", n).format(n=n)))
        marks.extend(self.fresh.get(seat, ()))
        return html('<div class="tw-marks">{marks}</div>', marks=joined(marks))

    def _seat(self, seat: int, pile: Cards | None) -> Markup:
        hand, size = self.hands[seat], self.hand_sizes[seat]
        mine = seat == _near(self.viewer)
        if hand is None:
            shown = backs_html(size)
        elif mine:  # each card pressed as the choice that plays it alone, where offered
            shown = joined(playable(trade_card_svg(c), _("Play {cards}").format(cards=_said(c)),
                                    _("Play {cards}").format(cards=_named(c)))
                           for c in hand) or backs_html(0)
        else:  # the teacher sees every hand: the others' as short text, to keep them small
            shown = (html('<span class="tw-mini-list">{cards}</span>', cards=mini_cards(hand))
                     if hand else backs_html(0))
        you = voice().you(seat)
        whose_pile = (_("Your resource pile: {cards}") if you else
                      _("{name}'s resource pile: {cards}"))
        listed = (html('<div class="tw-mini-list">{words}</div>',
                       words=marked(whose_pile, name=seat_name(seat), cards=mini_cards(pile)))
                  if pile else "")
        hand_label = (_("Your hand, {count}").format(count=count(size)) if you else
                      _("{name}'s hand, {count}").format(name=seat_name(seat),
                                                        count=count(size)))
        return html(
            '<div class="tw-seat{you}"><div class="tw-row"><span class="wt-seat-name">{name}'
            "</span>{marks}</div>"
            '<div class="tw-row"><div class="tw-hand" aria-label="{hand_label}">'
            '{shown}</div><div class="tw-count{counted}"><b>{size}</b> {in_hand}'
            '<br><b class="wt-count">{pile}</b> {resources}</div></div>{listed}</div>',
            you=" tw-you" if mine else "", name=seat_name(seat), marks=self._marks(seat),
            hand_label=hand_label, shown=shown,
            # Translators: after a count of cards in a seat's hand ("7 in hand").
            counted=" wt-changed" if seat in self.counts else "", size=size, in_hand=_("in hand"),
            # Translators: after a count of cards in a seat's resource pile ("3 resources").
            pile=self.pile_sizes[seat], resources=_("resources"), listed=listed,
        )

    def _battle(self) -> Markup:
        """The cards on the table: the stake, then each side's play."""
        battle = self.battle
        if battle is None:
            return html('<div class="tw-battle"><div class="tw-idle">{none}</div></div>',
                        none=_("No battle on the table."))
        them, us = seat_name(battle.defender), seat_name(self.instigator)
        # Translators: captions under the cards of a battle; "You" is your seat's label.
        plays = [self._play(battle.stake, _("stake ({name})").format(name=them))]
        for c in battle.earlier:
            side = us if c in battle.earlier_attack else them
            plays.append(self._play((c,), _("{name}, tied earlier").format(name=side)))
        if battle.attack:
            plays.append(self._play(battle.attack, _attack_caption(
                self.instigator, len(battle.attack) == 2)))
        if battle.defence:
            plays.append(self._play(battle.defence, _defence_caption(
                battle.defender, len(battle.defence) == 2)))
        rank = rank_word(battle.rank)
        if voice().you(self.instigator):
            head = _("Battle: You asked {them} for {rank}").format(them=them, rank=rank)
        elif voice().you(battle.defender):
            head = _("Battle: {us} asked You for {rank}").format(us=us, rank=rank)
        else:
            head = _("Battle: {us} asked {them} for {rank}").format(us=us, them=them, rank=rank)
        collected = html(" &middot; {words}", words=_("collected"))
        return html('<div class="tw-battle"><div class="tw-battle-head">{head}{won}</div>'
                    '<div class="tw-plays">{plays}</div></div>',
                    head=head, won=collected if self.collected else "", plays=joined(plays))

    def _play(self, cards: Cards, caption: str) -> Markup:
        if not cards:
            return Markup()
        return html('<figure class="tw-play"><div{new}>{drawn}</div>'
                    "<figcaption>{caption}</figcaption></figure>",
                    new=_CHANGED if self.changed & set(cards) else "",  # the play ringed whole
                    drawn=joined(trade_card_svg(c) for c in cards), caption=caption)


_CHANGED = Markup(' class="wt-changed"')


def _attack_caption(seat: int, doubles: bool) -> str:
    if voice().you(seat):
        return _("You attack with doubles") if doubles else _("You attack")
    name = seat_name(seat)
    return (_("{name} attacks with doubles") if doubles else _("{name} attacks")).format(
        name=name)


def _defence_caption(seat: int, doubles: bool) -> str:
    if voice().you(seat):
        return _("You defend with doubles") if doubles else _("You defend")
    name = seat_name(seat)
    return (_("{name} defends with doubles") if doubles else _("{name} defends")).format(
        name=name)


def mini_cards(cards: Cards) -> Markup:
    return joined(mini_card(c) if isinstance(c, Card) else
                  html('<span class="wt-mini wt-black">{name}</span>', name=joker_word(c))
                  for c in cards)


class TradeTable:
    """How Trade War looks and what it asks: see :class:`wartutor.ui.shell.TableDesign`."""

    @property
    def autoplay_label(self) -> str:
        return _("Play 10 choices")

    def __init__(self, joker_names: JokerNames = NEUTRAL_NAMES) -> None:
        self.joker_names = joker_names  # the apps' own words: see wartutor.ui.joker_names
        self._app: GameApp | None = None
        self._why_not: Callable[[str], str | None] = lambda action: _("Not now")
        self._rows: dict[str, tuple[list[widgets.Dropdown], widgets.Button, widgets.HBox]] = {}
        self._reasons: dict[str, widgets.HTML] = {}
        self._voice = voice()  # whom the menus speak to: the table's viewer, kept for callbacks

    # Buttons

    def action_label(self, action: str) -> str:
        return worded(self._label(action))

    def _label(self, action: str) -> str:
        match action.split():
            case ["draw"]:
                return _("Draw from the centre")
            case ["play", *codes]:
                # Translators: a button; {cards} are card symbols ("9♠") or a joker's name.
                return _("Play {cards}").format(cards=" ".join(symbol(c) for c in codes))
            case ["assassinate", "hand", seat]:
                # Putin's holder chooses: the hand is always another seat's.
                return _("Putin: a card in {name}'s hand").format(name=seat_name(int(seat)))
            case ["assassinate", code]:
                return _("Putin: assassinate {card}").format(card=symbol(code))
            case ["spare"]:
                return _("Keep Putin for later")
            case ["pass"]:  # everyone's declaration at Putin's moment (TW-PUTIN-WHO)
                return _("Pass: no Putin now")
            case ["reward", "center"]:
                return _("Reward: top card of the centre")
            case ["reward", seat, "pile"]:
                return _("Reward: a random card from {name}'s pile").format(
                    name=seat_name(int(seat)))
            case ["reward", seat, "hand"]:
                return _("Reward: a random card from {name}'s hand").format(
                    name=seat_name(int(seat)))
            case ["ask", seat, rank]:
                # Translators: a button; {rank} is a rank's code: 2 to 10, J, Q, K or A.
                return _("Ask {name} for {rank}").format(name=seat_name(int(seat)), rank=rank)
            case ["take", code]:
                return _("Take {card}").format(card=symbol(code))
            case ["swap", out, "for", into]:
                return _("Swap {out} for {into}").format(out=symbol(out), into=symbol(into))
        return action

    def offered_actions(self, view: TradeView, legal: tuple[str, ...]) -> tuple[str, ...]:
        """Asks, takes and swaps are in the menus; the centre draw is a button when it is
        allowed (the turn's first moment says why). In a battle, Putin is shown among your
        cards, greyed out, because it never battles."""
        buttons = tuple(a for a in legal if not a.startswith(("ask ", "take ", "swap ")))
        if view.phase in ("attack", "defend") and PUTIN in view.my_hand:
            buttons = (*buttons, "play PJ")
        return buttons

    # The jokers' names (words only, never the game)

    def words(self) -> AbstractContextManager[JokerNames]:
        return naming_jokers(self.joker_names)

    def teacher_parts(self, app: GameApp) -> list[widgets.Widget]:
        def rename(names: JokerNames) -> None:
            self.joker_names = names
            app.reword()

        return [JokerNamesPanel(self.joker_names, rename)]

    # Menus: ask, take, swap

    def controls(self, app: GameApp) -> list[widgets.Widget]:
        self._app = app
        # Translators: the menus' buttons and the labels of their drop-downs.
        menus = [("ask", N_("Ask"), [N_("Whom"), N_("Rank")]),
                 ("take", N_("Take into hand"), [N_("Card")]),
                 ("swap", N_("Swap"), [N_("Hand"), N_("Pile")])]
        rows = []
        for kind, label, names in menus:
            drops = [widgets.Dropdown(description=_(n), layout=widgets.Layout(width="230px"))
                     for n in names]
            button = widgets.Button(description=_(label), button_style="primary",
                                    layout=widgets.Layout(width="auto", min_width="110px"))
            button.add_class("wt-main-button")
            button.on_click(lambda _click, k=kind: self._press(k))
            for drop in drops:
                drop.observe(lambda _change, k=kind: self._check(k), names="value")
            row = widgets.HBox([*drops, button], layout=widgets.Layout(display="none"))
            row.add_class(f"tw-{kind}-menu")
            self._rows[kind] = (drops, button, row)
            rows.append(row)
            # Why the menu's button is greyed out, in words beside it (not only on hover).
            why = widgets.HTML(layout=widgets.Layout(display="none"))
            why.add_class("wt-reason")
            self._reasons[kind] = why
            rows.append(why)
        return rows

    def menu(self, kind: str) -> tuple[list[widgets.Dropdown], widgets.Button]:
        """The drop-downs and the button of the "ask", "take" or "swap" menu."""
        drops, button, _row = self._rows[kind]
        return drops, button

    def refresh_controls(
        self, view: TradeView, decision: Decision | None, why_not: Callable[[str], str | None]
    ) -> None:
        self._why_not = why_not
        self._voice = voice()
        mine = decision is not None and decision.kind in ("prepare", "ask")
        me = view.viewer if view.viewer is not None else 0
        # Only players with a card in hand can be asked (TW-ASK): the others are not offered.
        others = [(seat_name(s), s) for s in range(view.rules.players)
                  if s != me and view.hand_sizes[s]]
        ranks = [(f"{code} ({rank_name(rank)})", code)
                 for rank, code in enumerate(RANK_CODES, start=2)]
        hand = [(symbol(c.code), c.code) for c in view.my_hand]
        pile = [(symbol(c.code), c.code) for c in view.my_pile]
        options: dict[str, list[list[tuple[str, Any]]]] = {
            "ask": [others, ranks], "take": [pile], "swap": [hand, pile]}
        for kind, (drops, _button, row) in self._rows.items():
            shown = mine and (kind == "ask" or (decision is not None and decision.kind ==
                                                "prepare" and bool(view.my_pile)))
            row.layout.display = "flex" if shown else "none"
            for drop, choices in zip(drops, options[kind], strict=True):
                if list(drop.options) != choices:
                    drop.options = choices
            self._check(kind)

    def _action(self, kind: str) -> str | None:
        drops = self._rows[kind][0]
        values = [d.value for d in drops]
        if any(v is None for v in values):
            return None
        if kind == "swap":
            return f"swap {values[0]} for {values[1]}"
        return f"{kind} " + " ".join(str(v) for v in values)

    def _check(self, kind: str) -> None:
        """Grey out the menu's button, with the reason, when its choice is not allowed."""
        button = self._rows[kind][1]
        action = self._action(kind)
        with speaking(self._voice.viewer, self._voice.names), self.words():  # comes later
            refused = _("Pick from the menus first") if action is None else self._why_not(action)
        button.disabled = refused is not None
        button.tooltip = refused
        why = self._reasons[kind]
        shown = refused is not None and self._rows[kind][2].layout.display != "none"
        why.value = (html("<b>{label}</b>: {refused}", label=button.description,
                          refused=refused or "") if shown else "")
        why.layout.display = "block" if shown else "none"

    def _press(self, kind: str) -> None:
        action = self._action(kind)
        if self._app is not None and action is not None:
            self._app.choose(action)

    # The table

    def table_html(self, view: TradeView, events: tuple[Event, ...]) -> Markup:
        scene = Scene.of(view)
        if events:
            scene.mark(events[-1])
        return scene.html(view.piles)

    def moment_html(self, before: TradeView, after: TradeView,
                    happened: tuple[Event, ...]) -> Markup:
        """The table as the step's events so far left it, the latest one's changes marked."""
        scene = Scene.of(before)
        for event in happened:
            scene.apply(event)
        if happened:
            scene.mark(happened[-1])
        return scene.html()


def trade_war_app(
    seed: int | None = None,
    players: int | None = None,
    rules: TradeRules | Mapping[str, Any] | None = None,
    stacked: tuple[str, ...] | None = None,
    pace: str = DEFAULT_PACE,
    humans: tuple[int, ...] | None = None,
    position: Mapping[str, Any] | None = None,
    joker_names: tuple[str, str] | None = None,
) -> GameApp:
    """You (seat 0) against one to four computer players using the heuristic agent.

    ``players`` sets the table's size (2 to 5; by default one per stacked hand).
    ``joker_names`` are what the jokers are called (by default the Rebel, which beats
    face cards, and the Eraser, which knocks a card out; ``("Mueller", "Putin")`` are the
    rule text's names); a teacher can rename them in the app too.

    >>> app = trade_war_app(seed=1, rules={"first_player": 0},
    ...                     stacked=("AS 7C 2D", "7H KD", "9C 9D"))
    >>> app.labels()[:1]
    ['Draw from the centre']
    >>> app.choose("ask 1 7")
    >>> app.skip()  # to your next choice; app.next_moment() shows each moment in turn
    >>> app.labels()[:3]  # each card of your hand on the table plays as its button does
    ['Play 2♦', 'Play 7♣', 'Play A♠']
    >>> app.press("Play A♠")  # the battle plays out on the table, one moment at a time
    >>> while not app.frame().words.startswith("You win the battle"):
    ...     app.next_moment()
    >>> "ace of spades You attack king of diamonds Computer 1 defends" in app.table_text()
    True
    """
    settings: dict[str, Any] = {}
    if isinstance(rules, TradeRules):
        settings = settings_of(rules)
    elif rules is not None:
        settings = dict(rules)
    if players is not None:
        settings["players"] = players
    elif stacked is not None:
        settings.setdefault("players", len(stacked) - 1)  # one hand per player, then the centre
    # Computer players for every seat a New round could need, whatever the table's size.
    agents = dict.fromkeys(range(1, MAX_PLAYERS), heuristic_agent)
    design = TradeTable(checked_names(*joker_names) if joker_names else NEUTRAL_NAMES)
    return GameApp(TRADE_WAR, design, human=0, seed=seed, rules=settings,
                   stacked=stacked, agents=agents, autoplay=heuristic_agent, pace=pace,
                   humans=humans, position=position)


__all__ = ["TradeTable", "trade_war_app"]
