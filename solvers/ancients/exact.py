"""The exact best score of a solo Tomb of the Ancients game cut to ``N`` turns, from any
position: depth-first branch and bound over whole turns, with the last two turns
settled by the dig planner instead of by search.

**Turns.** Every market visit, both rests, and every distinct result of a chain of finds
with sand spent just in time (``best.all_turns``; sand spent for a later turn is outside
the search, as in the beam search of ``best``).

**The last turn is exact without search.** With one turn left, a market visit loses
points (a map bought now is never found: the price costs half a point a dollar, a shop
token gives back half a point at most; a sale pays half its points), a rest for $2 earns
a point, a rest for sand half a point, and a dig earns its points less half a point per
token spent, at best the dig planner's value (``planner.plan_dig``, exact). So the last
turn is worth ``max(1, planner value)``.

**Two turns left, an upper bound from four planner calls.** Two digs in a row are one
chain (nothing moves the sands between them), so digging first is worth at most the
planner's value now plus a rest. Otherwise the first turn draws a card (a rest or a
buy), whose entry into the market changes one space of the board in a way known from
the deck; then the last turn digs (or rests, a point). A rest for money adds a point, a
rest for sand a token for the dig; a buy of the map in the shop of price ``q`` costs
``q/2`` (if the seat can pay, selling its best artifact if it must; the sale's loss is
not counted) and brings the shop's token; the dig then has the new map too, a full pack
keeping all five (both only raise the bound). A sale-only visit is never better than
digging first (it draws nothing, so the dig sees the same board, and the rest that
follows the dig pays instead of costing).

**Three turns or more:** the smaller of ``best.score_upper_bound`` (the counting
argument) and the cut-deal market programme (``relax.CutDP``).

Planner values are cached by (board, pack, sand): many positions of a search share them.
"""

from __future__ import annotations

import math
from typing import Callable

from games.ancients import AncientsState, Rest
from games.errors import SolverFault
from solvers.clock import deadline_of, expired

from .best import SearchLimitReached, SearchResult, all_turns, score_upper_bound
from .planner import DigPlan, plan_dig
from .relax import CutDP
from .turn import TurnMove, apply_turn, dig_move, rules_digmaps

__all__ = ["exact_best", "CutBounds"]

#: A pack as the planner's cache keys it: map ids, sorted.
_Pack = tuple[int, ...]


class CutBounds:
    """The bounds of the module docstring for positions of one root and cut, with the
    planner cache."""

    def __init__(self, root: AncientsState, turn_cap: int) -> None:
        self.turn_cap = turn_cap
        self.rules = root.rules
        self.digmaps = rules_digmaps(root.rules)
        self.market = CutDP(root, turn_cap)
        self.plans: dict[tuple[int, int, _Pack, int], DigPlan] = {}

    def turns_left(self, state: AncientsState) -> int:
        left = self.turn_cap - state.turns
        return left if state.final_left is None else min(left, state.final_left)

    def plan(self, occ: int, blk: int, pack: _Pack, sand: int) -> DigPlan:
        """The planner's best dig (value = points − tokens/2), cached."""
        key = (occ, blk, pack, sand)
        hit = self.plans.get(key)
        if hit is None:
            hit = plan_dig(occ, blk, [self.digmaps[i] for i in pack], sand, token_value=0.5)
            self.plans[key] = hit
        return hit

    def dig_value(self, occ: int, blk: int, pack: _Pack, sand: int) -> float:
        return max(0.0, self.plan(occ, blk, pack, sand).value) if pack else 0.0

    def last_turn(self, state: AncientsState, alpha: float = -math.inf
                  ) -> tuple[float, TurnMove | None]:
        """``(value, move)``: the exact best final score with one turn left and a turn
        that reaches it; or, when even finding the whole pack for free could not beat
        ``alpha``, that upper bound and no move."""
        pack = tuple(sorted(state.pack[0]))
        score = state.score(0)
        points = sum(self.rules.maps[c].points for c in pack)
        if score + max(1.0, points) <= alpha:
            return score + max(1.0, points), None
        dig = self.plan(state.occupied, state.black, pack, state.sand[0]) if pack else None
        if dig is not None and dig.finds and dig.value > 1.0:
            return score + dig.value, dig_move(dig)
        return score + 1.0, Rest("money")

    def _entered(self, state: AncientsState) -> tuple[int, int]:
        """The board after the next draw enters the market (unchanged if none)."""
        if not state.deck:
            return state.occupied, state.black
        info = self.rules.maps[state.deck[0]]
        bit = 1 << info.space
        if state.occupied & bit:
            return state.occupied & ~bit, state.black & ~bit
        return state.occupied | bit, state.black | (bit if info.token == "B" else 0)

    def two_turns(self, state: AncientsState, alpha: float = -math.inf) -> float:
        """The upper bound with two turns left (module docstring). Each way is first
        bounded by its pack's points (every map found for free); the planner is asked only
        for the ways whose free bound beats both the best way so far and ``alpha`` (the
        others stay in the answer through their free bound)."""
        rules = self.rules
        score = state.score(0)
        pack = tuple(sorted(state.pack[0]))
        sand, money = state.sand[0], state.money[0]
        occ, blk = self._entered(state)
        points = sum(rules.maps[c].points for c in pack)
        # (free bound, gain besides the dig, board, pack, sand)
        ways = [(1.0 + points, 1.0, state.occupied, state.black, pack, sand),
                (1.0 + points, 1.0, occ, blk, pack, sand),
                (0.5 + points, 0.5, occ, blk, pack, sand + 1)]
        funds = money + max((rules.maps[a].value for a in state.artifacts[0]), default=0)
        for i, (card, _) in enumerate(state.market):
            price = rules.data.shops[i]
            if price > funds:
                continue
            token = 1 if state.shop_tokens[i] else 0
            gain = -price / 2 + 0.5 * token
            ways.append((gain + points + rules.maps[card].points, gain, occ, blk,
                         tuple(sorted(pack + (card,))), sand + token))
        ways.sort(key=lambda w: -w[0])
        best, unresolved = 2.0, -math.inf
        for free, gain, o, b, p, t in ways:
            if free <= best:
                break
            if score + free <= alpha:
                unresolved = max(unresolved, free)
                break
            best = max(best, gain + self.dig_value(o, b, p, t))
        return score + max(best, unresolved)

    def bound(self, state: AncientsState, alpha: float = -math.inf) -> float:
        """An upper bound on the final score of ``state`` in the cut game (the planner is
        spared where a cheaper bound is already at most ``alpha``)."""
        left = self.turns_left(state)
        if state.is_terminal() or left <= 0:
            return state.score(0)
        if left == 1:
            return self.last_turn(state, alpha)[0]
        if left == 2:
            return self.two_turns(state, alpha)
        return min(score_upper_bound(state, turn_cap=self.turn_cap).value,
                   self.market.bound(state))


#: What the rest of a solo game depends on (:func:`_key`).
_Key = tuple[int, int, tuple[tuple[int, int], ...], tuple[bool, ...], int, int, int, _Pack,
             tuple[int, ...], int | None, int]
#: A search's answer: ``(value, exact, moves)`` (``exact_best``).
_Value = tuple[float, bool, list[TurnMove]]


def _key(state: AncientsState) -> _Key:
    """What the rest of a solo game depends on: the sands, the market and its tokens, the
    deck position, money, sand, the pack as a set, the artifacts' sale values, the final
    round and the turn count (sold and discarded cards never come back)."""
    values = state.rules.maps
    return (state.occupied, state.black, tuple(state.market), tuple(state.shop_tokens),
            len(state.deck), state.money[0], state.sand[0], tuple(sorted(state.pack[0])),
            tuple(sorted(values[a].value for a in state.artifacts[0])), state.final_left,
            state.turns)


def _heuristic(state: AncientsState) -> float:
    rules = state.rules
    return state.score(0) + 0.6 * sum(rules.maps[c].points for c in state.pack[0])


def exact_best(state: AncientsState, *, turn_cap: int, nodes: int, time_limit: float | None = None,
               incumbent: SearchResult | None = None, deadline: float | None = None,
               clock: Callable[[], float] | None = None) -> SearchResult:
    """The proven best final score of ``state`` (solo, at the start of a turn) in the game
    cut to ``turn_cap`` turns in all, with a line of whole turns reaching it, within
    ``nodes`` expanded positions, ``time_limit`` seconds and the ``deadline`` instant
    (``solvers.clock``; the earlier counts), consulted at every node;
    ``SearchLimitReached`` when one runs out first. ``clock`` (e.g. ``time.process_time``,
    for a CPU-time benchmark) measures ``time_limit`` instead of the wall clock.
    ``incumbent`` (a replayed plan of the cut game) starts the search."""
    if clock is None:
        deadline = deadline_of(time_limit, deadline)

        def late() -> bool:
            return expired(deadline)
    else:
        clock_end = None if time_limit is None else clock() + time_limit

        def late() -> bool:
            return expired(deadline) or (clock_end is not None and clock() >= clock_end)
    bounds = CutBounds(state, turn_cap)
    table: dict[_Key, _Value] = {}
    used = [0]

    def search(s: AncientsState, alpha: float) -> _Value:
        """Fail-soft: ``(value, exact, moves)``; a value above ``alpha`` is exact, one at or
        below it an upper bound."""
        left = bounds.turns_left(s)
        if s.is_terminal() or left <= 0:
            return s.score(0), True, []
        if left == 1:
            value, move = bounds.last_turn(s, alpha)
            # ``last_turn`` gives a move with every value above ``alpha``
            if move is not None and value > alpha:
                return value, True, [move]
            return value, False, []
        key = _key(s)
        hit = table.get(key)
        if hit is not None and (hit[1] or hit[0] <= alpha):
            return hit
        used[0] += 1
        if used[0] > nodes or late():
            raise SearchLimitReached(f"the exact search used its {used[0] - 1} nodes"
                                     + (" (time limit)" if used[0] <= nodes else ""))
        ub = bounds.bound(s, alpha)
        if ub <= alpha:
            table[key] = (ub, False, [])
            return table[key]
        children: list[tuple[float, int, TurnMove, AncientsState]] = []
        for move in all_turns(s):
            child = s.clone()
            apply_turn(child, move)
            children.append((-_heuristic(child), len(children), move, child))
        children.sort(key=lambda c: (c[0], c[1]))
        best = -math.inf
        line: list[TurnMove] = []
        for _, _, move, child in children:
            value, exact, tail = search(child, max(alpha, best))
            if value > max(alpha, best):
                best, line = value, [move] + tail
            elif value > best:
                best = value
        result: _Value = (best, True, line) if best > alpha else (best, False, [])
        table[key] = result
        return result

    floor = -math.inf if incumbent is None else incumbent.score - 0.25
    value, exact, line = search(state.clone(), floor)
    if not exact:
        if incumbent is None:
            raise SolverFault("the exact search found no game at all")
        raise SolverFault(f"the exact search bounds the cut game by {value:g}, below a "
                          f"replayed plan of {incumbent.score:g}")
    bound = score_upper_bound(state, turn_cap=turn_cap)
    return SearchResult(value, line, bound, used[0], "optimal", (), True)
