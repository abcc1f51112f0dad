"""Pyramids solvers: CP-SAT against the exhaustive baseline, the acquisition fact against
the engine, graph analyses, hints."""

from __future__ import annotations

import json
from itertools import combinations

import pytest

import cards_data
from cards_data.pyramids import distances
from games.pyramids import example_view, make_deal, state_from_deal, state_from_view
from solvers.pyramids.bound import _pyramid_split, deal_bound
from solvers.pyramids.instance import SoloInstance, acquisition_ok
from solvers.pyramids.model import policy_plan, solve_deal
from solvers.pyramids import policy as pyramids_policy
from solvers.pyramids.search import exhaustive_best
from solvers.pyramids.graph import analyse, analysis_lines
from solvers.hints import Limit
from solvers.pyramids import service

DATA = cards_data.load("pyramids")


# --- the acquisition fact ---------------------------------------------------------------

def _engine_pick_sets(pattern):
    """Every sequence of picked-card sets the engine allows when the solo player completes
    ``pattern[i]`` cards at action ``i`` (display/deck mechanics of the real engine)."""
    state, _ = state_from_view(_queue_view(), DATA, 0)
    queue = list(state.display) + list(state.deck)
    out = set()

    def rec(st, step, history):
        if step == len(pattern):
            out.add(tuple(history))
            return
        st = st.clone()
        st.phase = "take"
        st.takes = [(1000 + k, 0, k) for k in range(pattern[step])]
        st.round, st.step = 0, 1
        _walk(st, step, history, [])

    def _walk(st, step, history, picked):
        if st.phase != "take":
            rec(st, step + 1, history + [frozenset(picked)])
            return
        for move in st.legal_moves():
            nxt = st.clone()
            card = move.card or nxt.deck[0]
            nxt.apply(move)
            _walk(nxt, step, history, picked + [card])

    rec(state, 0, [])
    return queue, out


def _queue_view():
    return {"game": "pyramids", "players": 1, "seat": 0, "round": 1, "revealed": ["I3"],
            "cards": [{"order": 1, "crossed": []}, {"order": 2, "crossed": []}],
            "completed": [], "score_card": {}, "display": [3, 4, 5, 6], "deck_size": 42,
            "others": []}


@pytest.mark.parametrize("pattern", [(2, 1, 2), (1, 2, 2), (2, 2), (1, 1, 1, 2)])
def test_acquisition_fact_matches_the_engine(pattern):
    queue, engine_sets = _engine_pick_sets(pattern)
    window = queue[: 4 + sum(pattern) + 1]
    model_sets = set()

    def rec(step, taken, history):
        if step == len(pattern):
            if acquisition_ok(queue, history):
                model_sets.add(tuple(history))
            return
        for picks in combinations([c for c in window if c not in taken], pattern[step]):
            rec(step + 1, taken | set(picks), history + [frozenset(picks)])

    rec(0, set(), [])
    assert model_sets == engine_sets
    assert any(len(s) == 2 for h in engine_sets for s in h)


# --- CP-SAT against the exhaustive baseline ---------------------------------------------

SMALL = [(seed, 2) for seed in range(18)] + [(seed, 3) for seed in range(100, 114)]


@pytest.mark.parametrize("seed, steps", SMALL)
def test_cpsat_agrees_with_exhaustive_baseline(seed, steps):
    deal = make_deal(players=1, seed=seed, data=DATA, rounds=1, steps_per_round=steps)
    baseline = exhaustive_best(deal, DATA)
    result = solve_deal(deal, DATA, time_limit=60, seed=0)
    assert result.status == "OPTIMAL" and result.bound == result.score
    assert result.score == baseline.score
    assert result.breakdown["total"] == result.score


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(4))
def test_cpsat_agrees_with_baseline_on_four_and_five_steps(seed):
    for steps in (4, 5):
        deal = make_deal(players=1, seed=seed, data=DATA, rounds=1, steps_per_round=steps)
        assert solve_deal(deal, DATA, time_limit=120).score == exhaustive_best(deal, DATA).score


@pytest.mark.slow
def test_full_deal_replays_to_the_claimed_score():
    deal = make_deal(players=1, seed=2, data=DATA)
    result = service.best_score(deal, data=DATA, time_limit=60, seed=0)
    assert result["replayed_score"] == result["score"] <= result["bound"]
    assert result["score"] >= policy_plan(deal, DATA)[0]


def test_best_score_service_replays_and_analyses():
    deal = make_deal(players=1, seed=5, data=DATA, rounds=1, steps_per_round=3)
    result = service.best_score(deal, data=DATA, time_limit=30, seed=0)
    assert result["status"] == "OPTIMAL" and result["bound"] == result["score"]
    assert result["replayed_score"] == result["score"]
    assert result["plan"][0].startswith("keep ")
    assert any("box(es) to the tomb" in line for line in result["analysis"])
    json.dumps(result)


# --- graph analyses -------------------------------------------------------------------

def test_graph_analysis_agrees_with_breadth_first_search():
    for card in DATA.cards:
        a = analyse(card)
        dist = distances(card.open, card.entrance)
        assert a.to_tomb == card.shortest_path() == len(a.path)
        assert set(a.reachable) == set(dist)
        for name, d in a.icons.items():
            cells = [c for c in dist if card.icons[name] >> c & 1]
            assert d == (min(dist[c] for c in cells) + 1 if cells else None)


def test_graph_analysis_of_a_part_crossed_card():
    card = DATA.card(6)
    crossed = sum(1 << c for c in (0, 1, 6, 7, 8, 9, 14, 19))  # A1 B1 B2 C2 D2 E2 E3 E4
    a = analyse(card, crossed)
    assert a.to_tomb == 1 and a.path == (24,)
    assert not set(a.reachable) & {0, 1, 6}
    assert "1 box(es) to the tomb" in analysis_lines(card, crossed)[0]


# --- hints and the policy --------------------------------------------------------------

def test_hint_ranks_every_option_and_is_deterministic():
    view = example_view(DATA)
    first = service.hint(view, data=DATA, limit=Limit(iterations=30), seed=4, top=1000)
    again = service.hint(view, data=DATA, limit=Limit(iterations=30), seed=4, top=1000)
    assert json.dumps(first) == json.dumps(again)
    world, seat = state_from_view(view, DATA, 4)
    assert sorted(m["move"] for m in first["moves"]) == sorted(str(m) for m in world.legal_moves())
    # successive halving: the options that stayed in longest (most samples) come first
    visits = [m["visits"] for m in first["moves"]]
    assert all(v >= service.MIN_SAMPLES for v in visits)
    assert all(a >= b - 1 for a, b in zip(visits, visits[1:]))
    assert first["order"] == "visits" and first["best"] == first["moves"][0]["move"]
    assert any("box(es) to the tomb" in line for line in first["explanation"])
    assert first["budget"]["iterations"] >= 30


def test_policy_beats_plain_greedy_and_random(monkeypatch):
    def mean_score(progress):
        monkeypatch.setattr(pyramids_policy, "PROGRESS", progress)
        total = 0
        for seed in range(8):
            state = state_from_deal(make_deal(players=1, seed=seed, data=DATA), DATA)
            pyramids_policy.playout(state)
            total += state.score(0)
        return total / 8

    lookahead, greedy = mean_score(8.0), mean_score(0.0)
    assert lookahead >= greedy
    assert lookahead > 80


def test_static_bound_pieces_are_tight_and_valid():
    """The FEASIBLE bound's pyramid term is the best split of the completions over the
    colours (not every tier of every colour), and the whole static bound never falls below
    a proven optimum."""
    assert [_pyramid_split(DATA, k) for k in (0, 1, 2, 3, 4, 6, 13)] == [0, 0, 10, 10, 20, 30, 48]
    for seed in range(3):
        deal = make_deal(players=1, seed=seed, data=DATA, rounds=1, steps_per_round=3)
        bound = deal_bound(SoloInstance.from_deal(deal, DATA), DATA, iterations=0)
        assert bound.source == "static" and bound.value >= exhaustive_best(deal, DATA).score
