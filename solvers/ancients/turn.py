"""Whole turns of Tomb of the Ancients: the dig planner as the desert move generator.

A desert turn is one :class:`Dig` move (finds in order, sand spent just in time, see
``solvers.ancients.planner``); :func:`turn_options` lists every whole-turn move of the seat
to act (market visits, the planner's digs within each sand budget, rests), and
:class:`TurnState` is the engine seen one whole turn at a time, the state the ISMCTS hint
searches.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Hashable

from games.ancients import END, AncientsState, End, Find, Market, Rest, Rules
from games.ancients.moves import Move, sand_for
from games.protocol import CHANCE, derived, play_checked

from .planner import DigMap, DigPlan, dig_maps, frontier, plan_dig

__all__ = ["rules_digmaps", "Dig", "plan_for", "dig_move", "dig_steps", "apply_turn",
           "turn_options", "TurnState", "TurnMove", "TurnStep", "PlayedTurn", "ViewMove"]

def _digmaps(rules: Rules) -> dict[int, DigMap]:
    return {m.id: m for m in dig_maps(rules.maps.values())}


def rules_digmaps(rules: Rules) -> dict[int, DigMap]:
    """``{map id: DigMap}`` for a ``games.ancients.Rules`` (built once per rules value)."""
    return derived(rules, _digmaps)


@dataclass(frozen=True)
class Dig:
    """A whole desert turn as one move: finds in order, sand spent just in time."""

    finds: tuple[Find, ...]
    points: int
    tokens: int

    def __str__(self) -> str:
        return "dig " + "; ".join(str(f) for f in self.finds)


#: A whole-turn move: a dig, a market visit or a rest.
TurnMove = Dig | Market | Rest
#: What a turn's moves are: a whole-turn move or, in the middle of a desert turn, ``end``
#: (leave the desert now; the rest of such a turn is a dig from the board as it is, or it).
TurnStep = TurnMove | End


@dataclass(frozen=True)
class PlayedTurn:
    """A whole turn as the seat played it: its engine moves, in order (a turn the planner
    would not make, which a review values: ``solvers.ancients.review``)."""

    steps: tuple[Move, ...]

    def __str__(self) -> str:
        return " ; ".join(str(s) for s in self.steps)


#: A move :class:`TurnState` lists: a whole-turn move, or (in the review's view of a
#: played turn, ``solvers.ancients.review``) a turn as played.
ViewMove = TurnStep | PlayedTurn


def plan_for(state: AncientsState, seat: int | None = None, *, token_value: float = 0.5,
             occ: int | None = None, blk: int | None = None, sand: int | None = None) -> DigPlan:
    """The planner's best plan for ``seat`` (default: the seat to act) on the state's board
    (or the given board/sand) with that seat's pack."""
    seat = state.to_move if seat is None else seat
    dm = rules_digmaps(state.rules)
    maps = [dm[i] for i in sorted(state.pack[seat])]
    return plan_dig(state.occupied if occ is None else occ, state.black if blk is None else blk,
                    maps, state.sand[seat] if sand is None else sand, token_value=token_value)


def dig_move(plan: DigPlan) -> Dig:
    return Dig(tuple(Find(f.map, f.rotation, f.anchor) for f in plan.finds), plan.points,
               plan.tokens)


def dig_steps(state: AncientsState, dig: Dig) -> list[Move]:
    """Engine moves of ``dig`` from ``state``: for each find, one sand token per pattern cell
    not showing its colour (place on empty, flip otherwise), then the find; then ``end``."""
    steps: list[Move] = list(sand_for(state.rules.maps, state.occupied, state.black,
                                      dig.finds))
    steps.append(END)
    return steps


def apply_turn(state: AncientsState, move: TurnStep, *, checked: bool = False) -> list[Move]:
    """Play one whole-turn move (a ``Dig`` or an engine market/rest move) on ``state``,
    then the refill it draws, so the next seat is to move (or the game is over); return
    the engine moves the turn was played as (the refill's chance steps not included)."""
    steps: list[Move] = dig_steps(state, move) if isinstance(move, Dig) else [move]
    for step in steps:
        if checked:
            play_checked(state, step)
        else:
            state.apply(step)
    while state.current_player() == CHANCE:  # the refill: the deck order is fixed in a world
        state.apply(state.chance_outcomes()[0][0])
    return steps


def turn_options(state: AncientsState, *, token_value: float = 0.5) -> list[TurnStep]:
    """Whole-turn moves of the seat to act: every market visit, the planner's digs (the
    best plan within each sand budget, see ``frontier``), and both rests. In the middle of
    a desert turn (sand spent or a find made), what is left of it: the planner's digs from
    the board as it now is, with the sand left, and ``end``."""
    seat = state.to_move
    dm = rules_digmaps(state.rules)
    maps = [dm[i] for i in sorted(state.pack[seat])]
    digs: list[TurnStep] = []
    if maps:
        for plan in frontier(state.occupied, state.black, maps, state.sand[seat],
                             token_value=token_value):
            if plan.finds:
                digs.append(dig_move(plan))
    if state.in_desert:  # (a dig's finds and ``end`` are all the engine allows now)
        return digs + [END]
    return state.market_moves() + digs + [Rest("money"), Rest("sand")]


class TurnState:
    """The engine seen one whole turn at a time (protocol-conformant wrapper for ISMCTS):
    its moves are ``turn_options`` — market visits, planner digs, rests."""

    __slots__ = ("state", "num_players", "token_value", "_moves")

    def __init__(self, state: AncientsState, token_value: float = 0.5) -> None:
        self.state = state
        self.num_players = state.num_players
        self.token_value = token_value
        self._moves: list[ViewMove] | None = None

    def current_player(self) -> int:
        return self.state.current_player()

    def legal_moves(self) -> list[ViewMove]:
        if self._moves is None:
            moves: list[ViewMove] = []
            if not self.state.is_terminal():
                moves.extend(turn_options(self.state, token_value=self.token_value))
            self._moves = moves
        return self._moves

    def chance_outcomes(self) -> list[tuple[TurnStep, float]]:
        return []

    def apply(self, move: TurnStep) -> None:
        apply_turn(self.state, move)
        self._moves = None

    def clone(self) -> "TurnState":
        return TurnState(self.state.clone(), self.token_value)

    def is_terminal(self) -> bool:
        return self.state.is_terminal()

    def returns(self) -> list[float]:
        return self.state.returns()

    def winners(self) -> list[int]:
        return self.state.winners()

    def information_set_key(self, seat: int) -> Hashable:
        return self.state.information_set_key(seat)

    def determinize(self, seat: int, rng: random.Random) -> "TurnState":
        return TurnState(self.state.determinize(seat, rng), self.token_value)

    def to_json(self) -> dict[str, Any]:
        return self.state.to_json()
