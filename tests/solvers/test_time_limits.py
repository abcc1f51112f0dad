"""A wall-clock limit is a cap in every phase of the grid games' solvers (issue 18 §3).

Each phase consults the deadline before it starts and inside its loops: an already
expired deadline stops it at once and leaves a valid plan (or says that the phase did
not run), never a crash. No test here measures time: an expired deadline is an instant
in the past, and a deadline that falls part-way is a counter standing in for the clock
(``solvers.clock.now``), so every cut is at the same place on every machine."""

from __future__ import annotations

import itertools
import os
import re
import subprocess
import sys
import time

import pytest
from ortools.sat.python import cp_model

import cards_data
from games import ancients as A
from games.protocol import CHANCE
from games.pyramids import Keep, example_view, make_deal, parse_move, state_from_deal
from solvers import clock
from solvers.ancients import service as ancients_service
from solvers.ancients.best import SearchLimitReached, best_score_search, score_upper_bound
from solvers.ancients.exact import exact_best
from solvers.ancients.relax import CLOCK_EVERY, MarketDP
from solvers.ancients.turn import apply_turn
from solvers.limits import Limit
from solvers.pyramids import model as pyramids_model
from solvers.pyramids import service as pyramids_service
from solvers.pyramids import tables
from solvers.pyramids.bound import deal_bound
from solvers.pyramids.decomposed import prove_deal, resolve_tail
from solvers.pyramids.instance import SoloInstance
from solvers.pyramids.model import (
    _cp_sat_search, _pilot_move, build_model, choose_cards, policy_plans, solve_deal)
from solvers.pyramids.reachable import first_below, short_of

PYRAMIDS = cards_data.load("pyramids")
ANCIENTS = cards_data.load("ancients")
#: Two rounds: long enough for the pilot warm start to run.
DEAL = make_deal(players=1, seed=7, data=PYRAMIDS, rounds=2)
FIRST_PAIR = tuple(sorted(DEAL["dealt"][0])[:2])  # the first keep choice tried
#: The bundled cards with every wall an open box (a designer's pass: the card tables of
#: such a deal hold about a million regions each, 15 s and 1.7 GB per card to build).
OPEN = cards_data.load_text(
    re.sub(r'(?m)^(  ")([^"]*)(",?)$', lambda m: m[1] + m[2].replace("#", ".") + m[3],
           cards_data.bundled_text("pyramids")), source="open.toml", game_id="pyramids")
OPEN_DEAL = make_deal(players=1, seed=1, data=OPEN)


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


def test_the_model_is_not_finished_after_the_deadline(counter_clock):
    inst = SoloInstance.from_deal(DEAL, PYRAMIDS)
    steps = len(inst.shapes)  # the clock read before the build and before each step
    assert build_model(inst, PYRAMIDS, deadline=float(steps + 1)) is None  # then the cover's


def test_past_the_deadline_no_hint_is_given_to_cp_sat_nor_branch_and_price_started(
        monkeypatch):
    # (a full deal's model built as the deadline fell: CP-SAT's hint and the branch and
    # price's search space, a tenth of a second or more each, ran past it)
    full = make_deal(players=1, seed=7, data=PYRAMIDS)
    instant = [0.0]
    monkeypatch.setattr(clock, "now", lambda: instant[0])
    build = pyramids_model.build_model

    def built_as_the_deadline_falls(*args, **kwargs):
        model = build(*args, **kwargs)
        instant[0] = 100.0
        return model

    hinted, priced = [], []
    monkeypatch.setattr(pyramids_model, "build_model", built_as_the_deadline_falls)
    monkeypatch.setattr(pyramids_model.DealModel, "hint", lambda self, warm: hinted.append(warm))
    monkeypatch.setattr(pyramids_model, "prove_deal", lambda *a, **k: priced.append(a))
    result = solve_deal(full, PYRAMIDS, budget=30, deadline=50.0)
    assert result.stop_reason == "time_limit" and result.solver_stats["variables"] > 0
    assert hinted == [] and priced == []
    assert _replayed_score(full, result.moves) == result.score <= result.bound


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


def test_the_open_cards_have_no_walls():
    assert all(card.walls == 0 for card in OPEN.cards)


def test_a_card_table_cut_by_the_deadline_is_not_kept(counter_clock):
    card = OPEN.card(1)
    with pytest.raises(tables.TablesCut):
        tables.card_table(card, deadline=3.0)
    assert clock.now() < 10  # cut after a few readings, not at the end of the build
    assert card not in tables._TABLES
    small = PYRAMIDS.card(1)  # a table built in time is kept as without a deadline
    assert tables.card_table(small, deadline=10.0 ** 9) is tables.card_table(small)


def test_a_stop_request_cuts_a_card_tables_build_part_way(monkeypatch):
    """Ctrl-C was not looked at while a card's table was built (about 1 s on a bundled
    card, 15 s on a designer's card without walls): the build stops where it looks at the
    clock, keeps nothing, and is built whole once the request is cleared."""
    from solvers import interrupt

    monkeypatch.setattr(tables, "_TABLES", {})
    grown = itertools.count(1)
    real = tables.adjacent

    def adjacent(mask: int) -> int:  # a region grown: Ctrl-C at the 5,000th
        if next(grown) == 5000:
            interrupt.request()
        return real(mask)

    monkeypatch.setattr(tables, "adjacent", adjacent)
    card = OPEN.card(1)  # (about a million regions: no table, but only past 100,000)
    try:
        with pytest.raises(tables.TablesCut, match="stop request") as cut:
            tables.card_table(card)
    finally:
        interrupt.reset()
    assert next(grown) <= 5000 + tables._CLOCK_EVERY + 1  # at its next look, not the end
    assert cut.value.clock and card not in tables._TABLES and card not in tables._TOO_LARGE
    small = PYRAMIDS.card(1)
    interrupt.request()
    try:
        with pytest.raises(tables.TablesCut):
            tables.card_table(small)
    finally:
        interrupt.reset()
    assert tables._TABLES == {} and tables.card_table(small).size == 128


def test_ctrl_c_while_the_card_tables_are_built_ends_the_best_score_with_its_plan(
        monkeypatch):
    """``best-score`` at Ctrl-C during its first card table: no table is built after it,
    and the answer is the plan so far, replayed, under the static bound, said interrupted
    (the CLI's exit 130)."""
    from solvers import interrupt

    monkeypatch.setattr(tables, "_TABLES", {})
    real = tables.regions

    def pressed(*args, **kwargs):
        interrupt.request()
        return real(*args, **kwargs)

    monkeypatch.setattr(tables, "regions", pressed)
    try:
        out = pyramids_service.best_score(DEAL, data=PYRAMIDS, limit=Limit(work=1), seed=0)
    finally:
        interrupt.reset()
    assert tables._TABLES == {}
    assert out.budget.stop_reason == "interrupted" and out.reproducible is False
    assert out.fact("replayed_score") == out.score <= out.bound
    assert out.bound_source == "static", out.analysis


def test_the_bounds_say_the_clock_cut_their_card_tables(counter_clock):
    inst = SoloInstance.from_deal(OPEN_DEAL, OPEN)
    bound = deal_bound(inst, OPEN, iterations=5, deadline=clock.now() + 5)
    assert bound.source == "static" and bound.stopped_by_clock and bound.iterations == 0
    game = policy_plans(OPEN_DEAL, OPEN, deadline=_past())[0]
    price = prove_deal(OPEN_DEAL, OPEN, incumbent=game.score, games=[game.moves],
                       iterations=300, deadline=clock.now() + 5)
    assert price.stopped_by_clock and price.iterations == 0 and price.game is None
    tail = resolve_tail(OPEN_DEAL, OPEN, game.moves, score=game.score, step=7, iterations=300,
                        deadline=clock.now() + 5)
    assert tail.stopped_by_clock and tail.iterations == 0 and tail.game is None
    state = state_from_deal(OPEN_DEAL, OPEN)
    for text in game.moves[:3]:
        while state.current_player() == CHANCE:
            state.apply(state.chance_outcomes()[0][0])
        state.apply(parse_move(state, text))
    assert short_of(state, OPEN, 10 ** 6, deadline=clock.now() + 5) == (False, 0)
    assert first_below([state], 10 ** 6, data=OPEN, deadline=clock.now() + 5) is None
    assert not any(c.walls == 0 and c in tables._TABLES for c in OPEN.cards)


def test_a_card_of_too_many_regions_gets_no_table_and_the_bounds_say_so_without_a_clock():
    """Without a time limit the open cards' tables took the machine's 24 GB: a card of
    more than MAX_REGIONS regions gets none, and the bounds are what holds without it."""
    card = OPEN.card(2)
    for _ in range(2):  # the second time from what the first found
        with pytest.raises(tables.TablesCut, match="more than 100,000 regions") as cut:
            tables.card_table(card)
        assert not cut.value.clock and card not in tables._TABLES
    inst = SoloInstance.from_deal(OPEN_DEAL, OPEN)
    bound = deal_bound(inst, OPEN, iterations=5)
    assert bound.source == "static" and not bound.stopped_by_clock and bound.iterations == 0
    game = policy_plans(OPEN_DEAL, OPEN, deadline=_past())[0]
    price = prove_deal(OPEN_DEAL, OPEN, incumbent=game.score, games=[game.moves], iterations=300)
    assert not price.stopped_by_clock and price.iterations == 0 and price.bound > game.score
    largest = max(tables.card_table(c).size for c in PYRAMIDS.cards)
    assert 20_000 < largest < tables.MAX_REGIONS / 4  # the bundled cards: far below it


def test_a_pilot_decision_past_the_deadline_plays_out_one_option(monkeypatch):
    state = state_from_deal(OPEN_DEAL, OPEN)
    state.apply(Keep(tuple(sorted(OPEN_DEAL["dealt"][0])[:2])))
    while state.current_player() == CHANCE:
        state.apply(state.chance_outcomes()[0][0])
    played = []
    monkeypatch.setattr(pyramids_model, "playout", lambda world: played.append(world))
    _pilot_move(state)
    assert len(played) > 1  # every option
    played.clear()
    _pilot_move(state, deadline=_past())
    assert len(played) == 1


def test_a_best_score_on_open_cards_stops_near_its_time_limit():
    """A designer's pass: on cards without walls ``--time-limit 10`` ran until the machine's
    memory ran out (the card tables, built without looking at the clock). A bound of 10x
    the limit, so that a loaded machine does not fail it."""
    start = time.monotonic()
    out = pyramids_service.best_score(OPEN_DEAL, data=OPEN, limit=Limit(time_limit=1.0))
    assert time.monotonic() - start < 10.0
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


def test_the_market_programme_stops_part_way_at_its_deadline(counter_clock):
    # (a deal's table is some 31,000 entries, a second or so of pure Python: a capped
    # review built one for every decision after its cap had run out, 6 s for a 2 s cap)
    state = _ancients_state()
    programme = MarketDP(state, deadline=3.0)  # the clock reads 0, 1, 2, then 3: passed
    with pytest.raises(SearchLimitReached, match="time limit"):
        programme.bound(state)
    assert len(programme.memo) == 4 * CLOCK_EVERY
    assert MarketDP(state).bound(state) == MarketDP(state, deadline=1e12).bound(state)


def test_a_bound_whose_programme_the_deadline_cut_is_the_counting_one(counter_clock):
    state = _ancients_state()
    bound = score_upper_bound(state, deadline=5.0)
    assert bound.source == "deal-counting" and bound.programme is None
    assert bound.value == score_upper_bound(state, market=False).value


def test_the_mid_game_bound_after_the_deadline_leaves_the_market_programme_out():
    # the review's search for where a capped game fell below its best, position by position
    state = _ancients_state()
    counting = score_upper_bound(state, market=False).value
    assert score_upper_bound(state).value < counting  # (the programme would lower it)
    assert ancients_service.best_reachable(state, data=ANCIENTS, limit=_expired()) == counting


def test_the_bounds_words_reuse_the_searchs_market_programme(monkeypatch):
    # built again for the words it took up to two seconds after the time limit had run out
    state = _ancients_state()
    bound = best_score_search(state, nodes=50).bound
    assert bound.source == "market" and bound.programme is not None

    def built_again(*args, **kwargs):
        raise AssertionError("the market programme built a second time")

    monkeypatch.setattr(ancients_service, "MarketDP", built_again)
    assert "the deck's order (known here)" in ancients_service.bound_words(state, bound)


# --- where a command's clock starts ----------------------------------------------------------

@pytest.mark.skipif(not os.path.exists("/proc/self/stat"), reason="the start time is Linux's")
def test_a_commands_clock_starts_with_the_interpreter_not_digsites_first_line():
    # (the interpreter's start-up, 0.05-0.25 s on a loaded machine, ran before the clock;
    # the assertion is an order, not a duration: the start is before the script's first line)
    script = ("import time\nfirst = time.monotonic()\nfrom cli.main import _LAUNCHED\n"
              "print(_LAUNCHED < first)")
    run = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                         check=True)
    assert run.stdout.strip() == "True"
