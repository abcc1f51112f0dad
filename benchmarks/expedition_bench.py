"""The New Expedition benchmark: ISMCTS strength against the baselines on two monuments,
and search speed against Archaeology's in the same run.

Full mode (``digsite bench expedition``): two players, seat-swapped pairs on the same
deals, 1,000 iterations per decision, ISMCTS against ``random``, ``greedy`` and ``pimc``
(determinized UCT at equal iterations), on the Great Pyramid and on the Temple (secret
looks after every sale: hidden information the sampler must follow). The arena draws the
monument from the card data, so each match plays on the card data cut to that monument.
One game at 1,000 iterations per decision costs about 25 s of CPU (PIMC's twice that) on
the 2-core reference machine: the suite plays ``GAMES`` per match, ``digsite bench --full``
``FULL_GAMES`` (hours), ``--games`` overrides. Targets (issue 11): >= 90% against random,
>= 60% against greedy, >= 50% against PIMC, each judged on the 95% Wilson interval as the
strength suite does (``benchmarks.strength_bench.verdict``: met when the whole interval is
at or above the target, not met when below, else open with the games that would settle
it).

Speed (both modes, in the same run): ISMCTS iterations per second at the opening of a
seeded 2-player deal on each monument played, and of Archaeology's 2-player opening,
CPU time, alternated so that the machine's load falls on both alike; the ratio of
Archaeology's rate to the New Expedition's (target <= 1.5).

Quick mode (``--quick``): speed at 1,000 iterations and a 2-game match against random at
50 iterations on each monument.
"""

from __future__ import annotations

import dataclasses
import os
import time
from typing import Any

import cards_data
from cards_data.archaeology import ArchaeologyData
from cards_data.expedition import ExpeditionData
from games import archaeology, expedition
from games.protocol import State
from solvers.arena import run_arena
from solvers.backends import Execution, Progress
from solvers.archaeology.policy import SEARCH_OPTIONS
from solvers.archaeology.service import BOTS
from solvers.ismcts.search import ismcts
from solvers.limits import Limit

from .archaeology_bench import match_line
from .runner import Figures, SuiteResult, no_progress
from .search_bench import opening
from .strength_bench import verdict

__all__ = ["run", "GAMES", "FULL_GAMES", "MONUMENTS", "TARGETS", "speed", "on_monument"]

#: Games per match (the issue suggests about 20 on the shared machine), and with --full.
GAMES = 20
FULL_GAMES = 200
ITERATIONS = 1000
TARGETS = {"random": 0.90, "greedy": 0.60, "pimc": 0.50}
#: The Great Pyramid (the rulebook's first game) and a monument with secret looks.
MONUMENTS = ("great_pyramid", "temple")
SPEED_TARGET = 1.5
SPEED_ROUNDS = 3


def _cpu_rate(world: State[Any], seat: int, options: dict[str, Any], seed: int) -> float:
    """ISMCTS iterations per CPU second of one 1,000-iteration search."""
    start = time.process_time()
    result = ismcts(world, seat, iterations=ITERATIONS, seed=seed, **options)
    return result.iterations / max(1e-9, time.process_time() - start)


def speed(data: ExpeditionData, archaeology_data: ArchaeologyData, *,
          rounds: int = SPEED_ROUNDS) -> Figures:
    """Iterations per CPU second, best of ``rounds`` alternated searches per position: the
    openings, and mid-game (each game's example view: the New Expedition's is at the
    Temple, after a secret look)."""
    positions = {"archaeology": (*opening(archaeology, archaeology_data), SEARCH_OPTIONS)}
    for monument in MONUMENTS:
        positions[monument] = (*opening(expedition, on_monument(data, monument)),
                               SEARCH_OPTIONS)
    positions["archaeology mid-game"] = (*archaeology.state_from_view(
        archaeology.example_view(archaeology_data), archaeology_data, 0), SEARCH_OPTIONS)
    positions["temple mid-game"] = (*expedition.state_from_view(
        expedition.example_view(data), data, 0), SEARCH_OPTIONS)
    rates: dict[str, float] = {name: 0.0 for name in positions}
    for r in range(rounds):
        for name, (world, seat, options) in positions.items():
            rates[name] = max(rates[name], _cpu_rate(world, seat, options, seed=r))
    ratios = {name: rates["archaeology"] / rates[name] for name in MONUMENTS}
    ratios["temple mid-game"] = rates["archaeology mid-game"] / rates["temple mid-game"]
    return {"iterations_per_cpu_s": {k: round(v, 1) for k, v in rates.items()},
            "archaeology_over_expedition": {k: round(v, 2) for k, v in ratios.items()},
            "target": SPEED_TARGET, "met": all(v <= SPEED_TARGET for v in ratios.values()),
            "rounds": rounds}


def _judged(match: Figures) -> str:
    if match["verdict"] != "open":
        return match["verdict"] if match["verdict"] == "met" else "NOT met"
    settle = match["games_to_settle"]
    return ("OPEN: the interval spans the target" + (f"; about {settle} games at this rate "
                                                     f"would settle it" if settle else ""))


def on_monument(data: ExpeditionData, key: str) -> ExpeditionData:
    """The card data cut to one monument (the arena's deals then all play on it)."""
    return dataclasses.replace(data, monuments=(data.monument(key),))


def run(*, quick: bool, progress: Progress = no_progress, execution: Execution | None = None,
        games: int | None = None, full: bool = False) -> SuiteResult:
    data = cards_data.load("expedition")
    figures_speed = speed(data, cards_data.load("archaeology"),
                          rounds=1 if quick else SPEED_ROUNDS)
    progress(1)
    if quick:
        plan = {"random": (games or 2, 50)}
    else:
        plan = {name: (games or (FULL_GAMES if full else GAMES), ITERATIONS)
                for name in TARGETS}
    execution = execution or Execution(workers=2)
    arena: dict[str, Figures] = {}
    for monument in MONUMENTS:
        cut = on_monument(data, monument)
        for name, (n, iterations) in plan.items():
            start = time.perf_counter()
            res = run_arena("expedition", ["ismcts", name], bots=BOTS, games=n, seed=2024,
                            limit=Limit(iterations=iterations), data=cut, progress=progress,
                            execution=execution)
            status, settle = verdict(res.win_rate[0], res.ci95[0], TARGETS[name])
            arena[f"{monument} vs {name}"] = {
                "monument": monument, "opponent": name, "games": n, "iterations": iterations,
                "win_rate": res.win_rate[0], "ci95": res.ci95[0],
                "mean_scores": res.mean_scores, "target": TARGETS[name],
                "verdict": status, "games_to_settle": settle,
                "wall_s": round(time.perf_counter() - start, 1)}
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else None
    lines = [f"load average at the end: {load:.2f}" if load is not None else "load: unknown"]
    rates = figures_speed["iterations_per_cpu_s"]
    ratio_text = ", ".join(f"{m} {r:.2f}x" for m, r in
                           figures_speed["archaeology_over_expedition"].items())
    lines.append(
        f"speed (ISMCTS, {ITERATIONS} iterations at the opening, CPU time, best of "
        f"{figures_speed['rounds']} alternated): Archaeology {rates['archaeology']:.0f}/s, "
        + ", ".join(f"{m} {rates[m]:.0f}/s" for m in MONUMENTS)
        + f"; mid-game: Archaeology {rates['archaeology mid-game']:.0f}/s, the Temple "
        f"{rates['temple mid-game']:.0f}/s"
        + f"; Archaeology's rate over the New Expedition's: {ratio_text} (target <= "
        f"{SPEED_TARGET}: {'met' if figures_speed['met'] else 'NOT met'})")
    for a in arena.values():
        lines.append(match_line(f"ISMCTS vs {a['opponent']} on the {a['monument']}", a,
                                quick=quick, judged=_judged(a)))
    return {"text": "\n".join("  " + line for line in lines),  # (indented as the others)
            "figures": {"load_average": load, "speed": figures_speed, "arena": arena,
                        "games_per_match": {name: n for name, (n, _) in plan.items()}}}
