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

Built as the OR-Tools samples build models: each step a function that adds its variables
and constraints and returns them (``add_choices``, ``add_board``, ``add_value``), so each
can be tested alone; ``build_dig_model`` assembles them, ``cpsat_dig`` solves and decodes.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from ortools.sat.python import cp_model

from games.errors import SolverFault
from solvers.verify import verify_replay

from .planner import DigMap, DigPlan, make_plan, scale_values

__all__ = ["cpsat_dig", "build_dig_model", "DigModel", "DigChoices", "add_choices",
           "add_board", "add_value"]

_CELLS = range(25)


@dataclass(frozen=True)
class DigChoices:
    """``x[k, i, j]``: step ``k`` finds map ``i`` at its placement ``j``; ``used[k]``: step
    ``k`` finds something (steps are used contiguously)."""

    x: dict[tuple[int, int, int], cp_model.IntVar]
    used: list[cp_model.IntVar]


def add_choices(model: cp_model.CpModel, maps: Sequence[DigMap]) -> DigChoices:
    """At most one find per step, steps used from the first on, each map at most once."""
    K = len(maps)
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
    return DigChoices(x, used)


def add_board(model: cp_model.CpModel, occ: int, blk: int, maps: Sequence[DigMap],
              choices: DigChoices) -> list[cp_model.IntVar]:
    """The board after each step (``occ{k}_{c}``, ``blk{k}_{c}``: a cell no placement of the
    step covers keeps its state) and the just-in-time sand spent on each covered cell
    (``mis{k}_{c}``), returned: one literal per token."""
    # per cell its state: a constant where no step has covered it yet, else a variable
    prev_occ: list[int | cp_model.IntVar] = [int(occ >> c & 1) for c in _CELLS]
    prev_blk: list[int | cp_model.IntVar] = [int(blk >> c & 1) for c in _CELLS]
    mis_all = []
    for k in range(len(maps)):
        need_b: dict[int, list[cp_model.IntVar]] = {c: [] for c in _CELLS}
        need_w: dict[int, list[cp_model.IntVar]] = {c: [] for c in _CELLS}
        for i, m in enumerate(maps):
            for j, (mask, black, _, _) in enumerate(m.placements):
                for c in _CELLS:
                    if mask >> c & 1:
                        (need_b if black >> c & 1 else need_w)[c].append(choices.x[k, i, j])
        new_occ: list[int | cp_model.IntVar] = []
        new_blk: list[int | cp_model.IntVar] = []
        for c in _CELLS:
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
    return mis_all


def add_value(model: cp_model.CpModel, maps: Sequence[DigMap], choices: DigChoices,
              mis: list[cp_model.IntVar], tokens: int, token_value: float
              ) -> cp_model.LinearExprT:
    """The token budget and the plan's integer value (``scale_values``), maximised;
    returns the value's expression."""
    D, N, W = scale_values(token_value, tokens)
    K = len(maps)
    spent = sum(mis)
    model.add(spent <= tokens)
    points = sum(m.points * choices.x[k, i, j] for k in range(K) for i, m in enumerate(maps)
                 for j in range(len(m.placements)))
    value = (points * D - N * spent) * W - spent
    model.maximize(value)
    return value


@dataclass(frozen=True)
class DigModel:
    """The CP-SAT model of one dig problem and its variable families."""

    model: cp_model.CpModel
    maps: tuple[DigMap, ...]
    choices: DigChoices
    mis: list[cp_model.IntVar]

    def chain(self, solver: cp_model.CpSolver) -> list[tuple[int, tuple[int, int, int, int]]]:
        """The solution's finds in step order: ``(map id, placement)`` pairs."""
        chain = []
        for k in range(len(self.maps)):
            for i, m in enumerate(self.maps):
                for j, pl in enumerate(m.placements):
                    if solver.value(self.choices.x[k, i, j]):
                        chain.append((m.id, pl))
        return chain


def build_dig_model(occ: int, blk: int, maps: Sequence[DigMap], tokens: int, *,
                    token_value: float = 0.5) -> DigModel:
    """The model of the module docstring for a board, a pack and a token budget."""
    model = cp_model.CpModel()
    choices = add_choices(model, maps)
    mis = add_board(model, occ, blk, maps, choices)
    add_value(model, maps, choices, mis, tokens, token_value)
    return DigModel(model, tuple(maps), choices, mis)


def cpsat_dig(occ: int, blk: int, maps: Sequence[DigMap], tokens: int, *,
              token_value: float = 0.5, time_limit: float = 30.0, seed: int = 0) -> DigPlan:
    """The optimal chain by CP-SAT (single worker, fixed seed: deterministic)."""
    D, N, W = scale_values(token_value, tokens)  # a bad token value fails here
    if not maps:
        return DigPlan([], 0, 0, 0.0, 0, True, (occ, blk))
    built = build_dig_model(occ, blk, maps, tokens, token_value=token_value)
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    solver.parameters.random_seed = seed
    solver.parameters.max_time_in_seconds = time_limit
    status = solver.solve(built.model)
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        # stopping is always a plan, so no solution is a modelling fault or a time-out
        raise SolverFault(f"CP-SAT found no dig plan ({solver.status_name(status)})")
    plan = make_plan(occ, blk, {m.id: m for m in maps}, built.chain(solver), token_value, 0,
                     status == cp_model.OPTIMAL)
    # replay: the decoded chain's just-in-time value must equal the objective
    replayed = (plan.points * D - N * plan.tokens) * W - plan.tokens
    verify_replay("plan value", claimed=round(solver.objective_value), replayed=replayed)
    return plan
