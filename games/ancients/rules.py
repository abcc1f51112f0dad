"""The card tables of Tomb of the Ancients (patterns pre-placed as bitboards) and the pure
rule of a find.

``rules_for(data)`` turns ``cards_data.AncientsData`` into ``Rules``: ``MapInfo`` values,
each with every distinct placement of its pattern (rotations only, never mirrors: the
rulebook lets a map be turned, "but you may not flip it for its mirror image"), and the
rules constants the engine needs.

Decision: the cards print a single number, used both as the point value and as the dollar
value an artifact sells for ("sell one of the artifacts in your hand for its marked dollar
value"); the bundled data has no separate price, so ``MapInfo.value == MapInfo.points``.
"""

from __future__ import annotations

from dataclasses import dataclass
from cards_data.ancients import AncientsData
from grids import BLACK, WHITE, ColouredPattern, Placement, cell_name

from ..protocol import derived
from .moves import Draw

__all__ = ["MapInfo", "Rules", "rules_for", "find_result"]


@dataclass(frozen=True)
class MapInfo:
    """One map card with its placements. ``token`` is ``"B"`` or ``"W"``."""

    id: int
    name: str
    points: int
    value: int
    space: int
    token: str
    pattern: ColouredPattern
    placements: tuple[Placement, ...]

    @property
    def space_name(self) -> str:
        return cell_name(self.space)

    def placement(self, rotation: int, anchor: int) -> Placement | None:
        """The placement turned ``rotation`` quarter-turns clockwise with top-left ``anchor``."""
        for p in self.placements:
            if p.rotation == rotation and p.anchor == anchor:
                return p
        return None


@dataclass(frozen=True)
class Rules:
    """The card data of a game (``data``, a ``cards_data.AncientsData``: shops, pack limit,
    starting money and sand, ...), its maps by id, placed (``maps``), and the chance move
    drawing each map (``draws``, made once: refills are frequent)."""

    data: AncientsData
    maps: dict[int, MapInfo]  # by id
    draws: dict[int, Draw]  # by id

    @classmethod
    def build(cls, data: AncientsData) -> "Rules":
        maps = {}
        for card in data.maps:
            pattern = ColouredPattern(frozenset(card.cells))
            token = BLACK if str(card.token).lower() in ("black", "b") else WHITE
            maps[int(card.id)] = MapInfo(int(card.id), card.name, int(card.points),
                                         int(card.points), int(card.space), token, pattern,
                                         pattern.placements())
        return cls(data, maps, {map_id: Draw(map_id) for map_id in maps})

    def removed_for(self, players: int) -> int:
        """Cards removed at setup; solo mode uses the 2-player deck."""
        return self.data.removed_by_players[max(players, self.data.players_min)]


def rules_for(data: AncientsData) -> Rules:
    """The (shared) ``Rules`` of an ``AncientsData``."""
    return derived(data, Rules.build)


def find_result(occupied: int, black: int, placement: Placement) -> tuple[int, int]:
    """Board after a find at ``placement``: every pattern cell holds a token flipped from the
    pattern's colour (so black where the pattern is white), whatever was there before."""
    mask = placement.mask
    return occupied | mask, (black & ~mask) | (mask & ~placement.black)
