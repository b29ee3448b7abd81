"""Test settings shared by every test file."""

import os

from hypothesis import settings

# CI runs on a loaded 2-core machine: no per-example deadline, and derandomized so a
# CI run is repeatable (local runs keep exploring new examples).
settings.register_profile("ci", deadline=None, derandomize=True, print_blob=True)
settings.register_profile("dev", deadline=None)
settings.load_profile("ci" if os.environ.get("CI") else "dev")
