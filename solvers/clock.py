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
>>> process_age("4711 (python3) S 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 1200 0 0",
...             ticks_per_second=100, since_boot=12.5)   # started 12.0 s after boot
0.5
"""

from __future__ import annotations

import os
import time

__all__ = ["now", "deadline_of", "expired", "remaining", "process_age", "process_start"]

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


def process_age(stat: str, *, ticks_per_second: float, since_boot: float) -> float:
    """Seconds this process has run, from its ``/proc/self/stat`` line (Linux: the start
    time, field 22, in clock ticks after boot) and the boot clock's reading now."""
    fields = stat.rsplit(")", 1)[1].split()  # (the command's name may hold any character)
    return max(0.0, since_boot - int(fields[19]) / ticks_per_second)


def process_start() -> float:
    """The :func:`now` instant this process started, where the system says (Linux), else
    now: where a command's ``--time-limit`` counts from, so that the interpreter's own
    start, 0.05-0.25 s before digsite's first line on a loaded machine, counts too."""
    try:
        with open("/proc/self/stat", encoding="utf-8", errors="replace") as stat:
            line = stat.read()
        age = process_age(line, ticks_per_second=os.sysconf("SC_CLK_TCK"),
                          since_boot=time.clock_gettime(time.CLOCK_BOOTTIME))
    except (OSError, ValueError, IndexError, AttributeError):  # not Linux, or no /proc
        return now()
    return now() - age
