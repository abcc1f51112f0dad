"""Error types shared by every layer above ``grids``.

They live here, in the lowest layer that needs them, so that ``cards_data`` can raise
them without importing upward; ``games.errors`` re-exports them with the rest.
All are ``ValueError``s: they mean *bad input*, and the CLI turns them into one line
``error: ...`` and exit status 2.
"""

from __future__ import annotations

__all__ = ["DigsiteError", "InvalidDataError"]


class DigsiteError(ValueError):
    """Base of every bad-input error digsite raises on purpose."""


class InvalidDataError(DigsiteError):
    """Card data (bundled or a user's ``--cards FILE``) is malformed or impossible.

    The message names the file and the key, e.g. ``my.toml: cards[48].order: ...``.
    """
