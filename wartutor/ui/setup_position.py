"""Set up a position: a teacher places the cards by clicking, then plays the game from there.

The editor starts from the game on the table (its position, ``position_of``), or from an
empty table with every card in the box. A card is picked by pressing it (press it again to
put it back down); pressing a place's "Put in ..." button moves the picked cards there, in
the order they were picked, under the cards already there: a pile's first card is its top.
The stage, whose turn it is and the counters are menus and boxes.

After every change the position is checked exactly as a lesson's is, by the variant's own
``from_position``; its refusal, word for word, stands beside the editor, and nothing the
teacher did is undone by it. A position that passes is played by "Play this position", and
saved as a lesson file: a trace of the position with no moves yet, which any app of the
variant (and "Bring a game back") opens. A lesson file brought back here is hostile until
checked: its size, its text, its JSON, its rulings and its position.

What each variant's position calls its places is in :mod:`wartutor.ui.setup_places`; the
lesson file and the lesson code are in :mod:`wartutor.ui.setup_lessons`.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable, Mapping
from contextlib import AbstractContextManager, nullcontext
from dataclasses import dataclass
from typing import Any

import ipywidgets as widgets

from wartutor.core.engine import Game, Variant
from wartutor.core.errors import BadInput
from wartutor.core.trace import Trace
from wartutor.language import _, capital
from wartutor.ui.export import download_link
from wartutor.ui.markup import html, style
from wartutor.ui.render import text_of
from wartutor.ui.setup_lessons import code_example, lesson_code, read_lesson, read_lesson_code
from wartutor.ui.setup_places import (
    OMIT,
    TABLES,
    Choice,
    Flag,
    Number,
    Path,
    Zone,
    check_cards,
    codes_at,
    delete_at,
    empty_table,
    get_at,
    has_at,
    is_red,
    position_module,
    set_at,
    written,
)

BOX = "the box"


@dataclass
class _Card:
    """One card of the deck on the editor: its code, its button and where it lies."""

    code: str
    button: widgets.Button
    zone: int  # an index into the zones, or -1 for the box


_CSS = style("""
.wt-setup { border: 3px solid var(--wt-accent); border-radius: 10px; padding: 8px 12px;
  margin: 6px 0; background: var(--wt-panel); color: var(--wt-ink); }
.wt-setup-head { font-size: 22px; font-weight: 700; }
.wt-setup-help { font-size: 16px; line-height: 1.35; color: var(--wt-ink); white-space: normal; }
.wt-app .wt-setup .wt-setup-zones { flex-wrap: wrap; align-items: stretch; gap: 8px; }
.wt-app .wt-setup .wt-setup-zone { border: 1px solid var(--wt-line); border-radius: 8px;
  padding: 4px 8px; background: var(--wt-page); flex: 1 1 420px; min-width: 300px; }
.wt-setup-zone-name { font-size: 17px; font-weight: 700; color: var(--wt-ink);
  white-space: normal; }
.wt-app .wt-setup .wt-setup-cards { flex-wrap: wrap; gap: 4px; min-height: 48px; }
.wt-app .wt-setup .widget-button.wt-setup-card { background: #fff; color: #111;
  border: 2px solid #555; border-radius: 6px; min-width: 52px; height: 44px; padding: 0 6px;
  font-weight: 700; font-size: 18px; }
.wt-app .wt-setup .widget-button.wt-setup-card.wt-red { color: #b0001e; }
.wt-app .wt-setup .widget-button.wt-setup-card.wt-picked { outline: 4px solid #e67700;
  outline-offset: 1px; background: #fff1c2; }
.wt-app .wt-setup .jupyter-button.wt-setup-card:disabled { color: #444; }
.wt-app .wt-setup .wt-setup-controls { flex-wrap: wrap; gap: 4px 14px; }
.wt-app .wt-setup .widget-upload { font-size: 18px; height: 44px; }
.wt-app .wt-setup .wt-setup-number input[type="text"] { width: 80px; }
.wt-setup-status { font-size: 18px; line-height: 1.35; padding: 6px 10px; border-radius: 6px;
  white-space: normal; overflow-wrap: anywhere; }
.wt-setup-ready { color: var(--wt-ink); border-left: 6px solid var(--wt-said); }
.wt-setup-refused { color: #8a1c00; background: #fff1e6; border-left: 6px solid #d9480f; }
.wt-large .wt-setup-head { font-size: 28px; }
.wt-large .wt-setup-help, .wt-large .wt-setup-zone-name { font-size: 21px; }
.wt-large .wt-setup-status { font-size: 22px; }
.wt-setup-code { font-size: 18px; }
.wt-setup-code b { font-family: 'DejaVu Sans Mono', monospace; font-size: 22px;
  overflow-wrap: anywhere; }
.wt-large .wt-setup-code { font-size: 22px; }
.wt-large .wt-setup-code b { font-size: 26px; }
.wt-app.wt-large .wt-setup .widget-upload { font-size: 22px; height: 48px; }
.wt-app.wt-large .wt-setup .widget-button.wt-setup-card { font-size: 23px; height: 54px;
  min-width: 64px; }
""")


class SetupPanel(widgets.VBox):
    """The editor. ``variant`` and ``rules`` are those of the game on the table;
    ``start_from`` its position now; ``seed`` seeds the chance that follows; ``play`` starts
    the app's game from a checked position (with its rules and seed)."""

    def __init__(self, variant: Variant[Any], rules: Any, start_from: Mapping[str, Any],
                 seed: int, play: Callable[[dict[str, Any], Any, int], None],
                 close: Callable[[], None] | None = None,
                 words: Callable[[], AbstractContextManager[Any]] = nullcontext) -> None:
        self._variant = variant
        self._words = words  # the app's words: its joker names, say
        self._play = play
        self._seed = seed
        self.table_now(start_from, rules, seed)
        self.status = widgets.HTML()
        self.stage_note = widgets.HTML()  # what happens at the stage chosen, and what it needs
        self.status.add_class("wt-setup-status-box")
        self.links = widgets.HTML()
        self.code = widgets.HTML()  # the lesson code, where one fits
        self.code_box = widgets.Text(description=_("Lesson code"),
                                     placeholder=_("such as {code}").format(
                                         code=code_example(variant)),
                                     style={"description_width": "initial"},
                                     layout=widgets.Layout(width="560px", max_width="100%"))
        self.code_box.add_class("wt-code-box")
        self.open_code = self._button(_("Open the code"), self._on_open_code,
                                      _("Set up the position of the lesson code in the box"))
        self.message = widgets.HTML()  # what went wrong with a lesson file
        self.play_button = self._button(_("Play this position"), self._on_play,
                                        _("Start the game from this position"))
        self.play_button.button_style = "primary"
        self.save_button = self._button(_("Make the lesson file"), self._on_save,
                                        _("A file that opens this position in this app again"))
        self.from_table = self._button(_("Start from the table"), self._on_from_table,
                                       _("Every card where it is in the game on the table"))
        self.empty = self._button(_("Every card in the box"), self._on_empty,
                                  _("An empty table: then put each card where you want it"))
        self.upload = widgets.FileUpload(accept=".json", multiple=False,
                                         description=_("Open a lesson file"),
                                         tooltip=_("A .json lesson file made by Make the lesson "
                                                   "file (or a saved game)"),
                                         layout=widgets.Layout(width="auto"))
        self.upload.observe(self._on_upload, names="value")
        self.close_button = self._button(_("Close"), lambda _: close and close(),
                                         _("Back to the game as it was"))
        self._body = widgets.VBox()
        self._cards: list[_Card] = []
        self._picked: list[_Card] = []  # in the order picked
        super().__init__([
            widgets.HTML(_CSS),
            widgets.HTML(html('<div class="wt-setup-head">{head}</div>'
                              '<div class="wt-setup-help">{help}</div>',
                              head=_("Set up a position"), help=html(_(
                                  "Press cards to pick them (press again to put one down) or "
                                  "<b>Pick all</b> of a place, then press <b>Put in ...</b> "
                                  "under a place: the picked cards go there, under its cards, "
                                  "so a pile's first card is its top. Cards left in the box "
                                  "are not in the game. Rulings: those of {title} on the "
                                  "table."), title=variant.title))),
            widgets.HBox([self.from_table, self.empty, self.upload, self.close_button]),
            widgets.HBox([self.code_box, self.open_code],
                         layout=widgets.Layout(flex_flow="row wrap")),
            self.message,
            self._body,
            self.status,
            widgets.HBox([self.play_button, self.save_button, self.links],
                         layout=widgets.Layout(flex_flow="row wrap")),
            self.code,
        ])
        self.add_class("wt-setup")
        self.load(start_from, rules)

    def table_now(self, position: Mapping[str, Any], rules: Any, seed: int) -> None:
        """The game on the table has moved on: "Start from the table" starts from here."""
        self._table, self._table_rules, self._table_seed = position, rules, seed

    # Building the editor for a position

    def load(self, position: Mapping[str, Any], rules: Any) -> None:
        """Show ``position`` under ``rules`` in the editor; refused, changing nothing, if
        its places hold cards the deck has not."""
        layout = TABLES[self._variant.name](rules, self._variant.player_names(rules))
        drafts = {d.key for d in layout.drafts if position.get(d.key) is None}
        zones = [z for z in layout.zones
                 if get_at(position, z.path[:-1]) is not None or z.path[0] in drafts]
        check_cards(layout.deck, zones, position)
        self._rules, self.layout_ = rules, layout
        self._base: dict[str, Any] = copy.deepcopy(dict(position))
        self._drafts = [d for d in layout.drafts if self._base.get(d.key) is None]
        for draft in self._drafts:
            self._base[draft.key] = copy.deepcopy(dict(draft.table))
        self._zones: list[Zone] = zones
        for old in self._cards:
            old.button.close()
        self._cards = []
        self._picked = []
        free: dict[str, list[_Card]] = {}
        for card in self.layout_.deck:
            short, long = layout.card_words(card)
            button = self._button(short, self._on_card, long)
            button.add_class("wt-setup-card")
            if is_red(card):
                button.add_class("wt-red")
            self._cards.append(_Card(card.code, button, -1))
            free.setdefault(card.code, []).append(self._cards[-1])
        self._original: list[list[str]] = []
        self._order: list[list[_Card]] = []
        for z, zone in enumerate(zones):
            codes = codes_at(zone, get_at(self._base, zone.path))
            self._original.append(codes)
            self._order.append([])
            for code in codes:
                card = free[code].pop(0)  # there is one: _check_cards said so
                card.zone = z
                self._order[z].append(card)
        self._rows = [widgets.HBox() for _ in zones]
        self._box_row = widgets.HBox()
        self._put: list[widgets.Button] = []  # a place's Put in, and its Pick all
        self._pick_all: list[widgets.Button] = []
        boxes = []
        for z, zone in enumerate(zones):
            self._rows[z].add_class("wt-setup-cards")
            head = widgets.HTML()
            name = zone.label.split(",")[0].split(" (")[0]
            buttons = self._place_buttons(_("Put in: {place}").format(place=name),
                                          _("Pick all: {place}").format(place=name), zone.label)
            box = widgets.VBox([head, self._rows[z], *([] if zone.fixed else [buttons])])
            box.add_class("wt-setup-zone")
            boxes.append(box)
        self._heads = [b.children[0] for b in boxes]
        self._box_row.add_class("wt-setup-cards")
        self._box_head = widgets.HTML()
        box = widgets.VBox([self._box_head, self._box_row,  # the last place: the box
                            self._place_buttons(_("Put in the box"), _("Pick all in the box"),
                                                None)])
        box.add_class("wt-setup-zone")
        zone_grid = widgets.HBox([*boxes, box])
        zone_grid.add_class("wt-setup-zones")
        self._controls = [self._control(c) for c in self.layout_.controls
                          if has_at(self._base, c.path) or not isinstance(c, Flag)
                          or c.path == ("stacked",)]
        controls = widgets.HBox([w for _, w in self._controls])
        controls.add_class("wt-setup-controls")
        self._body.children = [controls, self.stage_note, zone_grid]
        self._draw_zones(range(len(zones)))
        self.check()

    def _control(self, control: Choice | Number | Flag) -> tuple[Any, widgets.Widget]:
        value = get_at(self._base, control.path) if has_at(self._base, control.path) else OMIT
        widget: widgets.Widget
        if isinstance(control, Choice):
            options = list(control.options)
            index = next((i for i, (_, v) in enumerate(options)
                          if v is value or (v == value and type(v) is type(value))), None)
            if index is None:  # kept as the position has it, and offered as such
                options.append((_("left out") if value is OMIT else
                                _("as written ({value})").format(value=json.dumps(value)),
                                value))
                index = len(options) - 1
            widget = widgets.Dropdown(options=[(label, i) for i, (label, _) in enumerate(options)],
                                      value=index, description=control.label,
                                      style={"description_width": "initial"},
                                      layout=widgets.Layout(width="auto"))
            widget.wt_values = [v for _, v in options]
        elif isinstance(control, Number):
            shown = "" if value is OMIT or value is None else str(value)
            widget = widgets.Text(value=shown, description=control.label,
                                  continuous_update=False,
                                  style={"description_width": "initial"},
                                  layout=widgets.Layout(width="auto"))
            widget.add_class("wt-setup-number")
        else:
            widget = widgets.Checkbox(value=value is True, description=control.label,
                                      indent=False, layout=widgets.Layout(width="auto"))
        widget.observe(lambda _: self.check(), names="value")
        return control, widget

    @staticmethod
    def _button(label: str, on_click: Callable[[widgets.Button], None],
                tooltip: str = "") -> widgets.Button:
        button = widgets.Button(description=label, tooltip=tooltip or None,
                                layout=widgets.Layout(width="auto"))
        button.on_click(on_click)
        return button

    # What the editor says

    def position(self) -> dict[str, Any]:
        """The position as set up now (checked or not)."""
        position = copy.deepcopy(self._base)
        changed: set[Path] = set()
        for z, zone in enumerate(self._zones):
            codes = [c.code for c in self._order[z]]
            if codes == self._original[z]:
                continue  # as the position wrote it, whatever else it said there
            changed.add(zone.path)
            set_at(position, zone.path, written(zone, codes))
        for control, widget in self._controls:
            value = self._value(control, widget)
            if value is OMIT or (value is False and not has_at(self._base, control.path)):
                delete_at(position, control.path)  # left out, as false is when left out
            else:
                set_at(position, control.path, value)
        for draft in self._drafts:  # written only where it is wanted
            placed = any(self._order[z] for z, zone in enumerate(self._zones)
                         if zone.path[0] == draft.key)
            if position.get("stage") not in draft.stages and not placed:
                position[draft.key] = None
        self.layout_.tidy(position, changed)
        return position

    @staticmethod
    def _value(control: Choice | Number | Flag, widget: Any) -> Any:
        if isinstance(control, Choice):
            return widget.wt_values[widget.value]
        if isinstance(control, Flag):
            return bool(widget.value)
        typed = widget.value.strip()
        if not typed:
            return None if control.nullable else OMIT
        if typed.isascii() and typed.isdigit() and len(typed) <= 12:
            return int(typed)
        return typed  # refused by the position's own check, which says what is allowed

    def refusal(self) -> str | None:
        """Why this position cannot be played, in from_position's words; None if it can."""
        try:
            Game.from_position(self._variant, self._rules, self.position(), self._seed)
        except BadInput as e:
            return str(e)
        return None

    def status_text(self) -> str:
        return text_of(self.status.value)

    def message_text(self) -> str:
        return text_of(self.message.value)

    def zone_codes(self) -> dict[str, list[str]]:
        """Each place's cards as the editor shows them, and the box's."""
        shown = {zone.label: [c.code for c in self._order[z]] for z, zone in enumerate(self._zones)}
        shown[BOX] = [c.code for c in self._cards if c.zone == -1]
        return shown

    def check(self) -> None:
        """Check the position now, and say so beside the editor (in the app's words)."""
        with self._words():
            self._check()

    def _check(self) -> None:
        named = self.position().get("stage")
        stage = next((s for s in position_module(self._variant).stages() if s.name == named),
                     None)
        self.stage_note.value = "" if stage is None else html(
            '<div class="wt-setup-help">{about}</div>', about=html(
                _("<b>{name}</b>: {what} It needs {needs}."),
                name=stage.name, what=_(stage.what), needs=_(stage.needs)))
        refused = self.refusal()
        if refused is None:
            self.status.value = html('<div class="wt-setup-status wt-setup-ready" role="status">'
                                     "{said}</div>", said=_("This position can be played."))
        else:
            said = self.layout_.worded(refused)
            self.status.value = html('<div class="wt-setup-status wt-setup-refused" '
                                     'role="status">{said}</div>',
                                     said=_("Not yet: {why}").format(why=capital(said)))
        self.play_button.disabled = self.save_button.disabled = refused is not None
        self.links.value = ""
        code = None if refused else lesson_code(self._variant, self._rules, self._seed,
                                                self.position())
        if code is not None:
            self.code.value = html('<div class="wt-setup-code">{said}</div>', said=html(_(
                "Lesson code: <b>{code}</b> (type it under Set up a position, then Open the "
                "code)"), code=code))
        else:
            self.code.value = html('<div class="wt-note">{why}</div>', why=(
                "" if refused else _("No lesson code fits this position (only a few cards "
                                     "placed on an empty table do): share the lesson file.")))

    def code_text(self) -> str:
        """The lesson code shown, or what is said instead."""
        return text_of(self.code.value)

    # Cards and places

    def card_button(self, code: str, where: str | None = None) -> widgets.Button:
        """The button of a card; ``where`` (a place's label, or BOX) picks among copies."""
        labels = [z.label for z in self._zones]
        zone = None if where is None else -1 if where == BOX else labels.index(where)
        return next(c.button for c in self._cards
                    if c.code == code and (zone is None or c.zone == zone))

    def _place_buttons(self, put: str, pick: str, where: str | None) -> widgets.HBox:
        """A place's Put in and Pick all; ``where`` is its label, None for the box."""
        self._put.append(self._button(put, self._on_put, (
            _("Move the picked cards to {place}").format(place=where) if where is not None
            else _("Move the picked cards to the box, out of the game"))))
        self._pick_all.append(self._button(pick, self._on_pick_all, (
            _("Pick every card in {place}, in order").format(place=where) if where is not None
            else _("Pick every card in the box, out of the game, in order"))))
        for button in (self._put[-1], self._pick_all[-1]):
            button.add_class("wt-secondary")
        return widgets.HBox([self._put[-1], self._pick_all[-1]],
                            layout=widgets.Layout(flex_flow="row wrap"))

    def pick_all_button(self, label: str) -> widgets.Button:
        """The "Pick all" button of the place with this label (or of the box, BOX)."""
        return self._pick_all[self._put.index(self.put_button(label))]

    def put_button(self, label: str) -> widgets.Button:
        """The "Put in ..." button of the place with this label (or of the box, BOX)."""
        if label == BOX:
            return self._put[-1]
        return self._put[[z.label for z in self._zones].index(label)]

    def _on_card(self, button: widgets.Button) -> None:
        card = next(c for c in self._cards if c.button is button)
        if card in self._picked:
            self._picked.remove(card)
        else:
            self._picked.append(card)
        self._mark(card)

    def _mark(self, card: _Card) -> None:
        picked = card in self._picked
        label = card.button.description.removeprefix("✓ ")
        card.button.description = f"✓ {label}" if picked else label
        if picked:
            card.button.add_class("wt-picked")
        else:
            card.button.remove_class("wt-picked")

    def _on_pick_all(self, button: widgets.Button) -> None:
        at = self._pick_all.index(button)
        here = self._order[at] if at < len(self._zones) else [c for c in self._cards
                                                              if c.zone == -1]
        for card in here:
            if card not in self._picked:
                self._picked.append(card)
                self._mark(card)

    def _on_put(self, button: widgets.Button) -> None:
        to = self._put.index(button)
        to = -1 if to == len(self._zones) else to
        moved, self._picked = self._picked, []
        touched = {to}
        for card in moved:
            touched.add(card.zone)
            if card.zone >= 0:
                self._order[card.zone].remove(card)
            card.zone = to
            if to >= 0:
                self._order[to].append(card)
            self._mark(card)
        self._draw_zones(touched)
        self.check()

    def _draw_zones(self, touched: Any) -> None:
        for z in touched:
            if z < 0:
                continue
            zone = self._zones[z]
            cards = self._order[z]
            self._rows[z].children = [c.button for c in cards]
            for c in cards:
                c.button.disabled = zone.fixed
            self._heads[z].value = html('<div class="wt-setup-zone-name">{label}: {count}</div>',
                                        label=zone.label, count=len(cards))
        box = [c for c in self._cards if c.zone == -1]
        self._box_row.children = [c.button for c in box]
        self._box_head.value = html('<div class="wt-setup-zone-name">{said}</div>',
                                    said=_("The box, not in the game: {count}").format(
                                        count=len(box)))

    # The buttons along the editor

    def _on_from_table(self, _: widgets.Button) -> None:
        def from_table() -> None:
            self.load(self._table, self._table_rules)
            self._seed = self._table_seed
        self._guarded(from_table)

    def _on_empty(self, _: widgets.Button) -> None:
        self._guarded(lambda: self.load(empty_table(self._variant, self._rules, self._seed),
                                        self._rules))

    def _on_play(self, _: widgets.Button) -> None:
        def play() -> None:
            position = self.position()
            checked = Game.from_position(self._variant, self._rules, position, self._seed)
            self._play(checked.position or position, self._rules, self._seed)
        self._guarded(play)

    def _on_save(self, button: widgets.Button) -> None:
        def save() -> None:
            game = Game.from_position(self._variant, self._rules, self.position(), self._seed)
            self.links.value = download_link(Trace.of(game).to_json(),
                                             f"{self._variant.name}-lesson.json",
                                             "application/json",
                                             _("Download the lesson (.json)"))
        self._guarded(save)

    def _on_open_code(self, _: widgets.Button) -> None:
        def open_code() -> None:
            position, rules, seed = read_lesson_code(self.code_box.value, self._variant)
            self.load(position, rules)
            self._seed = seed
            self.code_box.value = ""
        self._guarded(open_code)

    def _on_upload(self, change: dict[str, Any]) -> None:
        if not change["new"]:
            return
        content = change["new"][-1].get("content", b"")
        self.upload.value = ()  # the same file may be chosen again
        self.open_lesson(content)

    def open_lesson(self, content: object) -> None:
        """Open a lesson file's bytes (as uploaded) in the editor, or say why not."""
        def open_it() -> None:
            position, rules, seed = read_lesson(content, self._variant, self._rules)
            self.load(position, rules)
            self._seed = self._seed if seed is None else seed
        self._guarded(open_it)

    def _guarded(self, work: Callable[[], None]) -> None:
        try:
            with self._words():
                work()
        except BadInput as e:
            said = str(e)
            self.message.value = html('<div class="wt-message" role="alert">{said}</div>',
                                      said=_("{why} Nothing was changed.").format(
                                          why=capital(said)))
        else:
            self.message.value = ""


def open_set_up(app: Any, game: Game[Any]) -> None:
    """Show the editor in ``app`` (a GameApp with a ``set_up_place``): as it was left if it
    was opened before (its "Start from the table" takes ``game`` where it stands now), else
    made from ``game``."""
    position = position_module(game.variant).position_of(game.state)
    place = app.set_up_place

    def play(checked: dict[str, Any], rules: Any, seed: int) -> None:
        place.children = []
        app.play_position(checked, rules, seed)

    def close() -> None:
        place.children = []

    if app.set_up is None:
        # In the app's words (the names it gives Trade War's jokers): its _voice.
        app.set_up = SetupPanel(game.variant, game.rules, position, game.seed, play, close,
                                app._voice)
    else:
        app.set_up.table_now(position, game.rules, game.seed)
    place.children = [app.set_up]
