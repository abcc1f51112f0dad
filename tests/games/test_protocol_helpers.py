"""The protocol helpers on a tiny game: a coin flip, then one move by each of two seats."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from games.errors import IllegalMoveError
from games.protocol import (
    CHANCE, TERMINAL, State, parse_checked, play_checked, random_playout, resolve_chance,
)
from games.seeding import child_seeds, make_rng


class CoinThenPick:
    num_players = 2

    def __init__(self):
        self.history: list = []

    def current_player(self):
        if not self.history:
            return CHANCE
        return TERMINAL if len(self.history) == 3 else len(self.history) - 1

    def chance_outcomes(self):
        return [("heads", 0.25), ("tails", 0.75)]

    def legal_moves(self):
        return [1, 2]

    def apply(self, move):
        self.history.append(move)

    def clone(self):
        other = CoinThenPick()
        other.history = list(self.history)
        return other

    def is_terminal(self):
        return len(self.history) == 3

    def returns(self):
        return [float(self.history[1]), float(self.history[2])]

    def winners(self):
        a, b = self.returns()
        return [0] if a > b else [1] if b > a else [0, 1]

    def information_set_key(self, seat):
        return tuple(self.history)

    def determinize(self, seat, rng):
        return self.clone()

    def to_json(self):
        return {"history": self.history}


def test_toy_game_satisfies_the_structural_protocol():
    assert isinstance(CoinThenPick(), State)


def test_play_checked_refuses_illegal_moves():
    state = CoinThenPick()
    with pytest.raises(IllegalMoveError):
        play_checked(state, "edge")
    play_checked(state, "heads")
    with pytest.raises(IllegalMoveError):
        play_checked(state, 3)
    play_checked(state, 2)
    assert state.history == ["heads", 2]


def test_parse_checked_says_why_between_the_refusal_and_the_legal_moves():
    state = CoinThenPick()
    state.apply("heads")

    def why(state, move):
        return "a pick is 1 or 2,\n not more" if move > 2 else None

    with pytest.raises(IllegalMoveError) as refused:
        parse_checked(state, " 3 ", int, why=why)
    assert str(refused.value) == ("move '3' is not legal here: a pick is 1 or 2, not more "
                                  "(legal: 1, 2)")
    with pytest.raises(IllegalMoveError) as plain:  # no reason found: the plain refusal
        parse_checked(state, "0", int, why=why)
    assert str(plain.value) == "move '0' is not legal here (legal: 1, 2)"
    assert parse_checked(state, "2", int, why=why) == 2


def test_resolve_chance_samples_by_probability():
    rng = random.Random(5)
    counts = Counter()
    for _ in range(4000):
        state = CoinThenPick()
        resolve_chance(state, rng)
        counts[state.history[0]] += 1
    assert 0.22 < counts["heads"] / 4000 < 0.28


def test_random_playout_is_seeded():
    a = random_playout(CoinThenPick(), make_rng(3)).history
    b = random_playout(CoinThenPick(), make_rng(3)).history
    assert a == b and len(a) == 3


def test_seed_helper_accepts_every_documented_form():
    import numpy as np

    assert make_rng(4).random() == make_rng(4).random()
    shared = random.Random(1)
    assert make_rng(shared) is shared
    assert isinstance(make_rng(np.random.default_rng(2)).random(), float)
    assert child_seeds(9, 3) == child_seeds(9, 3) and len(set(child_seeds(9, 3))) == 3
    with pytest.raises(TypeError):
        make_rng("seven")
