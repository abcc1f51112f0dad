"""The dig planner: graph search, CP-SAT model and exhaustive baseline agree; plans replay
through the rules engine; the just-in-time token argument holds against early spending."""

from __future__ import annotations

import pytest

import cards_data
from games.ancients import AncientsState, rules_for
from solvers.ancients.model import cpsat_dig
from solvers.ancients.planner import (
    DigMap, SearchLimitReached, _empty_cell_bound, _lanes_of, scale_values, chain_cost, dig_maps,
    dig_value_above,
    early_spend_best, exhaustive_dig,
    frontier, plan_dig, random_dig_position,
)
from solvers.ancients.service import replay_plan

DATA = cards_data.load("ancients")
CAT = rules_for(DATA)
MAPS = dig_maps(CAT.maps.values())


def position(seed, n_maps, max_tokens, density=0.7):
    return random_dig_position(seed, maps=MAPS, n_maps=n_maps, max_tokens=max_tokens,
                               density=density)


def key(plan):
    return plan.points, plan.tokens


def engine_state(occ, blk, maps, tokens):
    rest = sorted(set(CAT.maps) - {m.id for m in maps})
    state = AncientsState.setup(CAT, 2, rest[:4], rest[4:22], rest[22:], 0)
    state.occupied, state.black = occ, blk
    state.pack[0] = [m.id for m in maps]
    state.sand[0] = tokens
    return state


def test_planner_matches_the_exhaustive_baseline_on_300_positions():
    with_tokens = 0
    for seed in range(300):
        occ, blk, maps, tokens = position(seed, 1 + seed % 3, 4)
        best = plan_dig(occ, blk, maps, tokens)
        assert key(best) == key(exhaustive_dig(occ, blk, maps, tokens)), seed
        with_tokens += best.tokens > 0
    assert with_tokens >= 60


@pytest.mark.parametrize("token_value", [0.0, 0.25, 1.5, 4.0])
def test_planner_matches_the_baseline_at_other_token_values(token_value):
    for seed in range(500, 600):
        occ, blk, maps, tokens = position(seed, 2 + seed % 2, 4)
        best = plan_dig(occ, blk, maps, tokens, token_value=token_value)
        base = exhaustive_dig(occ, blk, maps, tokens, token_value=token_value)
        assert key(best) == key(base), (seed, token_value)


def _baseline(occ, blk, maps, tokens, limit):
    """The exhaustive baseline, or None when it passes ``limit`` nodes."""
    try:
        return exhaustive_dig(occ, blk, maps, tokens, node_limit=limit)
    except SearchLimitReached:
        return None


def test_the_baseline_raises_a_named_error_at_its_limit():
    occ, blk, maps, tokens = position(6000, 4, 8, density=0.6)
    with pytest.raises(SearchLimitReached):
        exhaustive_dig(occ, blk, maps, tokens, node_limit=1)


def test_planner_matches_the_baseline_with_four_maps_and_many_tokens():
    checked = 0
    for seed in range(60):
        occ, blk, maps, tokens = position(6000 + seed, 4, 8, density=0.6)
        base = _baseline(occ, blk, maps, tokens, 10_000)
        if base is not None:
            checked += 1
            assert key(plan_dig(occ, blk, maps, tokens)) == key(base), seed
    assert checked >= 20


def test_the_starting_beam_keeps_the_search_exact():
    # 5-6 maps use the beam by default; smaller packs get it forced, so both paths meet
    # the baseline
    checked = 0
    for seed in range(20):
        occ, blk, maps, tokens = position(7000 + seed, 5 + seed % 2, 2, density=0.6)
        best = plan_dig(occ, blk, maps, tokens)
        assert key(best) == key(plan_dig(occ, blk, maps, tokens, beam_width=0)), seed
        base = _baseline(occ, blk, maps, tokens, 5_000)
        if base is not None:
            checked += 1
            assert key(best) == key(base), seed
    assert checked >= 10
    for seed in range(60):
        occ, blk, maps, tokens = position(7100 + seed, 2 + seed % 2, 3)
        assert key(plan_dig(occ, blk, maps, tokens, beam_width=3)) == \
            key(exhaustive_dig(occ, blk, maps, tokens)), seed


def test_the_empty_cell_bound_never_undercuts_the_best_value():
    """Bound 2 (module docstring) at the root against the baseline's best value; it must
    also be strictly tighter than the cheapest-first-find bound somewhere, or it would be
    pointless."""
    tighter = 0
    checked_bound = []
    for seed in range(200):
        occ, blk, maps, tokens = position(8000 + seed, 3, 5, density=0.6)
        base = _baseline(occ, blk, maps, tokens, 3_000)
        if base is None:
            continue
        D, N, W = scale_values(0.5, tokens)
        nw = N * W + 1
        empty = ~occ & 0x1FFFFFF
        items, cheapest = [], 99
        for m in maps:
            own = [((mask & ~occ) | ((blk ^ black) & mask)).bit_count()
                   for mask, black, _, _ in m.placements]
            items.append((min((mask & empty).bit_count() for mask, _, _, _ in m.placements),
                          min(own), m.points * D * W))
            cheapest = min(cheapest, min(own))
        value = (base.points * D - N * base.tokens) * W - base.tokens
        bound = _empty_cell_bound(items, tokens, nw)
        assert bound >= value, seed
        checked_bound.append(seed)
        cheap = max(0, sum(p for _, _, p in items) - nw * cheapest)
        tighter += bound < cheap
    assert len(checked_bound) >= 100 and tighter >= 25


def test_a_time_limited_search_returns_a_valid_plan():
    occ, blk, maps, _ = position(10_001, 8, 8, density=0.6)
    plan = plan_dig(occ, blk, maps, 8, time_limit=0.05)
    assert not plan.optimal and plan.tokens <= 8
    replayed = chain_cost(occ, blk, [(f.mask, f.black) for f in plan.finds])[2]
    assert replayed == [f.tokens for f in plan.finds]


def test_all_three_agree_on_200_positions():
    with_tokens = 0
    for seed in range(1000, 1200):
        occ, blk, maps, tokens = position(seed, 1 + seed % 2, 2, density=0.75)
        best = plan_dig(occ, blk, maps, tokens)
        assert key(best) == key(exhaustive_dig(occ, blk, maps, tokens)), seed
        assert key(best) == key(cpsat_dig(occ, blk, maps, tokens)), seed
        with_tokens += best.tokens > 0
    assert with_tokens >= 50


@pytest.mark.slow
def test_all_three_agree_on_larger_positions():
    for seed in range(2000, 2060):
        occ, blk, maps, tokens = position(seed, 3 + seed % 2, 4)
        best = plan_dig(occ, blk, maps, tokens)
        assert key(best) == key(cpsat_dig(occ, blk, maps, tokens)), seed
        if len(maps) == 3:
            assert key(best) == key(exhaustive_dig(occ, blk, maps, tokens)), seed


def test_just_in_time_spending_loses_nothing_against_early_spending():
    spent = 0
    for seed in range(40):
        occ, blk, maps, tokens = position(3000 + seed, 2, 2, density=0.75)
        best = plan_dig(occ, blk, maps, tokens)
        assert key(best) == early_spend_best(occ, blk, maps, tokens), seed
        spent += best.tokens > 0
    assert spent >= 10


def test_a_chain_where_the_first_find_sets_up_the_second():
    # map A needs B,W at A1,B1 and flips them to W,B; map B needs exactly W,B there
    a = DigMap(1, 2, ((0b11, 0b01, 0, 0),))
    b = DigMap(2, 5, ((0b11, 0b10, 0, 0),))
    plan = plan_dig(0b11, 0b01, [a, b], 0)
    assert [f.map for f in plan.finds] == [1, 2] and key(plan) == (7, 0)
    assert key(exhaustive_dig(0b11, 0b01, [a, b], 0)) == (7, 0)


def test_token_value_trades_points_for_tokens():
    a = DigMap(1, 1, ((0b111, 0b111, 0, 0),))  # three empty cells: 3 tokens for 1 point
    assert key(plan_dig(0, 0, [a], 3, token_value=0.5)) == (0, 0)
    assert key(plan_dig(0, 0, [a], 3, token_value=0.25)) == (1, 3)
    assert key(plan_dig(0, 0, [a], 2, token_value=0.0)) == (0, 0)  # cannot afford it


def test_ties_go_to_fewer_tokens():
    # two placements of the same map: one free, one costing a token; at λ = 0 both score 3
    a = DigMap(1, 3, ((0b1, 0b1, 0, 0), (0b10, 0b10, 0, 1)))
    plan = plan_dig(0b1, 0b1, [a], 1, token_value=0.0)
    assert key(plan) == (3, 0)


def test_plans_replay_through_the_engine_to_the_claimed_points():
    for seed in range(60):
        occ, blk, maps, tokens = position(4000 + seed, 2 + seed % 3, 6)
        best = plan_dig(occ, blk, maps, tokens)
        state = engine_state(occ, blk, maps, tokens)
        assert replay_plan(state, best) == key(best), seed
        assert (state.occupied, state.black) == best.board
        assert chain_cost(occ, blk, [(f.mask, f.black) for f in best.finds])[2] == \
            [f.tokens for f in best.finds]


def test_frontier_keeps_the_best_plan_of_every_budget():
    occ, blk, maps, tokens = position(77, 4, 6)
    plans = frontier(occ, blk, maps, tokens)
    assert key(plans[0]) == key(plan_dig(occ, blk, maps, tokens))
    assert [p.tokens for p in plans] == sorted({p.tokens for p in plans}, reverse=True)
    for plan in plans:
        assert key(plan) == key(plan_dig(occ, blk, maps, plan.tokens))


def test_plan_finds_are_placements_on_the_board():
    occ, blk, maps, tokens = position(5, 3, 4)
    plan = plan_dig(occ, blk, maps, tokens)
    assert plan.finds
    for find in plan.finds:
        assert find.rotation in range(4) and find.anchor in range(25)
        assert find.mask and find.points > 0 and find.tokens >= 0


def test_the_value_above_a_floor_is_the_planners_value_or_a_bound_at_most_the_floor():
    """``dig_value_above`` (the exact search's planner calls): above the floor it is the
    planner's value, exactly; at or below it an upper bound on that value that is itself
    at most the floor. 40 positions, five floors each, both sides met."""
    exact_seen = bound_seen = 0
    for seed in range(40):
        occ, blk, maps, tokens = position(9100 + seed, 2 + seed % 3, 6, density=0.6)
        best = plan_dig(occ, blk, maps, tokens).value
        for floor in (-1.0, best - 0.5, best, best + 0.5, 3.0):
            value, exact = dig_value_above(occ, blk, maps, tokens, floor)
            if exact:
                assert value == best and value > floor, (seed, floor)
                exact_seen += 1
            else:
                assert best <= value <= floor, (seed, floor, value, best)
                bound_seen += 1
    assert exact_seen >= 40 and bound_seen >= 40


def test_more_tokens_than_a_byte_reads_every_lane():
    # a designer's file with 1,000 sand tokens: the beam asked for lanes costing up to
    # 1,000, and bytes.find of a value above 255 raised (an internal fault of best-score)
    assert _lanes_of(bytes([0, 3, 25, 3]), 0, 1000) == [0, 1, 2, 3]
    assert _lanes_of(bytes([0, 3, 25, 3]), 1, 3) == [1, 3]
