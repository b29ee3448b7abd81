"""Strategy lab: students' players in simulations and tournaments, refereed, never crashing."""

from __future__ import annotations

import time
from typing import Any

import pytest

from wartutor.core.engine import Decision
from wartutor.core.errors import BadInput
from wartutor.explore import simulate
from wartutor.explore.simulate import PlayerFault
from wartutor.explore.tournament import elo, tournament
from wartutor.variants import find_variant
from wartutor.variants.guerrilla_tactics.forces import strength
from wartutor.variants.guerrilla_tactics.state import BY_CODE

GUERRILLA = find_variant("guerrilla_tactics")


def worth(view: Any, action: str) -> int:
    return strength(BY_CODE[action.split()[1]], view.guerrilla_rank, view.ace_high)


def cheapest_winner(view: Any, decision: Decision) -> str:
    """Beat the card shown as cheaply as possible; blind, lead the best; never support."""
    if decision.kind == "play":
        cheapest = sorted(decision.legal_actions, key=lambda a: worth(view, a))
        shown = [x.card for row in view.table for x in row if x.card]
        if not shown:
            return cheapest[-1]
        top = max(strength(c, view.guerrilla_rank, view.ace_high) for c in shown)
        return next((a for a in cheapest if worth(view, a) > top), cheapest[0])
    if decision.kind == "tie":
        return max(decision.legal_actions, key=lambda a: worth(view, a))
    return decision.legal_actions[0]


def heuristic(view: Any, decision: Decision) -> str:
    """The built-in heuristic, wrapped as a student's function (it needs no seed)."""
    return GUERRILLA.agents["heuristic"](decision.player, 0)(view, decision)


def names_a_card_not_held(view: Any, decision: Decision) -> str:
    return "play 2Z"


def divides_by_zero(view: Any, decision: Decision) -> str:
    return str(1 / 0)


def thinks_too_long(view: Any, decision: Decision) -> str:
    time.sleep(0.03)
    return decision.legal_actions[0]


def test_a_sample_player_wins_a_tournament_against_random() -> None:
    cup = tournament("guerrilla_tactics", {"mine": cheapest_winner, "random": "random"},
                     deals=20)
    mine, rand = cup.standing("mine"), cup.standing("random")
    assert mine.games == rand.games == 40  # 20 deals, each played both ways round
    assert mine.win_rate.interval[0] > 0.5 > rand.win_rate.interval[1]
    assert [s.name for s in cup.standings] == ["mine", "random"]
    assert cup.faults == ()
    assert "traced engine" in str(cup) and "<table>" in cup._repr_html_()


@pytest.mark.parametrize(("player", "words"), [
    (names_a_card_not_held, ["returned 'play 2Z'", "does not name cards", "Allowed: 'play "]),
    (divides_by_zero, ["raised ZeroDivisionError: division by zero", "in divides_by_zero"]),
    (thinks_too_long, ["took 0.0", "the limit is 0.01 s a move"]),
])
def test_a_faulty_player_is_reported_and_loses_while_the_tournament_goes_on(
    player: Any, words: list[str]
) -> None:
    cup = tournament("guerrilla_tactics", {"faulty": player, "random": "random"}, deals=3,
                     time_limit=0.01, max_length=50)
    faulty = cup.standing("faulty")
    assert faulty.faults == faulty.losses == faulty.games == 6
    assert len(cup.faults) == 6 and all(who == "faulty" for who, _ in cup.faults)
    first = cup.faults[0][1]
    assert first.startswith("Guerrilla Tactics, seed 0, step 1 (a 'play' decision): "
                            f"{player.__name__}, playing You (seat 0), ")
    for word in words:
        assert word in first
    assert first in str(cup)


def test_simulate_raises_a_fault_by_default_from_a_worker_too() -> None:
    # Either worker may fail first: the message crosses back whole.
    with pytest.raises(PlayerFault, match=r"seed [45], step 1 .* returned 'play 2Z'"):
        simulate("guerrilla_tactics", 2, seed=4, agents=(names_a_card_not_held, "random"),
                 jobs=2, chunk_size=1, progress=False)


def test_a_function_plays_the_same_games_as_the_agent_it_wraps() -> None:
    mine = simulate("guerrilla_tactics", 30, agents=(heuristic, "random"), jobs=2,
                    progress=False)
    built_in = simulate("guerrilla_tactics", 30, agents=("heuristic", "random"), traced=True,
                        jobs=1, progress=False)
    assert mine.rows == built_in.rows
    assert mine.agents == ("heuristic", "random")
    assert "fast path knows only the built-in agents" in mine.note


def test_a_lambda_is_played_in_this_process_and_the_note_says_so() -> None:
    table = simulate("guerrilla_tactics", 4, agents=(lambda v, d: heuristic(v, d), "random"),
                     jobs=2, progress=False)
    assert table.rows == simulate("guerrilla_tactics", 4, agents=("heuristic", "random"),
                                  progress=False).rows
    assert "played in this process" in table.note and "<lambda> cannot be sent" in table.note


def test_ratings_order_the_players_as_their_win_rates_do() -> None:
    cup = tournament("guerrilla_tactics", {"mine": cheapest_winner, "random": "random",
                                           "heuristic": "heuristic"}, deals=10)
    assert all(s.draws == 0 for s in cup.standings)  # so win rate and score agree
    by_rating = [s.name for s in cup.standings]
    assert by_rating == sorted(by_rating, key=lambda n: -cup.standing(n).win_rate.value)
    assert by_rating[0] == "heuristic"


def test_elo_of_a_known_score() -> None:
    # 3 wins and the virtual draw: 3.5 to 0.5, odds of 7 to 1, 400 log10(7) = 338 points.
    ratings = elo(["a", "b"], [("a", "b", 1.0)] * 3)
    assert round(ratings["a"] - ratings["b"]) == 338
    assert ratings["a"] + ratings["b"] == pytest.approx(3000)


def test_more_seats_than_two_meet_the_field() -> None:
    cup = tournament("trade_war", {"random": "random"}, deals=2, max_length=100)
    assert cup.against_field == "heuristic"
    assert cup.standing("random").games == 6  # every seat of the three, on each deal
    assert cup.standing("field").games == 6


def test_a_player_as_strong_as_the_field_rates_as_the_field_does() -> None:
    # The heuristic against two more of itself wins about a third of the games; against
    # each seat of the field in turn it scores half, and so does its rating.
    cup = tournament("trade_war", {"heuristic": "heuristic"}, deals=4)
    assert cup.standing("heuristic").rating == pytest.approx(cup.standing("field").rating)
    assert cup.standing("heuristic").win_rate.value < 0.5
    assert "a player as strong wins 1 game in 3" in str(cup)


def test_too_few_players_are_refused_with_how_many_were_given() -> None:
    with pytest.raises(BadInput, match="needs two players or more, not 1"):
        tournament("guerrilla_tactics", {"alone": "random"}, deals=1)
    with pytest.raises(BadInput, match="one player or more, and was given none"):
        tournament("trade_war", {}, deals=1)


def test_the_explorer_offers_a_students_player_in_its_variants_menus() -> None:
    from wartutor.ui.explorer import explorer_app

    app = explorer_app("guerrilla_tactics", games=6, jobs=1, players={"mine": cheapest_winner})
    assert [label for label, _ in app.agent_menus[0].options] == ["heuristic", "random", "mine"]
    app.agent_menus[0].value = cheapest_winner
    app.run()
    assert app.tables[0].agents == ("cheapest_winner", "heuristic")
    assert "fast path knows only the built-in agents" in app.reading_text()
    app.variant_menu.value = "war_room"  # written for Guerrilla Tactics: not offered here
    assert [label for label, _ in app.agent_menus[0].options] == ["heuristic", "random"]


def test_the_explorer_tells_a_faulty_players_message() -> None:
    from wartutor.ui.explorer import explorer_app

    app = explorer_app("guerrilla_tactics", games=3, jobs=1,
                       players={"typo": names_a_card_not_held})
    app.agent_menus[0].value = names_a_card_not_held
    app.run()
    assert "returned &#x27;play 2Z&#x27;" in app.message_text()


def test_the_reading_of_a_run_with_faults_says_how_many_and_shows_the_first() -> None:
    from wartutor.explore.reading import read

    table = simulate("guerrilla_tactics", 3, agents=("random", divides_by_zero), jobs=1,
                     on_fault="lose", progress=False)
    assert [row.ending for row in table.rows] == ["fault"] * 3
    assert all(row.winners == (0,) for row in table.rows)
    assert ("3 games lost by a player's fault, the first: Guerrilla Tactics, seed 0, step 2 "
            "(a 'play' decision): divides_by_zero, playing Ana (seat 1), raised "
            "ZeroDivisionError") in read(table)
