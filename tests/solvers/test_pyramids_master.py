"""The master LP kept between rounds (``solvers.pyramids.master``): after every batch of
added columns its optimum is ``linprog``'s from scratch, its duals are optimal (feasible
for the dual and of the same value), and the path without SciPy's HiGHS module gives the
same optimum."""

from __future__ import annotations

import numpy as np
import pytest
from scipy.optimize import linprog

from solvers.pyramids import master
from solvers.pyramids.master import MasterLP


def _lp(seed: int) -> tuple[np.ndarray, np.ndarray, np.ndarray, list[tuple[np.ndarray, float]]]:
    """Rows ``b``, two bounded score columns (``A0``, objective ``c0``) and batches of
    non-negative columns, as a column generation's master has them."""
    rng = np.random.default_rng(seed)
    rows = 6
    b = rng.uniform(1, 5, rows)
    a0 = rng.choice([-1.0, 0.0, 1.0], size=(rows, 2))
    c0 = rng.uniform(-1, 1, 2)
    b[0] = 2.0  # a convexity row, as each card's: at most two columns in all
    a0[0] = 0.0
    columns = [(np.concatenate([[1.0], rng.choice([0.0, 0.0, 1.0, 2.0], size=rows - 1)]),
                float(rng.uniform(0, 3))) for _ in range(12)]
    return b, a0, c0, columns


def _from_scratch(b, a0, c0, columns) -> float:
    matrix = np.hstack([a0, np.array([c for c, _ in columns]).T])
    costs = np.concatenate([c0, [o for _, o in columns]])
    result = linprog(-costs, A_ub=matrix, b_ub=b,
                     bounds=[(-1, 2), (0, 3)] + [(0, None)] * len(columns), method="highs")
    assert result.status == 0
    return -result.fun


@pytest.mark.parametrize("seed", range(8))
def test_each_solve_is_the_optimum_with_optimal_duals(seed):
    b, a0, c0, columns = _lp(seed)
    lp = MasterLP(a0, b, costs=c0, lower=[-1, 0], upper=[2, 3])
    for begin, end in ((0, 3), (3, 7), (7, 12)):  # in batches, as rounds add columns
        for column, cost in columns[begin:end]:
            lp.add(column, cost)
        value, x, y = lp.solve()
        assert value == pytest.approx(_from_scratch(b, a0, c0, columns[:end]), abs=1e-7)
        matrix = np.hstack([a0, np.array([c for c, _ in columns[:end]]).T])
        costs = np.concatenate([c0, [o for _, o in columns[:end]]])
        assert np.all(matrix @ x <= b + 1e-7) and np.all(y >= 0)
        assert costs @ x == pytest.approx(value, abs=1e-7)
        # the duals price every non-negative column at its objective or more (dual
        # feasibility), and with the bounded columns' terms their value is the optimum
        reduced = costs - matrix.T @ y
        assert np.all(reduced[2:] <= 1e-7)
        lower, upper = np.array([-1.0, 0.0]), np.array([2.0, 3.0])
        dual = b @ y + np.maximum(reduced[:2] * lower, reduced[:2] * upper).sum()
        assert dual == pytest.approx(value, abs=1e-6)


def test_without_scipys_highs_module_the_same_optimum(monkeypatch):
    b, a0, c0, columns = _lp(3)
    kept = MasterLP(a0, b, costs=c0, lower=[-1, 0], upper=[2, 3])
    monkeypatch.setattr(master, "_highs", lambda: None)
    scratch = MasterLP(a0, b, costs=c0, lower=[-1, 0], upper=[2, 3])
    for column, cost in columns:
        kept.add(column, cost)
        scratch.add(column, cost)
    assert kept._lp is not None and scratch._lp is None
    assert kept.solve()[0] == pytest.approx(scratch.solve()[0], abs=1e-7)


@pytest.mark.parametrize("seed", range(8))
def test_a_start_from_another_basis_gives_the_same_optimum(seed):
    """A master started from a basis that is not one (another master's, its rows and
    columns changed: too many or too few basic) is repaired by HiGHS, and its optimum is
    the one from scratch."""
    b, a0, c0, columns = _lp(seed)
    first = MasterLP(a0, b, costs=c0, lower=[-1, 0], upper=[2, 3])
    for column, cost in columns[:8]:
        first.add(column, cost)
    first.solve()
    basis = first.basis()
    assert basis is not None
    cols, rows = basis
    assert len(cols) == 10 and len(rows) == len(b)
    assert (cols == master.BASIC).sum() + (rows == master.BASIC).sum() == len(b)
    rng = np.random.default_rng(100 + seed)
    tighter = b * rng.uniform(0.5, 1.0, len(b))  # another node's right sides
    for statuses in (
            (list(cols) + [master.AT_LOWER] * 4, list(rows)),  # more columns: at zero
            ([master.BASIC] * 12, list(rows)),  # too many basic
            ([master.AT_LOWER] * 12, [master.AT_UPPER] * len(b))):  # none basic
        lp = MasterLP(a0, tighter, costs=c0, lower=[-1, 0], upper=[2, 3])
        for column, cost in columns:
            lp.add(column, cost)
        lp.start_from(*statuses)
        value, x, _ = lp.solve()
        assert value == pytest.approx(_from_scratch(tighter, a0, c0, columns), abs=1e-7)
