"""Checking a solver's answer against the rules engine.

Every plan a solver returns is replayed through the engine; :func:`verify_replay` is the
one place that compares what was replayed with what was claimed, and raises
``ReplayMismatchError`` (an internal fault, exit status 1) when they differ. It is a real
check, never an ``assert``, so ``python -O`` keeps it.
"""

from __future__ import annotations

from games.errors import ReplayMismatchError

__all__ = ["verify_replay"]


def verify_replay(what: str, *, claimed, replayed) -> None:
    """Raise ``ReplayMismatchError`` unless ``replayed == claimed``.

    >>> verify_replay("score", claimed=12, replayed=12)
    >>> verify_replay("score", claimed=12, replayed=11)
    Traceback (most recent call last):
    ...
    games.errors.ReplayMismatchError: the solver claimed score 12, the rules engine replays 11
    """
    if replayed != claimed:
        raise ReplayMismatchError(f"the solver claimed {what} {claimed}, the rules engine "
                                  f"replays {replayed}")
