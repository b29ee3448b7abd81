"""A page that has lost its kernel says so, instead of showing buttons that do nothing.

Voilà gives every page its own kernel. When that kernel is culled, shut down or dies,
the page stays on screen but no click is ever answered. A small script in the page
watches two things and, once the kernel is gone, puts a plain message and a reload
button over the app:

- the server's word on the kernel (``/api/kernels/<id>``, which Voilà's own widget
  manager reads), every few seconds and after every click: a culled or shut-down
  kernel is no longer there (404), and a server that stopped does not answer;
- the kernel's status as Voilà's kernel connection reports it: a kernel that died is
  restarted empty, without the app's widgets. Voilà 0.5 keeps its connection private
  and reports each status change (but idle and busy) as ``console.debug("Kernel:
  <status> (<id>)")``, so the script listens there.

The same script gives ipywidgets' slider handles the name of their slider (they have
none of their own, which screen readers and axe-core flag), gives a keyboard player's
focus back to the first choice when the playback reaches their turn, and names the app's three
landmarks: widgets cannot carry ARIA attributes themselves, so the script sets
``role="region"`` and the name on the widgets with the landmark classes, and makes
"What just happened" a polite live region, so that a screen reader reads each moment.

The script is HTML output inside an ``Output`` widget: Voilà and JupyterLab render
those as trusted and run their scripts, where an ``HTML`` widget's scripts never run.
It acts only in a Voilà page (JupyterLab has its own kernel notices) and only once per
page, however many apps the page holds.
"""

from __future__ import annotations

import json

import ipywidgets as widgets
from IPython.display import HTML

from wartutor.language import N_, _

LOST = N_("This game lost its connection to the server. Reload the page to start again.")
# The script's words, in English: each is said in the page's language (watch_script).
WORDS = {"table": N_("Table"), "choices": N_("Your choices"),
         "happened": N_("What just happened"), "slider": N_("slider"), "lost": LOST,
         "lostLabel": N_("Connection lost"), "reload": N_("Reload the page")}
CHECK_EVERY_MS = 5000

_WATCH = """
<script>
(function () {
  // The words of the page's language: the latest app's, should the language change.
  window.wartutorWatchWords = WORDS;
  if (window.wartutorWatch) { return; }
  window.wartutorWatch = true;
  function say(name) { return window.wartutorWatchWords[name]; }
  // ipywidgets' slider handle has no name of its own: give it its widget's label.
  function nameSliders() {
    document.querySelectorAll(".noUi-handle:not([aria-label])").forEach(function (handle) {
      var widget = handle.closest(".widget-slider");
      var label = widget && widget.querySelector(".widget-label");
      handle.setAttribute("aria-label", (label && label.textContent) || say("slider"));
    });
  }
  var landmarks = [[".wt-table-region", "table"], [".wt-choices", "choices"],
                   [".wt-happened", "happened"]];
  function nameRegions() {
    landmarks.forEach(function (pair) {
      document.querySelectorAll(pair[0] + ":not([role])").forEach(function (el) {
        el.setAttribute("role", "region");
        el.setAttribute("aria-label", say(pair[1]));
        if (pair[1] === "happened") {
          el.setAttribute("aria-live", "polite");
          el.setAttribute("tabindex", "0");  // it may scroll: the keyboard must reach it
        }
      });
    });
  }
  // A keyboard player's focus goes back to the first choice when the playback reaches
  // their turn (the buttons were away while the moves played out).
  var usingKeys = false;
  document.addEventListener("keydown", function () { usingKeys = true; }, true);
  document.addEventListener("mousedown", function () { usingKeys = false; }, true);
  function refocus() {
    var focused = document.activeElement;
    if (!usingKeys || (focused && focused !== document.body)) { return; }
    var first = document.querySelector(".wt-choices .wt-main-button:not([disabled])");
    if (first) { first.focus({preventScroll: true}); }
  }
  function name() { nameSliders(); nameRegions(); refocus(); }
  name();
  new MutationObserver(name).observe(document.body, {childList: true, subtree: true});
  var config = document.getElementById("jupyter-config-data");
  if (!config || document.body.dataset.voila === undefined) { return; }
  var settings = JSON.parse(config.textContent);
  if (!settings.kernelId) { return; }
  // Voila's page asks the server to shut its kernel down when it closes, sending the
  // _xsrf cookie as the form's token; but its notebook page never sets that cookie, so
  // the request is refused and the kernel lingers until culled. The server's folder
  // page does set it (as every page rendered from Jupyter's templates does): ask it
  // once, so that the token the server expects is there when the page closes.
  var base = (settings.baseUrl || "/").replace(/\\/?$/, "/");
  if (!/\\b_xsrf=/.test(document.cookie)) {
    fetch(base + "voila/tree", {credentials: "same-origin", cache: "no-store"})
      .catch(function () {});
  }
  var url = (settings.baseUrl || "/").replace(/\\/?$/, "/") + "api/kernels/" + settings.kernelId;
  var lost = false, unreachable = 0;
  function showLost() {
    if (lost) { return; }
    lost = true;
    document.body.classList.add("wt-lost");
    var box = document.createElement("div");
    box.className = "wt-lost-notice";
    box.setAttribute("role", "alertdialog");
    box.setAttribute("aria-live", "assertive");
    box.setAttribute("aria-label", say("lostLabel"));
    var words = document.createElement("p");
    words.textContent = say("lost");
    var reload = document.createElement("button");
    reload.textContent = say("reload");
    reload.addEventListener("click", function () { window.location.reload(); });
    box.appendChild(words);
    box.appendChild(reload);
    document.body.appendChild(box);
    reload.focus();
  }
  function check() {
    if (lost) { return; }
    fetch(url, {credentials: "same-origin", cache: "no-store"}).then(function (r) {
      unreachable = 0;
      if (r.status === 404) { showLost(); return null; }
      return r.ok ? r.json() : null;
    }).then(function (model) {
      if (model && model.execution_state === "dead") { showLost(); }
    }).catch(function () {
      // The server itself does not answer; twice in a row is not a passing hiccup.
      unreachable += 1;
      if (unreachable >= 2) { showLost(); }
    });
  }
  // Voila's kernel connection reports every status change but idle and busy as
  // console.debug("Kernel: <status> (<id>)"): a restart means the widgets are gone.
  var debug = console.debug;
  console.debug = function () {
    var said = String(arguments[0]);
    if (said.indexOf(settings.kernelId) >= 0 &&
        /^Kernel: (restarting|autorestarting|dead|terminating) /.test(said)) { showLost(); }
    return debug.apply(console, arguments);
  };
  window.setInterval(check, CHECK_EVERY_MS);
  document.addEventListener("click", function () { window.setTimeout(check, 500); }, true);
  document.addEventListener("keyup", function () { window.setTimeout(check, 500); }, true);
})();
</script>
""".replace("CHECK_EVERY_MS", str(CHECK_EVERY_MS))  # constants


def watch_script(words: dict[str, str]) -> str:
    """The script, saying ``words`` (JSON, with no ``<`` that could end the script)."""
    return _WATCH.replace("WORDS", json.dumps(words, ensure_ascii=False).replace("<", "\\u003c"))


WATCH_SCRIPT = watch_script(WORDS)  # in English


def connection_watch() -> widgets.Output:
    """An invisible widget whose output is the watching script, in the language in force."""
    out = widgets.Output(layout=widgets.Layout(height="0px", overflow="hidden"))
    out.add_class("wt-watch")
    out.append_display_data(HTML(watch_script({key: _(text) for key, text in WORDS.items()})))
    return out
