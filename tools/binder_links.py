"""Write the README's launch links (Binder and the GitHub Pages site) for this repository.

    make lock          # also runs this, after the lock

The owner and name come from the git remote (``origin``, else the first GitHub remote).
With no GitHub remote the links say ``OWNER`` and the README says so, where they are.
The links go between the README's ``<!-- launch-links -->`` markers; nothing else changes.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path
from urllib.parse import quote

REPO = Path(__file__).resolve().parents[1]
README = REPO / "README.md"
START, END = "<!-- launch-links -->", "<!-- /launch-links -->"
GITHUB = re.compile(r"github\.com[:/]([\w.-]+)/([\w.-]+?)(?:\.git)?/?$")


def github_repo() -> tuple[str, str] | None:
    """(owner, name) of the GitHub remote, or None."""
    try:
        names = subprocess.run(["git", "remote"], cwd=REPO, capture_output=True, text=True,
                               check=True).stdout.split()
    except (OSError, subprocess.CalledProcessError):
        return None
    for name in sorted(names, key=lambda n: n != "origin"):
        url = subprocess.run(["git", "remote", "get-url", name], cwd=REPO,
                             capture_output=True, text=True).stdout.strip()
        if m := GITHUB.search(url):
            return m[1], m[2]
    return None


def binder(owner: str, name: str, path: str) -> str:
    return f"https://mybinder.org/v2/gh/{owner}/{name}/HEAD?urlpath={quote(path, safe='')}"


def links(found: tuple[str, str] | None) -> str:
    owner, name = found or ("OWNER", "wartutor")
    voila = binder(owner, name, "voila/render/notebooks/start.ipynb")
    lab = binder(owner, name, "lab/tree/notebooks/start.ipynb")
    lines = [
        START,
        f"[![Launch the apps on Binder](https://mybinder.org/badge_logo.svg)]({voila})",
        "",
        f"- Binder: [the apps in Voilà]({voila}), [the notebooks in JupyterLab]({lab})",
        f"- The static site, once the Pages workflow has run: "
        f"<https://{owner.lower()}.github.io/{name}/>",
    ]
    if found is None:
        lines += ["", "These links were written with no GitHub remote in the repository: "
                  "`OWNER` stands where the account that hosts it goes (add the remote and "
                  "`make lock` writes them again)."]
    return "\n".join([*lines, END])


def main() -> None:
    text = README.read_text()
    if START not in text or END not in text:
        sys.exit(f"README.md has no {START} ... {END} block to write the links in")
    before, rest = text.split(START, 1)
    after = rest.split(END, 1)[1]
    README.write_text(before + links(github_repo()) + after)
    print("wrote the launch links in README.md")


if __name__ == "__main__":
    main()
