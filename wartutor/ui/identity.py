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

The hidden box is the one kind of widget here that the page is meant to drive; it is not a
control hidden by CSS, since a key typed into it can only make the page another browser.
:class:`PageValue` is that box for any one value a page knows and the kernel does not (the
rule explorer takes the variant its address names from one, in the browser edition).

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
BOX_NAME = re.compile(r"wt-[a-z-]+")

# Types the page's value into every hidden box of one class, once each, as boxes appear.
# BOX_NAME and PAGE_VALUE are constants of this package: no value from outside is put in.
GIVE_SCRIPT = """
<script>
(function () {
  var NAME = "BOX_NAME";
  if ((window.wartutorPageValues = window.wartutorPageValues || {})[NAME]) { return; }
  window.wartutorPageValues[NAME] = true;
  var value = PAGE_VALUE;
  function give() {
    document.querySelectorAll("." + NAME + " input:not([data-given])").forEach(
      function (box) {
        box.setAttribute("data-given", "yes");
        box.value = value();
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
"""

# The browser's key, made the first time and kept in its local storage.
KEY_VALUE = """function () {
    var NAME = "STORAGE_NAME";
    var kept = null;
    try { kept = window.localStorage.getItem(NAME); } catch (e) { kept = null; }
    if (kept && /^[A-Za-z0-9_-]{32}$/.test(kept)) { return kept; }
    var bytes = new Uint8Array(24);
    window.crypto.getRandomValues(bytes);
    var made = window.btoa(String.fromCharCode.apply(null, bytes))
      .replace(/[+]/g, "-").replace(/[/]/g, "_");
    try { window.localStorage.setItem(NAME, made); } catch (e) { /* a private window */ }
    return made;
  }""".replace("STORAGE_NAME", STORAGE_NAME)


def give_script(box_name: str, page_value: str) -> str:
    """The page script that types ``page_value()`` (a JavaScript function of this package's
    own) into the hidden boxes of class ``box_name``."""
    assert BOX_NAME.fullmatch(box_name), box_name
    return GIVE_SCRIPT.replace("BOX_NAME", box_name).replace("PAGE_VALUE", page_value)


def new_key() -> str:
    """A fresh browser key, as the page's script makes one (for tests and the benchmark)."""
    return secrets.token_urlsafe(24)


def is_key(value: object) -> bool:
    return isinstance(value, str) and KEY_SHAPE.fullmatch(value) is not None


def key_id(key: str) -> str:
    """What the server keeps of a browser key: a hash that cannot be turned back into it."""
    return hashlib.sha256(f"wartutor browser key {key}".encode()).hexdigest()[:40]


class PageValue:
    """One value the page's script gives through a hidden box: the first that ``accepts``
    takes; anything else, and any later value, is ignored."""

    def __init__(self, box_name: str, page_value: str,
                 accepts: Callable[[str], bool]) -> None:
        self.value: str | None = None
        self._accepts = accepts
        self._waiting: list[Callable[[str], None]] = []
        self._box = widgets.Text(layout=widgets.Layout(display="none"))
        self._box.add_class(box_name)
        self._box.observe(lambda change: self.give(change["new"]), names="value")
        script = widgets.Output(layout=widgets.Layout(height="0px", overflow="hidden"))
        script.append_display_data(HTML(give_script(box_name, page_value)))
        self.widget = widgets.Box([self._box, script],
                                  layout=widgets.Layout(height="0px", overflow="hidden"))

    def give(self, value: object) -> None:
        """The page gives its value (the tests give one as the page would)."""
        if self.value is not None or not isinstance(value, str) or not self._accepts(value):
            return
        self.value = value
        waiting, self._waiting = self._waiting, []
        for then in waiting:
            then(value)

    def when_known(self, then: Callable[[str], None]) -> None:
        """Call ``then(value)`` once the page has given its value (at once if it has)."""
        if self.value is not None:
            then(self.value)
        else:
            self._waiting.append(then)


class BrowserKey(PageValue):
    """The browser key of the page this app is in, once the page has given it."""

    def __init__(self) -> None:
        super().__init__("wt-browser-key", KEY_VALUE, is_key)

    @property
    def key(self) -> str | None:
        return self.value
