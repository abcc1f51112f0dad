"""Arena players: a tiny interface and the generic bots.

A bot is made per seat and game by a factory ``factory(*, seat, seed, limit)`` — in
practice a bot class: a game's ``BOTS`` table maps names to classes, a game's own bots being
small subclasses that fix a policy or search options as class attributes — and answers
``bot.choose(state) -> move`` for a decision of its seat. ``state`` is the true
world (the arena holds it); a bot may only use what its seat has seen, which the search
bots guarantee by determinizing from their seat and the heuristic bots by reading only the
seat's own hand and public fields.

Generic bots (game-specific ones, e.g. a greedy heuristic, live in the game's service
module and follow the same interface):

* :class:`RandomBot` — a uniformly random legal move.
* :class:`PolicyBot` — any ``policy(state, moves, rng) -> move`` (wraps heuristics).
* :class:`IsmctsBot` — :func:`solvers.ismcts.search.ismcts` with a fixed budget per
  decision (``limit``: iterations and/or seconds), on one tree or ``limit.workers``
  root-parallel trees (:mod:`solvers.ismcts.parallel`); with an opponent ``model``, its
  worlds weighted by the opponents' observed play (:mod:`solvers.ismcts.inference`).
* :class:`PimcBot` — :func:`solvers.ismcts.pimc.pimc` (determinized UCT) with the same.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any, Callable, ClassVar, Sequence

from games.seeding import Seed, make_rng

from ..limits import Limit
from .inference import DEFAULT_PARTICLES, OpponentModel, inference_sampler
from .parallel import root_parallel
from .pimc import pimc
from .search import DEFAULT_ITERATIONS

__all__ = ["Bot", "RandomBot", "PolicyBot", "IsmctsBot", "PimcBot"]


class Bot(ABC):
    """Base: ``choose(state) -> move`` for a decision of ``self.seat``, within ``limit`` per
    decision for a searching bot (``Limit()``: the bot's own default)."""

    name = "bot"
    #: The iterations a search of this bot runs when its limit gives no budget (``None``:
    #: the bot does not search, whatever its limit).
    default_iterations: ClassVar[int | None] = None
    #: What one search of the bot chooses: a ``"decision"``, or a whole ``"turn"``.
    search_per: ClassVar[str] = "decision"

    def __init__(self, *, seat: int, seed: Seed = None, limit: Limit = Limit()) -> None:
        self.seat = seat
        self.rng = make_rng(seed)
        self.limit = limit

    def budget(self) -> Limit | None:
        """What each search of this bot spends: its ``limit``, with the bot's default where
        the limit gives no budget; ``None`` for a bot that does not search. The arena
        states it (``solvers.results.BotBudget``)."""
        if self.default_iterations is None:
            return None
        return self.limit.resolve(self.default_iterations)

    def budget_refused(self) -> str | None:
        """Why this bot cannot search within its ``limit`` (``None``: it can), in words
        naming the bot: a budget under the fewest iterations its search runs. The arena
        refuses such a match before its first game rather than spend more than it says."""
        return None

    @abstractmethod
    def choose(self, state: Any) -> Any:
        """The move this bot plays in ``state`` (a decision of its seat). ``Any``: a state
        of the bot's game and one of its moves (a game's own bots take its own state type;
        the generic ones any ``games.protocol.State``)."""


class RandomBot(Bot):
    """A uniformly random legal move."""

    name = "random"

    def choose(self, state: Any) -> Any:
        moves = state.legal_moves()
        return moves[self.rng.randrange(len(moves))]


class PolicyBot(Bot):
    """Plays ``policy(state, moves, rng)``: given here, or fixed by a subclass as
    ``policy = staticmethod(f)``."""

    name = "policy"
    policy: Callable[[Any, Sequence[Any], Any], Any] | None = None

    def __init__(self, policy: Callable[[Any, Sequence[Any], Any], Any] | None = None,
                 **kwargs: Any) -> None:
        super().__init__(**kwargs)
        if policy is not None:
            self.policy = policy
        if self.policy is None:
            raise TypeError(f"{type(self).__name__} has no policy")
        self._play = self.policy  # the policy, known here not to be None

    def choose(self, state: Any) -> Any:
        moves = state.legal_moves()
        if len(moves) == 1:
            return moves[0]
        return self._play(state, moves, self.rng)


class IsmctsBot(Bot):
    """ISMCTS within ``limit`` per decision (iterations and/or seconds; default
    ``DEFAULT_ITERATIONS``), on ``limit.workers`` root-parallel trees (1: a single tree);
    ``search_options`` (given, or a subclass's class attribute) are passed on to
    :func:`ismcts` (rollout policy, reward, exploration, ...). ``model`` (a subclass's
    class attribute: an ``inference.OpponentModel``, or ``None``) weights each decision's
    worlds by the opponents' play (``particles`` of them); where it changes nothing the
    bot searches exactly as without it."""

    name = "ismcts"
    default_iterations: ClassVar[int] = DEFAULT_ITERATIONS
    search_options: dict[str, Any] = {}
    model: OpponentModel | None = None
    particles = DEFAULT_PARTICLES

    def __init__(self, *, search_options: dict[str, Any] | None = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.options = dict(self.search_options if search_options is None else search_options)

    def choose(self, state: Any) -> Any:
        moves = state.legal_moves()
        if len(moves) == 1:
            return moves[0]
        limit = self.limit.resolve(self.default_iterations)
        seed = self.rng.getrandbits(63)
        options = self.options
        sampler = inference_sampler(state, self.seat, self.model, particles=self.particles,
                                    seed=seed)
        if sampler is not None:
            options = {**options, "sampler": sampler}
        result = root_parallel(state, self.seat, workers=limit.workers, seed=seed,
                               iterations=limit.iterations, time_limit=limit.time_limit,
                               **options)
        return result.best


class PimcBot(Bot):
    """Determinized UCT at the same total budget as :class:`IsmctsBot`."""

    name = "pimc"
    default_iterations: ClassVar[int] = DEFAULT_ITERATIONS
    search_options: dict[str, Any] = {}

    def __init__(self, *, search_options: dict[str, Any] | None = None,
                 determinizations: int = 10, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.options = dict(self.search_options if search_options is None else search_options)
        self.determinizations = determinizations

    def choose(self, state: Any) -> Any:
        moves = state.legal_moves()
        if len(moves) == 1:
            return moves[0]
        limit = self.limit.resolve(self.default_iterations)
        result = pimc(state, self.seat, iterations=limit.iterations,
                      time_limit=limit.time_limit, determinizations=self.determinizations,
                      seed=self.rng.getrandbits(63), **self.options)
        return result.best

