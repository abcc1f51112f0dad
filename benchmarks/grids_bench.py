"""Geometry kernels: placement enumeration and the bitboard pattern match."""

from __future__ import annotations

import random
import statistics
import time

import grids
from solvers.backends import Progress

from .runner import Figures, SuiteResult, no_progress


def run(*, quick: bool, progress: Progress = no_progress) -> SuiteResult:
    rng = random.Random(2026)
    rounds = 20 if quick else 200
    enum_times = []
    for _ in range(rounds):
        blocked = rng.getrandbits(25) & rng.getrandbits(25)
        grids.polyomino._all_placements.cache_clear()
        start = time.perf_counter()
        for shape in grids.SHAPES.values():
            grids.placements(shape, blocked=blocked)
        enum_times.append(time.perf_counter() - start)
    progress()
    pattern = grids.ColouredPattern.parse("BW/WB/B.")
    placements = pattern.placements()
    boards = [(rng.getrandbits(25), rng.getrandbits(25)) for _ in range(2000 if quick else 20000)]
    start = time.perf_counter()
    hits = 0
    for occupied, black in boards:
        black &= occupied
        for p in placements:
            if occupied & p.mask == p.mask and black & p.mask == p.black:
                hits += 1
    elapsed = time.perf_counter() - start
    tests = len(boards) * len(placements)
    progress()
    figures: Figures = {
        "placements_all_shapes_median_wall_us": statistics.median(enum_times) * 1e6,
        "pattern_match_tests_per_wall_s": tests / elapsed,
        "pattern_match_hits": hits,
    }
    text = (f"  all six expedition shapes, placements with random walls: median "
            f"{figures['placements_all_shapes_median_wall_us']:.0f} µs\n"
            f"  coloured-pattern match: "
            f"{figures['pattern_match_tests_per_wall_s'] / 1e6:.2f} M tests/s")
    return {"text": text, "figures": figures}
