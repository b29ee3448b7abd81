"""A release: the sdist and the wheel build, pass `twine check`, and hold what they must.

The sdist is the whole project a packager or a school can test: the package, the tests
and their data, the notebooks and the documentation's sources (MANIFEST.in); and its tests
run from the unpacked folder. The wheel holds the package's data: the notebooks, Voila's
settings, the JSON Schemas and the War Room deck. The version has one source,
``wartutor.__version__``.

Built from a copy of the working tree, so the repository is left as it was; about a
minute in all (building fetches setuptools into an isolated environment).
"""

from __future__ import annotations

import email.parser
import os
import shutil
import subprocess
import sys
import tarfile
import tomllib
import zipfile
from pathlib import Path

import pytest

import wartutor

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[1]
NAME = f"wartutor-{wartutor.__version__}"
# Left out of the copy that is built: environments, caches, build output, test output.
NOT_COPIED = shutil.ignore_patterns(".git", ".venv", ".cache", "_site", "build", "dist",
                                    "test-artifacts", "*.egg-info", "__pycache__", "*.pyc",
                                    ".ipynb_checkpoints", ".pytest_cache", ".mypy_cache",
                                    ".ruff_cache", ".hypothesis")
# Tests of the unpacked sdist, against its own copy of the package: the golden
# playthroughs (tests/golden), traces, the schemas (package data) and the docs' build.
SDIST_TESTS = ("tests/test_golden.py", "tests/test_trace.py", "tests/test_schemas.py",
               "tests/test_docs.py", "wartutor/core")


def run(*command: str | Path, cwd: Path, env: dict[str, str] | None = None,
        timeout: int = 900) -> subprocess.CompletedProcess[str]:
    done = subprocess.run([str(c) for c in command], cwd=cwd, capture_output=True, text=True,
                          timeout=timeout, env=env)
    assert done.returncode == 0, f"{command}:\n{done.stdout[-5000:]}\n{done.stderr[-5000:]}"
    return done


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path, Path]:
    """The copy of the project, its sdist and its wheel (the wheel built from the sdist)."""
    work = tmp_path_factory.mktemp("release")
    tree = work / "tree"
    shutil.copytree(ROOT, tree, ignore=NOT_COPIED)
    run(sys.executable, "-m", "build", "--outdir", work / "dist", tree, cwd=tree)
    sdist, = (work / "dist").glob("*.tar.gz")
    wheel, = (work / "dist").glob("*.whl")
    return tree, sdist, wheel


def project_files(tree: Path, folder: str) -> set[str]:
    return {str(path.relative_to(tree)) for path in (tree / folder).rglob("*")
            if path.is_file() and not path.name.endswith("-checkpoint.ipynb")}


def test_one_source_of_the_version() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert "version" not in project and "version" in project["dynamic"]
    dynamic = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert dynamic["tool"]["setuptools"]["dynamic"]["version"] == {
        "attr": "wartutor.__version__"}


def test_twine_finds_nothing_to_fix(built: tuple[Path, Path, Path]) -> None:
    tree, sdist, wheel = built
    done = run(sys.executable, "-m", "twine", "check", "--strict", sdist, wheel, cwd=tree)
    assert done.stdout.count("PASSED") == 2


def test_the_sdist_holds_the_tests_their_data_the_notebooks_and_the_docs(
    built: tuple[Path, Path, Path],
) -> None:
    tree, sdist, _ = built
    assert sdist.name == f"{NAME}.tar.gz"
    with tarfile.open(sdist) as archive:
        held = {name.removeprefix(f"{NAME}/") for name in archive.getnames()}
    for folder in ("wartutor", "tests", "notebooks", "docs", "binder"):
        missing = project_files(tree, folder) - held
        assert not missing, f"{folder}: {sorted(missing)[:10]}"
    assert {"tests/golden/classic_war.txt", "tests/golden/regenerate.py",
            "tests/browser/conftest.py", "docs/hooks/wartutor_docs.py",
            "wartutor/schemas/trace.schema.json"} <= held
    assert {"pyproject.toml", "README.md", "LICENSE", "CHANGELOG.md", "Makefile",
            "mkdocs.yml", "MANIFEST.in"} <= held
    assert not [name for name in held if "__pycache__" in name or name.endswith(".pyc")]


def test_the_wheel_holds_the_package_and_its_data(built: tuple[Path, Path, Path]) -> None:
    tree, _, wheel = built
    with zipfile.ZipFile(wheel) as archive:
        held = set(archive.namelist())
        metadata = email.parser.Parser().parsestr(
            archive.read(f"{NAME}.dist-info/METADATA").decode())
    package = project_files(tree, "wartutor")
    assert package <= held, sorted(package - held)[:10]
    notebooks = {f"wartutor/notebooks/{path.name}"
                 for path in (tree / "notebooks").glob("*.ipynb")}
    assert notebooks and notebooks <= held
    schemas = {f"wartutor/schemas/{path.name}"
               for path in (tree / "wartutor" / "schemas").glob("*.json")}
    assert len(schemas) == 6 and schemas <= held
    assert {"wartutor/voila.json", "wartutor/py.typed",
            "wartutor/variants/war_room/field_manual.toml"} <= held
    assert not [name for name in held if name.startswith(("tests/", "docs/"))]
    assert metadata["Version"] == wartutor.__version__
    assert metadata["License-Expression"] == "MIT"
    classifiers = metadata.get_all("Classifier") or []
    for wanted in ("Framework :: Jupyter", "Intended Audience :: Education",
                   "Topic :: Education", "Programming Language :: Python :: 3.11"):
        assert wanted in classifiers
    urls = dict(url.split(", ", 1) for url in metadata.get_all("Project-URL") or [])
    assert {"Homepage", "Documentation", "Source", "Issues", "Changelog"} <= set(urls)


def test_the_sdists_own_tests_run_from_its_folder(
    built: tuple[Path, Path, Path], tmp_path: Path,
) -> None:
    """The unpacked sdist's tests pass against the sdist's own copy of the package."""
    _, sdist, _ = built
    with tarfile.open(sdist) as archive:
        archive.extractall(tmp_path, filter="data")
    unpacked = tmp_path / NAME
    env = {**os.environ, "PYTHONPATH": str(unpacked), "NO_MKDOCS_2_WARNING": "1"}
    found = run(sys.executable, "-c", "import wartutor; print(wartutor.__file__)",
                cwd=unpacked, env=env)
    assert Path(found.stdout.strip()).is_relative_to(unpacked)
    done = run(sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *SDIST_TESTS,
               cwd=unpacked, env=env)
    assert " passed" in done.stdout and " failed" not in done.stdout
