"""The one hint contract: a search budget (:class:`Limit`) and one result shape for every
game's ``hint`` and ``best-move``, built by :func:`hint_result`.

The model is python-chess's engine layer, where one ``Limit`` and one ``InfoDict`` serve
every engine protocol. Here every game's service ranks its moves by whatever search suits
the game (ISMCTS, sampled futures), then hands the rows to :func:`hint_result`, which
writes the JSON shape of ARCHITECTURE.md::

    {"game", "seat", "best", "moves": [{"rank", "move", "value", "visits", "stderr",
     <declared columns>...}], "value_meaning", "columns": [{"key", "meaning"}...],
     "order", "budget": {"iterations", "time_s", "stop_reason"}, "seed",
     "close_call"?, "explanation"?}

* ``value`` is always from the mover's point of view and ``value_meaning`` says what it is
  (a win probability, an expected final score, ...). Extra columns are *declared*
  (:class:`Column`), so a formatter prints exactly the columns a game announces.
* ``order`` says how the rows are ranked: ``"visits"`` (the search's own choice, most
  visited first) or ``"value"``.
* ``budget``: ``iterations`` done, ``time_s`` the wall-clock cap *given* (``null`` for
  none) and ``stop_reason`` (``"iterations"``, ``"time_limit"`` or ``"single_move"``).
  Elapsed time never appears: the same seed, iteration budget and input give byte-identical
  JSON. A run stopped by ``time_limit`` says so and may vary between runs.
* ``budget.workers`` appears when the hint merges ``workers`` > 1 independent searches
  (:func:`merge_hints`; ``iterations`` is then their total).
* ``close_call`` appears when the two best moves are within the noise (their values differ
  by less than 1.96 standard errors of the difference): the hint is too close to call at
  this budget, and ``iterations_to_separate`` estimates the budget that would separate
  them if the gap stayed as measured (standard errors shrink as 1/sqrt(n)).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Callable, Iterable, Sequence

from games.errors import DigsiteError

__all__ = ["Limit", "Column", "hint_result", "merge_hints", "rows_from_search", "binomial_stderr",
           "win_probability", "mean_reward", "STOP_REASONS", "Z_95", "WIN_PROBABILITY",
           "MEAN_REWARD"]

STOP_REASONS = ("iterations", "time_limit", "single_move")
Z_95 = 1.959963984540054
#: A close call's budget estimate is capped here (a gap of ~0 needs "infinitely" many).
_MAX_SEPARATING_FACTOR = 10_000


@dataclass(frozen=True)
class Limit:
    """A search budget: ``iterations`` (deterministic) and/or ``time_limit`` (seconds of
    wall clock, a cap whose result may vary between runs), spent by each of ``workers``
    independent searches run side by side (root parallelisation, merged by
    :func:`merge_hints`; 1: one search). The first limit reached stops a search; with
    neither given, :meth:`resolve` supplies the game's default iterations.

    Workers belong here rather than in a separate argument: they are part of how much
    search a hint may spend, every service already receives a ``Limit``, and so no
    service signature changes.

    >>> Limit(time_limit=2.0).resolve(700)
    Limit(iterations=None, time_limit=2.0, workers=1)
    >>> Limit().resolve(700)
    Limit(iterations=700, time_limit=None, workers=1)
    >>> Limit(time_limit=float("nan"))
    Traceback (most recent call last):
    ...
    cards_data.errors.DigsiteError: time limit must be a finite number of seconds above 0, got nan
    """

    iterations: int | None = None
    time_limit: float | None = None
    workers: int = 1

    def __post_init__(self) -> None:
        w = self.workers
        if isinstance(w, bool) or not isinstance(w, int) or w < 1:
            raise DigsiteError(f"workers must be a whole number >= 1, got {w!r}")
        n = self.iterations
        if n is not None and (isinstance(n, bool) or not isinstance(n, int) or n < 1):
            raise DigsiteError(f"iterations must be a whole number >= 1, got {n!r}")
        t = self.time_limit
        if t is not None and (isinstance(t, bool) or not isinstance(t, (int, float))
                              or not math.isfinite(t) or t <= 0):
            raise DigsiteError(f"time limit must be a finite number of seconds above 0, "
                               f"got {t!r}")

    def resolve(self, default_iterations: int) -> "Limit":
        """This limit, or ``default_iterations`` when no budget was given at all."""
        if self.iterations is None and self.time_limit is None:
            return Limit(iterations=default_iterations, workers=self.workers)
        return self


@dataclass(frozen=True)
class Column:
    """An extra per-move column a game declares (``expected_money``, ...)."""

    key: str
    meaning: str
    digits: int = 3


def binomial_stderr(p: float | None, n: int) -> float | None:
    """Standard error of a proportion ``p`` measured over ``n`` trials (None below 2)."""
    if p is None or n < 2:
        return None
    return math.sqrt(max(0.0, p * (1.0 - p)) / n)


def win_probability(stat) -> tuple[float | None, float | None]:
    """A search move's value as the seat's win probability over the finished playouts
    through it (1/k for a k-way shared win), with its binomial standard error."""
    return stat.win_rate, binomial_stderr(stat.win_rate, stat.finished)


def mean_reward(stat) -> tuple[float | None, float | None]:
    """A search move's value as its mean search reward, with that mean's standard error."""
    return stat.mean, stat.stderr


WIN_PROBABILITY = ("win probability of the seat (1/k for a k-way shared win) over the "
                   "search's finished playouts through the move")
MEAN_REWARD = Column("mean_reward", "the search's own reward, 0.9 x win share + 0.1 x a "
                     "score-margin term, in [0, 1]: what the visits follow", 4)


def _round(value: Any, digits: int) -> Any:
    if value is None:
        return None
    value = float(value)
    return round(value, digits) if math.isfinite(value) else None


def _close_call(moves: Sequence[dict], iterations: int) -> dict | None:
    if len(moves) < 2:
        return None
    a, b = moves[0], moves[1]
    if a["value"] is None or b["value"] is None or a.get("stderr") is None \
            or b.get("stderr") is None:
        return None
    gap = abs(a["value"] - b["value"])
    noise = math.hypot(a["stderr"], b["stderr"])
    if noise == 0 or gap >= Z_95 * noise:
        return None
    factor = (Z_95 * noise / gap) ** 2 if gap > 0 else math.inf
    needed = (None if factor > _MAX_SEPARATING_FACTOR or iterations <= 0
              else int(math.ceil(iterations * factor)))
    return {"moves": [a["move"], b["move"]], "gap": round(gap, 4),
            "noise95": round(Z_95 * noise, 4), "iterations_to_separate": needed}


def hint_result(game_id: str, *, seat: int, rows: Iterable[dict], value_meaning: str,
                limit: Limit, iterations: int, stop_reason: str, seed: Any, top: int,
                order: str = "visits", columns: Sequence[Column] = (), value_digits: int = 4,
                explanation: Sequence[str] | None = None, **extra: Any) -> dict:
    """The hint JSON of the module docstring.

    ``rows`` are dicts with ``move`` (text), ``value``, and optionally ``visits``,
    ``stderr``, a ``words`` description and one entry per declared column, *already
    ranked* in ``order``. Values are rounded here (``value_digits``, each column's
    ``digits``), so every game's JSON reads alike. ``extra`` keys are appended after the
    contract's keys (game-specific facts such as ``options``).
    """
    if stop_reason not in STOP_REASONS:
        raise ValueError(f"unknown stop reason {stop_reason!r}")
    if order not in ("visits", "value"):
        raise ValueError(f"unknown order {order!r}")
    rows = list(rows)
    moves = []
    for rank, row in enumerate(rows[:top], start=1):
        out = {"rank": rank, "move": str(row["move"]),
               "value": _round(row.get("value"), value_digits),
               "visits": row.get("visits"),
               "stderr": _round(row.get("stderr"), value_digits)}
        if row.get("words"):
            out["words"] = row["words"]
        for column in columns:
            out[column.key] = _round(row.get(column.key), column.digits)
        moves.append(out)
    result = {
        "game": game_id, "seat": seat,
        "best": str(rows[0]["move"]) if rows else None,
        "moves": moves,
        "value_meaning": value_meaning,
        "columns": [{"key": c.key, "meaning": c.meaning} for c in columns],
        "order": order,
        "budget": {"iterations": iterations, "time_s": limit.time_limit,
                   "stop_reason": stop_reason},
        "seed": seed,
    }
    if limit.workers > 1:
        result["budget"]["workers"] = limit.workers
    close = _close_call(moves, iterations) if stop_reason != "single_move" else None
    if close is not None:
        result["close_call"] = close
    result.update(extra)
    if explanation:
        result["explanation"] = list(explanation)
    return result


_CONTRACT_KEYS = ("game", "seat", "best", "moves", "value_meaning", "columns", "order",
                  "budget", "seed", "close_call", "explanation")


def _decimals(values) -> int:
    """The most decimals among rounded ``values`` (how their producer rounded them)."""
    most = 0
    for value in values:
        if isinstance(value, float) and "." in repr(value) and "e" not in repr(value):
            most = max(most, len(repr(value).split(".")[1]))
    return min(most, 6)


def merge_hints(hints: Sequence[dict], *, limit: Limit, seed: Any, top: int) -> dict:
    """One hint from ``hints`` of the same view by independent searches (different seeds),
    each asked for every move (root parallelisation).

    Per move: ``visits`` add up; ``value`` and every declared column are the averages
    weighted by visits (equal weights where a game reports no visits), and ``stderr`` that
    of a weighted mean of independent estimates, sqrt(sum((w_i / W)^2 * stderr_i^2)). The
    rows are ranked again in the hints' ``order`` and cut to ``top``; ``budget.iterations``
    is the total. The inputs are rounded as each game rounds them, so merged values carry
    at most that rounding (1e-4 for a win probability). Deterministic for the same inputs.
    """
    first = hints[0]
    columns = [c["key"] for c in first.get("columns", [])]
    merged: dict[str, dict] = {}
    for hint in hints:
        for row in hint["moves"]:
            merged.setdefault(row["move"], {"move": row["move"], "rows": []})["rows"].append(row)
    rows = []
    for entry in merged.values():
        parts = entry["rows"]
        visits = [r.get("visits") for r in parts]
        counted = all(v is not None for v in visits)
        weights = [float(v) for v in visits] if counted and sum(visits) > 0 \
            else [1.0] * len(parts)
        row = {"move": entry["move"], "visits": sum(visits) if counted else None}
        for key in ["value"] + columns:
            pairs = [(w, r.get(key)) for w, r in zip(weights, parts) if r.get(key) is not None]
            total = sum(w for w, _ in pairs)
            row[key] = sum(w * v for w, v in pairs) / total if pairs and total else None
        errors = [(w, r.get("stderr")) for w, r in zip(weights, parts)
                  if r.get("value") is not None]
        total = sum(w for w, _ in errors)
        row["stderr"] = (math.sqrt(sum((w / total) ** 2 * e * e for w, e in errors))
                         if errors and total and all(e is not None for _, e in errors)
                         else None)
        words = next((r["words"] for r in parts if r.get("words")), None)
        if words:
            row["words"] = words
        rows.append(row)
    order = first.get("order", "visits")

    def rank(row):
        value = row["value"] if row["value"] is not None else -math.inf
        if order == "visits":
            return (-(row["visits"] or 0), -value, row["move"])
        return (-value, row["move"])

    rows.sort(key=rank)
    every = [r for h in hints for r in h["moves"]]
    declared = [Column(c["key"], c["meaning"], _decimals(r.get(c["key"]) for r in every))
                for c in first.get("columns", [])]
    explanation = first.get("explanation")
    if rows and rows[0]["move"] != first["best"]:
        explanation = None  # it explained another best move
    extra = {k: v for k, v in first.items() if k not in _CONTRACT_KEYS}
    return hint_result(
        first["game"], seat=first["seat"], rows=rows, value_meaning=first["value_meaning"],
        limit=limit, iterations=sum(h["budget"]["iterations"] for h in hints),
        stop_reason=first["budget"]["stop_reason"], seed=seed, top=top, order=order,
        columns=declared, value_digits=max(1, _decimals(r.get("value") for r in every)),
        explanation=explanation, **extra)


def rows_from_search(result, *, value: Callable[[Any], tuple[float | None, float | None]],
                     columns: dict[str, Callable[[Any], Any]] | None = None,
                     words: Callable[[Any], str | None] | None = None) -> list[dict]:
    """Rows of an ISMCTS/PIMC ``SearchResult`` in its own order (most visits first).

    ``value(stat) -> (value, stderr)`` picks the value a game reports; ``columns`` maps
    each declared column key to a function of the move's statistics.
    """
    rows = []
    for stat in result.moves:
        v, err = value(stat)
        row = {"move": stat.move, "value": v, "visits": stat.visits, "stderr": err}
        for key, get in (columns or {}).items():
            row[key] = get(stat)
        if words is not None:
            row["words"] = words(stat.move)
        rows.append(row)
    return rows
