"""``digsite demo``: the main job on bundled defaults, as one text report.

Each game whose service offers ``demo_section`` contributes it; a grid game without one
yet shows the geometry on its bundled data instead (a pyramid card with the placements of
an expedition pattern; a Tomb of the Ancients board with a map pattern found on it).
"""

from __future__ import annotations

import time
from typing import Any, Callable

import cards_data
import grids
from cards_data.ancients import AncientsData
from cards_data.pyramids import PyramidsData
from games.registry import GAMES
from games.seeding import make_rng
from games.table import plural

from . import services

__all__ = ["run_demo", "pyramid_placements_section", "ancients_find_section"]


def run_demo() -> str:
    """Every game's demo section, with how long each took."""
    parts = ["digsite demo — bundled card data, fixed seeds"]
    fallbacks: dict[str, Callable[[Any], str]] = {"pyramids": pyramid_placements_section,
                                                  "ancients": ancients_find_section}
    for game_id, info in GAMES.items():
        start = time.perf_counter()
        data = cards_data.load(game_id)
        if services.has_capability(game_id, "demo_section"):
            body = services.capability(game_id, "demo_section")(data)
        elif game_id in fallbacks:
            body = fallbacks[game_id](data)
        else:
            continue
        parts.append(f"\n== {info.name} ({time.perf_counter() - start:.1f} s) ==\n{body}")
    return "\n".join(parts)


def _overlay(base: tuple[str, ...], mask: int, mark: str) -> tuple[str, ...]:
    return tuple(mark if mask >> i & 1 else ch for i, ch in enumerate(base))


def pyramid_placements_section(data: PyramidsData, *, order: int = 1, shape: str = "L3") -> str:
    """A pyramid card and the placements of ``shape`` that may open it (they must cover
    the entrance and avoid walls)."""
    card = data.card(order)
    grid = tuple("".join(card.grid))
    opening = [m for m in grids.placements(grids.SHAPES[shape], blocked=card.walls)
               if m >> card.entrance & 1]
    lines = [f"pyramid card {card.order} ({card.colour}); legend: # wall, E entrance, T tomb, "
             "r/g gems, t torch, s skull, p potion, x red cross",
             grids.render_grid(grid),
             f"{len(opening)} placements of the {shape} pattern (rotations and mirrors) cover "
             f"the entrance; the first, marked *:"]
    if opening:
        lines.append(grids.render_grid(_overlay(grid, opening[0], "*")))
    return "\n".join(lines)


def ancients_find_section(data: AncientsData, *, seed: int = 0) -> str:
    """A seeded board of sand tokens with the first bundled map found on it."""
    rng = make_rng(seed)
    card = data.maps[0]
    pattern = grids.ColouredPattern(frozenset(card.cells))
    placement = pattern.placements()[rng.randrange(len(pattern.placements()))]
    occupied = grids.ALL_MASK & ~(1 << rng.randrange(25))
    black = occupied & rng.getrandbits(25)
    black = (black & ~placement.mask) | placement.black
    occupied |= placement.mask
    board = tuple("." if not occupied >> i & 1 else ("B" if black >> i & 1 else "W")
                  for i in range(25))
    found = [p for p in pattern.placements() if grids.matches(occupied, black, p)]
    after_black = black ^ placement.mask
    after = tuple("." if not occupied >> i & 1 else ("B" if after_black >> i & 1 else "W")
                  for i in range(25))
    return "\n".join([
        f"map {card.id} '{card.name}' ({plural(card.points, 'point')}), "
        f"pattern {'/'.join(card.pattern)}",
        grids.render_grid(board),
        f"found in {plural(len(found), 'place')}; after finding it at "
        f"{grids.cell_name(placement.anchor)} (rotated {placement.rotation * 90}°) its tokens flip:",
        grids.render_grid(after),
    ])
