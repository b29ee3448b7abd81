"""A griffe extension for the API reference: wartutor's docstrings as Markdown reads them.

The docstrings are written for ``help()`` and ``pytest --doctest-modules``: doctests as
bare ``>>>`` lines, and Sphinx roles (:class:`Game`, :mod:`wartutor.core.trace`). Markdown
would read ``>>>`` as three nested quotations and print the roles' names, so doctests are
fenced as ``pycon`` code and a role is shown as its code alone (``~a.b.C`` as ``C``).
"""

from __future__ import annotations

import re
from typing import Any

from griffe import Extension, Object

_ROLE = re.compile(r":(?:py:)?(?:class|func|meth|mod|attr|data|exc|obj):`~?([^`]+)`")


def _role(found: re.Match[str]) -> str:
    target = found.group(1)
    shown = target.rsplit(".", 1)[-1] if found.group(0).count("`~") else target
    return f"`{shown}`"


def markdown_docstring(text: str) -> str:
    """``text`` with its doctests fenced and its roles as code."""
    lines, out, in_fence, in_doctest = text.splitlines(), [], False, False
    for line in lines:
        stripped = line.strip()
        if stripped.startswith("```"):
            in_fence = not in_fence
        if not in_fence and not in_doctest and stripped.startswith(">>>"):
            indent = line[: len(line) - len(line.lstrip())]
            out.append(f"{indent}```pycon")
            in_doctest = True
        elif in_doctest and not stripped:
            out.append(f"{indent}```")
            in_doctest = False
        out.append(line)
    if in_doctest:
        out.append(f"{indent}```")
    return _ROLE.sub(_role, "\n".join(out))


class MarkdownDocstrings(Extension):
    """Rewrites every docstring griffe reads (see the module docstring)."""

    def on_instance(self, *, obj: Object, **kwargs: Any) -> None:
        if obj.docstring is not None:
            obj.docstring.value = markdown_docstring(obj.docstring.value)
