"""Every Python on this machine, each in a fresh environment: `nox` (or `make nox`).

    nox                                   # the whole suite on 3.11, 3.12 and 3.13
    nox -s tests-3.12                     # one Python
    nox -s tests-3.13 -- tests/test_core.py -m "not browser"   # pytest's own arguments

A Python the machine lacks is skipped and said. pyenv's are found in its own folders
(its shims run only the versions made active with `pyenv global` or `pyenv local`).

Each session installs the package with its [test] extras, as `make` does, and runs plain
`pytest`: the options are pyproject.toml's, so it is the suite `make test` runs. The
browser tests use the Chromium on the PATH (or WARTUTOR_CHROMIUM), and the static-site
test the _site/ that `make site` built; where either is missing, they skip and say why.
This is not part of `make test`, which tests the one Python of .venv.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import nox

PYTHONS = ["3.11", "3.12", "3.13"]


def pyenv_folders() -> list[str]:
    """The bin folders of pyenv's Pythons of PYTHONS, the newest of each, to look in first."""
    versions = Path(os.environ.get("PYENV_ROOT") or Path.home() / ".pyenv") / "versions"
    found = []
    for wanted in PYTHONS:
        have = [p for p in versions.glob(f"{wanted}.*")
                if re.fullmatch(rf"{re.escape(wanted)}\.\d+", p.name) and (p / "bin").is_dir()]
        if have:
            newest = max(have, key=lambda p: int(p.name.rsplit(".", 1)[1]))
            found.append(str(newest / "bin"))
    return found


os.environ["PATH"] = os.pathsep.join([*pyenv_folders(), os.environ.get("PATH", "")])

nox.options.sessions = ["tests"]
nox.options.reuse_venv = "yes"  # kept between runs: pip installs only what changed


@nox.session(python=PYTHONS)
def tests(session: nox.Session) -> None:
    session.install("-e", ".[test]")
    session.run("pytest", *session.posargs)
