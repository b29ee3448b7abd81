"""Rooms in real browsers: two screens play one room on a Voilà server that keeps its
rooms in SQLite; a reload and a server restart rejoin the seat; two tabs send one step.
And pass-and-play at one screen: the curtain hides both hands from the page.

Each student is a browser context of their own (their own cookies, as on their own
laptop), and each screen plays at Instant pace, so that a game of three rounds takes
seconds; how soon a move appears on the other screen does not depend on the pace (the
first moment is shown at once at every pace).
"""

from __future__ import annotations

import json
import os
import re
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Locator, Page, expect
from servers import REPO, Server, copy_notebooks, free_port, start_server

from wartutor.rooms import RoomStore
from wartutor.ui.guerrilla_tactics import GuerrillaTable
from wartutor.ui.shell import GameApp
from wartutor.variants.guerrilla_tactics import GUERRILLA_TACTICS

pytestmark = pytest.mark.browser

# War Room, two players, three rounds: both players declare every round.
SHORT_DEAL = "WR-7-H=3"
APPEARS_WITHIN_S = 3.0  # a move on one screen is on the other within this (a look is 0.5 s)
PASS_AND_PLAY = ("GameApp(GUERRILLA_TACTICS, GuerrillaTable(), humans=(0, 1), "
                 "rules={'players': 2}, seed=5)")


@dataclass
class RoomServer:
    """Voilà on a copy of notebooks/, its rooms in one SQLite file; restartable on its port."""

    workdir: Path
    port: int
    rooms_url: str
    server: Server | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> None:
        cmd = [str(Path(sys.executable).parent / "voila"), ".", "--no-browser",
               "--Voila.ip=127.0.0.1", f"--port={self.port}",
               f"--Voila.config_file_paths={REPO}"]
        env = dict(os.environ, WARTUTOR_ROOMS=self.rooms_url,
                   WARTUTOR_DATA_DIR=str(self.workdir / "data"))
        self.server = start_server(cmd, self.workdir / "notebooks", self.url,
                                   "/voila/static/voila.js", env=env)

    def kill(self) -> None:
        """As a power cut would: the server and its kernels, at once, with no goodbye."""
        assert self.server is not None
        os.killpg(self.server.proc.pid, 9)
        self.server.proc.wait()

    def stop(self) -> None:
        if self.server is not None:
            self.server.stop()

    def store(self) -> RoomStore:
        return RoomStore.at(self.rooms_url)


def notebook(code: str) -> str:
    cell = {"cell_type": "code", "execution_count": None, "id": "game", "metadata": {},
            "outputs": [], "source": code}
    return json.dumps({"cells": [cell], "metadata": {}, "nbformat": 4, "nbformat_minor": 5})


@pytest.fixture(scope="module")
def rooms(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RoomServer]:
    workdir = tmp_path_factory.mktemp("rooms")
    notebooks = copy_notebooks(workdir)
    (notebooks / "pass_and_play.ipynb").write_text(notebook(
        "from wartutor.ui.guerrilla_tactics import GuerrillaTable\n"
        "from wartutor.ui.shell import GameApp\n"
        "from wartutor.variants.guerrilla_tactics import GUERRILLA_TACTICS\n\n"
        + PASS_AND_PLAY))
    server = RoomServer(workdir, free_port(), f"sqlite://{workdir / 'rooms.sqlite3'}")
    server.start()
    yield server
    server.stop()


@pytest.fixture
def laptop(browser: Browser) -> Iterator[Callable[[], Page]]:
    """A new student's browser, as often as asked; all closed after the test."""
    contexts = []

    def new() -> Page:
        context = browser.new_context(viewport={"width": 1280, "height": 900})
        contexts.append(context)
        page = context.new_page()
        page.set_default_timeout(60_000)
        return page

    yield new
    for context in contexts:
        context.close()


# A screen of a room

def sit_down(page: Page, rooms: RoomServer, name: str, *, code: str = "",
             deal: str = "") -> str:
    """Open Play together, type a name and a room code (or a deal code to open a room),
    and wait for the table; the room's code."""
    page.goto(f"{rooms.url}/voila/render/play_together.ipynb")
    page.get_by_label("Your name").fill(name, timeout=90_000)
    if deal:
        page.get_by_label("Deal code").fill(deal)
        page.get_by_role("button", name="Open a room").click()
    else:
        page.get_by_label("Room code").fill(code)
        page.get_by_role("button", name="Join the room").click()
    expect(page.locator(".wr-table")).to_be_visible()
    page.get_by_role("button", name="Instant").click()
    return page.locator(".wt-room-code b").inner_text()


def choices(page: Page) -> Locator:
    return page.get_by_role("region", name="Your choices").locator(
        ".wt-main-button:not([disabled])")


def table(page: Page) -> Locator:
    return page.locator(".wt-table-region")


def my_seat(page: Page) -> int:
    """The seat this screen plays: the table marks it as yours."""
    return int(page.evaluate(
        "[...document.querySelectorAll('.wr-seat')].findIndex(s => s.matches('.wr-you'))"))


def over(page: Page) -> bool:
    return page.locator(".wt-banner b").count() > 0


def mover(*screens: Page) -> Page | None:
    """The screen whose student must choose now (the others wait), or None once over."""
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        if all(over(s) for s in screens):
            return None
        ready = [s for s in screens if choices(s).count()]
        waiting = [s for s in screens if "Waiting for" in s.locator(".wt-choices").inner_text()]
        if len(ready) == 1 and len(waiting) == len(screens) - 1:
            return ready[0]
        time.sleep(0.1)
    raise AssertionError("no screen has its student's turn: "
                         + " | ".join(s.locator(".wt-choices").inner_text() for s in screens))


def move_and_time(screen: Page, other: Page) -> float:
    """Press the first choice on ``screen``; seconds until ``other``'s table shows it."""
    before = table(other).inner_html()
    choices(screen).first.click()
    pressed = time.monotonic()
    other.wait_for_function(
        "b => document.querySelector('.wt-table-region').innerHTML !== b", arg=before,
        timeout=15_000, polling=50)
    return time.monotonic() - pressed


def step(page: Page) -> int:
    """The step the screen shows (its timeline is hidden in a room, but kept up to date)."""
    return int(page.locator(".wt-timeline .widget-readout").text_content() or "-1")


def assert_same_step(*screens: Page) -> None:
    steps = [step(s) for s in screens]
    assert all(n == steps[0] for n in steps), steps


# The tests

def test_two_screens_play_a_room_to_its_end_each_seeing_its_own_view(
    rooms: RoomServer, laptop: Callable[[], Page]
) -> None:
    ada, bo = laptop(), laptop()
    code = sit_down(ada, rooms, "Ada", deal=SHORT_DEAL)
    assert len(code) == 4
    expect(ada.locator(".wt-room-code")).to_contain_text("read this code out")
    sit_down(bo, rooms, "Bo", code=code.lower())
    assert {my_seat(ada), my_seat(bo)} == {0, 1}
    delays = []
    for _ in range(30):
        screen = mover(ada, bo)
        if screen is None:
            break
        other = bo if screen is ada else ada
        delays.append(move_and_time(screen, other))
        shown = table(other).inner_text()
        if "Has declared" in shown:
            # The first declaration of a round: its maker sees it, the other screen only
            # that it was made.
            expect(table(screen)).to_contain_text("You declared:")
            assert "declared:" not in shown.lower(), shown
    print(f"a move on one screen appeared on the other after {max(delays):.2f} s at most "
          f"({len(delays)} moves)")
    assert all(over(s) for s in (ada, bo)) and len(delays) >= 6
    assert max(delays) < APPEARS_WITHIN_S, delays
    assert_same_step(ada, bo)
    record = rooms.store().room(code)
    assert record.steps == len(delays) and record.result is not None


def test_a_reload_rejoins_the_same_seat_at_the_same_step(
    rooms: RoomServer, laptop: Callable[[], Page]
) -> None:
    ada, bo = laptop(), laptop()
    code = sit_down(ada, rooms, "Ada", deal=SHORT_DEAL)
    sit_down(bo, rooms, "Bo", code=code)
    for _ in range(3):
        screen = mover(ada, bo)
        assert screen is not None
        move_and_time(screen, bo if screen is ada else ada)
    # The other screen shows a move at its first moment; wait until both have played it
    # out, one asked to choose and the other waiting, before reading the step.
    assert mover(ada, bo) is not None
    seat, shown = my_seat(bo), table(bo).inner_text()
    assert step(bo) == 3
    # Opened afresh, as a reload does; the same student, typed a little differently.
    sit_down(bo, rooms, "bo", code=code)
    assert (my_seat(bo), step(bo)) == (seat, 3)
    assert table(bo).inner_text() == shown
    assert_same_step(ada, bo)
    screen = mover(ada, bo)  # and the game goes on
    assert screen is not None
    move_and_time(screen, bo if screen is ada else ada)
    assert rooms.store().room(code).steps == 4


def test_a_room_resumes_at_the_same_step_after_the_server_is_killed_and_restarted(
    rooms: RoomServer, laptop: Callable[[], Page]
) -> None:
    ada, bo = laptop(), laptop()
    code = sit_down(ada, rooms, "Ada", deal=SHORT_DEAL)
    sit_down(bo, rooms, "Bo", code=code)
    for _ in range(2):
        screen = mover(ada, bo)
        assert screen is not None
        move_and_time(screen, bo if screen is ada else ada)
    seats = my_seat(ada), my_seat(bo)
    shown = table(ada).inner_text(), table(bo).inner_text()
    rooms.kill()
    rooms.start()  # the same database, the same address
    for page, name in ((ada, "Ada"), (bo, "Bo")):
        sit_down(page, rooms, name, code=code)  # opened afresh, as a reload does
    assert (my_seat(ada), my_seat(bo)) == seats
    assert (step(ada), step(bo)) == (2, 2)
    assert (table(ada).inner_text(), table(bo).inner_text()) == shown
    screen = mover(ada, bo)
    assert screen is not None
    move_and_time(screen, bo if screen is ada else ada)
    assert rooms.store().room(code).steps == 3


def test_two_moves_for_one_step_from_two_tabs_one_is_taken_and_the_other_tab_is_told(
    rooms: RoomServer, laptop: Callable[[], Page]
) -> None:
    ada, bo = laptop(), laptop()
    code = sit_down(ada, rooms, "Ada", deal=SHORT_DEAL)
    sit_down(bo, rooms, "Bo", code=code)
    first = mover(ada, bo)
    assert first is not None
    name = "Ada" if first is ada else "Bo"
    again = first.context.new_page()  # a second tab of the student whose turn it is
    sit_down(again, rooms, name, code=code)
    other = bo if first is ada else ada
    before = table(other).inner_html()
    # Both tabs press their first choice within a millisecond of each other: the first
    # tab tells the second over a channel the two share, then presses.
    press = ("() => [...document.querySelectorAll('.wt-choices .wt-main-button')]"
             ".find(b => !b.disabled).click()")
    again.evaluate(f"() => {{ new BroadcastChannel('wt-press').onmessage = {press}; }}")
    first.evaluate(f"() => {{ new BroadcastChannel('wt-press').postMessage('go'); "
                   f"({press})(); }}")
    other.wait_for_function(
        "b => document.querySelector('.wt-table-region').innerHTML !== b", arg=before)
    told = [tab for tab in (first, again) if tab.get_by_role("alert").count()]
    assert len(told) == 1, [tab.locator(".wt-choices").inner_text() for tab in (first, again)]
    # Whose press reached the store first is a matter of milliseconds; the other tab says
    # so (or, had it already looked at the store, that it is no longer its turn).
    expect(told[0].get_by_role("alert")).to_contain_text(
        re.compile("another move came first|not your turn", re.IGNORECASE))
    assert len(rooms.store().actions(code)) == 1
    again.wait_for_function("t => document.querySelector('.wt-table-region').innerText === t",
                            arg=table(first).inner_text(), timeout=5_000)


def test_the_pass_and_play_curtain_hides_every_card_of_both_hands(
    rooms: RoomServer, laptop: Callable[[], Page]
) -> None:
    here = GameApp(GUERRILLA_TACTICS, GuerrillaTable(), humans=(0, 1), seed=5,
                   rules={"players": 2}, pace="instant")  # the same game, to know the hands
    play = next(label for label in here.labels() if label.startswith("Play "))
    here.press(play)
    hands = [[str(card) for card in seat.hand] for seat in here.game.state.seats]
    page = laptop()
    page.goto(f"{rooms.url}/voila/render/pass_and_play.ipynb")
    page.get_by_role("button", name=play, exact=True).click(timeout=90_000)
    expect(page.get_by_role("button", name="Ready")).to_be_visible()
    expect(table(page)).to_contain_text("Pass the screen to")
    # All the page holds, hidden parts and the cards' text alternatives included.
    held = page.locator(".wt-app").first.evaluate("app => app.outerHTML").lower()
    assert hands[0] and hands[1]
    assert [card for hand in hands for card in hand if card in held] == []
    page.get_by_role("button", name="Ready").click()
    expect(table(page)).not_to_contain_text("Pass the screen")
    held = page.locator(".wt-app").first.evaluate("app => app.outerHTML").lower()
    assert all(card in held for card in hands[1])
    assert [card for card in hands[0] if card in held] == []
