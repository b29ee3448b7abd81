"""The campaign: ten levels, each opened by winning the one before, with progress saved.

>>> import tempfile
>>> campaign = Campaign(tempfile.mkdtemp())
>>> campaign.open_levels()
(1,)
>>> campaign.record(1, won=True).unlocked
2
>>> Campaign(campaign.file.path.parent).open_levels()  # a new session finds it saved
(1, 2)

Two pages may hold one campaign (two tabs of one browser), each with its own
:class:`Campaign`. Whatever either records is counted on the file's newest record, so a
page left behind at an older level never takes the campaign back there:

>>> behind = Campaign(campaign.file.path.parent)
>>> campaign.record(2, won=True).unlocked
3
>>> behind.record(1, won=False).unlocked  # it still showed level 2 as the newest
3
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path

from wartutor.core.errors import BadInput, quoted
from wartutor.core.names import check_name
from wartutor.language import _
from wartutor.variants.arsenal.levels import LEVELS, Level
from wartutor.variants.arsenal.progress import (
    LEVEL_COUNT,
    Progress,
    ProgressFile,
    os_reason,
)

assert len(LEVELS) == LEVEL_COUNT


@dataclass(frozen=True)
class MatchResult:
    """What one finished match did to the campaign."""

    level: int
    won: bool
    unlocked: int  # the highest open level afterwards
    newly_opened: int | None  # the level this win opened, if any
    cleared_now: bool  # this win cleared the campaign for the first time


class Campaign:
    """Levels, progress, and the save file behind them (see :mod:`.progress`).

    ``message`` holds anything the player should be told: an unusable save set aside,
    or progress that could not be written. ``owner`` keeps a campaign of that browser's
    own (the hash of its browser key, on a server shared by a class or on one computer);
    without one, the folder's single campaign.
    """

    levels = LEVELS

    def __init__(self, data_dir: str | Path | None = None, owner: str | None = None) -> None:
        self.file = ProgressFile(data_dir, owner)
        self.progress, self.message = self.file.load()
        self._unsaved = False  # the message says a save failed (the next good save clears it)

    @property
    def label(self) -> str:
        """The name the student gave the campaign ("" if none yet)."""
        return self.progress.label

    def level(self, number: int) -> Level:
        if type(number) is not int or not 1 <= number <= LEVEL_COUNT:
            raise BadInput(f"there is no level {quoted(number)}",
                           allowed=f"a level from 1 to {LEVEL_COUNT}")
        return LEVELS[number - 1]

    def open_levels(self) -> tuple[int, ...]:
        return tuple(range(1, self.progress.unlocked + 1))

    def check_open(self, number: int) -> Level:
        """The level, if it may be played; else the reason it is locked."""
        level = self.level(number)
        if number > self.progress.unlocked:
            raise BadInput(_("level {number} ({name}) is locked: win level {previous} to open "
                             "it").format(number=number, name=_(level.name), previous=number - 1),
                           allowed=_("a level from 1 to {last}").format(
                               last=self.progress.unlocked))
        return level

    def refresh(self) -> None:
        """Catch up with what other pages of this campaign have saved."""
        saved, message = self.file.load()
        self.progress = saved.merged(self.progress)
        self.message = message or self.message

    def take_in(self, other: Progress) -> None:
        """Add another record's progress to this campaign's (the folder's campaign taken
        into a browser's on one's own computer, so that nothing played before is lost)."""
        if self.progress.merged(other) != self.progress:
            self._save(lambda saved: saved.merged(self.progress).merged(other))

    def rename(self, name: str) -> str:
        """Label the campaign with the name the student typed; the tidied name, or
        :class:`BadInput` saying why it cannot be one (:func:`check_name`)."""
        label = check_name(name)
        self._save(lambda saved: replace(saved.merged(self.progress), label=label))
        return label

    def record(self, number: int, *, won: bool) -> MatchResult:
        """Count a finished match and save at once, so a closed page loses nothing."""
        self.check_open(number)
        before: list[Progress] = []

        def played(saved: Progress) -> Progress:
            # The match is counted on the furthest of the file and this page's record,
            # under the file's lock: a match played in another tab meanwhile is kept, and
            # this one is counted once, on top of it.
            before.append(saved.merged(self.progress))
            return before[-1].after_match(number, won)

        self._save(played)
        start = before[-1]
        opened = self.progress.unlocked if self.progress.unlocked > start.unlocked else None
        return MatchResult(number, won, self.progress.unlocked, opened,
                           self.progress.cleared and not start.cleared)

    def _save(self, change: Callable[[Progress], Progress]) -> None:
        """Apply ``change`` to the saved record and keep the result; if it cannot be saved,
        apply it to this page's record, kept for as long as the page stays open."""
        try:
            self.progress, message = self.file.update(change)
        except (OSError, BadInput) as e:
            self.progress = change(self.progress)
            self.message = _("Your progress could not be saved ({reason}); it is kept for as "
                             "long as this page stays open.").format(
                reason=e.problem if isinstance(e, BadInput) else os_reason(e))
            self._unsaved = True
            return
        if message or self._unsaved:
            self.message, self._unsaved = message, False
