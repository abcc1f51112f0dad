"""Inference from the opponents' play: sampled worlds weighted by how likely each other
seat's observed decisions were in them, under an opponent model. Game-agnostic.

The exact sampler (``root.determinize``) is the **prior**: it gives every world the seat
cannot rule out its probability under the deal, and treats an observed move as evidence
only in that it was legal. An :class:`OpponentModel` adds the policy evidence
("policy-based inference", as in Skat: Solinas, Rebstock & Buro 2019): for a sampled
world, ``log_likelihood(world, seat)`` is the log of how much more likely the other
seats' observed decisions are in that world than in a world where their choices carry no
information. Only differences between worlds matter; a model that prefers nothing gives
every world the same weight.

:class:`WorldPool` is the **particle resample**: ``particles`` worlds drawn from the prior
(with the pool's own generator), each weighted by ``exp(log_likelihood)``; the search then
draws each iteration's world from the pool in proportion to the weights (a clone of it, as
a determinization is played on in place). :func:`inference_sampler` builds the pool for a
search, or returns ``None`` when the model would change nothing, and a search given
``None`` samples exactly as without inference:

* the model is off (``None``), or says it cannot inform this position
  (``model.informative(root, seat)`` false: a temperature fitted to a uniformly random
  player, no decision of another seat observed yet);
* every particle has the same weight (the observed decisions say nothing here).

The pool draws its particles from its own seed, never the search's generator, so in those
cases the search's worlds are draw for draw the ones it samples without inference.

Beliefs (``solvers.ismcts.beliefs``) read the same weighted particles.

Example::

    sampler = inference_sampler(world, seat, model, particles=256, seed=7)
    result = ismcts(world, seat, iterations=1000, seed=7, sampler=sampler)
"""

from __future__ import annotations

import math
import random
from typing import Any, Protocol, Sequence

from games.protocol import State
from games.seeding import Seed, make_rng

__all__ = ["OpponentModel", "WorldPool", "inference_sampler", "effective_size",
           "DEFAULT_PARTICLES", "pool_seed", "fit_agreement", "Fit", "sampled_worlds",
           "chosen_model"]

#: Particles per pool: enough for 1,000 iterations to meet most worlds of weight more than
#: a few per mille, few enough that sampling them costs a fraction of the search.
DEFAULT_PARTICLES = 256
#: The pool's seed is the search's seed mixed with this constant (an independent stream
#: that draws nothing from the search's generator).
_POOL_SALT = 0x5EED_1F0E


class OpponentModel(Protocol):
    """What a game's opponent model offers the inference (see the module docstring)."""

    def informative(self, root: State[Any], seat: int) -> bool:
        """Whether any world could weigh differently from another in ``root`` for
        ``seat`` (false: the search samples as without inference)."""

    def log_likelihood(self, world: State[Any], seat: int) -> float:
        """Log of the other seats' observed decisions' likelihood ratio in ``world``."""


def chosen_model(inference: bool | None, default: bool,
                 model: OpponentModel) -> OpponentModel | None:
    """``model`` if inference is on (``inference``, or the game's ``default`` when it is
    ``None``), else ``None``."""
    return model if (default if inference is None else inference) else None


def pool_seed(seed: Seed) -> int | None:
    """The pool's seed derived from a search's integer seed (``None`` stays ``None``:
    fresh entropy, as the search's own)."""
    if seed is None:
        return None
    if isinstance(seed, int):
        return (seed ^ _POOL_SALT) & (2**63 - 1)
    return make_rng(seed).getrandbits(63)


class WorldPool:
    """``particles`` worlds from ``root.determinize(seat, ...)`` with their weights under
    ``model``; called as a sampler it returns a clone of a particle drawn by weight with
    the search's generator. ``log_weights`` keeps every particle's log-likelihood,
    ``weights`` the normalised weights (summing to 1)."""

    __slots__ = ("worlds", "log_weights", "weights", "_cumulative")

    def __init__(self, root: State[Any], seat: int, model: OpponentModel, *,
                 particles: int = DEFAULT_PARTICLES, seed: Seed = None) -> None:
        if particles < 1:
            raise ValueError("a world pool needs at least one particle")
        rng = make_rng(seed)
        self.worlds = [root.determinize(seat, rng) for _ in range(particles)]
        self.log_weights = [model.log_likelihood(w, seat) for w in self.worlds]
        top = max(self.log_weights)
        raw = [math.exp(x - top) for x in self.log_weights]  # the largest weighs 1
        total = sum(raw)
        self.weights = [w / total for w in raw]
        cumulative: list[float] = []
        acc = 0.0
        for w in raw:
            acc += w
            cumulative.append(acc)
        self._cumulative = cumulative

    @property
    def uniform(self) -> bool:
        """Every particle weighs the same (the evidence changes nothing here)."""
        first = self.log_weights[0]
        return all(x == first for x in self.log_weights)

    def index(self, rng: random.Random) -> int:
        """A particle's index drawn in proportion to its weight."""
        cumulative = self._cumulative
        target = rng.random() * cumulative[-1]
        low, high = 0, len(cumulative) - 1
        while low < high:  # the first cumulative weight above the target
            mid = (low + high) // 2
            if cumulative[mid] > target:
                high = mid
            else:
                low = mid + 1
        return low

    def __call__(self, root: State[Any], seat: int, rng: random.Random) -> State[Any]:
        return self.worlds[self.index(rng)].clone()

    def effective_size(self) -> float:
        """Kish's effective sample size of the weights (``particles`` when uniform)."""
        return effective_size(self.weights)


def effective_size(weights: Sequence[float]) -> float:
    """``(sum w)^2 / sum w^2``: how many equally weighted samples the weights are worth.

    >>> effective_size([0.25] * 4), round(effective_size([0.7, 0.1, 0.1, 0.1]), 2)
    (4.0, 1.92)
    """
    total = sum(weights)
    squares = sum(w * w for w in weights)
    return total * total / squares if squares else 0.0


def inference_sampler(root: State[Any], seat: int, model: OpponentModel | None, *,
                      particles: int = DEFAULT_PARTICLES, seed: Seed = None
                      ) -> WorldPool | None:
    """The weighted pool for a search of ``seat`` in ``root`` (its seed from the search's
    ``seed`` by :func:`pool_seed`), or ``None`` when it would change nothing (module
    docstring): then the search samples exactly as without inference."""
    if model is None or not model.informative(root, seat):
        return None
    pool = WorldPool(root, seat, model, particles=particles, seed=pool_seed(seed))
    return None if pool.uniform else pool


def sampled_worlds(root: State[Any], seat: int, model: OpponentModel | None, *,
                   particles: int = DEFAULT_PARTICLES, seed: Seed = None
                   ) -> tuple[list[State[Any]], list[float], bool]:
    """``(worlds, weights, weighted)``: the pool :func:`inference_sampler` would search
    (``weighted`` true), or, when it would change nothing, ``particles`` worlds of the
    prior drawn from the same seed with equal weights (what beliefs read)."""
    pool = inference_sampler(root, seat, model, particles=particles, seed=seed)
    if pool is not None:
        return pool.worlds, pool.weights, True
    rng = make_rng(pool_seed(seed))
    worlds = [root.determinize(seat, rng) for _ in range(particles)]
    return worlds, [1.0 / particles] * particles, False


class Fit:
    """The fitted inverse temperature ``beta`` of an agreement model (below), the
    decisions it was fitted on, and the log-likelihood gain over ``beta = 0``."""

    __slots__ = ("beta", "decisions", "agreed", "gain")

    def __init__(self, beta: float, decisions: int, agreed: int, gain: float) -> None:
        self.beta, self.decisions, self.agreed, self.gain = beta, decisions, agreed, gain

    def __repr__(self) -> str:
        return (f"Fit(beta={self.beta:.3f}, decisions={self.decisions}, agreed={self.agreed}, "
                f"gain={self.gain:.1f})")


#: Half the 99% quantile of the chi-square law with one degree of freedom: a fitted beta
#: whose log-likelihood gain over beta = 0 is below it is not told apart from 0 (a strict
#: test: a player the policy does not predict must get the flat model).
_LR_THRESHOLD = 6.6348966010212145 / 2


def fit_agreement(data: Sequence[tuple[bool, float]], *, max_beta: float = 20.0) -> Fit:
    """Maximum-likelihood ``beta`` of the softmax that gives the reference policy's move
    weight ``e^beta`` and every other legal move weight 1: ``P(agree) = e^beta / (e^beta +
    n - 1)`` at a decision of ``n`` legal moves. ``data``: ``(agreed, n)`` per observed
    decision (decisions with one move are ignored; ``n`` need not be whole: a choice of
    ``k`` of ``m`` moves, all weighing ``e^beta``, has ``n = 1 + (m - k) / k``). A ``beta`` the data cannot tell from 0
    (likelihood-ratio test at 1%), or below it (a player who avoids the policy's move more
    than chance would is no player to model), is returned as 0: a player that ignores the
    policy, such as a uniformly random one, gets the model that changes no weight.

    >>> fit_agreement([(False, 4)] * 30 + [(True, 4)] * 10).beta
    0.0
    >>> round(fit_agreement([(True, 4)] * 30 + [(False, 4)] * 10).beta, 3)
    2.197
    """
    points = [(bool(a), n) for a, n in data if n > 1]
    agreed = sum(a for a, _ in points)

    def loglik(beta: float) -> float:
        e = math.exp(beta)
        return sum((beta if a else 0.0) - math.log(e + n - 1) for a, n in points)

    def slope(beta: float) -> float:  # d loglik / d beta: agreements minus expected ones
        e = math.exp(beta)
        return agreed - sum(e / (e + n - 1) for _, n in points)

    if not points:
        return Fit(0.0, 0, 0, 0.0)
    # loglik is concave in beta: bisect its slope on [-max_beta, max_beta]
    low, high = -max_beta, max_beta
    if slope(high) > 0:
        beta = high
    elif slope(low) < 0:
        beta = low
    else:
        for _ in range(100):
            mid = (low + high) / 2
            if slope(mid) > 0:
                low = mid
            else:
                high = mid
        beta = (low + high) / 2
    gain = loglik(beta) - loglik(0.0)
    if gain < _LR_THRESHOLD or beta < 0:
        beta = 0.0
    return Fit(beta, len(points), agreed, gain)
