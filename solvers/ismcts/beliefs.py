"""What a seat can infer of the hidden cards: distributions read off sampled worlds
(``solvers.ismcts.inference.sampled_worlds``: the exact sampler's, weighted by the
opponents' observed play when inference is on). Game-agnostic: a game says what to count
in a world (``counts(world) -> {key: count}`` or ``flags(world) -> {key: bool}``) and these
functions weigh them over the worlds.

>>> count_distribution([{"a": 0}, {"a": 2}], [0.25, 0.75])
{'a': [0.25, 0.0, 0.75]}
>>> flag_probability([{"x": True}, {"x": False}], [0.25, 0.75])
{'x': 0.25}
"""

from __future__ import annotations

from typing import Any, Callable, Hashable, Mapping, Sequence

from games.protocol import State
from games.seeding import Seed

from .inference import DEFAULT_PARTICLES, OpponentModel, effective_size, sampled_worlds

__all__ = ["count_distribution", "flag_probability", "at_least", "mean", "beliefs"]


def count_distribution(samples: Sequence[Mapping[Hashable, int]],
                       weights: Sequence[float]) -> dict[Hashable, list[float]]:
    """Per key, ``p[k]`` = the weighted share of the samples in which the key counts
    ``k`` (keys in first-seen order; weights summing to 1)."""
    out: dict[Hashable, list[float]] = {}
    for sample, weight in zip(samples, weights):
        for key, count in sample.items():
            dist = out.setdefault(key, [])
            if len(dist) <= count:
                dist.extend([0.0] * (count + 1 - len(dist)))
            dist[count] += weight
    return out


def flag_probability(samples: Sequence[Mapping[Hashable, bool]],
                     weights: Sequence[float]) -> dict[Hashable, float]:
    """Per key, the weighted share of the samples in which it holds."""
    out: dict[Hashable, float] = {}
    for sample, weight in zip(samples, weights):
        for key, flag in sample.items():
            out[key] = out.get(key, 0.0) + (weight if flag else 0.0)
    return out


def at_least(dist: Sequence[float], k: int) -> float:
    """``P(count >= k)`` of a count distribution."""
    return sum(dist[k:])


def mean(dist: Sequence[float]) -> float:
    """The expected count of a count distribution."""
    return sum(k * p for k, p in enumerate(dist))


def beliefs(root: State[Any], seat: int, *, kind: str, seed: Seed,
            counts: Callable[[Any, int], Mapping[Any, int]] | None = None,
            flags: Callable[[Any, int], Mapping[Any, bool]] | None = None,
            describe: Callable[[Any], dict[str, Any]], model: OpponentModel | None = None,
            particles: int = DEFAULT_PARTICLES) -> dict[str, Any]:
    """What ``seat`` can infer in ``root``, as JSON: ``{"kind", "worlds", "weighted",
    "effective_worlds", "rows"}``, one row per key of ``counts`` (``describe(key)`` plus
    ``mean`` and ``p``: the chance of each count) or of ``flags`` (``describe(key)`` plus
    ``p``: its chance), over the worlds of ``sampled_worlds`` (weighted by ``model``'s
    inference when it informs, else the prior's; ``seed`` fixes them). Probabilities are
    rounded to 4 decimals."""
    worlds, weights, weighted = sampled_worlds(root, seat, model, particles=particles,
                                               seed=seed)
    rows = []
    if counts is not None:
        for key, dist in count_distribution([counts(w, seat) for w in worlds],
                                            weights).items():
            rows.append({**describe(key), "mean": round(mean(dist), 4),
                         "p": [round(x, 4) for x in dist]})
    if flags is not None:
        for key, p in flag_probability([flags(w, seat) for w in worlds], weights).items():
            rows.append({**describe(key), "p": round(p, 4)})
    return {"kind": kind, "worlds": len(worlds), "weighted": weighted,
            "effective_worlds": round(effective_size(weights), 1), "rows": rows}
