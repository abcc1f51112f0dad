"""Loot N Run services: ISMCTS move hints, arena bots and the demo section.

The greedy heuristic is in ``policy``. ``ismcts`` and ``pimc`` search
with 1,000 iterations per decision unless the arena says otherwise.
"""

from __future__ import annotations

import itertools
from typing import Any

from cards_data.lootnrun import LootNRunData
from games import lootnrun
from games.seeding import Seed, make_rng
from solvers.ismcts.bots import IsmctsBot, PimcBot, PolicyBot, RandomBot
from solvers.hints import Column, Hint, stamped
from solvers.limits import Limit
from solvers.ismcts.hint import win_hint

from .policy import greedy_policy

__all__ = ["hint", "BOTS", "demo_section"]

EXPECTED_SCORE = Column("expected_score", "mean final score of the seat in those playouts", 2)
class GreedyBot(PolicyBot):
    """The greedy heuristic of ``policy``."""

    name = "greedy"
    policy = staticmethod(greedy_policy)


BOTS = {"random": RandomBot, "greedy": GreedyBot, "ismcts": IsmctsBot, "pimc": PimcBot}


def hint(view: dict[str, Any], *, data: LootNRunData, limit: Limit = Limit(), seed: Seed = 0,
         top: int = 10) -> Hint:
    """Rank the moves of the seat to act in ``view`` by ISMCTS win chance (uniformly random
    rollouts, the search's default); the hint says which form of view it read
    (``view_form``)."""
    rng = make_rng(seed)  # one stream: the view's world, then the search
    reading = lootnrun.read_view(view, data, rng)
    world = reading.world
    return stamped(win_hint("lootnrun", world, reading.seat, limit=limit, seed=seed, rng=rng,
                            top=top, search_options={}, score=EXPECTED_SCORE,
                            words=lambda move: lootnrun.describe(world, move)), reading)


def _pct(x: float | None) -> str:
    return "-" if x is None else f"{x:.2f}"


def demo_section(data: LootNRunData) -> str:
    """An ISMCTS hint on the example view."""
    view = lootnrun.example_view(data)
    result = hint(view, data=data, limit=Limit(iterations=300), seed=0, top=5)
    t = lootnrun.rules_for(data, view["players"])
    mine = ", ".join(f"room {rid} ({t.back[t.index[rid]]}: {' '.join(t.treasures[t.index[rid]])})"
                     for rid in view["my_rooms"]) or "nothing"
    lines = [f"seat {view['seat']} to move, scores {view['scores']}, in front: {mine}",
             f"ISMCTS, 300 iterations, seed 0 — best move: {result.best}"]
    lines.extend(f"  {m.rank}. {m.move:<10} win {_pct(m.value)} ± {_pct(m.stderr)} "
                 f"({m.visits} visits)" for m in itertools.islice(result.rows, 5))
    return "\n".join(lines)
