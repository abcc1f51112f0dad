"""Finding a game's services: the library functions the CLI calls.

Each game's solver code lives in its own package ``solvers/<game id>/`` (``model``,
``search``, ``policy``, ... as the game needs), topped by ``solvers/<game id>/service.py``,
found here by that convention. A service module offers any of these (all return plain
JSON-ready dicts in the shapes of ARCHITECTURE.md; none prints):

``best_score(deal: dict, *, data, budget: float | None, time_limit: float | None, seed) -> dict``
    (solo deals; ``budget`` in the game's ``BUDGET_UNITS``, deterministic; ``time_limit`` a
    wall-clock cap; the JSON states ``bound_source``, ``budget`` and ``reproducible``)
``hint(view: dict, *, data, limit: solvers.hints.Limit, seed, top: int) -> dict``
    (built by ``solvers.hints.hint_result``: one shape for every game)
``plan(view: dict, *, data, token_value: float) -> dict``            (ancients)
``BOTS: dict[str, Callable[..., Bot]]``                                (arena players)
``demo_section(data) -> str``                                          (``digsite demo``)

``capability(game_id, name)`` finds one and says clearly when a game lacks it.
"""

from __future__ import annotations

import importlib
import importlib.util
from types import ModuleType
from typing import Any

from games.errors import NoSolutionError
from games.registry import get

__all__ = ["service", "capability", "has_capability"]


def service(game_id: str) -> ModuleType | None:
    """The service module of ``game_id``, or ``None`` if it has none yet."""
    get(game_id)  # unknown ids fail here with the list of valid ones
    package = f"solvers.{game_id}"
    if importlib.util.find_spec(package) is None:
        return None
    name = f"{package}.service"
    if importlib.util.find_spec(name) is None:
        return None
    return importlib.import_module(name)


def has_capability(game_id: str, name: str) -> bool:
    """Whether ``game_id`` offers the service ``name``."""
    module = service(game_id)
    return module is not None and hasattr(module, name)


def capability(game_id: str, name: str) -> Any:
    """The service ``name`` of ``game_id``; ``NoSolutionError`` if the game lacks it."""
    module = service(game_id)
    if module is None or not hasattr(module, name):
        raise NoSolutionError(f"{name.replace('_', '-')} is not available for {game_id}")
    return getattr(module, name)
