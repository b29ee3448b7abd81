"""A small class on one server: the benchmark's load run, with three students."""

from __future__ import annotations

import sys

import pytest
from servers import REPO

pytestmark = pytest.mark.browser

sys.path.insert(0, str(REPO / "benchmarks"))
from class_load import run_class  # noqa: E402


def test_three_students_play_and_their_kernels_are_culled() -> None:
    report = run_class(students=3, within=3, moves=2, cull_after=6, settle_s=30)
    print(report.markdown())
    assert report.all_rendered, report.markdown()
    assert all(s.moves == 2 for s in report.students), report.markdown()
    assert report.peak_count >= 3
    assert report.idle_count == 0, "closed pages' kernels were not culled"
