"""The branch and price over card plans (issue 21 §2, §4): from the deal (20 short deals)
and from mid-game positions (16) its proven bound is never below the exhaustive optimum
still reachable there, and the games its dives play are legal games of the deal with the
score they claim."""

from __future__ import annotations

import time

import numpy as np
import pytest

import cards_data
from games.protocol import CHANCE
from games.pyramids import make_deal, state_from_deal
from solvers.pyramids.bound import SOURCES
from solvers.pyramids.branching import BranchAndPrice
from solvers.pyramids.decomposed import _position_at, prove_deal, resolve_tail
from solvers.pyramids.bound import pyramid_points
from solvers.pyramids.dive import MISS_COST, chosen_plans, follow_closely
from solvers.pyramids.model import policy_plan, solve_deal
from solvers.pyramids.policy import policy_move
from solvers.pyramids.position import SoloPosition
from solvers.pyramids.relax import Node
from solvers.pyramids.search import exhaustive_best, exhaustive_from
from solvers.pyramids.service import replay_plan

DATA = cards_data.load("pyramids")

#: (seed, rounds, expedition cards per round) of short deals the exhaustive search finishes
#: on: 1-round deals, and 2-round ones (a torch per round, the returns between rounds).
DEALS = ([(700 + seed, 1, 2) for seed in range(6)] + [(710 + seed, 1, 3) for seed in range(8)]
         + [(730 + seed, 2, 2) for seed in range(6)])
#: Deals whose policy games give the mid-game positions (before crossings 1 and 3).
MIDGAME_SEEDS = range(600, 608)


def _search(state, deal, *, iterations, warm=False):
    search = BranchAndPrice(SoloPosition.from_state(state), DATA, state=state, warm=warm)
    return search, search.run(incumbent=0, iterations=iterations)


def _searched(deals, *, iterations):
    """Per short deal ``(seed, rounds, steps)``: the deal, its exhaustive optimum, its
    start and a search run ``iterations`` rounds from it."""
    for seed, rounds, steps in deals:
        deal = make_deal(players=1, seed=seed, data=DATA, rounds=rounds, steps_per_round=steps)
        state = state_from_deal(deal, DATA)
        yield deal, exhaustive_best(deal, DATA).score, state, _search(state, deal,
                                                                       iterations=iterations)[0]


def _check_found(search, deal, optimum):
    """The dive's best game from the deal replays through the engine to the score it
    claims, which is not above the optimum."""
    if search.found is None:
        return
    score, moves = search.found
    assert score <= optimum
    end, _ = replay_plan(deal, DATA, moves)
    assert end.is_terminal() and end.score(0) == score


@pytest.mark.parametrize("warm", [False, True], ids=["cold", "warm"])
@pytest.mark.parametrize("seed, rounds, steps", DEALS)
def test_the_bound_from_the_deal_is_never_below_the_optimum(seed, rounds, steps, warm):
    """Either way a child's master starts (HiGHS's slack basis, or its parent's final
    basis as on 2-round deals), the bound is never below the optimum."""
    deal = make_deal(players=1, seed=seed, data=DATA, rounds=rounds, steps_per_round=steps)
    optimum = exhaustive_best(deal, DATA).score
    state = state_from_deal(deal, DATA)
    search, result = _search(state, deal, iterations=200, warm=warm)
    assert result.bound >= optimum
    assert result.root >= optimum - 1e-6
    _check_found(search, deal, optimum)


def _midgame_states(seed):
    """The policy's game of a 1-round deal of 4 cards, stopped before crossings 1 and 3."""
    deal = make_deal(players=1, seed=seed, data=DATA, rounds=1, steps_per_round=4)
    state = state_from_deal(deal, DATA)
    crossings = 0
    while not state.is_terminal():
        if state.current_player() == CHANCE:
            state.apply(state.chance_outcomes()[0][0])
            continue
        if state.phase == "cross" and state.pending[0] is None:
            if crossings in (1, 3):
                yield deal, state.clone()
            crossings += 1
        state.apply(policy_move(state))


@pytest.mark.parametrize("seed", MIDGAME_SEEDS)
def test_the_bound_from_a_midgame_position_is_never_below_the_optimum(seed):
    for deal, state in _midgame_states(seed):
        optimum = exhaustive_from(state, deal, DATA)
        search, result = _search(state, deal, iterations=60)
        assert result.bound >= optimum
        assert search.found is None or search.found[0] <= optimum


def test_a_closed_search_proves_the_optimum():
    """Where the search closes every node, its bound is the optimum itself (the dives or
    the incumbent reach it): the deals of ``DEALS`` it closes."""
    closed = 0
    for seed, rounds, steps in DEALS[:6]:
        deal = make_deal(players=1, seed=seed, data=DATA, rounds=rounds, steps_per_round=steps)
        optimum = exhaustive_best(deal, DATA).score
        _, result = _search(state_from_deal(deal, DATA), deal, iterations=200)
        if result.stopped == "proven":
            assert result.bound == optimum
            closed += 1
    assert closed >= 1


def test_a_finished_game_is_its_score():
    deal = make_deal(players=1, seed=600, data=DATA, rounds=1, steps_per_round=2)
    state = state_from_deal(deal, DATA)
    while not state.is_terminal():
        if state.current_player() == CHANCE:
            state.apply(state.chance_outcomes()[0][0])
            continue
        state.apply(policy_move(state))
    _, result = _search(state, deal, iterations=10)
    assert result.bound == state.score(0) and result.stopped == "proven"


@pytest.mark.parametrize("seed", [721, 723])
def test_the_default_path_prices_and_never_goes_below_the_optimum(seed):
    """``solve_deal`` runs the branch and price after CP-SAT when no optimum is proven: its
    bound (whatever its source) is never below the exhaustive optimum of a short 2-round
    deal, and its plan replays to its score. On these two deals CP-SAT proves nothing in
    the tiny budget, the deal bound is the static one (80+), the branch and price's wins."""
    deal = make_deal(players=1, seed=seed, data=DATA, rounds=2, steps_per_round=2)
    optimum = exhaustive_best(deal, DATA).score
    result = solve_deal(deal, DATA, budget=0.05, price_iterations=60)
    assert result.bound_source == "branch-and-price" and result.bound_source in SOURCES
    assert result.score <= optimum <= result.bound
    end, _ = replay_plan(deal, DATA, result.moves)
    assert end.score(0) == result.score


def test_prove_deal_lowers_a_loose_bound_and_keeps_its_game_legal():
    deal = make_deal(players=1, seed=711, data=DATA, rounds=1, steps_per_round=3)
    optimum = exhaustive_best(deal, DATA).score
    proof = prove_deal(deal, DATA, incumbent=0, games=[], iterations=200)
    assert optimum <= proof.bound <= proof.root + 1e-6
    if proof.game is not None:
        score, moves, kept, _ = proof.game
        end, _ = replay_plan(deal, DATA, moves)
        assert end.score(0) == score <= optimum and len(kept) == 2


def test_a_passed_deadline_stops_the_pricing_before_it_starts():
    import time

    deal = make_deal(players=1, seed=711, data=DATA, rounds=1, steps_per_round=3)
    proof = prove_deal(deal, DATA, incumbent=0, games=[], iterations=200,
                       deadline=time.monotonic() - 1.0)
    assert proof.stopped_by_clock and proof.iterations == 0 and proof.game is None


def test_a_stop_request_ends_the_pricing_with_a_valid_bound():
    """Ctrl-C (``solvers.interrupt``) during the branch and price: each root's column
    generation keeps only its first round and no node is split, so a best-score run stops
    at once instead of spending its rounds (it took two minutes after the key), and the
    bound it leaves is still never below the optimum."""
    from solvers import interrupt

    deal = make_deal(players=1, seed=711, data=DATA, rounds=1, steps_per_round=3)
    optimum = exhaustive_best(deal, DATA).score
    state = state_from_deal(deal, DATA)
    interrupt.request()
    try:
        search, result = _search(state, deal, iterations=200)
        proof = prove_deal(deal, DATA, incumbent=0, games=[], iterations=200)
    finally:
        interrupt.reset()
    roots = len(list(search.space.root_ranges()))
    assert result.stopped == "interrupted" and result.iterations <= roots
    assert result.value >= optimum
    assert proof.iterations == 0 and not proof.stopped_by_clock


def test_a_whole_node_whose_pricing_stopped_short_is_priced_on():
    """A node whose plans are all whole but whose column generation stopped before it
    converged holds a Lagrangian bound above its LP: the search prices it on instead of
    stopping there. With one round per node, every node stops short: the search still
    reaches the optimum on most of the short deals (before, it stopped after two nodes on
    all 20, with bounds from 48 to 9,536) and is never below it."""
    reached = 0
    for seed, rounds, steps in DEALS:
        deal = make_deal(players=1, seed=seed, data=DATA, rounds=rounds, steps_per_round=steps)
        optimum = exhaustive_best(deal, DATA).score
        state = state_from_deal(deal, DATA)
        search = BranchAndPrice(SoloPosition.from_state(state), DATA, state=state)
        result = search.run(incumbent=0, iterations=400, node_iterations=1, root_iterations=1)
        assert result.bound >= optimum
        reached += result.bound == optimum
        if result.stopped == "proven":  # every node closed: its bound is the optimum
            assert result.bound == optimum
    assert reached >= 15


def test_a_stop_request_during_the_branch_and_price_says_interrupted(monkeypatch):
    """Ctrl-C pressed while the default path's branch and price runs: the result says it was
    interrupted (it said "budget": found by pressing it in a 2-round best score), with a
    bound still never below the optimum and a plan that replays to its score."""
    from solvers import interrupt
    from solvers.pyramids import model

    deal = make_deal(players=1, seed=721, data=DATA, rounds=2, steps_per_round=2)
    optimum = exhaustive_best(deal, DATA).score
    real = model.prove_deal

    def pressed(*args, **kwargs):
        interrupt.request()
        return real(*args, **kwargs)

    monkeypatch.setattr(model, "prove_deal", pressed)
    try:
        result = solve_deal(deal, DATA, budget=0.05, price_iterations=60)
    finally:
        interrupt.reset()
    assert result.stop_reason == interrupt.INTERRUPTED
    assert result.score <= optimum <= result.bound
    end, _ = replay_plan(deal, DATA, result.moves)
    assert end.score(0) == result.score


def test_the_whole_master_picks_one_plan_a_card_and_plays_a_legal_game():
    """``Node.integral`` weighs each plan 0 or 1, at most one plan a card; the game
    ``integral_dive`` follows from it replays to the score it claims, not above the
    exhaustive optimum, and becomes the search's best game when it beats the dives'.
    Where the best open node's ranges admit no whole choice of the pool's plans there is
    no game and nothing changes; on most of these deals there is one."""
    whole = 0
    for seed, rounds, steps in DEALS[-6:]:
        deal = make_deal(players=1, seed=seed, data=DATA, rounds=rounds, steps_per_round=steps)
        optimum = exhaustive_best(deal, DATA).score
        search, _ = _search(state_from_deal(deal, DATA), deal, iterations=30)
        # the best open node that was solved, as ``integral_dive`` takes it (one pushed
        # unsolved when the rounds ran out has no rows yet)
        top = next((o for o in sorted(search.heap) if o.node is not None), None)
        if top is None or top.node is None:  # closed already: nothing left to make whole
            continue
        before = search.found
        x = top.node.integral(search.plans, node_limit=50)
        score = search.integral_dive(node_limit=50)
        if x is None:
            assert score is None and search.found == before
            continue
        whole += 1
        assert set(x.tolist()) <= {0.0, 1.0}
        cards = [p.card for w, p in zip(x, search.plans) if w]
        assert len(cards) == len(set(cards))
        assert score is not None and score <= optimum
        assert search.found is not None
        assert search.found[0] == max(score, before[0] if before else score)
        _check_found(search, deal, optimum)
    assert whole >= 3


def test_prove_deal_with_whole_masters_never_goes_below_the_optimum():
    deal = make_deal(players=1, seed=731, data=DATA, rounds=2, steps_per_round=2)
    optimum = exhaustive_best(deal, DATA).score
    proof = prove_deal(deal, DATA, incumbent=0, games=[], iterations=120, integral=True)
    assert optimum <= proof.bound
    if proof.game is not None:
        score, moves, _, _ = proof.game
        end, _ = replay_plan(deal, DATA, moves)
        assert end.score(0) == score <= optimum


def test_the_root_whole_game_replays_and_never_passes_the_optimum():
    """``root_whole_game`` plays the root's whole master by ``dive.follow_closely``: the
    game replays to the score it claims, not above the exhaustive optimum, and becomes the
    search's best game when it beats the dives'; ``follow_closely`` gives the same game
    from the same whole plans (deterministic)."""
    played = 0
    for deal, optimum, state, search in _searched(DEALS[-8:], iterations=30):
        before = search.found
        score = search.root_whole_game(node_limit=200)
        if score is None:
            assert search.found == before
            continue
        played += 1
        assert score <= optimum
        assert search.found is not None
        assert search.found[0] == max(score, before[0] if before else score)
        _check_found(search, deal, optimum)
        x = Node(search.space, search.space.root_ranges()[0]).integral(
            search.plans, node_limit=200, exact_points=True)
        chosen = chosen_plans(search.space, x, search.plans)
        again = (follow_closely(search.space, state, chosen)
                 or follow_closely(search.space, state, chosen, miss_cost=MISS_COST))
        assert again is not None and again[0].score(0) == score
        end, _ = replay_plan(deal, DATA, again[1])
        assert end.score(0) == score
    assert played >= 3


def test_the_forgiving_follower_always_plays_a_legal_game_below_the_optimum():
    """``follow_closely`` with a ``miss_cost`` plays the plans of the root's LP (mixed
    plans, one per card by weight: they need not fit together) and of its whole master to
    a finished game, never ``None``; the game replays to its score, not above the
    exhaustive optimum; where the strict follower finds a game, the forgiving one finds
    one at least as good on these deals."""
    forgiven = 0
    for deal, optimum, state, search in _searched(DEALS[-8:], iterations=30):
        mixes = [chosen_plans(search.space, o.solution.x, o.solution.plans)
                 for o in sorted(search.heap)[:2] if o.solution is not None]
        x = Node(search.space, search.space.root_ranges()[0]).integral(
            search.plans, node_limit=200, exact_points=True)
        if x is not None:
            mixes.append(chosen_plans(search.space, x, search.plans))
        for chosen in mixes:
            strict = follow_closely(search.space, state, chosen)
            played = follow_closely(search.space, state, chosen, miss_cost=MISS_COST)
            assert played is not None
            final, moves = played
            assert final.is_terminal() and final.score(0) <= optimum
            end, _ = replay_plan(deal, DATA, moves)
            assert end.score(0) == final.score(0)
            if strict is None:
                forgiven += 1
    assert forgiven >= 1


def test_the_exact_whole_master_scores_pyramid_points_at_whole_counts():
    """``Node.integral(exact_points=True)``'s rows: with the plans it picks held fixed,
    the most each colour's pyramid-points term can reach (milestone columns whole) is
    ``pyramid_points`` of the colour's whole count, where the hull alone allows more at an
    odd count."""
    from scipy.optimize import Bounds, LinearConstraint, milp

    checked = 0
    for seed, rounds, steps in DEALS[-6:]:
        deal = make_deal(players=1, seed=seed, data=DATA, rounds=rounds, steps_per_round=steps)
        state = state_from_deal(deal, DATA)
        search, _ = _search(state, deal, iterations=30)
        node = Node(search.space, search.space.root_ranges()[0])
        x = node.integral(search.plans, node_limit=200, exact_points=True)
        if x is None:
            continue
        assert set(x.tolist()) <= {0.0, 1.0}
        picked = [p for w, p in zip(x, search.plans) if w > 0.5]
        assert len({p.card for p in picked}) == len(picked)
        cols, objs = node.columns(search.plans)
        k = len(node.terms)
        arrays = node._exact_points(
            np.hstack([node.term_cols, cols]), node.rhs,
            np.concatenate([[t[0] for t in node.terms], objs]),
            np.concatenate([node.term_lower, np.zeros(len(objs))]),
            np.concatenate([node.term_upper, np.ones(len(objs))]),
            np.concatenate([np.zeros(k), np.ones(len(objs))]))
        matrix, rhs, _, lower, upper, integral = arrays
        lower, upper = lower.copy(), upper.copy()
        lower[k:k + len(objs)] = upper[k:k + len(objs)] = x
        for c in range(len(search.space.colours)):
            term = next(j for j, t in enumerate(node.terms) if ("pp", c, 0) in t[3])
            goal = np.zeros(len(lower))
            goal[term] = -1.0
            best = milp(goal, constraints=LinearConstraint(matrix, -np.inf, rhs),
                        bounds=Bounds(lower, upper), integrality=integral)
            count = search.space.n0[c] + sum(1 for p in picked if p.done is not None
                                             and search.space.colour[p.card] == c)
            assert best.x is not None
            assert -best.fun == pytest.approx(pyramid_points(DATA, count))
            checked += 1
    assert checked >= 3


def test_a_child_started_from_its_parents_basis_has_the_same_master_optimum():
    """A child node's first master solve starts from its parent's final basis
    (``relax.Basis``, mapped by row and term names: the child's rows differ); the LP
    optimum is the one from HiGHS's slack basis, on every child of the root's split."""
    compared = 0
    for seed, rounds, steps in DEALS[::3]:
        deal = make_deal(players=1, seed=seed, data=DATA, rounds=rounds, steps_per_round=steps)
        state = state_from_deal(deal, DATA)
        search = BranchAndPrice(SoloPosition.from_state(state), DATA, state=state, warm=True)
        search.run(incumbent=0, iterations=30)  # the root (its rounds capped) at least
        tops = [top for top in search.heap if top.solution is not None]
        for top in tops[:2]:
            assert top.solution.basis is not None
            for ranges in search._split(top) or []:
                values = []
                for start in (top.solution.basis, None):
                    _, solution = Node(search.space, ranges).solve(
                        list(search.plans), iterations=1, start=start)
                    values.append(solution.lp)
                assert values[0] == pytest.approx(values[1], abs=1e-6)
                compared += 1
    assert compared >= 6


#: 3-round deals of 2 cards a round whose policy games give the tails solved again.
TAIL_SEEDS = range(820, 832)


@pytest.mark.parametrize("seed", TAIL_SEEDS)
def test_the_tail_solved_again_keeps_the_prefix_and_meets_its_optimum(seed):
    """``resolve_tail`` from the second round of the policy's game: its bound is never below
    the exhaustive optimum of the games sharing the first round, its game starts with that
    round's moves and replays to the score it claims, and where the search closes the
    better of the two games is that optimum (on these deals it reaches it on every one,
    7 of 12 above the policy's game)."""
    deal = make_deal(players=1, seed=seed, data=DATA, rounds=3, steps_per_round=2)
    policy = policy_plan(deal, DATA)
    state, prefix = _position_at(deal, DATA, policy.moves, 2)
    assert SoloPosition.from_state(state).step == 2
    optimum = exhaustive_from(state, deal, DATA)
    proof = resolve_tail(deal, DATA, policy.moves, score=policy.score, step=2, iterations=200)
    assert proof.bound >= optimum
    best = policy.score
    if proof.game is not None:
        score, moves, _, _ = proof.game
        assert policy.score < score <= optimum
        assert tuple(moves[:len(prefix)]) == prefix
        end, _ = replay_plan(deal, DATA, moves)
        assert end.is_terminal() and end.score(0) == score
        best = score
    assert best == optimum == proof.bound


def test_a_tail_past_the_game_is_refused():
    deal = make_deal(players=1, seed=820, data=DATA, rounds=3, steps_per_round=2)
    policy = policy_plan(deal, DATA)
    with pytest.raises(ValueError, match="no crossing of expedition step 9"):
        _position_at(deal, DATA, policy.moves, 9)


def test_the_default_path_of_a_longer_deal_solves_its_later_rounds_again(monkeypatch):
    """On deals of more than two rounds, when a gap is left, ``solve_deal`` solves the best
    plan's rounds after the first again (``resolve_tail`` from step ``steps_per_round``),
    and its plan is at least that game, replayed."""
    from solvers.pyramids import model

    calls = []

    def spy(*args, **kwargs):
        proof = resolve_tail(*args, **kwargs)
        calls.append((kwargs["step"], kwargs["score"], proof))
        return proof

    monkeypatch.setattr(model, "resolve_tail", spy)
    deal = make_deal(players=1, seed=0, data=DATA, rounds=3, steps_per_round=3)
    result = solve_deal(deal, DATA, budget=1.0)
    assert "again" in result.method
    assert [(step, score <= result.score) for step, score, _ in calls] == [(3, True)]
    proof = calls[0][2]
    assert result.score >= (proof.game[0] if proof.game else 0)
    assert result.score <= result.bound
    end, _ = replay_plan(deal, DATA, result.moves)
    assert end.score(0) == result.score


def test_a_whole_game_past_the_deadline_says_the_clock_stopped_it(monkeypatch):
    """The whole master's MIP and its follower stop at the deadline without saying so;
    when the deadline has passed by the end of the whole game, the pricing says the clock
    stopped it (a cut run says so: found by a 25 s cap on a full deal that said "budget")."""
    from solvers.pyramids import decomposed

    played = []
    real = BranchAndPrice.root_whole_game

    def whole(self, **kwargs):
        played.append(True)
        return real(self, **kwargs)

    monkeypatch.setattr(BranchAndPrice, "root_whole_game", whole)
    monkeypatch.setattr(decomposed, "expired", lambda deadline: bool(played))
    deal = make_deal(players=1, seed=721, data=DATA, rounds=2, steps_per_round=2)
    proof = prove_deal(deal, DATA, incumbent=0, games=[], iterations=5, whole=True,
                       deadline=time.monotonic() + 3600)
    assert played and proof.stopped_by_clock
