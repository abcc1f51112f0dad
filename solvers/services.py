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
``plan_turns(state, plan) -> list[list[str]]``      (grid games: a best-score plan as moves)
``decision_view(state, seat) -> dict``    (games whose hint reads views of decisions the
    engine's ``view_of`` does not write: Pyramids' keep and take; see ``solvers.review``)
``played_turn(state, moves) -> (count, text, whole)``, ``hint_with_turn(view, moves, ...)``
    (games whose hint ranks whole turns of several moves; see ``solvers.review``)
``left_best(deal, positions, *, data, best, budget) -> dict``   (grid games: the first
    decision of a played solo game after which the deal's best plan was provably out of
    reach, and by how much; see ``solvers.review``)

``capability(game_id, name)`` finds one and says clearly when a game lacks it.
``hint(game_id, view, ...)`` calls a game's hint, on ``limit.workers`` independent searches
at once when asked (root parallelisation, merged by ``solvers.hints.merge_hints``).
"""

from __future__ import annotations

import importlib
import importlib.util
from types import ModuleType
from typing import Any

from dataclasses import dataclass

from games.errors import NoSolutionError
from games.registry import GAME_IDS, get
from games.seeding import child_seeds

from .backends import run_jobs
from .hints import Limit, merge_hints

__all__ = ["service", "capability", "has_capability", "hint", "hint_budget", "bot_names",
           "SERVICE_WORDS"]

#: Each service in a user's words, for the message when a game lacks it.
SERVICE_WORDS = {"hint": "move hints", "best_score": "a best-score solver",
                 "plan": "a dig planner", "BOTS": "arena bots",
                 "demo_section": "a demo section"}


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
        what = SERVICE_WORDS.get(name, name.replace("_", "-"))
        offered = [game for game in GAME_IDS if has_capability(game, name)]
        raise NoSolutionError(f"{game_id} has no {what} yet" if not offered else
                              f"{game_id} has no {what} (games with {what}: "
                              f"{', '.join(offered)})")
    return getattr(module, name)


@dataclass(frozen=True)
class _OneHint:
    hint_of: Any
    view: dict
    data: Any
    limit: Limit

    def __call__(self, seed: int) -> dict:
        # every move, so that the merge sees each search's whole root
        return self.hint_of(self.view, data=self.data, limit=self.limit, seed=seed,
                            top=1_000_000)


def hint(game_id: str, view: dict, *, data, limit: Limit = Limit(), seed=0,
         top: int = 10) -> dict:
    """``game_id``'s hint for ``view``. With ``limit.workers`` > 1: that many independent
    searches, each with the whole budget and its own seed (``child_seeds(seed, workers)``),
    run in a local process pool and merged (``solvers.hints.merge_hints``): deterministic
    for a fixed seed, iteration budget and worker count."""
    hint_of = capability(game_id, "hint")
    if limit.workers <= 1:
        return hint_of(view, data=data, limit=limit, seed=seed, top=top)
    one_search = Limit(iterations=limit.iterations, time_limit=limit.time_limit)
    hints = run_jobs(_OneHint(hint_of, view, data, one_search),
                     child_seeds(seed, limit.workers), workers=limit.workers)
    return merge_hints(hints, limit=limit, seed=seed, top=top)


def hint_budget(game_id: str) -> str | None:
    """The default budget of ``game_id``'s hint in words (``None`` without a hint): the
    service's ``HINT_BUDGET`` text, else its ``DEFAULT_ITERATIONS`` search iterations."""
    module = service(game_id)
    if module is None or not hasattr(module, "hint"):
        return None
    text = getattr(module, "HINT_BUDGET", None)
    if text is None and isinstance(getattr(module, "DEFAULT_ITERATIONS", None), int):
        text = f"{module.DEFAULT_ITERATIONS} search iterations"
    return text


def bot_names(game_id: str) -> list[str]:
    """The names of ``game_id``'s arena bots (empty when it has none)."""
    module = service(game_id)
    return list(getattr(module, "BOTS", {}) or {}) if module is not None else []
