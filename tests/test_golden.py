"""Golden playthroughs: the text of one seeded game per variant must not change unnoticed.

A failure shows the diff between the file in tests/golden and what the engine plays and
says now; if the change is meant, run ``python tests/golden/regenerate.py`` and review it.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from golden.playthrough import GOLDEN_GAMES, HERE, difference, path_of, play, render

from wartutor.variants import VARIANTS

ROOT = Path(__file__).resolve().parents[1]


def test_every_variant_has_a_golden_playthrough() -> None:
    missing = [name for name in VARIANTS if not path_of(name).exists()]
    assert not missing, (
        f"no golden playthrough for {', '.join(missing)}: run python tests/golden/regenerate.py"
    )


def test_every_golden_playthrough_belongs_to_a_variant() -> None:
    files = {path.stem for path in HERE.glob("*.txt")}
    assert files <= set(VARIANTS), f"golden files for unknown variants: {files - set(VARIANTS)}"
    assert set(GOLDEN_GAMES) <= set(VARIANTS)


@pytest.mark.parametrize("name", list(VARIANTS))
def test_the_golden_playthrough_is_what_the_engine_plays_now(name: str) -> None:
    path = path_of(name)
    if not path.exists():
        pytest.fail(f"no golden playthrough {path}: run python tests/golden/regenerate.py")
    problem = difference(path.read_text(encoding="utf-8"), render(play(name)), path)
    if problem:
        pytest.fail(problem, pytrace=False)


def test_a_changed_playthrough_is_shown_as_a_readable_diff() -> None:
    path = path_of("classic_war")
    golden = path.read_text(encoding="utf-8")
    changed = golden.replace("your king beats", "your king loses to", 1)
    problem = difference(golden, changed, path)
    assert problem is not None
    assert "-  War 1 of battle 4: your king beats the computer's ten." in problem
    assert "+  War 1 of battle 4: your king loses to the computer's ten." in problem
    assert "python tests/golden/regenerate.py" in problem
    assert difference(golden, golden, path) is None


def test_the_classic_golden_game_has_a_war_and_an_ending() -> None:
    text = path_of("classic_war").read_text(encoding="utf-8")
    assert "seed: 26" in text and "battle_limit = 60" in text
    assert "Equal ranks mean war." in text
    assert "War: each side lays 1 card face down and one face up." in text
    assert text.rstrip().endswith("result: You won (all-cards); length 36; wars 4")
    assert play("classic_war").outcome is not None


def test_the_regenerate_script_writes_every_golden_file(tmp_path: Path) -> None:
    env = {**os.environ, "PYTHONPATH": ""}
    run = subprocess.run(
        [sys.executable, str(ROOT / "tests" / "golden" / "regenerate.py"), str(tmp_path / "out")],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=120, check=False,
    )
    assert run.returncode == 0, run.stderr
    assert run.stdout.count("wrote ") == len(VARIANTS)
    for name in VARIANTS:
        written = path_of(name, tmp_path / "out").read_text(encoding="utf-8")
        assert written.startswith(f"Golden playthrough: {VARIANTS[name].title} ({name})\n")
        if path_of(name).exists():  # a missing file fails the test above instead
            assert written == path_of(name).read_text(encoding="utf-8")
