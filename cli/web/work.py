"""The searches the analysis board runs, each in a worker process of its own
(``cli.web.jobs`` starts them): a hint, a review of a record, a solo deal's best score.

:func:`run` is the worker's whole life: it reads its request, does the one library call,
and sends messages up its pipe: ``("progress", {...})`` while it works, then exactly one
of ``("done", json_text)`` (the JSON the CLI's ``--json`` prints for the same request;
``("cpu", seconds)`` before it, the worker's CPU time),
``("error", line)`` (bad input: the CLI's one-line message) or ``("fault", line)`` (an
internal fault, logged by the server, answered as one line). Requests are checked before
any search (:func:`check_request`), in the server process, so most bad input never costs
a process.
"""

from __future__ import annotations

import json
import math
from dataclasses import replace
from typing import Any, Callable, Mapping

import cards_data
from cards_data import CardData
from games import registry
from games.errors import DigsiteError, InvalidStateError
from grids import GridError

from ..inputs import card_data

__all__ = ["run", "check_request", "KINDS", "MAX_ITERATIONS", "MAX_REVIEW_ITERATIONS",
           "MAX_TOP", "BEST_WORK", "TIME_CAPS"]

KINDS = ("hint", "review", "best_score")

#: Server-side caps on one request's budget (``--iterations``, ``--budget``) and wall clock.
#: A hint of 50,000 iterations is 50 times the card games' default (about a minute of one
#: core); the best score's work is its default (Pyramids: 30 units, Ancients: 200) at most.
MAX_ITERATIONS = 50_000
MAX_REVIEW_ITERATIONS = 5_000
MAX_TOP = 50
#: (the registry's declared defaults, which the page's budget box starts at: one source)
BEST_WORK = {info.id: info.budgets.best_score for info in registry.GAMES.values()
             if info.budgets.best_score is not None}
#: The wall clock, seconds per kind of search: generous because a shared machine is slow
#: (a 30-decision Pyramids review took 14 s of CPU and over 120 s of wall clock on 2 busy
#: cores).
TIME_CAPS = {"hint": 300.0, "review": 900.0, "best_score": 600.0}


def _number(payload: dict[str, Any], key: str, *, lo: float, hi: float, whole: bool,
            default: Any = None) -> Any:
    value = payload.get(key, default)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, (int, float)) or \
            (whole and not isinstance(value, int)) or not math.isfinite(value):
        kind = "a whole number" if whole else "a number"
        # (the value as JSON writes it: `true`, not Python's True)
        raise InvalidStateError(f"{key}: expected {kind}, got {json.dumps(value)[:40]}")
    if not lo <= value <= hi:
        low, high = (f"{int(lo)}", f"{int(hi)}") if whole else (f"{lo:g}", f"{hi:g}")
        raise InvalidStateError(f"{key}: must be from {low} to {high} on this server, "
                                f"got {value}")
    return value


def check_request(kind: str, payload: Any) -> dict[str, Any]:
    """The request ``payload`` of a ``kind`` search, checked and capped (the caps above):
    ``InvalidStateError`` with one line naming the key otherwise. Returns the normalised
    request the worker runs."""
    if not isinstance(payload, dict):
        raise InvalidStateError(f"{kind}: expected a JSON object")
    allowed = {"hint": {"game", "view", "iterations", "seed", "top", "time_limit", "beliefs"},
               "review": {"record", "seat", "iterations", "seed", "time_limit",
                          "best_budget"},
               "best_score": {"game", "seed", "deal", "budget", "time_limit"}}[kind]
    unknown = sorted(set(payload) - allowed)
    if unknown:
        raise InvalidStateError(f"{kind}: unknown key {unknown[0]!r} (keys: "
                                f"{', '.join(sorted(allowed))})")
    time_limit = _number(payload, "time_limit", lo=0.001, hi=TIME_CAPS[kind],
                         whole=False)
    # the server's own time cap kills the worker (``cli.web.jobs``); only a limit the
    # client gives goes into the search's Limit, so the answer is the CLI's for the same
    # request (a Limit's time_limit is part of the JSON)
    out: dict[str, Any] = {"kind": kind, "time_limit": time_limit,
                           "seed": _number(payload, "seed", lo=0, hi=2**63 - 1, whole=True,
                                           default=0)}
    if kind in ("hint", "best_score"):
        game = payload.get("game")
        if not isinstance(game, str):
            raise InvalidStateError(f"{kind}: game: expected a game id")
        info = registry.get(game)  # an unknown id: one line listing the games
        out["game"] = game
    if kind == "hint":
        if "hint" not in info.services:
            raise InvalidStateError(f"{game} has no move hints")
        if not isinstance(payload.get("view"), dict):
            raise InvalidStateError("hint: view: expected a JSON object (a player view)")
        out["view"] = payload["view"]
        out["iterations"] = _number(payload, "iterations", lo=1, hi=MAX_ITERATIONS,
                                    whole=True)
        out["top"] = _number(payload, "top", lo=1, hi=MAX_TOP, whole=True, default=10)
        # the seat's beliefs about the hidden cards, as ``hint --beliefs`` (card games)
        out["beliefs"] = payload.get("beliefs", False)
        if not isinstance(out["beliefs"], bool):
            raise InvalidStateError("hint: beliefs: expected true or false")
        if out["beliefs"] and "beliefs" not in info.services:
            raise InvalidStateError(f"{game} has no beliefs about hidden cards")
    elif kind == "review":
        if not isinstance(payload.get("record"), dict):
            raise InvalidStateError("review: record: expected a JSON object (a game record)")
        out["record"] = payload["record"]
        out["seat"] = _number(payload, "seat", lo=0, hi=8, whole=True)
        out["iterations"] = _number(payload, "iterations", lo=1,
                                    hi=MAX_REVIEW_ITERATIONS, whole=True)
        # a solo grid game's review solves its deal's best score: capped as best_score is
        game = payload["record"].get("game")
        cap = BEST_WORK.get(game, 0.0) if isinstance(game, str) else 0.0
        out["best_budget"] = _number(payload, "best_budget", lo=0.001, hi=max(cap, 0.001),
                                     whole=False)
    else:
        if "best_score" not in info.services:
            raise InvalidStateError(f"{game} has no best-score solver (games with a "
                                    f"best-score solver: pyramids, ancients)")
        if ("deal" in payload) == ("seed" in payload):
            raise InvalidStateError("best_score: give exactly one of seed and deal")
        if "deal" in payload and not isinstance(payload["deal"], dict):
            raise InvalidStateError("best_score: deal: expected a JSON object (a deal)")
        out["deal"] = payload.get("deal")
        cap = BEST_WORK[out["game"]]
        out["budget"] = _number(payload, "budget", lo=0.001, hi=cap, whole=False)
    return out


Progress = Callable[[dict[str, Any]], None]
#: Card data by game id replacing the bundled data (``serve --cards``).
Cards = Mapping[str, CardData]


def _hint(request: dict[str, Any], progress: Progress, cards: Cards) -> str:
    from solvers import services
    from solvers.limits import Limit

    from ..jsonout import to_json

    data = card_data(request["game"], cards)
    progress({"phase": "searching"})
    # (counted from the request's arrival, ``started``: the worker's imports count too)
    limit = Limit(iterations=request["iterations"], time_limit=request["time_limit"],
                  started=request.get("started"))
    result = services.hint(request["game"], request["view"], data=data, limit=limit,
                           seed=request["seed"], top=request["top"])
    if request["beliefs"]:
        result = services.with_beliefs(request["game"], result, request["view"], data=data,
                                       seed=request["seed"])
    return to_json(result)


def _review(request: dict[str, Any], progress: Progress, cards: Cards) -> str:
    from games.record import read_record
    from solvers.limits import Limit
    from solvers.review import review_game

    from ..jsonout import to_json
    from .board import viewer_seat

    doc = request["record"]
    game = doc.get("game")
    if not isinstance(game, str):
        raise InvalidStateError("record: game: missing")
    registry.get(game)
    data = card_data(game, cards)
    record = read_record(doc, game, data)
    seat = request["seat"]
    if seat is None:
        seat = viewer_seat(list(record.seats) if record.seats else None)
    total = sum(1 for e in record.moves if e.seat == seat)
    done = [0]

    def step(n: int = 1) -> None:
        done[0] += n
        progress({"phase": "reviewing", "done": done[0], "total": total})

    progress({"phase": "reviewing", "done": 0, "total": total})
    result = review_game(record, seat=seat, data=data,
                         limit=Limit(iterations=request["iterations"],
                                     time_limit=request["time_limit"]),
                         seed=request["seed"], progress=step,
                         best_limit=Limit(work=request["best_budget"]))
    return to_json(result)


def _best_score(request: dict[str, Any], progress: Progress, cards: Cards) -> str:
    from games.record import GameRecord
    from solvers import services
    from solvers.limits import Limit

    from ..jsonout import jsonable
    from .board import PLAN

    game = request["game"]
    data = card_data(game, cards)
    deal = request["deal"]
    if deal is None:
        deal = registry.engine(game).make_deal(players=1, seed=request["seed"], data=data)
    progress({"phase": "solving"})
    result = services.capability(game, "best_score")(
        deal, data=data, limit=Limit(work=request["budget"], time_limit=request["time_limit"],
                                     started=request.get("started")),
        seed=request["seed"])
    mark = cards_data.given_fingerprint(data)
    if mark is not None:  # a file's data (serve --cards): the answer says which, as the CLI's
        result = replace(result, facts=result.facts + (("cards", mark),))
    # the plan as a record of the deal, so the page opens it like any record and steps
    # through it on the board
    record = GameRecord.start(game, deal, seats=(PLAN,),
                              source=f"digsite best-score: {result.status} {result.score:g}, "
                                     f"bound {result.bound:g}")
    for turn in result.turns:
        for move in turn:
            record = record.played(0, move)
    return json.dumps({"best_score": jsonable(result), "record": record.to_json()}, indent=2)


def run(request: dict[str, Any], conn: Any, cards: Cards | None = None) -> None:
    """A worker process: run ``request`` (from :func:`check_request`) with ``cards``' card
    data for its game (``serve --cards``; else the bundled) and report up ``conn`` (module
    docstring)."""
    def progress(info: dict[str, Any]) -> None:
        conn.send(("progress", info))

    import time

    started = time.process_time()
    try:
        text = {"hint": _hint, "review": _review, "best_score": _best_score}[
            request["kind"]](request, progress, cards or {})
        # the worker's own CPU time, for the job's status (what a search costs here)
        conn.send(("cpu", round(time.process_time() - started, 3)))
        conn.send(("done", text))
    except (DigsiteError, GridError) as exc:
        conn.send(("error", " ".join(str(exc).split())))
    except Exception as exc:  # an internal fault: one line up the pipe, the server logs it
        conn.send(("fault", f"{type(exc).__name__}: {' '.join(str(exc).split())}"))
    finally:
        conn.close()
