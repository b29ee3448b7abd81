"""Test settings shared by every test file."""

import os
import tempfile

import pytest
from hypothesis import settings

# Saved campaigns and rooms go to a scratch folder, never the user's own data folder:
# set before any notebook's kernel starts, so that nbval's kernels inherit it too.
os.environ.setdefault("WARTUTOR_DATA_DIR", tempfile.mkdtemp(prefix="wartutor-test-data-"))
# The tests read English, the source of every catalog, whatever the machine's language
# (the tests of the other languages choose theirs); set before the package is imported.
os.environ.pop("WARTUTOR_LANG", None)
os.environ["JUPYTERLAB_SETTINGS_DIR"] = tempfile.mkdtemp(prefix="wartutor-test-lab-")

# CI runs on a loaded 2-core machine: no per-example deadline, and derandomized so a
# CI run is repeatable (local runs keep exploring new examples).
settings.register_profile("ci", deadline=None, derandomize=True, print_blob=True)
settings.register_profile("dev", deadline=None)
settings.load_profile("ci" if os.environ.get("CI") else "dev")



def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The tests that install into a fresh environment (marker slow) go first: the longest,
    so that under pytest-xdist (make test) no worker is left with one at the end."""
    # A stable sort: each file keeps its own order.
    items.sort(key=lambda item: item.get_closest_marker("slow") is None)
