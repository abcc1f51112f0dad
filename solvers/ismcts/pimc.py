"""Determinized UCT ("perfect-information Monte Carlo", PIMC): the classic baseline.

Sample ``determinizations`` worlds from what the searching seat has seen; search each with
plain UCT as if every card were face up (tree nodes are move paths in that one world, every
seat — opponents included — choosing with full knowledge of it); sum the root visits over
the worlds ("votes") and play the move with the most. Its known flaws (strategy fusion,
non-locality) are what ISMCTS fixes; the benchmark measures the difference.

API::

    pimc(root, seat, *, iterations=None, time_limit=None, determinizations=10, seed=None,
         exploration=0.7, rollout_policy=None, reward=None, move_key=None, playout=None,
         sampler=None) -> SearchResult

``iterations`` is the total over all worlds (split evenly), so PIMC and ISMCTS compare at
equal cost. ``SearchResult.moves`` carries summed visits and visit-weighted mean rewards.
``sampler(root, seat, rng) -> world`` replaces the engine's determinizer as in
:func:`solvers.ismcts.search.ismcts`.
"""

from __future__ import annotations

import math
import random
import time
from typing import Any, Callable, Hashable

from games.protocol import CHANCE, State, sample_chance
from games.seeding import Seed, make_rng
from .. import interrupt

from .search import (DEFAULT_ITERATIONS, MoveStat, RewardFn, RolloutPolicy, Sampler,
                     SearchResult, ranked, move_stat, rollout, win_reward)

__all__ = ["pimc"]


class _Edge:
    """A move of a node: its visits, the sum of its rewards and of their squares, the node
    it leads to (once visited twice) and the move itself."""

    __slots__ = ("visits", "total", "sumsq", "child", "move")

    def __init__(self, move: Hashable) -> None:
        self.visits = 0
        self.total = 0.0
        self.sumsq = 0.0
        self.child: _Node | None = None
        self.move = move


class _Node:
    __slots__ = ("children", "visits")

    def __init__(self) -> None:
        self.children: dict[Hashable, _Edge] = {}  # by move key
        self.visits = 0


def pimc(root: State[Any], seat: int, *, iterations: int | None = None,
         time_limit: float | None = None, determinizations: int = 10, seed: Seed = None,
         exploration: float = 0.7, rollout_policy: RolloutPolicy | None = None,
         reward: RewardFn | None = None, move_key: Callable[[object], Hashable] | None = None,
         playout: Callable[[State[Any], random.Random], None] | None = None,
         sampler: Sampler | None = None) -> SearchResult:
    """Determinized UCT for ``seat`` in ``root`` (see the module docstring)."""
    rng = make_rng(seed)
    if iterations is None and time_limit is None:
        iterations = DEFAULT_ITERATIONS
    reward_fn = reward or win_reward()
    key_of: Callable[[Any], Hashable] = move_key or (lambda m: m)
    root = root.clone()
    while root.current_player() == CHANCE:
        sample_chance(root, rng)
    start = time.perf_counter()
    root_moves = list(root.legal_moves())
    if len(root_moves) == 1:
        return SearchResult(seat, [MoveStat(root_moves[0], 0, 0.0, 0.0, 0, None, None)], 0,
                            time.perf_counter() - start, "single_move", 0)
    deadline = start + time_limit if time_limit is not None else None
    per_world = None if iterations is None else max(1, iterations // determinizations)
    totals = {key_of(m): _Edge(m) for m in root_moves}  # summed over the worlds
    done = 0
    nodes = 0
    stop_reason = "iterations"
    log, sqrt = math.log, math.sqrt
    for d in range(determinizations):
        world = root.determinize(seat, rng) if sampler is None else sampler(root, seat, rng)
        tree = _Node()
        nodes += 1
        count = 0
        while per_world is None or count < per_world:
            if deadline is not None and done and time.perf_counter() >= deadline:
                stop_reason = "time_limit"
                break
            if done and interrupt.requested():  # Ctrl-C: the ranking so far
                stop_reason = interrupt.INTERRUPTED
                break
            state = world.clone()
            node = tree
            path: list[tuple[_Edge, int]] = []
            while True:
                player = state.current_player()
                if player == CHANCE:
                    sample_chance(state, rng)
                    continue
                if player < 0:
                    break
                moves = state.legal_moves()
                node.visits += 1
                children = node.children
                untried = [m for m in moves if key_of(m) not in children]
                if untried:
                    mv = untried[int(rng.random() * len(untried))]
                    edge = children[key_of(mv)] = _Edge(mv)
                    path.append((edge, player))
                    state.apply(mv)
                    break
                lnn = log(node.visits)
                # the first move with the highest UCB value
                best, best_value = children[key_of(moves[0])], -math.inf
                for m in moves:
                    edge = children[key_of(m)]
                    value = edge.total / edge.visits + exploration * sqrt(lnn / edge.visits)
                    if value > best_value:
                        best, best_value = edge, value
                path.append((best, player))
                state.apply(best.move)
                if best.child is None:
                    best.child = _Node()
                    nodes += 1
                node = best.child
            if not state.is_terminal():
                if playout is not None:
                    playout(state, rng)
                else:
                    rollout(state, rng, rollout_policy)
            rewards = reward_fn(state)
            for edge, player in path:
                r = rewards[player]
                edge.visits += 1
                edge.total += r
                edge.sumsq += r * r
            count += 1
            done += 1
        for k, edge in tree.children.items():
            acc = totals[k]
            acc.visits += edge.visits
            acc.total += edge.total
            acc.sumsq += edge.sumsq
        if stop_reason != "iterations":
            break
    stats = []
    for m in root_moves:
        acc = totals[key_of(m)]
        stats.append(move_stat(m, acc.visits, acc.total, acc.sumsq, done))
    return SearchResult(seat, ranked(stats), done, time.perf_counter() - start, stop_reason,
                        nodes)
