"""Run benchmark suites and assemble one report.

A suite is a module ``benchmarks/<name>_bench.py``, found by that name (``SUITES``); each
has ``run(*, quick: bool, progress) -> {"text": str, "figures": dict}``. A game's suite is
named after its game id.
"""

from __future__ import annotations

import importlib
import json
import os
import pkgutil
import platform
import tempfile
import time
from pathlib import Path
from typing import Callable

from games.errors import DigsiteError
from games.registry import GAME_IDS

__all__ = ["SUITES", "run_benchmarks", "write_report", "timed"]



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


def timed(func: Callable, *args, **kwargs) -> tuple[float, object]:
    """``(seconds, result)`` of one call, by the monotonic performance counter."""
    start = time.perf_counter()
    result = func(*args, **kwargs)
    return time.perf_counter() - start, result


def run_benchmarks(names: list[str], *, quick: bool = False, progress=lambda n=1: None) -> dict:
    """Run the named suites (all when empty) and return ``{"text", "suites", "machine"}``."""
    unknown = [n for n in names if n not in SUITES]
    if unknown:
        raise DigsiteError(f"unknown benchmark suite {unknown[0]!r} (choose from {', '.join(SUITES)})")
    chosen = names or list(SUITES)
    machine = {"python": platform.python_version(), "machine": platform.machine(),
               "cpus": os.cpu_count(), "quick": quick}
    parts = [f"digsite benchmarks ({'quick' if quick else 'full'}) on {machine['cpus']} CPU(s), "
             f"Python {machine['python']}"]
    suites: dict[str, dict] = {}
    for name in chosen:
        seconds, result = timed(importlib.import_module(SUITES[name]).run, quick=quick,
                                progress=progress)
        suites[name] = {"figures": result["figures"], "seconds": round(seconds, 3)}
        parts.append(f"\n[{name}] ({seconds:.1f} s)\n{result['text']}")
    return {"text": "\n".join(parts), "suites": suites, "machine": machine}


def write_report(report: dict, path: str) -> None:
    """Write the JSON report atomically (never half-written)."""
    target = Path(path)
    payload = json.dumps({k: v for k, v in report.items() if k != "text"}, indent=2)
    with tempfile.NamedTemporaryFile("w", dir=target.parent or ".", delete=False,
                                     suffix=".tmp", encoding="utf-8") as tmp:
        tmp.write(payload + "\n")
    os.replace(tmp.name, target)
