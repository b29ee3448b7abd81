"""Guerrilla Tactics' part of the app: its table, its buttons, and the app itself.

Above the seats: the skirmish number, the Guerrilla rank and which ranks are Guerrillas
now, and the removed pile. Then what happened since your last choice, in the engine's
words (explain.py). Every seat is a row: the player's name and marks (reveals first
because of a spy, supported last skirmish, has chosen, in the tie-break, eliminated),
the draw and discard piles with their counts, the hand (yours face up, the others' face
down unless the teacher shows everything) and the cards laid in this skirmish.
"""

from __future__ import annotations

from collections.abc import Mapping
from html import escape
from typing import Any

from wartutor.core.cards import card
from wartutor.core.engine import Event
from wartutor.core.rulings import settings_of
from wartutor.ui.playback import DEFAULT_PACE
from wartutor.ui.render import card_svg, deck_svg, mini_card, since_last_choice
from wartutor.ui.shell import GameApp
from wartutor.variants.guerrilla_tactics import GUERRILLA_TACTICS, GuerrillaRules, GuerrillaView
from wartutor.variants.guerrilla_tactics.agents import heuristic_agent
from wartutor.variants.guerrilla_tactics.events import Chose, SkirmishBegins
from wartutor.variants.guerrilla_tactics.explain import guerrilla_ranks
from wartutor.variants.guerrilla_tactics.game import NAMES
from wartutor.variants.guerrilla_tactics.state import PLAY, SUPPORT, TIE_DOWN, TIE_UP, TURNED, Laid

LAID_WORDS = {PLAY: "played", SUPPORT: "support", TIE_UP: "tie-break, up",
              TIE_DOWN: "tie-break, face down", TURNED: "tie-break, turned up"}

GUERRILLA_STYLE = """
<style>
.gt-strip { background: #fff; color: #111; border-radius: 10px; padding: 6px 12px;
  margin: 8px 0; font-size: 18px; max-width: 1000px; }
.gt-strip ol { margin: 4px 0; padding-left: 22px; }
.gt-mark { font-size: 16px; font-weight: 700; border-radius: 6px; padding: 2px 8px;
  margin: 2px 0; display: inline-block; background: #e9ecef; color: #111; }
.gt-mark.gt-spy { background: #ffd43b; }
.gt-mark.gt-out { background: #fa5252; color: #fff; }
.gt-marks { width: 190px; }
.gt-pile { text-align: center; font-size: 16px; width: 120px; }
.gt-hand { display: flex; gap: 6px; align-items: flex-end; min-width: 220px; }
.gt-hand figure, .gt-laid figure { margin: 0; text-align: center; font-size: 15px; }
.gt-laid { display: flex; gap: 8px; align-items: flex-end; }
.gt-seat-out { opacity: 0.55; }
.gt-rank { font-size: 22px; font-weight: 700; background: #ffd43b; color: #111;
  border-radius: 6px; padding: 2px 10px; }
.gt-head { font-size: 20px; }
.gt-removed { font-size: 18px; color: #fff; margin-top: 4px; }
</style>
"""


def _who(seat: int) -> str:
    return NAMES[seat]


def _symbol(code: str) -> str:
    return card(code).symbol


class GuerrillaTable:
    """How Guerrilla Tactics looks: see :class:`wartutor.ui.shell.TableDesign`."""

    autoplay_label = "Play 10 choices"

    def action_label(self, action: str) -> str:
        words = action.split()
        match words:
            case ["play", code]:
                return f"Play {_symbol(code)}"
            case ["support", code]:
                return f"Support with {_symbol(code)}"
            case ["support"]:
                return "Support"
            case ["cancel", code]:
                return f"Cancel it with {_symbol(code)}"
            case ["up", up, "down", down]:
                return f"{_symbol(up)} up, {_symbol(down)} down"
            case ["up", up]:
                return f"{_symbol(up)} up"
        return {"decline": "Don't support", "propose": "Propose",
                "pass": "Don't propose", "allow": "Let it pass"}.get(action, action)

    def offered_actions(self, view: GuerrillaView, legal: tuple[str, ...]) -> tuple[str, ...]:
        """Besides the legal choices, the ones a student may wonder about, greyed out with
        the reason: supporting or proposing while playing, and every card in hand when
        supporting or cancelling."""
        me = view.viewer if view.viewer is not None else 0
        hand = view.seats[me].hand or ()
        if view.stage == "play":
            return (*legal, "support", "propose")
        if view.stage == "support":
            return (*(f"support {c.code}" for c in hand), "decline")
        if view.stage == "cancel":
            return (*(f"cancel {c.code}" for c in hand), "allow")
        return legal

    def table_html(self, view: GuerrillaView, events: tuple[Event, ...]) -> str:
        everything = " &middot; showing everything" if view.viewer is None else ""
        tie = f" &middot; tie-break {view.tie_round}" if view.tie_round else ""
        head = (f'<div class="gt-head"><span class="wt-battle">Skirmish {view.skirmish}</span>'
                f'{tie} &middot; <span class="gt-rank">Guerrilla rank {view.guerrilla_rank}'
                f"</span> Guerrillas now: {guerrilla_ranks(view.guerrilla_rank)}{everything}"
                f"</div>")
        removed = f"Removed pile: <b>{view.removed_count}</b> cards, face down"
        if view.removed:
            removed += ": " + "".join(mini_card(c) for c in view.removed)
        seats = "".join(self._seat(view, seat) for seat in range(len(view.seats)))
        return (f'{GUERRILLA_STYLE}<div class="wt-table gt-table">{head}'
                f'<div class="gt-removed">{removed}</div>'
                f"{strip_html(events)}{seats}</div>")

    def _seat(self, view: GuerrillaView, seat: int) -> str:
        s = view.seats[seat]
        marks = []
        if s.out:
            marks.append('<span class="gt-mark gt-out">Eliminated</span>')
        if s.reveals_first:
            marks.append('<span class="gt-mark gt-spy">Reveals first (captured a spy)</span>')
        if s.supported_last:
            marks.append('<span class="gt-mark">Supported last skirmish</span>')
        if s.penalty_due:
            marks.append('<span class="gt-mark">Draws one card fewer next time</span>')
        if view.tie_round and seat in view.contenders:
            marks.append('<span class="gt-mark gt-spy">In the tie-break</span>')
        if s.has_chosen:
            chosen = f"Chose: {escape(s.pending)}" if s.pending else "Has chosen (hidden)"
            marks.append(f'<span class="gt-mark">{chosen}</span>')
        if seat in view.waiting_for[:1]:
            marks.append('<span class="gt-mark">Choosing now</span>')
        if not s.played_guerrilla and not s.out:
            marks.append('<span class="gt-mark">No Guerrilla played yet</span>')
        if s.hand is not None:
            hand = "".join(f"<figure>{card_svg(c)}</figure>" for c in s.hand)
        else:
            hidden = s.hand_count - len(s.shown)
            hand = "".join(f"<figure>{card_svg(c)}<figcaption>shown</figcaption></figure>"
                           for c in s.shown) + card_svg(None) * hidden
        row = view.table[seat] or view.last_table[seat]
        when = "this skirmish" if view.table[seat] else "last skirmish"
        laid = "".join(_laid(x, "" if view.table[seat] else " (last skirmish)") for x in row)
        if laid:
            laid = f'<div class="gt-laid" aria-label="laid in {when}">{laid}</div>'
        return (
            f'<div class="wt-seat gt-seat{" gt-seat-out" if s.out else ""}">'
            f'<div class="wt-seat-name">{_who(seat)}</div>'
            f'<div class="gt-marks">{"<br>".join(marks)}</div>'
            f'<div class="gt-pile">{deck_svg(s.draw_count)}<br>draw '
            f'<span class="wt-count">{s.draw_count}</span></div>'
            f'<div class="gt-pile">discard <span class="wt-count">{s.discard_count}</span></div>'
            f'<div class="gt-hand" aria-label="{_who(seat)}\'s hand, {s.hand_count} cards">'
            f"{hand}</div>{laid}</div>"
        )


def _laid(x: Laid, when: str) -> str:
    face_down = x.how == TIE_DOWN
    drawn = card_svg(x.card, laid_down=face_down and x.card is not None)
    return f"<figure>{drawn}<figcaption>{LAID_WORDS[x.how]}{when}</figcaption></figure>"


def strip_html(events: tuple[Event, ...]) -> str:
    """What happened since your last choice, in the engine's words."""
    items = [escape(GUERRILLA_TACTICS.explain(e)) for e in events
             if not isinstance(e, Chose | SkirmishBegins)]
    if not items:
        return ""
    return since_last_choice(items, "gt-strip")


def guerrilla_tactics_app(
    seed: int | None = None,
    players: int | None = None,
    rules: GuerrillaRules | Mapping[str, Any] | None = None,
    stacked: tuple[str, ...] | None = None,
    pace: str = DEFAULT_PACE,
) -> GameApp:
    """You (seat 0) against one to three computer players using the heuristic agent.

    ``players`` sets the table's size (2 to 4; by default one per stacked draw pile).

    >>> app = guerrilla_tactics_app(seed=1, stacked=("5S KS", "9D 8D"))
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
    return GameApp(GUERRILLA_TACTICS, GuerrillaTable(), human=0, seed=seed, rules=settings,
                   stacked=stacked, agents=agents, autoplay=heuristic_agent, pace=pace)


__all__ = ["GuerrillaTable", "guerrilla_tactics_app"]
