"""The teacher's class board: the rooms open now, the games finished, and the class's
results beside a simulation of the same rules, as a picture and in words. The teacher
frees a seat here for a student whose browser was lost (a seat belongs to the browser
that took it).

>>> from wartutor.rooms import RoomStore
>>> from wartutor.variants.classic_war import ClassicRules
>>> store = RoomStore.at("sqlite://:memory:")
>>> code = store.open_room("classic_war", ClassicRules(battle_limit=5), seats=2,
...                        students=1, opener="a")
>>> store.claim(code, "Ada", owner="a")
0
>>> board = ClassBoard(store, simulated=50, pictures=False)
>>> "1 room open now" in board.text()
True
>>> board.free_seat(code, 0)
>>> store.room(code).held
()
"""

from __future__ import annotations

import base64
import logging
from collections.abc import Callable
from typing import Any

import ipywidgets as widgets

from wartutor.core.dealcode import deal_code
from wartutor.core.errors import BadInput
from wartutor.explore.reading import plural
from wartutor.explore.simulate import simulate
from wartutor.explore.stats import describe
from wartutor.explore.table import Table
from wartutor.language import N_, _, ngettext
from wartutor.rooms.results import DealResults, PlayedRoom, class_results
from wartutor.rooms.store import RoomStore
from wartutor.ui.language import LanguageMenu, made_again_in
from wartutor.ui.markup import Markup, html, joined
from wartutor.ui.render import STYLESHEET, text_of
from wartutor.variants import find_variant

log = logging.getLogger(__name__)

SIMULATED = 10_000  # games of each deal's rules to set the class's games beside
CHOOSE_A_SEAT, NO_SEAT_HELD = N_("choose a seat"), N_("no seat is held")

BOARD_STYLE = """
<style>
.wt-board table { border-collapse: collapse; font-size: 17px; margin: 6px 0 14px; }
.wt-board td, .wt-board th { border: 1px solid #ccc; padding: 4px 10px; text-align: left; }
.wt-board h3 { font-size: 22px; margin: 16px 0 4px; }
.wt-board .wt-reading { font-size: 18px; max-width: 900px; line-height: 1.4; }
</style>
"""


def _seat_list(room: PlayedRoom) -> str:
    held = dict(room.room.held)
    return ", ".join(held.get(seat, _("a free seat") if seat < room.room.students
                              else _("computer"))
                     for seat in range(room.room.seats))


def _so_far(unit: str, length: int) -> str:
    """How far a game is, counted in the variant's own unit (``length_unit``)."""
    if unit == "battle":
        said = ngettext("playing: {count} battle so far", "playing: {count} battles so far",
                        length)
    elif unit == "skirmish":
        said = ngettext("playing: {count} skirmish so far",
                        "playing: {count} skirmishes so far", length)
    elif unit == "round":
        said = ngettext("playing: {count} round so far", "playing: {count} rounds so far",
                        length)
    elif unit == "turn":
        said = ngettext("playing: {count} turn so far", "playing: {count} turns so far",
                        length)
    else:  # a unit no catalog knows yet: the English words
        return f"playing: {length} {plural(length, unit)} so far"
    return said.format(count=length)


def _lasted(unit: str, ours: str, theirs: str) -> str:
    """How long the class's games and the simulated ones lasted, on average."""
    if unit == "battle":
        said = _("Your games lasted {ours} battles on average; the simulated ones {theirs}.")
    elif unit == "skirmish":
        said = _("Your games lasted {ours} skirmishes on average; the simulated ones "
                 "{theirs}.")
    elif unit == "round":
        said = _("Your games lasted {ours} rounds on average; the simulated ones {theirs}.")
    elif unit == "turn":
        said = _("Your games lasted {ours} turns on average; the simulated ones {theirs}.")
    else:  # a unit no catalog knows yet: the English words
        return (f"Your games lasted {ours} {plural(2, unit)} on average; the simulated ones "
                f"{theirs}.")
    return said.format(ours=ours, theirs=theirs)


def _state(room: PlayedRoom) -> str:
    game = room.game
    if game.outcome is None:
        return _so_far(game.variant.length_unit, game.variant.summarize(game).length)
    # Over, its deal is no secret any more: the class may replay it in the apps.
    code = deal_code(game.variant.name, game.rules, game.seed)
    return _("{result} (deal code {code})").format(
        result=game.variant.explain(game.outcome.because), code=code)


def rooms_html(results: list[DealResults]) -> str:
    """Every room, per game and rulings: who sits where, and how far its game is."""
    if not results:
        return html("<p>{words}</p>", words=_("No rooms yet. Students open one on the Play "
                                              "together page."))
    parts = []
    for deal in results:
        rows = joined(html("<tr><td><b>{code}</b></td><td>{seats}</td><td>{state}</td></tr>",
                           code=r.room.code, seats=_seat_list(r), state=_state(r))
                      for r in deal.rooms)
        parts.append(html("<h3>{deal}: {title}</h3><table><tr><th>{room}</th><th>{seats}</th>"
                          "<th>{game}</th></tr>{rows}</table>", deal=deal.deal,
                          title=find_variant(deal.variant).title, room=_("Room"),
                          seats=_("Seats"), game=_("Game"), rows=rows))
    return joined(parts)


def reading(deal: DealResults, ours: Table, simulated: Table) -> str:
    """The class's games beside the simulated ones, in words a class can follow."""
    mine, theirs = describe(ours), describe(simulated)
    variant = find_variant(deal.variant)
    first = _(variant.player_names(deal.rules)[0])  # the variant's own name, marked N_

    def share(s: Any) -> str:
        return _("{share}% (95% interval {low}-{high}%)").format(
            share=f"{100 * s.value:.0f}", low=f"{100 * s.interval[0]:.0f}",
            high=f"{100 * s.interval[1]:.0f}")

    return " ".join((
        ngettext("Your {count} finished game of {title} ({deal}) against {simulated} "
                 "simulated games of its rules.",
                 "Your {count} finished games of {title} ({deal}) against {simulated} "
                 "simulated games of its rules.", len(ours)).format(
            count=len(ours), title=variant.title, deal=deal.deal,
            simulated=f"{len(simulated):,}"),
        _("The first seat ({first}) won {ours} of yours and {theirs} of the simulated "
          "ones.").format(first=first, ours=share(mine.wins[0]), theirs=share(theirs.wins[0])),
        _lasted(variant.length_unit, f"{mine.lengths.mean:.0f}", f"{theirs.lengths.mean:.0f}"),
        _("The 95% interval is the range the true share most likely lies in: the fewer the "
          "games, the wider it is."),
    ))


class ClassBoard(widgets.VBox):
    """The board, made afresh by its Refresh button."""

    def __init__(self, store: RoomStore, *, simulated: int = SIMULATED,
                 pictures: bool = True) -> None:
        self.store = store
        self._simulated = simulated
        self._pictures = pictures
        # Simulated games per deal code (rules don't change), and the language menu (the
        # page gives its language once): kept when the board is made again in a language.
        self._cache: dict[str, Table] = vars(self).get("_cache") or {}
        self.language: LanguageMenu = (vars(self).get("language")
                                       or LanguageMenu(self._switch_language))
        self._told: Callable[[], Markup] | None = None  # what freeing a seat last said
        self._rooms = widgets.HTML()
        self._results = widgets.VBox()
        refresh = widgets.Button(description=_("Refresh"), button_style="primary",
                                 tooltip=_("Read the rooms again"))
        refresh.on_click(lambda _: self.refresh())
        self.held_seats = widgets.Dropdown(description=_("Free a seat"),
                                           style={"description_width": "initial"},
                                           layout=widgets.Layout(width="420px"))
        free = widgets.Button(description=_("Free this seat"),
                              tooltip=_("The next student to join this room sits here: for a "
                                        "student whose laptop or browser was changed"))
        free.on_click(lambda _: self._free_chosen())
        self._freed = widgets.HTML()
        # Pressed by their words (press()).
        self._buttons = {refresh.description: refresh, free.description: free}
        top = widgets.HBox([
            # The stylesheets are the package's own; only the title is made here.
            widgets.HTML(STYLESHEET + BOARD_STYLE + str(html(
                '<div class="wt-title">{title}</div>', title=_("Class board")))),
            self.language.menu])
        top.add_class("wt-top")
        super().__init__(children=[
            top, self.language.page_parts, refresh, self._rooms,
            widgets.HBox([self.held_seats, free], layout=widgets.Layout(flex_flow="row wrap")),
            self._freed, self._results,
        ])
        self.add_class("wt-app")
        self.add_class("wt-board")
        self.refresh()

    def __repr__(self) -> str:
        return "ClassBoard()"

    def _switch_language(self, code: str) -> None:
        try:
            made_again_in(code, self, self._made_again)
        except Exception as e:  # a class must never meet a traceback; the log keeps it
            log.exception("wartutor class board error")
            error = str(e)
            self._tell(lambda: html('<p class="wt-message">{why}</p>', why=_(
                "Something went wrong ({error}). Nothing was changed.").format(error=error)))

    def _made_again(self) -> None:
        """The board made again in the language in force: the rooms read again, the seat
        chosen to free still chosen, and what freeing a seat said said again."""
        chosen, told = self.held_seats.value, self._told
        ClassBoard.__init__(self, self.store, simulated=self._simulated,
                            pictures=self._pictures)
        if chosen in [value for _label, value in self.held_seats.options]:
            self.held_seats.value = chosen
        if told is not None:
            self._tell(told)

    def _tell(self, said: Callable[[], Markup]) -> None:
        """Show what freeing a seat said, kept to be said again in another language."""
        self._told = said
        self._freed.value = said()

    def text(self) -> str:
        """What the board says, as text (for tests)."""
        parts = [self._rooms.value, self._freed.value] + [
            getattr(w, "value", "") for w in self._results.children]
        return text_of(" ".join(str(p) for p in parts))

    def press(self, label: str) -> None:
        """Press a button of the board, as a click in the browser would."""
        if label not in self._buttons:
            raise BadInput(f"there is no {label[:40]!r} button",
                           allowed=", ".join(self._buttons))
        self._buttons[label].click()

    def free_seat(self, code: str, seat: int) -> None:
        """Free seat ``seat`` of room ``code``; the board is read again."""
        self.store.free_seat(code, seat)
        self.refresh()

    def _free_chosen(self) -> None:
        chosen = self.held_seats.value
        if chosen is None:
            first = len(self.held_seats.options) > 1
            self._tell(lambda: html('<p class="wt-message">{why}</p>', why=_(
                "Choose a seat to free first.") if first else _(
                "No seat is held: nothing to free.")))
            return
        code, seat = chosen
        try:
            self.free_seat(code, seat)
        except BadInput as e:
            problem, allowed = e.problem.rstrip("."), e.allowed.rstrip(".")
            # Translators: a refusal: what was wrong, and what the teacher can do instead.
            self._tell(lambda: html('<p class="wt-message">{refused}</p>', refused=_(
                "{problem}. Allowed: {allowed}.").format(problem=problem, allowed=allowed)))
            return
        self._tell(lambda: html("<p>{words}</p>", words=_(
            "Seat {number} of room {code} is free: the next student to join it sits "
            "there.").format(number=seat + 1, code=code)))

    def refresh(self) -> None:
        results = class_results(self.store)
        held = [(_("Room {code}, seat {number}: {name}").format(
                     code=r.room.code, number=seat + 1, name=name), (r.room.code, seat))
                for deal in results for r in deal.rooms if not r.finished
                for seat, name in r.room.held]
        # Nothing is chosen until the teacher chooses: a seat is never freed by default.
        self.held_seats.options = [(_(CHOOSE_A_SEAT) if held else _(NO_SEAT_HELD), None),
                                   *held]
        open_now = sum(len(d.open_now) for d in results)
        finished = sum(len(d.finished) for d in results)
        # Translators: {rooms} is "1 room" or "3 rooms", {games} "1 game" or "2 games".
        said = _("{rooms} open now, {games} finished.").format(
            rooms=ngettext("{count} room", "{count} rooms", open_now).format(count=open_now),
            games=ngettext("{count} game", "{count} games", finished).format(count=finished))
        head = html("<p><b>{said}</b></p>", said=said)
        self._rooms.value = head + rooms_html(results)
        shown: list[widgets.Widget] = []
        for deal in results:
            if not deal.finished:
                continue
            ours = deal.table()
            theirs = self._simulation(deal)
            heading = _("{deal}: your games and the simulation").format(deal=deal.deal)
            shown.append(widgets.HTML(html('<h3>{heading}</h3><p class="wt-reading">{reading}'
                                           "</p>", heading=heading,
                                           reading=reading(deal, ours, theirs))))
            if self._pictures:
                shown.append(widgets.HTML(self._picture(ours, theirs)))
        self._results.children = shown

    def _simulation(self, deal: DealResults) -> Table:
        if deal.deal not in self._cache:
            self._cache[deal.deal] = simulate(deal.variant, self._simulated, rules=deal.rules,
                                              jobs=1, progress=False)
        return self._cache[deal.deal]

    @staticmethod
    def _picture(ours: Table, theirs: Table) -> str:
        from wartutor.explore.plots import plot_lengths, plot_results, png

        pictures = []
        names = [_("your games"), _("simulated")]
        for fig in (plot_results([ours, theirs], names), plot_lengths([ours, theirs], names)):
            data = base64.b64encode(png(fig)).decode("ascii")
            pictures.append(html('<img alt="{alt}" src="data:image/png;base64,{data}" '
                                 'style="max-width:100%">',
                                 alt=_("The class's games beside the simulated ones"),
                                 data=data))
        return joined(pictures)


def class_board(store_url: str | None = None, simulated: int = SIMULATED) -> ClassBoard:
    """The board of the rooms at ``store_url`` (by default the server's room database)."""
    return ClassBoard(RoomStore.at(store_url), simulated=simulated)
