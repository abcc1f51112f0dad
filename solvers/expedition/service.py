"""Archaeology: The New Expedition — hints, arena bots and the demo section.

**Hint.** ``hint(view, ...)`` validates the view, samples a world exactly from what the
seat has seen (``games.archaeology.hidden``) and runs ISMCTS (``solvers.ismcts.search``)
for the seat, with playouts of the engine's rollout policy (``policy``) and the win /
score-margin reward (margin scale $50). Moves are ranked by visits (the search's final
choice); each carries ``value`` = **win probability** (share of the search's finished
playouts through that move that the seat won, 1/k for a k-way shared win),
``expected_money`` (mean final money in those playouts), ``visits`` and ``stderr``.
Trades are built step by step (``take``/``give``); a hint may name the first step of a
trade, or of an explore (``explore B`` before a Tomb keep, a Sphinx naming or the Mine's
draws): ask again from the view after it.

Bots for ``digsite arena expedition``: ``random``, ``greedy`` (the engine's heuristic:
tents, looks, keeps, Mine and Sphinx decisions included), ``ismcts``, ``pimc``
(determinized UCT, 10 worlds, same total iterations). The arena deals draw the monument at
random; a card file with one monument (``--cards``) fixes it.
"""

from __future__ import annotations

from games.archaeology.rules import BUST, KEEP_SOME, NAME_TYPES
from games.expedition import example_view, state_from_view
from solvers.hints import (MEAN_REWARD, WIN_PROBABILITY, Column, Limit, hint_result,
                           rows_from_search, win_probability)
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

EXPECTED_MONEY = Column("expected_money", "mean final money of the seat in those playouts", 2)
TRADE_STEPS = ("a trade is built one card at a time: take cards (card order), then give cards "
               "(falling trade value) until they cover the takes; add the view's \"trade\" "
               "field to ask for the next step")
EXPLORE_STEPS = ("an explore of the Tomb, the Mine or the Sphinx goes on with the explorer's "
                 "next decision (keep, draw or stop, name): ask again from the view after it")


def hint(view: dict, *, data, limit: Limit = Limit(), seed=0, top: int = 10) -> dict:
    """Rank the moves of the view's seat by ISMCTS (see the module docstring)."""
    world, seat = state_from_view(view, data, seed)
    limit = limit.resolve(DEFAULT_ITERATIONS)
    result = ismcts(world, seat, iterations=limit.iterations, time_limit=limit.time_limit,
                    seed=seed, **SEARCH_OPTIONS)
    rows = rows_from_search(result, value=win_probability, columns={
        "expected_money": lambda stat: stat.mean_score, "mean_reward": lambda stat: stat.mean})
    verb = str(result.best).split()[0] if result.best is not None else ""
    explanation = None
    if verb in ("take", "give"):
        explanation = [TRADE_STEPS]
    elif verb == "explore" and world.rules.special in (KEEP_SOME, BUST, NAME_TYPES):
        explanation = [EXPLORE_STEPS]
    return hint_result("expedition", seat=seat, rows=rows, value_meaning=WIN_PROBABILITY,
                       columns=(EXPECTED_MONEY, MEAN_REWARD), limit=limit,
                       iterations=result.iterations, stop_reason=result.stop_reason,
                       seed=seed, top=top, explanation=explanation)


def demo_section(data) -> str:
    """An ISMCTS hint for the bundled example view (the Temple; 300 iterations, seed 0)."""
    view = example_view(data)
    result = hint(view, data=data, limit=Limit(iterations=300), seed=0, top=3)
    hand = ", ".join(f"{n} {name}" for name, n in view["hand"].items())
    market = ", ".join(f"{n} {name}" for name, n in view["marketplace"].items())
    looks = [line for line in view["history"] if " look " in line and " saw " in line]
    lines = [f"{view['monument']}: seat {view['seat']} holds {hand}; marketplace {market}; "
             f"{view['dig_site']} cards left to dig; chambers {view['chambers']}"]
    if looks:
        lines.append(f"it looked: {looks[-1]}")
    lines.append(f"ISMCTS ({result['budget']['iterations']} iterations) suggests: "
                 f"{result['best']}")
    for m in result["moves"]:
        win = "-" if m["value"] is None else f"{m['value']:.2f}"
        money = "-" if m["expected_money"] is None else f"${m['expected_money']:.1f}"
        lines.append(f"  {m['rank']}. {m['move']:<24} win {win}  money {money}  "
                     f"visits {m['visits']}")
    return "\n".join(lines)
