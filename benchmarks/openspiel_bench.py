"""Our ISMCTS beside OpenSpiel's Python ISMCTS, on the same games, in one run.

For Archaeology and Loot N Run with two players (needs the extra ``digsite[openspiel]``;
without it the suite says so and measures nothing):

* **Speed at the same position** (the opening decision of a seeded deal): iterations per
  second of CPU of our ISMCTS (as the ``ismcts`` bot and the hint run it: Archaeology with
  its greedy-mix playouts, Loot N Run with random rollouts) and of OpenSpiel's
  ``ISMCTSBot`` (random rollouts) through the adapter, and the ratio (target >= 3). Beside
  them, what the adapter costs: one uniformly random playout through the OpenSpiel state
  API against the same playout on the bare engine, so the ratio can be read honestly.
* **Head to head, seat-swapped, with Wilson intervals:** ``ismcts`` against
  ``openspiel-ismcts`` at equal iterations (``ITERATIONS`` per decision) and at equal wall
  time (``SECONDS`` per decision for both; target: ours wins >= ``TARGET_WIN`` of the game:
  65% in Archaeology, issue 22's, and 55% in Loot N Run).

Games per match: 20 for Archaeology and 40 for Loot N Run, ``FULL_GAMES`` (200) with
``--full`` (issue 22's conclusive matches; ``--games N`` overrides; quick mode: 2). The matches run on the chosen backend; the equal-time match runs one game at a
time whatever the backend, so that both bots get the same share of the machine.
"""

from __future__ import annotations

import os
import random
import time
from typing import TYPE_CHECKING, Any, Callable

import cards_data
from games import archaeology, lootnrun
from games.protocol import State, random_playout
from games.seeding import make_rng
from solvers import openspiel
from solvers.archaeology.policy import SEARCH_OPTIONS
from solvers.arena import bot_table, run_arena, with_limit
from solvers.backends import Execution, LOCAL, Progress
from solvers.ismcts.search import ismcts
from solvers.limits import Limit

from .runner import Figures, SuiteResult, no_progress
from .search_bench import opening

if TYPE_CHECKING:  # (the adapter imports pyspiel: loaded only when the suite runs)
    from solvers.openspiel.adapter import DigsiteGame

__all__ = ["run", "ITERATIONS", "SECONDS", "GAMES", "FULL_GAMES", "TARGET_SPEED", "TARGET_WIN"]

ITERATIONS = 300
SECONDS = 0.1
GAMES = {"archaeology": 20, "lootnrun": 40}
#: Games per match with ``--full``.
FULL_GAMES = 200
TARGET_SPEED = 3.0
TARGET_WIN = {"archaeology": 0.65, "lootnrun": 0.55}
GAMES_UNDER_TEST = {"archaeology": (archaeology, SEARCH_OPTIONS), "lootnrun": (lootnrun, {})}


def _cpu_rate(func: Callable[[], object], iterations: int) -> float:
    start = time.process_time()
    func()
    return iterations / max(1e-9, time.process_time() - start)


def _adapter_playout_ms(game: DigsiteGame, world: State[Any], seat: int, n: int) -> float:
    rng = random.Random(4)
    start = time.process_time()
    for _ in range(n):
        state = openspiel.extra("adapter").state_of(game, world.determinize(seat, rng))
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(state.chance_outcomes()[0][0])
            else:
                actions = state.legal_actions()
                state.apply_action(actions[rng.randrange(len(actions))])
    return (time.process_time() - start) / n * 1e3


def _engine_playout_ms(world: State[Any], seat: int, n: int) -> float:
    rng = make_rng(4)
    start = time.process_time()
    for _ in range(n):
        random_playout(world.determinize(seat, rng), rng)
    return (time.process_time() - start) / n * 1e3


def _speed(game_id: str, quick: bool) -> dict[str, float]:
    search_ismcts = openspiel.extra("bots").search_ismcts
    engine, options = GAMES_UNDER_TEST[game_id]
    world, seat = opening(engine, cards_data.load(game_id))
    game = openspiel.extra("adapter").load(game_id, utility="win")
    ours_n, theirs_n, playouts = (200, 50, 10) if quick else (1000, 300, 100)
    ours = _cpu_rate(lambda: ismcts(world, seat, iterations=ours_n, seed=1, **options), ours_n)
    ours_random = _cpu_rate(lambda: ismcts(world, seat, iterations=ours_n, seed=1), ours_n)
    theirs = _cpu_rate(lambda: search_ismcts(game, world, rng=random.Random(1),
                                             iterations=theirs_n), theirs_n)
    return {"ours_iterations_per_cpu_s": round(ours, 1),
            "ours_random_rollouts_iterations_per_cpu_s": round(ours_random, 1),
            "openspiel_iterations_per_cpu_s": round(theirs, 1),
            "ratio": round(ours / theirs, 2), "ratio_same_rollouts": round(ours_random / theirs, 2),
            "adapter_random_playout_cpu_ms": round(_adapter_playout_ms(game, world, seat,
                                                                   playouts), 3),
            "engine_random_playout_cpu_ms": round(_engine_playout_ms(world, seat, playouts), 3)}


def run(*, quick: bool, progress: Progress = no_progress, games: int | None = None,
        execution: Execution = LOCAL, full: bool = False) -> SuiteResult:
    if not openspiel.AVAILABLE:
        return {"text": "OpenSpiel is not installed (pip install 'digsite[openspiel]'): "
                        "nothing measured", "figures": {"available": False}}
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else None
    lines = [f"load average at the start: {load:.2f}" if load is not None else "load: unknown"]
    figures: Figures = {"available": True, "load_average": load}
    for game_id in GAMES_UNDER_TEST:
        data = cards_data.load(game_id)
        speed = _speed(game_id, quick)
        progress(1)
        lines.append(
            f"{game_id}, opening (2 players): ours {speed['ours_iterations_per_cpu_s']:.0f} "
            f"it/s of CPU (random rollouts {speed['ours_random_rollouts_iterations_per_cpu_s']:.0f}), "
            f"OpenSpiel ISMCTS {speed['openspiel_iterations_per_cpu_s']:.0f}: "
            f"{speed['ratio']:.1f}x ({speed['ratio_same_rollouts']:.1f}x with the same random "
            f"rollouts; target >= {TARGET_SPEED:.0f}x: "
            f"{'met' if speed['ratio'] >= TARGET_SPEED else 'NOT met'}); a random playout "
            f"costs {speed['adapter_random_playout_cpu_ms']:.2f} ms through the adapter, "
            f"{speed['engine_random_playout_cpu_ms']:.2f} ms on the bare engine")
        count = games or (2 if quick else FULL_GAMES if full else GAMES[game_id])
        table = bot_table(game_id, data, names=openspiel.BOT_NAMES)
        iterations = 30 if quick else ITERATIONS
        seconds = 0.02 if quick else SECONDS
        equal_iterations = run_arena(game_id, ["ismcts", "openspiel-ismcts"], bots=table,
                                     games=count, seed=31, limit=Limit(iterations=iterations), data=data,
                                     progress=progress, execution=execution)
        per_move = Limit(time_limit=seconds)
        timed = {"ismcts": with_limit(table["ismcts"], per_move),
                 "openspiel-ismcts": with_limit(table["openspiel-ismcts"], per_move)}
        equal_time = run_arena(game_id, ["ismcts", "openspiel-ismcts"], bots=timed,
                               games=count, seed=37, data=data, progress=progress)
        matches = {}
        for label, result, budget in (("equal_iterations", equal_iterations,
                                       f"{iterations} iterations"),
                                      ("equal_time", equal_time, f"{seconds} s")):
            rate, (low, high) = result.win_rate[0], result.ci95[0]
            matches[label] = {"games": count, "budget": budget, "win_rate": rate,
                              "ci95": [low, high], "mean_scores": result.mean_scores}
            judged = ""
            if label == "equal_time" and not quick:
                target = TARGET_WIN[game_id]
                judged = (f"; target >= {target:.0%}: "
                          + ("met" if low >= target else "NOT met" if high < target
                             else "met on the point estimate only" if rate >= target
                             else "NOT met on the point estimate"))
            lines.append(f"  ours vs OpenSpiel ISMCTS, {budget} per decision: {rate:.1%} "
                         f"[{low:.1%}, {high:.1%}] of {count} games{judged}")
        figures[game_id] = {"speed": speed, **matches}
    return {"text": "\n".join(lines), "figures": figures}
