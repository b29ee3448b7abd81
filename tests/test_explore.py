"""wartutor.explore: the same seeds give the same table everywhere, and the numbers are right."""

from __future__ import annotations

import csv
import io
import math
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from wartutor.core import BadInput, Game, play_out
from wartutor.core.agents import first_legal
from wartutor.explore import Row, Table, play_one, simulate
from wartutor.explore.exact import FIRST_BATTLE_WAR, first_battle_war
from wartutor.explore.reading import read
from wartutor.explore.stats import compare, describe, length_stats, percentile_interval, wilson
from wartutor.explore.table import RESULTS
from wartutor.variants import VARIANTS
from wartutor.variants.classic_war import CLASSIC_WAR, ClassicRules
from wartutor.variants.classic_war.game import WarLaid

QUIET: dict[str, Any] = {"progress": False}
# Shuffled pickup without a limit: every game differs a lot in length, a good fingerprint.
LONG = ClassicRules(pickup="shuffled", battle_limit=None)


# The same seeds give the same table, whatever runs them


def test_one_and_two_workers_give_the_same_table() -> None:
    here = simulate("classic_war", 400, seed=5, rules=LONG, jobs=1, **QUIET)
    pool = simulate("classic_war", 400, seed=5, rules=LONG, jobs=2, chunk_size=37, **QUIET)
    assert here == pool
    assert here.seeds == tuple(range(5, 405))


def test_any_executor_gives_the_same_table() -> None:
    here = simulate("classic_war", 200, rules=LONG, jobs=1, **QUIET)
    with ThreadPoolExecutor(3) as threads:
        assert simulate("classic_war", 200, rules=LONG, executor=threads, chunk_size=9,
                        **QUIET) == here


def test_a_dask_cluster_gives_the_same_table() -> None:
    from distributed import Client, LocalCluster

    here = simulate("classic_war", 200, rules=LONG, jobs=1, **QUIET)
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=False,
                      dashboard_address=None) as cluster, Client(cluster) as client:
        on_dask = simulate("classic_war", 200, rules=LONG, executor=client.get_executor(),
                           chunk_size=25, **QUIET)
    assert on_dask == here


# The fast path, where a variant has one, plays exactly the traced engine's games


FAST = [name for name, v in VARIANTS.items() if getattr(v, "play_fast", None) is not None]


@pytest.mark.parametrize("name", FAST)
def test_the_fast_path_gives_the_traced_table(name: str) -> None:
    # Whole games: twenty here, in three chunks through simulate's pool (each variant's own
    # equality test plays hundreds, for every agent and ruling).
    fast = simulate(name, 20, seed=1000, jobs=2, chunk_size=7, **QUIET)
    assert fast.note == ""  # the fast path played: nothing to say
    assert fast == simulate(name, 20, seed=1000, jobs=2, chunk_size=7, traced=True, **QUIET)
    # Also when games are cut short by the maximum length.
    short = simulate(name, 50, max_length=30, jobs=1, **QUIET)
    assert short == simulate(name, 50, max_length=30, jobs=1, traced=True, **QUIET)
    assert any(row.result == "unfinished" for row in short.rows)


def test_every_variant_and_agent_gives_the_same_table_on_one_and_two_workers() -> None:
    """Agents are made from the game's seed: no hidden global randomness, no shared memory."""
    for name, variant in VARIANTS.items():
        for agent in variant.agents:
            here = simulate(name, 4, agents=agent, traced=True, max_length=60, jobs=1, **QUIET)
            pool = simulate(name, 4, agents=agent, traced=True, max_length=60, jobs=2,
                            chunk_size=1, **QUIET)
            assert here == pool, (name, agent)
            assert all(row.result in RESULTS for row in here.rows)
            # Stopped at the first decision at or past the maximum length, never before.
            assert all(row.length >= 60 for row in here.rows if row.ending == "unfinished")


def reference_summary(name: str, seed: int, max_length: int) -> Any:
    """The stopping rule as written: read the length before every decision, stop at the first
    that has reached the maximum."""
    variant = VARIANTS[name]
    agent = next(iter(variant.agents))
    seats = len(variant.player_names(variant.rules_type()))
    players = {s: variant.agents[agent](s, seed) for s in range(seats)}
    game = Game.new(variant, None, seed)
    while (decision := game.decision) is not None:
        if variant.summarize(game).length >= max_length:
            break
        game = game.play(players[decision.player](variant.view(game.state, decision.player),
                                                  decision))
    return variant.summarize(game)


@pytest.mark.parametrize("name", list(VARIANTS))
def test_a_traced_game_stops_at_the_first_decision_that_reached_the_maximum(name: str) -> None:
    for seed in range(3):
        for max_length in (1, 2, 5, 33, 70):
            assert play_one(name, None, seed, traced=True, max_length=max_length) == (
                reference_summary(name, seed, max_length)), (seed, max_length)


def test_where_there_is_no_fast_path_the_traced_engine_plays_and_the_table_says_so(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(CLASSIC_WAR, "fast_refusal", lambda rules, agents: "a test says no.",
                        raising=False)
    table = simulate("classic_war", 30, jobs=1, progress=True)
    assert table.note == ("The traced engine played these games (slower, the same results): "
                          "a test says no.")
    assert table.note in capsys.readouterr().err  # said before the bar starts
    assert read(table).splitlines()[1] == table.note
    assert table == simulate("classic_war", 30, jobs=1, traced=True, **QUIET)
    assert simulate("classic_war", 3, jobs=1, traced=True, **QUIET).note == ""  # asked for


def test_more_jobs_than_cores_start_no_more_processes_than_cores(
    monkeypatch: pytest.MonkeyPatch
) -> None:
    simulation = sys.modules["wartutor.explore.simulate"]  # the package's simulate is the function
    started: list[int] = []
    real = simulation._run_local
    monkeypatch.setattr(simulation, "_run_local",
                        lambda workers, *rest: started.append(workers) or real(workers, *rest))
    simulate("classic_war", 200, jobs=64, chunk_size=10, **QUIET)
    assert started == [simulation.default_jobs()] or simulation.default_jobs() == 1


@pytest.mark.parametrize("jobs", [1, 2])
def test_a_cancelled_run_stops_and_says_how_far_it_got(jobs: int) -> None:
    import threading

    from wartutor.explore.simulate import Cancelled

    stop = threading.Event()
    stop.set()
    with pytest.raises(Cancelled, match="stopped after 0 of 5000 games"):
        simulate("war_room", 5000, jobs=jobs, chunk_size=1, cancel=stop, **QUIET)


# Games that could go on forever


def test_a_game_stopped_at_the_maximum_length_is_unfinished_never_won_or_drawn() -> None:
    table = simulate("classic_war", 300, rules={"battle_limit": None}, max_length=400,
                     jobs=1, **QUIET)
    unfinished = [row for row in table.rows if row.result == "unfinished"]
    assert unfinished, "some games last longer than 400 battles"
    assert all(row.winners is None and row.length == 400 for row in unfinished)
    stats = describe(table)
    assert stats.unfinished.count == len(unfinished)
    assert stats.lengths.n == 300 - len(unfinished)  # lengths of finished games only
    assert stats.draws.count + stats.unfinished.count + sum(s.count for s in stats.wins) == 300
    assert f"{len(unfinished)} still going at the maximum of 400 battles" in read(table)


# Statistics on known cases


def stacked_row(seed: int, stacked: tuple[str, str]) -> Row:
    game = play_out(Game.new(CLASSIC_WAR, seed=seed, stacked=stacked), {0: first_legal})
    return Row.of(seed, CLASSIC_WAR.summarize(game))


def test_statistics_of_stacked_deals_with_known_winners() -> None:
    you_win = ("9S 4C KD", "9H 2D 7C")  # a war that your king wins: 1 battle
    they_win = ("9H 2D 7C", "9S 4C KD")
    rows = (stacked_row(0, you_win), stacked_row(1, you_win), stacked_row(2, they_win))
    table = Table("classic_war", ClassicRules(), ("turn", "turn"), None, rows)
    assert [row.winners for row in rows] == [(0,), (0,), (1,)]
    stats = describe(table)
    assert (stats.wins[0].count, stats.wins[1].count, stats.draws.count) == (2, 1, 0)
    assert stats.lengths.mean == 1 and stats.lengths.p99 == 1
    assert stats.counts == {"wars": 1.0}
    assert stats.wins[0].interval == wilson(2, 3)


def test_wilson_intervals_match_published_values() -> None:
    # Newcombe (1998), Statistics in Medicine 17: 857-872, table I, method 3.
    assert [round(x, 4) for x in wilson(81, 263)] == [0.2553, 0.3662]
    assert [round(x, 4) for x in wilson(15, 148)] == [0.0624, 0.1605]
    assert [round(x, 4) for x in wilson(0, 20)] == [0.0, 0.1611]
    assert [round(x, 4) for x in wilson(1, 29)] == [0.0061, 0.1718]
    assert wilson(0, 0) == (0.0, 1.0)
    assert wilson(7, 7)[1] == 1.0


def test_length_percentiles_are_lengths_some_game_had() -> None:
    s = length_stats(list(range(1, 101)))
    assert (s.mean, s.median, s.p90, s.p99, s.longest) == (50.5, 50.5, 90, 99, 100)
    assert s.median_ci[0] <= 50 <= s.median_ci[1]
    assert s.p90_ci[0] <= 90 <= s.p90_ci[1]
    assert math.isclose(s.se_mean, s.sd / 10)
    assert percentile_interval([4] * 50, 0.5) == (4, 4)
    assert length_stats([]).n == 0


def test_two_rulings_on_the_same_seeds() -> None:
    a = simulate("classic_war", 300, rules={"war_down": 1}, jobs=1, **QUIET)
    b = simulate("classic_war", 300, rules={"war_down": 3}, jobs=1, **QUIET)
    c = compare(a, b)
    assert c.a == describe(a) and c.b == describe(b)
    changed = sum(1 for x, y in zip(a.rows, b.rows, strict=True) if x.winners != y.winners)
    assert c.changed.count == changed > 0
    assert compare(a, a).changed.count == 0 and compare(a, a).length_diff == 0
    with pytest.raises(ValueError, match="same seeds"):
        compare(a, simulate("classic_war", 300, seed=1, jobs=1, **QUIET))


def test_the_first_battle_is_a_war_three_times_in_fifty_one() -> None:
    check = first_battle_war(6000, jobs=1, **QUIET)
    assert check.exact == FIRST_BATTLE_WAR == Fraction(3, 51)
    assert abs(check.z) < 4  # a false alarm once in 15,000 runs; the seeds are fixed anyway
    assert math.isclose(check.se, math.sqrt(3 / 51 * 48 / 51 / 6000))


def test_one_battle_with_wars_is_a_first_battle_that_was_a_war() -> None:
    """The count behind first_battle_war, checked against the events of the first battle."""
    table = simulate("classic_war", 300, max_length=1, jobs=1, **QUIET)
    for row in table.rows:
        first = Game.new(CLASSIC_WAR, seed=row.seed).play("turn").steps[-1].events
        assert (row.counts["wars"] > 0) == any(isinstance(e, WarLaid) for e in first)


# The table itself


def test_the_table_saves_as_tidy_csv(tmp_path: Any) -> None:
    table = simulate("classic_war", 20, seed=3, jobs=1, **QUIET)
    path = tmp_path / "results.csv"
    text = table.to_csv(path)
    assert path.read_text() == text
    rows = list(csv.DictReader(io.StringIO(text)))
    assert list(rows[0]) == ["seed", "result", "winner", "ending", "length", "wars"]
    assert [int(r["seed"]) for r in rows] == list(range(3, 23))
    for written, row in zip(rows, table.rows, strict=True):
        assert written["result"] == row.result
        assert int(written["length"]) == row.length and int(written["wars"]) == row.counts["wars"]


def test_to_pandas_says_what_to_install_when_pandas_is_missing() -> None:
    table = simulate("classic_war", 5, jobs=1, **QUIET)
    try:
        import pandas  # noqa: F401
    except ImportError:
        with pytest.raises(ImportError, match="pip install pandas"):
            table.to_pandas()
    else:
        assert list(table.to_pandas()["seed"]) == [0, 1, 2, 3, 4]


def test_progress_reports_every_game() -> None:
    seen: list[tuple[int, int]] = []
    simulate("classic_war", 50, jobs=1, chunk_size=20, progress=lambda d, t: seen.append((d, t)))
    assert seen == [(20, 50), (40, 50), (50, 50)]


# Bad requests are refused with what is allowed


@pytest.mark.parametrize(("options", "message"), [
    ({"agents": "cheater"}, "Allowed: turn"),
    ({"agents": ("turn",) * 3}, "3 agents were given for 2 seats"),
    ({"rules": {"pickup": "sideways"}}, "'winner-first'"),
    ({"rules": {"colour": "red"}}, "not a rule option"),
    ({"rules": 42}, "are not rules of Classic War"),
    ({"max_length": 0}, "cannot be a maximum length"),
    ({"seed": -1}, "cannot be a seed"),
])
def test_bad_requests_say_what_is_allowed(options: dict[str, Any], message: str) -> None:
    with pytest.raises(BadInput, match=message):
        simulate("classic_war", 5, jobs=1, **QUIET, **options)


def test_play_one_keeps_the_benchmarks_call() -> None:
    rules = ClassicRules()
    assert play_one("classic_war", rules, 7) == play_one("classic_war", rules, 7, traced=True)


# Pictures


def test_plotting_libraries_load_only_when_a_picture_is_drawn() -> None:
    code = ("import sys, wartutor.explore, wartutor.explore.plots, wartutor.cli; "
            "print(sorted(m for m in ('matplotlib', 'ipywidgets', 'numpy') if m in sys.modules))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True, cwd=Path(__file__).parents[1])
    assert done.stdout.strip() == "[]"


def test_the_pictures_draw_one_run_or_two() -> None:
    from wartutor.explore.plots import plot_lengths, plot_results, png

    a = simulate("classic_war", 60, jobs=1, **QUIET)
    b = simulate("classic_war", 60, rules={"war_down": 3}, jobs=1, **QUIET)
    lengths = plot_lengths([a, b], ["one down", "three down"])
    assert lengths.axes[0].get_title() == "How long do games last?"
    assert any("median" in t.get_text() for t in lengths.axes[0].get_legend().get_texts())
    results = plot_results(a)
    assert [t.get_text() for t in results.axes[0].get_xticklabels()] == [
        "won by\nYou", "won by\nComputer", "draw", "unfinished"]
    assert png(results).startswith(b"\x89PNG")


# The reading: a class's questions, each answered in words


def test_the_reading_asks_how_often_in_a_classs_words() -> None:
    from wartutor.core import Summary

    def table(wars: list[int]) -> Table:
        rows = tuple(Row.of(s, Summary((0,), "all-cards", 100, {"wars": w}))
                     for s, w in enumerate(wars))
        return Table("classic_war", ClassicRules(), ("turn", "turn"), None, rows)

    assert "How often is there a war? Never, in these games." in read(table([0] * 5))
    assert ("How often is there a war? About once every 50.0 battles (2.0 a game on average)."
            in read(table([2] * 5)))
    assert "; at least once in 50% of the games." in read(table([0, 4] * 3))
    assert "; in all but 1 of the games." in read(table([0] + [1] * 299))


def test_the_guerrilla_rank_is_read_as_how_high_it_climbed_not_as_an_event() -> None:
    from wartutor.core import Summary
    from wartutor.variants.guerrilla_tactics import GuerrillaRules

    def table(ranks: list[int]) -> Table:
        rows = tuple(Row.of(s, Summary((0,), "last-standing", 20, {"guerrilla_rank": r}))
                     for s, r in enumerate(ranks))
        return Table("guerrilla_tactics", GuerrillaRules(), ("heuristic",) * 2, None, rows)

    said = read(table([6, 7, 9]))
    assert ("How high do the Guerrillas climb? The highest Guerrilla rank at the end was 7.3 "
            "on average (from 6 to 9).") in said
    assert "guerrilla rank are there" not in said
    assert "was 6 in every game." in read(table([6, 6]))
