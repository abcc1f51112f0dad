"""The table in words: the helpers every engine's presentation module shares.

Each engine family has a presentation module (``games/<family>/table.py``) with the
optional protocol members of ``games.protocol`` that put a game in a player's words:
``describe_position`` (what a seat sees, a screen of lines), ``describe_event`` (one move
as a seat saw it happen, hidden cards kept hidden), ``describe_decision`` (what the
decision asks of the seat), ``describe_result`` (who won and why) and ``decisions`` (the
legal moves as whole decisions). They return text and print nothing: ``digsite play``
prints them, and a server can send them (issue 24).

Seats are named from the reader's side: ``you`` for the reader's seat, ``seat N`` for the
others, or the labels a caller gives (``names``: ``["you", "seat 1 (greedy)"]``).

>>> seat_name(1, 0), seat_name(0, 0), seat_name(2, None, ["a", "b", "seat 2 (pimc)"])
('seat 1', 'you', 'seat 2 (pimc)')
>>> print("\\n".join(side_by_side([["ab", "c"], ["x"]], gap=2)))
ab  x
c
>>> plural(1, "card"), plural(3, "card"), plural(2, "box", "boxes")
('1 card', '3 cards', '2 boxes')
"""

from __future__ import annotations

from typing import Iterable, Sequence

__all__ = ["seat_name", "possessive", "side_by_side", "plural", "shape_rows"]


def seat_name(seat: int, viewer: int | None, names: Sequence[str] | None = None) -> str:
    """How the reader (``viewer``'s seat) calls ``seat``: ``names[seat]`` when given, else
    ``you`` for its own seat and ``seat N`` for the others."""
    if names is not None:
        return names[seat]
    return "you" if seat == viewer else f"seat {seat}"


def possessive(name: str) -> str:
    """``you`` -> ``your``, ``seat 1`` -> ``seat 1's``."""
    return "your" if name == "you" else f"{name}'s"


def side_by_side(blocks: Sequence[Sequence[str]], gap: int = 4) -> list[str]:
    """Blocks of lines printed next to each other, each padded to its widest line."""
    widths = [max((len(line) for line in block), default=0) for block in blocks]
    height = max((len(block) for block in blocks), default=0)
    out = []
    for i in range(height):
        parts = [(block[i] if i < len(block) else "").ljust(width)
                 for block, width in zip(blocks, widths)]
        out.append((" " * gap).join(parts).rstrip())
    return out


def plural(n: int, word: str, many: str | None = None) -> str:
    """``n`` and ``word``, in the plural unless ``n`` is 1."""
    return f"{n} {word if n == 1 else (many or word + 's')}"


def shape_rows(cells: Iterable[tuple[int, int]], mark: str = "#", blank: str = ".") -> list[str]:
    """A small shape (``(row, col)`` cells) drawn as rows of ``mark`` and ``blank``."""
    cells = set(cells)
    height = max(r for r, _ in cells) + 1
    width = max(c for _, c in cells) + 1
    return ["".join(mark if (r, c) in cells else blank for c in range(width))
            for r in range(height)]
