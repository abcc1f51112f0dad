"""ISMCTS, PIMC and the arena: on a toy hidden-information game with a known answer, and
on Archaeology."""

from __future__ import annotations

import random

import pytest

import cards_data
from games.archaeology import example_view, make_deal, state_from_deal, state_from_view
from games.protocol import CHANCE, TERMINAL
from solvers.archaeology.service import BOTS
from solvers.limits import Limit
from solvers.backends import Execution
from solvers.arena import run_arena, wilson
from solvers.ismcts.pimc import pimc
from solvers.ismcts.search import ismcts, rollout, score_reward, win_reward
from solvers.archaeology.policy import (SEARCH_OPTIONS, greedy_action, greedy_discard,
                                        greedy_give, greedy_policy, greedy_victim)

DATA = cards_data.load("archaeology")


class Bluff:
    """Chance deals seat 1 a secret bit that seat 0 never sees. Seat 0 may ``fold`` (scores
    0.4 to seat 1's 0.6) or ``call``; after a call seat 1 names ``guard`` or ``open`` and
    wins iff the name matches its secret (guard for 0), else seat 0 wins.

    Seat 1 knows the secret, so a call always loses: fold (0.4) is right. A search that let
    seat 1 decide from seat 0's information set would see seat 1 guess at 50% and call.
    """

    num_players = 2

    def __init__(self):
        self.secret = None
        self.history = []

    def clone(self):
        c = Bluff()
        c.secret, c.history = self.secret, list(self.history)
        return c

    def current_player(self):
        if self.secret is None:
            return CHANCE
        if not self.history:
            return 0
        if self.history == ["call"]:
            return 1
        return TERMINAL

    def chance_outcomes(self):
        return [(0, 0.5), (1, 0.5)]

    def legal_moves(self):
        return ["fold", "call"] if not self.history else ["guard", "open"]

    def apply(self, move):
        if self.secret is None:
            self.secret = move
        else:
            self.history.append(move)

    def is_terminal(self):
        return self.current_player() == TERMINAL

    def returns(self):
        if self.history == ["fold"]:
            return [0.4, 0.6]
        seat1_wins = (self.history[1] == "guard") == (self.secret == 0)
        return [0.0, 1.0] if seat1_wins else [1.0, 0.0]

    def winners(self):
        r = self.returns()
        return [0] if r[0] > r[1] else [1]

    def information_set_key(self, seat):
        return (seat, tuple(self.history), self.secret if seat == 1 else None)

    def determinize(self, seat, rng):
        c = self.clone()
        if seat != 1:
            c.secret = rng.randrange(2)
        return c

    def to_json(self):
        return {"secret": self.secret, "history": self.history}


def _bluff_root():
    b = Bluff()
    b.apply(1)
    return b


def test_opponents_decide_from_their_own_information_set():
    result = ismcts(_bluff_root(), 0, iterations=3000, seed=3, reward=score_reward(0, 1))
    stats = {m.move: m for m in result.moves}
    assert result.best == "fold"
    assert stats["call"].mean < 0.2, "seat 1 must learn to answer its secret"
    assert abs(stats["fold"].mean - 0.4) < 1e-9


def test_pimc_on_the_toy_game():
    result = pimc(_bluff_root(), 0, iterations=2000, determinizations=5, seed=1,
                  reward=score_reward(0, 1))
    assert result.best == "fold"
    assert sum(m.visits for m in result.moves) == 2000


def test_root_statistics_add_up():
    result = ismcts(_bluff_root(), 0, iterations=500, seed=9, reward=score_reward(0, 1))
    assert result.iterations == 500 and result.stop_reason == "iterations"
    assert sum(m.visits for m in result.moves) == 500
    for m in result.moves:
        assert m.visits <= m.available <= 500
        assert m.stderr >= 0 and m.finished == m.visits


def test_playouts_through_a_move_after_the_budget_leave_the_root_as_it_was():
    """A review's move played, left early by the search, gets playouts of its own after
    the budget (``through``): kept apart, every root move's statistics the budget's."""
    from solvers.ismcts.parallel import merge_results

    def stats(result):
        return [(m.move, m.visits, m.total, m.sumsq, m.available) for m in result.moves]

    plain = ismcts(_bluff_root(), 0, iterations=300, seed=9, reward=score_reward(0, 1))
    call = next(m for m in plain.moves if m.move == "call")
    assert call.visits < 100 and plain.through is None
    forced = ismcts(_bluff_root(), 0, iterations=300, seed=9, reward=score_reward(0, 1),
                    through="call", through_playouts=100)
    assert stats(forced) == stats(plain) and forced.iterations == 300
    through = forced.through
    assert through.move == "call" and through.visits == through.finished == 100
    assert through.mean < 0.2  # seat 1 answers its secret below the forced call too
    # none where the budget took the move that often already
    assert ismcts(_bluff_root(), 0, iterations=300, seed=9, reward=score_reward(0, 1),
                  through="fold", through_playouts=100).through is None
    # unless asked to play them whatever the budget's visits (a review's best move)
    always = ismcts(_bluff_root(), 0, iterations=300, seed=9, reward=score_reward(0, 1),
                    through="fold", through_playouts=100, through_always=True)
    assert stats(always) == stats(plain) and always.through.visits == 100
    # root-parallel trees add them up
    assert merge_results([forced, forced]).through.visits == 200


def test_same_seed_same_result_and_time_budget():
    world, seat = state_from_view(example_view(DATA), DATA, 0)
    a = ismcts(world, seat, iterations=200, seed=5, **SEARCH_OPTIONS)
    b = ismcts(world, seat, iterations=200, seed=5, **SEARCH_OPTIONS)
    assert [(str(m.move), m.visits, m.mean) for m in a.moves] == \
           [(str(m.move), m.visits, m.mean) for m in b.moves]
    timed = ismcts(world, seat, time_limit=0.05, iterations=10**9, seed=5, **SEARCH_OPTIONS)
    assert timed.stop_reason == "time_limit" and 0 < timed.iterations < 10**9


def test_determinizations_match_the_root_on_archaeology():
    world, seat = state_from_view(example_view(DATA), DATA, 0)
    result = ismcts(world, seat, iterations=100, seed=1, check_determinization=True,
                    **SEARCH_OPTIONS)
    assert result.nodes > 1 and result.moves[0].win_rate is not None


def test_plain_random_rollouts_and_truncation():
    world, seat = state_from_view(example_view(DATA), DATA, 0)
    full = ismcts(world, seat, iterations=60, seed=2)
    assert full.iterations == 60
    cut = ismcts(world, seat, iterations=60, seed=2, max_rollout_depth=5,
                 evaluate=lambda s: [0.5] * s.num_players)
    assert cut.iterations == 60
    with pytest.raises(ValueError):
        ismcts(world, seat, iterations=5, max_rollout_depth=5)


def test_single_move_is_returned_at_once():
    state = state_from_deal(make_deal(players=2, seed=0, data=DATA), DATA)
    while state.current_player() == CHANCE:
        state.apply(state.chance_outcomes()[0][0])
    assert len(state.legal_moves()) == 1
    result = ismcts(state, state.current_player(), iterations=100, seed=0)
    assert result.stop_reason == "single_move" and str(result.best) == "steal 0"


def test_win_reward_blends_win_and_margin():
    class Done:
        num_players = 2

        def returns(self):
            return [60.0, 40.0]

        def winners(self):
            return [0]

    r = win_reward(margin_scale=50)(Done())
    assert r[0] == pytest.approx(0.9 + 0.1 * 0.7) and r[1] == pytest.approx(0.1 * 0.3)


def test_rollout_plays_to_the_end():
    state = state_from_deal(make_deal(players=3, seed=2, data=DATA), DATA)
    rollout(state, random.Random(1))
    assert state.is_terminal()


def test_greedy_fast_path_matches_the_move_list_version():
    for seed in range(8):
        s = state_from_deal(make_deal(players=2 + seed % 3, seed=seed, data=DATA), DATA)
        rng = random.Random(seed)
        while not s.is_terminal():
            if s.current_player() == CHANCE:
                s.apply(s.chance_outcomes()[0][0])
                continue
            moves = s.legal_moves()
            if s.phase == 4 and s.trade_takes is None:
                assert greedy_action(s) == greedy_policy(s, moves, rng)
                # the random step's pick without the list: every index, and the edges
                n = len(moves)
                for draw in [(k + 0.5) / n for k in range(n)] + [0.0, 1 - 1e-12]:
                    assert s.random_action(draw) is moves[int(draw * n)]
            if s.phase == 3:  # a sandstorm's discard
                assert s.rules.discard_moves[greedy_discard(s)] == greedy_policy(s, moves, rng)
            if s.phase == 1:  # a thief's victim
                assert s.rules.steal_moves[greedy_victim(s)] == greedy_policy(s, moves, rng)
            if s.phase == 4 and s.trade_takes is not None:
                assert (greedy_give(s) or moves[0]) == greedy_policy(s, moves, rng)
            s.apply(moves[rng.randrange(len(moves))])


def test_arena_is_seat_swapped_and_independent_of_workers():
    one = run_arena("archaeology", ["greedy", "random"], bots=BOTS, games=6, seed=11, data=DATA)
    two = run_arena("archaeology", ["greedy", "random"], bots=BOTS, games=6, seed=11, data=DATA,
                    execution=Execution(workers=2))
    assert one == two
    seats = [g.bots_by_seat for g in one.per_game]
    assert seats[0] == ("greedy", "random") and seats[1] == ("random", "greedy")
    assert sum(one.wins) == pytest.approx(6)
    low, high = one.ci95[0]
    assert low <= one.win_rate[0] <= high
    ticks = []
    run_arena("archaeology", ["random", "random", "greedy"], bots=BOTS, games=3, seed=1, data=DATA,
              progress=lambda n=1, note=None: ticks.append(n))
    assert len(ticks) == 3


def test_wilson_interval():
    low, high = wilson(95, 100)
    assert low == pytest.approx(0.8882, abs=1e-3) and high == pytest.approx(0.9785, abs=1e-3)
    assert wilson(0, 0) == (0.0, 1.0)


def test_ismcts_and_pimc_bots_play_full_matches():
    result = run_arena("archaeology", ["ismcts", "random"], bots=BOTS, games=2, seed=3,
                       limit=Limit(iterations=40), data=DATA)
    assert result.games == 2 and result.wins[0] >= 1
    result = run_arena("archaeology", ["pimc", "greedy"], bots=BOTS, games=1, seed=3,
                       limit=Limit(iterations=40), data=DATA)
    assert sum(result.wins) == pytest.approx(1)


def test_truncated_search_with_the_documented_evaluation():
    from solvers.archaeology.policy import REWARD, projected_money, truncated_evaluate
    world, seat = state_from_view(example_view(DATA), DATA, 0)
    money = projected_money(world)
    assert money[seat] >= world.money[seat]
    rewards = truncated_evaluate(world)
    assert all(0 <= r <= 1 for r in rewards)
    result = ismcts(world, seat, iterations=80, seed=4, max_rollout_depth=10,
                    evaluate=truncated_evaluate, reward=REWARD)
    assert result.iterations == 80 and sum(m.visits for m in result.moves) == 80


@pytest.mark.slow
def test_quick_benchmark_runs():
    from benchmarks.archaeology_bench import run
    report = run(quick=True)
    figures = report["figures"]
    assert figures["memory"]["nodes"] > 0 and len(figures["speed"]) == 2
    assert "iterations/s" in report["text"]


def test_both_editions_play_out_pure_greedy_by_default():
    """The playouts are pure greedy in both editions (``policy.RANDOM_SHARE`` 0,
    docs/strength.md §2): the default playout is the share-0 one move for move, and another
    share is another game (the parameter is used)."""
    import games.expedition as expedition
    from solvers.archaeology.policy import RANDOM_SHARE, playout

    exp_data = cards_data.load("expedition")
    starts = [state_from_deal(make_deal(players=3, seed=5, data=DATA), DATA),
              expedition.state_from_deal(expedition.make_deal(players=3, seed=5, data=exp_data,
                                                              monument="temple"), exp_data)]
    assert RANDOM_SHARE == 0.0
    for start in starts:
        finals = []
        for share in (None, 0.0, 1.0):
            world = start.clone()
            if share is None:
                playout(world, random.Random(11))
            else:
                playout(world, random.Random(11), share)
            finals.append((world.money, world.hands))
        assert finals[0] == finals[1] != finals[2]
