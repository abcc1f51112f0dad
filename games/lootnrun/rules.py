"""Loot N Run: the derived card tables (``rules``) and the scoring rule, pure functions.

>>> import cards_data
>>> rules = rules_for(cards_data.load("lootnrun"), 6)
>>> rules.target, len(rules.ids)
(30, 54)
"""

from __future__ import annotations

from typing import Iterable

from cards_data.lootnrun import LootNRunData
from games.protocol import derived

__all__ = ["Rules", "rules_for", "score_rooms"]


class Rules:
    """Per-room facts as flat tuples indexed by room position in the data (fast to read),
    and the target score of a table of ``players``. Shared by every state of a game."""

    __slots__ = ("data", "players", "target", "ids", "index", "back", "amulet", "guardian",
                 "treasures", "types", "symbol_counts", "colours")

    def __init__(self, data: LootNRunData, players: int) -> None:
        self.data = data
        self.players = players
        self.target = data.target_for(players)
        self.ids = tuple(room.id for room in data.rooms)
        self.index = {room.id: i for i, room in enumerate(data.rooms)}
        self.back = tuple(room.back for room in data.rooms)
        self.amulet = tuple(room.top == "amulet" for room in data.rooms)
        self.guardian = tuple(room.guardian for room in data.rooms)
        self.treasures = tuple(room.treasures for room in data.rooms)
        #: the treasure types on the rooms (first seen first)
        self.types = tuple(dict.fromkeys(kind for symbols in self.treasures
                                         for kind in symbols))
        #: per room, each treasure type on it once, as ``(index in types, symbols)``: what
        #: ``score_rooms`` counts, in lists rather than dicts of names
        self.symbol_counts = tuple(
            tuple((self.types.index(kind), symbols.count(kind)) for kind in dict.fromkeys(symbols))
            for symbols in self.treasures)
        #: the back colours, in the data's order
        self.colours = tuple(data.backs)


def rules_for(data: LootNRunData, players: int) -> Rules:
    """The (shared) ``Rules`` of ``data`` at a table of ``players``."""
    return derived(data, Rules, players)


def score_rooms(rules: Rules, rooms: Iterable[int]) -> int:
    """Points for revealing ``rooms``: 1 per symbol, a type on >= 2 rooms scores double."""
    types = len(rules.types)
    symbols = [0] * types
    rooms_with = [0] * types
    counts = rules.symbol_counts
    for room in rooms:
        for kind, n in counts[room]:
            symbols[kind] += n
            rooms_with[kind] += 1
    points = 0
    for kind in range(types):
        points += symbols[kind] * (2 if rooms_with[kind] >= 2 else 1)
    return points
