"""Polyominoes: normalising, symmetry orbits, enumeration and placements on the board.

A shape is a ``frozenset`` of 0-based ``(row, col)`` offsets. ``normalize`` translates it
so its smallest row and column are 0; two shapes are the same *fixed* polyomino when
their normal forms are equal.

>>> len(orbit(SHAPES["L4"], mirrors=True)), len(orbit(SHAPES["L4"], mirrors=False))
(8, 4)
>>> len(placements(SHAPES["domino"]))
40
"""

from __future__ import annotations

from functools import lru_cache
from typing import Iterable, TypeAlias

from .cells import SIZE, GridError, cell

__all__ = [
    "Shape", "SHAPES", "normalize", "rotate", "mirror", "orbit", "shape_mask",
    "placements", "fixed_polyominoes", "one_sided_polyominoes", "free_polyominoes",
    "is_connected",
]

Shape: TypeAlias = frozenset[tuple[int, int]]


def _shape(rows: str) -> Shape:
    """Shape from rows of ``#`` and ``.`` separated by ``/`` (literal helper)."""
    return normalize(
        (r, c) for r, line in enumerate(rows.split("/")) for c, ch in enumerate(line) if ch == "#"
    )


def normalize(cells: Iterable[tuple[int, int]]) -> Shape:
    """Translate a shape so that its minimum row and column are both 0."""
    cells = list(cells)
    if not cells:
        raise GridError("a shape needs at least one cell")
    min_r = min(r for r, _ in cells)
    min_c = min(c for _, c in cells)
    return frozenset((r - min_r, c - min_c) for r, c in cells)


def rotate(shape: Shape) -> Shape:
    """The shape turned 90° clockwise, normalised."""
    return normalize((c, -r) for r, c in shape)


def mirror(shape: Shape) -> Shape:
    """The shape reflected left–right, normalised."""
    return normalize((r, -c) for r, c in shape)


def orbit(shape: Shape, *, mirrors: bool) -> tuple[Shape, ...]:
    """Distinct orientations of ``shape``: rotations only (≤4) or with mirrors (≤8).

    Order is deterministic: rotations 0°, 90°, 180°, 270° of the shape, then of its mirror,
    keeping the first occurrence of each distinct form.
    """
    out: list[Shape] = []
    bases = [normalize(shape)] + ([mirror(normalize(shape))] if mirrors else [])
    for base in bases:
        current = base
        for _ in range(4):
            if current not in out:
                out.append(current)
            current = rotate(current)
    return tuple(out)


def is_connected(shape: Iterable[tuple[int, int]]) -> bool:
    """Whether the cells form one orthogonally connected piece."""
    cells = set(shape)
    if not cells:
        return False
    stack = [next(iter(cells))]
    seen = {stack[0]}
    while stack:
        r, c = stack.pop()
        for nxt in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            if nxt in cells and nxt not in seen:
                seen.add(nxt)
                stack.append(nxt)
    return len(seen) == len(cells)


def shape_mask(shape: Shape, row: int, col: int) -> int:
    """Mask of ``shape`` with its origin at ``(row, col)``; ``GridError`` if it leaves the board."""
    mask = 0
    for r, c in shape:
        mask |= 1 << cell(row + r, col + c)
    return mask


@lru_cache(maxsize=None)
def _all_placements(shape: Shape, mirrors: bool) -> tuple[int, ...]:
    masks: list[int] = []
    seen: set[int] = set()
    for form in orbit(shape, mirrors=mirrors):
        height = max(r for r, _ in form) + 1
        width = max(c for _, c in form) + 1
        for row in range(SIZE - height + 1):
            for col in range(SIZE - width + 1):
                mask = shape_mask(form, row, col)
                if mask not in seen:  # symmetric forms give the same cells: keep one
                    seen.add(mask)
                    masks.append(mask)
    return tuple(masks)


def placements(shape: Shape, *, mirrors: bool = True, blocked: int = 0) -> tuple[int, ...]:
    """Every distinct cell set ``shape`` can cover on the board, avoiding ``blocked`` cells.

    ``mirrors=True`` allows rotations and mirror images (Pyramids' expedition patterns);
    ``False`` rotations only. Results are masks, deduplicated (a symmetric shape covering
    the same cells in two orientations counts once), in a deterministic order.
    """
    return tuple(m for m in _all_placements(normalize(shape), mirrors) if not m & blocked)


def fixed_polyominoes(size: int) -> frozenset[Shape]:
    """All fixed polyominoes (translations identified) of ``size`` cells."""
    if size < 1:
        raise GridError("polyomino size must be at least 1")
    level = {frozenset({(0, 0)})}
    for _ in range(size - 1):
        grown = set()
        for shape in level:
            for r, c in shape:
                for nxt in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                    if nxt not in shape:
                        grown.add(normalize(shape | {nxt}))
        level = grown
    return frozenset(level)


def _canonical(shape: Shape, mirrors: bool) -> tuple[tuple[int, int], ...]:
    return min(tuple(sorted(form)) for form in orbit(shape, mirrors=mirrors))


def one_sided_polyominoes(size: int) -> frozenset[Shape]:
    """Polyominoes up to rotation, one representative each."""
    reps = {_canonical(s, False): s for s in fixed_polyominoes(size)}
    return frozenset(frozenset(k) for k in reps)


def free_polyominoes(size: int) -> frozenset[Shape]:
    """Polyominoes up to rotation and reflection, one representative each."""
    reps = {_canonical(s, True): s for s in fixed_polyominoes(size)}
    return frozenset(frozenset(k) for k in reps)


#: The named expedition patterns of Silver & Gold (small fixed geometry, so a literal).
SHAPES: dict[str, Shape] = {
    "domino": _shape("##"),
    "I3": _shape("###"),
    "L3": _shape("#./##"),
    "T4": _shape("###/.#."),
    "L4": _shape("#./#./##"),
    "O4": _shape("##/##"),
}
