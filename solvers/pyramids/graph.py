"""Graph analyses of a pyramid card (optionally part-crossed).

The card is a graph on its open cells (orthogonal neighbours, walls left out). Crossing a
box costs 1, boxes already crossed cost 0, and a search starts from the crossed region
(or, on an empty card, from its entrance, which must be crossed first). This gives:

* the fewest new boxes from the current path to the tomb, with one shortest path;
* the cells reachable at all (the open component of the entrance, uncrossed);
* for each icon, the fewest new boxes to reach one.

``card_graph`` is that graph as a networkx ``DiGraph``, for networkx's own analyses;
``analyse`` runs its shortest paths itself (:func:`_dijkstra`).

>>> import cards_data
>>> a = analyse(cards_data.load("pyramids").card(1))
>>> a.to_tomb == cards_data.load("pyramids").card(1).shortest_path()
True
"""

from __future__ import annotations

from dataclasses import dataclass
from heapq import heappop, heappush
from itertools import count
from typing import TYPE_CHECKING, Any

from cards_data.pyramids import ICONS, PyramidCard
from grids.cells import NEIGHBOURS, cell_name, cells_of
from games.table import plural

if TYPE_CHECKING:
    import networkx as nx

__all__ = ["card_graph", "CardAnalysis", "analyse", "analysis_lines"]

_SOURCE = "start"


def card_graph(card: PyramidCard, crossed: int = 0) -> nx.DiGraph:
    """Directed graph of the open cells; an edge's weight is the cost of entering its head
    (0 if crossed, else 1); node ``"start"`` leads to the crossed cells or the entrance."""
    import networkx as nx  # (only here: see _dijkstra)

    g = nx.DiGraph()
    open_cells = [i for i in range(25) if card.open >> i & 1]
    g.add_nodes_from(open_cells)
    for i in open_cells:
        for j in NEIGHBOURS[i]:
            if card.open >> j & 1:
                g.add_edge(i, j, weight=0 if crossed >> j & 1 else 1)
    g.add_node(_SOURCE)
    if crossed:
        for i in cells_of(crossed):
            g.add_edge(_SOURCE, i, weight=0)
    else:
        g.add_edge(_SOURCE, card.entrance, weight=1)
    return g


def _dijkstra(card: PyramidCard, crossed: int) -> tuple[dict[int, int], dict[int, int]]:
    """``(distance, predecessor)`` of every cell reachable on :func:`card_graph`'s graph
    from its start (the start itself, -1, left out of both; a first cell's predecessor is
    -1), found as networkx's ``single_source_dijkstra`` finds them on that graph: the same
    distances and, among equal shortest paths, the same path (successors in the graph's
    order, heap ties broken by a counter, a predecessor replaced only by a shorter path).

    Why not networkx itself: this 25-cell search is all the hint's explanation needs of a
    graph library, and importing networkx took 0.2-0.4 s of every Pyramids hint's start-up
    (its half at load 2), where the search takes about 0.1 ms; ``card_graph`` keeps the
    graph for networkx's analyses, and a test checks the two agree on every card."""
    opened = card.open
    firsts = [(c, 0) for c in cells_of(crossed)] if crossed else [(card.entrance, 1)]
    dist: dict[int, int] = {}
    seen: dict[int, int] = {}
    pred: dict[int, int] = {}
    tie = count()
    fringe = [(0, next(tie), -1)]
    while fringe:
        d, _, v = heappop(fringe)
        if v in dist:
            continue
        dist[v] = d
        steps = (firsts if v < 0 else
                 [(u, 0 if crossed >> u & 1 else 1) for u in NEIGHBOURS[v] if opened >> u & 1]
                 if opened >> v & 1 else [])
        for u, cost in steps:
            if u not in dist and (u not in seen or d + cost < seen[u]):
                seen[u] = d + cost
                pred[u] = v
                heappush(fringe, (d + cost, next(tie), u))
    del dist[-1]
    return dist, pred


@dataclass(frozen=True)
class CardAnalysis:
    order: int
    crossed: int
    to_tomb: int | None  # fewest new boxes to cross the tomb (None: unreachable)
    path: tuple[int, ...]  # new boxes of one shortest path, entrance side first
    reachable: tuple[int, ...]  # uncrossed cells that can still be crossed
    icons: dict[str, int | None]  # icon name -> fewest new boxes to one (None: unreachable)

    def to_json(self) -> dict[str, Any]:
        return {"card": self.order, "boxes_to_tomb": self.to_tomb,
                "path": [cell_name(c) for c in self.path],
                "reachable": [cell_name(c) for c in self.reachable],
                "icons": dict(self.icons)}


def analyse(card: PyramidCard, crossed: int = 0) -> CardAnalysis:
    """Shortest path to the tomb, reachable cells and per-icon distances (in new boxes)."""
    dist, pred = _dijkstra(card, crossed)
    tomb = card.tomb
    path: tuple[int, ...] = ()
    to_tomb: int | None
    if crossed >> tomb & 1:
        to_tomb = 0
    elif tomb in dist:
        to_tomb = dist[tomb]
        walk = [tomb]
        while pred[walk[-1]] >= 0:
            walk.append(pred[walk[-1]])
        path = tuple(c for c in reversed(walk) if not crossed >> c & 1)
    else:
        to_tomb = None
    reachable = tuple(sorted(c for c in dist if not crossed >> c & 1))
    icons: dict[str, int | None] = {}
    for name in ICONS.values():
        cells = [c for c in cells_of(card.icons[name] & ~crossed) if c in dist]
        icons[name] = min(dist[c] for c in cells) if cells else None
    return CardAnalysis(card.order, crossed, to_tomb, path, reachable, icons)


def analysis_lines(card: PyramidCard, crossed: int = 0) -> list[str]:
    """Human-readable lines of ``analyse``."""
    a = analyse(card, crossed)
    tomb = ("tomb unreachable" if a.to_tomb is None else
            f"{plural(a.to_tomb, 'box', 'boxes')} to the tomb via "
            f"{' '.join(cell_name(c) for c in a.path) or '-'}")
    near = ", ".join(f"{name.replace('_', ' ')} {d}" for name, d in a.icons.items() if d is not None)
    return [f"card {card.order} ({card.colour}): {tomb}; "
            f"{plural(len(a.reachable), 'cell')} reachable",
            f"  fewest boxes to each icon: {near or 'none left'}"]
