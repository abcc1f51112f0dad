"""Pyramids benchmarks: CP-SAT against the exhaustive baseline on short solo deals, CP-SAT
on whole 1-round deals, the full 4-round deal (time to OPTIMAL or the gap at the limit),
and a hint with the default budget.

The exhaustive baseline cannot finish a whole 7-card round in Python in reasonable time
(its state count grows ~10x per expedition card), so the head-to-head part uses 1-round
deals of ``HEAD_TO_HEAD_STEPS`` expedition cards; CP-SAT alone is also timed on whole
1-round deals. Targets (issue 3): 1-round median <= 1 s, full deal OPTIMAL within 60 s on
>= 8 of 10 seeds, default hint <= 5 s.
"""

from __future__ import annotations

import statistics
import time

import cards_data
from games.pyramids import example_view, make_deal
from solvers.pyramids.model import DEFAULT_WORKERS, solve_deal, workers_for
from solvers.pyramids.search import exhaustive_best
from solvers.pyramids.service import hint

HEAD_TO_HEAD_STEPS = 4


def _stats(values) -> dict:
    return {"median": round(statistics.median(values), 3), "worst": round(max(values), 3),
            "n": len(values)}


def run(*, quick: bool, progress=lambda n=1: None) -> dict:
    data = cards_data.load("pyramids")
    lines: list[str] = [f"CP-SAT random_seed 0, {workers_for(7)} worker(s) up to one round, "
                        f"{DEFAULT_WORKERS} for the full deal"]
    figures: dict = {}

    # 1. head to head on short 1-round deals, same run
    steps = 3 if quick else HEAD_TO_HEAD_STEPS
    seeds = range(3 if quick else 10)
    cp_times, ex_times, agree = [], [], 0
    for seed in seeds:
        deal = make_deal(players=1, seed=seed, data=data, rounds=1, steps_per_round=steps)
        start = time.perf_counter()
        cp = solve_deal(deal, data, time_limit=60, seed=0)
        cp_times.append(time.perf_counter() - start)
        start = time.perf_counter()
        ex = exhaustive_best(deal, data)
        ex_times.append(time.perf_counter() - start)
        agree += cp.score == ex.score and cp.status == "OPTIMAL"
        progress()
    ratio = statistics.median(cp_times) / statistics.median(ex_times)
    figures["short_round"] = {"steps": steps, "cpsat_s": _stats(cp_times),
                              "exhaustive_s": _stats(ex_times), "median_ratio_cpsat_over_exhaustive":
                              round(ratio, 3), "agree": agree}
    lines.append(f"1 round x {steps} cards, {len(cp_times)} seeds: CP-SAT median "
                 f"{statistics.median(cp_times):.2f} s (worst {max(cp_times):.2f}), exhaustive "
                 f"median {statistics.median(ex_times):.2f} s (worst {max(ex_times):.2f}), "
                 f"ratio {ratio:.2f}; optimum agrees on {agree}/{len(cp_times)}")

    # 2. CP-SAT on whole 1-round deals (7 of 8 expedition cards)
    seeds = range(1 if quick else 5)
    limit = 10 if quick else 60
    times, statuses = [], []
    for seed in seeds:
        deal = make_deal(players=1, seed=seed, data=data, rounds=1)
        result = solve_deal(deal, data, time_limit=limit, seed=0)
        times.append(result.time_s)
        statuses.append(result.status)
        progress()
    figures["one_round"] = {"cpsat_s": _stats(times), "optimal": statuses.count("OPTIMAL"),
                            "target_median_s": 1.0, "met": statistics.median(times) <= 1.0}
    lines.append(f"1 round x 7 cards, {len(times)} seeds: CP-SAT median "
                 f"{statistics.median(times):.2f} s (worst {max(times):.2f}), "
                 f"{statuses.count('OPTIMAL')} OPTIMAL; target median <= 1 s "
                 f"{'met' if statistics.median(times) <= 1.0 else 'NOT met'}")

    # 3. the full solo deal
    seeds = range(1 if quick else 10)
    limit = 10 if quick else 60
    rows, optimal, gaps, times = [], 0, [], []
    for seed in seeds:
        deal = make_deal(players=1, seed=seed, data=data)
        result = solve_deal(deal, data, time_limit=limit, seed=0)
        optimal += result.status == "OPTIMAL"
        gap = (result.bound - result.score) / max(1, result.bound)
        gaps.append(gap)
        times.append(result.time_s)
        rows.append({"seed": seed, "status": result.status, "score": result.score,
                     "bound": result.bound, "time_s": round(result.time_s, 2),
                     "gap": round(gap, 3)})
        progress()
    figures["full_deal"] = {"limit_s": limit, "optimal": optimal, "seeds": len(rows),
                            "rows": rows, "median_gap": round(statistics.median(gaps), 3),
                            "worst_gap": round(max(gaps), 3), "time_s": _stats(times),
                            "target": "OPTIMAL on >= 8/10 within 60 s",
                            "met": optimal >= 8 and not quick}
    lines.append(f"full deal, {len(rows)} seeds at {limit} s: {optimal} OPTIMAL; gap median "
                 f"{statistics.median(gaps):.1%}, worst {max(gaps):.1%}; target >= 8/10 OPTIMAL "
                 f"{'met' if optimal >= 8 else 'NOT met'}")
    for row in rows:
        lines.append(f"  seed {row['seed']}: {row['status']} score {row['score']} bound "
                     f"{row['bound']} ({row['time_s']} s)")

    # 4. a hint with the default budget
    view = example_view(data)
    runs = 1 if quick else 3
    hint_times = []
    for i in range(runs):
        start = time.perf_counter()
        hint(view, data=data, seed=i)
        hint_times.append(time.perf_counter() - start)
        progress()
    figures["hint_default"] = {"time_s": _stats(hint_times), "target_s": 5.0,
                               "met": max(hint_times) <= 5.0}
    lines.append(f"hint, default budget, 2-player example view: median "
                 f"{statistics.median(hint_times):.2f} s (worst {max(hint_times):.2f}); target <= 5 s "
                 f"{'met' if max(hint_times) <= 5.0 else 'NOT met'}")
    return {"text": "\n".join(lines), "figures": figures}
