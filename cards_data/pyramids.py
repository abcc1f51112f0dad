"""Silver & Gold: Pyramids — the 48 pyramid cards, the expedition deck and the score card.

A pyramid card's ``grid`` is 5 strings of 5 characters, top row first (cell index
``row * 5 + col`` as in ``grids.cells``)::

    #  wall (never crossed)    .  plain box            E  entrance (one, top row)
    T  golden tomb (one, bottom row)                    r  red gem     g  green gem
    t  torch    s  skull    p  potion    x  red cross

Cell sets are 25-bit masks (bit ``index`` set).

>>> from cards_data import load
>>> card = load("pyramids").card(1)
>>> card.entrance, card.tomb, len(card.grid)
(0, 24, 5)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar, Mapping

from grids.cells import ALL_MASK, SIZE, distances
from grids.polyomino import SHAPES

from ._schema import MAX_DECK, Node, frozen_map, read_players

__all__ = ["ICONS", "GRID_CHARS", "PyramidCard", "PyramidsData", "parse"]

#: Icon character → icon name (the keys of ``PyramidCard.icons``).
ICONS: Mapping[str, str] = frozen_map({
    "r": "red_gem", "g": "green_gem", "t": "torch", "s": "skull", "p": "potion",
    "x": "red_cross",
})
GRID_CHARS = "#.ET" + "".join(ICONS)


@dataclass(frozen=True, slots=True)
class PyramidCard:
    """One pyramid card. ``walls``, ``entrance``, ``tomb`` and ``icons`` (icon name → mask)
    are derived from ``grid`` when the card is made."""

    order: int
    colour: str
    grid: tuple[str, ...]
    walls: int = field(init=False, compare=False, repr=False)
    entrance: int = field(init=False, compare=False, repr=False)
    tomb: int = field(init=False, compare=False, repr=False)
    icons: Mapping[str, int] = field(init=False, compare=False, repr=False)
    #: ``shortest_path``'s answer once asked (0: not yet; the policy asks at every take)
    _shortest: int = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        text = "".join(self.grid)
        masks = {char: sum(1 << i for i, c in enumerate(text) if c == char) for char in GRID_CHARS}
        object.__setattr__(self, "walls", masks["#"])
        object.__setattr__(self, "entrance", text.find("E"))
        object.__setattr__(self, "tomb", text.find("T"))
        object.__setattr__(self, "icons", frozen_map((ICONS[c], masks[c]) for c in ICONS))
        object.__setattr__(self, "_shortest", 0)

    @property
    def open(self) -> int:
        """Every cell that may be crossed off."""
        return ALL_MASK & ~self.walls

    def shortest_path(self) -> int:
        """Boxes on a shortest entrance→tomb path, both ends included."""
        if not self._shortest:
            object.__setattr__(self, "_shortest",
                               distances(self.open, self.entrance)[self.tomb] + 1)
        return self._shortest


@dataclass(frozen=True, slots=True)
class PyramidsData:
    """Pyramid cards (sorted by order), expedition deck (``grids.polyomino.SHAPES`` names,
    one entry per card) and score card. ``skull_penalties[k]`` is the penalty, a positive
    number of points subtracted, of the (k+1)-th skull box; only the worst crossed counts.
    ``pyramid_points`` go to the 1st/2nd/3rd player to complete ``pyramid_milestones``
    (2nd, 4th, 6th) cards of a colour.
    """

    game: ClassVar[str] = "pyramids"

    cards: tuple[PyramidCard, ...]
    colours: tuple[str, ...]
    cards_per_colour: int
    players_min: int
    players_max: int
    rounds: int
    expeditions_per_round: int
    deal: int
    keep: int
    display: int
    expedition_deck: tuple[str, ...]
    gems_per_colour: int
    gem_pair_points: int
    single_gem_points: int
    torches: int
    torch_points: int
    pyramid_points: tuple[int, ...]
    pyramid_milestones: tuple[int, ...]
    card_points: int
    skull_penalties: tuple[int, ...]
    edition: str
    provenance: Mapping[str, str]
    source: str

    def card(self, order: int) -> PyramidCard:
        """The card with this order number."""
        return self.cards[order - 1]


def _check_grid(node: Node) -> tuple[str, ...]:
    grid = node.texts("grid", length=SIZE)
    where = node.where("grid")
    for row, line in enumerate(grid):
        if len(line) != SIZE:
            node.fail_at(f"{where}[{row}]", f"a row has {SIZE} boxes, not {len(line)}: {line!r}")
        for char in line:
            if char not in GRID_CHARS:
                node.fail_at(f"{where}[{row}]", f"unknown box {char!r} (known: {GRID_CHARS})")
    text = "".join(grid)
    for char, name, row in (("E", "entrance", 0), ("T", "tomb", SIZE - 1)):
        count = text.count(char)
        if count != 1:
            node.fail_at(where, f"needs exactly one {name} {char!r}, found {count}")
        if text.index(char) // SIZE != row:
            node.fail_at(where, f"the {name} must be on the {'top' if row == 0 else 'bottom'} row")
    open_mask = sum(1 << i for i, c in enumerate(text) if c != "#")
    if text.index("T") not in distances(open_mask, text.index("E")):
        node.fail_at(where, "the tomb cannot be reached from the entrance")
    return grid


def _card(node: Node, colours: tuple[str, ...], total: int) -> PyramidCard:
    order = node.integer("order", lo=1, hi=total)
    colour = node.text("colour", choices=colours)
    grid = _check_grid(node)
    node.provenance("cards")
    node.done()
    return PyramidCard(order, colour, grid)


def parse(doc: Node, edition: str) -> PyramidsData:
    rules = doc.table("rules")
    rules.provenance("rules")
    players_min, players_max = read_players(rules, "pyramids")
    colours = rules.texts("colours", min_length=1)
    per_colour = rules.integer("cards_per_colour", lo=1, hi=MAX_DECK // len(colours))
    total = len(colours) * per_colour
    rounds = rules.integer("rounds", lo=1)
    per_round = rules.integer("expeditions_per_round", lo=1)
    # every seat at the largest table is dealt its cards from the one deck
    deal = rules.integer("deal", lo=1, hi=total // players_max)
    # a player always has two cards in front (the rulebook's two slots, which the engine
    # and the solvers are built on)
    keep = rules.integer("keep", lo=2, hi=2)
    if deal < keep:
        rules.fail(f"{deal} cards dealt, but each player keeps {keep}", "deal")
    display = rules.integer("display", hi=total - players_max * keep)
    rules.done()

    score = doc.table("score")
    score.provenance("score")
    gems = score.integer("gems_per_colour")
    pair = score.integer("gem_pair_points")
    single = score.integer("single_gem_points")
    torches = score.integer("torches")
    torch_points = score.integer("torch_points")
    pyramid_points = score.integers("pyramid_points", min_length=1)
    # a milestone is the n-th completed card of a colour: it must be reachable
    milestones = score.integers("pyramid_milestones", lo=1, hi=per_colour,
                                length=len(pyramid_points))
    card_points = score.integer("card_points")
    if rounds > torches:  # the score card has one torch box per round
        score.fail(f"{torches} torch boxes, but the game has {rounds} rounds (one torch box "
                   "per round)", "torches")
    score.done()

    skulls = doc.table("skulls")
    skulls.provenance("skull_penalties")
    penalties = skulls.integers("penalties", length=10)
    for i in range(1, len(penalties)):
        if penalties[i] < penalties[i - 1]:
            skulls.fail(f"penalties grow along the score card ({penalties[i - 1]} then "
                        f"{penalties[i]})", f"penalties[{i}]")
    skulls.done()

    expedition = doc.table("expedition")
    expedition.provenance("expedition_deck")
    deck = expedition.texts("deck", choices=tuple(SHAPES), min_length=per_round + 1)
    if len(deck) > MAX_DECK:
        expedition.fail(f"{len(deck)} expedition cards, more than {MAX_DECK}", "deck")
    expedition.done()
    nodes = doc.tables("cards")
    if len(nodes) > total:
        nodes[total].fail(f"more than {total} pyramid cards")
    cards = [_card(node, colours, total) for node in nodes]
    doc.unique(nodes, "order", [card.order for card in cards])
    if len(cards) < total:
        doc.fail(f"{len(cards)} pyramid cards, expected {total}", "cards")
    for colour in colours:
        count = sum(card.colour == colour for card in cards)
        if count != per_colour:
            doc.fail(f"{count} {colour} cards, expected {per_colour}", "cards")
    doc.done()
    return PyramidsData(
        cards=tuple(sorted(cards, key=lambda card: card.order)), colours=colours,
        cards_per_colour=per_colour, players_min=players_min, players_max=players_max,
        rounds=rounds, expeditions_per_round=per_round, deal=deal, keep=keep, display=display,
        expedition_deck=deck, gems_per_colour=gems, gem_pair_points=pair,
        single_gem_points=single, torches=torches, torch_points=torch_points,
        pyramid_points=pyramid_points, pyramid_milestones=milestones, card_points=card_points,
        skull_penalties=penalties, edition=edition, provenance=frozen_map(doc.summary),
        source=doc.source,
    )
