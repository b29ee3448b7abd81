"""The code is checked as the tests run: ruff's rules and mypy's types, at pinned versions,
so that plain `pytest` checks what `make test` checks."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def run(*command: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", *command], cwd=ROOT, capture_output=True,
                          text=True, timeout=600)


def test_ruff_finds_nothing() -> None:
    done = run("ruff", "check", "wartutor", "tests", "benchmarks")
    assert done.returncode == 0, done.stdout + done.stderr


def test_mypy_finds_nothing() -> None:
    done = run("mypy")  # its files and settings are pyproject.toml's
    assert done.returncode == 0, done.stdout + done.stderr
