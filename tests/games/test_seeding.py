"""``games.seeding.shuffle`` and ``below``: the same permutation as ``random.Random.shuffle``
and the same number as ``randrange``, from the same draws (the determinizers rely on them
for byte-identical hints and transcripts)."""

from __future__ import annotations

import random

from games.seeding import below, make_rng, shuffle


def test_shuffle_matches_the_standard_library_draw_for_draw():
    for seed in range(200):
        for size in (0, 1, 2, 3, 7, 8, 9, 31, 32, 33, 57, 100):
            ours, theirs = make_rng(seed), make_rng(seed)
            items = list(range(size))
            expected = items[:]
            shuffle(items, ours)
            theirs.shuffle(expected)
            assert items == expected
            assert ours.getstate() == theirs.getstate()  # and left the generator alike


def test_below_matches_randrange_draw_for_draw():
    for seed in range(50):
        ours, theirs = make_rng(seed), make_rng(seed)
        for n in (1, 2, 3, 5, 8, 9, 31, 32, 33, 54, 1000):
            assert below(ours, n) == theirs.randrange(n)
        assert ours.getstate() == theirs.getstate()


def test_shuffle_of_a_random_subclass_uses_its_own_shuffle():
    class Counting(random.Random):
        calls = 0

        def shuffle(self, x):
            Counting.calls += 1
            super().shuffle(x)

    items = list(range(10))
    shuffle(items, Counting(3))
    assert Counting.calls == 1 and sorted(items) == list(range(10))
