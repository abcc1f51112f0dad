"""The best score still reachable from a position of a played solo Pyramids game, and the
first decision from which the game could no longer reach the deal's best (issue 21 §4,
the bridge hand record's "this card cost a trick").

From a position (``SoloPosition.from_state``) the branch and price over card plans
(``solvers.pyramids.branching``) gives a proven upper bound on what is still reachable,
and its dives play legal continuations through the engine: when the bound meets the best
of them, the figure is the exact best from there (``Reachable.exact``). Its budget is
deterministic: ``POSITION_ITERATIONS`` rounds of column generation per root node at one
position, ``search_rounds`` over one search of a game.

``first_below`` looks for the earliest position that is provably short of the deal's
best. The true best still reachable never rises along a game, so one position proven
short proves every later one short too: the positions can be bisected, from the last
(the game's end, or where the record stops) back towards the first. Each probe asks only
whether the best is still reachable (``short_of``: the branch and price with that best
as the score to beat stops as soon as its bound falls below it); a probe it cannot settle
counts as "still reachable", so the answer may come later than the truth but is always
proven. The figure at the answer is then computed with the full ``POSITION_ITERATIONS``
per root node. An earlier decision may already have lost points that the bound there
cannot show: the answer says "by this decision", not "at this decision".

>>> import cards_data
>>> from games.pyramids import make_deal, state_from_deal
>>> from solvers.pyramids.policy import policy_move
>>> from games.protocol import CHANCE
>>> data = cards_data.load("pyramids")
>>> state = state_from_deal(make_deal(players=1, seed=5, data=data, rounds=1,
...                                   steps_per_round=2), data)
>>> while not state.is_terminal():
...     state.apply(state.chance_outcomes()[0][0] if state.current_player() == CHANCE
...                 else policy_move(state))
>>> reachable(state, data)[0] == Reachable(float(state.score(0)), True)
True
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from cards_data.pyramids import PyramidsData
from games.pyramids import PyramidsState
from solvers.clock import expired
from solvers.results import Reachable

from .branching import BranchAndPrice
from .decomposed import price_rounds
from .position import SoloPosition
from .tables import TablesCut

__all__ = ["reachable", "short_of", "first_below", "search_rounds", "POSITION_ITERATIONS",
           "SEARCH_ITERATIONS"]

#: Column-generation rounds of the bound at one position (each prices every card once).
POSITION_ITERATIONS = 40
#: Column-generation rounds of one search of a game's positions at the least (a review
#: gives it the deal's branch-and-price rounds when they are more: ``search_rounds``).
SEARCH_ITERATIONS = 60


def search_rounds(budget: float) -> int:
    """The rounds of one search for a best-score ``budget`` (in ``BUDGET_UNITS``): what the
    deal's branch and price gets (``decomposed.price_rounds``), ``SEARCH_ITERATIONS`` at the
    least.

    >>> search_rounds(30.0), search_rounds(1.0)
    (300, 60)
    """
    return max(SEARCH_ITERATIONS, price_rounds(budget))


def _search(state: PyramidsState, data: PyramidsData, deadline: float | None
            ) -> tuple[BranchAndPrice, int]:
    """The branch and price of ``state``'s position, and how many root nodes it has (the
    skull track splits the root in two where it can pass 10): each root node gets the
    position's rounds, not the first one all of them. ``tables.TablesCut`` when the
    ``deadline`` falls before its card tables are built."""
    search = BranchAndPrice(SoloPosition.from_state(state), data, state=state.clone(),
                            deadline=deadline)
    return search, len(search.space.root_ranges())


def reachable(state: PyramidsState, data: PyramidsData, *,
              iterations: int = POSITION_ITERATIONS, deadline: float | None = None
              ) -> tuple[Reachable, int]:
    """The best still reachable from ``state`` (a solo position, not changed), and the
    column-generation rounds it took: the exact score at the end, else the branch and
    price's proven bound (exact when one of its dives' games reaches it), ``iterations``
    rounds per root node; ``tables.TablesCut`` when the ``deadline`` falls before the card
    tables are built."""
    if state.is_terminal():
        return Reachable(float(state.score(0)), True), 0
    search, roots = _search(state, data, deadline)
    result = search.run(incumbent=0, iterations=iterations * roots, root_iterations=iterations,
                        deadline=deadline)
    return Reachable(float(result.bound), result.proven), result.iterations


def short_of(state: PyramidsState, data: PyramidsData, best: float, *,
             iterations: int = POSITION_ITERATIONS, deadline: float | None = None
             ) -> tuple[bool, int]:
    """Whether the best still reachable from ``state`` is provably below ``best``, and the
    column-generation rounds it took: the branch and price run with ``best`` as the score
    to beat, which stops each column generation as soon as its bound falls below it
    (``iterations`` rounds per root node at the most). A ``deadline`` that falls before the
    card tables are built settles nothing (``False``)."""
    if state.is_terminal():
        return state.score(0) < best, 0
    target = math.ceil(best) - 1  # scores are whole: below ``best`` is at most this
    try:
        search, roots = _search(state, data, deadline)
    except TablesCut:
        return False, 0
    result = search.run(incumbent=target, iterations=iterations * roots,
                        root_iterations=iterations, deadline=deadline, prune_root=True)
    # closed with no dive's game above the target: nothing reaches ``best``
    return result.stopped == "proven" and search.incumbent(target) <= target, result.iterations


def first_below(states: Sequence[PyramidsState], best: float, *, data: PyramidsData,
                deadline: float | None = None, iterations: int = SEARCH_ITERATIONS
                ) -> tuple[int, Reachable] | None:
    """The earliest ``k`` found such that the best still reachable from ``states[k]`` is
    provably below ``best`` (module docstring), with the figure there (``reachable``);
    ``None`` when the last state can still reach ``best``. ``states`` are the positions
    after a game's decisions, in order; ``iterations`` caps the rounds of the search (the
    figure's are more) and ``deadline`` (``solvers.clock``) its time, both leaving a
    later, still valid answer."""
    if not states:
        return None
    spent = 0

    def short(k: int) -> bool:
        nonlocal spent
        # the probe's rounds per root node: the position's, or what the search has left
        # (the root has one or two nodes: halved, so the search never overspends much)
        rounds = min(POSITION_ITERATIONS, max(1, (iterations - spent) // 2))
        answer, used = short_of(states[k], data, best, iterations=rounds, deadline=deadline)
        spent += used
        return answer

    last = len(states) - 1
    if not short(last):
        return None
    # bisection: ``high`` is proven short, everything before ``low`` is not known to be
    low, high = 0, last
    while low < high and iterations - spent >= 10 and not expired(deadline):
        middle = (low + high) // 2
        if short(middle):
            high = middle
        else:
            low = middle + 1
    target = math.ceil(best) - 1
    try:
        there, _ = reachable(states[high], data, deadline=deadline)
    except TablesCut:  # what the bisection proved there stands
        there = Reachable(float(target), False)
    if there.value > target:
        # the figure's own run (no score to beat, so other rounds and another column
        # pool) ended above what the bisection proved there: that proof is the tighter
        there = Reachable(float(target), False)
    return high, there
