"""CP-SAT model of the Tomb of the Ancients dig problem (see ``solvers.ancients.planner``).

Time-indexed: step ``k = 1..K`` (``K`` = number of maps) does at most one find, steps are
used contiguously, each map at most once. Booleans ``x[k, i, p]`` choose map ``i`` at
placement ``p`` in step ``k``; ``occ[k, c]``/``blk[k, c]`` are the board after step ``k``.
A find leaves its cells occupied and black exactly where the pattern is white; uncovered
cells keep their state. The just-in-time cost of step ``k`` at cell ``c`` is
``mis[k, c] ≥ needB − blk[k−1, c]`` and ``mis[k, c] ≥ needW − occ[k−1, c] + blk[k−1, c]``,
where ``needB``/``needW`` say that the chosen placement needs black/white there. The token
budget bounds ``Σ mis``; the objective is the planner's integer value
``(points·D − N·tokens)·W − tokens``. The solution is decoded and replayed; the replayed
value must equal the objective.
"""

from __future__ import annotations

from typing import Sequence

from ortools.sat.python import cp_model

from games.errors import SolverFault
from solvers.verify import verify_replay

from .planner import DigMap, DigPlan, make_plan, scale_values

__all__ = ["cpsat_dig"]


def cpsat_dig(occ: int, blk: int, maps: Sequence[DigMap], tokens: int, *,
              token_value: float = 0.5, time_limit: float = 30.0, seed: int = 0) -> DigPlan:
    """The optimal chain by CP-SAT (single worker, fixed seed: deterministic)."""
    D, N, W = scale_values(token_value, tokens)
    K = len(maps)
    model = cp_model.CpModel()
    cells = range(25)
    if K == 0:
        return DigPlan([], 0, 0, 0.0, 0, True, (occ, blk))
    x = {}
    for k in range(K):
        for i, m in enumerate(maps):
            for j, _ in enumerate(m.placements):
                x[k, i, j] = model.new_bool_var(f"x{k}_{i}_{j}")
    used = [model.new_bool_var(f"used{k}") for k in range(K)]
    for k in range(K):
        model.add(sum(x[k, i, j] for i, m in enumerate(maps) for j in range(len(m.placements)))
                  == used[k])
        if k:
            model.add(used[k] <= used[k - 1])
    for i, m in enumerate(maps):
        model.add_at_most_one(x[k, i, j] for k in range(K) for j in range(len(m.placements)))
    prev_occ = [int(occ >> c & 1) for c in cells]
    prev_blk = [int(blk >> c & 1) for c in cells]
    mis_all = []
    for k in range(K):
        need_b = {c: [] for c in cells}
        need_w = {c: [] for c in cells}
        for i, m in enumerate(maps):
            for j, (mask, black, _, _) in enumerate(m.placements):
                for c in cells:
                    if mask >> c & 1:
                        (need_b if black >> c & 1 else need_w)[c].append(x[k, i, j])
        new_occ, new_blk = [], []
        for c in cells:
            nb, nw_ = sum(need_b[c]), sum(need_w[c])
            cover = nb + nw_
            if not need_b[c] and not need_w[c]:
                new_occ.append(prev_occ[c])
                new_blk.append(prev_blk[c])
                continue
            o = model.new_bool_var(f"occ{k}_{c}")
            b = model.new_bool_var(f"blk{k}_{c}")
            model.add(o >= prev_occ[c])
            model.add(o >= cover)
            model.add(o <= prev_occ[c] + cover)
            model.add(b >= nw_)
            model.add(b <= 1 - nb)
            model.add(b <= prev_blk[c] + cover)
            model.add(b >= prev_blk[c] - cover)
            mis = model.new_bool_var(f"mis{k}_{c}")
            model.add(mis >= nb - prev_blk[c])
            model.add(mis >= nw_ - prev_occ[c] + prev_blk[c])
            model.add(mis <= cover)
            mis_all.append(mis)
            new_occ.append(o)
            new_blk.append(b)
        prev_occ, prev_blk = new_occ, new_blk
    spent = sum(mis_all)
    model.add(spent <= tokens)
    points = sum(m.points * x[k, i, j] for k in range(K) for i, m in enumerate(maps)
                 for j in range(len(m.placements)))
    model.maximize((points * D - N * spent) * W - spent)
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    solver.parameters.random_seed = seed
    solver.parameters.max_time_in_seconds = time_limit
    status = solver.solve(model)
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        # stopping is always a plan, so no solution is a modelling fault or a time-out
        raise SolverFault(f"CP-SAT found no dig plan ({solver.status_name(status)})")
    chain = []
    for k in range(K):
        for i, m in enumerate(maps):
            for j, pl in enumerate(m.placements):
                if solver.value(x[k, i, j]):
                    chain.append((m.id, pl))
    plan = make_plan(occ, blk, {m.id: m for m in maps}, chain, token_value, 0,
                      status == cp_model.OPTIMAL)
    # replay: the decoded chain's just-in-time value must equal the objective
    replayed = (plan.points * D - N * plan.tokens) * W - plan.tokens
    verify_replay("plan value", claimed=round(solver.objective_value), replayed=replayed)
    return plan
