"""Rules engines, one package per game, behind one protocol (``games.protocol``) and a
registry keyed by game id (``games.registry``), used through a :class:`Game` that binds
a game's card data and deal options (``games.load``). Imports ``grids`` and ``cards_data``
only.
"""

# First, before any module it may serve is imported: the compiled build of the hot modules,
# if there is a current one and DIGSITE_PURE_PYTHON is not set (``games.compiled``).
from . import compiled as _compiled

_compiled.install()

from .errors import (
    DigsiteError, IllegalMoveError, InvalidDataError, InvalidMoveError, InvalidStateError,
    NoSolutionError,
)
from .game import Game, load
from .registry import GAME_IDS, GAMES, GameInfo, engine, get, has_engine
from .seeding import child_seeds, make_rng, numpy_rng

__all__ = [
    "DigsiteError", "GAMES", "GAME_IDS", "Game", "GameInfo", "IllegalMoveError", "InvalidDataError",
    "InvalidMoveError", "InvalidStateError", "NoSolutionError", "child_seeds", "engine",
    "get", "has_engine", "load", "make_rng", "numpy_rng",
]
