"""Root-parallel ISMCTS: independent trees on separate processes, root statistics merged.

``root_parallel(root, seat, *, workers, seed, search=ismcts, **options)`` runs ``workers``
searches of the same position, each with the full budget (``iterations`` and/or
``time_limit``, per tree) and its own seed (``games.seeding.child_seeds(seed, workers)``),
in a local process pool (``solvers.backends``), and merges them with
:func:`merge_results`: the visits, reward sums, availability and win/score sums of each
root move are added (Chaslot, Winands & van den Herik 2008, "Parallel Monte-Carlo Tree
Search": root parallelisation), and the merged move with the most visits is played. The
result is deterministic for a fixed seed, iteration budget and worker count; with two
workers on two cores it searches about twice the iterations in the same wall time.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Sequence

from games.protocol import State
from games.seeding import Seed, child_seeds

from ..backends import run_jobs
from .search import MoveStat, SearchResult, ranked, ismcts, move_stat

__all__ = ["root_parallel", "merge_results"]

#: A search of one tree (``ismcts``, ``pimc``): ``search(root, seat, *, seed, **options)``.
Search = Callable[..., SearchResult]


def _merged_stats(groups: Sequence[Sequence[MoveStat]]) -> list[MoveStat]:
    """Every move's sums added over ``groups`` (in the order given), ranked."""
    sums: dict[str, list[Any]] = {}  # per move its sums, in move_stat's order
    moves: dict[str, object] = {}
    for stats in groups:
        for stat in stats:
            key = str(stat.move)
            moves.setdefault(key, stat.move)
            acc = sums.setdefault(key, [0, 0.0, 0.0, 0, 0.0, 0.0, 0])
            for i, value in enumerate((stat.visits, stat.total, stat.sumsq, stat.available,
                                       stat.win_sum, stat.score_sum, stat.finished)):
                acc[i] += value
    return ranked([move_stat(moves[key], *acc) for key, acc in sums.items()])


def merge_results(results: Sequence[SearchResult]) -> SearchResult:
    """One result from searches of the same position by the same seat: every root move's
    sums added (exact, in the order given), and every completed unit's (``units``, the
    whole decisions of several moves) likewise, and the playouts ``through`` a root
    decision after the budget (``ismcts``'s ``through``) of the searches that played them;
    iterations and nodes summed, the longest time, and the stop reason of the first."""
    first = results[0]
    units = (_merged_stats([r.units or [] for r in results])
             if any(r.units is not None for r in results) else None)
    through = [r.through for r in results if r.through is not None]
    return SearchResult(first.seat, _merged_stats([r.moves for r in results]),
                        sum(r.iterations for r in results),
                        max(r.elapsed_s for r in results), first.stop_reason,
                        sum(r.nodes for r in results), first.seed_used,
                        {"workers": len(results)}, units,
                        _merged_stats([through])[0] if through else None)


@dataclass(frozen=True)
class _OneTree:
    search: Search
    root: State[Any]
    seat: int
    options: dict[str, Any]

    def __call__(self, seed: int) -> SearchResult:
        return self.search(self.root, self.seat, seed=seed, **self.options)


def root_parallel(root: State[Any], seat: int, *, workers: int, seed: Seed = None,
                  search: Search = ismcts, **options: Any) -> SearchResult:
    """``workers`` independent ``search`` trees of ``root`` merged (see the module
    docstring); ``options`` go to every search (budget, rollout policy, reward, ...).
    One worker is the plain search with ``seed``."""
    if workers <= 1:
        return search(root, seat, seed=seed, **options)
    seeds = child_seeds(seed, workers)
    merged = merge_results(run_jobs(_OneTree(search, root, seat, options), seeds,
                                     workers=workers))
    # the moves came back through pickling: hand back the root's own move objects
    own = {str(m): m for m in root.legal_moves()} if root.current_player() == seat else {}
    for stat in merged.moves:
        stat.move = own.get(str(stat.move), stat.move)
    if merged.through is not None and "through" in options:
        merged.through.move = options["through"]
    return merged
