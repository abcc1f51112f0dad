"""The bundled card data of Archaeology: The Card Game (2007): known facts only (rules and
community values), written out by ``build``; ``rng`` is unused."""

from __future__ import annotations

import random
from typing import Any

from .._toml import Inline
from . import Doc, header

__all__ = ["build"]


def build(rng: random.Random) -> Doc:
    def treasure(name: str, count: int, trade: int, sell: list[int], trade_label: str,
                 note: str = "") -> dict[str, Any]:
        out = {"name": name, "count": count, "trade": trade, "sell": sell,
               "provenance": Inline(count="rules", trade=trade_label, sell="community")}
        return {**out, "note": note} if note else out

    doc = {
        "game": "archaeology", "format": 1, "edition": "2007 (Z-Man 2009 reprint unchanged)",
        "setup": {
            "provenance": "rules", "players_min": 2, "players_max": 4, "hand": 4,
            "marketplace": 5, "thief_cards": 8, "sandstorm_cards": 6,
            "sandstorms_removed": Inline({"3": 1, "4": 2}),
        },
        "pyramid": {
            "provenance": "rules",
            "chambers": [Inline(size=3, maps=1), Inline(size=5, maps=2), Inline(size=7, maps=3)],
        },
        "treasures": {
            "pot_shard": treasure("pot shard", 18, 1, [1, 2, 3, 4, 15], "community",
                                  "one source gives 10 for five"),
            "parchment_scrap": treasure("parchment scrap", 16, 1, [1, 2, 3, 10], "rules"),
            "coin": treasure("coin", 14, 2, [2, 5, 10, 18, 30], "rules",
                             "rulebook example: 5 coins sell for 30"),
            "talisman": treasure("talisman", 8, 3, [3, 7, 14, 24, 40], "rules",
                                 "rulebook examples: 2 sell for 7, 4 for 24"),
            "broken_cup": treasure("broken cup", 6, 2, [2, 15], "community",
                                   "one source gives 1/2/3/10"),
            "pharaohs_mask": treasure("pharaoh's mask", 4, 4, [4, 12, 26, 50], "community"),
            "map": treasure("map", 6, 3, [3], "community"),
        },
    }
    comments = {
        "": header("Archaeology: The Card Game (2007)", "archaeology"),
        "setup.sandstorms_removed": "sandstorm cards returned to the box, by player count",
        "pyramid": "chambers in order small, medium, large; `maps` = map cards discarded",
        "treasures": (
            "count: rules (contents list). trade and sell: community, agreed by several\n"
            "sources and by every example in the rulebook. sell[n-1] is the price of a set\n"
            "of exactly n cards; its length is the largest set that can be sold.\n"
            "Two sources disagree with this table: one gives 10 (not 15) for five pot\n"
            "shards, one gives the broken cup 1/2/3/10. Change any entry in your copy."),
    }
    return doc, comments
