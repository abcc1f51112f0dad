"""A whole trade as one decision: the rules' and the notation's side.

The engine plays a trade as ``take``/``give`` steps (``state``: every minimal trade
reachable once, few moves per search node); a player decides on the whole trade
(``trade GIVES for TAKES``, ``moves``). These helpers translate between the two:
:func:`trading` tells whether a trade is in progress (a decision not finished yet),
:func:`whole_trade` names the trade a run of steps makes, :func:`example_decisions` lists a
position's decisions as a player makes them (``digsite notation``). How the hints and
reviews count a trade as one decision is solver code (``solvers.archaeology.trades``).

>>> import cards_data
>>> from games.archaeology import example_view, parse_text, state_from_view
>>> data = cards_data.load("archaeology")
>>> state, _ = state_from_view(example_view(data), data, 0)
>>> steps = [parse_text(text) for text in ("take talisman", "give coin", "give coin")]
>>> str(whole_trade(state, steps))
'trade coin coin for talisman'
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Sequence

from .moves import GIVE, TAKE, MoveBase

if TYPE_CHECKING:  # (the state module imports the moves this one does)
    from .state import ArchaeologyState

__all__ = ["trading", "whole_trade", "example_decisions"]


def trading(state: ArchaeologyState) -> bool:
    """Whether a trade is being built (its steps so far taken, the gives not covering)."""
    return state.trade_takes is not None


def whole_trade(state: ArchaeologyState, steps: Sequence[MoveBase]) -> MoveBase:
    """The one move the ``steps`` make: the whole trade of ``take``/``give`` steps, or a
    lone move of another kind itself."""
    return state.rules.move_type.trade_of(tuple(steps))


def example_decisions(state: ArchaeologyState) -> list[MoveBase]:
    """The decisions of ``state`` as a player makes them, for ``digsite notation``: its
    legal moves, each ``take`` replaced by a whole trade it starts (the shortest way on:
    the first legal give, else the first legal step)."""
    out: list[MoveBase] = []
    for move in state.legal_moves():
        if move.kind != TAKE or trading(state):
            out.append(move)
            continue
        probe, steps = state.clone(), [move]
        probe.apply(move)
        while trading(probe):
            steps_now = probe.legal_moves()
            step = next((m for m in steps_now if m.kind == GIVE), steps_now[0])
            probe.apply(step)
            steps.append(step)
        out.append(whole_trade(state, steps))
    return out
