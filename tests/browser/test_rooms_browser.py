"""Rooms in real browsers, on the real class server (`make class`, python -m wartutor.serve)
keeping its rooms in SQLite: what classmates do, and what a curious student tries.

Each student is a browser context of their own (their own cookies and storage, as on their
own laptop). Screens play at Instant pace; how soon a move appears on the other screen
does not depend on the pace (the first moment is shown at once at every pace). Rooms are
War Room with three rounds, and every student declines, so that a game takes seconds.
And pass-and-play at one screen: the curtain hides both hands from the page.
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
from servers import (
    ARTIFACTS,
    CLASS_PASSWORD,
    TEACHER_PASSWORD,
    Server,
    copy_notebooks,
    free_port,
    start_server,
)

from wartutor.core.errors import BadInput
from wartutor.rooms import Referee, RoomStore
from wartutor.ui.guerrilla_tactics import GuerrillaTable
from wartutor.ui.identity import STORAGE_NAME, key_id
from wartutor.ui.shell import GameApp
from wartutor.variants.guerrilla_tactics import GUERRILLA_TACTICS

pytestmark = pytest.mark.browser

SHORT_RULINGS = "WR-1-H=3"  # War Room's rulings with three rounds (its cards are not used)
# A move on one screen must reach the other; how fast is benchmarks/class_load.py's to
# measure (a timed test fails on a busy machine and proves nothing on a quiet one).
APPEARS_WITHIN_MS = 30_000
PASS_AND_PLAY = ("GameApp(GUERRILLA_TACTICS, GuerrillaTable(), humans=(0, 1), "
                 "rules={'players': 2}, seed=5)")
# Names as an attacker types them: tags, attributes, entities, and a quote to break out.
HOSTILE_NAMES = (
    "<img src=x onerror=alert(origin)>",
    '"><svg onload=alert(1)>',
    "' onmouseover='alert(1)",
    "Maya</b><script>alert(1)</script>",
    "&lt;b&gt;Bo",
    "Ma\u200dya",  # a zero-width joiner: looks like Maya
    "M\u0430ya",  # a Cyrillic a: looks like Maya
)


@dataclass
class ClassServer:
    """The class server on a copy of notebooks/, its rooms in one SQLite file; restartable
    on its port."""

    workdir: Path
    port: int
    server: Server | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def rooms_url(self) -> str:
        return f"sqlite://{self.workdir / 'rooms.sqlite3'}"

    def start(self) -> None:
        cmd = [sys.executable, "-m", "wartutor.serve", "--address", "127.0.0.1",
               "--port", str(self.port), "--rooms", self.rooms_url,
               "--notebooks", str(self.workdir / "notebooks"), "--preheat", ""]
        env = dict(os.environ, CLASS_PASSWORD=CLASS_PASSWORD,
                   TEACHER_PASSWORD=TEACHER_PASSWORD,
                   WARTUTOR_DATA_DIR=str(self.workdir / "data"))
        self.server = start_server(cmd, self.workdir, self.url, "/voila/static/voila.js",
                                   env=env)

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
def rooms(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ClassServer]:
    workdir = tmp_path_factory.mktemp("rooms")
    notebooks = copy_notebooks(workdir)
    (notebooks / "pass_and_play.ipynb").write_text(notebook(
        "from wartutor.ui.guerrilla_tactics import GuerrillaTable\n"
        "from wartutor.ui.shell import GameApp\n"
        "from wartutor.variants.guerrilla_tactics import GUERRILLA_TACTICS\n\n"
        + PASS_AND_PLAY))
    server = ClassServer(workdir, free_port())
    server.start()
    yield server
    server.stop()


@pytest.fixture
def laptop(browser: Browser) -> Iterator[Callable[[], Page]]:
    """A new student's browser, as often as asked; all closed after the test. Any dialog
    a script opens (alert, confirm) fails the test: no script of a classmate may run."""
    contexts = []
    dialogs: list[str] = []

    def new() -> Page:
        context = browser.new_context(viewport={"width": 1366, "height": 768})
        contexts.append(context)
        page = context.new_page()
        page.set_default_timeout(60_000)
        context.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
        return page

    yield new
    for context in contexts:
        context.close()
    assert dialogs == [], f"a script ran in a student's page: {dialogs}"


# A screen of a room

def play_together(page: Page, rooms: ClassServer) -> None:
    """Open Play together, logging in with the class password if the server asks."""
    page.goto(f"{rooms.url}/voila/render/play_together.ipynb")
    if page.locator("#password_input").count():
        page.locator("#password_input").fill(CLASS_PASSWORD)
        page.locator("#password_input").press("Enter")
    # The lobby asks a name; a browser already seated in a room is taken back to its table.
    lobby_or_table = page.get_by_label("Your name").or_(page.locator(".wr-table"))
    expect(lobby_or_table.first).to_be_visible(timeout=90_000)


def sit_down(page: Page, rooms: ClassServer, name: str, *, code: str = "") -> str:
    """Type a name and a room code (or, with none, open a room of War Room with three
    rounds for two students), and wait for the table; the room's code."""
    play_together(page, rooms)
    page.get_by_label("Your name").fill(name)
    if code:
        page.get_by_label("Room code").fill(code)
        page.get_by_role("button", name="Join the room").click()
    else:
        page.get_by_label("Game").select_option(label="War Room")
        page.get_by_label("Rulings from a deal code").fill(SHORT_RULINGS)
        page.get_by_role("button", name="Open a room").click()
    return seated(page)


def seated(page: Page) -> str:
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
    seen: Page | None = None
    while time.monotonic() < deadline:
        if all(over(s) for s in screens):
            return None
        ready = [s for s in screens if choices(s).count()]
        waiting = [s for s in screens if "Waiting for" in s.locator(".wt-choices").inner_text()]
        turn = ready[0] if len(ready) == 1 and len(waiting) == len(screens) - 1 else None
        if turn is not None and turn is seen:  # the same twice running: not a passing frame
            return turn
        seen = turn
        time.sleep(0.1)
    raise AssertionError("no screen has its student's turn: "
                         + " | ".join(s.locator(".wt-choices").inner_text() for s in screens))


def move_and_time(screen: Page, other: Page) -> float:
    """Press the student's last choice (Decline, which ends rounds soonest) on ``screen``;
    seconds until ``other``'s table shows it."""
    before = table(other).inner_html()
    choices(screen).last.click()
    pressed = time.monotonic()
    other.wait_for_function(
        "b => document.querySelector('.wt-table-region').innerHTML !== b", arg=before,
        timeout=APPEARS_WITHIN_MS, polling=50)
    return time.monotonic() - pressed


def moves(n: int, *screens: Page) -> None:
    for _ in range(n):
        screen = mover(*screens)
        assert screen is not None
        move_and_time(screen, next(s for s in screens if s is not screen))


def whole_page(page: Page) -> str:
    """Everything the page holds, hidden parts, attributes and form values included."""
    return str(page.evaluate(
        "() => document.documentElement.outerHTML + [...document.querySelectorAll("
        "'input, textarea')].map(e => e.value).join(' ')"))


def browser_key(page: Page) -> str:
    return str(page.evaluate(f"() => localStorage.getItem({STORAGE_NAME!r})"))


# Playing together

def test_two_screens_play_a_room_to_its_end_each_seeing_its_own_view(
    rooms: ClassServer, laptop: Callable[[], Page]
) -> None:
    ada, bo = laptop(), laptop()
    code = sit_down(ada, rooms, "Ada")
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
    assert all(over(s) for s in (ada, bo)) and len(delays) >= 2  # a random deal may end soon
    record = rooms.store().room(code)
    assert record.steps == len(delays) and record.result is not None


def test_a_reload_rejoins_the_same_seat_at_the_same_step_without_typing(
    rooms: ClassServer, laptop: Callable[[], Page]
) -> None:
    ada, bo = laptop(), laptop()
    code = sit_down(ada, rooms, "Ada")
    sit_down(bo, rooms, "Bo", code=code)
    moves(3, ada, bo)
    assert mover(ada, bo) is not None  # both have played the moves out
    seat, shown = my_seat(bo), table(bo).inner_text()
    bo.reload()  # nothing typed: the browser's key seats Bo again
    assert seated(bo) == code
    expect(bo.locator(".wt-room-code")).to_contain_text("Welcome back")
    assert my_seat(bo) == seat and table(bo).inner_text() == shown
    moves(1, ada, bo)  # and the game goes on
    assert rooms.store().room(code).steps == 4


def test_a_room_resumes_at_the_same_step_after_the_server_is_killed_and_restarted(
    rooms: ClassServer, laptop: Callable[[], Page]
) -> None:
    ada, bo = laptop(), laptop()
    code = sit_down(ada, rooms, "Ada")
    sit_down(bo, rooms, "Bo", code=code)
    moves(2, ada, bo)
    assert mover(ada, bo) is not None
    seats = my_seat(ada), my_seat(bo)
    shown = table(ada).inner_text(), table(bo).inner_text()
    rooms.kill()
    rooms.start()  # the same database, the same address
    for page in (ada, bo):
        play_together(page, rooms)  # opened afresh, as a reload does
        assert seated(page) == code
    assert (my_seat(ada), my_seat(bo)) == seats
    assert (table(ada).inner_text(), table(bo).inner_text()) == shown
    moves(1, ada, bo)
    assert rooms.store().room(code).steps == 3


def test_two_moves_for_one_step_from_two_tabs_one_is_taken_and_the_other_tab_is_told(
    rooms: ClassServer, laptop: Callable[[], Page]
) -> None:
    ada, bo = laptop(), laptop()
    code = sit_down(ada, rooms, "Ada")
    sit_down(bo, rooms, "Bo", code=code)
    first = mover(ada, bo)
    assert first is not None
    again = first.context.new_page()  # a second tab of the student whose turn it is
    play_together(again, rooms)
    seated(again)
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
    # The refused tab is told once its kernel hears back, which may come after the table
    # moved on at the classmate's screen.
    deadline = time.monotonic() + APPEARS_WITHIN_MS / 1000
    while not (told := [tab for tab in (first, again) if tab.get_by_role("alert").count()]):
        assert time.monotonic() < deadline, "neither tab was told its move was not taken"
        time.sleep(0.1)
    assert len(told) == 1, [tab.locator(".wt-choices").inner_text() for tab in (first, again)]
    expect(told[0].get_by_role("alert")).to_contain_text(
        re.compile("another move came first|not your turn", re.IGNORECASE))
    assert len(rooms.store().actions(code)) == 1


# What a curious student tries

def test_a_hostile_name_is_refused_and_nothing_of_it_reaches_a_classmates_page(
    rooms: ClassServer, laptop: Callable[[], Page]
) -> None:
    maya, attacker = laptop(), laptop()
    code = sit_down(maya, rooms, "Maya")
    play_together(attacker, rooms)
    attacker.get_by_label("Room code").fill(code)
    for name in HOSTILE_NAMES:
        attacker.get_by_label("Your name").fill(name)
        attacker.get_by_role("button", name="Join the room").click()
        expect(attacker.get_by_role("alert")).to_contain_text("name")
        # The refusal quotes the name as text in the attacker's own page too.
        assert attacker.locator(".wt-message img, .wt-message svg, .wt-message script"
                                ).count() == 0
    maya.wait_for_timeout(1500)  # two looks at the store
    held = whole_page(maya)
    for name in HOSTILE_NAMES:
        assert name not in held
    assert maya.locator("img[src=x], script:not([src]):has-text('alert')").count() == 0
    assert rooms.store().room(code).held == ((0, "Maya"),)


def test_typing_a_seated_classmates_name_in_another_browser_is_refused(
    rooms: ClassServer, laptop: Callable[[], Page]
) -> None:
    maya, thief = laptop(), laptop()
    code = sit_down(maya, rooms, "Maya")
    play_together(thief, rooms)
    thief.get_by_label("Your name").fill("maya")
    thief.get_by_label("Room code").fill(code)
    thief.get_by_role("button", name="Join the room").click()
    expect(thief.get_by_role("alert")).to_contain_text(
        "Maya's seat is taken. Allowed: ask your teacher to free it")
    expect(thief.locator(".wr-table")).to_have_count(0)
    assert rooms.store().room(code).held == ((0, "Maya"),)


def test_nothing_on_a_rooms_screens_reproduces_its_deal_before_the_end(
    rooms: ClassServer, laptop: Callable[[], Page]
) -> None:
    ada, bo = laptop(), laptop()
    code = sit_down(ada, rooms, "Ada")
    sit_down(bo, rooms, "Bo", code=code)
    deal = rooms.store().secret_deal(code)
    seed = deal.split("-")[1]
    for _ in range(30):
        screen = mover(ada, bo)
        if screen is None:
            break
        for page in (ada, bo):
            held = whole_page(page)
            assert deal not in held and seed not in held
            # Take-home is absent until the end (the notebook's own words may name it).
            assert page.locator(".wt-app").get_by_text("Take this game home").count() == 0
        move_and_time(screen, bo if screen is ada else ada)
    # Over: the game goes home, and the deal is no secret any more.
    expect(ada.locator(".wt-app").get_by_text("Take this game home").first).to_be_visible()
    expect(ada.get_by_role("button", name="Open the game")).to_have_count(0)


def test_a_rooms_page_holds_no_control_a_room_does_not_have_even_unhidden(
    rooms: ClassServer, laptop: Callable[[], Page]
) -> None:
    ada = laptop()
    sit_down(ada, rooms, "Ada")
    # Everything hidden is shown, as a student with the browser's tools would (but the
    # stylesheets' own text, whose comments may name a control).
    ada.add_style_tag(content="* { display: revert !important; visibility: visible "
                              "!important; } style, script { display: none !important; }")
    ARTIFACTS.mkdir(exist_ok=True)
    ada.screenshot(path=str(ARTIFACTS / "room-unhidden.png"))
    app = ada.locator(".wt-app")  # the page's own words (the notebook's) may name them
    # A control, not a word: a sentence may name New round (the rulings' "Changes apply when
    # you press New round"), but no button, box or menu of it may exist.
    for control in ("Show everything", "New round", "Undo", "Redo", "Play 10", "Join deal",
                    "Computers", "Coach", "Play to the end", "Set up a position", "Players"):
        for role in ("button", "checkbox", "combobox"):
            found = app.get_by_role(role, name=re.compile(re.escape(control)))
            assert found.count() == 0, (role, control)
    assert ada.locator(".wt-seed, .wt-timeline, .wt-deal-code, .wt-opponent").count() == 0


def test_an_illegal_move_sent_to_the_store_is_refused_and_the_room_goes_on(
    rooms: ClassServer, laptop: Callable[[], Page]
) -> None:
    ada, bo = laptop(), laptop()
    code = sit_down(ada, rooms, "Ada")
    sit_down(bo, rooms, "Bo", code=code)
    first = mover(ada, bo)
    assert first is not None
    other = bo if first is ada else ada
    referee = Referee(rooms.store())
    # With the other browser's own key: not its turn; with the mover's: not a legal move,
    # a move of another deal, or a move for a step the room is not at.
    for page, step, action in ((other, 0, "activate"), (first, 0, "target Zed 99"),
                               (first, 5, "decline"), (first, 0, "<script>" * 300)):
        with pytest.raises(BadInput) as refused:
            referee.move(code, key_id(browser_key(page)), step, action)
        assert len(str(refused.value)) < 200
    assert rooms.store().actions(code) == ()
    moves(2, ada, bo)  # the room goes on
    assert len(rooms.store().actions(code)) == 2
    for page in (ada, bo):
        assert page.get_by_text("Something went wrong").count() == 0


def test_the_pass_and_play_curtain_hides_every_card_of_both_hands(
    rooms: ClassServer, laptop: Callable[[], Page]
) -> None:
    here = GameApp(GUERRILLA_TACTICS, GuerrillaTable(), humans=(0, 1), seed=5,
                   rules={"players": 2}, pace="instant")  # the same game, to know the hands
    play = next(label for label in here.labels() if label.startswith("Play "))
    here.press(play)
    hands = [[str(card) for card in seat.hand] for seat in here.game.state.seats]
    page = laptop()
    page.goto(f"{rooms.url}/voila/render/pass_and_play.ipynb")
    if page.locator("#password_input").count():
        page.locator("#password_input").fill(CLASS_PASSWORD)
        page.locator("#password_input").press("Enter")
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
