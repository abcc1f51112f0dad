"""Best scores of many solo deals: one plain function per deal, and a batch over seeds.

``best_score_of_seed(game_id, seed, *, data, limit, deal_options)`` solves the solo deal
of ``seed`` (dealt with ``deal_options``, as Pyramids' ``rounds``) with the game's
``best_score`` service and returns one summary row; it is a plain function of its
arguments, so a distributed backend can call it as is. The solver seed of a deal is its
deal seed, exactly as ``digsite best-score GAME --seed N`` does, so a deal's
row is the same alone, in a batch, on either backend and for any number of workers; rows
come sorted by seed. ``best_scores`` runs the rows through ``solvers.backends`` (a local
process pool or Ray) and summarises them: mean score, quantiles, how many are proven optimal, and the gaps
``(bound - score) / score``. A ``limit`` without ``work`` means the game's default budget.
"""

from __future__ import annotations

import functools
import statistics
from typing import Any, Mapping, Sequence

import cards_data
from cards_data import CardData
from games import registry
from games.errors import NoSolutionError

from . import interrupt, services
from .backends import LOCAL, Execution, Progress
from .limits import Limit

__all__ = ["best_score_of_seed", "best_scores", "summarise", "MAX_DEALS"]

#: The most deals one batch accepts.
MAX_DEALS = 10_000


def best_score_of_seed(game_id: str, seed: int, *, data: CardData, limit: Limit = Limit(),
                       deal_options: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """One deal's row: ``{"seed", "score", "bound", "status", "bound_source", "gap",
    "stop_reason", "reproducible"}``; the deal is ``make_deal``'s with ``deal_options``
    (Pyramids' ``rounds``: ``best-score --rounds N --seeds A-B``)."""
    deal = registry.engine(game_id).make_deal(players=1, seed=seed, data=data,
                                              **(deal_options or {}))
    result = services.capability(game_id, "best_score")(deal, data=data, limit=limit,
                                                        seed=seed)
    return {"seed": seed, "score": result.score, "bound": result.bound,
            "status": result.status, "bound_source": result.bound_source,
            "gap": round(result.gap, 6) if result.gap is not None else None,
            "stop_reason": result.budget.stop_reason,
            "reproducible": result.reproducible}


def _quantile(values: list[float], q: float) -> float:
    """The ``q`` quantile by linear interpolation between order statistics."""
    ordered = sorted(values)
    pos = q * (len(ordered) - 1)
    low = int(pos)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (pos - low)


def summarise(rows: list[dict[str, Any]]) -> dict[str, Any]:
    """Mean and quantiles of the scores, proven count and gap statistics of ``rows``."""
    scores = [r["score"] for r in rows]
    gaps = [r["gap"] for r in rows if r["gap"] is not None]
    return {
        "deals": len(rows),
        "proven_optimal": sum(r["status"] == "OPTIMAL" for r in rows),
        "mean_score": round(statistics.fmean(scores), 6),
        "score_quantiles": {name: round(_quantile(scores, q), 6) for name, q in
                            (("min", 0.0), ("q25", 0.25), ("median", 0.5), ("q75", 0.75),
                             ("max", 1.0))},
        "gap_median": round(statistics.median(gaps), 6) if gaps else None,
        "gap_worst": round(max(gaps), 6) if gaps else None,
        "reproducible": all(r["reproducible"] for r in rows),
    }


def best_scores(game_id: str, seeds: Sequence[int], *, data: CardData, limit: Limit = Limit(),
                execution: Execution = LOCAL, progress: Progress | None = None,
                deal_options: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """Rows of every seed in ``seeds`` (sorted) and their summary (module docstring),
    computed where ``execution`` says (``solvers.backends``); each deal is dealt with
    ``deal_options`` (said in the result's ``"deal_options"`` when any)."""
    seeds = sorted(set(seeds))
    if not seeds or len(seeds) > MAX_DEALS:
        raise NoSolutionError(f"best-score --seeds: give 1 to {MAX_DEALS} seeds, "
                              f"got {len(seeds)}")
    services.capability(game_id, "best_score")  # a game without it fails before any work
    row = functools.partial(best_score_of_seed, game_id, data=data, limit=limit,
                            deal_options=deal_options)
    rows = execution.run(row, seeds, progress=progress, partial=True,
                         report=lambda r: f"seed {r['seed']}: {r['score']:g} ({r['status']})")
    done = [r for r in rows if r is not None]
    if not done:  # a stop request (Ctrl-C) before the first deal was solved
        raise interrupt.Interrupted("interrupted before the first deal was solved")
    summary = summarise(done)
    result = {"game": game_id, "seeds": [seeds[0], seeds[-1]], "deals": done,
              "summary": summary, "budget": limit.work, "time_s": limit.time_limit}
    if deal_options:  # (none given: the batch's output as before)
        result["deal_options"] = dict(deal_options)
    mark = cards_data.given_fingerprint(data)
    if mark is not None:  # a file's data: the batch says which (the bundled data's as before)
        result["cards"] = mark
    if len(done) < len(seeds):
        summary["reproducible"] = False
        result.update(stop_reason="interrupted", deals_solved=len(done))
    return result
