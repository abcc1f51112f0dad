"""Wall-clock deadlines: a ``time.monotonic()`` instant, or ``None`` for no limit.

A ``--time-limit`` is a cap on a whole run, so the solvers take the instant it ends rather
than a duration: every phase of a run (warm starts, searches, bounds) consults the same
instant before it starts and inside its loops, and a phase started late gets only what is
left. A run a deadline cut says so (``stop_reason`` ``"time_limit"``) and may vary between
runs; with no deadline nothing here reads the clock, so deterministic budgets stay
deterministic.

>>> deadline_of(None) is None and not expired(None) and remaining(None) is None
True
>>> expired(deadline_of(0.5, start=0.0))      # 0.5 s after the clock's origin: long past
True
>>> deadline_of(10.0, 5.0, start=0.0)         # the earlier of the two
5.0
"""

from __future__ import annotations

import time

__all__ = ["now", "deadline_of", "expired", "remaining"]

#: The clock deadlines are instants of (a test may replace it with a counter).
now = time.monotonic


def deadline_of(time_limit: float | None, deadline: float | None = None, *,
                start: float | None = None) -> float | None:
    """The earlier of ``deadline`` and ``time_limit`` seconds after ``start`` (default:
    now); ``None`` when neither is given."""
    if time_limit is None:
        return deadline
    end = (now() if start is None else start) + time_limit
    return end if deadline is None else min(deadline, end)


def expired(deadline: float | None) -> bool:
    """Whether ``deadline`` has passed (never, for ``None``)."""
    return deadline is not None and now() >= deadline


def remaining(deadline: float | None) -> float | None:
    """Seconds left before ``deadline`` (0 once it has passed; ``None`` for no deadline)."""
    return None if deadline is None else max(0.0, deadline - now())
