"""Plans from the relaxation: a legal game that follows a master solution's card plans.

A node of the branch and price (``solvers.pyramids.branching``) ends with a master LP
solution, a weighted mix of card plans; deep in the tree it is nearly one plan per card.
``follow`` plays it through the engine from the position: at each crossing the option
whose crossed boxes come nearest the plans' regions after that step (the cards' planned
regions, and no change on a card without a plan), at each take the card the plans take
next, else the greedy-lookahead policy's move; after the plans end the policy plays on.
The game is legal by construction (engine moves only) and scored by the engine, so it is a
valid incumbent whatever the relaxation allowed.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from games.protocol import CHANCE
from games.pyramids import Cross, Keep, PyramidsState, Take
from games.pyramids.moves import Move

from .policy import policy_move
from .relax import CardPlan, Space
from .tables import CardTable

__all__ = ["follow", "chosen_plans"]


def chosen_plans(space: Space, x: npt.NDArray[np.float64], plans: Sequence[CardPlan], *,
                 least: float = 0.25) -> dict[int, CardPlan]:
    """Per card (order number), the plan of the highest weight in the solution ``x`` over
    ``plans``, for the cards whose plans weigh ``least`` together at the least."""
    total: dict[int, float] = {}
    best: dict[int, tuple[float, int]] = {}
    for j, (w, plan) in enumerate(zip(x, plans)):
        if w <= 1e-9:
            continue
        total[plan.card] = total.get(plan.card, 0.0) + w
        if plan.card not in best or w > best[plan.card][0] + 1e-9:
            best[plan.card] = (w, j)
    return {space.pool[i].order: plans[j] for i, (w, j) in best.items() if total[i] >= least}


def follow(space: Space, state: PyramidsState, chosen: dict[int, CardPlan]
           ) -> tuple[PyramidsState, list[str]]:
    """Play from ``state`` (the space's position; not changed) following ``chosen`` (card
    order -> plan): ``(final state, moves)``."""
    state = state.clone()
    moves: list[str] = []
    tables = {order: space.tables[plan.card] for order, plan in chosen.items()}
    T = space.T
    while not state.is_terminal():
        if state.current_player() == CHANCE:
            state.apply(state.chance_outcomes()[0][0])
            continue
        t = state.round * state.steps_per_round + state.step - (1 if state.phase == "cross" else 0)
        move: Move | None = None
        if state.phase == "keep":
            kept = sorted(o for o, p in chosen.items() if p.entry == 0 and o in state.seats[0].dealt)
            move = next((m for m in state.legal_moves()
                         if isinstance(m, Keep) and sorted(m.cards) == kept), None) \
                if len(kept) == 2 else None
        elif state.phase == "cross" and t < T:
            move = _nearest_crossing(state, chosen, tables, t)
        elif state.phase == "take" and t < T:
            wanted = sorted((p.entry, o) for o, p in chosen.items()
                            if p.entry >= t and o not in state.seats[0].hand
                            and o not in state.seats[0].completed)
            legal = [m for m in state.legal_moves() if isinstance(m, Take)]  # all of them, at a take
            for _, order in wanted:
                move = next((m for m in legal if m.card == order), None)
                if move is None and state.deck and state.deck[0] == order:
                    move = next((m for m in legal if m.card == 0), None)
                if move is not None:
                    break
        if move is None:
            move = policy_move(state)
        moves.append(str(move))
        state.apply(move)
    return state, moves


def _nearest_crossing(state: PyramidsState, chosen: dict[int, CardPlan],
                      tables: dict[int, CardTable], t: int) -> Cross | None:
    """The crossing whose resulting regions differ least from the plans' regions after
    step ``t`` (boxes in either and not both); ties: the engine's order."""
    seat = state.seats[0]
    targets = []
    for order, mask in zip(seat.hand, seat.masks):
        plan = None if order is None else chosen.get(order)
        if order is None or plan is None or plan.regions[t] < 0:
            targets.append(mask)
        else:
            targets.append(int(tables[order].masks[plan.regions[t]]))
    best, best_miss = None, None
    seen = set()
    for slot, main, final in state.options(0):
        if final in seen:
            continue
        seen.add(final)
        miss = sum((f ^ g).bit_count() for f, g in zip(final, targets))
        if best_miss is None or miss < best_miss:
            best, best_miss = (slot, main, final), miss
    if best is None:
        return None
    return state.cross_move(0, *best)
