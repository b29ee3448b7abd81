"""Players: how many sit at the table, and which seats are people.

The Players button sits beside New round; it opens this panel above the table. Seat 1 is
always a person, the one at the screen; every other seat is a person or the computer.
One person plays against the computers. Two or more people take turns at this screen
(pass and play): between their turns a curtain hides the table until the next one
presses Ready, and the app has no Undo, no deal code and no Show everything, since each
would show one player another's cards. Like the rulings, the players come to the table
at the next New round.

A change of people is a change of mode, and a mode's parts are built, never hidden (a
widget that exists can be driven from the page): so the app is then made again with the
parts of its new mode, and the old ones are closed (``GameApp._build_again``).

>>> from wartutor.ui import guerrilla_tactics_app
>>> app = guerrilla_tactics_app(seed=3, pace="instant")
>>> app.players.count.value = 3
>>> app.players.kinds[1].value = PERSON
>>> app.players.name_boxes[1].value = "Maya"
>>> app.press("New round")
>>> app.timeline is None and app.show_everything is None  # no way back to Maya's cards
True
>>> app.players.name_boxes[1].value = "<b>Maya</b>"
>>> app.players.message_text()  # doctest: +ELLIPSIS
"The name '<b>Maya</b>' holds '<', which a name may not hold. Allowed: a name of 1 to 20..."

Arsenal has no seats to choose: it is a campaign of matches against each level's own
computer player, so it has no Players panel. Nor has a room: its seats are the students'
who join it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import ipywidgets as widgets

from wartutor.core.engine import Variant
from wartutor.core.errors import BadInput, quoted
from wartutor.core.names import check_name
from wartutor.core.rulings import rules_from, rulings_of, settings_of, shared_play_rules
from wartutor.language import N_, _, capital
from wartutor.ui.markup import Markup, html, style
from wartutor.ui.render import text_of

COUNT = "players"  # the rule option that says how many play
PERSON, COMPUTER = "person", "computer"
# Arsenal is a campaign: each match is you against that level's computer player.
NO_SEATS_TO_CHOOSE = frozenset({"arsenal"})

WAITING = N_("Changes apply when you press New round.")
LESSON = N_("This lesson is set for its own number of players: to play with another, join a "
            "deal or set up another position.")
CHANGED = N_("Changed: press New round to play with these players.")


def _waiting() -> Markup:
    return html('<span class="wt-players-note">{words}</span>', words=_(WAITING))


def _changed() -> Markup:
    return html('<span class="wt-players-note"><b>{words}</b></span>', words=_(CHANGED))

PLAYERS_STYLE = style("""
.wt-app .wt-players { border: 3px solid var(--wt-accent); border-radius: 10px;
  background: var(--wt-panel); color: var(--wt-ink); padding: 6px 12px; margin: 0 0 8px;
  max-width: 900px; box-sizing: border-box; }
.wt-players-head { font-size: 20px; font-weight: 700; }
.wt-players-about, .wt-players-note { font-size: 16px; line-height: 1.35; white-space: normal;
  overflow-wrap: anywhere; }
.wt-app .wt-players .widget-hbox { flex-wrap: wrap; }
.wt-app .wt-players .widget-dropdown select { flex: 0 0 5em; }
.wt-players-seat { font-size: 17px; font-weight: 700; width: 4.5em; }
.wt-players-computer { font-size: 17px; }
.wt-app .wt-players .widget-toggle-button { font-size: 16px; height: 36px; width: auto;
  padding: 0 12px; }
/* The chosen kind, and the Players button while its panel is open (this style is on the
   page only then): white on the apps' blue, 6.5:1. */
.wt-app .wt-players .widget-toggle-buttons .widget-toggle-button.mod-active,
.wt-app .wt-choices .widget-toggle-button.wt-secondary.mod-active {
  background: #1a5fb4; color: #fff; }
.wt-large .wt-players-head { font-size: 26px; }
.wt-large .wt-players-about, .wt-large .wt-players-note, .wt-large .wt-players-seat,
.wt-large .wt-players-computer { font-size: 21px; }
.wt-app.wt-large .wt-players .widget-toggle-button { font-size: 21px; height: 46px; }
/* The Players button grows in Large print as the buttons beside it do. */
.wt-app.wt-large .widget-toggle-button.wt-secondary,
.wt-app:has(.wt-large) .widget-toggle-button.wt-secondary { font-size: 22px; height: 48px; }
""")


def chooses_players(variant: Variant[Any]) -> bool:
    """Whether the variant's app has seats to choose (every one but Arsenal's)."""
    return variant.name not in NO_SEATS_TO_CHOOSE


@dataclass(frozen=True)
class Seating:
    """Who plays the next round: how many (None where the variant has one number of
    players), which seats are people, the names typed for them ("" where none was), and
    every seat's name for the app (None: the app's own, where nobody typed one)."""

    count: int | None
    people: tuple[int, ...]
    typed: tuple[str, ...]
    names: tuple[str, ...] | None = None

    def all_people(self) -> bool:
        """Every seat a person: no computer plays."""
        return self.count is not None and len(self.people) >= self.count

    def settings(self) -> dict[str, Any]:
        """The rule option the count is (none where the variant has one number of players)."""
        return {} if self.count is None else {COUNT: self.count}


class PlayersPanel(widgets.VBox):
    """The Players button (``button``, shown beside New round) and the panel it opens:
    ``count`` (None where the number of players is fixed), and for every seat its
    ``kinds`` toggle (None for seat 1, always a person) and its ``name_boxes``.

    ``people`` and ``names`` are the seating the app was made with (``names`` None: the
    app's own names)."""

    def __init__(self, variant: Variant[Any], rules: Any, people: Sequence[int],
                 names: Sequence[str] | None) -> None:
        self._variant = variant
        self._people = tuple(people)
        self._names = None if names is None else tuple(names)
        option = rulings_of(variant.rules_type).get(COUNT)
        counts = tuple(option.choices) if option is not None else ()
        self.count: widgets.Dropdown | None = None
        if len(counts) > 1:
            self.count = widgets.Dropdown(
                options=[(str(n), n) for n in counts], description=_("How many"),
                style={"description_width": "initial"}, layout=widgets.Layout(width="auto"))
            self.count.observe(self._on_count, names="value")
            self.count.observe(self._on_change, names="value")
        seats = max(counts) if counts else len(variant.player_names(rules))
        self.kinds: list[widgets.ToggleButtons | None] = [None]
        self.name_boxes: list[widgets.Text] = []
        self._computer_names: list[widgets.HTML] = []
        self._rows: list[widgets.HBox] = []
        for seat in range(seats):
            if seat:
                kind = widgets.ToggleButtons(
                    options=[(_("Person"), PERSON), (_("Computer"), COMPUTER)], value=COMPUTER,
                    tooltips=[_("Someone at this screen plays this seat"),
                              _("The computer plays this seat")],
                    style={"button_width": "auto"})
                kind.observe(self._on_change, names="value")
                self.kinds.append(kind)
            box = widgets.Text(placeholder=default_name(seat), description=_("Name"),
                               layout=widgets.Layout(width="260px"))
            box.observe(self._on_change, names="value")
            self.name_boxes.append(box)
            self._computer_names.append(widgets.HTML())
            self._rows.append(widgets.HBox([widgets.HTML(html(
                '<span class="wt-players-seat">{seat}</span>',
                seat=_("Seat {number}").format(number=seat + 1)))]))
        # Seat 1 has no toggle: someone is at the screen.
        self._at_the_screen = widgets.HTML(html(
            '<span class="wt-players-computer">{words}</span>', words=_("Person, at the screen")))
        self._about = widgets.HTML()
        self._note = widgets.HTML(_waiting())
        self._message = widgets.HTML()  # what is wrong with a name, beside where it is typed
        self._seats = widgets.VBox()
        # The style is on the page while the panel is closed too (a closed panel is not
        # drawn, but its style applies): the Players button beside New round needs it.
        self._style = widgets.HTML(PLAYERS_STYLE, layout=widgets.Layout(display="none"))
        self._sheet = [
            self._style,
            widgets.HTML(html('<div class="wt-players-head">{words}</div>',
                              words=_("Players for the next round"))),
            self.count if self.count is not None else widgets.HTML(html(
                '<span class="wt-players-about">{count}</span>',
                count=_("{count} players.").format(count=seats))),
            self._seats, self._about, self._message, self._note,
        ]
        self.button = widgets.ToggleButton(
            description=_("Players"), tooltip=_("Choose how many play, and who: people at this "
                                                "screen or the computer"),
            layout=widgets.Layout(width="auto", min_width="96px"))
        self.button.add_class("wt-secondary")
        self.button.observe(self._on_open, names="value")
        super().__init__([self._style])
        self.add_class("wt-players")
        self.layout.display = "none"  # closed, it takes no room above the table
        self._in_play = Seating(None, (), ())
        self.show_round(rules)

    # What the app asks

    def seating(self) -> Seating:
        """The players chosen, their names checked (:class:`BadInput` says what is wrong)."""
        shown = self._shown()
        typed = tuple(check_name(name) if name else "" for name in shown.typed)
        names = None
        if any(typed):
            own = self._variant.player_names(self._rules_with(self._count()))
            given = dict(zip(shown.people, typed, strict=True))
            names = tuple((given[seat] or default_name(seat)) if seat in given else own[seat]
                          for seat in range(len(own)))
            _check_different(names)
        return Seating(shown.count, shown.people, typed, names)

    def reseats(self, seating: Seating) -> bool:
        """Whether ``seating`` puts other people at the table than play now, or calls them
        otherwise, or leaves no computer at the table (or brings one back): another mode,
        for which the app is made again (with no Computers menu where no computer plays)."""
        return ((seating.people, seating.typed) != (self._in_play.people, self._in_play.typed)
                or seating.all_people() != self._in_play.all_people())

    def rules_for(self, seating: Seating, settings: Mapping[str, Any]) -> dict[str, Any]:
        """The rule settings for the app made again for ``seating``: those chosen away from
        the defaults of the mode in play, the others left to the new mode's own defaults
        (between people, those under which being asked gives nobody's cards away)."""
        shared = len(self._in_play.people) > 1
        defaults = settings_of(shared_play_rules(self._variant) if shared
                               else self._variant.rules_type())
        chosen = {**settings, **seating.settings()}
        return {name: value for name, value in chosen.items() if value != defaults[name]}

    def show_round(self, rules: Any, *, lesson: bool = False) -> None:
        """Set the panel to the players of a new round; a ``lesson`` (a set position) keeps
        its number of players, so the count is greyed out and the panel says why."""
        if self.count is not None:
            self.count.value = getattr(rules, COUNT)
            self.count.disabled = lesson
            self.count.tooltip = _(LESSON) if lesson else None
        for seat, kind in enumerate(self.kinds):
            if kind is not None:
                kind.value = PERSON if seat in self._people else COMPUTER
        for seat, box in enumerate(self.name_boxes):
            named = self._names is not None and seat in self._people and seat < len(self._names)
            name = self._names[seat] if named and self._names is not None else ""
            box.value = "" if name == default_name(seat) else name  # the placeholder says it
        self._in_play = self._shown()
        self._message.value = ""
        self._draw()
        self._note.value = _waiting()

    def message_text(self) -> str:
        """What is wrong with the names typed, as the panel says it."""
        return text_of(self._message.value)

    def about_text(self) -> str:
        """What the panel says the next round will be."""
        return text_of(self._about.value)

    # Drawing

    def _count(self) -> int:
        return self.count.value if self.count is not None else len(self.name_boxes)

    def _is_person(self, seat: int) -> bool:
        kind = self.kinds[seat]
        return kind is None or kind.value == PERSON

    def _shown(self) -> Seating:
        """The players as the panel shows them, names as typed."""
        people = tuple(seat for seat in range(self._count()) if self._is_person(seat))
        return Seating(None if self.count is None else self.count.value, people,
                       tuple(self.name_boxes[seat].value.strip() for seat in people))

    def _rules_with(self, count: int) -> Any:
        if self.count is None:
            return self._variant.rules_type()
        return rules_from(self._variant.rules_type, {COUNT: count})

    def _draw(self) -> None:
        count = self._count()
        own = self._variant.player_names(self._rules_with(count))
        for seat in range(count):
            kind = self.kinds[seat]
            chooser = kind if kind is not None else self._at_the_screen
            name: widgets.Widget = self.name_boxes[seat]
            if not self._is_person(seat):
                name = self._computer_names[seat]
                name.value = html('<span class="wt-players-computer">{words}</span>',
                                  words=_("plays as {name}").format(name=_(own[seat])))
            row = self._rows[seat]
            if tuple(row.children[1:]) != (chooser, name):
                row.children = [row.children[0], chooser, name]
        self._seats.children = self._rows[:count]
        people = sum(self._is_person(seat) for seat in range(count))
        computers = count - people
        lesson = self.count is not None and self.count.disabled
        self._about.value = (
            html('<div class="wt-players-about">{lesson}</div>', lesson=_(LESSON)) if lesson
            else Markup()) + (
            html('<div class="wt-players-about">{words}</div>',
                 words=_("You against the computer."))
            if people == 1 and computers == 1 else
            html('<div class="wt-players-about">{words}</div>',
                 words=_("You against {computers} computer players.").format(
                     computers=computers))
            if people == 1 else
            html('<div class="wt-players-about"><b>{head}</b> {words}</div>',
                 head=_("Pass and play:"),
                 words=_("{people} people take turns at this screen. Between turns the table "
                         "is hidden until the next player presses Ready, and there is no Undo, "
                         "deal code or Show everything, which would show one player another's "
                         "cards.").format(people=people)))

    # Callbacks

    def _on_open(self, change: dict[str, Any]) -> None:
        self.children = self._sheet if change["new"] else [self._style]
        self.layout.display = None if change["new"] else "none"

    def _on_count(self, change: dict[str, Any]) -> None:
        """Seats coming to the table are played as the seat before them: more people at a
        screen of people, more computers against one person."""
        before = self.kinds[change["old"] - 1]
        for kind in self.kinds[change["old"]:change["new"]]:
            if kind is not None and before is not None:
                kind.value = before.value

    def _on_change(self, _change: dict[str, Any]) -> None:
        self._draw()
        try:
            self.seating()
        except BadInput as e:
            text = _("{problem}. Allowed: {allowed}.").format(
                problem=e.problem.rstrip("."), allowed=e.allowed.rstrip("."))
            self._message.value = html('<div class="wt-message" role="alert">{text}</div>',
                                       text=capital(text))
        else:
            self._message.value = ""
        self._note.value = _changed() if self._shown() != self._in_play else _waiting()


def default_name(seat: int) -> str:
    """A person's name where none is typed, as the app calls the people at one screen."""
    return _("Player {number}").format(number=seat + 1)


def _check_different(names: Sequence[str]) -> None:
    """No two seats share a name, and nobody is called "you"."""
    seen: dict[str, int] = {}
    for seat, name in enumerate(names):
        if name.casefold() in ("you", _("you").casefold()):
            raise BadInput(_("seat {number} cannot be called {name}: the game says 'you' to "
                             "whoever is at the screen").format(number=seat + 1,
                                                                 name=quoted(name)),
                           allowed=_(_OTHER_NAME))
        if name.casefold() in seen:
            raise BadInput(_("seats {first} and {second} are both called {name}").format(
                first=seen[name.casefold()] + 1, second=seat + 1, name=quoted(name)),
                allowed=_(_OTHER_NAME))
        seen[name.casefold()] = seat


_OTHER_NAME = N_("a different name for each seat, such as Ana, Ben or Cleo")


__all__ = ["COMPUTER", "PERSON", "PlayersPanel", "Seating", "chooses_players", "default_name"]
