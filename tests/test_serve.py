"""Attacks on `make class` (python -m wartutor.serve), against the real server.

The passwords, the throttle and the cap are tried first on their own, then on a class
server started with a small cap, by visitors that speak HTTP as a browser would (each with
its own cookies). The browser's part is in tests/browser/test_serve_class.py.
"""

from __future__ import annotations

import asyncio
import contextlib
import gzip
import hmac
import json
import math
import re
import sqlite3
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
import requests
from apart import run_apart
from servers import CLASS_PASSWORD, TEACHER_PASSWORD, Server, start_class_server

from wartutor.language import speaking_language
from wartutor.server import notices
from wartutor.server.pages import _is_error
from wartutor.server.passwords import BITS, new_password, same_password, spoken
from wartutor.server.throttle import Throttle
from wartutor.server.words import WORDS

# The words that give a kernel's inside away on an error page.
INSIDES = ("Traceback", 'File "', "site-packages", "/work/", "wartutor/")


# The passwords

def test_a_made_up_password_is_three_words_from_the_list_with_32_bits() -> None:
    made = {new_password() for _ in range(200)}
    assert len(made) == 200  # no repeats in 200: 2**32 possibilities
    for password in made:
        words = password.split("-")
        assert len(words) == 3 and all(word in WORDS for word in words)
    assert len(set(WORDS)) == len(WORDS) >= 1800
    assert all(len(word) <= 7 and word.isalpha() and word.islower() for word in WORDS)
    assert pytest.approx(3 * math.log2(len(WORDS))) == BITS and BITS > 32


def test_a_password_is_compared_in_constant_time_and_words_count_not_their_spelling(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    compared: list[tuple[bytes, bytes]] = []
    real = hmac.compare_digest

    def watched(a: bytes, b: bytes) -> bool:
        compared.append((a, b))
        return real(a, b)

    monkeypatch.setattr(hmac, "compare_digest", watched)
    assert same_password("Tiger Lamp  RIVER", "tiger-lamp-river")
    assert same_password("tiger_lamp-river ", "tiger-lamp-river")
    assert not same_password("tiger-lamp-rive", "tiger-lamp-river")
    assert not same_password("", "tiger-lamp-river")
    assert len(compared) == 4 and compared[0] == (b"tiger-lamp-river", b"tiger-lamp-river")
    assert spoken("  Owl -- moon ") == "owl-moon"


def test_wrong_passwords_make_their_sender_wait_longer_and_longer_up_to_a_cap() -> None:
    clock = [0.0]
    throttle = Throttle(clock=lambda: clock[0])
    waits = [throttle.failed("10.0.0.9") for _ in range(12)]
    assert waits[:3] == [0, 0, 0]  # typos are free
    assert waits[3:9] == [1, 2, 4, 8, 16, 32]
    assert waits[9:] == [60, 60, 60]
    assert throttle.wait_left("10.0.0.9") == 60 and throttle.wait_left("10.0.0.10") == 0
    clock[0] = 61.0
    throttle.succeeded("10.0.0.9")  # the right one forgives
    assert throttle.failed("10.0.0.9") == 0


def test_a_kernels_error_is_recognised_in_each_form_it_travels_in() -> None:
    error = {"header": {"msg_type": "error"}, "content": {"traceback": ["..."]}}
    assert _is_error(error) and _is_error(json.dumps(error))
    assert not _is_error(json.dumps({"header": {"msg_type": "comm_msg"}, "content": "error"}))


# Kernels booting a few at a time

def test_turns_go_to_waiting_pages_before_waiting_pools() -> None:
    from wartutor.server.kernels import Turns

    async def class_arrives() -> list[str]:
        turns, order = Turns(1), []

        async def one(name: str, urgent: bool) -> None:
            await turns.take(urgent)
            order.append(name)
            await asyncio.sleep(0)
            turns.give_back()

        await asyncio.gather(one("pool 1", False), one("pool 2", False),
                             one("page 1", True), one("page 2", True))
        return order

    assert run_apart(class_arrives()) == ["pool 1", "page 1", "page 2", "pool 2"]


def test_kernels_boot_a_few_at_a_time_pages_before_pools(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager

    from wartutor.server import kernels
    from wartutor.server.kernels import ClassKernelManager

    booting: set[str] = set()
    most, order = [0], []
    answers: list[asyncio.Future[None]] = []

    async def start(manager: ClassKernelManager, **kwargs: Any) -> str:
        name = kwargs["name"]
        if name == "broken":
            raise RuntimeError("no such kernel")
        order.append(name)
        booting.add(name)
        most[0] = max(most[0], len(booting))
        kernel = SimpleNamespace(execution_state="starting")
        manager._kernels[name] = kernel

        async def answer() -> None:  # the kernel answers a moment later; a mute one never
            await asyncio.sleep(0.05)
            if not name.startswith("mute"):
                kernel.execution_state = "idle"
                booting.discard(name)

        answers.append(asyncio.ensure_future(answer()))
        return name

    monkeypatch.setattr(AsyncMappingKernelManager, "start_kernel", start)
    # Long enough that the mute kernel holds its turn while the seven others boot one by
    # one even on a loaded machine (at 0.3 s a slow loop gave it up halfway, and a third
    # kernel booted beside two that this test still counted as booting).
    monkeypatch.setattr(kernels, "LONGEST_BOOT", 2.0)

    async def class_arrives() -> list[str | BaseException]:
        manager = ClassKernelManager(booting_at_once=2, most_kernels=60)
        pool = {"env": {"VOILA_PREHEAT": "True"}}  # as Voilà starts a pool's kernels
        started = await asyncio.gather(
            manager.start_kernel(name="mute"), manager.start_kernel(name="broken"),
            *(manager.start_kernel(name=f"pool{i}", **pool) for i in range(5)),
            manager.start_kernel(name="page"),  # asked last, a student waiting for it
            return_exceptions=True)
        assert most[0] == 2  # never more at once: the mute one held a turn meanwhile
        await asyncio.sleep(2.1)  # the mute one is given up on: both turns are free
        began = time.monotonic()
        await asyncio.gather(*(manager.start_kernel(name=f"mute{i}") for i in range(2)))
        assert time.monotonic() - began < 0.25  # neither waited for the other's turn
        return started

    started = run_apart(class_arrives())
    assert isinstance(started[1], RuntimeError)  # a failed start gives its turn on
    assert started[2:] == [*(f"pool{i}" for i in range(5)), "page"]
    # pool0 took the turn broken gave back; the page went before the pools still waiting.
    assert order[:7] == ["mute", "pool0", "page", *(f"pool{i}" for i in range(1, 5))]


# The command line

def serve(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "wartutor.serve", *args], capture_output=True,
                          text=True, timeout=60, env=env)


def test_the_help_says_every_flag() -> None:
    done = serve("--help")
    assert done.returncode == 0, done.stderr
    for flag in ("--class-size", "--max-kernels", "--kernels-per-browser", "--password-file",
                 "--teacher-password-file", "--certfile", "--keyfile", "--explorer-games",
                 "--theme"):
        assert flag in done.stdout


def test_a_theme_the_apps_do_not_have_is_refused_naming_the_ones_they_have() -> None:
    done = serve("--theme", "url(//evil)")
    assert done.returncode == 2 and "'light', 'dark'" in done.stderr
    assert "Traceback" not in done.stderr


def test_a_password_on_the_command_line_is_refused_with_the_reason() -> None:
    done = serve("--password", "tiger42")
    assert done.returncode == 2 and done.stdout == ""
    assert "ps" in done.stderr and "CLASS_PASSWORD" in done.stderr
    assert "Traceback" not in done.stderr


@pytest.mark.parametrize("password", ["abc", "two wo"])
def test_a_short_password_is_refused(password: str, tmp_path: Path) -> None:
    file = tmp_path / "password"
    file.write_text(password + "\n")
    done = serve("--password-file", str(file))
    assert done.returncode == 2 and "at least 8 characters" in done.stderr
    assert "Traceback" not in done.stderr


def test_the_address_read_out_is_found_without_contacting_anything(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import socket

    import psutil

    from wartutor.serve import network_addresses

    def contacted(*args: object, **kwargs: object) -> None:
        raise AssertionError("network_addresses() must open no socket and look no name up")

    for name in ("socket", "create_connection", "getaddrinfo", "gethostbyname",
                 "gethostbyname_ex"):
        monkeypatch.setattr(socket, name, contacted)
    ipv4, ipv6 = socket.AddressFamily.AF_INET, socket.AddressFamily.AF_INET6

    def address(family: socket.AddressFamily, text: str) -> SimpleNamespace:
        return SimpleNamespace(family=family, address=text, netmask=None)

    monkeypatch.setattr(psutil, "net_if_addrs", lambda: {
        "lo": [address(ipv4, "127.0.0.1")],
        "eth0": [address(ipv4, "192.168.1.20"), address(ipv6, "fe80::1")],
        "wlan0": [address(ipv4, "10.0.0.5")],  # down
        "usb0": [address(ipv4, "169.254.3.4")],  # link-local: no one else's network
    })
    monkeypatch.setattr(psutil, "net_if_stats", lambda: {
        name: SimpleNamespace(isup=name != "wlan0") for name in ("lo", "eth0", "wlan0", "usb0")})
    assert network_addresses() == ["192.168.1.20"]


# A class server with a small cap

class Visitor:
    """One browser: its own cookies, speaking to the server as a page would."""

    def __init__(self, url: str) -> None:
        self.url, self.session = url, requests.Session()
        self.kernels: list[str] = []  # the kernels of the pages it opened

    def get(self, path: str, **kw: object) -> requests.Response:
        answer = self.session.get(self.url + path, allow_redirects=False, timeout=60, **kw)
        self.kernels += re.findall(r'"kernelId": "([0-9a-f-]+)"', answer.text)
        return answer

    def close_pages(self) -> None:
        """Every page closed, as a closing page's beacon shuts its kernel down."""
        xsrf = self.session.cookies.get("_xsrf", "")
        for kernel_id in self.kernels:
            self.session.post(f"{self.url}/voila/api/shutdown/{kernel_id}",
                              params={"_xsrf": xsrf}, timeout=60)
        self.kernels = []

    def login(self, password: str, next_path: str = "/voila/render/start.ipynb"
              ) -> requests.Response:
        self.get("/login")  # the door sets the _xsrf cookie its form sends back
        xsrf = self.session.cookies.get("_xsrf", "")
        return self.session.post(f"{self.url}/login", params={"next": next_path},
                                 data={"_xsrf": xsrf, "password": password},
                                 allow_redirects=False, timeout=60)


@pytest.fixture(scope="module")
def class_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    workdir = tmp_path_factory.mktemp("class")
    server = start_class_server(workdir, "--max-kernels", "3", "--kernels-per-browser", "2")
    boom = {"cells": [{"cell_type": "code", "execution_count": None, "id": "boom",
                       "metadata": {}, "outputs": [], "source": "1 / 0"}],
            "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python",
                                        "name": "python3"}},
            "nbformat": 4, "nbformat_minor": 5}
    (server.root / "notebooks" / "boom.ipynb").write_text(json.dumps(boom))
    yield server
    server.stop()


def test_the_room_database_is_made_before_any_kernel_needs_it(class_server: Server) -> None:
    # Left to the preheating kernels, a fresh file is made by all of them at once, and
    # some fail ("database is locked"): the server makes it as it starts.
    made = class_server.root / "rooms.sqlite3"
    assert made.exists()
    with contextlib.closing(sqlite3.connect(made)) as db:
        tables = {row[0] for row in db.execute("SELECT name FROM sqlite_master")}
    assert {"rooms", "schema_version"} <= tables


def test_the_passwords_are_in_no_command_line_and_in_no_kernel(class_server: Server) -> None:
    visitor = Visitor(class_server.url)
    assert visitor.login(CLASS_PASSWORD).status_code == 302
    assert visitor.get("/voila/render/start.ipynb").status_code == 200  # a kernel runs now
    processes = [class_server.proc.pid, *children(class_server.proc.pid)]
    assert len(processes) >= 2
    for pid in processes:
        said = Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode()
        assert CLASS_PASSWORD not in said and TEACHER_PASSWORD not in said, said
    for kernel in children(class_server.proc.pid):
        env = Path(f"/proc/{kernel}/environ").read_bytes().decode(errors="replace")
        assert CLASS_PASSWORD not in env and TEACHER_PASSWORD not in env
        assert "WARTUTOR_CLASS_SERVER=1" in env and "WARTUTOR_MAX_GAMES=20000" in env
    close_all(visitor)


def children(pid: int) -> list[int]:
    found = subprocess.run(["pgrep", "-P", str(pid)], capture_output=True, text=True).stdout
    return [int(p) for p in found.split()]


def test_wrong_passwords_are_slowed_down_and_the_right_one_gets_in_after(
    class_server: Server,
) -> None:
    visitor = Visitor(class_server.url)
    answers = [visitor.login(f"wrong-guess-{i}").status_code for i in range(3)]
    assert answers == [401, 401, 401]  # three typos are free
    waits = []
    for i in range(3):
        assert visitor.login(f"wrong-again-{i}").status_code == 401
        began = time.monotonic()
        hurried = visitor.login(CLASS_PASSWORD)  # at once: not even checked
        assert hurried.status_code == 429 and "Wait" in hurried.text
        waits.append(int(hurried.headers["Retry-After"]))
        time.sleep(max(0.0, waits[-1] - (time.monotonic() - began)) + 0.1)
    assert waits == [1, 2, 4]
    let_in = visitor.login(CLASS_PASSWORD)
    assert let_in.status_code == 302 and let_in.headers["Location"] == "/voila/render/start.ipynb"


def test_the_login_cookie_is_http_only_and_same_site_lax(class_server: Server) -> None:
    visitor = Visitor(class_server.url)
    answer = visitor.login(CLASS_PASSWORD)
    cookies = answer.raw.headers.getlist("Set-Cookie")
    login = next(c for c in cookies if c.startswith("username-"))
    assert "HttpOnly" in login and "SameSite=Lax" in login
    door = Visitor(class_server.url).get("/login").raw.headers.getlist("Set-Cookie")
    xsrf = next(c for c in door if c.startswith("_xsrf="))
    assert "SameSite=Lax" in xsrf  # not HttpOnly: Voilà's page reads it to close its kernel


def test_a_password_in_the_address_or_a_header_opens_nothing(class_server: Server) -> None:
    stranger = Visitor(class_server.url)
    for asked in (stranger.get(f"/voila/render/start.ipynb?token={CLASS_PASSWORD}"),
                  stranger.get("/voila/render/start.ipynb",
                               headers={"Authorization": f"token {CLASS_PASSWORD}"})):
        assert asked.status_code == 302 and asked.headers["Location"].startswith("/login")
    xsrf_only = Visitor(class_server.url)
    xsrf_only.get("/login")
    in_address = xsrf_only.session.post(
        f"{class_server.url}/login", params={"password": CLASS_PASSWORD},
        data={"_xsrf": xsrf_only.session.cookies.get("_xsrf", "")}, allow_redirects=False)
    assert in_address.status_code == 401


def test_over_the_kernel_cap_a_page_gets_the_server_is_full_page(class_server: Server) -> None:
    ada, bo, cy = (Visitor(class_server.url) for _ in range(3))
    for visitor in (ada, bo, cy):
        visitor.login(CLASS_PASSWORD)
    assert [ada.get("/voila/render/start.ipynb").status_code for _ in range(2)] == [200, 200]
    third = ada.get("/voila/render/start.ipynb")  # two a browser
    assert third.status_code == 503 and "The class server is full" in third.text
    assert "Close the tabs" in third.text
    assert bo.get("/voila/render/start.ipynb").status_code == 200  # three in all
    full = cy.get("/voila/render/start.ipynb")
    assert full.status_code == 503 and "ask your teacher" in full.text
    assert "kernelId" not in full.text
    close_all(ada, bo)
    assert cy.get("/voila/render/start.ipynb").status_code == 200  # room again
    close_all(cy)


def test_a_server_page_speaks_the_browsers_language(class_server: Server) -> None:
    visitor = Visitor(class_server.url)
    german = visitor.get("/login", headers={"Accept-Language": "de-AT,de;q=0.9,en;q=0.5"})
    assert '<html lang="de">' in german.text and "Klassenpasswort" in german.text
    spanish = visitor.get("/login", headers={"Accept-Language": "fr-FR, es;q=0.3"})
    assert "Contraseña de la clase" in spanish.text
    visitor.session.headers["Accept-Language"] = "es"
    assert visitor.login("not-the-password").text.count("Esa no es la contraseña.") == 1
    english = Visitor(class_server.url).get("/login")  # no language said: English
    assert '<html lang="en">' in english.text and "Class password" in english.text


def test_the_servers_own_language_comes_before_the_browsers(
        monkeypatch: pytest.MonkeyPatch) -> None:
    assert notices.page_language("de-DE,es;q=0.9") == "de"
    assert notices.page_language("en;q=0, es;q=0.2, de;q=0.1") == "es"  # q=0: never
    assert notices.page_language("x" * 10_000 + ",<script>;q=1") == "en"  # hostile: English
    monkeypatch.setenv("WARTUTOR_LANG", "es")
    assert notices.page_language("de") == "es"
    with speaking_language(notices.page_language("de")):
        full = notices.class_full(pages_open=6, browser_full=True)
    assert '<html lang="es">' in full and "6 páginas de la clase" in full


def close_all(*visitors: Visitor) -> None:
    for visitor in visitors:
        visitor.close_pages()


def test_pages_and_their_scripts_are_gzipped_and_a_script_compressed_once(
    class_server: Server,
) -> None:
    visitor = Visitor(class_server.url)
    visitor.login(CLASS_PASSWORD)
    page = visitor.get("/voila/render/start.ipynb")
    assert page.status_code == 200 and page.headers["Content-Encoding"] == "gzip"
    script = f"{class_server.url}/voila/static/voila.js"
    plain = visitor.session.get(script, headers={"Accept-Encoding": "identity"}).content
    answers = [visitor.session.get(script, stream=True, headers={"Accept-Encoding": "gzip"})
               for _ in range(2)]
    bodies = [answer.raw.read() for answer in answers]
    for answer, body in zip(answers, bodies, strict=True):
        assert answer.headers["Content-Encoding"] == "gzip"
        assert gzip.decompress(body) == plain and len(body) < len(plain) / 2
    assert bodies[0] == bodies[1]  # the second is what the first kept, sent whole
    assert int(answers[1].headers["Content-Length"]) == len(bodies[1])
    close_all(visitor)


def test_the_class_board_is_the_teachers(class_server: Server) -> None:
    student, teacher = Visitor(class_server.url), Visitor(class_server.url)
    student.login(CLASS_PASSWORD)
    for spelled in ("class_board.ipynb", "./class_board.ipynb", "class%5Fboard.ipynb",
                    "notebooks/../class_board.ipynb"):
        refused = student.get(f"/voila/render/{spelled}")
        assert refused.status_code == 403, spelled
        assert "Teacher password" in refused.text and "kernelId" not in refused.text
    assert student.login(CLASS_PASSWORD, "/voila/render/class_board.ipynb").status_code == 302
    assert student.get("/voila/render/class_board.ipynb").status_code == 403
    assert teacher.login(TEACHER_PASSWORD, "/voila/render/class_board.ipynb").status_code == 302
    board = teacher.get("/voila/render/class_board.ipynb")
    assert board.status_code == 200 and "kernelId" in board.text
    close_all(teacher)


def test_no_error_page_shows_a_traceback(class_server: Server) -> None:
    visitor = Visitor(class_server.url)
    visitor.login(CLASS_PASSWORD)
    pages = [visitor.get("/voila/render/no_such.ipynb"), visitor.get("/no/such/place"),
             visitor.get("/voila/files/start.ipynb"), visitor.get("/api/kernels/not-a-kernel"),
             visitor.get("/voila/render/start.ipynb?template=../../../etc")]
    boom = visitor.get("/voila/render/boom.ipynb")  # a cell raises ZeroDivisionError
    assert [p.status_code for p in pages[:4]] == [404, 404, 403, 404]
    for answer in [*pages, boom]:
        for inside in INSIDES:
            assert inside not in answer.text, (answer.url, inside)
    assert "ZeroDivisionError" not in boom.text
    close_all(visitor)


# The rule explorer under the class server

def test_a_students_explorer_run_over_the_class_cap_is_refused_saying_the_cap(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from wartutor import serve
    from wartutor.ui.explorer import ExplorerApp

    args = serve.parser().parse_args(["--explorer-games", "500", "--explorer-workers", "1"])
    for name, value in serve.kernel_environment(args).items():
        monkeypatch.setenv(name, value)
    app = ExplorerApp(games=1_000_000)
    app.run()
    assert "at most 500 games" in app.message_text() and app.tables == ()
    assert app._workers(seconds_in_one=60) == 1  # one core, however long the run
    app.games_box.value = 500
    app.run()
    assert app.tables and app.message_text() == ""
    monkeypatch.delenv("WARTUTOR_MAX_WORKERS")  # outside a class: every core, as before
    assert app._workers(seconds_in_one=60) == min(app._jobs or 99, serve_cores())


def serve_cores() -> int:
    from wartutor.explore.simulate import default_jobs

    return default_jobs()


@pytest.mark.filterwarnings("ignore::urllib3.exceptions.InsecureRequestWarning")
def test_given_a_certificate_the_class_server_speaks_https_only_with_secure_cookies(
    tmp_path: Path,
) -> None:
    cert, key = tmp_path / "cert.pem", tmp_path / "key.pem"
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1",
                    "-subj", "/CN=127.0.0.1", "-keyout", str(key), "-out", str(cert)],
                   check=True, capture_output=True)
    workdir = tmp_path / "class"
    workdir.mkdir()
    server = start_class_server(workdir, "--certfile", str(cert), "--keyfile", str(key),
                                ready_scheme="https")
    try:
        visitor = Visitor(server.url)
        visitor.session.trust_env = False  # no CA bundle from the environment: the test
        visitor.session.verify = False  # certificate is not what is tried here, HTTPS is
        answer = visitor.login(CLASS_PASSWORD)
        assert answer.status_code == 302
        login = next(c for c in answer.raw.headers.getlist("Set-Cookie")
                     if c.startswith("username-"))
        assert "Secure" in login
        with pytest.raises(requests.ConnectionError):
            requests.get(server.url.replace("https:", "http:") + "/login", timeout=10)
        assert "Open  https://" in server.log.read_text()
    finally:
        server.stop()

