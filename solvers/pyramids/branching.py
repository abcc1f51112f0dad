"""Branch and price over card plans: the proven bound of a solo Pyramids position.

The per-card relaxation (``solvers.pyramids.relax``) scores gems, pyramid points, torches
and skulls on linear envelopes of their true, non-linear terms, and mixes card plans
fractionally. Measured on the deals of issue 21, most of its gap to the best plans sits
in those score terms (fractional completions per colour priced on the hull, fractional
gem pairs and torches). So the search branches on them: a node is a set of ``Ranges``
(completed cards per colour, red and green gems, a torch crossed in each round, the
skull track; then, when every term is whole, whether one card completes), its bound the
relaxation's under those ranges, found by column generation from the pool of card plans
every node shares. Best-first: the open node of the highest bound is split on the term
whose LP value is fractional, children inherit their parent's bound as a cap, and a node
whose bound cannot reach ``incumbent + 1`` (scores are whole) is closed. A node with
nothing left to split whose column generation stopped short (its bound the Lagrangian's,
above the LP of the whole plans it holds) is priced on rather than ending the search.
The proven bound is the highest bound still open (or the incumbent when none is).

The budget is deterministic: ``iterations`` column-generation rounds over the whole
search (each prices every card once) and at most ``node_iterations`` per node after the
root; the same position and budget give the same bound. ``close`` lets a caller close an
open node with its own proof of the node's best. With ``warm`` a child's first master
solve starts from its parent's final basis (``master``'s docstring: about 4x sooner, on
another path where the optimum is degenerate; 2-round deals only).

>>> import cards_data
>>> from games.pyramids import make_deal
>>> from solvers.pyramids.position import SoloPosition
>>> data = cards_data.load("pyramids")
>>> deal = make_deal(players=1, seed=3, data=data, rounds=1, steps_per_round=3)
>>> search = BranchAndPrice(SoloPosition.from_deal(deal, data), data)
>>> result = search.run(incumbent=0, iterations=200)
>>> result.bound >= 0 and result.nodes >= 1
True
"""

from __future__ import annotations

import heapq
import math
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from cards_data.pyramids import PyramidsData
from games.pyramids import PyramidsState
from solvers.clock import expired, remaining

from .. import interrupt

from .bound import pyramid_points
from .dive import MISS_COST, chosen_plans, follow, follow_closely
from .position import SoloPosition
from .relax import CardPlan, Node, Ranges, Solution, Space, Term

__all__ = ["BranchAndPrice", "BranchResult", "OpenNode", "ROOT_ITERATIONS", "NODE_ITERATIONS",
           "INTEGRAL_NODES", "WHOLE_NODES"]

#: Column-generation rounds at most for the root's relaxation and for any later node.
ROOT_ITERATIONS = 120
NODE_ITERATIONS = 25
#: Branch-and-bound nodes of HiGHS for the integral master of ``integral_dive``.
INTEGRAL_NODES = 50
#: HiGHS nodes for ``root_whole_game``'s master over the whole pool (full deals: about
#: 1,000 plans, 26 s at 2,000 nodes on full deal 0).
WHOLE_NODES = 2000
_EPS = 1e-6


@dataclass(order=True)
class OpenNode:
    """A node not yet split: ``key`` orders the heap (highest bound first, then the order
    of creation); ``bound`` is its relaxation's bound (capped by its parent's)."""

    key: tuple[float, int]
    bound: float = field(compare=False)
    ranges: Ranges = field(compare=False)
    node: Node | None = field(compare=False, default=None)
    solution: Solution | None = field(compare=False, default=None)
    depth: int = field(compare=False, default=0)


@dataclass(frozen=True)
class BranchResult:
    """What a search leaves: the proven bound (whole points), the float value behind it,
    the root's bound, the nodes solved and split, the column-generation rounds used, and
    the open nodes best first (their ranges and bounds)."""

    bound: int
    value: float
    root: float
    nodes: int
    iterations: int
    proven: bool
    open: tuple[tuple[float, Ranges], ...] = ()
    stopped: str = "budget"


class BranchAndPrice:
    """The search of one position (module docstring); ``run`` may be called again with a
    higher incumbent or more budget and goes on where it stopped."""

    def __init__(self, position: SoloPosition, data: PyramidsData, *,
                 plans: list[CardPlan] | None = None, state: PyramidsState | None = None,
                 warm: bool = False, deadline: float | None = None):
        self.position, self.data = position, data
        self.state = state  # the engine state of the position: plans are followed from it
        self.found: tuple[int, list[str]] | None = None  # the best game the dives played
        # the card tables: built before ``deadline`` or ``tables.TablesCut``
        self.space = Space(position, data, deadline=deadline)
        self.plans: list[CardPlan] = list(plans or [])
        self._keys = {p.key() for p in self.plans}
        self.heap: list[OpenNode] = []
        self.created = 0
        self.nodes = 0
        self.used = 0
        self.root: float | None = None
        self.closed_by: dict[Ranges, float | None] = {}
        self.deadline: float | None = None  # of the current ``run``
        self.warm = warm  # a child's first master solve from its parent's basis

    # --- the shared column pool -----------------------------------------------------
    def add_plans(self, plans: Iterable[CardPlan]) -> None:
        """Card plans (of legal games, or found by another node) every node starts from."""
        for plan in plans:
            key = plan.key()
            if key not in self._keys:
                self._keys.add(key)
                self.plans.append(plan)

    def _solve(self, ranges: Ranges, *, iterations: int, floor: float, cap: float,
               parent: Solution | None = None) -> tuple[Node, float, Solution]:
        """Column generation at a node of ``ranges`` from the whole pool, its first
        master solve from the ``parent``'s final basis when given (``relax.Basis``)."""
        node = Node(self.space, ranges)
        before = len(self.plans)
        plans = list(self.plans)
        start = parent.basis if parent is not None and self.warm else None
        bound, solution = node.solve(plans, iterations=iterations, floor=floor,
                                     deadline=self.deadline, start=start,
                                     keep_basis=self.warm)
        self.add_plans(plans[before:])
        self.used += solution.iterations
        solution.plans = plans
        if self.state is not None:
            self._dive(self.state, solution)
        return node, min(bound, cap), solution

    def _dive(self, state: PyramidsState, solution: Solution) -> None:
        """Follow the solution's card plans through the engine from the position's
        ``state`` (``dive.follow``)."""
        final, moves = follow(self.space, state, chosen_plans(self.space, solution.x,
                                                              solution.plans))
        score = final.score(0)
        if self.found is None or score > self.found[0]:
            self.found = (score, moves)

    def integral_dive(self, *, node_limit: int = INTEGRAL_NODES,
                      deadline: float | None = None) -> int | None:
        """A game from the master made whole: at the best solved open node, one plan or
        none per card from the whole pool (``Node.integral``), followed through the engine
        like a dive (``dive.follow``); it becomes ``found`` when better. The game's score,
        or ``None`` (no state to play from, no solved node open, or no whole solution).

        The dives follow fractional solutions, whose card plans need not fit together;
        the whole master's do fit its rows (2026-11-26, the bench's 2-round deals after
        the root's rounds: it played the optimum of deals 5 and 6 and raised deals 1 and 2
        from 70 and 75 to 85, 0.2-0.9 s each)."""
        # the best open node that was solved (one pushed unsolved when the budget ran out
        # has no rows yet)
        top = next((o for o in sorted(self.heap) if o.node is not None), None)
        if self.state is None or top is None or top.node is None:
            return None
        x = top.node.integral(self.plans, node_limit=node_limit, time_limit=remaining(deadline))
        if x is None:
            return None
        final, moves = follow(self.space, self.state, chosen_plans(self.space, x, self.plans))
        score = final.score(0)
        if self.found is None or score > self.found[0]:
            self.found = (score, moves)
        return score

    def root_whole_game(self, *, node_limit: int = WHOLE_NODES,
                        deadline: float | None = None) -> int | None:
        """A game from the master made whole at the root's ranges over the whole pool
        (``Node.integral``), played by ``dive.follow_closely``; it becomes ``found`` when
        better. The game's score, or ``None`` (no state, no whole solution, or no game
        keeps its plans).

        Made for full deals, where the column pool after the rounds holds plans that fit
        together better than any game the searches found: on full deal 0 the whole
        master picked 8 plans (8 completions) that ``follow_closely`` played to 172, the
        default's plan 162 (2026-11-26, helper pcut; ``benchmarks.pyramids_sides``).

        The master counts each colour's pyramid points exactly (``exact_points``): the
        concave hull credits an odd count half a milestone, so the whole master chased
        phantom points (full deal 4: 7 completions, one purple alone worth 5 on the hull,
        played to 141; exact: 151, the default's plan 149). Where the strict beam finds no
        game the plans are followed forgiving (``MISS_COST``). Measured on the pools the
        default's rounds leave (2026-11-27, helper pfull, ``benchmarks.pyramids_sides``):
        the exact whole master is the incumbent's game on full deals 3, 7 and 8 (HiGHS
        proves it optimal over the pool: 156, 147.5 and 155 on the master's terms), so no
        follower can raise those deals from this pool.

        2-round deals play it too after their rounds when a gap is left: the bench's deal
        2 ended its 1,200 rounds at 91 / 94, and this game is its optimum 94 (8 s at 1,700
        plans; CP-SAT after the search had not found it). Played at every 300 rounds
        instead it found 84-90 on deals 1, 2 and 8 and cost 3-9 s each time, so it runs
        once, at the end (2026-11-27)."""
        if self.state is None or not self.plans:
            return None
        node = Node(self.space, self.space.root_ranges()[0])
        x = node.integral(self.plans, node_limit=node_limit, time_limit=remaining(deadline),
                          exact_points=True)
        if x is None:
            return None
        chosen = chosen_plans(self.space, x, self.plans)
        played = follow_closely(self.space, self.state, chosen, deadline=deadline)
        if played is None:  # no crossing kept the plans somewhere: forgive the misses
            played = follow_closely(self.space, self.state, chosen, miss_cost=MISS_COST,
                                    deadline=deadline)
        if played is None:
            return None
        final, moves = played
        score = final.score(0)
        if self.found is None or score > self.found[0]:
            self.found = (score, moves)
        return score

    def _push(self, ranges: Ranges, bound: float, node: Node | None, solution: Solution | None,
              depth: int) -> None:
        self.created += 1
        heapq.heappush(self.heap, OpenNode((-bound, self.created), bound, ranges, node, solution,
                                           depth))

    # --- the search -------------------------------------------------------------------
    def run(self, *, incumbent: int, iterations: int, node_iterations: int = NODE_ITERATIONS,
            root_iterations: int = ROOT_ITERATIONS,
            progress: Callable[[int, float], None] | None = None,
            deadline: float | None = None, prune_root: bool = False) -> BranchResult:
        """Search until the bound meets ``incumbent`` or ``iterations`` more rounds of column
        generation are spent; ``progress(nodes, bound)`` after each node. A ``deadline``
        (``time.monotonic()`` instant) is consulted before each split: once it has passed the
        search stops (``stopped`` is ``"time_limit"``), its bound still valid; so does a stop
        request (``solvers.interrupt``: Ctrl-C; ``stopped`` is ``"interrupted"``). With
        ``prune_root`` the root's column generation also stops once its bound cannot beat
        the incumbent (the question is then only whether anything can: ``root`` is no
        longer the root's best bound)."""
        if self.position.over:
            value = float(self.position.score_so_far(self.data))
            return BranchResult(int(value), value, value, 0, 0, True, (), "proven")
        budget = self.used + iterations
        self.deadline = deadline

        def floor() -> float:  # a node below it cannot beat the incumbent
            best = max(incumbent, self.found[0]) if self.found else incumbent
            return best + 1 - _EPS

        if self.root is None:
            for ranges in self.space.root_ranges():
                node, bound, solution = self._solve(
                    ranges, iterations=min(root_iterations, max(1, budget - self.used)),
                    floor=floor() if prune_root else -math.inf, cap=math.inf)
                self.nodes += 1
                self._push(ranges, bound, node, solution, 0)
            self.root = max(o.bound for o in self.heap)
        stopped = "budget"
        while self.heap:
            top = self.heap[0]
            if top.bound < floor():
                stopped = "proven"
                break
            if self.used >= budget:
                break
            if expired(deadline):
                stopped = "time_limit"
                break
            if interrupt.requested():  # Ctrl-C: the bound so far is valid
                stopped = interrupt.INTERRUPTED
                break
            heapq.heappop(self.heap)
            if top.node is None:
                # pushed with its parent's bound when the budget ran out: solve it now,
                # stopping at the floor like any child, and put it back; split only if it
                # is still the best open node (splitting it at once, unpruned, spent the
                # rounds of both its children on a node the incumbent could close)
                node, bound, solution = self._solve(
                    top.ranges, iterations=min(node_iterations, max(1, budget - self.used)),
                    floor=floor(), cap=top.bound)
                self.nodes += 1
                if bound >= floor():
                    self._push(top.ranges, bound, node, solution, top.depth)
                continue
            children, depth = self._split(top), top.depth + 1
            if children is None and top.solution is not None and not top.solution.converged:
                # whole, but its bound is the Lagrangian's of an unfinished column
                # generation, above the LP value of the whole plans it holds: price it on
                # (measured on 2-round deal 0: such a node held the bound at 92 over an LP
                # of whole plans worth 72, and the search stopped there)
                children, depth = [top.ranges], top.depth
            if children is None:  # every term whole: nothing left to branch on here
                self._push(top.ranges, top.bound, top.node, top.solution, top.depth)
                stopped = "unsplittable"
                break
            for ranges in children:
                if self.used >= budget:  # out of budget: the child keeps its parent's bound
                    self._push(ranges, top.bound, None, None, depth)
                    continue
                node, bound, solution = self._solve(
                    ranges, iterations=min(node_iterations, max(1, budget - self.used)),
                    floor=floor(), cap=top.bound, parent=top.solution)
                self.nodes += 1
                if bound >= floor():
                    self._push(ranges, bound, node, solution, depth)
            if progress is not None:
                progress(self.nodes, self.value(self.incumbent(incumbent)))
        else:  # every node closed: the incumbent is the optimum
            stopped = "proven"
        return self.result(self.incumbent(incumbent), stopped)

    def incumbent(self, given: int) -> int:
        """The best score known: ``given`` or the dives' best game."""
        return max(given, self.found[0]) if self.found else given

    def value(self, incumbent: int) -> float:
        """The bound now: the highest open node's, or the incumbent's."""
        return max([float(incumbent)] + [o.bound for o in self.heap])

    def result(self, incumbent: int, stopped: str) -> BranchResult:
        value = self.value(incumbent)
        bound = max(incumbent, int(math.floor(value + _EPS)))
        opened = tuple((round(o.bound, 3), o.ranges) for o in sorted(self.heap)[:10])
        return BranchResult(bound, value, self.root if self.root is not None else value,
                            self.nodes, self.used, bound <= incumbent, opened, stopped)

    def close(self, ranges: Ranges, value: float | None) -> None:
        """Close the open node of ``ranges`` by another proof: its best is ``value``
        (``None``: no legal game in it)."""
        kept = [o for o in self.heap if o.ranges != ranges]
        if len(kept) != len(self.heap):
            self.closed_by[ranges] = value
            self.heap = kept
            heapq.heapify(self.heap)

    def best_open(self) -> OpenNode | None:
        return self.heap[0] if self.heap else None

    # --- branching --------------------------------------------------------------------
    def _split(self, top: OpenNode) -> list[Ranges] | None:
        """The children of an open node: the most fractional score term first (colours,
        torches, gems, skulls), then a card's completion."""
        node, solution = top.node, top.solution
        if node is None or solution is None:  # pushed without a solve (budget): solve it
            node, bound, solution = self._solve(top.ranges, iterations=NODE_ITERATIONS,
                                                floor=-math.inf, cap=top.bound)
            top.node, top.solution, top.bound = node, solution, bound
        agg = node.aggregates(solution, solution.plans)
        ranges, data = top.ranges, self.data
        # (points the relaxation may gain from the term's envelope, order, term, cut, range)
        candidates: list[tuple[float, int, Term, int, int, int]] = []
        for k, v in enumerate(agg.colours):
            lo, hi = ranges.colours[k]
            if lo < hi:
                gap = min(a * v + b for a, b in node.hulls[k]) - _interpolated(data, v)
                cut = math.floor(v + _EPS) - (0 if _fraction(v) > _EPS else 0)
                cut = min(max(cut, lo), hi - 1)
                candidates.append((gap, 0, ("colour", k), cut, lo, hi))
        for r, v in enumerate(agg.torches):
            lo, hi = ranges.torches[r]
            if lo < hi and _EPS < v < 1 - _EPS:
                candidates.append((data.torch_points * min(v, 1 - v), 1, ("torch", r), 0, lo, hi))
        for name in ("red", "green"):
            v, (lo, hi) = getattr(agg, name), getattr(ranges, name)
            if lo < hi and v < data.gems_per_colour and _fraction(v) > _EPS:
                cut = min(max(math.floor(v), lo), hi - 1)
                candidates.append((_fraction(v) * data.gem_pair_points / 2, 2, (name,), cut, lo, hi))
        v, (lo, hi) = agg.skulls, ranges.skulls
        if lo < hi and _fraction(v) > _EPS:
            cut = min(max(math.floor(v), lo), hi - 1)
            candidates.append((_fraction(v), 3, ("skulls",), cut, lo, hi))
        candidates = [c for c in candidates if c[0] > _EPS]
        if candidates:
            _, _, term, cut, lo, hi = max(candidates, key=lambda c: (c[0], -c[1]))
            return [ranges.narrowed(term, cut + 1, hi), ranges.narrowed(term, lo, cut)]
        return self._card_split(ranges, solution)

    def _card_split(self, ranges: Ranges, solution: Solution) -> list[Ranges] | None:
        """With every score term whole: the card whose entry, then whose completion time,
        then whose use of a step is the most fractional."""
        fixed = {(kind, i, t) for kind, i, t, _ in ranges.fixes}
        T = self.space.T
        entry: dict[tuple[int, int], float] = {}
        done: dict[int, list[float]] = {}
        use: dict[tuple[int, int], float] = {}
        for w, plan in zip(solution.x, solution.plans):
            if w <= _EPS:
                continue
            if not self.space.pool[plan.card].in_hand:
                for t in range(plan.entry, T):
                    entry[plan.card, t] = entry.get((plan.card, t), 0.0) + w
            by = done.setdefault(plan.card, [0.0] * T)
            if plan.done is not None:
                for t in range(plan.done, T):
                    by[t] += w
            for t in range(self.space.t0, T):
                if plan.use[t]:
                    use[plan.card, t] = use.get((plan.card, t), 0.0) + w
        for kind, shares in (("entry_by", entry), ("done_by", {(i, t): v for i, by in done.items()
                                                              for t, v in enumerate(by)}),
                             ("use", use)):
            split = [(min(v, 1 - v), -i, -t) for (i, t), v in shares.items()
                     if (kind, i, t) not in fixed and _EPS < v < 1 - _EPS]
            if split:
                _, i, t = max(split)
                return [ranges.narrowed((kind, -i, -t), 1, 1), ranges.narrowed((kind, -i, -t), 0, 0)]
        return None


def _fraction(v: float) -> float:
    return abs(v - round(v))


def _interpolated(data: PyramidsData, v: float) -> float:
    """Pyramid points of a colour at ``v`` completions, linear between whole counts (what
    the whole counts around ``v`` can score at the most)."""
    low = math.floor(v + _EPS)
    share = max(0.0, v - low)
    return (1 - share) * pyramid_points(data, low) + share * pyramid_points(data, low + 1)
