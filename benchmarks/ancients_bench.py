"""Tomb of the Ancients: the exact dig planner, its exhaustive baseline, a stress case and
the turn hint at its default budget.

* **Planner**: 1,000 seeded positions (quick: 100) from ``random_dig_position`` — each cell
  holds a token with probability 0.6, black or white evenly; 4 maps drawn from the bundled
  deck; 0–8 sand tokens. Median, 95th percentile and worst wall time and nodes expanded.
  Targets: median ≤ 5 ms, worst ≤ 100 ms.
* **Baseline ratio**: the exhaustive search (no table, no bound) on every 5th position
  (quick: every 10th), capped at 100,000 nodes; the ratio baseline/planner time is given
  over the positions the baseline finished, and how many hit the cap (for those the true
  ratio is larger still).
* **Stress**: 8 maps and 8 tokens (outside the rules), 10 positions (quick: 3), each capped
  at 10 s. Target: worst ≤ 1 s. Wall and CPU time and nodes per position are listed (the
  hard positions are proofs that no cheaper chain finds more maps).
* **Hint**: ``digsite hint ancients`` on the example view at the default budget. Target
  ≤ 5 s.
* **Best score** of 10 solo deals at the default node budget: score, the deal's bound, the
  gap ``(bound - score) / score`` (target: median ≤ 15%, issue 21).
* **Cut deals**: the largest ``N`` for which every one of 5 deals cut to its first ``N``
  turns is proven optimal by the exact branch and bound within 60 s of CPU time each.
* **Hint efficiency**: 20 solo deals played by following the hint (deck order hidden),
  as a share of each deal's best known score and of its bound.
* **Time-limit cap**: ``best-score ancients --seed 0``, ``hint ancients`` on the example
  view and ``review ancients`` of the first 10 moves of a greedy solo game, each with
  ``--time-limit S`` (the review also ``--best-time-limit S``) for S = 1 and 5 (quick: 1),
  in a child process: wall and CPU time of the whole command against the cap S + 1 s (a
  review: one S per search and one for the best score, plus 1 s). Target: within the cap.

Wall times on a shared machine vary with its load; the figures are one run's.
"""

from __future__ import annotations

import json
import os
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any, Sequence, TypedDict

import cards_data
from cards_data.ancients import AncientsData
from games.ancients import example_view, make_deal, rules_for, state_from_deal, view_of
from games.errors import SolverFault
from games.seeding import child_seeds
from solvers.ancients.best import DEFAULT_NODE_BUDGET, best_score_search
from solvers.ancients.exact import exact_best
from solvers.ancients.planner import (
    SearchLimitReached, dig_maps, exhaustive_dig, plan_dig, random_dig_position,
)
from solvers.ancients.service import DEFAULT_HINT_ITERATIONS, best_score, hint
from solvers.arena import bot_table
from solvers.ancients.turn import apply_turn, turn_options
from solvers.backends import Progress
from solvers.limits import Limit

from .commands import cap_lines, cap_rows, solo_record
from .runner import Figures, SuiteResult, no_progress

STRESS_CAP_S = 10.0
BASELINE_NODE_CAP = 100_000
#: Deals cut to N turns: from CUT_FIRST_N up to CUT_LAST_N, CUT_LIMIT_S seconds each.
CUT_FIRST_N, CUT_LAST_N, CUT_LIMIT_S = 6, 14, 60.0
#: Hint efficiency: its deals and the hint's iterations per turn.
EFFICIENCY_SEEDS = range(100, 120)
EFFICIENCY_ITERATIONS = 200


class _Section(TypedDict):
    """A part of the suite: its figures and its lines of the report."""

    figures: Figures
    lines: list[str]


class _CutRow(TypedDict):
    """The deals cut to their first ``turns`` turns (``_cut_deals``): per deal its
    optimum (``None``: not proven within the limit), nodes, wall and CPU seconds."""

    turns: int
    cpu_s: list[float]
    wall_s: list[float]
    nodes: list[int]
    scores: list[float | None]


def _pct(values: Sequence[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def _planner_and_hint(data: AncientsData, *, quick: bool, progress: Progress) -> _Section:
    """The dig planner, its baseline, the stress case and the default hint."""
    maps = dig_maps(rules_for(data).maps.values())
    count = 100 if quick else 1000
    every = 10 if quick else 5
    times, cpu_times, nodes, ratios = [], [], [], []
    base_total = plan_total = 0.0
    capped = 0
    for seed in range(count):
        occ, blk, chosen, tokens = random_dig_position(seed, maps=maps, n_maps=4, max_tokens=8)
        start, cpu = time.perf_counter(), time.process_time()
        plan = plan_dig(occ, blk, chosen, tokens)
        elapsed = time.perf_counter() - start
        cpu_times.append(time.process_time() - cpu)
        times.append(elapsed)
        nodes.append(plan.nodes)
        if seed % every == 0:
            start = time.perf_counter()
            try:
                base = exhaustive_dig(occ, blk, chosen, tokens, node_limit=BASELINE_NODE_CAP)
            except SearchLimitReached:
                base = None
            base_s = time.perf_counter() - start
            if base is None:
                capped += 1
            else:
                if (base.points, base.tokens) != (plan.points, plan.tokens):
                    raise SolverFault(f"planner and baseline disagree on position {seed}")
                ratios.append(base_s / elapsed)
                base_total += base_s
                plan_total += elapsed
        progress()
    stress_times, stress_cpu, stress_nodes, stress_open = [], [], [], 0
    for seed in range(3 if quick else 10):
        occ, blk, chosen, _ = random_dig_position(10_000 + seed, maps=maps, n_maps=8,
                                                  max_tokens=8)
        start, cpu = time.perf_counter(), time.process_time()
        plan = plan_dig(occ, blk, chosen, 8, time_limit=STRESS_CAP_S)
        stress_times.append(time.perf_counter() - start)
        stress_cpu.append(time.process_time() - cpu)
        stress_nodes.append(plan.nodes)
        stress_open += not plan.optimal
        progress()
    view = example_view(data)
    start = time.perf_counter()
    hint(view, data=data, seed=0, top=5)
    hint_s = time.perf_counter() - start
    progress()

    med, worst = statistics.median(times), max(times)
    figures: Figures = {
        "planner_positions": count,
        "planner_median_wall_ms": round(med * 1e3, 3),
        "planner_p95_wall_ms": round(_pct(times, 0.95) * 1e3, 3),
        "planner_worst_wall_ms": round(worst * 1e3, 3),
        "planner_cpu_median_ms": round(statistics.median(cpu_times) * 1e3, 3),
        "planner_cpu_worst_ms": round(max(cpu_times) * 1e3, 3),
        "planner_nodes_median": statistics.median(nodes),
        "planner_nodes_max": max(nodes),
        "planner_median_target_met": med <= 0.005,
        "planner_worst_target_met": worst <= 0.100,
        "baseline_positions": len(ratios) + capped,
        "baseline_capped": capped,
        "baseline_ratio_median": round(statistics.median(ratios), 2) if ratios else None,
        "baseline_ratio_total": round(base_total / plan_total, 2) if plan_total else None,
        "stress_positions": len(stress_times),
        "stress_median_wall_s": round(statistics.median(stress_times), 3),
        "stress_worst_wall_s": round(max(stress_times), 3),
        "stress_cpu_worst_s": round(max(stress_cpu), 3),
        # (each time named by its clock; a [wall, CPU, nodes] list named neither)
        "stress_by_position": [{"wall_s": round(w, 3), "cpu_s": round(c, 3), "nodes": k}
                               for w, c, k in zip(stress_times, stress_cpu, stress_nodes)],
        "stress_nodes_max": max(stress_nodes),
        "stress_unfinished": stress_open,
        "stress_target_met": max(stress_times) <= 1.0 and not stress_open,
        "hint_default_iterations": DEFAULT_HINT_ITERATIONS,
        "hint_default_wall_s": round(hint_s, 3),
        "hint_target_met": hint_s <= 5.0,
    }
    f = figures
    yes = {True: "met", False: "NOT met"}
    lines = [
        f"  dig planner, {count} positions (4 maps, 0-8 tokens): median "
        f"{f['planner_median_wall_ms']} ms [target 5: {yes[f['planner_median_target_met']]}], "
        f"p95 {f['planner_p95_wall_ms']} ms, worst {f['planner_worst_wall_ms']} ms "
        f"[target 100: {yes[f['planner_worst_target_met']]}]",
        f"  CPU time (less sensitive to a loaded machine): median {f['planner_cpu_median_ms']} ms, "
        f"worst {f['planner_cpu_worst_ms']} ms",
        f"  nodes expanded: median {f['planner_nodes_median']}, max {f['planner_nodes_max']}",
        f"  exhaustive baseline on {f['baseline_positions']} of them: {f['baseline_capped']} hit the "
        f"{BASELINE_NODE_CAP:,}-node cap; on the rest it takes {f['baseline_ratio_median']}x the "
        f"planner's time (median per position; below 1: faster), {f['baseline_ratio_total']}x "
        f"in total time",
        f"  stress, 8 maps and 8 tokens, {f['stress_positions']} positions: median "
        f"{f['stress_median_wall_s']} s, worst {f['stress_worst_wall_s']} s, "
        f"{f['stress_unfinished']} stopped at the {STRESS_CAP_S:g} s cap [target 1 s: "
        f"{yes[f['stress_target_met']]}]; CPU worst {f['stress_cpu_worst_s']} s",
        "  stress per position (wall s, CPU s, nodes): " + ", ".join(
            f"{p['wall_s']}/{p['cpu_s']}/{p['nodes']}" for p in f["stress_by_position"]),
        f"  hint at the default budget ({DEFAULT_HINT_ITERATIONS} iterations): "
        f"{f['hint_default_wall_s']} s [target 5: {yes[f['hint_target_met']]}]",
    ]
    return {"figures": figures, "lines": lines}


def _best_scores(data: AncientsData, *, quick: bool, progress: Progress) -> _Section:
    """Full solo deals at the default budget: score, bound, gap (target: median <= 15%,
    issue 21)."""
    rows: list[Figures] = []
    for seed in range(2 if quick else 10):
        deal = make_deal(players=1, seed=seed, data=data)
        start, cpu = time.perf_counter(), time.process_time()
        result = best_score(deal, data=data, limit=Limit(work=5 if quick else None))
        rows.append({"seed": seed, "score": result.score, "bound": result.bound,
                     "status": result.status,
                     "gap": None if result.gap is None else round(result.gap, 4),
                     "nodes": result.budget.nodes,
                     "wall_s": round(time.perf_counter() - start, 2),
                     "cpu_s": round(time.process_time() - cpu, 2)})
        progress()
    # a deal whose best score is 0 has no gap (BestScore.gap is None): the gaps are the others'
    gaps = [r["gap"] for r in rows if r["gap"] is not None]
    median = statistics.median(gaps) if gaps else None
    figures = {"seeds": len(rows), "budget_thousand_nodes": 5 if quick else DEFAULT_NODE_BUDGET / 1000,
               "gap_median": None if median is None else round(median, 4),
               "gap_worst": round(max(gaps), 4) if gaps else None,
               "optimal": sum(r["status"] == "OPTIMAL" for r in rows),
               "cpu_s_median": round(statistics.median(r["cpu_s"] for r in rows), 2),
               "target": "gap median <= 15%", "met": median is not None and median <= 0.15,
               "rows": rows}
    lines = [f"  best score, {len(rows)} solo deals at {figures['budget_thousand_nodes']:g} thousand "
             f"nodes: gap median {_share_text(figures['gap_median'])}, worst "
             f"{_share_text(figures['gap_worst'])}, "
             f"{figures['optimal']} OPTIMAL, CPU median {figures['cpu_s_median']} s [target median "
             f"<= 15%: {'met' if figures['met'] else 'NOT met'}]",
             "  per deal (score/bound): " + ", ".join(f"{r['seed']}: {r['score']:g}/{r['bound']:g}"
                                                      for r in rows)]
    return {"figures": figures, "lines": lines}


def _share_text(share: float | None) -> str:
    """A gap as a percentage; ``-`` where no deal has one."""
    return "-" if share is None else f"{share:.1%}"


def _cut_deals(data: AncientsData, *, quick: bool, progress: Progress) -> _Section:
    """The largest N for which every test deal cut to its first N turns is proven optimal
    by ``exact_best`` within ``CUT_LIMIT_S`` seconds of CPU time each (issue 21 counts CPU
    time: on a loaded machine the wall clock would measure the load)."""
    seeds = range(2 if quick else 5)
    proven_n, per_n = 0, list[_CutRow]()
    for turns in range(CUT_FIRST_N, (CUT_FIRST_N + 2) if quick else CUT_LAST_N + 1):
        row: _CutRow = {"turns": turns, "cpu_s": [], "wall_s": [], "nodes": [], "scores": []}
        ok = True
        for seed in seeds:
            state = state_from_deal(make_deal(players=1, seed=seed, data=data), data)
            incumbent = best_score_search(state, nodes=5_000, turn_cap=turns)
            start, cpu = time.perf_counter(), time.process_time()
            try:
                result = exact_best(state, turn_cap=turns, nodes=10**9, time_limit=CUT_LIMIT_S,
                                    incumbent=incumbent, clock=time.process_time)
                row["scores"].append(result.score)
                row["nodes"].append(result.nodes)
            except SearchLimitReached:
                ok = False
                row["scores"].append(None)
            row["wall_s"].append(round(time.perf_counter() - start, 2))
            row["cpu_s"].append(round(time.process_time() - cpu, 2))
            progress()
            if not ok:
                break
        per_n.append(row)
        if not ok:
            break
        proven_n = turns
    figures = {"seeds": len(seeds), "limit_cpu_s": CUT_LIMIT_S, "largest_proven_n": proven_n,
               "per_n": per_n}
    lines = [f"  deals cut to their first N turns, {len(seeds)} seeds, {CUT_LIMIT_S:g} s CPU each: "
             f"largest N proven OPTIMAL on all = {proven_n}",
             "  per N (optimum by seed; CPU s): " + "; ".join(
                 f"N={r['turns']}: {r['scores']} ({r['cpu_s']})" for r in per_n)]
    return {"figures": figures, "lines": lines}


def follow_hints(deal: dict[str, Any], data: AncientsData, *, iterations: int, seed: int) -> float:
    """Play a solo deal choosing every whole turn by the hint, which sees only the seat's
    view (deck order hidden); return the final score."""
    state = state_from_deal(deal, data)
    seeds = iter(child_seeds(seed, 400))
    while not state.is_terminal():
        best = hint(view_of(state, 0), data=data, limit=Limit(iterations=iterations),
                    seed=next(seeds), top=1).best
        move = next(m for m in turn_options(state) if str(m) == best)
        apply_turn(state, move, checked=True)
    return state.score(0)


def _efficiency(data: AncientsData, *, quick: bool, progress: Progress) -> _Section:
    """Hint efficiency: follow the hint on 20 solo deals, as a share of each deal's best
    known score and of its bound."""
    iterations = 30 if quick else EFFICIENCY_ITERATIONS
    rows = []
    for seed in list(EFFICIENCY_SEEDS)[: 2 if quick else 20]:
        deal = make_deal(players=1, seed=seed, data=data)
        score = follow_hints(deal, data, iterations=iterations, seed=seed)
        best = best_score(deal, data=data, limit=Limit(work=5 if quick else None))
        rows.append({"seed": seed, "hint_score": score, "best_score": best.score,
                     "bound": best.bound})
        progress()
    share_best = statistics.fmean(r["hint_score"] / max(r["best_score"], r["hint_score"])
                                  for r in rows)
    share_bound = statistics.fmean(r["hint_score"] / r["bound"] for r in rows)
    figures = {"deals": len(rows), "iterations_per_decision": iterations,
               "mean_share_of_best": round(share_best, 4),
               "mean_share_of_bound": round(share_bound, 4), "rows": rows}
    lines = [f"  hint efficiency, {len(rows)} solo deals, {iterations} iterations per turn (deck "
             f"order hidden): mean score {statistics.fmean(r['hint_score'] for r in rows):.1f} = "
             f"{share_best:.1%} of each deal's best known score, {share_bound:.1%} of its bound "
             "(a lower estimate)"]
    return {"figures": figures, "lines": lines}


def run(*, quick: bool, progress: Progress = no_progress) -> SuiteResult:
    data = cards_data.load("ancients")
    lines = [f"  load average at start {_load()}"]
    figures: Figures = {}
    for name, section in (("planner", _planner_and_hint), ("best_score", _best_scores),
                          ("cut_deals", _cut_deals), ("hint_efficiency", _efficiency),
                          ("time_limit_cap", _time_limit_cap)):
        part = section(data, quick=quick, progress=progress)
        figures[name] = part["figures"]
        lines.extend(part["lines"])
    lines.append(f"  load average at end {_load()}")
    figures.update(figures.pop("planner"))
    return {"text": "\n".join(lines), "figures": figures}


def _time_limit_cap(data: AncientsData, *, quick: bool, progress: Progress) -> _Section:
    """The time-limit cap table (module docstring)."""
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        view = folder / "view.json"
        view.write_text(json.dumps(example_view(data)), encoding="utf-8")
        bot = bot_table("ancients", data)["greedy"](seat=0)
        record = solo_record("ancients", data, folder, seed=2, moves=10, pick=bot.choose)
        rows = cap_rows({"best-score ancients --seed 0": ("best-score", "ancients", "--seed", "0"),
                         "hint ancients (example view)": ("hint", "ancients", str(view)),
                         "review ancients (10 moves)": ("review", "ancients", str(record))},
                        (1.0,) if quick else (1.0, 5.0), progress)
    return {"figures": {"rows": rows, "met": all(r["within_cap_wall"] for r in rows)},
            "lines": ["  " + line for line in cap_lines(rows)]}


def _load() -> str:
    try:
        return " ".join(f"{x:.2f}" for x in os.getloadavg())
    except OSError:
        return "unknown"
