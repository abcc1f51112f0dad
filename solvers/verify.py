"""Checking a solver's question and answer.

Every plan a solver returns is replayed through the engine; :func:`verify_replay` is the
one place that compares what was replayed with what was claimed, and raises
``ReplayMismatchError`` (an internal fault, exit status 1) when they differ. It is a real
check, never an ``assert``, so ``python -O`` keeps it. :func:`require_solo` is the one
refusal of a deal that is not solo by the best-score services (bad input, exit status 2).
"""

from __future__ import annotations

from games.errors import NoSolutionError, ReplayMismatchError

__all__ = ["verify_replay", "require_solo"]


def require_solo(players: int) -> None:
    """Refuse a deal of ``players`` seats unless solo: the best score is a solo question.

    >>> require_solo(2)
    Traceback (most recent call last):
    ...
    games.errors.NoSolutionError: best-score needs a solo deal (players 1), got 2 players
    """
    if players != 1:
        raise NoSolutionError(f"best-score needs a solo deal (players 1), got {players} players")


def verify_replay(what: str, *, claimed: object, replayed: object) -> None:
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
