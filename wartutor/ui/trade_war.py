"""Trade War's part of the app: its table, its choices, and the app itself.

Every seat is a row: the player's name and marks (instigator, defender, wins in a row),
the hand (yours face up, the others' face down), and the resource pile with its count.
The centre pile and the battle on the table sit above the seats, with a strip of what
happened since your last choice in the engine's words (hidden cards stay hidden).

Asking (whom, for which rank), taking and swapping resource cards are chosen from
drop-down menus beside one button each: as buttons they would fill the screen. The
other choices (draw, battle plays, Putin, the reward) are buttons.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from html import escape
from typing import Any

import ipywidgets as widgets

from wartutor.core.cards import RANK_CODES, RANK_NAMES
from wartutor.core.engine import Decision, Event
from wartutor.core.rulings import settings_of
from wartutor.ui.playback import DEFAULT_PACE
from wartutor.ui.render import (
    CARD_HEIGHT,
    CARD_WIDTH,
    card_svg,
    deck_svg,
    since_last_choice,
)
from wartutor.ui.shell import GameApp
from wartutor.variants.trade_war import TRADE_WAR, TradeRules, TradeView
from wartutor.variants.trade_war.agents import heuristic_agent
from wartutor.variants.trade_war.cards import MUELLER, PUTIN, Joker, TradeCard, trade_cards
from wartutor.variants.trade_war.explain import explain_for, rank_word
from wartutor.variants.trade_war.state import TurnStarted

MAX_PLAYERS = 5

TRADE_STYLE = """
<style>
.tw-head { font-size: 20px; display: flex; gap: 24px; align-items: center; flex-wrap: wrap; }
.tw-centre { text-align: center; font-size: 18px; }
.tw-battle { background: #144d2a; border-radius: 10px; padding: 6px 12px; margin: 8px 0; }
.tw-battle figure { margin: 0; text-align: center; font-size: 15px; }
.tw-strip { background: #fff; color: #111; border-radius: 10px; padding: 6px 12px;
  margin: 8px 0; font-size: 18px; max-width: 1000px; }
.tw-strip li { margin: 3px 0; }
.tw-mark { font-size: 16px; font-weight: 700; border-radius: 6px; padding: 2px 8px;
  margin: 2px 0; display: inline-block; background: #e9ecef; color: #111; }
.tw-mark.tw-now { background: #ffd43b; }
.tw-marks { width: 170px; }
.tw-hand { display: flex; gap: 6px; flex-wrap: wrap; max-width: 760px; }
.tw-hand .wt-card { width: 70px; height: 98px; }
.tw-pile { text-align: center; font-size: 16px; width: 130px; }
.tw-scores { font-size: 20px; font-weight: 700; }
.tw-pile-list { font-size: 17px; color: #fff; margin-top: 4px; }
</style>
"""


def joker_svg(joker: Joker) -> str:
    """A joker's face: its name large, and what it does, small."""
    power = "beats face cards" if joker == MUELLER else "assassinates"
    colour = "#5c2d91" if joker == MUELLER else "#9c0014"
    return (
        f'<svg class="wt-card" role="img" aria-label="{escape(str(joker))}" width="{CARD_WIDTH}" '
        f'height="{CARD_HEIGHT}" viewBox="0 0 100 140" font-family="DejaVu Sans, sans-serif">'
        f'<rect x="2" y="2" width="96" height="136" rx="9" fill="#fff" stroke="#333" '
        f'stroke-width="2"/><g fill="{colour}" font-weight="700" text-anchor="middle">'
        f'<text x="50" y="34" font-size="15">JOKER</text>'
        f'<text x="50" y="78" font-size="{19 if joker == MUELLER else 24}">{joker.name}</text>'
        f'<text x="50" y="112" font-size="10">{power}</text></g></svg>'
    )


def trade_card_svg(c: TradeCard | None) -> str:
    return joker_svg(c) if isinstance(c, Joker) else card_svg(c)


def symbol(code: str) -> str:
    """A card code as people read it: '9♠', 'Mueller'."""
    return " ".join(c.symbol for c in trade_cards(code))


def seat_name(seat: int) -> str:
    return "You" if seat == 0 else f"Computer {seat}"


def _figure(c: TradeCard, caption: str) -> str:
    return f"<figure>{trade_card_svg(c)}<figcaption>{escape(caption)}</figcaption></figure>"


class TradeTable:
    """How Trade War looks and what it asks: see :class:`wartutor.ui.shell.TableDesign`."""

    autoplay_label = "Play 10 choices"

    def __init__(self) -> None:
        self._app: GameApp | None = None
        self._why_not: Callable[[str], str | None] = lambda action: "Not now"
        self._rows: dict[str, tuple[list[widgets.Dropdown], widgets.Button, widgets.HBox]] = {}

    # Buttons

    def action_label(self, action: str) -> str:
        match action.split():
            case ["draw"]:
                return "Draw from the centre"
            case ["play", *codes]:
                return "Play " + " ".join(symbol(c) for c in codes)
            case ["assassinate", "hand", seat]:
                return f"Putin: a card in {seat_name(int(seat))}'s hand"
            case ["assassinate", code]:
                return f"Putin: assassinate {symbol(code)}"
            case ["spare"]:
                return "Keep Putin for later"
            case ["reward", "center"]:
                return "Reward: top card of the centre"
            case ["reward", seat, where]:
                return f"Reward: a random card from {seat_name(int(seat))}'s {where}"
            case ["ask", seat, rank]:
                return f"Ask {seat_name(int(seat))} for {rank}"
            case ["take", code]:
                return f"Take {symbol(code)}"
            case ["swap", out, "for", into]:
                return f"Swap {symbol(out)} for {symbol(into)}"
        return action

    def offered_actions(self, view: TradeView, legal: tuple[str, ...]) -> tuple[str, ...]:
        """Asks, takes and swaps are in the menus. At the start of a turn the centre draw is
        always shown (greyed out with the reason when it is not allowed); in a battle, Putin
        is shown among your cards, greyed out, because it never battles."""
        buttons = tuple(a for a in legal if not a.startswith(("ask ", "take ", "swap ")))
        if view.phase == "prepare" and "draw" not in buttons:
            buttons = ("draw", *buttons)
        if view.phase in ("attack", "defend") and PUTIN in view.my_hand:
            buttons = (*buttons, "play PJ")
        return buttons

    # Menus: ask, take, swap

    def controls(self, app: GameApp) -> list[widgets.Widget]:
        self._app = app
        menus = [("ask", "Ask", ["Whom", "Rank"]), ("take", "Take into hand", ["Card"]),
                 ("swap", "Swap", ["Hand card", "for pile card"])]
        rows = []
        for kind, label, names in menus:
            drops = [widgets.Dropdown(description=n, layout=widgets.Layout(width="230px"))
                     for n in names]
            button = widgets.Button(description=label, button_style="primary",
                                    layout=widgets.Layout(width="auto", min_width="110px"))
            button.add_class("wt-main-button")
            button.on_click(lambda _, k=kind: self._press(k))
            for drop in drops:
                drop.observe(lambda _, k=kind: self._check(k), names="value")
            row = widgets.HBox([*drops, button], layout=widgets.Layout(display="none"))
            row.add_class(f"tw-{kind}-menu")
            self._rows[kind] = (drops, button, row)
            rows.append(row)
        return rows

    def menu(self, kind: str) -> tuple[list[widgets.Dropdown], widgets.Button]:
        """The drop-downs and the button of the "ask", "take" or "swap" menu."""
        drops, button, _ = self._rows[kind]
        return drops, button

    def refresh_controls(
        self, view: TradeView, decision: Decision | None, why_not: Callable[[str], str | None]
    ) -> None:
        self._why_not = why_not
        mine = decision is not None and decision.kind in ("prepare", "ask")
        me = view.viewer if view.viewer is not None else 0
        others = [(seat_name(s), s) for s in range(view.rules.players) if s != me]
        ranks = [(f"{code} ({RANK_NAMES[i]})", code) for i, code in enumerate(RANK_CODES)]
        hand = [(symbol(c.code), c.code) for c in view.my_hand]
        pile = [(symbol(c.code), c.code) for c in view.my_pile]
        options: dict[str, list[list[tuple[str, Any]]]] = {
            "ask": [others, ranks], "take": [pile], "swap": [hand, pile]}
        for kind, (drops, _, row) in self._rows.items():
            shown = mine and (kind == "ask" or (decision is not None and decision.kind ==
                                                "prepare" and bool(view.my_pile)))
            row.layout.display = "flex" if shown else "none"
            for drop, choices in zip(drops, options[kind], strict=True):
                if list(drop.options) != choices:
                    drop.options = choices
            self._check(kind)

    def _action(self, kind: str) -> str | None:
        drops, _, _ = self._rows[kind]
        values = [d.value for d in drops]
        if any(v is None for v in values):
            return None
        if kind == "swap":
            return f"swap {values[0]} for {values[1]}"
        return f"{kind} " + " ".join(str(v) for v in values)

    def _check(self, kind: str) -> None:
        """Grey out the menu's button, with the reason, when its choice is not allowed."""
        _, button, _ = self._rows[kind]
        action = self._action(kind)
        refused = "Pick from the menus first" if action is None else self._why_not(action)
        button.disabled = refused is not None
        button.tooltip = refused

    def _press(self, kind: str) -> None:
        action = self._action(kind)
        if self._app is not None and action is not None:
            self._app.choose(action)

    # The table

    def table_html(self, view: TradeView, events: tuple[Event, ...]) -> str:
        everything = " &middot; showing everything" if view.viewer is None else ""
        head = (f'<div class="tw-head"><span class="wt-battle">Turn {view.turn}</span>'
                f"<span>{seat_name(view.instigator)} "
                f"{'are' if view.instigator == 0 else 'is'} the instigator{everything}</span>"
                f'<span class="tw-centre">{deck_svg(view.center_size)}<br>centre pile '
                f'<span class="wt-count">{view.center_size}</span></span></div>')
        removed = ""
        if view.removed:
            listed = ", ".join(str(c) for c in view.removed)
            removed = (f'<div class="tw-pile-list">Assassinated, out of the game: '
                       f"{escape(listed)}</div>")
        scores = ""
        if view.outcome is not None:
            scores = ('<div class="tw-scores">Resource piles: ' + ", ".join(
                f"{seat_name(s)} {n}" for s, n in enumerate(view.pile_sizes)) + "</div>")
        seats = "".join(self._seat(view, s) for s in range(view.rules.players))
        return (f'{TRADE_STYLE}<div class="wt-table tw-table">{head}{scores}'
                f"{strip_html(view, events)}{battle_html(view)}{removed}{seats}</div>")

    def _seat(self, view: TradeView, seat: int) -> str:
        marks = []
        if seat == view.instigator and view.outcome is None:
            marks.append('<span class="tw-mark tw-now">Instigator</span>')
        if view.battle is not None and seat == view.battle.defender:
            marks.append('<span class="tw-mark tw-now">Defender</span>')
        if view.streaks[seat]:
            marks.append(f'<span class="tw-mark">Won {view.streaks[seat]} in a row</span>')
        hand = view.hands[seat]
        if hand is not None:
            shown = "".join(trade_card_svg(c) for c in hand)
        else:
            shown = trade_card_svg(None) * view.hand_sizes[seat]
        pile = view.piles[seat]
        listed = ""
        if pile:
            whose = "Your" if seat == 0 else f"{seat_name(seat)}'s"
            listed = (f'<div class="tw-pile-list">{whose} resource pile: '
                      f"{escape(' '.join(c.symbol for c in pile))}</div>")
        return (
            f'<div class="wt-seat tw-seat"><div class="wt-seat-name">{seat_name(seat)}</div>'
            f'<div class="tw-marks">{"<br>".join(marks)}</div>'
            f'<div class="tw-pile">{deck_svg(view.pile_sizes[seat])}<br>resources '
            f'<span class="wt-count">{view.pile_sizes[seat]}</span></div>'
            f'<div><div class="tw-hand" aria-label="{seat_name(seat)}\'s hand, '
            f'{view.hand_sizes[seat]} cards">{shown}</div>{listed}</div></div>'
        )


def battle_html(view: TradeView) -> str:
    """The cards on the table: the stake, then each side's play."""
    battle = view.battle
    if battle is None:
        return ""
    figures = [_figure(c, f"stake ({seat_name(battle.defender)})") for c in battle.stake]
    for c in battle.earlier:
        side = view.instigator if c in battle.earlier_attack else battle.defender
        figures.append(_figure(c, f"{seat_name(side)}, tied earlier"))
    figures += [_figure(c, f"{seat_name(view.instigator)} attacks") for c in battle.attack]
    figures += [_figure(c, f"{seat_name(battle.defender)} defends") for c in battle.defence]
    return (f'<div class="tw-battle"><b>Battle: {seat_name(view.instigator)} asked '
            f"{seat_name(battle.defender)} for {rank_word(battle.rank)}</b>"
            f'<div class="wt-laid">{"".join(figures)}</div></div>')


def strip_html(view: TradeView, events: tuple[Event, ...]) -> str:
    """What happened since your last choice, in the engine's words, as you may know it."""
    items = [escape(explain_for(e, view.viewer)) for e in events
             if not isinstance(e, TurnStarted) or e.may_draw or e.player == view.viewer]
    if not items:
        return ""
    return since_last_choice(items[-14:], "tw-strip")


def trade_war_app(
    seed: int | None = None,
    players: int | None = None,
    rules: TradeRules | Mapping[str, Any] | None = None,
    stacked: tuple[str, ...] | None = None,
    pace: str = DEFAULT_PACE,
) -> GameApp:
    """You (seat 0) against one to four computer players using the heuristic agent.

    ``players`` sets the table's size (2 to 5; by default one per stacked hand).

    >>> app = trade_war_app(seed=1, rules={"first_player": 0},
    ...                     stacked=("AS 7C 2D", "7H KD", "9C 9D"))
    >>> app.labels()[:1]
    ['Draw from the centre']
    >>> app.choose("ask 1 7")
    >>> app.labels()
    ['Play 2♦', 'Play 7♣', 'Play A♠', 'Play 10 choices', 'Undo', 'New round']
    >>> app.press("Play A♠")
    >>> "You win the battle against Computer 1: the higher rank wins." in app.table_text()
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
    return GameApp(TRADE_WAR, TradeTable(), human=0, seed=seed, rules=settings,
                   stacked=stacked, agents=agents, autoplay=heuristic_agent, pace=pace)


__all__ = ["TradeTable", "trade_war_app"]
