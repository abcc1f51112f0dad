"""The Tomb of the Ancients dig model's builders (``solvers.ancients.model``), each alone."""

from __future__ import annotations

from ortools.sat.python import cp_model

from solvers.ancients.model import add_board, add_choices, add_value, build_dig_model
from solvers.ancients.planner import DigMap, scale_values

A1_BLACK_B1_WHITE = (0b11, 0b01, 0, 0)  # (mask, black, rotation, anchor)
TWO = DigMap(1, 3, (A1_BLACK_B1_WHITE, (0b110, 0b010, 0, 1)))
ONE = DigMap(2, 5, ((0b1000, 0b1000, 0, 3),))


def _solutions(model: cp_model.CpModel, variables) -> list[tuple[int, ...]]:
    class Collect(cp_model.CpSolverSolutionCallback):
        def __init__(self):
            super().__init__()
            self.found = set()

        def on_solution_callback(self):
            self.found.add(tuple(self.value(v) for v in variables))

    solver = cp_model.CpSolver()
    solver.parameters.enumerate_all_solutions = True
    solver.parameters.num_workers = 1
    collect = Collect()
    solver.solve(model, collect)
    return sorted(collect.found)


def test_add_choices_uses_steps_in_order_and_each_map_once():
    model = cp_model.CpModel()
    choices = add_choices(model, [TWO, ONE])
    keys = sorted(choices.x)
    found = _solutions(model, [choices.x[k] for k in keys] + choices.used)
    # step 0: nothing (then step 1 nothing), one of TWO's 2 placements (then nothing or
    # ONE), or ONE (then nothing or one of TWO's 2): 1 + 2*2 + 3
    assert len(found) == 8
    for values in found:
        chosen = [key for key, v in zip(keys, values) if v]
        maps = [i for _, i, _ in chosen]
        assert len(maps) == len(set(maps))
        used = values[len(keys):]
        assert list(used) == sorted(used, reverse=True)  # contiguous from step 0
        assert sum(used) == len(chosen)


def test_add_board_spends_a_token_per_cell_that_does_not_show_the_colour():
    model = cp_model.CpModel()
    choices = add_choices(model, [TWO])
    occ, blk = 0b10, 0b10  # B1 holds a black token, A1 is empty
    mis = add_board(model, occ, blk, [TWO], choices)
    model.add(choices.x[0, 0, 0] == 1)  # A1 black, B1 white
    solver = cp_model.CpSolver()
    assert solver.solve(model) == cp_model.OPTIMAL
    assert sum(solver.value(v) for v in mis) == 2  # place on A1, flip B1
    names = {v.name: solver.value(v) for v in mis}
    assert names == {"mis0_0": 1, "mis0_1": 1, "mis0_2": 0}


def test_add_value_is_the_planners_integer_value():
    model = cp_model.CpModel()
    choices = add_choices(model, [TWO])
    mis = add_board(model, 0, 0, [TWO], choices)
    value = add_value(model, [TWO], choices, mis, 2, 0.5)
    model.add(choices.x[0, 0, 0] == 1)
    solver = cp_model.CpSolver()
    assert solver.solve(model) == cp_model.OPTIMAL
    D, N, W = scale_values(0.5, 2)
    assert solver.value(value) == (3 * D - N * 2) * W - 2 == solver.objective_value


def test_build_dig_model_decodes_the_best_chain():
    built = build_dig_model(0b1000, 0b1000, [TWO, ONE], 2)
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    assert solver.solve(built.model) == cp_model.OPTIMAL
    chain = built.chain(solver)
    # ONE is there for free (D1 shows black); TWO costs 2 tokens and is worth 3 - 1
    assert sorted(map_id for map_id, _ in chain) == [1, 2]
