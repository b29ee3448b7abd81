"""Take a game home, and bring one back: the app's export and import panel.

Export makes download links: the game as a readable record, a page of its own that opens
in any browser and prints as the app's hand-out (.html, :mod:`wartutor.ui.handout`) and as
Markdown, and as its replayable JSON trace. Links are data: URIs in an HTML widget, which
download in Voilà and JupyterLab alike without a file on the server. They are made when asked for,
not at every click: a long game's record is large, and a click must stay quick.

Import takes a trace pasted as text or uploaded as a file; the app then shows its last
step, and the timeline picks any other.
"""

from __future__ import annotations

import base64
from collections.abc import Callable
from typing import Any

import ipywidgets as widgets

from wartutor.core.engine import Game
from wartutor.core.errors import BadInput
from wartutor.core.record import game_record
from wartutor.core.trace import Trace
from wartutor.language import _
from wartutor.ui.handout import handout_page
from wartutor.ui.markup import Markup, html, sentence
from wartutor.ui.render import text_of


def download_link(text: str, filename: str, mime: str, label: str) -> Markup:
    """An HTML link that saves ``text`` as ``filename`` when clicked (a data: URI)."""
    data = base64.b64encode(text.encode("utf-8")).decode("ascii")
    return html('<a class="wt-download" download="{filename}" '
                'href="data:{mime};charset=utf-8;base64,{data}">{label}</a>',
                filename=filename, mime=mime, data=data, label=label)


def uploaded_text(value: Any) -> str | None:
    """The text of the file last given to a FileUpload widget (ipywidgets 8), if any."""
    if not value:
        return None
    content = value[-1]["content"]
    try:
        return bytes(content).decode("utf-8")
    except UnicodeDecodeError:
        raise BadInput(_("the uploaded file is not text"),
                       allowed=_("a .json trace saved by Take this game home")) from None


class TakeHomePanel(widgets.Accordion):
    """Folded away under the game. ``game`` gives the game so far; ``open_game`` shows one,
    or is None where no other game may be opened (a room): then only the game goes home."""

    def __init__(self, game: Callable[[], Game[Any]],
                 open_game: Callable[[Trace], None] | None, name: str,
                 page: Callable[[], str] | None = None) -> None:
        self._game = game
        # The record as a page of its own, worded as the app words it (by default for
        # seat 0, with the moves by their actions).
        self._page = page or (lambda: handout_page(self._game()))
        self._open_game = open_game
        self._name = name
        self.message = widgets.HTML()  # beside the Open button, where the trace came from
        self.make_files = widgets.Button(description=_("Make the files"),
                                         tooltip=_("Make download links for the game so far"),
                                         layout=widgets.Layout(width="auto"))
        self.make_files.on_click(self._on_make_files)
        self.links = widgets.HTML()
        taking = [
            widgets.HTML(sentence(_("{take_home}: a readable record of every step, and the "
                                    "trace, which replays the game exactly."),
                                  take_home=html("<b>{words}</b>",
                                                 words=_("Take this game home")))),
            widgets.HBox([self.make_files, self.links]),
        ]
        if open_game is None:
            super().__init__(children=[widgets.VBox(taking)],
                             titles=(_("Take this game home"),))
            self.selected_index = None
            return
        self.paste = widgets.Textarea(placeholder=_("Paste a saved game (the .json trace) here"),
                                      layout=widgets.Layout(width="560px", height="90px"))
        self.paste.add_class("wt-paste")
        self.upload = widgets.FileUpload(accept=".json", multiple=False,
                                         description=_("Upload a trace"),
                                         tooltip=_("Choose a .json trace saved from this app"))
        self.open_button = widgets.Button(description=_("Open the game"),
                                          tooltip=_("Replay the pasted or uploaded game here"),
                                          layout=widgets.Layout(width="auto"))
        self.open_button.on_click(self._on_open)
        body = widgets.VBox([
            *taking,
            widgets.HTML(sentence(_("{bring_back}: paste or upload its trace, then use the "
                                    "Step slider to pick any step."),
                                  bring_back=html("<b>{words}</b>",
                                                  words=_("Bring a game back")))),
            self.paste,
            widgets.HBox([self.upload, self.open_button]),
            self.message,
        ])
        super().__init__(children=[body],
                         titles=(_("Take this game home, or open a saved one"),))
        self.selected_index = None

    def message_text(self) -> str:
        """What went wrong with the last game opened, as shown beside the Open button."""
        return text_of(self.message.value)

    def files(self) -> tuple[str, str]:
        """The game so far as (Markdown record, JSON trace)."""
        game = self._game()
        return game_record(game), Trace.of(game).to_json()

    def page(self) -> str:
        """The game so far as a page of its own (.html): rules, rulings, words and record."""
        return self._page()

    def _on_make_files(self, _button: widgets.Button) -> None:
        record, trace = self.files()
        self.links.value = (
            download_link(self.page(), f"{self._name}-record.html", "text/html",
                          _("Download the record (.html)")) + Markup(" &nbsp; ")
            + download_link(record, f"{self._name}-record.md", "text/markdown",
                            _("Download the record (.md)")) + Markup(" &nbsp; ")
            + download_link(trace, f"{self._name}-trace.json", "application/json",
                            _("Download the trace (.json)")))

    def _on_open(self, _button: widgets.Button) -> None:
        assert self._open_game is not None  # the Open button exists only with it
        try:
            text = uploaded_text(self.upload.value) or self.paste.value
            if not text.strip():
                raise BadInput(_("there is no game to open"),
                               allowed=_("a trace pasted in the box or an uploaded .json file"))
            self._open_game(Trace.from_json(text))
        except BadInput as e:
            said = _("This game cannot be opened: {problem}. Allowed: {allowed}. Nothing was "
                     "changed.").format(problem=e.problem.rstrip("."),
                                        allowed=e.allowed.rstrip("."))
            self.message.value = html('<div class="wt-message" role="alert">{said}</div>',
                                      said=said)
            return
        self.message.value = ""
        self.upload.value = ()
        self.paste.value = ""
        self.links.value = ""
