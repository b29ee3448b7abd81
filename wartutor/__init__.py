"""wartutor: teach and explore variants of the card game War.

The rules live in :mod:`wartutor.core` (the engine contract every variant speaks) and
:mod:`wartutor.variants` (one package per variant); the apps live in :mod:`wartutor.ui`.
"""

__version__ = "0.1.0"
