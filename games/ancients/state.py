"""The rules of Tomb of the Ancients (beta 2.16) as a mutable search board.

Decisions on what the beta rulebook leaves open (each pinned by a test):

* **Market order.** The market is a list of at most four cards sorted dearest shop first
  by ``(points, entry number)``: larger values go to dearer shops and, on equal values,
  the card that entered later counts as larger. Every entering card (setup and refills)
  gets the next entry number and the market is re-sorted.
* **Entering cards act on the board.** Empty space: add a token of the card's colour.
  Occupied space: remove that token into the dearest shop holding none; if that would be
  the 1-shop (or every dearer shop holds one) it returns to the supply. Shop tokens stay
  with the shop (they never slide with the cards) and go to whoever buys from that shop.
  The supply of tokens is treated as unlimited (50 tokens are never all out in practice).
* **Refills are chance steps.** After a purchase or a rest the turn waits on a chance
  node whose outcome is the drawn map (``Draw``); a state made from a deal or a view has
  the deck order fixed, so the node lists that one card with probability 1.
  The turn ends once the card has entered the market.
* **Deck runs out.** The final round starts the moment a refill takes the last card of the
  deck. A refill from an empty deck adds nothing; the remaining cards are re-sorted into
  the dearest shops, so the cheapest shops stand empty. A rest discards the 1-shop card
  only if that shop holds one.
* **Final round.** After the turn that emptied the deck, every player — the one who
  emptied it included, last — gets exactly one more turn; then the game ends.
* **Market visit.** At least one of sell/buy; the sale happens first so its money can pay
  for the map. Buying a map over the pack limit (4) forces discarding one of the maps in
  the pack, the new one included; discards are public.
* **Selling.** An artifact sells for its printed value (the card's one number, see
  ``cards``) and is gone: sold artifacts do not count at scoring.
* **Desert.** A desert turn is a sequence of finds and sand spends, closed by ``end``; it
  needs at least one of them (a turn spent only reshaping the sands is allowed, an empty
  one is not: "do nothing" is the rest).
  Sand tokens are spent only in the desert (the rulebook's "Spending Sand Tokens" is a
  desert rule). A find needs *every* cell of the rotated pattern to hold a token showing the
  pattern's colour, so an empty space inside the pattern must first get a token (one sand
  token, either colour). The find flips every token of the pattern.
* **Solo mode** (one seat, for analysis): the 2-player deck (18 cards removed), the same
  turn structure, the final round is one more turn.
* **Hidden information.** Maps in packs are face up and every find, sale and discard is
  seen, so everyone's artifacts are public; only the order of the deck and which cards were
  removed at setup are hidden. ``determinize`` reshuffles those unseen cards.
* **Scoring.** Artifact points + half a point per dollar and per sand token; ties go to the
  player who went earlier in the first round (seat order from the first player).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, Hashable, Self

from grids import BLACK, WHITE

from ..errors import IllegalMoveError
from ..protocol import CHANCE, TERMINAL, State
from .moves import END, Draw, End, Find, Market, Move, Rest, Sand
from .rules import Rules, find_result

__all__ = ["AncientsState", "REST_MONEY"]

REST_MONEY = 2


class AncientsState:
    """A position. Mutable; ``clone`` is cheap. See the module docstring for the rules.

    ``rules``: the card tables; ``to_move``: the seat whose turn it is (``current_player``
    says ``CHANCE`` while its refill is drawn); ``drawing``: a refill is due; ``turns``:
    the turns played (all seats'), from the start of the game when ``turns_known``, else
    from where a view that did not say its turn was read (the solvers count turns from
    there; only the table's turn number needs the start).
    """

    __slots__ = (
        "rules", "num_players", "occupied", "black", "market", "shop_tokens", "deck", "removed",
        "discard", "money", "sand", "pack", "artifacts", "sold", "to_move", "first",
        "final_left", "in_desert", "drawing", "entries", "turns", "turns_known",
    )

    def __init__(self, rules: Rules, num_players: int) -> None:
        self.rules = rules
        self.num_players = num_players
        self.occupied = 0
        self.black = 0
        self.market: list[tuple[int, int]] = []  # (map id, entry number), dearest first
        self.shop_tokens = [False] * len(rules.data.shops)
        self.deck: list[int] = []
        self.removed: list[int] = []
        self.discard: list[int] = []
        self.money = [rules.data.start_money] * num_players
        self.sand = [rules.data.start_sand] * num_players
        self.pack: list[list[int]] = [[] for _ in range(num_players)]
        self.artifacts: list[list[int]] = [[] for _ in range(num_players)]
        self.sold: list[list[int]] = [[] for _ in range(num_players)]
        self.to_move = 0
        self.first = 0
        self.final_left: int | None = None
        self.in_desert = False
        self.drawing = False
        self.entries = 0
        self.turns = 0
        self.turns_known = True

    # --- setup ------------------------------------------------------------------------

    @classmethod
    def setup(cls, rules: Rules, num_players: int, market: list[int], removed: list[int],
              deck: list[int], first: int) -> "AncientsState":
        """The position after setup: ``market`` cards enter one at a time in that order."""
        state = cls(rules, num_players)
        state.removed = list(removed)
        state.deck = list(deck)
        for card in market:
            state._enter(card)
        state.first = state.to_move = first
        if not state.deck:
            state.final_left = num_players
        return state

    def _enter(self, card: int) -> None:
        info = self.rules.maps[card]
        bit = 1 << info.space
        if self.occupied & bit:
            self.occupied &= ~bit
            self.black &= ~bit
            for shop, has in enumerate(self.shop_tokens):
                if not has:
                    if shop < len(self.shop_tokens) - 1:  # the 1-shop returns it to supply
                        self.shop_tokens[shop] = True
                    break
        else:
            self.occupied |= bit
            if info.token == BLACK:
                self.black |= bit
        self.entries += 1
        self.market.append((card, self.entries))
        self.market.sort(key=lambda e: (self.rules.maps[e[0]].points, e[1]), reverse=True)

    def _refill(self) -> None:
        """End the turn, after a chance step drawing the refill while the deck lasts."""
        if self.deck:
            self.drawing = True
        else:
            self._end_turn()

    def _draw(self, card: int) -> None:
        if self.deck[0] == card:
            self.deck.pop(0)
        else:  # an outcome other than the fixed one (a caller exploring chance)
            self.deck.remove(card)
        self._enter(card)
        self.drawing = False
        if not self.deck and self.final_left is None:
            self.final_left = self.num_players + 1  # this turn's end counts one off
        self._end_turn()

    # --- protocol ---------------------------------------------------------------------

    def current_player(self) -> int:
        if self.final_left == 0:
            return TERMINAL
        return CHANCE if self.drawing else self.to_move

    def is_terminal(self) -> bool:
        return self.final_left == 0

    def chance_outcomes(self) -> list[tuple[Move, float]]:
        """The refill: the deck's top card (the deck order is fixed in every state)."""
        return [(self.rules.draws[self.deck[0]], 1.0)] if self.drawing else []

    def clone(self) -> Self:
        # (through __init__, not ``__new__``: a class compiled by mypyc runs its ``__init__``
        # from ``__new__`` and this one takes arguments; every field is set again below)
        other = type(self)(self.rules, self.num_players)
        other.occupied, other.black = self.occupied, self.black
        other.market = list(self.market)
        other.shop_tokens = list(self.shop_tokens)
        other.deck = list(self.deck)
        other.removed = list(self.removed)
        other.discard = list(self.discard)
        other.money = list(self.money)
        other.sand = list(self.sand)
        other.pack = [list(p) for p in self.pack]
        other.artifacts = [list(a) for a in self.artifacts]
        other.sold = [list(s) for s in self.sold]
        other.to_move, other.first = self.to_move, self.first
        other.final_left, other.in_desert = self.final_left, self.in_desert
        other.drawing = self.drawing
        other.entries, other.turns = self.entries, self.turns
        other.turns_known = self.turns_known
        return other

    def shop_card(self, price: int) -> int | None:
        """The map in the shop of ``price``, or None."""
        shop = self.rules.data.shops.index(price)
        return self.market[shop][0] if shop < len(self.market) else None

    def market_moves(self) -> list[Market]:
        seat = self.to_move
        maps, shops = self.rules.maps, self.rules.data.shops
        full = len(self.pack[seat]) + 1 > self.rules.data.pack_limit
        sells: list[int | None] = [None] + sorted(set(self.artifacts[seat]))
        out: list[Market] = []
        for sell in sells:
            money = self.money[seat] + (maps[sell].value if sell is not None else 0)
            if sell is not None:
                out.append(Market(sell=sell))
            for shop, (card, _) in enumerate(self.market):
                price = shops[shop]
                if price > money:
                    continue
                if full:
                    for gone in sorted(set(self.pack[seat] + [card])):
                        out.append(Market(sell, price, gone))
                else:
                    out.append(Market(sell, price))
        return out

    def desert_moves(self) -> list[Find | Sand]:
        seat = self.to_move
        out: list[Find | Sand] = []
        occ, blk, maps = self.occupied, self.black, self.rules.maps
        for card in sorted(self.pack[seat]):
            for p in maps[card].placements:
                if occ & p.mask == p.mask and blk & p.mask == p.black:
                    out.append(Find(card, p.rotation, p.anchor))
        if self.sand[seat] > 0:
            for c in range(25):
                if occ >> c & 1:
                    out.append(Sand("flip", c))
                else:
                    out.append(Sand(BLACK, c))
                    out.append(Sand(WHITE, c))
        return out

    def legal_moves(self) -> list[Move]:
        if self.is_terminal() or self.drawing:
            return []
        if self.in_desert:
            return [*self.desert_moves(), END]
        return [*self.market_moves(), *self.desert_moves(), Rest("money"), Rest("sand")]

    def apply(self, move: Move) -> None:
        seat = self.to_move
        if self.drawing:
            if not isinstance(move, Draw):
                raise IllegalMoveError(f"{move!r}: a refill is drawn now")
            self._draw(move.map)
        elif isinstance(move, Find):
            info = self.rules.maps[move.map]
            p = info.placement(move.rotation, move.anchor)
            if p is None:
                raise IllegalMoveError(f"{move}: map {move.map} has no such placement")
            self.occupied, self.black = find_result(self.occupied, self.black, p)
            self.pack[seat].remove(move.map)
            self.artifacts[seat].append(move.map)
            self.in_desert = True
        elif isinstance(move, Sand):
            bit = 1 << move.cell
            self.sand[seat] -= 1
            if move.action == "flip":
                self.black ^= bit
            else:
                self.occupied |= bit
                if move.action == BLACK:
                    self.black |= bit
            self.in_desert = True
        elif isinstance(move, End):
            self.in_desert = False
            self._end_turn()
        elif isinstance(move, Market):
            if move.sell is not None:
                self.artifacts[seat].remove(move.sell)
                self.sold[seat].append(move.sell)
                self.money[seat] += self.rules.maps[move.sell].value
            if move.buy is not None:
                shop = self.rules.data.shops.index(move.buy)
                card = self.market.pop(shop)[0]
                self.money[seat] -= move.buy
                if self.shop_tokens[shop]:
                    self.shop_tokens[shop] = False
                    self.sand[seat] += 1
                self.pack[seat].append(card)
                if move.discard is not None:
                    self.pack[seat].remove(move.discard)
                    self.discard.append(move.discard)
                self._refill()
            else:
                self._end_turn()
        elif isinstance(move, Rest):
            if move.take == "money":
                self.money[seat] += REST_MONEY
            else:
                self.sand[seat] += 1
            one_shop = len(self.rules.data.shops) - 1
            if len(self.market) > one_shop:
                self.discard.append(self.market.pop(one_shop)[0])
            self._refill()
        else:
            raise IllegalMoveError(f"{move!r} is not a Tomb of the Ancients move of a turn")

    def _end_turn(self) -> None:
        self.turns += 1
        if self.final_left is not None:
            self.final_left -= 1
        self.to_move = (self.to_move + 1) % self.num_players

    # --- scoring ----------------------------------------------------------------------

    def score(self, seat: int) -> float:
        """Artifact points plus half a point per dollar and per sand token."""
        points: int = sum(self.rules.maps[a].points for a in self.artifacts[seat])
        return points + 0.5 * (self.money[seat] + self.sand[seat])

    def returns(self) -> list[float]:
        return [self.score(s) for s in range(self.num_players)]

    def winners(self) -> list[int]:
        scores = self.returns()
        order = [(self.first + i) % self.num_players for i in range(self.num_players)]
        best = max(scores)
        return [next(s for s in order if scores[s] == best)]

    # --- information ------------------------------------------------------------------

    def public_key(self) -> Hashable:
        return (
            self.num_players, self.occupied, self.black, tuple(self.market),
            tuple(self.shop_tokens), len(self.deck), tuple(self.discard), tuple(self.money),
            tuple(self.sand), tuple(tuple(p) for p in self.pack),
            tuple(tuple(a) for a in self.artifacts), tuple(tuple(s) for s in self.sold),
            self.to_move, self.first, self.final_left, self.in_desert, self.drawing,
            self.entries,
        )

    def information_set_key(self, seat: int) -> Hashable:
        """Everything but the deck order and the removed cards is public (module docstring);
        the set of unseen cards follows from the public cards, so only the deck size counts."""
        return self.public_key()

    def determinize(self, seat: int, rng: random.Random) -> Self:
        world = self.clone()
        unseen = sorted(self.deck + self.removed)
        rng.shuffle(unseen)
        world.deck = unseen[:len(self.deck)]
        world.removed = unseen[len(self.deck):]
        return world

    def board_rows(self) -> list[str]:
        """Five row strings of ``B``, ``W`` and ``.`` (the view format)."""
        chars = []
        for c in range(25):
            if not self.occupied >> c & 1:
                chars.append(".")
            else:
                chars.append(BLACK if self.black >> c & 1 else WHITE)
        return ["".join(chars[r * 5:(r + 1) * 5]) for r in range(5)]

    def to_json(self) -> dict[str, Any]:
        return {
            "game": "ancients",
            "players": self.num_players,
            "to_move": self.current_player(),
            "first_player": self.first,
            "board": self.board_rows(),
            "market": [{"shop": self.rules.data.shops[i],
                        "map": self.market[i][0] if i < len(self.market) else None,
                        "token": self.shop_tokens[i]} for i in range(len(self.rules.data.shops))],
            "deck": list(self.deck),
            "removed": list(self.removed),
            "discard": list(self.discard),
            "seats": [{"money": self.money[s], "sand": self.sand[s], "pack": list(self.pack[s]),
                       "artifacts": list(self.artifacts[s]), "sold": list(self.sold[s])}
                      for s in range(self.num_players)],
            "final_round": self.final_left is not None,
            "turns_left": self.final_left,
            "in_desert": self.in_desert,
            "drawing": self.drawing,
            "turns": self.turns,
        }

    def __repr__(self) -> str:
        return f"AncientsState(turn {self.turns}, seat {self.to_move})"


if TYPE_CHECKING:  # mypy checks this engine against the game protocol
    _CONFORMS: type[State[Move]] = AncientsState
