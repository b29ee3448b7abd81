"""What changes when the apps are served to a class by ``wartutor.serve`` (``make class``).

The class server sets :data:`CLASS_SERVER` in every kernel's environment. There the apps
serve students who share one machine and must not see each other's things: no shared
anonymous campaign, no server paths, and each student's work kept to their own browser.
On a teacher's own machine, in JupyterLab or the static edition, nothing changes.
"""

from __future__ import annotations

import os

CLASS_SERVER = "WARTUTOR_CLASS_SERVER"


def on_class_server() -> bool:
    """True in a kernel that the class server started."""
    return os.environ.get(CLASS_SERVER, "") == "1"
