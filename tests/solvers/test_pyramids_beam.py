"""The beam search over a solo Pyramids deal's decisions (``solvers.pyramids.beam``) and
its game among ``solve_deal``'s warm starts (``model.beam_plans``): deterministic, replayed
to its score, no worse than the pilot on short deals, and cut by a deadline or a stop
request with a valid game. Short deals only (2 rounds of 3 expedition cards: a beam of
width 4 takes about 0.1 s)."""

from __future__ import annotations

import itertools

import pytest

import cards_data
from games.protocol import CHANCE
from games.pyramids import Keep, make_deal, state_from_deal
from solvers import clock, interrupt
from solvers.pyramids.beam import BeamGame, beam_search, position_key
from solvers.pyramids.instance import SoloInstance
from solvers.pyramids.model import _warm_starts, beam_plans, beam_width, policy_plans
from solvers.pyramids.service import replay_plan

DATA = cards_data.load("pyramids")


def _deal(seed: int, rounds: int = 2, steps: int = 3) -> dict:
    return make_deal(players=1, seed=seed, data=DATA, rounds=rounds, steps_per_round=steps)


def _replayed_score(deal: dict, moves) -> int:
    state, _ = replay_plan(deal, DATA, moves)  # each move checked legal by the engine
    assert state.is_terminal()
    return state.score(0)


@pytest.fixture
def counter_clock(monkeypatch):
    """``now()`` returns 0, 1, 2, ...: a deadline of ``n`` falls after ``n`` readings."""
    ticks = itertools.count()
    monkeypatch.setattr(clock, "now", lambda: float(next(ticks)))


def test_the_same_deal_gives_the_same_game():
    deal = _deal(3)
    first, second = beam_plans(deal, DATA, 4), beam_plans(deal, DATA, 4)
    assert first == second and len(first) == 1


@pytest.mark.parametrize("seed", [0, 1, 2, 3])
def test_the_game_replays_to_its_score_and_is_no_worse_than_the_pilots(seed):
    deal = _deal(seed)
    game = beam_plans(deal, DATA, 4)[0]
    assert _replayed_score(deal, game.moves) == game.score == game.breakdown["total"]
    assert game.score >= policy_plans(deal, DATA, pilot=True)[0].score
    assert len(game.steps) == len(SoloInstance.from_deal(deal, DATA).shapes)


def test_a_search_from_a_later_position_keeps_its_past():
    deal = _deal(5)
    state = state_from_deal(deal, DATA)
    state.apply(Keep(tuple(sorted(deal["dealt"][0])[:2])))
    result = beam_search(state, 3)
    assert result.best is not None and result.best.kept == tuple(sorted(deal["dealt"][0])[:2])
    assert result.best.path and not isinstance(result.best.path[0], Keep)


def test_the_position_key_ignores_the_order_of_the_slots():
    state = state_from_deal(_deal(2), DATA)
    state.apply(Keep(tuple(sorted(state.seats[0].dealt)[:2])))
    while state.current_player() == CHANCE:
        state.apply(state.chance_outcomes()[0][0])
    swapped = state.clone()
    s = swapped.seats[0]
    s.hand.reverse()
    s.masks.reverse()
    assert position_key(swapped) == position_key(state)
    other = state.clone()
    other.seats[0].red += 1
    assert position_key(other) != position_key(state)


def test_an_expired_deadline_or_a_stop_request_gives_no_game():
    deal = _deal(1)
    assert beam_plans(deal, DATA, 4, deadline=clock.now() - 1.0) == []
    interrupt.request()
    try:
        result = beam_search(state_from_deal(deal, DATA), 4)
    finally:
        interrupt.reset()
    assert result.stopped and result.best is None and result.playouts == 0


def test_a_search_cut_part_way_answers_its_best_game_so_far(counter_clock):
    deal = _deal(1)
    result = beam_search(state_from_deal(deal, DATA), 4, deadline=10.0)
    assert result.stopped and 0 < result.playouts <= 10  # one clock reading per playout
    games = beam_plans(deal, DATA, 4, deadline=30.0)
    assert len(games) == 1 and _replayed_score(deal, games[0].moves) == games[0].score


def test_deals_of_three_rounds_or_more_get_the_beams_game_among_the_warm_starts():
    for deal, beam in ((_deal(4, rounds=3, steps=2), 1), (_deal(4), 0)):  # two rounds: none
        inst = SoloInstance.from_deal(deal, DATA)
        warm, _ = _warm_starts(deal, DATA, inst, None, 1.0)
        others = policy_plans(deal, DATA) + policy_plans(deal, DATA, pilot=True)
        assert len(warm) == len(others) + beam
        assert warm[0].score >= max(w.score for w in others)
        if beam:  # seeded with the best of the policy's and pilot's games
            seed = sorted(others, key=lambda w: -w.score)[0]
            assert beam_plans(deal, DATA, beam_width(1.0), seed=seed)[0] in warm


def test_a_seeded_beam_answers_no_less_than_its_seed():
    """A narrow beam that misses a wider beam's game, given that game as its seed,
    answers at least the seed's score (the game replayed through the engine)."""
    missed = 0
    for seed in range(6):
        deal = _deal(seed)
        wide = beam_plans(deal, DATA, 16)[0]
        narrow = beam_search(state_from_deal(deal, DATA), 1)
        assert narrow.best is not None
        if narrow.best.score >= wide.score:
            continue
        missed += 1
        game = beam_plans(deal, DATA, 1, seed=wide)[0]
        assert game.score >= wide.score
        assert _replayed_score(deal, game.moves) == game.score
    assert missed  # the test needs a deal where width 1 alone falls short


def test_a_seed_needs_a_search_from_the_keep():
    deal = _deal(5)
    game = beam_plans(deal, DATA, 2)[0]
    start = state_from_deal(deal, DATA)
    start.apply(Keep(game.kept))
    with pytest.raises(ValueError, match="keep"):
        beam_search(start, 2, seed=BeamGame(game.score, game.kept, ()))
