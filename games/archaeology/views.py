"""JSON deals and player views of Archaeology: The Card Game, read through ``games.reader``.

**Deal** (every hidden thing fixed; ``digsite deal archaeology --seed N``)::

    {"game": "archaeology", "players": 2, "first_player": 1,
     "hands": [["coin", "pot_shard", ...], ...],      # 4 cards per seat
     "marketplace": ["talisman", ...],                  # 5 cards
     "chambers": {"3": [...], "5": [...], "7": [...]},  # face-down pyramid chambers
     "dig_site": ["thief", "coin", ...],                # top card first
     "steal_rolls": [123, ...]}                         # one int per thief card: the k-th
                                                        # thief drawn takes card number
                                                        # roll % hand size of the victim's
                                                        # hand in card order

Every card of the game appears exactly once (maps, thieves and sandstorms only in the dig
site, as the setup sets them aside; sandstorms already reduced by player count).

**Player view**, history form (what one seat sees; ``digsite example archaeology``;
format 2)::

    {"game": "archaeology", "players": 2, "seat": 0,
     "to_move": 0,                 # the seat to act: the view's seat
     "phase": "action",            # "action", "steal" (choose a victim) or "sandstorm"
     "hand": {"coin": 2, ...},     # the seat's own cards (card: count)
     "marketplace": {...},
     "dig_site": 40,               # cards left in the dig site
     "thieves_drawn": 1, "sandstorms_drawn": 0,
     "history": ["1 dig", "0 trade pot_shard pot_shard for coin", "1 discard coin",
                 "0 sell talisman 4", "1 explore 5", "1 steal 0 coin", ...],
     "turn": {"trades": 0, "sold": false, "explored": false, "dug": true,
              "first_passer": null},  # this turn so far; first_passer: the seat that
                                      # began the current run of passes (dig site empty)
     "sandstorm": {"left": 2, "last": null, "digger": 1},  # phase "sandstorm" only: cards
                                      # the seat still discards, the card it discarded
                                      # last at this sandstorm (null before its first), and
                                      # the seat that drew the sandstorm (whose turn it is)
     "trade": {"take": {"coin": 1}, "give": {}}}   # optional: a trade being built

``history`` is the public record since the deal, in order, one event a line (``S`` a
seat): ``S dig`` (found a treasure, unseen), ``S trade GIVES for TAKES`` (card names,
repeated for several), ``S discard CARD`` (sandstorm), ``S sell CARD N``, ``S explore
SIZE`` and ``S steal V`` (``S steal V CARD`` when the view's seat is the thief or the
victim, who see the card). Hand sizes, sold sets, money, explored chambers and the maps
removed follow from it; so does everything every seat knows of the others, and the search
gives each seat exactly that. Format 1 (before issue 9) had ``current`` (now
``to_move``), ``hand_sizes``, ``sold``, ``known_cards``, ``not_maps`` and
``chambers_explored``; they are refused now (the history replaces them).

Optional keys of the history form and their defaults: ``marketplace`` ``{}``,
``thieves_drawn`` and ``sandstorms_drawn`` 0, ``history`` ``[]`` (the deal's own
position), ``phase`` ``"action"``; inside ``turn`` (required since issue 20: a view
without it was read as a fresh turn, silently) ``trades`` 0, ``sold`` and ``explored``
false, ``dug`` true while cards are left to dig, ``first_passer`` null (``dug`` false, a
turn without a dig, and a ``first_passer`` only once the dig site is empty: a turn starts
with a dig while cards are left); ``sandstorm``
only in phase ``"sandstorm"`` (``last`` null; ``left`` at most half the hand, rounded down,
as the rulebook's sandstorm takes, and once ``last`` names a discard at most half the hand
before it, less that card), ``trade`` only while one is built. ``last`` is what says the
seat's discard is under way (the hint then ranks its next card, the screen asks for the
"more cards"): a position has no record to tell it, so write the card discarded last,
``"pot_shard"`` too, and null only before the first. A position's cards still owed are
any cards of the hand, whatever ``last`` names (at a table the order of a discard changes
nothing; a record enters a discard in card order, and goes on after its last card). In a
history view ``last`` is the card of the seat's discards the history ends with at this
sandstorm (null there after a pot shard reads as the history tells: views wrote null
there before they named it).

**Position view** (issue 19; ``digsite example archaeology --position``; position form
version 1): what the seat knows now, as a player writes it down at a table, without the
history. The keys of the history form but ``history``, and::

    "chambers": [3, null, 7],      # each chamber's size while in place, null once explored
    "seats": [                     # every seat, in seat order
      {"hand_size": 6, "money": 3, "sold": [["broken_cup", 1], ["parchment_scrap", 1]]},
      {"hand_size": 4, "money": 18, "sold": [["talisman", 3]],
       "holds": {"coin": 1},       # cards the seat knows this hand holds (seen taken, ...)
       "lacks": ["map"]}]          # types of which the seat knows this hand holds no
                                   # more than "holds" says (a hand that dug nothing: maps)
      # optional, per other seat: "at_most": {"map": 2}, the most of a type the hand may
      # hold in all (known cards included; a hand of 4 that dug 2 cards: 2 maps at most),
      # and "dug": 2, how many of its unknown cards entered where a map could be (the
      # others are dealt cards, never maps)

``sold`` lists each set sold (card, how many); ``money`` must be what they are worth.
The view's own entry has neither ``holds`` nor ``lacks`` (its cards are ``hand``); for
the others they default to ``{}`` and ``[]``; ``position_of`` writes ``lacks: ["map"]``
for a hand that cannot hold an unseen map (maps enter hands only by digs, thefts and
face-up takes), and ``at_most: {"map": k}`` where fewer of its unknown cards may be maps
than it holds: the deal holds no maps (the rulebook shuffles them into the deck after it),
so a hand holds no more maps than the cards it took unseen where maps could be (its digs,
its thefts of a hand that may hold one, less the maps it was seen to spend); without it a
world read from the position put more maps in such a hand than its history allows.
``at_most`` is written only where it binds (other positions are written as before); a
bound below the cards known, above the hand, negative or of no card is refused naming it
(``seats[1].at_most.map``). Beside it ``position_of`` writes ``dug: k``, the bound less
the maps known in the hand: of the hand's unknown cards, ``k`` entered where a map could be
(its digs, its thefts), the others are dealt cards, never maps; the bound alone read each
of them as possibly a map, and so more maps in the hand than its history gives (a hand
of 4 that dug 2 holds a map as 2 cards of the dig site would, not as 4). A ``dug`` that is
negative or above the hand's unknown cards, that leaves more dealt cards than the cards
not in view besides maps, or stated for a keeper whose give-ups ``chamber_left`` states
is refused naming it (``seats[1].dug``); a position without it reads each unknown card as
possibly a map, as before. The maps spent are the explored chambers'.
The sampler is exact with respect to what the position states: every world consistent
with it (each other hand its known cards plus unseen cards of types it does not lack,
within its ``at_most``, all but its ``dug`` of them dealt cards, no maps, the
chambers and the dig site the rest, never a map in a chamber), weighted by the number of
ways the shuffle makes it. What a history would add (the cards a seat was seen to give up,
which make it less likely to hold more) is not used, and the hint says so; a history
view stays the most exact form. ``position_of(state, seat)`` writes the position of a
seat in a real state (``holds``: the cards its history shows for sure). A view with a
history may state the position keys too: a fact (hand size, money, sold sets, chambers)
must be what the history gives and a piece of knowledge (``holds``, ``lacks``,
``at_most``, ``dug``) no more than the history gives for sure (a bound or a count of
cards dug no lower than it allows),
or the view is refused naming the key
(``seats[1].money: the history gives 18, the position 19``); the history is read. A position no deal can explain is refused naming the key: more cards of a type
than the game holds (the key where the count overflows), a hand size below the cards
known in it (``seats[1].holds``), unknown cards of a hand too many for the unseen cards of
the types it does not lack (``seats[1].lacks``), money the sold sets are not worth, unseen
cards that do not fill the places hidden from the seat (``dig_site``), hands that fit one by
one but not together (``seats``: two hands lacking all but one type, needing more of its
unseen copies together than there are).

A view is refused with ``InvalidStateError`` naming the key when it is malformed, has an
unknown key, or is impossible (a card not in the data, more cards than the game holds, a
history no deal can explain).
"""

from __future__ import annotations

from typing import Any, Sequence, TypeVar

from cards_data import table_count
from cards_data.archaeology import ArchaeologyData
from games.errors import InvalidStateError
from games.protocol import CHANCE
from games.reader import (VIEW_MARK, Node, ViewReading, read_document, read_fingerprint,
                          read_game, read_seats, read_view_seat)
from games.seeding import Seed, make_rng

from .hidden import history_lines
from .position import (POSITION_NOTE, check_agreement, position_facts, read_position,
                       sample_world, view_form, without_history)
from .history import (check_view_counts, read_cards, read_dig_site, read_hands_and_market,
                      read_turn, read_view_cards, replay_history)
from .moves import (CARD_NAMES, MAP, SANDSTORM, THIEF, TREASURES, MoveBase, parse_checked_move,
                    parse_text, parse_typed_move)
from .rules import P_ACTION, P_STEAL, P_STORM, Rules, rules_for
from .state import ArchaeologyState
from .trades import discarding

__all__ = ["make_deal", "state_from_deal", "state_from_view", "read_view", "view_of",
           "position_of", "example_view", "example_position", "parse_move", "parse_typed",
           "mid_game"]

#: Every key of a player view of either form (module docstring), checked before any is
#: read (``Node.only``): a misspelt optional key is named, not read as left out.
VIEW_KEYS = ("game", "players", "seat", "to_move", "phase", "hand", "marketplace",
             "dig_site", "thieves_drawn", "sandstorms_drawn", "history", "chambers", "seats",
             "turn", "sandstorm", "trade", VIEW_MARK)

#: Either edition's state (The New Expedition's derives from the 2007 game's).
StateT = TypeVar("StateT", bound=ArchaeologyState)


def _start(node: Node, data: ArchaeologyData) -> Rules:
    return rules_for(data, read_seats(node, data))


def make_deal(*, players: int, seed: Seed, data: ArchaeologyData, **options: object
              ) -> dict[str, Any]:
    """A seeded deal (see the module docstring)."""
    if options:
        raise InvalidStateError(f"deal: unknown option{'s' if len(options) > 1 else ''} "
                                f"{', '.join(sorted(options))}")
    rules = _start(read_document({"game": "archaeology", "players": players}, "deal"), data)
    rng = make_rng(seed)
    deck = [c for c in range(MAP) for _ in range(rules.counts[c])]
    rng.shuffle(deck)
    size = data.hand_size
    hands = [[CARD_NAMES[c] for c in sorted(deck[i * size:(i + 1) * size])]
             for i in range(players)]
    pos = players * size
    market = sorted(deck[pos:pos + data.marketplace_size])
    pos += data.marketplace_size
    chambers = {}
    for chamber in rules.chamber_sizes:
        chambers[str(chamber)] = [CARD_NAMES[c] for c in sorted(deck[pos:pos + chamber])]
        pos += chamber
    dig = deck[pos:] + [MAP] * rules.counts[MAP] + [THIEF] * rules.thieves + \
        [SANDSTORM] * rules.sandstorms
    rng.shuffle(dig)
    return {
        "game": "archaeology", "players": players, "first_player": rng.randrange(players),
        "hands": hands, "marketplace": [CARD_NAMES[c] for c in market],
        "chambers": chambers, "dig_site": [CARD_NAMES[c] for c in dig],
        "steal_rolls": [rng.getrandbits(30) for _ in range(rules.thieves)],
    }


def state_from_deal(deal: dict[str, Any], data: ArchaeologyData) -> ArchaeologyState:
    """The initial state of ``deal``, validated (``InvalidStateError`` names the key)."""
    node = read_document(deal, "deal")
    rules = _start(node, data)
    players = rules.players
    s = ArchaeologyState.blank(rules)
    first = node.integer("first_player", hi=players - 1)
    seen = read_hands_and_market(node, s)
    chambers = node.table("chambers")
    for i, size in enumerate(rules.chamber_sizes):
        cards = read_cards(chambers, chambers.raw(str(size)), chambers.where(str(size)), rules,
                           length=size)
        s.chambers[i] = tuple(sorted(cards))
        for c in cards:
            seen[c] += 1
    chambers.done()
    read_dig_site(node, s, seen)
    node.done()
    s.start_turn(first)
    return s


def view_of(state: ArchaeologyState, seat: int) -> dict[str, Any]:
    """The JSON player view of ``seat`` in ``state`` (the inverse of ``state_from_view``)."""
    def counts(vec: Sequence[int], base: int = 0) -> dict[str, int]:
        return {CARD_NAMES[c]: vec[base + c] for c in range(TREASURES) if vec[base + c]}

    view: dict[str, Any] = {
        "game": "archaeology", "players": state.num_players, "seat": seat,
        "to_move": state.current_player(),
        "phase": {P_ACTION: "action", P_STEAL: "steal", P_STORM: "sandstorm"}.get(
            state.phase, "other"),
        "hand": counts(state.hands, seat * TREASURES), "marketplace": counts(state.market),
        "dig_site": len(state.dig),
        "thieves_drawn": state.thieves_drawn, "sandstorms_drawn": state.storms_drawn,
        "history": history_lines(state, seat),
        "turn": {"trades": state.trades, "sold": state.sold_this_turn, "explored":
                 state.explored, "dug": not state.no_dig,
                 "first_passer": state.first_passer if state.first_passer >= 0 else None},
    }
    if state.phase == P_STORM:
        # (a pot shard is card 0, as ``storm_last`` before any discard: the record tells)
        view["sandstorm"] = {"left": state.storm_left, "digger": state.turn,
                             "last": CARD_NAMES[state.storm_last] if discarding(state) else None}
    if state.trade_takes is not None and state.trade_gives is not None:  # (set together)
        view["trade"] = {"take": counts(state.trade_takes), "give": counts(state.trade_gives)}
    return view


def state_from_view(view: dict[str, Any], data: ArchaeologyData, seed: Seed
                    ) -> tuple[ArchaeologyState, int]:
    """Validate a player view of either form; return ``(world, seat)`` with one world drawn
    exactly from those the seat cannot rule out (``ArchaeologyState.determinize``)."""
    reading = read_view(view, data, seed)
    return reading.world, reading.seat


def read_view(view: dict[str, Any], data: ArchaeologyData, seed: Seed) -> ViewReading:
    """Validate a player view of either form (module docstring); the world sampled from
    ``seed``, the seat, the form and the reading's notes."""
    node = read_document(view, "view")
    read_game(node, data.game)  # (before the keys: another game's are not "unknown")
    node.only(VIEW_KEYS)
    read_fingerprint(node, data, VIEW_MARK)
    rules = _start(node, data)
    players = rules.players
    seat = read_view_seat(node, players)
    s = ArchaeologyState.blank(rules)
    hand, dig_n = read_view_cards(node, s, seat)
    form = view_form(view)
    if form == "history":
        try:
            replayed = replay_history(node, s, seat)
            s.chambers = [None if size is None else (0,) * size for size in replayed["sizes"]]
            check_view_counts(node, s, seat, hand, dig_n, replayed["digs"],
                              sum(rules.chamber_sizes))
        except InvalidStateError as refusal:
            raise without_history(node, "archaeology", refusal) from None
        check_agreement(node, s, seat)
        node.raw("chambers", None)  # checked against the history
    else:
        sizes = rules.chamber_sizes
        where = node.where("chambers")
        written = node.raw("chambers", None)
        if isinstance(written, list) and len(written) != len(sizes):
            # (a player drops the chamber explored, as the example holds every chamber:
            # "expected 3 entries, got 2" said nothing of how to write it)
            shown = ", ".join(["null", *map(str, sizes[1:])])
            node.fail_at(where, f"expected {len(sizes)} entries, got {len(written)}: one a "
                                f"chamber, its size while in place and null once explored "
                                f"([{shown}] with the {sizes[0]}-card chamber explored)")
        for i, size in enumerate(node.items("chambers", length=len(sizes))):
            if size is not None and node.check_int(size, f"{where}[{i}]") != sizes[i]:
                node.fail_at(f"{where}[{i}]", f"the chamber of {sizes[i]} cards holds them "
                                              f"all until it is explored (then null)")
            s.chambers[i] = None if size is None else (0,) * size
        explored = sum(rules.chamber_maps[i] for i, c in enumerate(s.chambers) if c is None)
        read_position(node, s, seat, hand, dig_n, chamber_known=[None] * len(sizes),
                      chambers_seen=[0] * len(sizes), maps_spent=explored,
                      maps_least=explored, visible=[])
    read_turn(node, s, seat, hand, dig_n, history=form == "history")
    node.done()
    if not s.legal_moves():
        node.fail("the seat has no legal move in this position")
    world = sample_world(node, s, seat, make_rng(seed), form)
    notes = s.reading_notes(seat) + ([POSITION_NOTE] if form == "position" else [])
    return ViewReading(world, seat, form, tuple(notes))


def position_of(state: ArchaeologyState, seat: int) -> dict[str, Any]:
    """The position view of ``seat`` in ``state`` (module docstring): ``view_of`` without
    the history, with what the history tells the seat for sure."""
    view = view_of(state, seat)
    del view["history"]
    view["chambers"] = [None if c is None else len(c) for c in state.chambers]
    view.update(position_facts(state, seat))
    return view


def example_view(data: ArchaeologyData) -> dict[str, Any]:
    """A mid-game view of seat 0 from a fixed seeded game (two players, or the nearest
    count the card data allows; deal seed 5, random play)."""
    state = state_from_deal(make_deal(players=table_count(data, 2), seed=5, data=data), data)
    return view_of(mid_game(state), 0)


def example_position(data: ArchaeologyData) -> dict[str, Any]:
    """The example view's position form (``digsite example archaeology --position``)."""
    state = state_from_deal(make_deal(players=table_count(data, 2), seed=5, data=data), data)
    return position_of(mid_game(state), 0)


def mid_game(state: StateT, *, seed: int = 11, after: int = 40) -> StateT:
    """``state`` played on by seeded random moves (ending the turn half the time, so that
    the game moves on) to seat 0's first fresh turn after ``after`` decisions: both
    editions' example position."""
    rng = make_rng(seed)
    decisions = 0
    end = state.rules.end_move
    while True:
        player = state.current_player()
        if player == CHANCE:
            state.apply(state.chance_outcomes()[0][0])
            continue
        if (decisions > after and player == 0 and state.phase == P_ACTION
                and state.trade_takes is None and state.trades == 0 and not state.acted):
            return state
        moves = state.legal_moves()
        state.apply(end if end in moves and rng.random() < 0.5 else rng.choice(moves))
        decisions += 1


def parse_move(state: ArchaeologyState, text: object) -> MoveBase:
    """Move text to a move, checked legal in ``state`` (``games.protocol.parse_checked``);
    a whole trade (``trade GIVES for TAKES``) too, checked by its steps."""
    return parse_checked_move(state, text, parse_text)


def parse_typed(state: ArchaeologyState, text: object) -> MoveBase:
    """A move a person typed at a screen (``play``, ``track``): ``parse_move``'s, and
    ``sell CARD`` where the hand allows one sale of the card
    (``games.archaeology.moves.parse_typed_move``)."""
    return parse_typed_move(state, text, parse_text)
