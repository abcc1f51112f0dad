"""The typed results of the services, other than hints (``solvers.hints.Hint``): python-
chess returns ``PlayResult`` and ``InfoDict`` values, not JSON, and so do we. The CLI alone
writes them as JSON (``cli/jsonout.py``, which documents every shape).

* :class:`BestScore` — the best score of a solo deal, with its proven bound and the plan
  that reaches it (replayed through the rules once, by the service that made it).
* :class:`ArenaResult` — a match between bots (``solvers.arena``), its games
  (:class:`ArenaGame`).
* :class:`DigPlanResult` — the exact best chain of finds of a Tomb of the Ancients turn.
* :class:`GameReview` — every decision of one seat in a game record against the hint's
  best move (``solvers.review``): :class:`ReviewedDecision` each, a
  :class:`ReviewSummary`, and in the solo grid games a :class:`BestScoreComparison`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Sequence

from games.record import GameRecord
from games.registry import ReviewScale
from games.table import plural

from .limits import Limit

__all__ = ["WorkBudget", "BestScore", "ArenaGame", "BotBudget", "budgets_words", "win_rate_words",
           "ArenaResult", "PlannedFind", "NextDig", "DigPlanResult", "CLOCK_NOTE", "INTERRUPT_NOTE",
           "UNREPRODUCIBLE", "ReviewedDecision", "ReviewSummary", "PartedFromPlan", "Reachable",
           "FellBelowBest", "BestScoreComparison", "GameReview"]

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
    ``facts`` are game-specific facts in a fixed order (Pyramids' kept cards).
    ``plan_notes``, when given, says each plan line in a player's words (Tomb of the
    Ancients: the turn as its hint row says it, a dig's maps, turns and sand included);
    ``""`` where a line needs nothing."""

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
    plan_notes: tuple[str, ...] = ()

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
    #: the options the game's deal was dealt with where the engine says them
    #: (``dealt_options``: the New Expedition's monument, drawn when none was given)
    deal_options: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class BotBudget:
    """What an arena bot spent on each search: ``iterations`` and/or ``time_s`` (a
    wall-clock cap) per ``per`` (``"decision"``, or ``"turn"`` for a whole-turn bot); a bot
    that does not search (greedy, random) has ``searches`` false and nothing else."""

    searches: bool
    iterations: int | None = None
    time_s: float | None = None
    per: str | None = None

    def words(self) -> str:
        """``1000 iterations a decision``, ``no search``."""
        if not self.searches:
            return "no search"
        parts = ([plural(self.iterations, "iteration")] if self.iterations is not None else []) \
            + ([f"at most {self.time_s:g} s"] if self.time_s is not None else [])
        return " and ".join(parts or ["its own budget"]) + f" a {self.per or 'decision'}"


def win_rate_words(rate: float, ci95: Sequence[float], games: int | None = None) -> str:
    """A win rate and its 95% interval as ``arena`` and the benchmark suites print it
    (over ``games`` games, where the line does not say them already).

    >>> win_rate_words(0.5, [0.094531, 0.905469], 2)
    'win rate 50.0% [9.5%, 90.5%] over 2 games'
    >>> win_rate_words(1.0, [0.206549, 1.0])
    'win rate 100.0% [20.7%, 100.0%]'
    """
    words = f"win rate {rate:.1%} [{ci95[0]:.1%}, {ci95[1]:.1%}]"
    return words if games is None else f"{words} over {plural(games, 'game')}"


def budgets_words(bot_names: Sequence[str], budgets: Sequence[BotBudget]) -> str:
    """Each bot's budget in words, a bot named twice once.

    >>> budgets_words(["ismcts", "greedy"], [BotBudget(True, 1000, per="decision"),
    ...                                      BotBudget(False)])
    'ismcts 1000 iterations a decision, greedy no search'
    """
    said = dict(zip(bot_names, budgets))
    return ", ".join(f"{name} {budget.words()}" for name, budget in said.items())


@dataclass(frozen=True)
class ArenaResult:
    """A match (``digsite arena``): per bot, its wins (a k-way shared win counts 1/k), win
    rate with its 95% Wilson interval and mean score, over ``games`` seat-rotated games;
    ``limit`` is the budget given for every searching bot (empty: each bot's default), and
    ``budgets`` what each bot, in the order of ``bots``, spent on a search."""

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
    budgets: tuple[BotBudget, ...] = ()
    #: the card data's ``cards_data.fingerprint`` when it is not the bundled data
    cards: dict[str, str] | None = None


@dataclass(frozen=True)
class PlannedFind:
    """One find of a dig plan, as a player places it: map card ``map`` rotated
    ``rotation`` degrees clockwise with its anchor at cell ``at``, spending
    ``tokens_spent`` sand tokens for ``points``; ``sand``, those tokens as the engine moves
    that spend them just before the find (``"sand B A3"``: where each goes)."""

    map: int
    rotation: int
    at: str
    tokens_spent: int
    points: int
    sand: tuple[str, ...] = ()


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
    #: the card data's ``cards_data.fingerprint`` when it is not the bundled data
    cards: dict[str, str] | None = None


@dataclass(frozen=True)
class ReviewedDecision:
    """One decision of the reviewed seat (``solvers.review``): decision ``number`` of the
    seat (``solvers.moments``: 1-based, the seat's own), the record's index of its first
    move, the decision as played (``played``, in the hint's notation; ``moves``, the
    record's moves it spans) and the verdict.

    ``label`` is one of ``solvers.review.LABELS`` (a judged decision), ``"unclear"`` (the
    loss lies within the search's noise: the budget cannot tell, and
    ``iterations_to_tell`` estimates the budget that would), ``"forced"`` or
    ``"unrated"`` (``reason`` says why). Values are on the review's scale
    (``GameReview.value_meaning``); ``loss`` = best value − played value, at least 0;
    ``noise95`` is 1.96 standard errors of the two values' difference; ``words`` are the
    moves in a player's words where the game's hint has them; ``playouts_added``, where
    the search left the move played early, the playouts the review gave it after the
    search, which alone value it (``played_visits`` of them; ``solvers.review``);
    ``best_playouts_added``, where the move played was valued so in the confirming search
    and the best move valued alike gave the smaller loss, the playouts the review gave the
    best move after the same search, which alone value it (``solvers.review._best_through``)."""

    number: int
    index: int
    played: str
    moves: tuple[str, ...]
    label: str
    reason: str | None = None
    best: str | None = None
    played_words: str | None = None
    best_words: str | None = None
    played_value: float | None = None
    best_value: float | None = None
    loss: float | None = None
    noise95: float | None = None
    iterations_to_tell: int | None = None
    played_visits: int | None = None
    options: int | None = None
    iterations: int | None = None
    budget_raised: int | None = None
    added_to_options: bool = False
    playouts_added: int | None = None
    best_playouts_added: int | None = None

    @property
    def within_noise(self) -> bool:
        """Whether a loss was measured but lies within the noise (``label`` ``unclear``)."""
        return self.label == "unclear"

    @property
    def valued(self) -> bool:
        """Whether both values were measured (judged or unclear)."""
        return self.played_value is not None and self.best_value is not None


@dataclass(frozen=True)
class ReviewSummary:
    """The review's figures: ``counts`` per label (judged labels first, then ``unclear``,
    ``forced``, ``unrated``), the ``rated`` (judged) decisions, their total and mean loss,
    and the ``accuracy`` (``solvers.review.accuracy``; ``None`` with no judged decision)."""

    decisions: int
    rated: int
    total_loss: float
    mean_loss: float | None
    counts: tuple[tuple[str, int], ...]
    accuracy: float | None

    def count(self, label: str) -> int:
        """The decisions labelled ``label``."""
        return dict(self.counts).get(label, 0)


@dataclass(frozen=True)
class PartedFromPlan:
    """Where a solo grid game left the deal's best plan: decision ``number`` of the seat
    (record index ``index``), the decision played and the plan's there (``None``: the plan
    had ended), each also in a player's words where the game has them (``played_words``,
    ``plan_words``: the words the review's decision lines use)."""

    number: int
    index: int
    played: str
    plan: str | None
    played_words: str | None = None
    plan_words: str | None = None


@dataclass(frozen=True)
class Reachable:
    """The best final score still reachable from a position: ``value`` is that best itself
    when ``exact`` (proven: a legal continuation scores it and nothing scores more), else
    a proven upper bound on it."""

    value: float
    exact: bool


@dataclass(frozen=True)
class FellBelowBest:
    """The first decision after which the best score still reachable fell below the deal's
    best (``reachable``, a proven upper bound or the exact best from there, against
    ``best``): what a player lost at that decision in the deal's own terms.

    The review fills it when the game's service offers ``best_reachable(state, *, data,
    limit, seed) -> float`` or ``first_below(states, best, *, data, limit, seed) ->
    (k, Reachable) | None`` (``solvers.review``); without either,
    :attr:`BestScoreComparison.fell_below` stays ``None`` and the JSON leaves the key out.
    ``exact`` says whether ``reachable`` is the exact best (True) or a bound (False);
    ``None`` where the service does not say (a bare float). ``placed`` is False when the
    only position proven short is the game's end (``number`` is then the game's last
    decision only because nothing was decided after it: the budget settled no earlier
    position, and the loss may lie at any decision before), unless the game left the best
    plan at that very decision."""

    number: int
    index: int
    reachable: float
    best: float
    exact: bool | None = None
    placed: bool = True


@dataclass(frozen=True)
class BestScoreComparison:
    """A solo grid game against its deal's best possible score: the best score (``best``,
    solved with the review's ``best_limit``), the score the game reached (``None``: not
    finished), the gap, where the game ``parted`` from the best plan (``None``: it
    followed it throughout) and, when the game's service can tell, where the best still
    reachable ``fell_below`` the deal's best."""

    best: BestScore
    score_reached: float | None
    parted: PartedFromPlan | None
    fell_below: FellBelowBest | None = None

    @property
    def gap(self) -> float | None:
        """Best score − score reached (``None`` while the game is not over)."""
        return None if self.score_reached is None else round(self.best.score
                                                            - self.score_reached, 4)


@dataclass(frozen=True)
class GameReview:
    """A review (``digsite review``): ``seat``'s decisions in a record of ``players``
    seats (``seat_name``: who played it, from the record's ``seats``), each against the
    hint's best move within ``limit`` from ``seed``; ``at``, when only one decision was
    reviewed. ``value_meaning`` says what the values are (the card games: win probability;
    the grid games: expected final score), ``scale`` gives the labels' thresholds at this
    table."""

    game: str
    seat: int
    seat_name: str | None
    players: int
    record_moves: int
    finished: bool
    seats: tuple[str, ...] | None
    value_meaning: str
    scale: ReviewScale
    limit: Limit
    seed: int
    decisions: tuple[ReviewedDecision, ...]
    summary: ReviewSummary
    score_reached: float | None
    best_score: BestScoreComparison | None = None
    at: int | None = None
    #: the card data's ``cards_data.fingerprint`` when it is not the bundled data
    cards: dict[str, str] | None = None
