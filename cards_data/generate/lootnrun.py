"""The bundled card data of Loot N Run, the rooms reconstructed from ``rng``: 12 red / 18
yellow / 24 green rooms, 6 guardians per colour, 2 of each kind per colour; 1–3 distinct
treasure symbols a room, on average 2.5 red, 2.0 yellow, 1.6 green (red rooms richest);
a few amulets, more where guardians are rarer."""

from __future__ import annotations

import random
from typing import Any

from .._toml import Inline
from . import Doc, header

__all__ = ["build"]


LOOT_TYPES = {"cup": "community", "chest": "community", "crown": "reconstructed",
              "idol": "reconstructed", "scarab": "reconstructed", "necklace": "reconstructed"}
GUARDIAN_KINDS = ("mummy", "werewolf", "frank")
#: back colour → (rooms, guardians, amulets, rooms showing 1, 2, 3 treasure symbols)
LOOT_BACKS = {"red": (12, 6, 2, (1, 4, 7)), "yellow": (18, 6, 4, (4, 10, 4)),
              "green": (24, 6, 6, (12, 10, 2))}


def build(rng: random.Random) -> Doc:
    types = list(LOOT_TYPES)
    rooms: list[dict[str, Any]] = []
    for back, (count, guardians, amulets, by_symbols) in LOOT_BACKS.items():
        tops = ["guardian"] * guardians + ["amulet"] * amulets
        tops += ["empty"] * (count - len(tops))
        rng.shuffle(tops)
        kinds = [kind for kind in GUARDIAN_KINDS for _ in range(guardians // 3)]
        rng.shuffle(kinds)
        symbols = [n for n, rooms_with_n in enumerate(by_symbols, 1) for _ in range(rooms_with_n)]
        rng.shuffle(symbols)
        for top, n in zip(tops, symbols):
            room = {"id": len(rooms) + 1, "back": back, "top": top}
            if top == "guardian":
                room["guardian"] = kinds.pop()
            chosen = rng.sample(types, n)
            room["treasures"] = sorted(chosen, key=types.index)
            rooms.append({**room, "provenance": "reconstructed"})
    doc = {
        "game": "lootnrun", "format": 1, "edition": "reconstructed-1",
        "setup": {
            "provenance": "rules", "players_min": 2, "players_max": 6, "target": 35,
            "target_by_players": Inline({"6": 30}), "decks": 2,
            "backs": Inline(red=12, yellow=18, green=24),
            "guardians": Inline(red=6, yellow=6, green=6),
            "guardian_kinds": list(GUARDIAN_KINDS),
        },
        "treasure_types": dict(LOOT_TYPES),
        "rooms": rooms,
    }
    comments = {
        "": header("Loot N Run", "lootnrun"),
        "setup.backs": "rooms per back colour, most dangerous first",
        "setup.guardians": "guardian rooms per back colour (1 in 2 red, 1 in 3 yellow, 1 in 4 green)",
        "treasure_types": (
            "The six treasure symbols, each with the provenance of its name: cups and chests\n"
            "are known, the other four names are ours."),
        "rooms": (
            "The 54 room cards: nothing public, reconstructed. top = empty | amulet | guardian;\n"
            "guardian rooms name the guardian; treasures lists the 1-3 symbols."),
    }
    return doc, comments
