"""The deal bound of Pyramids: its per-card tables against the rules, its value against
the exhaustive optimum, and the deterministic budget of the best-score solver."""

from __future__ import annotations

import json

import numpy as np
import pytest

import cards_data
from solvers.limits import Limit
from solvers.results import WorkBudget
from games.pyramids import make_deal, state_from_deal
from games.pyramids.rules import frontier, is_connected_region, pattern_options
from grids.polyomino import SHAPES
from solvers.pyramids import service
from solvers.pyramids.bound import _Relaxation, deal_bound, pyramid_hull, pyramid_points
from solvers.pyramids.instance import SoloInstance
from solvers.pyramids.model import cpsat_seed, policy_plans, solve_deal
from solvers.pyramids.search import exhaustive_best
from solvers.pyramids.tables import card_table

DATA = cards_data.load("pyramids")


# --- the per-card tables ------------------------------------------------------------------

@pytest.mark.parametrize("order", [1, 6, 10, 23, 40])
def test_card_tables_follow_the_rules(order):
    """Every region is a legal crossed region; each region's edges are exactly the engine's
    single boxes and pattern placements (checked on a sample of regions)."""
    card = DATA.card(order)
    table = card_table(card)
    masks = [int(m) for m in table.masks]
    assert masks[0] == 0 and len(set(masks)) == len(masks)
    assert all(is_connected_region(card, m) for m in masks)
    rng = np.random.default_rng(order)
    for i in sorted(set(rng.integers(0, table.size, 40).tolist()) | {0}):
        mask = masks[i]
        singles = {masks[j] for j in table.single.of_source(i)}
        assert singles == {mask | 1 << c for c in range(25) if frontier(card, mask) >> c & 1}
        for shape in SHAPES:
            dests = {masks[j] for j in table.main[shape].of_source(i)}
            if table.is_tomb[i]:
                assert not dests  # a completed card leaves the hand
                continue
            expected = {mask | p for p in pattern_options(card, mask, shape)} | singles
            assert dests == expected, (order, mask, shape)


def test_pyramid_hull_is_the_concave_envelope():
    lines = pyramid_hull(DATA, 12)
    for n in range(13):
        assert min(a * n + b for a, b in lines) >= pyramid_points(DATA, n) - 1e-9
    assert min(a * 2 + b for a, b in lines) == pytest.approx(10)
    assert min(a * 1 + b for a, b in lines) == pytest.approx(5)  # one card: 5 on the envelope


def test_a_real_games_card_plans_satisfy_every_row():
    """The card plans of a legal game are one feasible point of the master LP, worth at
    least the game's score (the relaxation drops skulls and lifts pyramid points)."""
    deal = make_deal(players=1, seed=4, data=DATA, rounds=2)
    inst = SoloInstance.from_deal(deal, DATA)
    relaxation = _Relaxation(inst, DATA)
    warm = policy_plans(deal, DATA)[0]
    plans = relaxation.plans_of(deal, warm.moves)
    columns = [relaxation.column(p) for p in plans]
    rows = sum(col for col, _ in columns)
    assert np.all(rows[: relaxation.card_rows] <= relaxation.rhs[: relaxation.card_rows] + 1e-9)
    assert sum(obj for _, obj in columns) == 10 * len(state_after(deal, warm.moves).seats[0].completed)


def state_after(deal, moves):
    from games.pyramids import parse_move

    state = state_from_deal(deal, DATA)
    for text in moves:
        while state.phase == "reveal":
            state.apply(state.chance_outcomes()[0][0])
        state.apply(parse_move(state, text))
    return state


# --- the bound against the exhaustive optimum ---------------------------------------------

SMALL = ([(300 + seed, 2) for seed in range(14)] + [(400 + seed, 3) for seed in range(14)]
         + [(500 + seed, 4) for seed in range(4)])


@pytest.mark.parametrize("seed, steps", SMALL)
def test_the_bound_is_never_below_the_optimum(seed, steps):
    """32 short deals where the exhaustive baseline finishes: the per-card tables' bound
    (and the static one) is never below the true optimum."""
    deal = make_deal(players=1, seed=seed, data=DATA, rounds=1, steps_per_round=steps)
    optimum = exhaustive_best(deal, DATA).score
    bound = deal_bound(SoloInstance.from_deal(deal, DATA), DATA, iterations=60, deal=deal,
                       games=[w.moves for w in policy_plans(deal, DATA)])
    assert bound.card_tables is not None and bound.card_tables >= optimum - 1e-6
    assert bound.static >= optimum and bound.value >= optimum


def test_the_bound_is_deal_specific_on_a_longer_deal():
    deal = make_deal(players=1, seed=0, data=DATA, rounds=2)
    bound = deal_bound(SoloInstance.from_deal(deal, DATA), DATA, iterations=60, deal=deal,
                       games=[w.moves for w in policy_plans(deal, DATA)])
    assert bound.source == "card-tables" and bound.value < bound.static - 30
    assert bound.value >= policy_plans(deal, DATA)[0].score


# --- the solver's budget ------------------------------------------------------------------

def test_the_solve_is_reproducible_and_reports_its_budget():
    deal = make_deal(players=1, seed=7, data=DATA, rounds=2)
    first = service.best_score(deal, data=DATA, limit=Limit(work=1.0), seed=3)
    again = service.best_score(deal, data=DATA, limit=Limit(work=1.0), seed=3)
    assert first == again and first.reproducible
    assert first.budget == WorkBudget(service.BUDGET_UNITS, 1.0, None, first.budget.stop_reason)
    assert first.bound_source in ("static", "card-tables", "cp-sat", "branch-and-price")
    assert first.score <= first.bound
    assert (first.status == "OPTIMAL") == (first.score == first.bound)


def test_a_clock_cut_says_so():
    deal = make_deal(players=1, seed=7, data=DATA, rounds=2)
    result = solve_deal(deal, DATA, budget=30, time_limit=0.05)
    assert result.stop_reason == "time_limit"
    out = service.best_score(deal, data=DATA, limit=Limit(work=30, time_limit=0.05))
    assert out.reproducible is False and "may vary" in out.note


def test_seeds_beyond_31_bits_reach_cp_sat_mapped():
    assert 0 <= cpsat_seed(2**31) < 2**31 and 0 <= cpsat_seed(-2**40) < 2**31
    assert cpsat_seed(5) == cpsat_seed(5)


def test_the_exact_master_is_never_above_the_envelope():
    deal = make_deal(players=1, seed=0, data=DATA, rounds=1)
    relaxation = _Relaxation(SoloInstance.from_deal(deal, DATA), DATA)
    best, _, _, _, prices = relaxation.solve(60)
    values = [relaxation.best_plan(i, prices)[0] for i in range(len(relaxation.pool))]
    assert prices is not None and prices.y is not None
    exact = relaxation.exact_master(prices.y)
    assert exact <= relaxation.lagrangian(prices.y, values) + 1e-9
    optimum = solve_deal(deal, DATA)
    assert optimum.status == "OPTIMAL" and exact >= optimum.score


def test_the_bound_is_told_in_a_players_words_term_by_term():
    """`best-score pyramids` ended "bound 238 from static; static bound 238", a figure a
    player could not follow (Tomb of the Ancients says why no play scores more): the
    paragraph names what the static count gives for completed cards, pyramid points, gems
    and torches, and its sum is the bound."""
    from types import SimpleNamespace

    from solvers.pyramids.service import bound_words

    data = cards_data.load("pyramids")
    deal = make_deal(players=1, seed=3, data=data)
    inst = SoloInstance.from_deal(deal, data)
    proof = deal_bound(inst, data, iterations=0)
    p = proof.parts
    assert p is not None and p.total == proof.static == proof.value
    result = SimpleNamespace(deal_bound=proof, bound=proof.value, bound_source="static",
                             status="FEASIBLE")
    text = bound_words(result, data)
    assert text.startswith(f"why no play scores more than {proof.value}: ")
    assert f"{p.cards} + {p.pyramid} + {p.gems} + {p.torches} = {proof.value}" in text
    assert f"at most {p.completions} cards" in text and "pyramid points" in text
    assert "lowered" not in text
    lowered = SimpleNamespace(deal_bound=proof, bound=proof.value - 40,
                              bound_source="card-tables", status="FEASIBLE")
    assert f"lowered that to {proof.value - 40}" in bound_words(lowered, data)
    proven = SimpleNamespace(deal_bound=proof, bound=150, bound_source="cp-sat",
                             status="OPTIMAL")
    assert bound_words(proven, data) is None
    # the bound's line says a static bound once (it said "bound 238 from static; static
    # bound 238" when a Ctrl-C stopped the search before it lowered it)
    from solvers.pyramids.service import _bound_line
    assert _bound_line(result) == f"bound {proof.value} from static"
    assert _bound_line(lowered).startswith(f"bound {proof.value - 40} from card-tables; "
                                           f"static bound {proof.value}")
