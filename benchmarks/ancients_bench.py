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

Wall times on a shared machine vary with its load; the figures are one run's.
"""

from __future__ import annotations

import statistics
import time

import cards_data
from games.ancients import catalogue, example_view
from solvers.ancients.planner import (
    SearchLimitReached, dig_maps, exhaustive_dig, plan_dig, random_dig_position,
)
from solvers.ancients.service import DEFAULT_HINT_ITERATIONS, hint
from games.errors import SolverFault

STRESS_CAP_S = 10.0
BASELINE_NODE_CAP = 100_000


def _pct(values, q):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def run(*, quick: bool, progress=lambda n=1: None) -> dict:
    data = cards_data.load("ancients")
    maps = dig_maps(catalogue(data).maps.values())
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
    figures = {
        "planner_positions": count,
        "planner_median_ms": round(med * 1e3, 3),
        "planner_p95_ms": round(_pct(times, 0.95) * 1e3, 3),
        "planner_worst_ms": round(worst * 1e3, 3),
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
        "stress_median_s": round(statistics.median(stress_times), 3),
        "stress_worst_s": round(max(stress_times), 3),
        "stress_cpu_worst_s": round(max(stress_cpu), 3),
        "stress_per_position": [[round(w, 3), round(c, 3), k] for w, c, k in
                                zip(stress_times, stress_cpu, stress_nodes)],
        "stress_nodes_max": max(stress_nodes),
        "stress_unfinished": stress_open,
        "stress_target_met": max(stress_times) <= 1.0 and not stress_open,
        "hint_default_iterations": DEFAULT_HINT_ITERATIONS,
        "hint_default_s": round(hint_s, 3),
        "hint_target_met": hint_s <= 5.0,
    }
    f = figures
    yes = {True: "met", False: "NOT met"}
    text = "\n".join([
        f"  dig planner, {count} positions (4 maps, 0-8 tokens): median {f['planner_median_ms']} ms "
        f"[target 5: {yes[f['planner_median_target_met']]}], p95 {f['planner_p95_ms']} ms, "
        f"worst {f['planner_worst_ms']} ms [target 100: {yes[f['planner_worst_target_met']]}]",
        f"  CPU time (less sensitive to a loaded machine): median {f['planner_cpu_median_ms']} ms, "
        f"worst {f['planner_cpu_worst_ms']} ms",
        f"  nodes expanded: median {f['planner_nodes_median']}, max {f['planner_nodes_max']}",
        f"  exhaustive baseline on {f['baseline_positions']} of them: {f['baseline_capped']} hit the "
        f"{BASELINE_NODE_CAP:,}-node cap; on the rest it is {f['baseline_ratio_median']}x slower "
        f"(median per position), {f['baseline_ratio_total']}x in total time",
        f"  stress, 8 maps and 8 tokens, {f['stress_positions']} positions: median "
        f"{f['stress_median_s']} s, worst {f['stress_worst_s']} s, {f['stress_unfinished']} stopped "
        f"at the {STRESS_CAP_S:g} s cap [target 1 s: {yes[f['stress_target_met']]}]; CPU worst "
        f"{f['stress_cpu_worst_s']} s",
        "  stress per position (wall s, CPU s, nodes): " + ", ".join(
            f"{w}/{c}/{k}" for w, c, k in f["stress_per_position"]),
        f"  hint at the default budget ({DEFAULT_HINT_ITERATIONS} iterations): {f['hint_default_s']} s "
        f"[target 5: {yes[f['hint_target_met']]}]",
    ])
    return {"text": text, "figures": figures}
