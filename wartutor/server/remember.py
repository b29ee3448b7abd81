"""What the class server keeps between two starts on one machine: the key that signs its
login cookies, and the passwords it made up, so that a server restarted in the middle of a
lesson lets the class back in with the passwords already read out, without a new login.

It is one small file in the wartutor data folder (``WARTUTOR_DATA_DIR``), readable by its
owner alone. Made-up passwords are kept for :data:`KEEP_PASSWORDS` (a school day); the
next class gets new ones.

>>> import tempfile
>>> folder = Path(tempfile.mkdtemp())
>>> first = Memory.at(folder)
>>> first.password("class", made=lambda: "tiger-lamp-river")
'tiger-lamp-river'
>>> Memory.at(folder).password("class", made=lambda: "other-words-here")
'tiger-lamp-river'
>>> Memory.at(folder).key == first.key
True
"""

from __future__ import annotations

import json
import os
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from wartutor.rooms.store import default_path

FILE = "class-server.json"
KEEP_PASSWORDS = 12 * 3600  # seconds


def data_folder() -> Path:
    """The wartutor data folder the rooms are kept in too."""
    return default_path().parent


@dataclass
class Memory:
    path: Path
    key: bytes
    passwords: dict[str, dict[str, Any]]

    @classmethod
    def at(cls, folder: Path | None = None) -> Memory:
        path = (folder or data_folder()) / FILE
        try:
            kept = json.loads(path.read_text(encoding="utf-8"))
            key = bytes.fromhex(kept["key"])
            passwords = {k: v for k, v in kept.get("passwords", {}).items()
                         if time.time() - float(v["made"]) < KEEP_PASSWORDS}
        except (OSError, ValueError, KeyError, TypeError, AttributeError):
            key, passwords = secrets.token_bytes(32), {}  # none yet, or unreadable: anew
        memory = cls(path, key, passwords)
        memory._save()
        return memory

    def password(self, what: str, made: Callable[[], str]) -> str:
        """The password made up for ``what`` today, or a new one from ``made``."""
        if what not in self.passwords:
            self.passwords[what] = {"password": made(), "made": time.time()}
            self._save()
        return str(self.passwords[what]["password"])

    def _save(self) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        text = json.dumps({"key": self.key.hex(), "passwords": self.passwords})
        # Written to a new file that only its owner may read, then moved into place.
        fresh = self.path.with_suffix(".new")
        fd = os.open(fresh, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        # In case a crash left it behind with other permissions (os.chmod: Windows has no
        # os.fchmod before Python 3.13).
        os.chmod(fresh, 0o600)
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            out.write(text)
        os.replace(fresh, self.path)
