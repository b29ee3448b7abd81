"""A small class on one server: the benchmark's load run, with two rooms of two."""

from __future__ import annotations

import sys

import pytest
from servers import REPO

pytestmark = pytest.mark.browser

sys.path.insert(0, str(REPO / "benchmarks"))
from class_load import run_class  # noqa: E402


def test_two_rooms_play_through_a_server_restart_and_free_their_kernels() -> None:
    report = run_class(rooms=2, within=2, think=0.3, before_restart=3, pace="instant",
                       settle_s=20, deadline_s=240, flags=("--preheat=play_together.ipynb=2",))
    print(report.markdown())
    assert report.all_delivered and report.all_resumed, report.markdown()
    assert all(room.finished for room in report.rooms), report.markdown()
    assert report.all_recorded, report.markdown()
    assert max(report.delays) < 3, report.markdown()
    assert report.kernels_left == 0, "closed pages' kernels were not shut down"
    assert report.peak_count <= 60, report.markdown()  # the cap, preheated kernels counted
