"""A whole trade, and a whole sandstorm discard, as one decision, for both editions' hints
and reviews: the search counts a trade's ``take``/``give`` steps, and a seat's ``discard``
steps at one sandstorm, as one unit (:class:`DecisionUnits`), a review reads a record's
trade steps, or discard steps, as one decision (:func:`played_decision`,
:func:`played_move`), and the hint says so in words (:data:`WHOLE_TRADES`,
:data:`TRADE_STEPS`, :data:`WHOLE_DISCARDS`, :data:`DISCARD_STEPS`). The engine's side
(what a whole trade or discard is, and its steps) is ``games.archaeology.trades``.

>>> import cards_data
>>> from games.archaeology import example_view, parse_move, state_from_view
>>> data = cards_data.load("archaeology")
>>> state, _ = state_from_view(example_view(data), data, 0)
>>> played_decision(state, ["take talisman", "give coin", "give coin", "end"], parse_move)
(3, 'trade coin coin for talisman', True)

A seat owing a sandstorm two cards discards them as two steps, one decision:

>>> from games.archaeology.rules import P_STORM
>>> state.phase, state.storm_left, state.storm_last = P_STORM, 2, 0
>>> played_decision(state, ["discard coin", "discard coin", "end"], parse_move)
(2, 'discard coin coin', True)
"""

from __future__ import annotations

from typing import Callable, Sequence

from games.archaeology.moves import DISCARD, DISCARDS, TAKE, TRADE, MoveBase
from games.archaeology.rules import P_STORM
from games.archaeology.state import ArchaeologyState
from games.archaeology.trades import discarding, trading, whole_discard, whole_trade

__all__ = ["played_decision", "played_move", "DecisionUnits", "WHOLE_TRADES", "TRADE_STEPS",
           "WHOLE_DISCARDS", "DISCARD_STEPS"]

#: What a hint says when it ranks whole trades.
WHOLE_TRADES = ("a trade row is one whole trade (type it as printed: best-move, play, track "
                "and game records take it as one move); its values are over the playouts in "
                "which the search made that whole trade, so its visits are fewer than its "
                "first step's")
#: How a trade is played as moves, for a hint that names one of its steps (a view with a
#: trade in progress: its hint ranks the next steps).
TRADE_STEPS = ("a trade is built one card at a time: take cards (card order), then give cards "
               "(falling trade value) until they cover the takes; add the view's \"trade\" "
               "field to ask for the next step")
#: What a hint says when it ranks whole sandstorm discards.
WHOLE_DISCARDS = ("a discard row is the whole discard, every card the seat owes this "
                  "sandstorm (type it as printed: best-move, play, track and game records "
                  "take it as one move)")
#: What a hint says of a view whose seat is in the middle of its discard: its rows are
#: the next cards.
DISCARD_STEPS = ("this sandstorm's discard is under way: the rows are the next card (card "
                 "order); ask again after it for the one after")


#: An edition's ``parse_move``: a move's text read as a legal move of the state.
ParseMove = Callable[[ArchaeologyState, str], MoveBase]


def played_decision(state: ArchaeologyState, texts: Sequence[str], parse_move: ParseMove
                    ) -> tuple[int, str | None, bool]:
    """The decision a record's ``texts`` start with in ``state`` (left unchanged): ``(how
    many texts it spans, its text as a hint names it, whether the texts hold all of it)``.
    A trade's steps are one decision named by the whole trade, and so are a seat's discard
    steps at one sandstorm, named by the whole discard (a seat owing one card: its one
    step); any other move (a whole trade or discard written as one move too) is itself."""
    probe = state.clone()
    first = parse_move(probe, texts[0])
    if first.kind == TAKE and not trading(state):
        going_on = trading
    elif first.kind == DISCARD and not discarding(state) and state.storm_left > 1:
        going_on = discarding
    else:
        return 1, str(first), True
    steps: list[MoveBase] = []
    for text in texts:
        move = parse_move(probe, text)
        probe.apply(move)
        steps.append(move)
        if not going_on(probe):
            return len(steps), str(_whole(state, steps)), True
    return len(steps), None, False


def played_move(state: ArchaeologyState, texts: Sequence[str], parse_move: ParseMove
                ) -> MoveBase:
    """The one move a played decision's ``texts`` make in ``state`` (left unchanged): a
    trade's steps make the whole trade, a seat's discard steps the whole discard, a
    single text its move."""
    probe = state.clone()
    steps: list[MoveBase] = []
    for text in texts:
        move = parse_move(probe, text)
        probe.apply(move)
        steps.append(move)
    return _whole(state, steps)


def _whole(state: ArchaeologyState, steps: Sequence[MoveBase]) -> MoveBase:
    """The one move ``steps`` make from ``state``: a whole discard of ``discard`` steps
    (a step naming several cards, ``discard CARDS``, counts each), else a whole trade."""
    if steps[0].kind not in (DISCARD, DISCARDS):
        return whole_trade(state, steps)
    if len(steps) == 1:
        return steps[0]
    make = state.rules.move_type.make
    return whole_discard(state, [make(DISCARD, card) for step in steps
                                 for card in (step.a if step.kind == DISCARDS else (step.a,))])


class DecisionUnits:
    """How both editions' hints count a trade, or a seat's sandstorm discard, as one
    decision (the ``units`` of ``solvers.ismcts.hint.win_hint``): ``open`` whether such a
    decision of the searching seat is in progress, ``move`` the whole trade or discard of
    a completed unit's steps, ``extra`` whole decisions the search tries as root moves too
    (a review's played trade or discard).

    At a sandstorm (``world`` in its phase: the seat is to discard, none discarded yet)
    the units are the seat's discards: open while that seat is still to discard, which
    right after one of its own steps means it owes more (its last card passes the turn to
    the next seat or ends the sandstorm, and a new one needs a dig first). Elsewhere they
    are the trades."""

    def __init__(self, world: ArchaeologyState, extra: Sequence[MoveBase] = ()) -> None:
        self.world = world
        self.extra = tuple(extra)
        self.storm = world.phase == P_STORM
        self.seat = world.to_move

    def open(self, state: ArchaeologyState) -> bool:
        if self.storm:
            return state.phase == P_STORM and state.to_move == self.seat
        return trading(state)

    def move(self, steps: Sequence[MoveBase]) -> MoveBase:
        if self.storm:
            return whole_discard(self.world, steps)
        return whole_trade(self.world, steps)

    @staticmethod
    def offered(move: object) -> bool:
        """Whether a hint offers ``move``: not a trade that gives exactly the cards it takes
        (``trade parchment_scrap for parchment_scrap``). The rulebooks allow it (any cards
        for cards of equal or lesser trade value) and the engine's steps still make it, but
        it changes nothing, so it is no decision to rank (issue 20 §1)."""
        return not (isinstance(move, MoveBase) and move.kind == TRADE and move.a == move.b)
