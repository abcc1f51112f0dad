"""An ISMCTS hint in the one hint contract (``solvers.hints``), for any protocol engine:
one search for the seat from a sampled world, moves ranked by visits, ``value`` the win
probability (the share of the search's finished playouts through the move that the seat
won), a declared column for the seat's mean final score, and ``mean_reward``. The card
games of one engine core (Archaeology's two editions) share it.
"""

from __future__ import annotations

from typing import Callable

from ..hints import (MEAN_REWARD, WIN_PROBABILITY, Column, Limit, hint_result, rows_from_search,
                     win_probability)
from .search import DEFAULT_ITERATIONS, ismcts

__all__ = ["win_hint", "ranked_lines"]


def win_hint(game_id: str, world, seat: int, *, limit: Limit, seed, top: int,
             search_options: dict, score: Column,
             explain: Callable[[object], list[str] | None] | None = None) -> dict:
    """ISMCTS from ``world`` for ``seat`` within ``limit`` (default 1,000 iterations), as a
    hint: ``score`` names the column of the mean final score; ``explain(best move)`` may
    add an explanation."""
    limit = limit.resolve(DEFAULT_ITERATIONS)
    result = ismcts(world, seat, iterations=limit.iterations, time_limit=limit.time_limit,
                    seed=seed, **search_options)
    rows = rows_from_search(result, value=win_probability, columns={
        score.key: lambda stat: stat.mean_score, "mean_reward": lambda stat: stat.mean})
    explanation = explain(result.best) if explain and result.best is not None else None
    return hint_result(game_id, seat=seat, rows=rows, value_meaning=WIN_PROBABILITY,
                       columns=(score, MEAN_REWARD), limit=limit, iterations=result.iterations,
                       stop_reason=result.stop_reason, seed=seed, top=top,
                       explanation=explanation)


def ranked_lines(hint: dict, score_key: str, *, unit: str = "$") -> list[str]:
    """The hint's moves as demo lines: rank, move, win probability, mean score, visits."""
    lines = []
    for m in hint["moves"]:
        win = "-" if m["value"] is None else f"{m['value']:.2f}"
        score = "-" if m[score_key] is None else f"{unit}{m[score_key]:.1f}"
        lines.append(f"  {m['rank']}. {m['move']:<24} win {win}  money {score}  "
                     f"visits {m['visits']}")
    return lines
