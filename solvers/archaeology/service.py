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
from solvers.ismcts.bots import IsmctsBot, PimcBot, PolicyBot, RandomBot
from solvers.ismcts.search import DEFAULT_ITERATIONS, ismcts

from .policy import SEARCH_OPTIONS, greedy_policy

__all__ = ["hint", "BOTS", "demo_section"]


def _greedy(*, seat, seed=None, iterations=None):
    bot = PolicyBot(greedy_policy, seat=seat, seed=seed, iterations=iterations)
    bot.name = "greedy"
    return bot


BOTS = {
    "random": lambda *, seat, seed=None, iterations=None: RandomBot(
        seat=seat, seed=seed, iterations=iterations),
    "greedy": _greedy,
    "ismcts": lambda *, seat, seed=None, iterations=None: IsmctsBot(
        seat=seat, seed=seed, iterations=iterations, search_options=SEARCH_OPTIONS),
    "pimc": lambda *, seat, seed=None, iterations=None: PimcBot(
        seat=seat, seed=seed, iterations=iterations, search_options=SEARCH_OPTIONS),
}


def _r(x, digits=4):
    return None if x is None else round(float(x), digits)


def hint(view: dict, *, data, iterations: int | None = None, time_limit: float | None = None,
         seed=0, top: int = 10) -> dict:
    """Rank the moves of the view's seat by ISMCTS (see the module docstring)."""
    world, seat = state_from_view(view, data, seed)
    if iterations is None and time_limit is None:
        iterations = DEFAULT_ITERATIONS
    result = ismcts(world, seat, iterations=iterations, time_limit=time_limit, seed=seed,
                    **SEARCH_OPTIONS)
    moves = []
    for rank, stat in enumerate(result.moves[:top], start=1):
        p = stat.win_rate
        n = stat.finished
        stderr = (p * (1 - p) / n) ** 0.5 if p is not None and n > 1 else None
        moves.append({"rank": rank, "move": str(stat.move), "value": _r(p),
                      "expected_money": _r(stat.mean_score, 2), "visits": stat.visits,
                      "stderr": _r(stderr), "mean_reward": _r(stat.mean)})
    out = {
        "game": "archaeology", "seat": seat, "best": str(result.best), "moves": moves,
        "value_meaning": "win probability of the seat (primary; 1/k for a k-way shared win) "
                         "over ISMCTS playouts through the move; expected_money: mean final "
                         "money in those playouts; moves ranked by visits (the search's "
                         "choice)",
        # time_s is the time limit given (null for none), as in solvers.ismcts.report: the
        # elapsed time would break byte-identical output for a fixed seed and iterations
        "budget": {"iterations": result.iterations, "time_s": time_limit,
                   "stop_reason": result.stop_reason},
        "seed": seed,
    }
    if result.best is not None and str(result.best).split()[0] in ("take", "give"):
        out["explanation"] = ("a trade is built one card at a time: take cards (card order), "
                              "then give cards (falling trade value) until they cover the "
                              "takes; add the view's \"trade\" field to ask for the next step")
    return out


def demo_section(data) -> str:
    """An ISMCTS hint for the bundled example view (300 iterations, seed 0)."""
    view = example_view(data)
    result = hint(view, data=data, iterations=300, seed=0, top=3)
    hand = ", ".join(f"{n} {name}" for name, n in view["hand"].items())
    market = ", ".join(f"{n} {name}" for name, n in view["marketplace"].items())
    lines = [f"seat {view['seat']} holds {hand}; marketplace {market}; "
             f"{view['dig_site']} cards left to dig",
             f"ISMCTS ({result['budget']['iterations']} iterations) suggests: {result['best']}"]
    for m in result["moves"]:
        lines.append(f"  {m['rank']}. {m['move']:<24} win {m['value']:.2f}  "
                     f"money ${m['expected_money']:.1f}  visits {m['visits']}")
    return "\n".join(lines)
