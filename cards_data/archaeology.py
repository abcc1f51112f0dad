"""Archaeology: The Card Game (2007) — treasures, thieves, sandstorms and the pyramid.

>>> from cards_data import load
>>> data = load("archaeology")
>>> data.treasures["talisman"].sell_value(4), data.sandstorms_for(4)
(24, 4)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Mapping

from ._schema import Node, engine_players, frozen_map
from .treasures import (Chamber, Treasure, check_deal, read_chambers, read_table_setup,
                        read_treasures)

__all__ = ["ArchaeologyData", "TREASURE_KEYS", "parse"]

TREASURE_KEYS = ("pot_shard", "parchment_scrap", "coin", "talisman", "broken_cup",
                 "pharaohs_mask", "map")


@dataclass(frozen=True, slots=True)
class ArchaeologyData:
    """Everything printed on the cards of the 2007 game.

    ``treasures`` maps key → :class:`~cards_data.treasures.Treasure` in the order of
    ``TREASURE_KEYS``; ``pyramid`` lists its chambers (size and price in maps);
    ``sandstorms_removed`` maps a player count to sandstorm cards returned to the box.
    """

    game: ClassVar[str] = "archaeology"

    treasures: Mapping[str, Treasure]
    players_min: int
    players_max: int
    hand_size: int
    marketplace_size: int
    thief_cards: int
    sandstorm_cards: int
    sandstorms_removed: Mapping[int, int]
    pyramid: tuple[Chamber, ...]
    edition: str
    provenance: Mapping[str, str]
    source: str

    def sandstorms_for(self, players: int) -> int:
        """Sandstorm cards shuffled into the dig site with ``players`` players."""
        return self.sandstorm_cards - self.sandstorms_removed.get(players, 0)


def parse(doc: Node, edition: str) -> ArchaeologyData:
    setup = doc.table("setup")
    common = read_table_setup(setup, "archaeology")
    players_min, players_max, players = common.players_min, common.players_max, common.players
    hand, marketplace = common.hand, common.marketplace
    thieves, sandstorms = common.thief_cards, common.sandstorm_cards
    removed = setup.player_table("sandstorms_removed", players,
                                 known=engine_players("archaeology"), complete=False,
                                 hi=sandstorms)
    setup.done()

    pyramid_node = doc.table("pyramid")
    pyramid_node.provenance("pyramid")
    pyramid = read_chambers(pyramid_node, "chambers")
    for i, chamber in enumerate(pyramid):  # (`explore 5` names a chamber by its size)
        if chamber.size in [c.size for c in pyramid[:i]]:
            pyramid_node.fail(f"two chambers of size {chamber.size}: the 2007 game names a "
                              f"chamber by its size (explore {chamber.size})",
                              f"chambers[{i}].size")
    pyramid_node.done()

    treasures = read_treasures(doc, TREASURE_KEYS, None)
    for i, chamber in enumerate(pyramid):
        if chamber.maps > treasures["map"].count:
            pyramid_node.fail(f"costs {chamber.maps} maps but the game has "
                              f"{treasures['map'].count}", f"chambers[{i}].maps")
    check_deal(doc, "treasures", tuple(treasures.values()), players_max, hand, marketplace,
               sum(c.size for c in pyramid))
    doc.done()
    return ArchaeologyData(
        treasures=treasures, players_min=players_min, players_max=players_max,
        hand_size=hand, marketplace_size=marketplace, thief_cards=thieves,
        sandstorm_cards=sandstorms, sandstorms_removed=frozen_map(removed), pyramid=pyramid,
        edition=edition, provenance=frozen_map(doc.summary), source=doc.source,
    )
