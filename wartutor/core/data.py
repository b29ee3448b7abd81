"""Where wartutor keeps what it saves (rooms, campaigns): one folder for the user.

In order: the ``WARTUTOR_DATA_DIR`` environment variable; else the system's place for a
user's data (``%APPDATA%`` on Windows, ``~/Library/Application Support`` on macOS,
``$XDG_DATA_HOME`` or ``~/.local/share`` elsewhere), followed by ``wartutor``. The same on
every system as platformdirs' ``user_data_dir("wartutor", roaming=True)``, with the
standard library only, as the rules layer must.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

DATA_DIR_VARIABLE = "WARTUTOR_DATA_DIR"


def data_folder() -> Path:
    """The folder wartutor saves in (not made here: whoever saves makes it)."""
    if chosen := os.environ.get(DATA_DIR_VARIABLE):
        return Path(chosen).expanduser()
    home = Path.home()
    if sys.platform == "win32":
        base = Path(os.environ.get("APPDATA") or home / "AppData" / "Roaming")
    elif sys.platform == "darwin":
        base = home / "Library" / "Application Support"
    else:
        base = Path(os.environ.get("XDG_DATA_HOME") or home / ".local" / "share")
    return base / "wartutor"
