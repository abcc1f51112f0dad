"""The one hint contract: one result type for every game's ``hint`` and ``best-move``,
:class:`Hint`, built by :func:`hint_result`, from a search within a
:class:`solvers.limits.Limit`.

The model is python-chess's engine layer, where one ``Limit`` and one ``InfoDict`` serve
every engine protocol. Here every game's service ranks its moves by whatever search suits
the game (ISMCTS, sampled futures), then hands the rows to :func:`hint_result`, which
returns a typed :class:`Hint`. The CLI alone writes it as JSON (``cli/jsonout.py``)::

    {"game", "seat", "best", "moves": [{"rank", "move", "value", "visits", "stderr",
     <declared columns>...}], "value_meaning", "columns": [{"key", "meaning"}...],
     "order", "budget": {"iterations", "time_s", "stop_reason"}, "seed",
     "close_call"?, <facts>..., "explanation"?}

* ``value`` is always from the mover's point of view and ``value_meaning`` says what it is
  (a win probability, an expected final score, ...). Extra columns are *declared*
  (:class:`Column`), so a formatter prints exactly the columns a game announces.
* ``order`` says how the rows are ranked: ``"visits"`` (the search's own choice, most
  visited first), ``"halving"`` (successive halving's: the options that stayed in for more
  rounds first, then by value; a row may have one visit fewer than the next, sampled
  when the budget ran out mid-round) or ``"value"``.
* ``budget`` (:class:`SearchBudget`): ``iterations`` done, ``time_limit`` the wall-clock
  cap *given* (JSON ``time_s``; ``null`` for none) and ``stop_reason`` (``"iterations"``,
  ``"time_limit"`` or ``"single_move"``). Elapsed time never appears: the same seed,
  iteration budget and input give byte-identical JSON. A run stopped by ``time_limit``
  says so and may vary between runs.
* ``budget.given`` (JSON ``iterations_given``) appears when the search did more
  iterations than the ``iterations`` given (a search each): the game raised the budget to
  the least it ranks on, and ``budget.raised`` says why in words (Pyramids: every option
  gets its few sampled futures).
* ``budget.workers`` appears when the hint merges ``workers`` > 1 independent searches
  (root parallelisation: their raw root statistics are added before any value is computed,
  ``solvers.ismcts.parallel``; ``iterations`` is then their total).
* ``close_call`` appears when the best move and its nearest rival are within the noise
  (their values differ by less than 1.96 standard errors of the difference; the rival is
  the next row when rows are ranked by value, else the row valued highest among the
  second and those visited at least half as often as the best): the hint is too close
  to call at
  this budget, and ``iterations_to_separate`` estimates the budget that would separate
  them if the gap stayed as measured (standard errors shrink as 1/sqrt(n)).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, Callable, Iterable, Sequence

from games.reader import ViewReading

from .limits import Limit

if TYPE_CHECKING:  # any search's rows become a hint: the search is not needed to run this
    from .ismcts.search import MoveStat, SearchResult

__all__ = ["Column", "Hint", "HintRow", "SearchBudget", "CloseCall", "hint_result", "stamped",
           "rows_from_search", "iterations_to_separate", "binomial_stderr", "win_probability",
           "mean_reward", "STOP_REASONS", "Z_95", "WIN_PROBABILITY", "MEAN_REWARD"]

STOP_REASONS = ("iterations", "time_limit", "single_move", "interrupted")
#: How a hint's rows may be ranked (the module docstring's ``order``).
ORDERS = ("visits", "halving", "value")
Z_95 = 1.959963984540054
#: A close call's budget estimate is capped here (a gap of ~0 needs "infinitely" many).
_MAX_SEPARATING_FACTOR = 10_000


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


def win_probability(stat: MoveStat) -> tuple[float | None, float | None]:
    """A search move's value as the seat's win probability over the finished playouts
    through it (1/k for a k-way shared win), with its binomial standard error."""
    return stat.win_rate, binomial_stderr(stat.win_rate, stat.finished)


def mean_reward(stat: MoveStat) -> tuple[float | None, float | None]:
    """A search move's value as its mean search reward, with that mean's standard error."""
    return stat.mean, stat.stderr


WIN_PROBABILITY = ("win probability of the seat (1/k for a k-way shared win) over the "
                   "search's finished playouts through the move")
MEAN_REWARD = Column("mean_reward", "the search's own reward, 0.9 x win share + 0.1 x a "
                     "score-margin term, in [0, 1]: what the visits follow", 4)


def _round(value: Any, digits: int) -> float | None:
    if value is None:
        return None
    value = float(value)
    return round(value, digits) if math.isfinite(value) else None


@dataclass(frozen=True)
class HintRow:
    """One ranked move of a hint: values rounded to the game's reporting precision (so
    every consumer, the JSON and the review alike, reads the same numbers)."""

    rank: int
    move: str
    value: float | None
    visits: int | None
    stderr: float | None
    words: str | None = None
    #: the declared columns' values, in the hint's ``columns`` order
    columns: tuple[tuple[str, float | None], ...] = ()

    def column(self, key: str) -> float | None:
        """The value of the declared column ``key`` (``None`` if absent)."""
        return dict(self.columns).get(key)


@dataclass(frozen=True)
class SearchBudget:
    """What a search was given and why it stopped: ``iterations`` done, ``time_limit`` the
    wall-clock cap *given* (``None`` for none; never an elapsed time, so equal inputs give
    equal results), ``stop_reason`` (one of ``STOP_REASONS``), ``workers`` the independent
    searches merged (1: one search); ``given`` the iterations given a search when the
    game raised them (``None`` otherwise) and ``raised`` why, in words."""

    iterations: int
    time_limit: float | None
    stop_reason: str
    workers: int = 1
    given: int | None = None
    raised: str | None = None


@dataclass(frozen=True)
class CloseCall:
    """The two best moves lie within the noise (module docstring)."""

    moves: tuple[str, str]
    gap: float
    noise95: float
    iterations_to_separate: int | None


@dataclass(frozen=True)
class Hint:
    """A hint: the moves of ``seat`` ranked with their values (module docstring). ``facts``
    are game-specific facts in a fixed order (Pyramids' ``decision`` and ``options``, ...),
    written after the contract's keys."""

    game: str
    seat: int
    best: str | None
    rows: tuple[HintRow, ...]
    value_meaning: str
    columns: tuple[Column, ...]
    order: str
    budget: SearchBudget
    seed: Any
    close_call: CloseCall | None = None
    explanation: tuple[str, ...] = ()
    facts: tuple[tuple[str, Any], ...] = ()

    def row(self, move: str | None) -> HintRow | None:
        """The row of ``move`` (its text), or ``None``."""
        return next((r for r in self.rows if r.move == move), None) if move is not None else None

    def fact(self, key: str, default: Any = None) -> Any:
        """The game-specific fact ``key``."""
        return dict(self.facts).get(key, default)


def stamped(hint: Hint, reading: ViewReading) -> Hint:
    """``hint`` with the form of view it read (a ``games.reader.ViewReading``: the fact
    ``view_form``, ``"history"`` or ``"position"``) and the reading's notes added to its
    explanation (what a position leaves out, a bounded reading's approximation)."""
    return replace(hint, facts=hint.facts + (("view_form", reading.form),),
                   explanation=hint.explanation + tuple(reading.notes))


def _close_call(rows: Sequence[HintRow], iterations: int, order: str) -> CloseCall | None:
    """The best row against its nearest rival: the next row when rows are ranked by value;
    ranked by visits, the row valued highest among the second and the others the search
    visited at least half as often as the best (a move visited less but valued above the
    best, or nearest it: the one a player would ask about; a move tried a few times is no
    rival, however its few playouts went, unless it is the second), else the second, as
    before (a close call the second makes is never lost)."""
    if len(rows) < 2:
        return None
    a = rows[0]
    rivals = [r for k, r in enumerate(rows[1:]) if r.value is not None and r.stderr is not None
              and (k == 0 or order != "value" and (a.visits is None or r.visits is None
                                                     or 2 * r.visits >= a.visits))]
    if a.value is None or a.stderr is None or not rivals:
        return None
    # the rival valued highest first; the next row too, as before it was the only one
    for b in dict.fromkeys([max(rivals, key=lambda r: r.value or 0.0), rivals[0]]):
        assert b.value is not None and b.stderr is not None
        gap = abs(a.value - b.value)
        noise = math.hypot(a.stderr, b.stderr)
        if noise and gap < Z_95 * noise:
            return CloseCall((a.move, b.move), round(gap, 4), round(Z_95 * noise, 4),
                             iterations_to_separate(gap, noise, iterations))
    return None


def iterations_to_separate(gap: float, sd: float, iterations: int) -> int | None:
    """The iterations that would tell apart two values ``gap`` apart whose difference has
    standard error ``sd`` after ``iterations``, if the gap stayed as measured: standard
    errors shrink as 1/sqrt(n), so the budget grows by (1.96 sd / gap)^2. ``None`` when
    that is past 10,000 times the budget (a gap of about 0: no budget would).

    >>> iterations_to_separate(0.05, 0.05, 100)
    385
    """
    factor = (Z_95 * sd / gap) ** 2 if gap > 0 else math.inf
    if factor > _MAX_SEPARATING_FACTOR or iterations <= 0:
        return None
    return int(math.ceil(iterations * factor))


def hint_result(game_id: str, *, seat: int, rows: Iterable[dict[str, Any]], value_meaning: str,
                limit: Limit, iterations: int, stop_reason: str, seed: Any, top: int,
                order: str = "visits", columns: Sequence[Column] = (), value_digits: int = 4,
                explanation: Sequence[str] | None = None, raised: str | None = None,
                **facts: Any) -> Hint:
    """The :class:`Hint` of ranked ``rows``.

    ``rows`` are dicts with ``move`` (text), ``value``, and optionally ``visits``,
    ``stderr``, a ``words`` description and one entry per declared column, *already
    ranked* in ``order``. Values are rounded here (``value_digits``, each column's
    ``digits``), so every game's hint reads alike. ``facts`` are game-specific facts
    (``options``, ...), kept in the order given. ``raised`` says why the search may do
    more than the iterations given (the least the game ranks on); the budget says so
    (``given``) when it did.
    """
    if stop_reason not in STOP_REASONS:
        raise ValueError(f"unknown stop reason {stop_reason!r}")
    if order not in ORDERS:
        raise ValueError(f"unknown order {order!r}")
    rows = list(rows)
    # every row may be the best's rival in a close call, shown or not (best-move shows one:
    # it must say "too close to call" wherever the hint on the same search does)
    ranked = tuple(
        HintRow(rank=rank, move=str(row["move"]), value=_round(row.get("value"), value_digits),
                visits=row.get("visits"), stderr=_round(row.get("stderr"), value_digits),
                words=row.get("words") or None,
                columns=tuple((c.key, _round(row.get(c.key), c.digits)) for c in columns))
        for rank, row in enumerate(rows, start=1))
    close = _close_call(ranked, iterations, order) if stop_reason != "single_move" else None
    ranked = ranked[:top]
    return Hint(game=game_id, seat=seat, best=str(rows[0]["move"]) if rows else None,
                rows=ranked, value_meaning=value_meaning, columns=tuple(columns), order=order,
                budget=SearchBudget(iterations, limit.time_limit, stop_reason, limit.workers,
                                    *((limit.iterations, raised) if limit.iterations is not None
                                      and iterations > limit.iterations * limit.workers
                                      else (None, None))),
                seed=seed, close_call=close, explanation=tuple(explanation or ()),
                facts=tuple(facts.items()))


def rows_from_search(result: SearchResult, *,
                     value: Callable[[MoveStat], tuple[float | None, float | None]],
                     columns: dict[str, Callable[[MoveStat], Any]] | None = None,
                     words: Callable[[Any], str | None] | None = None) -> list[dict[str, Any]]:
    """Rows of an ISMCTS/PIMC ``SearchResult`` in its own order (most visits first).

    ``value(stat) -> (value, stderr)`` picks the value a game reports; ``columns`` maps
    each declared column key to a function of the move's statistics.
    """
    rows: list[dict[str, Any]] = []
    for stat in result.moves:
        v, err = value(stat)
        row = {"move": stat.move, "value": v, "visits": stat.visits, "stderr": err}
        for key, get in (columns or {}).items():
            row[key] = get(stat)
        if words is not None:
            row["words"] = words(stat.move)
        rows.append(row)
    return rows
