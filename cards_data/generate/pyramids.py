"""The bundled card data of Silver & Gold: Pyramids, the 48 pyramid cards reconstructed from
``rng``: 16 cards per colour, orders 1–48 shuffled across colours; entrance top-left, tomb
bottom-right (one review says so; the format allows any top/bottom-row cell); walls never
cut off a box, the shortest entrance→tomb path has 9, 11 or 13 boxes (8–12 steps); green
cards are the gentlest, purple the hardest (more walls, skulls, longer paths, more gems);
skulls lie next to gems, torches or potions where possible; torches and potions only on
some cards. Skull penalties are positive points subtracted."""

from __future__ import annotations

import random
from typing import Collection

from grids.cells import NEIGHBOURS, SIZE, distances

from .._toml import Rows
from . import Doc, header

__all__ = ["build"]


#: colour → (walls, shortest-path lengths in boxes to pick from, gems, skulls, red crosses,
#: torch odds, potion odds). Corner to corner, a path always has an odd number of boxes.
PYRAMID_STYLES = {
    "green": ((4, 6), (9, 9, 11), (2, 3), (1, 2), (0, 1), 0.4, 0.25),
    "orange": ((5, 7), (9, 11, 11), (2, 4), (1, 2), (0, 1), 0.5, 0.3),
    "purple": ((6, 8), (11, 11, 13), (3, 4), (2, 3), (0, 2), 0.5, 0.35),
}
ENTRANCE, TOMB = 0, SIZE * SIZE - 1


def _pyramid_grid(rng: random.Random, colour: str) -> Rows:
    walls, paths, gems, skulls, crosses, torch_odds, potion_odds = PYRAMID_STYLES[colour]
    path = rng.choice(paths)
    inner = list(range(ENTRANCE + 1, TOMB))
    while True:  # rejection sampling: cheap, a 5x5 BFS per try
        wall_cells = set(rng.sample(inner, rng.randint(*walls)))
        open_mask = sum(1 << i for i in range(SIZE * SIZE) if i not in wall_cells)
        reach = distances(open_mask, ENTRANCE)
        if len(reach) == SIZE * SIZE - len(wall_cells) and reach.get(TOMB) == path - 1:
            break
    boxes = ["#" if i in wall_cells else "." for i in range(SIZE * SIZE)]
    boxes[ENTRANCE], boxes[TOMB] = "E", "T"
    free = [i for i in inner if boxes[i] == "."]
    rng.shuffle(free)

    def place(char: str, count: int, near: Collection[int] = frozenset()) -> None:
        preferred = [i for i in free if i in near] + [i for i in free if i not in near]
        for i in preferred[:count]:
            boxes[i] = char
            free.remove(i)

    for _ in range(rng.randint(*gems)):
        place(rng.choice("rg"), 1)
    place("t", int(rng.random() < torch_odds))
    place("p", int(rng.random() < potion_odds))
    good = {i for i, box in enumerate(boxes) if box in "rgtp"}
    place("s", rng.randint(*skulls), {n for i in good for n in NEIGHBOURS[i]})
    place("x", rng.randint(*crosses))
    return Rows("".join(boxes[row * SIZE:(row + 1) * SIZE]) for row in range(SIZE))


def build(rng: random.Random) -> Doc:
    colours = [colour for colour in PYRAMID_STYLES for _ in range(16)]
    rng.shuffle(colours)
    cards = [{"order": order, "colour": colour, "provenance": "reconstructed",
              "grid": _pyramid_grid(rng, colour)} for order, colour in enumerate(colours, 1)]
    doc = {
        "game": "pyramids", "format": 1, "edition": "NSV/reconstructed-1",
        "rules": {
            "provenance": "rules", "players_min": 2, "players_max": 4,
            "colours": ["green", "orange", "purple"], "cards_per_colour": 16, "rounds": 4,
            "expeditions_per_round": 7, "deal": 4, "keep": 2, "display": 4,
        },
        "score": {
            "provenance": "rules", "gems_per_colour": 10, "gem_pair_points": 5,
            "single_gem_points": 1, "torches": 4, "torch_points": 5,
            "pyramid_points": [10, 6, 3], "pyramid_milestones": [2, 4, 6], "card_points": 10,
        },
        "skulls": {"provenance": "reconstructed", "penalties": [1, 1, 2, 2, 3, 4, 5, 6, 8, 10]},
        "expedition": {"provenance": "inferred",
                       "deck": ["domino", "I3", "I3", "L3", "L3", "T4", "L4", "O4"]},
        "cards": cards,
    }
    comments = {
        "": header("Silver & Gold: Pyramids", "pyramids"),
        "rules.deal": "pyramid cards dealt to each player, of which `keep` are kept",
        "rules.display": "face-up pyramid cards next to the deck",
        "score.pyramid_points": (
            "to the 1st, 2nd, 3rd player completing a milestone (2nd/4th/6th card) of a colour"),
        "skulls": (
            "The 10 skull boxes, top row then bottom row, as positive penalties (points\n"
            "subtracted); only the worst crossed skull counts. Known: they grow and one is 6."),
        "expedition": (
            "The 8 expedition cards as grids.polyomino shape names (inferred from the\n"
            "predecessor game: it fits 8 cards with 6 patterns)."),
        "cards": (
            "The 48 pyramid cards: nothing public, reconstructed. grid rows top to bottom:\n"
            "# wall, . box, E entrance (top row), T golden tomb (bottom row), r red gem,\n"
            "g green gem, t torch, s skull, p potion, x red cross."),
    }
    return doc, comments
