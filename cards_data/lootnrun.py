"""Loot N Run — the 54 room cards and the game constants.

>>> from cards_data import load
>>> data = load("lootnrun")
>>> len(data.rooms), data.target_for(6), data.backs["red"]
(54, 30, 12)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Mapping

from ._schema import LABELS, MAX_DECK, Node, engine_players, frozen_map, read_players

__all__ = ["LootNRunData", "RoomCard", "TOPS", "GUARDIANS", "parse"]

#: What the top of a room card shows.
TOPS = ("empty", "amulet", "guardian")
#: The guardian kinds of the rulebook, in the order their benefits resolve; the engine
#: plays each one's benefit (``games.lootnrun.state``), so no other kind may be named.
GUARDIANS = ("mummy", "werewolf", "frank")


@dataclass(frozen=True, slots=True)
class RoomCard:
    """One room: its back colour, its top (``TOPS``), the guardian kind when the top is a
    guardian (else ``None``) and its 1–3 treasure symbols (treasure type keys)."""

    id: int
    back: str
    top: str
    guardian: str | None
    treasures: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class LootNRunData:
    """The room deck and the rules constants.

    ``backs`` maps back colour → number of rooms, ``guardians`` back colour → guardian
    rooms, both in the file's order (most dangerous first); ``treasure_types`` lists the
    symbol keys; ``target_by_players`` overrides ``target`` at some player counts.
    """

    game: ClassVar[str] = "lootnrun"

    rooms: tuple[RoomCard, ...]
    treasure_types: tuple[str, ...]
    guardian_kinds: tuple[str, ...]
    backs: Mapping[str, int]
    guardians: Mapping[str, int]
    players_min: int
    players_max: int
    target: int
    target_by_players: Mapping[int, int]
    decks: int
    edition: str
    provenance: Mapping[str, str]
    source: str

    def target_for(self, players: int) -> int:
        """Points that end the game with ``players`` players."""
        return self.target_by_players.get(players, self.target)


def _room(node: Node, backs: tuple[str, ...], kinds: tuple[str, ...],
          types: tuple[str, ...]) -> RoomCard:
    room_id = node.integer("id", lo=1)
    back = node.text("back", choices=backs)
    top = node.text("top", choices=TOPS)
    guardian = None
    if top == "guardian":
        guardian = node.text("guardian", choices=kinds)
    elif node.has("guardian"):
        node.fail(f"only a guardian room names a guardian (top is {top!r})", "guardian")
    treasures = node.texts("treasures", choices=types, min_length=1)
    if len(treasures) > 3:
        node.fail(f"a room shows 1 to 3 treasure symbols, not {len(treasures)}", "treasures")
    node.provenance("rooms")
    node.done()
    return RoomCard(room_id, back, top, guardian, treasures)


def parse(doc: Node, edition: str) -> LootNRunData:
    setup = doc.table("setup")
    setup.provenance("setup")
    players_min, players_max = read_players(setup, "lootnrun")
    target = setup.integer("target", lo=1)
    target_by_players = setup.player_table("target_by_players",
                                           range(players_min, players_max + 1),
                                           known=engine_players("lootnrun"), complete=False,
                                           lo=1)
    # the rooms are always split into two decks (the rule sheet; the engine plays two)
    decks = setup.integer("decks", lo=2, hi=2)
    backs = setup.int_table("backs", lo=1)
    if sum(backs.values()) > MAX_DECK:
        setup.fail(f"{sum(backs.values())} rooms, more than {MAX_DECK}", "backs")
    guardians = setup.int_table("guardians", keys=tuple(backs))
    for colour, count in guardians.items():
        if count > backs[colour]:
            setup.fail(f"{count} guardians but only {backs[colour]} {colour} rooms",
                       f"guardians.{colour}")
    kinds = setup.texts("guardian_kinds", min_length=1, choices=GUARDIANS)
    if len(set(kinds)) != len(kinds):
        setup.fail("a guardian kind is named twice", "guardian_kinds")
    setup.done()

    # treasure types map their key to the provenance of that name (cups and chests are
    # community knowledge, the other names are ours)
    type_labels = doc.text_table("treasure_types", choices=LABELS)
    for label in type_labels.values():
        doc.record("treasure_types", label)
    types = tuple(type_labels)

    nodes = doc.tables("rooms")
    rooms = tuple(_room(node, tuple(backs), kinds, types) for node in nodes)
    doc.unique(nodes, "id", [room.id for room in rooms])
    if len(rooms) != sum(backs.values()):
        doc.fail(f"{len(rooms)} rooms, but the backs add up to {sum(backs.values())}", "rooms")
    for colour in backs:
        of_colour = [room for room in rooms if room.back == colour]
        guarded = sum(room.top == "guardian" for room in of_colour)
        if len(of_colour) != backs[colour]:
            doc.fail(f"{len(of_colour)} {colour} rooms, expected {backs[colour]}", "rooms")
        if guarded != guardians[colour]:
            doc.fail(f"{guarded} {colour} guardian rooms, expected {guardians[colour]}", "rooms")
    # A target must be reachable: at most what every room would score in one run (each
    # symbol 1 point, doubled). Points come back only through the reshuffled discards, so
    # a larger target makes a game that (almost) never ends.
    reachable = 2 * sum(len(room.treasures) for room in rooms)
    for key, value in [("target", target)] + [(f"target_by_players.{p}", t)
                                              for p, t in target_by_players.items()]:
        if value > reachable:
            setup.fail(f"{value} points cannot be reached: all {len(rooms)} rooms together "
                       f"score at most {reachable}", key)
    doc.done()
    return LootNRunData(
        rooms=tuple(sorted(rooms, key=lambda room: room.id)), treasure_types=types,
        guardian_kinds=kinds, backs=frozen_map(backs), guardians=frozen_map(guardians),
        players_min=players_min, players_max=players_max, target=target,
        target_by_players=frozen_map(target_by_players), decks=decks, edition=edition,
        provenance=frozen_map(doc.summary), source=doc.source,
    )
