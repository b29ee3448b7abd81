"""A release: the sdist and the wheel build, pass `twine check`, and hold what they must.

The sdist is the whole project a packager or a school can test: the package, the tests
and their data, the notebooks and the documentation's sources (MANIFEST.in); and its tests
run from the unpacked folder. The wheel holds the package's data: the notebooks, Voila's
settings, the JSON Schemas and the War Room deck. The version has one source,
``wartutor.__version__``.

Built from a copy of the working tree, so the repository is left as it was; about a
minute in all (building fetches setuptools into an isolated environment), and about as
long again for the wheel in a fresh environment (pip asks the package index).

Then the wheel is installed as a teacher would from PyPI: ``pip install 'wartutor[app]'``
into a fresh virtual environment, with nothing else. There, ``wartutor app`` serves the
start page and a Classic War that plays (in Chromium), ``wartutor notebooks`` copies the
notebooks, ``python -m wartutor --version`` says the version, and the explorer draws.
"""

from __future__ import annotations

import email.parser
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tomllib
import zipfile
from pathlib import Path

import pytest
from apart import run_apart
from servers import CHROMIUM, CHROMIUM_ARGS, Server, chromium_missing, free_port, start_server

import wartutor

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[1]
NAME = f"wartutor-{wartutor.__version__}"
# Left out of the copy that is built: environments, caches, build output, test output.
NOT_COPIED = shutil.ignore_patterns(".git", ".venv", ".cache", "_site", "build", "dist",
                                    "test-artifacts", "*.egg-info", "__pycache__", "*.pyc",
                                    ".ipynb_checkpoints", ".pytest_cache", ".mypy_cache",
                                    ".ruff_cache", ".hypothesis", ".nox")
# Tests of the unpacked sdist, against its own copy of the package: the golden
# playthroughs (tests/golden) and traces, which read the sdist's data files, and the core's
# doctests. The rest run from the repository; that the sdist holds them is checked below.
SDIST_TESTS = ("tests/test_golden.py", "tests/test_trace.py", "wartutor/core")


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


def test_the_readmes_links_and_picture_work_on_pypi_too() -> None:
    # PyPI shows the README away from the repository: a relative link leads nowhere there.
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    targets = re.findall(r"\]\(([^)\s]+)", readme) + re.findall(r'(?:src|href)="([^"]+)"', readme)
    assert any(t.endswith(".png") for t in targets)
    assert [t for t in targets if not t.startswith(("https://", "#"))] == []


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


# --- The wheel as a teacher installs it: [app] alone, in a fresh environment -------------


@pytest.fixture(scope="module")
def app_only(built: tuple[Path, Path, Path], tmp_path_factory: pytest.TempPathFactory,
             ) -> tuple[Path, dict[str, str]]:
    """A fresh virtual environment holding the wheel with its [app] extra and nothing else,
    and an environment to run it in that cannot find the repository's copy."""
    _, _, wheel = built
    venv = tmp_path_factory.mktemp("app-only") / "venv"
    # Nothing of the repository in sight (a PYTHONPATH to a checkout would satisfy pip).
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    env["WARTUTOR_DATA_DIR"] = str(venv.parent / "data")
    # pip of this environment installs into the new one, which then needs no pip of its own;
    # --no-compile halves the time (what runs is compiled as it is imported).
    run(sys.executable, "-m", "venv", "--without-pip", venv, cwd=venv.parent)
    python = venv / ("Scripts" if os.name == "nt" else "bin") / "python"
    run(sys.executable, "-m", "pip", "--python", python, "install", "--quiet", "--no-compile",
        "--disable-pip-version-check", f"{wheel}[app]", cwd=venv.parent, env=env)
    found = run(python, "-c", "import wartutor; print(wartutor.__file__)", cwd=venv.parent,
                env=env)
    assert Path(found.stdout.strip()).is_relative_to(venv)
    return python, env


def test_with_app_alone_the_version_and_the_notebooks_for_app_and_class(
    app_only: tuple[Path, dict[str, str]], tmp_path: Path,
) -> None:
    python, env = app_only
    said = run(python, "-m", "wartutor", "--version", cwd=tmp_path, env=env).stdout
    assert said.strip() == f"wartutor {wartutor.__version__}"
    run(python.with_name("wartutor"), "notebooks", tmp_path / "lessons", cwd=tmp_path, env=env)
    copied = sorted(p.name for p in (tmp_path / "lessons").glob("*.ipynb"))
    assert copied == sorted(p.name for p in (ROOT / "notebooks").glob("*.ipynb"))
    # wartutor class serves the notebooks the wheel shipped, from the same folder.
    served = run(python, "-c", "from wartutor.serve import parser; "
                 "print(parser().parse_args([]).notebooks)", cwd=tmp_path, env=env).stdout
    assert (Path(served.strip()) / "start.ipynb").is_file()


# In the fresh environment: the explorer app plays its games in worker processes and draws
# its pictures, and the class board's pictures (matplotlib, part of [app]) come out.
EXPLORER = """
import json
from wartutor.explore import simulate
from wartutor.explore.plots import plot_lengths, plot_results, png
from wartutor.ui.explorer import explorer_app

app = explorer_app("classic_war", games=200, jobs=2, run=True)
charts = [w.value for w in app.children if "<svg" in str(getattr(w, "value", ""))]
table = simulate("classic_war", 100, jobs=1, progress=False)
pngs = [png(f)[:8].hex() for f in (plot_lengths(table), plot_results(table))]
print(json.dumps({"charts": len(charts), "reading": app.reading_text(), "pngs": pngs}))
"""


def test_with_app_alone_the_explorer_draws_its_pictures(
    app_only: tuple[Path, dict[str, str]], tmp_path: Path,
) -> None:
    python, env = app_only
    drawn = json.loads(run(python, "-c", EXPLORER, cwd=tmp_path, env=env).stdout)
    assert drawn["charts"] == 2
    assert "Classic War, 200 games" in drawn["reading"]
    assert drawn["pngs"] == [b"\x89PNG\r\n\x1a\n".hex()] * 2


async def play_classic_war(url: str) -> tuple[str, str, list[str], list[str]]:
    """From the start page to Classic War, and one move: the battle and the card counts
    before and after."""
    from playwright.async_api import async_playwright, expect

    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(executable_path=CHROMIUM, headless=True,
                                                   args=CHROMIUM_ARGS)
        page = await browser.new_page(viewport={"width": 1366, "height": 768})
        page.set_default_timeout(60_000)
        await page.goto(f"{url}/voila/render/start.ipynb")
        link = page.locator('a[href$="classic_war.ipynb"]').first
        await expect(link).to_be_visible(timeout=120_000)
        await link.click()
        turn = page.get_by_role("button", name="Turn cards", exact=True)
        await expect(turn).to_be_visible(timeout=120_000)
        battle, counts = page.locator(".wt-battle").first, page.locator(".wt-count")
        before = (await battle.inner_text(), await counts.all_inner_texts())
        await turn.click()
        await expect(battle).not_to_have_text(before[0])
        await expect(counts).not_to_have_text(before[1])
        after = (await battle.inner_text(), await counts.all_inner_texts())
        await browser.close()
    return before[0], after[0], before[1], after[1]


def test_with_app_alone_wartutor_app_serves_a_game_that_plays(
    app_only: tuple[Path, dict[str, str]], tmp_path: Path,
) -> None:
    if problem := chromium_missing():
        if os.environ.get("CI"):
            pytest.fail(problem, pytrace=False)
        pytest.skip(problem)
    python, env = app_only
    port = free_port()
    server: Server = start_server([str(python.with_name("wartutor")), "app", "--port", str(port)],
                                  tmp_path, f"http://127.0.0.1:{port}", "/voila/static/voila.js",
                                  timeout=120, env=env)
    try:
        battle_before, battle_after, counts_before, counts_after = run_apart(
            play_classic_war(server.url))
    finally:
        server.stop()
    assert f"Open http://127.0.0.1:{port}/voila/render/start.ipynb" in server.log_tail()
    assert battle_before != battle_after and counts_before != counts_after
