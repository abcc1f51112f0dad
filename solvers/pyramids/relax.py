"""The per-card relaxation of a solo Pyramids position, with ranges on the score's terms:
the node of ``solvers.pyramids.branching``'s branch and price.

This is the relaxation of ``solvers.pyramids.bound`` (Dantzig-Wolfe over card plans priced
on the per-card tables of ``solvers.pyramids.tables``) generalised in three ways:

* **From any position** (``solvers.pyramids.position``): the cards in hand start from their
  crossed region at the position's step; the queue's cards need one acquisition (display)
  or ``i + 1`` (``deck[i]``); the score card's counts so far shift the score terms.
* **More rows**, each valid for every legal game: acquisitions never outnumber the
  completions before them (plus the replacements owed now), which the per-card windows
  alone do not say; the skull penalty bounded below by lines in ``k0 + S - 2P`` (the
  track ``k0`` now, ``S`` skulls and ``P`` potions still to cross: the track after any
  sequence of actions is at least ``min(10, k0 + S) - 2P``), under a split ``k0 + S <= 10``
  or ``>= 11`` that keeps both sides linear.
* **Return slots** (before the keep). The two dealt cards not kept go back into the queue
  at the deal's two return slots, the smaller order number at ``return_positions[0]``
  (needing ``n0`` acquisitions before it can be taken, ``QueueWindows.needed``), the
  other at ``return_positions[1]`` (``n1``); the window rows charge every dealt card the
  smaller of the two. Exactly: a dealt card ``d`` taken back sits at slot ``j``, the
  number of smaller dealt cards returned, which is ``m - K`` (``m`` dealt cards smaller
  than ``d``, ``K`` of them kept) and 0 or 1 when ``d`` is returned, so taken back by
  step ``e`` (``r = 1``) it needs ``n0 + (n1 - n0) j`` acquisitions, at most the
  replacements owed now plus the completions before ``e``. The rows
  ``ReturnRow``, one per dealt card and step, are that product made linear, valid for
  every legal game:

  - ``n1 > n0``: ``j r >= j + m r - m`` (``r = 1``: ``j >= j``; ``r = 0``: ``j <= m``), so
    ``(n0 + (n1 - n0) m) r - (n1 - n0) K - completions before e <= takes``;
  - ``n1 < n0``: ``j r <= j``, so ``n0 r + (n0 - n1) K - completions <= takes + (n0 - n1) m``.

  ``K`` is the weight of the smaller cards' plans entering at step 0: a legal game's
  plans (``plans_of``) hold one for each kept card, so ``K`` is its keep's count. With no
  plan at all (the empty master) both rows hold, so the master stays feasible. (``J = m``
  in ``j r >= j + J r - J`` is what keeps it so: ``J = 2``, tighter for the largest of
  four dealt cards, needs two cards kept, which the empty master has not.) What they cut: a dealt
  card taken back from a slot its order number cannot have (on 2-round deal 3 of the
  bench, slots 2 and 8, ``n0 = 1``, ``n1 = 5``: the largest dealt card, which only the
  second slot can hold, was taken back at 0.84 in the root's LP and completed; the root
  fell 94.82 -> 94.38, and 93 -> 92 after 120 rounds). On the full deals measured (0 and 3)
  the root's LP took back only a card the slots allow, and nothing moved. Measured on the
  default path (``solve_deal``, 2026-11-26, CPU of one process, ``nice``, the machine loaded
  at 3-7 on 2 cores, without the rows then with them): 2-round deal 3 80/83 (130 s) ->
  80/82 (132 s); deal 8 proven 89 both, 131 -> 73 s; full deal 0 162/183 both (211 and
  209 s). With the rows only: 2-round deals 0 and 1 91/91 (61 s) and 89/94 (173 s), full
  deals 1-4 169/184, 175/193, 154/176, 149/172 (178-264 s): main's answers. Since the full
  deals play their whole master (``BranchAndPrice.root_whole_game``) the rows change answers
  both ways through the column pool (one run each, rows off / on): full deal 0 162/183 /
  **175/183** (its 8th completion); 2-round deal 2 94/94 in 54 s / **91/94** in 106 s (94/94
  again since 2-round deals also play the whole master after their rounds, 2026-11-27).
* **Ranges** on the score's aggregate terms, the branching of the branch and price:
  completed cards per colour, red and green gems, a torch crossed in each open round, the
  skulls crossed. Pyramid points are priced by the concave hull of their steps over the
  colour's range only, so a range of one count scores it exactly; a range that the
  node's columns cannot meet is kept feasible by artificial columns priced at ``-BIG``,
  whose duals then drive the bound down.

For any prices ``y >= 0`` weak duality gives the bound (``Node.lagrangian``): the rows'
right-hand sides at ``y``, each card's best plan at ``y`` (or none), each score variable at
its best. Column generation (``Node.solve``) lowers it; stopping early leaves a valid bound.

>>> import cards_data
>>> from games.pyramids import make_deal
>>> from solvers.pyramids.position import SoloPosition
>>> data = cards_data.load("pyramids")
>>> deal = make_deal(players=1, seed=3, data=data, rounds=1, steps_per_round=3)
>>> space = Space(SoloPosition.from_deal(deal, data), data)
>>> node = Node(space, space.root_ranges()[0])
>>> bound, _ = node.solve([], iterations=40)
>>> bound >= 0
True
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field, replace

import numpy as np

from cards_data.pyramids import PyramidsData
from games.errors import SolverFault
from games.protocol import CHANCE
from games.pyramids import Cross, Keep, PyramidsState, Take, parse_move
from games.pyramids.rules import shape_masks
from grids.cells import cells_of, distances, popcount
from solvers.clock import expired

from .. import interrupt

from .bound import RowKey, pyramid_points
from .master import AT_LOWER, BASIC, MasterLP, integral_master
from .instance import QueueWindows
from .position import SoloPosition
from .pricing import Prices, card_values, trace_plan
from .tables import ICON_ORDER, CardTable, card_table

__all__ = ["Space", "Node", "Ranges", "CardPlan", "Solution", "Basis", "BIG", "hull",
           "skull_lines", "plans_of"]

_RED, _GREEN, _TORCH, _SKULL, _POTION, _CROSS = (ICON_ORDER.index(n) for n in (
    "red_gem", "green_gem", "torch", "skull", "potion", "red_cross"))
#: The objective of an artificial column (a range the node's columns cannot meet).
BIG = 1000.0
#: A branching term of ``Ranges.narrowed``: a name, then its colour or round, or for the
#: card-level terms the pool index and step.
Term = tuple[str, *tuple[int, ...]]


@dataclass(frozen=True)
class ReturnRow:
    """A return-slot row of a dealt pool card (``Space._returns``): at each step ``e``,
    ``retaken * [card retaken by e] + kept * sum(kept: the dealt cards ``smaller``) -
    completions before e <= takes + constant``."""

    card: int
    retaken: float
    kept: float
    smaller: tuple[int, ...]
    constant: float


#: A score variable of a node's master: objective, lower and upper bounds, its rows.
ScoreTerm = tuple[float, float, float, dict[RowKey, int]]


def hull(data: PyramidsData, lo: int, hi: int) -> list[tuple[float, float]]:
    """``(slope, intercept)`` lines whose minimum is the upper concave hull of
    ``pyramid_points`` over the counts ``lo..hi`` (exact at every integer there)."""
    points = [(n, pyramid_points(data, n)) for n in range(lo, hi + 1)]
    upper: list[tuple[int, int]] = []
    for p in points:
        while len(upper) >= 2:
            (x1, y1), (x2, y2) = upper[-2], upper[-1]
            if (y2 - y1) * (p[0] - x1) <= (p[1] - y1) * (x2 - x1):
                upper.pop()
            else:
                break
        upper.append(p)
    lines = [(float(y2 - y1) / (x2 - x1), y1 - float(y2 - y1) / (x2 - x1) * x1)
             for (x1, y1), (x2, y2) in zip(upper, upper[1:])]
    if not lines or lines[-1][0] > 0:
        lines.append((0.0, float(upper[-1][1])))
    return lines


def skull_lines(data: PyramidsData) -> list[tuple[float, float]]:
    """``(slope, intercept)`` lines whose maximum is the lower convex hull of the skull
    penalty of a track of ``k`` skulls (``k = 0..10``): never above the penalty there.

    >>> import cards_data
    >>> skull_lines(cards_data.load("pyramids"))
    [(0.5, 0.0), (1.0, -2.0), (2.0, -10.0)]
    """
    points = list(enumerate([0] + list(data.skull_penalties)))
    lower: list[tuple[int, int]] = []
    for p in points:
        while len(lower) >= 2:
            (x1, y1), (x2, y2) = lower[-2], lower[-1]
            if (y2 - y1) * (p[0] - x1) >= (p[1] - y1) * (x2 - x1):
                lower.pop()
            else:
                break
        lower.append(p)
    return [(float(y2 - y1) / (x2 - x1), y1 - float(y2 - y1) / (x2 - x1) * x1)
            for (x1, y1), (x2, y2) in zip(lower, lower[1:])]


@dataclass(frozen=True)
class Ranges:
    """The ranges a node keeps the score's aggregate terms in (totals of the whole game,
    the position's counts included): per colour the completed cards, red and green gems
    (uncapped counts), per round whether a torch is crossed (``(0, 0)``, ``(1, 1)`` or
    ``(0, 1)``), and the skull track's ``k0 + S``."""

    colours: tuple[tuple[int, int], ...]
    red: tuple[int, int]
    green: tuple[int, int]
    torches: tuple[tuple[int, int], ...]
    skulls: tuple[int, int]
    #: card-level branching, ``(kind, pool index, step, 0 or 1)``: kind ``"entry_by"``, the
    #: card is in hand by the step or not; ``"done_by"``, its tomb falls by the end of the
    #: step or not; ``"use"``, the step's main crossing is on it or not
    fixes: tuple[tuple[str, int, int, int], ...] = ()

    def narrowed(self, term: Term, lo: int, hi: int) -> "Ranges":
        """These ranges with ``term`` (``("colour", k)``, ``("red",)``, ``("green",)``,
        ``("torch", r)``, ``("skulls",)``) set to ``lo..hi``."""
        kind, *where = term
        if kind in ("entry_by", "done_by", "use"):
            return replace(self, fixes=self.fixes + ((kind, where[0], where[1], lo),))
        if kind == "colour":
            colours = list(self.colours)
            colours[where[0]] = (lo, hi)
            return replace(self, colours=tuple(colours))
        if kind == "torch":
            torches = list(self.torches)
            torches[where[0]] = (lo, hi)
            return replace(self, torches=tuple(torches))
        if kind == "red":
            return replace(self, red=(lo, hi))
        if kind == "green":
            return replace(self, green=(lo, hi))
        if kind == "skulls":
            return replace(self, skulls=(lo, hi))
        raise ValueError(f"no such term to narrow: {term}")

    def describe(self, data: PyramidsData) -> str:
        parts = [f"{c} {lo}-{hi}" for c, (lo, hi) in zip(data.colours, self.colours)]
        parts += [f"red {self.red[0]}-{self.red[1]}", f"green {self.green[0]}-{self.green[1]}",
                  "torches " + "".join("?" if lo != hi else str(lo) for lo, hi in self.torches),
                  f"skull track {self.skulls[0]}-{self.skulls[1]}"]
        parts += [f"{kind} card#{i} step {t}: {v}" for kind, i, t, v in self.fixes]
        return ", ".join(parts)


@dataclass
class CardPlan:
    """One card's plan from its entry: the steps of its main crossings, its extra boxes
    and the icons it crosses per step, when its tomb falls (``done``)."""

    card: int                # index in the space's pool
    entry: int               # the step it is in hand from
    done: int | None
    use: np.ndarray          # (T,) main crossing at step t
    extras: np.ndarray       # (T,) extra boxes at step t
    icons: np.ndarray        # (T, 6) icons crossed at step t
    regions: np.ndarray      # (T,) the card's region (table index) after step t; -1 before

    @classmethod
    def empty(cls, card: int, entry: int, T: int) -> "CardPlan":
        return cls(card, entry, None, np.zeros(T), np.zeros(T), np.zeros((T, len(ICON_ORDER))),
                   np.full(T, -1, dtype=np.int64))

    def key(self) -> tuple[int, int, int | None, bytes, bytes]:
        return (self.card, self.entry, self.done, self.regions.tobytes(), self.extras.tobytes())


@dataclass(frozen=True)
class _PoolCard:
    order: int
    first: int               # the first step it can be in hand
    start: int = 0           # its region index at ``first`` (a card in hand: its crossing)
    in_hand: bool = False    # in hand at the position (entry fixed at its step)
    dealt: bool = False      # before the keep: a dealt card (kept at 0, or taken back)
    need: int = 0            # acquisitions it needs from the position (0: in hand / kept)


class Space:
    """What every node of one position shares: the card pool with its tables, the
    completion timing, the score card so far. The tables are built before ``deadline``
    (``solvers.clock``) or not at all (``tables.TablesCut``)."""

    def __init__(self, position: SoloPosition, data: PyramidsData, *,
                 deadline: float | None = None):
        self.position, self.data = position, data
        self._deadline = deadline
        self.skull_lines = skull_lines(data)
        self.T = position.T
        self.t0 = position.step
        self.rounds = position.rounds
        self.steps_per_round = position.steps_per_round
        self.colours = list(data.colours)
        self.n0 = position.colour_counts(data)
        self.pool = self._pool()
        self.tables = [card_table(data.card(c.order), deadline=deadline) for c in self.pool]
        reds = [popcount(data.card(c.order).icons["red_cross"]) for c in self.pool]
        # extras on one card in one action: at most the red crosses of the two cards in hand
        self.depth = [r + max([x for j, x in enumerate(reds) if j != i] or [0])
                      for i, r in enumerate(reds)]
        self.colour = [self.colours.index(data.card(c.order).colour) for c in self.pool]
        self.constant = (data.card_points * len(position.completed)
                         + data.torch_points * sum(position.torches))
        self.skull_room = sum(self.tables[i].icons[:, _SKULL].max() for i in range(len(self.pool)))
        self.returns = self._returns()

    # --- the pool ---------------------------------------------------------------------
    def _remaining(self, order: int, mask: int) -> int:
        """Boxes still to cross before card ``order``'s tomb (from its region ``mask``)."""
        card = self.data.card(order)
        if not mask:
            return card.shortest_path()
        dist = distances(card.open, card.tomb)
        return min(dist.get(c, 99) for c in cells_of(mask))

    def _possible(self) -> Callable[[int, int], bool]:
        """``possible(k, t)``: whether ``k`` completions by the end of step ``t`` fit the
        boxes crossable from the position (``instance.completion_possible`` from here)."""
        pos, data = self.position, self.data
        needs = sorted([self._remaining(o, m) for o, m in pos.hand]
                       + [data.card(c).shortest_path() for c, _ in pos.queue_needs(data)]
                       + [data.card(c).shortest_path() for c in pos.dealt])
        reds = sorted((popcount(c.icons["red_cross"]) for c in data.cards), reverse=True)
        cumulative: dict[int, int] = {}
        total = 0
        for t in range(self.t0, self.T):
            total += max(popcount(shape_masks(pos.shapes[t])[0]), 1)
            cumulative[t] = total

        def possible(k: int, t: int) -> bool:
            if k <= 0:
                return True
            if t < self.t0 or k > len(needs):
                return False
            return sum(needs[:k]) <= cumulative[t] + sum(reds[:k + 2])

        return possible

    def _pool(self) -> list[_PoolCard]:
        pos, data = self.position, self.data
        if pos.over:
            return []
        t0, T = pos.step, pos.T
        possible = self._possible()
        table_of: dict[int, CardTable] = {}
        pool = []
        for order, mask in pos.hand:
            table = table_of.setdefault(order, card_table(data.card(order),
                                                          deadline=self._deadline))
            pool.append(_PoolCard(order, t0, table.index(mask), in_hand=True))

        def first(need: int) -> int:
            owed = need - pos.takes
            return next((e for e in range(t0, T) if possible(owed, e - 1)), T)

        back = pos.returned_needs(data) if pos.keep_pending else 0
        for order in pos.dealt:
            pool.append(_PoolCard(order, 0, dealt=True, need=back))
        for order, need in pos.queue_needs(data):
            e = first(need)
            if e < T:
                pool.append(_PoolCard(order, e, need=need))
        return pool

    def _returns(self) -> list[ReturnRow]:
        """The return-slot rows of the dealt cards (module docstring, "Return slots"): per
        dealt pool card ``i``, ``(i, a, b, smaller, c)`` for the row, at each step ``e``,
        ``a * [i retaken by e] + b * [kept among smaller] - completions before e
        <= takes + c``; none when the two slots need the same (the window rows say it)."""
        pos, data = self.position, self.data
        if not pos.keep_pending or len(pos.return_positions) != 2 \
                or len(pos.dealt) - data.keep != 2:
            return []
        n0, n1 = (QueueWindows.needed(p, data.display) for p in pos.return_positions)
        if n0 == n1:
            return []
        dealt = [i for i, c in enumerate(self.pool) if c.dealt]
        rows = []
        for i in dealt:
            smaller = tuple(j for j in dealt if self.pool[j].order < self.pool[i].order)
            m = len(smaller)
            if n1 > n0:  # j r >= j + m r - m
                rows.append(ReturnRow(i, n0 + (n1 - n0) * m, -(n1 - n0), smaller, 0.0))
            else:  # j r <= j
                rows.append(ReturnRow(i, n0, n0 - n1, smaller, (n0 - n1) * m))
        return rows

    def root_ranges(self) -> list[Ranges]:
        """The root's ranges: everything open, split on the skull track (``<= 10`` or
        ``>= 11`` from here, the second only when enough skulls can still be crossed)."""
        pos, data = self.position, self.data
        track = len(data.skull_penalties)
        colours = tuple((n, n + len(self.pool)) for n in self.n0)
        red = (pos.red, pos.red + 10 * len(self.pool) * 25)
        green = (pos.green, pos.green + 10 * len(self.pool) * 25)
        torches = tuple((1, 1) if pos.torches[r] else ((0, 1) if pos.torch_open(r) else (0, 0))
                        for r in range(self.rounds))
        low = Ranges(colours, red, green, torches, (pos.skulls, track))
        out = [low]
        if pos.skulls + self.skull_room > track:
            out.append(replace(low, skulls=(track + 1, pos.skulls + self.skull_room)))
        return out


class Node:
    """The relaxation under one set of ``Ranges`` (module docstring)."""

    def __init__(self, space: Space, ranges: Ranges):
        self.space, self.ranges = space, ranges
        self.high_skulls = ranges.skulls[0] > len(space.data.skull_penalties)
        self._rows()

    # --- rows ---------------------------------------------------------------------------
    def _rows(self) -> None:
        sp, rg, data = self.space, self.ranges, self.space.data
        T, t0, K = sp.T, sp.t0, len(sp.colours)
        pos = sp.position
        track = len(data.skull_penalties)
        self.hulls = [hull(data, lo, min(hi, lo + len(sp.pool))) for lo, hi in rg.colours]
        self.open_rounds = [r for r in range(sp.rounds) if rg.torches[r] != (0, 0)
                            and not pos.torches[r] and pos.torch_open(r)]
        keys: list[RowKey] = ([("step", t) for t in range(t0, T)] + [("hand", t) for t in range(t0, T)]
                + [("extra", t) for t in range(t0, T)] + [("acq", e) for e in range(t0, T)]
                + ["red", "green", "pair_red", "pair_green"]
                + [("torch", r) for r in self.open_rounds]
                + [("pp", k, j) for k in range(K) for j in range(len(self.hulls[k]))]
                + [("sk", j) for j in range(len(sp.skull_lines))]
                + [("cmax", k) for k in range(K)] + [("cmin", k) for k in range(K)]
                + ["rmax", "rmin", "gmax", "gmin", "smax", "smin"]
                + [("tmin", r) for r in self.open_rounds] + [("tmax", r) for r in range(sp.rounds)
                                                             if not pos.torches[r]]
                + [("fix", j) for j in range(len(rg.fixes))])
        rows = {k: i for i, k in enumerate(keys)}
        self.window = [(i, e) for i, c in enumerate(sp.pool) if c.need > 1
                       for e in range(max(c.first, 1 if c.dealt else 0), T)]
        for i, e in self.window:
            rows["win", i, e] = len(rows)
        for k in range(len(sp.returns)):
            for e in range(max(t0, 1), T):
                rows["ret", k, e] = len(rows)
        self.coupling = len(rows)
        for i in range(len(sp.pool)):
            rows["card", i] = len(rows)
        self.rows = rows
        rhs = np.zeros(len(rows))
        for t in range(t0, T):
            rhs[rows["step", t]] = 1
            rhs[rows["hand", t]] = data.keep
        for e in range(t0, T):
            rhs[rows["acq", e]] = pos.takes
        for i, e in self.window:
            rhs[rows["win", i, e]] = pos.takes
        for k, ret in enumerate(sp.returns):
            for e in range(max(t0, 1), T):
                rhs[rows["ret", k, e]] = pos.takes + ret.constant
        rhs[rows["red"]] = pos.red
        rhs[rows["green"]] = pos.green
        for k in range(K):
            for j, (slope, intercept) in enumerate(self.hulls[k]):
                rhs[rows["pp", k, j]] = intercept + slope * sp.n0[k]
            rhs[rows["cmax", k]] = rg.colours[k][1] - sp.n0[k]
            rhs[rows["cmin", k]] = sp.n0[k] - rg.colours[k][0]
        rhs[rows["rmax"]] = rg.red[1] - pos.red
        rhs[rows["rmin"]] = pos.red - rg.red[0]
        rhs[rows["gmax"]] = rg.green[1] - pos.green
        rhs[rows["gmin"]] = pos.green - rg.green[0]
        rhs[rows["smax"]] = rg.skulls[1] - pos.skulls
        rhs[rows["smin"]] = pos.skulls - rg.skulls[0]
        for j, (a, b) in enumerate(sp.skull_lines):
            rhs[rows["sk", j]] = -b - a * (track if self.high_skulls else pos.skulls)
        for r in self.open_rounds:
            rhs[rows["tmin", r]] = -rg.torches[r][0]
        for r in range(sp.rounds):
            if ("tmax", r) in rows:
                rhs[rows["tmax", r]] = 0 if rg.torches[r][1] == 0 else 10 ** 4
        for j, (_, _, _, v) in enumerate(rg.fixes):  # yes: -count <= -1; no: count <= 0
            rhs[rows["fix", j]] = -1 if v else 0
        for i in range(len(sp.pool)):
            rhs[rows["card", i]] = 1
        self.rhs = rhs
        cap = data.gems_per_colour
        pair_bonus = data.gem_pair_points - 2 * data.single_gem_points
        # score variables: (objective, lower bound, upper bound, {row: coefficient})
        terms: list[ScoreTerm] = [
            (data.single_gem_points, 0, cap, {"red": 1, "pair_red": -1}),
            (data.single_gem_points, 0, cap, {"green": 1, "pair_green": -1})]
        if pair_bonus > 0:
            terms.append((pair_bonus, 0, cap, {"pair_red": 1, "pair_green": 1}))
        terms += [(data.torch_points, 0, 1, {("torch", r): 1}) for r in self.open_rounds]
        most = pyramid_points(data, 10 ** 6)
        for k in range(K):
            # below the range's counts (kept out by its artificial) the hull may go negative
            least = min(0.0, min(b + a * sp.n0[k] for a, b in self.hulls[k]))
            terms.append((1, least, most, {("pp", k, j): 1 for j in range(len(self.hulls[k]))}))
        terms.append((-1, 0, max(data.skull_penalties),
                      {("sk", j): -1 for j in range(len(sp.skull_lines))}))
        artificial = [("cmin", k) for k in range(K)] + ["rmin", "gmin", "smin"]
        artificial += [("tmin", r) for r in self.open_rounds]
        artificial += [("fix", j) for j, f in enumerate(rg.fixes) if f[3]]
        terms += [(-BIG, 0, 10 ** 4, {key: -1}) for key in artificial]
        self.terms = terms
        # each term's name, the same at every node (its rows may differ: the hull's lines)
        self.term_keys: list[Hashable] = (
            ["red gems", "green gems"] + (["gem pairs"] if pair_bonus > 0 else [])
            + [("torch", r) for r in self.open_rounds] + [("pp", k) for k in range(K)]
            + ["skulls"] + [("artificial", key) for key in artificial])
        self.term_lower = np.array([t[1] for t in terms], dtype=float)
        self.term_upper = np.array([t[2] for t in terms], dtype=float)
        term_cols = np.zeros((len(rows), len(terms)))
        for j, (_, _, _, coefficients) in enumerate(terms):
            for key, c in coefficients.items():
                term_cols[rows[key], j] = c
        self.term_cols = term_cols

    # --- columns ------------------------------------------------------------------------
    def columns(self, plans: Sequence[CardPlan]) -> tuple[np.ndarray, np.ndarray]:
        """The master columns of card plans (one per column of the matrix, rows as
        ``self.rows``) and their objectives (card points), all at once: a node starts
        from the whole pool, a thousand plans and more."""
        sp, rows = self.space, self.rows
        T, t0, pool = sp.T, sp.t0, sp.pool
        P = len(plans)
        matrix = np.zeros((len(rows), P))
        if not P:
            return matrix, np.zeros(0)
        card = np.array([p.card for p in plans])
        entry = np.array([p.entry for p in plans])
        done = np.array([-1 if p.done is None else p.done for p in plans])
        finished = done >= 0
        use = np.stack([p.use for p in plans])       # (P, T)
        extras = np.stack([p.extras for p in plans])  # (P, T)
        icons = np.stack([p.icons for p in plans])    # (P, T, 6)
        at = np.arange(P)
        matrix[np.array([rows["card", i] for i in range(len(pool))])[card], at] = 1
        steps = np.arange(t0, T)[:, None]  # (T - t0, 1) against the plans' (P,)
        matrix[[rows["step", t] for t in range(t0, T)]] = use[:, t0:].T
        matrix[[rows["extra", t] for t in range(t0, T)]] = (extras - icons[:, :, _CROSS])[:, t0:].T
        end = np.where(finished, done + 1, T)
        matrix[[rows["hand", t] for t in range(t0, T)]] = (entry <= steps) & (steps < end)
        in_hand = np.array([c.in_hand for c in pool])[card]
        dealt = np.array([c.dealt for c in pool])[card]
        acquired = ~in_hand & ~(dealt & (entry == 0))
        gone = finished & (done <= steps - 1)  # completed before step e: its slot came back
        matrix[[rows["acq", e] for e in range(t0, T)]] = (
            (acquired & (entry <= steps)).astype(float) - gone)
        # the window and return rows a block at a time (a row at a time, the fixed cost of
        # a round's few new plans was about 1 ms: 82 window rows on the 2-round deal 8);
        # the same operations entry by entry, so the same floats
        if self.window:
            cards, ends = (np.array(column)[:, None] for column in zip(*self.window))
            need = np.array([[float(pool[i].need)] for i, _ in self.window])
            mine = (card == cards) & acquired & (entry <= ends)
            matrix[[rows["win", i, e] for i, e in self.window]] = (
                mine * need - (finished & (done <= ends - 1)))
        first = max(t0, 1)
        if sp.returns and first < T:
            later = np.arange(first, T)[:, None]  # the steps e >= 1
            back = finished & (done <= later - 1)
            for k, ret in enumerate(sp.returns):
                kept = np.isin(card, ret.smaller) & (entry == 0)
                mine = (card == ret.card) & (entry >= 1) & (entry <= later)
                matrix[[rows["ret", k, e] for e in range(first, T)]] = (
                    ret.retaken * mine + ret.kept * kept - back)
        totals = icons.sum(axis=1)  # (P, 6)
        red, green, skull = totals[:, _RED], totals[:, _GREEN], totals[:, _SKULL]
        matrix[rows["red"]], matrix[rows["green"]] = -red, -green
        matrix[rows["rmax"]], matrix[rows["rmin"]] = red, -red
        matrix[rows["gmax"]], matrix[rows["gmin"]] = green, -green
        matrix[rows["smax"]], matrix[rows["smin"]] = skull, -skull
        skulls = np.zeros(P) if self.high_skulls else skull
        for j, (a, _) in enumerate(sp.skull_lines):
            matrix[rows["sk", j]] = a * (skulls - 2 * totals[:, _POTION])
        spr = sp.steps_per_round
        for r in range(sp.rounds):
            crossed = icons[:, r * spr:(r + 1) * spr, _TORCH].sum(axis=1)
            if r in self.open_rounds:
                matrix[rows["torch", r]] = -crossed
                matrix[rows["tmin", r]] = -crossed
            if ("tmax", r) in rows:
                matrix[rows["tmax", r]] = crossed
        colour = np.array(sp.colour)[card]
        for k in range(len(sp.colours)):
            mine = finished & (colour == k)
            for j, (slope, _) in enumerate(self.hulls[k]):
                matrix[rows["pp", k, j], mine] = -slope
            matrix[rows["cmax", k], mine] = 1
            matrix[rows["cmin", k], mine] = -1
        for j, (kind, i, t, v) in enumerate(self.ranges.fixes):
            mine = card == i
            if kind == "use":
                hit = use[:, t]
            elif kind == "done_by":
                hit = (finished & (done <= t)).astype(float)
            else:
                hit = (entry <= t).astype(float)
            matrix[rows["fix", j], mine] = (-hit if v else hit)[mine]
        return matrix, np.where(finished, float(sp.data.card_points), 0.0)

    # --- prices -------------------------------------------------------------------------
    def prices(self, y: np.ndarray) -> Prices:
        """Per-card prices of the dual vector ``y`` (one entry per row, ``>= 0``)."""
        sp, rows, data = self.space, self.rows, self.space.data
        T, t0 = sp.T, sp.t0
        lam, mu, rho = np.zeros(T), np.zeros(T), np.zeros(T)
        for t in range(t0, T):
            lam[t], mu[t], rho[t] = y[rows["step", t]], y[rows["hand", t]], y[rows["extra", t]]
        weights = np.zeros((T, len(ICON_ORDER)))
        weights[:, _RED] = y[rows["red"]] - y[rows["rmax"]] + y[rows["rmin"]]
        weights[:, _GREEN] = y[rows["green"]] - y[rows["gmax"]] + y[rows["gmin"]]
        slope_sum = sum(a * y[rows["sk", j]] for j, (a, _) in enumerate(sp.skull_lines))
        weights[:, _SKULL] = -y[rows["smax"]] + y[rows["smin"]] - (0.0 if self.high_skulls
                                                                   else slope_sum)
        weights[:, _POTION] = 2 * slope_sum
        weights[:, _CROSS] = rho
        spr = sp.steps_per_round
        for t in range(t0, T):
            r = t // spr
            w = 0.0
            if r in self.open_rounds:
                w += y[rows["torch", r]] + y[rows["tmin", r]]
            if ("tmax", r) in rows:
                w -= y[rows["tmax", r]]
            weights[t, _TORCH] = w
        colour_value = [sum(slope * y[rows["pp", k, j]] for j, (slope, _) in enumerate(self.hulls[k]))
                        - y[rows["cmax", k]] + y[rows["cmin", k]] for k in range(len(sp.colours))]
        reward = np.zeros(T)  # a completion at step f frees the acquisitions after f
        entry = [np.zeros(T) for _ in sp.pool]
        for e in range(t0, T):
            price = y[rows["acq", e]]
            if price:
                reward[:e] += price
                for i, c in enumerate(sp.pool):
                    if not c.in_hand:
                        entry[i][1 if c.dealt else 0: e + 1] += price
        for i, e in self.window:
            price = y[rows["win", i, e]]
            if price:
                reward[:e] += price
                c = sp.pool[i]
                entry[i][1 if c.dealt else 0: e + 1] += c.need * price
        for k, ret in enumerate(sp.returns):
            for e in range(max(t0, 1), T):
                price = y[rows["ret", k, e]]
                if price:
                    reward[:e] += price
                    entry[ret.card][1: e + 1] += ret.retaken * price
                    for j in ret.smaller:
                        entry[j][0] += ret.kept * price
        done = [data.card_points + colour_value[sp.colour[i]] + reward for i in range(len(sp.pool))]
        lam_card: dict[int, np.ndarray] = {}
        for j, (kind, i, t, v) in enumerate(self.ranges.fixes):
            price = y[rows["fix", j]] * (1 if v else -1)  # what a hit earns
            if kind == "done_by":
                done[i] = done[i].copy()
                done[i][: t + 1] += price
            elif kind == "entry_by":
                entry[i][: t + 1] -= price
            else:
                lam_card.setdefault(i, lam.copy())[t] -= price
        return Prices(lam, mu, rho, weights, done, entry, lam_card)

    # --- the pricing problem ---------------------------------------------------------
    def best_plan(self, i: int, prices: Prices) -> tuple[float, CardPlan | None]:
        """Pool card ``i``'s best plan at ``prices`` (``solvers.pyramids.pricing``): its
        value (0 for no plan) and the plan when it is worth more than nothing."""
        sp = self.space
        card, table, shapes = sp.pool[i], sp.tables[i], sp.position.shapes
        value, closed = card_values(table, i, prices, shapes, first=card.first,
                                    depth=sp.depth[i])
        if card.in_hand:
            best, entry = float(value[card.first][card.start]), card.first
        else:
            best, entry = 0.0, None
            for t in range(sp.T - 1, card.first - 1, -1):
                v = float(value[t][0] - prices.entry[i][t])
                if v > best + 1e-9:
                    best, entry = v, t
        if entry is None or best <= 1e-9:
            return max(0.0, best), None
        region = card.start if card.in_hand else 0
        steps = trace_plan(table, i, prices, shapes, closed, entry=entry, region=region,
                           depth=sp.depth[i])
        return best, CardPlan(i, entry, steps.done, steps.use, steps.extras, steps.icons,
                              steps.regions)

    # --- the bound ------------------------------------------------------------------------
    def lagrangian(self, y: np.ndarray, values: list[float]) -> float:
        """Weak duality at ``y`` (module docstring), the position's score so far included."""
        total = self.space.constant + float(self.rhs[: self.coupling] @ y[: self.coupling])
        total += sum(max(0.0, v) for v in values)
        reduced = np.array([t[0] for t in self.terms]) - y @ self.term_cols
        total += float(np.maximum(reduced * self.term_upper, reduced * self.term_lower).sum())
        return total

    def solve(self, plans: list[CardPlan], *, iterations: int, floor: float = -math.inf,
              smoothing: float = 0.5, deadline: float | None = None,
              start: "Basis | None" = None, keep_basis: bool = False
              ) -> tuple[float, "Solution"]:
        """Column generation from the card plans ``plans`` (extended in place with the new
        columns): ``(bound, solution)``. Stops after ``iterations`` master solves, when no
        column improves the master, when the bound falls to ``floor`` (a node that
        cannot beat the incumbent), or after the first round once ``deadline`` (a
        ``time.monotonic()`` instant) has passed or a stop was requested
        (``solvers.interrupt``: Ctrl-C): each round's bound is valid. ``start``: another
        node's final basis (its parent's), the first master solve's starting point;
        ``keep_basis``: the solution keeps the final basis (``Solution.basis``) for a
        child to start from."""
        if iterations < 1:  # no round, no solution (and no bound) to return
            raise ValueError(f"column generation needs at least one round, not {iterations}")
        master = MasterLP(self.term_cols, self.rhs, costs=[t[0] for t in self.terms],
                          lower=self.term_lower, upper=self.term_upper)
        master.add_many(*self.columns(plans))
        if start is not None:
            master.start_from(*self._mapped(start, plans))
        best, lp = math.inf, math.inf
        center: np.ndarray | None = None
        solution = Solution(np.zeros(0), math.inf)  # the first round replaces it
        converged = False
        done = 0
        for done in range(1, iterations + 1):
            # the deadline, or Ctrl-C: the best bound so far (a first round is always solved)
            if done > 1 and (expired(deadline) or interrupt.requested()):
                done -= 1
                break
            value, x, y = master.solve()
            lp = value + self.space.constant
            solution = Solution(x[len(self.terms):].copy(), lp)
            added = 0
            # Wentges smoothing: price between the best prices so far and the LP's duals;
            # a round that finds no column priced that way retries at the LP's duals
            for weight in ((smoothing, 0.0) if center is not None else (0.0,)):
                point = y if weight == 0.0 or center is None else weight * center + (1 - weight) * y
                prices = self.prices(point)
                values = []
                candidates = []
                for i in range(len(self.space.pool)):
                    value, found = self.best_plan(i, prices)
                    values.append(value)
                    if found is not None:
                        candidates.append(found)
                if candidates:
                    # the round's plans as one block: one pass over the rows (a column at a
                    # time was about a tenth of a round), the same columns in the same order
                    cols, objs = self.columns(candidates)
                    # improves the master at its own duals (each column's own dot product,
                    # as when they came one at a time: the same sums to the last bit)
                    better = np.array([objs[j] - np.ascontiguousarray(cols[:, j]) @ y > 1e-6
                                       for j in range(len(candidates))])
                    if better.any():
                        master.add_many(cols[:, better], objs[better])
                        plans.extend(p for p, b in zip(candidates, better) if b)
                        added += int(better.sum())
                bound = self.lagrangian(point, values)
                if bound < best:
                    best, center = bound, point
                if added:
                    break
            if not added:
                converged = True
                break
            if best <= floor or best <= lp + 1e-6:
                converged = best <= lp + 1e-6
                break
        solution.converged, solution.iterations = converged, done
        final = master.basis() if keep_basis else None
        if final is not None:
            columns, rows = final
            k = len(self.terms)
            solution.basis = Basis({key: int(rows[i]) for key, i in self.rows.items()},
                                   dict(zip(self.term_keys, (int(v) for v in columns[:k]))),
                                   plans, columns[k:])
        return best, solution

    def _mapped(self, start: "Basis", plans: Sequence[CardPlan]
                ) -> tuple[list[int], list[int]]:
        """``start``'s statuses on this node's columns (terms, then ``plans``) and rows, by
        name: a row or term it lacks is basic (a row) or at its lower bound; so is a plan
        it did not hold. ``MasterLP.start_from`` repairs what is then not a basis."""
        index = {id(plan): j for j, plan in enumerate(start.plans[:len(start.columns)])}
        columns = [start.terms.get(key, AT_LOWER) for key in self.term_keys]
        columns += [int(start.columns[index[id(plan)]]) if id(plan) in index else AT_LOWER
                    for plan in plans]
        return columns, [start.rows.get(key, BASIC) for key in self.rows]

    def integral(self, plans: Sequence[CardPlan], *, node_limit: int,
                 time_limit: float | None = None, exact_points: bool = False
                 ) -> np.ndarray | None:
        """The master over ``plans`` with one whole plan or none per card (the rows hold
        that already; only the weights become whole), solved by ``integral_master``: the
        plans' weights (0 or 1), or ``None`` when no solution was found or it needs an
        artificial column (the node's ranges met by no choice of these plans).

        ``exact_points``: each colour's pyramid points exact at its whole count (a 0/1
        variable per milestone, reached only when the colour's completions meet it)
        instead of the concave hull, which credits an odd count half a milestone (one
        purple completion 5 points, three 13): on full deal 4 the hull's whole master
        picked 7 completions, a lone purple among them, played to 141, the exact one 6
        completions played to 151 (the default's plan 149; 2026-11-27, helper pfull;
        full deals 1, 6 and 9 rose too, ``benchmarks.pyramids_sides``). The root's
        integral dive of 2-round deals keeps the hull: with exact points there it gave the
        same plans on the bench's deals 0-6 and deal 2's proof took 69 s of CPU against 58
        (2026-11-27, one run each, the machine otherwise idle)."""
        if not plans:
            return None
        cols, objs = self.columns(plans)
        k = len(self.terms)
        matrix = np.hstack([self.term_cols, cols])
        rhs = self.rhs
        costs = np.concatenate([[t[0] for t in self.terms], objs])
        lower = np.concatenate([self.term_lower, np.zeros(len(plans))])
        upper = np.concatenate([self.term_upper, np.ones(len(plans))])
        integral = np.concatenate([np.zeros(k), np.ones(len(plans))])
        if exact_points:
            matrix, rhs, costs, lower, upper, integral = self._exact_points(
                matrix, rhs, costs, lower, upper, integral)
        x = integral_master(matrix, rhs, costs, lower, upper, integral,
                            node_limit=node_limit, time_limit=time_limit)
        if x is None or any(x[j] > 1e-6 for j, t in enumerate(self.terms) if t[0] == -BIG):
            return None
        return np.round(x[k:k + len(plans)])

    def _exact_points(self, matrix: np.ndarray, rhs: np.ndarray, costs: np.ndarray,
                      lower: np.ndarray, upper: np.ndarray, integral: np.ndarray
                      ) -> tuple[np.ndarray, ...]:
        """The whole master (``integral``'s arrays) with each colour's pyramid points at
        most the milestones reached: 0/1 columns ``z[k, m]`` (milestone ``m`` of colour
        ``k``), rows ``points_k - sum_m points_m z[k, m] <= 0`` and ``need_m z[k, m] -
        completions_k <= n0_k``."""
        sp, data = self.space, self.space.data
        milestones = list(zip(data.pyramid_milestones, data.pyramid_points))
        K, M = len(sp.colours), len(milestones)
        width = matrix.shape[1]
        extra_rows = np.zeros((K * (M + 1), width + K * M))
        extra_rhs = np.zeros(K * (M + 1))
        for c in range(K):
            term = next(j for j, t in enumerate(self.terms) if ("pp", c, 0) in t[3])
            row = c * (M + 1)
            extra_rows[row, term] = 1.0
            count = matrix[self.rows["cmax", c]].copy()  # 1 for each completing plan of c
            count[: len(self.terms)] = 0.0
            for m, (need, points) in enumerate(milestones):
                z = width + c * M + m
                extra_rows[row, z] = -float(points)
                extra_rows[row + 1 + m, :width] = -count
                extra_rows[row + 1 + m, z] = float(need)
                extra_rhs[row + 1 + m] = float(sp.n0[c])
        matrix = np.vstack([np.hstack([matrix, np.zeros((matrix.shape[0], K * M))]), extra_rows])
        return (matrix, np.concatenate([rhs, extra_rhs]), np.concatenate([costs, np.zeros(K * M)]),
                np.concatenate([lower, np.zeros(K * M)]), np.concatenate([upper, np.ones(K * M)]),
                np.concatenate([integral, np.ones(K * M)]))

    def aggregates(self, solution: "Solution", plans: list[CardPlan]) -> "Aggregates":
        """The score's aggregate terms at the master's solution (totals of the game)."""
        sp, pos = self.space, self.space.position
        spr = sp.steps_per_round
        colours = [float(n) for n in sp.n0]
        red, green, skulls = float(pos.red), float(pos.green), float(pos.skulls)
        torches = [float(t) for t in pos.torches]
        for w, plan in zip(solution.x, plans):
            if w <= 1e-9:
                continue
            totals = plan.icons.sum(axis=0)
            if plan.done is not None:
                colours[sp.colour[plan.card]] += w
            red += w * totals[_RED]
            green += w * totals[_GREEN]
            skulls += w * totals[_SKULL]
            for r in range(sp.rounds):
                if not pos.torches[r]:
                    torches[r] += w * plan.icons[r * spr:(r + 1) * spr, _TORCH].sum()
        return Aggregates(colours, red, green, skulls, torches)


def plans_of(space: Space, state: PyramidsState, moves: Sequence[str]) -> list[CardPlan]:
    """The card plans of a legal continuation: ``moves`` (text) played from the engine
    ``state`` of the space's position (not changed). Together they meet every row, so a
    master holding them is a real game's score at the least."""
    T, data = space.T, space.data
    index = {c.order: i for i, c in enumerate(space.pool)}
    state = state.clone()
    plans: dict[int, CardPlan] = {}

    def plan(order: int, entry: int) -> CardPlan:
        if order not in index:
            raise SolverFault(f"card {order} is crossed but outside the relaxation's pool")
        if order not in plans:
            plans[order] = CardPlan.empty(index[order], entry, T)
        return plans[order]

    for order, _ in space.position.hand:
        plan(order, space.t0)
    t = space.t0
    for text in moves:
        while state.current_player() == CHANCE:
            state.apply(state.chance_outcomes()[0][0])
        move = parse_move(state, text)
        if isinstance(move, Keep):
            for order in move.cards:
                plan(order, 0)
        elif isinstance(move, Take):
            order = move.card or state.deck[0]
            if t < T:  # a card taken after the last step is never crossed
                plan(order, t)
        elif isinstance(move, Cross):
            seat = state.seats[0]
            before = dict(zip(seat.hand, seat.masks))
            new = {move.card: move.cells}
            for order, cell in move.extras:
                new[order] = new.get(order, 0) | 1 << cell
            plan(move.card, t).use[t] = 1
            for order, cells in new.items():
                p = plan(order, t)
                card = data.card(order)
                p.icons[t] += [popcount(cells & card.icons[name]) for name in ICON_ORDER]
                p.extras[t] += popcount(cells) - (popcount(move.cells) if order == move.card else 0)
                if (cells | before.get(order, 0)) >> card.tomb & 1:
                    p.done = t
            for held, mask in before.items():
                if held is not None and held in plans:
                    region = mask | new.get(held, 0)
                    plans[held].regions[t] = space.tables[index[held]].index(region)
            t += 1
        state.apply(move)
    return [plans[o] for o in sorted(plans)]


@dataclass(frozen=True)
class Aggregates:
    """The score's aggregate terms at a master solution (totals of the game): completed
    cards per colour, red and green gems, the skull track, a torch crossed per round."""

    colours: list[float]
    red: float
    green: float
    skulls: float
    torches: list[float]


@dataclass
class Basis:
    """A node's final master basis, named so that another node (a child: other ranges,
    other rows, a larger pool) can start from it: HiGHS statuses (``master.AT_LOWER``...)
    per row key, per score term's name, and per plan of ``plans`` (by position: the
    columns it held, the plans appended since after them).

    Measured on the 2-round deal 8 (2026-11-27, main da472c9): the first master solve of
    each node, from HiGHS's slack basis over the whole pool (about 1,800 columns), took
    24.3 s of the 67.9 s solve (291 solves, 84 ms each), the later solves of a node 4.4
    s (866, 5 ms each). Started from the parent's basis (HiGHS's presolve off,
    ``master``), 7.0 s (21 ms each). The optimum is the same; where it is degenerate the
    duals are another optimal basis's and the search takes another path, which is why
    only the 2-round deals start from it (``master``'s docstring)."""

    rows: dict[RowKey, int]
    terms: dict[Hashable, int]
    plans: list[CardPlan]
    columns: np.ndarray


@dataclass
class Solution:
    """The master LP's solution: a weight per column (in the order of the plans), and its
    final basis when asked for (``Node.solve(keep_basis=True)``; ``None`` without HiGHS's
    module)."""

    x: np.ndarray
    lp: float
    converged: bool = False
    iterations: int = 0
    plans: list[CardPlan] = field(default_factory=list)  # what ``x`` weighs (set by the caller)
    basis: Basis | None = None
