"""The exact best score of a solo Tomb of the Ancients game cut to ``N`` turns, from any
position: depth-first branch and bound over whole turns, with the last two turns
settled by the dig planner instead of by search and the digs of earlier turns searched
only where a bound says they can matter.

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

**Three turns or more:** the cut-deal market programme (``relax.CutDP``); with two turns
left it is also asked before the planner. (The counting argument,
``best.score_upper_bound``, was asked too where the programme did not settle a node: it
was never below the programme at 76k such nodes of deals 1, 2 and 4 cut to 10 turns, and
took 7% of the search's CPU.)

**Children bounded unplayed.** A node lists its turns and bounds the position each leads
to by the programme without playing it (``CutDP.after_moves``: what a turn changes that
the programme sees, equal to ``CutDP.bound`` of the child played); a child whose bound is
at most the node's α is not copied, played or searched (its own search would fail low on
that same bound, or on a table entry), and the bound it was cut by is its fail-soft value.
Most children end there: on deal 2 cut to 11 turns (pure, one run each) the search
copied and played 689,057 children before and 104,091 now, and bounded 175,460 positions
two turns from the cut against 30,334 (the restricted passes below had played every turn
of a node only to rank them, and then searched three or four).
Measured (``benchmarks/ancients_sides.py``, compiled, one run): deal 2 cut to 12 turns
23.5 in 39.4 s CPU against 85.9 s (224,920 counted nodes against 1,166,637), the same
optimum and line on every deal 0-4 cut to 11 and 12 turns; cut to 13 turns all five
prove too, deal 2 the slowest at 55.8 and 61.0 s in two runs (the limit of issue 21's
row is 60). Node counts are of positions
searched (a child cut unplayed is not one), so they fell by more than the CPU.

**Digs last** (three turns left or more). The market visits and rests are searched first;
the digs only when a bound on every line that starts with a dig beats what those reached.
That bound splits the pack into the maps the dig finds (``F``) and those it keeps: the
planner's value of ``F`` on the board as it stands (its best chain among those maps, an
upper bound on any chain finding exactly ``F``) plus the programme from the same market,
money and deck position one turn later with the kept maps' points (``CutDP.after_dig``).
Measured (``benchmarks/ancients_sides.py``, deal 4 cut to 10 turns): it spares the
digs at 16,184 of the 17,249 nodes three turns from the cut where it was asked, and the
dig outcomes are the dearest turns to list.

**The planner only above a floor.** A bound needs a dig's value only where it could beat
the node's α: ``planner.dig_value_above`` runs the planner's search with that α, so a
pack that cannot beat it is answered by the planner's own first bounds.

**Order.** Far from the cut (four turns or more) the turns are tried in the order of the
programme's bound on the position they lead to, near it by the child's score and 0.6 of
its pack's points (both from ``CutDP.after_moves``, unplayed).

**The starting incumbent.** Before the full search, restricted passes that try only each
node's first ``INCUMBENT_WIDTHS`` turns (each with a table of its own, their values being
those of a smaller game) give a line that the full search starts from: on deal 4 cut to
11 turns the beam's plan (12.5, 5,000 nodes) left 453k nodes to search, starting from the
optimum (22.5) 97k; the passes (widths 3 then 4: 21.5, then 22.5, 50k nodes) bring the
total to 147k (node counts from before children were bounded unplayed).

Planner values are cached by (board, pack, sand): many positions of a search share them.
(Sharing the planner's packed placements between its calls too, by pack and scale, saved
nothing measurable: deals 1 and 2 cut to 10 turns, pure, two runs each way, 38.7 s CPU
with against 37.6 s without.)
"""

from __future__ import annotations

import math
from typing import Callable, Sequence

from games.ancients import AncientsState, Rest
from games.errors import SolverFault
from solvers.clock import deadline_of, expired

from .best import (SearchLimitReached, SearchResult, all_turns, dig_outcomes,
                   score_upper_bound)
from .planner import DigPlan, dig_value_above, plan_dig
from .relax import CutDP
from .turn import TurnMove, apply_turn, dig_move, rules_digmaps

__all__ = ["exact_best", "CutBounds"]

#: The widths of the restricted passes that find the starting incumbent (``exact_best``).
INCUMBENT_WIDTHS = (3, 4)

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
        # (value, exact) of ``dig_value``: exact, or an upper bound where only more was asked
        self.values: dict[tuple[int, int, _Pack, int], tuple[float, bool]] = {}

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

    def dig_value(self, occ: int, blk: int, pack: _Pack, sand: int,
                  floor: float = -math.inf) -> float:
        """The planner's best dig value (at least 0: a turn may find nothing) when it
        exceeds ``floor``, else an upper bound on it that is at most ``floor``
        (``planner.dig_value_above``); cached."""
        if not pack:
            return 0.0
        key = (occ, blk, pack, sand)
        plan = self.plans.get(key)
        if plan is not None:
            return max(0.0, plan.value)
        hit = self.values.get(key)
        if hit is None or not (hit[1] or hit[0] <= floor):
            hit = dig_value_above(occ, blk, [self.digmaps[i] for i in pack], sand, floor)
            self.values[key] = hit
        return max(0.0, hit[0])

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
            best = max(best, gain + self.dig_value(o, b, p, t, max(best, alpha - score) - gain))
        return score + max(best, unresolved)

    def dig_first(self, state: AncientsState, alpha: float = -math.inf) -> float:
        """An upper bound on the final score of the lines from ``state`` (three turns left
        or more) whose first turn is a dig (module docstring, "Digs last"); the planner is
        spared where a cheaper bound is already at most ``alpha``."""
        pack = tuple(sorted(state.pack[0]))
        if not pack:
            return -math.inf
        maps = self.rules.maps
        # every split of the pack into the maps the dig finds and those it leaves
        ways: list[tuple[float, _Pack, tuple[int, ...]]] = []
        for bits in range(1, 1 << len(pack)):
            found = tuple(c for i, c in enumerate(pack) if bits >> i & 1)
            kept = tuple(sorted(maps[c].points for i, c in enumerate(pack) if not bits >> i & 1))
            free = self.market.after_dig(state, sum(maps[c].points for c in found), kept)
            ways.append((free, found, kept))
        ways.sort(key=lambda w: (-w[0], w[1]))
        best, unresolved = -math.inf, -math.inf
        for free, found, kept in ways:
            if free <= best:
                break
            if free <= alpha:
                unresolved = max(unresolved, free)
                break
            rest = self.market.after_dig(state, 0.0, kept)
            gain = self.dig_value(state.occupied, state.black, found, state.sand[0],
                                  max(best, alpha) - rest)
            best = max(best, rest + gain)
        return max(best, unresolved)

    def bound(self, state: AncientsState, alpha: float = -math.inf,
              programme: float | None = None) -> float:
        """An upper bound on the final score of ``state`` in the cut game (the planner is
        spared where a cheaper bound is already at most ``alpha``); ``programme`` is the
        programme's bound of ``state`` when the caller has it (``CutDP.after_moves``)."""
        left = self.turns_left(state)
        if state.is_terminal() or left <= 0:
            return state.score(0)
        if left == 1:
            return self.last_turn(state, alpha)[0]
        value = self.market.bound(state) if programme is None else programme
        if left == 2 and value > alpha:
            return min(value, self.two_turns(state, alpha))
        # three turns or more: the programme alone (the counting argument,
        # ``best.score_upper_bound``, was never below it at 76k such nodes of deals 1, 2
        # and 4 cut to 10 turns, and cost 7% of the search's CPU)
        return value


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
    width = [0]

    def search(s: AncientsState, alpha: float, programme: float | None = None) -> _Value:
        """Fail-soft: ``(value, exact, moves)``; a value above ``alpha`` is exact, one at or
        below it an upper bound. ``programme``: the programme's bound of ``s``, if known."""
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
        ub = bounds.bound(s, alpha, programme)
        if ub <= alpha:
            table[key] = (ub, False, [])
            return table[key]
        best = -math.inf
        line: list[TurnMove] = []

        def visit(moves: Sequence[TurnMove]) -> None:
            nonlocal best, line
            # (-rank, -near, index, move, the child's programme bound)
            children: list[tuple[float, float, int, TurnMove, float]] = []
            # the children's bounds and heuristics without playing the turns
            for move, (pre, score, pack) in zip(moves, bounds.market.after_moves(s, moves)):
                near = score + 0.6 * pack  # near the cut: the score and most of the pack
                # far from the cut, the programme's bound ranks the turns first
                rank = near if left <= 3 else pre
                children.append((-rank, -near, len(children), move, pre))
            children.sort(key=lambda c: (c[0], c[1], c[2]))
            if width[0]:
                del children[width[0]:]
            for _, _, _, move, pre in children:
                floor = max(alpha, best)
                if pre <= floor:
                    # the child's own search would fail low on this bound (or on a table
                    # entry): its copy and its node are spared
                    best = max(best, pre)
                    continue
                child = s.clone()
                apply_turn(child, move)
                value, exact, tail = search(child, floor, pre)
                if value > max(alpha, best):
                    best, line = value, [move] + tail
                elif value > best:
                    best = value

        if left == 2:
            visit(all_turns(s))
        else:
            # digs last, and only when their bound can beat what the other turns reached
            visit(s.market_moves() + [Rest("money"), Rest("sand")])
            dig_bound = bounds.dig_first(s, max(alpha, best))
            if dig_bound > max(alpha, best):
                visit(dig_outcomes(s))
            else:
                best = max(best, dig_bound)
        result: _Value = (best, True, line) if best > alpha else (best, False, [])
        table[key] = result
        return result

    floor = -math.inf if incumbent is None else incumbent.score - 0.25
    # restricted passes (each node's first ``width`` turns only, a table of their own:
    # their values are of a smaller game) find a line that starts the full search high
    for w in INCUMBENT_WIDTHS:
        width[0] = w
        value, exact, line = search(state.clone(), floor)
        if exact:
            floor = value - 0.25
        table.clear()
    width[0] = 0
    value, exact, line = search(state.clone(), floor)
    if not exact:
        if incumbent is None:
            raise SolverFault("the exact search found no game at all")
        raise SolverFault(f"the exact search bounds the cut game by {value:g}, below a "
                          f"replayed plan of {incumbent.score:g}")
    bound = score_upper_bound(state, turn_cap=turn_cap)
    return SearchResult(value, line, bound, used[0], "optimal", (), True)
