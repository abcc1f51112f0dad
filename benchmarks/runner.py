"""Run benchmark suites and assemble one report.

Suites are modules ``benchmarks.<name>`` listed in ``SUITES``; each has
``run(*, quick: bool, progress) -> {"text": str, "figures": dict}``.
"""

from __future__ import annotations

import importlib
import importlib.util
import json
import os
import platform
import tempfile
import time
from pathlib import Path
from typing import Callable

from games.errors import DigsiteError

__all__ = ["SUITES", "run_benchmarks", "write_report", "timed"]

#: Suite name -> module. A suite whose module does not exist yet is skipped with a note.
SUITES: dict[str, str] = {
    "grids": "benchmarks.grids_bench",
    "pyramids": "benchmarks.pyramids_bench",
    "ancients": "benchmarks.ancients_bench",
    "archaeology": "benchmarks.archaeology_bench",
    "lootnrun": "benchmarks.lootnrun_bench",
}


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
        module_name = SUITES[name]
        if importlib.util.find_spec(module_name) is None:
            parts.append(f"\n[{name}] not available yet")
            continue
        seconds, result = timed(importlib.import_module(module_name).run, quick=quick, progress=progress)
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
