"""Archaeology: The New Expedition — hints, arena bots and the demo section.

**Hint.** ``hint(view, ...)`` validates the view, samples a world exactly from what the
seat has seen (``games.archaeology.hidden``) and runs ISMCTS (``solvers.ismcts.search``)
for the seat, with playouts of the engine's rollout policy (``policy``) and the win /
score-margin reward (margin scale $50). Moves are ranked by visits (the search's final
choice); each carries ``value`` = **win probability** (share of the search's finished
playouts through that move that the seat won, 1/k for a k-way shared win),
``expected_money`` (mean final money in those playouts), ``visits`` and ``stderr``. **A
trade is one row**: the engine plays a trade as ``take``/``give`` steps (every minimal
trade reached once, few moves per search node), and the search counts its *units*
(``solvers.ismcts.search``, ``unit_open``): a row is one whole trade (``trade GIVES for
TAKES``), its value, money and visits over the iterations whose tree path made that whole
trade; iterations that left the tree mid-trade (to finish it in the playout) count for no
row. This aggregates the step tree rather than reporting the best completion under each
first step: every trade the search tried is shown with its own statistics, and no trade
borrows the visits of another that shares its first take. Rows are ranked by those visits;
a one-move decision never tried is a row without a value. Each row carries the move in
words (``games.archaeology.words``). A view with a trade in progress (its ``trade`` field)
is ranked by its next steps. ``best-move`` names the whole trade and ``play`` and game
records take it as one move. ``played_turn`` and ``hint_with_turn`` let ``solvers.review``
name a played trade's steps by the whole trade and value it in the same search. An explore
of the Tomb, the Mine or the Sphinx goes on with the explorer's next decision (a keep, a
draw or stop, a naming): ask again from the view after it.

Bots for ``digsite arena expedition``: ``random``, ``greedy`` (the engine's heuristic:
tents, looks, keeps, Mine and Sphinx decisions included), ``ismcts``, ``pimc``
(determinized UCT, 10 worlds, same total iterations). The arena deals draw the monument at
random; a card file with one monument (``--cards``) fixes it.
"""

from __future__ import annotations

from games.archaeology.moves import TRADE, TRADE_STEPS
from games.archaeology.rules import BUST, KEEP_SOME, NAME_TYPES
from games.archaeology.trades import (WHOLE_TRADES, TradeUnits, played_decision, played_move,
                                      trading)
from games.expedition import describe, example_view, parse_move, read_view, state_from_view
from solvers.hints import Column, Limit
from solvers.ismcts.bots import IsmctsBot, PimcBot, PolicyBot, RandomBot
from solvers.ismcts.hint import ranked_lines, win_hint

from .policy import SEARCH_OPTIONS, greedy_policy

__all__ = ["hint", "BOTS", "demo_section", "played_turn", "hint_with_turn"]

GAME_ID = "expedition"


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
EXPLORE_STEPS = ("an explore of the Tomb, the Mine or the Sphinx goes on with the explorer's "
                 "next decision (keep, draw or stop, name): ask again from the view after it")


def _explain(best, multi_step: bool) -> list[str] | None:
    verb = str(best).split()[0]
    if best.kind == TRADE:
        return [WHOLE_TRADES]
    if verb in ("take", "give"):
        return [TRADE_STEPS]
    return [EXPLORE_STEPS] if verb == "explore" and multi_step else None


def _rank(world, seat: int, *, limit: Limit, seed, top: int, extra=()) -> dict:
    """The hint of ``world``'s seat: whole trades as rows (the steps when the view has a
    trade in progress), ``extra`` whole trades tried at the root too."""
    multi_step = world.rules.special in (KEEP_SOME, BUST, NAME_TYPES)
    units = None if trading(world) else TradeUnits(world, extra)
    return win_hint(GAME_ID, world, seat, limit=limit, seed=seed, top=top,
                    search_options=SEARCH_OPTIONS, score=EXPECTED_MONEY,
                    explain=lambda best: _explain(best, multi_step),
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
    return "\n".join(lines + ranked_lines(result, "expected_money"))
