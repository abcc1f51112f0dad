"""Archaeology benchmark: ISMCTS strength against the baselines, search speed, tree memory.

Full mode (``digsite bench archaeology``): two players, seat-swapped pairs on the same
deals, 1,000 iterations per decision, ISMCTS against ``random``, ``greedy`` and ``pimc``
(determinized UCT at equal iterations). The issue asks for 200 games per match; one game
at 1,000 iterations per decision costs about 40 s of CPU on the 2-core reference machine,
so full mode plays ``FULL_GAMES`` per match (20, 20 and 10 for PIMC, whose games cost
twice as much; the report says so) — raise it when
the machine allows. Targets: >= 95% against random, >= 65% against greedy, >= 50% against
PIMC.

Speed (both modes, in the same run): ISMCTS iterations per second at the opening and in
mid-game (the example view), the cost of one bare uniformly random playout and of one
playout of the search's rollout policy from the same positions, and the ratio of the
search's time per iteration to that playout (target <= 2), plus 1,000 iterations in <= 1 s.
Memory: tracemalloc peak of a 10,000-iteration search (2,000 in quick mode).

Quick mode (``--quick``): speed at 1,000 iterations, memory at 2,000, and a 2-game match
against random at 50 iterations: about 20 s on an idle machine.
"""

from __future__ import annotations

import os
import time
import tracemalloc
from typing import cast

import cards_data
from cards_data.archaeology import ArchaeologyData
from games import archaeology
from games.archaeology import ArchaeologyState, example_view, state_from_view
from games.protocol import random_playout
from games.seeding import make_rng
from solvers.archaeology.service import BOTS
from solvers.arena import run_arena
from solvers.backends import Execution, Progress
from solvers.ismcts.search import ismcts
from solvers.limits import Limit
from solvers.archaeology.policy import SEARCH_OPTIONS, playout

from .runner import Figures, SuiteResult, no_progress, win_rate_words
from .search_bench import opening

__all__ = ["run", "FULL_GAMES", "match_line"]

#: games per match in full mode (the issue asks 200; see the module docstring). The PIMC
#: match costs twice as much (both seats search), so it plays half as many.
FULL_GAMES = {"random": 20, "greedy": 20, "pimc": 10}
ITERATIONS = 1000
TARGETS = {"random": 0.95, "greedy": 0.65, "pimc": 0.50}


def match_line(title: str, match: Figures, *, quick: bool, judged: str) -> str:
    """One arena match of ISMCTS in the report of either edition: ``title`` (who against
    whom, and where), the win rate with its 95% interval, ``judged`` against the target
    (a quick run is a smoke run, not judged), the mean money and the time it took."""
    lo, hi = match["ci95"]
    ours, theirs = match["mean_scores"][0], match["mean_scores"][1]
    return (f"{title}: {win_rate_words(match['win_rate'], (lo, hi), match['games'])} "
            f"at {match['iterations']} iterations/decision; "
            + ("smoke run, not judged against the target" if quick else
               f"target >= {match['target']:.0%}: {judged}")
            + f"; mean money {ours:.1f} vs {theirs:.1f} ({match['wall_s']:.0f} s wall)")


def _opening(data: ArchaeologyData, seed: int = 3) -> tuple[ArchaeologyState, int]:
    state, seat = opening(archaeology, data, seed)
    return cast(ArchaeologyState, state), seat  # (archaeology's engine makes its own state)


def _playout_ms(world: ArchaeologyState, seat: int, *, fast: bool, n: int) -> float:
    rng = make_rng(17)
    start = time.perf_counter()
    for _ in range(n):
        s = world.determinize(seat, rng)
        if fast:
            playout(s, rng)
        else:
            random_playout(s, rng)
    return (time.perf_counter() - start) / n * 1000


def _speed(label: str, world: ArchaeologyState, seat: int, iterations: int, *,
           playouts: int) -> Figures:
    cpu = time.process_time()
    result = ismcts(world, seat, iterations=iterations, seed=1, **SEARCH_OPTIONS)
    cpu = time.process_time() - cpu
    per_iter_ms = result.elapsed_s / max(1, result.iterations) * 1000
    bare = _playout_ms(world, seat, fast=False, n=playouts)
    policy = _playout_ms(world, seat, fast=True, n=2 * playouts)
    return {
        "position": label, "iterations": result.iterations,
        "wall_s": round(result.elapsed_s, 3), "cpu_s": round(cpu, 3),
        "iterations_per_wall_s": round(result.iterations / result.elapsed_s, 1),
        "bare_random_playout_wall_ms": round(bare, 3),
        "policy_playout_wall_ms": round(policy, 3),
        "ismcts_wall_ms_per_iteration": round(per_iter_ms, 3),
        "ratio_to_policy_playout": round(per_iter_ms / policy, 2),
        "ratio_to_random_playout": round(per_iter_ms / bare, 2),
    }


def _memory(world: ArchaeologyState, seat: int, iterations: int) -> dict[str, float]:
    tracemalloc.start()
    result = ismcts(world, seat, iterations=iterations, seed=2, **SEARCH_OPTIONS)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return {"iterations": iterations, "nodes": result.nodes, "peak_mib": round(peak / 2**20, 2)}


def run(*, quick: bool, progress: Progress = no_progress, execution: Execution | None = None,
        games: int | None = None) -> SuiteResult:
    data = cards_data.load("archaeology")
    opening, o_seat = _opening(data)
    mid, m_seat = state_from_view(example_view(data), data, 0)
    playouts = 40 if quick else 200
    speed = [_speed("opening", opening, o_seat, ITERATIONS, playouts=playouts),
             _speed("mid-game", mid, m_seat, ITERATIONS, playouts=playouts)]
    progress(1)
    memory = _memory(opening, o_seat, 2000 if quick else 10_000)
    progress(1)
    if quick:
        matches = {"random": (games or 2, 50)}
    else:
        matches = {name: (games or full, ITERATIONS) for name, full in FULL_GAMES.items()}
    execution = execution or Execution(workers=2)  # (`bench --workers W` and its backend)
    arena: dict[str, Figures] = {}
    for name, (n_games, iters) in matches.items():
        start = time.perf_counter()
        res = run_arena("archaeology", ["ismcts", name], bots=BOTS, games=n_games, seed=2024,
                        execution=execution, limit=Limit(iterations=iters),
                        data=data, progress=progress)
        arena[name] = {"games": n_games, "iterations": iters, "win_rate": res.win_rate[0],
                       "ci95": res.ci95[0], "mean_scores": res.mean_scores,
                       # (a quick smoke run is not judged: the text says so, and so does this)
                       "target": None if quick else TARGETS[name],
                       "met": None if quick else res.win_rate[0] >= TARGETS[name],
                       "wall_s": round(time.perf_counter() - start, 1)}
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else None
    lines = [f"load average at the end: {load:.2f}" if load is not None else "load: unknown"]
    for s in speed:
        lines.append(
            f"{s['position']}: {s['iterations_per_wall_s']:.0f} iterations/s of wall clock "
            f"({s['iterations']} in {s['wall_s']:.2f} s wall, {s['cpu_s']:.2f} s CPU; "
            f"target <= 1 s: {'met' if s['wall_s'] <= 1.0 else 'NOT met'}); bare random "
            f"playout {s['bare_random_playout_wall_ms']:.2f} ms, rollout-policy playout "
            f"{s['policy_playout_wall_ms']:.2f} ms; ISMCTS "
            f"{s['ismcts_wall_ms_per_iteration']:.2f} ms/iteration "
            f"(all wall clock: on a loaded machine compare the CPU seconds) "
            f"= {s['ratio_to_policy_playout']:.2f}x its playouts (target <= 2: "
            f"{'met' if s['ratio_to_policy_playout'] <= 2 else 'NOT met'})")
    lines.append(f"tree memory: {memory['peak_mib']:.1f} MiB peak for {memory['iterations']} "
                 f"iterations ({memory['nodes']} nodes)")
    for name, a in arena.items():
        lines.append(match_line(f"ISMCTS vs {name}", a, quick=quick,
                                judged="met" if a["met"] else "NOT met"))
    if not quick:
        lines.append("note: " + ", ".join(f"{g} games against {n}" for n, g in FULL_GAMES.items())
                     + ", not the 200 asked (time budget of a shared 2-core machine).")
    # (every line indented as the other suites' are: the load line was flush left, the
    # opening's one space in, the mid-game's none)
    return {"text": "\n".join("  " + line for line in lines),
            "figures": {"load_average": load, "speed": speed, "memory": memory, "arena": arena,
                        "games_per_match": dict(FULL_GAMES) if not quick else {"random": 2}}}
