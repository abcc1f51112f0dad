"""The pricing problem of the per-card relaxations: one card's best plan at given prices.

Both column generations of solo Pyramids, the deal's bound (``solvers.pyramids.bound``)
and the branch and price's node from any position (``solvers.pyramids.relax``), relax
what couples the cards into prices and then need, for each card, its best plan at those
prices. That plan lives on the card's table of regions (``solvers.pyramids.tables``), so
it is one backward max-plus dynamic programme over (step, region), here
(``card_values``), and one forward walk that reads the best choices back
(``trace_plan``). The two relaxations differ only in their prices (:class:`Prices`) and
where a card starts (the empty region, or its crossing when it is already in hand).

>>> import cards_data
>>> import numpy as np
>>> from solvers.pyramids.tables import card_table
>>> data = cards_data.load("pyramids")
>>> table = card_table(data.card(1))
>>> T = 2
>>> prices = Prices(lam=np.zeros(T), mu=np.zeros(T), rho=np.zeros(T),
...                 weights=np.zeros((T, 6)), done=[np.full(T, 5.0)], entry=[np.zeros(T)])
>>> value, _ = card_values(table, 0, prices, ["I3", "I3"], first=0, depth=0)
>>> float(value[0][0]) in (0.0, 5.0)  # at no price: the tomb's reward, if two crossings reach it
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np
import numpy.typing as npt

from .tables import ICON_ORDER, CardTable

__all__ = ["Prices", "PlanSteps", "card_values", "trace_plan"]

Floats = npt.NDArray[np.float64]


@dataclass(frozen=True)
class Prices:
    """The prices a card plan is valued at, from the master's dual vector ``y``.

    Per step ``t``: ``lam`` for a main crossing, ``mu`` for a card in hand, ``rho`` for an
    extra box; ``weights[t]`` what each icon (``ICON_ORDER``) crossed at ``t`` earns. Per
    pool card ``i``: ``done[i][t]`` what its tomb crossed at ``t`` earns, ``entry[i][t]``
    what being in hand from ``t`` costs, ``lam_card[i]`` its own main-crossing prices
    when a branching decision gives it some. ``y`` is the dual vector they come from."""

    lam: Floats
    mu: Floats
    rho: Floats
    weights: Floats
    done: list[Floats]
    entry: list[Floats]
    lam_card: dict[int, Floats] = field(default_factory=dict)
    y: Floats | None = None

    def lam_of(self, i: int) -> Floats:
        """Pool card ``i``'s main-crossing prices."""
        return self.lam_card.get(i, self.lam)


@dataclass
class PlanSteps:
    """One card's best plan from its entry, step by step: whether it takes the main
    crossing (``use``), its extra boxes, the icons it crosses, its region (table index;
    -1 before the entry) after each step, and the step its tomb falls (``done``)."""

    done: int | None
    use: Floats
    extras: Floats
    icons: Floats
    regions: npt.NDArray[np.int64]


def card_values(table: CardTable, i: int, prices: Prices, shapes: Sequence[str], *,
                first: int, depth: int) -> tuple[Floats, Floats]:
    """``(value, closed)``. ``value[t][r]``: the best priced plan of pool card ``i`` (table
    ``table``) from region ``r`` in hand at the start of step ``t``, for ``t >= first``
    (``value[T]`` is 0). ``shapes[t]`` is the pattern of step ``t``, ``depth`` the most
    extra boxes the card can get in one action. Region values are shifted by their icon
    potential, so every edge of the table is a plain gather. ``closed[t][d][r]``, kept for
    ``trace_plan``: the best from region ``r`` at step ``t`` once its main crossing is
    decided, with at most ``d`` extra boxes still to come (``d = 0``: the value after the
    step)."""
    T, n = len(shapes), table.size
    lam, mu, rho, weights, done = prices.lam_of(i), prices.mu, prices.rho, prices.weights, \
        prices.done[i]
    icons = table.icon_values
    value = np.zeros((T + 1, n))
    closed_layers = np.zeros((T, depth + 1, n))
    # every step's arithmetic in two work arrays and the layers themselves (``out=``), in
    # the order of ``value[t] = max(closed, best(closed + p) - p - lam) - mu``: the same
    # floats as with a new array per operation. With ``Edges.best``'s one gather, this
    # function took 0.84-0.94 of its time before (400 captured calls of each of three
    # 2-round deals, alternated in one process, 2026-11-27); the whole 2-round solves,
    # paths unchanged, 0.85-1.03 (paired runs: the rest is HiGHS and noise)
    shifted, reached = np.empty(n), np.empty(n)
    for t in range(T - 1, first - 1, -1):
        after = closed_layers[t][0]
        np.copyto(after, value[t + 1])
        np.copyto(after, done[t], where=table.is_tomb)
        potential = icons @ weights[t]
        closed = after
        for d in range(1, depth + 1):
            grown = table.single.best(np.add(closed, potential, out=shifted), n, out=reached)
            np.subtract(grown, potential, out=grown)
            np.subtract(grown, rho[t], out=grown)
            layer = np.maximum(after, grown, out=closed_layers[t][d])
            if np.array_equal(layer, closed):
                # another extra box gains nothing anywhere, so no later one can either:
                # the remaining layers are this one (about a tenth of the layers' work)
                closed_layers[t][d + 1:] = layer
                closed = layer
                break
            closed = layer
        crossed = table.main[shapes[t]].best(np.add(closed, potential, out=shifted), n,
                                             out=reached)
        np.subtract(crossed, potential, out=crossed)
        np.subtract(crossed, lam[t], out=crossed)
        np.subtract(np.maximum(closed, crossed, out=value[t]), mu[t], out=value[t])
    return value, closed_layers


def trace_plan(table: CardTable, i: int, prices: Prices, shapes: Sequence[str],
               closed: Floats, *, entry: int, region: int, depth: int) -> PlanSteps:
    """Follow the best choices of ``card_values`` (its ``closed`` layers) forward
    from step ``entry``, the card in hand in region ``region`` then. Among equal choices
    (within 1e-9) the first edge of the table wins, the main crossing only when it is
    strictly better than none."""
    T = len(shapes)
    lam, rho, weights = prices.lam_of(i), prices.rho, prices.weights
    plan = PlanSteps(None, np.zeros(T), np.zeros(T), np.zeros((T, len(ICON_ORDER))),
                     np.full(T, -1, dtype=np.int64))
    for t in range(entry, T):
        w, layers = weights[t], closed[t]

        def best_edge(j: int, targets: np.ndarray, left: int, price: float,
                      floor: float) -> tuple[float, int | None]:
            """The first edge ``j -> k`` whose value beats ``floor`` (and every earlier
            one) by more than 1e-9, with ``left`` extra boxes allowed after it."""
            best, choice = floor, None
            if len(targets):
                # the icon potentials of the few regions compared, not of the whole table
                values = (layers[left][targets] + table.icons[targets] @ w
                          - float(table.icons[j] @ w) - price)
                for k, v in zip(targets.tolist(), values.tolist()):
                    if v > best + 1e-9:
                        best, choice = v, k
            return best, choice

        def extras_from(j: int, left: int) -> list[int]:
            """The extra boxes' regions from ``j`` with ``left`` allowed (the best path)."""
            path: list[int] = []
            while left:
                _, k = best_edge(j, table.single.of_source(j), left - 1, float(rho[t]),
                                 float(layers[0][j]))
                if k is None:
                    break
                path.append(k)
                j, left = k, left - 1
            return path

        start = region
        _, main = best_edge(region, table.main[shapes[t]].of_source(region), depth,
                            float(lam[t]), float(layers[depth][region]))
        if main is not None:
            plan.use[t] = 1
            region = main
        path = extras_from(region, depth)
        plan.extras[t] = len(path)
        if path:
            region = path[-1]
        plan.icons[t] = table.icons[region] - table.icons[start]
        plan.regions[t] = region
        if table.is_tomb[region]:
            plan.done = t
            break
    return plan
