"""OpenSpiel inside digsite (the optional extra ``digsite[openspiel]``): our games as
OpenSpiel games (``adapter``) and OpenSpiel's searches as arena bots (``bots``).

Generic: nothing here knows a game; the adapter reads the registry and the protocol.
Without the extra installed, :data:`AVAILABLE` is false and :func:`bots_for` offers no bot.
"""

from __future__ import annotations

try:
    import pyspiel  # noqa: F401  (the optional extra)
except ImportError:
    AVAILABLE = False
else:
    AVAILABLE = True

if AVAILABLE:
    from .adapter import adapted_games, load, move_of, short_name, state_of
    from .bots import bots_for
else:
    def adapted_games() -> list[str]:
        """No game is adapted without OpenSpiel."""
        return []

    def bots_for(game_id: str, data=None) -> dict:
        """No OpenSpiel bot without OpenSpiel."""
        return {}

__all__ = ["AVAILABLE", "adapted_games", "bots_for", "load", "move_of", "short_name",
           "state_of"]
