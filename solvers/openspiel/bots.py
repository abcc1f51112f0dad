"""Arena bots that are OpenSpiel's own searches, playing a digsite game through the adapter.

* ``openspiel-ismcts`` — OpenSpiel's Python ``ISMCTSBot`` (Cowling et al.), unchanged:
  UCT with ``uct_c`` = 0.7 (ours), most-visited final move, one random rollout per leaf
  (its ``RandomRolloutEvaluator``), a fresh world per simulation from the adapter's
  ``resample`` (our determinizer, seeded from the bot's seed so games replay exactly).
* ``openspiel-mcts`` — OpenSpiel's Python ``MCTSBot`` on determinized worlds: the budget
  is split over ``determinizations`` worlds (10, as our PIMC; fewer under 20 iterations,
  each of at least 2 simulations), each searched as if every card were face up, and the
  root visit counts are summed (the move with the most wins; ties go to the lower action
  id).

Both play the adapted game with ``utility="win"`` (the win share, what the arena counts)
and search from a world determinized from their own seat, so they cannot see hidden cards.
An OpenSpiel search runs at least 2 simulations (the first only expands the root), so both
refuse a budget of 1 iteration (``Bot.budget_refused``) rather than run more than it says.
``time_limit`` (seconds per decision) replaces the iteration budget for equal-time matches;
OpenSpiel's bots have none, so the ISMCTS one runs its own simulation step until then.
"""

from __future__ import annotations

import functools
import random
import time
from dataclasses import replace
from typing import Any, Callable, ClassVar

import numpy as np
from open_spiel.python.algorithms import ismcts as os_ismcts
from open_spiel.python.algorithms import mcts as os_mcts

from games.protocol import State
from games.seeding import Seed

from ..ismcts.bots import Bot
from ..limits import Limit
from . import adapter

__all__ = ["OpenSpielIsmctsBot", "OpenSpielMctsBot", "bots_for", "UCT_C"]

UCT_C = 0.7
DEFAULT_ITERATIONS = 1000


class _OpenSpielBot(Bot):
    def __init__(self, *, game_id: str, data: object = None, uct_c: float = UCT_C,
                 **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.game_id = game_id
        self.data = data
        self.uct_c = uct_c
        self._game: adapter.DigsiteGame | None = None

    default_iterations: ClassVar[int] = DEFAULT_ITERATIONS

    @property
    def iterations(self) -> int:
        """Simulations per decision (``limit.iterations``, default ``DEFAULT_ITERATIONS``)."""
        return self.limit.iterations or DEFAULT_ITERATIONS

    def budget(self) -> Limit:
        """The simulations of each search, and the wall clock if the limit has one."""
        return replace(self.limit, iterations=self.iterations)

    @property
    def time_limit(self) -> float | None:
        """Seconds per decision, if the limit has a wall clock."""
        return self.limit.time_limit

    def budget_refused(self) -> str | None:
        """Under :data:`MIN_SIMULATIONS` iterations (OpenSpiel's search cannot choose with
        fewer), the words that refuse the budget."""
        given = self.limit.iterations
        if given is None or given >= MIN_SIMULATIONS:
            return None
        return (f"{self.name} searches at least {MIN_SIMULATIONS} iterations a decision "
                "(OpenSpiel's first simulation only expands the root)")

    def game_for(self, state: State[Any]) -> adapter.DigsiteGame:
        if self._game is None:
            self._game = adapter.load(self.game_id, players=state.num_players, utility="win",
                                      data=self.data)
        return self._game

    def numpy_state(self) -> np.random.RandomState:
        return np.random.RandomState(self.rng.getrandbits(32))


#: Simulations an OpenSpiel search runs at the least (``search_ismcts``, and each world of
#: ``OpenSpielMctsBot``): the first only expands the root (MCTS: leaves it without
#: children).
MIN_SIMULATIONS = 2


class OpenSpielIsmctsBot(_OpenSpielBot):
    """OpenSpiel's ISMCTS (see the module docstring)."""

    name = "openspiel-ismcts"

    def choose(self, state: State[Any]) -> Any:
        moves = state.legal_moves()
        if len(moves) == 1:
            return moves[0]
        game = self.game_for(state)
        action = search_ismcts(game, state.determinize(self.seat, self.rng), rng=self.rng,
                               iterations=self.iterations,
                               time_limit=self.time_limit, uct_c=self.uct_c,
                               random_state=self.numpy_state())[0]
        return adapter.move_of(game, state, action)


def search_ismcts(game: adapter.DigsiteGame, world: State[Any], *, rng: random.Random,
                  iterations: int, time_limit: float | None = None, uct_c: float = UCT_C,
                  random_state: np.random.RandomState | None = None) -> tuple[int, int]:
    """OpenSpiel's ISMCTS from ``world`` for the player to act: ``(action, simulations)``.

    With ``time_limit`` it runs simulations until then instead of ``iterations``, repeating
    the steps of ``ISMCTSBot.run_search``. Either way at least ``MIN_SIMULATIONS``: the
    first only expands the root, and OpenSpiel's final policy asserts a visit (one
    simulation, at ``--iterations 1`` or in a time slice a loaded machine fills, was an
    internal fault)."""
    iterations = max(iterations, MIN_SIMULATIONS)
    random_state = random_state or np.random.RandomState(rng.getrandbits(32))
    evaluator = os_mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=random_state)
    bot = os_ismcts.ISMCTSBot(
        game, evaluator, uct_c, max_simulations=iterations, random_state=random_state,
        final_policy_type=os_ismcts.ISMCTSFinalPolicyType.MAX_VISIT_COUNT)
    bot.set_resampler(lambda st, player: st.resample(player, rng))
    root = adapter.state_of(game, world)
    if time_limit is None:
        policy = bot.run_search(root)
        done = iterations
    else:
        bot.reset()
        bot._root_node = bot.create_new_node(root)
        deadline = time.perf_counter() + time_limit
        done = 0
        while done < MIN_SIMULATIONS or time.perf_counter() < deadline:
            bot.run_simulation(bot.resample_from_infostate(root))
            done += 1
        policy = bot.get_final_policy(root, bot._root_node)
    actions, probs = zip(*policy)
    return int(random_state.choice(actions, p=probs)), done


class OpenSpielMctsBot(_OpenSpielBot):
    """OpenSpiel's MCTS on determinized worlds (see the module docstring)."""

    name = "openspiel-mcts"

    def __init__(self, *, determinizations: int = 10, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.determinizations = determinizations

    def choose(self, state: State[Any]) -> Any:
        moves = state.legal_moves()
        if len(moves) == 1:
            return moves[0]
        game = self.game_for(state)
        random_state = self.numpy_state()
        worlds, per_world = self.split()
        votes: dict[int, int] = {}
        deadline = None if self.time_limit is None else time.perf_counter() + self.time_limit
        for _ in range(worlds):
            bot = os_mcts.MCTSBot(
                game, self.uct_c, per_world,
                os_mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=random_state),
                solve=False, random_state=random_state)
            root = bot.mcts_search(adapter.state_of(game, state.determinize(self.seat,
                                                                             self.rng)))
            for child in root.children:
                votes[child.action] = votes.get(child.action, 0) + child.explore_count
            if deadline is not None and time.perf_counter() >= deadline:
                break
        best = max(sorted(votes), key=lambda a: votes[a])
        return adapter.move_of(game, state, best)

    def split(self) -> tuple[int, int]:
        """``(worlds, simulations a world)`` of a decision, within the budget: each world at
        least :data:`MIN_SIMULATIONS` (one leaves the root without children: no votes), so
        under ``determinizations`` x 2 iterations fewer worlds (10 worlds of 2, 20
        simulations, ran at ``--iterations 1``).

        >>> OpenSpielMctsBot(game_id="lootnrun", seat=0, limit=Limit(iterations=5)).split()
        (2, 2)
        """
        iterations = max(self.iterations, MIN_SIMULATIONS)  # (a budget of 1 is refused)
        worlds = max(1, min(self.determinizations, iterations // MIN_SIMULATIONS))
        return worlds, iterations // worlds


def _factory(cls: type[_OpenSpielBot], game_id: str, data: object, *, seat: int,
             seed: Seed = None, limit: Limit = Limit(), **options: Any) -> Bot:
    return cls(game_id=game_id, data=data, seat=seat, seed=seed, limit=limit, **options)


def bots_for(game_id: str, data: object = None) -> dict[str, Callable[..., Bot]]:
    """``{"openspiel-ismcts": factory, "openspiel-mcts": factory}`` for an adapted game
    (``{}`` for others); factories take the arena's ``seat``, ``seed``, ``iterations``."""
    if game_id not in adapter.adapted_games():
        return {}
    return {cls.name: functools.partial(_factory, cls, game_id, data)
            for cls in (OpenSpielIsmctsBot, OpenSpielMctsBot)}
