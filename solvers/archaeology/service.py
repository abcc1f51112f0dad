"""Archaeology: The Card Game — hints, arena bots and the demo section.

**Hint.** ``hint(view, ...)`` validates the view, samples a world and runs ISMCTS
(``solvers.ismcts.search``) for the seat, with playouts of the :func:`rollout_policy` below
(run by the equivalent fast :func:`playout`) and the default win/score-margin reward
(margin scale $50). Moves are ranked by visits (the search's final choice); each carries
``value`` = **win probability** (the primary value: share of the search's finished playouts
through that move that the seat won, 1/k for a k-way shared win), ``expected_money`` (mean
final money in those playouts), ``visits`` and ``stderr`` (standard error of the win
probability). **A trade is one row**: the engine plays a trade as ``take``/``give`` steps
(every minimal trade reached once, few moves per search node), and the search counts its
*units* (``solvers.ismcts.search``, ``unit_open``): a row is one whole trade (``trade GIVES
for TAKES``), its value, money and visits over the iterations whose tree path made that
whole trade; iterations that left the tree mid-trade (to finish it in the playout) count
for no row. This aggregates the step tree rather than reporting the best completion under
each first step: every trade the search tried is shown with its own statistics, and no
trade borrows the visits of another that shares its first take. Rows are ranked by those
visits; a one-move decision never tried is a row without a value. Each row carries the move
in words (``games.archaeology.words``). A view with a trade in progress (its ``trade``
field) is ranked by its next steps. ``best-move`` names the whole trade and ``play`` and
game records take it as one move. ``played_turn`` and ``hint_with_turn`` let
``solvers.review`` name a played trade's steps by the whole trade and value it in the same
search.

The greedy heuristic, rollout policy and fast playout are in ``policy``.

Bots for ``digsite arena archaeology``: ``random``, ``greedy``, ``ismcts``, ``pimc``
(determinized UCT, 10 worlds, same total iterations).
"""

from __future__ import annotations

from games.archaeology import describe, example_view, parse_move, read_view, state_from_view
from games.archaeology.moves import TRADE, TRADE_STEPS
from games.archaeology.trades import (WHOLE_TRADES, TradeUnits, played_decision, played_move,
                                      trading)
from solvers.ismcts.bots import IsmctsBot, PimcBot, PolicyBot, RandomBot
from solvers.hints import Column, Limit
from solvers.ismcts.hint import ranked_lines, win_hint

from .policy import SEARCH_OPTIONS, greedy_policy

__all__ = ["hint", "BOTS", "demo_section", "played_turn", "hint_with_turn"]

GAME_ID = "archaeology"


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
    if best.kind == TRADE:
        return [WHOLE_TRADES]
    return [TRADE_STEPS] if str(best).split()[0] in ("take", "give") else None


def _rank(world, seat: int, *, limit: Limit, seed, top: int, extra=()) -> dict:
    """The hint of ``world``'s seat: whole trades as rows (the steps when the view has a
    trade in progress), ``extra`` whole trades tried at the root too."""
    units = None if trading(world) else TradeUnits(world, extra)
    return win_hint(GAME_ID, world, seat, limit=limit, seed=seed, top=top,
                    search_options=SEARCH_OPTIONS, score=EXPECTED_MONEY, explain=_explain,
                    words=lambda move: describe(world, move), units=units)


def hint(view: dict, *, data, limit: Limit = Limit(), seed=0, top: int = 10) -> dict:
    """Rank the decisions of the view's seat by ISMCTS (see the module docstring); the
    hint says which form of view it read (``view_form``) and what that reading left out."""
    reading = read_view(view, data, seed)
    return reading.stamp(_rank(reading.world, reading.seat, limit=limit, seed=seed, top=top))


def played_turn(state, moves) -> tuple[int, str | None, bool]:
    """``solvers.review``'s hook: a record's trade steps are one decision, named by the
    whole trade (``games.archaeology.trades.played_decision``)."""
    return played_decision(state, moves, parse_move)


def hint_with_turn(view: dict, moves, *, data, limit: Limit = Limit(), seed=0,
                   top: int = 10) -> dict:
    """``solvers.review``'s hook: the hint with the played trade (its step ``moves``, or
    one whole-trade move) tried as one root move too, so that one search values it."""
    world, seat = state_from_view(view, data, seed)
    played = played_move(world, moves, parse_move)
    return _rank(world, seat, limit=limit, seed=seed, top=top,
                 extra=(played,) if played.kind == TRADE else ())


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
