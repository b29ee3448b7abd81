"""Where wartutor keeps what it saves (rooms, campaigns): one folder for the user.

Every place that saves asks :func:`data_folder`. In order:

1. in the browser edition, the folder the browser keeps (:func:`wartutor.web.data_folder`),
   whatever else is set: nothing else outlives the page there;
2. the ``WARTUTOR_DATA_DIR`` environment variable;
3. the system's place for a user's data, as platformdirs names it: ``%APPDATA%\\wartutor``
   on Windows, ``~/Library/Application Support/wartutor`` on macOS, ``$XDG_DATA_HOME/wartutor``
   or ``~/.local/share/wartutor`` elsewhere.
"""

from __future__ import annotations

import os
from pathlib import Path

DATA_DIR_VARIABLE = "WARTUTOR_DATA_DIR"


def data_folder() -> Path:
    """The folder wartutor saves in (not made here: whoever saves makes it)."""
    # Imported here, not above: the rules (wartutor.core, wartutor.variants) load only the
    # standard library, and platformdirs (a dependency of the package) is loaded only when
    # something is about to be saved; the browser edition, which ships no platformdirs,
    # never loads it. wartutor.web uses the standard library only.
    from wartutor import web

    if (browser := web.data_folder()) is not None:
        return browser
    if chosen := os.environ.get(DATA_DIR_VARIABLE):
        return Path(chosen).expanduser()
    from platformdirs import user_data_dir

    # appauthor=False: %APPDATA%\wartutor on Windows, where campaigns were saved before,
    # rather than platformdirs' %APPDATA%\wartutor\wartutor (the other systems have no
    # author folder).
    return Path(user_data_dir("wartutor", appauthor=False, roaming=True))
