"""The market relaxation of a solo Tomb of the Ancients game, from any position: the
deck order is known, so the market's future is a dynamic programme over (cards drawn,
cards in the market); the sands are left out (maps are found for free).

Both programmes here are built once for a *root* position (a deal or any position of a
played game) and answer for every position reachable from it, so a search shares one
table: a reachable market holds cards of the root's market and deck, each known by its
entry number, and a position is located by how many cards it has drawn since the root.

**The whole game** (:class:`MarketDP`). With the money priced at ``1/2 + theta`` a
dollar (``theta`` = 1/2: a dollar a point, what a sale pays for one; the money held counts
``theta`` more than its half point, so any ``theta`` in [0, 1/2] gives a bound), a buy from
the shop of rank ``i`` earns the map's points less its price, plus the half point of a shop
token (the $1 shop never holds one); a rest earns ``1 + 2 theta``; after the deck runs out
the final turn rests. Maps are found for free, so digs and sales take no draw and cost
nothing, except that a map bought with the deck's last card can only be found in the
final turn, which then cannot rest. :meth:`MarketDP.bound` is ``best.market_bound``;
:meth:`MarketDP.future` is the programme's value alone, the beam search's estimate of what
a position can still make.

**Deals cut to N turns** (:class:`CutDP`). Turns are now the scarce thing: a dig takes
one, so the programme also counts the turns left, and it carries the points of the maps
held but not yet found (ascending; at most a full pack): a dig turn finds them all and
earns their points then, and maps still held at the cut earn nothing. A buy over a full
pack keeps the best four (the rulebook: a fifth map is discarded, whichever the player
chooses). The money is exact: a buy may overdraw, the debt repaid at the end at a point a
dollar (the price of a sale), and money kept is worth half a point a dollar. Sale-only
visits take a turn and gain nothing in this accounting, so they are left out; a rest for
sand earns half a point, and a buy from a shop that may hold a token half a point.
Carrying the points rather than a count of the maps (the programme before issue 21's
second wave credited a map when bought and a discard as the smallest map in the deal)
lowers the bound at the deal by 0.5-1.5 points on seeds 0-4 cut to 9 or 10 turns.
:meth:`CutDP.after_dig` is the programme after a dig of known value, the exact search's
bound on the lines that start with a dig.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Sequence

from games.ancients import AncientsState, Market, Rest
from solvers.clock import expired

from .limits import SearchLimitReached
from .turn import Dig

__all__ = ["MarketDP", "CutDP", "PlanEstimate", "PACK_WEIGHT", "FUTURE_WEIGHT", "RunBuy",
           "RunRest", "RunFinal", "RunStep"]

#: A market as ranks (``_Deal``), sorted.
Ranks = tuple[int, ...]
#: The points of the maps in a pack, ascending (:class:`CutDP`).
Points = tuple[int, ...]

#: How many new entries :class:`MarketDP` fills between two looks at its deadline: a deal's
#: table has some 31,000, filled in 0.6-1.8 s of pure Python on a loaded machine, so a look
#: every 256 is a few milliseconds apart and costs nothing to speak of.
CLOCK_EVERY = 256


@dataclass(frozen=True)
class RunBuy:
    """A step of :meth:`MarketDP.best_run`: a buy from the shop of ``price`` of the map
    ``card`` (its id), with the shop's sand token (``token``) when it holds one."""

    price: int
    card: int
    token: bool


@dataclass(frozen=True)
class RunRest:
    """A step of :meth:`MarketDP.best_run`: a rest (it draws a card)."""


@dataclass(frozen=True)
class RunFinal:
    """The last step of :meth:`MarketDP.best_run`: the final round, ``rests`` of its turns
    resting."""

    rests: int


#: A step of :meth:`MarketDP.best_run`.
RunStep = RunBuy | RunRest | RunFinal


class _Deal:
    """The cards of a root position by rank (points, then entry number, best first) and
    the deck as ranks: a market is a sorted tuple of ranks, dearest shop first."""

    def __init__(self, root: AncientsState) -> None:
        rules = root.rules
        self.rules = rules
        self.shops = rules.data.shops
        self.entries0 = root.entries
        self.drawn0 = len(root.deck)
        entering = [(card, root.entries + 1 + j) for j, card in enumerate(root.deck)]
        everyone = sorted(list(root.market) + entering,
                          key=lambda e: (rules.maps[e[0]].points, e[1]), reverse=True)
        self.rank = {e: i for i, e in enumerate(everyone)}
        self.points = [rules.maps[card].points for card, _ in everyone]
        self.deck = [self.rank[e] for e in entering]
        # a token comes with a buy from every shop but the $1 shop (the rulebook: it never
        # holds one)
        self.token = [0.5 if i < len(self.shops) - 1 else 0.0 for i in range(len(self.shops))]
        self.smallest = min(m.points for m in rules.maps.values())

    def locate(self, state: AncientsState) -> tuple[int, Ranks]:
        """``(cards drawn since the root, market as ranks)`` of a reachable position."""
        drawn = self.drawn0 - len(state.deck)
        try:
            market = tuple(sorted(self.rank[e] for e in state.market))
        except KeyError as missing:
            raise ValueError(f"position not reachable from the root: {missing}") from None
        return drawn, market

    def after_buy(self, k: int, market: Ranks, i: int) -> Ranks:
        rest = market[:i] + market[i + 1:]
        return tuple(sorted(rest + (self.deck[k],))) if k < len(self.deck) else rest

    def after_rest(self, k: int, market: Ranks) -> Ranks:
        kept = market[: len(self.shops) - 1] if len(market) >= len(self.shops) else market
        return tuple(sorted(kept + (self.deck[k],))) if k < len(self.deck) else kept


class MarketDP:
    """The whole-game market programme (module docstring) of the deal seen from ``root``,
    the money priced at ``1/2 + theta`` a dollar (``theta`` in [0, 1/2]). With a
    ``deadline`` (``solvers.clock``) a question that finds it passed while filling the
    table raises ``SearchLimitReached`` (the entries filled so far stay, each exact): a
    deal's table takes a second or so of pure Python, which a capped review spent again
    for every decision after its cap had run out (``--best-time-limit 2`` took 6 s)."""

    def __init__(self, root: AncientsState, theta: float = 0.5, *,
                 deadline: float | None = None) -> None:
        if not 0.0 <= theta <= 0.5:
            raise ValueError("theta must lie in [0, 1/2]")
        self.deal = _Deal(root)
        self.theta = theta
        self.rest = 1.0 + 2.0 * theta
        self.cost = [price * (0.5 + theta) for price in self.deal.shops]
        self.memo: dict[tuple[int, Ranks], float] = {}
        self.deadline = deadline

    def _value(self, k: int, market: Ranks) -> float:
        deal = self.deal
        last = len(deal.deck)
        if k == last:
            return self.rest  # the final turn
        key = (k, market)
        hit = self.memo.get(key)
        if hit is not None:
            return hit
        best = self.rest + self._value(k + 1, deal.after_rest(k, market))
        # a map bought with the deck's last card is found in the final turn or never: that
        # turn digs instead of resting
        after = 0.0 if k + 1 == last else None
        for i, card in enumerate(market):
            follow = self._value(k + 1, deal.after_buy(k, market, i)) if after is None else after
            best = max(best, deal.points[card] - self.cost[i] + deal.token[i] + follow)
        self.memo[key] = best
        if (self.deadline is not None and len(self.memo) % CLOCK_EVERY == 0
                and expired(self.deadline)):
            raise SearchLimitReached("the market programme was stopped by the time limit")
        return best

    def best_run(self, state: AncientsState) -> list[RunStep]:
        """A run of the programme reaching :meth:`future` from ``state``: rests and buys
        in order, then the final round (the turns of it that rest)."""
        if state.is_terminal():
            return []
        if state.final_left is not None:
            return [RunFinal(state.final_left)]
        deal = self.deal
        k, market = deal.locate(state)
        ids = {rank: card for (card, _), rank in deal.rank.items()}
        run: list[RunStep] = []
        while k < len(deal.deck):
            value = self._value(k, market)
            last = k + 1 == len(deal.deck)
            choice: RunStep | None = None
            for i, card in enumerate(market):
                follow = 0.0 if last else self._value(k + 1, deal.after_buy(k, market, i))
                if value == deal.points[card] - self.cost[i] + deal.token[i] + follow:
                    choice = RunBuy(deal.shops[i], ids[card], deal.token[i] > 0)
                    market = deal.after_buy(k, market, i)
                    break
            if choice is None:  # the rest is the only way left to the value
                choice = RunRest()
                market = deal.after_rest(k, market)
            run.append(choice)
            k += 1
        run.append(RunFinal(0 if run and isinstance(run[-1], RunBuy) else 1))
        return run

    def future(self, state: AncientsState) -> float:
        """What the market can still add from ``state`` (seat 0, at the start of a turn),
        in the programme's accounting (money at ``1/2 + theta`` a dollar)."""
        if state.is_terminal():
            return 0.0
        if state.final_left is not None:
            return self.rest * state.final_left
        k, market = self.deal.locate(state)
        return self._value(k, market)

    def bound(self, state: AncientsState) -> float:
        """``best.market_bound`` from ``state``: its score, the pack's points, ``theta`` a
        dollar held, and the future."""
        if state.is_terminal():
            return state.score(0)
        pack = sum(self.deal.rules.maps[c].points for c in state.pack[0])
        held = state.score(0) + self.theta * state.money[0]
        if state.final_left is not None and pack:
            # the final round: one of its turns digs the pack, the others rest
            return held + max(pack + self.rest * (state.final_left - 1),
                              self.rest * state.final_left)
        return held + pack + self.future(state)


class CutDP:
    """The programme for a deal cut to ``turn_cap`` turns in all (module docstring), seen
    from ``root``."""

    def __init__(self, root: AncientsState, turn_cap: int) -> None:
        self.deal = _Deal(root)
        self.turn_cap = turn_cap
        self.pack_limit = root.rules.data.pack_limit
        self.memo: dict[tuple[int, int, Ranks, int, Points, int | None], float] = {}

    def _value(self, t: int, k: int, market: Ranks, money: int, pack: Points,
               final: int | None) -> float:
        """The best the programme adds with ``t`` turns left, ``k`` cards drawn, the money
        held (overdrawn when negative) and ``pack`` the points of the maps held but not yet
        found (ascending): they count only when a dig turn finds them."""
        if t == 0 or final == 0:
            return 0.5 * money if money >= 0 else float(money)
        key = (t, k, market, money, pack, final)
        hit = self.memo.get(key)
        if hit is not None:
            return hit
        deal = self.deal
        draws = k < len(deal.deck)
        after = None if final is None else final - 1
        # the final round starts when the draw empties the deck: one more turn (solo)
        drawn_final = 1 if (draws and k + 1 == len(deal.deck) and final is None) else after
        k2 = k + 1 if draws else k
        best = sum(pack) + self._value(t - 1, k, market, money, (), after) if pack else -math.inf
        rest_market = deal.after_rest(k, market)
        best = max(best, self._value(t - 1, k2, rest_market, money + 2, pack, drawn_final),
                   0.5 + self._value(t - 1, k2, rest_market, money, pack, drawn_final))
        for i, card in enumerate(market):
            points = deal.points[card]
            if len(pack) < self.pack_limit:
                bought = tuple(sorted(pack + (points,)))
            elif points > pack[0]:  # a full pack keeps its best maps: the smallest goes
                bought = tuple(sorted(pack[1:] + (points,)))
            else:
                bought = pack
            best = max(best, deal.token[i] + self._value(
                t - 1, k2, deal.after_buy(k, market, i), money - deal.shops[i], bought,
                drawn_final))
        self.memo[key] = best
        return best

    def bound(self, state: AncientsState) -> float:
        """An upper bound on the final score of ``state`` (seat 0, at the start of a turn)
        in the cut game."""
        t = self.turn_cap - state.turns
        if state.is_terminal() or t <= 0:
            return state.score(0)
        k, market = self.deal.locate(state)
        money = state.money[0]
        base = state.score(0) - 0.5 * money
        pack = tuple(sorted(self.deal.rules.maps[c].points for c in state.pack[0]))
        return base + self._value(t, k, market, money, pack, state.final_left)

    def after_dig(self, state: AncientsState, gain: float, left: Points) -> float:
        """An upper bound on the final score of the lines from ``state`` whose first turn
        is a dig worth ``gain`` (its points less half a point a token spent) that leaves
        maps of points ``left`` (ascending) in the pack: a dig draws no card, so the
        programme goes on from the same market, deck position and money, one turn less."""
        t = self.turn_cap - state.turns - 1
        final = None if state.final_left is None else state.final_left - 1
        k, market = self.deal.locate(state)
        money = state.money[0]
        return (state.score(0) + gain - 0.5 * money
                + self._value(t, k, market, money, left, final))

    def after_moves(self, state: AncientsState, moves: Sequence[Market | Rest | Dig]
                    ) -> list[tuple[float, float, int]]:
        """``(bound, score, pack points)`` of the position each whole turn of ``moves``
        leads to from ``state`` (seat 0, solo, at the start of a turn), without playing
        it: the same :meth:`bound`, ``score(0)`` and points of the maps in the pack as the
        child (the exact search's children are mostly cut by this bound alone, so it
        spares their copies: ``exact``). What a turn changes that the programme sees: a
        dig's maps found and sand spent, a sale's money and artifact, a buy's price, map,
        shop token and discard, a rest's $2 or token; a buy or a rest draws the next card
        while the deck lasts (the market moves as in :meth:`_value`), and the draw that
        empties it starts the final round."""
        deal = self.deal
        maps = deal.rules.maps
        k0, market0 = deal.locate(state)
        money0, sand0 = state.money[0], state.sand[0]
        points0 = sum(maps[a].points for a in state.artifacts[0])
        pack0 = [maps[c].points for c in state.pack[0]]
        t = self.turn_cap - state.turns - 1
        last = k0 + 1 == len(deal.deck)  # a draw now empties the deck
        out: list[tuple[float, float, int]] = []
        for move in moves:
            money, sand, points, pack, market = money0, sand0, points0, list(pack0), market0
            draws = False
            if isinstance(move, Dig):
                sand -= move.tokens
                points += move.points
                for find in move.finds:
                    pack.remove(maps[find.map].points)
            elif isinstance(move, Rest):
                if move.take == "money":
                    money += 2
                else:
                    sand += 1
                draws = True
                market = deal.after_rest(k0, market)
            else:
                if move.sell is not None:
                    money += maps[move.sell].value
                    points -= maps[move.sell].points
                if move.buy is not None:
                    shop = deal.shops.index(move.buy)
                    money -= move.buy
                    sand += 1 if state.shop_tokens[shop] else 0
                    pack.append(maps[state.market[shop][0]].points)
                    if move.discard is not None:
                        pack.remove(maps[move.discard].points)
                    draws = True
                    market = deal.after_buy(k0, market, shop)
            score = points + 0.5 * (money + sand)
            final = state.final_left
            if final is not None:
                final -= 1
            elif draws and last:
                final = state.num_players  # one more round (solo: one more turn)
            k = k0 + 1 if draws and k0 < len(deal.deck) else k0
            if final == 0 or t <= 0:
                out.append((score, score, sum(pack)))
            else:
                pack.sort()
                value = self._value(t, k, market, money, tuple(pack), final)
                out.append((score - 0.5 * money + value, score, sum(pack)))
        return out


#: The weights of :class:`PlanEstimate` (measured on deals 200-209, which no figure
#: reports: ``benchmarks/ancients_sides.py``).
PACK_WEIGHT = 0.8
FUTURE_WEIGHT = 0.5


class PlanEstimate:
    """What the beam search ranks positions by: the score, ``PACK_WEIGHT`` of the points
    in the pack (maps not yet found), and ``FUTURE_WEIGHT`` of what the relaxation says
    the position can still add beyond them (for the whole game :class:`MarketDP`, which
    also values the money held; for a cut deal :class:`CutDP`). Positions compared in a
    beam have played the same number of turns, so the relaxation tells apart what the
    score alone cannot: a market left with better maps, money kept for them, a deck
    position with more draws to come."""

    def __init__(self, root: AncientsState, turn_cap: int | None = None, *,
                 programme: MarketDP | None = None) -> None:
        # (``programme``: the whole game's programme of ``root`` already built, by the
        # search's bound; its entries are the same whoever fills them)
        self.relax: MarketDP | CutDP = (
            CutDP(root, turn_cap) if turn_cap is not None else
            programme if programme is not None and programme.theta == 0.5 else MarketDP(root))
        self.maps = root.rules.maps

    def __call__(self, state: AncientsState) -> float:
        score = state.score(0)
        pack = sum(self.maps[c].points for c in state.pack[0])
        return (score + PACK_WEIGHT * pack
                + FUTURE_WEIGHT * (self.relax.bound(state) - score - pack))
