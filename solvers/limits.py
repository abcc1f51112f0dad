"""One budget type for every search digsite runs: :class:`Limit`.

The model is python-chess's ``chess.engine.Limit``, one value that every engine protocol
reads. Here hints, best moves, the arena's bots, best scores and reviews all take a
``Limit``:

* ``iterations`` — search iterations (ISMCTS and PIMC iterations, the Pyramids hint's
  sampled futures): deterministic.
* ``work`` — deterministic work in the units the game declares for its best score
  (``games.registry.Budgets.best_score_units``: Pyramids, CP-SAT deterministic seconds;
  Tomb of the Ancients, thousands of search nodes).
* ``time_limit`` — seconds of wall clock: **a cap** on top of the deterministic budget,
  consulted before every phase of a search and inside its loops (``solvers.clock``); a
  run it cuts says so and may vary between runs. ``started`` is the ``time.monotonic()``
  instant the clock counts from (the CLI gives its command's start, so that start-up
  counts against the limit too); ``None``: the search's own start.
* ``workers`` — independent searches run side by side and merged on their raw sums (root
  parallelisation), or the processes of a best-score portfolio.

The first limit reached stops a search; with no budget at all, :meth:`Limit.resolve`
supplies the game's declared default.

>>> Limit(time_limit=2.0).resolve(700)
Limit(iterations=None, work=None, time_limit=2.0, workers=1, started=None)
>>> Limit().resolve(700)
Limit(iterations=700, work=None, time_limit=None, workers=1, started=None)
>>> Limit(time_limit=float("nan"))
Traceback (most recent call last):
...
cards_data.errors.DigsiteError: time limit must be a finite number of seconds above 0, got nan
>>> Limit(workers=10**9)
Traceback (most recent call last):
...
cards_data.errors.DigsiteError: workers must be a whole number from 1 to 256, got 1000000000
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

from games.errors import DigsiteError

from .clock import deadline_of

__all__ = ["Limit", "MAX_WORKERS", "check_workers"]

#: The most independent searches or processes one run may ask for: results depend on the
#: number of workers (each merges another tree), so the bound is the same on every
#: machine, and far above any machine this runs on.
MAX_WORKERS = 256


def check_workers(workers: object) -> int:
    """``workers`` if it is a whole number from 1 to :data:`MAX_WORKERS`, else
    ``DigsiteError`` (a million workers would take the machine's memory)."""
    if isinstance(workers, bool) or not isinstance(workers, int) \
            or not 1 <= workers <= MAX_WORKERS:
        raise DigsiteError(f"workers must be a whole number from 1 to {MAX_WORKERS}, got "
                           f"{workers!r}")
    return workers


def _positive(value: object, what: str, *, whole: bool) -> None:
    if value is None:
        return
    if whole:
        if isinstance(value, bool) or not isinstance(value, int) or value < 1:
            raise DigsiteError(f"{what} must be a whole number >= 1, got {value!r}")
        return
    if isinstance(value, bool) or not isinstance(value, (int, float)) \
            or not math.isfinite(value) or value <= 0:
        raise DigsiteError(f"{what} must be a finite number above 0, got {value!r}")


@dataclass(frozen=True)
class Limit:
    """A search budget (module docstring)."""

    iterations: int | None = None
    work: float | None = None
    time_limit: float | None = None
    workers: int = 1
    started: float | None = None

    def __post_init__(self) -> None:
        check_workers(self.workers)
        _positive(self.iterations, "iterations", whole=True)
        _positive(self.work, "work budget", whole=False)
        t = self.time_limit
        if t is not None and (isinstance(t, bool) or not isinstance(t, (int, float))
                              or not math.isfinite(t) or t <= 0):
            raise DigsiteError(f"time limit must be a finite number of seconds above 0, "
                               f"got {t!r}")

    def resolve(self, default_iterations: int) -> "Limit":
        """This limit, or ``default_iterations`` when no budget was given at all."""
        if self.iterations is None and self.work is None and self.time_limit is None:
            return replace(self, iterations=default_iterations)
        return self

    def deadline(self) -> float | None:
        """The instant the wall clock runs out (``solvers.clock``: counted from ``started``,
        or from now), or ``None`` without a time limit."""
        return deadline_of(self.time_limit, start=self.started)
