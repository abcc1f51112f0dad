"""An ISMCTS hint in the one hint contract (``solvers.hints``), for any protocol engine:
one search for the seat from a sampled world, moves ranked by visits, ``value`` the win
probability (the share of the search's finished playouts through the move that the seat
won), a declared column for the seat's mean final score, and ``mean_reward``. The card
games of one engine core (Archaeology's two editions) share it.
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any, Callable, Protocol, Sequence

from games import registry
from games.protocol import State
from games.seeding import Seed

from ..hints import (MEAN_REWARD, WIN_PROBABILITY, Column, Hint, hint_result,
                     rows_from_search, win_probability)
from ..limits import Limit
from .inference import DEFAULT_PARTICLES, OpponentModel, inference_sampler
from .parallel import root_parallel
from .search import MoveStat, SearchResult, move_stat, ranked

__all__ = ["win_hint", "ranked_lines", "Units"]


class Units(Protocol):
    """How a game's hint names decisions of several engine moves (``ismcts``'s units):
    ``open(state)`` whether the searching seat's decision is still in progress, and
    ``move(moves)`` the one move (its text a row's ``move``) that a completed unit's moves
    make; ``offered(move)`` whether such a move is a row (a unit that changes nothing is
    none); ``extra`` root moves the search must also try (each a whole unit). Any object
    with these four members will do (``solvers.archaeology.trades.DecisionUnits``): the
    states and moves are the game's own, hence ``Any``."""

    def open(self, state: Any, /) -> bool: ...
    def move(self, moves: Sequence[Any], /) -> object: ...
    def offered(self, move: object, /) -> bool: ...
    @property
    def extra(self) -> Sequence[Any]: ...


def _merged(stats: list[MoveStat], name: Callable[[Any], object]) -> list[MoveStat]:
    """The units' stats by the move each names (a trade reached by its steps and the same
    trade as one extra root move are one row: the playouts through either add up).
    ``name`` takes a unit's moves (a unit stat's ``move``: a tuple of the game's moves)."""
    merged: dict[str, list[Any]] = {}  # per named move: it, then its sums
    for stat in stats:
        move = name(stat.move)
        entry = merged.setdefault(str(move), [move, 0, 0.0, 0.0, 0.0, 0.0, 0])
        for i, value in enumerate((stat.visits, stat.total, stat.sumsq, stat.win_sum,
                                   stat.score_sum, stat.finished), start=1):
            entry[i] += value
    return ranked([move_stat(move, visits, total, sumsq, 0, wins, scores, finished)
                    for move, visits, total, sumsq, wins, scores, finished in merged.values()])


def win_hint(game_id: str, world: State[Any], seat: int, *, limit: Limit, seed: Seed,
             top: int, search_options: dict[str, Any], score: Column,
             explain: Callable[[Any], list[str] | None] | None = None,
             words: Callable[[object], str] | None = None,
             units: Units | None = None, rng: random.Random | None = None,
             inference: OpponentModel | None = None, through: Any = None,
             through_playouts: int = 0, through_always: bool = False) -> Hint:
    """ISMCTS from ``world`` for ``seat`` within ``limit`` (default: the game's declared
    hint budget; ``limit.workers`` root-parallel trees merged on their raw sums), as a
    hint: ``score`` names the column of the mean final score; ``explain(best move)`` may
    add an explanation; ``words(move)`` the move in words (each row's ``words``).

    With ``units`` the rows are whole decisions: one row per unit the search completed in
    its tree (``SearchResult.units``), named by ``units.move``, its values over the
    iterations that played that whole unit, ranked by those visits. The rows then cover
    the iterations that completed a unit in the tree (the others left it mid-unit and
    went on in the playout); a one-move decision the search never tried is a row without
    a value, as without ``units``. A decision whose whole unit is forced (one move, then
    only one at each step of its unit) is one row, the whole unit, without a value.

    ``rng``: the generator the caller already drew ``world`` from (the seed is converted
    once, and the search goes on drawing from the same stream, so its first sampled world
    is not the root's); ``seed`` is what the hint reports.

    With an ``inference`` model the search's worlds come from a pool weighted by the
    opponents' play (``solvers.ismcts.inference``: one particle per iteration of the
    budget, at least ``DEFAULT_PARTICLES``; its own seed, derived from ``seed``), and the
    hint says so in its fact ``inference``: ``worlds`` sampled, ``effective_worlds``
    (Kish's effective size of their weights) and ``weighted`` (false when the model could
    not inform this position: the search then sampled exactly as without it). Without a
    model the hint is unchanged.

    ``through`` (a move the engine can apply at the root: a whole trade too) and
    ``through_playouts``: a review's move played, given that many playouts after the
    budget where the budget's own took it fewer times (``ismcts``'s ``through``). Then its
    row, where it has fewer visits than that (or none: the row is added last), is valued
    by those playouts alone, in its place in the ranking, which stays the search's own;
    the hint's fact ``through`` says ``{"move", "playouts"}`` (``playouts`` 0 where the
    row is the search's own). ``through_always``: the row is valued by those playouts
    however often the budget took it (a review's best move, valued as the move played
    was)."""
    limit = limit.resolve(registry.get(game_id).budgets.hint)
    options = dict(search_options)
    if units is not None:
        options.update(unit_open=units.open, extra_root_moves=units.extra)
    if through is not None:
        options.update(through=through, through_playouts=through_playouts,
                       through_always=through_always)
    pool = None
    if inference is not None:
        particles = max(DEFAULT_PARTICLES, limit.iterations or 0)
        pool = inference_sampler(world, seat, inference, particles=particles, seed=seed)
        if pool is not None:
            options["sampler"] = pool
    result = root_parallel(world, seat, workers=limit.workers, seed=seed if rng is None else rng,
                           iterations=limit.iterations, deadline=limit.deadline(), **options)
    if units is not None and result.units is not None and result.stop_reason != "single_move":
        # a unit that changes nothing is no row, unless it is one the caller asked about
        # (a review's played move, in ``extra``)
        asked = {str(move) for move in units.extra}
        stats = [stat for stat in _merged(result.units, units.move)
                 if units.offered(stat.move) or str(stat.move) in asked]
        named = {str(stat.move) for stat in stats}
        # a one-move decision the search never tried stays a row without a value (a root
        # step that no completed unit starts with is no decision of its own)
        stats += [stat for stat in result.moves if not stat.visits
                  and units.move((stat.move,)) == stat.move and str(stat.move) not in named]
        # a search stopped before any unit was completed in its tree (a stop request at
        # once, a sandstorm discard whose every option is several steps): its root steps,
        # as a decision under way is ranked, rather than no row at all (a review stopped
        # by Ctrl-C at a sandstorm faulted on an empty hint)
        result = replace(result, moves=stats or result.moves)
    elif units is not None and result.units:  # one forced unit of several moves: its row
        result = replace(result, moves=[replace(stat, move=units.move(stat.move))
                                        for stat in result.units])
    added = 0
    if through is not None:
        result, added = _valued_through(result, str(through), through_playouts,
                                        always=through_always)
    rows = rows_from_search(result, value=win_probability, columns={
        score.key: lambda stat: stat.mean_score, "mean_reward": lambda stat: stat.mean},
        words=words)
    explanation = explain(result.best) if explain and result.best is not None else None
    out = hint_result(game_id, seat=seat, rows=rows, value_meaning=WIN_PROBABILITY,
                      columns=(score, MEAN_REWARD), limit=limit, iterations=result.iterations,
                      stop_reason=result.stop_reason, seed=seed, top=top,
                      explanation=explanation)
    if through is not None:
        out = replace(out, facts=out.facts + (("through", {"move": str(through),
                                                           "playouts": added}),))
    if inference is None:
        return out
    return replace(out, facts=out.facts + (("inference", {
        "weighted": pool is not None,
        "worlds": len(pool.worlds) if pool is not None else None,
        "effective_worlds": round(pool.effective_size(), 1) if pool is not None else None}),))


def _valued_through(result: SearchResult, name: str, playouts: int, *, always: bool = False
                    ) -> tuple[SearchResult, int]:
    """``result`` with the row named ``name`` valued by the playouts through it
    (``result.through``) where the budget left it fewer than ``playouts`` visits, or
    ``always`` (or no row: then it is added last), and how many playouts value it so (0:
    the search's row stands)."""
    forced = result.through
    moves = list(result.moves)
    at = next((i for i, stat in enumerate(moves) if str(stat.move) == name), None)
    if forced is None or (at is not None and not always and moves[at].visits >= playouts):
        return result, 0
    if at is None:
        moves.append(forced)
    else:
        moves[at] = replace(forced, move=moves[at].move)
    return replace(result, moves=moves), forced.visits


def ranked_lines(hint: Hint, score_key: str, *, unit: str = "$",
                 words: Callable[[str], str] = str) -> list[str]:
    """The hint's moves as demo lines: rank, move (in ``words``: the move text in a
    player's words), win probability, mean score, visits."""
    lines = []
    for row in hint.rows:
        win = "-" if row.value is None else f"{row.value:.2f}"
        score = row.column(score_key)
        money = "-" if score is None else f"{unit}{score:.1f}"
        lines.append(f"  {row.rank}. {words(row.move)} — win {win}, money {money}, "
                     f"{row.visits} visits")
    return lines
