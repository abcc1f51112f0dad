"""Per-card tables of Pyramids: every crossed region a pyramid card can reach, and the
crossings that lead from one region to another.

A card's crossed boxes always form one connected region holding its entrance (or
nothing), so the regions are few: 67 to about 21,000 per bundled card, the tomb-holding
ones included. :class:`CardTable` lists them (``masks``, the empty region first) with the
icons each holds, and two edge lists over their indices:

* ``single`` — one box added (the "any 1 box" option, and every extra box a red cross
  forces): the entrance of an empty card, else a free open box next to the region;
* ``main[shape]`` — the main crossing of an expedition card showing ``shape``: a
  placement of the pattern in any rotation or mirror image on free open boxes, holding
  the entrance of an empty card or touching the region, or any single box.

Edges are sorted by source, with the start of each source's run (``starts``) so a
max-plus step is one gather and one ``numpy.maximum.reduceat``. Main crossings leave
from regions without the tomb only (a completed card leaves the hand before the next
step); single boxes also leave tomb regions, since an extra box may still go on a card
completed earlier in the same action.

These tables are the exact per-card state space of the deal bound
(``solvers.pyramids.bound``). A card with few walls has many regions (an open grid:
about a million, 15 s and 1.7 GB for its table), so a build takes a ``deadline`` and
raises :class:`TablesCut` once it has passed, caching nothing, and a card of more than
``MAX_REGIONS`` regions gets no table at all (:class:`TablesCut`, ``clock`` false): a deal
of such cards took the machine's 24 GB before its bound was built.

>>> import cards_data
>>> data = cards_data.load("pyramids")
>>> table = card_table(data.card(1))
>>> table.size, int(table.masks[0]), bool(table.is_tomb[0])
(128, 0, False)
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import accumulate
from typing import TYPE_CHECKING

import numpy as np

from cards_data.pyramids import PyramidCard
from games.pyramids.rules import shape_masks
from grids.cells import ALL_MASK, COLUMN_A, COLUMN_E, adjacent
from grids.polyomino import SHAPES
from solvers.clock import expired

from .. import interrupt

if TYPE_CHECKING:
    import numpy.typing as npt

__all__ = ["ICON_ORDER", "Edges", "CardTable", "TablesCut", "card_table", "regions",
           "MAX_REGIONS"]

#: The icon columns of ``CardTable.icons``.
ICON_ORDER = ("red_gem", "green_gem", "torch", "skull", "potion", "red_cross")


#: Edges from which ``Edges.best`` goes column by column (below, one ``reduceat``).
_RANKED_FROM = 400


@dataclass(frozen=True, eq=False)
class Edges:
    """Edges ``src → dst`` (region indices) sorted by ``src``; ``sources`` are the
    distinct sources and ``starts`` where each one's run begins. For ``best`` the same
    edges are also laid out by rank: ``ranked`` holds the sources by out-degree, largest
    first, and ``flat[cuts[k]:cuts[k + 1]]`` the ``k``-th edge's destination of each source
    that has one (a prefix of ``ranked``)."""

    src: np.ndarray
    dst: np.ndarray
    sources: np.ndarray
    starts: np.ndarray
    ranked: np.ndarray
    flat: np.ndarray
    cuts: tuple[int, ...]

    @classmethod
    def of(cls, src: np.ndarray, dst: np.ndarray, deadline: float | None = None) -> "Edges":
        """The edges ``src → dst`` laid out; :class:`TablesCut` once ``deadline`` has
        passed (between the sorts: each about 0.5 s on an open grid's 8 million edges). A
        stop request is not looked at here (``reversed``, on a built table, must not fail;
        the build looks before and after each call)."""
        order = np.lexsort((dst, src))
        _check(deadline, stop=False)
        src, dst = src[order], dst[order]
        sources, starts = np.unique(src, return_index=True)
        _check(deadline, stop=False)
        degree = np.diff(np.append(starts, len(src)))
        rank = np.argsort(-degree, kind="stable")
        _check(deadline, stop=False)
        first, degree = starts[rank], degree[rank]
        columns = [dst[first[:int(np.count_nonzero(degree > k))] + k]
                   for k in range(int(degree.max(initial=0)))]
        cuts = tuple(accumulate((len(c) for c in columns), initial=0))
        flat = np.concatenate(columns) if columns else dst[:0]
        return cls(src, dst, sources, starts, sources[rank], flat, cuts)

    def best(self, values: np.ndarray, size: int, out: np.ndarray | None = None
             ) -> np.ndarray:
        """``out[i] = max over edges i → j of values[j]`` (``-inf`` without an edge), in
        ``out`` when given (``size`` floats), else in a new array.

        Rank by rank over the ranked sources: one gather of every edge's value, then one
        elementwise maximum per rank on slices of it, about 2-3x faster than
        ``numpy.maximum.reduceat`` over the runs (which costs about 4 ns an edge; measured
        on the largest bundled card's tables), and the same values, since a maximum does
        not round. The branch and price spends about 40% of its time here: 200 rounds on
        the bench's 2-round deal 0 took 11.6-12.9 s of CPU against 17.0-19.6 s by runs
        (2026-11-26, same bounds, nodes and plans). One gather for all ranks rather than
        one per rank since 2026-11-27 (with ``pricing.card_values``' work arrays, that
        function's time fell to 0.84-0.94 of before, the same floats)."""
        if out is None:
            out = np.full(size, -np.inf)
        else:
            out.fill(-np.inf)
        if len(self.src) < _RANKED_FROM:  # small tables: one call beats a loop of ranks
            if len(self.src):
                out[self.sources] = np.maximum.reduceat(values[self.dst], self.starts)
        elif len(self.flat):
            gathered = values[self.flat]
            cuts = self.cuts
            best = gathered[:cuts[1]]
            for k in range(1, len(cuts) - 1):
                head = best[:cuts[k + 1] - cuts[k]]
                np.maximum(head, gathered[cuts[k]:cuts[k + 1]], out=head)
            out[self.ranked] = best
        return out

    def reversed(self) -> "Edges":
        """The same edges grouped by destination (``best`` then maximises over sources)."""
        return Edges.of(self.dst, self.src)

    def of_source(self, i: int) -> np.ndarray:
        """The destinations of the edges leaving region ``i``."""
        k = np.searchsorted(self.sources, i)
        if k == len(self.sources) or self.sources[k] != i:
            return self.dst[:0]
        end = self.starts[k + 1] if k + 1 < len(self.starts) else len(self.src)
        return self.dst[self.starts[k]:end]


@dataclass(frozen=True, eq=False)
class CardTable:
    """The regions of one card and the crossings between them (module docstring)."""

    order: int
    masks: np.ndarray          # int64 region masks; index 0 is the empty region
    is_tomb: np.ndarray        # bool: the region holds the tomb (the card is complete)
    icons: np.ndarray          # (size, 6) icon counts in ICON_ORDER
    icon_values: np.ndarray    # the same as floats (the pricing's potentials)
    boxes: np.ndarray          # crossed boxes per region
    single: Edges
    main: dict[str, Edges]     # shape name -> Edges
    by_value: np.ndarray       # masks sorted; ``position[k]`` is the index of by_value[k]
    position: np.ndarray

    @property
    def size(self) -> int:
        return len(self.masks)

    @property
    def incoming(self) -> tuple[Edges, dict[str, Edges]]:
        """The single-box and main-crossing edges grouped by destination (cached), for
        dynamic programmes that run forward."""
        hit = _INCOMING.get(id(self))
        if hit is None or hit[0] is not self:
            hit = (self, self.single.reversed(),
                   {shape: edges.reversed() for shape, edges in self.main.items()})
            _INCOMING[id(self)] = hit
        return hit[1], hit[2]

    def index(self, mask: int) -> int:
        """The index of region ``mask``."""
        return int(self.position[np.searchsorted(self.by_value, mask)])


_INCOMING: dict[int, tuple[CardTable, Edges, dict[str, Edges]]] = {}


class TablesCut(Exception):
    """A card's table was not built (``card_table``): the deadline passed or a stop
    request (``solvers.interrupt``) came while it was (``clock``), or the card has more
    than ``MAX_REGIONS`` regions."""

    def __init__(self, message: str, *, clock: bool = True):
        super().__init__(message)
        self.clock = clock


#: The most regions a card's table holds: about 5 times the largest bundled card's
#: (21,204; the 48 bundled cards hold 119,173 together). A table of 100,000 regions takes
#: about 1.5 s and 160 MB; a card with more (few walls: an open grid has about a million,
#: 1.7 GB) gets no table, and the bounds that need one fall back to what holds without it.
MAX_REGIONS = 100_000


#: Regions grown between two looks at the clock (about 10 ms).
_CLOCK_EVERY = 4096


def regions(card: PyramidCard, *, deadline: float | None = None) -> list[int]:
    """Every connected region of open boxes holding the card's entrance, the empty
    region first, in a deterministic order; :class:`TablesCut` once ``deadline``
    (``solvers.clock``) has passed or past ``MAX_REGIONS`` (looked at every
    ``_CLOCK_EVERY`` regions grown)."""
    start = 1 << card.entrance
    seen = {0, start}
    out = [0, start]
    stack = [start]
    grown_since = 0
    while stack:
        grown_since += 1
        if grown_since == _CLOCK_EVERY:
            grown_since = 0
            _check(deadline)
            if len(out) > MAX_REGIONS:
                raise TablesCut(f"card {card.order} has more than {MAX_REGIONS:,} regions",
                                clock=False)
        mask = stack.pop()
        free = adjacent(mask) & card.open
        while free:
            bit = free & -free
            free ^= bit
            grown = mask | bit
            if grown not in seen:
                seen.add(grown)
                out.append(grown)
                stack.append(grown)
    return out


def _adjacent(masks: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
    """``adjacent`` of ``games.pyramids.rules`` on an array of masks."""
    out = (masks >> 5) | ((masks << 5) & ALL_MASK) | ((masks & ~COLUMN_A) >> 1) \
        | ((masks & ~COLUMN_E) << 1)
    return out & ~masks


def _popcounts(masks: np.ndarray) -> np.ndarray:
    return np.array([int(m).bit_count() for m in masks], dtype=np.int64)


def _check(deadline: float | None, *, stop: bool = True) -> None:
    """Where a build looks at the clock it looks for a stop request too (``stop``; Ctrl-C:
    a bundled card's table takes up to 1 s, one of ``MAX_REGIONS`` regions 1.5 s)."""
    if expired(deadline):
        raise TablesCut("the time limit passed while a card table was built")
    if stop and interrupt.requested():
        raise TablesCut("a stop request (Ctrl-C) came while a card table was built")


_TABLES: dict[PyramidCard, CardTable] = {}
#: Cards found to have more than ``MAX_REGIONS`` regions (so not enumerated twice).
_TOO_LARGE: set[PyramidCard] = set()


def card_table(card: PyramidCard, *, deadline: float | None = None) -> CardTable:
    """The table of ``card`` (cached per card), main crossings for every expedition
    pattern of ``grids.polyomino.SHAPES``. A table not yet built is built unless the
    ``deadline`` (``solvers.clock``) passes first: then :class:`TablesCut`, between its
    steps (the longest, one shape's edges sorted, about 1 s on an open grid); a card of
    more than ``MAX_REGIONS`` regions has none (:class:`TablesCut`, ``clock`` false)."""
    table = _TABLES.get(card)
    if table is None:
        if card in _TOO_LARGE:
            raise TablesCut(f"card {card.order} has more than {MAX_REGIONS:,} regions",
                            clock=False)
        try:
            table = _TABLES[card] = _build(card, deadline)
        except TablesCut as cut:
            if not cut.clock:
                _TOO_LARGE.add(card)
            raise
    return table


def _build(card: PyramidCard, deadline: float | None) -> CardTable:
    masks = np.array(regions(card, deadline=deadline), dtype=np.int64)
    size = len(masks)
    order = np.argsort(masks)
    by_value = masks[order]

    def index_of(values: np.ndarray) -> np.ndarray:
        return order[np.searchsorted(by_value, values)]

    tomb = 1 << card.tomb
    is_tomb = (masks & tomb) != 0
    columns = []
    for name in ICON_ORDER:
        _check(deadline)
        columns.append(_popcounts(masks & card.icons[name]))
    icons = np.stack(columns, axis=1)
    entrance = 1 << card.entrance
    empty = masks == 0
    free = np.where(empty, entrance, _adjacent(masks) & card.open)
    src, dst = [], []
    for cell in range(25):
        _check(deadline)
        has = (free >> cell & 1) == 1
        if has.any():
            src.append(np.nonzero(has)[0])
            dst.append(index_of(masks[has] | (1 << cell)))
    single_src, single_dst = np.concatenate(src), np.concatenate(dst)
    _check(deadline)
    single = Edges.of(single_src, single_dst, deadline)
    alive = ~is_tomb[single_src]
    base_src, base_dst = single_src[alive], single_dst[alive]
    touch = np.where(empty, entrance, _adjacent(masks))
    blocked = masks | card.walls
    main = {}
    for shape in SHAPES:
        src, dst = [base_src], [base_dst]
        for placement in shape_masks(shape):
            _check(deadline)
            ok = ((blocked & placement) == 0) & ((touch & placement) != 0) & ~is_tomb
            if ok.any():
                src.append(np.nonzero(ok)[0])
                dst.append(index_of(masks[ok] | placement))
        _check(deadline)
        main[shape] = Edges.of(np.concatenate(src), np.concatenate(dst), deadline)
    _check(deadline)
    return CardTable(card.order, masks, is_tomb, icons, icons.astype(np.float64),
                     _popcounts(masks), single, main, by_value, order)
