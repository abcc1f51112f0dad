"""The mid-game best score of solo Pyramids (issue 21 §4): from positions of played short
games, the figure is never below the exhaustive optimum still reachable there and equals
it when it says it is exact; the review's search names a decision from which every
position is short of the deal's best (the exhaustive search agrees)."""

from __future__ import annotations

import pytest

import cards_data
from games.protocol import CHANCE
from games.pyramids import make_deal, state_from_deal
from games.record import resolve_fixed_chance
from solvers.pyramids.policy import policy_move
from solvers.pyramids.position import SoloPosition
from solvers.pyramids.reachable import first_below, reachable
from solvers.pyramids.search import exhaustive_best, exhaustive_from

DATA = cards_data.load("pyramids")

#: (seed, rounds, expedition cards per round, player) of the short games checked: the
#: policy's games and games of the first legal move (which fall short of the best).
GAMES = ([(740 + s, 1, 3, "policy") for s in range(4)] + [(750 + s, 1, 3, "first") for s in range(4)]
         + [(760 + s, 2, 2, "first") for s in range(2)] + [(770 + s, 2, 2, "policy") for s in range(2)])


def _positions(seed, rounds, steps, player):
    """The deal and the positions after each decision of one game (chance resolved)."""
    deal = make_deal(players=1, seed=seed, data=DATA, rounds=rounds, steps_per_round=steps)
    state = state_from_deal(deal, DATA)
    states = []
    while True:
        resolve_fixed_chance(state)
        if state.is_terminal():
            break
        state.apply(policy_move(state) if player == "policy" or state.phase == "keep"
                    else state.legal_moves()[0])
        resolve_fixed_chance(state)
        states.append(state.clone())
    return deal, states


def _checked(deal, states):
    """``(figure, exhaustive optimum)`` at every position the exhaustive search starts
    from (it does not start at a take)."""
    out = []
    for state in states:
        if state.phase == "take":
            continue
        there, _ = reachable(state, DATA)
        out.append((there, exhaustive_from(state, deal, DATA)))
    return out


def test_the_position_of_a_deal_start_is_the_deals():
    for seed in range(5):
        deal = make_deal(players=1, seed=seed, data=DATA)
        assert SoloPosition.from_state(state_from_deal(deal, DATA)) == \
            SoloPosition.from_deal(deal, DATA)


@pytest.mark.parametrize("game", GAMES[3:5])
def test_the_figure_is_never_below_the_optimum_and_exact_when_it_says_so(game):
    for there, optimum in _checked(*_positions(*game)):
        assert there.value >= optimum
        assert not there.exact or there.value == optimum


@pytest.mark.slow
def test_the_figure_against_the_exhaustive_search_on_every_short_game():
    """The cross-check of issue 21 §4: at least 30 positions."""
    pairs = [pair for game in GAMES for pair in _checked(*_positions(*game))]
    assert len(pairs) >= 30
    for there, optimum in pairs:
        assert there.value >= optimum
        assert not there.exact or there.value == optimum


@pytest.mark.parametrize("game", [GAMES[4], GAMES[8]])
def test_the_search_names_a_decision_from_which_the_best_is_out_of_reach(game):
    deal, states = _positions(*game)
    best = exhaustive_best(deal, DATA).score
    final = states[-1].score(0)
    hit = first_below(states, best, data=DATA)
    if final == best:
        assert hit is None
        return
    assert hit is not None
    k, there = hit
    assert final <= there.value < best
    for state in states[k:]:
        if state.phase != "take":
            assert exhaustive_from(state, deal, DATA) < best
    # a best already out of reach at the start is named at the first decision
    assert first_below(states, final + 1, data=DATA) is not None


def test_a_game_that_reaches_the_best_is_never_short():
    deal, states = _positions(740, 1, 3, "policy")
    final = states[-1].score(0)
    assert first_below(states, final, data=DATA) is None
