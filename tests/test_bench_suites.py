"""The benchmark machinery of issue 13: options reach the suites that take them, the
strength matches judge their targets with Wilson intervals, and (slow) the new suites run."""

from __future__ import annotations

import re

import pytest

import cards_data

import benchmarks.strength_bench as strength
from benchmarks.runner import run_benchmarks
from games.errors import DigsiteError
from solvers.backends import Execution


def test_strength_matches_take_games_backend_and_judge_targets(monkeypatch):
    monkeypatch.setattr(strength, "MATCHES", (
        strength.Match("Loot N Run vs random", "lootnrun", ("ismcts", "random"), 0.95,
                       iterations=(20, 20)),))
    monkeypatch.setattr(strength, "playout_rates", lambda **_: {
        "ours_iterations_per_cpu_s": 2.0, "uniform_iterations_per_cpu_s": 1.0, "ratio": 0.5,
        "quarter_iterations_per_cpu_s": 1.5, "quarter_ratio": 0.75})
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


def test_strength_match_with_deal_options_and_unequal_iterations():
    """A monument's match deals every game on it; an equal-time match gives each side
    its own iterations; the benchmark's own bots (the cheating search) play."""
    figures = strength.play_match(strength.Match(
        "oracle", "archaeology", ("oracle", "uniform"), None, iterations=(8, 4)), games=2)
    assert figures["iterations"] == [8, 4] and "verdict" not in figures
    temple = strength.play_match(strength.Match(
        "temple", "expedition", ("greedy", "random"), 0.5,
        deal_options=(("monument", "temple"),)), games=2)
    assert temple["deal_options"] == {"monument": "temple"} and temple["verdict"]
    # the former default playout (a 25% random share) against today's (pure greedy)
    quarter = strength.play_match(strength.Match(
        "quarter", "archaeology", ("ismcts-plain", "quarter"), None, iterations=(8, 6)), games=2)
    assert quarter["iterations"] == [8, 6] and quarter["games"] == 2


def test_lootnrun_oracle_searches_the_true_world():
    """Loot N Run's ceiling bot: the game's search (uniform rollouts), its worlds the
    true one."""
    from solvers.ismcts.search import true_world
    from solvers.lootnrun.service import BOTS
    oracle = strength.extra_bots("lootnrun")["oracle"](seat=0, seed=1)
    assert BOTS["ismcts"].search_options == {}
    assert oracle.options == {"sampler": true_world}
    (match,) = [m for m in strength.MATCHES if m.bots == ("oracle", "random")]
    figures = strength.play_match(strength.Match(
        match.label, match.game, match.bots, None, iterations=(20, 20)), games=2)
    assert figures["game"] == "lootnrun" and figures["games"] == 2


def test_the_search_that_sees_the_other_hands():
    """``hands-oracle``'s worlds keep every hand of the arena's state and draw the rest
    (the exactness of that draw: ``tests/games/test_given_hands.py``); the bot plays."""
    import random

    import cards_data
    from games.archaeology import make_deal, state_from_deal

    data = cards_data.load("archaeology")
    state = state_from_deal(make_deal(players=3, seed=4, data=data), data)
    rng = random.Random(0)
    worlds = [strength.seen_hands(state, 1, rng) for _ in range(20)]
    assert all(w.hands == state.hands for w in worlds)
    assert len({tuple(w.dig) for w in worlds}) > 1  # the dig site is not the true one
    figures = strength.play_match(strength.Match(
        "hands", "archaeology", ("hands-oracle", "ismcts-plain"), None, iterations=(8, 8)),
        games=2)
    assert figures["games"] == 2 and 0.0 <= figures["win_rate"] <= 1.0


def test_quick_and_full_exclude_each_other():
    with pytest.raises(DigsiteError, match="exclude"):
        run_benchmarks(["strength"], quick=True, full=True)


def test_cli_bench_rejects_an_unknown_backend(run_cli):
    result = run_cli("bench", "strength", "--backend", "spark")
    assert result.code == 2 and result.err.startswith("error:")


@pytest.mark.slow
@pytest.mark.parametrize("suite", ["search", "openspiel", "strength", "compiled"])
def test_new_suites_run_quick(suite):
    report = run_benchmarks([suite], quick=True, games=1)
    assert report["suites"][suite]["figures"]


def test_the_startup_suite_measures_every_command_and_judges_the_target():
    report = run_benchmarks(["startup"], quick=True)
    figures = report["suites"]["startup"]["figures"]
    assert set(figures["commands"]) == {
        "digsite games", "digsite --help", "digsite hint --help", "digsite games --json",
        "digsite hint pyramids EXAMPLE.json --iterations 8",
        "digsite hint archaeology EXAMPLE.json --iterations 8"}
    for name, row in figures["commands"].items():
        assert 0 < row["cpu_s_min"] <= row["cpu_s_median"] <= row["cpu_s_max"]
        assert row["reference"] == ("EXAMPLE.json" in name)
        # a light command loads no heavy module; nor does a hint (its search is ours; the
        # best score's solver, OR-Tools, numpy and networkx are imported where used)
        assert row["heavy_modules"] == [], (name, row["heavy_modules"])
    assert isinstance(figures["met"], bool) and "start-up" in report["text"]


def test_the_pyramids_sides_table_compares_each_variant_with_the_default(tmp_path):
    """The plan-or-bound table of issue 21 §1 reads its rows back from the JSON-lines file
    and reports each variant's move against the default (``a``) on the same deals."""
    import json

    from benchmarks import pyramids_sides

    path = tmp_path / "sides.jsonl"
    rows = [("a", 101, 70, 96), ("a", 102, 80, 100), ("b", 101, 74, 95), ("b", 102, 80, 98)]
    with open(path, "w", encoding="utf-8") as out:
        for variant, seed, score, bound in rows:
            out.write(json.dumps({"deal": "2 rounds", "seed": seed, "variant": variant,
                                  "score": score, "bound": bound, "cp_bound": None,
                                  "cpu_s": 1.0}) + "\n")
    read = pyramids_sides.read_rows(path)
    assert len(read) == 4
    text = "\n".join(pyramids_sides.table(read))
    line_a = next(line for line in text.splitlines() if line.startswith("  (a)"))
    line_b = next(line for line in text.splitlines() if line.startswith("  (b)"))
    assert "default budget" in line_a and "10x budget" in line_b
    assert "score   77.0 (+2.0)" in line_b and "bound   96.5 (-1.5)" in line_b
    # the conclusion: the plan moved more than the bound between the variants
    assert text.splitlines()[-1].endswith("plan moved up to 2.0 points on average, the bound "
                                          "1.5: the plan is the weak side")
    assert "full deals" not in text  # a deal kind without rows is left out
    # run_all skips what the file already holds: nothing left to measure for these
    done = pyramids_sides.run_all(path, seeds=(101, 102), deals=(("2 rounds", 2),),
                                  variants=("a", "b"))
    assert set(done) == set(read)


def test_the_ancients_best_score_table_takes_a_deal_without_a_gap(monkeypatch):
    """A deal whose best score is 0 has no gap (``BestScore.gap`` is ``None``): the table
    leaves it out of the gap median instead of failing on it (mypy found the ``None``)."""
    from types import SimpleNamespace

    import benchmarks.ancients_bench as ancients
    import cards_data

    def fake_best_score(deal, *, data, limit):
        score, bound = (0.0, 3.0) if deal["seed"] == 0 else (10.0, 11.0)
        return SimpleNamespace(score=score, bound=bound, status="FEASIBLE",
                               gap=(bound - score) / score if score else None,
                               budget=SimpleNamespace(nodes=1))

    monkeypatch.setattr(ancients, "best_score", fake_best_score)
    part = ancients._best_scores(cards_data.load("ancients"), quick=True,
                                 progress=lambda n=1, note=None: None)
    figures = part["figures"]
    assert [row["gap"] for row in figures["rows"]] == [None, 0.1]
    assert figures["gap_median"] == figures["gap_worst"] == 0.1 and figures["met"]
    assert "gap median 10.0%, worst 10.0%" in part["lines"][0]


def test_a_pyramids_bound_variant_needs_row_a_and_takes_a_bound_without_tables(monkeypatch):
    """The bound-only variants of ``pyramids_sides`` start from row ``a``: without it they
    say so (not a TypeError on ``None``), and a deal bound whose per-card tables were not
    built (``card_tables`` ``None``) is a row, not a TypeError in ``round`` (mypy found
    both)."""
    import benchmarks.pyramids_sides as sides
    import cards_data
    from games.pyramids import make_deal
    from solvers.pyramids.bound import DealBound

    data = cards_data.load("pyramids")
    deal = make_deal(players=1, seed=101, data=data, rounds=1)
    with pytest.raises(DigsiteError, match="row a"):
        sides.measure(deal, data, "d-bound-x4")
    monkeypatch.setattr(sides, "policy_plans", lambda deal, data, pilot=False: [])
    monkeypatch.setattr(sides, "deal_bound", lambda inst, data, **_: DealBound(
        value=40, source="static", static=40))
    row = sides.measure(deal, data, "d-bound-x4", reference={"score": 30, "moves": []})
    assert row["card_tables"] is None and row["bound"] == 40 and row["score"] == 30


def test_the_budget_curve_quick_run_gives_rows_with_the_documented_keys():
    """Issue 22's strength/latency curve (``benchmarks.budget_bench``): every card game has
    its rows, one per budget, with the documented keys; regrets are losses of the
    reference's win probability, so within [0, 1]; the knee is one of the budgets."""
    from benchmarks import budget_bench
    from games import registry

    report = run_benchmarks(["budget"], quick=True)
    figures = report["suites"]["budget"]["figures"]
    assert set(figures) == set(budget_bench.GAMES)
    for game_id, result in figures.items():
        assert [row["iterations"] for row in result["rows"]] == \
            list(budget_bench.QUICK_ITERATIONS)
        assert result["default"] == registry.get(game_id).budgets.hint
        assert result["knee"] in (None, *budget_bench.QUICK_ITERATIONS)
        for row in result["rows"]:
            assert tuple(row) == budget_bench.ROW_KEYS
            assert row["hints"] == result["positions"] * result["seeds"] >= 1
            assert 0 <= row["mean_regret"] <= row["worst_regret"] <= 1
            assert 0 <= row["agreement"] <= 1
            assert all(n > row["iterations"] for n in row["beaten_by"])
            assert row["regret_se"] is None  # one position: no spread measured
            worst = row["worst_value_error"]  # (None: the reference valued no pick)
            assert worst is None or 0 <= row["mean_value_error"] <= worst <= 1
            assert worst is None or abs(row["signed_value_error"]) <= row["mean_value_error"]
        (position,) = result["measured"]
        assert position["reference_best"] and position["moves"] >= 2
    expedition = figures["expedition"]["measured"][0]
    assert expedition["deal_options"]["monument"] in budget_bench.EXPEDITION_MONUMENTS
    assert "lootnrun:" in report["text"] and "knee" in report["text"]


def test_the_budget_knee_is_the_smallest_budget_no_larger_one_beats_beyond_noise():
    """A budget whose regret a larger one lowers at every position is beaten; one that
    differs from a larger one only by noise (up at one position, down at another) is not;
    the knee is the smallest budget not beaten, and a hint over the CPU cap is no knee."""
    from benchmarks.budget_bench import MAX_HINT_CPU_S, curve

    def position(regrets: dict[int, float], cpu: float = 0.1) -> dict:
        return {"reference_best": "a", "by_iterations": {
            str(n): {"regret": [r], "cpu_s": [cpu], "picks": ["a" if r == 0 else "b"]}
            for n, r in regrets.items()}}

    measured = [position({1: 0.30, 2: 0.02, 3: 0.00}), position({1: 0.25, 2: 0.00, 3: 0.02}),
                position({1: 0.20, 2: 0.01, 3: 0.01})]
    result = curve(measured, (1, 2, 3), default=2)
    rows = {row["iterations"]: row for row in result["rows"]}
    assert rows[1]["beaten_by"] == [2, 3] and rows[2]["beaten_by"] == []
    assert result["knee"] == 2 and rows[2]["agreement"] == 0.333
    assert rows[1]["worst_regret"] == 0.3 and rows[1]["mean_regret"] == 0.25
    slow = [position({1: 0.3, 2: 0.0}, cpu=MAX_HINT_CPU_S * 2), position({1: 0.2, 2: 0.0}),
            position({1: 0.25, 2: 0.0})]
    assert curve(slow, (1, 2), default=1)["knee"] is None


def test_the_budget_curve_from_one_position_has_no_standard_error():
    """A standard error from one position is not 0 (the quick run printed "(0.0000)"): it
    is None, "n/a" in the text, and no budget is beaten beyond a noise it cannot measure."""
    from benchmarks.budget_bench import _lines, curve

    one = [{"reference_best": "a", "by_iterations": {
        "1": {"regret": [0.3], "cpu_s": [0.1], "picks": ["b"]},
        "2": {"regret": [0.0], "cpu_s": [0.1], "picks": ["a"]}}}]
    result = curve(one, (1, 2), default=2)
    assert [row["regret_se"] for row in result["rows"]] == [None, None]
    assert result["rows"][0]["beaten_by"] == [] and result["knee"] == 1
    text = "\n".join(_lines("expedition", {"positions": 1, "seeds": 1, "reference": 40,
                                            **result}))
    assert "1 position x 1 seed," in text and "0.3000 (   n/a)" in text


def test_the_budget_curve_says_how_far_the_hints_values_are_from_the_reference() -> None:
    """The curve measured only which move a hint picks; a hint's value of its pick, read as
    a win chance, was nowhere compared with the reference's (a late position's hint at 300
    iterations said 0.97 where 5,000 said 0.25, docs/strength.md §6). Each row gives the
    mean and worst size of value minus reference and the mean with its sign; a pick the
    reference did not value counts in none of them, and a row with none says None."""
    from benchmarks.budget_bench import _lines, curve

    def position(errors: list[float]) -> dict[str, object]:
        return {"reference_best": "a", "by_iterations": {"1": {
            "regret": [0.0] * 3, "cpu_s": [0.1] * 3, "picks": ["a"] * 3,
            "value_error": errors}}}

    result = curve([position([0.3, -0.1]), position([0.2]), position([])], (1,), default=1)
    (row,) = result["rows"]
    assert row["mean_value_error"] == 0.2 and row["worst_value_error"] == 0.3
    assert row["signed_value_error"] == 0.1333
    text = "\n".join(_lines("archaeology", {"positions": 3, "seeds": 3, "reference": 40,
                                             **result}))
    assert "0.2000, 0.3000, +0.1333" in text
    (none,) = curve([position([])], (1,), default=1)["rows"]
    assert none["mean_value_error"] is None and none["signed_value_error"] is None


def test_ctrl_c_keeps_the_suites_measured():
    """A Ctrl-C threw away every suite that had finished: no text, no JSON, exit 130. The
    finished suites are reported now, the one it stopped in named, the rest not run."""
    from solvers import interrupt

    def progress(n=1, note=None):
        if note and note.startswith("suite grids"):  # the second suite: a press here
            interrupt.request()
            raise interrupt.Interrupted()

    try:
        report = run_benchmarks(["startup", "grids", "search"], quick=True, progress=progress)
    finally:
        interrupt.reset()
    assert list(report["suites"]) == ["startup"] and report["interrupted"] == "grids"
    assert "interrupted by Ctrl-C in suite grids; not run: search" in report["text"]


def _keys(value):
    """Every key of a nested figures value."""
    if isinstance(value, dict):
        for key, inner in value.items():
            yield key
            yield from _keys(inner)
    elif isinstance(value, list):
        for inner in value:
            yield from _keys(inner)


def test_the_archaeology_section_reads_as_the_others_and_names_its_clocks(monkeypatch):
    """The [archaeology] section mixed indents (its load line flush left, " opening:" one
    space in, "mid-game:" none) and printed "50.0% of 2 games" where Loot N Run printed
    "win rate 1.000 [..] over 10 games"; its JSON's ``seconds`` and ``iterations_per_s``
    said neither CPU nor wall (renamed deliberately: wall_s, iterations_per_wall_s, ...)."""
    from benchmarks import archaeology_bench, lootnrun_bench

    monkeypatch.setattr(archaeology_bench, "ITERATIONS", 20)
    monkeypatch.setattr(archaeology_bench, "_memory", lambda world, seat, n: {
        "iterations": n, "nodes": 1, "peak_mib": 0.1})
    report = run_benchmarks(["archaeology"], quick=True, games=2)
    section = report["text"].split("[archaeology]")[1].splitlines()[1:]
    assert section and all(re.match(r"  \S", line) for line in section), section
    match = next(line for line in section if "ISMCTS vs random" in line)
    assert re.search(r"vs random: win rate \d+\.\d% \[\d+\.\d%, \d+\.\d%\] over 2 games at 50 "
                     r"iterations/decision", match), match
    suite = report["suites"]["archaeology"]
    assert "wall_s" in suite and "seconds" not in suite
    keys = set(_keys(suite["figures"]))
    assert {"wall_s", "cpu_s", "iterations_per_wall_s", "ismcts_wall_ms_per_iteration"} <= keys
    assert not keys & {"seconds", "cpu_seconds", "iterations_per_s", "policy_playout_ms"}
    speed = lootnrun_bench._speed(cards_data.load("lootnrun"), 20)
    assert {"iterations_per_wall_s", "playout_wall_ms"} <= set(speed), speed


#: A word of a figure's name that makes it a time (``digsite bench --help``).
_TIME_UNIT = re.compile(r"(?:^|_)(?:s|ms|us|seconds|minutes)(?:_|$)")
#: Times that are neither clock's: CP-SAT's deterministic time, and the cap a command's
#: wall and CPU time are each held to.
_NO_CLOCK = {"deterministic_s", "cap_s"}


def _figure_names(source: str) -> set[str]:
    """The string keys a benchmark module writes: dict literals' and ``x["key"] = ``'s."""
    import ast

    names = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Dict):
            names |= {k.value for k in node.keys
                      if isinstance(k, ast.Constant) and isinstance(k.value, str)}
        elif isinstance(node, ast.Assign):
            names |= {t.slice.value for t in node.targets if isinstance(t, ast.Subscript)
                      and isinstance(t.slice, ast.Constant) and isinstance(t.slice.value, str)}
    return names


def test_every_suites_times_name_their_clock():
    """Only the card-game suites' times said CPU or wall; the others wrote ``seconds``,
    ``iterations_per_s``, the search breakdown's ``search_ms`` (CPU), the grids suite's
    ``..._median_us`` (wall), the Ancients planner's ``planner_median_ms`` (wall) beside
    its ``planner_cpu_median_ms``: a reader could not tell which clock. Every suite's
    time names its clock now (renamed deliberately: bench JSON holds times, no
    byte-identity promise)."""
    from pathlib import Path

    import benchmarks
    from benchmarks import grids_bench, search_bench
    from games import lootnrun

    folder = Path(benchmarks.__file__).parent
    unclocked = {f"{path.name}: {name}" for path in sorted(folder.glob("*.py"))
                 for name in _figure_names(path.read_text(encoding="utf-8"))
                 if _TIME_UNIT.search(name) and name not in _NO_CLOCK
                 and not re.search(r"(?:^|_)(?:cpu|wall)(?:_|$)", name)}
    assert not unclocked, sorted(unclocked)
    grids = set(_keys(grids_bench.run(quick=True)["figures"]))
    assert {"placements_all_shapes_median_wall_us", "pattern_match_tests_per_wall_s"} <= grids
    world, seat = search_bench.opening(lootnrun, cards_data.load("lootnrun"))
    parts = search_bench.breakdown(world, seat, {}, 20)
    assert {"search_cpu_ms", "playout_cpu_ms", "tree_cpu_ms", "clone_cpu_ms"} <= set(parts)
    # times whose names said no unit at all, so the check above passed them: the strength
    # suite's playout_rates ("ours": iterations per CPU s) and the Ancients stress's
    # [wall, CPU, nodes] per position
    from benchmarks import ancients_bench, strength_bench

    rates = strength_bench.playout_rates(iterations=4, rounds=1)
    assert set(rates) == {"ours_iterations_per_cpu_s", "uniform_iterations_per_cpu_s",
                          "quarter_iterations_per_cpu_s", "ratio", "quarter_ratio"}, rates
    ancients = _figure_names(Path(ancients_bench.__file__).read_text(encoding="utf-8"))
    assert {"stress_by_position", "wall_s", "cpu_s", "nodes"} <= ancients
    assert "stress_per_position" not in ancients
