"""A small class on one server: the benchmark's load run, with two rooms of two wire students
(the server's part; the one who sits down alone first is a Chromium). The rooms' own
browser tests (test_rooms_browser.py) play rooms in Chromium through a restart; a Chromium
each for a whole class is the benchmark's, outside the test suite's time."""

from __future__ import annotations

import sys

import pytest
from servers import REPO

pytestmark = pytest.mark.browser

sys.path.insert(0, str(REPO / "benchmarks"))
from class_load import WAIT_S, run_class  # noqa: E402


@pytest.mark.parametrize("kind", ["wire"])
def test_two_rooms_play_through_a_server_restart_and_free_their_kernels(kind: str) -> None:
    report = run_class(kind, rooms=2, every=1, think=0.3, before_restart=3, pace="instant",
                       settle_s=20, deadline_s=300, flags=("--preheat=play_together.ipynb=4",))
    said = report.rows()
    print("\n".join(f"{measure}: {value}" for measure, value in said.items()))
    assert report.all_delivered and report.all_resumed, report.problems()
    assert all(room.finished for room in report.rooms), report.problems()
    assert report.all_recorded, report.problems()
    # The figures are sane: every student sat down, in time, and every move arrived.
    assert len(report.arrival_s) == len(report.again_s) == 4
    sittings = [*report.arrival_s, *report.again_s, report.alone.seconds]
    assert all(0 < s < WAIT_S for s in sittings)
    assert report.alone.cpu["kernels"] > 0  # the alone student's kernel answered its press
    assert all(0 < d < WAIT_S for d in report.delays) and report.delays
    assert report.files > 50  # the page's scripts and styles, as Chromium asked for them
    assert report.cpu["kernels"] > 0 and report.cpu["server"] > 0
    assert (report.cpu.get("browsers", 0) > 1) == (kind == "browser")  # wires draw nothing
    assert report.restart_s is not None and 0 < report.restart_s < WAIT_S
    assert report.kernels_left == 0, "closed pages' kernels were not shut down"
    assert 4 <= report.peak_count <= report.cap  # the pool's kernels counted
