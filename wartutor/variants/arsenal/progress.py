"""Campaign progress and the file that keeps it, in the user's data folder.

Saving never leaves a half-written file where the progress belongs: the new
contents go to a temporary file in the same folder, are flushed to the disk, and
then replace the old file in one step (``os.replace`` is atomic on one file
system). A kernel killed mid-save leaves the old progress, or the new, never a mix.

Saving never rolls a campaign back either. Two pages of one campaign (a tab left open
at level 2, another since gone on to level 4) each hold a record that is soon out of
date, so a save never writes a page's record as it stands: under a lock on a ``.lock``
file beside the save, it reads the saved record again, merges the page's into it
(:meth:`Progress.merged`: the furthest of the two, level by level), applies the change,
and writes the result (:meth:`ProgressFile.update`). The lock is the system's own
(``fcntl.flock`` on Linux and macOS, ``msvcrt.locking`` on Windows), so two kernels, or
two processes of any kind, take turns, and a process that dies holding it lets it go. The
browser edition takes no lock (:meth:`ProgressFile._locked` says why).

A file that cannot be read or makes no sense (whatever its bytes) is never deleted:
it is moved aside under a new name, the player is told so in plain words, and a fresh
campaign begins. A temporary file left by a save that was killed before its swap is
removed by the next load, once it is a minute old (so that a save still running in
another process keeps its own). What the player is told never names a folder: on a
class server that would show every student where the server keeps its data.

Each browser keeps a file of its own, named after the hash of its browser key (the
``owner``, :func:`owner_file_name`), never after a name anyone can type: thirty students
on one server each have their own campaign, and a broken file sets back only its own
student. The name a student types is only the campaign's label, kept inside the file.

The folder is, in order: the ``data_dir`` argument; the ``WARTUTOR_DATA_DIR``
environment variable; the system's place for user data (``$XDG_DATA_HOME`` or
``~/.local/share`` on Linux, ``~/Library/Application Support`` on macOS,
``%APPDATA%`` on Windows), followed by ``wartutor``.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from pathlib import Path
from typing import IO, Any

from wartutor import web
from wartutor.core.data import data_folder
from wartutor.core.errors import BadInput, quoted
from wartutor.core.limits import parse_json, read_text
from wartutor.core.names import check_name
from wartutor.language import _

LEVEL_COUNT = 10
DATA_DIR_VARIABLE = "WARTUTOR_DATA_DIR"
FILE_NAME = "arsenal-progress.json"
FORMAT = "wartutor-arsenal-progress"
VERSION = 1
MAX_BYTES = 64_000  # a saved campaign takes about 300
STALE_AFTER = 60  # seconds: a save's temporary file older than this was left by a killed save
LOCK_WAIT = 10  # seconds a save waits for another's lock before it gives up and says so
OWNER_SHAPE = re.compile(r"[0-9a-f]{40}")  # a browser key's hash (wartutor.ui.identity.key_id)


def owner_file_name(owner: str) -> str:
    """The save file of the browser whose key hashes to ``owner``: nobody can pick another
    browser's file by typing, since nobody types a key's hash
    ("arsenal-progress-0a1b….json", always a safe file name)."""
    if not isinstance(owner, str) or OWNER_SHAPE.fullmatch(owner) is None:
        raise BadInput(f"{quoted(owner)} is not a browser's id",
                       allowed="40 hexadecimal digits, as wartutor.ui.identity.key_id gives")
    return f"arsenal-progress-{owner}.json"


@dataclass(frozen=True)
class Progress:
    """How far the campaign has come: levels up to ``unlocked`` may be played. ``label``
    is the name the student gave the campaign ("" until they give one), checked as every
    typed name is (:func:`wartutor.core.names.check_name`)."""

    unlocked: int = 1
    cleared: bool = False
    wins: tuple[int, ...] = (0,) * LEVEL_COUNT
    losses: tuple[int, ...] = (0,) * LEVEL_COUNT
    label: str = ""

    def after_match(self, level: int, won: bool) -> Progress:
        """The progress once a match of ``level`` is won or lost."""
        if not 1 <= level <= self.unlocked:
            raise BadInput(f"level {level} is not open yet",
                           allowed=f"a level from 1 to {self.unlocked}")
        if not won:
            return replace(self, losses=_add_one(self.losses, level - 1))
        return replace(self, wins=_add_one(self.wins, level - 1),
                       unlocked=max(self.unlocked, min(level + 1, LEVEL_COUNT)),
                       cleared=self.cleared or level == LEVEL_COUNT)

    def merged(self, other: Progress) -> Progress:
        """The furthest of two records of one campaign, so that no save rolls it back.

        >>> ahead = Progress(unlocked=4, wins=(1, 1, 1) + (0,) * 7, label="Ada")
        >>> stale = Progress(unlocked=2, wins=(1,) + (0,) * 9, losses=(3,) + (0,) * 9)
        >>> both = ahead.merged(stale)
        >>> both.unlocked, both.wins[:3], both.losses[0], both.label
        (4, (1, 1, 1), 3, 'Ada')

        Every level's count only ever grows, in every record: the largest of the two is
        then at least what either record saw, and a level beaten in either is beaten in
        the merge. A sum would count twice the matches both records hold (a tab's record
        holds what it read from the file). So the merge is the maximum, and two tabs'
        matches are both counted by applying each match to the merged record, under the
        file's lock (:meth:`ProgressFile.update`), not by merging two records that each
        added one. ``self``'s label is kept unless it has none: a rename is a change of
        its own, never a side effect of a save.
        """
        return Progress(unlocked=max(self.unlocked, other.unlocked),
                        cleared=self.cleared or other.cleared,
                        wins=tuple(map(max, self.wins, other.wins)),
                        losses=tuple(map(max, self.losses, other.losses)),
                        label=self.label or other.label)

    def to_json(self) -> str:
        return json.dumps({"format": FORMAT, "version": VERSION, "unlocked": self.unlocked,
                           "cleared": self.cleared, "wins": list(self.wins),
                           "losses": list(self.losses), "label": self.label}, indent=1)

    @classmethod
    def from_json(cls, text: str) -> Progress:
        """The progress a saved file holds, or :class:`BadInput` saying what is wrong with it."""
        allowed = "a file saved by wartutor's Arsenal campaign"
        data: Any = parse_json(text, max_chars=MAX_BYTES, what="it", allowed=allowed)
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise BadInput(_("it is not an Arsenal progress file"), allowed=allowed)
        if type(data.get("version")) is not int or data["version"] != VERSION:
            raise BadInput(_("its version {version} is unknown").format(
                               version=quoted(data.get("version"))),
                           allowed=f"version {VERSION}")
        unlocked, cleared = data.get("unlocked"), data.get("cleared")
        if type(unlocked) is not int or not 1 <= unlocked <= LEVEL_COUNT:
            raise BadInput(_("its unlocked level {level} does not exist").format(
                               level=quoted(unlocked)),
                           allowed=f"a level from 1 to {LEVEL_COUNT}")
        if type(cleared) is not bool or (cleared and unlocked != LEVEL_COUNT):
            raise BadInput(_("its 'cleared' mark {mark} does not fit its levels").format(
                               mark=quoted(cleared)),
                           allowed="true only once every level is unlocked, else false")
        counts = []
        for name in ("wins", "losses"):
            value = data.get(name)
            if not (isinstance(value, list) and len(value) == LEVEL_COUNT
                    and all(type(n) is int and n >= 0 for n in value)):
                raise BadInput(_("its {name} are not {count} counts").format(
                                   name=quoted(name), count=LEVEL_COUNT),
                               allowed=f"a list of {LEVEL_COUNT} whole numbers")
            counts.append(tuple(value))
        # The label came later than the format's version 1: a file without one has none.
        # A label is worth less than the progress, so one that fails the check (a file
        # edited by hand, or a stricter check since) is dropped, not the campaign.
        try:
            label = check_name(data["label"]) if data.get("label") else ""
        except BadInput:
            label = ""
        return cls(unlocked, cleared, counts[0], counts[1], label)


def _add_one(counts: tuple[int, ...], index: int) -> tuple[int, ...]:
    return tuple(n + (i == index) for i, n in enumerate(counts))


def default_data_dir() -> Path:
    """Where user data lives on this system, unless ``WARTUTOR_DATA_DIR`` says otherwise:
    the folder the rooms are kept in too (:mod:`wartutor.core.data`)."""
    return data_folder()


class ProgressFile:
    """The campaign's save file: :meth:`load` never fails, :meth:`update` never half-writes
    and never rolls the campaign back. ``owner`` is the browser's id (its key's hash);
    without one, the folder's single campaign (one person's own computer)."""

    def __init__(self, data_dir: str | Path | None = None, owner: str | None = None) -> None:
        folder = default_data_dir() if data_dir is None else Path(data_dir).expanduser()
        self.path = folder / (FILE_NAME if owner is None else owner_file_name(owner))
        self.lock_path = self.path.with_name(self.path.name + ".lock")
        self.stuck = False  # an unusable save could not be moved aside: never overwrite it

    def load(self) -> tuple[Progress, str | None]:
        """The saved progress (a fresh one if there is none) and a message for the player,
        or None when there is nothing to tell. Never raises, whatever the file holds."""
        self._sweep()
        try:
            if not self.path.parent.is_dir():
                return Progress(), None
            # Under the lock, so that moving a broken file aside never moves the good file
            # another process has just saved in its place.
            with self._locked():
                return self._read()
        except OSError:
            # No lock to be had (a read-only folder, or a lock held for ever): reading is
            # still safe, since a save swaps the whole file in at once, but a file that
            # looks broken is left where it is, as it cannot be moved aside safely.
            return self._read(set_aside=False)

    def update(self, change: Callable[[Progress], Progress]) -> tuple[Progress, str | None]:
        """Read the saved progress again, write ``change(saved)`` atomically, and return it,
        all under the file's lock, so that nothing another page saved meanwhile is lost;
        with any message for the player, as :meth:`load` gives. Raises :class:`OSError`
        when the file cannot be written, :class:`BadInput` to keep an unusable one."""
        self.path.parent.mkdir(parents=True, exist_ok=True)
        with self._locked():
            saved, message = self._read()
            if self.stuck:
                raise BadInput("the unusable save is kept as it is, not overwritten",
                               allowed="moving that file away, then saving again")
            progress = change(saved)
            self._write(progress)
        return progress, message

    def save(self, progress: Progress) -> Progress:
        """Merge ``progress`` into the saved record and write the furthest of the two."""
        return self.update(lambda saved: saved.merged(progress))[0]

    @contextlib.contextmanager
    def _locked(self) -> Iterator[None]:
        """Hold the lock beside the save. The lock file is made if missing and never
        removed: a process that removed it could let two others each lock a file of its
        own name."""
        if not web.can_lock_files():
            # In the browser a page's Python runs in that tab's own worker, alone: no other
            # process shares its files, so there is no one to take turns with, and Pyodide
            # has no flock to take turns by (its kernel's fcntl is an empty stand-in).
            # Another tab of the same campaign is another worker, which reads the browser's
            # copy of the file afresh at each save (the drive asks the page for every
            # read), so the merge below still keeps the furthest progress.
            yield
            return
        with open(self.lock_path, "a+b") as handle:
            deadline = time.monotonic() + LOCK_WAIT
            while not _try_lock(handle):
                if time.monotonic() > deadline:
                    raise TimeoutError(0, _("another save has held the campaign for "
                                            "{seconds} seconds").format(seconds=LOCK_WAIT))
                time.sleep(0.005)
            try:
                yield
            finally:
                _unlock(handle)

    def _read(self, *, set_aside: bool = True) -> tuple[Progress, str | None]:
        self.stuck = False
        try:
            if not self.path.exists():
                return Progress(), None
            text = read_text(self.path, max_bytes=MAX_BYTES, what="the file",
                             allowed="a file saved by wartutor's Arsenal campaign")
            return Progress.from_json(text), None
        except OSError as e:  # the folder itself cannot be looked into
            problem = _("it could not be read ({reason})").format(reason=os_reason(e))
        except BadInput as e:
            problem = e.problem
        if set_aside:
            return Progress(), self._set_aside(problem)
        self.stuck = True
        return Progress(), _left_in_place(problem)

    def _write(self, progress: Progress) -> None:
        """Write ``progress`` atomically: the old file stays whole until the new one is."""
        folder = self.path.parent
        handle, temporary = tempfile.mkstemp(dir=folder, prefix=f".{self.path.name}.",
                                             suffix=".tmp")
        try:
            with os.fdopen(handle, "w", encoding="utf-8") as out:
                out.write(progress.to_json())
                out.flush()
                os.fsync(out.fileno())
            os.replace(temporary, self.path)
        except BaseException:
            Path(temporary).unlink(missing_ok=True)
            raise
        _sync_folder(folder)

    def _sweep(self) -> None:
        """Remove the temporary files of saves that were killed before their swap."""
        now = time.time()
        try:
            for left in self.path.parent.glob(f".{self.path.name}.*.tmp"):
                with contextlib.suppress(OSError):  # gone already, or not ours to remove
                    if now - left.stat().st_mtime > STALE_AFTER:
                        left.unlink()
        except OSError:  # the folder cannot be listed: nothing to sweep
            pass

    def _set_aside(self, problem: str) -> str:
        """Move an unusable save out of the way (never delete it) and say so, naming the
        kept file but never its folder."""
        stamp = time.strftime("%Y%m%d-%H%M%S")
        for n in range(1000):
            kept = self.path.with_name(f"{self.path.stem}.unreadable-{stamp}"
                                       f"{'' if n == 0 else f'-{n}'}.json")
            if kept.exists():
                continue
            try:
                os.replace(self.path, kept)
            except OSError as e:
                self.stuck = True
                # Translators: {problem} says what is wrong with the saved file.
                return _("Your saved campaign could not be used: {problem}. It could not be "
                         "moved aside either ({reason}), so it is left as it is and this "
                         "campaign starts fresh.").format(problem=problem, reason=os_reason(e))
            return _("Your saved campaign could not be used: {problem}. It has been kept "
                     "under the name {name}, and a fresh campaign starts at level 1.").format(
                problem=problem, name=kept.name)
        self.stuck = True
        return _left_in_place(problem)


def _left_in_place(problem: str) -> str:
    return _("Your saved campaign could not be used: {problem}. It is left as it is and this "
             "campaign starts fresh.").format(problem=problem)


def os_reason(error: OSError) -> str:
    """What went wrong, without the file names an OSError carries (they hold the folder):
    "Permission denied", not "[Errno 13] Permission denied: '/srv/class/…'"."""
    return error.strerror or type(error).__name__


if sys.platform == "win32":
    import msvcrt

    # msvcrt locks bytes from the file's current position: always the first one.
    def _try_lock(handle: IO[bytes]) -> bool:
        handle.seek(0)
        try:
            msvcrt.locking(handle.fileno(), msvcrt.LK_NBLCK, 1)
        except OSError:
            return False
        return True

    def _unlock(handle: IO[bytes]) -> None:
        handle.seek(0)
        msvcrt.locking(handle.fileno(), msvcrt.LK_UNLCK, 1)

else:
    # Imported where a lock is taken, not above: Pyodide has no fcntl at all (the browser
    # takes no lock), and the rules load there too.

    def _try_lock(handle: IO[bytes]) -> bool:
        import fcntl

        try:
            fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return False
        return True

    def _unlock(handle: IO[bytes]) -> None:
        import fcntl

        fcntl.flock(handle.fileno(), fcntl.LOCK_UN)


def _sync_folder(folder: Path) -> None:
    """Make the rename itself durable (where the system allows a folder to be synced)."""
    if sys.platform == "win32":
        return
    descriptor = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(descriptor)
    finally:
        os.close(descriptor)
