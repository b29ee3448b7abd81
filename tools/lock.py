"""Write binder/requirements.txt: the exact versions the tests pass on, for Binder.

    make lock            # = .venv/bin/python tools/lock.py

Reads the test environment this runs in (the versions `make test` used) and keeps the
closure of what Binder installs, ``wartutor[app,plot]``: every distribution reachable
from those requirements, each pinned to its installed version. Nothing is asked of any
index, so the lock is exactly what was tested. A dependency the environment lacks is an
error (install with `make` first), never a line left unpinned.
"""

from __future__ import annotations

import argparse
import re
import sys
from importlib import metadata
from pathlib import Path

from packaging.markers import default_environment
from packaging.requirements import Requirement

REPO = Path(__file__).resolve().parents[1]
ROOT = "wartutor"
EXTRAS = ("app", "plot")
HEADER = """\
# Written by `make lock` (tools/lock.py) from the environment the tests pass on: do not
# edit by hand. repo2docker reads only binder/ and ignores pyproject.toml, so the package
# itself is installed from the repo root (the last line), with every dependency of
# wartutor[{extras}] pinned to the version that was tested.
"""


def norm(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def closure(root: str, extras: tuple[str, ...]) -> dict[str, str]:
    """{name: version} of every installed distribution that root[extras] needs."""
    env = default_environment()
    found: dict[str, str] = {}
    todo: list[tuple[str, tuple[str, ...]]] = [(root, extras)]
    seen: set[tuple[str, tuple[str, ...]]] = set()
    while todo:
        name, wanted = todo.pop()
        if (norm(name), wanted) in seen:
            continue
        seen.add((norm(name), wanted))
        try:
            dist = metadata.distribution(name)
        except metadata.PackageNotFoundError:
            message = f"{name} is not installed here: run `make lock` in the test venv"
            raise SystemExit(message) from None
        found[norm(dist.metadata["Name"])] = dist.version
        for line in dist.requires or []:
            req = Requirement(line)
            if req.marker is not None and not any(
                req.marker.evaluate({**env, "extra": extra}) for extra in ("", *wanted)
            ):
                continue
            todo.append((req.name, tuple(sorted(req.extras))))
    return found


def lock_text() -> str:
    pins = closure(ROOT, EXTRAS)
    pins.pop(ROOT)
    lines = [HEADER.format(extras=",".join(EXTRAS))]
    lines += [f"{name}=={version}" for name, version in sorted(pins.items())]
    lines.append(f".[{','.join(EXTRAS)}]")
    return "\n".join(lines) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--output", type=Path, default=REPO / "binder" / "requirements.txt")
    parser.add_argument("--check", action="store_true",
                        help="fail if the file differs from what would be written")
    args = parser.parse_args()
    text = lock_text()
    if args.check:
        if args.output.read_text() != text:
            sys.exit(f"{args.output} is not the lock of this environment: run `make lock`")
        return
    args.output.write_text(text)
    print(f"wrote {args.output} ({text.count('==')} pins)")


if __name__ == "__main__":
    main()
