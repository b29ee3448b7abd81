"""Running a coroutine from a test while the browser tests' Playwright is in the session."""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor
from typing import Any


def run_apart(coroutine: Any) -> Any:
    """asyncio.run in a thread of its own: Playwright's sync API keeps an event loop
    running in the main thread for the whole session, where asyncio.run refuses to start."""
    with ThreadPoolExecutor(1) as thread:
        return thread.submit(asyncio.run, coroutine).result()
