"""Information-Set Monte Carlo Tree Search (ISMCTS), game-agnostic.

Works on any engine that follows ``games.protocol`` (``current_player``, ``legal_moves``,
``chance_outcomes``, ``apply``, ``clone``, ``is_terminal``, ``returns``, ``winners``,
``information_set_key``, ``determinize``). Nothing here knows a game.

The algorithm (Cowling, Powley & Whitehouse 2012, "Information Set Monte Carlo Tree
Search", with the node keying of OpenSpiel's ``ismcts.py``):

* **One tree per search, keyed by information sets.** A tree node is the pair
  ``(player, world.information_set_key(player))`` of the player to act, looked up in one
  table. So every decision — the searching seat's *and every opponent's* — is taken in a
  node that holds exactly what that player knows: an opponent's choices are learnt from
  its own view, never from the searching seat's (the "opponents use their own information
  set" requirement; this is the multiple-observer flavour, realised by keying rather than by
  one tree per player). Nodes with a single legal move are not stored (nothing to learn).
* **A fresh determinization every iteration:** ``root.determinize(seat, rng)`` samples a
  full world consistent with what ``seat`` has seen. Chance nodes met on the way are
  sampled from ``chance_outcomes()`` (a determinized world usually fixes them, giving one
  outcome of probability 1).
* **Availability counts in UCB.** Each edge stores ``visits``, ``total``, ``sumsq`` and
  ``available`` — how often the move was legal when its node was visited. Selection uses
  ``mean + c * sqrt(ln(available) / visits)`` with ``c = exploration`` (default 0.7).
  Moves never tried at a node are expanded first (one new edge per iteration), chosen
  uniformly at random among the untried ones.
* **Rollouts** play from the new edge to the end with a pluggable policy
  ``rollout_policy(state, moves, rng) -> move`` (uniform random by default), optionally
  truncated after ``max_rollout_depth`` decisions, where ``evaluate(state)`` must give
  every seat a reward in [0, 1]. An engine may instead pass ``playout(state, rng)``, its
  own in-place playout (Archaeology's avoids building move lists for greedy steps).
* **Returns are normalised** by a pluggable ``reward`` function of the terminal state. The
  default :func:`win_reward` is the win share (1 for a sole win, 1/k for a k-way shared win
  after the game's tie-breaks, 0 for a loss) blended with a small score-margin term:
  ``0.9 * win + 0.1 * (0.5 + 0.5 * clip((own - best other) / margin_scale, -1, 1))``. The
  margin term only orders otherwise-equal results (a lost game lost by less, a won game
  won by more), so values stay readable as "about the win probability".
* **Final choice by most visits** (ties: higher mean, then the move text).
* **Budgets:** ``iterations`` and/or ``time_limit`` (seconds); the first reached stops the
  search (``stop_reason`` says which). Without either, 1,000 iterations. The same seed
  and iteration budget give identical results: all randomness comes from ``seed`` via
  ``games.seeding.make_rng`` and every table is iterated in insertion order.

Public API::

    ismcts(root, seat, *, iterations=None, time_limit=None, seed=None, exploration=0.7,
           rollout_policy=None, max_rollout_depth=None, evaluate=None, reward=None,
           move_key=None, playout=None, check_determinization=False) -> SearchResult

``SearchResult`` carries ``moves`` (one :class:`MoveStat` per root move, best first:
``move``, ``visits``, ``mean`` reward, ``stderr`` of that mean, ``available``,
``win_rate`` and ``mean_score`` of the searching seat over the iterations through that move
that reached the end of the game), ``best``, ``iterations``, ``time_s``, ``stop_reason``
(``"iterations"``, ``"time_limit"`` or ``"single_move"``) and ``nodes`` (tree size).

Example (any protocol state; here an Archaeology player view)::

    world, seat = engine.state_from_view(view, data, seed)
    result = ismcts(world, seat, iterations=1000, seed=7)
    result.best, result.moves[0].visits, result.moves[0].stderr
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, field
from typing import Callable, Hashable, Sequence

from games.protocol import CHANCE, State, sample_chance
from games.seeding import Seed, make_rng

__all__ = [
    "ismcts", "SearchResult", "MoveStat", "win_reward", "score_reward", "uniform_policy",
    "rollout", "DEFAULT_ITERATIONS",
]

DEFAULT_ITERATIONS = 1000

#: A rollout policy picks one of ``moves`` in ``state`` (the player to act is
#: ``state.current_player()``); ``rng`` is the search's ``random.Random``.
RolloutPolicy = Callable[[State, Sequence, object], object]
#: Rewards of every seat in [0, 1] for a finished (or truncated) game.
RewardFn = Callable[[State], list]


def win_reward(margin_scale: float = 100.0, margin_weight: float = 0.1) -> RewardFn:
    """The default normalisation: win share blended with a small score-margin tiebreak.

    ``reward = (1 - w) * win + w * (0.5 + 0.5 * clip(margin / margin_scale, -1, 1))`` where
    ``win`` is 1/k if the seat is one of k winners (after the game's tie-breaks), else 0,
    and ``margin`` is the seat's score minus the best other seat's score.
    """

    def reward(state: State) -> list[float]:
        scores = state.returns()
        winners = state.winners()
        share = 1.0 / len(winners)
        out = []
        for seat, own in enumerate(scores):
            best_other = max((s for i, s in enumerate(scores) if i != seat), default=0.0)
            margin = max(-1.0, min(1.0, (own - best_other) / margin_scale))
            win = share if seat in winners else 0.0
            out.append((1.0 - margin_weight) * win + margin_weight * (0.5 + 0.5 * margin))
        return out

    return reward


def score_reward(low: float, high: float) -> RewardFn:
    """Each seat's own score mapped linearly from [low, high] onto [0, 1] (clipped)."""
    span = float(high - low) or 1.0

    def reward(state: State) -> list[float]:
        return [min(1.0, max(0.0, (s - low) / span)) for s in state.returns()]

    return reward


def uniform_policy(state: State, moves: Sequence, rng) -> object:
    """Uniformly random rollout policy."""
    return moves[int(rng.random() * len(moves))]


def rollout(state: State, rng, policy: RolloutPolicy | None = None,
            max_depth: int | None = None) -> int:
    """Play ``state`` forward in place with ``policy`` (uniform random by default) until the
    end or ``max_depth`` decisions; returns the number of decisions played."""
    decisions = 0
    while True:
        player = state.current_player()
        if player == CHANCE:
            sample_chance(state, rng)
            continue
        if player < 0:  # TERMINAL
            return decisions
        if max_depth is not None and decisions >= max_depth:
            return decisions
        moves = state.legal_moves()
        if policy is None:
            move = moves[int(rng.random() * len(moves))]
        else:
            move = policy(state, moves, rng)
        state.apply(move)
        decisions += 1


@dataclass
class MoveStat:
    """Statistics of one root move, from the searching seat's point of view."""

    move: object
    visits: int
    mean: float  # mean normalised reward
    stderr: float  # standard error of that mean (0 with fewer than 2 visits)
    available: int
    win_rate: float | None  # share of finished playouts through this move won (1/k shared)
    mean_score: float | None  # mean final score of the seat in those playouts
    finished: int = 0  # playouts through this move that reached the end of the game


@dataclass
class SearchResult:
    """What one search found (see the module docstring)."""

    seat: int
    moves: list[MoveStat]
    iterations: int
    time_s: float
    stop_reason: str
    nodes: int
    seed_used: object = None
    extra: dict = field(default_factory=dict)

    @property
    def best(self):
        """The move with the most visits (ties: higher mean, then move text)."""
        return self.moves[0].move if self.moves else None


def _stat(move, edge, extra) -> MoveStat:
    visits, total, sumsq, available = edge
    mean = total / visits if visits else 0.0
    if visits > 1:
        var = max(0.0, (sumsq - visits * mean * mean) / (visits - 1))
        stderr = math.sqrt(var / visits)
    else:
        stderr = 0.0
    wins, score_sum, finished = extra if extra else (0.0, 0.0, 0)
    return MoveStat(
        move=move, visits=visits, mean=mean, stderr=stderr, available=available,
        win_rate=(wins / finished) if finished else None,
        mean_score=(score_sum / finished) if finished else None, finished=finished,
    )


def _ranked(stats: list[MoveStat]) -> list[MoveStat]:
    return sorted(stats, key=lambda s: (-s.visits, -s.mean, str(s.move)))


def ismcts(root: State, seat: int, *, iterations: int | None = None,
           time_limit: float | None = None, seed: Seed = None, exploration: float = 0.7,
           rollout_policy: RolloutPolicy | None = None, max_rollout_depth: int | None = None,
           evaluate: RewardFn | None = None, reward: RewardFn | None = None,
           move_key: Callable[[object], Hashable] | None = None,
           playout: Callable[[State, object], None] | None = None,
           check_determinization: bool = False) -> SearchResult:
    """Search the decision of ``seat`` in ``root`` (any world ``seat`` could be in).

    ``root`` must be at a decision of ``seat`` (chance steps before it are resolved with
    the search's generator on a clone). ``move_key`` maps a move to the key stored in the
    tree (default: the move itself, which must be hashable). ``playout(state, rng)``, if
    given, replaces the whole rollout (an engine's own fast playout; it plays in place to
    the end or to a point where ``evaluate`` applies). ``evaluate`` is required when
    ``max_rollout_depth`` is set. ``check_determinization`` asserts every sampled world
    shows ``seat`` the same information-set key as ``root`` (a debugging aid).
    """
    rng = make_rng(seed)
    if iterations is None and time_limit is None:
        iterations = DEFAULT_ITERATIONS
    if max_rollout_depth is not None and evaluate is None:
        raise ValueError("max_rollout_depth needs an evaluate function")
    reward_fn = reward or win_reward()
    root = root.clone()
    while root.current_player() == CHANCE:
        sample_chance(root, rng)
    if root.current_player() != seat:
        raise ValueError(f"it is not seat {seat}'s decision (to act: {root.current_player()})")
    start = time.perf_counter()
    root_moves = list(root.legal_moves())
    key_of = move_key or (lambda m: m)
    if len(root_moves) == 1:
        only = root_moves[0]
        return SearchResult(seat, [MoveStat(only, 0, 0.0, 0.0, 0, None, None)], 0,
                            time.perf_counter() - start, "single_move", 0)
    root_key = (seat, root.information_set_key(seat)) if check_determinization else None
    deadline = start + time_limit if time_limit is not None else None

    table: dict[Hashable, dict] = {}  # (player, infoset key) -> {move key: [v, tot, sq, avail]}
    root_extra: dict[Hashable, list] = {}  # move key -> [win sum, score sum, finished]
    log = math.log
    sqrt = math.sqrt
    done = 0
    stop_reason = "iterations"
    while True:
        if iterations is not None and done >= iterations:
            stop_reason = "iterations"
            break
        if deadline is not None and done and time.perf_counter() >= deadline:
            stop_reason = "time_limit"
            break
        world = root.determinize(seat, rng)
        if root_key is not None:
            assert (seat, world.information_set_key(seat)) == root_key, "determinization leaked"
        path: list[tuple[dict, Hashable, int]] = []
        root_edge_key = None
        expanded = False
        state = world
        # --- selection and expansion -------------------------------------------------
        while True:
            player = state.current_player()
            if player == CHANCE:
                sample_chance(state, rng)
                continue
            if player < 0:
                break
            moves = state.legal_moves()
            if len(moves) == 1:
                state.apply(moves[0])
                continue
            node_key = (player, state.information_set_key(player))
            node = table.get(node_key)
            if node is None:
                node = {}
                table[node_key] = node
            untried = []
            best = None
            best_value = -1.0
            for move in moves:
                k = key_of(move)
                edge = node.get(k)
                if edge is None:
                    untried.append((move, k))
                    continue
                edge[3] += 1
                if not untried:
                    visits = edge[0]
                    value = edge[1] / visits + exploration * sqrt(log(edge[3]) / visits)
                    if value > best_value:
                        best_value = value
                        best = (move, k, edge)
            if untried:
                move, k = untried[int(rng.random() * len(untried))]
                edge = [0, 0.0, 0.0, 1]
                node[k] = edge
                # the untried moves after the first were not counted as available yet;
                # they become edges only when tried, so their availability starts at 1
                expanded = True
            else:
                move, k, edge = best
            if not path:
                root_edge_key = k  # the first stored node is the root information set
            path.append((edge, player))
            state.apply(move)
            if expanded:
                break
        # --- rollout -------------------------------------------------------------------
        if not state.is_terminal():
            if playout is not None:
                playout(state, rng)
            else:
                rollout(state, rng, rollout_policy, max_rollout_depth)
        if state.is_terminal():
            rewards = reward_fn(state)
            finished = True
        else:
            rewards = evaluate(state)
            finished = False
        # --- backpropagation -------------------------------------------------------------
        for edge, player in path:
            r = rewards[player]
            edge[0] += 1
            edge[1] += r
            edge[2] += r * r
        if root_edge_key is not None:
            extra = root_extra.get(root_edge_key)
            if extra is None:
                extra = root_extra[root_edge_key] = [0.0, 0.0, 0]
            if finished:
                winners = state.winners()
                if seat in winners:
                    extra[0] += 1.0 / len(winners)
                extra[1] += state.returns()[seat]
                extra[2] += 1
        done += 1

    elapsed = time.perf_counter() - start
    root_node = table.get((seat, root.information_set_key(seat))) or {}
    stats = []
    for move in root_moves:
        k = key_of(move)
        edge = root_node.get(k, [0, 0.0, 0.0, 0])
        stats.append(_stat(move, edge, root_extra.get(k)))
    return SearchResult(seat, _ranked(stats), done, elapsed, stop_reason, len(table))
