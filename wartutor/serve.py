"""Serve the apps to a class: on this machine's network, behind a class password.

    CLASS_PASSWORD=... TEACHER_PASSWORD=... python -m wartutor.serve [--port 8866] ...

(``make class`` runs it.) Without passwords it makes up two of three words each, prints
them with the address to read out, and keeps them for the day (a restart lets the class
back in). Students open the address, type the class password once, and land on the start
page; the class board asks for the teacher password. Passwords come from the environment
or a file, never from the command line, which anyone on the machine can read (``ps``).

The server caps the kernels (``--class-size``, ``--max-kernels``, ``--kernels-per-browser``),
culls pages left idle, preheats the pages a class opens first, caps the rule explorer's
runs, shows no traceback, and speaks HTTPS when given a certificate (``--certfile``). Rooms
are kept in the ``--rooms`` database (by default the WARTUTOR_ROOMS setting, else a SQLite
file in the wartutor data folder).
"""

from __future__ import annotations

import argparse
import os
import socket
import sys
from pathlib import Path

from wartutor.local import notebooks_folder
from wartutor.rooms.store import URL_SETTING, RoomStore
from wartutor.server.passwords import BITS, PasswordProblem, new_password, read_password
from wartutor.server.remember import Memory
from wartutor.server.settings import (
    CLASS_SIZE,
    EXPLORER_GAMES,
    EXPLORER_WORKERS,
    KERNELS_PER_STUDENT,
    PER_BROWSER,
    PREHEAT,
    THEMES,
    ClassSettings,
)
from wartutor.server.words import WORDS
from wartutor.ui.classroom import CLASS_SERVER

NOTEBOOKS = notebooks_folder()  # the installed package's, or the checkout's
CLASS_PASSWORD, TEACHER_PASSWORD = "CLASS_PASSWORD", "TEACHER_PASSWORD"
# What every kernel of the class is told, besides CLASS_SERVER: the rule explorer's cap
# (wartutor.ui.explorer reads these names).
MAX_GAMES, MAX_WORKERS = "WARTUTOR_MAX_GAMES", "WARTUTOR_MAX_WORKERS"
SECRETS = (CLASS_PASSWORD, TEACHER_PASSWORD, "JUPYTER_TOKEN", "JUPYTER_TOKEN_FILE")


def network_addresses() -> list[str]:
    """This machine's IPv4 addresses that other machines can reach (not loopback, not
    link-local), read from its network interfaces that are up.

    Nothing is contacted to find them: no socket is opened and no name is looked up (a
    lookup would ask the network's name server)."""
    try:
        import psutil  # type: ignore[import-untyped]  # installed with ipykernel
    except ImportError:
        return []
    try:
        interfaces = psutil.net_if_addrs()
        up = {name for name, stats in psutil.net_if_stats().items() if stats.isup}
    except (OSError, psutil.Error):
        return []
    found = [address.address for name, addresses in interfaces.items() if name in up
             for address in addresses if address.family == socket.AF_INET]
    return list(dict.fromkeys(a for a in found if not a.startswith(("127.", "0.", "169.254."))))


def parser() -> argparse.ArgumentParser:
    ask = argparse.ArgumentParser(prog="python -m wartutor.serve",
                                  description=__doc__.splitlines()[0])
    ask.add_argument("--port", type=int, default=8866)
    ask.add_argument("--address", default="",
                     help="the address to listen on (default: every address of this machine)")
    ask.add_argument("--password-file", type=Path,
                     help=f"a file whose first line is the class password (else {CLASS_PASSWORD}"
                          ", else one is made up)")
    ask.add_argument("--teacher-password-file", type=Path,
                     help=f"a file whose first line is the teacher password, which opens the "
                          f"class board (else {TEACHER_PASSWORD}, else one is made up)")
    ask.add_argument("--class-size", type=int, default=CLASS_SIZE,
                     help=f"students expected (default {CLASS_SIZE})")
    ask.add_argument("--max-kernels", type=int,
                     help=f"kernels in all, preheated ones too (default {KERNELS_PER_STUDENT} "
                          "a student)")
    ask.add_argument("--kernels-per-browser", type=int, default=PER_BROWSER,
                     help=f"pages one browser may have open (default {PER_BROWSER})")
    ask.add_argument("--preheat", default=",".join(f"{k}={v}" for k, v in PREHEAT.items()),
                     help="kernels started ahead, by notebook: start.ipynb=4,... ('' for none)")
    ask.add_argument("--explorer-games", type=int, default=EXPLORER_GAMES,
                     help=f"games one rule-explorer run may play (default {EXPLORER_GAMES:,})")
    ask.add_argument("--explorer-workers", type=int, default=EXPLORER_WORKERS,
                     help=f"processes one run may use (default {EXPLORER_WORKERS})")
    ask.add_argument("--theme", default="light", choices=THEMES,
                     help="the pages' theme for the whole class (a projector in a bright "
                          "room reads best in light; dark for a dim one)")
    ask.add_argument("--certfile", default="", help="a certificate (PEM) to serve HTTPS")
    ask.add_argument("--keyfile", default="", help="its private key (PEM)")
    ask.add_argument("--rooms", help="the room database: sqlite:///path or postgresql://...")
    ask.add_argument("--notebooks", type=Path, default=NOTEBOOKS, help=argparse.SUPPRESS)
    ask.add_argument("--password", help=argparse.SUPPRESS)  # gone: refused with a reason
    return ask


def preheat_counts(text: str) -> dict[str, int]:
    """'start.ipynb=4, play_together.ipynb=8' as a mapping; ValueError if malformed."""
    counts = {}
    for part in filter(None, (p.strip() for p in text.split(","))):
        name, _, size = part.partition("=")
        if not name.strip().endswith(".ipynb") or not size.strip().isdigit():
            raise ValueError(f"{part!r} is not NOTEBOOK.ipynb=COUNT")
        counts[name.strip()] = int(size)
    return counts


def passwords(args: argparse.Namespace, memory: Memory) -> tuple[str, str]:
    given_class = read_password(CLASS_PASSWORD, args.password_file, what="class password")
    given_teacher = read_password(TEACHER_PASSWORD, args.teacher_password_file,
                                  what="teacher password")
    return (given_class or memory.password("class", new_password),
            given_teacher or memory.password("teacher", new_password))


def kernel_environment(args: argparse.Namespace) -> dict[str, str]:
    """The server's environment, as every kernel inherits it: no secret in it."""
    env = {k: v for k, v in os.environ.items() if k not in SECRETS}
    env[CLASS_SERVER] = "1"
    env[MAX_GAMES], env[MAX_WORKERS] = str(args.explorer_games), str(args.explorer_workers)
    if args.rooms:
        env[URL_SETTING] = args.rooms
    return env


def make_room_database() -> None:
    """Make the room database (or bring it up to date) once, before any kernel starts.

    The kernels find it where this process does (their environment is its own). Left to
    them, a fresh SQLite file is made by every preheating kernel at once, and some of them
    fail ("database is locked"), leaving their pages without a lobby. A database that
    cannot be reached is said, and the server serves the other apps all the same."""
    try:
        RoomStore.at().close()
    except Exception as e:  # a database the rooms will not have either: say why
        print(f"wartutor.serve: rooms will not work: {type(e).__name__}: {e}",
              file=sys.stderr)


def say_where(settings: ClassSettings, address: str) -> None:
    scheme = "https" if settings.certfile else "http"
    shown = [address] if address not in ("", "0.0.0.0") else network_addresses()
    print("Serving wartutor to the class. Read this out:")
    for where in shown or ["(no network address found: is this machine on a network?)"]:
        print(f"  Open  {scheme}://{where}:{settings.port}/voila/render/start.ipynb")
    print(f"  Class password: {settings.class_password}")
    print(f"Teacher password (for the class board; keep it off the projector): "
          f"{settings.teacher_password}")
    print(f"Made-up passwords are three words of {len(WORDS):,}, about {BITS:.0f} bits; wrong "
          "ones slow their sender down.")
    if not settings.certfile:
        print("Plain HTTP: anyone on this network can read what the class sends, the "
              "passwords too. Use --certfile/--keyfile for HTTPS (see README).")
    print(f"At most {settings.most_kernels} kernels ({settings.per_browser} per browser); "
          f"on this machine: {scheme}://127.0.0.1:{settings.port}/voila/render/start.ipynb  "
          "(Ctrl-C stops)")
    sys.stdout.flush()


def main(argv: list[str] | None = None) -> int:
    args = parser().parse_args(argv)
    if args.password is not None:
        print("--password is gone: a password on the command line can be read by anyone on "
              f"this machine (ps). Set {CLASS_PASSWORD}=... in the environment, or use "
              "--password-file, or give none and one is made up.", file=sys.stderr)
        return 2
    try:
        preheat = preheat_counts(args.preheat)
        memory = Memory.at()
        class_password, teacher_password = passwords(args, memory)
    except (ValueError, PasswordProblem, OSError) as e:
        print(f"wartutor.serve: {e}", file=sys.stderr)
        return 2
    settings = ClassSettings(
        notebooks=args.notebooks, class_password=class_password,
        teacher_password=teacher_password, cookie_secret=memory.key, port=args.port,
        address=args.address, class_size=args.class_size, max_kernels=args.max_kernels,
        per_browser=args.kernels_per_browser, preheat=preheat, certfile=args.certfile,
        keyfile=args.keyfile, theme=args.theme)
    if problems := settings.problems():
        print("wartutor.serve: " + "; ".join(problems), file=sys.stderr)
        return 2
    say_where(settings, args.address)
    # Every kernel inherits the server's environment: the secrets leave it here.
    env = kernel_environment(args)
    os.environ.clear()
    os.environ.update(env)
    make_room_database()
    # jsonschema, which jupyter_server's event log brings, loads rfc3987_syntax if it is
    # installed, only to check IRIs, which nothing here asks it to: building its grammar
    # takes 1.4 s of the server's start, and of every restart in the middle of a lesson.
    sys.modules.setdefault("rfc3987_syntax", None)  # type: ignore[arg-type]
    from wartutor.server.app import ClassVoila  # Voilà is only needed from here on

    app = ClassVoila(config=settings.config())
    app.initialize([str(args.notebooks)])
    app.start()
    return 0


if __name__ == "__main__":
    sys.exit(main())
