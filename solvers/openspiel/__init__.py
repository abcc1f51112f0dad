"""OpenSpiel inside digsite (the optional extra ``digsite[openspiel]``): our games as
OpenSpiel games (``adapter``) and OpenSpiel's searches as arena bots (``bots``).

Generic: nothing here knows a game; the adapter reads the registry and the protocol.
Importing this package does **not** import pyspiel (about half a second, and the extra is
optional): :data:`AVAILABLE` only asks whether it is installed, and the adapter and bots
are loaded by the functions below when an OpenSpiel bot or command is actually used.
Without the extra, :func:`bots_for` offers no bot and :func:`adapted_games` none.
"""

from __future__ import annotations

import importlib
import importlib.util
from types import ModuleType
from typing import TYPE_CHECKING, Callable

from cards_data import CardData

if TYPE_CHECKING:  # (the bots module imports pyspiel: loaded on demand, below)
    from ..ismcts.bots import Bot

__all__ = ["AVAILABLE", "BOT_NAMES", "GAMES", "EXTRA_WORDS", "adapted_games", "bots_for",
           "bots_listed", "extra"]

#: Whether the optional extra is installed (found, not imported).
AVAILABLE = importlib.util.find_spec("pyspiel") is not None
#: The names of the OpenSpiel arena bots (``bots``), for listings and ``--help``.
BOT_NAMES = ("openspiel-ismcts", "openspiel-mcts")
#: The games the adapter covers (``adapter.adapted_games()``, which imports pyspiel; a test
#: checks the two agree), for the listings that must not load the extra (``digsite games``,
#: ``--help``).
GAMES = ("archaeology", "expedition", "lootnrun")
#: How a listing says the bots need the extra, where it is not installed.
EXTRA_WORDS = "with the openspiel extra: pip install 'digsite[openspiel]'"


def bots_listed(game_id: str) -> tuple[str, ...]:
    """The OpenSpiel bots of ``game_id`` whether or not the extra is installed (listings
    say which: :data:`AVAILABLE`), without loading it."""
    return BOT_NAMES if game_id in GAMES else ()


def extra(name: str) -> ModuleType:
    """This package's module ``name`` (``"adapter"`` or ``"bots"``), importing pyspiel: the
    one place the optional extra is loaded, on demand (a lazy import by design, not a
    hidden cycle: these modules import only generic code and the registry)."""
    if not AVAILABLE:
        raise ImportError("the OpenSpiel extra is not installed (pip install "
                          "'digsite[openspiel]')")
    return importlib.import_module(f"{__name__}.{name}")


def adapted_games() -> list[str]:
    """The game ids exposed to OpenSpiel (none without the extra)."""
    return extra("adapter").adapted_games() if AVAILABLE else []


def bots_for(game_id: str, data: CardData | None = None) -> dict[str, Callable[..., Bot]]:
    """OpenSpiel's arena bots for ``game_id`` (``{}`` without the extra or for a game the
    adapter does not cover)."""
    bots: dict[str, Callable[..., Bot]] = extra("bots").bots_for(game_id, data) if AVAILABLE \
        else {}
    return bots
