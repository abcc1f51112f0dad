"""Coloured patterns (black/white cells) and their fast match against a token board.

A board of two-colour tokens is two masks: ``occupied`` (a token lies there) and
``black`` (the token shows black; always a subset of ``occupied``). A placed pattern is
``(mask, value)``: the cells it covers and which of them must be black. It matches when
every covered cell holds a token of the right colour::

    occupied & mask == mask  and  black & mask == value

>>> p = ColouredPattern.parse("BW")
>>> from grids.cells import cells_of
>>> [(cells_of(pl.mask), cells_of(pl.black)) for pl in p.placements()][:1]
[((0, 1), (0,))]
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from .cells import SIZE, GridError, cell, mask_of
from .polyomino import normalize, rotate

__all__ = ["ColouredPattern", "Placement", "BLACK", "WHITE", "matches", "mismatches"]

BLACK = "B"
WHITE = "W"


@dataclass(frozen=True, slots=True)
class Placement:
    """A pattern placed on the board: covered cells, the black ones among them,
    the clockwise quarter-turns applied (0–3) and the top-left anchor cell of the
    rotated pattern's bounding box."""

    mask: int
    black: int
    rotation: int
    anchor: int


@dataclass(frozen=True)
class ColouredPattern:
    """A set of ``(row, col, colour)`` cells, normalised to start at row 0 and col 0."""

    cells: frozenset[tuple[int, int, str]]

    def __post_init__(self) -> None:
        if not self.cells:
            raise GridError("a pattern needs at least one cell")
        for _, _, colour in self.cells:
            if colour not in (BLACK, WHITE):
                raise GridError(f"pattern colour {colour!r} is not B or W")
        shape = normalize((r, c) for r, c, _ in self.cells)
        if shape != frozenset((r, c) for r, c, _ in self.cells):
            min_r = min(r for r, _, _ in self.cells)
            min_c = min(c for _, c, _ in self.cells)
            object.__setattr__(
                self, "cells", frozenset((r - min_r, c - min_c, k) for r, c, k in self.cells)
            )
        if max(r for r, _, _ in self.cells) >= SIZE or max(c for _, c, _ in self.cells) >= SIZE:
            raise GridError("pattern does not fit on the 5x5 board")

    @classmethod
    def parse(cls, text: str) -> "ColouredPattern":
        """Pattern from rows of ``B``/``W``/``.`` separated by ``/`` or newlines."""
        rows = [row.strip() for row in text.replace("/", "\n").splitlines() if row.strip()]
        if len(rows) > SIZE or any(len(row) > SIZE for row in rows):
            raise GridError(f"pattern {text!r} is larger than the 5x5 board")
        cells = set()
        for r, row in enumerate(rows):
            for c, ch in enumerate(row.upper()):
                if ch in (BLACK, WHITE):
                    cells.add((r, c, ch))
                elif ch != ".":
                    raise GridError(f"pattern {text!r}: unexpected character {ch!r}")
        return cls(frozenset(cells))

    def text(self) -> str:
        """Canonical ``/``-separated rows; ``ColouredPattern.parse`` reads it back."""
        height = max(r for r, _, _ in self.cells) + 1
        width = max(c for _, c, _ in self.cells) + 1
        grid = [["."] * width for _ in range(height)]
        for r, c, colour in self.cells:
            grid[r][c] = colour
        return "/".join("".join(row) for row in grid)

    def __repr__(self) -> str:
        return f"ColouredPattern.parse({self.text()!r})"

    def __len__(self) -> int:
        return len(self.cells)

    def rotated(self, quarter_turns: int) -> "ColouredPattern":
        """The pattern turned clockwise ``quarter_turns`` times."""
        cells = self.cells
        for _ in range(quarter_turns % 4):
            cells = frozenset((c, -r, k) for r, c, k in cells)
        return ColouredPattern(cells)

    @cached_property
    def rotations(self) -> tuple[tuple[int, "ColouredPattern"], ...]:
        """Distinct rotations (never mirrors) as ``(quarter_turns, pattern)``."""
        out: list[tuple[int, ColouredPattern]] = []
        for turns in range(4):
            form = self.rotated(turns)
            if all(form != other for _, other in out):
                out.append((turns, form))
        return tuple(out)

    def placements(self) -> tuple[Placement, ...]:
        """Every distinct placement of the pattern on the board, rotations only."""
        return _placements(self)


def _placements(pattern: ColouredPattern) -> tuple[Placement, ...]:
    cache = _PLACEMENT_CACHE.get(pattern)
    if cache is not None:
        return cache
    out: list[Placement] = []
    seen: set[tuple[int, int]] = set()
    for turns, form in pattern.rotations:
        height = max(r for r, _, _ in form.cells) + 1
        width = max(c for _, c, _ in form.cells) + 1
        for row in range(SIZE - height + 1):
            for col in range(SIZE - width + 1):
                mask = mask_of(cell(row + r, col + c) for r, c, _ in form.cells)
                black = mask_of(cell(row + r, col + c) for r, c, k in form.cells if k == BLACK)
                if (mask, black) not in seen:
                    seen.add((mask, black))
                    out.append(Placement(mask, black, turns, cell(row, col)))
    result = tuple(out)
    _PLACEMENT_CACHE[pattern] = result
    return result


_PLACEMENT_CACHE: dict[ColouredPattern, tuple[Placement, ...]] = {}


def matches(occupied: int, black: int, placement: Placement) -> bool:
    """Whether every cell of the placement holds a token of the pattern's colour."""
    mask = placement.mask
    return occupied & mask == mask and black & mask == placement.black


def mismatches(occupied: int, black: int, placement: Placement) -> int:
    """Mask of the placement's cells that are empty or show the wrong colour."""
    return (placement.mask & ~occupied) | ((black ^ placement.black) & placement.mask)


