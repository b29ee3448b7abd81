"""Campaign progress and the file that keeps it, in the user's data folder.

Saving never leaves a half-written file where the progress belongs: the new
contents go to a temporary file in the same folder, are flushed to the disk, and
then replace the old file in one step (``os.replace`` is atomic on one file
system). A kernel killed mid-save leaves the old progress, or the new, never a mix.

A file that cannot be read or makes no sense (whatever its bytes) is never deleted:
it is moved aside under a new name, the player is told so in plain words, and a fresh
campaign begins. A temporary file left by a save that was killed before its swap is
removed by the next load, once it is a minute old (so that a save still running in
another process keeps its own).

Each student on a shared server keeps a file of their own, named after the name they
type (:func:`student_file_name`): thirty students on one server each have their own
campaign, and a broken file sets back only its own student.

The folder is, in order: the ``data_dir`` argument; the ``WARTUTOR_DATA_DIR``
environment variable; the system's place for user data (``$XDG_DATA_HOME`` or
``~/.local/share`` on Linux, ``~/Library/Application Support`` on macOS,
``%APPDATA%`` on Windows), followed by ``wartutor``.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import re
import sys
import tempfile
import time
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from wartutor.core.errors import BadInput, quoted
from wartutor.core.limits import parse_json, read_text

LEVEL_COUNT = 10
DATA_DIR_VARIABLE = "WARTUTOR_DATA_DIR"
FILE_NAME = "arsenal-progress.json"
FORMAT = "wartutor-arsenal-progress"
VERSION = 1
MAX_BYTES = 64_000  # a saved campaign takes about 300
STALE_AFTER = 60  # seconds: a save's temporary file older than this was left by a killed save
MAX_NAME = 40  # characters of a student's name, as typed


def student_file_name(student: str) -> str:
    """The save file of the student who types ``student``: the same for "Ada" and " ada ",
    different for any other name, and always a safe file name
    ("arsenal-progress-ada-lovelace-4ddb9adb.json" for "Ada Lovelace").
    """
    if not isinstance(student, str):
        raise BadInput(f"{quoted(student)} is not a name", allowed="your name, as text")
    name = " ".join(student.split()).casefold()
    if not name:
        raise BadInput("the name box is empty", allowed="your first name, as you wish")
    if len(name) > MAX_NAME:
        raise BadInput(f"the name has {len(name)} characters", allowed=f"at most {MAX_NAME}")
    slug = re.sub(r"[^a-z0-9]+", "-", name).strip("-")[:24] or "student"
    digest = hashlib.sha256(name.encode("utf-8")).hexdigest()[:8]  # tells "Zoë" from "Zoe"
    return f"arsenal-progress-{slug}-{digest}.json"


@dataclass(frozen=True)
class Progress:
    """How far the campaign has come: levels up to ``unlocked`` may be played."""

    unlocked: int = 1
    cleared: bool = False
    wins: tuple[int, ...] = (0,) * LEVEL_COUNT
    losses: tuple[int, ...] = (0,) * LEVEL_COUNT

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

    def to_json(self) -> str:
        return json.dumps({"format": FORMAT, "version": VERSION, "unlocked": self.unlocked,
                           "cleared": self.cleared, "wins": list(self.wins),
                           "losses": list(self.losses)}, indent=1)

    @classmethod
    def from_json(cls, text: str) -> Progress:
        """The progress a saved file holds, or :class:`BadInput` saying what is wrong with it."""
        allowed = "a file saved by wartutor's Arsenal campaign"
        data: Any = parse_json(text, max_chars=MAX_BYTES, what="it", allowed=allowed)
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise BadInput("it is not an Arsenal progress file", allowed=allowed)
        if type(data.get("version")) is not int or data["version"] != VERSION:
            raise BadInput(f"its version {quoted(data.get('version'))} is unknown",
                           allowed=f"version {VERSION}")
        unlocked, cleared = data.get("unlocked"), data.get("cleared")
        if type(unlocked) is not int or not 1 <= unlocked <= LEVEL_COUNT:
            raise BadInput(f"its unlocked level {quoted(unlocked)} does not exist",
                           allowed=f"a level from 1 to {LEVEL_COUNT}")
        if type(cleared) is not bool or (cleared and unlocked != LEVEL_COUNT):
            raise BadInput(f"its 'cleared' mark {quoted(cleared)} does not fit its levels",
                           allowed="true only once every level is unlocked, else false")
        counts = []
        for name in ("wins", "losses"):
            value = data.get(name)
            if not (isinstance(value, list) and len(value) == LEVEL_COUNT
                    and all(type(n) is int and n >= 0 for n in value)):
                raise BadInput(f"its {quoted(name)} are not {LEVEL_COUNT} counts",
                               allowed=f"a list of {LEVEL_COUNT} whole numbers")
            counts.append(tuple(value))
        return cls(unlocked, cleared, counts[0], counts[1])


def _add_one(counts: tuple[int, ...], index: int) -> tuple[int, ...]:
    return tuple(n + (i == index) for i, n in enumerate(counts))


def default_data_dir() -> Path:
    """Where user data lives on this system, unless ``WARTUTOR_DATA_DIR`` says otherwise."""
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


class ProgressFile:
    """The campaign's save file: :meth:`load` never fails, :meth:`save` never half-writes."""

    def __init__(self, data_dir: str | Path | None = None, student: str | None = None) -> None:
        folder = default_data_dir() if data_dir is None else Path(data_dir).expanduser()
        self.path = folder / (FILE_NAME if student is None else student_file_name(student))
        self.stuck = False  # an unusable save could not be moved aside: never overwrite it

    def load(self) -> tuple[Progress, str | None]:
        """The saved progress (a fresh one if there is none) and a message for the player,
        or None when there is nothing to tell. Never raises, whatever the file holds."""
        self._sweep()
        try:
            if not self.path.exists():
                return Progress(), None
        except OSError as e:  # the folder itself cannot be looked into
            return Progress(), self._set_aside(f"it could not be read ({e.strerror or e})")
        try:
            text = read_text(self.path, max_bytes=MAX_BYTES, what="the file",
                             allowed="a file saved by wartutor's Arsenal campaign")
            return Progress.from_json(text), None
        except BadInput as e:
            return Progress(), self._set_aside(e.problem)

    def save(self, progress: Progress) -> None:
        """Write ``progress`` atomically: the old file stays whole until the new one is."""
        if self.stuck:
            raise BadInput(f"progress is not saved, so as not to overwrite the unusable save in "
                           f"{self.path}", allowed="moving that file away, then saving again")
        folder = self.path.parent
        folder.mkdir(parents=True, exist_ok=True)
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
        """Move an unusable save out of the way (never delete it) and say so."""
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
                return (f"Your saved campaign in {self.path} could not be used: {problem}. It "
                        f"could not be moved aside either ({e}), so it is left as it is and "
                        f"this campaign starts fresh.")
            return (f"Your saved campaign could not be used: {problem}. It has been kept as "
                    f"{kept} and a fresh campaign starts at level 1.")
        self.stuck = True
        return (f"Your saved campaign in {self.path} could not be used: {problem}. It is left "
                f"as it is and this campaign starts fresh.")


def _sync_folder(folder: Path) -> None:
    """Make the rename itself durable (where the system allows a folder to be synced)."""
    if sys.platform == "win32":
        return
    descriptor = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(descriptor)
    finally:
        os.close(descriptor)
