"""The two editions: what the browser edition does differently, decided here and only here.

The same notebooks and apps run on a server (Voilà, JupyterLab, Binder, ``make class``)
and in each student's own browser (Pyodide: the Voici pages and JupyterLite notebooks of
``make site``). A browser cannot start threads or processes, has no matplotlib that the
site can ship, no shared database and no server for rooms, and keeps files only where the
page's storage keeps them. Callers ask this module, never ``sys.platform``:

>>> EDITION
'server'
>>> app_link("classic_war.ipynb"), app_link("rule_explorer.ipynb", "variant=war_room")
('classic_war.ipynb', 'rule_explorer.ipynb?variant=war_room')
>>> has_server(), worker_processes(4)
(True, 4)
>>> with browser_edition():
...     app_link("classic_war.ipynb"), notebook_link("strategy_lab.ipynb"), has_server()
('classic_war.html', '../../notebooks/index.html?path=strategy_lab.ipynb', False)
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from wartutor.language import _

#: ``"browser"`` under Pyodide (``sys.platform == "emscripten"``), else ``"server"``.
EDITION = "browser" if sys.platform == "emscripten" else "server"

# The browser edition, for tests and docs on a server (browser_edition() below).
_forced: list[str] = []


def in_browser() -> bool:
    """True in the student's browser (Pyodide), False on any server."""
    return (_forced[-1] if _forced else EDITION) == "browser"


@contextmanager
def browser_edition() -> Iterator[None]:
    """Act as the browser edition for a while (tests, and pages made for the site)."""
    _forced.append("browser")
    try:
        yield
    finally:
        _forced.pop()


# --- Links between pages -------------------------------------------------------------
# Voilà serves a notebook at ``x.ipynb``, Voici at ``x.html`` (its pages are in
# voici/render/ beside each other); JupyterLite opens a notebook to edit at
# notebooks/index.html?path=x.ipynb. A Voici page gets no query string in its kernel, so a
# query is left off in the browser (the page offers its own choice instead).
#
# The same notebook shows its links in a Voici page and in a JupyterLite notebook, whose
# addresses differ (voici/render/ and notebooks/), and JupyterLite takes a relative link
# for a file beside the notebook. So in the browser every link is the site's full address,
# read from where the page's Python runs: its worker's script, in the site's extensions/.

#: Where the kernel's worker script lives in the site (jupyterlite-pyodide-kernel).
WORKER_FOLDER = "extensions/@jupyterlite/pyodide-kernel-extension/"


def site_root() -> str:
    """The static site's address, ending in "/" ("https://school.example/wartutor/"), or
    "" where it cannot be known (then links are relative to a Voici page)."""
    try:
        import js  # type: ignore[import-not-found]  # Pyodide's window on the browser
    except ImportError:  # not in Pyodide (a test of the browser edition)
        return ""
    worker = str(getattr(getattr(js, "location", None), "href", ""))
    root, found, _ = worker.partition(WORKER_FOLDER)
    return root if found and root.startswith(("https://", "http://")) else ""


def app_link(notebook: str, query: str = "") -> str:
    """The link from one app page to another app (a notebook run as a page)."""
    if in_browser():
        page = notebook.removesuffix(".ipynb") + ".html"
        root = site_root()
        notebook = f"{root}voici/render/{page}" if root else page
    # The page's own script hands the query to a kernel in the browser (see ui/identity.py).
    return f"{notebook}?{query}" if query else notebook


def notebook_link(notebook: str) -> str:
    """The link to a notebook a student reads, edits and runs: JupyterLite in the browser,
    the same notebook as a page on a server (Voilà; JupyterLab opens it from its tree)."""
    if in_browser():
        return f"{site_root() or '../../'}notebooks/index.html?path={notebook}"
    return notebook


def has_server() -> bool:
    """Rooms and the class board need a server that referees and stores: not here."""
    return not in_browser()


#: The largest whole number a widget may hold in either edition: the page's numbers are
#: JavaScript's, and Pyodide sends 2**53 - 1 and above as a BigInt, which the page cannot
#: put in a message (its widget is then lost).
LARGEST_WIDGET_INT = 2**53 - 2


# --- Work a browser page does itself -------------------------------------------------


def worker_processes(wanted: int) -> int:
    """How many processes a batch of games may use: none but the page's own in the browser
    (threads fail there, and a process pool has no ``multiprocessing.synchronize``)."""
    return 1 if in_browser() else wanted


def can_use_threads() -> bool:
    return not in_browser()


#: How long one chunk of games may keep the page busy in the browser before the page
#: draws and answers clicks again (Cancel included), in seconds.
CHUNK_SECONDS = 0.1

#: The share of a server's default explorer run that the browser plays by default: one
#: core instead of every core, and Pyodide a few times slower than CPython
#: (benchmarks/static_site.py), so a run still takes a few seconds.
BROWSER_SHARE = 0.25


def explorer_games(default: int) -> int:
    """The games an explorer run plays unless a student asks for more: the server's
    default, or BROWSER_SHARE of it in the browser (the same on every screen)."""
    return max(20, round(default * BROWSER_SHARE)) if in_browser() else default


#: The share of its games the coach plays in the browser, so that its answer (and the
#: hardest computer player's move) comes within a few seconds there too; never fewer
#: than BROWSER_COACH_FEWEST a choice.
BROWSER_COACH_SHARE = 0.25
BROWSER_COACH_FEWEST = 4


def coach_games(wanted: int) -> int:
    """The games the coach plays for each choice it weighs, where it was asked ``wanted``."""
    if not in_browser():
        return wanted
    return max(min(wanted, BROWSER_COACH_FEWEST), round(wanted * BROWSER_COACH_SHARE))


# --- What a student keeps ------------------------------------------------------------

#: JupyterLite's drive: Pyodide's folder that the site keeps in the browser's storage
#: (IndexedDB), mounted when the page's service worker runs (not in private windows).
DRIVE = Path("/drive")


def data_folder() -> Path | None:
    """Where this edition keeps a student's files (the Arsenal campaign): in the browser,
    a folder of the drive the browser keeps (``/drive/.wartutor``), or a folder of the
    page's memory when there is no drive (the note below says so); on a server, None:
    the caller's own default (``WARTUTOR_DATA_DIR`` or the system's folder)."""
    if not in_browser():
        return None
    if DRIVE.is_dir():  # made by the kernel only where it mounts the drive
        return DRIVE / ".wartutor"
    return Path.home() / ".wartutor"


def can_lock_files() -> bool:
    """Whether a save may lock its file against other processes: not in the browser, where
    a page's Python is alone in its tab's worker and Pyodide has no ``flock``."""
    return not in_browser()


def storage_note() -> str:
    """A sentence for the page on how long what is saved is kept (empty on a server)."""
    if not in_browser():
        return ""
    folder = data_folder()
    if folder is not None and folder.is_relative_to(DRIVE):
        return ("Your progress is saved in this browser after every match: it is here next "
                "time you open this site on this computer, in this browser, unless the "
                "browser's data for the site is cleared.")
    return ("This browser keeps nothing for this page (a private window?): your progress is "
            "lost when the page closes.")


def server_needed_note() -> str:
    """What the static edition says where a server's feature would be."""
    return _("Rooms and the class board need a server (make class, or Binder): this site "
             "runs in your browser alone.")
