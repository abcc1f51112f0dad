"""Treasure cards and chambers, shared by the two Archaeology games.

A treasure file section looks like::

    [treasures.talisman]
    name = "talisman"
    count = 8                 # cards of this type in the box
    trade = 3                 # trading value at the marketplace
    sell = [3, 7, 14, 24, 40] # sell[n-1] = museum price of a set of exactly n cards
    provenance = { count = "rules", trade = "rules", sell = "community" }
    note = "..."              # optional
    min_players = 4           # optional, the New Expedition only: only in the game with at
                              # least this many players (the 2007 game deals every treasure)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Mapping, Sequence

from ._schema import MAX_DECK, Node, frozen_map, read_players

__all__ = ["Chamber", "Treasure", "TableSetup", "read_table_setup", "read_chambers",
           "read_treasures", "check_deal"]

#: Field groups of a treasure that carry their own provenance label.
TREASURE_GROUPS = ("count", "trade", "sell")


@dataclass(frozen=True, slots=True)
class Chamber:
    """A pile of ``size`` face-down treasure cards, explored by discarding ``maps`` maps."""

    size: int
    maps: int


@dataclass(frozen=True, slots=True)
class Treasure:
    """One treasure type as printed on its cards.

    ``sell[n - 1]`` is the museum price of a set of exactly ``n`` cards and ``len(sell)``
    the largest set that may be sold at once.

    >>> Treasure("coin", "coin", 14, 2, (2, 5, 10, 18, 30)).sell_value(5)
    30
    """

    key: str
    name: str
    count: int
    trade: int
    sell: tuple[int, ...]
    #: in the game only with at least this many players (0: always)
    min_players: int = 0
    #: label per field group: ``count``, ``trade``, ``sell``
    provenance: Mapping[str, str] = field(default_factory=dict, compare=False)
    note: str = field(default="", compare=False)

    @property
    def max_set(self) -> int:
        """Largest set of this treasure that can be sold at once."""
        return len(self.sell)

    def sell_value(self, n: int) -> int:
        """Museum price of a set of exactly ``n`` cards (``ValueError`` outside 1..max_set)."""
        if not 1 <= n <= len(self.sell):
            raise ValueError(f"a set of {n} {self.name} cards cannot be sold "
                             f"(1 to {len(self.sell)})")
        return self.sell[n - 1]


@dataclass(frozen=True, slots=True)
class TableSetup:
    """The ``[setup]`` numbers both Archaeology editions share."""

    players_min: int
    players_max: int
    hand: int
    marketplace: int
    thief_cards: int
    sandstorm_cards: int

    @property
    def players(self) -> range:
        return range(self.players_min, self.players_max + 1)


def read_table_setup(setup: Node, game: str) -> TableSetup:
    """Read the shared ``[setup]`` keys of ``game``'s file (the caller reads its own
    extras, then ``done()``)."""
    setup.provenance("setup")
    players_min, players_max = read_players(setup, game)
    return TableSetup(players_min, players_max, setup.integer("hand", lo=1),
                      setup.integer("marketplace"), setup.integer("thief_cards", hi=MAX_DECK),
                      setup.integer("sandstorm_cards", hi=MAX_DECK))


def read_chambers(node: Node, key: str) -> tuple[Chamber, ...]:
    """An array of ``{ size = N, maps = M }`` tables."""
    chambers = []
    for entry in node.tables(key):
        chambers.append(Chamber(entry.integer("size", lo=1), entry.integer("maps", lo=1)))
        entry.done()
    return tuple(chambers)


def read_treasures(doc: Node, expected: Sequence[str],
                   known: range | None) -> Mapping[str, Treasure]:
    """The ``[treasures.*]`` tables: exactly the ``expected`` keys, each fully checked;
    a ``min_players`` is at most the largest count of ``known`` (the New Expedition: the
    tables its engine seats, so that one above a file's ``players_max`` is a card dealt
    at none of its tables but in a variant, the Long Expedition). ``known`` ``None``: the
    game has no treasure left out by table size (the 2007 game: its rulebook deals every
    treasure at every table, and its engine reads no ``min_players``), and a
    ``min_players`` is refused, not read and ignored."""
    entries = doc.children("treasures")
    names = [name for name, _ in entries]
    for name in names:
        if name not in expected:
            doc.fail(f"unknown treasure {name!r} (expected: {', '.join(expected)})", "treasures")
    for name in expected:
        if name not in names:
            doc.fail(f"missing treasure {name!r}", "treasures")
    out: dict[str, Treasure] = {}
    for key, node in entries:
        name = node.name()
        if name in [t.name for t in out.values()]:  # (the words name a card by its name)
            node.fail(f"the name {name!r} is another treasure's too", "name")
        count = node.integer("count", lo=1)
        trade = node.integer("trade", lo=1)  # every treasure card prints a value of 1 or more
        sell = node.integers("sell", min_length=1)
        # The rulebooks' sets "are worth money" (selling is how a treasure scores), and the
        # engine rests on it: a trade that gives more than needed is left out of its steps
        # because the spare card could be sold at once for $1 or more instead. A $0 price
        # would make such a trade (the spare cards dumped unsold, fewer cards sold for the
        # tie-break) a missing move.
        for i, price in enumerate(sell):
            if price == 0:
                node.fail("a set the museum pays $0 for: every selling price is $1 or more "
                          "(the rulebook's sets are worth money)", f"sell[{i}]")
        if len(sell) > count:
            node.fail(f"{len(sell)} prices but only {count} card{'' if count == 1 else 's'}: "
                      "no set can be that large", "sell")
        for i in range(1, len(sell)):
            if sell[i] < sell[i - 1]:
                node.fail(f"prices must not fall with set size ({sell[i - 1]} then {sell[i]})",
                          f"sell[{i}]")
        if known is None and node.has("min_players"):
            node.fail("the 2007 game has no treasure left out by table size (its rulebook "
                      "deals every treasure at every table; The New Expedition's tablets "
                      "and pendants have a min_players): remove it", "min_players")
        # (the 2007 game reads none: a completed file, ``data show --cards``, writes none)
        min_players = 0 if known is None else node.integer("min_players", hi=known[-1],
                                                           default=0)
        provenance = node.provenance("treasures", TREASURE_GROUPS)
        note = node.text("note", default="")
        node.done()
        out[key] = Treasure(key, name, count, trade, sell, min_players, provenance, note)
    return frozen_map((key, out[key]) for key in expected)


def check_deal(doc: Node, where: str, treasures: Sequence[Treasure], players: int, hand: int,
               marketplace: int, set_aside: int) -> None:
    """Fail unless the treasures in the game at ``players`` seats (their ``min_players``;
    maps excluded: they join the deck after the deal) can fill ``players`` hands, the
    marketplace and ``set_aside`` chamber cards, and the whole treasure deck fits a box
    (:data:`~cards_data._schema.MAX_DECK` cards)."""
    total = sum(t.count for t in treasures)
    if total > MAX_DECK:
        doc.fail_at(where, f"{total} treasure cards, more than the {MAX_DECK} a deck may hold")
    in_game = [t for t in treasures if players >= t.min_players]
    available = sum(t.count for t in in_game if t.key != "map")
    needed = players * hand + marketplace + set_aside
    if available < needed:
        which = "" if len(in_game) == len(treasures) else f" in the game at {players} players"
        doc.fail_at(where, f"{available} treasure cards{which} cannot deal {players} hands of "
                           f"{hand}, a marketplace of {marketplace} and {set_aside} chamber "
                           "cards")
