"""The typed results of the services, other than hints (``solvers.hints.Hint``): python-
chess returns ``PlayResult`` and ``InfoDict`` values, not JSON, and so do we. The CLI alone
writes them as JSON (``cli/jsonout.py``, the shapes of ARCHITECTURE.md).

* :class:`BestScore` — the best score of a solo deal, with its proven bound and the plan
  that reaches it (replayed through the rules once, by the service that made it).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

__all__ = ["WorkBudget", "BestScore", "CLOCK_NOTE"]

#: What a result cut by the wall clock says of itself.
CLOCK_NOTE = ("stopped by the wall-clock time limit: this result depends on the machine's "
              "speed and load and may vary between runs")


@dataclass(frozen=True)
class WorkBudget:
    """A deterministic work budget as spent: ``amount`` in ``units`` (the game's declared
    best-score units), the wall-clock cap given (``None``: none), why the work stopped,
    and, where the solver counts them, the search ``nodes`` expanded."""

    units: str
    amount: float
    time_limit: float | None
    stop_reason: str
    nodes: int | None = None


@dataclass(frozen=True)
class BestScore:
    """The best score of a solo deal (``digsite best-score``).

    ``score`` is reached by the plan, replayed through the rules engine; ``bound`` is a
    proven upper bound (``bound_source`` says which argument gave it); ``status`` is
    ``OPTIMAL`` when they meet, else ``FEASIBLE``. ``plan`` is the plan as the player reads
    it (one line per decision), ``turns`` the engine moves of each decision (what a review
    compares a played game with, and a picture replays). ``breakdown`` sums to ``score``.
    ``facts`` are game-specific facts in a fixed order (Pyramids' kept cards)."""

    game: str
    score: float
    status: str
    bound: float
    bound_source: str
    breakdown: tuple[tuple[str, float], ...]
    plan: tuple[str, ...]
    turns: tuple[tuple[str, ...], ...]
    solver: str
    budget: WorkBudget
    seed: Any
    analysis: tuple[str, ...] = ()
    facts: tuple[tuple[str, Any], ...] = ()

    @property
    def reproducible(self) -> bool:
        """Whether the same deal, seed and budget give this result again (no wall clock
        cut it)."""
        return self.budget.stop_reason != "time_limit"

    @property
    def note(self) -> str | None:
        """What the result says of itself when the wall clock cut it."""
        return None if self.reproducible else CLOCK_NOTE

    @property
    def gap(self) -> float | None:
        """``(bound - score) / score``, the share the best may still lie above the score."""
        return (self.bound - self.score) / self.score if self.score else None

    def fact(self, key: str, default: Any = None) -> Any:
        """The game-specific fact ``key``."""
        return dict(self.facts).get(key, default)
