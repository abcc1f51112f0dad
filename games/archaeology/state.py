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

Hidden information: see "Knowledge" in the ``ArchaeologyState`` docstring, ``hidden``
(unseen cards, the determinizer) and ``views`` (the JSON player view).
"""

from __future__ import annotations

from typing import Hashable

from games.errors import InvalidStateError
from games.protocol import CHANCE, TERMINAL

from .moves import (DIG, DISCARD, END, EXPLORE, GIVE, MAP, SANDSTORM, SELL, STEAL, STOLEN,
                    TAKE, THIEF, TREASURES, move)

__all__ = ["Rules", "ArchaeologyState", "MAX_TRADES_BETWEEN_EXPLORES",
           "P_DIG", "P_STEAL", "P_STOLEN", "P_STORM", "P_ACTION", "P_OVER", "PHASE_NAMES"]

MAX_TRADES_BETWEEN_EXPLORES = 1
T = TREASURES
P_DIG, P_STEAL, P_STOLEN, P_STORM, P_ACTION, P_OVER = range(6)
PHASE_NAMES = ("dig", "steal", "stolen", "sandstorm", "action", "over")

_END = move(END)
assert P_STOLEN == 2  # hidden.P_STOLEN mirrors it


class Rules:
    """The card tables of one game (shared by every state of it, never copied)."""

    __slots__ = ("data", "players", "trade", "sell", "max_set", "counts", "chamber_sizes",
                 "chamber_maps", "give_order", "give_pos", "chamber_index", "take_moves",
                 "give_moves", "discard_moves", "sell_moves", "explore_moves", "steal_moves",
                 "dig_moves", "stolen_moves")

    def __init__(self, data, players: int):
        from .moves import CARD_NAMES
        self.data = data
        self.players = players
        treasures = [data.treasures[key] for key in CARD_NAMES[:T]]
        self.trade = tuple(t.trade for t in treasures)
        self.sell = tuple(tuple(t.sell) for t in treasures)
        self.max_set = tuple(t.max_set for t in treasures)
        self.counts = tuple(t.count for t in treasures) + (
            data.thief_cards, data.sandstorms_for(players))
        self.chamber_sizes = tuple(c.size for c in data.pyramid)
        self.chamber_maps = tuple(c.maps for c in data.pyramid)
        self.chamber_index = {size: i for i, size in enumerate(self.chamber_sizes)}
        self.give_order = tuple(sorted(range(T), key=lambda c: (-self.trade[c], c)))
        pos = [0] * T
        for i, c in enumerate(self.give_order):
            pos[c] = i
        self.give_pos = tuple(pos)
        self.take_moves = tuple(move(TAKE, c) for c in range(T))
        self.give_moves = tuple(move(GIVE, c) for c in range(T))
        self.discard_moves = tuple(move(DISCARD, c) for c in range(T))
        self.dig_moves = tuple(move(DIG, c) for c in range(SANDSTORM + 1))
        self.stolen_moves = tuple(move(STOLEN, c) for c in range(T))
        self.sell_moves = tuple(tuple(move(SELL, c, n) for n in range(1, self.max_set[c] + 1))
                                for c in range(T))
        self.explore_moves = tuple(move(EXPLORE, i, s) for i, s in enumerate(self.chamber_sizes))
        self.steal_moves = tuple(move(STEAL, s) for s in range(players))


_RULES: dict[tuple[int, int], Rules] = {}


def rules_for(data, players: int) -> Rules:
    """The (cached) ``Rules`` of ``data`` at a table of ``players``."""
    key = (id(data), players)
    found = _RULES.get(key)
    if found is None or found.data is not data:
        found = _RULES[key] = Rules(data, players)
    return found


class ArchaeologyState:
    """A full world: every hidden card fixed. Implements ``games.protocol.State``.

    Fields (flat lists; seat ``p``'s treasure ``c`` is ``hands[p * 7 + c]``):
    ``hands``, ``hn`` (hand sizes), ``market``, ``sold`` (per seat and type), ``money``,
    ``sold_cards``, ``piles`` (tuple per seat of ``(card, n)`` sales), ``dig`` (top card
    last), ``chambers`` (contents per chamber, ``None`` once explored), ``rolls`` (one int
    per thief card: which card it steals), ``thieves``/``storms`` (drawn so far),
    ``maps_out`` (maps spent exploring).

    **Knowledge** — what each seat ``o`` knows of another seat ``p``'s hand:
    ``known[(o * P + p) * 7 + c]`` cards of type ``c`` it has seen ``p`` receive (taken from
    the marketplace; stolen from ``o``) and not seen leave, and ``nonmap[o * P + p]``: how
    many of the others are certainly not maps (dealt at setup, found in a chamber). When
    ``p`` gives up a card of type ``c`` in public (trade, sandstorm, sale, exploring) an
    observer first strikes a known ``c``, else one unknown card (a non-map one if ``c`` is
    not a map); this keeps exactly the worlds it cannot rule out. A thief seen stealing
    between two *other* seats (3-4 players only) makes the observer forget what it knew of
    the victim's hand (which of its cards moved is unknown): a documented approximation, it
    lets the determinizer place those once-known cards anywhere unseen.
    """

    __slots__ = ("R", "num_players", "hands", "hn", "market", "sold", "money", "sold_cards",
                 "piles", "dig", "chambers", "rolls", "thieves", "storms", "maps_out",
                 "known", "nonmap", "current", "phase", "actor", "victim", "storm_idx",
                 "storm_left", "storm_last", "tk", "gv", "tk_last", "gv_last", "vt", "vg",
                 "trades", "acted", "sold_turn", "nodig", "first_passer", "must_sell",
                 "_moves")
    #: Fields ``clone`` shares: replaced, never mutated in place (conformance test).
    SHARED_SLOTS = ("R", "rolls", "_moves")

    # --- construction ----------------------------------------------------------------

    @classmethod
    def blank(cls, rules: Rules) -> "ArchaeologyState":
        s = cls.__new__(cls)
        P = rules.players
        s.R = rules
        s.num_players = P
        s.hands = [0] * (P * T)
        s.hn = [0] * P
        s.market = [0] * T
        s.sold = [0] * (P * T)
        s.money = [0] * P
        s.sold_cards = [0] * P
        s.piles = tuple(() for _ in range(P))
        s.dig = []
        s.chambers = [() for _ in rules.chamber_sizes]
        s.rolls = []
        s.thieves = s.storms = s.maps_out = 0
        s.known = [0] * (P * P * T)
        s.nonmap = [0] * (P * P)
        s.current = 0
        s.phase = P_DIG
        s.actor = 0
        s.victim = -1
        s.storm_idx = s.storm_left = s.storm_last = 0
        s.tk = None
        s.gv = None
        s.tk_last = s.gv_last = s.vt = s.vg = 0
        s.trades = 0
        s.acted = s.sold_turn = s.nodig = s.must_sell = False
        s.first_passer = -1
        s._moves = None
        return s

    def clone(self) -> "ArchaeologyState":
        s = ArchaeologyState.__new__(ArchaeologyState)
        s.R = self.R
        s.num_players = self.num_players
        s.hands = self.hands[:]
        s.hn = self.hn[:]
        s.market = self.market[:]
        s.sold = self.sold[:]
        s.money = self.money[:]
        s.sold_cards = self.sold_cards[:]
        s.piles = self.piles
        s.dig = self.dig[:]
        s.chambers = self.chambers[:]
        s.rolls = self.rolls  # replaced, never mutated
        s.thieves = self.thieves
        s.storms = self.storms
        s.maps_out = self.maps_out
        s.known = self.known[:]
        s.nonmap = self.nonmap[:]
        s.current = self.current
        s.phase = self.phase
        s.actor = self.actor
        s.victim = self.victim
        s.storm_idx = self.storm_idx
        s.storm_left = self.storm_left
        s.storm_last = self.storm_last
        s.tk = self.tk[:] if self.tk is not None else None
        s.gv = self.gv[:] if self.gv is not None else None
        s.tk_last = self.tk_last
        s.gv_last = self.gv_last
        s.vt = self.vt
        s.vg = self.vg
        s.trades = self.trades
        s.acted = self.acted
        s.sold_turn = self.sold_turn
        s.nodig = self.nodig
        s.first_passer = self.first_passer
        s.must_sell = self.must_sell
        s._moves = self._moves
        return s

    # --- protocol: whose turn ---------------------------------------------------------

    def current_player(self) -> int:
        phase = self.phase
        if phase == P_ACTION or phase == P_STEAL:
            return self.current
        if phase == P_STORM:
            return self.actor
        if phase == P_OVER:
            return TERMINAL
        return CHANCE

    def is_terminal(self) -> bool:
        return self.phase == P_OVER

    def chance_outcomes(self):
        if self.phase == P_DIG:
            return [(self.R.dig_moves[self.dig[-1]], 1.0)]
        if self.phase == P_STOLEN:
            return [(self.R.stolen_moves[self._stolen_card()], 1.0)]
        return []

    def _stolen_card(self) -> int:
        v = self.victim
        index = self.rolls[self.thieves - 1] % self.hn[v]
        base = v * T
        hands = self.hands
        for c in range(T):
            index -= hands[base + c]
            if index < 0:
                return c
        raise AssertionError("victim's hand is empty")

    # --- protocol: legal moves --------------------------------------------------------

    def legal_moves(self):
        moves = self._moves
        if moves is None:
            moves = self._moves = self._generate()
        return moves

    def _hand_value(self, p: int) -> int:
        h = self.hands
        t = self.R.trade
        b = p * T
        return (t[0] * h[b] + t[1] * h[b + 1] + t[2] * h[b + 2] + t[3] * h[b + 3]
                + t[4] * h[b + 4] + t[5] * h[b + 5] + t[6] * h[b + 6])

    def _generate(self) -> list:
        R = self.R
        phase = self.phase
        hands = self.hands
        if phase == P_STORM:
            base = self.actor * T
            # discards go in card order; a card is allowed only if enough cards of it and
            # later types remain to finish this seat's discards
            out = []
            left = self.storm_left
            above = sum(hands[base + self.storm_last:base + T])
            for c in range(self.storm_last, T):
                if hands[base + c] and above >= left:
                    out.append(R.discard_moves[c])
                above -= hands[base + c]
            return out
        if phase == P_STEAL:
            hn = self.hn
            me = self.current
            return [R.steal_moves[v] for v in range(self.num_players) if v != me and hn[v]]
        if phase != P_ACTION:
            return []
        p = self.current
        base = p * T
        trade = R.trade
        market = self.market
        out = []
        tk = self.tk
        if tk is not None:
            hv = self._hand_value(p)
            vt = self.vt
            if self.vg == 0:
                for c in range(self.tk_last, T):
                    if market[c] > tk[c] and vt + trade[c] <= hv:
                        out.append(R.take_moves[c])
            gv = self.gv
            order = R.give_order
            start = self.gv_last
            # suffix[i]: trade value still givable from give_order[i:]
            suffix = [0] * (T + 1)
            for i in range(T - 1, start - 1, -1):
                c = order[i]
                suffix[i] = suffix[i + 1] + trade[c] * (hands[base + c] - gv[c])
            need = vt - self.vg
            for i in range(start, T):
                c = order[i]
                if hands[base + c] > gv[c] and suffix[i] >= need:
                    out.append(R.give_moves[c])
            return out
        if self.trades < MAX_TRADES_BETWEEN_EXPLORES:
            hv = self._hand_value(p)
            for c in range(T):
                if market[c] and trade[c] <= hv:
                    out.append(R.take_moves[c])
        maps = hands[base + MAP]
        for i, contents in enumerate(self.chambers):
            if contents is not None and maps >= R.chamber_maps[i]:
                out.append(R.explore_moves[i])
        for c in range(T):
            n = hands[base + c]
            if n:
                sells = R.sell_moves[c]
                out.extend(sells[:n] if n < len(sells) else sells)
        if not self.must_sell or self.sold_turn:
            out.append(_END)
        return out

    # --- protocol: apply -------------------------------------------------------------

    def apply(self, mv) -> None:
        self._moves = None
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
            self._do_explore(mv.a)
        elif kind == STEAL:
            self.victim = mv.a
            self.phase = P_STOLEN
        elif kind == STOLEN:
            self._do_stolen(mv.a)
        else:  # pragma: no cover - moves come from legal_moves
            raise InvalidStateError(f"unknown move {mv!r}")

    def _lose(self, p: int, c: int, n: int) -> None:
        """``p`` gave up ``n`` cards of type ``c`` in public (hand already updated)."""
        P = self.num_players
        known = self.known
        nonmap = self.nonmap
        hn_p = self.hn[p]
        for o in range(P):
            if o == p:
                continue
            base = (o * P + p) * T
            k = known[base + c]
            if k >= n:
                known[base + c] = k - n
                rest = 0
            else:
                known[base + c] = 0
                rest = n - k
            i = o * P + p
            nm = nonmap[i]
            if rest and c != MAP:
                nm = nm - rest if nm > rest else 0
            unknown = hn_p - sum(known[base:base + T])
            nonmap[i] = nm if nm < unknown else unknown

    def _do_dig(self) -> None:
        card = self.dig.pop()
        p = self.current
        if card < T:
            self.hands[p * T + card] += 1
            self.hn[p] += 1
            self.phase = P_ACTION
        elif card == THIEF:
            self.thieves += 1
            hn = self.hn
            if any(hn[v] for v in range(self.num_players) if v != p):
                self.phase = P_STEAL
            else:
                self.phase = P_ACTION
        else:
            self.storms += 1
            self.storm_idx = 0
            self._storm_next()

    def _storm_next(self) -> None:
        P = self.num_players
        hn = self.hn
        while self.storm_idx < P:
            seat = (self.current + self.storm_idx) % P
            if hn[seat] >= 2:
                self.actor = seat
                self.storm_left = hn[seat] // 2
                self.storm_last = 0
                self.phase = P_STORM
                return
            self.storm_idx += 1
        # the digger digs again; with the dig site now empty, goes on to the actions
        self.phase = P_DIG if self.dig else P_ACTION

    def _do_discard(self, c: int) -> None:
        p = self.actor
        self.hands[p * T + c] -= 1
        self.hn[p] -= 1
        self.market[c] += 1
        self._lose(p, c, 1)
        self.storm_last = c
        self.storm_left -= 1
        if self.storm_left == 0:
            self.storm_idx += 1
            self._storm_next()

    def _do_stolen(self, c: int) -> None:
        v = self.victim
        t = self.current
        P = self.num_players
        self.hands[v * T + c] -= 1
        self.hn[v] -= 1
        self.hands[t * T + c] += 1
        self.hn[t] += 1
        known = self.known
        nonmap = self.nonmap
        for o in range(P):
            if o == v:
                known[(v * P + t) * T + c] += 1
            elif o == t:
                self._lose_for(t, v, c)
            else:
                base = (o * P + v) * T
                for i in range(base, base + T):
                    known[i] = 0
                nonmap[o * P + v] = 0
        self.victim = -1
        self.phase = P_ACTION

    def _lose_for(self, o: int, p: int, c: int) -> None:
        """Observer ``o`` alone sees ``p`` lose one card ``c``."""
        P = self.num_players
        known = self.known
        base = (o * P + p) * T
        i = o * P + p
        if known[base + c]:
            known[base + c] -= 1
        elif c != MAP and self.nonmap[i]:
            self.nonmap[i] -= 1
        unknown = self.hn[p] - sum(known[base:base + T])
        if self.nonmap[i] > unknown:
            self.nonmap[i] = unknown

    def _do_take(self, c: int) -> None:
        if self.tk is None:
            self.tk = [0] * T
            self.gv = [0] * T
            self.vt = self.vg = 0
            self.gv_last = 0
        self.tk[c] += 1
        self.tk_last = c
        self.vt += self.R.trade[c]

    def _do_give(self, c: int) -> None:
        self.gv[c] += 1
        self.gv_last = self.R.give_pos[c]
        self.vg += self.R.trade[c]
        if self.vg >= self.vt:
            self._execute_trade()

    def _execute_trade(self) -> None:
        p = self.current
        P = self.num_players
        base = p * T
        hands = self.hands
        market = self.market
        tk = self.tk
        gv = self.gv
        # the gives leave the hand first (a taken card cannot be given in the same trade)
        hn = self.hn
        for c in range(T):
            g = gv[c]
            if g:
                hands[base + c] -= g
                hn[p] -= g
                market[c] += g
                self._lose(p, c, g)
        known = self.known
        self.hn[p] += sum(tk)
        for c in range(T):
            t = tk[c]
            if t:
                hands[base + c] += t
                market[c] -= t
                for o in range(P):
                    if o != p:
                        known[(o * P + p) * T + c] += t
        self.tk = self.gv = None
        self.tk_last = self.gv_last = self.vt = self.vg = 0
        self.trades += 1

    def _do_explore(self, i: int) -> None:
        p = self.current
        P = self.num_players
        maps = self.R.chamber_maps[i]
        contents = self.chambers[i]
        self.chambers[i] = None
        self.hands[p * T + MAP] -= maps
        self.hn[p] -= maps
        self.maps_out += maps
        self._lose(p, MAP, maps)
        self.trades = 0  # the chamber's cards may be traded: a new trade is allowed
        for c in contents:
            self.hands[p * T + c] += 1
        self.hn[p] += len(contents)
        for o in range(P):
            if o != p:
                self.nonmap[o * P + p] += len(contents)
        self.acted = True

    def _do_sell(self, c: int, n: int) -> None:
        p = self.current
        self.hands[p * T + c] -= n
        self.hn[p] -= n
        self._lose(p, c, n)
        self.sold[p * T + c] += n
        self.money[p] += self.R.sell[c][n - 1]
        self.sold_cards[p] += n
        piles = list(self.piles)
        piles[p] = piles[p] + ((c, n),)
        self.piles = tuple(piles)
        self.acted = True
        self.sold_turn = True
        if not self.dig and not any(self.hn):
            self.phase = P_OVER

    def _do_end(self) -> None:
        if self.nodig:
            if self.acted:
                self.first_passer = -1
            elif self.first_passer < 0:
                self.first_passer = self.current
        if not self.dig and not any(self.hn):
            self.phase = P_OVER
            return
        self.start_turn((self.current + 1) % self.num_players)

    def start_turn(self, p: int) -> None:
        """Begin seat ``p``'s turn: a dig, or (dig site empty) the end-game pass rules."""
        self.trades = 0
        self.acted = self.sold_turn = self.must_sell = False
        self.tk = self.gv = None
        if self.dig:
            self.current = p
            self.nodig = False
            self.phase = P_DIG
            return
        hn = self.hn
        P = self.num_players
        if not any(hn):
            self.current = p
            self.phase = P_OVER
            return
        while not hn[p]:  # an empty hand passes at once
            p = (p + 1) % P
        self.current = p
        self.nodig = True
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

    # --- protocol: hidden information --------------------------------------------------

    def information_set_key(self, seat: int) -> Hashable:
        """What ``seat`` knows now: public state, its hand and its knowledge of the others."""
        P = self.num_players
        base = seat * T
        kb = seat * P * T
        return (
            self.phase, self.current, self.victim,
            (self.actor, self.storm_idx, self.storm_left, self.storm_last)
            if self.phase == P_STORM else None,
            tuple(self.tk) if self.tk is not None else None,
            tuple(self.gv) if self.gv is not None else None, self.tk_last, self.gv_last,
            self.trades, self.acted, self.sold_turn, self.nodig, self.first_passer,
            self.must_sell,
            tuple(self.hands[base:base + T]), tuple(self.market), tuple(self.sold),
            tuple(self.money), tuple(self.hn), len(self.dig), self.thieves, self.storms,
            self.maps_out, tuple(c is None for c in self.chambers),
            tuple(self.known[kb:kb + P * T]), tuple(self.nonmap[seat * P:(seat + 1) * P]),
        )

    # unseen cards and the determinizer live in ``hidden`` (bound here as methods)
    from .hidden import determinize, unseen_counts

    # --- JSON --------------------------------------------------------------------------

    def to_json(self) -> dict:
        from .moves import CARD_NAMES
        P = self.num_players

        def counts(vec, base=0):
            return {CARD_NAMES[c]: vec[base + c] for c in range(T) if vec[base + c]}

        return {
            "game": "archaeology", "players": P, "phase": PHASE_NAMES[self.phase],
            "current": self.current, "to_move": self.current_player(),
            "hands": [counts(self.hands, p * T) for p in range(P)],
            "marketplace": counts(self.market),
            "sold": [[[CARD_NAMES[c], n] for c, n in self.piles[p]] for p in range(P)],
            "money": list(self.money), "cards_sold": list(self.sold_cards),
            "dig_site": [CARD_NAMES[c] for c in reversed(self.dig)],
            "chambers": {str(size): (None if contents is None else
                                     [CARD_NAMES[c] for c in contents])
                         for size, contents in zip(self.R.chamber_sizes, self.chambers)},
            "thieves_drawn": self.thieves, "sandstorms_drawn": self.storms,
            "maps_removed": self.maps_out, "steal_rolls": list(self.rolls),
            "first_passer": self.first_passer if self.first_passer >= 0 else None,
            "must_sell": self.must_sell,
        }
