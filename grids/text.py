"""Text rendering and parsing of 5×5 grids, round-tripping exactly.

A grid is a tuple of 25 one-character strings in cell-index order (``A1``..``E1``,
``A2``..). The text form has a column header and row numbers::

      A B C D E
    1 E . . # .
    2 . # r . .
    ...

>>> g = tuple("E...#" "....." "..x.." "#...." "....T")
>>> parse_grid(render_grid(g)) == g
True
"""

from __future__ import annotations

from typing import Sequence

from .cells import COLUMNS, N_CELLS, SIZE, GridError

__all__ = ["render_grid", "parse_grid", "grid_from_rows", "grid_rows"]

_HEADER = "  " + " ".join(COLUMNS)


def render_grid(grid: Sequence[str]) -> str:
    """Text form of a 25-cell grid with column letters and row numbers."""
    _check(grid)
    lines = [_HEADER]
    for row in range(SIZE):
        lines.append(f"{row + 1} " + " ".join(grid[row * SIZE:(row + 1) * SIZE]))
    return "\n".join(lines)


def parse_grid(text: str) -> tuple[str, ...]:
    """Inverse of ``render_grid``; also accepts the five rows alone (``grid_from_rows``)."""
    lines = [line.rstrip() for line in text.strip("\n").splitlines() if line.strip()]
    if lines and lines[0].split() == list(COLUMNS):
        lines = lines[1:]
        rows = []
        for number, line in enumerate(lines, start=1):
            parts = line.split()
            if not parts or parts[0] != str(number):
                raise GridError(f"grid line {number}: expected row number {number}")
            rows.append("".join(parts[1:]))
        return grid_from_rows(rows)
    return grid_from_rows([line.replace(" ", "") for line in lines])


def grid_from_rows(rows: Sequence[str]) -> tuple[str, ...]:
    """Grid from five strings of five characters each."""
    if len(rows) != SIZE:
        raise GridError(f"a grid has {SIZE} rows, got {len(rows)}")
    for number, row in enumerate(rows, start=1):
        if len(row) != SIZE:
            raise GridError(f"grid row {number} has {len(row)} cells, expected {SIZE}")
    return tuple(ch for row in rows for ch in row)


def grid_rows(grid: Sequence[str]) -> tuple[str, ...]:
    """Five row strings of a grid (the inverse of ``grid_from_rows``)."""
    _check(grid)
    return tuple("".join(grid[r * SIZE:(r + 1) * SIZE]) for r in range(SIZE))


def _check(grid: Sequence[str]) -> None:
    if len(grid) != N_CELLS or any(len(ch) != 1 or ch.isspace() for ch in grid):
        raise GridError("a grid is 25 single non-blank characters")
