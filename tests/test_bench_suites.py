"""The benchmark machinery of issue 13: options reach the suites that take them, the
strength matches judge their targets with Wilson intervals, and (slow) the new suites run."""

from __future__ import annotations

import pytest

import benchmarks.strength_bench as strength
from benchmarks.runner import run_benchmarks
from games.errors import DigsiteError
from solvers.backends import Execution


def test_strength_matches_take_games_backend_and_judge_targets(monkeypatch):
    monkeypatch.setattr(strength, "MATCHES", (("lootnrun", "random", 0.95),))
    monkeypatch.setattr(strength, "ITERATIONS", 20)
    report = run_benchmarks(["strength"], full=True, games=4,
                            execution=Execution(workers=2))
    figures = report["suites"]["strength"]["figures"]
    (match,) = figures["matches"]
    assert figures["games_per_match"] == match["games"] == 4
    assert match["verdict"] in ("met", "not met", "open")
    low, high = match["ci95"]
    assert low <= match["win_rate"] <= high
    if match["verdict"] == "open":
        assert match["games_to_settle"] is None or match["games_to_settle"] > 4
        assert "OPEN" in report["text"]
    assert report["machine"]["workers"] == 2 and report["machine"]["full"]
    # the same seed gives the same matches in one process
    again = run_benchmarks(["strength"], full=True, games=4)
    assert again["suites"]["strength"]["figures"]["matches"][0]["win_rate"] == \
        match["win_rate"]


def test_quick_and_full_exclude_each_other():
    with pytest.raises(DigsiteError, match="exclude"):
        run_benchmarks(["strength"], quick=True, full=True)


def test_cli_bench_rejects_an_unknown_backend(run_cli):
    result = run_cli("bench", "strength", "--backend", "spark")
    assert result.code == 2 and result.err.startswith("error:")


@pytest.mark.slow
@pytest.mark.parametrize("suite", ["search", "openspiel", "strength"])
def test_new_suites_run_quick(suite):
    report = run_benchmarks([suite], quick=True, games=1)
    assert report["suites"][suite]["figures"]


def test_the_startup_suite_measures_every_command_and_judges_the_target():
    report = run_benchmarks(["startup"], quick=True)
    figures = report["suites"]["startup"]["figures"]
    assert set(figures["commands"]) == {"digsite games", "digsite --help",
                                        "digsite hint --help", "digsite games --json"}
    for row in figures["commands"].values():
        assert 0 < row["cpu_s_min"] <= row["cpu_s_median"] <= row["cpu_s_max"]
        assert row["heavy_modules"] == []  # the figure measures a light command
    assert isinstance(figures["met"], bool) and "start-up" in report["text"]
