"""The apps on one's own machine: where the notebooks are, and Voilà serving them.

The notebooks and Voilà's settings ship inside the package (``wartutor.notebooks`` and
``wartutor/voila.json``), so ``pip install 'wartutor[app]'`` and ``wartutor app`` are all a
teacher needs; in a source checkout (an editable install) the notebooks are the
repository's own ``notebooks/`` folder. Nothing here needs ``make``, a shell or Linux.

>>> (notebooks_folder() / "start.ipynb").is_file()
True
>>> app_command(8866)[1:3], app_command(8866)[-2:]
(['-m', 'voila'], ['--Voila.ip=127.0.0.1', '--port=8866'])
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

from wartutor.core.errors import BadInput, quoted

PACKAGE = Path(__file__).resolve().parent
START_PAGE = "voila/render/start.ipynb"


def notebooks_folder() -> Path:
    """The folder of the apps' notebooks: the installed package's, else the checkout's."""
    # A folder, not importlib.resources: the notebooks are no Python package (no
    # __init__.py), and files() gives a namespace package a MultiplexedPath, whose str()
    # is no path (tests/test_release.py serves them from an installed wheel).
    shipped = PACKAGE / "notebooks"
    if shipped.is_dir():
        return shipped
    return PACKAGE.parent / "notebooks"  # a source checkout, where they sit beside the package


def voila_settings_folder() -> Path:
    """The folder of ``voila.json``: no tracebacks, idle pages culled."""
    return PACKAGE


def app_command(port: int) -> list[str]:
    """Voilà serving the notebooks on this machine only, with the package's settings."""
    return [sys.executable, "-m", "voila", str(notebooks_folder()), "--no-browser",
            f"--Voila.config_file_paths={voila_settings_folder()}",
            "--Voila.ip=127.0.0.1", f"--port={port}"]


def copy_notebooks(destination: str | Path) -> Path:
    """Copy the notebooks into ``destination`` (a new folder, or an empty one), to edit
    them; the folder."""
    folder = Path(destination).expanduser()
    if folder.exists() and (not folder.is_dir() or any(folder.iterdir())):
        raise BadInput(f"{quoted(str(folder))} already holds files",
                       allowed="a new folder, or an empty one, so nothing is overwritten")
    folder.mkdir(parents=True, exist_ok=True)
    for notebook in sorted(notebooks_folder().glob("*.ipynb")):
        shutil.copy2(notebook, folder / notebook.name)
    return folder
