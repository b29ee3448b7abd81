"""Guerrilla Tactics' part of the app: its table, its buttons, and the app itself.

Above the seats: the skirmish, the Guerrilla rank and which ranks are Guerrillas now,
and the removed pile. Every seat is a box (two players one above the other; three or
four in a grid, with smaller cards): the player's name and marks, the draw and discard
piles with their counts, the hand (yours face up, the others' face down unless the
teacher shows everything) and the cards laid in this skirmish (or the last one), with
what they are worth and who leads. After a choice, the moments that follow are played
out on this table one by one (:mod:`wartutor.ui.guerrilla_moments`), and what each one
changed is marked.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from wartutor.core.cards import Card, card
from wartutor.core.engine import Event
from wartutor.core.rulings import settings_of
from wartutor.language import N_, _, ngettext, pgettext
from wartutor.ui.card_clicks import playable
from wartutor.ui.guerrilla_moments import SeatNow, TableNow, at_rest, partway, support_helps
from wartutor.ui.markup import Markup, html, joined, style
from wartutor.ui.playback import DEFAULT_PACE
from wartutor.ui.render import BLACK, RED, card_svg, deck_svg, mini_card
from wartutor.ui.shell import GameApp
from wartutor.variants.guerrilla_tactics import GUERRILLA_TACTICS, GuerrillaRules, GuerrillaView
from wartutor.variants.guerrilla_tactics.agents import heuristic_agent
from wartutor.variants.guerrilla_tactics.events import Chose, SkirmishBegins
from wartutor.variants.guerrilla_tactics.explain import guerrilla_ranks, the_card
from wartutor.variants.guerrilla_tactics.forces import is_guerrilla
from wartutor.variants.guerrilla_tactics.game import NAMES
from wartutor.variants.guerrilla_tactics.state import PLAY, SUPPORT, TIE_DOWN, TIE_UP, TURNED, Laid

SPY = 7
# Translators: the caption under a card laid in a skirmish: how it was laid.
LAID_WORDS = {PLAY: N_("played"), SUPPORT: N_("support"), TIE_UP: N_("tie up"),
              TIE_DOWN: N_("tie down"), TURNED: N_("turned up")}
AUTOPLAY = N_("Play 10 choices")

GUERRILLA_STYLE = Markup("""
<style>
.gt-table { padding: 8px 12px; }
.gt-head { font-size: 19px; display: flex; flex-wrap: wrap; gap: 4px 12px; align-items: center;
  margin-bottom: 6px; }
.gt-rank { font-size: 20px; font-weight: 700; background: #ffd43b; color: #111;
  border-radius: 6px; padding: 1px 8px; }
.gt-removed .wt-mini { font-size: 15px; }
.gt-seats { display: grid; grid-template-columns: 1fr; gap: 8px; }
.gt-n3 .gt-seats, .gt-n4 .gt-seats { grid-template-columns: 1fr 1fr; }
.gt-seat { background: rgba(0,0,0,.2); border-radius: 10px; padding: 4px 8px; min-width: 0; }
.gt-seat-out { opacity: 0.55; }
.gt-seat-top { display: flex; flex-wrap: wrap; gap: 4px; align-items: center; }
.gt-seat .wt-seat-name { width: auto; margin-right: 4px; }
.gt-mark { font-size: 14px; font-weight: 700; border-radius: 6px; padding: 1px 7px;
  background: #e9ecef; color: #111; }
.gt-n3 .gt-mark, .gt-n4 .gt-mark { font-size: 13px; padding: 1px 5px; }
.gt-mark.gt-spy { background: #ffd43b; }
.gt-mark.gt-out { background: #fa5252; color: #fff; }
.gt-seat-body { display: flex; flex-wrap: wrap; gap: 4px 12px; align-items: flex-end;
  margin-top: 4px; }
.gt-pile { text-align: center; font-size: 15px; line-height: 1.15; }
.gt-pile .wt-count { font-size: 20px; }
.gt-cards { display: flex; gap: 5px; align-items: flex-end; }
.gt-zone { font-size: 14px; }
.gt-zone figure { margin: 0; text-align: center; font-size: 13px; line-height: 1.2; }
.gt-cap { font-size: 14px; opacity: .9; }
.gt-result { font-size: 16px; font-weight: 700; }
.gt-lost svg { opacity: .45; }
.gt-n2 svg.wt-card { width: 92px; height: 129px; }
.gt-n2 svg.wt-deck-pile { width: 80px; height: 109px; }
.gt-n3 svg.wt-card, .gt-n4 svg.wt-card { width: 66px; height: 92px; }
.gt-n3 svg.wt-deck-pile, .gt-n4 svg.wt-deck-pile { width: 54px; height: 74px; }
.gt-result.wt-mark-new { border-radius: 5px; padding: 0 5px; }
.wt-guerrilla-app .wt-main-button { font-size: 20px; }
.wt-large .gt-head { font-size: 23px; }
.wt-large .gt-mark, .wt-large .gt-zone, .wt-large .gt-cap, .wt-large .gt-pile { font-size: 18px; }
.wt-large .gt-zone figure { font-size: 16px; }
.wt-large .gt-result { font-size: 20px; }
.wt-large .gt-n2 svg.wt-card { width: 112px; height: 157px; }
.wt-large .gt-n2 svg.wt-deck-pile { width: 90px; height: 123px; }
.wt-large .gt-n3 svg.wt-card, .wt-large .gt-n4 svg.wt-card { width: 76px; height: 106px; }
.wt-large .gt-n3 svg.wt-deck-pile, .wt-large .gt-n4 svg.wt-deck-pile { width: 60px;
  height: 82px; }
</style>
""")


def _symbol(code: str) -> str:
    return card(code).symbol


def _changed(flag: bool) -> str:
    return " wt-changed" if flag else ""


def choice_words(action: str) -> str:
    """A choice in the words of its button: "play 5S" is "Play 5♠"."""
    words = action.split()
    match words:
        case ["play", code]:
            return _play(code, _symbol(code))
        case ["support", code]:
            return _play(action, _symbol(code))
        case ["support"]:
            return _("Support")
        case ["cancel", code]:
            return _play(action, _symbol(code))
        case ["up", up, "down", down]:
            # Translators: a tie-break choice's button: which card goes face up, which down.
            return _("{up} up, {down} down").format(up=_symbol(up), down=_symbol(down))
        case ["up", up]:
            return _("{up} up").format(up=_symbol(up))
    return _(_CHOICES[action]) if action in _CHOICES else action


_CHOICES = {"decline": N_("Don't support"), "propose": N_("Propose"),
            "pass": N_("Don't propose"), "allow": N_("Let it pass")}


def _play(action: str, card: str) -> str:
    """The words of a choice that lays one card: on its button (the card's symbol) and
    for a screen reader (the card's name)."""
    verb = action.split()[0]
    if verb == "support":
        return _("Support with {card}").format(card=card)
    if verb == "cancel":
        return _("Cancel it with {card}").format(card=card)
    return _("Play {card}").format(card=card)


class GuerrillaTable:
    """How Guerrilla Tactics looks: see :class:`wartutor.ui.shell.TableDesign`."""

    @property
    def autoplay_label(self) -> str:
        return _(AUTOPLAY)

    # A hidden choice shows nothing yet, and a skirmish's first draws say it has begun.
    quiet_events = (Chose, SkirmishBegins)

    def action_label(self, action: str) -> str:
        return choice_words(action)

    def offered_actions(self, view: GuerrillaView, legal: tuple[str, ...]) -> tuple[str, ...]:
        """Besides the legal choices, the ones a student may wonder about, greyed out with
        the reason: proposing a promotion while playing or while holding a Guerrilla, and
        every card in hand when supporting or cancelling. (Support while playing is not
        offered: its reason, "not yet", is four lines that would push the choices off a
        projector's screen.)"""
        me = view.viewer if view.viewer is not None else 0
        hand = view.seats[me].hand or ()
        if view.stage == "play":
            return (*legal, "propose")
        if view.stage == "promote" and "propose" not in legal:  # GT-DECLARE 'everyone'
            return ("propose", *legal)
        if view.stage == "support":
            return (*(f"support {c.code}" for c in hand), "decline")
        if view.stage == "cancel":
            return (*(f"cancel {c.code}" for c in hand), "allow")
        return legal

    def table_html(self, view: GuerrillaView, events: tuple[Event, ...]) -> Markup:
        return table_now_html(at_rest(view, events)) + card_buttons_css(self._buttons(view))

    def _buttons(self, view: GuerrillaView) -> tuple[str, ...]:
        """The buttons the shell shows you now, in order (none when it is not your turn)."""
        if 0 not in view.waiting_for[:1]:
            return ()
        hand = view.seats[0].hand or ()
        # Every card in hand may be played (the legal actions, in the hand's order).
        legal = tuple(f"play {c.code}" for c in hand) if view.stage == "play" else ()
        return self.offered_actions(view, legal)

    def moment_html(self, before: GuerrillaView, after: GuerrillaView,
                    happened: tuple[Event, ...]) -> Markup:
        """The table partway through a step: every card where the events so far put it,
        the piles and hands counted on, and what the latest moment changed marked."""
        table = partway(before, after, happened)
        table.waiting_for = ()  # who must choose is known only when the step is over
        return table_now_html(table)


def card_buttons_css(offered: tuple[str, ...]) -> Markup:
    """Your choices that name one card of your hand are drawn as that card: one CSS rule per
    place in the row of buttons (the shell shows them in the order offered)."""
    places = [(place, card(words[1])) for place, action in enumerate(offered, start=1)
              if len(words := action.split()) == 2 and words[0] in ("play", "support", "cancel")]
    if not places:
        return Markup()
    button = ".wt-app.wt-guerrilla-app{} .wt-actions .wt-main-button:nth-child({})"
    shape = ", ".join(button.format("", place) for place, _ in places)
    large = ", ".join(button.format(".wt-large", place) for place, _ in places)
    colours = "".join(f"{button.format('', place)} {{ color: {RED if c.suit in 'HD' else BLACK}; }}"
                      for place, c in places)
    return style(f"{shape} {{ {CARD_BUTTON} }}{large} {{ font-size: 21px; "
                 f"width: 98px !important; }}{colours}")


# A card: white, upright, its words wrapped on two lines ("Play" over "5♠").
CARD_BUTTON = ("background: #fff; border: 2px solid #333; border-radius: 9px; "
               "width: 86px !important; min-width: 0 !important; height: 96px; "
               "white-space: normal; line-height: 1.25; font-size: 18px; padding: 4px; "
               "font-weight: 700;")


def table_now_html(table: TableNow) -> Markup:
    """The table at one moment, from :mod:`wartutor.ui.guerrilla_moments`."""
    if table.over:
        when = html("{words}", words=_("Game over after skirmish {fought}").format(
            fought=table.fought))
    else:
        when = html("{skirmish}{tie}",
                    skirmish=_("Skirmish {skirmish}").format(skirmish=table.skirmish),
                    tie=html(" &middot; {words}", words=_("tie-break {round}").format(
                        round=table.tie_round)) if table.tie_round else "")
    count = ngettext("{count} card", "{count} cards", table.removed).format(count=table.removed)
    removed = html("{words}{cards}",
                   words=html(_("Removed pile (face down): {count}"),
                              count=html("<b>{count}</b>", count=count)),
                   cards=" " + joined(mini_card(c) for c in table.removed_cards)
                   if table.removed_cards else "")
    head = html('<div class="gt-head"><span class="wt-battle{skirmish}">{when}</span>'
                '<span class="gt-rank{rank}">{rank_words}</span>'
                "<span>{ranks}</span>"
                '<span class="gt-removed{removed_changed}">{removed}</span>{everything}</div>',
                skirmish=_changed("skirmish" in table.changed), when=when,
                rank=_changed("rank" in table.changed),
                rank_words=_("Guerrilla rank {number}").format(number=table.rank),
                ranks=_("Guerrillas: {ranks}").format(ranks=guerrilla_ranks(table.rank)),
                removed_changed=_changed("removed" in table.changed), removed=removed,
                everything=html("<span>{words}</span>", words=_("showing everything"))
                if table.viewer is None else "")
    current = any(s.rows for s in table.seats)
    seats = joined(_seat_html(table, p, current) for p in range(len(table.seats)))
    return html('{style}<div class="wt-table gt-table gt-n{n}">{head}'
                '<div class="gt-seats">{seats}</div></div>',
                style=GUERRILLA_STYLE, n=len(table.seats), head=head, seats=seats)


def _seat_html(table: TableNow, p: int, current: bool) -> Markup:
    s = table.seats[p]
    marks = joined(html('<span class="gt-mark {css}">{words}</span>', css=css, words=words)
                   for css, words in _marks(table, p))
    news = joined(html('<span class="gt-mark wt-mark-new">{words}</span>', words=words)
                  for words in s.news)
    rows = s.rows if current else s.last
    laid = joined(_laid(table, x, current and i in s.fresh) for i, x in enumerate(rows))
    result = s.result if current else s.last_result
    if not current and s.took:
        result = (ngettext("{result}: takes {count} card", "{result}: takes {count} cards",
                           s.took) if result else
                  ngettext("took {count} card", "took {count} cards", s.took)).format(
            result=result, count=s.took)
    zone = Markup()
    if laid:
        if current:
            when, label = _("this skirmish"), _("{name}: laid in this skirmish")
        else:
            when, label = _("last skirmish"), _("{name}: laid in last skirmish")
        zone = html('<div class="gt-zone" role="group" aria-label="{label}">'
                    '<div class="gt-cap">{when}</div><div class="gt-cards">{laid}</div>'
                    '<div class="gt-result{new}">{result}</div></div>',
                    label=label.format(name=s.name), when=when, laid=laid,
                    new=" wt-mark-new" if "result" in s.changed else "", result=result)
    return html(
        '<div class="gt-seat{out}" role="group" aria-label="{name}">'
        '<div class="gt-seat-top"><span class="wt-seat-name">{name}</span>{news}{marks}</div>'
        '<div class="gt-seat-body">{piles}{hand}{zone}</div></div>',
        out=" gt-seat-out" if s.out else "", name=s.name, news=news, marks=marks,
        piles=_piles_html(s), hand=_hand_html(table, s), zone=zone,
    )


def _piles_html(s: SeatNow) -> Markup:
    """The draw pile over its count, and the discard pile's count under it."""
    draw, discard = (_changed(part in s.changed).strip() for part in ("draw", "discard"))
    return html('<div class="gt-pile"><div class="{draw}">{deck}<br>{draw_words} '
                '<b class="wt-count">{count}</b></div><div class="{discard}">{discard_words} '
                '<b class="wt-count">{discarded}</b></div></div>',
                # Translators: the labels over a seat's draw pile and discard pile counts.
                draw=draw, deck=deck_svg(s.draw), draw_words=pgettext("pile", "draw"),
                count=s.draw, discard=discard, discard_words=pgettext("pile", "discard"),
                discarded=s.discard)


def _marks(table: TableNow, p: int) -> list[tuple[str, str]]:
    """The seat's standing marks: (css class, words)."""
    s = table.seats[p]
    if s.out:
        return [("gt-out", _("Eliminated"))]
    marks = []
    if s.reveals_first:
        marks.append(("gt-spy", _("Reveals first (captured a spy)")))
    if s.penalty_due:
        marks.append(("", _("Draws 1 next (supported)")))
    if s.has_chosen:
        marks.append(("", _chosen(table, p)))
    if p in table.waiting_for[:1]:
        marks.append(("", _("Choosing now")))
    if not s.played_guerrilla:
        # What a promotion waits for: a Guerrilla from everyone (since the rank last rose).
        marks.append(("", _("No Guerrilla played yet") if table.rank == 2 else
                      _("No Guerrilla played since rank {rank}").format(rank=table.rank)))
    return marks


def _chosen(table: TableNow, p: int) -> str:
    """The mark of a choice made and not yet shown: a player with no card that would help
    declines a support without being asked, which is no choice of theirs."""
    s = table.seats[p]
    if s.pending == "decline" and support_helps(table, p) is False:
        return _("No card would help: no support")
    if s.pending:
        return _("Chose: {choice}").format(choice=choice_words(s.pending))
    # At a support, a seat is ready whether it chose or had nothing to add; which is hidden.
    return _("Ready (hidden)") if table.stage == "support" else _("Has chosen (hidden)")


def _hand_html(table: TableNow, s: SeatNow) -> Markup:
    if not s.hand_count and "hand" not in s.changed:
        return Markup()  # nothing in hand: no room taken
    if s.hand is not None:
        mine = table.seats.index(s) == (table.viewer if table.viewer is not None else 0)
        cards = joined(_figure(c, _what(table, c) if c else "",
                               _choice(table.stage, c) if mine and c else None)
                       for c in s.hand)
    else:
        hidden = max(0, s.hand_count - len(s.shown))
        # Translators: the caption under a card of a hidden hand that everyone has seen.
        cards = joined(_figure(c, _("shown")) for c in s.shown) + _figure(None, "") * hidden
    label = ngettext("{name}: hand, {count} card", "{name}: hand, {count} cards",
                     s.hand_count).format(name=s.name, count=s.hand_count)
    return html('<div class="gt-zone{changed}" role="group" aria-label="{label}">'
                '<div class="gt-cap">{caption}</div><div class="gt-cards">{cards}</div></div>',
                changed=_changed("hand" in s.changed), label=label,
                caption=_("hand {size}").format(size=s.hand_count), cards=cards)


def _what(table: TableNow, c: Card) -> str:
    """What a card is for, in the caption: a Guerrilla, a spy, or nothing special."""
    # Translators: the captions under a card in your hand: a Guerrilla, or a spy.
    return _("Guerrilla") if is_guerrilla(c, table.rank) else _("spy") if c.rank == SPY else ""


def _figure(c: Card | None, caption: str, choice: str | None = None) -> Markup:
    """A card over its caption; ``choice``, the action that plays it from your hand (the
    page makes it a button while that choice is offered: wartutor.ui.card_clicks)."""
    drawn = card_svg(c)
    if choice is not None and c is not None:
        drawn = playable(drawn, choice_words(choice), _play(choice, the_card(c)))
    return html("<figure>{card}<figcaption>{caption}</figcaption></figure>",
                card=drawn, caption=caption or _NO_CAPTION)


def _choice(stage: str, c: Card) -> str:
    """The action that lays this card of your hand at this stage."""
    return {"support": "support", "cancel": "cancel"}.get(stage, "play") + " " + c.code


_NO_CAPTION = Markup("&nbsp;")


def _laid(table: TableNow, x: Laid, fresh: bool) -> Markup:
    face_down = x.how == TIE_DOWN
    lost = x.card is not None and x.card in table.lost
    fresh = fresh or (lost and "lost" in table.changed)  # just removed by loss of forces
    css = f'{" gt-lost" if lost else ""}{" wt-changed" if fresh else ""}'.strip()
    return html("<figure{cls}>{drawn}<figcaption>{words}</figcaption></figure>",
                cls=html(' class="{css}"', css=css) if css else "",
                drawn=card_svg(x.card, laid_down=face_down and x.card is not None),
                words=_("removed") if lost else _(LAID_WORDS[x.how]))


def guerrilla_tactics_app(
    seed: int | None = None,
    players: int | None = None,
    rules: GuerrillaRules | Mapping[str, Any] | None = None,
    stacked: tuple[str, ...] | None = None,
    pace: str = DEFAULT_PACE,
    humans: tuple[int, ...] | None = None,
    position: Mapping[str, Any] | None = None,
) -> GameApp:
    """You (seat 0) against one to three computer players using the heuristic agent.

    ``players`` sets the table's size (2 to 4; by default one per stacked draw pile).

    >>> app = guerrilla_tactics_app(seed=1, stacked=("5S KS", "9D 8D"), pace="instant")
    >>> app.labels()[:2]
    ['Play 5♠', 'Play K♠']
    >>> app.greyed()["Propose"]
    'A promotion needs every player to have played a Guerrilla first, and you and Ana have not yet.'
    >>> app.press("Play 5♠")
    >>> app.labels()[:2]
    ['Support with K♠', "Don't support"]
    """
    settings: dict[str, Any] = {}
    if isinstance(rules, GuerrillaRules):
        settings = settings_of(rules)
    elif rules is not None:
        settings = dict(rules)
    if players is not None:
        settings["players"] = players
    elif stacked is not None:
        settings.setdefault("players", len(stacked))
    # Computer players for every seat a New round could need, whatever the table's size.
    agents = dict.fromkeys(range(1, len(NAMES)), heuristic_agent)
    app = GameApp(GUERRILLA_TACTICS, GuerrillaTable(), human=0, seed=seed, rules=settings,
                  stacked=stacked, agents=agents, autoplay=heuristic_agent, pace=pace,
                  humans=humans, position=position)
    app.add_class("wt-guerrilla-app")
    return app


__all__ = ["GuerrillaTable", "guerrilla_tactics_app"]
