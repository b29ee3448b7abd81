"""Cards as inline SVG, and the one stylesheet of the apps: pure functions, no widgets.

Every card carries a text alternative, so a screen reader says what a projector shows:

>>> from wartutor.core import card
>>> 'aria-label="nine of spades"' in card_svg(card("9S"))
True
>>> 'aria-label="a face-down card"' in card_svg(None)
True
>>> 'aria-label="king of diamonds, laid face down"' in card_svg(card("KD"), laid_down=True)
True
"""

from __future__ import annotations

from functools import cache
from html.parser import HTMLParser

from wartutor.core.cards import RANK_CODES, SUIT_SYMBOLS, Card
from wartutor.language import _, language
from wartutor.ui.markup import Markup, html, joined

CARD_WIDTH, CARD_HEIGHT = 100, 140
# 7.3:1 on white, well past WCAG AA (4.5:1), and still plainly red on a washed-out projector.
RED = "#b0001e"
BLACK = "#111111"
BACK_BLUE = "#1f3a93"

# A plain str for now: the shell, rooms and the board still add HTML to it as text (added
# to Markup, that text would be escaped). Where html() takes it: Markup(STYLESHEET).
STYLESHEET = """
<style>
/* Colours come from JupyterLab's theme variables (as ipywidgets' own stylesheet's do), so
   the apps read in light, dark and high-contrast themes; the fallbacks serve a page
   without them. What has printed colours of its own (the green table, cards, the yellow
   banner, a greyed-out button) sets its text colour too, whatever the theme. */
.wt-app, .wt-lost-notice {
  --wt-page: var(--jp-layout-color0, #fff);
  --wt-panel: var(--jp-layout-color1, #fff);
  --wt-shade: var(--jp-layout-color2, #eee);
  --wt-ink: var(--jp-ui-font-color0, #111);
  --wt-ink-soft: var(--jp-ui-font-color1, #222);
  --wt-line: var(--jp-border-color1, #bdbdbd);
  --wt-accent: var(--jp-brand-color1, #1976d2);
  --wt-said: var(--jp-success-color1, #1d6b3a);
  --wt-warn: var(--jp-warn-color1, #e0a800);
}
.wt-app { font-family: system-ui, 'DejaVu Sans', sans-serif; color: var(--wt-ink); }
/* One screen: the top line, then the table beside what just happened and your choices. */
.wt-app .wt-top { align-items: center; gap: 14px; margin: 0 0 4px; flex-wrap: wrap; }
.wt-title { font-size: 26px; font-weight: 700; margin: 0 6px 0 0; white-space: nowrap; }
.wt-app .widget-hbox.wt-main { align-items: flex-start; flex-wrap: nowrap; gap: 12px;
  margin: 0; }
.wt-app .wt-left { flex: 1 1 auto; min-width: 0; }
.wt-app .wt-table-region { width: calc(100% - 4px); }  /* less its margins: no sideways scroll */
.wt-app .wt-side { flex: 0 0 400px; width: 400px; gap: 8px; }
/* Words are laid out in their box, never past it: long words and citations wrap. */
.wt-app .widget-html, .wt-app .widget-html-content { min-width: 0; max-width: 100%; }
.wt-happened, .wt-reason, .wt-log, .wt-banner, .wt-message, .wt-moments li {
  overflow-wrap: anywhere; }
/* What just happened keeps one height, so that the choices under it never move while the
   moments play; what does not fit scrolls, and the moment on show is its first line. */
.wt-app .wt-happened { background: var(--wt-panel); color: var(--wt-ink);
  border: 3px solid var(--wt-said); border-radius: 10px; padding: 6px 12px;
  height: 190px; flex: none; box-sizing: border-box; overflow-x: hidden; overflow-y: auto; }
/* A box that scrolls shows its scrollbar, drawn, never an overlay that hides until used. */
.wt-happened::-webkit-scrollbar, .wt-log::-webkit-scrollbar { width: 12px; }
.wt-happened::-webkit-scrollbar-thumb, .wt-log::-webkit-scrollbar-thumb {
  background: var(--wt-ink-soft); border-radius: 6px; border: 2px solid var(--wt-panel); }
.wt-happened::-webkit-scrollbar-track, .wt-log::-webkit-scrollbar-track {
  background: var(--wt-shade); }
.wt-app .wt-happened .widget-html-content { height: auto; line-height: normal; }
.wt-happened-head { font-size: 15px; font-weight: 700; color: var(--wt-ink);
  text-transform: uppercase; letter-spacing: .5px; }
.wt-moments { list-style: none; margin: 2px 0 0; padding: 0; }
.wt-moments li { margin: 3px 0; line-height: 1.3; white-space: normal; }
.wt-moments .wt-now { font-size: 20px; font-weight: 600; }
.wt-moments .wt-before { font-size: 15px; color: var(--wt-ink-soft); }
.wt-more { font-size: 16px; font-weight: 400; margin: 2px 0 4px; }
.wt-more summary { cursor: pointer; color: var(--wt-ink); text-decoration: underline; }
.wt-app .wt-choices { border: 3px solid var(--wt-accent); border-radius: 10px;
  padding: 6px 8px; background: var(--wt-panel); color: var(--wt-ink); }
.wt-app .wt-choices .widget-hbox { flex-wrap: wrap; }
.wt-reason { font-size: 16px; line-height: 1.35; color: var(--wt-ink); white-space: normal; }
.wt-reason ul { margin: 2px 0 0; padding-left: 20px; }
.wt-app .wt-watching { gap: 4px; }
.wt-app .wt-pace .widget-toggle-button { font-size: 15px; height: 34px; width: auto;
  padding: 0 9px; }
.wt-app .wt-pace .widget-toggle-buttons { flex-wrap: wrap; height: auto; gap: 2px 0; }
.wt-app .wt-pace .widget-toggle-buttons .widget-toggle-button.mod-active {
  background: #1a5fb4; color: #fff; }
.wt-message { color: #8a1c00; background: #fff1e6; border-left: 6px solid #d9480f;
  padding: 8px 12px; font-size: 18px; }
.wt-message:empty { display: none; }
.wt-banner { font-size: 19px; padding: 8px 12px; border-radius: 8px; color: #111;
  background: #fff4c2; border: 3px solid #e0a800; line-height: 1.35; }
.wt-banner:empty { display: none; }
.wt-banner b { font-size: 24px; margin-right: 8px; }
.wt-table { background: #1d6b3a; border-radius: 14px; padding: 10px 16px; color: #fff;
  display: block; box-sizing: border-box; width: 100%; line-height: 1.3; }
/* Pass-and-play: between two players' turns the table shows nobody's cards. */
.wt-curtain { background: #2b2b2b; font-size: 28px; min-height: 320px; display: flex;
  flex-direction: column; justify-content: center; align-items: center; text-align: center; }
/* What a moment changed: marked on the table until the next moment. */
.wt-changed { outline: 4px solid #ffd43b; outline-offset: 3px; border-radius: 10px; }
.wt-mark-new { background: #ffd43b !important; color: #111 !important; }
.wt-battle { font-size: 24px; font-weight: 700; }
.wt-seat { display: flex; align-items: center; gap: 18px; margin: 10px 0; }
.wt-seat-name { font-size: 22px; font-weight: 700; width: 110px; }
.wt-deck { text-align: center; font-size: 18px; width: 130px; }
.wt-count { font-size: 26px; font-weight: 700; }
.wt-laid { display: flex; gap: 10px; align-items: flex-end; min-height: 150px; }
.wt-laid figure { margin: 0; text-align: center; font-size: 15px; }
.wt-took { font-size: 20px; font-weight: 700; background: #ffd43b; color: #111;
  border-radius: 6px; padding: 4px 10px; }
.wt-order { font-size: 16px; margin: 0 0 8px 128px; line-height: 1.6; max-width: 880px;
  display: flex; flex-wrap: wrap; gap: 3px; align-items: baseline; }
.wt-mini { background: #fff; border-radius: 3px; padding: 0 3px; margin-right: 2px;
  font-weight: 700; }
.wt-red { color: #b0001e; }
.wt-black { color: #111; }
/* The log: each round under its heading, the newest at the top. */
.wt-log { max-height: 340px; overflow-y: auto; border: 1px solid var(--wt-line);
  border-radius: 8px; padding: 4px 10px; font-size: 17px; background: var(--wt-panel);
  color: var(--wt-ink); white-space: normal; }
.wt-log ol { list-style: none; margin: 0; padding: 0; }
.wt-log-heading { font-size: 17px; font-weight: 700; margin: 8px 0 2px; padding: 2px 6px;
  background: var(--wt-shade); border-radius: 4px; }
.wt-log-entry { padding: 5px 6px; border-top: 1px solid var(--wt-line); }
.wt-log-entry:first-child { border-top: 0; }
.wt-log-entry.wt-step-start { border-top: 2px solid var(--wt-ink-soft); }
.wt-log-entry.wt-step-start:first-child { border-top: 0; }
.wt-log-entry.wt-new { border-left: 6px solid var(--wt-warn); font-weight: 600; }
.wt-rule { color: var(--wt-ink-soft); font-size: 15px; font-style: italic; font-weight: 400; }
.wt-note { color: var(--wt-ink-soft); font-size: 15px; }
.wt-rulings { border-collapse: collapse; font-size: 15px; }
.wt-rulings td, .wt-rulings th { border: 1px solid var(--wt-line); padding: 4px 8px;
  text-align: left; vertical-align: top; }
.wt-app .widget-hbox { align-items: center; gap: 6px; margin: 4px 0; }
.wt-app .widget-button, .wt-app .widget-toggle-button { font-size: 18px; height: 44px; }
/* Greyed out must look it: faded, striped, dashed, and no pointer. */
.wt-app .jupyter-button:disabled, .wt-app .jupyter-button.mod-primary:disabled {
  opacity: 1; color: #444; border: 2px dashed #8a8a8a; box-shadow: none; cursor: not-allowed;
  background: repeating-linear-gradient(45deg, #f1f1f1, #f1f1f1 6px, #e2e2e2 6px, #e2e2e2 12px);
  font-weight: 400; }
.wt-app .widget-label, .wt-app .widget-readout, .wt-app .widget-checkbox,
.wt-app .widget-checkbox label, .wt-app .widget-dropdown select, .wt-app input[type="text"] {
  font-size: 17px; color: var(--wt-ink); }
.wt-app .widget-label { height: auto; min-height: var(--jp-widgets-inline-height, 28px); }
.wt-app .widget-dropdown select, .wt-app input[type="text"] {
  background-color: var(--wt-panel); border: 1px solid var(--wt-line); height: 36px; }
.wt-app input::placeholder { color: var(--wt-ink-soft); opacity: 1; }
.wt-app .widget-checkbox input[type="checkbox"] { width: 18px; height: 18px; }
.wt-app .wt-seed input[type="text"] { font-size: 20px; height: 40px; }
.wt-log-head { font-weight: 700; padding: 6px 0; }
/* The folded panels' titles: ipywidgets' own grey is too faint on its grey (4:1). */
.wt-app .jupyter-widget-Collapse-header, .wt-app .jupyter-widget-Collapse-header span {
  color: var(--wt-ink); font-size: 17px; }
.wt-app .wt-main-button { font-weight: 700; }
/* ipywidgets' own blue gives white text only 3:1; this one gives 6.5:1 (WCAG AA). */
.wt-app .jupyter-button.mod-primary { background-color: #1a5fb4; color: #fff; }
.wt-app .jupyter-button:focus-visible, .wt-app input:focus-visible {
  outline: 3px solid #e67700; outline-offset: 2px; }
.wt-deal-code { font-size: 20px; margin-right: 8px; }
.wt-deal-code b { font-family: 'DejaVu Sans Mono', monospace; font-size: 24px;
  letter-spacing: 1px; }
.wt-app .wt-code-box input[type="text"] { font-size: 20px; height: 40px;
  font-family: 'DejaVu Sans Mono', monospace; text-transform: uppercase; }
.wt-app .wt-code-box input::placeholder { text-transform: none; font-family: inherit; }
.wt-download { font-size: 18px; font-weight: 700; color: var(--wt-accent); }
/* Large print, for a projector: cards, card text, every control and the explanations. */
.wt-large .wt-title { font-size: 32px; }
.wt-large svg.wt-card, .wt-large svg.wr-card { width: 140px; height: 196px; }
.wt-large svg.wt-deck-pile { width: 140px; height: 192px; }
.wt-large .wt-laid { min-height: 204px; }
.wt-large .wt-battle, .wt-large .wt-seat-name, .wt-large .wt-banner { font-size: 26px; }
.wt-large .wt-seat-name { width: 150px; }
.wt-large .wt-count { font-size: 30px; }
.wt-large .wt-deck, .wt-large .wt-laid figure, .wt-large .wt-order,
.wt-large .wt-table { font-size: 21px; }
.wt-large .wt-deck { width: auto; }
.wt-large .wt-log, .wt-large .wt-log-heading { font-size: 22px; }
.wt-large .wt-log { max-height: 520px; }
.wt-large .wt-rule, .wt-large .wt-note, .wt-large .wt-reason, .wt-large .wt-more,
.wt-large .wt-happened-head { font-size: 19px; }
.wt-app.wt-large .wt-side { flex-basis: 440px; width: 440px; }
.wt-large .wt-moments .wt-now { font-size: 25px; }
.wt-large .wt-moments .wt-before { font-size: 18px; }
.wt-app.wt-large .wt-happened { height: 185px; }  /* the choices must still fit under it */
.wt-large .wt-deal-code { font-size: 24px; }
.wt-large .wt-deal-code b { white-space: nowrap; font-size: 28px; }
/* Large print reaches an app's controls outside its game too (Arsenal's campaign). */
.wt-app.wt-large .widget-button,
.wt-app.wt-large .widget-toggle-button,
.wt-app:has(.wt-large) .widget-button,
.wt-app:has(.wt-large) .widget-toggle-button { font-size: 23px;
  height: 54px; }
.wt-app.wt-large .widget-button.wt-secondary,
.wt-app:has(.wt-large) .widget-button.wt-secondary { font-size: 22px; height: 48px; }
.wt-app.wt-large .wt-pace .widget-toggle-button { font-size: 20px; height: 44px;
  padding: 0 10px; }
.wt-app.wt-large .widget-label,
.wt-app.wt-large .widget-readout,
.wt-app.wt-large .widget-checkbox,
.wt-app.wt-large .widget-checkbox label,
.wt-app.wt-large .widget-dropdown select,
.wt-app.wt-large input[type="text"],
.wt-app.wt-large .jupyter-widget-Collapse-header,
.wt-app.wt-large .jupyter-widget-Collapse-header span,
.wt-app:has(.wt-large) .widget-label,
.wt-app:has(.wt-large) .widget-readout,
.wt-app:has(.wt-large) .widget-checkbox,
.wt-app:has(.wt-large) .widget-checkbox label,
.wt-app:has(.wt-large) .widget-dropdown select,
.wt-app:has(.wt-large) input[type="text"],
.wt-app:has(.wt-large) .jupyter-widget-Collapse-header,
.wt-app:has(.wt-large) .jupyter-widget-Collapse-header span { font-size: 22px; }
.wt-app.wt-large .widget-dropdown select,
.wt-app.wt-large input[type="text"],
.wt-app:has(.wt-large) .widget-dropdown select,
.wt-app:has(.wt-large) input[type="text"] {
  height: 46px; }
.wt-app.wt-large .wt-seed input[type="text"],
.wt-app.wt-large .wt-code-box input[type="text"],
.wt-app:has(.wt-large) .wt-seed input[type="text"],
.wt-app:has(.wt-large) .wt-code-box input[type="text"] { font-size: 24px; height: 48px; }
.wt-app.wt-large .widget-checkbox input[type="checkbox"],
.wt-app:has(.wt-large) .widget-checkbox input[type="checkbox"] { width: 26px; height: 26px; }
/* The top line in Large print: larger than at normal size, yet compact, so that wrapped
   to two rows it leaves the table on the one screen (1366x768). */
.wt-app.wt-large .wt-top { gap: 2px 4px; margin-bottom: 2px; }
.wt-app.wt-large .wt-top .widget-button,
.wt-app.wt-large .wt-top .widget-toggle-button { font-size: 19px; height: 38px; }
.wt-app.wt-large .wt-top .widget-checkbox,
.wt-app.wt-large .wt-top .widget-checkbox label { font-size: 19px; }
.wt-app.wt-large .wt-top .wt-title { font-size: 28px; }
/* The language menu keeps to the top line's size: bigger than at normal size, no taller
   than its buttons, so the line does not wrap a row further down. */
.wt-app.wt-large .wt-top .wt-language select { font-size: 19px; height: 38px; }
/* Its word is for a screen reader there: the languages' names say what it is, and the
   line must stay one row for Arsenal's game to fit one screen. */
.wt-app.wt-large .wt-top .wt-language .widget-label { position: absolute; width: 1px;
  height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; margin: 0; }
.wt-app.wt-large .wt-top .wt-deal-code { font-size: 20px; }
.wt-app.wt-large .wt-top .wt-deal-code b { font-size: 22px; }
/* And the buttons under the choices (Undo, New round, ...), which wrap to three rows: their
   words larger than at normal size, the buttons no taller, so Arsenal fits one screen. */
.wt-app.wt-large .wt-choices .widget-button.wt-secondary { font-size: 20px; height: 40px;
  margin-top: 1px; margin-bottom: 1px; }
/* A page whose kernel is gone: the notice on top, the dead app greyed out behind it. */
.wt-lost .wt-app { opacity: 0.35; pointer-events: none; }
.wt-lost-notice { position: fixed; top: 0; left: 0; right: 0; z-index: 10000;
  background: #fff4c2; color: #111; border-bottom: 4px solid #e0a800; padding: 16px 24px;
  font: 24px system-ui, 'DejaVu Sans', sans-serif; text-align: center; }
.wt-lost-notice p { margin: 0 0 10px; }
.wt-lost-notice button { font-size: 22px; padding: 8px 20px; background: #1a5fb4; color: #fff;
  border: 0; border-radius: 6px; cursor: pointer; }
</style>
"""


def _suit_colour(card: Card) -> str:
    return RED if card.suit in "HD" else BLACK


def card_svg(card: Card | None, *, laid_down: bool = False) -> Markup:
    """One card, face up; ``None`` is a face-down card whose face is hidden.

    ``laid_down`` marks a card that lies face down but is shown anyway (a teacher's
    "show everything"): its face is drawn with a dashed edge and said to be face down.
    """
    if card is None:
        return _back(language())
    return html(
        '<svg class="wt-card" role="img" aria-label="{label}" width="{width}" '
        'height="{height}" viewBox="0 0 100 140" font-family="DejaVu Sans, sans-serif">'
        '<rect x="2" y="2" width="96" height="136" rx="9" fill="{fill}" {edge}/>'
        '<g fill="{colour}" font-weight="700">'
        '<text x="9" y="27" font-size="22">{rank}</text>'
        '<text x="9" y="49" font-size="20">{suit}</text>'
        '<text x="50" y="86" font-size="44" text-anchor="middle">{rank}</text>'
        '<text x="50" y="126" font-size="38" text-anchor="middle">{suit}</text>'
        "</g></svg>",
        label=_("{card}, laid face down").format(card=card) if laid_down else card,
        width=CARD_WIDTH,
        height=CARD_HEIGHT, fill="#fff8e6" if laid_down else "#fff",
        edge=_LAID_DOWN_EDGE if laid_down else _EDGE, colour=_suit_colour(card),
        rank=RANK_CODES[card.rank - 2], suit=SUIT_SYMBOLS[card.suit],
    )


_EDGE = Markup('stroke="#333" stroke-width="2"')
_LAID_DOWN_EDGE = Markup('stroke="#e67700" stroke-width="4" stroke-dasharray="9 5"')


def _back_shapes() -> Markup:
    # A lattice of small diamonds drawn once; no <pattern>, whose id would repeat on the page.
    diamonds = "".join(
        f"M{x} {y - 5}l5 5l-5 5l-5 -5z"
        for x in range(18, 90, 12) for y in range(20, 126, 12)
    )  # fmt: skip
    return html(
        '<rect x="2" y="2" width="96" height="136" rx="9" fill="{blue}" stroke="#fff" '
        'stroke-width="2"/><rect x="9" y="9" width="82" height="122" rx="5" fill="none" '
        'stroke="#fff" stroke-width="2"/><path d="{diamonds}" fill="#8fa8f0"/>',
        blue=BACK_BLUE, diamonds=diamonds,
    )


_BACK_SHAPES = _back_shapes()
@cache
def _back(code: str) -> Markup:
    """A face-down card, said in the language ``code`` (drawn once for each)."""
    return html(
        '<svg class="wt-card wt-back" role="img" aria-label="{label}" width="{width}" '
        'height="{height}" viewBox="0 0 100 140">{shapes}</svg>',
        label=_("a face-down card"), width=CARD_WIDTH, height=CARD_HEIGHT, shapes=_BACK_SHAPES,
    )


def deck_svg(count: int) -> Markup:
    """A face-down pile, thicker while it holds more cards; a dashed place when empty."""
    if count == 0:
        return html(
            '<svg class="wt-card" role="img" aria-label="{label}" width="{width}" '
            'height="{height}" viewBox="0 0 100 140"><rect x="2" y="2" width="96" '
            'height="136" rx="9" fill="none" stroke="#fff" stroke-width="2" '
            'stroke-dasharray="6 6"/></svg>',
            label=_("no cards left"), width=CARD_WIDTH, height=CARD_HEIGHT,
        )
    edges = joined(
        html('<rect x="{at}" y="{at}" width="96" height="136" rx="9" fill="#fff" '
             'stroke="#333" stroke-width="1.5"/>', at=2 + 3 * i)
        for i in range(min(3, (count + 9) // 10), 0, -1)
    )  # fmt: skip
    return html(
        '<svg class="wt-card wt-deck-pile" role="img" aria-label="{label}" '
        'width="{width}" height="{height}" viewBox="0 0 109 149">{edges}{shapes}</svg>',
        label=_("a face-down deck"), width=CARD_WIDTH + 9, height=CARD_HEIGHT + 9,
        edges=edges, shapes=_BACK_SHAPES,
    )


def mini_card(card: Card) -> Markup:
    """A card as short coloured text ("K♦"), for long lists such as a deck's order."""
    return html('<span class="wt-mini {tone}" role="img" aria-label="{card}">{symbol}</span>',
                tone="wt-red" if card.suit in "HD" else "wt-black", card=card,
                symbol=card.symbol)


class _TextOf(HTMLParser):
    """Collects what a screen reader would say: the text, and each picture's label."""

    def __init__(self) -> None:
        super().__init__()
        self.parts: list[str] = []
        self._hidden = 0  # inside a <style>, or inside an <svg> already said by its label
        # A glossary mark (wartutor.ui.glossary) is a word of its sentence, said with the
        # text on either side of it: "the instigator." not "the instigator ."
        self._in_word = self._glue = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        label = dict(attrs).get("aria-label")
        if tag == "svg" and label and not self._hidden:
            self.parts.append(label)
        self._hidden += tag in ("style", "svg")
        if tag == "a" and dict(attrs).get("class") == "wt-term":
            self._in_word = self._glue = True

    def handle_endtag(self, tag: str) -> None:
        self._hidden -= tag in ("style", "svg")
        if tag == "a" and self._in_word:
            self._in_word, self._glue = False, True

    def handle_data(self, data: str) -> None:
        if self._hidden:
            return
        if self._glue and self.parts:
            self.parts[-1] += data
        else:
            self.parts.append(data)
        self._glue = self._in_word


def text_of(fragment: str) -> str:
    """The words a fragment says, spaces tidied: what tests read instead of a screen.

    >>> from wartutor.core import card
    >>> text_of(f'<p>Battle <span class="wt-battle">3</span></p>{card_svg(card("QH"))}')
    'Battle 3 queen of hearts'
    """
    parser = _TextOf()
    parser.feed(fragment)
    return " ".join(" ".join(parser.parts).split())
