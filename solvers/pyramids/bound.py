"""Upper bounds on the best score of a solo Pyramids deal, computed for the deal.

Two arguments, each valid on its own; ``deal_bound`` reports the smaller and which one
gave it (``source``):

**Static** (``"static"``, no search). Completions are limited by the boxes the deal's
expedition cards can cross (``instance.completion_possible``); the pyramid points of the
best split of those completions over the colours; the gems of the ``2 + completions``
richest cards of the queue, track-capped; every torch; no skull.

**Per-card tables** (``"card-tables"``, Dantzig-Wolfe / Lagrangian relaxation). Each
card's own play is solved exactly on its table of regions (``solvers.pyramids.tables``):
the steps it takes the main crossing at, the extra boxes it gets, the icons it crosses,
whether and when its tomb falls. What couples the cards is relaxed into prices:

* one main crossing per step (price ``λ_t``);
* at most two cards in hand per step (``μ_t``);
* extra boxes at a step are at most the red crosses crossed at it (``ρ_t``): a red cross
  earns ``ρ_t``, an extra box costs it (extras are allowed, not forced: a relaxation);
* the card at queue position ``p`` enters only after ``max(1, p - 3)`` completions (one
  price per card and step);
* the score's non-linear terms by their concave upper envelopes: gems
  ``(pair - 2 single)·min(R, G) + single·(R + G)`` with the track caps, one torch a round,
  pyramid points by the concave hull of their steps in the completions of a colour, and
  skulls at no cost (their penalty is never negative).

A master LP (HiGHS, ``solvers.pyramids.master``) mixes the card plans found so far
(column generation); its duals price the next plans, each card's best plan found by a
max-plus dynamic programme over (step, region) with numpy. For any prices ``y ≥ 0``,
weak duality gives the bound ``Σ rhs·y + Σ_c max(0, best plan of c at y) + Σ max of the
score-term variables at y``; it is computed at every iteration and the smallest is kept,
so stopping early (the ``iterations`` budget) still leaves a valid bound. Every row of the
relaxation holds for every legal game, which is what makes the bound valid; the tests check
it against the exhaustive baseline.

Measured on the bench's full deals: the static argument gives 238–248; the per-card tables
about 190 (seed 0: 193.0 after 73 iterations, where CP-SAT's best plan scores 158).
What the relaxation still allows: fractional mixes of card plans (about 8.5 completions
against 7 in the best plans), pyramid points on the envelope (one card of a colour counts
5), and no skulls. At the best prices found, the bound is evaluated once more with gems
and pyramid points scored exactly (``exact_master``: each card picks an outcome class, a
dynamic programme over the cards scores the totals): measured on 1-round deals 0-2 it
lowers 49.79/50.71/47.84 to 48.85/50.09/47.84, on the full deal of seed 0 not at all (the
many cards make the envelope nearly exact); optimising the prices for it was not tried.
Splitting on the keep choice (six relaxations, the bound their maximum) was measured too:
the best pair's bound equals the merged one on 1-round deals 0-2, so it only tells which
pairs are hopeless; it is not used.

>>> import cards_data
>>> from games.pyramids import make_deal
>>> data = cards_data.load("pyramids")
>>> deal = make_deal(players=1, seed=3, data=data, rounds=1, steps_per_round=3)
>>> result = deal_bound(SoloInstance.from_deal(deal, data), data, iterations=40)
>>> result.value <= result.static and result.source in SOURCES
True
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from cards_data.pyramids import PyramidsData
from games.errors import SolverFault
from games.protocol import CHANCE
from games.pyramids import Cross, Keep, Take, parse_move, state_from_deal
from grids.cells import distances, popcount
from solvers.clock import expired

from .. import interrupt
from .instance import QueueWindows, SoloInstance, completion_possible
from .master import MasterLP
from .pricing import Prices, card_values, trace_plan
from .tables import ICON_ORDER, TablesCut, card_table

__all__ = ["DealBound", "deal_bound", "static_bound", "static_parts", "StaticParts", "pyramid_points", "pyramid_hull",
           "SOURCES", "DEFAULT_BOUND_ITERATIONS"]

SOURCES = ("static", "card-tables", "cp-sat", "optimum", "branch-and-price")
#: Column-generation iterations of the default budget (each prices every card once).
DEFAULT_BOUND_ITERATIONS = 60
#: A row of a master LP (here and in ``solvers.pyramids.relax``): a name, with the step,
#: round, colour, card or line it is for.
RowKey = str | tuple[str, int] | tuple[str, int, int]
_RED, _GREEN, _TORCH, _CROSS = (ICON_ORDER.index(n) for n in
                                ("red_gem", "green_gem", "torch", "red_cross"))


def pyramid_points(data: PyramidsData, count: int) -> int:
    """Solo pyramid points of ``count`` completed cards of one colour."""
    return sum(p for need, p in zip(data.pyramid_milestones, data.pyramid_points) if count >= need)


def pyramid_hull(data: PyramidsData, most: int) -> list[tuple[float, float]]:
    """``(slope, intercept)`` lines whose minimum is the upper concave hull of
    ``pyramid_points`` over ``0..most`` completions of a colour."""
    points = [(n, pyramid_points(data, n)) for n in range(most + 1)]
    hull: list[tuple[int, int]] = []
    for p in points:
        while len(hull) >= 2:
            (x1, y1), (x2, y2) = hull[-2], hull[-1]
            if (y2 - y1) * (p[0] - x1) <= (p[1] - y1) * (x2 - x1):
                hull.pop()
            else:
                break
        hull.append(p)
    lines = []
    for (x1, y1), (x2, y2) in zip(hull, hull[1:]):
        slope = (y2 - y1) / (x2 - x1)
        lines.append((slope, y1 - slope * x1))
    lines.append((0.0, float(hull[-1][1])))
    return lines


def _pyramid_split(data: PyramidsData, completions: int) -> int:
    """The most pyramid points ``completions`` cards can earn over the colours."""
    best = {0: 0}
    for _ in data.colours:
        best = {k: max(best[j] + pyramid_points(data, k - j) for j in range(k + 1) if j in best)
                for k in range(completions + 1)}
    return max(best.values())


@dataclass(frozen=True)
class StaticParts:
    """The static bound's terms (module docstring), what a player reads of it: at most
    ``completions`` cards completed (``cards`` points), their best split over the colours
    (``pyramid`` points), ``red`` and ``green`` gems from the ``held`` richest cards that
    could be in hand, track-capped (``gems`` points), one torch a round for ``rounds``
    rounds (``torches`` points), no skull."""

    completions: int
    cards: int
    pyramid: int
    held: int
    red: int
    green: int
    gems: int
    rounds: int
    torches: int

    @property
    def total(self) -> int:
        return self.cards + self.pyramid + self.gems + self.torches


def static_parts(inst: SoloInstance, data: PyramidsData, cards: Iterable[int]) -> StaticParts:
    """The terms of :func:`static_bound`."""
    T = len(inst.shapes)
    possible = completion_possible(data, inst.shapes)
    most = 0
    while possible(most + 1, T - 1):
        most += 1
    held = data.keep + most
    counts = []
    reach = {c: sum(1 << i for i in distances(data.card(c).open, data.card(c).entrance))
             for c in cards}
    for icon in ("red_gem", "green_gem"):
        per_card = sorted((popcount(data.card(c).icons[icon] & reach[c]) for c in cards),
                          reverse=True)
        counts.append(min(data.gems_per_colour, sum(per_card[:held])))
    pairs = min(counts)
    gems = data.gem_pair_points * pairs + data.single_gem_points * (sum(counts) - 2 * pairs)
    return StaticParts(most, data.card_points * most, _pyramid_split(data, most), held,
                       counts[0], counts[1], gems, inst.rounds,
                       data.torch_points * inst.rounds)


def static_bound(inst: SoloInstance, data: PyramidsData, cards: Iterable[int]) -> int:
    """The static bound of the module docstring; ``cards`` are the cards that can ever be
    in hand (orders)."""
    return static_parts(inst, data, cards).total


@dataclass(frozen=True)
class DealBound:
    """A proven upper bound on the deal's best score: ``value`` = the smaller of the
    arguments, ``source`` the one that gave it; ``card_tables`` the relaxation's value
    (None when not computed), ``lp`` its master LP after the last iteration."""

    value: int
    source: str
    static: int
    card_tables: float | None = None
    lp: float | None = None
    iterations: int = 0
    converged: bool = False
    stopped_by_clock: bool = False
    card_prices: Prices | None = field(default=None, compare=False, repr=False)
    #: the static bound's terms (what ``best-score`` tells a player it counts)
    parts: StaticParts | None = field(default=None, compare=False, repr=False)


@dataclass(frozen=True)
class _PoolCard:
    order: int
    first: int               # first step it can be in hand
    position: int | None     # queue position (None: dealt)


@dataclass
class _Plan:
    """One card's plan as the master sees it."""

    card: int                # index in the pool
    entry: int | None
    done: int | None         # the step its tomb is crossed
    use: np.ndarray          # main crossing at step t
    extras: np.ndarray       # extra boxes at step t
    reds: np.ndarray         # red crosses crossed at step t
    icons: np.ndarray        # (T, 6) icons crossed at step t


def _pool(inst: SoloInstance, data: PyramidsData) -> list[_PoolCard]:
    """The cards that can ever be in hand: the dealt ones, then the queue positions a
    completion count can reach, each with the first step it can be in hand."""
    T = len(inst.shapes)
    windows = QueueWindows.of(inst, data)
    slots = inst.undealt_slots()
    pool = [_PoolCard(d, 0, None) for d in sorted(inst.dealt)]
    for p in range(windows.positions):
        if p in slots and windows.first_step(p) < T:
            pool.append(_PoolCard(slots[p], windows.first_step(p), p))
    return pool


class _Relaxation:
    """The per-card relaxation of one deal: the card pool, the master LP's rows and the
    pricing dynamic programme."""

    def __init__(self, inst: SoloInstance, data: PyramidsData, *, smoothing: float = 0.5,
                 deadline: float | None = None):
        self.inst, self.data = inst, data
        self.smoothing = smoothing
        self.T = len(inst.shapes)
        self.rounds = inst.rounds
        self.pool = pool = _pool(inst, data)
        self.tables = [card_table(data.card(c.order), deadline=deadline) for c in pool]
        reds = [popcount(data.card(c.order).icons["red_cross"]) for c in pool]
        # extras on one card in one action: at most the red crosses of the two cards in hand
        self.depth = [r + max([x for j, x in enumerate(reds) if j != i] or [0])
                      for i, r in enumerate(reds)]
        self.colours = list(data.colours)
        self.colour = [self.colours.index(data.card(c.order).colour) for c in pool]
        self.hull = pyramid_hull(data, min(len(pool), 2 * max(data.pyramid_milestones)))
        self._rows()

    # --- the master LP --------------------------------------------------------------
    def _rows(self) -> None:
        T, data = self.T, self.data
        rows: dict[RowKey, int] = {}
        keys: list[RowKey] = ([("step", t) for t in range(T)] + [("hand", t) for t in range(T)]
                    + [("extra", t) for t in range(T)] + ["red", "green", "pair_red",
                                                          "pair_green"]
                    + [("torch", r) for r in range(self.rounds)]
                    + [("pp", k, j) for k in range(len(self.colours))
                       for j in range(len(self.hull))])
        for key in keys:
            rows[key] = len(rows)
        # the completions the queue's cards need before they can be taken
        self.needed = {i: QueueWindows.needed(c.position, data.display)
                       for i, c in enumerate(self.pool) if c.position is not None}
        self.window = [(i, e) for i, c in enumerate(self.pool) if c.position is not None
                       for e in range(c.first, T)]
        for i, e in self.window:
            rows[("win", i, e)] = len(rows)
        self.card_rows = len(rows)
        for i in range(len(self.pool)):
            rows[("card", i)] = len(rows)
        self.rows = rows
        rhs = np.zeros(len(rows))
        for t in range(T):
            rhs[rows["step", t]] = 1
            rhs[rows["hand", t]] = data.keep
        for k in range(len(self.colours)):
            for j, (_, intercept) in enumerate(self.hull):
                rhs[rows["pp", k, j]] = intercept
        for i in range(len(self.pool)):
            rhs[rows["card", i]] = 1
        self.rhs = rhs
        # score-term variables: (objective, upper bound, {row: coefficient})
        cap = data.gems_per_colour
        pair_bonus = data.gem_pair_points - 2 * data.single_gem_points
        terms: list[tuple[float, float, dict[RowKey, int]]] = [
            (data.single_gem_points, cap, {"red": 1, "pair_red": -1}),
            (data.single_gem_points, cap, {"green": 1, "pair_green": -1})]
        if pair_bonus > 0:
            terms.append((pair_bonus, cap, {"pair_red": 1, "pair_green": 1}))
        terms += [(data.torch_points, 1, {("torch", r): 1}) for r in range(self.rounds)]
        most = pyramid_points(data, 10 ** 6)
        terms += [(1, most, {("pp", k, j): 1 for j in range(len(self.hull))})
                  for k in range(len(self.colours))]
        self.terms = terms

    def column(self, plan: _Plan) -> tuple[np.ndarray, float]:
        """The master column of a card plan and its objective (card points)."""
        rows, T = self.rows, self.T
        col = np.zeros(len(rows))
        col[rows["card", plan.card]] = 1
        for t in range(T):
            col[rows["step", t]] = plan.use[t]
            col[rows["extra", t]] = plan.extras[t] - plan.reds[t]
        if plan.entry is not None:
            end = T if plan.done is None else plan.done + 1
            for t in range(plan.entry, end):
                col[rows["hand", t]] = 1
        col[rows["red"]] = -plan.icons[:, _RED].sum()
        col[rows["green"]] = -plan.icons[:, _GREEN].sum()
        steps = self.inst.steps_per_round
        for r in range(self.rounds):
            col[rows["torch", r]] = -plan.icons[r * steps:(r + 1) * steps, _TORCH].sum()
        if plan.done is not None:
            k = self.colour[plan.card]
            for j, (slope, _) in enumerate(self.hull):
                col[rows["pp", k, j]] = -slope
        for i, e in self.window:
            key = rows["win", i, e]
            if i == plan.card and plan.entry is not None and plan.entry <= e:
                col[key] += self.needed[i]
            if plan.done is not None and plan.done <= e - 1:
                col[key] -= 1
        return col, float(self.data.card_points if plan.done is not None else 0)

    # --- prices ---------------------------------------------------------------------
    def prices(self, y: np.ndarray, *, exact_scores: bool = False) -> Prices:
        """The per-card prices of the dual vector ``y`` (one entry per row, ``≥ 0``); with
        ``exact_scores`` gems and pyramid points are left unpriced (the exact master scores
        them, ``exact_master``)."""
        rows, T, data = self.rows, self.T, self.data
        steps = self.inst.steps_per_round
        lam = np.array([y[rows["step", t]] for t in range(T)])
        mu = np.array([y[rows["hand", t]] for t in range(T)])
        rho = np.array([y[rows["extra", t]] for t in range(T)])
        weights = np.zeros((T, len(ICON_ORDER)))
        if not exact_scores:
            weights[:, _RED] = y[rows["red"]]
            weights[:, _GREEN] = y[rows["green"]]
        for t in range(T):
            weights[t, _TORCH] = y[rows["torch", t // steps]]
            weights[t, _CROSS] = rho[t]
        colour_value = [0.0 if exact_scores else
                        sum(slope * y[rows["pp", k, j]] for j, (slope, _) in enumerate(self.hull))
                        for k in range(len(self.colours))]
        reward = np.zeros(T)  # a completion at step f counts for the windows after f
        entry_cost = [np.zeros(T) for _ in self.pool]
        for i, e in self.window:
            price = y[rows["win", i, e]]
            if price:
                reward[:e] += price
                entry_cost[i][: e + 1] += self.needed[i] * price
        done = [data.card_points + colour_value[self.colour[i]] + reward
                for i in range(len(self.pool))]
        return Prices(lam, mu, rho, weights, done, entry_cost, y=y)

    def class_values(self, i: int, prices: Prices) -> dict[tuple[int, int, int], float]:
        """Pool card ``i``'s best plan value at ``prices`` for each outcome class
        ``(completed, red gems, green gems)`` crossed on it: a forward max-plus DP over
        (step, region), the same moves as ``best_plan``."""
        table, card = self.tables[i], self.pool[i]
        single_in, main_in = table.incoming
        T, n = self.T, table.size
        lam, mu, rho, weights = prices.lam, prices.mu, prices.rho, prices.weights
        done, entry_cost = prices.done[i], prices.entry[i]
        icons = table.icons.astype(np.float64)
        gems = table.icons[:, _RED] * 16 + table.icons[:, _GREEN]
        best_done = np.full(16 * 16, -np.inf)
        reach = np.full(n, -np.inf)
        for t in range(card.first, T):
            reach[0] = max(reach[0], -entry_cost[t])
            potential = icons @ weights[t]
            held = reach - mu[t]
            crossed = main_in[self.inst.shapes[t]].best(held - potential, n) + potential - lam[t]
            grown = np.maximum(held, crossed)
            for _ in range(self.depth[i]):
                grown = np.maximum(grown, single_in.best(grown - potential, n) + potential - rho[t])
            tomb = table.is_tomb & np.isfinite(grown)
            if tomb.any():
                np.maximum.at(best_done, gems[tomb], grown[tomb] + done[t])
            reach = np.where(table.is_tomb, -np.inf, grown)
        best_open = np.full(16 * 16, -np.inf)
        alive = np.isfinite(reach)
        np.maximum.at(best_open, gems[alive], reach[alive])
        out = {(0, 0, 0): max(0.0, best_open[0])}
        for flag, values in ((1, best_done), (0, best_open)):
            for code in np.nonzero(np.isfinite(values))[0]:
                key = (flag, int(code) // 16, int(code) % 16)
                out[key] = max(out.get(key, -math.inf), float(values[code]))
        return out

    def exact_master(self, y: np.ndarray) -> float:
        """The Lagrangian bound at ``y`` with gems and pyramid points scored exactly: every
        card picks one outcome class (``class_values``), a dynamic programme over the cards
        adds their values to the exact gem and pyramid scores of the totals. Valid for any
        ``y ≥ 0``, and never above ``lagrangian`` at the same ``y``."""
        data, rows = self.data, self.rows
        prices = self.prices(y, exact_scores=True)
        total = 0.0
        for key, row in rows.items():
            if key[0] in ("step", "hand", "extra", "win"):
                total += self.rhs[row] * y[row]
        for r in range(self.rounds):
            total += max(0.0, data.torch_points - y[rows["torch", r]])
        most = max(data.pyramid_milestones)
        cap = data.gems_per_colour
        colours = len(self.colours)
        shape = (most + 1,) * colours + (cap + 1, cap + 1)
        table = np.full(shape, -np.inf)
        table[(0,) * (colours + 2)] = 0.0
        for i in range(len(self.pool)):
            merged = np.full(shape, -np.inf)
            for (flag, red, green), value in self.class_values(i, prices).items():
                moved = table
                if flag:
                    moved = _saturating_shift(moved, self.colour[i], 1, most)
                moved = _saturating_shift(moved, colours, red, cap)
                moved = _saturating_shift(moved, colours + 1, green, cap)
                np.maximum(merged, moved + value, out=merged)
            table = merged
        score = np.zeros(shape)
        for index in np.ndindex(*shape[:colours]):
            score[index] += sum(pyramid_points(data, n) for n in index)
        reds = np.arange(cap + 1)[:, None]
        greens = np.arange(cap + 1)[None, :]
        pairs = np.minimum(reds, greens)
        score += data.gem_pair_points * pairs + data.single_gem_points * (reds + greens - 2 * pairs)
        return total + float(np.max(table + score))

    def best_plan(self, i: int, prices: Prices, *, threshold: float = math.inf
                  ) -> tuple[float, _Plan | None]:
        """The best plan of pool card ``i`` at ``prices`` (module docstring;
        ``solvers.pyramids.pricing``): its value, and the plan itself when the value
        exceeds ``threshold``."""
        table, card = self.tables[i], self.pool[i]
        value, closed = card_values(table, i, prices, self.inst.shapes, first=card.first,
                                    depth=self.depth[i])
        best, entry = 0.0, None
        for t in range(self.T - 1, card.first - 1, -1):
            v = value[t][0] - prices.entry[i][t]
            if v > best + 1e-9:
                best, entry = v, t
        if entry is None or best <= threshold:
            return best, None
        steps = trace_plan(table, i, prices, self.inst.shapes, closed, entry=entry, region=0,
                           depth=self.depth[i])
        return best, _Plan(i, entry, steps.done, steps.use, steps.extras,
                           steps.icons[:, _CROSS].copy(), steps.icons)

    def plans_of(self, deal: dict[str, Any], moves: Sequence[str]) -> list[_Plan]:
        """The card plans of a legal game (its moves, ``keep`` first): columns that satisfy
        every row together, so the first master LP is a real game's score."""
        T, data = self.T, self.data
        index = {c.order: i for i, c in enumerate(self.pool)}
        state = state_from_deal(deal, data)
        plans: dict[int, _Plan] = {}

        def plan(order: int) -> _Plan:
            if order not in index:
                raise SolverFault(f"card {order} is crossed but outside the relaxation's pool")
            if order not in plans:
                plans[order] = _Plan(index[order], None, None, np.zeros(T), np.zeros(T),
                                     np.zeros(T), np.zeros((T, len(ICON_ORDER))))
            return plans[order]

        t = 0
        for text in moves:
            while state.current_player() == CHANCE:
                state.apply(state.chance_outcomes()[0][0])
            move = parse_move(state, text)
            if isinstance(move, Keep):
                for order in move.cards:
                    plan(order).entry = 0
            elif isinstance(move, Take):
                order = move.card or state.deck[0]
                if t < T:  # a card taken after the last step is never crossed
                    plan(order).entry = t
            elif isinstance(move, Cross):
                new = {move.card: move.cells}
                for order, cell in move.extras:
                    new[order] = new.get(order, 0) | 1 << cell
                main = plan(move.card)
                main.use[t] = 1
                for order, cells in new.items():
                    p = plan(order)
                    card = data.card(order)
                    icons = [popcount(cells & card.icons[name]) for name in ICON_ORDER]
                    p.icons[t] += icons
                    p.reds[t] += icons[_CROSS]
                    p.extras[t] += popcount(cells) - (popcount(move.cells) if order == move.card else 0)
                    if cells >> card.tomb & 1:
                        p.done = t
                t += 1
            state.apply(move)
        return [plans[o] for o in sorted(plans)]

    def lagrangian(self, y: np.ndarray, values: list[float]) -> float:
        """Weak duality at ``y``: coupling rows' ``rhs·y``, each card's best plan (or none),
        each score-term variable at its best."""
        total = float(self.rhs[: self.card_rows] @ y[: self.card_rows])
        total += sum(max(0.0, v) for v in values)
        for objective, upper, coefficients in self.terms:
            reduced = objective - sum(c * y[self.rows[k]] for k, c in coefficients.items())
            total += max(0.0, reduced) * upper
        return total

    def solve(self, iterations: int, start: Sequence[_Plan] = (), deadline: float | None = None
              ) -> tuple[float, float, int, bool, Prices | None]:
        """Column generation from the card plans ``start``: ``(best bound, last LP value,
        iterations, converged, prices of the best bound)``. A ``deadline``
        (``time.monotonic()`` instant) is consulted before each iteration, the first too,
        and stops it (``self.stopped_by_clock``; no iteration done: the bound is
        ``math.inf``)."""
        self.stopped_by_clock = False
        n_rows = len(self.rows)
        term_cols = np.zeros((n_rows, len(self.terms)))
        for j, (_, _, coefficients) in enumerate(self.terms):
            for k, c in coefficients.items():
                term_cols[self.rows[k], j] = c
        master = MasterLP(term_cols, self.rhs, costs=[t[0] for t in self.terms],
                          lower=[0.0] * len(self.terms), upper=[t[1] for t in self.terms])
        for plan in start:
            master.add(*self.column(plan))
        best, lp_value = math.inf, math.inf
        best_prices: Prices | None = None
        center: np.ndarray | None = None
        self.trajectory: list[tuple[float, float]] = []
        converged = False
        done = 0
        for done in range(1, iterations + 1):
            # Ctrl-C: the best bound so far (a first round is always solved)
            if expired(deadline) or done > 1 and interrupt.requested():
                self.stopped_by_clock = True
                done -= 1
                break
            lp_value, _, y = master.solve()
            # Wentges smoothing: price between the best prices so far and the LP's duals;
            # a round that finds no column priced that way retries at the LP's duals
            for weight in ((self.smoothing, 0.0) if center is not None else (0.0,)):
                point = y if weight == 0.0 or center is None else weight * center + (1 - weight) * y
                prices = self.prices(point)
                values: list[float] = []
                added = 0
                for i in range(len(self.pool)):
                    value, found = self.best_plan(i, prices, threshold=-math.inf)
                    values.append(value)
                    if found is None:
                        continue
                    col, obj = self.column(found)
                    if obj - col @ y > 1e-6:  # improves the master at its own duals
                        master.add(col, obj)
                        added += 1
                bound = self.lagrangian(point, values)
                if bound < best:
                    best, best_prices, center = bound, prices, point
                if center is None:
                    center = point
                self.trajectory.append((round(bound, 2), round(lp_value, 2)))
                if added:
                    break
            if not added:
                converged = True
                break
        if best_prices is not None and best_prices.y is not None:
            best = min(best, self.exact_master(best_prices.y))
        return best, lp_value, done, converged, best_prices


def _saturating_shift(values: np.ndarray, axis: int, step: int, cap: int) -> np.ndarray:
    """``out[j] = max over i with min(i + step, cap) == j of values[i]`` along ``axis``."""
    if step == 0:
        return values
    moved = np.moveaxis(values, axis, 0)
    out = np.full_like(moved, -np.inf)
    if step < cap:
        out[step:cap] = moved[: cap - step]
    out[cap] = moved[max(0, cap - step):].max(axis=0)
    return np.moveaxis(out, 0, axis)


def deal_bound(inst: SoloInstance, data: PyramidsData, *,
               iterations: int = DEFAULT_BOUND_ITERATIONS, cards: Iterable[int] | None = None,
               deal: dict[str, Any] | None = None, games: Sequence[Sequence[str]] = (),
               deadline: float | None = None) -> DealBound:
    """The deal's bound (module docstring); ``iterations`` = 0 gives the static one only.

    ``cards`` (orders) are the cards that can ever be in hand, for the static argument
    (default: the per-card relaxation's pool). ``games`` are legal games of ``deal`` (move
    lists) whose card plans start the column generation; ``deadline`` is a wall-clock stop
    (a ``time.monotonic()`` instant) consulted before the tables are built and before each
    iteration and by the tables' build: once it has passed, the static bound is what is
    left, as it is when a card has too many regions for a table (``tables.MAX_REGIONS``)."""
    pool = [c.order for c in _pool(inst, data)] if cards is None else list(cards)
    parts = static_parts(inst, data, pool)
    static = parts.total
    if iterations <= 0:
        return DealBound(static, "static", static, parts=parts)
    if expired(deadline):
        return DealBound(static, "static", static, stopped_by_clock=True, parts=parts)
    try:
        relaxation = _Relaxation(inst, data, deadline=deadline)
    except TablesCut as cut:  # the clock, or a card too large for a table
        return DealBound(static, "static", static, stopped_by_clock=cut.clock, parts=parts)
    if games and deal is None:
        raise ValueError("deal_bound: the games' deal is needed to read their plans")
    start = [] if deal is None else [p for moves in games
                                     for p in relaxation.plans_of(deal, moves)]
    value, lp, done, converged, prices = relaxation.solve(iterations, start, deadline)
    clock = relaxation.stopped_by_clock
    if done == 0:
        return DealBound(static, "static", static, stopped_by_clock=clock, parts=parts)
    tables = int(math.floor(value + 1e-6))  # floating error may only loosen it
    if tables < static:
        return DealBound(tables, "card-tables", static, value, lp, done, converged, clock, prices,
                         parts=parts)
    return DealBound(static, "static", static, value, lp, done, converged, clock, prices,
                     parts=parts)
