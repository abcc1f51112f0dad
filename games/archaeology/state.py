"""The rules of Archaeology: The Card Game (2007) as a mutable search board.

Card ids, move texts: see ``moves``. Hands, marketplace and sold cards are count vectors
over the seven treasures (cards of one type are interchangeable), so a state is a few flat
lists of small ints and ``clone`` is cheap.

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
  the digger digs again (or, if the dig site is now empty, goes on to the actions).

Then any number of ``take``/``give`` (trade), ``explore`` and ``sell`` in any order, and
``end``.

Decisions on ambiguities (each tested in ``tests/games/test_archaeology_rules.py``):

* **Trades as steps.** A trade is built by ``take`` moves (card order, each keeping the
  takes' value within the hand's total trade value), then ``give`` moves in falling trade
  value (ties in card order); it happens the moment the gives cover the takes. Every trade
  that gives a *minimal* set of cards (no card could be left out and still cover the takes)
  is reachable, each exactly once. **Trades that give more than needed are left out:** the
  superfluous card could instead be kept and sold at once for at least $1 (a single card
  always sells), so such a trade is dominated in money by the minimal trade followed by
  that sale. A trade must take at least one card (giving cards for nothing is the same
  as throwing money away). **One trade between explores.** A turn allows
  ``MAX_TRADES_BETWEEN_EXPLORES`` (one) trade before its first explore, and one more after
  each explore. Nothing is lost: two trades with no explore between them can be merged
  into one trade with the same effect on hand and marketplace (only the player's own
  trades change the marketplace during its turn, a sale between them can wait until after
  them, and the merged trade gives value(X) + value(Z) − value(Y) ≥ value(W) for trades
  X→Y then Z→W, cancelling any card given and taken back), and a merged trade that gives
  more than needed is dominated as above. Without a limit, equal-value swaps could go on
  for ever within a turn.
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

from games.errors import IllegalMoveError, InvalidStateError
from games.protocol import CHANCE, TERMINAL

from .hidden import (EMPTY_RECORD, R_DIG, R_DISCARD, R_EXPLORE, R_SELL, R_STEAL, R_TRADE,
                     HiddenInformation, history_lines)
from .moves import (CARD_NAMES, DIG, DISCARD, END, EXPLORE, GIVE, MAP, SELL, STEAL, STOLEN,
                    TAKE, THIEF, TREASURES, Move, move)
from .rules import (MAX_TRADES_BETWEEN_EXPLORES, P_ACTION, P_DIG, P_OVER, P_STEAL, P_STOLEN,
                    P_STORM, PHASE_NAMES, Rules)

__all__ = ["ArchaeologyState"]

_END = move(END)


class ArchaeologyState(HiddenInformation):
    """A full world: every hidden card fixed. Implements ``games.protocol.State``.

    Cards of one type are interchangeable, so hands, marketplace and sold cards are count
    vectors over the seven treasures, kept in flat lists (seat ``p``'s treasure ``c`` is
    ``hands[p * 7 + c]``) and ``clone`` is cheap:

    * ``hands``, ``hand_sizes``, ``market``, ``sold`` (per seat and type), ``money``,
      ``sold_cards``, ``piles`` (per seat, its sales as ``(card, n)``);
    * ``dig`` (the dig site, top card last), ``chambers`` (contents per chamber, ``None``
      once explored), ``steal_rolls`` (one int per thief card: which card it takes),
      ``thieves_drawn``, ``storms_drawn``, ``maps_removed`` (maps spent exploring);
    * ``record`` (the public events, see ``hidden``) and ``steals`` (per theft so far,
      ``(thief, victim, card)``; the card is known to thief and victim only);
    * the turn: ``turn`` (whose turn it is), ``to_move`` (the seat to act: the turn's
      seat, or during a sandstorm the seat discarding), ``phase`` (``rules.P_*``),
      ``victim`` (a thief's choice), ``storm_index``/``storm_left``/``storm_last`` (which
      seat discards, how many cards it still owes, its last card type), the trade being
      built (``trade_takes``/``trade_gives`` count vectors, ``last_take``,
      ``last_give_pos``, ``take_value``, ``give_value``), ``trades`` (trades since the
      turn's last explore), ``acted``, ``sold_this_turn``, ``no_dig`` (a turn without a
      dig: the dig site was empty), ``first_passer``, ``must_sell``.
    """

    __slots__ = ("rules", "num_players", "hands", "hand_sizes", "market", "sold", "money",
                 "sold_cards", "piles", "dig", "chambers", "steal_rolls", "thieves_drawn",
                 "storms_drawn", "maps_removed", "record", "steals", "turn", "to_move",
                 "phase", "victim", "storm_index", "storm_left", "storm_last", "trade_takes",
                 "trade_gives", "last_take", "last_give_pos", "take_value", "give_value",
                 "trades", "acted", "sold_this_turn", "no_dig", "first_passer", "must_sell",
                 "_moves", "_sampler")
    #: Fields ``clone`` shares: replaced, never mutated in place (conformance test).
    SHARED_SLOTS = ("rules", "steal_rolls", "record", "_moves", "_sampler")

    # --- construction ----------------------------------------------------------------

    @classmethod
    def blank(cls, rules: Rules) -> "ArchaeologyState":
        """A state with no card anywhere yet, seat 0's turn (for deals and views to fill)."""
        s = cls.__new__(cls)
        players = rules.players
        s.rules = rules
        s.num_players = players
        s.hands = [0] * (players * TREASURES)
        s.hand_sizes = [0] * players
        s.market = [0] * TREASURES
        s.sold = [0] * (players * TREASURES)
        s.money = [0] * players
        s.sold_cards = [0] * players
        s.piles = tuple(() for _ in range(players))
        s.dig = []
        s.chambers = [() for _ in rules.chamber_sizes]
        s.steal_rolls = []
        s.thieves_drawn = s.storms_drawn = s.maps_removed = 0
        s.record = EMPTY_RECORD
        s.steals = ()
        s.turn = s.to_move = 0
        s.phase = P_DIG
        s.victim = -1
        s.storm_index = s.storm_left = s.storm_last = 0
        s.trade_takes = s.trade_gives = None
        s.last_take = s.last_give_pos = s.take_value = s.give_value = 0
        s.trades = 0
        s.acted = s.sold_this_turn = s.no_dig = s.must_sell = False
        s.first_passer = -1
        s._moves = None
        s._sampler = None
        return s

    def clone(self) -> "ArchaeologyState":
        s = ArchaeologyState.__new__(ArchaeologyState)
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
        s.steal_rolls = self.steal_rolls  # replaced, never mutated
        s.thieves_drawn = self.thieves_drawn
        s.storms_drawn = self.storms_drawn
        s.maps_removed = self.maps_removed
        s.record = self.record  # persistent
        s.steals = self.steals  # a tuple
        s.turn = self.turn
        s.to_move = self.to_move
        s.phase = self.phase
        s.victim = self.victim
        s.storm_index = self.storm_index
        s.storm_left = self.storm_left
        s.storm_last = self.storm_last
        s.trade_takes = self.trade_takes[:] if self.trade_takes is not None else None
        s.trade_gives = self.trade_gives[:] if self.trade_gives is not None else None
        s.last_take = self.last_take
        s.last_give_pos = self.last_give_pos
        s.take_value = self.take_value
        s.give_value = self.give_value
        s.trades = self.trades
        s.acted = self.acted
        s.sold_this_turn = self.sold_this_turn
        s.no_dig = self.no_dig
        s.first_passer = self.first_passer
        s.must_sell = self.must_sell
        s._moves = self._moves
        s._sampler = self._sampler  # same information, same posterior
        return s

    # --- protocol: whose turn ---------------------------------------------------------

    def current_player(self) -> int:
        phase = self.phase
        if phase == P_ACTION or phase == P_STEAL or phase == P_STORM:
            return self.to_move
        if phase == P_OVER:
            return TERMINAL
        return CHANCE

    def is_terminal(self) -> bool:
        return self.phase == P_OVER

    def chance_outcomes(self):
        if self.phase == P_DIG:
            return [(self.rules.dig_moves[self.dig[-1]], 1.0)]
        if self.phase == P_STOLEN:
            return [(self.rules.stolen_moves[self.stolen_card()], 1.0)]
        return []

    def stolen_card(self) -> int:
        """The card the current thief takes (its steal roll indexes the victim's hand)."""
        victim = self.victim
        index = self.steal_rolls[self.thieves_drawn - 1] % self.hand_sizes[victim]
        base = victim * TREASURES
        hands = self.hands
        for c in range(TREASURES):
            index -= hands[base + c]
            if index < 0:
                return c
        raise InvalidStateError(f"seat {victim} has no card to steal")

    # --- protocol: legal moves --------------------------------------------------------

    def legal_moves(self):
        moves = self._moves
        if moves is None:
            moves = self._moves = self._generate()
        return moves

    def hand_value(self, seat: int) -> int:
        """Total trade value of ``seat``'s hand."""
        h = self.hands
        t = self.rules.trade
        b = seat * TREASURES
        return (t[0] * h[b] + t[1] * h[b + 1] + t[2] * h[b + 2] + t[3] * h[b + 3]
                + t[4] * h[b + 4] + t[5] * h[b + 5] + t[6] * h[b + 6])

    def _generate(self) -> list:
        rules = self.rules
        phase = self.phase
        hands = self.hands
        if phase == P_STORM:
            base = self.to_move * TREASURES
            # discards go in card order; a card is allowed only if enough cards of it and
            # later types remain to finish this seat's discards
            out = []
            left = self.storm_left
            above = sum(hands[base + self.storm_last:base + TREASURES])
            for c in range(self.storm_last, TREASURES):
                if hands[base + c] and above >= left:
                    out.append(rules.discard_moves[c])
                above -= hands[base + c]
            return out
        if phase == P_STEAL:
            sizes = self.hand_sizes
            me = self.to_move
            return [rules.steal_moves[v] for v in range(self.num_players) if v != me and sizes[v]]
        if phase != P_ACTION:
            return []
        seat = self.to_move
        base = seat * TREASURES
        trade = rules.trade
        market = self.market
        out = []
        takes = self.trade_takes
        if takes is not None:
            value = self.hand_value(seat)
            take_value = self.take_value
            if self.give_value == 0:
                for c in range(self.last_take, TREASURES):
                    if market[c] > takes[c] and take_value + trade[c] <= value:
                        out.append(rules.take_moves[c])
            gives = self.trade_gives
            order = rules.give_order
            start = self.last_give_pos
            # suffix[i]: trade value still givable from give_order[i:]
            suffix = [0] * (TREASURES + 1)
            for i in range(TREASURES - 1, start - 1, -1):
                c = order[i]
                suffix[i] = suffix[i + 1] + trade[c] * (hands[base + c] - gives[c])
            need = take_value - self.give_value
            for i in range(start, TREASURES):
                c = order[i]
                if hands[base + c] > gives[c] and suffix[i] >= need:
                    out.append(rules.give_moves[c])
            return out
        if self.trades < MAX_TRADES_BETWEEN_EXPLORES:
            value = self.hand_value(seat)
            for c in range(TREASURES):
                if market[c] and trade[c] <= value:
                    out.append(rules.take_moves[c])
        maps = hands[base + MAP]
        for i, contents in enumerate(self.chambers):
            if contents is not None and maps >= rules.chamber_maps[i]:
                out.append(rules.explore_moves[i])
        for c in range(TREASURES):
            n = hands[base + c]
            if n:
                sells = rules.sell_moves[c]
                out.extend(sells[:n] if n < len(sells) else sells)
        if not self.must_sell or self.sold_this_turn:
            out.append(_END)
        return out

    # --- protocol: apply -------------------------------------------------------------

    def apply(self, mv) -> None:
        if type(mv) is not Move:
            raise IllegalMoveError(f"{mv!r} is not an Archaeology move")
        self._moves = None
        self._sampler = None
        kind = mv.kind
        if kind == DIG:
            self._do_dig()
        elif kind == SELL:
            self._do_sell(mv.a, mv.b)
        elif kind == END:
            self._do_end()
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
        else:  # STOLEN
            self._do_stolen(mv.a)

    def _do_dig(self) -> None:
        card = self.dig.pop()
        p = self.turn
        if card < TREASURES:
            self.hands[p * TREASURES + card] += 1
            self.hand_sizes[p] += 1
            self.record = self.record.add((R_DIG, p))
            self.phase = P_ACTION
        elif card == THIEF:
            self.thieves_drawn += 1
            sizes = self.hand_sizes
            if any(sizes[v] for v in range(self.num_players) if v != p):
                self.phase = P_STEAL
            else:
                self.phase = P_ACTION
        else:
            self.storms_drawn += 1
            self.storm_index = 0
            self._storm_next()

    def _storm_next(self) -> None:
        players = self.num_players
        sizes = self.hand_sizes
        while self.storm_index < players:
            seat = (self.turn + self.storm_index) % players
            if sizes[seat] >= 2:
                self.to_move = seat
                self.storm_left = sizes[seat] // 2
                self.storm_last = 0
                self.phase = P_STORM
                return
            self.storm_index += 1
        # the digger digs again; with the dig site now empty, goes on to the actions
        self.to_move = self.turn
        self.phase = P_DIG if self.dig else P_ACTION

    def _do_discard(self, c: int) -> None:
        p = self.to_move
        self.hands[p * TREASURES + c] -= 1
        self.hand_sizes[p] -= 1
        self.market[c] += 1
        self.record = self.record.add((R_DISCARD, p, c))
        self.storm_last = c
        self.storm_left -= 1
        if self.storm_left == 0:
            self.storm_index += 1
            self._storm_next()

    def _do_stolen(self, c: int) -> None:
        victim = self.victim
        thief = self.turn
        self.hands[victim * TREASURES + c] -= 1
        self.hand_sizes[victim] -= 1
        self.hands[thief * TREASURES + c] += 1
        self.hand_sizes[thief] += 1
        self.steals = self.steals + ((thief, victim, c),)
        self.record = self.record.add((R_STEAL, thief, victim))
        self.victim = -1
        self.phase = P_ACTION

    def _do_take(self, c: int) -> None:
        if self.trade_takes is None:
            self.trade_takes = [0] * TREASURES
            self.trade_gives = [0] * TREASURES
            self.take_value = self.give_value = 0
            self.last_give_pos = 0
        self.trade_takes[c] += 1
        self.last_take = c
        self.take_value += self.rules.trade[c]

    def _do_give(self, c: int) -> None:
        self.trade_gives[c] += 1
        self.last_give_pos = self.rules.give_pos[c]
        self.give_value += self.rules.trade[c]
        if self.give_value >= self.take_value:
            self._execute_trade()

    def _execute_trade(self) -> None:
        p = self.turn
        base = p * TREASURES
        hands = self.hands
        market = self.market
        takes = self.trade_takes
        gives = self.trade_gives
        # the gives leave the hand first (a taken card cannot be given in the same trade)
        for c in range(TREASURES):
            hands[base + c] += takes[c] - gives[c]
            market[c] += gives[c] - takes[c]
        self.hand_sizes[p] += sum(takes) - sum(gives)
        self.record = self.record.add((R_TRADE, p, tuple(gives), tuple(takes)))
        self.trade_takes = self.trade_gives = None
        self.last_take = self.last_give_pos = self.take_value = self.give_value = 0
        self.trades += 1

    def _do_explore(self, i: int) -> None:
        p = self.turn
        maps = self.rules.chamber_maps[i]
        contents = self.chambers[i]
        self.chambers[i] = None
        base = p * TREASURES
        self.hands[base + MAP] -= maps
        self.maps_removed += maps
        for c in contents:
            self.hands[base + c] += 1
        self.hand_sizes[p] += len(contents) - maps
        self.record = self.record.add((R_EXPLORE, p, i))
        self.trades = 0  # the chamber's cards may be traded: a new trade is allowed
        self.acted = True

    def _do_sell(self, c: int, n: int) -> None:
        p = self.turn
        self.hands[p * TREASURES + c] -= n
        self.hand_sizes[p] -= n
        self.record = self.record.add((R_SELL, p, c, n))
        self.sold[p * TREASURES + c] += n
        self.money[p] += self.rules.sell[c][n - 1]
        self.sold_cards[p] += n
        piles = list(self.piles)
        piles[p] = piles[p] + ((c, n),)
        self.piles = tuple(piles)
        self.acted = True
        self.sold_this_turn = True
        if not self.dig and not any(self.hand_sizes):
            self.phase = P_OVER

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
        self.acted = self.sold_this_turn = self.must_sell = False
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

    # --- protocol: results -----------------------------------------------------------

    def returns(self) -> list[float]:
        return [float(m) for m in self.money]

    def winners(self) -> list[int]:
        best = max(self.money)
        tied = [p for p in range(self.num_players) if self.money[p] == best]
        fewest = min(self.sold_cards[p] for p in tied)
        return [p for p in tied if self.sold_cards[p] == fewest]

    # --- JSON --------------------------------------------------------------------------

    def to_json(self) -> dict:
        players = self.num_players

        def counts(vec, base=0):
            return {CARD_NAMES[c]: vec[base + c] for c in range(TREASURES) if vec[base + c]}

        return {
            "game": "archaeology", "players": players, "phase": PHASE_NAMES[self.phase],
            "turn": self.turn, "to_move": self.current_player(),
            "hands": [counts(self.hands, p * TREASURES) for p in range(players)],
            "marketplace": counts(self.market),
            "sold": [[[CARD_NAMES[c], n] for c, n in self.piles[p]] for p in range(players)],
            "money": list(self.money), "cards_sold": list(self.sold_cards),
            "dig_site": [CARD_NAMES[c] for c in reversed(self.dig)],
            "chambers": {str(size): (None if contents is None else
                                     [CARD_NAMES[c] for c in contents])
                         for size, contents in zip(self.rules.chamber_sizes, self.chambers)},
            "thieves_drawn": self.thieves_drawn, "sandstorms_drawn": self.storms_drawn,
            "maps_removed": self.maps_removed, "steal_rolls": list(self.steal_rolls),
            "history": history_lines(self, None),
            "first_passer": self.first_passer if self.first_passer >= 0 else None,
            "must_sell": self.must_sell,
        }
