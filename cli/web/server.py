"""``digsite serve``: the analysis board's web server (Starlette; the page in ``static/``).

The JSON API (README, "The analysis board"). Every answer is JSON; every error is
``{"error": "<one line>"}`` with a 4xx status and the line the CLI would print after
``error:`` (a 500 only for an internal fault, logged, still one line, never a traceback).

* ``GET  /api/examples`` — the bundled example records and the records given on the
  command line: ``{"examples": [{"name", "game", "about"}], "records": [...], "games"}``.
* ``POST /api/open`` — ``{"example": NAME}``, ``{"record": K}`` (the K-th record of the
  command line), ``{"text": "<JSON of a record or view>"}`` (with ``"name"``, the file's
  name, which a refusal names first), ``{"document": {...}}`` or
  ``{"game": G, "seed": N}`` (a solo grid deal), each with an optional ``"seat"`` (whose
  eyes the board is drawn through): ``{"id", "game", "players", "viewer", "kind",
  "decisions": [{"n", "seat", "move", "words", "board", "hint", "why_no_hint"}]}``.
* ``GET  /api/open/{id}/view/{n}`` — the player view of the seat to move at decision n.
* ``GET  /api/open/{id}/record`` — the opened record (for the review).
* ``POST /api/hint`` — ``{"game", "view", "iterations"?, "seed"?, "top"?, "time_limit"?}``:
  the hint's JSON, exactly what ``digsite hint --json`` prints for the same request.
* ``POST /api/review`` — ``{"record" | "open", "seat"?, "iterations"?, "seed"?}``: ``review
  --json``; ``"open": ID`` reviews the opened record ``ID`` as the server read it.
* ``POST /api/best-score`` — ``{"game", "seed" | "deal" | "open", "budget"?}``:
  ``{"best_score": <best-score --json>, "record": <the plan as a record of the deal>}``.
* Add ``?job=1`` to the three searches to get ``202 {"id", "state", ...}`` at once, then
  ``GET /api/jobs/{id}`` (``state``, ``progress``, and ``result`` when done) and
  ``DELETE /api/jobs/{id}`` (cancel); a job whose status no one asks for in
  ``jobs.ABANDON`` seconds is cancelled (its page was closed). Without it the answer
  waits for the result, and the search is stopped if the client goes away.

Bodies are at most ``MAX_BODY`` bytes (the CLI's 2 MiB input limit); the searches' caps are
in ``cli.web.work``; one running search per client (``X-Digsite-Client`` header, else the
address).
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
from collections import OrderedDict
from contextlib import asynccontextmanager
from importlib import resources
from typing import Any, AsyncIterator, Awaitable, Callable, Mapping

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

import cards_data
from cards_data import CardData
from games import registry
from games.errors import DigsiteError, InvalidStateError
from games.record import GameRecord
from grids import GridError

from ..inputs import card_data, naming, parse_json
from ..jsonout import service_names
from . import board
from .jobs import BusyError, Job, JobManager

__all__ = ["make_app", "MAX_BODY", "STATIC_FILES"]

LOG = logging.getLogger("digsite.serve")
MAX_BODY = cards_data.MAX_INPUT_CHARS
#: Opened documents kept for their views (the oldest dropped first).
KEEP_OPENED = 32
#: The page's files: the only files the server reads, by these names only.
STATIC_TYPES = {".html": "text/html; charset=utf-8", ".js": "text/javascript; charset=utf-8",
                ".css": "text/css; charset=utf-8", ".svg": "image/svg+xml"}


def _static_files() -> dict[str, tuple[bytes, str]]:
    """Every asset of ``cli/web/static``, read once: name -> (bytes, media type)."""
    out = {}
    for entry in resources.files("cli.web").joinpath("static").iterdir():
        suffix = entry.name[entry.name.rfind("."):]
        if suffix in STATIC_TYPES:
            out[entry.name] = (entry.read_bytes(), STATIC_TYPES[suffix])
    return out


STATIC_FILES = _static_files()


class _TooLarge(DigsiteError):
    pass


def _error(message: str, status: int = 400) -> JSONResponse:
    return JSONResponse({"error": " ".join(str(message).split())}, status_code=status)


async def _body(request: Request) -> Any:
    """The request's JSON body, at most ``MAX_BODY`` bytes (read no further)."""
    length = request.headers.get("content-length")
    if length is not None and (not length.isdecimal() or int(length) > MAX_BODY):
        raise _TooLarge(f"request body: more than the {MAX_BODY:,} bytes an input may hold")
    chunks, size = [], 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > MAX_BODY:
            raise _TooLarge(f"request body: more than the {MAX_BODY:,} bytes an input may "
                            f"hold")
        chunks.append(chunk)
    try:
        text = b"".join(chunks).decode("utf-8")
    except UnicodeDecodeError as exc:
        raise InvalidStateError(f"request body: not UTF-8 text ({exc.reason} at byte "
                                f"{exc.start})") from None
    return parse_json(text, "request body")


def _client(request: Request) -> str:
    given = request.headers.get("x-digsite-client")
    if given:
        return given[:64]
    return request.client.host if request.client else "unknown"


class _Board:
    """The server's state and its routes: the records read at start, the documents opened
    (the last ``KEEP_OPENED``), and the search jobs."""

    def __init__(self, records: list[tuple[str, dict[str, Any]]], manager: JobManager,
                 cards: Mapping[str, CardData]) -> None:
        self.records = records
        self.manager = manager
        self.cards = cards  # (``serve --cards``: a game's data replacing the bundled)
        self.opened: OrderedDict[str, board.Opened] = OrderedDict()
        self.counter = 0

    def remember(self, doc: board.Opened) -> str:
        self.counter += 1
        key = str(self.counter)
        self.opened[key] = doc
        while len(self.opened) > KEEP_OPENED:
            self.opened.popitem(last=False)
        return key

    async def index(self, request: Request) -> Response:
        content, media = STATIC_FILES["index.html"]
        return Response(content, media_type=media)

    async def static(self, request: Request) -> Response:
        name = request.path_params["name"]
        if name not in STATIC_FILES:  # a name of the set, never a path: no ../, no /etc
            return _error(f"no such file: {name}", 404)
        content, media = STATIC_FILES[name]
        return Response(content, media_type=media)

    async def examples(self, request: Request) -> Response:
        return JSONResponse({
            "examples": board.examples(),
            "records": [{"index": k, "name": name, "game": doc.get("game")}
                        for k, (name, doc) in enumerate(self.records)],
            "games": [{"id": info.id, "name": info.name, "kind": info.kind,
                       "solo": info.solo,
                       # (as `games --json` lists them: the services a user types, the
                       # bots by name)
                       "services": service_names(info.services), "bots": list(info.bots)}
                      for info in registry.GAMES.values()]})

    async def example(self, request: Request) -> Response:
        return JSONResponse(board.example_document(request.path_params["name"]))

    def _open(self, payload: Any) -> board.Opened:
        if not isinstance(payload, dict):
            raise InvalidStateError("open: expected a JSON object")
        keys = {"example", "record", "text", "document", "game"} & set(payload)
        if len(keys) != 1:
            raise InvalidStateError("open: give one of example, record, text, document, "
                                    "or game and seed")
        seat = payload.get("seat")
        if seat is not None and (isinstance(seat, bool) or not isinstance(seat, int)):
            raise InvalidStateError(f"open: seat: expected a seat number, got "
                                    f"{json.dumps(seat)[:40]}")
        key = keys.pop()
        if key == "example":
            if not isinstance(payload["example"], str):
                raise InvalidStateError("open: example: expected a name")
            doc = board.example_document(payload["example"])
        elif key == "record":
            k = payload["record"]
            if isinstance(k, bool) or not isinstance(k, int) or not 0 <= k < len(self.records):
                given = len(self.records)
                raise InvalidStateError(
                    f"open: record: no record {json.dumps(k)[:40]} (the server was given "
                    + (f"{given} record{'s' if given > 1 else ''}: 0 to {given - 1})" if given
                       else "no record)"))
            doc = self.records[k][1]
        elif key == "text":
            if not isinstance(payload["text"], str):
                raise InvalidStateError("open: text: expected the JSON text of a record "
                                        "or view")
            # the file's name the page read it from, which the refusal names first, as the
            # CLI's does (a broken file said "the opened text: line 5 column 629: ...")
            name = payload.get("name")
            if name is not None and (not isinstance(name, str) or not name.strip()):
                raise InvalidStateError("open: name: expected the name of the file read")
            name = " ".join(name.split())[:120] if name else None
            with naming(name):
                doc = parse_json(payload["text"], name or "the opened text")
                return board.open_document(doc, viewer=seat, cards=self.cards)
        elif key == "document":
            doc = payload["document"]
        else:
            doc = _solo_deal(payload, self.cards)
        return board.open_document(doc, viewer=seat, cards=self.cards)

    async def open_(self, request: Request) -> Response:
        payload = await _body(request)
        doc = await asyncio.to_thread(self._open, payload)
        key = self.remember(doc)
        return JSONResponse({"id": key, **doc.summary()})

    def _opened(self, request: Request) -> board.Opened:
        doc = self.opened.get(request.path_params["id"])
        if doc is None:
            raise LookupError(f"no opened document {request.path_params['id']!r} (open it "
                              f"again)")
        return doc

    async def view(self, request: Request) -> Response:
        doc = self._opened(request)
        n = request.path_params["n"]
        if not 1 <= n <= len(doc.decisions):
            raise LookupError(f"decision {n}: the document has decisions 1 to "
                              f"{len(doc.decisions)}")
        decision = doc.decisions[n - 1]
        if decision.view is None:
            raise InvalidStateError(f"decision {n}: no hint here ({decision.why_no_view})")
        return JSONResponse(decision.view)

    async def record(self, request: Request) -> Response:
        doc = self._opened(request)
        if doc.record is None:
            raise InvalidStateError("a view has no record to review")
        return JSONResponse(doc.record.to_json())

    def search(self, kind: str) -> Callable[[Request], Awaitable[Response]]:
        manager = self.manager

        async def endpoint(request: Request) -> Response:
            payload = self._of_opened(kind, await _body(request))
            polled = request.query_params.get("job", "0") not in ("", "0", "false")
            job = manager.start(kind, payload, _client(request), polled=polled)
            if polled:
                return JSONResponse(job.status(), status_code=202)
            waiter = asyncio.ensure_future(job.finished.wait())
            try:
                while not waiter.done():
                    await asyncio.wait({waiter}, timeout=0.25)
                    if not waiter.done() and await _gone(request):
                        manager.cancel(job)  # the client went away: stop its search
                        return Response(status_code=499)
            finally:
                waiter.cancel()
            if job.state == "done":
                return Response(job.result or "", media_type="application/json")
            return _error(job.message or job.state,
                          500 if job.state == "fault" else 400)
        return endpoint

    def _of_opened(self, kind: str, payload: Any) -> Any:
        """A review or best score of an opened record named by its id (``"open": ID``): its
        record, or its deal, as the server read them. The page asks this way, since a
        record sent back through the page's JavaScript numbers loses every whole number
        above 2**53 (Loot N Run's ``chance_seed``: another deal, and another game)."""
        if not isinstance(payload, dict) or "open" not in payload or kind == "hint":
            return payload
        key = payload["open"]
        doc = self.opened.get(key) if isinstance(key, str) else None
        if doc is None:
            raise LookupError(f"no opened document {json.dumps(key)[:40]} (open it again)")
        if doc.record is None:
            raise InvalidStateError("a view has no record to review or deal to solve")
        rest = {k: v for k, v in payload.items() if k != "open"}
        if kind == "review":
            return {**rest, "record": doc.record.to_json()}
        return {**rest, "game": doc.game, "deal": doc.record.deal}

    def _job(self, request: Request) -> Job:
        job = self.manager.jobs.get(request.path_params["id"])
        if job is None:
            raise LookupError(f"no job {request.path_params['id']!r}")
        return job

    async def job_status(self, request: Request) -> Response:
        job = self._job(request)
        job.seen = time.monotonic()  # someone still wants it (jobs.ABANDON)
        return JSONResponse(job.status())

    async def job_cancel(self, request: Request) -> Response:
        job = self._job(request)
        self.manager.cancel(job)
        return JSONResponse(job.status())

    async def health(self, request: Request) -> Response:
        manager = self.manager
        return JSONResponse({"running": len(manager.running()), "processes": manager.alive(),
                             "started": manager.started, "reaped": manager.reaped})

    def routes(self) -> list[Route]:
        return [
            Route("/", self.index),
            Route("/static/{name:str}", self.static),
            Route("/api/examples", self.examples),
            Route("/api/examples/{name:str}", self.example),
            Route("/api/open", self.open_, methods=["POST"]),
            Route("/api/open/{id:str}/view/{n:int}", self.view),
            Route("/api/open/{id:str}/record", self.record),
            Route("/api/hint", self.search("hint"), methods=["POST"]),
            Route("/api/review", self.search("review"), methods=["POST"]),
            Route("/api/best-score", self.search("best_score"), methods=["POST"]),
            Route("/api/jobs/{id:str}", self.job_status),
            Route("/api/jobs/{id:str}", self.job_cancel, methods=["DELETE"]),
            Route("/api/health", self.health),
        ]


async def _bad_input(request: Request, exc: Exception) -> Response:
    return _error(str(exc), 413 if isinstance(exc, _TooLarge)
                  else 429 if isinstance(exc, BusyError) else 400)


async def _not_found(request: Request, exc: Exception) -> Response:
    return _error(str(exc.args[0]) if exc.args else "not found", 404)


async def _http_error(request: Request, exc: Exception) -> Response:
    status = getattr(exc, "status_code", 400)
    # (Starlette's words were "Not Found" and "Method Not Allowed": which address, and what
    # it takes, as every other error of the API says what and where)
    path = request.url.path[:80]
    if status == 404:
        return _error(f"no such address: {path} (the board's API: README)", status)
    if status == 405:
        allowed = (getattr(exc, "headers", None) or {}).get("Allow", "")
        return _error(f"{path} answers {allowed or 'other'} requests, not {request.method}",
                      status)
    return _error(getattr(exc, "detail", "") or "bad request", status)


async def _fault(request: Request, exc: Exception) -> Response:
    LOG.exception("internal fault answering %s %s", request.method, request.url.path)
    return _error(f"internal fault: {type(exc).__name__}: {exc}", 500)


#: The names of this machine a loopback server answers to (``run_server``'s ``hosts``).
LOOPBACK_NAMES = frozenset({"localhost", "127.0.0.1", "::1"})


def _host_name(authority: str) -> str:
    """``example.org:8765`` -> ``example.org``; ``[::1]:8765`` -> ``::1``."""
    if authority.startswith("["):
        return authority[1:authority.find("]")] if "]" in authority else authority
    return authority.rsplit(":", 1)[0] if authority.count(":") == 1 else authority


class _SameSite:
    """ASGI middleware: the board answers its own page only. A request from another site's
    page (its ``Origin`` is not the ``Host`` asked) is refused with 403, so no web page the
    user visits can start searches here (a ``text/plain`` POST needs no preflight); with
    ``hosts`` (a loopback server), a ``Host`` outside them is refused too, so a page whose
    name was made to point at 127.0.0.1 (DNS rebinding) cannot read the board either."""

    def __init__(self, app: Any, hosts: frozenset[str] | None) -> None:
        self.app = app
        self.hosts = hosts

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] == "http":
            headers = {k.decode("latin-1").lower(): v.decode("latin-1")
                       for k, v in scope.get("headers", [])}
            host = headers.get("host", "")
            origin = headers.get("origin")
            why = None
            if self.hosts is not None and _host_name(host).lower() not in self.hosts:
                why = f"host {host[:80]!r} is not this machine's (the board answers 127.0.0.1)"
            elif origin is not None and origin != "null" and \
                    origin.partition("://")[2].lower() != host.lower():
                why = f"a request from another site ({origin[:80]}) is refused"
            elif origin == "null":
                why = "a request from an opaque origin is refused"
            if why is not None:
                await _error(why, 403)(scope, receive, send)
                return
        await self.app(scope, receive, send)


def make_app(records: list[tuple[str, dict[str, Any]]] | None = None, *,
             jobs: JobManager | None = None, hosts: frozenset[str] | None = None,
             cards: Mapping[str, CardData] | None = None) -> Starlette:
    """The analysis board's app; ``records``: ``(name, record JSON)`` read from the command
    line at start (the server reads no path after that); ``hosts``: the ``Host`` names it
    answers to (``None``: any, the Origin checked all the same; ``_SameSite``); ``cards``:
    card data by game id replacing the bundled data (``serve --cards``), in what it opens
    and in its searches (``jobs``, when given, keeps its own)."""
    from starlette.exceptions import HTTPException

    manager = jobs or JobManager(cards=cards)
    routes = _Board(list(records or []), manager, dict(cards or {})).routes()

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        manager.warm()
        yield
        manager.shutdown()

    from starlette.middleware import Middleware

    app = Starlette(routes=routes, exception_handlers={
        DigsiteError: _bad_input, GridError: _bad_input, LookupError: _not_found,
        HTTPException: _http_error, Exception: _fault}, lifespan=lifespan,
        middleware=[Middleware(_SameSite, hosts=hosts)])
    app.state.jobs = manager
    return app


async def _gone(request: Request) -> bool:
    try:
        return await request.is_disconnected()
    except Exception:  # a transport that cannot tell: keep waiting
        return False


def _solo_deal(payload: dict[str, Any], cards: Mapping[str, CardData]) -> dict[str, Any]:
    """``{"game", "seed"}``: the solo deal of a grid game as an empty record."""
    game = payload.get("game")
    seed = payload.get("seed")
    if not isinstance(game, str):
        raise InvalidStateError("open: game: expected a game id")
    info = registry.get(game)
    if not info.solo:
        raise InvalidStateError(f"open: {game} has no solo deal (solo deals: "
                                f"{', '.join(g.id for g in registry.GAMES.values() if g.solo)})")
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**63:
        raise InvalidStateError(f"open: seed: expected a whole number from 0, got "
                                f"{json.dumps(seed)[:40]}")
    if set(payload) - {"game", "seed", "seat"}:
        raise InvalidStateError("open: a solo deal takes game and seed only")
    data = card_data(game, cards)
    deal = registry.engine(game).make_deal(players=1, seed=seed, data=data)
    return GameRecord.start(game, deal, source=f"solo deal of seed {seed}").to_json()


def run_server(records: list[tuple[str, dict[str, Any]]], *, host: str, port: int,
               announce: Callable[[str], None],
               cards: Mapping[str, CardData] | None = None) -> None:
    """Serve until interrupted (``digsite serve``): ``announce(url)`` once listening."""
    import uvicorn

    # a loopback server answers to this machine's names only (DNS rebinding); one bound
    # to another address serves whatever name the network gives it (the Origin checked)
    loopback = _host_name(host).lower() in LOOPBACK_NAMES or host.startswith("127.")
    config = uvicorn.Config(make_app(records, hosts=LOOPBACK_NAMES | {host} if loopback
                                     else None, cards=cards),
                            host=host, port=port, log_level="warning", lifespan="on")
    server = uvicorn.Server(config)
    host_text = f"[{host}]" if ":" in host else host
    original = server.startup

    async def startup(sockets: Any = None) -> None:
        await original(sockets=sockets)
        port_ = port
        if server.servers and server.servers[0].sockets:
            port_ = server.servers[0].sockets[0].getsockname()[1]
        announce(f"http://{host_text}:{port_}/")

    server.startup = startup  # type: ignore[method-assign]
    server.run()
