"""Finding a game's services: the library functions the CLI calls.

Each engine family's solver code lives in its own package ``solvers/<family>/``
(``model``, ``search``, ``policy``, ... as the game needs), topped by
``solvers/<family>/service.py``, found here by that convention; the family of a game with
one edition is its id (``games.registry.GameInfo.family``). A service module that serves
several editions (Archaeology's 2007 game and The New Expedition) exposes ``EDITIONS:
dict[game id, service]``, one object per edition with the names a service module has,
and :func:`service` returns the game's. A service offers any of these (none prints; the
CLI writes their results as JSON, ``cli/jsonout.py``):

``best_score(deal: dict, *, data, limit: solvers.limits.Limit, seed, progress=None) -> BestScore``
    (solo deals; ``limit.work`` in the game's declared best-score units, deterministic;
    ``limit.time_limit`` a wall-clock cap; ``solvers.results.BestScore``; ``progress(text)``
    hears the phase, the best score and the bound so far; a stop request
    (``solvers.interrupt``, Ctrl-C) ends it with the best plan so far, stop reason
    ``interrupted``)
``hint(view: dict, *, data, limit: solvers.limits.Limit, seed, top: int) -> Hint``
    (built by ``solvers.hints.hint_result``: one type for every game; ``limit.workers``
    independent searches merged on their raw sums)
``plan(view: dict, *, data, token_value: float) -> dict``            (ancients)
``BOTS: dict[str, Callable[..., Bot]]``                                (arena players)
``demo_section(data) -> str``                                          (``digsite demo``)
``decision_view(state, seat) -> dict``    (games whose hint reads views of decisions the
    engine's ``view_of`` does not write: Pyramids' keep and take; see ``solvers.review``)
``played_turn(state, moves) -> (count, text, whole)``, ``hint_with_turn(view, moves, ...)``
    (games whose hint ranks whole turns of several moves; see ``solvers.review``)

``capability(game_id, name)`` finds one and says clearly when a game lacks it; the
user-facing services a game offers are declared in its registry entry
(``games.registry.GameInfo.services``), so listing them imports no solver.
``hint(game_id, view, ...)`` calls a game's hint.
"""

from __future__ import annotations

import importlib
import importlib.util
from types import ModuleType
from typing import Any

from cards_data import CardData
from games.errors import NoSolutionError
from games.registry import GAME_IDS, SERVICES, get
from games.seeding import Seed

from .hints import Hint
from .limits import Limit

__all__ = ["service", "capability", "has_capability", "hint", "hint_budget", "bot_names",
           "SERVICE_WORDS"]

#: Each service in a user's words, for the message when a game lacks it: after "has no"
#: and after "games with" ("archaeology has no best-score solver (games with a best-score
#: solver: ...)").
SERVICE_WORDS = {"hint": ("move hints", "move hints"),
                 "best_score": ("best-score solver", "a best-score solver"),
                 "plan": ("dig planner", "a dig planner"), "BOTS": ("arena bots", "arena bots"),
                 "demo_section": ("demo section", "a demo section")}


def service(game_id: str) -> ModuleType | Any | None:
    """The service of ``game_id``: its family's service module, or the module's
    ``EDITIONS[game_id]`` where the module serves several editions; ``None`` if it has
    none yet."""
    package = f"solvers.{get(game_id).family}"  # unknown ids fail here with the valid ones
    if importlib.util.find_spec(package) is None:
        return None
    name = f"{package}.service"
    if importlib.util.find_spec(name) is None:
        return None
    module = importlib.import_module(name)
    editions = getattr(module, "EDITIONS", None)
    return module if editions is None else editions.get(game_id)


def has_capability(game_id: str, name: str) -> bool:
    """Whether ``game_id`` offers the service ``name``: the registry's declaration for the
    user-facing services (``games.registry.SERVICES``, read without importing any solver),
    else whether the service module has it (the hooks other modules use)."""
    if name in SERVICES:
        return name in get(game_id).services
    module = service(game_id)
    return module is not None and hasattr(module, name)


def capability(game_id: str, name: str) -> Any:
    """The service ``name`` of ``game_id``; ``NoSolutionError`` if the game lacks it."""
    module = service(game_id)
    if module is None or not hasattr(module, name):
        lacks, having = SERVICE_WORDS.get(name, (name.replace("_", "-"),) * 2)
        offered = [game for game in GAME_IDS if has_capability(game, name)]
        raise NoSolutionError(f"{game_id} has no {lacks} yet" if not offered else
                              f"{game_id} has no {lacks} (games with {having}: "
                              f"{', '.join(offered)})")
    return getattr(module, name)


def hint(game_id: str, view: dict[str, Any], *, data: CardData, limit: Limit = Limit(),
         seed: Seed = 0, top: int = 10) -> Hint:
    """``game_id``'s hint for ``view`` within ``limit``. With ``limit.workers`` > 1 the
    game's search runs that many independent searches side by side (each with the whole
    budget and its own seed) and merges their raw statistics before computing any value
    (root parallelisation): deterministic for a fixed seed, budget and worker count."""
    result: Hint = capability(game_id, "hint")(view, data=data, limit=limit, seed=seed,
                                               top=top)
    return result


def hint_budget(game_id: str) -> str | None:
    """The default budget of ``game_id``'s hint in words (``None`` without a hint), as the
    registry declares it."""
    info = get(game_id)
    return info.budgets.hint_text if "hint" in info.services else None


def bot_names(game_id: str) -> list[str]:
    """The names of ``game_id``'s arena bots (empty when it has none), as declared."""
    return list(get(game_id).bots)
