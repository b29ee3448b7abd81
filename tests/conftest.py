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
    """How `make test` shares the tests among its workers (pytest-xdist, --dist loadgroup).

    A browser test mostly waits for a page, so browser tests go one at a time to whichever
    worker is free (each worker starts its servers once); any other test keeps to its
    file's worker, where a notebook's cells run in order and a module's fixtures are made
    once. The longest go first, so that no worker is left with one at the end: the fresh
    environments (marker slow), then the browser tests, then the rest.
    """
    for item in items:
        if item.get_closest_marker("browser") is None \
                and item.get_closest_marker("xdist_group") is None:
            item.add_marker(pytest.mark.xdist_group(str(item.path)))

    def first(item: pytest.Item) -> int:
        return (0 if item.get_closest_marker("slow") else
                1 if item.get_closest_marker("browser") else 2)

    items.sort(key=first)  # sorted() keeps each file's own order
