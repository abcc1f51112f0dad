"""Archaeology: The Card Game — hints, arena bots and the demo section.

**Hint.** ``hint(view, ...)`` validates the view, samples a world and runs ISMCTS
(``solvers.ismcts.search``) for the seat, with playouts of the :func:`rollout_policy` below
(run by the equivalent fast :func:`playout`) and the default win/score-margin reward
(margin scale $50). Moves are ranked by visits (the
search's final choice); each carries ``value`` = **win probability** (the primary value:
share of the search's finished playouts through that move that the seat won, 1/k for a
k-way shared win), ``expected_money`` (mean final money in those playouts), ``visits`` and
``stderr`` (standard error of the win probability). Trades are built step by step
(``take``/``give``), so a hint may name the first step of a trade; ask again (with the
view's ``trade`` field) for the next.

The greedy heuristic, rollout policy and fast playout are in ``policy``.

Bots for ``digsite arena archaeology``: ``random``, ``greedy``, ``ismcts``, ``pimc``
(determinized UCT, 10 worlds, same total iterations).
"""

from __future__ import annotations

from games.archaeology import example_view, state_from_view
from games.archaeology.moves import TRADE_STEPS
from solvers.ismcts.bots import IsmctsBot, PimcBot, PolicyBot, RandomBot
from solvers.hints import Column, Limit
from solvers.ismcts.hint import ranked_lines, win_hint

from .policy import SEARCH_OPTIONS, greedy_policy

__all__ = ["hint", "BOTS", "demo_section"]


class GreedyBot(PolicyBot):
    """The engine's greedy heuristic (``policy``)."""

    name = "greedy"
    policy = staticmethod(greedy_policy)


class SearchBot(IsmctsBot):
    """ISMCTS with this game's playout and reward (``policy.SEARCH_OPTIONS``)."""

    search_options = SEARCH_OPTIONS


class PimcSearchBot(PimcBot):
    """Determinized UCT with the same playout and reward."""

    search_options = SEARCH_OPTIONS


#: The arena bots (module docstring): plain classes, as every game's.
BOTS = {"random": RandomBot, "greedy": GreedyBot, "ismcts": SearchBot, "pimc": PimcSearchBot}

EXPECTED_MONEY = Column("expected_money", "mean final money of the seat in those playouts", 2)


def _explain(best) -> list[str] | None:
    return [TRADE_STEPS] if str(best).split()[0] in ("take", "give") else None


def hint(view: dict, *, data, limit: Limit = Limit(), seed=0, top: int = 10) -> dict:
    """Rank the moves of the view's seat by ISMCTS (see the module docstring)."""
    world, seat = state_from_view(view, data, seed)
    return win_hint("archaeology", world, seat, limit=limit, seed=seed, top=top,
                    search_options=SEARCH_OPTIONS, score=EXPECTED_MONEY, explain=_explain)


def demo_section(data) -> str:
    """An ISMCTS hint for the bundled example view (300 iterations, seed 0)."""
    view = example_view(data)
    result = hint(view, data=data, limit=Limit(iterations=300), seed=0, top=3)
    hand = ", ".join(f"{n} {name}" for name, n in view["hand"].items())
    market = ", ".join(f"{n} {name}" for name, n in view["marketplace"].items())
    lines = [f"seat {view['seat']} holds {hand}; marketplace {market}; "
             f"{view['dig_site']} cards left to dig",
             f"ISMCTS ({result['budget']['iterations']} iterations) suggests: {result['best']}"]
    return "\n".join(lines + ranked_lines(result, "expected_money"))
