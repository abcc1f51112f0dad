"""Board geometry shared by the two grid games (Pyramids, Tomb of the Ancients).

Cells are indices 0–24 named ``A1``..``E5`` (columns A–E left to right, rows 1–5 top to
bottom, ``A1`` top-left); cell sets are 25-bit masks. See ``grids.cells``.
This package imports nothing else of digsite's.
"""

from .cells import (
    ALL_MASK, COLUMNS, N_CELLS, NEIGHBOUR_MASKS, NEIGHBOURS, SIZE, GridError, adjacent, cell,
    cell_name, cells_of, distances, grow, mask_of, neighbours, parse_cell, popcount, row_col,
)
from .patterns import BLACK, WHITE, ColouredPattern, Placement, matches, mismatches
from .polyomino import (
    SHAPES, fixed_polyominoes, free_polyominoes, is_connected, mirror, normalize,
    one_sided_polyominoes, orbit, placements, rotate, shape_mask,
)
from .text import grid_from_rows, grid_rows, parse_grid, render_grid

__all__ = [
    "ALL_MASK", "BLACK", "COLUMNS", "N_CELLS", "NEIGHBOURS", "NEIGHBOUR_MASKS", "SHAPES",
    "SIZE", "WHITE", "ColouredPattern", "GridError", "Placement", "adjacent", "cell",
    "cell_name", "cells_of", "distances", "fixed_polyominoes", "free_polyominoes", "grid_from_rows", "grid_rows",
    "grow", "is_connected", "mask_of", "matches", "mirror", "mismatches", "neighbours",
    "normalize", "one_sided_polyominoes", "orbit", "parse_cell", "parse_grid", "placements",
    "popcount", "render_grid", "rotate", "row_col", "shape_mask",
]
