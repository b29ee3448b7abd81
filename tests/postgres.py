"""A real PostgreSQL server for the tests: Debian's package, started in a scratch folder.

The server listens on a Unix socket in that folder only (no TCP port), runs as the
``postgres`` user when the tests run as root (PostgreSQL refuses to run as root), and
is stopped when the tests are done. A missing server is a broken set-up: `make test`
installs Debian's ``postgresql`` package first.
"""

from __future__ import annotations

import glob
import os
import shutil
import subprocess
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path


def server_bin() -> Path | None:
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
    return Path(found[-1]).parent if found else None


@dataclass
class Postgres:
    folder: Path
    bin: Path
    as_user: list[str]

    @property
    def url(self) -> str:
        return f"postgresql://postgres@/wartutor?host={self.folder}&port=5433"

    def run(self, *args: str) -> None:
        subprocess.run([*self.as_user, *args], check=True, capture_output=True)

    def stop(self) -> None:
        subprocess.run([*self.as_user, str(self.bin / "pg_ctl"), "-D", str(self.folder / "data"),
                        "-m", "immediate", "stop"], capture_output=True)
        shutil.rmtree(self.folder, ignore_errors=True)


def start_postgres() -> Postgres:
    """A fresh server with an empty database ``wartutor``, ready for connections.

    Its folder is a new one under the system's temporary folder, not pytest's: the
    ``postgres`` user must be able to reach it.
    """
    folder = Path(tempfile.mkdtemp(prefix="wartutor-postgres-"))
    bin_dir = server_bin()
    if bin_dir is None:
        raise RuntimeError("PostgreSQL is not installed: apt-get install postgresql "
                           "(make test does it)")
    as_user: list[str] = []
    if os.geteuid() == 0:
        shutil.chown(folder, "postgres")
        as_user = ["runuser", "-u", "postgres", "--"]
    server = Postgres(folder, bin_dir, as_user)
    server.run(str(bin_dir / "initdb"), "-D", str(folder / "data"), "-U", "postgres",
               "--auth=trust", "--no-sync")
    server.run(str(bin_dir / "pg_ctl"), "-D", str(folder / "data"), "-l",
               str(folder / "server.log"), "-w", "-o",
               f"-k {folder} -p 5433 -c listen_addresses='' -c fsync=off", "start")
    deadline = time.monotonic() + 30
    while True:
        try:
            server.run(str(bin_dir / "createdb"), "-h", str(folder), "-p", "5433", "-U",
                       "postgres", "wartutor")
            return server
        except subprocess.CalledProcessError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.3)
