"""Every loader refuses any input with BadInput, and quickly: fuzzed with arbitrary bytes,
arbitrary text and arbitrary JSON and TOML (deep nesting, huge numbers, wrong types)."""

from __future__ import annotations

import gc
import json
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from wartutor.core import BadInput, Trace, rulings_of
from wartutor.core.dealcode import PREFIXES, read_deal_code
from wartutor.variants import VARIANTS
from wartutor.variants.arsenal.progress import Progress, ProgressFile
from wartutor.variants.war_room.deck import default_deck_text, parse_deck

SECOND = 1.0
FUZZ = settings(max_examples=60, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                        HealthCheck.too_slow])


@contextmanager
def within_a_second() -> Iterator[None]:
    """The work inside takes under a second of this process's own time (so that other
    programs on a busy machine cannot fail it), with the garbage collector held off: collecting
    what earlier tests left on this worker's heap is not the work's own time (a run once
    charged 1.4 s to reading an 897-digit number that reads in a millisecond)."""
    collecting = gc.isenabled()
    gc.disable()
    try:
        start = time.process_time()
        yield
        assert time.process_time() - start < SECOND
    finally:
        if collecting:
            gc.enable()


def refused_or_read(load: Callable[[], Any]) -> None:
    """``load`` either succeeds or raises BadInput, within a second: nothing else escapes."""
    with within_a_second():
        try:
            load()
        except BadInput as refusal:
            message = str(refusal)
            assert ". Allowed: " in message and " at 0x" not in message
            assert len(refusal.problem) <= 2000


# Arbitrary JSON, with what breaks parsers: deep nesting and numbers too long to convert.
numbers = st.one_of(st.integers(), st.integers(min_value=-(10**40), max_value=10**40),
                    st.floats(allow_nan=True, allow_infinity=True))
scalars = st.one_of(st.none(), st.booleans(), numbers, st.text(max_size=30))
json_values = st.recursive(scalars, lambda inner: st.one_of(
    st.lists(inner, max_size=5), st.dictionaries(st.text(max_size=10), inner, max_size=5)),
    max_leaves=20)
long_digits = st.integers(min_value=21, max_value=6000).map(lambda n: "9" * n)
nested = st.integers(min_value=1, max_value=200_000).map(lambda n: "[" * n + "]" * n)


def json_text(value: Any) -> str:
    return json.dumps(value, allow_nan=True)


# Traces


def a_saved_trace(name: str) -> dict[str, Any]:
    return {"format": "wartutor-trace", "version": 1, "variant": name, "seed": 7,
            "rules": {}, "stacked": None, "actions": []}


# Fields that fit, fields that almost fit, and anything at all.
variant_names = st.sampled_from([*VARIANTS, "poker", ""]) | st.text(max_size=10)
rule_names = st.sampled_from(sorted({n for v in VARIANTS.values()
                                     for n in rulings_of(v.rules_type)}))
actions = st.sampled_from(["turn", "play 9S", "support", "pass", "activate", "decline",
                           "ask 1 A", "play AS-MC", "use", "promote", ""]) | st.text(max_size=20)


@st.composite
def traces(draw: st.DrawFn) -> str:
    data = a_saved_trace(draw(variant_names))
    data["seed"] = draw(st.integers(min_value=-5, max_value=2**64 + 5) | json_values)
    data["rules"] = draw(st.dictionaries(rule_names | st.text(max_size=8),
                                         scalars | json_values, max_size=4) | json_values)
    data["actions"] = draw(st.lists(actions, max_size=30) | json_values)
    data["stacked"] = draw(st.none() | st.lists(st.text(max_size=30), max_size=4) | json_values)
    if draw(st.booleans()):
        name = draw(st.sampled_from(sorted(data)))
        data[name] = draw(json_values)  # one field of any shape
    return json_text(data)


@FUZZ
@given(st.binary(max_size=2000))
def test_a_trace_file_of_any_bytes_is_refused_or_read(tmp_path: Path, contents: bytes) -> None:
    path = tmp_path / "game.json"
    path.write_bytes(contents)
    refused_or_read(lambda: Trace.load(path))


@FUZZ
@given(st.text(max_size=500) | json_values.map(json_text) | long_digits | nested)
def test_a_trace_of_any_text_or_json_is_refused_or_read(text: str) -> None:
    refused_or_read(lambda: Trace.from_json(text))


@settings(FUZZ, max_examples=150)
@given(traces())
def test_a_trace_with_fields_of_any_shape_is_refused_or_read(text: str) -> None:
    refused_or_read(lambda: Trace.from_json(text))


@FUZZ
@given(json_values)
def test_a_trace_given_something_other_than_text_is_refused(value: Any) -> None:
    refused_or_read(lambda: Trace.from_json(value))


# Deal codes


codes = st.builds(
    lambda prefix, seed, changes: f"{prefix}-{seed}-{changes}",
    st.sampled_from([*PREFIXES.values(), "ZZ"]),
    st.integers(min_value=0, max_value=10**25) | long_digits,
    st.text(alphabet="ABCDEFGHJKMN=0123456789OIL- ", max_size=40),
)


@settings(FUZZ, max_examples=150)
@given(codes | st.text(max_size=300))
def test_a_deal_code_of_any_text_is_refused_or_read(text: str) -> None:
    refused_or_read(lambda: read_deal_code(text))


@FUZZ
@given(json_values)
def test_a_deal_code_that_is_not_text_is_refused(value: Any) -> None:
    refused_or_read(lambda: read_deal_code(value))


# War Room deck files


def toml_value(value: Any) -> str:
    """A TOML spelling of a JSON-like value (keys quoted, so any text is a key)."""
    if value is None:
        return '""'
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        return {"inf": "inf", "-inf": "-inf", "nan": "nan"}.get(str(value), repr(value))
    if isinstance(value, int | str):
        return json.dumps(value)
    if isinstance(value, list):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    return "{" + ", ".join(f"{json.dumps(k)} = {toml_value(v)}" for k, v in value.items()) + "}"


card_fields = st.sampled_from(["code", "name", "vc", "copies", "instructions", "other"])


@st.composite
def decks(draw: st.DrawFn) -> str:
    """The shipped deck with some of its values replaced by anything at all."""
    lines = default_deck_text().splitlines()
    for _ in range(draw(st.integers(min_value=1, max_value=4))):
        number = draw(st.integers(min_value=0, max_value=len(lines) - 1))
        field = draw(card_fields)
        value = draw(json_values.map(toml_value) | long_digits | nested | st.sampled_from(
            ["1000000000000000000", "0x" + "f" * 3000, "-1", "0", "1e999", "[[[{}]]]"]))
        lines[number] = f"{field} = {value}"
    return "\n".join(lines)


@settings(FUZZ, max_examples=150)
@given(decks())
def test_a_deck_with_fields_of_any_shape_is_refused_or_read(text: str) -> None:
    refused_or_read(lambda: parse_deck(text))


@FUZZ
@given(st.text(max_size=500) | json_values.map(toml_value).map(lambda v: f"a = {v}")
       | nested.map(lambda v: f"a = {v}") | long_digits.map(lambda v: f"vc = {v}"))
def test_a_deck_of_any_text_is_refused_or_read(text: str) -> None:
    refused_or_read(lambda: parse_deck(text))


@FUZZ
@given(json_values)
def test_a_deck_that_is_not_text_is_refused(value: Any) -> None:
    refused_or_read(lambda: parse_deck(value))


# Arsenal's saved campaign: never refused, set aside


def opens(folder: Path, contents: bytes) -> None:
    """The campaign opens whatever the saved file holds; a bad one is set aside, not lost."""
    for old in folder.glob("*"):
        old.unlink()
    (folder / "arsenal-progress.json").write_bytes(contents)
    with within_a_second():
        progress, message = ProgressFile(folder).load()
    assert isinstance(progress, Progress)
    if message is not None:
        assert " at 0x" not in message
        (kept,) = folder.glob("arsenal-progress.unreadable-*.json")
        assert kept.read_bytes() == contents


@FUZZ
@given(st.binary(max_size=2000))
def test_a_saved_campaign_of_any_bytes_opens(tmp_path: Path, contents: bytes) -> None:
    opens(tmp_path, contents)


@st.composite
def saved_campaigns(draw: st.DrawFn) -> str:
    data = json.loads(Progress().to_json())
    name = draw(st.sampled_from(sorted(data)))
    data[name] = draw(json_values | st.integers(min_value=21, max_value=4000).map(
        lambda digits: 10**digits - 1))
    return json_text(data)


@settings(FUZZ, max_examples=100)
@given(saved_campaigns() | json_values.map(json_text) | long_digits | nested)
def test_a_saved_campaign_of_any_json_opens(tmp_path: Path, text: str) -> None:
    opens(tmp_path, text.encode("utf-8", "surrogatepass"))
