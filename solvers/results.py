"""The typed results of the services, other than hints (``solvers.hints.Hint``): python-
chess returns ``PlayResult`` and ``InfoDict`` values, not JSON, and so do we. The CLI alone
writes them as JSON (``cli/jsonout.py``, which documents every shape).

* :class:`BestScore` — the best score of a solo deal, with its proven bound and the plan
  that reaches it (replayed through the rules once, by the service that made it).
* :class:`ArenaResult` — a match between bots (``solvers.arena``), its games
  (:class:`ArenaGame`).
* :class:`DigPlanResult` — the exact best chain of finds of a Tomb of the Ancients turn.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from games.record import GameRecord

from .limits import Limit

__all__ = ["WorkBudget", "BestScore", "ArenaGame", "ArenaResult", "PlannedFind", "NextDig",
           "DigPlanResult", "CLOCK_NOTE", "INTERRUPT_NOTE", "UNREPRODUCIBLE"]

#: What a result cut by the wall clock says of itself.
CLOCK_NOTE = ("stopped by the wall-clock time limit: this result depends on the machine's "
              "speed and load and may vary between runs")
#: What a result cut by Ctrl-C says of itself (``solvers.interrupt``).
INTERRUPT_NOTE = ("interrupted (Ctrl-C): the best found before the key was pressed; another "
                  "run may differ")
#: The stop reasons after which the same input and budget may give another result.
UNREPRODUCIBLE = ("time_limit", "interrupted")


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
        return self.budget.stop_reason not in UNREPRODUCIBLE

    @property
    def note(self) -> str | None:
        """What the result says of itself when the wall clock cut it."""
        if self.budget.stop_reason == "interrupted":
            return INTERRUPT_NOTE
        return None if self.reproducible else CLOCK_NOTE

    @property
    def gap(self) -> float | None:
        """``(bound - score) / score``, the share the best may still lie above the score."""
        return (self.bound - self.score) / self.score if self.score else None

    def fact(self, key: str, default: Any = None) -> Any:
        """The game-specific fact ``key``."""
        return dict(self.facts).get(key, default)


@dataclass(frozen=True)
class ArenaGame:
    """One arena game: the bots by seat (``seat_bot``: each seat's bot index), the final
    scores and winners (seats), the decisions played, and its record when kept."""

    index: int
    bots_by_seat: tuple[str, ...]
    seat_bot: tuple[int, ...]
    returns: tuple[float, ...]
    winners: tuple[int, ...]
    decisions: int
    record: GameRecord | None = None  # when the arena keeps records


@dataclass(frozen=True)
class ArenaResult:
    """A match (``digsite arena``): per bot, its wins (a k-way shared win counts 1/k), win
    rate with its 95% Wilson interval and mean score, over ``games`` seat-rotated games;
    ``limit`` is every searching bot's budget per decision."""

    game: str
    bots: tuple[str, ...]
    games: int
    wins: tuple[float, ...]
    win_rate: tuple[float, ...]
    ci95: tuple[tuple[float, float], ...]
    mean_scores: tuple[float, ...]
    seed: int
    limit: Limit
    per_game: tuple[ArenaGame, ...]
    deal_options: dict[str, Any] = field(default_factory=dict)
    interrupted: bool = False  # a stop request (Ctrl-C) ended it: ``games`` were played


@dataclass(frozen=True)
class PlannedFind:
    """One find of a dig plan, as a player places it: map card ``map`` rotated
    ``rotation`` degrees clockwise with its anchor at cell ``at``, spending
    ``tokens_spent`` sand tokens for ``points``."""

    map: int
    rotation: int
    at: str
    tokens_spent: int
    points: int


@dataclass(frozen=True)
class NextDig:
    """The best chain the next seat (in solo: the same seat, next turn) could then dig."""

    seat: int
    points: int
    tokens_spent: int
    finds: tuple[PlannedFind, ...]


@dataclass(frozen=True)
class DigPlanResult:
    """The exact best chain of finds for one Tomb of the Ancients turn (``digsite plan``):
    the finds in order, their points and tokens, the planner's value (points − token value
    × tokens), the board after it (rows, ``B``/``W``/``.``), what it leaves the next seat,
    and the analysis in words. Exact: ``optimal`` is always true."""

    game: str
    seat: int
    finds: tuple[PlannedFind, ...]
    points: int
    tokens_spent: int
    value: float
    nodes: int
    board_after: tuple[str, ...]
    next_player: NextDig
    analysis: tuple[str, ...]
    optimal: bool = True
