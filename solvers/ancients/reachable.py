"""The best score still reachable from a position of a played solo game, and the first
decision after which the game could no longer reach the deal's best plan (issue 21 §4:
the bridge hand record's "this card cost a trick").

For every position after one of the seat's decisions, the bound on what is still
reachable is the smaller of the counting argument (``best.score_upper_bound`` without
the market) and the market programme (``relax.MarketDP``, built once for the deal and
shared by every position of the game); near the end, when at most
``EXACT_DRAWS_LEFT`` cards are left to draw, the exact search (``exact.exact_best``,
with a turn cap the game cannot reach) gives the reachable best itself. The first
position whose bound is below the score of the deal's best plan is where the game
provably fell short of that plan: the loss by then is at least the plan's score minus
that bound, and at most the deal's bound minus what a plan from that position reaches
(``best.best_score_search``). An earlier decision may already have lost points the bound
cannot show; the answer says "by this decision", not "at this decision".
"""

from __future__ import annotations

from typing import Mapping, Sequence, TypedDict

from games.ancients import AncientsState
from solvers.clock import expired

from .best import SearchLimitReached, best_score_search, score_upper_bound
from .exact import exact_best
from .relax import MarketDP

__all__ = ["reachable", "first_shortfall", "best_reachable_bound", "EXACT_DRAWS_LEFT",
           "EXACT_NODES", "Reachable"]

#: Positions with at most this many cards left to draw are solved exactly.
EXACT_DRAWS_LEFT = 2
#: The exact search's node budget per position (it gives up, and the bound stands, past it).
EXACT_NODES = 20_000


class Reachable(TypedDict):
    """What :func:`reachable` finds still reachable from a position: the score of a plan
    from it, a proven bound on the best, and whether the two are the proven best."""

    plan: float
    bound: float
    exact: bool


def _unreachable_cap(state: AncientsState) -> int:
    """A turn count the rest of the game cannot reach: every turn draws a card, or finds
    at least one map (each bought or in the pack once), or sells one (each found once),
    and the final round adds one turn."""
    draws = len(state.deck)
    maps = len(state.pack[0]) + draws
    return state.turns + draws + 1 + maps + len(state.artifacts[0]) + maps + 1


def _bound(state: AncientsState, market: MarketDP) -> float:
    """The smaller of the counting argument and ``market``'s programme at ``state``; the
    counting argument alone once the programme's deadline has passed (a review capped by
    --best-time-limit 2 built a programme for every decision after its cap: 6 s)."""
    counting = score_upper_bound(state, market=False).value
    if expired(market.deadline):
        return counting
    try:
        return min(market.bound(state), counting)
    except SearchLimitReached:
        return counting


def reachable(state: AncientsState, market: MarketDP, *, plan_nodes: int,
              deadline: float | None = None) -> Reachable:
    """What is still reachable from ``state`` (seat 0 to act at the start of a turn, or
    the end of the game): ``{"plan", "bound", "exact"}``. ``market`` is the deal's
    programme (any root the position is reachable from); ``deadline`` (``solvers.clock``)
    caps the plan and the exact search (the bound then stands)."""
    if state.is_terminal():
        return {"plan": state.score(0), "bound": state.score(0), "exact": True}
    bound = _bound(state, market)
    plan = best_score_search(state, nodes=plan_nodes, deadline=deadline)
    if len(state.deck) <= EXACT_DRAWS_LEFT:
        try:
            best = exact_best(state, turn_cap=_unreachable_cap(state), nodes=EXACT_NODES,
                              incumbent=plan, deadline=deadline)
            return {"plan": best.score, "bound": best.score, "exact": True}
        except SearchLimitReached:
            pass
    return {"plan": plan.score, "bound": min(bound, plan.bound.value), "exact": False}


def first_shortfall(root: AncientsState,
                    positions: Sequence[tuple[Mapping[str, object], AncientsState]], *,
                    best_score: float, best_bound: float, plan_nodes: int,
                    deadline: float | None = None) -> dict[str, object]:
    """The first of ``positions`` (``(about, state)`` pairs in game order: ``about``
    describes the decision that led there, ``state`` the position after it) from which
    the deal's best plan score ``best_score`` is provably out of reach, with what was
    still reachable there and the loss's range; ``{"decision": None, ...}`` if none is.
    ``root`` is the deal's starting position."""
    market = MarketDP(root, deadline=deadline)
    for about, state in positions:
        if state.is_terminal():
            bound = state.score(0)
        else:
            bound = _bound(state, market)
        if bound >= best_score:
            continue
        there = reachable(state, market, plan_nodes=plan_nodes, deadline=deadline)
        return {**about, "reachable_after": there, "best_plan": best_score,
                "lost_at_least": best_score - there["bound"],
                "lost_at_most": best_bound - there["plan"]}
    return {"decision": None, "best_plan": best_score,
            "note": "no position of the game is provably short of the best plan's score: "
                    "the bounds after every decision still allow it"}


def best_reachable_bound(state: AncientsState, *, deadline: float | None = None) -> float:
    """A proven upper bound on the best final score still reachable from ``state`` (the
    exact best when at most ``EXACT_DRAWS_LEFT`` cards are left to draw and the exact
    search finishes): what ``solvers.review`` compares with the deal's best."""
    if state.is_terminal():
        return float(state.score(0))
    bound = _bound(state, MarketDP(state, deadline=deadline))
    if len(state.deck) <= EXACT_DRAWS_LEFT:
        try:
            return exact_best(state, turn_cap=_unreachable_cap(state), nodes=EXACT_NODES,
                              deadline=deadline).score
        except SearchLimitReached:
            pass
    return bound
