"""``python -m wartutor``: the same command line as ``wartutor``."""

import sys

from wartutor.cli import main

sys.exit(main())
