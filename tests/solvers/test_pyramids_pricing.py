"""The pricing problem of the per-card relaxations (``solvers.pyramids.pricing``): the plan
that ``trace_plan`` reads back from the dynamic programme is worth, priced step by step,
exactly what the programme says its start is worth, and it is a walk on the card's table."""

from __future__ import annotations

import numpy as np
import pytest

import cards_data
from solvers.pyramids.pricing import Prices, card_values, trace_plan
from solvers.pyramids.tables import ICON_ORDER, card_table

DATA = cards_data.load("pyramids")
SHAPES = ["O4", "T4", "L4", "I3", "I3", "L3", "L3", "domino", "I3", "L3"]


def _prices(rng: np.random.Generator, T: int) -> Prices:
    return Prices(lam=rng.uniform(0, 3, T), mu=rng.uniform(0, 1, T), rho=rng.uniform(0, 2, T),
                  weights=rng.uniform(-2, 3, (T, len(ICON_ORDER))),
                  done=[rng.uniform(5, 15, T)], entry=[np.zeros(T)])


def _priced(plan, prices: Prices, entry: int) -> float:
    """The plan's value at ``prices``, summed over its steps (``card_values``' terms)."""
    end = plan.done if plan.done is not None else len(plan.use) - 1
    total = 0.0
    for t in range(entry, end + 1):
        total += (-prices.mu[t] - prices.lam[t] * plan.use[t] - prices.rho[t] * plan.extras[t]
                  + float(plan.icons[t] @ prices.weights[t]))
    if plan.done is not None:
        total += prices.done[0][plan.done]
    return total


@pytest.mark.parametrize("order, seed", [(o, s) for o in (1, 7, 20, 34, 45) for s in range(4)])
def test_the_traced_plan_is_worth_what_the_programme_says(order, seed):
    rng = np.random.default_rng(seed)
    table = card_table(DATA.card(order))
    T = len(SHAPES)
    prices = _prices(rng, T)
    depth = 2
    value, closed = card_values(table, 0, prices, SHAPES, first=0, depth=depth)
    entry = int(rng.integers(0, 3))
    plan = trace_plan(table, 0, prices, SHAPES, closed, entry=entry, region=0, depth=depth)
    assert _priced(plan, prices, entry) == pytest.approx(float(value[entry][0]), abs=1e-6)
    # a walk on the table: each step's region grows from the last by the recorded moves
    region = 0
    for t in range(entry, T):
        if plan.regions[t] < 0:
            break
        grown = int(table.masks[plan.regions[t]])
        assert grown & int(table.masks[region]) == int(table.masks[region])
        region = int(plan.regions[t])


@pytest.mark.parametrize("order", [1, 7, 20, 34, 40, 45])
def test_edges_best_is_the_maximum_over_each_sources_edges(order):
    """``Edges.best`` (by ranked columns on large tables, by runs on small ones) equals the
    plain maximum over each source's edges, on every edge list of the card, a region
    without an edge at -inf; the same edges given as a list in any order."""
    table = card_table(DATA.card(order))
    rng = np.random.default_rng(order)
    for edges in [table.single, *table.main.values(), *table.incoming[1].values()]:
        values = rng.normal(size=table.size)
        expected = np.full(table.size, -np.inf)
        np.maximum.at(expected, edges.src, values[edges.dst])
        assert np.array_equal(edges.best(values, table.size), expected)
