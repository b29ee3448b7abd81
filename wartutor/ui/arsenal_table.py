"""How an Arsenal table looks: pure HTML from a view, in the colours of the level's arena.

The NPC sits at the top, its hand face down in its level's card backs; the clash is in
the middle, with who leads and why; the explanation of the last clash sits under it.
Your hand is the row of card-shaped buttons under the table (the shell draws them).
Every card is an SVG with a text alternative.

>>> from wartutor.variants.arsenal import arsenal_card
>>> 'aria-label="Rocket of Space Force, a level-1 bomb"' in arsenal_card_svg(arsenal_card("RK-SF"))
True
"""

from __future__ import annotations

from html import escape

from wartutor.core.engine import Event
from wartutor.variants.arsenal import ArsenalCard, ArsenalView, arsenal_card
from wartutor.variants.arsenal.clash import clash
from wartutor.variants.arsenal.explain import clash_words, family_word
from wartutor.variants.arsenal.game import NPC, YOU, CoinTossed
from wartutor.variants.arsenal.levels import Level

# Each family has its own colour, readable with white text (contrast above 4.5:1).
FAMILY_COLOURS = {"bomb": "#b3261e", "shield": "#1d5fa8", "counter-strike": "#6a1b9a"}
PATTERN_GLYPHS = {
    "stripes": "\u2571", "waves": "\u223f", "leaves": "\u2766", "dunes": "\u25e0",
    "snowflakes": "\u2744", "embers": "\u2022", "bolts": "\u03df", "bubbles": "\u25cb",
    "craters": "\u25ce", "stars": "\u2605",
}  # fmt: skip

ARSENAL_STYLE = """
<style>
.wt-arena { border-radius: 14px; padding: 12px 18px; color: #fff; min-width: 760px;
  display: inline-block; }
.wt-arena-head { font-size: 24px; font-weight: 700; }
.wt-arena-sub { font-size: 18px; margin-bottom: 6px; }
.wt-score { font-size: 22px; font-weight: 700; }
.wt-arena .wt-seat-name { width: 190px; }
.wt-clash { display: flex; gap: 28px; align-items: flex-end; margin: 8px 0; min-height: 150px; }
.wt-clash figure { margin: 0; text-align: center; font-size: 16px; }
.wt-slot { width: 100px; height: 140px; border: 2px dashed rgba(255,255,255,.7);
  border-radius: 9px; display: flex; align-items: center; justify-content: center;
  text-align: center; font-size: 15px; }
.wt-lead-note { font-size: 19px; margin: 6px 0; }
.wt-clash-words { font-size: 19px; background: rgba(0,0,0,.35); border-radius: 8px;
  padding: 6px 10px; margin: 6px 0; }
.wt-wins { font-weight: 700; color: #111; border-radius: 6px; padding: 2px 8px; }
.wt-sudden { font-size: 22px; font-weight: 700; border: 3px solid #ffd43b; border-radius: 10px;
  padding: 8px 12px; margin: 8px 0; }
.wt-arsenal-app .widget-hbox { flex-wrap: wrap; row-gap: 6px; }
.wt-arsenal-app .wt-main-button { flex: 0 0 auto; height: 124px !important;
  width: 142px !important; min-width: 0 !important; white-space: normal !important;
  line-height: 1.2; font-size: 15px; border-radius: 10px; background: #fff; color: #111;
  border: 3px solid #333; }
.wt-arsenal-app .wt-main-button:hover:enabled { border-color: #e0a800; background: #fff8dc; }
.wt-map .widget-button { flex: 0 0 auto; font-size: 16px; height: 56px !important;
  width: 176px; white-space: normal !important; line-height: 1.2; }
.wt-news { font-size: 22px; font-weight: 700; padding: 8px 14px; border-radius: 8px;
  background: #fff4c2; border: 3px solid #e0a800; margin: 4px 0; }
.wt-news:empty { display: none; }
</style>
"""


def describe(card: ArsenalCard) -> str:
    """What a screen reader says for a card: "Rocket of Space Force, a level-1 bomb"."""
    return f"{card.name} of {card.suit_name}, a {family_word(card)}"


def arsenal_card_svg(card: ArsenalCard) -> str:
    """One card face up: its job in a coloured band, its name, its suit."""
    colour = FAMILY_COLOURS[card.family]
    badge = (f"L{card.level}" if card.family == "bomb"
             else f"cap {card.level}" if card.family == "shield" else "CS")
    # Two short lines fit the card: "Grenade / Launcher", "Counter- / Strike", "Nuke".
    words = card.name.replace("-", "- ").split(" ")
    half = max(1, len(words) // 2)
    lines = [" ".join(words[:half]).replace("- ", "-"), " ".join(words[half:])]
    name = "".join(f'<text x="50" y="{70 + 20 * i}" font-size="16" text-anchor="middle">'
                   f"{escape(line)}</text>" for i, line in enumerate(x for x in lines if x))
    return (
        f'<svg class="wt-card" role="img" aria-label="{escape(describe(card))}" width="100" '
        f'height="140" viewBox="0 0 100 140" font-family="DejaVu Sans, sans-serif">'
        f'<rect x="2" y="2" width="96" height="136" rx="9" fill="#fff" stroke="#333" '
        f'stroke-width="2"/><rect x="2" y="2" width="96" height="36" rx="9" fill="{colour}"/>'
        f'<text x="50" y="28" font-size="22" font-weight="700" fill="#fff" '
        f'text-anchor="middle">{badge}</text>'
        f'<g fill="#111" font-weight="700">{name}</g>'
        f'<text x="50" y="128" font-size="12" fill="#333" text-anchor="middle">'
        f"{escape(card.suit_name)}</text></svg>"
    )


def back_svg(level: Level, label: str = "a face-down card") -> str:
    """A card back in the level's look: its colour and its pattern."""
    glyph = PATTERN_GLYPHS[level.pattern]
    marks = "".join(f'<text x="{x}" y="{y}" font-size="14" text-anchor="middle">{glyph}</text>'
                    for x in range(22, 90, 19) for y in range(30, 130, 19))
    return (
        f'<svg class="wt-card wt-back" role="img" aria-label="{escape(label)}" width="70" '
        f'height="98" viewBox="0 0 100 140" font-family="DejaVu Sans, sans-serif">'
        f'<rect x="2" y="2" width="96" height="136" rx="9" fill="{level.back}" stroke="#fff" '
        f'stroke-width="3"/><g fill="{level.accent}">{marks}</g></svg>'
    )


def empty_slot(text: str) -> str:
    return f'<div class="wt-slot">{escape(text)}</div>'


class ArsenalTable:
    """Arsenal's part of the app for one level: see :class:`wartutor.ui.shell.TableDesign`."""

    autoplay_label = "Play 10 random cards"

    def __init__(self, level: Level) -> None:
        self.level = level

    def action_label(self, action: str) -> str:
        card = arsenal_card(action.removeprefix("play "))
        return f"{card.name} \u00b7 {card.suit_name} \u00b7 {family_word(card)}"

    def table_html(self, view: ArsenalView, events: tuple[Event, ...]) -> str:
        level, npc = self.level, self.level.npc_name
        names = ("You", npc)
        rounds = len(view.deck) // 2
        # Under ruling AR-DRY's 'pile-empty' the match may end before every card is played.
        of = f" of {rounds}" if view.rules.dry == "all-played" else ""
        shown = " &middot; showing everything" if view.viewer is None else ""
        head = (f'<div class="wt-arena-head">Level {level.number}: {escape(level.name)}</div>'
                f'<div class="wt-arena-sub">against {escape(npc)} &middot; round '
                f"{min(view.round, rounds)}{of} &middot; {view.pile_count} cards in "
                f"the draw pile{shown}</div>")
        score = (f'<div class="wt-score">Captured: you {len(view.captured[YOU])} &middot; '
                 f"{escape(npc)} {len(view.captured[NPC])}</div>")
        npc_hand = (" ".join(arsenal_card_svg(c) for c in view.hands[NPC])
                    if view.hands is not None else
                    "".join(back_svg(level) for _ in range(view.hand_counts[NPC])))
        npc_row = (f'<div class="wt-seat"><div class="wt-seat-name">{escape(npc)}<br>'
                   f'<span class="wt-note" style="color:#fff">{view.hand_counts[NPC]} cards in '
                   f"hand</span></div><div>{npc_hand}</div></div>")
        return (f'<div class="wt-arena" style="background:{level.arena}">{head}{score}{npc_row}'
                f"{self._clash_html(view, names)}{self._lead_note(view, names, events)}"
                f"{self._sudden_html(view, names)}</div>")

    def _clash_html(self, view: ArsenalView, names: tuple[str, str]) -> str:
        """The cards on the table (the lead awaiting an answer, or the last round's pair),
        and how the last round was decided."""
        last = view.history[-1] if view.history else None
        words = ""
        if last is not None:
            met = clash(last.cards[last.leader], last.cards[1 - last.leader])
            words = (f'<div class="wt-clash-words">Round {last.number}: '
                     f"{escape(clash_words(met))}</div>")
        if view.lead is not None:
            lead = (f"<figure>{arsenal_card_svg(view.lead)}<figcaption>"
                    f"{escape(names[view.leader])} led</figcaption></figure>")
            answer = empty_slot("your answer?" if view.leader == NPC else f"{names[NPC]}'s answer")
            return f'<div class="wt-clash">{lead}{answer}</div>{words}'
        if last is None:
            return f'<div class="wt-clash">{empty_slot("no cards played yet")}</div>'
        figures = []
        for seat in (last.leader, 1 - last.leader):
            part = "led" if seat == last.leader else "answered"
            wins = (f' <span class="wt-wins" style="background:{self.level.accent}">wins</span>'
                    if seat == last.winner else "")
            figures.append(f"<figure>{arsenal_card_svg(last.cards[seat])}<figcaption>"
                           f"{escape(names[seat])} {part}{wins}</figcaption></figure>")
        return f'<div class="wt-clash">{"".join(figures)}</div>{words}'

    def _lead_note(self, view: ArsenalView, names: tuple[str, str],
                   events: tuple[Event, ...]) -> str:
        """Who leads now, and why: the coin toss for round 1, else the last round's winner."""
        if view.outcome is not None:
            return ""
        if view.history:
            why = f"{'you' if view.leader == YOU else names[NPC]} won the last round"
        else:
            toss = next((e for e in events if isinstance(e, CoinTossed)), None)
            why = "the stacked deal says so" if toss and toss.stacked else "the coin toss"
        if view.leader == YOU:
            what = "You lead: pick a card to reveal first, blind"
        elif view.lead is not None:
            what = f"{names[NPC]} led: answer it, knowing its card"
        else:
            what = f"{names[NPC]} leads"
        return f'<div class="wt-lead-note">{escape(what)} ({escape(why)}).</div>'

    def _sudden_html(self, view: ArsenalView, names: tuple[str, str]) -> str:
        if view.sudden_death is None:
            return ""
        mine, theirs = view.sudden_death
        met = clash(mine, theirs)
        return (f'<div class="wt-sudden">Sudden death! The captured cards were tied, so the '
                f"whole deck was reshuffled for one last draw.<div class=\"wt-clash\">"
                f"<figure>{arsenal_card_svg(mine)}<figcaption>you</figcaption></figure>"
                f"<figure>{arsenal_card_svg(theirs)}<figcaption>{escape(names[NPC])}"
                f"</figcaption></figure></div>{escape(clash_words(met))}</div>")
