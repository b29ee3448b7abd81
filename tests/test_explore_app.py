"""The rule explorer app, driven from Python as a class would drive it in the browser."""

from __future__ import annotations

import multiprocessing
import time
from pathlib import Path

import pytest

from wartutor.core import BadInput
from wartutor.explore.exact import EXACT
from wartutor.ui.explorer import DEFAULT_GAMES, ExplorerApp, explorer_app, requested_variant
from wartutor.variants import VARIANTS

ROOT = Path(__file__).resolve().parents[1]


def played(app: ExplorerApp) -> None:
    app.press("Play the games")
    app.wait()


# Opening


def test_it_opens_with_an_exact_answer_and_no_games_played() -> None:
    # How long opening takes is benchmarks/explore_speed.py's figure 5, not a test's.
    app = explorer_app()
    assert app.tables == () and app.reading_text() == ""
    assert app.variant_menu.value == "classic_war"
    assert "How often is the first battle a war? Exactly 3/51" in app.exact_text()
    assert "A run takes about" in app.status.value


@pytest.mark.parametrize(("query", "variant"), [
    ("variant=war_room", "war_room"), ("variant=War%20Room", "war_room"),
    ("variant=trade-war&x=1", "trade_war"), ("", "classic_war"), ("x=1", "classic_war"),
])
def test_it_opens_on_the_variant_the_page_address_names(
    query: str, variant: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("QUERY_STRING", query)
    app = explorer_app()
    assert app.variant_menu.value == variant
    assert app.games_box.value == DEFAULT_GAMES[variant]
    assert EXACT[variant].question in app.exact_text()


def test_an_unknown_variant_in_the_address_opens_classic_war_and_says_so(
    monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("QUERY_STRING", "variant=snap")
    app = explorer_app()
    assert app.variant_menu.value == "classic_war"
    assert "There is no variant called &#x27;snap&#x27;" in app.message_text()
    assert requested_variant("variant=snap")[1].startswith("There is no variant called 'snap'")


# The browser edition: the kernel never sees the address; the page's script gives it.


def test_in_the_browser_edition_the_page_gives_the_variant_its_address_names(
    monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("QUERY_STRING", raising=False)
    app = explorer_app()
    assert app.variant_menu.value == "classic_war"
    assert app.address is not None
    app.address.give("war_room")  # as the page's script types it into the hidden box
    assert app.variant_menu.value == "war_room"
    assert app.games_box.value == DEFAULT_GAMES["war_room"]
    assert EXACT["war_room"].question in app.exact_text()
    app.address.give("trade_war")  # the page says it once: a second word changes nothing
    assert app.variant_menu.value == "war_room"


def test_a_value_from_the_page_that_is_no_variant_changes_nothing(
    monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("QUERY_STRING", raising=False)
    app = explorer_app()
    assert app.address is not None
    for hostile in ("snap", "", "<img src=x onerror=alert(1)>", "war_room\x00", "__class__",
                    "classic_war" * 10_000, "war room; drop table", None, ["war_room"]):
        app.address.give(hostile)
        assert app.variant_menu.value == "classic_war", hostile
        assert app.address.value is None and app.message_text() == ""
    assert "A run takes about" in app.status.value
    app.address.give("War Room")  # nothing broke: the page's real word is still taken
    assert app.variant_menu.value == "war_room"


def test_a_variant_the_student_chose_is_not_changed_by_the_page_late(
    monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("QUERY_STRING", raising=False)
    app = explorer_app()
    app.variant_menu.value = "arsenal"
    assert app.address is not None
    app.address.give("war_room")
    assert app.variant_menu.value == "arsenal"


def test_an_explorer_opened_on_a_named_variant_has_no_box_for_the_page() -> None:
    app = explorer_app("trade_war")
    assert app.address is None


def test_without_a_query_string_as_in_jupyterlab_it_opens_classic_war(
    monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("QUERY_STRING", raising=False)
    assert explorer_app().variant_menu.value == "classic_war"


def test_every_variant_has_a_number_of_games_sized_for_it() -> None:
    assert set(DEFAULT_GAMES) == set(VARIANTS)
    app = explorer_app(run=False)
    for name in VARIANTS:
        app.variant_menu.value = name
        assert app.games_box.value == DEFAULT_GAMES[name]
        assert app.expected_seconds() > 0
        assert "A run takes about" in app.status.value


# Playing


def test_a_run_shows_the_reading_and_the_exact_answer_beside_its_own() -> None:
    app = explorer_app(games=300)
    played(app)
    assert app.reading_text().startswith("Classic War, 300 games (seeds 0 to 299).")
    assert app.progress.value == app.progress.max == 300
    assert len(app.tables) == 1 and app.tables[0].seeds == tuple(range(300))
    assert app.exact_check is not None and app.exact_check.hits.total == 300
    assert "In the first 300 of these deals" in app.exact_text()
    assert "standard errors from the exact answer" in app.exact_text()
    reading = app.reading_text()
    assert "How often is there a war?" in reading
    assert "p90: nine games in ten were over by then." in reading
    assert "95% interval: the true share lies in this range" in reading
    assert "Played 300 games" in app.status.value


def test_while_it_plays_the_button_is_off_and_the_old_answer_gone() -> None:
    app = explorer_app("guerrilla_tactics", games=40)
    played(app)
    assert app.tables
    app.games_box.value = 100_000
    app.press("Play the games")
    try:
        assert app.running and app._run_button.disabled and not app._cancel_button.disabled
        assert app.tables == () and app.reading_text() == ""
        app.press("Play the games")  # pressed again: nothing more starts
        time.sleep(1.5)
        assert "left." in app.status.value  # "Played 120 of 100,000 games; about 9 min left."
    finally:
        app.press("Cancel")
        app.wait()
    assert not app._run_button.disabled and app._cancel_button.disabled


def test_cancel_stops_the_workers_within_a_second() -> None:
    app = explorer_app("war_room", games=200_000)
    app.press("Play the games")
    time.sleep(1.0)
    start = time.perf_counter()
    app.press("Cancel")
    app.wait()
    assert time.perf_counter() - start < 1
    assert not app.running and not multiprocessing.active_children()
    assert "Cancelled: stopped after" in app.status.value
    assert app.tables == () and app.reading_text() == ""


def test_comparing_a_ruling_plays_the_same_deals_twice() -> None:
    app = explorer_app(games=40)
    app.ruling_menus["war_down"].value = 3
    app.compare_menu.value = "pickup"
    assert [v for _, v in app.compare_value.options] == ["loser-first", "interleaved", "shuffled"]
    app.compare_value.value = "shuffled"
    played(app)
    first, second = app.tables
    assert first.seeds == second.seeds
    assert (first.rules.pickup, second.rules.pickup) == ("winner-first", "shuffled")
    assert first.rules.war_down == second.rules.war_down == 3
    assert "The same 40 deals, played two ways: pickup=winner-first and pickup=shuffled." in (
        app.reading_text())


@pytest.mark.parametrize("name", list(VARIANTS))
def test_every_variant_gets_its_menus_and_plays(name: str) -> None:
    app = explorer_app(games=2)
    app.variant_menu.value = name
    app.games_box.value = 2
    assert set(app.ruling_menus) == set(VARIANTS[name].rules_type().__dataclass_fields__)
    assert len(app.agent_menus) == len(VARIANTS[name].player_names(VARIANTS[name].rules_type()))
    played(app)
    assert app.tables and app.tables[0].variant == name


def test_an_exact_answer_that_does_not_apply_says_why() -> None:
    app = explorer_app("war_room", games=2)
    app.ruling_menus["players"].value = 3
    played(app)
    assert "it does not apply: it is counted for two players" in app.exact_text()
    assert app.exact_check is None


def test_a_question_of_going_first_where_the_game_records_it() -> None:
    app = explorer_app("arsenal", games=60)
    played(app)
    assert "Does going first help? The side that led (revealed first) won" in app.reading_text()


def test_only_its_buttons_can_be_pressed() -> None:
    with pytest.raises(BadInput, match="'Play the games' or 'Cancel'"):
        explorer_app(games=2).press("Deal")


def test_the_notebook_opens_the_explorer_and_plays_no_games_on_open() -> None:
    text = (ROOT / "notebooks" / "rule_explorer.ipynb").read_text(encoding="utf-8")
    assert "explorer_app()" in text
    assert "first_battle_war(" not in text and "run=True" not in text
    assert '"outputs": []' in text and '"execution_count": null' in text
