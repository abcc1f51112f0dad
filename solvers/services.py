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
    independent searches merged on their raw sums; the card games with an opponent model
    also take ``inference: bool | None``)
``beliefs(view: dict, *, data, seed[, inference]) -> dict``   (card games: what the seat can
    infer of the hidden cards, ``solvers.ismcts.beliefs``)
``plan(view: dict, *, data, token_value: float) -> dict``            (ancients)
``BOTS: dict[str, Callable[..., Bot]]``                                (arena players)
``demo_section(data) -> str``                                          (``digsite demo``)
``decision_view(state, seat) -> dict``    (games whose hint reads views of decisions the
    engine's ``view_of`` does not write: Pyramids' keep and take; see ``solvers.review``)
``played_turn(state, moves) -> (count, text, whole)``, ``hint_with_turn(view, moves, ...)``
    (games whose hint ranks whole turns of several moves; see ``solvers.review``)
``hint_through(view, moves, *, playouts, data, limit, seed, top, always=False) -> Hint``
    (the card games: the hint, with the decision played, its record ``moves``, valued by
    ``playouts`` playouts of its own where the search left it fewer, or ``always``; see
    ``solvers.review``)
``turn_steps(state, text) -> list of moves | None``   (Tomb of the Ancients: a whole turn
    typed as the hint names it, ``dig find 7 0 at A1; find 18 0 at C2``, as its engine
    moves; ``digsite play``)
``best_reachable(state, *, data, limit, seed) -> float``   (Tomb of the Ancients: a proven
    upper bound on, or the exact, best score still reachable from a solo position; the
    review's ``fell_below``, see ``solvers.review``)
``first_below(states, best, *, data, limit, seed) -> (k, Reachable) | None``   (Pyramids:
    the earliest of a solo game's positions it proves short of ``best``, with the best
    still reachable there, exact or a bound; the review's ``fell_below`` likewise)

``capability(game_id, name)`` finds one and says clearly when a game lacks it; the
user-facing services a game offers are declared in its registry entry
(``games.registry.GameInfo.services``), so listing them imports no solver.
``hint(game_id, view, ...)`` calls a game's hint, with ``inference`` passed on only when
given (a game without the option refuses it); ``beliefs(game_id, view, ...)`` likewise.
"""

from __future__ import annotations

import importlib
import importlib.util
import inspect
from dataclasses import replace
from types import ModuleType
from typing import Any, Callable

import cards_data
from cards_data import CardData
from games.errors import NoSolutionError
from games.registry import GAME_IDS, SERVICES, engine, get
from games.seeding import Seed

from .hints import Hint
from .limits import Limit

__all__ = ["service", "capability", "has_capability", "hint", "hint_view", "beliefs",
           "with_beliefs", "hint_budget", "bot_names", "SERVICE_WORDS"]

#: Each service in a user's words, for the message when a game lacks it: after "has no"
#: and after "games with" ("archaeology has no best-score solver (games with a best-score
#: solver: ...)").
SERVICE_WORDS = {"hint": ("move hints", "move hints"),
                 "best_score": ("best-score solver", "a best-score solver"),
                 "plan": ("dig planner", "a dig planner"), "BOTS": ("arena bots", "arena bots"),
                 "demo_section": ("demo section", "a demo section"),
                 "beliefs": ("beliefs about hidden cards", "beliefs about hidden cards")}


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


def _options(game_id: str, func: Callable[..., Any], name: str,
             **options: Any) -> dict[str, Any]:
    """The options given (not ``None``), each checked to be one ``func`` takes."""
    given = {key: value for key, value in options.items() if value is not None}
    accepted = inspect.signature(func).parameters
    for key in given:
        if key not in accepted:
            offered = [g for g in GAME_IDS if has_capability(g, name)
                       and key in inspect.signature(capability(g, name)).parameters]
            words = SERVICE_WORDS.get(name, (name,) * 2)[1]
            raise NoSolutionError(f"the {game_id} game's {words} take no "
                                  f"{key} option" + (f" (games with it: {', '.join(offered)})"
                                                     if offered else ""))
    return given


def hint(game_id: str, view: dict[str, Any], *, data: CardData, limit: Limit = Limit(),
         seed: Seed = 0, top: int = 10, inference: bool | None = None) -> Hint:
    """``game_id``'s hint for ``view`` within ``limit``. With ``limit.workers`` > 1 the
    game's search runs that many independent searches side by side (each with the whole
    budget and its own seed) and merges their raw statistics before computing any value
    (root parallelisation): deterministic for a fixed seed, budget and worker count.
    ``inference`` on or off (``None``: the game's default), for the games whose hint
    takes it."""
    hint_of = capability(game_id, "hint")
    result: Hint = hint_of(view, data=data, limit=limit, seed=seed, top=top,
                           **_options(game_id, hint_of, "hint", inference=inference))
    mark = cards_data.given_fingerprint(data)
    if mark is not None:  # a file's data: the hint says which (the bundled data's as before)
        result = replace(result, facts=result.facts + (("cards", mark),))
    return result


def hint_view(game_id: str, state: Any, seat: int) -> dict[str, Any]:
    """The view of ``seat``'s decision at ``state`` that ``game_id``'s hint reads: the
    game's ``decision_view`` where the engine's ``view_of`` does not write every decision
    (Pyramids' keep and take), else ``view_of`` (``InvalidStateError`` where neither can:
    not the seat's decision)."""
    if has_capability(game_id, "decision_view"):
        view: dict[str, Any] = capability(game_id, "decision_view")(state, seat)
        return view
    view = engine(game_id).view_of(state, seat)
    return view


def beliefs(game_id: str, view: dict[str, Any], *, data: CardData, seed: Seed = 0,
            inference: bool | None = None) -> dict[str, Any]:
    """``game_id``'s beliefs for ``view`` (what its seat can infer of the hidden cards)."""
    beliefs_of = capability(game_id, "beliefs")
    result: dict[str, Any] = beliefs_of(
        view, data=data, seed=seed, **_options(game_id, beliefs_of, "beliefs",
                                               inference=inference))
    return result


def with_beliefs(game_id: str, result: Hint, view: dict[str, Any], *, data: CardData,
                 seed: Seed = 0, inference: bool | None = None) -> Hint:
    """``result`` (the hint of ``view``) with the seat's beliefs about the hidden cards
    as its fact ``beliefs`` (``hint --beliefs``, play's hint, the board's)."""
    return replace(result, facts=result.facts + (("beliefs", beliefs(
        game_id, view, data=data, seed=seed, inference=inference)),))

def hint_budget(game_id: str) -> str | None:
    """The default budget of ``game_id``'s hint in words (``None`` without a hint), as the
    registry declares it."""
    info = get(game_id)
    return info.budgets.hint_text if "hint" in info.services else None


def bot_names(game_id: str) -> list[str]:
    """The names of ``game_id``'s arena bots (empty when it has none), as declared."""
    return list(get(game_id).bots)
