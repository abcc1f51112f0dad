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
        out = rng.normal(size=table.size)  # whatever it held is overwritten
        assert edges.best(values, table.size, out=out) is out
        assert np.array_equal(out, expected)


def _plain_values(table, prices: Prices, shapes, *, first: int, depth: int):
    """``card_values``' programme with a new array per operation and every layer computed
    (how it was written before its work arrays and early stop, 2026-11-27)."""
    T, n = len(shapes), table.size
    icons = table.icons.astype(np.float64)
    value = np.zeros((T + 1, n))
    layers = np.zeros((T, depth + 1, n))
    for t in range(T - 1, first - 1, -1):
        after = np.where(table.is_tomb, prices.done[0][t], value[t + 1])
        potential = icons @ prices.weights[t]
        closed = layers[t][0] = after
        for d in range(1, depth + 1):
            grown = table.single.best(closed + potential, n) - potential - prices.rho[t]
            closed = layers[t][d] = np.maximum(after, grown)
        crossed = table.main[shapes[t]].best(closed + potential, n) - potential - prices.lam[t]
        value[t] = np.maximum(closed, crossed) - prices.mu[t]
    return value, layers


@pytest.mark.parametrize("order, seed", [(o, s) for o in (1, 10, 20, 42) for s in range(3)])
def test_card_values_are_the_plain_programmes_to_the_last_bit(order, seed):
    """The work arrays (``out=``) and the early stop of the extra-box layers change no float:
    values and layers equal the plain programme's bit for bit, at prices where extra
    boxes pay (every layer differs) and where they cost too much (the layers stop early)."""
    table = card_table(DATA.card(order))
    rng = np.random.default_rng(seed)
    T = len(SHAPES)
    prices = _prices(rng, T)
    if seed == 2:  # extra boxes too dear to pay anywhere: the first layer equals none
        prices = Prices(prices.lam, prices.mu, np.full(T, 100.0), prices.weights, prices.done,
                        prices.entry)
    for first, depth in [(0, 3), (4, 2), (0, 0)]:
        value, layers = card_values(table, 0, prices, SHAPES, first=first, depth=depth)
        plain_value, plain_layers = _plain_values(table, prices, SHAPES, first=first,
                                                  depth=depth)
        assert np.array_equal(value, plain_value)
        assert np.array_equal(layers, plain_layers)
