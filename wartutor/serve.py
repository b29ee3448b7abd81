"""Serve the apps to a class: on this machine's network address, behind a class password.

    python -m wartutor.serve --password PASSWORD [--port 8866] [--rooms URL]

(``make class PASSWORD=...`` runs it.) It refuses to start without a password, prints
the address and the password to read out to the class, then runs Voilà on every
network address of the machine. Students open the address, type the password once,
and land on the start page. Rooms are kept in the ``--rooms`` database (by default the
WARTUTOR_ROOMS setting, else a SQLite file in the wartutor data folder).
"""

from __future__ import annotations

import argparse
import os
import socket
import subprocess
import sys
from pathlib import Path

from wartutor.rooms.store import URL_SETTING

MIN_PASSWORD = 6  # characters: short enough to read out, long enough not to guess at once
NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"


def network_addresses() -> list[str]:
    """This machine's IPv4 addresses that other machines can reach (not loopback)."""
    try:
        said = subprocess.run(["hostname", "-I"], capture_output=True, text=True,
                              timeout=5).stdout.split()
    except (OSError, subprocess.TimeoutExpired):
        said = []
    if not said:
        try:
            said = socket.gethostbyname_ex(socket.gethostname())[2]
        except OSError:
            said = []
    return [a for a in said if "." in a and not a.startswith("127.")]


def voila_command(password: str, port: int, notebooks: Path) -> list[str]:
    voila = Path(sys.executable).parent / "voila"
    return [str(voila), str(notebooks), "--no-browser", "--Voila.ip=0.0.0.0", f"--port={port}",
            f"--token={password}"]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="make class", description=__doc__.splitlines()[0])
    parser.add_argument("--password", default=os.environ.get("CLASS_PASSWORD", ""),
                        help="the class password students type (or CLASS_PASSWORD)")
    parser.add_argument("--port", type=int, default=8866)
    parser.add_argument("--rooms", help="the room database: sqlite:///path or postgresql://...")
    parser.add_argument("--notebooks", type=Path, default=NOTEBOOKS, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    password = args.password.strip()
    if len(password) < MIN_PASSWORD or any(c.isspace() for c in password):
        print(f"make class needs a class password of at least {MIN_PASSWORD} characters, "
              "without spaces: make class PASSWORD=tiger42", file=sys.stderr)
        return 2
    env = dict(os.environ)
    if args.rooms:
        env[URL_SETTING] = args.rooms
    addresses = network_addresses()
    print("Serving wartutor to the class. Read this out:")
    for address in addresses or ["(no network address found: is this machine on a network?)"]:
        print(f"  Open  http://{address}:{args.port}/voila/render/start.ipynb")
    print(f"  Password: {password}")
    print(f"On this machine: http://127.0.0.1:{args.port}/voila/render/start.ipynb  "
          "(Ctrl-C stops)")
    sys.stdout.flush()
    cmd = voila_command(password, args.port, args.notebooks)
    os.execve(cmd[0], cmd, env)
    return 0  # not reached: Voilà has taken this process over


if __name__ == "__main__":
    sys.exit(main())
