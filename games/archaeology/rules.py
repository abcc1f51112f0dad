"""The Archaeology engine: the derived card tables (``Rules``), the phases of a turn and the
engine's limits: pure data shared by the state, the hidden-information code and the
solvers of both editions.

``Rules`` holds everything that differs between the editions as data: the card ids (from
the card data's treasure order), the counts at this table, the chambers by position, and
the New Expedition's monument rule, tents, sandstorm order and variants
(``games.expedition.rules`` builds those; :func:`rules_for` builds the 2007 game's).

>>> import cards_data
>>> rules = rules_for(cards_data.load("archaeology"), 3)
>>> rules.counts[rules.sandstorm], rules.chamber_index[5], str(rules.explore_moves[2])
(5, 1, 'explore 7')
"""

from __future__ import annotations

from itertools import combinations
from typing import Final, Mapping, Sequence

from cards_data.archaeology import ArchaeologyData
from cards_data.errors import InvalidDataError
from cards_data.expedition import ExpeditionData, Monument
from games.protocol import derived

from .moves import (DIG, DISCARD, DRAW, END, EXPLORE, GIVE, LOOK, NAME, REFILL, REVEAL, SELL,
                    STEAL, STOLEN, STOP, TAKE, TENT, CardTable, Move, MoveBase)

__all__ = ["Rules", "rules_for", "MAX_TRADES_BETWEEN_EXPLORES", "MAX_CARDS_OF_A_KIND",
           "P_DIG", "P_STEAL", "P_STOLEN", "P_STORM", "P_ACTION", "P_OVER", "P_TENT",
           "P_REFILL", "P_LOOK", "P_KEEP", "P_REVEAL", "P_MINE", "P_NAME", "PHASE_NAMES",
           "DECISION_PHASES", "NONE", "TAKE_ALL", "PEEK_ON_SELL", "KEEP_SOME", "BUST",
           "NAME_TYPES", "REFILL_ON_SANDSTORM", "absent_words", "no_such_card"]

#: Trades allowed before a turn's first explore, and after each explore (see ``state``).
MAX_TRADES_BETWEEN_EXPLORES: Final = 1
#: The hidden-information code packs card counts into 7-bit lanes.
MAX_CARDS_OF_A_KIND = 127

P_DIG: Final = 0
P_STEAL: Final = 1
P_STOLEN: Final = 2
P_STORM: Final = 3
P_ACTION: Final = 4
P_OVER: Final = 5
P_TENT: Final = 6
P_REFILL: Final = 7
P_LOOK: Final = 8
P_KEEP: Final = 9
P_REVEAL: Final = 10
P_MINE: Final = 11
P_NAME: Final = 12
PHASE_NAMES = ("dig", "steal", "stolen", "sandstorm", "action", "over", "tent", "refill",
               "look", "keep", "reveal", "mine", "name")
#: Phases in which a seat decides (the others are chance, or the end).
DECISION_PHASES = frozenset({P_STEAL, P_STORM, P_ACTION, P_TENT, P_LOOK, P_KEEP, P_MINE,
                             P_NAME})

#: Explore rules (``Rules.special``), the monument keywords of ``cards_data.expedition``:
#: take a whole chamber once (the 2007 pyramid, the Great Pyramid); the same, and look at a
#: chamber after each sale (Temple); look at a chamber and keep some (Tomb); draw face up
#: until you stop or bust (Mine); name types, draw, keep the matches (Sphinx); face-up
#: chambers fed from a reserve at each sandstorm (Buried Ruins).
#: (``Final``, as the phases: compiled code then reads them as constants, not by a lookup
#: in the module at every use, e.g. the ``special`` test of every sale.)
NONE: Final = "none"
PEEK_ON_SELL: Final = "peek_on_sell"
KEEP_SOME: Final = "keep"
BUST: Final = "bust"
NAME_TYPES: Final = "name_types"
REFILL_ON_SANDSTORM: Final = "refill_on_sandstorm"
TAKE_ALL: Final = (NONE, PEEK_ON_SELL)


class Rules:
    """The card tables of one game at one table size (shared by every state of it, never
    copied): card ids, trade and sell values, card counts (treasures, thieves,
    sandstorms), the chambers by position (size, maps), the explore rule, tents and the
    sandstorm order, the order gives go in, and every move as an interned value.

    ``counts`` lists every card id; a treasure not in this game (the New Expedition's
    tablets and pendants at small tables) counts 0, and ``in_play`` lists the others."""

    __slots__ = ("data", "players", "cards", "move_type", "treasures", "map", "thief",
                 "sandstorm", "trade", "sell", "max_set", "counts", "in_play", "chamber_sizes",
                 "chamber_maps", "chamber_index", "give_order", "give_pos", "take_moves",
                 "give_moves", "discard_moves", "sell_moves", "explore_moves", "steal_moves",
                 "dig_moves", "stolen_moves", "game_id", "monument", "special", "params",
                 "explore_once", "storm_offset", "tents", "reserve_size", "variants",
                 "announce", "draw_rolls", "tent_moves", "look_moves", "reveal_moves",
                 "refill_moves", "name_moves", "draw_move", "stop_move", "chamber_cards",
                 "end_move")

    def __init__(self, data: ArchaeologyData | ExpeditionData, players: int, *, game_id: str,
                 cards: CardTable, move_type: type[MoveBase], counts: Sequence[int],
                 chambers: Sequence[tuple[int, int]], chamber_by_size: bool,
                 monument: Monument | None = None, special: str = NONE,
                 params: Mapping[str, int] | None = None, explore_once: bool = False,
                 storm_offset: int = 0, tents: int = 0, variants: tuple[str, ...] = (),
                 announce: bool = False) -> None:
        self.data = data
        self.players = players
        self.game_id = game_id
        self.cards = cards
        self.move_type = move_type
        T = self.treasures = cards.treasures
        self.map, self.thief, self.sandstorm = cards.map, cards.thief, cards.sandstorm
        treasures = [data.treasures[key] for key in cards.treasure_names]
        self.trade = tuple(t.trade for t in treasures)
        self.sell = tuple(tuple(t.sell) for t in treasures)
        self.max_set = tuple(t.max_set for t in treasures)
        self.counts = tuple(counts)
        for card, count in enumerate(self.counts):
            if count > MAX_CARDS_OF_A_KIND:
                raise InvalidDataError(f"{data.source}: {cards.names[card]}: {count} cards; "
                                       f"at most {MAX_CARDS_OF_A_KIND} of a kind are supported")
        self.in_play = tuple(c for c in range(T) if self.counts[c])
        self.chamber_sizes = tuple(size for size, _ in chambers)
        self.chamber_maps = tuple(maps for _, maps in chambers)
        # what an explore move names: the 2007 chambers by size, the monuments' by position
        self.chamber_index = ({size: i for i, size in enumerate(self.chamber_sizes)}
                              if chamber_by_size else {i: i for i in range(len(chambers))})
        make = move_type.make
        self.give_order = tuple(sorted(range(T), key=lambda c: (-self.trade[c], c)))
        pos = [0] * T
        for i, c in enumerate(self.give_order):
            pos[c] = i
        self.give_pos = tuple(pos)
        self.take_moves = tuple(make(TAKE, c) for c in range(T))
        self.give_moves = tuple(make(GIVE, c) for c in range(T))
        self.discard_moves = tuple(make(DISCARD, c) for c in range(T))
        self.dig_moves = tuple(make(DIG, c) for c in range(len(cards.names)))
        self.stolen_moves = tuple(make(STOLEN, c) for c in range(T))
        self.sell_moves = tuple(tuple(make(SELL, c, n) for n in range(1, self.max_set[c] + 1))
                                for c in range(T))
        self.explore_moves = tuple(make(EXPLORE, arg) for arg in self.chamber_index)
        self.steal_moves = tuple(make(STEAL, s) for s in range(players))
        # the New Expedition (defaults: the 2007 game)
        self.monument = monument
        self.special = special
        self.params = dict(params or {})
        self.explore_once = explore_once
        self.storm_offset = storm_offset
        self.tents = tents
        self.variants = variants
        self.announce = announce
        self.reserve_size = self.params.get("reserve", 0)
        # face-up draws a game can need: every map spent on one explore of the largest chamber
        self.draw_rolls = (self.counts[self.map] * max(self.chamber_sizes, default=0)
                           if special in (BUST, NAME_TYPES) else 0)
        self.tent_moves = (make(TENT, 0), make(TENT, 1))
        self.look_moves = tuple(make(LOOK, i) for i in range(len(chambers)))
        self.reveal_moves = tuple(make(REVEAL, c) for c in range(T))
        self.refill_moves = tuple(tuple(make(REFILL, i, c) for c in range(T))
                                  for i in range(len(chambers)))
        # the types a chamber can hold (never maps: they join the deck after the setup)
        self.chamber_cards = tuple(c for c in self.in_play if c != self.map)
        self.name_moves = tuple(make(NAME, named) for named in
                                combinations(self.chamber_cards, self.params.get("names", 2)))
        self.draw_move, self.stop_move = make(DRAW), make(STOP)
        self.end_move = make(END)

    @property
    def thieves(self) -> int:
        """Thief cards in the dig site at the start."""
        return self.counts[self.thief]

    @property
    def sandstorms(self) -> int:
        """Sandstorm cards in the dig site at the start."""
        return self.counts[self.sandstorm]

    @property
    def look_none(self) -> MoveBase:
        return self.move_type.make(LOOK, -1)

    def card_name(self, card: int, n: int = 1) -> str:
        """A card as printed, the notation's word for a player (``pharaoh's mask``, never
        the key ``pharaohs_mask`` or its spaced ``pharaohs mask``), plural for ``n`` != 1:
        what every refusal a player reads names cards by.

        >>> import cards_data
        >>> rules = rules_for(cards_data.load("archaeology"), 2)
        >>> rules.card_name(rules.cards.index["pharaohs_mask"], 2), rules.card_name(rules.thief, 8)
        ("pharaoh's masks", 'thieves')
        """
        key = self.cards.names[card]
        treasure = self.data.treasures.get(key)
        name = str(treasure.name) if treasure is not None else key.replace("_", " ")
        if n == 1:
            return name
        return name[:-1] + "ves" if name.endswith("f") else name + "s"  # (thieves)

    def hand_value(self, counts: Sequence[int]) -> int:
        """Total trade value of a count vector over the treasures."""
        trade = self.trade
        return sum(trade[c] * counts[c] for c in range(self.treasures))


def absent_words(rules: Rules, card: int) -> str:
    """Why ``card`` is not in ``rules``' game, for a message that says the game has none of
    it (``" (a broken tablet is in the game only at 4 or more players, or with the Long
    Expedition at 2 or 3)"``: the card as printed); ``""`` for a card in the game or one
    without such a rule."""
    only = _only_at(rules, card)
    return f" (a {rules.card_name(card)} is {only})" if only else ""


def no_such_card(rules: Rules, card: int) -> str:
    """That ``rules``' game has none of ``card``, the card as printed, and why (it said
    "has no broken_tablet (a broken tablet is ...)", the card's key and its name).

    >>> import cards_data
    >>> from games.expedition.rules import rules_for as expedition_rules
    >>> rules = expedition_rules(cards_data.load("expedition"), 2, "temple")
    >>> no_such_card(rules, rules.cards.index["broken_tablet"])
    'the game with 2 players has no broken tablet (it is in the game only at 4 or more players, or with the Long Expedition at 2 or 3 players)'
    """
    only = _only_at(rules, card)
    return (f"the game with {rules.players} players has no {rules.card_name(card)}"
            + (f" (it is {only})" if only else ""))


def _only_at(rules: Rules, card: int) -> str:
    """``in the game only at 4 or more players, or with ...`` of a card ``rules``' game has
    none of for its table's size; ``""`` otherwise."""
    if rules.counts[card] or card >= rules.treasures:
        return ""
    data = rules.data
    key = rules.cards.names[card]
    least = data.treasures[key].min_players
    if not least:
        return ""
    long = ""
    if isinstance(data, ExpeditionData) and key in data.long_expedition.add_treasures \
            and data.long_expedition.players:
        long = (f", or with the Long Expedition at "
                f"{' or '.join(map(str, data.long_expedition.players))} players")
    return f"in the game only at {least} or more players{long}"


def _build(data: ArchaeologyData, players: int) -> Rules:
    cards = Move.CARDS
    counts = [data.treasures[key].count for key in cards.treasure_names]
    return Rules(data, players, game_id="archaeology", cards=cards, move_type=Move,
                 counts=counts + [data.thief_cards, data.sandstorms_for(players)],
                 chambers=[(c.size, c.maps) for c in data.pyramid], chamber_by_size=True)


def rules_for(data: ArchaeologyData, players: int) -> Rules:
    """The (cached) ``Rules`` of the 2007 game's ``data`` at a table of ``players``."""
    return derived(data, _build, players)
