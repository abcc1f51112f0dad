"""Readers of the words of move text, shared by the engines' ``parse_text``: each raises
``InvalidMoveError`` naming the whole move and the word.

>>> cell("c3", "find 7 90 at c3"), number("12", "take 12", "card")
(12, 12)
"""

from __future__ import annotations

from grids.cells import GridError, parse_cell

from .errors import InvalidMoveError

__all__ = ["number", "cell"]


def number(word: str, text: str, what: str) -> int:
    """``word`` as an integer; ``what`` names it in the message (``card``, ``rotation``)."""
    try:
        return int(word)
    except ValueError:
        raise InvalidMoveError(f"move {text!r}: {what} {word!r} is not a number") from None


def cell(word: str, text: str) -> int:
    """``word`` as a cell index of the 5x5 board (``A1`` .. ``E5``)."""
    try:
        return parse_cell(word)
    except GridError as exc:
        raise InvalidMoveError(f"move {text!r}: {exc}") from None
