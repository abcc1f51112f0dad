"""The bundled card data of Archaeology: The New Expedition: every known value is kept; the
other trade values and selling tables keep the 2007 card shape, each treasure's ``note``
says what is known and what is ours. ``rng`` is unused."""

from __future__ import annotations

import random
from typing import Any

from .._toml import Inline
from . import Doc, header

__all__ = ["build"]


def _monument(key: str, name: str, chambers: list[tuple[int, int]], special: str,
              **params: int) -> dict[str, Any]:
    out = {"key": key, "name": name, "provenance": "rules",
           "chambers": [Inline(size=size, maps=maps) for size, maps in chambers],
           "special": special}
    return {**out, "params": Inline(params)} if params else out


def build(rng: random.Random) -> Doc:
    def treasure(name: str, count: int, trade: int, sell: list[int], trade_label: str,
                 sell_label: str, note: str, min_players: int = 0) -> dict[str, Any]:
        out = {"name": name, "count": count, "trade": trade, "sell": sell}
        if min_players:
            out["min_players"] = min_players
        return {**out, "provenance": Inline(count="rules", trade=trade_label, sell=sell_label),
                "note": note}

    kept = "sell kept from the 2007 card"
    doc = {
        "game": "expedition", "format": 1, "edition": "The New Expedition/reconstructed-1",
        "setup": {
            "provenance": "rules", "players_min": 2, "players_max": 5, "hand": 4,
            "marketplace": 5, "thief_cards": 10, "sandstorm_cards": 6, "tent_cards": 5,
        },
        "thieves": {"provenance": "community",
                    "by_players": Inline({"2": 4, "3": 6, "4": 8, "5": 10})},
        "sandstorms": {"provenance": "inferred",
                       "by_players": Inline({"2": 4, "3": 5, "4": 6, "5": 6})},
        "long_expedition": {"provenance": "rules", "players": [2, 3],
                            "add_treasures": ["broken_tablet", "broken_pendant"],
                            "extra_thieves": 1},
        "treasures": {
            "pot_shard": treasure("pot shard", 16, 1, [1, 2, 3, 4, 15], "rules",
                                  "reconstructed", f"trade 1 known; {kept}"),
            "parchment_scrap": treasure("parchment scrap", 16, 1, [1, 2, 3, 10], "rules",
                                        "community", "selling values from the cover card"),
            "coin": treasure("coin", 12, 2, [2, 5, 10, 18, 30], "rules", "reconstructed",
                             f"5 coins = 30 known (rules); 1-4 {kept}"),
            "broken_cup": treasure("broken cup", 6, 2, [2, 15], "reconstructed",
                                   "reconstructed", "trade and sell kept from the 2007 card"),
            "talisman": treasure("talisman", 8, 3, [3, 10, 20, 32, 50], "rules",
                                 "reconstructed",
                                 "known (rules): 2 = 10, 4 = 32, at most 5; 1, 3, 5 are ours"),
            "map": treasure("map", 6, 3, [3], "reconstructed", "reconstructed",
                            "trade and sell kept from the 2007 card"),
            "pharaohs_mask": treasure("pharaoh's mask", 4, 4, [4, 12, 26, 50],
                                      "reconstructed", "reconstructed",
                                      "trade and sell kept from the 2007 card"),
            "broken_tablet": treasure("broken tablet", 12, 1, [1, 2, 10], "rules",
                                      "reconstructed",
                                      "known (rules): 3 = 10; a complete set of 3, like the "
                                      "2007 fragments", min_players=4),
            "broken_pendant": treasure("broken pendant", 5, 2, [2, 4, 20], "reconstructed",
                                       "reconstructed",
                                       "nothing public; a rare complete-the-set treasure",
                                       min_players=5),
        },
        "monuments": [
            _monument("great_pyramid", "Great Pyramid", [(2, 1), (5, 2), (8, 3)], "none"),
            _monument("temple", "Temple", [(5, 2)] * 3, "peek_on_sell"),
            _monument("tomb", "Tomb", [(7, 1), (8, 1)], "keep", keep=2),
            _monument("mine", "Mine", [(15, 1)], "bust", bust_over=5),
            _monument("sphinx", "Sphinx", [(15, 1)], "name_types", names=2, draw=5),
            _monument("buried_ruins", "Buried Ruins", [(1, 1)] * 3, "refill_on_sandstorm",
                      reserve=12),
        ],
    }
    comments = {
        "": header("Archaeology: The New Expedition", "expedition"),
        "thieves": "thief cards used, by player count (shown on the cards)",
        "sandstorms": "sandstorm cards used, by player count: only \"4 to 6\" is public",
        "long_expedition": "variant for 2-3 players: add tablets, pendants and one thief",
        "treasures": (
            "Counts are rules. Each treasure labels count, trade and sell separately and its\n"
            "note says which values are known. min_players: the card is only used with at\n"
            "least that many players (tablets 4+, pendants 5)."),
        "monuments": (
            "Monument tiles (rulebook pp. 10-11): chambers with their size and map price;\n"
            "`special` names the tile's rule, `params` its numbers (see cards_data.expedition)."),
    }
    return doc, comments
