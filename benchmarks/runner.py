"""Run benchmark suites and assemble one report.

A suite is a module ``benchmarks/<name>_bench.py``, found by that name (``SUITES``); each
has ``run(*, quick: bool, progress) -> {"text": str, "figures": dict}``. A game's suite is
named after its game id. A suite that plays batches of games may also accept any of
``execution`` (a ``solvers.backends.Execution``: where its matches run), ``full`` (the
long, conclusive matches of ``digsite bench --full``) and ``games`` (games per match,
overriding its default); the runner passes each only to the suites whose ``run`` takes it.

With no suite named, every suite runs except those in ``FULL_ONLY``, which run when named
or with ``full``.
"""

from __future__ import annotations

import importlib
import importlib.util
import inspect
import json
import os
import pkgutil
import platform
import tempfile
import time
from pathlib import Path
from typing import Any, Callable, NotRequired, ParamSpec, Sequence, TypedDict, TypeVar

from games.compiled import status
from games.errors import DigsiteError
from games.registry import GAME_IDS
from games.table import plural
from solvers import interrupt
from solvers.backends import LOCAL, Execution, Progress
from solvers.results import win_rate_words

__all__ = ["SUITES", "FULL_ONLY", "run_benchmarks", "suites_to_run", "write_report", "timed",
           "Figures", "SuiteResult", "Report", "no_progress", "win_rate_words"]

P = ParamSpec("P")
R = TypeVar("R")
#: A suite's figures: JSON data in the suite's own shape (written to the report as they
#: are, read by no other code than the suite's own tests).
Figures = dict[str, Any]


class SuiteResult(TypedDict):
    """What a suite's ``run`` returns."""

    text: str
    figures: Figures


class SuiteReport(TypedDict):
    """A suite in the report: its figures and the seconds of wall clock it took
    (``interrupted``: Ctrl-C cut it, its figures are from the work done)."""

    figures: Figures
    wall_s: float
    interrupted: NotRequired[bool]


class Report(TypedDict):
    """What :func:`run_benchmarks` returns: the text, each suite's figures, the machine
    (``interrupted``: the suite Ctrl-C stopped in; the ones after it did not run)."""

    text: str
    suites: dict[str, SuiteReport]
    machine: dict[str, str | int | float | bool | None]
    interrupted: NotRequired[str]


def no_progress(n: int = 1, note: str | None = None) -> None:
    """A suite's ``progress`` when nobody watches."""


def _suites() -> dict[str, str]:
    """Suite name -> module, for every ``benchmarks/<name>_bench.py``: the suites that are
    not a game's first (``grids``), then the games' in the registry's order."""
    names = [info.name.removesuffix("_bench") for info in
             pkgutil.iter_modules([str(Path(__file__).parent)]) if info.name.endswith("_bench")]
    order = {game_id: i for i, game_id in enumerate(GAME_IDS)}
    names.sort(key=lambda name: (name in order, order.get(name, 0), name))
    return {name: f"{__package__}.{name}_bench" for name in names}


#: Suite name -> module (see ``_suites``).
SUITES: dict[str, str] = _suites()
#: Suites left out of a plain ``digsite bench`` (hours of matches): run by name or --full.
FULL_ONLY = ("strength",)


def timed(func: Callable[P, R], *args: P.args, **kwargs: P.kwargs) -> tuple[float, R]:
    """``(seconds, result)`` of one call, by the monotonic performance counter."""
    start = time.perf_counter()
    result = func(*args, **kwargs)
    return time.perf_counter() - start, result


def suites_to_run(names: list[str], *, full: bool) -> list[str]:
    """The suites a run covers: those named, else all but ``FULL_ONLY`` (unless ``full``).

    >>> "strength" in suites_to_run([], full=False), "strength" in suites_to_run([], full=True)
    (False, True)
    """
    return list(names) or [n for n in SUITES if full or n not in FULL_ONLY]


def run_benchmarks(names: list[str], *, quick: bool = False,
                   progress: Progress = no_progress,
                   full: bool = False, games: int | None = None,
                   execution: Execution = LOCAL) -> Report:
    """Run the named suites (all but ``FULL_ONLY`` when empty; those too with ``full``) and
    return ``{"text", "suites", "machine"}``."""
    unknown = [n for n in names if n not in SUITES]
    if unknown:
        raise DigsiteError(f"unknown benchmark suite {unknown[0]!r} (choose from {', '.join(SUITES)})")
    if quick and full:
        raise DigsiteError("bench: --quick and --full exclude each other")
    if games is not None and games < 1:
        raise DigsiteError("bench: --games must be at least 1")
    chosen = suites_to_run(names, full=full)
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else None
    machine: dict[str, str | int | float | bool | None] = {
        "python": platform.python_version(), "machine": platform.machine(),
               "cpus": os.cpu_count(), "quick": quick, "full": full,
               "backend": execution.backend, "workers": execution.workers,
               "load_average": load, "build": str(status()),
               "compiled": status().compiled}
    mode = "quick" if quick else ("full, conclusive matches" if full else "standard")
    parts = [f"digsite benchmarks ({mode}) on {plural(os.cpu_count() or 1, 'CPU')}, "
             f"Python {machine['python']}, {execution.backend} backend with "
             f"{plural(execution.workers, 'worker')}"
             + (f", load average {load:.2f} at the start" if load is not None else "")
             + f"; the hot modules run {machine['build']}"]
    optional: dict[str, Execution | bool | int | None] = {
        "execution": execution, "full": full, "games": games}
    suites: dict[str, SuiteReport] = {}
    stopped: str | None = None
    # Ctrl-C keeps what was measured: the suites done are reported, the one it cut is
    # reported as cut (or left out, when it had nothing to give), the rest do not run
    for number, name in enumerate(chosen, start=1):
        try:
            progress(0, f"suite {name} ({number} of {len(chosen)})")  # on a terminal
            run: Callable[..., SuiteResult] = importlib.import_module(SUITES[name]).run
            accepted = inspect.signature(run).parameters
            extra = {k: v for k, v in optional.items() if k in accepted}
            seconds, result = timed(run, quick=quick, progress=progress, **extra)
        except interrupt.Interrupted:
            stopped = name
            parts.append(f"\n[{name}] stopped by Ctrl-C before it had figures")
            break
        suites[name] = {"figures": result["figures"], "wall_s": round(seconds, 3)}
        cut = interrupt.requested()
        parts.append(f"\n[{name}] ({seconds:.1f} s" + (", stopped early by Ctrl-C: the figures "
                     "are of the work done" if cut else "") + f")\n{result['text']}")
        if cut:
            suites[name]["interrupted"] = True
            stopped = name
            break
    report: Report = {"text": "", "suites": suites, "machine": machine}
    if stopped is not None:
        left = chosen[chosen.index(stopped) + 1:]
        parts.append("\ninterrupted by Ctrl-C in suite " + stopped
                     + (f"; not run: {', '.join(left)}" if left else ""))
        report["interrupted"] = stopped
    report["text"] = "\n".join(parts)
    return report


def write_report(report: Report, path: str) -> None:
    """Write the JSON report atomically (never half-written)."""
    target = Path(path)
    payload = json.dumps({k: v for k, v in report.items() if k != "text"}, indent=2)
    with tempfile.NamedTemporaryFile("w", dir=target.parent or ".", delete=False,
                                     suffix=".tmp", encoding="utf-8") as tmp:
        tmp.write(payload + "\n")
    mask = os.umask(0)
    os.umask(mask)
    os.chmod(tmp.name, 0o666 & ~mask)  # (a temporary file is private: the report is not)
    os.replace(tmp.name, target)
