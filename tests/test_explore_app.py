"""The rule explorer app, driven from Python as a class would drive it in the browser."""

from __future__ import annotations

import pytest

from wartutor.core import BadInput
from wartutor.ui.explorer import explorer_app
from wartutor.variants import VARIANTS


def test_it_opens_with_an_answer_drawn() -> None:
    app = explorer_app(games=50)
    assert app.reading_text().startswith("Classic War, 50 games (seeds 0 to 49).")
    assert app.progress.value == app.progress.max == 50
    assert len(app.tables) == 1 and app.tables[0].seeds == tuple(range(50))


def test_comparing_a_ruling_plays_the_same_deals_twice() -> None:
    app = explorer_app(games=40, run=False)
    app.ruling_menus["war_down"].value = 3
    app.compare_menu.value = "pickup"
    assert [v for _, v in app.compare_value.options] == ["loser-first", "interleaved", "shuffled"]
    app.compare_value.value = "shuffled"
    app.press("Play the games")
    first, second = app.tables
    assert first.seeds == second.seeds
    assert (first.rules.pickup, second.rules.pickup) == ("winner-first", "shuffled")
    assert first.rules.war_down == second.rules.war_down == 3
    assert "The same 40 deals, played two ways: pickup=winner-first and pickup=shuffled." in (
        app.reading_text())


@pytest.mark.parametrize("name", list(VARIANTS))
def test_every_variant_gets_its_menus_and_plays(name: str) -> None:
    app = explorer_app(games=2, run=False)
    app.variant_menu.value = name
    assert set(app.ruling_menus) == set(VARIANTS[name].rules_type().__dataclass_fields__)
    assert len(app.agent_menus) == len(VARIANTS[name].player_names(VARIANTS[name].rules_type()))
    app.press("Play the games")
    assert app.tables and app.tables[0].variant == name


def test_only_its_button_can_be_pressed() -> None:
    with pytest.raises(BadInput, match="Play the games"):
        explorer_app(games=2, run=False).press("Deal")
