"""Exact dig planner for Tomb of the Ancients: graph search, exhaustive baseline, and the
early-spending reference search.

**Problem.** A board (two 25-bit masks: ``occupied`` and ``black`` ⊆ occupied), the maps
in the pack and ``tokens`` sand tokens. Find the chain of finds maximising
``points − λ·tokens spent`` (λ = ``token_value``, default 0.5 = a token's end-game worth),
ties going to fewer tokens; each map is found at most once.

**Just-in-time spending loses nothing.** Any turn interleaves sand spends with finds. A
spend changes one cell; a find at placement P needs every cell of P to show P's colour and
then leaves every cell of P occupied and showing the opposite colour *whatever it showed
before*. So the board after a find does not depend on how its cells got right, and a
cell's state matters only at the next find covering it. Take any legal turn and a cell c
covered by a find F: since the last find covering c (or the start of the turn), either c
already showed F's colour without spends on it — then the spends on c in between are
wasted — or at least one spend on c happened, and exactly one spend just before F (flip
if occupied, place if empty) gets the same effect. Spends on cells no later find covers
change nothing the objective counts. Hence moving every spend to just before the find that
needs it, and dropping the rest, keeps the finds legal, the boards after each find equal,
and never spends more. The cost of a find is therefore
``popcount(mismatches(board, P))``: its pattern cells that are empty or show the wrong
colour at that moment, and the board after it is ``find_result(board, P)``. This is
checked by ``early_spend_best``, which allows any spend at any moment, on small cases.

**Search.** Depth-first branch and bound over ``(occupied, black, maps used, tokens
left)`` with a transposition table (exact values, or upper bounds after a cut-off; an exact
entry with at least as many tokens whose chain fits the budget also answers a poorer
state) and admissible upper bounds, applied in order of cost:

1. *Cheapest first find.* The remaining maps' points, less λ times the cheapest first find
   now (every further chain starts with a find costing at least that), floored at zero
   (stopping is always allowed); a move of cost c is worth at most the remaining points
   less λ·c, so moves that cannot beat the best so far are never generated, and a node
   with one map left is answered exactly by its cheapest placement.
2. *Empty cells* (nodes with three or more maps left). A cell never becomes empty again,
   and a find needs every cell of its pattern occupied, so each cell that is empty now
   costs exactly one token at the first find covering it (a later find may get it for
   free, but only because that earlier find paid for it). A chain whose finds use
   placements P₁…P_k therefore spends at least ``|E ∩ (P₁ ∪ … ∪ P_k)| ≥ max_i |E ∩ P_i|``
   tokens (E = the empty cells now). With ``e_i`` = map i's fewest empty cells over its
   placements and ``m_i`` = its cheapest find now: a chain finding exactly the maps S
   costs at least ``max(min_{i∈S} m_i, max_{i∈S} e_i)`` (its first find is one of S, on
   today's board) and exactly ``m_i``'s placement cost when S = {i} alone (no find comes
   before it); a map with ``e_i`` above the tokens left cannot be found at all. The bound
   is the best of stopping, each single map, and, for every threshold θ, all maps with
   ``e_i ≤ θ`` (points only add, and more maps can only lower ``min m``, so this superset
   bounds every S whose largest ``e`` is θ).
   Measured on the bench's stress positions it cuts 17–22% of the nodes; with two maps
   or fewer left it almost never cut (6,185 → 6,184 nodes on the 4-map bench's worst
   position) and costs a second popcount, so it is not tried there.
3. *Starting incumbent* (packs of ``INCUMBENT_BEAM_MIN_MAPS`` or more maps): a beam over
   chains (``INCUMBENT_BEAM_WIDTH`` best boards per depth, equal boards merged) gives a
   chain worth v before the search starts; the search then runs with α = v − 1, which is
   still exact (the optimum is ≥ v > α, and a node returns its exact value whenever it
   exceeds α), but cuts from the first node instead of after the depth-first dive finds a
   good chain (on stress position 0 the dive's last improvement came after 78% of the
   nodes; the beam takes its node count from 93,900 to 55,686). On four maps even a
   perfect starting value saves no nodes on the bench's worst positions (they are all
   proof), so the beam is skipped there.

Also measured: with a perfect starting value the hardest stress position (seed 10,001)
still needs ~990,000 nodes — its cost is the proof that no cheaper chain finds all eight
maps, which neither bound shortens much; it stays over the 1 s target (see the benchmark).

Tried and dropped (measured, no gain): a least-fixpoint "fixable cells" bound (a cell can
only change by a find covering it: the placements usable within the budget, iterated, and
each map's mismatches no other usable placement can fix — with many maps some placement
covers every cell in both colours, so it almost never cut, even with the budget tightened
to what beating α allows), and evaluating one-map-left children inline (the transposition
table already answers most of them).

Placements match with ``board & mask == value`` and flip with xor (``grids.patterns``
placements); all the placements' costs of a node come from one big-integer expression with
a 32-bit lane per placement and a SWAR popcount (a numpy version was tried and was slower on
these sizes).

Values are integers ``(points·D − N·tokens)·W − tokens`` with ``λ = N/D`` and ``W`` larger
than any token count, so "ties to fewer tokens" is part of the order.
"""

from __future__ import annotations

import sys
from array import array
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Iterable, Sequence

from games.seeding import Seed, make_rng
from solvers.clock import deadline_of, expired

from .limits import SearchLimitReached

if TYPE_CHECKING:
    from games.ancients import MapInfo

__all__ = ["DigMap", "DigFind", "DigPlan", "plan_dig", "dig_value_above", "exhaustive_dig",
           "early_spend_best",
           "SearchLimitReached",
           "dig_maps", "chain_cost", "frontier", "random_dig_position", "make_plan",
           "scale_values"]


#: A placement as the planner keeps it: ``(mask, black, rotation quarter-turns, anchor)``.
_Placement = tuple[int, int, int, int]
#: One find of a chain: ``(map id, placement)``.
_Step = tuple[int, _Placement]
#: A chain of finds as a linked list ``(step, rest)`` (``None`` ends it); a prefix is the
#: same, of the steps before a node, nearest first. (The rest is typed ``Any``, not
#: ``"_Chain"``: mypyc 2.4 crashes, a segmentation fault, compiling a recursive alias.)
_Chain = tuple[_Step, Any] | None
#: A transposition-table entry: ``(tokens left, value, exact, chain, tokens spent)``.
_Entry = tuple[int, int, bool, _Chain, int]
#: A placement of an unused map in its 32-bit lane: ``(scaled points, map index, mask,
#: black, rotation, anchor)``.
_Lane = tuple[int, int, int, int, int, int]
#: ``_Planner.packed``: the lanes, their masks, blacks and ones packed, the unused maps'
#: points, and per unused map ``(points, first lane, end lane)``.
_Packed = tuple[list[_Lane], int, int, int, int, list[tuple[int, int, int]]]
#: A chain of ``_Planner.beam``: ``(value, tokens left, occupied, black, maps used, steps)``.
_BeamEntry = tuple[int, int, int, int, int, list[_Step]]


@dataclass(frozen=True)
class DigMap:
    """A map as the planner sees it: id, points and placements
    ``(mask, black, rotation quarter-turns, anchor cell)``."""

    id: int
    points: int
    placements: tuple[tuple[int, int, int, int], ...]


def dig_maps(infos: Iterable[MapInfo]) -> list[DigMap]:
    """``DigMap``s from ``games.ancients.MapInfo``s (sorted by id for determinism)."""
    return [DigMap(m.id, m.points, tuple((p.mask, p.black, p.rotation, p.anchor)
                                         for p in m.placements))
            for m in sorted(infos, key=lambda m: m.id)]


@dataclass(frozen=True)
class DigFind:
    map: int
    rotation: int  # quarter turns
    anchor: int
    mask: int
    black: int
    tokens: int
    points: int


@dataclass
class DigPlan:
    finds: list[DigFind]
    points: int
    tokens: int
    value: float  # points − λ·tokens
    nodes: int = 0
    optimal: bool = True
    board: tuple[int, int] = (0, 0)  # board after the plan
    alternatives: list[DigPlan] = field(default_factory=list)


def scale_values(token_value: float, tokens: int) -> tuple[int, int, int]:
    """``(D, N, W)`` of the integer plan value ``(points·D − N·tokens)·W − tokens`` for
    ``λ = token_value = N/D`` and a token budget ``tokens`` (module docstring)."""
    frac = Fraction(token_value).limit_denominator(10**6)
    if frac < 0:
        raise ValueError("token value must be >= 0")
    return frac.denominator, frac.numerator, tokens + 1


def chain_cost(occ: int, blk: int, chain: Sequence[tuple[int, int]]) -> tuple[int, int, list[int]]:
    """Replay ``(mask, black)`` placements just in time: ``(occ, blk, costs)`` afterwards."""
    costs = []
    for mask, black in chain:
        costs.append(((mask & ~occ) | ((blk ^ black) & mask)).bit_count())
        occ, blk = occ | mask, (blk & ~mask) | (mask & ~black)
    return occ, blk, costs


def make_plan(occ: int, blk: int, maps_by_id: dict[int, DigMap], chain: Sequence[_Step],
              token_value: float, nodes: int, optimal: bool) -> DigPlan:
    """The ``DigPlan`` of ``chain`` (``(map id, (mask, black, rotation, anchor))`` pairs)
    from the board ``(occ, blk)``, each find costed just in time."""
    finds = []
    total_t = total_p = 0
    for map_id, (mask, black, rot, anchor) in chain:
        cost = ((mask & ~occ) | ((blk ^ black) & mask)).bit_count()
        occ, blk = occ | mask, (blk & ~mask) | (mask & ~black)
        pts = maps_by_id[map_id].points
        finds.append(DigFind(map_id, rot, anchor, mask, black, cost, pts))
        total_t += cost
        total_p += pts
    return DigPlan(finds, total_p, total_t, total_p - token_value * total_t, nodes, optimal,
                   (occ, blk))


#: The starting incumbent's beam (bound 3 of the module docstring): its width, and the
#: pack size from which ``plan_dig`` uses it by default.
INCUMBENT_BEAM_WIDTH = 8
INCUMBENT_BEAM_MIN_MAPS = 5


def plan_dig(occ: int, blk: int, maps: Sequence[DigMap], tokens: int, *,
             token_value: float = 0.5, time_limit: float | None = None,
             beam_width: int | None = None) -> DigPlan:
    """The best chain of finds (see the module docstring).

    With ``time_limit`` (seconds) the search may stop early: the plan is then the best
    found so far and ``optimal`` is False. ``beam_width`` sets the starting incumbent's
    beam (0: none; default: ``INCUMBENT_BEAM_WIDTH`` from ``INCUMBENT_BEAM_MIN_MAPS`` maps);
    the result's value is the same either way.

    >>> m = DigMap(1, 3, ((0b11, 0b01, 0, 0),))        # A1 black, B1 white
    >>> plan = plan_dig(0b11, 0b01, [m], 0)
    >>> plan.points, plan.tokens, plan.board == (0b11, 0b10)
    (3, 0, True)
    """
    planner = _Planner(maps, tokens, token_value=token_value, time_limit=time_limit)
    if beam_width is None:
        beam_width = INCUMBENT_BEAM_WIDTH if len(maps) >= INCUMBENT_BEAM_MIN_MAPS else 0
    chain, optimal = planner.run(occ, blk, beam_width)
    return make_plan(occ, blk, {m.id: m for m in maps}, chain, token_value, planner.nodes,
                     optimal)


def dig_value_above(occ: int, blk: int, maps: Sequence[DigMap], tokens: int, floor: float, *,
                    token_value: float = 0.5) -> tuple[float, bool]:
    """``(value, exact)``: the best chain's value (points − ``token_value``·tokens) when it
    exceeds ``floor`` (``exact``), else an upper bound on it that is at most ``floor``: the
    search of ``plan_dig`` with ``floor`` as its α, for a caller (a bound of the exact
    search, ``solvers.ancients.exact``) that needs the value only above it.

    With ``λ = N/D`` the integer value ``(points·D − N·tokens)·W − tokens`` has ``tokens <
    W``, so ``points·D − N·tokens`` is its ceiling over ``W``, and the value is at most
    ``floor`` exactly when the integer one is at most ``⌊floor·D⌋·W``.

    >>> m = DigMap(1, 3, ((0b11, 0b01, 0, 0),))        # A1 black, B1 white
    >>> dig_value_above(0b11, 0b01, [m], 0, 1.0), dig_value_above(0b11, 0b01, [m], 0, 5.0)
    ((3.0, True), (3.0, False))
    """
    D, _, W = scale_values(token_value, tokens)
    alpha = -1 if floor < 0 else int(floor * D) * W
    planner = _Planner(maps, tokens, token_value=token_value, time_limit=None)
    value, _, _ = planner.search(occ, blk, 0, tokens, alpha, 0, None)
    return -(-value // W) / D, value > alpha


class _Planner:
    """The branch and bound of ``plan_dig`` (module docstring) over one pack.

    Plan values are the scaled integers of ``scale_values``; the transposition table maps
    ``(occupied, black, maps used)`` to entries ``(tokens left, value, exact, chain, tokens
    spent)``; chains are linked lists ``(step, rest)`` with ``step = (map id, placement)``.
    """

    __slots__ = ("maps", "tokens", "points", "placements", "loss", "table", "nodes", "full",
                 "subsets", "deadline", "incumbent")

    def __init__(self, maps: Sequence[DigMap], tokens: int, *, token_value: float,
                 time_limit: float | None) -> None:
        D, N, W = scale_values(token_value, tokens)
        self.maps = maps
        self.tokens = tokens
        self.points = [m.points * D * W for m in maps]
        self.placements = [m.placements for m in maps]
        self.loss = N * W + 1  # value lost per token
        self.table: dict[tuple[int, int, int], list[_Entry]] = {}
        self.nodes = 0
        self.full = (1 << len(maps)) - 1
        self.subsets: dict[int, _Packed] = {}
        self.deadline = deadline_of(time_limit)
        # the best total value found and (chain, prefix) to rebuild it after a stop
        self.incumbent: list[Any] = [0, None]  # [value, (chain, prefix) | None]

    def run(self, occ: int, blk: int, beam_width: int) -> tuple[list[_Step], bool]:
        """``(chain as a list of steps, optimal)``: the beam's incumbent first (bound 3),
        then the exact search."""
        alpha = -1
        if beam_width > 0:
            value, start = self.beam(occ, blk, self.tokens, beam_width)
            if value > 0:
                alpha = value - 1  # a chain worth `value` exists: the search stays exact
                chain: _Chain = None
                for step in reversed(start):
                    chain = (step, chain)
                self.incumbent[0], self.incumbent[1] = value, (chain, None)
        optimal = True
        try:
            _, chain, _ = self.search(occ, blk, 0, self.tokens, alpha, 0, None)
        except _Stopped:
            optimal = False
            chain = None
            if self.incumbent[1] is not None:
                chain, prefix = self.incumbent[1]
                while prefix is not None:  # prefix lists the steps before, nearest first
                    chain = (prefix[0], chain)
                    prefix = prefix[1]
        flat = []
        while chain is not None:
            flat.append(chain[0])
            chain = chain[1]
        return flat, optimal

    def packed(self, used: int) -> _Packed:
        """The unused maps' placements packed one per 32-bit lane (cached per used-set),
        with each map's lane range."""
        hit = self.subsets.get(used)
        if hit is None:
            n, pts = len(self.maps), self.points
            lanes = [(pts[i], i, mask, black, rot, anchor) for i in range(n)
                     if not used >> i & 1 for mask, black, rot, anchor in self.placements[i]]
            pm = _pack([lane[2] for lane in lanes])
            pb = _pack([lane[3] for lane in lanes])
            rep = _pack([1] * len(lanes))
            groups = []  # (points, first lane, end lane) per unused map
            start = 0
            for k in range(1, len(lanes) + 1):
                if k == len(lanes) or lanes[k][1] != lanes[start][1]:
                    groups.append((lanes[start][0], start, k))
                    start = k
            hit = (lanes, pm, pb, rep, sum(pts[i] for i in range(n) if not used >> i & 1),
                   groups)
            self.subsets[used] = hit
        return hit

    def search(self, occ: int, blk: int, used: int, t: int, alpha: int, g: int,
               prefix: _Chain) -> tuple[int, _Chain, int]:
        """The exact value of the best chain from here (fail-soft: an upper bound ``<=
        alpha`` when none beats it), its chain and tokens spent; ``t`` tokens left, ``g``
        the value so far, ``prefix`` the steps so far (for the incumbent)."""
        if used == self.full:
            return 0, None, 0
        key = (occ, blk, used)
        table = self.table
        entries = table.get(key)
        if entries is not None:
            for te, val, exact, chain, spent in entries:
                if te >= t:
                    if exact and spent <= t:
                        return val, chain, spent
                    if val <= alpha:
                        return val, None, 0
        self.nodes += 1
        if self.deadline is not None and not self.nodes & 255 and expired(self.deadline):
            raise _Stopped
        hit = self.subsets.get(used)
        if hit is None:
            hit = self.packed(used)
        lanes, packed_mask, packed_black, rep, rest, groups = hit
        # every placement's just-in-time cost at once: 32-bit lanes of one big integer
        x = (packed_mask & ((~occ & 0x1FFFFFF) * rep)) | (((blk * rep) ^ packed_black)
                                                          & packed_mask)
        costs = _lane_popcounts(x, len(lanes))  # bytes: costs[k] of lane k
        cheapest = min(costs)
        store = table.setdefault
        if cheapest > t:  # nothing affordable: the value is exactly 0 (stop here)
            store(key, []).append((t, 0, True, None, 0))
            return 0, None, 0
        nw = self.loss
        # Bound: every chain from here starts with a find costing >= cheapest and gains at
        # most the remaining points; stopping is worth 0.
        ub = rest - nw * cheapest
        if ub < 0:
            ub = 0
        if ub <= alpha:
            store(key, []).append((t, ub, False, None, 0))
            return ub, None, 0
        if len(groups) == 1:  # one map left: its cheapest find, exactly
            return self.last_map(key, t, ub, g, prefix, lanes, costs, cheapest)
        if len(groups) > 2:
            # Empty-cell bound (module docstring): e = a map's fewest empty cells under any
            # placement, m = its cheapest find now. A chain finding exactly the maps S is
            # worth at most sum(points) - nw*max(min m, max e) (exactly p - nw*m alone).
            ec = _lane_popcounts(packed_mask & ((~occ & 0x1FFFFFF) * rep), len(lanes))
            eb = _empty_cell_bound([(min(ec[a:b]), min(costs[a:b]), p) for p, a, b in groups],
                                   t, nw)
            if eb < ub:
                ub = eb
                if ub <= alpha:
                    store(key, []).append((t, ub, False, None, 0))
                    return ub, None, 0
        # a move of cost c is worth at most rest - nw*c: only c <= limit can beat alpha
        limit = (rest - alpha - 1) // nw
        bound = 0  # upper bound of the moves left out (<= alpha), and of stopping
        if limit >= t:
            limit = t  # every affordable move is in
        else:
            bound = rest - nw * (limit + 1)
        moves = []
        for k in _lanes_of(costs, cheapest, limit):
            gain0, i, mask, black, rot, anchor = lanes[k]
            cost = costs[k]
            moves.append((gain0 - nw * cost, cost, i, mask, black, rot, anchor))
        moves.sort(key=lambda mv: (-mv[0], mv[2], mv[3], mv[4]))
        pts, maps, search = self.points, self.maps, self.search
        incumbent = self.incumbent
        best, best_chain, best_spent = 0, None, 0
        for gain, cost, i, mask, black, rot, anchor in moves:
            floor = alpha if alpha > best else best
            if gain + rest - pts[i] <= floor:  # even finding every other map for free
                if gain + rest - pts[i] > bound:
                    bound = gain + rest - pts[i]
                continue
            step = (maps[i].id, (mask, black, rot, anchor))
            val, chain, spent = search(occ | mask, (blk & ~mask) | (mask & ~black),
                                       used | 1 << i, t - cost, floor - gain, g + gain,
                                       (step, prefix))
            val += gain  # exact, or (a cut child) an upper bound <= floor
            if val > best:
                best = val
                best_chain = (step, chain)
                best_spent = spent + cost
                if g + best > incumbent[0]:
                    incumbent[0], incumbent[1] = g + best, (best_chain, prefix)
        if best > alpha:
            store(key, []).append((t, best, True, best_chain, best_spent))
            return best, best_chain, best_spent
        # failed low: every option is worth at most max(best, bound) <= alpha
        if bound > best:
            best = bound
        store(key, []).append((t, best, False, None, 0))
        return best, None, 0

    def last_map(self, key: tuple[int, int, int], t: int, ub: int, g: int, prefix: _Chain,
                 lanes: list[_Lane], costs: bytes, cheapest: int) -> tuple[int, _Chain, int]:
        """``search`` at a node with one map left: its cheapest placement (ties: the
        smallest mask, then black cells) is the exact answer, worth ``ub``."""
        j = min(_lanes_of(costs, cheapest, cheapest), key=lambda k: (lanes[k][2], lanes[k][3]))
        _, i, mask, black, rot, anchor = lanes[j]
        chain = ((self.maps[i].id, (mask, black, rot, anchor)), None) if ub > 0 else None
        spent = cheapest if ub > 0 else 0
        incumbent = self.incumbent
        if chain is not None and g + ub > incumbent[0]:
            incumbent[0], incumbent[1] = g + ub, (chain, prefix)
        self.table.setdefault(key, []).append((t, ub, True, chain, spent))
        return ub, chain, spent

    def beam(self, occ: int, blk: int, t: int, width: int) -> tuple[int, list[_Step]]:
        """A good chain quickly: a beam over chains keeping the ``width`` best boards by
        value so far (then tokens left), merging equal states."""
        beam: list[_BeamEntry] = [(0, t, occ, blk, 0, [])]
        best_value = 0
        best_chain: list[_Step] = []
        nw, maps = self.loss, self.maps
        while beam:
            children: dict[tuple[int, int, int], _BeamEntry] = {}
            for value, t, occ, blk, used, chain in beam:
                lanes, pm, pb, rep = self.packed(used)[:4]
                x = (pm & ((~occ & 0x1FFFFFF) * rep)) | (((blk * rep) ^ pb) & pm)
                costs = _lane_popcounts(x, len(lanes))
                for k in _lanes_of(costs, 0, t):
                    gain0, i, mask, black, rot, anchor = lanes[k]
                    cost = costs[k]
                    v = value + gain0 - nw * cost
                    o, b, u = occ | mask, (blk & ~mask) | (mask & ~black), used | 1 << i
                    old = children.get((o, b, u))
                    if old is None or (v, t - cost) > old[:2]:
                        step = (maps[i].id, (mask, black, rot, anchor))
                        children[(o, b, u)] = (v, t - cost, o, b, u, chain + [step])
            ranked = sorted(children.values(), key=lambda c: (-c[0], -c[1], c[2], c[3], c[4]))
            beam = [c for c in ranked[:width] if c[4] != self.full]
            if ranked and ranked[0][0] > best_value:
                best_value, best_chain = ranked[0][0], ranked[0][5]
        return best_value, best_chain


def _empty_cell_bound(items: list[tuple[int, int, int]], t: int, nw: int) -> int:
    """Bound 2 of the module docstring: ``items`` holds ``(e, m, points)`` per remaining map
    (fewest empty cells of a placement, cheapest find now, scaled points); ``t`` tokens
    left, ``nw`` the scaled value of a token. An upper bound on every chain's value."""
    items.sort()
    eb = 0  # stopping
    acc = size = 0
    first = 1 << 30
    for e, m, p in items:
        if e > t:  # this map and every later one need more tokens than are left
            break
        if m <= t and p - nw * m > eb:  # this map alone
            eb = p - nw * m
        acc += p
        size += 1
        if m < first:
            first = m
        if size > 1:  # the maps so far (at a tie in e, a subset of them: still a bound)
            v = acc - nw * (e if e > first else first)
            if v > eb:
                eb = v
    return eb


_LANE_MASKS: dict[int, tuple[int, int, int, int]] = {}


def _pack(values: list[int]) -> int:
    """One integer holding ``values[k]`` in bits 32k..32k+31."""
    lanes = array("I", values)
    if sys.byteorder == "big":
        lanes.byteswap()
    return int.from_bytes(lanes.tobytes(), "little")


def _lane_popcounts(x: int, count: int) -> bytes:
    """Popcount of each 32-bit lane of ``x`` (lanes hold 25-bit masks), SWAR style, as one
    byte per lane (numpy's ``bitwise_count`` on the lanes was tried: no faster in the
    search, even on the 8-map stress case's ~300 lanes)."""
    masks = _LANE_MASKS.get(count)
    if masks is None:
        rep = _pack([1] * count)
        masks = (0x55555555 * rep, 0x33333333 * rep, 0x0F0F0F0F * rep, 0x3F * rep)
        _LANE_MASKS[count] = masks
    k55, k33, k0f, k3f = masks
    x = x - ((x >> 1) & k55)
    x = (x & k33) + ((x >> 2) & k33)
    x = (x + (x >> 4)) & k0f
    x = (x + (x >> 8) + (x >> 16) + (x >> 24)) & k3f
    return x.to_bytes(4 * count, "little")[::4]


def _lanes_of(costs: bytes, low: int, high: int) -> list[int]:
    """Lanes whose cost lies in ``low..high``, in lane order. A cost is a count of the
    board's 25 cells, one byte, so ``high`` (the tokens held: 1,000 in a designer's file)
    is read no further than 255."""
    out = []
    for value in range(low, min(high, 255) + 1):
        k = costs.find(value)
        while k >= 0:
            out.append(k)
            k = costs.find(value, k + 1)
    out.sort()
    return out


class _Stopped(Exception):
    """The planner's time limit passed."""


def exhaustive_dig(occ: int, blk: int, maps: Sequence[DigMap], tokens: int, *,
                   token_value: float = 0.5, node_limit: int | None = None) -> DigPlan:
    """Baseline: every chain of finds (just-in-time costs), no table, no bound. Raises
    ``SearchLimitReached`` if it would expand more than ``node_limit`` nodes (benchmarks
    cap it)."""
    D, N, W = scale_values(token_value, tokens)
    nw = N * W + 1
    nodes = 0

    def rec(occ: int, blk: int, used: int, t: int) -> tuple[int, tuple[_Step, ...]]:
        nonlocal nodes
        nodes += 1
        if node_limit is not None and nodes > node_limit:
            raise _Stopped
        best = 0
        best_chain: tuple[_Step, ...] = ()
        for i, m in enumerate(maps):
            if used >> i & 1:
                continue
            for mask, black, rot, anchor in m.placements:
                cost = ((mask & ~occ) | ((blk ^ black) & mask)).bit_count()
                if cost > t:
                    continue
                val, chain = rec(occ | mask, (blk & ~mask) | (mask & ~black), used | 1 << i,
                                 t - cost)
                val += m.points * D * W - nw * cost
                if val > best:
                    best, best_chain = val, ((m.id, (mask, black, rot, anchor)),) + chain
        return best, best_chain

    try:
        _, chain = rec(occ, blk, 0, tokens)
    except _Stopped:
        raise SearchLimitReached(f"the exhaustive dig search passed {node_limit} nodes") from None
    return make_plan(occ, blk, {m.id: m for m in maps}, list(chain), token_value, nodes, True)


def early_spend_best(occ: int, blk: int, maps: Sequence[DigMap], tokens: int, *,
                     token_value: float = 0.5) -> tuple[int, int]:
    """``(points, tokens spent)`` of the best turn when spends may happen at any moment
    (place either colour on an empty cell, flip any token) and finds need an exact match.
    Exponential in the tokens: a reference for small cases only."""
    D, N, W = scale_values(token_value, tokens)
    memo: dict[tuple[int, int, int, int], tuple[int, int, int]] = {}

    def rec(occ: int, blk: int, used: int, t: int) -> tuple[int, int, int]:
        key = (occ, blk, used, t)
        if key in memo:
            return memo[key]
        best = (0, 0, 0)  # value, points, tokens
        for i, m in enumerate(maps):
            if used >> i & 1:
                continue
            for mask, black, _, _ in m.placements:
                if occ & mask == mask and blk & mask == black:
                    v, p, s = rec(occ | mask, (blk & ~mask) | (mask & ~black), used | 1 << i, t)
                    cand = (v + m.points * D * W, p + m.points, s)
                    if cand[0] > best[0]:
                        best = cand
        if t:
            for c in range(25):
                bit = 1 << c
                options = ([(occ, blk ^ bit)] if occ & bit else
                           [(occ | bit, blk), (occ | bit, blk | bit)])
                for o, b in options:
                    v, p, s = rec(o, b, used, t - 1)
                    cand = (v - N * W - 1, p, s + 1)
                    if cand[0] > best[0]:
                        best = cand
        memo[key] = best
        return best

    _, points, spent = rec(occ, blk, 0, tokens)
    return points, spent


def frontier(occ: int, blk: int, maps: Sequence[DigMap], tokens: int, *,
             token_value: float = 0.5) -> list[DigPlan]:
    """The plans the planner keeps for hints: the best plan within each budget 0..tokens,
    deduplicated (a points-versus-tokens Pareto front), best value first."""
    plans: list[DigPlan] = []
    seen = set()
    budget = tokens
    while budget >= 0:
        plan = plan_dig(occ, blk, maps, budget, token_value=token_value)
        key = tuple((f.map, f.mask, f.black) for f in plan.finds)
        if key not in seen:
            seen.add(key)
            plans.append(plan)
        # budgets between plan.tokens and this one give the same plan
        budget = min(budget, plan.tokens) - 1
    return plans


def random_dig_position(seed: Seed, *, maps: Sequence[DigMap], n_maps: int, max_tokens: int,
                        density: float = 0.6) -> tuple[int, int, list[DigMap], int]:
    """A seeded test/benchmark position: each cell holds a token with probability
    ``density`` (black or white evenly), ``n_maps`` distinct maps, 0..max_tokens tokens."""
    rng = make_rng(seed)
    occ = blk = 0
    for c in range(25):
        if rng.random() < density:
            occ |= 1 << c
            if rng.random() < 0.5:
                blk |= 1 << c
    chosen = sorted(rng.sample(list(maps), n_maps), key=lambda m: m.id)
    return occ, blk, chosen, rng.randint(0, max_tokens)
