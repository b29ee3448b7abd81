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


# Every mistake refused in one line, before the first game is played


def wartutor(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "wartutor.cli", *args], capture_output=True,
                          text=True, check=False, cwd=Path(__file__).parents[1], timeout=60)


LAST_SEED = 2**64 - 1
A_MILLION = 1_000_000  # games that would run for many minutes if any were played


@pytest.mark.parametrize(("args", "says"), [
    (["--out", "/no-such-folder/x.csv"],
     "--out '/no-such-folder/x.csv': there is no folder '/no-such-folder'. "
     "Allowed: a file in a folder that exists."),
    (["--out", ""], "--out is empty. Allowed: a file name such as results.csv."),
    (["--out", "/tmp"], "--out '/tmp' is a folder"),
    (["--against", "war_down"], "--against 'war_down' is not NAME=VALUE"),
    (["--against", "war_down=7"], "--against: ruling CW-WAR-DOWN (war_down) cannot be 7"),
    (["--set", "colour=red"], "--set 'colour=red': 'colour' is not a rule option"),
    (["--seed", str(LAST_SEED - 9)],
     f"--seed {LAST_SEED - 9} with --games {A_MILLION} needs seeds up to "
     f"{LAST_SEED - 9 + A_MILLION - 1}, past the largest seed, {LAST_SEED}. "
     f"Allowed: a --seed of at most {LAST_SEED - A_MILLION + 1} for {A_MILLION} games."),
    (["--games", "99999999999999999999"],
     f"--games 99999999999999999999 is more games than there are seeds. Allowed: at most "
     f"{LAST_SEED + 1} games"),
    (["--jobs", "1000000"],
     "--jobs 1000000 is more processes than wartutor starts. Allowed: --jobs from 1 to 256"),
    (["--games", "9" * 5000],
     "argument --games: '99999999999999999999999999999...' (5,000 characters) has 5,000 "
     "digits, more than any seed or count needs"),
    (["--seed", "-3"], "argument --seed: '-3' is not a whole number >= 0"),
    (["--set", "war_down=" + "9" * 5000],
     "ruling CW-WAR-DOWN (war_down) cannot be '99999999999999999999999999999...' (5,000"),
    (["--colour", "red"], "unrecognized arguments: --colour red (see wartutor --help)"),
])
def test_a_bad_command_line_is_refused_in_one_line_before_any_game_is_played(
    args: list[str], says: str
) -> None:
    done = wartutor("simulate", "classic_war", "--games", str(A_MILLION), *args)
    assert done.returncode == 2 and done.stdout == ""
    assert says in done.stderr
    assert done.stderr.count("\n") == 1 and len(done.stderr) < 400
    assert "Traceback" not in done.stderr


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs Linux's /dev/full")
def test_a_table_that_cannot_be_written_is_one_line_too() -> None:
    done = wartutor("simulate", "classic_war", "--games", "3", "--jobs", "1", "--quiet",
                    "--out", "/dev/full")
    assert done.returncode == 1
    assert done.stderr == ("wartutor simulate: error: cannot write '/dev/full': "
                           "No space left on device\n")


def test_more_jobs_than_cores_play_on_the_cores(tmp_path: Path) -> None:
    done = wartutor("simulate", "classic_war", "--games", "4", "--jobs", "256")
    assert done.returncode == 0
    assert "--jobs 256: this machine has" in done.stderr and "processes play" in done.stderr


def test_the_version_and_python_dash_m_wartutor(tmp_path: Path) -> None:
    from wartutor import __version__

    said = subprocess.run([sys.executable, "-m", "wartutor", "--version"], capture_output=True,
                          text=True, cwd=tmp_path, check=True).stdout
    assert said.strip() == f"wartutor {__version__}"


def test_notebooks_are_copied_to_edit_and_nothing_is_overwritten(tmp_path: Path) -> None:
    from wartutor.local import notebooks_folder

    assert main(["notebooks", str(tmp_path / "lessons")]) == 0
    copied = sorted(p.name for p in (tmp_path / "lessons").glob("*.ipynb"))
    assert copied == sorted(p.name for p in notebooks_folder().glob("*.ipynb"))
    assert "start.ipynb" in copied
    (tmp_path / "mine").mkdir()
    (tmp_path / "mine" / "start.ipynb").write_text("my own lesson")
    assert main(["notebooks", str(tmp_path / "mine")]) == 2
    assert (tmp_path / "mine" / "start.ipynb").read_text() == "my own lesson"


def test_wartutor_app_serves_the_start_page_on_this_machine_only(tmp_path: Path) -> None:
    import socket
    import time
    import urllib.request

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    server = subprocess.Popen([sys.executable, "-m", "wartutor", "app", "--port", str(port)],
                              cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                              start_new_session=True)
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                with urllib.request.urlopen(
                        f"http://127.0.0.1:{port}/voila/static/voila.js", timeout=5):
                    break
            except OSError:
                assert time.monotonic() < deadline and server.poll() is None
                time.sleep(0.5)
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/voila/render/start.ipynb",
                                    timeout=60) as answer:
            page = answer.read().decode()
        # The start page ran: its output is a widget for the page to draw.
        assert answer.status == 200 and "wt-app" in page
    finally:
        server.terminate()
        server.wait(timeout=20)


def test_the_class_servers_memory_is_kept_where_os_has_no_fchmod_as_on_windows(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    import os

    from wartutor.server.remember import Memory

    monkeypatch.delattr(os, "fchmod", raising=False)
    first = Memory.at(tmp_path)
    assert first.password("class", made=lambda: "tiger-lamp-river") == "tiger-lamp-river"
    assert Memory.at(tmp_path).password("class", made=lambda: "other") == "tiger-lamp-river"
    if os.name == "posix":
        assert first.path.stat().st_mode & 0o777 == 0o600


def test_every_package_of_the_source_is_listed_for_the_wheel() -> None:
    import tomllib

    root = Path(__file__).resolve().parents[1]
    listed = set(tomllib.loads((root / "pyproject.toml").read_text())["tool"]["setuptools"][
        "packages"])
    on_disk = {".".join(p.parent.relative_to(root).parts)
               for p in (root / "wartutor").rglob("__init__.py")}
    assert listed == on_disk | {"wartutor.notebooks"}
