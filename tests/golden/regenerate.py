"""Rewrite the golden playthroughs, one per variant: ``python tests/golden/regenerate.py``.

Review the diff (``git diff tests/golden``) before committing: every changed line is a
change in what the engine does or says. An optional argument writes elsewhere.
"""

from __future__ import annotations

import sys
from pathlib import Path


def main(argv: list[str]) -> None:
    here = Path(__file__).resolve().parent
    sys.path[:0] = [str(here.parents[1]), str(here.parent)]  # the repository, and tests/
    from golden.playthrough import HERE, write_all

    for path in write_all(Path(argv[0]) if argv else HERE):
        print(f"wrote {path}")


if __name__ == "__main__":
    main(sys.argv[1:])
