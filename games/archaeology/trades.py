"""A whole trade as one decision, for both editions' hints, reviews and records.

The engine plays a trade as ``take``/``give`` steps (``state``: every minimal trade
reachable once, few moves per search node); a player decides on the whole trade
(``trade GIVES for TAKES``, ``moves``). These helpers translate between the two:
:func:`trading` tells whether a trade is in progress (a decision not finished yet),
:func:`whole_trade` names the trade a run of steps makes, :func:`played_decision` reads a
record's next decision (a trade's steps, or one move).

>>> import cards_data
>>> from games.archaeology import example_view, parse_move, state_from_view
>>> data = cards_data.load("archaeology")
>>> state, _ = state_from_view(example_view(data), data, 0)
>>> played_decision(state, ["take talisman", "give coin", "give coin", "end"], parse_move)
(3, 'trade coin coin for talisman', True)
"""

from __future__ import annotations

from typing import Callable, Sequence

from .moves import GIVE, TAKE, MoveBase

__all__ = ["trading", "whole_trade", "played_decision", "played_move", "example_decisions",
           "TradeUnits", "WHOLE_TRADES"]

#: What a hint says when it ranks whole trades.
WHOLE_TRADES = ("a trade row is one whole trade (type it as printed: best-move, play and game "
                "records take it as one move); its values are over the playouts in which the "
                "search made that whole trade, so its visits are fewer than its first step's")


def trading(state) -> bool:
    """Whether a trade is being built (its steps so far taken, the gives not covering)."""
    return state.trade_takes is not None


def whole_trade(state, steps: Sequence[MoveBase]) -> MoveBase:
    """The one move the ``steps`` make: the whole trade of ``take``/``give`` steps, or a
    lone move of another kind itself."""
    return state.rules.move_type.trade_of(tuple(steps))


def played_decision(state, texts: Sequence[str], parse_move: Callable
                    ) -> tuple[int, str | None, bool]:
    """The decision a record's ``texts`` start with in ``state`` (left unchanged): ``(how
    many texts it spans, its text as a hint names it, whether the texts hold all of it)``.
    A trade's steps are one decision named by the whole trade; any other move (a whole
    trade written as one move too) is itself."""
    probe = state.clone()
    first = parse_move(probe, texts[0])
    if first.kind != TAKE or trading(state):
        return 1, str(first), True
    steps = []
    for text in texts:
        move = parse_move(probe, text)
        probe.apply(move)
        steps.append(move)
        if not trading(probe):
            return len(steps), str(whole_trade(state, steps)), True
    return len(steps), None, False


def example_decisions(state) -> list:
    """The decisions of ``state`` as a player makes them, for ``digsite notation``: its
    legal moves, each ``take`` replaced by a whole trade it starts (the shortest way on:
    the first legal give, else the first legal step)."""
    out = []
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


def played_move(state, texts: Sequence[str], parse_move: Callable) -> MoveBase:
    """The one move a played decision's ``texts`` make in ``state`` (left unchanged): a
    trade's steps make the whole trade, a single text its move."""
    probe, steps = state.clone(), []
    for text in texts:
        move = parse_move(probe, text)
        probe.apply(move)
        steps.append(move)
    return whole_trade(state, steps)


class TradeUnits:
    """How both editions' hints count a trade as one decision (the ``units`` of
    ``solvers.ismcts.hint.win_hint``): ``open`` whether a trade is in progress, ``move``
    the whole trade of a completed unit's steps, ``extra`` whole trades the search tries
    as root moves too (a review's played trade)."""

    open = staticmethod(trading)

    def __init__(self, world, extra: Sequence[MoveBase] = ()):
        self.world = world
        self.extra = tuple(extra)

    def move(self, steps) -> MoveBase:
        return whole_trade(self.world, steps)
