"""Archaeology: the derived card tables (``rules``), the phases of a turn and the engine's
limits: pure data shared by the state, the hidden-information code and the solvers.

>>> import cards_data
>>> rules = rules_for(cards_data.load("archaeology"), 3)
>>> rules.counts[SANDSTORM], rules.chamber_index[5], str(rules.explore_moves[2])
(5, 1, 'explore 7')
"""

from __future__ import annotations

from cards_data.errors import InvalidDataError

from .moves import (CARD_NAMES, CARDS, DIG, DISCARD, EXPLORE, GIVE, SANDSTORM, SELL, STEAL,
                    STOLEN, TAKE, THIEF, TREASURES, move)

__all__ = ["Rules", "rules_for", "MAX_TRADES_BETWEEN_EXPLORES", "MAX_CARDS_OF_A_KIND",
           "P_DIG", "P_STEAL", "P_STOLEN", "P_STORM", "P_ACTION", "P_OVER", "PHASE_NAMES"]

#: Trades allowed before a turn's first explore, and after each explore (see ``state``).
MAX_TRADES_BETWEEN_EXPLORES = 1
#: The hidden-information code packs card counts into 7-bit lanes.
MAX_CARDS_OF_A_KIND = 127

P_DIG, P_STEAL, P_STOLEN, P_STORM, P_ACTION, P_OVER = range(6)
PHASE_NAMES = ("dig", "steal", "stolen", "sandstorm", "action", "over")


class Rules:
    """The card tables of one game at one table size (shared by every state of it, never
    copied): trade and sell values, card counts (treasures, thieves, sandstorms), the
    chambers, the order gives go in, and every move as an interned value."""

    __slots__ = ("data", "players", "trade", "sell", "max_set", "counts", "chamber_sizes",
                 "chamber_maps", "give_order", "give_pos", "chamber_index", "take_moves",
                 "give_moves", "discard_moves", "sell_moves", "explore_moves", "steal_moves",
                 "dig_moves", "stolen_moves")

    def __init__(self, data, players: int):
        self.data = data
        self.players = players
        treasures = [data.treasures[key] for key in CARD_NAMES[:TREASURES]]
        self.trade = tuple(t.trade for t in treasures)
        self.sell = tuple(tuple(t.sell) for t in treasures)
        self.max_set = tuple(t.max_set for t in treasures)
        self.counts = tuple(t.count for t in treasures) + (
            data.thief_cards, data.sandstorms_for(players))
        for card, count in enumerate(self.counts):
            if count > MAX_CARDS_OF_A_KIND:
                raise InvalidDataError(f"{data.source}: {CARD_NAMES[card]}: {count} cards; "
                                       f"at most {MAX_CARDS_OF_A_KIND} of a kind are supported")
        self.chamber_sizes = tuple(c.size for c in data.pyramid)
        self.chamber_maps = tuple(c.maps for c in data.pyramid)
        self.chamber_index = {size: i for i, size in enumerate(self.chamber_sizes)}
        self.give_order = tuple(sorted(range(TREASURES), key=lambda c: (-self.trade[c], c)))
        pos = [0] * TREASURES
        for i, c in enumerate(self.give_order):
            pos[c] = i
        self.give_pos = tuple(pos)
        self.take_moves = tuple(move(TAKE, c) for c in range(TREASURES))
        self.give_moves = tuple(move(GIVE, c) for c in range(TREASURES))
        self.discard_moves = tuple(move(DISCARD, c) for c in range(TREASURES))
        self.dig_moves = tuple(move(DIG, c) for c in range(CARDS))
        self.stolen_moves = tuple(move(STOLEN, c) for c in range(TREASURES))
        self.sell_moves = tuple(tuple(move(SELL, c, n) for n in range(1, self.max_set[c] + 1))
                                for c in range(TREASURES))
        self.explore_moves = tuple(move(EXPLORE, size) for size in self.chamber_sizes)
        self.steal_moves = tuple(move(STEAL, s) for s in range(players))

    @property
    def thieves(self) -> int:
        """Thief cards in the dig site at the start."""
        return self.counts[THIEF]

    @property
    def sandstorms(self) -> int:
        """Sandstorm cards in the dig site at the start."""
        return self.counts[SANDSTORM]


_RULES: dict[tuple[int, int], Rules] = {}


def rules_for(data, players: int) -> Rules:
    """The (cached) ``Rules`` of ``data`` at a table of ``players``."""
    key = (id(data), players)
    found = _RULES.get(key)
    if found is None or found.data is not data:
        found = _RULES[key] = Rules(data, players)
    return found
