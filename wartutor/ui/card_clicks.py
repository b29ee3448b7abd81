"""A card in your hand on the table is pressed like the choice that plays it.

A table is HTML, and HTML sends nothing to the kernel; the choices are buttons. So a table
design marks each card of your hand with the label of the choice that would play it
(:func:`playable`), and this page script makes such a card a button (a role, a place in
the keyboard's order, the card's name as its label) while that choice is on offer and not
greyed out, and passes a press on the card (a click, Enter or Space) to the choice's own
button. The kernel then checks the move as for any press: the page only ever presses a
button the kernel put there, and a card whose choice is not offered is not a button.
"""

from __future__ import annotations

import ipywidgets as widgets
from IPython.display import HTML

from wartutor.ui.markup import Markup, html

CARD_CLICKS_SCRIPT = """
<style>
.wt-card-choice { display: inline-block; border-radius: 10px; }
.wt-card-choice[role=button] { cursor: pointer; }
.wt-card-choice[role=button]:hover { transform: translateY(-4px); }
.wt-card-choice[role=button]:focus-visible { outline: 3px solid #e67700; outline-offset: 2px; }
</style>
<script>
(function () {
  if (window.wartutorCardClicks) { return; }
  window.wartutorCardClicks = true;
  // The choice button a card stands for, if it is on offer and not greyed out.
  function choiceButton(card) {
    var app = card.closest(".wt-app");
    var want = card.getAttribute("data-choice");
    var found = null;
    if (app) {
      app.querySelectorAll(".wt-actions button").forEach(function (b) {
        if (!found && !b.disabled && b.textContent.trim() === want) { found = b; }
      });
    }
    return found;
  }
  function mark() {
    document.querySelectorAll(".wt-card-choice").forEach(function (card) {
      var live = choiceButton(card) !== null;
      if (live && card.getAttribute("role") !== "button") {
        card.setAttribute("role", "button");
        card.setAttribute("tabindex", "0");
        card.setAttribute("aria-label", card.getAttribute("data-name"));
      } else if (!live && card.hasAttribute("role")) {
        card.removeAttribute("role");
        card.removeAttribute("tabindex");
        card.removeAttribute("aria-label");
      }
    });
  }
  function press(event) {
    var card = event.target.closest && event.target.closest(".wt-card-choice[role=button]");
    if (!card || (event.type === "keydown" && event.key !== "Enter" && event.key !== " ")) {
      return;
    }
    event.preventDefault();
    var button = choiceButton(card);
    if (button) { button.click(); }
  }
  document.addEventListener("click", press, true);
  document.addEventListener("keydown", press, true);
  new MutationObserver(mark).observe(document.body, {subtree: true, childList: true,
    attributes: true, attributeFilter: ["disabled"]});
  mark();
})();
</script>
"""


def playable(card: Markup, choice: str, name: str) -> Markup:
    """A card of your hand drawn on the table, pressed as the choice labelled ``choice``;
    ``name`` is what a screen reader says of it as a button ("Play the five of spades")."""
    return html('<span class="wt-card-choice" data-choice="{choice}" data-name="{name}">'
                "{card}</span>", choice=choice, name=name, card=card)


def card_clicks() -> widgets.Output:
    """An invisible widget whose output is the page script."""
    out = widgets.Output(layout=widgets.Layout(height="0px", overflow="hidden"))
    out.append_display_data(HTML(CARD_CLICKS_SCRIPT))
    return out
