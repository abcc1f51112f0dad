"""Tomb of the Ancients — the map deck and the rules constants (beta 2.16).

A map card's ``pattern`` is rows of ``B`` (black token), ``W`` (white token) and ``.``
(not part of the pattern), fitting the 5×5 board; finds may rotate it, never mirror it.

>>> from cards_data import load
>>> data = load("ancients")
>>> len(data.maps), data.removed_by_players[2], data.maps[0].space_name
(50, 18, 'D1')
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar, Mapping

from grids.cells import SIZE, GridError, cell_name, parse_cell
from grids.polyomino import is_connected

from ._schema import MAX_DECK, Node, engine_players, frozen_map, read_players

__all__ = ["AncientsData", "MapCard", "TOKENS", "parse"]

TOKENS = ("black", "white")


@dataclass(frozen=True, slots=True)
class MapCard:
    """One map card. ``space`` is the board cell index (``grids.cells``) whose token the card
    adds, or removes when occupied, on entering the market; ``token`` its colour.
    ``cells`` (derived) lists the pattern as ``(row, col, "B"|"W")`` with offsets from the
    pattern's top-left, in reading order.
    """

    id: int
    name: str
    pattern: tuple[str, ...]
    points: int
    space: int
    token: str
    cells: tuple[tuple[int, int, str], ...] = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        found = [(r, c, ch) for r, row in enumerate(self.pattern) for c, ch in enumerate(row)
                 if ch != "."]
        top = min((r for r, _, _ in found), default=0)
        left = min((c for _, c, _ in found), default=0)
        object.__setattr__(self, "cells", tuple((r - top, c - left, ch) for r, c, ch in found))

    @property
    def size(self) -> int:
        return len(self.cells)

    @property
    def space_name(self) -> str:
        return cell_name(self.space)


@dataclass(frozen=True, slots=True)
class AncientsData:
    """Map deck (sorted by id) and rules constants. ``shops`` are the stall prices, dearest
    first; ``removed_by_players`` maps a player count to cards removed from the deck."""

    game: ClassVar[str] = "ancients"

    maps: tuple[MapCard, ...]
    deck_size: int
    shops: tuple[int, ...]
    removed_by_players: Mapping[int, int]
    start_money: int
    start_sand: int
    pack_limit: int
    players_min: int
    players_max: int
    edition: str
    provenance: Mapping[str, str]
    source: str


def _pattern(node: Node) -> tuple[str, ...]:
    rows = node.texts("pattern", min_length=1)
    where = node.where("pattern")
    if len(rows) > SIZE:
        node.fail_at(where, f"{len(rows)} rows do not fit the {SIZE}x{SIZE} board")
    for i, row in enumerate(rows):
        if len(row) > SIZE:
            node.fail_at(f"{where}[{i}]", f"{len(row)} columns do not fit the {SIZE}x{SIZE} board")
        if len(row) != len(rows[0]):
            node.fail_at(f"{where}[{i}]", "every row of a pattern has the same length")
        for char in row:
            if char not in "BW.":
                node.fail_at(f"{where}[{i}]", f"unknown mark {char!r} (B, W or .)")
    cells = [(r, c) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch != "."]
    if not cells:
        node.fail_at(where, "the pattern has no cells")
    if not is_connected(cells):
        node.fail_at(where, "the pattern is not orthogonally connected")
    return rows


def _map(node: Node, deck_size: int) -> MapCard:
    map_id = node.integer("id", lo=1, hi=deck_size)
    name = node.name()
    pattern = _pattern(node)
    points = node.integer("points")
    space_text = node.text("space")
    try:
        space = parse_cell(space_text)
    except GridError as error:
        node.fail(str(error), "space")
    token = node.text("token", choices=TOKENS)
    node.provenance("maps")
    node.done()
    return MapCard(map_id, name, pattern, points, space, token)


def parse(doc: Node, edition: str) -> AncientsData:
    rules = doc.table("rules")
    rules.provenance("rules")
    players_min, players_max = read_players(rules, "ancients")
    deck_size = rules.integer("deck_size", lo=1, hi=MAX_DECK)
    shops = rules.integers("shops", lo=1, min_length=1)
    for i in range(1, len(shops)):  # a move buys from a shop named by its price
        if shops[i] >= shops[i - 1]:
            rules.fail(f"shop prices are listed dearest first, each cheaper than the one "
                       f"before ({shops[i - 1]} then {shops[i]})", f"shops[{i}]")
    removed = rules.player_table("removed_by_players", range(players_min, players_max + 1),
                                 known=engine_players("ancients"), complete=True,
                                 hi=deck_size - len(shops) - 1)
    start_money = rules.integer("start_money")
    start_sand = rules.integer("start_sand")
    pack_limit = rules.integer("pack_limit", lo=1, hi=deck_size)
    rules.done()

    nodes = doc.tables("maps")
    if len(nodes) > deck_size:
        nodes[deck_size].fail(f"more than {deck_size} map cards")
    maps = [_map(node, deck_size) for node in nodes]
    doc.unique(nodes, "id", [card.id for card in maps])
    if len(maps) != deck_size:
        doc.fail(f"{len(maps)} map cards, expected {deck_size}", "maps")
    doc.done()
    return AncientsData(
        maps=tuple(sorted(maps, key=lambda card: card.id)), deck_size=deck_size, shops=shops,
        removed_by_players=frozen_map(removed), start_money=start_money, start_sand=start_sand,
        pack_limit=pack_limit, players_min=players_min, players_max=players_max,
        edition=edition, provenance=frozen_map(doc.summary), source=doc.source,
    )
