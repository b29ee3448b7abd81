"""The campaign: ten levels, each opened by winning the one before, with progress saved.

>>> import tempfile
>>> campaign = Campaign(tempfile.mkdtemp())
>>> campaign.open_levels()
(1,)
>>> campaign.record(1, won=True).unlocked
2
>>> Campaign(campaign.file.path.parent).open_levels()  # a new session finds it saved
(1, 2)
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from wartutor.core.errors import BadInput, quoted
from wartutor.variants.arsenal.levels import LEVELS, Level
from wartutor.variants.arsenal.progress import LEVEL_COUNT, ProgressFile

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
    or progress that could not be written. ``student`` keeps a campaign of that student's
    own (a server shared by a class); without one, the folder's single campaign.
    """

    levels = LEVELS

    def __init__(self, data_dir: str | Path | None = None, student: str | None = None) -> None:
        self.file = ProgressFile(data_dir, student)
        self.progress, self.message = self.file.load()

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
            raise BadInput(f"level {number} ({level.name}) is locked: win level {number - 1} "
                           f"to open it", allowed=f"a level from 1 to {self.progress.unlocked}")
        return level

    def record(self, number: int, *, won: bool) -> MatchResult:
        """Count a finished match and save at once, so a closed page loses nothing."""
        self.check_open(number)
        before = self.progress
        self.progress = before.after_match(number, won)
        try:
            self.file.save(self.progress)
        except (OSError, BadInput) as e:
            self.message = (f"Your progress could not be saved ({e}); it is kept for as long "
                            f"as this page stays open.")
        opened = self.progress.unlocked if self.progress.unlocked > before.unlocked else None
        return MatchResult(number, won, self.progress.unlocked, opened,
                           self.progress.cleared and not before.cleared)
