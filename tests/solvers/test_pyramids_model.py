"""The Pyramids CP-SAT model's builders, each alone (``solvers.pyramids.model``): every
step takes the values of the steps before it and returns what it made."""

from __future__ import annotations

import time
from itertools import combinations

import pytest
from ortools.sat.python import cp_model

import cards_data
from games.pyramids import make_deal
from games.pyramids.rules import shape_masks
from grids.cells import popcount
from solvers.pyramids.instance import SoloInstance
from solvers.pyramids.model import (
    CardPool, add_acquisitions, add_cells, add_extra_boxes, add_hand, add_keep,
    add_main_options, build_model, cell_budget, choose_cards, extra_layers, policy_plan,
    red_cross_limits, replay)

DATA = cards_data.load("pyramids")
#: A short deal (1 round of 4 expedition cards): its model solves in well under a second.
DEAL = make_deal(players=1, seed=11, data=DATA, rounds=1, steps_per_round=4)
INST = SoloInstance.from_deal(DEAL, DATA)
T = len(INST.shapes)


def _solve(m: cp_model.CpModel) -> tuple[int, cp_model.CpSolver]:
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    solver.parameters.random_seed = 0
    return solver.solve(m), solver


def _all_solutions(m: cp_model.CpModel, variables) -> list[tuple[int, ...]]:
    class Collect(cp_model.CpSolverSolutionCallback):
        def __init__(self):
            super().__init__()
            self.found = []

        def on_solution_callback(self):
            self.found.append(tuple(self.value(v) for v in variables))

    solver = cp_model.CpSolver()
    solver.parameters.enumerate_all_solutions = True
    solver.parameters.num_workers = 1
    collect = Collect()
    solver.solve(m, collect)
    return sorted(set(collect.found))


def _front(m: cp_model.CpModel):
    """The builders that every later one needs: pool, keep, cells, acquisitions, hand."""
    pool = choose_cards(INST, DATA)
    keep = add_keep(m, INST.dealt, DATA.keep)
    cells = add_cells(m, pool, INST.shapes)
    acquisitions = add_acquisitions(m, INST, pool, keep)
    hand = add_hand(m, T, DATA.keep, pool, cells, keep, acquisitions)
    return pool, keep, cells, acquisitions, hand


def test_choose_cards_is_the_dealt_cards_then_the_reachable_queue():
    pool = choose_cards(INST, DATA)
    assert isinstance(pool, CardPool)
    starts = {c.order: c.start for c in pool.cards}
    assert [c.order for c in pool.cards[:len(INST.dealt)]] == list(INST.dealt)
    assert all(starts[d] == 0 for d in INST.dealt)
    undealt = [c for c in pool.cards if c.order not in INST.dealt]
    assert undealt, "a completion can bring in a card within 4 steps"
    for c in undealt:
        position = next(p for p, order in pool.slot_card.items() if order == c.order)
        assert c.start == pool.windows.first_step(position) >= 1
    assert all(c.start < T for c in pool.cards)
    assert pool.by_order == {c.order: c for c in pool.cards}


def test_add_keep_allows_each_keep_pair_once():
    m = cp_model.CpModel()
    keep = add_keep(m, INST.dealt, DATA.keep)
    dealt = sorted(INST.dealt)
    solutions = _all_solutions(m, [keep.keep[d] for d in dealt]
                               + [keep.returned[d, j] for d in dealt for j in range(2)])
    kept = [tuple(d for d, v in zip(dealt, s) if v) for s in solutions]
    assert sorted(kept) == list(combinations(dealt, DATA.keep))
    for s in solutions:  # the returned cards: the lower order number in slot 0
        returned = s[len(dealt):]
        first = [d for k, d in enumerate(dealt) if returned[2 * k]]
        second = [d for k, d in enumerate(dealt) if returned[2 * k + 1]]
        assert len(first) == len(second) == 1 and first[0] < second[0]


def test_add_cells_keeps_the_budget_and_never_uncrosses():
    m = cp_model.CpModel()
    pool = choose_cards(INST, DATA)
    cells = add_cells(m, pool, INST.shapes)
    assert len(m.proto.variables) == sum(len(x) for x in cells.x.values())
    c = pool.cards[0]
    budget = cell_budget(pool, INST.shapes, c)
    for (i, t) in cells.x[c.order]:
        assert c.dist[i] + 1 <= budget[t]
    assert cells.at(c, c.card.entrance, -1) == 0  # before the window: the constant 0
    assert cells.has(c, c.card.entrance, 0)
    m.add(cells.x[c.order][c.card.entrance, 0] == 1)
    m.add(cells.x[c.order][c.card.entrance, 1] == 0)
    assert _solve(m)[0] == cp_model.INFEASIBLE


def test_add_acquisitions_takes_a_card_at_most_once_and_never_a_kept_one():
    m = cp_model.CpModel()
    pool = choose_cards(INST, DATA)
    keep = add_keep(m, INST.dealt, DATA.keep)
    acquisitions = add_acquisitions(m, INST, pool, keep)
    first = pool.windows.first_acquisition
    for (order, t) in acquisitions.acq:
        if order not in INST.dealt:
            position = next(p for p, o in pool.slot_card.items() if o == order)
            assert first[position] <= t < T - 1
    order, t = next(key for key in acquisitions.acq if key[0] not in INST.dealt)
    later = [s for (o, s) in acquisitions.acq if o == order and s != t]
    assert later, "the test needs a card that can be taken at two steps"
    twice = m.clone()
    twice.add(acquisitions.acq[order, t] + acquisitions.acq[order, later[0]] == 2)
    assert _solve(twice)[0] == cp_model.INFEASIBLE
    dealt_acq = [(d, s) for (d, s) in acquisitions.acq if d in INST.dealt]
    if dealt_acq:  # a returned dealt card comes back only if it was not kept
        d, s = dealt_acq[0]
        m.add(keep.keep[d] == 1)
        m.add(acquisitions.acq[d, s] == 1)
        assert _solve(m)[0] == cp_model.INFEASIBLE


def test_add_hand_starts_with_the_kept_pair_and_holds_two_cards():
    m = cp_model.CpModel()
    pool, keep, cells, acquisitions, hand = _front(m)
    kept = sorted(INST.dealt)[1:3]
    for d in INST.dealt:
        m.add(keep.keep[d] == int(d in kept))
    code, solver = _solve(m)
    assert code in (cp_model.OPTIMAL, cp_model.FEASIBLE)
    at_start = sorted(order for (order, t), v in hand.inhand.items()
                      if t == 0 and solver.value(v))
    assert at_start == kept
    for t in range(T):
        assert sum(solver.value(v) for (_, s), v in hand.inhand.items() if s == t) == DATA.keep
    assert len(hand.double) == T - 1


def test_add_main_options_are_placements_or_single_boxes_from_the_entrance():
    m = cp_model.CpModel()
    pool, keep, cells, acquisitions, hand = _front(m)
    options = add_main_options(m, 0, INST.shapes[0], pool, cells, hand)
    forms = set(shape_masks(INST.shapes[0]))
    assert options
    for option in options:
        card = pool.by_order[option.card].card
        assert option.mask in forms or popcount(option.mask) == 1
        assert option.mask >> card.entrance & 1  # step 0: nothing crossed to touch yet
        assert option.card in INST.dealt
    code, solver = _solve(m)
    assert code in (cp_model.OPTIMAL, cp_model.FEASIBLE)
    assert sum(solver.value(o.lit) for o in options) == 1


def test_add_extra_boxes_gives_every_cell_its_layers_and_one_last_literal():
    m = cp_model.CpModel()
    pool, keep, cells, acquisitions, hand = _front(m)
    _, rmax = red_cross_limits(DATA)
    options = add_main_options(m, 0, INST.shapes[0], pool, cells, hand)
    extras = add_extra_boxes(m, 0, pool, cells, hand, options, rmax)
    assert len(extras.last) == len(extras.boxes)
    for box in extras.boxes:
        c = pool.by_order[box.card]
        assert cells.has(c, box.cell, 0)
        assert len(box.lits) == extra_layers(c, rmax) + 1
        assert box.lits[-1].index in {v.index for v in extras.last}


@pytest.fixture(scope="module")
def solved():
    """The whole model solved to optimality, warm-started by the policy's plan."""
    built = build_model(INST, DATA)
    warm = policy_plan(DEAL, DATA)
    built.hint(warm)
    code, solver = _solve(built.model)
    assert code == cp_model.OPTIMAL
    return built, solver


def test_add_cover_crosses_exactly_the_cells_the_plan_covers(solved):
    built, solver = solved
    kept, steps = built.decode(solver)
    crossed = {order: 0 for order in built.pool.by_order}
    for t, step in enumerate(steps):
        crossed[step.card] |= step.mask
        for card, cell in step.extras:
            crossed[card] |= 1 << cell
        for c in built.pool.cards:
            from_model = sum(1 << i for i in c.cells if solver.value(built.cells.at(c, i, t)))
            assert from_model == crossed[c.order], (t, c.order)


def test_add_score_terms_equal_the_replayed_breakdown(solved):
    built, solver = solved
    kept, steps = built.decode(solver)
    state, _, failed = replay(DEAL, DATA, kept, steps)
    assert failed is None
    breakdown = state.breakdown(0)
    for name, term in built.score.terms.items():
        assert solver.value(term) == breakdown[name], name
    assert solver.objective_value == state.score(0)


def test_add_extra_count_forbids_extras_without_a_red_cross_in_the_main_crossing():
    built = build_model(INST, DATA)
    m = built.model
    plain = next(o for o in built.crossings.main[0]
                 if not o.mask & built.pool.by_order[o.card].card.icons["red_cross"])
    m.add(plain.lit == 1)
    assert _solve(m.clone())[0] == cp_model.OPTIMAL
    m.add(sum(v for box in built.crossings.extras[0].boxes for v in box.lits) >= 1)
    assert _solve(m)[0] == cp_model.INFEASIBLE


def test_build_model_stops_at_an_expired_deadline():
    assert build_model(INST, DATA, deadline=time.monotonic() - 1) is None
    built = build_model(INST, DATA, deadline=time.monotonic() + 3600)
    assert len(built.crossings.main) == len(built.crossings.extras) == T
    assert all(o.lit.name.startswith("main_t2_") for o in built.crossings.main[2])
