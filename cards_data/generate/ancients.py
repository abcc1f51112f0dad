"""The bundled card data of Tomb of the Ancients (beta 2.16), the 50 map cards reconstructed
from ``rng``: distinct patterns (up to rotation) of 3–6 connected cells (10/16/14/10 of
sizes 3/4/5/6) within the 5x5 board; points = cells - 2 + the smaller colour's count
(1–7); each board space appears on two cards, once with each token colour."""

from __future__ import annotations

import random

from grids.cells import SIZE, cell_name

from .._toml import Inline, Rows
from . import Doc, header

__all__ = ["build"]


MAP_SIZES = {3: 10, 4: 16, 5: 14, 6: 10}
MAP_ADJECTIVES = ("Sunken", "Jackal", "Broken", "Silent", "Gilded", "Crimson", "Hidden",
                  "Scarab", "Howling", "Forgotten", "Burning", "Ivory")
MAP_NOUNS = ("Stair", "Altar", "Gate", "Well", "Shrine", "Causeway", "Obelisk", "Vault",
             "Idol", "Sarcophagus", "Oasis", "Court")


def _random_pattern(rng: random.Random, size: int) -> tuple[tuple[int, int, str], ...]:
    """Connected cells grown one neighbour at a time, each black or white, normalised."""
    while True:
        cells = [(0, 0)]
        while len(cells) < size:
            r, c = rng.choice(cells)
            dr, dc = rng.choice(((-1, 0), (1, 0), (0, -1), (0, 1)))
            if (r + dr, c + dc) not in cells:
                cells.append((r + dr, c + dc))
        top, left = min(r for r, _ in cells), min(c for _, c in cells)
        cells = [(r - top, c - left) for r, c in cells]
        if max(r for r, _ in cells) < SIZE and max(c for _, c in cells) < SIZE:
            return tuple(sorted((r, c, rng.choice("BW")) for r, c in cells))


def _canonical(cells: tuple[tuple[int, int, str], ...]) -> tuple[tuple[int, int, str], ...]:
    forms = []
    for _ in range(4):  # rotations only: map cards are never mirrored
        cells = tuple((c, -r, colour) for r, c, colour in cells)
        top, left = min(r for r, _, _ in cells), min(c for _, c, _ in cells)
        forms.append(tuple(sorted((r - top, c - left, colour) for r, c, colour in cells)))
    return min(forms)


def _rows(cells: tuple[tuple[int, int, str], ...]) -> Rows:
    height = max(r for r, _, _ in cells) + 1
    width = max(c for _, c, _ in cells) + 1
    grid = [["."] * width for _ in range(height)]
    for r, c, colour in cells:
        grid[r][c] = colour
    return Rows("".join(row) for row in grid)


def build(rng: random.Random) -> Doc:
    sizes = [size for size, count in MAP_SIZES.items() for _ in range(count)]
    rng.shuffle(sizes)
    names = rng.sample([f"{a} {n}" for a in MAP_ADJECTIVES for n in MAP_NOUNS], len(sizes))
    spaces = [(cell, token) for cell in range(SIZE * SIZE) for token in ("black", "white")]
    rng.shuffle(spaces)
    seen: set[tuple[tuple[int, int, str], ...]] = set()
    maps = []
    for map_id, (size, name, (space, token)) in enumerate(zip(sizes, names, spaces), 1):
        cells = _random_pattern(rng, size)
        while _canonical(cells) in seen:
            cells = _random_pattern(rng, size)
        seen.add(_canonical(cells))
        blacks = sum(colour == "B" for _, _, colour in cells)
        maps.append({"id": map_id, "name": name, "points": size - 2 + min(blacks, size - blacks),
                     "space": cell_name(space), "token": token, "provenance": "reconstructed",
                     "pattern": _rows(cells)})
    doc = {
        "game": "ancients", "format": 1, "edition": "beta-2.16/reconstructed-1",
        "rules": {
            "provenance": "rules", "players_min": 2, "players_max": 6, "deck_size": 50,
            "shops": [4, 3, 2, 1],
            "removed_by_players": Inline({"2": 18, "3": 10, "4": 7, "5": 3, "6": 0}),
            "start_money": 4, "start_sand": 1, "pack_limit": 4,
        },
        "maps": maps,
    }
    comments = {
        "": header("Tomb of the Ancients (beta 2.16)", "ancients",
                    "Beta cards change between versions: the edition names the rules version\n"
                    "and the version of this reconstruction."),
        "rules.shops": "stall prices, dearest first",
        "rules.removed_by_players": "map cards removed from the deck after setup",
        "maps": (
            "The 50 map cards: nothing public, reconstructed. pattern rows: B black token,\n"
            "W white token, . not part of the pattern (rotate, never mirror). space and\n"
            "token: where the card adds (or removes) a sand token entering the market.\n"
            "Selling an artifact is assumed to pay its points in dollars."),
    }
    return doc, comments
