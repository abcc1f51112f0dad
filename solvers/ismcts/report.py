"""Turning a search result into the ``hint`` / ``best-move`` JSON shape of ARCHITECTURE.md.

``budget`` reports the budget the search ran under: ``iterations`` done, ``time_s`` the
time limit it was given (``null`` for none) and ``stop_reason``. Elapsed time is left out on
purpose: the same seed, iteration budget and input must give byte-identical JSON.
"""

from __future__ import annotations

from .search import SearchResult

__all__ = ["hint_result", "VALUE_MEANING"]

VALUE_MEANING = ("ISMCTS reward of the mover, about its win probability: 0.9 x win share "
                 "+ 0.1 x a score-margin term, in [0, 1]; win_rate and expected_score are "
                 "measured over the playouts through each move")


def _round(value, places: int = 4):
    return None if value is None else round(float(value), places)


def hint_result(game_id: str, result: SearchResult, *, seed, top: int,
                time_limit: float | None = None, value_meaning: str = VALUE_MEANING) -> dict:
    """The ranked moves of ``result`` (most visits first), at most ``top`` of them."""
    moves = []
    for rank, stat in enumerate(result.moves[:top], start=1):
        moves.append({
            "rank": rank, "move": str(stat.move), "value": _round(stat.mean),
            "visits": stat.visits, "stderr": _round(stat.stderr),
            "win_rate": _round(stat.win_rate), "expected_score": _round(stat.mean_score, 3),
        })
    return {
        "game": game_id, "seat": result.seat, "best": str(result.best), "moves": moves,
        "value_meaning": value_meaning,
        "budget": {"iterations": result.iterations, "time_s": time_limit,
                   "stop_reason": result.stop_reason},
        "seed": seed,
    }
