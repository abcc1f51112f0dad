"""Where an ISMCTS iteration's time goes, and what root-parallel search buys.

**Breakdown** (Archaeology and Loot N Run, two players, the opening decision, the searches
the hints use): CPU time per iteration of a whole search; ``playout`` its playouts' share,
timed inside a second, identical search (a search's playouts start where the tree ends,
so a playout from the root, timed alone, costs more than one of the search's: measured that
way the parts added up to 127%); ``clone`` (one copy of the root) and ``determinize``
(clone plus sampling the hidden cards, once an iteration) measured alone on as many fresh
worlds; and the rest, ``tree`` (selection, expansion, information-set keys,
backpropagation). CPU time, so the other tenants of a shared machine move the figures less
than wall time.

**Root-parallel speed:** iterations per second (wall) of the 2-player Archaeology opening
hint, 1,000 iterations per tree, on one tree and on two root-parallel trees, in the same
run (target of issue 13: >= 3,000 iterations/s).

**Root-parallel strength:** two root-parallel trees against one tree at equal wall time
(``TIME_PER_DECISION`` seconds per decision for both), seat-swapped, with the Wilson
interval. The games run one at a time so the two trees have the machine's two cores.
"""

from __future__ import annotations

import os
import time
from typing import Any, Callable

import cards_data
from cards_data import CardData
from games import archaeology, lootnrun
from games.protocol import CHANCE, Engine, State
from games.seeding import make_rng
from solvers.archaeology.policy import SEARCH_OPTIONS
from solvers.arena import bot_table, run_arena, with_limit
from solvers.ismcts.parallel import root_parallel
from solvers.ismcts.search import ismcts, rollout
from solvers.limits import Limit
from solvers.backends import Progress

from .runner import Figures, SuiteResult, no_progress

__all__ = ["run", "opening", "breakdown", "TIME_PER_DECISION"]

TIME_PER_DECISION = 0.1
SPEED_ITERATIONS = 1000
TARGET_ITERATIONS_PER_S = 3000


def opening(engine: Engine, data: CardData, seed: int = 3) -> tuple[State[Any], int]:
    """The first decision with more than one move of a seeded 2-player deal."""
    state = engine.state_from_deal(engine.make_deal(players=2, seed=seed, data=data), data)
    while True:
        while state.current_player() == CHANCE:
            state.apply(state.chance_outcomes()[0][0])
        moves = state.legal_moves()
        if len(moves) > 1:
            return state, state.current_player()
        state.apply(moves[0])


def _cpu(func: Callable[[], object], n: int) -> float:
    start = time.process_time()
    for _ in range(n):
        func()
    return (time.process_time() - start) / n * 1e3


def breakdown(world: State[Any], seat: int, options: dict[str, Any],
              iterations: int) -> dict[str, float]:
    """Milliseconds of CPU per iteration: whole search and its parts (module docstring)."""
    start = time.process_time()
    result = ismcts(world, seat, iterations=iterations, seed=1, **options)
    search_ms = (time.process_time() - start) / result.iterations * 1e3
    # the same search again, its playouts timed where they run (the timer's own cost is
    # in both the playouts' time and the whole: the share holds for the untimed search)
    play = options.get("playout") or rollout
    spent = [0.0]

    def timed(w: State[Any], rng: Any) -> None:
        begun = time.process_time()
        play(w, rng)
        spent[0] += time.process_time() - begun

    start = time.process_time()
    ismcts(world, seat, iterations=iterations, seed=1, **{**options, "playout": timed})
    share = spent[0] / max(time.process_time() - start, 1e-9)
    playout_ms = share * search_ms
    rng = make_rng(2)
    clone_ms = _cpu(world.clone, iterations)
    determinize_ms = _cpu(lambda: world.determinize(seat, rng), iterations)
    tree_ms = max(0.0, search_ms - determinize_ms - playout_ms)
    return {"iterations": result.iterations, "search_cpu_ms": round(search_ms, 4),
            "clone_cpu_ms": round(clone_ms, 4),
            "determinize_cpu_ms": round(determinize_ms, 4),
            "sampling_cpu_ms": round(determinize_ms - clone_ms, 4),
            "playout_cpu_ms": round(playout_ms, 4), "tree_cpu_ms": round(tree_ms, 4),
            "cpu_iterations_per_s": round(1e3 / search_ms, 1)}


def _share(part: float, whole: float) -> str:
    return f"{part / whole:.0%}" if whole else "-"


def run(*, quick: bool, progress: Progress = no_progress, games: int | None = None) -> SuiteResult:
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else None
    lines = [f"load average at the start: {load:.2f}" if load is not None else "load: unknown"]
    figures: Figures = {"load_average": load}
    positions = {"archaeology": (archaeology, SEARCH_OPTIONS), "lootnrun": (lootnrun, {})}
    n = 200 if quick else 1000
    for game_id, (engine, options) in positions.items():
        world, seat = opening(engine, cards_data.load(game_id))
        b = breakdown(world, seat, options, n)
        figures[f"{game_id}_breakdown"] = b
        whole = b["search_cpu_ms"]
        lines.append(
            f"{game_id} opening, {b['iterations']} iterations: {b['search_cpu_ms']:.3f} ms CPU per "
            f"iteration ({b['cpu_iterations_per_s']:.0f}/s of CPU) = playout "
            f"{b['playout_cpu_ms']:.3f} ({_share(b['playout_cpu_ms'], whole)}) + determinize "
            f"{b['determinize_cpu_ms']:.3f} ({_share(b['determinize_cpu_ms'], whole)}: clone "
            f"{b['clone_cpu_ms']:.3f}, sampling {b['sampling_cpu_ms']:.3f}) + tree "
            f"{b['tree_cpu_ms']:.3f} ({_share(b['tree_cpu_ms'], whole)})")
        progress(1)

    # root-parallel speed, the same run
    data = cards_data.load("archaeology")
    world, seat = opening(archaeology, data)
    iterations = 200 if quick else SPEED_ITERATIONS
    speed = {}
    for workers in (1, 2):
        start = time.perf_counter()
        result = root_parallel(world, seat, workers=workers, seed=5, iterations=iterations,
                               **SEARCH_OPTIONS)
        seconds = time.perf_counter() - start
        speed[workers] = {"iterations": result.iterations, "wall_s": round(seconds, 3),
                          "iterations_per_wall_s": round(result.iterations / seconds, 1)}
    figures["archaeology_opening_hint_speed"] = speed
    best = max(s["iterations_per_wall_s"] for s in speed.values())
    one, two = speed[1]["iterations_per_wall_s"], speed[2]["iterations_per_wall_s"]
    lines.append(
        f"archaeology opening hint, {iterations} iterations per tree: one tree "
        f"{one:.0f} it/s wall, two root-parallel trees {two:.0f} it/s ({two / one:.2f}x); "
        f"target >= {TARGET_ITERATIONS_PER_S} it/s: "
        + ("met" if best >= TARGET_ITERATIONS_PER_S else "NOT met"))
    progress(1)

    # root-parallel strength at equal wall time
    per_decision = 0.02 if quick else TIME_PER_DECISION
    matches = {}
    for game_id, count in (("lootnrun", games or (2 if quick else 20)),
                           ("archaeology", games or (2 if quick else 10))):
        game_data = cards_data.load(game_id)
        table = bot_table(game_id, game_data)
        bots = {"two-trees": with_limit(table["ismcts"],
                                        Limit(time_limit=per_decision, workers=2)),
                "one-tree": with_limit(table["ismcts"], Limit(time_limit=per_decision))}
        start = time.perf_counter()
        match = run_arena(game_id, ["two-trees", "one-tree"], bots=bots, games=count,
                          seed=77, data=game_data, progress=progress)
        low, high = match.ci95[0]
        matches[game_id] = {"games": count, "wall_s_per_decision": per_decision,
                            "win_rate": match.win_rate[0], "ci95": [low, high],
                            "wall_s": round(time.perf_counter() - start, 1)}
        lines.append(f"{game_id}: two root-parallel trees vs one tree at {per_decision} s per "
                     f"decision: {match.win_rate[0]:.1%} [{low:.1%}, {high:.1%}] of "
                     f"{count} games")
    figures["root_parallel_strength"] = matches
    return {"text": "\n".join(lines), "figures": figures}
