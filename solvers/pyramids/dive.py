"""Plans from the relaxation: a legal game that follows a master solution's card plans.

A node of the branch and price (``solvers.pyramids.branching``) ends with a master LP
solution, a weighted mix of card plans; deep in the tree it is nearly one plan per card.
``follow`` plays it through the engine from the position: at each crossing the option
whose crossed boxes come nearest the plans' regions after that step (the cards' planned
regions, and no change on a card without a plan), at each take the card the plans take
next, else the greedy-lookahead policy's move; after the plans end the policy plays on.
The game is legal by construction (engine moves only) and scored by the engine, so it is a
valid incumbent whatever the relaxation allowed.

``follow_closely`` plays a whole plan per card (the master made whole,
``BranchAndPrice.root_whole_game``) by a beam instead: every crossing that keeps each
card's planned boxes, ranked by the boxes crossed beyond the plans. ``follow`` takes the
nearest crossing, so where a red cross forces a box the plan left out, the next card's
plan breaks: on full deal 0 the same 8 whole plans gave 103 followed and 172 (8
completions) played closely (2026-11-26).

With a ``miss_cost`` it forgives: a crossing may leave planned boxes out at that cost per
box (``MISS_COST``, 100 against 10 for a spare box), so no state is dropped and a game is
always played. It is only a fallback (``root_whole_game`` runs it when the strict beam
finds nothing): once a plan breaks, its later regions stay out of reach and the beam
has nothing but the costs to go by. Measured (2026-11-27, helper pfull, the pools the
default's 300 rounds leave on full deals 3, 4 and 8): the root LP's mixed plans, one per
card by weight, have no strict game, and forgiven they play to 80 / 79, 83 / 103 and
47 / 104 (low / high skull root), where the default's plans are 154, 149 and 155. The
whole masters of full deals 0, 3, 4, 7 and 8 all have a strict game (the report of
2026-11-26 that deals 3 and 7 had none was of a 400-round pool from another start).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from games.protocol import CHANCE
from games.pyramids import PASS, Cross, Keep, PyramidsState, Take
from games.pyramids.moves import Move

from solvers.clock import expired

from .. import interrupt

from .policy import policy_move
from .relax import CardPlan, Space
from .tables import CardTable

__all__ = ["follow", "follow_closely", "chosen_plans", "FOLLOW_WIDTH", "FOLLOW_PER_STATE",
           "MISS_COST"]

#: The beam of ``follow_closely``: states kept a step, crossings tried from each.
FOLLOW_WIDTH = 60
FOLLOW_PER_STATE = 6
#: ``follow_closely``'s cost of a planned box left out, when it forgives (``MISS_COST``).
MISS_COST = 100
#: ``follow_closely``'s cost of a box beyond the plan on a card the crossing completes,
#: and on one that stays in hand (it is in the way of that card's later plan).
_SPARE_ON_DONE, _SPARE_IN_HAND = 1, 10


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
    while True:
        t = _to_crossing(space, state, chosen, moves)
        if state.is_terminal():
            return state, moves
        move = (_nearest_crossing(state, chosen, tables, t) if t < space.T else None) \
            or policy_move(state)
        moves.append(str(move))
        state.apply(move)


def follow_closely(space: Space, state: PyramidsState, chosen: dict[int, CardPlan], *,
                   width: int = FOLLOW_WIDTH, per_state: int = FOLLOW_PER_STATE,
                   miss_cost: int | None = None,
                   deadline: float | None = None) -> tuple[PyramidsState, list[str]] | None:
    """Play from ``state`` (not changed) keeping ``chosen``'s planned boxes: a beam of
    ``width`` games, at each crossing the ``per_state`` crossings of least cost that cross
    at least every in-hand card's planned region after the step (the cost: boxes beyond
    the plans, summed over the steps, dear on a card that stays in hand); the keep and the
    takes as ``follow``'s. The best finished game ``(final state, moves)``, or ``None`` if
    no crossing keeps the plans somewhere (or the clock or a stop request ends it).

    ``miss_cost`` (forgiving): a crossing may also leave planned boxes out, at that cost
    per box missed after the step (a box still missed later counts again), so a state
    whose plans break plays on instead of being dropped (with no crossing at all, it
    passes); the game then ends wherever the plans broke."""
    tables = {order: space.tables[plan.card] for order, plan in chosen.items()}
    beam: list[tuple[int, int, PyramidsState, list[str]]] = [(0, 0, state.clone(), [])]
    best: tuple[int, PyramidsState, list[str]] | None = None
    made = 0
    while beam:
        if expired(deadline) or interrupt.requested():
            return None
        grown: list[tuple[int, int, PyramidsState, list[str]]] = []
        for cost, _, game, moves in beam:
            t = _to_crossing(space, game, chosen, moves)
            if game.is_terminal():
                score = game.score(0)
                if best is None or score > best[0]:
                    best = (score, game, moves)
                continue
            options = _close_crossings(game, chosen, tables, t, miss_cost)
            if not options and miss_cost is not None and not game.options(0):
                after = game.clone()  # nothing to cross: the engine's pass
                after.apply(PASS)
                made += 1
                grown.append((cost, made, after, moves + [str(PASS)]))
                continue
            for spare, option in options[:per_state]:
                after = game.clone()
                move = after.cross_move(0, *option)
                after.apply(move)
                made += 1
                grown.append((cost + spare, made, after, moves + [str(move)]))
        grown.sort(key=lambda entry: entry[:2])
        beam = grown[:width]
    return None if best is None else (best[1], best[2])


def _step(state: PyramidsState) -> int:
    """The deal's step index of the crossing to come (at a cross) or just made."""
    return state.round * state.steps_per_round + state.step - (1 if state.phase == "cross" else 0)


def _planned_move(state: PyramidsState, chosen: dict[int, CardPlan], t: int) -> Move | None:
    """At the keep, the plans' two dealt cards; at a take, the card the plans take next
    (from the deck when it lies on top); ``None`` where the plans say nothing."""
    seat = state.seats[0]
    if state.phase == "keep":
        kept = sorted(o for o, p in chosen.items() if p.entry == 0 and o in seat.dealt)
        return next((m for m in state.legal_moves()
                     if isinstance(m, Keep) and sorted(m.cards) == kept), None) \
            if len(kept) == 2 else None
    if state.phase != "take":
        return None
    wanted = sorted((p.entry, o) for o, p in chosen.items()
                    if p.entry >= t and o not in seat.hand and o not in seat.completed)
    legal = [m for m in state.legal_moves() if isinstance(m, Take)]  # all of them, at a take
    for _, order in wanted:
        move = next((m for m in legal if m.card == order), None)
        if move is None and state.deck and state.deck[0] == order:
            move = next((m for m in legal if m.card == 0), None)
        if move is not None:
            return move
    return None


def _to_crossing(space: Space, state: PyramidsState, chosen: dict[int, CardPlan],
                 moves: list[str]) -> int:
    """Play ``state`` (in place) to its next crossing or its end, the keep and the takes by
    the plans (else the policy's), appending to ``moves``; the crossing's step."""
    while not state.is_terminal():
        if state.current_player() == CHANCE:
            state.apply(state.chance_outcomes()[0][0])
            continue
        t = _step(state)
        if state.phase == "cross":
            return t
        move = (_planned_move(state, chosen, t) if t < space.T else None) or policy_move(state)
        moves.append(str(move))
        state.apply(move)
    return space.T


def _planned_mask(table: CardTable, plan: CardPlan, t: int) -> int:
    """The plan's region after step ``t`` (before its entry or after its tomb: the last
    region it planned before ``t``, or nothing)."""
    index = int(plan.regions[t])
    if index < 0:
        before = [int(r) for r in plan.regions[:t] if r >= 0]
        return int(table.masks[before[-1]]) if before else 0
    return int(table.masks[index])


def _close_crossings(state: PyramidsState, chosen: dict[int, CardPlan],
                     tables: dict[int, CardTable], t: int, miss_cost: int | None = None
                     ) -> list[tuple[int, tuple[int, int, tuple[int, int]]]]:
    """The crossings of step ``t`` that keep every in-hand card's planned region, with their
    cost (boxes beyond the plans), cheapest first (ties: the engine's order); with a
    ``miss_cost``, every crossing, a planned box left out costing that much."""
    seat = state.seats[0]
    targets, tombs = [], []
    for order in seat.hand:
        plan = None if order is None else chosen.get(order)
        targets.append(0 if order is None or plan is None
                       else _planned_mask(tables[order], plan, t))
        tombs.append(0 if order is None else 1 << state.rules.data.card(order).tomb)
    out = []
    for option in state.options(0):
        final = option[2]
        missed = sum((want & ~f).bit_count() for f, want in zip(final, targets))
        if missed and miss_cost is None:
            continue
        spare = sum((f & ~want).bit_count() * (_SPARE_ON_DONE if f & tomb else _SPARE_IN_HAND)
                    for f, want, tomb in zip(final, targets, tombs)) + missed * (miss_cost or 0)
        out.append((spare, option))
    out.sort(key=lambda entry: entry[0])
    return out


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
