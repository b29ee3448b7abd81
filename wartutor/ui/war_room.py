"""War Room's part of the app: its table, its buttons, and the app itself.

Every seat is a row: the player's name and marks (first player, in or out of the
tie-break, declared), the face-down draw stack and the collection pile with their
counts, and the revealed card, drawn with its printed VC and its current VC large. A
strip above the seats shows what happened since your last choice: the declarations
shown together, each instruction with its VC change highlighted, the comparison,
the reshuffle and any elimination. The words are the engine's (explain.py).
"""

from __future__ import annotations

from collections.abc import Mapping
from html import escape
from pathlib import Path
from typing import Any

from wartutor.core.engine import Event
from wartutor.core.errors import BadInput
from wartutor.core.rulings import settings_of
from wartutor.ui.playback import DEFAULT_PACE
from wartutor.ui.render import STYLESHEET, deck_svg, since_last_choice
from wartutor.ui.shell import GameApp
from wartutor.variants.war_room import WAR_ROOM, Deck, WarRoomRules, WarRoomView, card_text
from wartutor.variants.war_room.agents import heuristic_agent
from wartutor.variants.war_room.deck import DEFAULT_DECK, RoomCard, load_deck, to_toml
from wartutor.variants.war_room.events import (
    Collected,
    Compared,
    DeclarationsShown,
    Eliminated,
    InstructionResolved,
    NoTarget,
    Reshuffled,
    Skipped,
    Stalemate,
    StalemateSettled,
    TieBreak,
)
from wartutor.variants.war_room.explain import explain, instruction_label
from wartutor.variants.war_room.game import InPlay
from wartutor.variants.war_room.rules import MAX_PLAYERS, NAMES

CARD_W, CARD_H = 150, 200

ROOM_STYLE = """
<style>
.wr-strip { background: #fff; color: #111; border-radius: 10px; padding: 6px 12px;
  margin: 8px 0; font-size: 18px; max-width: 1000px; }
.wr-strip:empty { display: none; }
.wr-strip li { margin: 3px 0; }
.wr-change { font-weight: 700; border-radius: 6px; padding: 1px 8px; }
.wr-worse { background: #ffd8d8; color: #7a0010; }
.wr-better { background: #d3f9d8; color: #0b5b1d; }
.wr-mark { font-size: 16px; font-weight: 700; border-radius: 6px; padding: 2px 8px;
  margin: 2px 0; display: inline-block; background: #e9ecef; color: #111; }
.wr-mark.wr-tie { background: #ffd43b; }
.wr-mark.wr-out { background: #adb5bd; }
.wr-mark.wr-gone { background: #fa5252; color: #fff; }
.wr-seat-marks { width: 170px; }
.wr-pile { text-align: center; font-size: 16px; width: 120px; }
.wr-card-text { font-size: 15px; max-width: 300px; }
.wr-seat-out { opacity: 0.55; }
</style>
"""


def room_card_svg(here: InPlay) -> str:
    """A revealed card: its name, printed VC in the corner and current VC large."""
    card, vc = here.card, here.vc
    changed = vc != card.vc
    label = f"{card.name}, printed VC {card.vc}" + (f", now VC {vc}" if changed else "")
    colour = "#111" if not changed else ("#0b5b1d" if vc < card.vc else "#9c0014")
    name = escape(card.name if len(card.name) <= 13 else card.name[:12] + "\u2026")
    return (
        f'<svg class="wr-card" role="img" aria-label="{escape(label)}" width="{CARD_W}" '
        f'height="{CARD_H}" viewBox="0 0 150 200" font-family="DejaVu Sans, sans-serif">'
        f'<rect x="2" y="2" width="146" height="196" rx="12" fill="#fff" stroke="#333" '
        f'stroke-width="2"/>'
        f'<text x="75" y="30" font-size="19" font-weight="700" text-anchor="middle">{name}</text>'
        f'<text x="12" y="58" font-size="15">printed VC {card.vc}</text>'
        f'<text x="75" y="140" font-size="64" font-weight="700" text-anchor="middle" '
        f'fill="{colour}">{vc}</text>'
        f'<text x="75" y="180" font-size="15" text-anchor="middle">VC now</text></svg>'
    )


def _change(before: int, after: int) -> str:
    delta = after - before
    tone = "wr-better" if delta < 0 else "wr-worse"  # the lowest VC wins
    return f'<span class="wr-change {tone}">{before} \u2192 {after} ({delta:+d})</span>'


def _who(seat: int) -> str:
    return "You" if seat == 0 else NAMES[seat]


class WarRoomTable:
    """How War Room looks: see :class:`wartutor.ui.shell.TableDesign`."""

    autoplay_label = "Play 10 choices"

    def action_label(self, action: str) -> str:
        if action.startswith("target "):
            return f"Hit {action.removeprefix('target ')}'s card"
        return {"activate": "Activate", "decline": "Decline", "use": "Use it",
                "skip": "Skip it"}.get(action, action)

    def offered_actions(self, view: WarRoomView, legal: tuple[str, ...]) -> tuple[str, ...]:
        """When a target is chosen, every other player's card is offered (the ones the
        instruction cannot hit are greyed out); 'skip' is offered even when mandatory."""
        if not any(a.startswith("target ") for a in legal):
            return legal
        me = view.viewer if view.viewer is not None else 0
        everyone = tuple(f"target {NAMES[s]}" for s in view.remaining if s != me)
        return (*everyone, "skip")

    def table_html(self, view: WarRoomView, events: tuple[Event, ...]) -> str:
        everything = " &middot; showing everything" if view.viewer is None else ""
        step = f" &middot; tie-break step {view.step}" if view.step else ""
        head = (f'<span class="wr-round wt-battle">Round {view.round}</span>{step} &middot; '
                f"{_who(view.first)} {'go' if view.first == 0 else 'goes'} first{everything}")
        seats = "".join(self._seat(view, seat, events) for seat in range(view.players))
        return (f'{ROOM_STYLE}<div class="wt-table wr-table">{head}'
                f"{strip_html(events)}{seats}</div>")

    def _seat(self, view: WarRoomView, seat: int, events: tuple[Event, ...]) -> str:
        out = seat not in view.remaining
        marks = []
        if out:
            marks.append('<span class="wr-mark wr-gone">Eliminated</span>')
        else:
            if seat == view.first:
                marks.append('<span class="wr-mark">First player</span>')
            if view.step and seat in view.participants:
                marks.append('<span class="wr-mark wr-tie">In the tie-break</span>')
            elif view.step:
                marks.append('<span class="wr-mark wr-out">Out of the tie-break</span>')
            marks.append(self._declaration(view, seat))
        if any(isinstance(e, Reshuffled) for e in events) and not out:
            marks.append('<span class="wr-mark">Reshuffled</span>')
        stack, kept = view.stack_counts[seat], view.collection_counts[seat]
        listed = ""
        if view.stacks is not None and view.stacks[seat]:
            codes = " ".join(c.code for c in view.stacks[seat])
            listed = f'<div class="wt-note">Draw stack, top first: {codes}</div>'
        here = view.table[seat]
        shown = ("" if here is None else
                 f'<figure>{room_card_svg(here)}<figcaption class="wr-card-text">'
                 f"{escape(card_text(here.card))}</figcaption></figure>")
        return (
            f'<div class="wt-seat wr-seat{" wr-seat-out" if out else ""}">'
            f'<div class="wt-seat-name">{_who(seat)}</div>'
            f'<div class="wr-seat-marks">{"<br>".join(m for m in marks if m)}</div>'
            f'<div class="wr-pile">{deck_svg(stack)}<br>draw stack '
            f'<span class="wt-count">{stack}</span></div>'
            f'<div class="wr-pile">collection <span class="wt-count">{kept}</span></div>'
            f'<div class="wt-laid">{shown}</div></div>{listed}'
        )

    def _declaration(self, view: WarRoomView, seat: int) -> str:
        if seat not in view.participants:
            return ""
        shown = view.shown[seat]
        if shown is not None:
            word = "Activates" if shown == "activate" else "Declines"
            return f'<span class="wr-mark">{word}</span>'
        if view.pending is not None and view.pending[seat] is not None:
            return f'<span class="wr-mark">Declared: {escape(str(view.pending[seat]))}</span>'
        if seat == view.viewer and view.own_declaration is not None:
            return f'<span class="wr-mark">You declared: {view.own_declaration}</span>'
        if view.declared[seat]:
            return '<span class="wr-mark">Has declared (hidden)</span>'
        return ""


def strip_html(events: tuple[Event, ...]) -> str:
    """What happened since your last choice, with each VC change highlighted."""
    items = []
    for event in events:
        match event:
            case DeclarationsShown() | Compared() | TieBreak() | Stalemate() | StalemateSettled():
                items.append(escape(explain(event)))
            case InstructionResolved(player=p, card=c, number=i, instruction=step, hits=hits):
                changes = ", ".join(f"{escape(_who(h.player))}: {_change(h.before, h.after)}"
                                    for h in hits)
                items.append(f"{escape(_who(p))} &middot; {escape(c.name)} {i} "
                             f"({escape(instruction_label(step))}) &rarr; {changes}")
            case NoTarget() | Skipped() | Collected() | Reshuffled() | Eliminated():
                items.append(escape(explain(event)))
    if not items:
        return '<div class="wr-strip"></div>'
    return since_last_choice(items, "wr-strip")


def deck_html(deck: Deck) -> str:
    """The deck as a table of its cards, with the text generated from the data."""
    rows = "".join(
        f"<tr><td>{escape(kind.code)}</td><td>{escape(kind.name)}</td><td>{kind.vc}</td>"
        f"<td>{copies}</td><td>{escape(card_text(kind))}</td></tr>"
        for kind, copies in zip(deck.kinds, deck.copies, strict=True)
    )
    return (f'{STYLESHEET}<div class="wt-app"><b>{escape(deck.name)}</b>: {len(deck.cards)} '
            f'cards<table class="wt-rulings"><tr><th>Code</th><th>Card</th><th>Printed VC</th>'
            f"<th>Copies</th><th>What it does</th></tr>{rows}</table></div>")


class DeckTable:
    """A deck as a notebook output (Jupyter shows its ``_repr_html_``)."""

    def __init__(self, deck: Deck) -> None:
        self.deck = deck

    def _repr_html_(self) -> str:
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
) -> GameApp:
    """You (seat 0) against computer players who use the heuristic agent.

    ``deck`` is a :class:`Deck` (for example ``default_deck().with_card("SN", vc=4)``),
    a path to a deck file, or the text of one; ``players`` sets the table's size (by
    default, one player per stacked draw stack).

    >>> app = war_room_app(seed=1, rules={"first_player": 0}, stacked=("SE SC", "SC SC"))
    >>> app.labels()[:2]
    ['Activate', 'Decline']
    >>> app.press("Activate")
    >>> "Sentry 1 (Defend -2 VC)" in app.table_text()
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
                   stacked=stacked, agents=agents, autoplay=heuristic_agent, pace=pace)


__all__ = ["DeckTable", "RoomCard", "WarRoomTable", "show_deck", "war_room_app"]
