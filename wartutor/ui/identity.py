"""Which browser a page belongs to: a random key the browser keeps, so that a seat in a room
or an Arsenal campaign is that browser's own, whatever name is typed.

The first time a browser opens an app that needs it, a small script in the page makes a
random key (24 random bytes, written as 32 URL-safe characters) and keeps it in the
browser's local storage. On every page after that, a reload or a laptop that slept, the
script reads the same key back and types it into a hidden text box, whose value reaches
the kernel: :class:`BrowserKey` waits for it and hands it on. Nothing is typed by the
student, and nothing of the key is ever shown.

The key is a secret, and everything a page sends is hostile until checked: a value that is
not such a key is ignored, and only the first key a page gives is taken (a page cannot
change who it is halfway). What is kept on the server is :func:`key_id`, a hash of the key,
so that neither the room database nor the class board can be used to act as a student.

The hidden box is the one widget here that the page is meant to drive; it is not a control
hidden by CSS, since a key typed into it can only make the page another browser.

>>> key = BrowserKey()
>>> seen = []
>>> key.when_known(seen.append)
>>> key.give("not a key <b>")
>>> seen
[]
>>> key.give("k" * 32)
>>> key.give("z" * 32)  # a second key is not taken
>>> seen == ["k" * 32]
True
>>> key_id("k" * 32) == key_id("k" * 32) != key_id("z" * 32)
True
"""

from __future__ import annotations

import hashlib
import re
import secrets
from collections.abc import Callable

import ipywidgets as widgets
from IPython.display import HTML

STORAGE_NAME = "wartutor-browser-key"
KEY_SHAPE = re.compile(r"[A-Za-z0-9_-]{32}")

KEY_SCRIPT = """
<script>
(function () {
  if (window.wartutorBrowserKey) { return; }
  window.wartutorBrowserKey = true;
  var NAME = "STORAGE_NAME";
  function key() {
    var kept = null;
    try { kept = window.localStorage.getItem(NAME); } catch (e) { kept = null; }
    if (kept && /^[A-Za-z0-9_-]{32}$/.test(kept)) { return kept; }
    var bytes = new Uint8Array(24);
    window.crypto.getRandomValues(bytes);
    var made = window.btoa(String.fromCharCode.apply(null, bytes))
      .replace(/[+]/g, "-").replace(/[/]/g, "_");
    try { window.localStorage.setItem(NAME, made); } catch (e) { /* a private window */ }
    return made;
  }
  function give() {
    document.querySelectorAll(".wt-browser-key input:not([data-given])").forEach(
      function (box) {
        box.setAttribute("data-given", "yes");
        box.value = key();
        box.dispatchEvent(new Event("input", {bubbles: true}));
        box.dispatchEvent(new Event("change", {bubbles: true}));
      });
  }
  give();
  // In Voila the box gets its class a moment after it is added: watch classes too.
  new MutationObserver(give).observe(document.body, {childList: true, subtree: true,
                                                     attributes: true,
                                                     attributeFilter: ["class"]});
  // And look again a few times a second for the first minute, whatever the page does.
  var looks = window.setInterval(give, 250);
  window.setTimeout(function () { window.clearInterval(looks); }, 60000);
})();
</script>
""".replace("STORAGE_NAME", STORAGE_NAME)  # a constant: no value from outside is put in


def new_key() -> str:
    """A fresh browser key, as the page's script makes one (for tests and the benchmark)."""
    return secrets.token_urlsafe(24)


def is_key(value: object) -> bool:
    return isinstance(value, str) and KEY_SHAPE.fullmatch(value) is not None


def key_id(key: str) -> str:
    """What the server keeps of a browser key: a hash that cannot be turned back into it."""
    return hashlib.sha256(f"wartutor browser key {key}".encode()).hexdigest()[:40]


class BrowserKey:
    """The browser key of the page this app is in, once the page has given it."""

    def __init__(self) -> None:
        self.key: str | None = None
        self._waiting: list[Callable[[str], None]] = []
        self._box = widgets.Text(layout=widgets.Layout(display="none"))
        self._box.add_class("wt-browser-key")
        self._box.observe(lambda change: self.give(change["new"]), names="value")
        script = widgets.Output(layout=widgets.Layout(height="0px", overflow="hidden"))
        script.append_display_data(HTML(KEY_SCRIPT))
        self.widget = widgets.Box([self._box, script],
                                  layout=widgets.Layout(height="0px", overflow="hidden"))

    def give(self, value: object) -> None:
        """The page gives its key (the tests give one as the page would)."""
        if self.key is not None or not is_key(value):
            return
        assert isinstance(value, str)
        self.key = value
        waiting, self._waiting = self._waiting, []
        for then in waiting:
            then(value)

    def when_known(self, then: Callable[[str], None]) -> None:
        """Call ``then(key)`` once the page has given its key (at once if it has)."""
        if self.key is not None:
            then(self.key)
        else:
            self._waiting.append(then)
