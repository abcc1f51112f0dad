"""Golden counts and round trips for the board geometry."""

from __future__ import annotations

import random

import pytest

import grids
from grids import (
    SHAPES, ColouredPattern, GridError, cell_name, cells_of, fixed_polyominoes,
    free_polyominoes, mask_of, matches, mismatches, neighbours, one_sided_polyominoes,
    orbit, parse_cell, parse_grid, placements, render_grid,
)


def test_cell_names_follow_the_documented_convention():
    assert parse_cell("A1") == 0 and parse_cell("E1") == 4
    assert parse_cell("A2") == 5 and parse_cell("e5") == 24
    assert [cell_name(i) for i in range(25)] == [f"{c}{r}" for r in "12345" for c in "ABCDE"]


@pytest.mark.parametrize("bad", ["F1", "A6", "A0", "", "AA", "11", "B"])
def test_cells_off_the_board_are_rejected(bad):
    with pytest.raises(GridError):
        parse_cell(bad)


def test_a_cell_off_the_board_is_named_as_the_board_names_cells():
    # a move's text is read in lower case: the error said 'f4' of the F4 a player wrote
    with pytest.raises(GridError, match=r"^'F4' is not a cell of the 5x5 board"):
        parse_cell(" f4")


def test_neighbours_are_orthogonal_and_on_the_board():
    assert neighbours(parse_cell("A1")) == (parse_cell("B1"), parse_cell("A2"))
    assert len(neighbours(parse_cell("C3"))) == 4
    assert sum(len(neighbours(i)) for i in range(25)) == 2 * 40  # 40 edges in a 5x5 grid


def test_masks_round_trip():
    rng = random.Random(1)
    for _ in range(100):
        cells = tuple(sorted(rng.sample(range(25), rng.randrange(26))))
        assert cells_of(mask_of(cells)) == cells


@pytest.mark.parametrize("size,free,one_sided,fixed", [
    (1, 1, 1, 1), (2, 1, 1, 2), (3, 2, 2, 6), (4, 5, 7, 19), (5, 12, 18, 63),
])
def test_polyomino_counts_match_the_known_sequences(size, free, one_sided, fixed):
    assert len(free_polyominoes(size)) == free
    assert len(one_sided_polyominoes(size)) == one_sided
    assert len(fixed_polyominoes(size)) == fixed


@pytest.mark.parametrize("name,rotations,with_mirrors,on_empty_board", [
    ("domino", 2, 2, 40), ("I3", 2, 2, 30), ("L3", 4, 4, 64),
    ("T4", 4, 4, 48), ("L4", 4, 8, 96), ("O4", 1, 1, 16),
])
def test_expedition_shape_orbits_and_placement_counts(name, rotations, with_mirrors, on_empty_board):
    shape = SHAPES[name]
    assert len(orbit(shape, mirrors=False)) == rotations
    assert len(orbit(shape, mirrors=True)) == with_mirrors
    assert len(placements(shape)) == on_empty_board
    assert len(set(placements(shape))) == on_empty_board


def test_placements_avoid_blocked_cells():
    blocked = mask_of([parse_cell("C3")])
    free = placements(SHAPES["O4"], blocked=blocked)
    assert len(free) == 16 - 4
    assert all(not m & blocked for m in free)


def test_grid_text_round_trips():
    rng = random.Random(7)
    for _ in range(50):
        grid = tuple(rng.choice(".#ETrgtspx") for _ in range(25))
        assert parse_grid(render_grid(grid)) == grid


def test_grid_parse_rejects_malformed_text():
    with pytest.raises(GridError):
        parse_grid("  A B C D E\n1 . . . . .\n")
    with pytest.raises(GridError):
        parse_grid("......\n.....\n.....\n.....\n.....")


def test_pattern_text_round_trips_and_rejects_off_board():
    p = ColouredPattern.parse("BW./.BB")
    assert ColouredPattern.parse(p.text()) == p
    assert eval(repr(p), {"ColouredPattern": ColouredPattern}) == p
    with pytest.raises(GridError):
        ColouredPattern.parse("BWBWBW")
    with pytest.raises(GridError):
        ColouredPattern.parse("BX")


def test_pattern_rotations_never_mirror():
    chiral = ColouredPattern.parse("BB/B./B.")
    forms = {form.text() for _, form in chiral.rotations}
    mirror = "BB/.B/.B"
    assert len(forms) == 4 and mirror not in forms


def test_pattern_match_agrees_with_a_cellwise_check():
    rng = random.Random(3)
    pattern = ColouredPattern.parse("BW/W.")
    for _ in range(200):
        occupied = rng.getrandbits(25) | rng.getrandbits(25)
        black = occupied & rng.getrandbits(25)
        for pl in pattern.placements():
            slow = all(
                occupied >> i & 1 and (black >> i & 1) == (pl.black >> i & 1)
                for i in cells_of(pl.mask)
            )
            assert matches(occupied, black, pl) == slow
            assert (mismatches(occupied, black, pl) == 0) == slow


def test_single_cell_pattern_has_25_placements():
    assert len(ColouredPattern.parse("B").placements()) == 25
    # BW has four distinct rotations (BW, WB across; B over W, W over B), 20 spots each
    assert len(ColouredPattern.parse("BW").placements()) == 80


def test_adjacent_by_shifts_agrees_with_the_neighbour_lists():
    rng = random.Random(3)
    for _ in range(300):
        mask = rng.getrandbits(25)
        slow = 0
        for index in cells_of(mask):
            for n in neighbours(index):
                slow |= 1 << n
        assert grids.adjacent(mask) == slow & ~mask
        assert grids.grow(mask) == mask | slow


def test_distances_are_breadth_first_steps_through_open_cells():
    # a wall down column C except C5: A1 reaches E1 the long way round
    walls = mask_of(parse_cell(n) for n in ("C1", "C2", "C3", "C4"))
    dist = grids.distances(grids.ALL_MASK & ~walls, parse_cell("A1"))
    assert dist[parse_cell("A1")] == 0 and dist[parse_cell("B1")] == 1
    assert dist[parse_cell("E1")] == 4 + 4 + 4
    assert parse_cell("C1") not in dist and len(dist) == 21
