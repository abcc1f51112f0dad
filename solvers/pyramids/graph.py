"""Graph analyses of a pyramid card with networkx (optionally part-crossed).

The card is a graph on its open cells (orthogonal neighbours, walls left out). Crossing a
box costs 1, boxes already crossed cost 0, and a search starts from the crossed region
(or, on an empty card, from its entrance, which must be crossed first). This gives:

* the fewest new boxes from the current path to the tomb, with one shortest path;
* the cells reachable at all (the open component of the entrance, uncrossed);
* for each icon, the fewest new boxes to reach one.

>>> import cards_data
>>> a = analyse(cards_data.load("pyramids").card(1))
>>> a.to_tomb == cards_data.load("pyramids").card(1).shortest_path()
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import networkx as nx

from cards_data.pyramids import ICONS, PyramidCard
from grids.cells import NEIGHBOURS, cell_name, cells_of
from games.table import plural

__all__ = ["card_graph", "CardAnalysis", "analyse", "analysis_lines"]

_SOURCE = "start"


def card_graph(card: PyramidCard, crossed: int = 0) -> nx.DiGraph:
    """Directed graph of the open cells; an edge's weight is the cost of entering its head
    (0 if crossed, else 1); node ``"start"`` leads to the crossed cells or the entrance."""
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
    g = card_graph(card, crossed)
    dist, paths = nx.single_source_dijkstra(g, _SOURCE, weight="weight")
    tomb = card.tomb
    if crossed >> tomb & 1:
        to_tomb, path = 0, ()
    elif tomb in dist:
        to_tomb = int(dist[tomb])
        path = tuple(c for c in paths[tomb][1:] if not crossed >> c & 1)
    else:
        to_tomb, path = None, ()
    reachable = tuple(sorted(c for c in dist if c != _SOURCE and not crossed >> c & 1))
    icons: dict[str, int | None] = {}
    for name in ICONS.values():
        cells = [c for c in cells_of(card.icons[name] & ~crossed) if c in dist]
        icons[name] = int(min(dist[c] for c in cells)) if cells else None
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
