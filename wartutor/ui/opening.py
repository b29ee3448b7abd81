"""The computers' moves before your first choice, played out once the page is drawn.

An app is built before its page exists, and the browser's timer (the shell's ``Play``
widget) starts only when it sees ``playing`` change: set while the app is built, it
would never tick. So an app that opens in the middle of a playback (the computers moved
first) waits on its first moment with the class :data:`OPENING`, and this page script
presses the timer's own play button once the app is on the page. The kernel then times
the moments as always. Without the script (scripts off, an untrusted notebook) the moments
still wait for Next or Skip to my turn: nothing is skipped.
"""

from __future__ import annotations

import ipywidgets as widgets
from IPython.display import HTML

OPENING = "wt-opening"

START_SCRIPT = """
<script>
(function () {
  if (window.wartutorOpening) { return; }
  window.wartutorOpening = true;
  window.setInterval(function () {
    document.querySelectorAll(".wt-app.OPENING:not([data-wt-opened])").forEach(function (app) {
      var play = app.querySelector(":scope > .widget-play button");
      if (play) {
        app.setAttribute("data-wt-opened", "");
        play.click();
      }
    });
  }, 250);
})();
</script>
""".replace("OPENING", OPENING)


def opening_start() -> widgets.Output:
    """An invisible widget whose output is the starting script."""
    out = widgets.Output(layout=widgets.Layout(height="0px", overflow="hidden"))
    out.append_display_data(HTML(START_SCRIPT))
    return out
