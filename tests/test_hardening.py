"""Issue 15's cases, each a rule example: bad input is refused with BadInput naming the
problem and the limit, at once, in a message of sensible length; core reaches no higher."""

from __future__ import annotations

import ast
import json
import os
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from wartutor.core import BadInput, Game, Trace, quoted
from wartutor.core.dealcode import read_deal_code
from wartutor.core.registry import VARIANTS as REGISTERED
from wartutor.variants import VARIANTS, find_variant
from wartutor.variants.arsenal.progress import FILE_NAME, Progress, ProgressFile
from wartutor.variants.classic_war import CLASSIC_WAR
from wartutor.variants.war_room.deck import default_deck_text, parse_deck

ROOT = Path(__file__).resolve().parents[1]


@contextmanager
def at_once() -> Iterator[None]:
    """What is inside takes under a second of this process's own time."""
    start = time.process_time()
    yield
    assert time.process_time() - start < 1.0


def refusal(load: Callable[[], Any]) -> str:
    """The message of the refusal ``load`` raises, at once."""
    with at_once(), pytest.raises(BadInput) as refused:
        load()
    message = str(refused.value)
    assert ". Allowed: " in message
    return message


def a_trace(**changes: Any) -> dict[str, Any]:
    game = Game.new(CLASSIC_WAR, seed=7).play("turn")
    return {**json.loads(Trace.of(game).to_json()), **changes}


def as_text(data: dict[str, Any]) -> str:
    return json.dumps(data)


def with_seed_text(digits: str) -> str:
    return as_text(a_trace()).replace('"seed": 7', f'"seed": {digits}')


# Raw exceptions no longer escape the loaders


def test_a_trace_nested_100000_deep_is_refused() -> None:
    message = refusal(lambda: Trace.from_json("[" * 100_000 + "]" * 100_000))
    assert "nested more than 20 deep" in message


def test_a_trace_whose_seed_has_5000_digits_is_refused() -> None:
    message = refusal(lambda: Trace.from_json(with_seed_text("9" * 5000)))
    assert "a number of 5,000 digits. Allowed: whole numbers of at most 20 digits" in message


def test_a_trace_whose_seed_is_one_past_the_largest_is_refused() -> None:
    message = refusal(lambda: Trace.from_json(with_seed_text(str(2**64))))
    assert "18446744073709551616 cannot be a seed" in message


def test_a_trace_file_that_is_not_utf8_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_bytes(b"\x80" + as_text(a_trace()).encode())
    message = refusal(lambda: Trace.load(path))
    assert "the trace file 'game.json' is not UTF-8 text (byte 0 is 0x80)" in message


def test_a_trace_file_with_a_byte_order_mark_is_read(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_bytes(b"\xef\xbb\xbf" + as_text(a_trace()).encode())
    assert Trace.load(path).actions == ("turn",)


def test_a_missing_trace_file_is_refused(tmp_path: Path) -> None:
    message = refusal(lambda: Trace.load(tmp_path / "gone.json"))
    assert "the trace file 'gone.json' cannot be read (No such file or directory)" in message


@pytest.mark.parametrize("value", ["NaN", "Infinity", "-Infinity"])
def test_a_trace_holding_nan_or_infinity_is_refused(value: str) -> None:
    message = refusal(lambda: Trace.from_json(with_seed_text(value)))
    assert f"the trace holds {value}, which is not a JSON number" in message


@pytest.mark.parametrize("value", [None, b"{}", 42, ["turn"]])
def test_a_trace_that_is_not_text_is_refused(value: Any) -> None:
    assert "not text" in refusal(lambda: Trace.from_json(value))


def test_a_rule_option_that_is_a_list_or_an_object_is_refused() -> None:
    message = refusal(lambda: Trace.from_json(as_text(a_trace(rules={"war_down": [3]}))))
    assert "the trace's rule option 'war_down' is [3]" in message


def test_a_deal_code_whose_seed_has_5000_digits_is_refused() -> None:
    message = refusal(lambda: read_deal_code("CW-" + "9" * 5000))
    assert "the deal code has 5,003 characters, more than 200" in message


def test_a_deal_code_whose_seed_is_too_large_is_refused() -> None:
    message = refusal(lambda: read_deal_code("CW-" + "9" * 30))
    assert "the seed in 'CW-999999999999999999999999999999' is too large" in message


def test_a_deal_code_of_none_is_refused() -> None:
    assert "the deal code is None, not text" in refusal(lambda: read_deal_code(None))  # type: ignore[arg-type]


def test_a_war_room_deck_with_a_5000_digit_vc_is_refused() -> None:
    text = default_deck_text().replace("vc = 2", "vc = " + "9" * 5000, 1)
    assert "a number has 5,000 digits" in refusal(lambda: parse_deck(text))


def test_a_war_room_deck_nested_deeply_is_refused() -> None:
    text = default_deck_text() + "\nextra = " + "[" * 5000 + "]" * 5000 + "\n"
    assert "nested more than 20 deep" in refusal(lambda: parse_deck(text))


def test_a_war_room_deck_with_a_key_dotted_deeply_is_refused() -> None:
    text = "a" + ".a" * 30_000 + " = 1\n"  # tomllib takes half a minute over this one
    assert "nested more than 20 deep" in refusal(lambda: parse_deck(text))


@pytest.mark.parametrize("contents", [
    b"[" * 30_000 + b"]" * 30_000,  # within the 64,000 bytes a saved campaign may have
    b" " * 64_001,
    Progress().to_json().replace('"unlocked": 1', '"unlocked": ' + "9" * 5000).encode(),
    b"\xff\xfe not UTF-8",
    b'{"format": "wartutor-arsenal-progress", "version": NaN}',
])
def test_a_saved_campaign_that_broke_the_loader_is_set_aside_and_the_campaign_opens(
    tmp_path: Path, contents: bytes
) -> None:
    (tmp_path / FILE_NAME).write_bytes(contents)
    with at_once():
        progress, message = ProgressFile(tmp_path).load()
    assert progress == Progress() and message is not None
    assert "a fresh campaign starts at level 1" in message
    (kept,) = tmp_path.glob("arsenal-progress.unreadable-*.json")
    assert kept.read_bytes() == contents


# Every size that comes from outside has a limit, checked before any work


def test_a_war_room_deck_of_a_billion_billion_copies_is_refused_at_once() -> None:
    text = default_deck_text().replace("copies = 6", "copies = 1000000000000000000", 1)
    message = refusal(lambda: parse_deck(text))
    assert "copies is 1000000000000000000. Allowed: a whole number from 1 to 300" in message


def test_the_same_deck_inside_a_trace_is_refused_at_once() -> None:
    deck = default_deck_text().replace("copies = 6", "copies = 1000000000000000000", 1)
    data = {**a_trace(), "variant": "war_room", "rules": {"deck": deck}, "actions": []}
    assert "copies is 1000000000000000000" in refusal(lambda: Trace.from_json(as_text(data)))


def test_a_trace_of_more_than_50000_actions_is_refused_before_any_is_replayed() -> None:
    data = a_trace(actions=["turn"] * 50_001)
    message = refusal(lambda: Trace.from_json(as_text(data)))
    assert "the trace has 50,001 actions. Allowed: at most 50,000 actions" in message


def test_a_trace_action_of_more_than_100_characters_is_refused() -> None:
    data = a_trace(actions=["turn", "t" * 101])
    message = refusal(lambda: Trace.from_json(as_text(data)))
    assert "the trace's step 2 is an action of 101 characters" in message


def test_a_trace_file_over_2_mb_is_refused_without_reading_it_all(tmp_path: Path) -> None:
    path = tmp_path / "big.json"
    with path.open("wb") as file:
        file.truncate(500_000_000)  # half a gigabyte that would take seconds to read
    message = refusal(lambda: Trace.load(path))
    assert "the trace file 'big.json' is larger than 2,000,000 bytes" in message


def test_a_trace_text_over_2_mb_is_refused() -> None:
    message = refusal(lambda: Trace.from_json(" " * 2_000_001))
    assert "the trace has 2,000,001 characters, more than 2,000,000" in message


# Refusals quote long or odd inputs shortened, never with a memory address


def test_a_one_megabyte_action_gives_a_short_message() -> None:
    game = Game.new(CLASSIC_WAR, seed=7)
    with pytest.raises(BadInput) as refused:
        game.play("x" * 1_000_000)
    assert len(str(refused.value)) < 200
    assert "'xxxxxxxxxxxxxxxxxxxxxxxxxxxxx...' (1,000,000 characters)" in str(refused.value)


def test_a_refusal_never_shows_a_memory_address() -> None:
    with pytest.raises(BadInput) as refused:
        Game.new(CLASSIC_WAR, rules=object())
    assert str(refused.value).startswith("<object> is not a rules object of Classic War")
    assert "0x" not in str(refused.value)


STACKED_SHAPES = {"a string": "x" * 1_000_000, "a number": 10**5000,
                  "a list of one long card": ["Z" * 1_000_000] * 4}


@pytest.mark.parametrize("shape", STACKED_SHAPES)
@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_a_stacked_deal_of_a_million_characters_gives_a_short_message(
        name: str, shape: str) -> None:
    with pytest.raises(BadInput) as refused:
        Game.new(find_variant(name), seed=1, stacked=STACKED_SHAPES[shape])
    assert len(str(refused.value)) < 300


QUOTED = [
    ("turn", "'turn'"),
    ("é" * 100, "'ééééééééééééééééééééééééééééé...' (100 characters)"),
    (10**5000, "a whole number of 5,001 digits"),
    (-(10**70), "a negative whole number of 71 digits"),
    ([1, [2, [3, [4]]]], "[1, [2, [3, [...]]]]"),
    (object(), "<object>"),
    (print, "<built-in function print>"),
]


@pytest.mark.parametrize(("value", "shown"), QUOTED, ids=[shown for _, shown in QUOTED])
def test_an_input_is_quoted_in_at_most_about_60_characters(value: Any, shown: str) -> None:
    assert quoted(value) == shown and len(shown) <= 60


def test_a_message_of_a_million_characters_is_cut() -> None:
    message = str(BadInput("x" * 1_000_000, allowed="y"))
    assert len(message) < 2100 and "characters cut" in message


# The rules layer imports nothing from the layers above it


def imports_of(path: Path) -> set[str]:
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
    return found


@pytest.mark.parametrize("path", sorted((ROOT / "wartutor" / "core").glob("*.py")),
                         ids=lambda p: p.name)
def test_core_imports_nothing_from_the_layers_above(path: Path) -> None:
    above = ("wartutor.variants", "wartutor.explore", "wartutor.ui", "wartutor.cli")
    found = {name for name in imports_of(path) if name.startswith(above)}
    # The one exception, by name: a notebook's _repr_html_ draws through the ui layer,
    # imported inside engine.notebook_html only when asked (as python-chess's chess.svg).
    if path.name == "engine.py":
        assert lazy_imports_of(path, "notebook_html") == {"wartutor.ui"}
        found -= {"wartutor.ui"}
    assert not found


def lazy_imports_of(path: Path, function: str) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    body = next(n for n in ast.walk(tree)
                if isinstance(n, ast.FunctionDef) and n.name == function)
    module_level = {node.module for node in tree.body
                    if isinstance(node, ast.ImportFrom) and node.module}
    inside = {node.module for node in ast.walk(body)
              if isinstance(node, ast.ImportFrom) and node.module}
    assert not inside & module_level
    return inside


def test_loading_core_alone_loads_no_variant() -> None:
    program = ("import sys, wartutor.core, wartutor.core.trace, wartutor.core.dealcode, "
               "wartutor.core.record\n"
               "print(sorted(m for m in sys.modules if m.startswith('wartutor.variants')))\n")
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-c", program], env=env, cwd=ROOT,
                          capture_output=True, text=True, check=True, timeout=60)
    assert done.stdout == "[]\n"


def test_the_variants_package_fills_the_registry_core_asks() -> None:
    assert VARIANTS is REGISTERED
    assert list(VARIANTS) == ["classic_war", "guerrilla_tactics", "war_room", "trade_war",
                              "arsenal"]
    assert find_variant("war_room").title == "War Room"
    assert "there is no variant called 'poker'. Allowed: classic_war" in refusal(
        lambda: find_variant("poker"))


# Each limit is stated once, in docs/limits.md, with the number the code uses


def test_the_limits_page_states_every_limit_as_the_code_sets_it() -> None:
    from wartutor import cli
    from wartutor.core import dealcode as codes
    from wartutor.core import errors, limits, trace
    from wartutor.variants.arsenal import progress
    from wartutor.variants.war_room import deck

    page = (ROOT / "docs" / "limits.md").read_text(encoding="utf-8")
    rows = [line for line in page.splitlines() if line.startswith("| ")]

    def stated(name: str, value: int) -> bool:
        """A row whose last cell names the constant states its value."""
        return any(f"`{name}`" in row.split("|")[-2]
                   and (f"{value:,}" in row or str(value) in row) for row in rows)

    for module, names in [
        (limits, ["MAX_NESTING", "MAX_DIGITS"]),
        (trace, ["MAX_BYTES", "MAX_ACTIONS", "MAX_ACTION_CHARS"]),
        (codes, ["MAX_CHARS"]),
        (deck, ["MAX_TEXT", "MAX_KINDS", "MAX_CARDS", "MAX_INSTRUCTIONS", "MAX_NUMBER",
                "MAX_NAME", "MAX_DESCRIPTION"]),
        (progress, ["MAX_BYTES", "STALE_AFTER"]),
        (cli, ["MAX_JOBS"]),
        (errors, ["QUOTE_LIMIT", "MESSAGE_LIMIT"]),
    ]:
        for name in names:
            assert stated(name, getattr(module, name)), f"{module.__name__}.{name}"
