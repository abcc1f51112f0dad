"""The exception an Ancients search raises at its node budget, in a module of its own.

It lives here, not in :mod:`solvers.ancients.planner` (which still exports it), because
the planner is compiled by mypyc (``games.compiled.MODULES``) and mypyc cannot compile a
class derived from ``RuntimeError``; this module stays pure Python and the class is the
same one on both paths.
"""

from __future__ import annotations

__all__ = ["SearchLimitReached"]


class SearchLimitReached(RuntimeError):
    """A search stopped at its node budget before finishing (no answer is claimed)."""
