"""The master LP of a column generation, kept in one HiGHS instance between its rounds.

A node of the branch and price (``solvers.pyramids.relax``) solves its master LP,
``max c·x`` subject to ``A x <= b`` and bounds on ``x``, once per round, each round adding
a few columns. SciPy's ``linprog`` builds, presolves and solves the whole LP from scratch
each time: on the 2-round deals of issue 21 that was half the branch and price's time,
growing with the column pool. :class:`MasterLP` keeps the LP in HiGHS (SciPy's own copy
of it, which prints nothing), appends the new columns and lets the simplex start from the
last basis.

A new node's master can start from another node's final basis (``start_from``: its
parent's, mapped by row and term names, ``relax.Basis``), repaired by HiGHS as an "alien"
basis where it is not one of this LP, HiGHS's presolve off. Each node's first solve from
HiGHS's slack basis over the whole pool (about 1,800 columns) was 24.3 s of the 2-round
deal 8's 67.9 s (291 solves, 84 ms each; the later solves of a node 5 ms); started from the
parent it was 7.0 s (21 ms each; 6.4 s for 292 in a later run). The duals of a degenerate
optimum then come from another basis and the search takes another path, so the start is
used where it measured better (``BranchAndPrice(warm=True)``, the 2-round deals'
``model.proof_first`` path): there the same plans and bounds but one (deal 3's bound 82 ->
83) in 0.58-0.93 of the CPU (2026-11-27, ``model``'s docstring). On full deals it lost
plans on 3 of 10 (deal 0 175 -> 165, 1 171 -> 169, 6 171 -> 170; the whole master plays the
pool the path leaves), no bound lower and no plan higher, so they start from the slack
basis as before.

The duals it returns are those of an optimal basis, as ``linprog``'s are, but where the
optimum is degenerate the two may pick different optimal bases (so the column generation
may take another path to the same bound). Where SciPy lacks its HiGHS module (before
1.15) the LP is solved by ``linprog`` from scratch, the same answer by the older path.

>>> import numpy as np
>>> lp = MasterLP(np.array([[1.0], [0.0]]), np.array([4.0, 3.0]), costs=[1.0],
...               lower=[0.0], upper=[10.0])
>>> lp.add(np.array([1.0, 1.0]), 2.0)
>>> value, x, y = lp.solve()
>>> round(value, 6), np.round(x, 6).tolist(), np.round(y, 6).tolist()
(7.0, [1.0, 3.0], [1.0, 1.0])
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import lru_cache
from typing import Any

import numpy as np

from games.errors import SolverFault

__all__ = ["MasterLP", "integral_master", "AT_LOWER", "BASIC", "AT_UPPER"]

#: HiGHS's basis statuses, as ``MasterLP.start_from`` and ``MasterLP.basis`` give them.
AT_LOWER, BASIC, AT_UPPER = 0, 1, 2


@lru_cache(maxsize=None)
def _highs() -> Any:
    """SciPy's own HiGHS module (1.15 and later: silent, and kept between solves), or
    ``None`` (older SciPy: ``linprog`` from scratch each round). Imported on first use, as
    SciPy's LP solver is elsewhere: a hint that never solves an LP does not load it."""
    try:
        from scipy.optimize._highspy import _core
    except ImportError:  # pragma: no cover - older SciPy
        return None
    return _core


class MasterLP:
    """``max costs·x`` over ``A x <= rhs`` with the first columns given (``matrix``, with
    their ``lower`` and ``upper`` bounds) and more added by ``add`` or ``add_many`` (each
    ``x >= 0``). Columns are kept as the blocks they came in, each sent to HiGHS once."""

    def __init__(self, matrix: np.ndarray, rhs: np.ndarray, *, costs: Iterable[float],
                 lower: Iterable[float], upper: Iterable[float]):
        self.rhs = np.asarray(rhs, dtype=float)
        self._blocks: list[tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]] = []
        self._sent = 0  # blocks already in HiGHS
        self._start: tuple[np.ndarray, np.ndarray] | None = None  # ``start_from``'s basis
        self._lp: Any = None
        self._highs = _highs()
        if self._highs is not None:
            self._lp = self._highs._Highs()
            self._lp.setOptionValue("output_flag", False)
            rows = len(self.rhs)
            self._lp.addRows(rows, np.full(rows, -np.inf), self.rhs, 0,
                             np.zeros(rows, dtype=np.int32), np.zeros(0, dtype=np.int32),
                             np.zeros(0))
        self._add(matrix, costs, lower, upper)

    def add(self, column: np.ndarray, cost: float) -> None:
        """A new column (``x >= 0``) of objective ``cost``."""
        self.add_many(np.asarray(column, dtype=float)[:, None], np.array([cost]))

    def add_many(self, matrix: np.ndarray, costs: np.ndarray) -> None:
        """New columns (``matrix``'s, ``x >= 0``) of objectives ``costs``."""
        k = matrix.shape[1]
        self._add(matrix, costs, np.zeros(k), np.full(k, np.inf))

    def _add(self, matrix: np.ndarray, costs: Iterable[float], lower: Iterable[float],
             upper: Iterable[float]) -> None:
        self._blocks.append((np.asarray(matrix, dtype=float), np.fromiter(costs, float),
                             np.fromiter(lower, float), np.fromiter(upper, float)))

    def _stacked(self, blocks: list[tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]]
                 ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """The blocks side by side: ``(matrix, costs, lower, upper)``."""
        matrix, costs, lower, upper = zip(*blocks)
        return (np.hstack(matrix), np.concatenate(costs), np.concatenate(lower),
                np.concatenate(upper))

    def start_from(self, columns: Sequence[int] | np.ndarray, rows: Sequence[int] | np.ndarray
                   ) -> None:
        """Start the next solve from this basis: a HiGHS status per column, in the order
        given, and per row (``AT_LOWER``, ``BASIC``, ``AT_UPPER``), typically another
        master's final basis mapped onto this one's columns and rows. It need not be a
        basis (too many or too few basic, singular): HiGHS repairs it as an "alien"
        basis. Without HiGHS's module (older SciPy) it is ignored. The optimum is the
        same; where it is degenerate the duals may be another optimal basis's."""
        self._start = (np.asarray(columns), np.asarray(rows))

    def basis(self) -> tuple[np.ndarray, np.ndarray] | None:
        """The last solve's final basis ``(columns, rows)``, statuses as ``start_from``
        takes them (columns in the order given, those sent to HiGHS by then), or
        ``None`` (no solve yet, or no HiGHS module)."""
        if self._lp is None:
            return None
        basis = self._lp.getBasis()
        if not basis.valid:
            return None
        return (np.array([s.value for s in basis.col_status], dtype=np.int8),
                np.array([s.value for s in basis.row_status], dtype=np.int8))

    def solve(self) -> tuple[float, np.ndarray, np.ndarray]:
        """``(value, x, y)``: the optimum, the columns' values in the order given, and the
        duals of the rows (``y >= 0``: what a unit more of each row's right side is worth)."""
        if self._lp is None:
            return self._solve_from_scratch()
        lp = self._lp
        if self._sent < len(self._blocks):
            block, costs, lower, upper = self._stacked(self._blocks[self._sent:])
            self._sent = len(self._blocks)
            nonzero = (block != 0).T  # column by column, as HiGHS takes them
            starts = np.concatenate([[0], np.cumsum(nonzero.sum(axis=1))[:-1]]).astype(np.int32)
            index = np.nonzero(nonzero)[1].astype(np.int32)
            values = block.T[nonzero]
            lp.addCols(block.shape[1], -costs, lower, upper, len(index), starts, index, values)
        if self._start is not None:
            columns, rows = self._start
            self._start = None
            status = self._highs.HighsBasisStatus
            basis = self._highs.HighsBasis()
            basis.col_status = [status(int(v)) for v in columns]
            basis.row_status = [status(int(v)) for v in rows]
            basis.alien = True
            # no presolve from a given basis: the first solve 1.7x sooner without it (the
            # 2-round deal 8's masters, 2026-11-27); later solves start from the last
            # basis, where HiGHS presolves nothing anyway
            lp.setOptionValue("presolve", "off")
            lp.setBasis(basis)
        lp.run()
        if lp.getModelStatus() != self._highs.HighsModelStatus.kOptimal:
            raise SolverFault("the relaxation's master LP failed: "
                              f"{lp.modelStatusToString(lp.getModelStatus())}")
        solution = lp.getSolution()
        value = -float(lp.getInfo().objective_function_value)
        return (value, np.array(solution.col_value),
                np.maximum(0.0, -np.array(solution.row_dual)))

    def _solve_from_scratch(self) -> tuple[float, np.ndarray, np.ndarray]:
        from scipy.optimize import linprog

        matrix, costs, lower, upper = self._stacked(self._blocks)
        result = linprog(-costs, A_ub=matrix, b_ub=self.rhs, bounds=list(zip(lower, upper)),
                         method="highs")
        if result.status != 0:
            raise SolverFault(f"the relaxation's master LP failed: {result.message}")
        return (-float(result.fun), np.asarray(result.x),
                np.maximum(0.0, -np.asarray(result.ineqlin.marginals)))


def integral_master(matrix: np.ndarray, rhs: np.ndarray, costs: np.ndarray, lower: np.ndarray,
                    upper: np.ndarray, integral: np.ndarray, *, node_limit: int,
                    time_limit: float | None = None) -> np.ndarray | None:
    """The master with the ``integral`` columns whole: ``max costs·x`` over ``A x <= rhs``
    and the bounds, by HiGHS's branch and bound stopped after ``node_limit`` nodes (the
    same answer on every run; ``time_limit`` seconds, a cap). ``x`` of the best solution
    found, or ``None`` when it found none."""
    from scipy.optimize import Bounds, LinearConstraint, milp

    options: dict[str, Any] = {"node_limit": node_limit}
    if time_limit is not None:
        options["time_limit"] = max(0.01, time_limit)
    result = milp(-costs, constraints=LinearConstraint(matrix, -np.inf, rhs),
                  bounds=Bounds(lower, upper), integrality=integral, options=options)
    return None if result.x is None else np.asarray(result.x)
