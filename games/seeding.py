"""The one place where a seed becomes a random generator.

Every random choice in digsite flows from a single ``seed`` argument, which may be an
``int``, a ``random.Random`` (used as is, so a caller can thread one generator through),
a ``numpy.random.Generator`` (an int seed is drawn from it) or ``None`` (fresh entropy).
Library code never touches the global ``random`` module state.

>>> make_rng(7).random() == make_rng(7).random()
True
>>> child_seeds(3, 2) == child_seeds(3, 2)
True
"""

from __future__ import annotations

import random
import sys
from types import ModuleType
from typing import TYPE_CHECKING, TypeVar, Union

if TYPE_CHECKING:  # numpy is imported only where a numpy generator is asked for
    import numpy as np

__all__ = ["Seed", "make_rng", "child_seeds", "numpy_rng", "shuffle", "below"]

Seed = Union[int, random.Random, "np.random.Generator", None]
T = TypeVar("T")


def _numpy() -> ModuleType | None:
    """numpy if some code has already imported it, else ``None``: a seed can only be a
    numpy ``Generator`` (or a numpy integer) if numpy is loaded, so commands that never
    touch numpy don't pay its import (about 0.1 s) just to recognise one."""
    return sys.modules.get("numpy")


def make_rng(seed: Seed = None) -> random.Random:
    """Normalise ``seed`` into a ``random.Random``."""
    if isinstance(seed, random.Random):
        return seed
    if seed is None:
        return random.Random()
    np = _numpy()
    if np is not None and isinstance(seed, np.random.Generator):
        return random.Random(int(seed.integers(0, 2**63 - 1)))
    integers = (int, np.integer) if np is not None else int
    if isinstance(seed, bool) or not isinstance(seed, integers):
        raise TypeError(f"seed must be an int, random.Random, numpy Generator or None, not {type(seed).__name__}")
    return random.Random(int(seed))


def child_seeds(seed: Seed, count: int) -> list[int]:
    """``count`` independent integer seeds derived from ``seed`` (for workers, samples)."""
    rng = make_rng(seed)
    return [rng.getrandbits(63) for _ in range(count)]


def numpy_rng(seed: Seed = None) -> "np.random.Generator":
    """A numpy Generator driven by the same seed convention."""
    import numpy as np

    if isinstance(seed, np.random.Generator):
        return seed
    return np.random.default_rng(make_rng(seed).getrandbits(63))


def shuffle(items: list[T], rng: random.Random) -> None:
    """``rng.shuffle(items)``: the same permutation from the same draws, about three times
    faster (a search shuffles the unseen cards of every sampled world). CPython's
    ``Random.shuffle`` swaps item ``i`` (last to second) with item ``j = _randbelow(i +
    1)``, and ``_randbelow(n)`` draws ``getrandbits(n.bit_length())`` until it is below
    ``n``; this is that loop without a method call per item. A subclass of
    ``random.Random`` may draw otherwise, so it gets its own ``shuffle``
    (``tests/games/test_seeding.py`` checks the two agree)."""
    if type(rng) is not random.Random:
        rng.shuffle(items)
        return
    getrandbits = rng.getrandbits
    for i in range(len(items) - 1, 0, -1):
        n = i + 1
        bits = n.bit_length()
        j = getrandbits(bits)
        while j >= n:
            j = getrandbits(bits)
        items[i], items[j] = items[j], items[i]


def below(rng: random.Random, n: int) -> int:
    """``rng.randrange(n)`` (``n`` >= 1): the same number from the same draws, without the
    Python-level calls of ``randrange`` and ``_randbelow`` (``getrandbits(n.bit_length())``
    until it is below ``n``, as :func:`shuffle` draws; a determinizer draws one per hidden
    card). A subclass of ``random.Random`` may draw otherwise: its own ``randrange``."""
    if type(rng) is not random.Random:
        return rng.randrange(n)
    bits = n.bit_length()
    j = rng.getrandbits(bits)
    while j >= n:
        j = rng.getrandbits(bits)
    return j
