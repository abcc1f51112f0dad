"""Searches run by the analysis board: one worker process each (``cli.web.work.run``),
watched from the server's event loop.

* **A process per search**, so a cancel (``DELETE /api/jobs/{id}``), a client that goes
  away or the wall-clock cap can stop it at once by killing it: a search in the server's
  own process could only be asked to stop. Processes come from a ``forkserver`` that has
  imported the solvers once (a fork of a server with threads could inherit a held lock;
  a fresh ``spawn`` would import the solvers again for every search, about a second),
  started with the server (``JobManager.warm``).
* **Caps**: at most ``per_client`` running searches per client (one), ``running`` on the
  whole server, each killed ``GRACE`` seconds after the time limit it was given, or at the
  server's cap for its kind (``work.TIME_CAPS``) without one; finished jobs are
  kept ``KEEP`` at most (the oldest dropped), so nothing grows without bound.
* **A job nobody asks about is stopped**: the page asks for its job's status several times
  a second (a tab in the background about once a minute), so a job started with ``?job=1``
  whose status no one has asked for in ``ABANDON`` seconds was left by a page that closed
  (the page also cancels it as it closes, where the browser lets it).
* Every process is joined and closed when its job ends (``reaped``), whatever ended it.
"""

from __future__ import annotations

import asyncio
import itertools
import logging
import multiprocessing
import multiprocessing.forkserver
import secrets
import threading
import time
from dataclasses import dataclass, field
from multiprocessing.reduction import ForkingPickler
from types import MappingProxyType
from typing import Any, Mapping

from cards_data import CardData
from cards_data._schema import frozen_map
from games.errors import DigsiteError

from . import work

__all__ = ["Job", "JobManager", "BusyError", "GRACE", "KEEP", "ABANDON"]

LOG = logging.getLogger("digsite.serve")
#: Seconds a worker may run past its own time limit before it is killed.
GRACE = 10.0
#: Seconds a polled job runs with no one asking for its status before it is cancelled
#: (Chromium asks a hidden tab's timers at most once a minute: twice that).
ABANDON = 120.0
#: Finished jobs kept for their results.
KEEP = 64
#: How often the watcher reads a worker's pipe, in seconds.
POLL = 0.02

_CONTEXT: Any = None


def _reduce_frozen_map(mapping: MappingProxyType[Any, Any]) -> tuple[Any, tuple[Any, ...]]:
    """A read-only map (card data's tables, ``cards_data._schema.frozen_map``) as a worker
    receives it: a forkserver child is sent its arguments pickled, and a mappingproxy has
    no pickle of its own (``serve --cards``: the data given goes to every search)."""
    return frozen_map, (dict(mapping),)  # (mappingproxy itself has no importable name)


ForkingPickler.register(MappingProxyType, _reduce_frozen_map)  # (multiprocessing's pickles only)


def _context() -> Any:
    """The forkserver context, its server preloading the solvers (made once)."""
    global _CONTEXT
    if _CONTEXT is None:
        ctx = multiprocessing.get_context("forkserver")
        ctx.set_forkserver_preload(["cli.web.work", "solvers.services", "solvers.review",
                                    "cli.jsonout"])
        _CONTEXT = ctx
    return _CONTEXT


class BusyError(DigsiteError):
    """A client asked for a search while its own is running, or the server is full."""


@dataclass
class Job:
    """One search: its state is ``running``, ``done``, ``error`` (bad input: ``message``),
    ``fault`` (an internal fault) or ``cancelled``."""

    id: str
    kind: str
    client: str
    request: dict[str, Any]
    state: str = "running"
    progress: dict[str, Any] = field(default_factory=dict)
    result: str | None = None
    message: str | None = None
    started: float = field(default_factory=time.monotonic)
    ended: float | None = None
    cpu_s: float | None = None
    process: Any = None
    conn: Any = None
    finished: asyncio.Event = field(default_factory=asyncio.Event)
    #: seconds it may go unasked (``ABANDON``; None: its request waits for it instead)
    abandon_after: float | None = None
    seen: float = field(default_factory=time.monotonic)  # when its status was last asked

    def status(self) -> dict[str, Any]:
        """The job as ``GET /api/jobs/{id}`` answers it (``result`` is parsed JSON)."""
        import json

        out: dict[str, Any] = {"id": self.id, "kind": self.kind, "state": self.state,
                               "progress": self.progress,
                               "elapsed_s": round((self.ended or time.monotonic())
                                                  - self.started, 3)}
        if self.cpu_s is not None:
            out["cpu_s"] = self.cpu_s
        if self.message is not None:
            out["error"] = self.message
        if self.result is not None:
            out["result"] = json.loads(self.result)
        return out


class JobManager:
    """The server's searches (module docstring)."""

    def __init__(self, *, per_client: int = 1, running: int = 4,
                 abandon: float = ABANDON, cards: Mapping[str, CardData] | None = None) -> None:
        self.per_client = per_client
        #: card data by game id replacing the bundled data in every search (``serve --cards``)
        self.cards = dict(cards or {})
        self.abandon = abandon
        self.max_running = running
        self.jobs: dict[str, Job] = {}
        self._ids = itertools.count(1)
        self.reaped = 0
        self.started = 0

    def warm(self) -> None:
        """Start the forkserver now, in the background (the server's start), so that its
        imports are done before the first search: the first search's ``process.start()``
        waited for them in the event loop, and every request of every page with it (1.4 s
        on a busy machine)."""
        _context()
        threading.Thread(target=multiprocessing.forkserver.ensure_running, daemon=True,
                         name="digsite-forkserver").start()

    def running(self, client: str | None = None) -> list[Job]:
        return [j for j in self.jobs.values() if j.state == "running"
                and (client is None or j.client == client)]

    def start(self, kind: str, payload: Any, client: str, *, polled: bool = False) -> Job:
        """Check ``payload`` and start its worker; ``DigsiteError`` (bad input) or
        ``BusyError`` (a cap reached) without starting anything. A ``polled`` job (its
        status asked for, ``?job=1``) is cancelled when no one asks for ``abandon`` s."""
        # the request's clock: a hint's or best score's time limit counts from here, as
        # the CLI's counts from the command's start, and so does the watchdog (the first
        # search waits for the forkserver's imports, every one for its worker's)
        arrived = time.monotonic()
        request = {**work.check_request(kind, payload), "started": arrived}
        mine = self.running(client)
        if len(mine) >= self.per_client:
            raise BusyError(f"a search of this client is already running (job "
                            f"{mine[0].id}): wait for it or cancel it with DELETE "
                            f"/api/jobs/{mine[0].id}")
        if len(self.running()) >= self.max_running:
            raise BusyError(f"the server runs {self.max_running} searches already: try "
                            f"again when one has finished")
        ctx = _context()
        parent, child = ctx.Pipe(duplex=False)
        process = ctx.Process(target=work.run, args=(request, child, self.cards), daemon=True)
        process.start()
        child.close()  # the worker holds its end; ours closes so EOF is seen if it dies
        self.started += 1
        job = Job(id=f"{next(self._ids)}-{secrets.token_hex(4)}", kind=kind, client=client,
                  request=request, process=process, conn=parent, started=arrived,
                  abandon_after=self.abandon if polled else None)
        self.jobs[job.id] = job
        self._trim()
        asyncio.get_running_loop().create_task(self._watch(job))
        return job

    def _trim(self) -> None:
        ended = [j for j in self.jobs.values() if j.state != "running"]
        for job in ended[:max(0, len(self.jobs) - KEEP)]:
            del self.jobs[job.id]

    async def _watch(self, job: Job) -> None:
        given = job.request["time_limit"]
        deadline = job.started + (given + GRACE if given is not None
                                  else work.TIME_CAPS[job.kind])
        try:
            while job.state == "running":
                if job.conn.poll():
                    try:
                        kind, value = job.conn.recv()
                    except (EOFError, OSError):
                        self._end(job, "fault", message="the search process died")
                        break
                    if kind == "progress":
                        job.progress = value
                    elif kind == "cpu":
                        job.cpu_s = value
                    elif kind == "done":
                        job.result = value
                        self._end(job, "done")
                    else:
                        if kind == "fault":
                            LOG.error("internal fault in a %s search: %s", job.kind, value)
                            value = f"internal fault: {value}"
                        self._end(job, "error" if kind == "error" else "fault",
                                  message=value)
                    continue
                if not job.process.is_alive() and not job.conn.poll():
                    self._end(job, "fault", message="the search process died")
                    break
                if job.abandon_after is not None and \
                        time.monotonic() - job.seen > job.abandon_after:
                    self._end(job, "cancelled", message=f"cancelled: no one asked for it "
                                                        f"for {job.abandon_after:g} s (the "
                                                        f"page was closed)")
                    break
                if time.monotonic() > deadline:
                    self._end(job, "error", message=f"the search ran past the server's "
                                                    f"time limit and was stopped")
                    break
                await asyncio.sleep(POLL)
        finally:
            self._reap(job)

    def _end(self, job: Job, state: str, *, message: str | None = None) -> None:
        if job.state != "running":
            return
        job.state = state
        job.message = message
        job.ended = time.monotonic()
        job.finished.set()

    def _reap(self, job: Job) -> None:
        """Kill (if still alive), join and close the job's process and pipe."""
        process = job.process
        if process is None:
            return
        if process.is_alive():
            process.kill()
        process.join(5)
        try:
            process.close()
        except ValueError:  # still running after a kill and 5 s: leave it to the OS
            LOG.error("search process %s did not exit", job.id)
            return
        job.conn.close()
        job.process = None
        self.reaped += 1

    def cancel(self, job: Job) -> None:
        """Stop ``job`` now (nothing if it has ended)."""
        if job.state == "running":
            self._end(job, "cancelled", message="cancelled")
            self._reap(job)

    def shutdown(self) -> None:
        """Cancel every running job (the server is stopping)."""
        for job in list(self.running()):
            self.cancel(job)

    def alive(self) -> int:
        """Worker processes not yet reaped (0 when nothing runs: the load test's check)."""
        return sum(1 for j in self.jobs.values() if j.process is not None)
