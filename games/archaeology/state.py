"""The rules of Archaeology as a mutable search board: one engine core for both editions,
Archaeology: The Card Game (2007, this package) and The New Expedition
(``games.expedition``, whose ``state`` lists the decisions it adds).

Card ids, move texts: see ``moves``; the card tables and every difference between the
editions as data: ``rules``. Hands, marketplace and sold cards are count vectors over the
treasures (cards of one type are interchangeable), so a state is a few flat lists of small
ints and ``clone`` is cheap.

Turn structure (rulebook "Playing the game"): a turn starts with a **dig**, a chance node
whose one outcome is the top card of the dig site (fixed by the deal):

* a treasure (or map) goes to the hand;
* a **thief** is discarded face up; if some opponent holds cards the digger chooses the
  victim (``steal N``), then a chance node takes a random card of the victim (the deal's
  ``steal_rolls`` fix it: roll mod hand size indexes the victim's hand in card order);
  thief and victim see the card, the others only that a card moved;
* a **sandstorm** is discarded face up; from the digger clockwise, every seat with n >= 2
  cards discards n // 2 of them, one ``discard`` decision per card (a seat's discards in
  card order, so each multiset is reached once); the cards go to the marketplace; then
  the digger digs again (or, if the dig site is now empty, goes on to the actions). A
  player's whole discard (``discard CARDS``, ``moves``) is not a ``legal_moves`` entry:
  ``check_discards`` checks it by these steps and ``apply`` plays them.

Then any number of ``take``/``give`` (trade), ``explore`` and ``sell`` in any order, and
``end``.

Decisions on ambiguities (each tested in ``tests/games/test_archaeology_rules.py``):

* **Trades as steps.** A trade is built by ``take`` moves (card order, each keeping the
  takes' value within the hand's total trade value), then ``give`` moves in falling trade
  value (ties in card order); it happens the moment the gives cover the takes. Every trade
  that gives a *minimal* set of cards (no card could be left out and still cover the takes)
  is reachable, each exactly once. **Trades that give more than needed are left out of
  the steps:** the superfluous card could instead be kept and sold at once for at least $1
  (a single card always sells, and for $1 or more: the card-data loader refuses a $0
  price), so such a trade is dominated in money by the minimal trade
  followed by that sale. The rulebook allows one all the same ("the difference is simply
  lost"), so a player's whole trade may overpay (``overpays``): ``check_trade`` checks it
  and ``apply`` moves its cards at once (``play`` and ``track`` follow a player who does). A trade must take at least one card (giving cards for nothing is the same
  as throwing money away). **One trade between explores.** A turn allows
  ``MAX_TRADES_BETWEEN_EXPLORES`` (one) trade before its first explore, and one more after
  each explore. Nothing is lost: two trades with no explore between them can be merged
  into one trade with the same effect on hand and marketplace (only the player's own
  trades change the marketplace during its turn, a sale between them can wait until after
  them, and the merged trade gives value(X) + value(Z) − value(Y) ≥ value(W) for trades
  X→Y then Z→W, cancelling any card given and taken back), and a merged trade that gives
  more than needed is dominated as above. Without a limit, equal-value swaps could go on
  for ever within a turn. (The New Expedition's Temple breaks "a sale can wait": see
  ``games.expedition.state``.)
  A player's whole trade (``trade GIVES for TAKES``, ``moves``) is not a
  ``legal_moves`` entry: ``check_trade`` checks it by these steps and ``apply`` plays
  them (``trade_steps``).
* **End game.** When a turn starts with the dig site empty there is no dig. Such a turn
  in which the seat neither sells nor explores is a **pass** (a turn of trades only also
  counts as a pass: otherwise the rules allow endless trading and the game need not end).
  When the turn comes back to the first passer with every other seat having passed since,
  that seat must sell at least one card before it may ``end``. Seats with empty hands pass
  automatically and never start a chain. The game ends as soon as the dig site is empty and
  every hand is empty.
* **Winner:** most money; tie → fewest cards sold; still tied → a shared win.

Hidden information: ``hidden`` (the public record, information-set keys and the exact
determinizer, mixed into the state) and ``views`` (the JSON player view).
"""

from __future__ import annotations

from itertools import combinations_with_replacement
from typing import TYPE_CHECKING, Any, ClassVar, Final, Self, Sequence

from games.errors import IllegalMoveError, InvalidStateError
from games.protocol import CHANCE, TERMINAL, State, listing, options_of
from games.forgiving import spoken
from games.table import card_names, either

from .hidden import (EMPTY_RECORD, R_DIG, R_DISCARD, R_EXPLORE, R_KEEP, R_LOOK, R_NAME,
                     R_REFILL, R_RETURN, R_REVEAL, R_SELL, R_STEAL, R_TAKE, R_TENT, R_TRADE,
                     S_KEEP, S_LOOK, S_TAKE, HiddenInformation, Record, history_lines)
from .moves import (DIG, DISCARD, DISCARDS, DRAW, END, EXPLORE, GIVE, KEEP, KIND_NAMES, LOOK,
                    NAME, REFILL, REVEAL, SELL, STEAL, STOLEN, STOP, TAKE, TENT, TRADE, MoveBase,
                    forms_of)
from .rules import (BUST, KEEP_SOME, MAX_TRADES_BETWEEN_EXPLORES, P_ACTION, P_DIG,
                    P_KEEP, P_LOOK, P_MINE, P_NAME, P_OVER, P_REFILL, P_REVEAL, P_STEAL,
                    P_STOLEN, P_STORM, P_TENT, PEEK_ON_SELL, PHASE_NAMES, REFILL_ON_SANDSTORM,
                    TAKE_ALL, Rules)

__all__ = ["ArchaeologyState"]

#: A private observation (``hidden``): its kind, the mask of the seats that know it, then
#: seats, a chamber and cards (tuples of card ids; ``None`` in a state read from a view
#: where the view's seat does not know them: ``history``).
Secret = tuple[int | tuple[int, ...] | None, ...]

#: Phases in which ``current_player`` is the seat ``to_move``.
_SEAT_PHASES: Final = frozenset({P_ACTION, P_STEAL, P_STORM, P_TENT, P_LOOK, P_KEEP, P_MINE,
                                 P_NAME})


class ArchaeologyState(HiddenInformation):
    """A full world: every hidden card fixed. Implements ``games.protocol.State``.

    Cards of one type are interchangeable, so hands, marketplace and sold cards are count
    vectors over the ``T = rules.treasures`` treasures, kept in flat lists (seat ``p``'s
    treasure ``c`` is ``hands[p * T + c]``) and ``clone`` is cheap:

    * ``hands``, ``hand_sizes``, ``market``, ``sold`` (per seat and type), ``money``,
      ``sold_cards``, ``piles`` (per seat, its sales as ``(card, n)``);
    * ``dig`` (the dig site, top card last), ``chambers`` (per position: its cards as a
      sorted tuple, ``None`` once explored for good; an emptied chamber that may be
      explored again is ``()``), ``chamber_seen`` (per chamber, a bit mask of the seats
      that know its cards exactly), ``steal_rolls`` (one int per thief card: which card
      it takes), ``thieves_drawn``, ``storms_drawn``, ``maps_removed`` (maps spent
      exploring);
    * ``record`` (the public events, see ``hidden``), ``steals`` (per theft so far,
      ``(thief, victim, card)``; the card is known to thief and victim only) and
      ``secrets`` (the other private observations, see ``hidden``);
    * the turn: ``turn`` (whose turn it is), ``to_move`` (the seat to act: the turn's
      seat, or during a sandstorm the seat deciding), ``phase`` (``rules.P_*``),
      ``victim`` (a thief's choice), ``storm_index``/``storm_left``/``storm_last`` (which
      seat decides, how many cards it still owes, its last card type),
      ``storm_begun`` (that seat has discarded at this sandstorm: its discard is under
      way; ``storm_last`` alone cannot say so, a pot shard being card 0, and a written
      position has no record to tell it), the trade being
      built (``trade_takes``/``trade_gives`` count vectors, ``last_take``,
      ``last_give_pos``, ``take_value``, ``give_value``), ``trades`` (trades since the
      turn's last explore), ``acted``, ``sold_this_turn``, ``explored`` (explored this
      turn), ``no_dig`` (a turn without a dig: the dig site was empty), ``first_passer``,
      ``must_sell``;
    * the New Expedition: ``tents`` (uses left per seat), ``protected`` (bit mask of the
      seats sheltered from this sandstorm), ``reserve`` (the Buried Ruins' face-down pile,
      top last), ``refill_left``, ``draw_rolls``/``draws_used`` (which card each face-up
      draw from a chamber takes: roll mod chamber size indexes its cards in card order),
      ``exploring`` (the chamber of an explore in progress, -1 if none), ``drawn`` (its
      face-up cards), ``named`` (the Sphinx's two types), ``announced`` (Beginner's
      Luck: every seat's announced trade value).
    """

    __slots__ = ("rules", "num_players", "hands", "hand_sizes", "market", "sold", "money",
                 "sold_cards", "piles", "dig", "chambers", "chamber_seen", "steal_rolls",
                 "thieves_drawn", "storms_drawn", "maps_removed", "record", "steals", "secrets",
                 "turn", "to_move", "phase", "victim", "storm_index", "storm_left", "storm_last",
                 "storm_begun", "trade_takes", "trade_gives", "last_take", "last_give_pos",
                 "take_value", "give_value", "trades", "acted", "sold_this_turn", "explored",
                 "no_dig", "first_passer", "must_sell", "tents", "protected", "reserve",
                 "refill_left", "draw_rolls", "draws_used", "exploring", "drawn", "named",
                 "announced", "_moves", "_sampler")
    #: Fields ``clone`` shares: replaced, never mutated in place (conformance test).
    SHARED_SLOTS: ClassVar[tuple[str, ...]] = ("rules", "steal_rolls", "draw_rolls", "record",
                                               "_moves", "_sampler")

    # The fields' types are declared once, on the ``HiddenInformation`` mixin that reads
    # them too (``hidden.py``): mypyc lays a compiled class's attributes out where they are
    # declared, and refuses a field declared again in a subclass.

    # --- construction ----------------------------------------------------------------

    @classmethod
    def blank(cls, rules: Rules) -> Self:
        """A state with no card anywhere yet, seat 0's turn (for deals and views to fill)."""
        s = cls.__new__(cls)
        players = rules.players
        T = rules.treasures
        s.rules = rules
        s.num_players = players
        s.hands = [0] * (players * T)
        s.hand_sizes = [0] * players
        s.market = [0] * T
        s.sold = [0] * (players * T)
        s.money = [0] * players
        s.sold_cards = [0] * players
        s.piles = tuple(() for _ in range(players))
        s.dig = []
        s.chambers = [() for _ in rules.chamber_sizes]
        s.chamber_seen = [0] * len(rules.chamber_sizes)
        s.steal_rolls = []
        s.thieves_drawn = s.storms_drawn = s.maps_removed = 0
        s.record = EMPTY_RECORD
        s.steals = ()
        s.secrets = ()
        s.turn = s.to_move = 0
        s.phase = P_DIG
        s.victim = -1
        s.storm_index = s.storm_left = s.storm_last = 0
        s.storm_begun = False
        s.trade_takes = s.trade_gives = None
        s.last_take = s.last_give_pos = s.take_value = s.give_value = 0
        s.trades = 0
        s.acted = s.sold_this_turn = s.explored = s.no_dig = s.must_sell = False
        s.first_passer = -1
        s.tents = [rules.tents] * players
        s.protected = 0
        s.reserve = []
        s.refill_left = 0
        s.draw_rolls = []
        s.draws_used = 0
        s.exploring = -1
        s.drawn = ()
        s.named = ()
        s.announced = ()
        s._moves = None
        s._sampler = None
        return s

    def clone(self) -> Self:
        cls = type(self)
        s = cls.__new__(cls)
        s.rules = self.rules
        s.num_players = self.num_players
        s.hands = self.hands[:]
        s.hand_sizes = self.hand_sizes[:]
        s.market = self.market[:]
        s.sold = self.sold[:]
        s.money = self.money[:]
        s.sold_cards = self.sold_cards[:]
        s.piles = self.piles  # tuples: replaced, never mutated
        s.dig = self.dig[:]
        s.chambers = self.chambers[:]
        s.chamber_seen = self.chamber_seen[:]
        s.steal_rolls = self.steal_rolls  # replaced, never mutated
        s.thieves_drawn = self.thieves_drawn
        s.storms_drawn = self.storms_drawn
        s.maps_removed = self.maps_removed
        s.record = self.record  # persistent
        s.steals = self.steals  # tuples
        s.secrets = self.secrets
        s.turn = self.turn
        s.to_move = self.to_move
        s.phase = self.phase
        s.victim = self.victim
        s.storm_index = self.storm_index
        s.storm_left = self.storm_left
        s.storm_last = self.storm_last
        s.storm_begun = self.storm_begun
        s.trade_takes = self.trade_takes[:] if self.trade_takes is not None else None
        s.trade_gives = self.trade_gives[:] if self.trade_gives is not None else None
        s.last_take = self.last_take
        s.last_give_pos = self.last_give_pos
        s.take_value = self.take_value
        s.give_value = self.give_value
        s.trades = self.trades
        s.acted = self.acted
        s.sold_this_turn = self.sold_this_turn
        s.explored = self.explored
        s.no_dig = self.no_dig
        s.first_passer = self.first_passer
        s.must_sell = self.must_sell
        s.tents = self.tents[:]
        s.protected = self.protected
        s.reserve = self.reserve[:]
        s.refill_left = self.refill_left
        s.draw_rolls = self.draw_rolls  # replaced, never mutated
        s.draws_used = self.draws_used
        s.exploring = self.exploring
        s.drawn = self.drawn
        s.named = self.named
        s.announced = self.announced
        s._moves = self._moves
        s._sampler = self._sampler  # same information, same posterior
        return s

    # --- protocol: whose turn ---------------------------------------------------------

    def current_player(self) -> int:
        phase = self.phase
        if phase == P_ACTION or phase in _SEAT_PHASES:
            return self.to_move
        if phase == P_OVER:
            return TERMINAL
        return CHANCE

    def is_terminal(self) -> bool:
        return self.phase == P_OVER

    def chance_outcomes(self) -> list[tuple[MoveBase, float]]:
        phase = self.phase
        rules = self.rules
        if phase == P_DIG:
            return [(rules.dig_moves[self.dig[-1]], 1.0)]
        if phase == P_STOLEN:
            return [(rules.stolen_moves[self.stolen_card()], 1.0)]
        if phase == P_REVEAL:
            return [(rules.reveal_moves[self.revealed_card()], 1.0)]
        if phase == P_REFILL:
            return [(rules.refill_moves[self.refill_chamber()][self.reserve[-1]], 1.0)]
        return []

    def stolen_card(self) -> int:
        """The card the current thief takes (its steal roll indexes the victim's hand)."""
        victim = self.victim
        T = self.rules.treasures
        index = self.steal_rolls[self.thieves_drawn - 1] % self.hand_sizes[victim]
        base = victim * T
        hands = self.hands
        for c in range(T):
            index -= hands[base + c]
            if index < 0:
                return c
        raise InvalidStateError(f"seat {victim} has no card to steal")

    def revealed_card(self) -> int:
        """The card the next face-up draw takes from the chamber being explored (its draw
        roll indexes the chamber's cards in card order)."""
        contents = self.chamber(self.exploring)
        return contents[self.draw_rolls[self.draws_used] % len(contents)]

    def chamber(self, i: int) -> tuple[int, ...]:
        """The cards of chamber ``i``, still in play (``IllegalMoveError`` once it is
        explored for good: no move reaches it)."""
        contents = self.chambers[i]
        if contents is None:
            raise IllegalMoveError(f"chamber {i} is explored for good")
        return contents

    def lookable(self) -> list[int]:
        """The Temple: the chambers the seat whose turn it is may look at after a sale
        (still in place, not seen by it yet)."""
        bit = 1 << self.turn
        seen = self.chamber_seen
        return [i for i, contents in enumerate(self.chambers)
                if contents and not seen[i] & bit]

    def refill_chamber(self) -> int:
        """The chamber the Buried Ruins' next refill card goes to."""
        return len(self.chambers) - self.refill_left

    # --- protocol: legal moves --------------------------------------------------------

    def legal_moves(self) -> list[MoveBase]:
        moves = self._moves
        if moves is None:
            moves = self._moves = self._generate()
        return moves

    def hand_value(self, seat: int) -> int:
        """Total trade value of ``seat``'s hand."""
        T = self.rules.treasures
        trade = self.rules.trade
        hands = self.hands
        base = seat * T
        value = 0  # (a loop, not sum/map over a slice: compiled, it allocates nothing)
        for c in range(T):
            value += trade[c] * hands[base + c]
        return value

    def victims(self) -> list[int]:
        """A thief's owner (the seat to act): the seats it may steal from, those other
        seats that hold cards."""
        sizes = self.hand_sizes
        me = self.to_move
        return [v for v in range(self.num_players) if v != me and sizes[v]]

    def first_give(self) -> int:
        """During a trade: the card type of the first legal ``give`` (first in falling
        trade value, ``rules.give_order``), or -1 if no give is legal now."""
        order = self.rules.give_order
        start = self.last_give_pos
        base = self.to_move * self.rules.treasures
        hands = self.hands
        gives = self.trade_gives
        if gives is None:
            return -1
        trade = self.rules.trade
        need = self.take_value - self.give_value
        # a give is legal while the cards from it on in give order can still cover the
        # takes: that value only falls along the order, so the first card held decides
        givable = 0
        first = -1
        for i in range(start, len(order)):
            c = order[i]
            spare = hands[base + c] - gives[c]
            if spare > 0:
                if first < 0:
                    first = c
                givable += trade[c] * spare
        return first if first >= 0 and givable >= need else -1

    def discardable(self) -> range:
        """Sandstorm: the card types among which the seat deciding discards its next card
        (those of them it holds). Its discards go in card order, and a type is allowed
        only if enough cards of it and later types remain to finish its discards."""
        T = self.rules.treasures
        hands = self.hands
        base = self.to_move * T
        first = self.storm_last
        left = self.storm_left
        above = 0  # cards of type c and later types
        for c in range(T - 1, first - 1, -1):
            above += hands[base + c]
            if above >= left:
                return range(first, c + 1)
        return range(first, first)

    def _generate(self) -> list[MoveBase]:
        rules = self.rules
        phase = self.phase
        hands = self.hands
        T = rules.treasures
        if phase == P_STORM:
            base = self.to_move * T
            discard_moves = rules.discard_moves
            return [discard_moves[c] for c in self.discardable() if hands[base + c]]
        if phase == P_STEAL:
            steal_moves = rules.steal_moves
            return [steal_moves[v] for v in self.victims()]
        if phase != P_ACTION:
            return self._generate_expedition(phase)
        seat = self.to_move
        base = seat * T
        trade = rules.trade
        market = self.market
        out: list[MoveBase] = []
        takes = self.trade_takes
        gives = self.trade_gives
        if takes is not None and gives is not None:  # (a trade in progress: both lists)
            value = self.hand_value(seat)
            take_value = self.take_value
            if self.give_value == 0:
                for c in range(self.last_take, T):
                    if market[c] > takes[c] and take_value + trade[c] <= value:
                        out.append(rules.take_moves[c])
            order = rules.give_order
            start = self.last_give_pos
            # suffix[i]: trade value still givable from give_order[i:]
            suffix = [0] * (T + 1)
            for i in range(T - 1, start - 1, -1):
                c = order[i]
                suffix[i] = suffix[i + 1] + trade[c] * (hands[base + c] - gives[c])
            need = take_value - self.give_value
            for i in range(start, T):
                c = order[i]
                if hands[base + c] > gives[c] and suffix[i] >= need:
                    out.append(rules.give_moves[c])
            return out
        take_mask = self._takeable()
        if take_mask:
            take_moves = rules.take_moves
            for c in range(T):
                if take_mask >> c & 1:
                    out.append(take_moves[c])
        explore_mask = self._explorable()
        if explore_mask:
            explore_moves = rules.explore_moves
            for i in range(len(explore_moves)):
                if explore_mask >> i & 1:
                    out.append(explore_moves[i])
        sell_moves = rules.sell_moves
        max_set = rules.max_set
        for c in range(T):
            n = hands[base + c]
            if n:
                sets = sell_moves[c]
                for k in range(n if n < max_set[c] else max_set[c]):
                    out.append(sets[k])  # sets of 1 .. min(n, the largest set)
        if self._may_end():
            out.append(rules.end_move)
        return out

    # The action decision outside a trade, in parts: ``_generate`` lists its moves from
    # them, ``random_action`` picks one of them without the list. (Bit masks and index
    # loops over the flat lists: a playout meets many action decisions, and compiled
    # these allocate nothing; issue 23.)

    def _takeable(self) -> int:
        """The card types a ``take`` may name now (bit ``c``: type ``c``), outside a trade:
        one trade between explores, a marketplace card, worth at most the hand's trade
        value (a trade must be coverable by the hand)."""
        if self.trades >= MAX_TRADES_BETWEEN_EXPLORES:
            return 0
        rules = self.rules
        T = rules.treasures
        trade = rules.trade
        market = self.market
        value = self.hand_value(self.to_move)
        mask = 0
        for c in range(T):
            if market[c] and trade[c] <= value:
                mask |= 1 << c
        return mask

    def _explorable(self) -> int:
        """The chambers an ``explore`` may name now (bit ``i``: chamber ``i``): the seat
        holds the maps it costs, the chamber holds cards, and (the New Expedition) the
        turn has not explored yet where one explore is allowed."""
        rules = self.rules
        maps = self.hands[self.to_move * rules.treasures + rules.map]
        if not maps or (self.explored and rules.explore_once):
            return 0
        chamber_maps = rules.chamber_maps
        chambers = self.chambers
        mask = 0
        for i in range(len(chambers)):
            if chambers[i] and maps >= chamber_maps[i]:
                mask |= 1 << i
        return mask

    def _may_end(self) -> bool:
        """``end`` is legal: no sale is owed (the end-game pass rule), or one was made, or
        the seat holds no card (a seat left without cards cannot sell)."""
        return not self.must_sell or self.sold_this_turn or not self.hand_sizes[self.to_move]

    def random_action(self, draw: float) -> MoveBase:
        """At an action decision outside a trade: ``legal_moves()[int(draw *
        len(legal_moves()))]`` (``0 <= draw < 1``), found by counting the moves rather
        than listing them (the playouts' uniformly random steps: the same move from the
        same draw)."""
        rules = self.rules
        T = rules.treasures
        hands = self.hands
        base = self.to_move * T
        max_set = rules.max_set
        takes = self._takeable()
        explores = self._explorable()
        sells = 0
        for c in range(T):
            n = hands[base + c]
            sells += n if n < max_set[c] else max_set[c]
        n_takes = takes.bit_count()
        n_explores = explores.bit_count()
        k = int(draw * (n_takes + n_explores + sells + (1 if self._may_end() else 0)))
        if k < n_takes:
            return rules.take_moves[_nth_bit(takes, k)]
        k -= n_takes
        if k < n_explores:
            return rules.explore_moves[_nth_bit(explores, k)]
        k -= n_explores
        if k < sells:
            for c in range(T):
                n = hands[base + c]
                sets = n if n < max_set[c] else max_set[c]
                if k < sets:
                    return rules.sell_moves[c][k]
                k -= sets
        return rules.end_move

    def _generate_expedition(self, phase: int) -> list[MoveBase]:
        """The decisions the New Expedition adds (tents, looks, keeps, the Mine, the
        Sphinx); chance phases have none."""
        rules = self.rules
        if phase == P_TENT:
            return list(rules.tent_moves)
        if phase == P_LOOK:
            return [rules.look_none] + [rules.look_moves[i] for i in self.lookable()]
        if phase == P_MINE:
            return [rules.draw_move, rules.stop_move]
        if phase == P_NAME:
            return list(rules.name_moves)
        if phase == P_KEEP:
            contents = self.chamber(self.exploring)
            make = rules.move_type.make
            # every multiset of ``keep`` cards of the chamber, once each, in card order
            return [make(KEEP, kept) for kept in
                    dict.fromkeys(combinations_with_replacement(contents, rules.params["keep"]))
                    if all(kept.count(c) <= contents.count(c) for c in set(kept))]
        return []

    # --- protocol: apply -------------------------------------------------------------

    def apply(self, mv: object) -> None:
        # (``object``: any other value is refused here, with IllegalMoveError; compiled, a
        # ``MoveBase`` parameter would refuse a foreign one with a TypeError first)
        if type(mv) is not self.rules.move_type or not isinstance(mv, MoveBase):
            raise IllegalMoveError(f"{mv!r} is not {self.rules.move_type.NOUN}")
        self._moves = None
        self._sampler = None
        kind = mv.kind
        if kind == DIG:  # (the kinds a playout plays most often first)
            self._do_dig()
        elif kind == END:
            self._do_end()
        elif kind == SELL:
            self._do_sell(mv.a, mv.b)
        elif kind == TAKE:
            self._do_take(mv.a)
        elif kind == GIVE:
            self._do_give(mv.a)
        elif kind == DISCARD:
            self._do_discard(mv.a)
        elif kind == EXPLORE:
            self._do_explore(self.rules.chamber_index[mv.a])
        elif kind == STEAL:
            self.victim = mv.a
            self.phase = P_STOLEN
        elif kind == STOLEN:
            self._do_stolen(mv.a)
        elif kind == TRADE:  # a whole trade: its steps (checked by ``check_trade``)
            if self.overpays(mv):  # (no steps make it: the cards change hands at once)
                T = self.rules.treasures
                self._execute_trade([mv.b.count(c) for c in range(T)],
                                    [mv.a.count(c) for c in range(T)])
                return
            for step in self.trade_steps(mv):
                if step.kind == TAKE:
                    self._do_take(step.a)
                else:
                    self._do_give(step.a)
        elif kind == DISCARDS:  # a whole discard: its steps (checked by ``check_discards``)
            for c in mv.a:
                self._do_discard(c)
        else:
            self._apply_expedition(mv)

    def dig_top(self) -> None:
        """At a dig (phase ``dig``): its one chance outcome, the top card of the dig site,
        as ``apply`` plays it, without looking up its move (the playouts' fast path)."""
        self._moves = None
        self._sampler = None
        self._do_dig()

    # --- a whole trade -----------------------------------------------------------------

    def trade_steps(self, trade: MoveBase) -> list[MoveBase]:
        """The ``take``/``give`` steps of a whole trade (``trade GIVES for TAKES``), in the
        order the engine builds it: takes in card order, then gives in falling trade value
        (``rules.give_order``)."""
        rules = self.rules
        gives = sorted(trade.a, key=rules.give_pos.__getitem__)
        return ([rules.take_moves[c] for c in trade.b]
                + [rules.give_moves[c] for c in gives])

    def overpays(self, trade: MoveBase) -> bool:
        """Whether the whole ``trade`` gives more than its takes need: its gives without
        the last one the steps would give (``rules.give_order``) already cover the takes.
        The steps never make such a trade (dominated: see the module docstring), but the
        rulebook allows it ("the difference is simply lost"), so a player's whole trade
        may be one, and ``apply`` moves its cards at once."""
        rules = self.rules
        paid: list[int] = sorted(trade.a, key=rules.give_pos.__getitem__)
        cover = sum(int(rules.trade[c]) for c in paid[:-1])
        return cover >= sum(int(rules.trade[c]) for c in trade.b)

    def check_trade(self, trade: MoveBase, typed: str | None = None) -> None:
        """``IllegalMoveError``, saying why, unless the seat to act may make the whole
        ``trade`` now: no trade in progress and a trade allowed (one between explores), the
        cards in hand and marketplace, the takes within the hand's trade value and covered
        by the gives, and each step legal in turn: the takes, then the gives, the last of
        them covering the takes (a minimal trade); a trade that ``overpays`` has its take
        steps checked, its gives in hand (see the module docstring). The rule broken is
        the error's ``reason`` too (a screen says it whole, without the engine's move
        text); ``typed``: the move as the player wrote it, for the message (``parse_move``'s
        refusals say the text typed, not the engine's ``trade pot_shard for coin``)."""
        rules = self.rules
        said = repr(typed.strip()) if typed is not None else f"'{trade}'"

        def refused(why: str, legal: str | None = None) -> IllegalMoveError:
            return IllegalMoveError(f"move {said} is not legal here: {why}", reason=why,
                                    legal=legal)

        if self.phase != P_ACTION or self.trade_takes is not None:
            raise refused("a whole trade is made in a turn's actions, with no trade in "
                          "progress", legal=listing(self.legal_moves()))
        # (the turn's own limit only: a marketplace without the card, or takes worth more
        # than the hand, also leave no take legal, and are said below)
        if self.trades >= MAX_TRADES_BETWEEN_EXPLORES:
            raise refused("no trade now (one trade before the turn's first explore and one "
                          "after each)")
        base = self.to_move * rules.treasures
        # (the marketplace first: what it holds is the same whatever the hand holds, so a
        # tracker that cannot see the hand says why another seat's trade is refused)
        # (the hand's said to the seat, as a screen's refusals are: "you hold")
        for cards, held, where in ((trade.b, self.market, "the marketplace holds"),
                                   (trade.a, self.hands[base:], "you hold")):
            for c in sorted(set(cards)):
                if cards.count(c) > held[c]:
                    raise refused(f"{where} {held[c]} {rules.card_name(c, held[c])}"
                                  f", not {cards.count(c)}")
        given = sum(rules.trade[c] for c in trade.a)
        taken = sum(rules.trade[c] for c in trade.b)
        if taken > self.hand_value(self.to_move):
            raise refused(f"the takes' trade value {taken} passes the hand's "
                          f"{self.hand_value(self.to_move)}")
        if given < taken:
            raise refused(f"the gives (trade value {given}) do not cover the takes (trade "
                          f"value {taken})")
        probe = self.clone()
        steps = probe.trade_steps(trade)
        if self.overpays(trade):  # the takes' steps only: the gives are in hand (above)
            steps = [step for step in steps if step.kind == TAKE]
        for step in steps:
            if step not in probe.legal_moves():
                # (the step as the rest of the line writes cards: 'take pharaoh's mask')
                step_said = f"{KIND_NAMES[step.kind]} {rules.card_name(step.a)}"
                raise refused(f"its step '{step_said}' is not legal then",
                              legal=listing(probe.legal_moves()))
            probe.apply(step)

    # --- a whole discard ---------------------------------------------------------------

    def check_discards(self, discard: MoveBase, typed: str | None = None) -> None:
        """``IllegalMoveError``, saying why, unless the seat to act may make ``discard`` now:
        a whole discard (``discard CARDS``: the cards in hand, as many as the seat still
        owes the sandstorm, each step legal in turn), or one ``discard``. A discard refused
        only for its place in card order says so, and names the whole discard it could be
        part of (the rulebook lets a seat choose its cards, not their order). A rule
        broken is the error's ``reason`` too, ``typed`` the move as written: as
        :meth:`check_trade`'s."""
        rules = self.rules
        cards = discard.a if discard.kind == DISCARDS else (discard.a,)
        said = repr(typed.strip()) if typed is not None else f"'{discard}'"

        def refused(why: str) -> IllegalMoveError:
            return IllegalMoveError(f"move {said} is not legal here: {why}", reason=why)

        if self.phase != P_STORM:
            options: list[MoveBase] = options_of(self)
            raise IllegalMoveError(f"move {said} is not legal here", legal=listing(options))
        if min(cards) < self.storm_last:  # (first: the reason whatever the hand holds)
            raise IllegalMoveError(self._discard_order(min(cards)))
        owed = self.storm_left  # (public, as the hand's size is: before the hand's cards)
        if discard.kind == DISCARDS and len(cards) != owed:
            # (said to the seat, as a screen's refusals are: "you owe")
            raise refused(f"you owe the sandstorm {owed} "
                          f"card{'s' if owed != 1 else ''}, not {len(cards)}")
        base = self.to_move * rules.treasures
        for c in sorted(set(cards)):
            if cards.count(c) > self.hands[base + c]:
                held = self.hands[base + c]
                raise refused(f"you hold {held} {rules.card_name(c, held)}, not "
                              f"{cards.count(c)}")
        probe = self.clone()
        for c in cards:
            if rules.discard_moves[c] not in probe.legal_moves():
                raise IllegalMoveError(self._discard_order(c))
            probe.apply(rules.discard_moves[c])

    def _discard_order(self, card: int) -> str:
        """Why a discard of ``card`` is not legal now when its place in card order is the
        reason (a seat's discards go in card order), and what to do instead: the discards
        that are legal, or the whole discard."""
        rules = self.rules
        names = [rules.card_name(c) for c in range(rules.treasures)]
        base = self.to_move * rules.treasures
        hands = self.hands
        why = "a seat's sandstorm discards are entered in card order (the order changes nothing)"
        last = self.storm_last
        if card < last:  # cards after it in card order were discarded already
            # (words that hold whatever the hand holds: a tracked seat's is hidden)
            return (f"{why}: after a {names[last]}, the next is a {names[last]} or a card "
                    f"after it in card order; to discard a {names[card]}, undo this "
                    f"sandstorm's discards and name them all in one line (`discard CARD CARD "
                    f"...`, any order)")
        # the whole discard with ``card``: the other cards held nearest it in card order
        below = [c for c in range(card, last - 1, -1)
                 for _ in range(hands[base + c] - (c == card))]
        above = [c for c in range(card + 1, rules.treasures)
                 for _ in range(hands[base + c])]
        whole = sorted([card] + (below + above)[:self.storm_left - 1])
        # one card of these comes first, not all of them: "your coins and pharaoh's mask"
        # read as every coin held, more than the sandstorm asks
        first = either([f"a {names[m.a]}" for m in self.legal_moves()])
        every = "both" if self.storm_left == 2 else f"all {self.storm_left}"
        # (the line to type as the rest names cards, printed where that reads back the same)
        line = spoken("discard " + " ".join(rules.cards.names[c] for c in whole),
                      forms_of(rules.cards), card_names(rules.data))
        return f"{why}: discard {first} first, or name {every} in one line: `{line}`"

    def _do_dig(self) -> None:
        card = self.dig.pop()
        p = self.turn
        rules = self.rules
        T = rules.treasures
        if card < T:
            self.hands[p * T + card] += 1
            self.hand_sizes[p] += 1
            self.record = Record(self.record, (R_DIG, p))
            self.phase = P_ACTION
        elif card == rules.thief:
            self.thieves_drawn += 1
            sizes = self.hand_sizes
            if any(sizes[v] for v in range(self.num_players) if v != p):
                self.phase = P_STEAL
            else:
                self.phase = P_ACTION
        else:
            self.storms_drawn += 1
            self.storm_index = 0
            if rules.reserve_size and self.reserve:
                # the Buried Ruins: a card to each chamber before the tents are decided
                self.refill_left = len(self.chambers)
                self.phase = P_REFILL
            elif rules.tents:
                self._tent_next()
            else:
                self._storm_next()

    def _storm_seat(self) -> int:
        """The seat at ``storm_index`` of a sandstorm's order: from the digger (2007) or
        from the seat to its left (the New Expedition), clockwise."""
        return (self.turn + self.rules.storm_offset + self.storm_index) % self.num_players

    def _storm_next(self) -> None:
        players = self.num_players
        sizes = self.hand_sizes
        protected = self.protected
        while self.storm_index < players:
            seat = self._storm_seat()
            if sizes[seat] >= 2 and not protected >> seat & 1:
                self.to_move = seat
                self.storm_left = sizes[seat] // 2
                self.storm_last = 0
                self.storm_begun = False
                self.phase = P_STORM
                return
            self.storm_index += 1
        # the digger digs again; with the dig site now empty, goes on to the actions
        self.protected = 0
        self.storm_index = 0
        self.to_move = self.turn
        self.phase = P_DIG if self.dig else P_ACTION

    def _do_discard(self, c: int) -> None:
        p = self.to_move
        self.hands[p * self.rules.treasures + c] -= 1
        self.hand_sizes[p] -= 1
        self.market[c] += 1
        self.record = Record(self.record, (R_DISCARD, p, c))
        self.storm_last = c
        self.storm_begun = True
        self.storm_left -= 1
        if self.storm_left == 0:
            self.storm_index += 1
            self._storm_next()

    def _do_stolen(self, c: int) -> None:
        victim = self.victim
        thief = self.turn
        T = self.rules.treasures
        self.hands[victim * T + c] -= 1
        self.hand_sizes[victim] -= 1
        self.hands[thief * T + c] += 1
        self.hand_sizes[thief] += 1
        self.steals = self.steals + ((thief, victim, c),)
        self.record = Record(self.record, (R_STEAL, thief, victim))
        self.victim = -1
        self.phase = P_ACTION

    def _do_take(self, c: int) -> None:
        if self.trade_takes is None:
            T = self.rules.treasures
            self.trade_takes = [0] * T
            self.trade_gives = [0] * T
            self.take_value = self.give_value = 0
            self.last_give_pos = 0
        self.trade_takes[c] += 1
        self.last_take = c
        self.take_value += self.rules.trade[c]

    def _do_give(self, c: int) -> None:
        takes = self.trade_takes
        gives = self.trade_gives
        if takes is None or gives is None:  # (a give follows a take, which starts a trade)
            raise IllegalMoveError(f"give {self.rules.cards.names[c]}: no trade in progress")
        gives[c] += 1
        self.last_give_pos = self.rules.give_pos[c]
        self.give_value += self.rules.trade[c]
        if self.give_value >= self.take_value:
            self._execute_trade(takes, gives)

    def _execute_trade(self, takes: list[int], gives: list[int]) -> None:
        p = self.turn
        T = self.rules.treasures
        base = p * T
        hands = self.hands
        market = self.market
        # the gives leave the hand first (a taken card cannot be given in the same trade)
        gained = 0
        for c in range(T):
            moved = takes[c] - gives[c]
            hands[base + c] += moved
            market[c] -= moved
            gained += moved
        self.hand_sizes[p] += gained
        self.record = Record(self.record, (R_TRADE, p, tuple(gives), tuple(takes)))
        self.trade_takes = self.trade_gives = None
        self.last_take = self.last_give_pos = self.take_value = self.give_value = 0
        self.trades += 1

    def _gain(self, p: int, cards: Sequence[int]) -> None:
        """Cards (ids) into seat ``p``'s hand."""
        base = p * self.rules.treasures
        hands = self.hands
        for c in cards:
            hands[base + c] += 1
        self.hand_sizes[p] += len(cards)

    def _do_explore(self, i: int) -> None:
        p = self.turn
        rules = self.rules
        maps = rules.chamber_maps[i]
        contents = self.chamber(i)
        self.hands[p * rules.treasures + rules.map] -= maps
        self.hand_sizes[p] -= maps
        self.maps_removed += maps
        self.record = Record(self.record, (R_EXPLORE, p, i))
        self.trades = 0  # the chamber's cards may be traded: a new trade is allowed
        self.acted = True
        self.explored = True
        special = rules.special
        if special in TAKE_ALL:
            self.chambers[i] = None
            self._gain(p, contents)
            others = self.chamber_seen[i] & ~(1 << p)
            if others:  # seats that looked at the chamber know what the explorer took
                self.secrets += ((S_TAKE, others | 1 << p, p, i, contents),)
        elif special == REFILL_ON_SANDSTORM:  # face-up chambers: a public take
            self.chambers[i] = ()
            self._gain(p, contents)
            self.record = Record(self.record, (R_TAKE, p, _counts(contents, rules.treasures)))
        elif special == KEEP_SOME:
            if len(contents) <= rules.params["keep"]:
                self._do_keep(i, contents)
            else:
                self.exploring = i
                self.phase = P_KEEP
        else:  # the Mine and the Sphinx draw face up
            self.exploring = i
            self.drawn = ()
            self.phase = P_REVEAL if special == BUST else P_NAME

    def _do_sell(self, c: int, n: int) -> None:
        p = self.turn
        rules = self.rules
        self.hands[p * rules.treasures + c] -= n
        self.hand_sizes[p] -= n
        self.record = Record(self.record, (R_SELL, p, c, n))
        self.sold[p * rules.treasures + c] += n
        self.money[p] += rules.sell[c][n - 1]
        self.sold_cards[p] += n
        piles = list(self.piles)
        piles[p] = piles[p] + ((c, n),)
        self.piles = tuple(piles)
        self.acted = True
        self.sold_this_turn = True
        if not self.dig and not any(self.hand_sizes):
            self.phase = P_OVER
        elif rules.special == PEEK_ON_SELL and self.lookable():
            self.phase = P_LOOK  # the Temple: the seller may look at a chamber

    def _do_end(self) -> None:
        if self.no_dig:
            if self.acted:
                self.first_passer = -1
            elif self.first_passer < 0:
                self.first_passer = self.turn
        if not self.dig and not any(self.hand_sizes):
            self.phase = P_OVER
            return
        self.start_turn((self.turn + 1) % self.num_players)

    def start_turn(self, p: int) -> None:
        """Begin seat ``p``'s turn: a dig, or (dig site empty) the end-game pass rules."""
        self.trades = 0
        self.acted = self.sold_this_turn = self.explored = self.must_sell = False
        self.trade_takes = self.trade_gives = None
        if self.dig:
            self.turn = self.to_move = p
            self.no_dig = False
            self.phase = P_DIG
            return
        sizes = self.hand_sizes
        if not any(sizes):
            self.turn = self.to_move = p
            self.phase = P_OVER
            return
        while not sizes[p]:  # an empty hand passes at once
            p = (p + 1) % self.num_players
        self.turn = self.to_move = p
        self.no_dig = True
        self.phase = P_ACTION
        if self.first_passer == p:
            self.must_sell = True

    # --- the New Expedition's steps ------------------------------------------------------

    def _apply_expedition(self, mv: MoveBase) -> None:
        kind = mv.kind
        phase = self.phase
        if kind == REVEAL and phase == P_REVEAL:
            self._do_reveal(mv.a)
        elif kind == REFILL and phase == P_REFILL:
            self._do_refill(mv.a, mv.b)
        elif kind == TENT and phase == P_TENT:
            self._do_tent(mv.a)
        elif kind == LOOK and phase == P_LOOK:
            self._do_look(mv.a)
        elif kind == KEEP and phase == P_KEEP:
            self._do_keep(self.exploring, mv.a)
        elif kind == DRAW and phase == P_MINE:
            self.phase = P_REVEAL
        elif kind == STOP and phase == P_MINE:
            self._take_drawn(self.drawn)
        elif kind == NAME and phase == P_NAME:
            self.named = mv.a
            self.record = Record(self.record, (R_NAME, self.turn, mv.a))
            self.phase = P_REVEAL
        else:
            raise IllegalMoveError(f"{mv} is not a move of phase {PHASE_NAMES[phase]}")

    def _do_refill(self, i: int, c: int) -> None:
        self.reserve.pop()
        self.chambers[i] = tuple(sorted(self.chamber(i) + (c,)))
        self.record = Record(self.record, (R_REFILL, i, c))
        self.refill_left -= 1
        if self.refill_left == 0 or not self.reserve:
            self.refill_left = 0
            self._tent_next()

    def _tent_next(self) -> None:
        """The next seat (from the digger's left, the digger last) that may shelter in its
        tent; then the discards."""
        players = self.num_players
        sizes = self.hand_sizes
        tents = self.tents
        while self.storm_index < players:
            seat = self._storm_seat()
            # a seat that would lose nothing keeps its tent (using it gains nothing)
            if tents[seat] and sizes[seat] >= 2:
                self.to_move = seat
                self.phase = P_TENT
                return
            self.storm_index += 1
        self.storm_index = 0
        self._storm_next()

    def _do_tent(self, use: int) -> None:
        seat = self.to_move
        if use:
            self.tents[seat] -= 1
            self.protected |= 1 << seat
            self.record = Record(self.record, (R_TENT, seat))
        self.storm_index += 1
        self._tent_next()

    def _do_look(self, i: int) -> None:
        if i >= 0:
            p = self.turn
            self.record = Record(self.record, (R_LOOK, p, i))
            self.secrets += ((S_LOOK, 1 << p, p, i, self.chamber(i)),)
            self.chamber_seen[i] |= 1 << p
            # what the look showed may inform a trade: a new trade is allowed (the Temple
            # caution, see games.expedition.state)
            self.trades = 0
        self.phase = P_ACTION

    def _do_keep(self, i: int, kept: tuple[int, ...]) -> None:
        """The Tomb: keep ``kept`` of chamber ``i``, the rest goes back face down."""
        p = self.turn
        contents = self.chamber(i)
        rest = list(contents)
        for c in kept:
            rest.remove(c)
        self.chambers[i] = tuple(rest)
        self._gain(p, kept)
        self.record = Record(self.record, (R_KEEP, p, i, len(kept)))
        self.secrets += ((S_KEEP, 1 << p, p, i, contents, tuple(kept)),)
        self.chamber_seen[i] = 1 << p
        self.exploring = -1
        self.phase = P_ACTION

    def _do_reveal(self, c: int) -> None:
        i = self.exploring
        rules = self.rules
        contents = list(self.chamber(i))
        contents.remove(c)
        self.chambers[i] = tuple(contents)
        self.draws_used += 1
        self.drawn = self.drawn + (c,)
        self.record = Record(self.record, (R_REVEAL, self.turn, c))
        if rules.special == BUST:
            trade = rules.trade
            if sum(trade[d] for d in self.drawn) > rules.params["bust_over"]:
                self._return_drawn(self.drawn)
            elif not contents:
                self._take_drawn(self.drawn)
            else:
                self.phase = P_MINE
        elif len(self.drawn) < rules.params["draw"] and contents:
            self.phase = P_REVEAL
        else:  # the Sphinx keeps the named types and returns the rest
            named = self.named
            kept = tuple(d for d in self.drawn if d in named)
            back = tuple(d for d in self.drawn if d not in named)
            self.drawn = back
            if back:
                self._return_drawn(back, finish=False)
            self._take_drawn(kept)

    def _take_drawn(self, cards: tuple[int, ...]) -> None:
        """Face-up cards of an explore into the explorer's hand; the explore ends."""
        if cards:
            self._gain(self.turn, cards)
            self.record = Record(self.record, (R_TAKE, self.turn,
                                           _counts(cards, self.rules.treasures)))
        self._finish_drawing()

    def _return_drawn(self, cards: tuple[int, ...], *, finish: bool = True) -> None:
        """Face-up cards back into the chamber being explored, face down."""
        i = self.exploring
        self.chambers[i] = tuple(sorted(self.chamber(i) + cards))
        self.record = Record(self.record, (R_RETURN, self.turn,
                                       _counts(cards, self.rules.treasures)))
        if finish:
            self._finish_drawing()

    def _finish_drawing(self) -> None:
        self.exploring = -1
        self.drawn = ()
        self.named = ()
        self.phase = P_ACTION

    # --- protocol: results -----------------------------------------------------------

    def returns(self) -> list[float]:
        return [float(m) for m in self.money]

    def winners(self) -> list[int]:
        best = max(self.money)
        tied = [p for p in range(self.num_players) if self.money[p] == best]
        fewest = min(self.sold_cards[p] for p in tied)
        return [p for p in tied if self.sold_cards[p] == fewest]

    # --- JSON --------------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        players = self.num_players
        rules = self.rules
        names = rules.cards.names
        T = rules.treasures

        def counts(vec: Sequence[int], base: int = 0) -> dict[str, int]:
            return {names[c]: vec[base + c] for c in range(T) if vec[base + c]}

        out: dict[str, Any] = {
            "game": rules.game_id, "players": players, "phase": PHASE_NAMES[self.phase],
            "turn": self.turn, "to_move": self.current_player(),
            "hands": [counts(self.hands, p * T) for p in range(players)],
            "marketplace": counts(self.market),
            "sold": [[[names[c], n] for c, n in self.piles[p]] for p in range(players)],
            "money": list(self.money), "cards_sold": list(self.sold_cards),
            "dig_site": [names[c] for c in reversed(self.dig)],
            "chambers": {str(size): (None if contents is None else
                                     [names[c] for c in contents])
                         for size, contents in zip(rules.chamber_sizes, self.chambers)},
            "thieves_drawn": self.thieves_drawn, "sandstorms_drawn": self.storms_drawn,
            "maps_removed": self.maps_removed, "steal_rolls": list(self.steal_rolls),
            "history": history_lines(self, None),
            "first_passer": self.first_passer if self.first_passer >= 0 else None,
            "must_sell": self.must_sell,
        }
        if rules.monument is not None:
            out["chambers"] = [{"cards": None if contents is None else
                                [names[c] for c in contents],
                                "seen_by": [p for p in range(players)
                                            if self.chamber_seen[i] >> p & 1]}
                               for i, contents in enumerate(self.chambers)]
            out.update({
                "monument": rules.monument.key, "variants": list(rules.variants),
                "tents": list(self.tents), "reserve": [names[c] for c in reversed(self.reserve)],
                "draw_rolls": list(self.draw_rolls), "draws_used": self.draws_used,
                "exploring": self.exploring if self.exploring >= 0 else None,
                "drawn": [names[c] for c in self.drawn],
                "named": [names[c] for c in self.named], "explored": self.explored,
                "announced": list(self.announced) or None,
            })
        return out


def _nth_bit(mask: int, k: int) -> int:
    """The position of the ``k``-th set bit of ``mask`` (from 0, lowest first)."""
    i = 0
    while True:
        if mask >> i & 1:
            if not k:
                return i
            k -= 1
        i += 1


def _counts(cards: Sequence[int], treasures: int) -> tuple[int, ...]:
    """A tuple of card ids as a count vector."""
    out = [0] * treasures
    for c in cards:
        out[c] += 1
    return tuple(out)


if TYPE_CHECKING:  # mypy checks this engine against the game protocol
    _CONFORMS: type[State[MoveBase]] = ArchaeologyState
