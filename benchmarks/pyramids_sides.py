"""Which side holds the gap of the Pyramids best score, the plan or the bound (issue 21 §1).

On solo deals nobody tuned on (``SEEDS``, full 4-round deals and 2-round deals), every
variant of ``VARIANTS`` is measured against the default (``a``):

* ``a``  the default budget of ``solve_deal``;
* ``b``  ten times the default budget (CP-SAT deterministic time; the deal bound's
  column-generation rounds are capped at 60, so the bound gets no more rounds);
* ``c``  CP-SAT's bound-focused workers at the default budget: objective shaving search
  and LB tree search, each alone (one worker of that kind) and added to the default
  two-worker portfolio (``extra_subsolvers``);
* ``d``  the deal bound (per-card tables) with 4x and 16x its default column-generation
  rounds, started from the same games as ``a`` (the bound only: no CP-SAT run).

A row holds the plan's score, the reported bound and its source, CP-SAT's own bound
(``cp_bound``), and the CPU seconds of this process (``time.process_time``: CP-SAT's
worker threads included). Rows are appended to a JSON-lines file, one per (deal, variant),
so a long run can be resumed; ``table`` reads them back as the text of
``digsite bench pyramids --full``.
"""

from __future__ import annotations

import contextlib
import json
import statistics
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Iterator, Mapping, Sequence, TypedDict

import cards_data
from cards_data.pyramids import PyramidsData
from games.errors import DigsiteError, SolverFault
from games.pyramids import make_deal
from solvers.pyramids import model as pyramids_model
from solvers.pyramids.bound import DEFAULT_BOUND_ITERATIONS, deal_bound
from solvers.pyramids.instance import SoloInstance
from solvers.pyramids.model import DEFAULT_BUDGET, policy_plans, solve_deal

if TYPE_CHECKING:
    from ortools.sat.python import cp_model

__all__ = ["SEEDS", "VARIANTS", "DEALS", "BUDGET", "measure", "run_all", "read_rows", "table"]

#: A row of the JSON-lines file: the measure's figures and its deal, seed and variant.
Row = dict[str, Any]


def _default_budget() -> float:
    """``solve_deal``'s default budget: the registry declares Pyramids' (its type also
    allows none, for the games without a best score)."""
    if DEFAULT_BUDGET is None:
        raise SolverFault("pyramids: the registry declares no best-score budget")
    return DEFAULT_BUDGET


#: ``solve_deal``'s default budget (CP-SAT deterministic seconds).
BUDGET = _default_budget()

#: Deal seeds nobody tuned on (the best-score bench uses 0-9, the hint efficiency 100-119
#: only to follow hints, never to tune the solver).
SEEDS = (101, 102, 103, 104, 105)
#: ``(label, rounds)`` of the deal kinds: full 4-round deals and 2-round deals.
DEALS: tuple[tuple[str, int | None], ...] = (("full", None), ("2 rounds", 2))


class Options(TypedDict, total=False):
    """A variant's options: ``budget`` and ``workers`` for ``solve_deal``, ``cp`` set on
    CP-SAT's parameters, ``bound``: column-generation rounds of the deal bound alone."""

    budget: float
    workers: int
    cp: dict[str, bool | list[str]]
    bound: int


#: variant -> (what it is, options). ``cp`` options go to CP-SAT's parameters; ``bound``
#: is a number of column-generation rounds for the deal bound alone.
VARIANTS: dict[str, tuple[str, Options]] = {
    "a": ("default budget", {}),
    "b": ("10x budget", {"budget": 10 * BUDGET}),
    "c-shave-alone": ("objective shaving, 1 worker", {
        "workers": 1, "cp": {"use_objective_shaving_search": True}}),
    "c-lbtree-alone": ("LB tree search, 1 worker", {
        "workers": 1, "cp": {"optimize_with_lb_tree_search": True}}),
    "c-shave-portfolio": ("portfolio + objective shaving", {
        "cp": {"extra_subsolvers": ["objective_shaving"]}}),
    "c-lbtree-portfolio": ("portfolio + LB tree search", {
        "cp": {"extra_subsolvers": ["lb_tree_search"]}}),
    "d-bound-x4": ("deal bound, 4x rounds", {"bound": 4 * DEFAULT_BOUND_ITERATIONS}),
    "d-bound-x16": ("deal bound, 16x rounds", {"bound": 16 * DEFAULT_BOUND_ITERATIONS}),
}


@contextlib.contextmanager
def _cp_sat(extra: Mapping[str, bool | list[str]],
            seen: list[cp_model.CpSolver]) -> Iterator[None]:
    """CP-SAT's parameters with ``extra`` set on top of the solver's own, and every
    solver the run creates recorded in ``seen`` (for its own bound)."""
    original = pyramids_model._parameters

    def parameters(solver: cp_model.CpSolver, inst: SoloInstance, *, workers: int,
                   seed: int) -> None:
        original(solver, inst, workers=workers, seed=seed)
        for name, value in extra.items():
            field = getattr(solver.parameters, name)
            if isinstance(value, list):
                field.extend(value)
            else:
                setattr(solver.parameters, name, value)
        seen.append(solver)

    pyramids_model._parameters = parameters
    try:
        yield
    finally:
        pyramids_model._parameters = original


def measure(deal: dict[str, Any], data: PyramidsData, variant: str, *,
            reference: Row | None = None) -> Row:
    """One row: the variant run on the deal. ``reference`` (row ``a`` of the same deal) is
    needed by the ``d`` variants: their bound starts from its plan."""
    _, options = VARIANTS[variant]
    cpu = time.process_time()
    if "bound" in options:
        if reference is None:
            raise DigsiteError(f"variant {variant} starts from row a of the same deal: "
                               "measure a first")
        inst = SoloInstance.from_deal(deal, data)
        warm = policy_plans(deal, data)
        if len(inst.shapes) > inst.steps_per_round:
            warm += policy_plans(deal, data, pilot=True)
        games = [w.moves for w in warm] + [tuple(reference["moves"])]
        proof = deal_bound(inst, data, iterations=options["bound"], deal=deal, games=games)
        return {"score": reference["score"], "bound": proof.value, "bound_source": proof.source,
                "card_tables": (None if proof.card_tables is None
                                else round(proof.card_tables, 2)),
                "rounds": proof.iterations,
                "converged": proof.converged, "cp_bound": None, "status": None,
                "cpu_s": round(time.process_time() - cpu, 1)}
    seen: list[cp_model.CpSolver] = []
    with _cp_sat(options.get("cp", {}), seen):
        # price_iterations=0: the portfolio as it was before the branch and price (the
        # phase-1 question is about CP-SAT and the deal bound)
        result = solve_deal(deal, data, budget=options.get("budget", BUDGET), seed=0,
                            workers=options.get("workers"), price_iterations=0)
    cp_bound = int(seen[-1].best_objective_bound + 1e-6) if seen else None
    found = result.deal_bound
    return {"score": result.score, "bound": result.bound, "bound_source": result.bound_source,
            "card_tables": round(found.card_tables, 2) if found and found.card_tables else None,
            "rounds": found.iterations if found else 0,
            "converged": found.converged if found else None,
            "cp_bound": cp_bound, "status": result.status, "moves": list(result.moves),
            "deterministic_s": result.solver_stats["deterministic_s"],
            "cpu_s": round(time.process_time() - cpu, 1)}


def read_rows(path: str | Path) -> dict[tuple[str, int, str], Row]:
    """``{(deal kind, seed, variant): row}`` of a JSON-lines file (missing: empty)."""
    rows: dict[tuple[str, int, str], Row] = {}
    if Path(path).exists():
        for line in Path(path).read_text(encoding="utf-8").splitlines():
            row = json.loads(line)
            rows[row["deal"], row["seed"], row["variant"]] = row
    return rows


def run_all(path: str | Path, *, seeds: Sequence[int] = SEEDS,
            deals: Sequence[tuple[str, int | None]] = DEALS,
            variants: Sequence[str] = tuple(VARIANTS),
            progress: Callable[[], object] = lambda: None) -> dict[tuple[str, int, str], Row]:
    """Measure every (deal kind, seed, variant) not yet in the JSON-lines file ``path``,
    appending each row as it is done: variant by variant, ``a`` first (the ``d`` rows
    start from its plan), then ``d``, ``c`` and ``b`` (the costly one)."""
    data = cards_data.load("pyramids")
    done = read_rows(path)
    # the bound-only variants are cheap, the 10x budget the costly one: first and last
    rank = {"a": 0, "d": 1, "c": 2, "b": 3}
    order = sorted(variants, key=lambda v: rank[v[0]])
    for label, rounds in deals:
        for variant in order:
            for seed in seeds:
                if (label, seed, variant) in done:
                    continue
                deal = make_deal(players=1, seed=seed, data=data, rounds=rounds)
                row = measure(deal, data, variant, reference=done.get((label, seed, "a")))
                row.update(deal=label, seed=seed, variant=variant)
                done[label, seed, variant] = row
                with open(path, "a", encoding="utf-8") as out:
                    out.write(json.dumps(row) + "\n")
                progress()
    return done


def table(rows: Mapping[tuple[str, int, str], Row]) -> list[str]:
    """The text table: per deal kind and variant, the plan's and the bound's medians and how
    far each moved against ``a`` (mean over the deals), the gap and the CPU seconds."""
    lines = []
    for label, _ in DEALS:
        seeds = sorted({s for (d, s, _) in rows if d == label})
        lines.append(f"{label} deals, seeds {', '.join(map(str, seeds))}: per variant the mean "
                     "plan score and bound, their mean move against (a), the median gap, "
                     "CPU s per deal (median)")
        for variant, (words, _) in VARIANTS.items():
            pairs = [(rows[label, s, variant], rows[label, s, "a"]) for s in seeds
                     if (label, s, variant) in rows and (label, s, "a") in rows]
            if not pairs:
                continue
            score = statistics.fmean(r["score"] for r, _ in pairs)
            bound = statistics.fmean(r["bound"] for r, _ in pairs)
            up = statistics.fmean(r["score"] - a["score"] for r, a in pairs)
            down = statistics.fmean(a["bound"] - r["bound"] for r, a in pairs)
            gap = statistics.median((r["bound"] - r["score"]) / r["score"] for r, _ in pairs)
            cp = [r["cp_bound"] for r, _ in pairs if r.get("cp_bound") is not None]
            cp_text = f", CP-SAT's own bound {statistics.fmean(cp):.1f}" if cp else ""
            cpu = statistics.median(r["cpu_s"] for r, _ in pairs)
            lines.append(f"  ({variant}) {words:32s} n={len(pairs)} score {score:6.1f} (+{up:.1f}) "
                         f"bound {bound:6.1f} (-{down:.1f}) gap {gap:5.1%}{cp_text}; CPU {cpu:.0f} s")
    return lines


if __name__ == "__main__":  # a background run: python -m benchmarks.pyramids_sides FILE KIND...
    import sys

    kinds = [d for d in DEALS if d[0] in sys.argv[2:]] or list(DEALS)
    run_all(sys.argv[1], deals=kinds)
