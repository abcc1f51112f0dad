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
* ``progress(n)`` is called in this process as jobs finish (the CLI draws a bar on a
  terminal and nothing when piped).

:class:`Execution` bundles the three settings so commands and suites pass them as one
value.
"""

from __future__ import annotations

import multiprocessing
import os
import socket
from dataclasses import dataclass
from typing import Callable, Iterable, Sequence

from games.errors import DigsiteError

from .limits import check_workers

__all__ = ["BACKENDS", "Execution", "run_jobs", "ray_available", "LOCAL"]

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

    def run(self, func: Callable, jobs: Iterable, *, progress=None) -> list:
        """``run_jobs(func, jobs)`` with these settings."""
        return run_jobs(func, jobs, backend=self.backend, workers=self.workers,
                        address=self.address, progress=progress)


LOCAL = Execution()


def ray_available() -> bool:
    """Whether the optional Ray extra is installed."""
    try:
        import ray  # noqa: F401
    except ImportError:
        return False
    return True


def run_jobs(func: Callable, jobs: Iterable, *, backend: str = "local", workers: int = 1,
             address: str | None = None, progress: Callable | None = None) -> list:
    """``[func(job) for job in jobs]``, run on ``backend`` (see the module docstring)."""
    Execution(backend, workers, address)  # validates the settings
    jobs = list(jobs)
    step = progress or (lambda n=1: None)
    if not jobs:
        return []
    if backend == "ray":
        return _run_ray(func, jobs, workers=workers, address=address, step=step)
    if workers <= 1 or len(jobs) == 1 or multiprocessing.current_process().daemon:
        results = []
        for job in jobs:
            results.append(func(job))
            step(1)
        return results
    return _run_pool(func, jobs, workers=min(workers, len(jobs)), step=step)


# --- local process pool ---------------------------------------------------------------------

_POOL_FUNC: list = []  # the function the forked children run (inherited, never pickled)


def _pool_call(item):
    index, job = item
    return index, _POOL_FUNC[-1](job)


def _run_pool(func: Callable, jobs: Sequence, *, workers: int, step) -> list:
    results: list = [None] * len(jobs)
    _POOL_FUNC.append(func)
    try:
        ctx = multiprocessing.get_context("fork")
        with ctx.Pool(workers) as pool:
            for index, result in pool.imap_unordered(_pool_call, enumerate(jobs)):
                results[index] = result
                step(1)
    finally:
        _POOL_FUNC.pop()
    return results


# --- Ray --------------------------------------------------------------------------------------

def _run_ray(func: Callable, jobs: Sequence, *, workers: int, address: str | None,
             step) -> list:
    try:
        import ray
    except ImportError:
        raise DigsiteError("--backend ray needs the optional extra: pip install "
                           "'digsite[ray]'") from None
    started_here = False
    if not ray.is_initialized():
        options = dict(include_dashboard=False, log_to_driver=False,
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
        remote = ray.remote(num_cpus=1)(_ray_call)
        func_ref = ray.put(func)
        results: list = [None] * len(jobs)
        pending: dict = {}
        queue = list(enumerate(jobs))
        queue.reverse()
        while queue or pending:
            while queue and len(pending) < workers:
                index, job = queue.pop()
                pending[remote.remote(func_ref, job)] = index
            done, _ = ray.wait(list(pending), num_returns=1)
            for ref in done:
                results[pending.pop(ref)] = ray.get(ref)
                step(1)
        return results
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
    if not host or not port.isdigit() or not 0 < int(port) < 65536:
        raise DigsiteError(f"--address {address!r}: expected HOST:PORT (or ray://HOST:PORT, "
                           f"auto)")
    try:
        with socket.create_connection((host.strip("[]"), int(port)), timeout=CONNECT_TIMEOUT):
            pass
    except OSError as exc:
        reason = exc.strerror or str(exc) or type(exc).__name__
        raise DigsiteError(f"cannot join a Ray cluster at {address}: {reason}") from None


def _ray_call(func, job):
    return func(job)
