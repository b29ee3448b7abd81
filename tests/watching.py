"""Watching a playback from a test: every moment after the last choice, pressing Next."""

from __future__ import annotations

from wartutor.ui import GameApp


def played_back(app: GameApp) -> list[tuple[str, str]]:
    """Each moment on show after the last choice, as (its words, the table's text), pressing
    Next until your choices are back; the last pair is the table at rest."""
    seen = []
    while (frame := app.frame()) is not None:
        seen.append((frame.words, app.table_text()))
        app.next_moment()
    seen.append(("", app.table_text()))
    return seen
