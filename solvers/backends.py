"""Where batch work runs: a local process pool (the default) or a Ray cluster.

One small generic API for every batch job in digsite (arena games, benchmark matches,
batch best-score deals)::

    run_jobs(func, jobs, *, backend="local", workers=1, address=None, progress=None)
        -> list of func(job), in the order of ``jobs``

* **Results never depend on where they ran.** ``func`` must be a pure function of its job
  (each job carries its own seed, derived from the run's seed by the caller), and the
  results come back in job order whatever order the workers finish in. So the same seed
  and budget give the same results on either backend and for any number of workers; the
  tests check it.
* ``backend="local"``: ``workers=1`` runs in this process; more start a pool of forked
  processes (``func`` need not be picklable: the children inherit it; jobs and results
  must be). Inside a pool's own worker (which may not start processes: a root-parallel bot
  in a parallel arena) the jobs run one after another in that worker, with the same
  results.
* ``backend="ray"`` (the optional extra ``digsite[ray]``): with no ``address`` Ray starts
  a local cluster of ``workers`` CPUs (no dashboard) and shuts it down afterwards; with
  one (``"auto"``, ``"ray://host:10001"``, ``"host:6379"``) it joins that cluster and
  leaves it running. A Ray session already open in this process is used as it is. At
  most ``workers`` jobs are in flight at once. ``func`` travels by cloudpickle, so it must
  be importable on the cluster's nodes (digsite installed there).
* ``progress(n, note)`` is called in this process as jobs finish, ``note`` being what
  ``report(result)`` makes of the finished job's result (the CLI draws a bar on a
  terminal and nothing when piped).
* **A stop request** (``solvers.interrupt``: Ctrl-C) ends the batch before its next job;
  the forked processes, which ignore SIGINT, are terminated. With ``partial=True`` the
  results of the jobs finished before the request come back (``None`` for the others);
  without, ``Interrupted`` is raised. A job that was running when the request came is
  dropped: its searches were cut short.

:class:`Execution` bundles the three settings so commands and suites pass them as one
value.
"""

from __future__ import annotations

import os
import signal
import sys
from dataclasses import dataclass
from typing import Any, Callable, Iterable, Sequence, TypeVar

from games.errors import DigsiteError

from . import interrupt
from .limits import check_workers

__all__ = ["BACKENDS", "Execution", "run_jobs", "ray_available", "LOCAL", "Progress"]

J = TypeVar("J")
R = TypeVar("R")
#: ``progress(n, note)``: ``n`` more jobs finished, ``note`` what ``report`` made of the last
#: one's result (module docstring; ``note`` left out without a ``report``).
Progress = Callable[..., object]

BACKENDS = ("local", "ray")


@dataclass(frozen=True)
class Execution:
    """Where a batch runs: ``backend`` (``"local"`` or ``"ray"``), ``workers`` (processes,
    or Ray CPUs / jobs in flight) and, for Ray, the cluster ``address`` (None: start a
    local one)."""

    backend: str = "local"
    workers: int = 1
    address: str | None = None

    def __post_init__(self) -> None:
        if self.backend not in BACKENDS:
            raise DigsiteError(f"unknown backend {self.backend!r} (choose from "
                               f"{', '.join(BACKENDS)})")
        check_workers(self.workers)
        if self.address is not None and self.backend != "ray":
            raise DigsiteError("--address needs --backend ray")

    def run(self, func: Callable[[J], R], jobs: Iterable[J], *,
            progress: Progress | None = None, report: Callable[[R], str] | None = None,
            partial: bool = False) -> list[R]:
        """``run_jobs(func, jobs)`` with these settings."""
        return run_jobs(func, jobs, backend=self.backend, workers=self.workers,
                        address=self.address, progress=progress, report=report,
                        partial=partial)


LOCAL = Execution()


def ray_available() -> bool:
    """Whether the optional Ray extra is installed."""
    try:
        import ray  # noqa: F401
    except ImportError:
        return False
    return True


def run_jobs(func: Callable[[J], R], jobs: Iterable[J], *, backend: str = "local",
             workers: int = 1, address: str | None = None,
             progress: Progress | None = None, report: Callable[[R], str] | None = None,
             partial: bool = False) -> list[R]:
    """``[func(job) for job in jobs]``, run on ``backend`` (see the module docstring).
    With ``partial=True`` and a stop request, the slots of unfinished jobs hold ``None``."""
    Execution(backend, workers, address)  # validates the settings
    todo = list(jobs)
    tell: Progress = progress or (lambda n=1, note=None: None)
    if not todo:
        return []
    results: list[Any] = [None] * len(todo)  # with partial=True, None where unfinished

    def done(index: int, result: R) -> bool:
        """Keep a finished job's result unless a stop came meanwhile (False: stop)."""
        if interrupt.requested():
            return False
        results[index] = result
        if report is None:
            tell(1)
        else:
            tell(1, report(result))
        return True

    if backend == "ray":
        finished = _run_ray(func, todo, workers=workers, address=address, done=done)
    elif workers <= 1 or len(todo) == 1 or _in_pool_worker():
        finished = all(done(index, func(job)) for index, job in enumerate(todo))
    else:
        finished = _run_pool(func, todo, workers=min(workers, len(todo)), done=done)
    if not finished and not partial:
        raise interrupt.Interrupted(f"interrupted after {sum(r is not None for r in results)} "
                                    f"of {len(todo)} jobs")
    return results


# --- local process pool ---------------------------------------------------------------------

#: The function the forked children run (inherited, never pickled).
_POOL_FUNC: list[Callable[[Any], Any]] = []


def _pool_call(item: tuple[int, Any]) -> tuple[int, Any]:
    index, job = item
    return index, _POOL_FUNC[-1](job)


def _ignore_ctrl_c() -> None:
    """A forked worker leaves Ctrl-C to its parent (``cli.signals``), which stops it."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        signal.set_wakeup_fd(-1)  # the parent's wake-up pipe is the parent's
    except ValueError:
        pass


def _in_pool_worker() -> bool:
    """Whether this process is a pool's worker (which may not start processes). A process
    that has not imported ``multiprocessing`` is none: multiprocessing and socket are
    imported by the pool and the Ray address check that use them, not by every command
    that reaches ``Execution`` (0.02-0.03 s of ``digsite --help`` and of every hint)."""
    multiprocessing = sys.modules.get("multiprocessing")
    return multiprocessing is not None and bool(multiprocessing.current_process().daemon)


def _run_pool(func: Callable[[J], R], jobs: Sequence[J], *, workers: int,
              done: Callable[[int, R], bool]) -> bool:
    import multiprocessing

    _POOL_FUNC.append(func)
    try:
        ctx = multiprocessing.get_context("fork")
        with ctx.Pool(workers, initializer=_ignore_ctrl_c) as pool:  # exit: terminate()
            results = pool.imap_unordered(_pool_call, enumerate(jobs))
            left = len(jobs)
            while left:
                try:  # wake up now and then to see a stop request
                    index, result = results.next(timeout=0.25)
                except multiprocessing.TimeoutError:
                    if interrupt.requested():
                        return False
                    continue
                if not done(index, result):
                    return False
                left -= 1
    finally:
        _POOL_FUNC.pop()
    return True


# --- Ray --------------------------------------------------------------------------------------

def _run_ray(func: Callable[[J], R], jobs: Sequence[J], *, workers: int,
             address: str | None, done: Callable[[int, R], bool]) -> bool:
    try:
        import ray
    except ImportError:
        raise DigsiteError("--backend ray needs the optional extra: pip install "
                           "'digsite[ray]'") from None
    started_here = False
    if not ray.is_initialized():
        options: dict[str, Any] = dict(include_dashboard=False, log_to_driver=False,
                                       configure_logging=False)
        # silence Ray's own messages on the terminal: progress is ours to show
        os.environ.setdefault("RAY_DEDUP_LOGS", "0")
        if address is not None:
            _reachable(address)  # Ray itself would retry an unreachable address for ever
        try:
            if address is None:
                ray.init(num_cpus=workers, **options)
            else:
                ray.init(address=address, **options)
        except (ConnectionError, ValueError, RuntimeError) as exc:
            where = f"at {address}" if address else "locally"
            raise DigsiteError(f"cannot start or join a Ray cluster {where}: "
                               f"{' '.join(str(exc).split())}") from None
        started_here = True
    try:
        remote: Any = ray.remote(num_cpus=1)(_ray_call)  # Ray's generic wrapper over any function
        func_ref = ray.put(func)
        pending: dict[Any, int] = {}  # Ray's object reference -> the job's index
        queue = list(enumerate(jobs))
        queue.reverse()
        while queue or pending:
            while queue and len(pending) < workers:
                index, job = queue.pop()
                pending[remote.remote(func_ref, job)] = index
            ready, _ = ray.wait(list(pending), num_returns=1, timeout=0.25)
            if not ready and interrupt.requested():
                for ref in pending:
                    ray.cancel(ref, force=True)
                return False
            for ref in ready:
                if not done(pending.pop(ref), ray.get(ref)):
                    for other in pending:
                        ray.cancel(other, force=True)
                    return False
        return True
    finally:
        if started_here:
            ray.shutdown()


#: Seconds to wait for a Ray cluster's address to answer before refusing it.
CONNECT_TIMEOUT = 5.0


def _reachable(address: str) -> None:
    """Refuse (``DigsiteError``, one line) a Ray address whose host and port do not accept
    a connection within :data:`CONNECT_TIMEOUT` seconds. ``auto`` (Ray's own discovery)
    is left to Ray, which fails at once when it finds no cluster."""
    if address == "auto":
        return
    where = address.split("://", 1)[1] if "://" in address else address
    host, _, port = where.rpartition(":")
    if not host or not port.isdecimal() or not 0 < int(port) < 65536:
        raise DigsiteError(f"--address {address!r}: expected HOST:PORT (or ray://HOST:PORT, "
                           f"auto)")
    import socket

    try:
        with socket.create_connection((host.strip("[]"), int(port)), timeout=CONNECT_TIMEOUT):
            pass
    except UnicodeError:  # (the socket's IDNA encoding: a label over 63 characters, or empty)
        raise DigsiteError(f"--address {address!r}: {host!r} is not a host name") from None
    except OSError as exc:
        reason = exc.strerror or str(exc) or type(exc).__name__
        raise DigsiteError(f"cannot join a Ray cluster at {address}: {reason}") from None


def _ray_call(func: Callable[[J], R], job: J) -> R:
    return func(job)
