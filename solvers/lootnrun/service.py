"""Loot N Run services: ISMCTS move hints, arena bots and the demo section.

The greedy heuristic is in ``policy``. ``ismcts`` and ``pimc`` search
with 1,000 iterations per decision unless the arena says otherwise.
"""

from __future__ import annotations

import itertools

from games import lootnrun
from games.lootnrun.views import tables_for
from solvers.ismcts.bots import IsmctsBot, PimcBot, PolicyBot, RandomBot
from solvers.ismcts.report import hint_result
from solvers.ismcts.search import ismcts

from .policy import greedy_policy

__all__ = ["hint", "BOTS", "demo_section"]

DEFAULT_ITERATIONS = 1000

BOTS = {
    "random": lambda **kw: RandomBot(**kw),
    "greedy": lambda **kw: PolicyBot(greedy_policy, **kw),
    "ismcts": lambda **kw: IsmctsBot(**kw),
    "pimc": lambda **kw: PimcBot(**kw),
}


def hint(view: dict, *, data, iterations=None, time_limit=None, seed=0, top: int = 10) -> dict:
    """Rank the moves of the seat to act in ``view`` by ISMCTS win chance."""
    world, seat = lootnrun.state_from_view(view, data, seed)
    if iterations is None and time_limit is None:
        iterations = DEFAULT_ITERATIONS
    result = ismcts(world, seat, iterations=iterations, time_limit=time_limit, seed=seed)
    return hint_result("lootnrun", result, seed=seed, top=top, time_limit=time_limit)


def demo_section(data) -> str:
    """An ISMCTS hint on the example view."""
    view = lootnrun.example_view(data)
    result = hint(view, data=data, iterations=300, seed=0, top=5)
    t = tables_for(data)
    mine = ", ".join(f"room {rid} ({t.back[t.index[rid]]}: {' '.join(t.treasures[t.index[rid]])})"
                     for rid in view["my_rooms"]) or "nothing"
    lines = [f"seat {view['seat']} to move, scores {view['scores']}, in front: {mine}",
             f"ISMCTS, 300 iterations, seed 0 — best move: {result['best']}"]
    lines.extend(f"  {m['rank']}. {m['move']:<10} value {m['value']:.3f} ± {m['stderr']:.3f} "
                 f"({m['visits']} visits)" for m in itertools.islice(result["moves"], 5))
    return "\n".join(lines)
