"""The hand-out: a variant's rules, the rulings in effect, its words and a game, on paper.

One document serves twice. **Print** in an app prints it on A4, as many pages as it
needs: the page's print stylesheet shows only the hand-out (everything else on the page,
the app included, is left out of print), and a small page script calls the browser's
print once the hand-out of that moment has arrived. And **Take this game home** offers
the same document as a page of its own (``.html``), which opens in any browser without
the app or the network, and prints the same way.

Everything in it is made by :func:`wartutor.ui.markup.html`, so a player's name is text,
never markup:

>>> from wartutor.core import Game
>>> from wartutor.variants import find_variant
>>> game = Game.new(find_variant("classic_war"), seed=7).play("turn")
>>> page = handout_page(game)
>>> page.startswith("<!DOCTYPE html>"), "How to play" in page, "Step 1" in page
(True, True, True)
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Sequence
from typing import Any

import ipywidgets as widgets
from IPython.display import HTML

from wartutor.core.dealcode import deal_code
from wartutor.core.engine import Game
from wartutor.core.errors import BadInput
from wartutor.core.record import cited_rule, explanation
from wartutor.core.rulings import rulings_of
from wartutor.core.voice import voice
from wartutor.language import _, language, pgettext
from wartutor.ui.game_log import heading
from wartutor.ui.glossary import marked
from wartutor.ui.markup import Markup, html, joined, style
from wartutor.ui.plain_rules import RULES
from wartutor.ui.rulings import setting_words
from wartutor.variants.trade_war.explain import worded

PRINTED_STEPS = 300  # a Print holds the last steps of a longer game; the .html holds all

# The hand-out's look, on screen (the .html page) and on paper. Black on white, whatever
# the app's theme: it is for paper.
SHEET_STYLE = """
.wt-handout-sheet { font-family: system-ui, 'DejaVu Sans', sans-serif; color: #111;
  background: #fff; font-size: 12pt; line-height: 1.4; max-width: 46em; margin: 0 auto; }
.wt-handout-sheet h1 { font-size: 20pt; margin: 0 0 4pt; }
.wt-handout-sheet h2 { font-size: 15pt; margin: 14pt 0 4pt; border-bottom: 2px solid #111;
  break-after: avoid; }
.wt-handout-sheet h3 { font-size: 12.5pt; margin: 10pt 0 2pt; break-after: avoid; }
.wt-handout-sheet p, .wt-handout-sheet li { margin: 3pt 0; orphans: 2; widows: 2; }
.wt-handout-sheet .wt-facts { list-style: none; padding: 0; }
.wt-handout-sheet .wt-rule-id { font-weight: 700; margin-right: 4pt; }
.wt-handout-sheet table { border-collapse: collapse; width: 100%; font-size: 10.5pt; }
.wt-handout-sheet th, .wt-handout-sheet td { border: 1px solid #777; padding: 3pt 5pt;
  text-align: left; vertical-align: top; }
.wt-handout-sheet tr { break-inside: avoid; }
.wt-handout-sheet dl { display: grid; grid-template-columns: max-content 1fr; gap: 2pt 10pt; }
.wt-handout-sheet dt { font-weight: 700; }
.wt-handout-sheet dd { margin: 0; }
.wt-handout-sheet .wt-steps { padding-left: 1.2em; }
.wt-handout-sheet .wt-step { break-inside: avoid; margin: 6pt 0; }
.wt-handout-sheet .wt-step ul { margin: 2pt 0; padding-left: 1.2em; }
.wt-handout-sheet .wt-cited { color: #444; font-size: 9.5pt; font-style: italic; }
.wt-handout-sheet .wt-changed-ruling { font-weight: 700; }
.wt-handout-sheet .wt-term { color: inherit; text-decoration: underline dotted; }
@media print {
  @page { size: A4; margin: 14mm 13mm; }
  .wt-handout-sheet { max-width: none; font-size: 11pt; }
  .wt-handout-sheet a { color: inherit; text-decoration: none; }
}
"""

# In an app's page: the hand-out is out of sight on screen, and all there is in print.
# Every element that neither holds the hand-out nor is in it is left out; those that hold
# it are laid out as plain blocks, since JupyterLab's and Voila's panels (fixed heights,
# hidden overflow) would otherwise cut the print to its first screen.
PRINT_STYLE = """
@media print {
  html, body { height: auto !important; overflow: visible !important;
    background: #fff !important; }
  body *:not(:has(.wt-handout-sheet)):not(.wt-handout-sheet):not(.wt-handout-sheet *) {
    display: none !important; }
  body *:has(.wt-handout-sheet) { display: block !important; position: static !important;
    overflow: visible !important; height: auto !important; min-height: 0 !important;
    max-height: none !important; width: auto !important; max-width: none !important;
    margin: 0 !important; padding: 0 !important; border: 0 !important;
    box-shadow: none !important; transform: none !important; contain: none !important; }
}
"""

# Prints once a hand-out asked for by Print arrives (each asks with a new token); a
# hand-out already on the page when it opens, or made for a new deal, is never printed.
PRINT_SCRIPT = """
<script>
(function () {
  if (window.wartutorPrint) { return; }
  window.wartutorPrint = true;
  var seen = {};
  document.querySelectorAll(".wt-handout-sheet[data-print]").forEach(function (sheet) {
    seen[sheet.getAttribute("data-print")] = true;
  });
  function look() {
    document.querySelectorAll(".wt-handout-sheet[data-print]").forEach(function (sheet) {
      var asked = sheet.getAttribute("data-print");
      if (seen[asked]) { return; }
      seen[asked] = true;
      window.setTimeout(function () { window.print(); }, 100);
    });
  }
  new MutationObserver(look).observe(document.body, {childList: true, subtree: true});
})();
</script>
"""

Labeller = Callable[[str], str]
def no_record() -> Markup:
    """What a hand-out holds where the game is not in it yet."""
    return html("<h2>{head}</h2><p>{words}</p>", head=_("The game"), words=_(
        "Print in the app adds the game so far (at a shared screen or in a room, once the "
        "game is over)."))


def rules_html(variant: Any) -> Markup:
    """How to play, in the package's plain words (the jokers as the app calls them)."""
    paragraphs = joined(
        html('<p><span class="wt-rule-id">{rule}</span>{words}</p>', rule=rule,
             words=worded(_(words))) if rule else html("<p>{words}</p>", words=worded(_(words)))
        for rule, words in RULES.get(variant.name, ()))
    return html("<h2>{head}</h2>{paragraphs}",
                head=_("How to play {title}").format(title=variant.title),
                paragraphs=paragraphs)


def rulings_html(variant: Any, rules: Any) -> Markup:
    """The rulings this game is played with: each question and its answer here, the ones
    changed from the package's default in bold."""
    defaults = variant.rules_type()
    rows = []
    for name, meta in rulings_of(variant.rules_type).items():
        value = getattr(rules, name)
        shown = setting_words(variant, name, value)
        changed = value != getattr(defaults, name)
        rows.append(html('<tr{changed}><td>{id}</td><td>{question}</td><td>{answer}</td>'
                         "</tr>", changed=Markup(' class="wt-changed-ruling"') if changed
                         else "", id=meta.id, question=worded(_(meta.question)),
                         answer=_("{answer} (changed)").format(answer=shown) if changed
                         else shown))
    rows += [html("<tr><td>{id}</td><td>{question}</td><td>{answer}</td></tr>",
                  id=f.id, question=worded(_(f.question)),
                  answer=_("{answer} (fixed)").format(answer=worded(_(f.answer))))
             for f in getattr(variant, "fixed_rulings", ())]
    return html("<h2>{head}</h2><p>{about}</p>"
                "<table><tr><th>{ruling}</th><th>{question}</th><th>{answer}</th></tr>"
                "{rows}</table>", head=_("The rulings in this game"),
                about=_("Where the rule text does not say, the package decides; a teacher can "
                        "switch these before a new round."),
                ruling=_("Ruling"), question=_("Question"), answer=_("In this game"),
                rows=joined(rows))


def words_html(variant: Any) -> Markup:
    from wartutor.core.glossary import terms_of

    entries = joined(html("<dt>{word}</dt><dd>{meaning}</dd>", word=t.said_word,
                          meaning=worded(t.said_meaning)) for t in terms_of(variant.name))
    return html("<h2>{head}</h2><dl>{entries}</dl>", head=_("Words to know"), entries=entries)


def _code(game: Game[Any]) -> str:
    if game.stacked is not None:
        return _("none (a set deal: open its trace to replay it)")
    if game.position is not None:
        return _("none (a set position: open its trace to replay it)")
    try:
        return deal_code(game.variant.name, game.rules, game.seed)
    except BadInput:
        return _("none (rulings no code can hold: open its trace to replay it)")


def record_html(game: Game[Any], player: int | None, names: Sequence[str] | None,
                label: Labeller, *, last: int | None = None) -> Markup:
    """The game step by step: who chose what, then what happened, each with its rule.
    ``last`` keeps only the last steps of a longer game (a note says so)."""
    variant = game.variant
    own = variant.player_names(game.rules)
    first = 0 if last is None else max(len(game.steps) - last, 0)
    steps = []
    for number in range(first, len(game.steps)):
        step = game.steps[number]
        if step.action is None:
            title = heading(game, number)
        else:
            decision = variant.decision(game.steps[number - 1].state)
            fields = {"number": number, "round": heading(game, number),
                      "choice": label(step.action)}
            if decision is not None and voice().you(decision.player):
                title = _("Step {number} ({round}): You: {choice}").format(**fields)
            else:
                name = voice().name(decision.player, own) if decision else ""
                title = _("Step {number} ({round}): {name}: {choice}").format(name=name,
                                                                             **fields)
        lines = joined(html('<li>{words} <span class="wt-cited">({rule})</span></li>',
                            words=words, rule=cited_rule(game, event))
                       for event in step.events
                       if (words := explanation(game, event, player, names)))
        steps.append(html('<li class="wt-step"><h3>{title}</h3><ul>{lines}</ul></li>',
                          title=title, lines=lines))
    skipped = (html("<p>{words}</p>", words=_(
        "The first {count} steps are left out here: the take-home record (.html) holds them "
        "all.").format(count=first)) if first else "")
    return html('<h2>{head}</h2>{skipped}<ol class="wt-steps">{steps}</ol><p>{replay}</p>',
                head=_("The game, step by step"), skipped=skipped, steps=joined(steps),
                replay=_("Replay this game exactly: open its trace (the .json file) in the "
                         "app."))


def handout_html(game: Game[Any], player: int | None = 0,
                 names: Sequence[str] | None = None, label: Labeller = str, *,
                 last: int | None = None, token: str = "") -> Markup:
    """The hand-out as one block of HTML (``token`` marks one asked for by Print)."""
    variant = game.variant
    own = variant.player_names(game.rules)
    players = ", ".join(pgettext("the player on screen", "You") if voice().you(p)
                        else voice().name(p, own) for p in range(len(own)))
    # Where the deal is a secret until the end (a room, a shared screen), so is its code.
    secret = voice().secret_deal and game.outcome is None
    facts = [(_("Players"), players), *([] if secret else [(_("Deal code"), _code(game))]),
             (_("Steps"), len(game.steps) - 1)]
    if game.outcome is not None:
        facts.append((_("Result"), explanation(game, game.outcome.because, player, names)))
    record = (marked(record_html(game, player, names, label, last=last), variant.name)
              if last != 0 else no_record())
    return html('<div class="wt-handout-sheet"{token}><h1>{title}</h1>'
                '<ul class="wt-facts">{facts}</ul>{rules}{rulings}{words}{record}</div>',
                token=html(' data-print="{t}"', t=token) if token else "",
                title=_("{title}: the rules and a game").format(title=variant.title),
                facts=joined(html("<li><b>{k}</b> {v}</li>", k=_("{fact}:").format(fact=k),
                                  v=v) for k, v in facts),
                rules=rules_html(variant), rulings=rulings_html(variant, game.rules),
                words=words_html(variant), record=record)


def handout_page(game: Game[Any], player: int | None = 0,
                 names: Sequence[str] | None = None, label: Labeller = str) -> str:
    """The take-home record as a page of its own: opens in any browser, prints on A4."""
    return str(html('<!DOCTYPE html>\n<html lang="{lang}"><head><meta charset="utf-8">'
                    '<meta name="viewport" content="width=device-width, initial-scale=1">'
                    "<title>{title}</title>{style}</head><body>{body}"
                    "</body></html>\n", lang=language(),
                    title=_("{title}: a game record").format(title=game.variant.title),
                    style=style(SHEET_STYLE), body=handout_html(game, player, names, label)))


class Handout:
    """The Print button and what it prints: out of sight on screen, all there is on paper.

    ``make(last, token)`` makes the hand-out of the game on show (its last ``last`` steps;
    none for 0).
    A new deal puts its rules and rulings in at once (``show``), so that the browser's own
    Print prints them too; Print adds the game so far and prints."""

    def __init__(self, make: Callable[[int | None, str], Markup]) -> None:
        self._make = make
        self.sheet = widgets.HTML(layout=widgets.Layout(display="none"))
        self.sheet.add_class("wt-handout")
        self.button = widgets.Button(
            description=_("Print"), tooltip=_("Print the rules, the rulings and this game as a "
                                              "hand-out (A4)"),
            layout=widgets.Layout(width="auto", min_width="80px"))
        self.button.add_class("wt-secondary")
        self.button.on_click(lambda _: self.print())
        script = widgets.Output(layout=widgets.Layout(height="0px", overflow="hidden"))
        script.append_display_data(HTML(PRINT_SCRIPT))
        self.widget = widgets.Box([self.sheet, script],
                                  layout=widgets.Layout(height="0px", overflow="hidden"))

    def show(self) -> None:
        """The rules and rulings of a new deal, for a print not asked for by Print."""
        self.sheet.value = self._with_style(self._make(0, ""))

    def print(self) -> None:
        """Print: the hand-out with the game so far, then the browser's print."""
        self.sheet.value = self._with_style(self._make(PRINTED_STEPS, secrets.token_hex(8)))

    def text(self) -> str:
        from wartutor.ui.render import text_of

        return text_of(self.sheet.value)

    @staticmethod
    def _with_style(sheet: Markup) -> Markup:
        return style(SHEET_STYLE + PRINT_STYLE) + sheet
