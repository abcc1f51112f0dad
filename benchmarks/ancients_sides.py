"""Which side of the Tomb of the Ancients best-score gap is weak (issue 21 §1): the plan
or the bound? A measurement script, not a ``digsite bench`` suite (it runs about an hour).

    nice -n 15 .venv/bin/python -m benchmarks.ancients_sides --json OUT.json

For each solo deal (seeds 0-9, the bench's, and 101-105, which nothing was tuned on):

* **plan**: ``best_score_search`` at the default node budget and at 10x it (score, CPU s);
* **bound**: today's ``score_upper_bound`` (the market argument at ``MARKET_THETAS``), and
  its one knob, the money price ``theta`` of ``market_bound``, swept over [0, 1/2] in
  steps of 1/80 (the smallest bound over the sweep is still a bound);
* **cut deals**: for ``N`` from 6 up, seeds 0-4 cut to their first ``N`` turns, the exact
  branch and bound ``exact_best`` with a 60 s **CPU** limit per deal (its deadline clock
  is ``time.process_time`` here, so the machine's load does not count).

Every figure is CPU time (``time.process_time``) of this process.

**Measured** (2026-11-26, seeds 101-105, compiled build, the machine at load 7-20, so the
CPU figures are inflated by contention; ``--skip-cut``, the 10x run stopped after two deals
for CPU):

====  =====  ============  ==========================  =============================
seed  bound  plan (200k)   plan (10x: 2M nodes)        one beam of width 128 (200k)
====  =====  ============  ==========================  =============================
101   95     68 (9.6 s)    76 (+8, 197 s)              71
102   88.5   65 (10.5 s)   77 (+12, 204 s)             69
103   97     81.5 (9.5 s)  not run                     74.5
104   92     75 (11.4 s)   not run                     72.5
105   98     85 (13.1 s)   not run                     76.5
====  =====  ============  ==========================  =============================

The bound: the theta sweep's best is ``theta`` = 1/2 on every deal, and it is today's bound
(the counting argument is 6-10 points looser). The plan: ten times the nodes raise it by 8
and 12 points (12% and 18%), cutting those deals' gaps from 40% and 36% to 25% and 15%, so
**the plan side holds a large part of the gap**: the beam is too narrow at the default
budget (its widest beam there is 64 or 128). Spending the whole budget on one wider beam
instead of the doubling widths is no cure: width 128 alone, cut off by the budget, is
better on two deals and worse on three. Where the bound is loose (from a replayed plan of
deal 101: 9 sand tokens spent on finds, which the bound prices at nothing, and $8 left at
the end, which it counts a point a dollar instead of half a point) is the next thing a
tighter bound must price.

**Measured, the plan side fixed** (2026-11-26, seeds 0-9 and 101-105, the default budget of
200k nodes, CPU s of one process on the shared machine, 2-4 agents running): before is main
at a3b4cc7, after is ``best_score_search`` as it is now (``_beam_options``,
``_merge_key``, the last beam fitted to the nodes left, ``_repair``). The bound is
unchanged. Both runs are pure Python for this search (no Tomb of the Ancients module is
among the compiled ones, ``games/compiled.py``).

====  =====  ======================  ===============

seed  bound  before: plan, gap, CPU  after: plan, gap, CPU
====  =====  ======================  ======================
0     90.5   83, 9.0%, 10.7 s        84, 7.7%, 9.6 s
1     100.5  79, 27.2%, 11.8 s       86, 16.9%, 9.4 s
2     87.5   71.5, 22.4%, 14.1 s     78.5, 11.5%, 11.0 s
3     81.5   75, 8.7%, 12.1 s        76.5, 6.5%, 11.8 s
4     90     71.5, 25.9%, 11.2 s     79, 13.9%, 11.3 s
5     93.5   60.5, 54.5%, 12.0 s     77, 21.4%, 8.8 s
6     92.5   72.5, 27.6%, 12.0 s     82.5, 12.1%, 10.4 s
7     93.5   76, 23.0%, 13.1 s       80, 16.9%, 11.9 s
8     91     80, 13.8%, 13.1 s       82.5, 10.3%, 11.0 s
9     94.5   80, 18.1%, 11.9 s       85, 11.2%, 10.4 s
101   95     68, 39.7%, 10.5 s       77, 23.4%, 9.8 s
102   88.5   65, 36.1%, 11.0 s       77.5, 14.2%, 10.3 s
103   97     81.5, 19.0%, 11.3 s     84, 15.5%, 9.8 s
104   92     75, 22.7%, 11.7 s       79, 16.5%, 9.2 s
105   98     85, 15.3%, 12.0 s       87, 12.6%, 9.4 s
====  =====  ======================  ======================

Gap median / worst: seeds 0-9 22.7% / 54.5% before, **11.8% / 21.4%** after (target
median <= 15%: met); seeds 101-105 22.7% / 39.7% before, 15.5% / 23.4% after. Every plan
rose (by 1 to 16.5 points, 6.1 on average); 101 and 102 now beat what ten times the
budget found before (77 and 77.5, against 76 and 77). CPU of the 15: 178 s before, 154 s
after.

Where the nodes went before (deal 101, the beam of width 64: 106k children): 73k were
market visits with a sale (65k a sale with a buy, 8k sale-only visits), 62k a buy that
discarded a map (the two overlap), 0.6k digs, 4.5k rests; duplicate positions 8%; the greedy
finish of each layer's best about 600 nodes a beam (0.3%, kept). The beam of width 128
was stopped by the budget after 10 of its 38 layers, so its 10k nodes gave no plan.

What was tried on deals 200-205 (tuning only; no figure above uses them), plan sums of
the six at 200k nodes: main 457; the move filter and merge key with one beam of width 4
and then a single beam fitted to the rest 469.5 (deal 203: 69 against 74, the wider
beam of the same ranking is not always better); doubling widths with the last fitted
470.5 (leaving about a quarter of the nodes); with the repair spending it 475.5; no visit
that only sells and no discard of the map bought 478; no discard of a better map too
478.5 (the default). Did not help: the pack's maps valued by their
cheapest placement's sand (points - tokens/2: 464, from 469.5); a pack weight of 0.9
instead of 0.8 (471.5 against 470.5: a wash); alternating weights 0.8/0.9 between beams
(474 against 475.5); more nodes for the repair (cuts 0.8/0.6/0.4: 477) or fewer (margins
off: 478). The future's weight (``relax.FUTURE_WEIGHT``) 0.7 instead of 0.5 gave 483.5
(4 deals higher, none lower; 0.6: 480; 0.4, 0.85 and 1, stopped after four deals, were
below 0.7 there by 12, 10 and 3), but on seeds 0-9 and 101-105 only 5.5 points more in all
(6 deals higher, 5 lower: 11.1% / 24.7% and 15.5% / 25.0%), and at small budgets lower:
``best-score ancients --seed 1 --budget 20`` 74 against 79, seeds 1-2 at budget 10 74 and
66 against 78.5 and 72 (one review's budget-5 plan 60.5 against 56.5); it stays 0.5.

**Measured, cut deals** (2026-11-26, issue 21's second wave: ``cut_deals`` from N = 9 up,
seeds 0-4, 60 s CPU each, main at a3b4cc7 then branch ``acut``, one after the other on
the machine at load 1-3; the Ancients solvers are pure Python in both builds; optimum
by seed, CPU s; "-" not proven within the limit, later seeds not run):

==  ===================================================  ==========================================================
N   main a3b4cc7                                         acut
==  ===================================================  ==========================================================
9   20.5 23.5 17.5 17 17 (2.8 3.7 11.2 0.8 12.0)         same optima (1.7 3.2 3.5 0.4 4.9)
10  23 25.5 19.5 18.5 18.5 (5.9 17.4 32.3 4.4 55.6)      same optima (3.5 16.0 11.3 1.1 22.5)
11  24 29 - (54.3 50.9 60.0)                              24 29 22 20.5 22.5 (14.0 40.2 30.4 2.4 29.3)
12  not run                                               26.5 32 - (30.1 37.5 60.0)
==  ===================================================  ==========================================================

Largest N proven on all five: 10 on main in this run (deal 4 at N = 10 took 55.6 s; the
bench row read 9 on a busier machine), 11 on ``acut``; 12 fails on deal 2. What it took
(``exact``'s module docstring): at N = 9-10 on main, 98-99% of the positions the search
expanded were worth no more than the best line already found, the bound's excess over
it a median 0.5-1.5 points three to five turns from the cut and 1-7 points six or more
turns out, so the bound is weak more than the branching; an oracle incumbent (the
optimum) saved only 1.2-1.9x at N = 10. What the bound still allows is finds for free
(no sand, any pattern) in every dig but the last two turns' and the first of a line.
The incumbent matters from N = 11 (deal 4: 453k nodes from the beam's 12.5, 97k from the
optimum 22.5), hence the restricted passes. Tried and dropped: a three-turn dig-first
bound from the planner with one token more (the planner on five maps: 18 ms a call,
more CPU than it saved); a money/sand dominance table (6-12% fewer nodes, no CPU
gained); probing the root from the bound down (more nodes than one search from the
incumbent); shop tokens priced at nothing (not a bound, an upper limit on what exact
tokens could gain: 0.5-2 points at the deal, nearly nothing four turns or more from the
cut).

**Measured, compiled** (2026-11-26, branch ``acomp``: the Ancients hot path compiled by
mypyc, ``games/compiled.py``; ``cut_deals`` one seed at a time so that every seed runs,
60 s CPU each, the machine at load 2-4 with two other helpers' runs; optimum by seed, CPU s):

==  ===================================================  ====================================
N   acut, pure (the table above)                         acomp, compiled
==  ===================================================  ====================================
11  24 29 22 20.5 22.5 (14.0 40.2 30.4 2.4 29.3)         same optima (11.1 33.9 24.4 1.5 23.4)
12  26.5 32 - (30.1 37.5 60.0)                           26.5 32 - 23 24 (22.1 28.0 60.0 2.8 41.9)
==  ===================================================  ====================================

Largest N proven on all five: still 11; N = 12 fails on deal 2 alone, by 23 s: run
alone with a 200 s limit it proves 23.5 in 83.3 s CPU (1.17M nodes), so N = 12 on all
five needs that deal 1.4x faster again. What compiling buys, measured in one run each:
``exact_best`` at N = 9-10 on seeds 0-4 (with its 5k-node incumbent) 86.0 s CPU pure
against 53.3 s compiled (1.61x), with identical results (``repr`` of every
``SearchResult``: score, moves, nodes, stop reason); the default ``best-score ancients``
on seeds 0-2, 37.5 s pure against 24.0 s compiled (1.56x; 1.60, 1.57, 1.53 by deal),
identical ``--json``. The card games gain 2-3x; the Ancients code less, likely because
its time is in Python containers (the relaxation's recursion over tuples and dicts,
``sorted``, list copies in ``clone``; not profiled compiled) more than in int
arithmetic. The golden captures (116 outputs) of this branch compiled and of main
ce3e002 pure are identical. The install's compile: 49.3 s CPU for the 12 modules before
(a clean build of main), 81.5 s for 19 (clean) and 90.4 s for the 20 now (``setup.py
build_ext --inplace``, what ``make compile`` runs).


**Measured, children bounded unplayed** (2026-11-26, branch ``acut3``, issue 21's third
wave). First where deal 2 cut to 11 turns spends it (main 5bcb3d9, pure, instrumented:
50.1 s CPU, 307,137 counted nodes). By turns to the cut, the positions bounded / the ones
the bound did not cut / the bound's excess over α there (median, 90th percentile):

=====  ========  ========  ==========
left   bounded   expanded  excess
=====  ========  ========  ==========
2      175,460   235       0.5, 2.0
3      73,263    21,765    0.5, 2.0
4      35,834    9,894     0.75, 2.5
5      17,955    5,899     0.75, 2.75
6      3,961     2,318     1.25, 3.25
7-11   664       628       2.25-4.75
=====  ========  ========  ==========

The bound cut 99.9% of the positions two turns from the cut, yet each of them had been
copied, played, keyed and bounded as a node first: 689,057 children copied and played
(13.2 s of the 50, and 2.1 s more for the heuristic that ranked them), of which the restricted passes of the
starting incumbent played every turn of a node only to rank them and searched three or
four; the bounds about 22 s (the programme 7.8 s over 553k calls, the two-turn bound 5.8
s with its planner calls, the dig-first bound 3.5 s, the counting argument 2.2 s, which
never cut: it was never below the programme at 76k nodes three or more turns from the
cut on deals 1, 2 and 4 at N = 10); listing the digs 3.4 s. So the cheaper path came
first: the programme bounds each turn's child unplayed (``CutDP.after_moves``, equal to
``CutDP.bound`` of the child played: 36 positions' games checked turn by turn in the
tests), a child it cuts is never copied, and the counting argument goes. Deal 2 at N =
11 after (pure, instrumented): 26.6 s, 104,091 children played, 30,334 positions two
turns out bounded; what is left is the two-turn bound (5.4 s), the children's programme
(3.7 s), the dig-first bound (3.0 s) and listing digs (2.9 s).

Then N = 11 and 12, compiled (``setup.py build_ext --inplace`` in a copy of each tree),
``exact_best`` from the bench's 5,000-node incumbent, 60 s CPU limit raised to 120 s so
that main's deal 2 finishes, main 5bcb3d9 then ``acut3`` one after the other, the machine
at load 4-6 (optimum by seed, CPU s; the lines found are identical too, move by move):

==  =============================================  =============================================
N   main 5bcb3d9, compiled                         acut3, compiled
==  =============================================  =============================================
11  24 29 22 20.5 22.5 (10.9 32.2 25.3 1.4 23.5)   same optima (5.1 20.8 13.0 1.3 14.7)
12  26.5 32 23.5 23 24 (23.2 25.6 85.9 2.5 43.9)   same optima (10.9 14.7 39.4 3.0 22.7)
13  not run                                        30 36 26 25.5 27 (13.6 19.5 55.8 5.3 23.3)
==  =============================================  =============================================

Largest N proven on all five within 60 s CPU: **12** on ``acut3`` with room (worst deal
2, 39.4 s; main: 11, deal 2 taking 85.9 s at N = 12), and 13 at the limit: deal 2 at N =
13 took 55.8 s in this run and 61.0 s in a second one on the final build (the same
nodes and line, the machine at load 6-7 with the test suite alongside), so the row reads
12 or 13 by the machine's load. Nodes counted at N = 12 deal 2: 224,920 against
1,166,637 (a child cut unplayed is not a node, so nodes fell more than CPU). The N = 11-12
columns and the first N = 13 run are of the branch before two refactors that change no
result: the children's bounds computed in one call per node, and the planner's packed
placements shared between its calls, since dropped (deals 1 and 2 at N = 10 pure, two
runs each way, 38.7 s CPU with it and 37.6 s without). Not tried for lack of time:
pricing the finds inside the programme (the bound's excess over α is still 0.5 at the
median three turns from the cut, 1.25 or more from six).
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from typing import Any, Callable, Iterable, ParamSpec, TypedDict, TypeVar

import cards_data
from cards_data.ancients import AncientsData
from games.ancients import AncientsState, make_deal, state_from_deal
from solvers.ancients import best as B
from solvers.ancients import exact as E

SEEDS = list(range(10)) + list(range(101, 106))
THETAS = [k / 80 for k in range(41)]

P = ParamSpec("P")
R = TypeVar("R")


def _cpu(func: Callable[P, R], *args: P.args, **kwargs: P.kwargs) -> tuple[float, R]:
    start = time.process_time()
    out = func(*args, **kwargs)
    return time.process_time() - start, out


class CutRow(TypedDict):
    """The deals cut to their first ``turns`` turns: each one's optimum (``None``: not
    proven within the limit) and CPU seconds."""

    turns: int
    scores: list[float | None]
    cpu_s: list[float]


def bounds(state: AncientsState) -> dict[str, float]:
    today = B.score_upper_bound(state)
    sweep = {t: B.market_bound(state, theta=t) for t in THETAS}
    theta, best = min(sweep.items(), key=lambda kv: (kv[1], kv[0]))
    counting = B.score_upper_bound(state, market=False).value
    return {"today": today.value, "counting": counting, "sweep_best": best,
            "sweep_theta": theta}


def plans(state: AncientsState, nodes: int) -> dict[str, Any]:  # (JSON of the script's own)
    cpu, result = _cpu(B.best_score_search, state, nodes=nodes)
    return {"score": result.score, "cpu_s": round(cpu, 2), "nodes": result.nodes,
            "widths": list(result.widths)}


def cut_deals(data: AncientsData, seeds: Iterable[int], limit_s: float, first: int, last: int,
              report: Callable[[str], None]) -> list[CutRow]:
    rows: list[CutRow] = []
    for turns in range(first, last + 1):
        row: CutRow = {"turns": turns, "scores": [], "cpu_s": []}
        for seed in seeds:
            state = state_from_deal(make_deal(players=1, seed=seed, data=data), data)
            incumbent = B.best_score_search(state, nodes=5_000, turn_cap=turns)
            start = time.process_time()
            try:
                result = E.exact_best(state, turn_cap=turns, nodes=10**9,
                                      time_limit=limit_s, incumbent=incumbent,
                                      clock=time.process_time)
                row["scores"].append(result.score)
            except B.SearchLimitReached:
                row["scores"].append(None)
            row["cpu_s"].append(round(time.process_time() - start, 2))
            report(f"cut N={turns} seed {seed}: {row['scores'][-1]} "
                   f"({row['cpu_s'][-1]} s CPU)")
            if row["scores"][-1] is None:
                break
        rows.append(row)
        if None in row["scores"]:
            break
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", required=True)
    parser.add_argument("--seeds", default=",".join(map(str, SEEDS)))
    parser.add_argument("--skip-ten", action="store_true", help="no 10x-budget run")
    parser.add_argument("--skip-cut", action="store_true")
    args = parser.parse_args()
    data = cards_data.load("ancients")
    seeds = [int(s) for s in args.seeds.split(",")]
    out: dict[str, Any] = {"deals": {}, "cut": None}  # (the script's JSON, as it grows)

    def save() -> None:
        with open(args.json, "w") as f:
            json.dump(out, f, indent=1)

    def report(line: str) -> None:
        print(line, flush=True)

    if not args.skip_cut:
        out["cut"] = cut_deals(data, range(5), 60.0, 6, 14, report)
        save()
    for seed in seeds:
        state = state_from_deal(make_deal(players=1, seed=seed, data=data), data)
        row = out["deals"].setdefault(str(seed), {})
        cpu, row["bound"] = _cpu(bounds, state)
        row["bound"]["cpu_s"] = round(cpu, 2)
        row["default"] = plans(state, B.DEFAULT_NODE_BUDGET)
        report(f"seed {seed}: {row}")
        save()
    if not args.skip_ten:
        for seed in seeds:
            state = state_from_deal(make_deal(players=1, seed=seed, data=data), data)
            row = out["deals"][str(seed)]
            row["ten"] = plans(state, 10 * B.DEFAULT_NODE_BUDGET)
            report(f"seed {seed} 10x: {row['ten']}")
            save()
    gaps = {k: [(r["bound"]["today"] - r["default"]["score"]) / r["default"]["score"]
                for r in out["deals"].values()] for k in ("today",)}
    out["summary"] = {"gap_median_today": statistics.median(gaps["today"])}
    save()


if __name__ == "__main__":
    main()
