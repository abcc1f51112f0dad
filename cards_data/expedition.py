"""Archaeology: The New Expedition — treasures, thieves, sandstorms, tents and monuments.

>>> from cards_data import load
>>> data = load("expedition")
>>> data.treasures["talisman"].sell_value(4), data.thieves_for(3, long_expedition=True)
(32, 7)
>>> [t.key for t in data.treasures_for(4)][-1]
'broken_tablet'
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar, Mapping

from ._schema import Node, engine_players, frozen_map
from .treasures import (Chamber, Treasure, check_deal, read_chambers, read_table_setup,
                        read_treasures)

__all__ = ["ExpeditionData", "LongExpedition", "Monument", "SPECIALS", "TREASURE_KEYS",
           "parse"]

TREASURE_KEYS = ("pot_shard", "parchment_scrap", "coin", "broken_cup", "talisman", "map",
                 "pharaohs_mask", "broken_tablet", "broken_pendant")

#: Monument rule keyword → the integer parameters it needs. Meanings (rulebook pp. 10–11):
#: ``none``: take the whole chamber, once (Great Pyramid); ``peek_on_sell``: after selling,
#: look at one chamber (Temple); ``keep``: look at a chamber, keep ``keep`` cards, return
#: the rest (Tomb); ``bust``: draw one by one, stop any time, lose all if the drawn trade
#: value exceeds ``bust_over`` (Mine); ``name_types``: name ``names`` treasure types, draw
#: ``draw`` and keep the matches (Sphinx); ``refill_on_sandstorm``: chambers are face up,
#: each sandstorm adds one card to each from a face-down pile of ``reserve`` (Buried Ruins).
SPECIALS: Mapping[str, tuple[str, ...]] = frozen_map({
    "none": (),
    "peek_on_sell": (),
    "keep": ("keep",),
    "bust": ("bust_over",),
    "name_types": ("names", "draw"),
    "refill_on_sandstorm": ("reserve",),
})


@dataclass(frozen=True, slots=True)
class Monument:
    """A monument tile: its chambers (size, price in maps), its rule keyword and parameters."""

    key: str
    name: str
    chambers: tuple[Chamber, ...]
    special: str  # a key of SPECIALS
    params: Mapping[str, int] = field(default_factory=dict, compare=False)
    provenance: str = field(default="rules", compare=False)

    @property
    def setup_cards(self) -> int:
        """Treasure cards set aside for this monument at setup (chambers and reserve)."""
        return sum(c.size for c in self.chambers) + self.params.get("reserve", 0)


@dataclass(frozen=True, slots=True)
class LongExpedition:
    """The Long Expedition variant: at these player counts, add these treasures and thieves.
    ``players`` holds those of the file's tables (none for a file seating 4 to 5)."""

    players: tuple[int, ...]
    add_treasures: tuple[str, ...]
    extra_thieves: int


@dataclass(frozen=True, slots=True)
class ExpeditionData:
    """Everything printed on the cards and tiles of The New Expedition.

    ``treasures`` maps key → Treasure (``min_players`` marks tablets and pendants);
    ``thieves_by_players`` / ``sandstorms_by_players`` map a player count to the cards used.
    """

    game: ClassVar[str] = "expedition"

    treasures: Mapping[str, Treasure]
    players_min: int
    players_max: int
    hand_size: int
    marketplace_size: int
    thief_cards: int
    sandstorm_cards: int
    tents: int
    thieves_by_players: Mapping[int, int]
    sandstorms_by_players: Mapping[int, int]
    long_expedition: LongExpedition
    monuments: tuple[Monument, ...]
    edition: str
    provenance: Mapping[str, str]
    source: str

    def treasures_for(self, players: int, *, long_expedition: bool = False
                      ) -> tuple[Treasure, ...]:
        """Treasure types in the game at this player count."""
        extra = self.long_expedition.add_treasures if self._long(players, long_expedition) else ()
        return tuple(t for t in self.treasures.values()
                     if players >= t.min_players or t.key in extra)

    def thieves_for(self, players: int, *, long_expedition: bool = False) -> int:
        bonus = self.long_expedition.extra_thieves if self._long(players, long_expedition) else 0
        return self.thieves_by_players[players] + bonus

    def sandstorms_for(self, players: int) -> int:
        return self.sandstorms_by_players[players]

    def monument(self, key: str) -> Monument:
        for monument in self.monuments:
            if monument.key == key:
                return monument
        raise KeyError(key)

    def _long(self, players: int, long_expedition: bool) -> bool:
        if long_expedition and players not in self.long_expedition.players:
            raise ValueError(f"the Long Expedition is for {self.long_expedition.players} players")
        return long_expedition


def _monument(node: Node) -> Monument:
    key = node.text("key")
    name = node.name()
    chambers = read_chambers(node, "chambers")
    special = node.text("special", choices=tuple(SPECIALS))
    params = (node.int_table("params", keys=SPECIALS[special], lo=1)
              if SPECIALS[special] or node.has("params") else {})
    provenance = node.provenance("monuments")
    node.done()
    return Monument(key, name, chambers, special, frozen_map(params), provenance)


def parse(doc: Node, edition: str) -> ExpeditionData:
    setup = doc.table("setup")
    common = read_table_setup(setup, "expedition")
    players_min, players_max, players = common.players_min, common.players_max, common.players
    hand, marketplace = common.hand, common.marketplace
    thief_cards, sandstorm_cards = common.thief_cards, common.sandstorm_cards
    tents = setup.integer("tent_cards", lo=players_max)
    setup.done()
    known = engine_players("expedition")  # (the counts a table by player count may name)

    by_players = {}
    for key, total in (("thieves", thief_cards), ("sandstorms", sandstorm_cards)):
        node = doc.table(key)
        node.provenance(f"{key}_by_players")
        by_players[key] = node.player_table("by_players", players, known=known,
                                            complete=True, hi=total)
        node.done()

    treasures = read_treasures(doc, TREASURE_KEYS, known)

    long_node = doc.table("long_expedition")
    long_node.provenance("long_expedition")
    # (the rulebook's 2 and 3: a file narrowed to other tables keeps those the file seats,
    # none when it seats neither, and the variant is then refused at every table)
    long_players = tuple(p for p in long_node.integers("players", lo=known[0], hi=known[-1],
                                                       min_length=1) if p in players)
    add = long_node.texts("add_treasures", choices=TREASURE_KEYS)
    extra = long_node.integer("extra_thieves")
    for p in long_players:
        if by_players["thieves"][p] + extra > thief_cards:
            long_node.fail(f"{p} players would need {by_players['thieves'][p] + extra} of "
                           f"{thief_cards} thief cards", "extra_thieves")
    long_node.done()

    monument_nodes = doc.tables("monuments")
    monuments = tuple(_monument(node) for node in monument_nodes)
    doc.unique(monument_nodes, "key", [m.key for m in monuments])
    for node, monument in zip(monument_nodes, monuments):
        for p in players:  # (tablets and pendants join at larger tables)
            check_deal(doc, node.path, tuple(treasures.values()), p, hand, marketplace,
                       monument.setup_cards)
        # the Sphinx names this many of the types a chamber can hold (every one but the
        # map) at the fewest players: more leaves no name to say
        names = monument.params.get("names")
        nameable = sum(1 for t in treasures.values()
                       if t.key != "map" and players_min >= t.min_players)
        if names is not None and names > nameable:
            node.fail(f"names {names} treasure types, but a chamber holds only {nameable} "
                      f"types at {players_min} players", "params.names")
    doc.done()
    return ExpeditionData(
        treasures=treasures, players_min=players_min, players_max=players_max, hand_size=hand,
        marketplace_size=marketplace, thief_cards=thief_cards, sandstorm_cards=sandstorm_cards,
        tents=tents, thieves_by_players=frozen_map(by_players["thieves"]),
        sandstorms_by_players=frozen_map(by_players["sandstorms"]),
        long_expedition=LongExpedition(long_players, add, extra), monuments=monuments,
        edition=edition, provenance=frozen_map(doc.summary), source=doc.source,
    )
