"""Finding a game's services: the library functions the CLI calls.

Each game's solver code lives in its own package ``solvers/<game id>/`` (``model``,
``search``, ``policy``, ... as the game needs), topped by ``solvers/<game id>/service.py``,
found here by that convention. A service module offers any of these (all return plain
JSON-ready dicts in the shapes of ARCHITECTURE.md; none prints):

``best_score(deal: dict, *, data, budget: float | None, time_limit: float | None, seed) -> dict``
    (solo deals; ``budget`` in the game's ``BUDGET_UNITS``, deterministic; ``time_limit`` a
    wall-clock cap; the JSON states ``bound_source``, ``budget`` and ``reproducible``)
``hint(view: dict, *, data, limit: solvers.hints.Limit, seed, top: int) -> dict``
    (built by ``solvers.hints.hint_result``: one shape for every game; the card games with
    an opponent model also take ``inference: bool | None``)
``beliefs(view: dict, *, data, seed[, inference]) -> dict``   (card games: what the seat can
    infer of the hidden cards, ``solvers.ismcts.beliefs``)
``plan(view: dict, *, data, token_value: float) -> dict``            (ancients)
``BOTS: dict[str, Callable[..., Bot]]``                                (arena players)
``demo_section(data) -> str``                                          (``digsite demo``)
``plan_turns(state, plan) -> list[list[str]]``      (grid games: a best-score plan as moves)
``decision_view(state, seat) -> dict``    (games whose hint reads views of decisions the
    engine's ``view_of`` does not write: Pyramids' keep and take; see ``solvers.review``)
``played_turn(state, moves) -> (count, text, whole)``, ``hint_with_turn(view, moves, ...)``
    (games whose hint ranks whole turns of several moves; see ``solvers.review``)

``capability(game_id, name)`` finds one and says clearly when a game lacks it.
``hint(game_id, view, ...)`` calls a game's hint, on ``limit.workers`` independent searches
at once when asked (root parallelisation, merged by ``solvers.hints.merge_hints``), with
``inference`` passed on only when given (a game without the option refuses it).
``beliefs(game_id, view, ...)`` likewise.
"""

from __future__ import annotations

import importlib
import importlib.util
import inspect
from types import ModuleType
from typing import Any

from dataclasses import dataclass

from games.errors import NoSolutionError
from games.registry import GAME_IDS, get
from games.seeding import child_seeds

from .backends import run_jobs
from .hints import Limit, merge_hints

__all__ = ["service", "capability", "has_capability", "hint", "beliefs", "hint_budget",
           "bot_names", "SERVICE_WORDS"]

#: Each service in a user's words, for the message when a game lacks it.
SERVICE_WORDS = {"hint": "move hints", "best_score": "a best-score solver",
                 "plan": "a dig planner", "BOTS": "arena bots",
                 "demo_section": "a demo section", "beliefs": "beliefs about hidden cards"}


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
    options: tuple = ()

    def __call__(self, seed: int) -> dict:
        # every move, so that the merge sees each search's whole root
        return self.hint_of(self.view, data=self.data, limit=self.limit, seed=seed,
                            top=1_000_000, **dict(self.options))


def _options(game_id: str, func, name: str, **options) -> dict:
    """The options given (not ``None``), each checked to be one ``func`` takes."""
    given = {key: value for key, value in options.items() if value is not None}
    accepted = inspect.signature(func).parameters
    for key in given:
        if key not in accepted:
            offered = [g for g in GAME_IDS if has_capability(g, name)
                       and key in inspect.signature(capability(g, name)).parameters]
            raise NoSolutionError(f"{game_id}'s {SERVICE_WORDS.get(name, name)} take no "
                                  f"{key} option" + (f" (games with it: {', '.join(offered)})"
                                                     if offered else ""))
    return given


def hint(game_id: str, view: dict, *, data, limit: Limit = Limit(), seed=0,
         top: int = 10, inference: bool | None = None) -> dict:
    """``game_id``'s hint for ``view``. With ``limit.workers`` > 1: that many independent
    searches, each with the whole budget and its own seed (``child_seeds(seed, workers)``),
    run in a local process pool and merged (``solvers.hints.merge_hints``): deterministic
    for a fixed seed, iteration budget and worker count. ``inference`` on or off (``None``:
    the game's default), for the games whose hint takes it."""
    hint_of = capability(game_id, "hint")
    options = _options(game_id, hint_of, "hint", inference=inference)
    if limit.workers <= 1:
        return hint_of(view, data=data, limit=limit, seed=seed, top=top, **options)
    one_search = Limit(iterations=limit.iterations, time_limit=limit.time_limit)
    hints = run_jobs(_OneHint(hint_of, view, data, one_search, tuple(options.items())),
                     child_seeds(seed, limit.workers), workers=limit.workers)
    return merge_hints(hints, limit=limit, seed=seed, top=top)


def beliefs(game_id: str, view: dict, *, data, seed=0, inference: bool | None = None) -> dict:
    """``game_id``'s beliefs for ``view`` (what its seat can infer of the hidden cards)."""
    beliefs_of = capability(game_id, "beliefs")
    return beliefs_of(view, data=data, seed=seed,
                      **_options(game_id, beliefs_of, "beliefs", inference=inference))


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
