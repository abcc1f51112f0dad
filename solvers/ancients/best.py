"""Best score of a solo Tomb of the Ancients deal (the deck order known): a proven upper
bound computed for the deal, beam searches within a deterministic node budget, and the
whole turns of the exact branch and bound for deals cut to their first ``N`` turns
(``solvers.ancients.exact``).

**The bound** (``score_upper_bound``). Let ``Φ`` = the score + the points of the maps in
the pack. A rest adds at most 1 to ``Φ`` ($2 is a point; a token is half a point); a
dig, a sale or a discard never adds to it (a find moves points from the pack to the
hand, sand costs half a point a token, a sale pays half a point per point); a buy of map
``c`` at price ``q`` adds ``p_c - q/2``, plus half a point if the shop held a token —
and the $1 shop never holds one, so at most ``p_c - max(1/2, q/2 - 1/2)``. The price
is bounded below from the deal: ``c`` sits in the shop of its rank among the four market
cards, ordered by (points, entry), so it costs at least the price of rank ``h`` where
``h`` counts the cards ranked above it that can be in the market with it (those there now
and those the deck brings in time; at most three). Buys and rests each draw a card, so
they number at most the deck plus the final turn (in a deal cut to ``N`` turns, at most the
turns left, and a dig turn finds at most a full pack of maps, so ``d`` dig turns realise
at most ``4d`` of them). Money: ``b`` buys cost at least the ``b`` smallest of those
prices, paid from the seat's money, $2 per rest and sales at half a point per dollar. The bound is the best ``Φ`` this allows over
the number of buys, taking the best-valued maps the deck can still bring.

For the whole game a second, tighter argument follows the market exactly
(``market_bound``, the programme ``relax.MarketDP``): the deck order is known, so a
dynamic programme over (the four cards in the market, the cards drawn) tries every
sequence of buys (from any shop, at that shop's price) and rests (which discard the $1
card); the money constraint is priced by a Lagrange multiplier ``θ ∈ [0, 1/2]`` (a dollar
spent costs ``1/2 + θ``, a rest earns ``1 + 2θ``, the money held counts ``θ`` more), and
maps are found for free, except that a map bought with the deck's last card can only be
found in the final turn, which then does not rest. Any ``θ`` gives a valid bound;
``MARKET_THETAS`` are tried and the smallest kept. Measured (``benchmarks/ancients_sides.py``,
15 deals): ``θ`` swept over [0, 1/2] in steps of 1/80 gives its smallest bound at 1/2 on
every deal, and tracking the money exactly instead (a state of the programme, overdrafts
repaid by sales at a point a dollar, or none allowed) gave the same bound as ``θ`` = 1/2
on the three deals tried: the money is not where the bound is loose. What it still
allows: free finds (no sand, any pattern on any board) and a token with every buy from a
dearer shop (capping the tokens by the removals the deck brings, with a Lagrangian price
on them, never lowered the bound on eight deals).

**Search** (``best_score_search``). Beam searches over whole turns (market visits, the
planner's digs, rests; ``solvers.ancients.turn``), each layer keeping the ``width`` best
positions by ``relax.PlanEstimate`` (the score, most of the points in the pack, and half of
what the market programme says the position can still add) and finishing the best
greedily. A beam expands fewer moves than ``turn_options`` lists (``_beam_options``: no
second sale of an artifact of the same points, no sale a buy does not need, no visit that
only sells, no buy that discards the map it bought or a better one), and merges positions
that differ only in which artifacts of the same points they hold (``_merge_key``).
Widths 4, 8, 16, ... run while the node budget (children generated, greedy turns
included) lasts; from the second beam on, the shape of the beams before (the turns of
their longest line, their children per position) fits each layer into the nodes left, so
the last beam narrows instead of stopping short. What it leaves repairs the best plan
(``_repair``, a large-neighbourhood step): replayed to 3/4 and then 1/2 of its turns, a
beam searches again from there. All of it counts nodes, so the same deal and budget give
the same answer. Measured (``benchmarks/ancients_sides.py``): at the default budget the
plans of deals 0-9 and 101-105 rose by 6.1 points on average (none fell; 101 and 102 now
beat what ten times the budget found before), for about the same CPU; before, more than
two thirds of the children were market visits with a sale, and the last of the doubling
beams, stopped short by the budget, left its nodes without a plan.

**Exact search for cut deals**: ``exact.exact_best``, over the whole turns of
``all_turns``. Its bounds are its own (``exact``'s module docstring): the cut-deal market
programme ``relax.CutDP`` (which carries the points of the maps held, a full pack keeping
its best four) with this counting argument where the programme does not settle a node,
the dig planner for the last two turns, and a bound on the lines that start with a dig
(the planner on the board as it stands, then the programme), which lets the search leave
the digs of a position unlisted.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Callable, Hashable, Sequence

from games.ancients import AncientsState, End, Find, Market, Rest, Rules
from games.errors import InternalFault
from games.registry import get
from games.table import plural
from solvers.clock import deadline_of, expired

from .. import interrupt
from .planner import DigMap, SearchLimitReached
from .policy import greedy_turn
from .relax import MarketDP, PlanEstimate
from .turn import Dig, TurnMove, apply_turn, rules_digmaps, turn_options

__all__ = ["UpperBound", "score_upper_bound", "market_bound", "MARKET_THETAS", "SearchResult",
           "best_score_search",
           "dig_outcomes", "all_turns", "SearchLimitReached",
           "DEFAULT_BUDGET", "DEFAULT_NODE_BUDGET", "BEAM_WIDTHS", "REPAIR_CUTS", "MAX_WIDTH"]


def _declared_budget() -> float:
    """The registry's best-score budget of the game, in thousands of nodes."""
    budget = get("ancients").budgets.best_score
    if budget is None:  # the registry declares one for every game with a best score
        raise InternalFault("the registry declares no best-score budget for ancients")
    return budget


#: The default budget of ``best_score_search`` as the registry declares it, in thousands
#: of nodes (the service's unit).
DEFAULT_BUDGET = _declared_budget()
#: The default budget of ``best_score_search``, in nodes (children generated).
DEFAULT_NODE_BUDGET = int(DEFAULT_BUDGET * 1000)
#: Beam widths tried in turn (doubling further while the budget lasts, the last one
#: narrowed to fit it).
BEAM_WIDTHS = (4, 8, 16)


@dataclass(frozen=True)
class UpperBound:
    """A proven upper bound on the final score and the argument's figures."""

    value: float
    buys: int          # the number of buys of the best case
    turns: int         # buy/rest turns left
    note: str
    source: str = "deal-counting"  # or "market" (``market_bound``)
    #: The market programme the bound tried (whole games), its table filled: the bound's
    #: words (``service.bound_words``) and the beam's estimate read it rather than build it
    #: again (half a second to two of pure Python, spent after a ``--time-limit`` had run
    #: out)
    programme: MarketDP | None = field(default=None, compare=False, repr=False)


def _rank(rules: Rules, card: int, entry: int) -> tuple[int, int]:
    return (rules.maps[card].points, entry)


def score_upper_bound(state: AncientsState, *, turn_cap: int | None = None,
                      market: bool = True, deadline: float | None = None) -> UpperBound:
    """The bound of the module docstring for the solo seat at the start of a turn; with
    ``turn_cap`` the game ends after that many turns in all. For the whole game the market
    argument (``market_bound``) is also tried unless ``market`` is False, or the
    ``deadline`` (``solvers.clock``) passes while its programme is built; the smaller
    wins."""
    rules = state.rules
    seat = 0
    score = state.score(seat)
    if state.is_terminal():
        return UpperBound(score, 0, 0, "the game is over")
    pack = sum(rules.maps[c].points for c in state.pack[seat])
    deck = list(state.deck)
    buy_rest = len(deck) + 1 if state.final_left is None else state.final_left
    left = None
    if turn_cap is not None:
        left = max(0, turn_cap - state.turns)
        buy_rest = min(buy_rest, left)
        if left == 0:
            return UpperBound(score, 0, 0, "no turn left")
    # the cards that can still be bought in time: the market, and deck card j (entering at
    # the (j+1)-th draw) when a later buy/rest turn is left to buy it
    entering = [(c, state.entries + 1 + j) for j, c in enumerate(deck[: max(0, buy_rest - 1)])]
    candidates = list(state.market) + entering
    ranked = sorted((_rank(rules, c, e) for c, e in candidates), reverse=True)
    shops = rules.data.shops
    values: list[float] = []
    prices: list[int] = []
    for c, e in candidates:
        above = sum(1 for r in ranked if r > _rank(rules, c, e))
        price = shops[min(above, len(shops) - 1)]
        prices.append(price)
        values.append(rules.maps[c].points - max(0.5, price / 2 - 0.5))
    values.sort(reverse=True)
    prices.sort()
    money = state.money[seat]
    owned = sorted((rules.maps[c].points for c in state.pack[seat]), reverse=True)
    best, best_buys = -math.inf, 0
    for b in range(0, min(buy_rest, len(values)) + 1):
        if left is None:
            # digs take no draw and no turn of the count: every map can be dug
            rests = buy_rest - b
            # (start 0.0: mypyc 2.4 unboxes ``sum`` of a list[float] as an int; the value is
            # a float from the next line on either way)
            value = pack + sum(values[:b], 0.0) + rests
            value -= max(0.0, sum(prices[:b]) - money - 2 * rests) / 2
            if value > best:
                best, best_buys = value, b
            continue
        # a cut deal: d dig turns find at most pack-limit maps each
        for d in range(1, left - b + 1):
            rests = min(buy_rest - b, left - b - d)
            found = min(len(owned) + b, rules.data.pack_limit * d)
            gain = sum(sorted(owned + values[:b], reverse=True)[:found])
            value = gain + rests - max(0.0, sum(prices[:b]) - money - 2 * rests) / 2
            if value > best:
                best, best_buys = value, b
    if turn_cap is not None and buy_rest > best:  # all rests, no dig: the pack scores nothing
        best, best_buys = float(buy_rest), 0
    note = (f"bound: score {score:g} + at most {best:g}: {plural(buy_rest, 'buy/rest turn')} left"
            + (f" of {plural(left, 'turn')}" if left is not None else "")
            + f", the best case buying {plural(best_buys, 'map')} at prices bounded by their rank among "
            "the cards the deck brings in time, resting otherwise, money short for the buys "
            "raised by sales at half a point per dollar"
            + (", each dig turn finding at most a full pack" if left is not None else ""))
    value = score + max(0.0, best)
    if turn_cap is None and market and not expired(deadline):
        try:
            programmes = [MarketDP(state, t, deadline=deadline) for t in MARKET_THETAS]
            market_value, programme = min(((p.bound(state), p) for p in programmes),
                                          key=lambda e: (e[0], e[1].theta))
        except SearchLimitReached:  # the counting argument stands
            return UpperBound(value, best_buys, buy_rest, note)
        for p in programmes:  # (built: what it is asked later it answers, however late)
            p.deadline = None
        theta = programme.theta
        if market_value < value:
            note = (f"bound: the market's exact draw order, a buy from the shop of its rank "
                    f"worth its points less the price at (1/2 + {theta:g}) per dollar and a "
                    f"shop token's half point, a rest 1 + {2 * theta:g} (money priced at "
                    f"{theta:g} a dollar over its half point), maps found for free; the "
                    f"counting argument gives {value:g}")
            return UpperBound(market_value, best_buys, buy_rest, note, "market", programme)
        return UpperBound(value, best_buys, buy_rest, note, programme=programme)
    return UpperBound(value, best_buys, buy_rest, note)


def market_bound(state: AncientsState, *, theta: float) -> float:
    """The market argument (module docstring) for one money price ``theta`` in [0, 1/2]:
    an exact dynamic programme over the market's contents and the cards drawn
    (``relax.MarketDP``), where a buy from the shop of rank ``h`` earns ``p - q(1/2 +
    theta) + 1/2`` (the half point a shop token may bring; the $1 shop never holds one) and
    a rest ``1 + 2 theta``; maps are found for free, digs and sales take no draw. (Above
    1/2 a sale would pay in this accounting; measured, larger prices only loosen it.)"""
    return MarketDP(state, theta).bound(state)


#: The money prices ``score_upper_bound`` tries in ``market_bound`` (each gives a bound).
MARKET_THETAS = (0.5,)


# --- beam search ------------------------------------------------------------------------------

@dataclass
class SearchResult:
    """A plan (whole-turn moves) replaying to ``score``; ``proven`` when it is optimal
    (for ``turn_cap`` turns when given)."""

    score: float
    moves: list[TurnMove]
    bound: UpperBound
    nodes: int
    stop_reason: str  # "budget" | "time_limit" | "complete" | "optimal" | "interrupted"
    widths: tuple[int, ...] = ()
    proven: bool = False
    repairs: int = 0  # beams of the repair step (``_repair``)


class _Budget:
    def __init__(self, nodes: int, deadline: float | None) -> None:
        self.left, self.deadline, self.used = nodes, deadline, 0
        self.clock = self.interrupted = False

    def spend(self, n: int = 1) -> bool:
        """Spend ``n`` nodes; False once the budget (or the deadline, a
        ``time.monotonic()`` instant) is gone, or a stop was requested
        (``solvers.interrupt``: Ctrl-C)."""
        self.used += n
        self.left -= n
        if expired(self.deadline):
            self.clock = True
        if interrupt.requested():
            self.interrupted = True
        return self.left > 0 and not self.clock and not self.interrupted


@dataclass
class _Incumbent:
    """The best plan found so far: its final score and its whole turns."""

    score: float
    moves: list[TurnMove]


def _finish(state: AncientsState, budget: _Budget, turn_cap: int | None) -> list[TurnMove]:
    """Greedy turns (``policy.greedy_turn``) to the end, on ``state`` in place."""
    moves: list[TurnMove] = []
    while not _over(state, turn_cap):
        move = greedy_turn(state)
        apply_turn(state, move)
        moves.append(move)
        budget.spend()
    return moves


def _over(state: AncientsState, turn_cap: int | None) -> bool:
    return state.is_terminal() or (turn_cap is not None and state.turns >= turn_cap)


def _beam_options(state: AncientsState) -> list[TurnMove]:
    """The whole-turn moves a beam expands: ``turn_options`` less the market visits that
    only spend nodes (measured on deals 200-205, ``benchmarks/ancients_sides.py``: they
    were most of the children, and the plans did not need them):

    * a sale of an artifact of the same points and value as one offered before it: the
      same future (an artifact counts only by its points and its sale value);
    * a sale the visit's buy does not need (the money held pays the price), and a visit
      that only sells: a sale pays half its points' worth in score, so it is only worth
      making to pay for a buy, in the visit of that buy;
    * a buy into a full pack that discards the map just bought, or a map worth more
      points than the one bought.
    """
    maps = state.rules.maps
    shops = state.rules.data.shops
    money = state.money[state.to_move]
    offered: dict[tuple[int, int], int] = {}  # (points, value) -> the artifact offered
    out: list[TurnMove] = []
    for move in turn_options(state):
        if isinstance(move, End):  # (only in the middle of a desert turn, never searched)
            continue
        if isinstance(move, Market):
            if move.sell is not None:
                sold = maps[move.sell]
                if offered.setdefault((sold.points, sold.value), move.sell) != move.sell:
                    continue
                if move.buy is None or money >= move.buy:
                    continue
            if move.buy is not None and move.discard is not None:
                bought = state.market[shops.index(move.buy)][0]
                if move.discard == bought or maps[move.discard].points > maps[bought].points:
                    continue
        out.append(move)
    return out


def _merge_key(state: AncientsState) -> Hashable:
    """What a beam merges positions by: ``public_key`` with the artifacts as the multiset
    of their (points, value), and without what cannot matter again in a solo game (the
    cards sold or discarded, the seat to move): positions with the same key have the same
    score and the same futures."""
    seat = state.to_move
    maps = state.rules.maps
    return (state.occupied, state.black, tuple(state.market), tuple(state.shop_tokens),
            len(state.deck), state.entries, state.final_left, state.money[seat],
            state.sand[seat], tuple(sorted(state.pack[seat])),
            tuple(sorted((maps[a].points, maps[a].value) for a in state.artifacts[seat])))


#: No beam is wider.
MAX_WIDTH = 4096
#: The last beam plans for this many times the turns of the longest plan so far (a wider
#: beam's plans may dig more often), and spends this share of the nodes it has left.
FIT_TURN_MARGIN = 1.15
FIT_SPEND = 0.9


@dataclass
class _Fit:
    """What the beams so far say of the search's shape, for fitting a beam into the nodes
    left: the turns of the longest beam (``layers``), children per position expanded
    (``branching``); ``limit`` caps the nodes of one beam; ``narrowed`` says a beam was
    narrowed to fit."""

    layers: int = 0
    branching: float = 0.0
    limit: int | None = None
    narrowed: bool = False


def _beam(start: AncientsState, prefix: list[TurnMove], width: int, best: _Incumbent,
          budget: _Budget, turn_cap: int | None, estimate: Callable[[AncientsState], float],
          fit: _Fit) -> bool:
    """One beam of ``width`` from ``start`` (reached by ``prefix``) ranking positions by
    ``estimate``; improves ``best`` in place. Once ``fit`` knows the search's shape, each
    layer keeps no more positions than the nodes left (or ``fit.limit``) can expand in the
    layers left, so a beam too wide for the budget narrows instead of stopping short.
    False when the budget ran out inside it."""
    used_before = budget.used

    def consider(s: AncientsState, moves: list[TurnMove]) -> None:
        finish = s.clone()
        tail = _finish(finish, budget, turn_cap)
        if finish.score(0) > best.score:
            best.score, best.moves = finish.score(0), moves + tail

    consider(start, prefix)
    beam: list[tuple[AncientsState, list[TurnMove]]] = [(start, prefix)]
    depth = children_made = expanded = 0
    layer_children = layer_expanded = 0
    while beam:
        if fit.layers:
            # children per position: the beam's so far, or its last layer's if more (a
            # plan's later positions hold more artifacts to sell)
            branching = children_made / expanded if expanded else fit.branching
            if layer_expanded:
                branching = max(branching, layer_children / layer_expanded)
            left = budget.left
            if fit.limit is not None:
                left = min(left, fit.limit - (budget.used - used_before))
            layers_left = max(2.0, FIT_TURN_MARGIN * fit.layers - depth)
            keep = max(1, int(FIT_SPEND * left / (branching * layers_left)))
            if keep < len(beam):
                beam = beam[:keep]
                fit.narrowed = True
        # a position's merge key -> (estimate, child number, position, turns leading there)
        children: dict[Hashable, tuple[float, int, AncientsState, list[TurnMove]]] = {}
        layer_children, layer_expanded = children_made, expanded
        for s, moves in beam:
            expanded += 1
            for move in _beam_options(s):
                child = s.clone()
                apply_turn(child, move)
                path = moves + [move]
                children_made += 1
                if not budget.spend():
                    return False
                if _over(child, turn_cap):
                    if child.score(0) > best.score:
                        best.score, best.moves = child.score(0), path
                    continue
                key = _merge_key(child)
                h = estimate(child)
                old = children.get(key)
                if old is None or h > old[0]:
                    children[key] = (h, children_made, child, path)
        layer_children, layer_expanded = children_made - layer_children, expanded - layer_expanded
        # ties go to the child made first: a deterministic order
        ranked = sorted(children.values(), key=lambda e: (-e[0], e[1]))
        beam = [(s, path) for _, _, s, path in ranked[:width]]
        depth += 1
        for s, path in beam[:1]:
            consider(s, path)
    fit.layers = max(fit.layers, depth)
    fit.branching = children_made / max(1, expanded)
    return True


#: Where the repair step cuts the best plan, as shares of its turns (in this order).
REPAIR_CUTS = (0.75, 0.5)


def _repair(state: AncientsState, best: _Incumbent, budget: _Budget, turn_cap: int | None,
            estimate: Callable[[AncientsState], float], fit: _Fit) -> int:
    """The improvement step around the incumbent (a large-neighbourhood search): for each
    cut of ``REPAIR_CUTS`` in turn, replay the best plan so far to that turn and run one
    beam from there, as wide as its share of the nodes left allows. Returns how many
    beams ran."""
    ran = 0
    for i, cut in enumerate(REPAIR_CUTS):
        if budget.left <= 0 or budget.clock or budget.interrupted:
            break
        turn = int(cut * len(best.moves))
        start = state.clone()
        for move in best.moves[:turn]:
            apply_turn(start, move)
        share = _Fit(layers=len(best.moves) - turn, branching=fit.branching,
                     limit=budget.left // (len(REPAIR_CUTS) - i))
        ran += 1
        if not _beam(start, list(best.moves[:turn]), MAX_WIDTH, best, budget, turn_cap,
                     estimate, share):
            break
    return ran


def best_score_search(state: AncientsState, *, nodes: int = DEFAULT_NODE_BUDGET,
                      time_limit: float | None = None, turn_cap: int | None = None,
                      widths: Sequence[int] = BEAM_WIDTHS, deadline: float | None = None,
                      progress: Callable[[str], None] | None = None) -> SearchResult:
    """Beam searches (module docstring) within ``nodes`` nodes. ``time_limit`` (seconds
    from the call) and ``deadline`` (a ``time.monotonic()`` instant; the earlier counts)
    are a wall-clock cap (a result it cut may vary): consulted before the bound (once it
    has passed, the market argument is left out: the counting one costs nothing) and at
    every node. Widths continue doubling after ``widths`` while the budget lasts, the
    last narrowed to fit it; what it leaves goes to the repair step (``_repair``). The
    first beam always completes its greedy finish, so there is always a plan.
    ``progress(text)`` hears each beam's width, the best score and the bound."""
    deadline = deadline_of(time_limit, deadline)
    budget = _Budget(nodes, deadline)
    budget.clock = expired(deadline)
    bound = score_upper_bound(state, turn_cap=turn_cap, deadline=deadline)
    best = _Incumbent(-1.0, [])
    run: list[int] = []
    width_list = list(widths)
    stop = "complete"
    estimate = PlanEstimate(state, turn_cap, programme=bound.programme)
    fit = _Fit()
    repairs = 0
    while True:
        width = width_list[len(run)] if len(run) < len(width_list) else 2 * run[-1]
        if progress is not None:
            progress(f"beam search, width {width}: best {max(best.score, 0):g}, "
                     f"bound {bound.value:g}")
        finished = _beam(state, [], width, best, budget, turn_cap, estimate, fit)
        run.append(width)
        if best.score >= bound.value:
            stop = "optimal"
            break
        if not finished or budget.left <= 0 or budget.clock or budget.interrupted:
            stop = ("interrupted" if budget.interrupted else
                    "time_limit" if budget.clock else "budget")
            break
        if fit.narrowed:
            if progress is not None:
                progress(f"repairing the best plan: best {best.score:g}, "
                         f"bound {bound.value:g}")
            repairs = _repair(state, best, budget, turn_cap, estimate, fit)
            stop = ("interrupted" if budget.interrupted else
                    "time_limit" if budget.clock else
                    "optimal" if best.score >= bound.value else "budget")
            break
        if width >= MAX_WIDTH:
            break
    return SearchResult(best.score, best.moves, bound, budget.used, stop, tuple(run),
                        best.score >= bound.value, repairs)


# --- whole turns of the exact search (``exact.exact_best``) ---------------------------------

#: A chain of finds: each map found, with its placement's rotation and anchor.
_Chain = tuple[tuple[DigMap, int, int], ...]


def dig_outcomes(state: AncientsState) -> list[Dig]:
    """Every distinct result (board, maps found, sand spent) of a chain of finds for the
    seat to act, sand spent just in time; of chains with the same board and finds the one
    spending least is kept. Deterministic order."""
    seat = state.to_move
    maps: list[DigMap] = [rules_digmaps(state.rules)[i] for i in sorted(state.pack[seat])]
    sand = state.sand[seat]
    # (occ, blk, maps used as bits) -> (sand spent, chain)
    best: dict[tuple[int, int, int], tuple[int, _Chain]] = {}
    order: list[tuple[int, int, int]] = []
    # (occ, blk, maps used as bits, sand spent, chain)
    stack: list[tuple[int, int, int, int, _Chain]] = [(state.occupied, state.black, 0, 0, ())]
    while stack:
        occ, blk, used, spent, chain = stack.pop()
        if chain:
            key = (occ, blk, used)
            old = best.get(key)
            if old is not None and old[0] <= spent:
                continue
            if old is None:
                order.append(key)
            best[key] = (spent, chain)
        for i, m in enumerate(maps):
            if used >> i & 1:
                continue
            for mask, black, rot, anchor in m.placements:
                cost = ((mask & ~occ) | ((blk ^ black) & mask)).bit_count()
                if spent + cost > sand:
                    continue
                stack.append((occ | mask, (blk & ~mask) | (mask & ~black), used | 1 << i,
                              spent + cost, chain + ((m, rot, anchor),)))
    out = []
    for key in order:
        spent, chain = best[key]
        finds = tuple(Find(m.id, rot, anchor) for m, rot, anchor in chain)
        out.append(Dig(finds, sum(m.points for m, _, _ in chain), spent))
    return out


def all_turns(state: AncientsState) -> list[TurnMove]:
    """Every whole-turn move of the exact search: market visits, digs (``dig_outcomes``)
    and both rests."""
    return state.market_moves() + dig_outcomes(state) + [Rest("money"), Rest("sand")]
