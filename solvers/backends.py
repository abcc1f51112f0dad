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
from dataclasses import dataclass
from typing import Any, Callable, Iterable, Sequence, TypeVar

from games.errors import DigsiteError

from .limits import check_workers

__all__ = ["BACKENDS", "Execution", "run_jobs", "ray_available", "LOCAL", "Progress"]

J = TypeVar("J")
R = TypeVar("R")
#: ``progress(n)``: ``n`` more jobs finished (module docstring).
Progress = Callable[[int], object]

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
            progress: Progress | None = None) -> list[R]:
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


def run_jobs(func: Callable[[J], R], jobs: Iterable[J], *, backend: str = "local",
             workers: int = 1, address: str | None = None,
             progress: Progress | None = None) -> list[R]:
    """``[func(job) for job in jobs]``, run on ``backend`` (see the module docstring)."""
    Execution(backend, workers, address)  # validates the settings
    todo = list(jobs)
    step: Progress = progress or (lambda n: None)
    if not todo:
        return []
    if backend == "ray":
        return _run_ray(func, todo, workers=workers, address=address, step=step)
    if workers <= 1 or len(todo) == 1 or multiprocessing.current_process().daemon:
        results = []
        for job in todo:
            results.append(func(job))
            step(1)
        return results
    return _run_pool(func, todo, workers=min(workers, len(todo)), step=step)


# --- local process pool ---------------------------------------------------------------------

#: The function the forked children run (inherited, never pickled).
_POOL_FUNC: list[Callable[[Any], Any]] = []


def _pool_call(item: tuple[int, Any]) -> tuple[int, Any]:
    index, job = item
    return index, _POOL_FUNC[-1](job)


def _run_pool(func: Callable[[J], R], jobs: Sequence[J], *, workers: int,
              step: Progress) -> list[R]:
    results: list[Any] = [None] * len(jobs)  # every slot is filled before it is returned
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

def _run_ray(func: Callable[[J], R], jobs: Sequence[J], *, workers: int,
             address: str | None, step: Progress) -> list[R]:
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
        results: list[Any] = [None] * len(jobs)  # every slot is filled before it is returned
        pending: dict[Any, int] = {}  # Ray's object reference -> the job's index
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


def _ray_call(func: Callable[[J], R], job: J) -> R:
    return func(job)
