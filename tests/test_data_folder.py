"""One data folder for everything saved: rooms and campaigns, on every system and in the
browser edition."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest
from platformdirs import user_data_dir

from wartutor import web
from wartutor.core.data import DATA_DIR_VARIABLE, data_folder
from wartutor.rooms.store import URL_SETTING, RoomStore, default_path
from wartutor.server.remember import data_folder as class_server_folder
from wartutor.variants.arsenal.progress import ProgressFile

ROOT = Path(__file__).resolve().parents[1]


def test_without_a_setting_it_is_the_systems_folder_for_a_users_data(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv(DATA_DIR_VARIABLE, raising=False)
    # %APPDATA%\wartutor on Windows (no author folder), as the campaigns were kept there.
    assert data_folder() == Path(user_data_dir("wartutor", appauthor=False, roaming=True))
    assert data_folder().name == "wartutor" and data_folder().parent.name != "wartutor"


def test_rooms_campaigns_and_the_class_server_keep_to_one_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv(DATA_DIR_VARIABLE, str(tmp_path / "class 7b"))
    monkeypatch.delenv(URL_SETTING, raising=False)
    folder = tmp_path / "class 7b"
    assert data_folder() == folder
    assert default_path().parent == ProgressFile().path.parent == class_server_folder() == folder
    RoomStore.at().close()
    assert (folder / "rooms.sqlite3").is_file()


def test_in_the_browser_everything_is_saved_where_the_browser_keeps_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv(DATA_DIR_VARIABLE, str(tmp_path))  # a server's setting changes nothing
    with web.browser_edition():
        kept = web.data_folder()
        assert kept is not None and data_folder() == kept
        assert ProgressFile().path.parent == kept
    assert data_folder() == tmp_path


def test_the_rules_import_the_standard_library_only() -> None:
    # platformdirs is loaded inside data_folder, when something is saved, never on import.
    found = set()
    for path in [*(ROOT / "wartutor" / "core").glob("*.py"),
                 *(ROOT / "wartutor" / "variants").rglob("*.py")]:
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            names = ([a.name for a in node.names] if isinstance(node, ast.Import) else
                     [node.module] if isinstance(node, ast.ImportFrom) and node.module
                     and not node.level else [])
            found |= {(path.name, n) for n in names
                      if n.split(".")[0] not in {*sys.stdlib_module_names, "wartutor"}}
    assert not found
