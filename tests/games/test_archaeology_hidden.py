"""Hidden information of Archaeology: information-set keys, the determinizer, player views."""

from __future__ import annotations

import copy
import random

import pytest

import cards_data
from games.archaeology import example_view, make_deal, state_from_deal, state_from_view, view_of
from games.archaeology.moves import MAP, SANDSTORM, THIEF
from games.errors import InvalidStateError
from games.protocol import CHANCE

DATA = cards_data.load("archaeology")
T = 7


def _card_totals(w):
    """Every card of the world, wherever it is, by id (0..8)."""
    P = w.num_players
    totals = [0] * (SANDSTORM + 1)
    for c in range(T):
        totals[c] = w.market[c] + sum(w.hands[p * T + c] + w.sold[p * T + c] for p in range(P))
    for contents in w.chambers:
        for c in contents or ():
            totals[c] += 1
    for c in w.dig:
        totals[c] += 1
    totals[MAP] += w.maps_out
    totals[THIEF] += w.thieves
    totals[SANDSTORM] += w.storms
    return totals


def _check_world(state, world, seat):
    P = state.num_players
    assert world.information_set_key(seat) == state.information_set_key(seat)
    assert _card_totals(world) == list(state.R.counts), "deck counts changed"
    assert world.hands[seat * T:(seat + 1) * T] == state.hands[seat * T:(seat + 1) * T]
    assert world.hn == state.hn
    for contents in world.chambers:
        assert MAP not in (contents or ()), "a chamber never holds a map"
    for p in range(P):
        if p == seat:
            continue
        kb = (seat * P + p) * T
        hand = world.hands[p * T:(p + 1) * T]
        assert sum(hand) == state.hn[p]
        assert all(hand[c] >= state.known[kb + c] for c in range(T)), "known card missing"
        unknown = state.hn[p] - sum(state.known[kb:kb + T])
        assert 0 <= state.nonmap[seat * P + p] <= unknown
        maps_unknown = hand[MAP] - state.known[kb + MAP]
        assert maps_unknown <= unknown - state.nonmap[seat * P + p], "map in a non-map slot"
        # every other seat's knowledge stays true in the new world
        for q in range(P):
            if q != p:
                qb = (q * P + p) * T
                assert all(world.known[qb + c] <= hand[c] for c in range(T))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_determinized_worlds_keep_the_information_set_and_the_deck(players):
    for seed in range(3 if players == 2 else 2):
        state = state_from_deal(make_deal(players=players, seed=seed, data=DATA), DATA)
        rng = random.Random(seed)
        steps = 0
        while not state.is_terminal():
            if state.current_player() == CHANCE:
                state.apply(state.chance_outcomes()[0][0])
                continue
            if steps % 3 == 0:
                for seat in range(players):
                    world = state.determinize(seat, random.Random(steps * 7 + seat))
                    _check_world(state, world, seat)
            moves = state.legal_moves()
            state.apply(moves[rng.randrange(len(moves))])
            steps += 1


def test_determinizer_varies_hidden_cards_only():
    state = state_from_deal(make_deal(players=2, seed=3, data=DATA), DATA)
    state.apply(state.chance_outcomes()[0][0])
    seat = state.current_player()
    worlds = [state.determinize(seat, random.Random(i)) for i in range(20)]
    other = 1 - seat
    assert len({tuple(w.hands[other * T:(other + 1) * T]) for w in worlds}) > 1
    assert len({tuple(w.dig) for w in worlds}) == 20
    assert len({w.information_set_key(seat) for w in worlds}) == 1


def test_opening_hands_are_never_maps_for_the_opponent():
    state = state_from_deal(make_deal(players=2, seed=1, data=DATA), DATA)
    for i in range(50):
        world = state.determinize(0, random.Random(i))
        assert world.hands[T + MAP] == 0


def test_view_round_trip_keeps_the_information_set():
    for seed in range(4):
        state = state_from_deal(make_deal(players=2 + seed % 3, seed=seed, data=DATA), DATA)
        rng = random.Random(seed)
        checked = 0
        while not state.is_terminal() and checked < 25:
            actor = state.current_player()
            if actor == CHANCE:
                state.apply(state.chance_outcomes()[0][0])
                continue
            if state.tk is None or rng.random() < 0.5:
                view = view_of(state, actor)
                world, seat = state_from_view(view, DATA, rng.getrandbits(32))
                assert seat == actor
                assert world.information_set_key(seat) == state.information_set_key(seat)
                assert sorted(map(str, world.legal_moves())) == sorted(map(str, state.legal_moves()))
                checked += 1
            moves = state.legal_moves()
            state.apply(moves[rng.randrange(len(moves))])


def _bad(mutate, match):
    view = example_view(DATA)
    mutate(view)
    with pytest.raises(InvalidStateError, match=match):
        state_from_view(view, DATA, 0)


def test_bad_views_are_refused_with_a_reason():
    _bad(lambda v: v["hand"].update(coin=15), "hand_sizes")
    def too_many(v):
        v["hand"]["coin"] = 15
        v["hand_sizes"][0] = sum(v["hand"].values())
    _bad(too_many, "coin cards are seen")
    _bad(lambda v: v["hand_sizes"].__setitem__(1, 99), "do not add up")
    _bad(lambda v: v["hand"].update(sphinx=1), "unknown card type 'sphinx'")
    _bad(lambda v: v["marketplace"].update(thief=1), "unknown card type 'thief'")
    _bad(lambda v: v.update(seat=5), "view.seat")
    _bad(lambda v: v.update(phase="dance"), "view.phase")
    _bad(lambda v: v["sold"][0].append(["coin", 6]), "1 to 5")
    _bad(lambda v: v.update(current=1), "not seat 0")
    _bad(lambda v: v["known_cards"].__setitem__(1, {"coin": 20}), "known")


def test_example_view_is_valid_and_stable():
    a, b = example_view(DATA), example_view(DATA)
    assert a == b
    world, seat = state_from_view(copy.deepcopy(a), DATA, 0)
    assert world.current_player() == seat == 0
