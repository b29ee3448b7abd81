"""Serving a class: no class without a password (the browser's part is in tests/browser)."""

from __future__ import annotations

import subprocess
import sys

import pytest


@pytest.mark.parametrize("password", ["", "abc", "two words"])
def test_make_class_refuses_to_start_without_a_proper_password(password: str) -> None:
    done = subprocess.run([sys.executable, "-m", "wartutor.serve", "--password", password],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert "needs a class password of at least 6 characters" in done.stderr
    assert "Traceback" not in done.stderr and done.stdout == ""
