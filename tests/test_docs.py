"""The documentation site builds, strictly, and says what the code says.

`mkdocs build --strict` runs here (into a temporary folder), so `make test` builds the
site: a broken link, a page left out of the navigation, a docstring mkdocstrings cannot
read or a worked example whose output has changed fails the tests. The hook that writes
the pages from the code (docs/hooks/wartutor_docs.py) is tested on its own too.
"""

from __future__ import annotations

import html
import importlib.util
import os
import re
import subprocess
import sys
import time
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from wartutor.core import rulings_of
from wartutor.schemas import VARIANT_NAMES
from wartutor.variants import VARIANTS

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
BUILD_SECONDS = 60  # the site builds in about 5 s on the project's machine
PAGES = {"classic_war": "classic-war", "guerrilla_tactics": "guerrilla-tactics",
         "war_room": "war-room", "trade_war": "trade-war", "arsenal": "arsenal"}


def load(name: str, path: Path) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The site, built once for this file's tests."""
    out = tmp_path_factory.mktemp("site")
    started = time.monotonic()
    done = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(out)],
        cwd=ROOT, capture_output=True, text=True, timeout=BUILD_SECONDS * 5,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1"})
    took = time.monotonic() - started
    assert done.returncode == 0, done.stdout + done.stderr
    assert took < BUILD_SECONDS, f"the site took {took:.0f} s to build"
    return out


def text_of(page: Path) -> str:
    """A built page's words, without its markup."""
    return html.unescape(re.sub(r"<[^>]+>", " ", page.read_text(encoding="utf-8")))


def test_the_site_builds_strictly_with_every_page(site: Path) -> None:
    for page in ("index", "getting-started/index", "teachers-guide/index", "positions/index",
                 "limits/index", "strategy-lab/index", "schemas/index", "changelog/index",
                 "api/index", "api/core/index", "api/variants/index", "api/explore/index",
                 "api/rooms/index", "api/ui/index",
                 *(f"variants/{slug}/index" for slug in PAGES.values())):
        assert (site / f"{page}.html").is_file(), page


@pytest.mark.parametrize("name", list(VARIANTS))
def test_a_variants_page_lists_every_ruling_the_code_declares(site: Path, name: str) -> None:
    variant = VARIANTS[name]
    words = text_of(site / "variants" / PAGES[name] / "index.html")
    for option, meta in rulings_of(variant.rules_type).items():
        assert meta.id in words and option in words, meta.id
        assert " ".join(meta.question.split()) in " ".join(words.split()), meta.id
    for fixed in getattr(variant, "fixed_rulings", ()):
        assert fixed.id in words
    assert "A worked example" in words


def test_the_teachers_guide_holds_the_readmes_class_section_as_it_stands(site: Path) -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("## Holding a class\n", 1)[1].split("\n## ", 1)[0]
    words = " ".join(text_of(site / "teachers-guide" / "index.html").split())
    first_words = " ".join(re.sub(r"[*`]|^\s*- ", "", section, flags=re.MULTILINE).split()[:12])
    assert first_words in words


def test_the_schemas_are_published_as_the_package_ships_them(site: Path) -> None:
    from wartutor.schemas import TRACE_FILE, position_file, schema_text

    for file in (TRACE_FILE, *(position_file(v) for v in VARIANT_NAMES)):
        assert (site / "schemas" / file).read_text(encoding="utf-8") == schema_text(file)
    page = site / "schemas" / "index.html"
    links = re.findall(r'href="([^"]+[.]schema[.]json)"', page.read_text(encoding="utf-8"))
    assert len(links) == 1 + len(VARIANT_NAMES)
    assert all((page.parent / link).resolve().is_file() for link in links)  # they download


def test_the_changelog_page_is_changelog_md(site: Path) -> None:
    words = text_of(site / "changelog" / "index.html")
    assert "Unreleased" in words and "0.1.0" in words


def test_the_existing_pages_keep_their_content() -> None:
    assert (DOCS / "positions.md").read_text(encoding="utf-8").startswith("# Positions\n")
    assert (DOCS / "limits.md").read_text(encoding="utf-8").startswith(
        "# Limits on what comes from outside\n")


# The hook and the griffe extension on their own


@pytest.fixture(scope="module")
def hook() -> ModuleType:
    return load("wartutor_docs_hook", DOCS / "hooks" / "wartutor_docs.py")


class FakePage:
    """What the hook reads of a page: its file's path."""

    def __init__(self, src_uri: str) -> None:
        self.file = type("File", (), {"src_uri": src_uri})()


def test_a_worked_example_whose_output_changed_stops_the_build(hook: ModuleType) -> None:
    from mkdocs.exceptions import PluginError

    good = "```pycon\n>>> x = 2\n```\n\nThen:\n\n```pycon\n>>> x + 1\n3\n```\n"
    hook.run_examples(good, FakePage("page.md"))  # one namespace a page
    stale = good.replace("\n3\n", "\n4\n")
    with pytest.raises(PluginError, match=r"page.md: 1 worked example\(s\) no longer"):
        hook.run_examples(stale, FakePage("page.md"))


def test_the_hook_refuses_a_readme_section_or_schema_that_is_not_there(hook: ModuleType) -> None:
    from mkdocs.exceptions import PluginError

    config: Any = type("Config", (), {"repo_url": "https://github.com/OWNER/wartutor"})()
    with pytest.raises(PluginError, match="no section '## Nothing like this'"):
        hook.readme_section("Nothing like this", FakePage("teachers-guide.md"), config)
    with pytest.raises(PluginError, match="no schema"):
        hook.schema_markdown("nothing.schema.json", FakePage("schemas.md"))


def test_the_hook_points_readme_links_at_the_site_or_the_repository(hook: ModuleType) -> None:
    config: Any = type("Config", (), {"repo_url": "https://github.com/OWNER/wartutor"})()
    page = FakePage("teaching/guide.md")
    text = "[limits](docs/limits.md), [code](wartutor/cli.py), [web](https://x.org), [a](#b)"
    assert hook._relink(text, page, config) == (
        "[limits](../limits.md), [code](https://github.com/OWNER/wartutor/blob/main/"
        "wartutor/cli.py), [web](https://x.org), [a](#b)")


def test_the_rulings_table_is_one_row_a_ruling(hook: ModuleType) -> None:
    for name, variant in VARIANTS.items():
        table = hook.rulings_markdown(name)
        rows = [line for line in table.splitlines() if line.startswith("| **")]
        fixed = getattr(variant, "fixed_rulings", ())
        assert len(rows) == len(rulings_of(variant.rules_type)) + len(fixed)
        assert all(row.count(" | ") in (2, 4) for row in rows)  # no stray pipe in a cell


def test_docstrings_are_read_as_markdown() -> None:
    extension = load("griffe_wartutor", DOCS / "hooks" / "griffe_wartutor.py")
    docstring = ("A game (:class:`~wartutor.core.engine.Game`), see :mod:`wartutor.core`.\n\n"
                 ">>> 1 + 1\n2\n\nAfter.")
    assert extension.markdown_docstring(docstring) == (
        "A game (`Game`), see `wartutor.core`.\n\n```pycon\n>>> 1 + 1\n2\n```\n\nAfter.")
