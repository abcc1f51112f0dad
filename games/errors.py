"""The error types of digsite, all ``ValueError``s meaning *bad input* (exit status 2).

``DigsiteError`` and ``InvalidDataError`` are defined in ``cards_data`` (the lowest layer
that raises them) and re-exported here with the rest, so callers import from one place.
"""

from __future__ import annotations

from cards_data.errors import DigsiteError, InvalidDataError

__all__ = [
    "DigsiteError", "InvalidDataError", "InvalidStateError", "InvalidMoveError",
    "IllegalMoveError", "NoSolutionError",
]


class InvalidStateError(DigsiteError):
    """A deal or player view that is malformed or impossible (more coins than the deck
    holds, crossings that break the connection rule, a card not in the data, ...)."""


class InvalidMoveError(DigsiteError):
    """Move text that does not parse as a move of this game."""


class IllegalMoveError(DigsiteError):
    """A well-formed move that is not legal in this position."""


class NoSolutionError(DigsiteError):
    """A solver was asked a question that has no answer for this input."""
