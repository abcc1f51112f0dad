"""Best score of a solo Tomb of the Ancients deal: the deal bound against the exact optimum
of cut deals, the exact branch and bound against brute force, and the node budget."""

from __future__ import annotations

import json

import pytest

import cards_data
from solvers.limits import Limit
from games import ancients as A
from solvers.ancients import service as S
from solvers.ancients.best import (
    REPAIR_CUTS, SearchLimitReached, _beam_options, _merge_key, all_turns, best_score_search,
    dig_outcomes, score_upper_bound,
)
from solvers.ancients.exact import exact_best
from solvers.ancients.planner import early_spend_best, plan_dig
from solvers.ancients.policy import greedy_turn
from solvers.ancients.turn import apply_turn, rules_digmaps, turn_options

DATA = cards_data.load("ancients")


def _state(seed: int):
    return A.state_from_deal(A.make_deal(players=1, seed=seed, data=DATA), DATA)


def _brute(state, cap: int) -> float:
    """Every whole turn (``all_turns``) to the cap: no table, no bound."""
    if state.is_terminal() or state.turns >= cap:
        return state.score(0)
    best = -1.0
    for move in all_turns(state):
        child = state.clone()
        apply_turn(child, move, checked=True)
        best = max(best, _brute(child, cap))
    return best


CUT = [(seed, turns) for seed in range(10) for turns in (2, 3)] + \
      [(seed, 4) for seed in range(10, 16)] + [(seed, 5) for seed in range(16, 21)]


@pytest.mark.parametrize("seed, turns", CUT)
def test_exact_search_matches_brute_force_and_the_bound_holds(seed, turns):
    """31 deals cut to 2-5 turns (the first buys and digs pay from 5 turns on): the branch
    and bound equals brute force over the same turns, and the deal bound is never below
    that optimum."""
    state = _state(seed)
    optimum = _brute(state, turns)
    result = exact_best(state, turn_cap=turns, nodes=100_000)
    assert result.proven and result.score == optimum
    assert score_upper_bound(state, turn_cap=turns).value >= optimum
    replay = state.clone()
    for move in result.moves:
        apply_turn(replay, move, checked=True)
    assert replay.turns == turns and replay.score(0) == optimum


def test_the_market_bound_is_valid_and_tighter_than_counting():
    for seed in range(4):
        state = _state(seed)
        beam = best_score_search(state, nodes=20_000)
        full = score_upper_bound(state)
        assert full.source == "market" and beam.score <= full.value
        assert full.value < score_upper_bound(state, market=False).value


@pytest.mark.parametrize("seed", range(3))
def test_longer_cut_deals_and_the_full_bound(seed):
    state = _state(seed)
    beam = best_score_search(state, nodes=3_000, turn_cap=6)
    exact = exact_best(state, turn_cap=6, nodes=200_000, incumbent=beam)
    assert exact.score >= beam.score
    assert score_upper_bound(state, turn_cap=6).value >= exact.score
    assert score_upper_bound(state).value >= exact.score


def test_the_exact_search_stops_with_a_named_error():
    with pytest.raises(SearchLimitReached):
        exact_best(_state(0), turn_cap=8, nodes=50)


def test_dig_outcomes_cover_the_planners_best_and_only_legal_digs():
    covered = 0
    for seed in range(40):
        state = _state(seed)
        # a mid-game position: buy a few maps and rest for sand
        for move in ["market buy 1", "rest sand", "market buy 1", "rest sand", "market buy 2"]:
            legal = [m for m in state.legal_moves() if str(m) == move]
            if legal:
                apply_turn(state, legal[0])  # with the refill it draws
        digs = dig_outcomes(state)
        maps = [rules_digmaps(state.rules)[i] for i in sorted(state.pack[0])]
        best = plan_dig(state.occupied, state.black, maps, state.sand[0], token_value=0.5)
        if best.finds:
            covered += 1
            assert max(d.points - 0.5 * d.tokens for d in digs) == pytest.approx(best.value)
        for dig in digs:
            world = state.clone()
            apply_turn(world, dig, checked=True)  # every outcome is a legal turn
    assert covered >= 5


def test_best_score_budget_is_deterministic():
    deal = A.make_deal(players=1, seed=5, data=DATA)
    first = S.best_score(deal, data=DATA, limit=Limit(work=2))
    assert first == S.best_score(deal, data=DATA, limit=Limit(work=2))
    assert first.budget.nodes <= 2_000 + 200 and first.reproducible
    assert first.bound_source in ("market", "deal-counting") and first.score <= first.bound


def test_a_clock_cut_says_so():
    deal = A.make_deal(players=1, seed=5, data=DATA)
    out = S.best_score(deal, data=DATA, limit=Limit(work=100, time_limit=0.001))
    assert out.budget.stop_reason == "time_limit"
    assert out.reproducible is False and "may vary" in out.note


def test_just_in_time_spending_holds_for_the_outcomes():
    """The exact search's digs spend sand just in time; on small cases nothing spending
    earlier in the turn does better (the planner's argument)."""
    for seed in range(6):
        state = _state(seed)
        maps = [rules_digmaps(state.rules)[m] for m, _ in state.market[:2]]
        occ, blk = state.occupied, state.black
        reference = early_spend_best(occ, blk, maps, 2)
        best = plan_dig(occ, blk, maps, 2)
        assert (best.points, best.tokens) == reference


def _greedy_positions(seeds, turns):
    """Positions of greedy solo games (``policy.greedy_turn``) after ``turns`` whole turns."""
    out = []
    for seed in seeds:
        state = _state(seed)
        for turn in range(max(turns) + 1):
            if state.is_terminal():
                break
            if turn in turns:
                out.append(state.clone())
            apply_turn(state, greedy_turn(state))
    return out


def test_the_beam_keeps_every_dig_rest_and_plain_buy_and_only_needed_sales():
    """``_beam_options`` drops only market visits with a sale or a discard: every dig,
    rest and buy without either stays, and a sale stays only where its buy needs it."""
    dropped_sales = kept_sales = 0
    for state in _greedy_positions(range(8), (6, 14, 22, 30)):
        full = turn_options(state)
        kept = _beam_options(state)
        assert all(move in full for move in kept)
        for move in full:
            if move in kept:
                continue
            assert isinstance(move, A.Market) and (move.sell is not None
                                                   or move.discard is not None)
            dropped_sales += move.sell is not None
        for move in kept:
            if isinstance(move, A.Market) and move.sell is not None:
                kept_sales += 1
                assert move.buy is not None and state.money[0] < move.buy
    assert dropped_sales and kept_sales


def _moves_by_points(state):
    """The beam's moves of ``state`` (in no order), a sale named by the points of the
    artifact sold."""
    maps = state.rules.maps
    return sorted(str((maps[m.sell].points, m.buy, m.discard))
                  if isinstance(m, A.Market) and m.sell is not None else str(m)
                  for m in _beam_options(state))


def test_merged_positions_differ_only_in_artifacts_of_the_same_points():
    """Two sales of different artifacts of the same points lead to one merge key, the
    same score and the same moves for the beam, though the positions differ."""
    pairs = 0
    for state in _greedy_positions(range(12), (20, 26, 32)):
        arts = sorted(set(state.artifacts[0]))
        for i, a in enumerate(arts):
            for b in arts[i + 1:]:
                if state.rules.maps[a].points != state.rules.maps[b].points:
                    continue
                one, two = state.clone(), state.clone()
                apply_turn(one, A.Market(sell=a), checked=True)
                apply_turn(two, A.Market(sell=b), checked=True)
                assert one.public_key() != two.public_key()
                assert _merge_key(one) == _merge_key(two)
                assert one.score(0) == two.score(0)
                assert _moves_by_points(one) == _moves_by_points(two)
                pairs += 1
    assert pairs


def test_the_last_beam_fits_the_budget_and_the_repair_spends_the_rest():
    """The doubling beams stop at a beam narrowed to the nodes left (not one cut short),
    and the repair beams from cuts of the best plan spend most of what it leaves; the
    plan replays to its score."""
    state = _state(0)
    result = best_score_search(state, nodes=30_000)
    assert result.stop_reason == "budget" and result.repairs == len(REPAIR_CUTS)
    assert 0.9 * 30_000 <= result.nodes <= 30_000 + 100
    replay = state.clone()
    for move in result.moves:
        apply_turn(replay, move, checked=True)
    assert replay.is_terminal() and replay.score(0) == result.score
