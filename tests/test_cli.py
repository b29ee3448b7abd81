"""The command line: writes the per-game table, lists the rulings, refuses bad options plainly."""

from __future__ import annotations

import csv
import subprocess
import sys
from pathlib import Path

import pytest

from wartutor.cli import main, parse_value
from wartutor.core import rulings_of
from wartutor.explore import simulate
from wartutor.variants.classic_war import ClassicRules


def test_simulate_writes_the_table(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "results.csv"
    code = main(["simulate", "classic_war", "--games", "40", "--seed", "9", "--jobs", "1",
                 "--set", "pickup=shuffled", "--set", "battle_limit=None", "--set", "war_down=3",
                 "--out", str(out), "--quiet"])
    assert code == 0
    rows = list(csv.DictReader(out.open()))
    assert [int(r["seed"]) for r in rows] == list(range(9, 49))
    expected = simulate("classic_war", 40, 9, ClassicRules("shuffled", 3, None), jobs=1,
                        progress=False)
    assert out.read_text() == expected.to_csv()
    assert "Classic War, 40 games (seeds 9 to 48)." in capsys.readouterr().out


def test_rulings_lists_every_option_with_allowed_values_and_default(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["rulings", "classic_war"]) == 0
    text = capsys.readouterr().out
    for name, meta in rulings_of(ClassicRules).items():
        assert f"{name}  (ruling {meta.id})" in text
        assert f"allowed: {meta.describe_allowed()}" in text
    assert "default: 'winner-first'" in text and "default: 500" in text


@pytest.mark.parametrize(("args", "message"), [
    (["simulate", "no_war"], "there is no variant called 'no_war'. Allowed: classic_war"),
    (["simulate", "classic_war", "--set", "colour=red"], "Allowed: pickup, war_down"),
    (["simulate", "classic_war", "--set", "pickup=sideways"], "Allowed: 'winner-first'"),
    (["simulate", "classic_war", "--set", "war_down=7"], "Allowed: 1, 2, 3"),
    (["simulate", "classic_war", "--set", "battle_limit=0"], "or None for no limit"),
    (["simulate", "classic_war", "--set", "pickup"], "is not NAME=VALUE"),
    (["simulate", "classic_war", "--agents", "cheater"], "Allowed: turn"),
    (["simulate", "classic_war", "--jobs", "0"], "a whole number >= 1"),
    (["rulings", "no_war"], "there is no variant called 'no_war'"),
])
def test_bad_options_say_what_is_allowed(
    args: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main([*args, "--quiet"] if args[0] == "simulate" else args) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err


def test_values_are_read_as_their_ruling_expects() -> None:
    rules = rulings_of(ClassicRules)
    assert parse_value("3", rules["war_down"]) == 3
    assert parse_value("None", rules["battle_limit"]) is None
    assert parse_value("none") is None
    assert parse_value("250", rules["battle_limit"]) == 250
    assert parse_value("shuffled", rules["pickup"]) == "shuffled"
    assert parse_value("true") is True


def test_runs_as_a_module() -> None:
    done = subprocess.run([sys.executable, "-m", "wartutor.cli", "simulate", "classic_war",
                           "--set", "war_down=9"], capture_output=True, text=True, check=False,
                          cwd=Path(__file__).parents[1])
    assert done.returncode == 2
    assert "Allowed: 1, 2, 3." in done.stderr and "Traceback" not in done.stderr


def test_against_plays_the_same_seeds_with_an_option_changed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "results.csv"
    assert main(["simulate", "classic_war", "--games", "30", "--jobs", "1", "--quiet",
                 "--against", "war_down=3", "--out", str(out)]) == 0
    three_down = simulate("classic_war", 30, rules={"war_down": 3}, jobs=1, progress=False)
    assert (tmp_path / "results-against.csv").read_text() == three_down.to_csv()
    assert "The same 30 deals, played two ways: as set and war_down=3." in capsys.readouterr().out
