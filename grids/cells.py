"""Cells of the 5×5 board, their names, neighbours and 25-bit masks.

Convention (used everywhere in digsite): columns ``A``–``E`` run left to right, rows
``1``–``5`` run top to bottom, so ``A1`` is the top-left cell and ``E5`` the bottom-right.
A cell is an ``int`` index ``row * 5 + col`` (``A1`` = 0, ``E1`` = 4, ``A2`` = 5,
``E5`` = 24); a set of cells is a 25-bit ``int`` mask with bit ``index`` set.

>>> parse_cell("B3"), cell_name(11)
(11, 'B3')
>>> cells_of(mask_of([0, 24]))
(0, 24)
"""

from __future__ import annotations

from collections import deque
from typing import Iterable

__all__ = [
    "SIZE", "N_CELLS", "ALL_MASK", "COLUMNS", "GridError",
    "cell", "cell_name", "parse_cell", "row_col", "neighbours", "NEIGHBOURS",
    "NEIGHBOUR_MASKS", "mask_of", "cells_of", "popcount", "grow", "adjacent", "distances",
    "COLUMN_A", "COLUMN_E",
]

SIZE = 5
N_CELLS = SIZE * SIZE
ALL_MASK = (1 << N_CELLS) - 1
COLUMNS = "ABCDE"


class GridError(ValueError):
    """Text or geometry that does not describe something on the 5×5 board."""


def cell(row: int, col: int) -> int:
    """Index of the cell at 0-based ``row`` (top = 0) and ``col`` (left = 0)."""
    if not (0 <= row < SIZE and 0 <= col < SIZE):
        raise GridError(f"cell (row {row}, col {col}) is off the 5x5 board")
    return row * SIZE + col


def row_col(index: int) -> tuple[int, int]:
    """0-based ``(row, col)`` of a cell index."""
    if not 0 <= index < N_CELLS:
        raise GridError(f"cell index {index} is off the 5x5 board")
    return divmod(index, SIZE)


def cell_name(index: int) -> str:
    """``A1``-style name of a cell index."""
    row, col = row_col(index)
    return f"{COLUMNS[col]}{row + 1}"


def parse_cell(name: str) -> int:
    """Index of an ``A1``-style cell name (case-insensitive); ``GridError`` if off the board."""
    text = str(name).strip().upper()
    if len(text) != 2 or text[0] not in COLUMNS or text[1] not in "12345":
        # (named as the board names cells: a move's text reaches here in lower case, and
        # said 'f4' of the F4 a player typed)
        shown = text if isinstance(name, str) else name
        raise GridError(f"{shown!r} is not a cell of the 5x5 board (A1..E5)")
    return cell(int(text[1]) - 1, COLUMNS.index(text[0]))


def _neighbours(index: int) -> tuple[int, ...]:
    row, col = divmod(index, SIZE)
    steps = ((-1, 0), (0, -1), (0, 1), (1, 0))
    return tuple(
        (row + dr) * SIZE + col + dc
        for dr, dc in steps
        if 0 <= row + dr < SIZE and 0 <= col + dc < SIZE
    )


#: Orthogonal neighbours of every cell, in reading order.
NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(_neighbours(i) for i in range(N_CELLS))
#: The same as masks, for bitboard code.
NEIGHBOUR_MASKS: tuple[int, ...] = tuple(sum(1 << n for n in ns) for ns in NEIGHBOURS)


def neighbours(index: int) -> tuple[int, ...]:
    """Orthogonal neighbours of a cell index."""
    row_col(index)
    return NEIGHBOURS[index]


def mask_of(cells: Iterable[int]) -> int:
    """Mask with the bit of each cell index set."""
    mask = 0
    for index in cells:
        row_col(index)
        mask |= 1 << index
    return mask


def cells_of(mask: int) -> tuple[int, ...]:
    """Cell indices of a mask, ascending."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return tuple(out)


def popcount(mask: int) -> int:
    """Number of cells in a mask."""
    return mask.bit_count()


#: The cells of the leftmost and rightmost columns (shifts must not wrap across them).
COLUMN_A = sum(1 << (row * SIZE) for row in range(SIZE))
COLUMN_E = sum(1 << (row * SIZE + SIZE - 1) for row in range(SIZE))


def adjacent(mask: int) -> int:
    """Cells orthogonally next to ``mask``, not in it: four shifts, no loop over cells
    (the bitboard idiom of python-chess's ``shift_*``).

    >>> cells_of(adjacent(mask_of([parse_cell("A1")])))
    (1, 5)
    """
    out = ((mask >> SIZE) | ((mask << SIZE) & ALL_MASK) | ((mask & ~COLUMN_A) >> 1)
           | ((mask & ~COLUMN_E) << 1))
    return out & ~mask


def grow(mask: int) -> int:
    """``mask`` plus every cell orthogonally adjacent to it."""
    return mask | adjacent(mask)


def distances(open_mask: int, start: int) -> dict[int, int]:
    """Steps from cell ``start`` to every cell reachable through ``open_mask`` (breadth-first
    search over orthogonal steps), ``start`` itself at 0.

    >>> distances(mask_of([0, 1, 2]), 0)
    {0: 0, 1: 1, 2: 2}
    """
    seen = {start: 0}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        for step in NEIGHBOURS[here]:
            if open_mask >> step & 1 and step not in seen:
                seen[step] = seen[here] + 1
                queue.append(step)
    return seen
