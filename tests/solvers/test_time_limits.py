"""A wall-clock limit is a cap in every phase of the grid games' solvers (issue 18 §3).

Each phase consults the deadline before it starts and inside its loops: an already
expired deadline stops it at once and leaves a valid plan (or says that the phase did
not run), never a crash. No test here measures time: an expired deadline is an instant
in the past, and a deadline that falls part-way is a counter standing in for the clock
(``solvers.clock.now``), so every cut is at the same place on every machine."""

from __future__ import annotations

import itertools

import pytest
from ortools.sat.python import cp_model

import cards_data
from games import ancients as A
from games.protocol import CHANCE
from games.pyramids import example_view, make_deal, parse_move, state_from_deal
from solvers import clock
from solvers.ancients import service as ancients_service
from solvers.ancients.best import SearchLimitReached, best_score_search, exact_best
from solvers.ancients.turn import apply_turn
from solvers.limits import Limit
from solvers.pyramids import service as pyramids_service
from solvers.pyramids.bound import deal_bound
from solvers.pyramids.instance import SoloInstance
from solvers.pyramids.model import (
    _cp_sat_search, build_model, choose_cards, policy_plans, solve_deal)

PYRAMIDS = cards_data.load("pyramids")
ANCIENTS = cards_data.load("ancients")
#: Two rounds: long enough for the pilot warm start to run.
DEAL = make_deal(players=1, seed=7, data=PYRAMIDS, rounds=2)
FIRST_PAIR = tuple(sorted(DEAL["dealt"][0])[:2])  # the first keep choice tried


def _past() -> float:
    return clock.now() - 1.0


def _expired(**budget) -> Limit:
    """A limit whose clock started an hour ago and ran out long since."""
    return Limit(time_limit=1.0, started=clock.now() - 3600, **budget)


@pytest.fixture
def counter_clock(monkeypatch):
    """``now()`` returns 0, 1, 2, ...: a deadline of ``n`` falls after ``n`` readings."""
    ticks = itertools.count()
    monkeypatch.setattr(clock, "now", lambda: float(next(ticks)))


def _replayed_score(deal: dict, moves) -> int:
    state = state_from_deal(deal, PYRAMIDS)
    for text in moves:
        while state.current_player() == CHANCE:
            state.apply(state.chance_outcomes()[0][0])
        state.apply(parse_move(state, text))
    assert state.is_terminal()
    return state.score(0)


# --- Pyramids best score ---------------------------------------------------------------------

def test_an_expired_deadline_leaves_the_policys_first_game_and_the_static_bound():
    models = []
    result = solve_deal(DEAL, PYRAMIDS, budget=30, deadline=_past(), on_model=models.append)
    assert result.stop_reason == "time_limit"
    assert models == [] and result.solver_stats["variables"] == 0  # no model was built
    assert result.bound_source == "static" and result.deal_bound.stopped_by_clock
    assert result.deal_bound.card_tables is None  # the tables were never built
    assert result.kept == FIRST_PAIR
    assert _replayed_score(DEAL, result.moves) == result.score


def test_the_policy_plays_only_its_first_keep_pair_and_the_pilot_none_after_the_deadline():
    greedy = policy_plans(DEAL, PYRAMIDS, deadline=_past())
    assert [w.kept for w in greedy] == [FIRST_PAIR]
    assert greedy[0] in policy_plans(DEAL, PYRAMIDS)  # the same game as without a limit
    assert policy_plans(DEAL, PYRAMIDS, pilot=True, deadline=_past()) == []


def test_a_pilot_game_cut_part_way_is_finished_by_the_policy(counter_clock):
    plans = policy_plans(DEAL, PYRAMIDS, pilot=True, deadline=5.0)  # 5 decisions, then cut
    assert len(plans) == 1  # the other keep pairs are not started
    assert _replayed_score(DEAL, plans[0].moves) == plans[0].score


def test_the_model_is_not_built_after_the_deadline(counter_clock):
    inst = SoloInstance.from_deal(DEAL, PYRAMIDS)
    assert build_model(inst, PYRAMIDS, deadline=0.0) is None
    assert build_model(inst, PYRAMIDS, deadline=3.0) is None  # cut at the third step


def test_cp_sat_is_not_started_after_the_deadline(monkeypatch):
    inst = SoloInstance.from_deal(DEAL, PYRAMIDS)
    built = build_model(inst, PYRAMIDS)
    warm = policy_plans(DEAL, PYRAMIDS)[0]
    solves = []
    monkeypatch.setattr(cp_model.CpSolver, "solve", lambda self, *a, **k: solves.append(a))
    search = _cp_sat_search(DEAL, PYRAMIDS, inst, built, warm, budget=30, deadline=_past(),
                            workers=1, random_seed=0, max_cuts=50)
    assert solves == [] and search.stop == "time_limit" and search.best is warm
    assert search.cp_bound is None


def test_a_far_deadline_lets_cp_sat_run_and_hand_its_model_over():
    models = []
    result = solve_deal(DEAL, PYRAMIDS, budget=0.5, deadline=clock.now() + 3600,
                        on_model=models.append)
    assert len(models) == 1 and result.solver_stats["variables"] > 0
    assert result.stop_reason != "time_limit"


def test_the_bound_after_the_deadline_is_the_static_one():
    inst = SoloInstance.from_deal(DEAL, PYRAMIDS)
    cards = [c.order for c in choose_cards(inst, PYRAMIDS).cards]
    cut = deal_bound(inst, PYRAMIDS, iterations=5, cards=cards, deadline=_past())
    static = deal_bound(inst, PYRAMIDS, iterations=0, cards=cards)
    assert (cut.value, cut.source, cut.iterations) == (static.value, "static", 0)
    assert cut.stopped_by_clock and not static.stopped_by_clock


def test_the_bound_stops_between_rounds(counter_clock):
    inst = SoloInstance.from_deal(DEAL, PYRAMIDS)
    games = [w.moves for w in policy_plans(DEAL, PYRAMIDS)]
    bound = deal_bound(inst, PYRAMIDS, iterations=40, deal=DEAL, games=games, deadline=3.0)
    assert bound.stopped_by_clock and 1 <= bound.iterations < 40
    assert bound.value >= max(w.score for w in policy_plans(DEAL, PYRAMIDS))


def test_the_best_score_service_says_a_deadline_cut_it():
    out = pyramids_service.best_score(DEAL, data=PYRAMIDS, limit=_expired(work=30))
    assert out.budget.stop_reason == "time_limit" and out.reproducible is False
    assert out.fact("replayed_score") == out.score <= out.bound


# --- Pyramids hint ---------------------------------------------------------------------------

def test_an_expired_deadline_gives_every_option_one_sample():
    run = pyramids_service.allocate(5, lambda k, j: float(k), iterations=None, time_limit=None,
                                    deadline=_past())
    assert run.used == 5 and all(len(v) == 1 for v in run.samples.values())
    assert run.stop_reason == "time_limit" and run.ranking[0] == 4


def test_the_pyramids_hint_under_an_expired_limit_ranks_every_option(monkeypatch):
    ticks = itertools.count()
    monkeypatch.setattr(clock, "now", lambda: 1000.0 * next(ticks))  # each reading 1000 s on
    view = example_view(PYRAMIDS)
    out = pyramids_service.hint(view, data=PYRAMIDS, limit=Limit(time_limit=1.0), seed=0,
                                top=100)
    assert out.budget.stop_reason == "time_limit"
    assert all(row.visits == 1 for row in out.rows)
    assert "at least 1 each" in out.explanation[0]


# --- Tomb of the Ancients ---------------------------------------------------------------------

def _ancients_state(seed: int = 0):
    return A.state_from_deal(A.make_deal(players=1, seed=seed, data=ANCIENTS), ANCIENTS)


def test_the_beam_search_after_the_deadline_plays_one_greedy_game_under_the_counting_bound():
    state = _ancients_state()
    result = best_score_search(state, nodes=200_000, deadline=_past())
    assert result.stop_reason == "time_limit" and result.moves
    assert result.bound.source == "deal-counting"  # the market argument was left out
    replay = state.clone()
    for move in result.moves:
        apply_turn(replay, move, checked=True)
    assert replay.is_terminal() and replay.score(0) == result.score


def test_the_ancients_best_score_service_says_a_deadline_cut_it():
    deal = A.make_deal(players=1, seed=0, data=ANCIENTS)
    out = ancients_service.best_score(deal, data=ANCIENTS, limit=_expired(work=200))
    assert out.budget.stop_reason == "time_limit" and out.reproducible is False
    assert out.score <= out.bound


def test_the_exact_search_stops_at_an_expired_deadline():
    with pytest.raises(SearchLimitReached, match="time limit"):
        exact_best(_ancients_state(), turn_cap=3, nodes=10**6, deadline=_past())


def test_the_ancients_hint_under_an_expired_limit_searches_once_and_skips_the_comparison(
        monkeypatch):
    ticks = itertools.count()
    monkeypatch.setattr(clock, "now", lambda: 1000.0 * next(ticks))
    view = A.example_view(ANCIENTS)
    out = ancients_service.hint(view, data=ANCIENTS, limit=Limit(time_limit=1.0), seed=0)
    assert out.budget.stop_reason == "time_limit" and out.budget.iterations == 1
    assert not any("planner's best dig" in line for line in out.explanation)
