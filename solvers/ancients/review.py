"""What ``solvers.review`` needs of Tomb of the Ancients: the hint ranks whole turns.

The hint (``service.hint``) ranks whole-turn options (``turn.turn_options``: market
visits, the planner's digs, rests), while a game record holds engine moves, where a dig
is its sand tokens and finds and then ``end``. :func:`played_turn` groups the record's
moves into the turn they make and names it as the hint does (:func:`turn_words`: in the
hint's words); :func:`plan_turns` expands a best-score plan (whole turns) into engine
moves. A turn the planner would not make is valued by adding it to the hint's options
(:func:`with_played_turn`, used by ``service.hint_with_turn``).
"""

from __future__ import annotations

import random
from typing import Sequence

from games.ancients import END, AncientsState, Market, Rest, parse_move
from games.ancients.moves import Move, describe

from .turn import Dig, PlayedTurn, TurnState, ViewMove, apply_turn, turn_options

__all__ = ["played_turn", "turn_words", "with_played_turn", "PlayedTurn"]

#: What a turn changes for its seat (:func:`_position`).
_Position = tuple[int, int, int, int, tuple[int, ...], tuple[int, ...]]


def _position(state: AncientsState, seat: int) -> _Position:
    """What a turn changes for its seat: board, sand, money, pack and artifacts."""
    return (state.occupied, state.black, state.sand[seat], state.money[seat],
            tuple(sorted(state.pack[seat])), tuple(sorted(state.artifacts[seat])))


def played_turn(state: AncientsState, moves: Sequence[str]) -> tuple[int, str | None, bool]:
    """``(count, text, whole)``: the turn the seat to act in ``state`` plays with the first
    ``count`` of ``moves`` (a market visit or a rest is one move, a dig runs to its ``end``
    or to the end of ``moves``: then ``whole`` is False), and the hint's name for it: the
    whole-turn option that leaves the same board, sand, money, pack and artifacts, or
    ``None`` if no option does (a dig the planner would not make). ``state`` is not
    changed."""
    count, option, _, whole = _turn_of(state, moves)
    return count, None if option is None else str(option), whole


def turn_words(state: AncientsState, moves: Sequence[str]) -> str:
    """The whole turn ``moves`` (engine move texts, from ``state``) in a player's words,
    as the review's decision lines say it: the hint's words for the option it is, else for
    the turn as played step by step (the option ``hint_with_turn`` adds). ``solvers.review``
    says a best plan's turn and the turn played instead this way (it said "played market
    buy 4, the plan rest money" under lines that say "rest: take $2")."""
    _, option, steps, _ = _turn_of(state, moves)
    return describe(state, option if option is not None else PlayedTurn(steps))


def _turn_of(state: AncientsState, moves: Sequence[str]
             ) -> tuple[int, Dig | Market | Rest | None, tuple[Move, ...], bool]:
    """``played_turn``'s answer with the option itself and the turn's engine moves."""
    seat = state.to_move
    first = parse_move(state, moves[0])
    if isinstance(first, (Market, Rest)):
        return 1, first, (first,), True
    after = state.clone()
    steps: list[Move] = []
    for text in moves:
        move = parse_move(after, text)
        after.apply(move)
        steps.append(move)
        if move == END:
            break
    else:
        return len(steps), None, tuple(steps), False  # the record stops inside the dig
    target = _position(after, seat)
    for option in turn_options(state):
        if not isinstance(option, Dig):
            continue
        trial = state.clone()
        apply_turn(trial, option)
        if _position(trial, seat) == target:
            return len(steps), option, tuple(steps), True
    return len(steps), None, tuple(steps), True


class _WithPlayedTurn(TurnState):
    """``TurnState`` whose root turn also offers ``played`` (the turn counter and seat of
    the root mark it, so every clone and determinization of the root offers it too)."""

    __slots__ = ("played", "root_turn")

    def __init__(self, state: AncientsState, played: PlayedTurn,
                 root_turn: tuple[int, int]) -> None:
        super().__init__(state)
        self.played = played
        self.root_turn = root_turn

    def legal_moves(self) -> list[ViewMove]:
        moves = super().legal_moves()
        if (self.state.turns, self.state.to_move) == self.root_turn and \
                self.played not in moves:
            self._moves = moves = moves + [self.played]
        return moves

    def apply(self, move: ViewMove) -> None:
        if isinstance(move, PlayedTurn):
            for step in move.steps:
                self.state.apply(step)
            self._moves = None
            return
        super().apply(move)

    def clone(self) -> "_WithPlayedTurn":
        return _WithPlayedTurn(self.state.clone(), self.played, self.root_turn)

    def determinize(self, seat: int, rng: random.Random) -> "_WithPlayedTurn":
        return _WithPlayedTurn(self.state.determinize(seat, rng), self.played, self.root_turn)


def with_played_turn(state: AncientsState, moves: Sequence[str]) -> TurnState:
    """The whole-turn view of ``state`` (the seat to act's turn) with the turn made of
    ``moves`` (engine move texts, checked legal) added to its options."""
    trial = state.clone()
    steps: list[Move] = []
    for text in moves:
        move = parse_move(trial, text)
        trial.apply(move)
        steps.append(move)
    return _WithPlayedTurn(state, PlayedTurn(tuple(steps)), (state.turns, state.to_move))
