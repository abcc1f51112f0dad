"""Inference from the opponents' play (``solvers.ismcts.inference``, Archaeology's model in
``solvers.archaeology.opponent``) and the beliefs read off sampled worlds: the model rebuilds
past hands right, the weights follow it, and it stays honest — off, or fitted to a
uniformly random player, the sampled worlds are exactly today's."""

from __future__ import annotations

import math

import pytest

import cards_data
from games import archaeology, expedition, lootnrun
from solvers.archaeology.policy import greedy_policy
from solvers.archaeology.opponent import GreedyAgreement, agreement_data, decisions
from games.protocol import CHANCE
from games.seeding import make_rng
from solvers.archaeology.policy import SEARCH_OPTIONS
from solvers.archaeology.service import EDITIONS, InferenceBot, SearchBot
from solvers.ismcts.inference import (WorldPool, fit_agreement, inference_sampler, pool_seed,
                                      sampled_worlds)
from solvers.ismcts.search import ismcts, true_world
from solvers.limits import Limit

from .playthrough import decision_positions

DATA = cards_data.load("archaeology")


def _counted(model, state, seat) -> int:
    return sum(step[0] in ("action", "discard") for _, steps in model._skeleton(state, seat)
               for step in steps)


@pytest.mark.parametrize("engine,data,options", [
    (archaeology, DATA, {}),
    (expedition, cards_data.load("expedition"), {"monument": "temple"}),
    (expedition, cards_data.load("expedition"), {"monument": "tomb"}),
])
def test_greedy_opponents_agree_with_the_model_in_the_true_world(engine, data, options):
    """Played by greedy, the true world explains every counted decision as greedy's: so
    the hands rebuilt back to each decision and greedy's context are the real ones."""
    model = GreedyAgreement(1.0, 1.0)
    counted = 0
    for state in decision_positions(engine, data, seeds=range(3), play=greedy_policy,
                                    every=3, **options):
        seat = state.current_player()
        if not model.informative(state, seat):
            continue
        n = _counted(model, state, seat)
        assert model.log_likelihood(state, seat) == n
        counted += n
    assert counted > 100


def test_worlds_of_the_prior_explain_the_record():
    """No world the exact sampler draws makes a rebuilt hand negative (weight 0)."""
    model = GreedyAgreement(1.0, 1.0)
    for state in decision_positions(archaeology, DATA, play=greedy_policy, seeds=range(2),
                                    every=11):
        seat = state.current_player()
        rng = make_rng(1)
        for _ in range(20):
            assert math.isfinite(model.log_likelihood(state.determinize(seat, rng), seat))


def test_the_pool_weights_worlds_by_the_model():
    """A world's chance in the pool is its weight: greedy-explained worlds weigh e^beta
    per agreeing decision; the pool's worlds are all consistent with the seat's view."""
    model = GreedyAgreement(2.0, 2.0)
    state = next(s for s in decision_positions(archaeology, DATA, play=greedy_policy,
                                               seeds=[4], every=7)
                 if model.informative(s, s.current_player()))
    seat = state.current_player()
    pool = WorldPool(state, seat, model, particles=64, seed=3)
    key = state.information_set_key(seat)
    assert all(w.information_set_key(seat) == key for w in pool.worlds)
    top = max(pool.log_weights)
    for log_weight, weight in zip(pool.log_weights, pool.weights):
        assert weight == pytest.approx(math.exp(log_weight - top) /
                                       sum(math.exp(x - top) for x in pool.log_weights))
    assert not pool.uniform and 1 <= pool.effective_size() < 64
    rng = make_rng(5)
    drawn = [pool.index(rng) for _ in range(4000)]
    best = max(range(64), key=pool.weights.__getitem__)
    assert drawn.count(best) / 4000 == pytest.approx(pool.weights[best], abs=0.03)


def test_model_off_or_flat_samples_todays_worlds():
    """Honest: with the model off, or with beta 0, there is no pool and the search is the
    plain one, draw for draw."""
    state = next(decision_positions(archaeology, DATA, play=greedy_policy, seeds=[2], every=20))
    seat = state.current_player()
    flat = GreedyAgreement(0.0, 0.0)
    assert inference_sampler(state, seat, None, seed=1) is None
    assert inference_sampler(state, seat, flat, seed=1) is None
    plain = ismcts(state, seat, iterations=150, seed=9, **SEARCH_OPTIONS)
    again = ismcts(state, seat, iterations=150, seed=9,
                   sampler=inference_sampler(state, seat, flat, seed=9), **SEARCH_OPTIONS)
    assert [(str(m.move), m.visits, m.total) for m in plain.moves] == \
        [(str(m.move), m.visits, m.total) for m in again.moves]
    worlds, weights, weighted = sampled_worlds(state, seat, flat, particles=8, seed=4)
    rng = make_rng(pool_seed(4))
    assert not weighted and weights == [1 / 8] * 8
    assert [w.hands for w in worlds] == [state.determinize(seat, rng).hands for _ in range(8)]


def _agreements(engine, data, bot, seeds):
    """``(agreed, n)`` of every turn action ``bot`` played in seeded 2-seat games."""
    points = []

    def play(state, moves, rng):
        move = bot(state, moves, rng)
        point = agreement_data(state, move)
        if point is not None and point[0] == "action":
            points.append(point[1:])
        return move

    for _ in decision_positions(engine, data, seeds=seeds, play=play, every=10**9):
        pass
    return points


def test_a_random_player_fits_beta_zero_so_worlds_stay_todays():
    """Fitted to a uniformly random player's decisions the model is flat (beta 0): against
    such a player inference changes no world. Fitted to greedy's own decisions, beta is
    large."""
    rng = make_rng(11)

    def uniform(state, moves, _rng):
        return moves[rng.randrange(len(moves))]

    fitted = fit_agreement(_agreements(archaeology, DATA, uniform, range(6)))
    assert fitted.decisions > 500 and fitted.beta == 0.0
    greedy = fit_agreement(_agreements(archaeology, DATA, greedy_policy, range(2)))
    assert greedy.beta >= 10 and greedy.agreed == greedy.decisions


def test_fit_agreement_recovers_beta():
    rng = make_rng(3)
    beta = 1.2
    data = []
    for _ in range(4000):
        n = 2 + rng.randrange(10)
        p = math.exp(beta) / (math.exp(beta) + n - 1)
        data.append((rng.random() < p, n))
    assert fit_agreement(data).beta == pytest.approx(beta, abs=0.15)


def test_a_flat_model_bot_plays_as_the_plain_bot():
    """The inference bot with beta 0 chooses exactly as the plain bot, seed for seed."""
    class Flat(InferenceBot):
        model = GreedyAgreement(0.0, 0.0)

    for state in decision_positions(archaeology, DATA, play=greedy_policy, seeds=[6], every=25):
        seat = state.current_player()
        a = SearchBot(seat=seat, seed=4, limit=Limit(iterations=60)).choose(state)
        b = Flat(seat=seat, seed=4, limit=Limit(iterations=60)).choose(state)
        assert a == b


def test_the_cheating_sampler_is_the_true_world():
    state = next(decision_positions(archaeology, DATA, play=greedy_policy, seeds=[3], every=15))
    seat = state.current_player()
    world = true_world(state, seat, make_rng(0))
    assert world is not state and world.hands == state.hands and world.dig == state.dig


def test_hand_beliefs_add_up():
    """Each card's count distribution sums to 1, and the means add up to the hand size."""
    beliefs = EDITIONS["archaeology"].beliefs

    view = archaeology.example_view(DATA)
    result = beliefs(view, data=DATA, seed=2)
    assert result["kind"] == "hand" and result["worlds"] == 256 and not result["weighted"]
    by_seat: dict[int, float] = {}
    for row in result["rows"]:
        assert sum(row["p"]) == pytest.approx(1, abs=1e-3)
        by_seat[row["seat"]] = by_seat.get(row["seat"], 0) + row["mean"]
        size = row["hand_size"]
    assert by_seat == {1: pytest.approx(size, abs=1e-3)}
    assert beliefs(view, data=DATA, seed=2) == result


def test_loot_n_run_beliefs_follow_the_backs():
    """At the opening of a deal, with nothing revealed, a face-down room's chance of a
    guardian is its back colour's share: 1 in 2 red, 1 in 3 yellow, 1 in 4 green."""
    from solvers.lootnrun.service import beliefs

    data = cards_data.load("lootnrun")
    state = lootnrun.state_from_deal(lootnrun.make_deal(players=2, seed=3, data=data), data)
    while state.current_player() == CHANCE:
        state.apply(state.chance_outcomes()[0][0])
    state.apply(state.legal_moves()[0])  # seat to act loots a room, unseen by the other
    while state.current_player() == CHANCE:
        state.apply(state.chance_outcomes()[0][0])
    view = lootnrun.view_of(state, state.current_player())
    result = beliefs(view, data=data, seed=1)
    share = {"red": 1 / 2, "yellow": 1 / 3, "green": 1 / 4}
    rooms = [row for row in result["rows"] if "room" in row]
    assert rooms and all(0 <= row["p"] <= 1 for row in result["rows"])
    for row in rooms:
        assert row["p"] == pytest.approx(share[row["back"]], abs=0.12)


def test_two_sandstorms_in_a_row_are_two_discards_to_the_model():
    """A seat's run of discards was read as one sandstorm's: where it discarded last at one
    sandstorm (4 pot shards) and first at the next, dug just after it (a pot shard and a
    talisman), greedy was asked of the second's cards owing 6, 5 (the first's 4 counted in)
    and after the first's last pot shard; each sandstorm's discards are told apart
    (``storm_shares``, as ``storm_discarded`` reads them)."""
    from games.archaeology.moves import CARD_INDEX

    from .test_whole_trade_hints import _two_sandstorms
    _, _, state = _two_sandstorms()
    for text in ("discard pot_shard", "discard talisman"):
        state.apply(archaeology.parse_move(state, text))
    told = [(card, ctx.storm_left, ctx.storm_last)
            for kind, card, ctx in (s for s in decisions(state, 0, 1) if s[0] == "discard")]
    p, t = CARD_INDEX["pot_shard"], CARD_INDEX["talisman"]
    # newest first: the second sandstorm's 2 cards, then the first's 4
    assert told == [(t, 1, p), (p, 2, 0), (p, 1, p), (p, 2, p), (p, 3, p), (p, 4, 0)]
