"""Loot N Run's inference from the opponents' play (``solvers.lootnrun.opponent``, the
generic pool in ``solvers.ismcts.inference``): the model reads the rooms held at past
decisions right, strong evidence moves the beliefs the expected way, and it stays honest —
off, or fitted to a uniformly random player, the sampled worlds are exactly today's."""

from __future__ import annotations

import math

import pytest

import cards_data
from games import lootnrun
from games.seeding import make_rng
from solvers.ismcts.bots import IsmctsBot
from solvers.ismcts.inference import (WorldPool, fit_agreement, inference_sampler, pool_seed,
                                      sampled_worlds)
from solvers.ismcts.search import ismcts
from solvers.limits import Limit
from solvers.lootnrun import service
from solvers.lootnrun.opponent import GreedyAgreement, agreement_data, counted
from solvers.lootnrun.policy import greedy_policy

from .playthrough import decision_positions, played

DATA = cards_data.load("lootnrun")


def test_greedy_opponents_agree_with_the_model_in_the_true_world():
    """Played by greedy, the true world explains (nearly) every counted decision as
    greedy's: the rooms of each past decision are the front's prefixes. (Not every one:
    the score then is taken as today's, and a Werewolf's keep of two rooms counts a
    decision never made.)"""
    model = GreedyAgreement(1.0)
    counted_all = agreed = 0
    for state in decision_positions(lootnrun, DATA, play=greedy_policy, seeds=range(4),
                                    players=3, every=2):
        seat = state.current_player()
        if not model.informative(state, seat):
            continue
        counted_all += counted(state, seat)
        agreed += model.log_likelihood(state, seat) / model.stay
    assert counted_all > 100 and agreed >= 0.97 * counted_all


def _strong_evidence_view(players: int = 2) -> dict:
    """Seat 1 has looted two red rooms and then a green one: it stayed holding the two
    reds, which greedy does only when they would not catch it (or are worth little)."""
    state = lootnrun.state_from_deal(lootnrun.make_deal(players=players, seed=3, data=DATA),
                                     DATA)
    t = state.rules
    deck = state.decks[0]
    picks = [next(r for r in deck[:-1] if t.back[r] == "red"),
             next(r for r in reversed(deck[:-1]) if t.back[r] == "red"),
             next(r for r in deck[:-1] if t.back[r] == "green")]
    assert len(set(picks)) == 3
    for room in picks:
        deck.remove(room)
    state.fronts[1] = picks
    state.front_epochs[1] = [0, 0, 0]
    state.fronts[0] = [state.decks[1].pop(0)]
    state.front_epochs[0] = [0]
    state.to_move = 0
    return lootnrun.view_of(state, 0)


def _rows(result):
    return {(row.get("seat"), row.get("room"), row["what"]): row["p"]
            for row in result["rows"] if "seat" in row}


def test_strong_evidence_moves_the_beliefs_the_expected_way():
    """The same sampled worlds, weighted: those in which seat 1's two red rooms would
    have caught it (and were worth running with) lose weight, so each red room is less
    likely a guardian and seat 1 less likely caught; without inference the beliefs are
    the prior's, exactly as before."""
    view = _strong_evidence_view()
    prior = service.beliefs(view, data=DATA, seed=1, inference=False)
    assert prior == service.beliefs(view, data=DATA, seed=1)  # off by default
    assert not prior["weighted"] and prior["effective_worlds"] == 256
    world, seat = lootnrun.state_from_view(view, DATA, 1)
    strong = GreedyAgreement(4.0)
    worlds, weights, weighted = sampled_worlds(world, seat, strong, seed=1)
    assert weighted
    before = _rows(prior)
    # the same worlds as the prior's, reweighted
    plain, _, _ = sampled_worlds(world, seat, None, seed=1)
    assert [w.fronts for w in worlds] == [w.fronts for w in plain]
    guard = [sum(wt for w, wt in zip(worlds, weights)
                 if w.rules.guardian[w.fronts[1][i]] is not None) for i in (0, 1)]
    for i in (0, 1):
        assert guard[i] < before[(1, i, "guardian")] - 0.1, (i, guard, before)
    fitted = _rows(service.beliefs(view, data=DATA, seed=1, inference=True))
    for i in (0, 1):
        assert fitted[(1, i, "guardian")] < before[(1, i, "guardian")]
    assert fitted[(1, None, "caught if awakened")] < before[(1, None, "caught if awakened")]
    assert fitted[(1, 2, "guardian")] == pytest.approx(before[(1, 2, "guardian")], abs=0.05)


def test_the_pool_keeps_the_prior_exact_and_weights_by_the_model():
    """Every world of the pool is one the seat cannot rule out, drawn by the exact
    sampler; its weight is e^(beta x the decisions greedy explains)."""
    view = _strong_evidence_view(players=3)
    world, seat = lootnrun.state_from_view(view, DATA, 2)
    model = GreedyAgreement(2.0)
    pool = WorldPool(world, seat, model, particles=64, seed=3)
    key = world.information_set_key(seat)
    assert all(w.information_set_key(seat) == key for w in pool.worlds)
    rng = make_rng(3)  # the pool draws from its own seed
    assert [w.fronts for w in pool.worlds] == \
        [world.determinize(seat, rng).fronts for _ in range(64)]
    # n = 3: a stay has chance 2e^beta / (2e^beta + 1) where greedy stays, 2 / (2 + e^beta)
    # where it runs
    stay = math.log(2 * math.exp(2.0) / (2 * math.exp(2.0) + 1) / (2 / (2 + math.exp(2.0))))
    assert model.stay == pytest.approx(stay)
    assert {round(x / stay, 9) for x in pool.log_weights} <= {0, 1, 2} and not pool.uniform
    top = max(pool.log_weights)
    total = sum(math.exp(x - top) for x in pool.log_weights)
    for log_weight, weight in zip(pool.log_weights, pool.weights):
        assert weight == pytest.approx(math.exp(log_weight - top) / total)


def test_model_off_or_flat_samples_todays_worlds():
    """Honest: with the model off, or with beta 0, there is no pool and the search is the
    plain one, draw for draw; the beliefs read the prior's worlds."""
    state = next(s for s in decision_positions(lootnrun, DATA, play=greedy_policy, seeds=[2],
                                               every=3)
                 if GreedyAgreement(1.0).informative(s, s.current_player()))
    seat = state.current_player()
    flat = GreedyAgreement(0.0)
    assert not flat.informative(state, seat)
    assert inference_sampler(state, seat, None, seed=1) is None
    assert inference_sampler(state, seat, flat, seed=1) is None
    plain = ismcts(state, seat, iterations=150, seed=9)
    again = ismcts(state, seat, iterations=150, seed=9,
                   sampler=inference_sampler(state, seat, flat, seed=9))
    assert [(str(m.move), m.visits, m.total) for m in plain.moves] == \
        [(str(m.move), m.visits, m.total) for m in again.moves]
    worlds, weights, weighted = sampled_worlds(state, seat, flat, particles=8, seed=4)
    rng = make_rng(pool_seed(4))
    assert not weighted and weights == [1 / 8] * 8
    assert [(w.fronts, w.decks) for w in worlds] == \
        [(d.fronts, d.decks) for d in (state.determinize(seat, rng) for _ in range(8))]


def _agreements(play, seeds):
    """``agreement_data`` of every decision ``play`` made in seeded 3-seat games."""
    return [point for state, _, move in played(lootnrun, DATA, seeds=seeds, play=play,
                                                players=3)
            if (point := agreement_data(state, move)) is not None]


def test_a_random_player_fits_beta_zero_so_worlds_stay_todays():
    """Fitted to a uniformly random player's decisions the model is flat (beta 0): against
    such a player inference changes no world. Fitted to greedy's own, beta is large."""
    rng = make_rng(11)

    def uniform(state, moves, _rng):
        return moves[rng.randrange(len(moves))]

    fitted = fit_agreement(_agreements(uniform, range(6)))
    assert fitted.decisions > 150 and fitted.beta == 0.0
    assert not GreedyAgreement(fitted.beta).informative(
        lootnrun.state_from_view(_strong_evidence_view(), DATA, 0)[0], 0)
    greedy = fit_agreement(_agreements(greedy_policy, range(2)))
    assert greedy.beta >= 10 and greedy.agreed == greedy.decisions


def test_a_flat_model_bot_plays_as_the_plain_bot():
    """The inference bot with beta 0 chooses exactly as the plain bot, seed for seed."""
    class Flat(service.InferenceBot):
        model = GreedyAgreement(0.0)

    played = 0
    for state in decision_positions(lootnrun, DATA, play=greedy_policy, seeds=[6], every=4):
        seat = state.current_player()
        a = IsmctsBot(seat=seat, seed=4, limit=Limit(iterations=60)).choose(state)
        b = Flat(seat=seat, seed=4, limit=Limit(iterations=60)).choose(state)
        assert a == b
        played += 1
    assert played > 3


def test_the_service_wires_the_model_and_keeps_inference_off():
    """The hint takes ``inference``; off by default (not measured stronger), it is the
    plain hint; on, it says how many worlds it weighted."""
    assert not service.INFERENCE and service.MODEL.beta > 0
    assert service.BOTS["ismcts"] is IsmctsBot
    assert service.BOTS["ismcts-inference"].model is service.MODEL
    view = _strong_evidence_view()
    plain = service.hint(view, data=DATA, limit=Limit(iterations=40), seed=2)
    assert service.hint(view, data=DATA, limit=Limit(iterations=40), seed=2,
                        inference=False) == plain
    on = service.hint(view, data=DATA, limit=Limit(iterations=40), seed=2, inference=True)
    assert on.fact("inference")["weighted"] and plain.fact("inference") is None
