"""Start-up: the CPU a command spends before it does any work (issue 18 §2).

``digsite games`` and ``digsite --help`` import no solver, no OR-Tools, SciPy, numpy or
pyspiel (``tests/cli/test_startup.py`` holds them to it); this suite measures what they
cost: each command runs in a fresh interpreter several times, and the median CPU time
(user + system of the child, as the operating system accounts it) is reported, with the
heavy modules the command loaded. Target: ``digsite games`` <= 0.3 s of CPU (1.1 s before
issue 18). A hint's start-up (its imports, the card data and a search of 8 iterations on
the game's example view) is measured beside it, for Pyramids and Archaeology, as the
reference of a command that does load a solver (``REFERENCES``; the suite's list held none
until the Pyramids hint stopped importing the best score's solver and networkx: 0.877 ->
0.462 s of CPU, fast28, 2026-11-28).
"""

from __future__ import annotations

import json
import resource
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from solvers.backends import Progress

from .runner import Figures, SuiteResult, no_progress

__all__ = ["run", "COMMANDS", "REFERENCES", "TARGET_CPU_S", "HEAVY"]

#: The commands measured (arguments of ``digsite``).
COMMANDS = (("games",), ("--help",), ("hint", "--help"), ("games", "--json"))
#: Hints measured for reference (``{view}``: the game's example view, written by the suite):
#: a command that loads a solver, judged by no target.
REFERENCES = (("hint", "pyramids", "{view}", "--iterations", "8"),
              ("hint", "archaeology", "{view}", "--iterations", "8"))
TARGET_CPU_S = 0.3
HEAVY = ("ortools", "scipy", "numpy", "pyspiel", "pandas", "networkx", "ray")

_SCRIPT = """
import json, sys
from cli.main import main
code = main({argv!r})
print(json.dumps(sorted({{m.split('.')[0] for m in sys.modules}} & set({heavy!r}))),
      file=sys.stderr)
"""


def _cpu_of(argv: tuple[str, ...]) -> tuple[float, list[str]]:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run([sys.executable, "-c", _SCRIPT.format(argv=list(argv),
                                                                 heavy=list(HEAVY))],
                          capture_output=True, text=True, check=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return cpu, json.loads(done.stderr.strip().splitlines()[-1])


def _output_of(argv: tuple[str, ...]) -> str:
    """What ``digsite ARGV`` prints (a reference's view file)."""
    return subprocess.run([sys.executable, "-m", "cli.main", *argv], capture_output=True,
                          text=True, check=True).stdout


def run(*, quick: bool, progress: Progress = no_progress) -> SuiteResult:
    runs = 3 if quick else 9
    figures: Figures = {"runs": runs, "target_cpu_s": TARGET_CPU_S, "commands": {}}
    lines = [f"start-up, median CPU of {runs} runs in a fresh interpreter (user + system):"]
    with tempfile.TemporaryDirectory() as folder:
        # (arguments, the name reported, whether it is a reference)
        measured: list[tuple[tuple[str, ...], str, bool]] = [
            (argv, "digsite " + " ".join(argv), False) for argv in COMMANDS]
        for command in REFERENCES:
            view = Path(folder) / f"{command[1]}.json"
            view.write_text(_output_of(("example", command[1])), encoding="utf-8")
            measured.append((tuple(a.format(view=view) for a in command),
                             "digsite " + " ".join(a.format(view="EXAMPLE.json")
                                                   for a in command), True))
        for argv, name, reference in measured:
            samples: list[float] = []
            heavy: list[str] = []
            for _ in range(runs):
                cpu, heavy = _cpu_of(argv)
                samples.append(cpu)
            median = statistics.median(samples)
            figures["commands"][name] = {"cpu_s_median": round(median, 3),
                                         "cpu_s_min": round(min(samples), 3),
                                         "cpu_s_max": round(max(samples), 3),
                                         "heavy_modules": heavy, "reference": reference}
            lines.append(f"  {name:<22} {median:.3f} s (min {min(samples):.3f}, max "
                         f"{max(samples):.3f}); heavy modules: {', '.join(heavy) or 'none'}"
                         + ("; for reference" if reference else ""))
            progress(1)
    games = figures["commands"]["digsite games"]["cpu_s_median"]
    figures["met"] = games <= TARGET_CPU_S
    lines.append(f"  target: digsite games <= {TARGET_CPU_S} s of CPU: "
                 + ("met" if figures["met"] else "NOT met"))
    return {"text": "\n".join(lines), "figures": figures}
