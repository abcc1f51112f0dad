"""Loot N Run: strength of the search bots and speed of the search, two players.

Strength: ISMCTS against random play and against the greedy heuristic, seat-swapped on
the same deals. Speed: ISMCTS iterations per second from the opening, measured beside the
cost of the bare random playouts it runs.
"""

from __future__ import annotations

import time

import cards_data
from cards_data.lootnrun import LootNRunData
from games import lootnrun
from games.protocol import random_playout
from games.seeding import make_rng
from solvers.arena import run_arena
from solvers.backends import Execution, Progress
from solvers.lootnrun.service import BOTS
from solvers.ismcts.search import ismcts
from solvers.limits import Limit

from .runner import Figures, SuiteResult, no_progress, win_rate_words


def _speed(data: LootNRunData, iterations: int) -> dict[str, float]:
    world = lootnrun.state_from_deal(lootnrun.make_deal(players=2, seed=11, data=data), data)
    rng = make_rng(1)
    start = time.perf_counter()
    playouts = 200
    for _ in range(playouts):
        random_playout(world.determinize(world.to_move, rng), rng)
    playout_s = (time.perf_counter() - start) / playouts
    result = ismcts(world, world.to_move, iterations=iterations, seed=1)
    return {"iterations_per_wall_s": result.iterations / result.elapsed_s,
            "playout_wall_ms": playout_s * 1e3,
            "search_cost_per_iteration_over_playout": (result.elapsed_s / result.iterations) / playout_s}


def run(*, quick: bool, progress: Progress = no_progress, execution: Execution | None = None,
        games: int | None = None) -> SuiteResult:
    data = cards_data.load("lootnrun")
    games = games or (10 if quick else 40)
    execution = execution or Execution(workers=2)  # (`bench --workers W` and its backend)
    iterations = 100 if quick else 300
    figures: Figures = {"games_per_match": games, "iterations_per_decision": iterations}
    lines = []
    for opponent in ("random", "greedy"):
        report = run_arena("lootnrun", ["ismcts", opponent], bots=BOTS, games=games, seed=2026,
                           execution=execution, limit=Limit(iterations=iterations),
                           data=data, progress=progress)
        low, high = report.ci95[0]
        figures[f"ismcts_vs_{opponent}_win_rate"] = report.win_rate[0]
        figures[f"ismcts_vs_{opponent}_ci95"] = [low, high]
        lines.append(f"  ISMCTS ({iterations} it.) vs {opponent}: "
                     + win_rate_words(report.win_rate[0], (low, high), games))
    speed = _speed(data, 200 if quick else 1000)
    figures.update(speed)
    lines.append(f"  ISMCTS from the opening: {speed['iterations_per_wall_s']:.0f} iterations/s "
                 f"of wall clock; one bare random playout {speed['playout_wall_ms']:.2f} ms; an "
                 "iteration costs "
                 f"{speed['search_cost_per_iteration_over_playout']:.2f}x a playout")
    return {"text": "\n".join(lines), "figures": figures}
