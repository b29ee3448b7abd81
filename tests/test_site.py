"""The static site's pieces that need no browser: the editions' decisions (wartutor.web),
the start page in each edition, the publishing workflow against the Makefile, and, when
`make site` has run, what _site/ holds (everything served from the site itself)."""

from __future__ import annotations

import asyncio
import json
import re
import zipfile
from pathlib import Path

import pytest
from apart import run_apart

from wartutor import web
from wartutor.ui.start import start_page

REPO = Path(__file__).resolve().parents[1]
SITE = REPO / "_site"
GAMES = ("classic_war", "guerrilla_tactics", "war_room", "trade_war", "arsenal")


def links(page_html: str) -> list[str]:
    return re.findall(r'href="([^"]+)"', page_html)


def test_the_server_edition_links_notebooks_and_offers_rooms() -> None:
    page = start_page()._repr_html_()
    assert {f"{g}.ipynb" for g in GAMES} <= set(links(page))
    assert {"play_together.ipynb", "class_board.ipynb", "pass_and_play.ipynb"} <= set(links(page))


def test_the_browser_edition_links_static_pages_and_says_rooms_need_a_server() -> None:
    with web.browser_edition():
        page = start_page()._repr_html_()
    found = links(page)
    assert {f"{g}.html" for g in GAMES} <= set(found)
    pages = [h for h in found if not h.startswith("../../notebooks/")]  # JupyterLite's
    assert not [h for h in pages if ".ipynb" in h], found
    assert "rule_explorer.html?variant=war_room" in found  # the page gives it the kernel
    assert not [h for h in found if "play_together" in h or "class_board" in h], found
    assert "pass_and_play.html" in found
    assert "../../notebooks/index.html?path=strategy_lab.ipynb" in found
    assert "need a server" in page


def test_the_browser_edition_does_the_work_in_the_page_and_less_of_it() -> None:
    assert web.worker_processes(8) == 8 and web.explorer_games(5000) == 5000
    with web.browser_edition():
        assert web.worker_processes(8) == 1
        assert not web.can_use_threads()
        assert web.explorer_games(5000) == 5000 * web.BROWSER_SHARE
        assert web.coach_games(100) == 25 and web.coach_games(10) == 4
        assert web.coach_games(2) == 2
        assert web.data_folder() is not None  # a folder of the page's own
        assert web.storage_note()
    assert web.data_folder() is None and web.storage_note() == ""


def test_the_pages_workflow_runs_make_site_and_publishes_site() -> None:
    workflow = (REPO / ".github" / "workflows" / "pages.yml").read_text()
    steps = [line.strip().removeprefix("- ") for line in workflow.splitlines()]
    runs = [step.split("run:", 1)[1].strip() for step in steps if step.startswith("run:")]
    assert runs == ["make site"], runs  # the build is the Makefile's, nothing more
    assert re.search(r"uses:\s*actions/upload-pages-artifact@v\d+", workflow)
    assert re.search(r"path:\s*_site/?\s*$", workflow, re.M)
    assert re.search(r"uses:\s*actions/deploy-pages@v\d+", workflow)
    makefile = (REPO / "Makefile").read_text()
    assert re.search(r"^site:", makefile, re.M)
    assert "site/build.py" in makefile
    build = (REPO / "site" / "build.py").read_text()
    assert 'REPO / "_site"' in build  # the folder the workflow uploads


def test_the_binder_lock_is_the_test_environments() -> None:
    import subprocess
    import sys

    done = subprocess.run([sys.executable, str(REPO / "tools" / "lock.py"), "--check"],
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stderr + done.stdout


built = pytest.mark.skipif(not (SITE / "voici" / "render" / "start.html").exists(),
                           reason="_site/ is not built (make site; make test builds it)")


@built
def test_the_site_has_every_app_page_and_serves_everything_itself() -> None:
    for name in (*GAMES, "start", "rule_explorer", "pass_and_play", "strategy_lab"):
        assert (SITE / "voici" / "render" / f"{name}.html").is_file(), name
    for name in ("play_together", "class_board"):  # they need a server
        assert not (SITE / "voici" / "render" / f"{name}.html").exists(), name
    pyodide = SITE / "static" / "pyodide"
    lock = json.loads((pyodide / "pyodide-lock.json").read_text())
    for entry in lock["packages"].values():
        assert (pyodide / entry["file_name"]).is_file(), entry["file_name"]
    assert "wartutor" in lock["packages"] and "ipywidgets" in lock["packages"]
    outside = re.compile(r"""(?:src|href)\s*=\s*["']?(?:https?:)?//""")
    for page in SITE.rglob("*.html"):
        text = page.read_text(errors="replace")
        assert not outside.search(text), f"{page} loads from outside the site"
    config = json.loads((SITE / "jupyter-lite.json").read_text())["jupyter-config-data"]
    kernel = config["litePluginSettings"]["@jupyterlite/pyodide-kernel-extension:kernel"]
    assert kernel["pyodideUrl"].startswith("./") and kernel["disablePyPIFallback"] is True


@built
def test_the_site_ships_bytecode_so_pages_compile_nothing_at_start() -> None:
    pyodide = SITE / "static" / "pyodide"

    def files(archive: Path) -> dict[str, bytes]:
        with zipfile.ZipFile(archive) as z:
            return {n: z.read(n) for n in z.namelist() if n.endswith((".py", ".pyc"))}

    stdlib = files(pyodide / "python_stdlib.zip")
    ipython = files(next(pyodide.glob("ipython-*.whl")))
    mine = files(next(pyodide.glob("wartutor-*.whl")))
    # As Pyodide's own builds: the bytecode in place of the source.
    assert "json/decoder.pyc" in stdlib and "json/decoder.py" not in stdlib
    assert "IPython/core/interactiveshell.pyc" in ipython
    assert "IPython/core/interactiveshell.py" not in ipython
    # wartutor keeps its source beside (its tracebacks show their lines).
    compiled = [n for n in mine if n.startswith("wartutor/__pycache__/web.cpython-3")]
    assert "wartutor/web.py" in mine and len(compiled) == 1
    pycs = (stdlib["json/decoder.pyc"], ipython["IPython/core/interactiveshell.pyc"],
            mine[compiled[0]])
    assert len({pyc[:4] for pyc in pycs}) == 1  # one Python's bytecode: the site's Pyodide
    assert {pyc[4:8] for pyc in pycs} == {b"\x01\x00\x00\x00"}  # never checked against a source
    # jedi (IPython's completer) without the stubs of packages no page has: fewer files to
    # unpack at every start; the standard library's stay for completion.
    with zipfile.ZipFile(next(pyodide.glob("jedi-*.whl"))) as z:
        stubs = [n for n in z.namelist() if n.endswith(".pyi")]
    assert any("typeshed/stdlib/" in n for n in stubs)
    assert not [n for n in stubs if "typeshed/third_party/" in n or "django-stubs" in n]


def test_in_the_browser_the_explorer_plays_in_the_page_in_chunks_and_hears_cancel() -> None:
    from wartutor.explore import simulate
    from wartutor.ui.explorer import ExplorerApp

    async def played(games: int, cancel_after: int | None = None) -> ExplorerApp:
        with web.browser_edition():
            app = ExplorerApp("classic_war", games=games, seed=4)
            app.press("Play the games")  # returns at once: the games are a task of the page
            assert app.running and app._thread is None
        pauses = 0
        while app.running:
            await asyncio.sleep(0)  # the page's turn: it draws, and hears clicks
            pauses += 1
            if cancel_after is not None and pauses == cancel_after:
                app.press("Cancel")
        assert pauses > 1  # it paused between chunks (and to show the answer)
        return app

    app = run_apart(played(300))
    assert app.tables == (simulate("classic_war", 300, 4, progress=False, jobs=1),)
    assert app.progress.value == 300
    answer = app._lengths.value + app._results.value
    assert answer.count("<svg") == 2 and "<img" not in answer  # no matplotlib in a browser
    stopped = run_apart(played(50_000, cancel_after=1))  # many chunks of 0.1 s
    assert stopped.tables == () and "Cancelled" in stopped.status.value


def test_in_the_browser_the_coach_plays_a_quarter_of_its_games() -> None:
    from wartutor.core import Game
    from wartutor.explore.coach import advise
    from wartutor.variants import find_variant

    guerrilla = find_variant("guerrilla_tactics")
    game = Game.new(guerrilla, seed=3)
    view = guerrilla.view(game.state, game.decision.player)
    here = advise(guerrilla, game.rules, view, game.decision, games=40)
    with web.browser_edition():
        there = advise(guerrilla, game.rules, view, game.decision, games=40)
    assert {c.games for c in here.chances} == {40} and {c.games for c in there.chances} == {10}



def test_in_the_browser_the_coach_panel_says_how_many_games_it_plays() -> None:
    from wartutor.core import Game
    from wartutor.ui.coach_panel import CoachPanel, Question
    from wartutor.variants import find_variant

    guerrilla = find_variant("guerrilla_tactics")
    game = Game.new(guerrilla, seed=3)
    assert game.decision is not None
    view = guerrilla.view(game.state, game.decision.player)
    said: list[str] = []
    with web.browser_edition():
        panel = CoachPanel(lambda work: work())
        panel._answer.observe(lambda change: said.append(change["new"]), names="value")
        panel.offer(Question(guerrilla, game.rules, view, game.decision, label=str))
        panel.button.click()
    assert panel.advice is not None
    played = {c.games for c in panel.advice.chances}
    assert played == {25}  # a quarter of a server's 100 (web.coach_games)
    assert "playing 25 games" in said[0]  # what it said it would play, it played


def test_in_the_browser_a_campaign_saves_without_a_lock_and_a_stale_tab_keeps_it(
        tmp_path: Path) -> None:
    from wartutor.variants.arsenal.progress import Progress, ProgressFile

    with web.browser_edition():  # two tabs of one campaign: two pages' own records
        ahead, stale = ProgressFile(tmp_path), ProgressFile(tmp_path)
        ahead.save(Progress(unlocked=4))
        stale.save(Progress(unlocked=2, label="Ada"))
    assert not list(tmp_path.glob("*.lock"))  # no lock: Pyodide has no flock to take one
    assert ProgressFile(tmp_path).load()[0] == Progress(unlocked=4, label="Ada")
