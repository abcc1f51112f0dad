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
  outcome of probability 1). A ``sampler(root, seat, rng) -> world`` given replaces the
  engine's determinizer (OpenSpiel's plug-in resampler): worlds weighted by what the
  opponents did (``solvers.ismcts.inference``), or the true world (:func:`true_world`,
  the headroom benchmark's cheating search).
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
* **Decisions of several moves** (optional ``unit_open(state) -> bool``): when one choice of
  the searching seat is played as several engine moves (Archaeology's trade: ``take`` and
  ``give`` steps; its sandstorm discard: one ``discard`` per card), the root move and the
  seat's moves after it while ``unit_open`` holds form one *unit*; ``SearchResult.units``
  holds the statistics of every unit completed inside the tree (an iteration that leaves
  the tree mid-unit, to finish it in the playout, counts for no unit).
  ``extra_root_moves`` adds moves to the root's options in every determinization (a
  whole unit as one move the engine can apply, e.g. a played trade a review must value;
  the caller guarantees each is legal at the root). A root
  with one legal move is searched all the same where that move opens a unit with a choice
  ahead (a sandstorm discard whose first card is forced, its second not); where the whole
  unit is forced the result is ``"single_move"``, its ``units`` the one forced unit.
* **Playouts through one root decision** (``through``, ``through_playouts``): after the
  budget, ``through_playouts`` more iterations each play ``through`` at the root (a legal
  move, or a whole unit the engine can apply, as ``extra_root_moves``) and go on below it
  as any iteration does (selection by UCB, expansion, rollout, backpropagation below the
  root). Their statistics are kept apart in ``SearchResult.through``; every root move's
  (and unit's) statistics are the budget's alone, as without it. A review values the move
  played by them where the search left it early (``solvers.review``). None are played when
  the budget's iterations already took ``through``'s root edge ``through_playouts`` times,
  unless ``through_always``: a review values the hint's best move by as many of them as
  the move played, so that the two are the same kind of estimate (``solvers.review``).
* **Budgets:** ``iterations`` and/or ``time_limit`` (seconds; or ``deadline``, the
  ``time.monotonic()`` instant a caller's limit ends); the first reached stops the search
  (``stop_reason`` says which). Without either, 1,000 iterations. The same seed
  and iteration budget give identical results: all randomness comes from ``seed`` via
  ``games.seeding.make_rng`` and every table is iterated in insertion order.

Public API::

    ismcts(root, seat, *, iterations=None, time_limit=None, seed=None, exploration=0.7,
           rollout_policy=None, max_rollout_depth=None, evaluate=None, reward=None,
           move_key=None, playout=None, check_determinization=False, unit_open=None,
           extra_root_moves=(), deadline=None, sampler=None, through=None,
           through_playouts=0, through_always=False) -> SearchResult

``SearchResult`` carries ``moves`` (one :class:`MoveStat` per root move, best first:
``move``, ``visits``, ``mean`` reward, ``stderr`` of that mean, ``available``,
``win_rate`` and ``mean_score`` of the searching seat over the iterations through that move
that reached the end of the game), ``best``, ``iterations``, ``elapsed_s`` (the measured
wall time: a hint reports the limit it was *given*, never this), ``stop_reason``
(``"iterations"``, ``"time_limit"`` or ``"single_move"``), ``nodes`` (tree size) and
``through`` (the playouts through ``through``, or ``None`` where none were played).

Example (any protocol state; here an Archaeology player view)::

    world, seat = engine.state_from_view(view, data, seed)
    result = ismcts(world, seat, iterations=1000, seed=7)
    result.best, result.moves[0].visits, result.moves[0].stderr
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, field
import random
from typing import Any, Callable, Hashable, Sequence, cast

from games.errors import InternalFault
from games.protocol import CHANCE, State, sample_chance
from games.seeding import Seed, make_rng
from solvers.clock import deadline_of, expired
from .. import interrupt

__all__ = [
    "ismcts", "SearchResult", "MoveStat", "win_reward", "score_reward", "uniform_policy",
    "rollout", "DEFAULT_ITERATIONS", "move_stat", "ranked", "true_world", "Sampler",
]

DEFAULT_ITERATIONS = 1000

#: A rollout policy picks one of ``moves`` in ``state`` (the player to act is
#: ``state.current_player()``); ``rng`` is the search's ``random.Random``.
RolloutPolicy = Callable[[State[Any], Sequence[Any], random.Random], Any]
#: Rewards of every seat in [0, 1] for a finished (or truncated) game.
RewardFn = Callable[[State[Any]], list[float]]
#: A world sampler ``sampler(root, seat, rng) -> world``: a full world for one iteration,
#: which the search plays on in place (default: ``root.determinize(seat, rng)``).
Sampler = Callable[[State[Any], int, random.Random], State[Any]]


def true_world(root: State[Any], seat: int, rng: random.Random) -> State[Any]:
    """The "sampler" of a search that cheats: the root itself, every hidden card as it
    truly is (the headroom benchmark: no inference of the hidden cards can do better).
    Only meaningful when ``root`` is the true world (an arena's state), never a view's."""
    return root.clone()


def win_reward(margin_scale: float = 100.0, margin_weight: float = 0.1) -> RewardFn:
    """The default normalisation: win share blended with a small score-margin tiebreak.

    ``reward = (1 - w) * win + w * (0.5 + 0.5 * clip(margin / margin_scale, -1, 1))`` where
    ``win`` is 1/k if the seat is one of k winners (after the game's tie-breaks), else 0,
    and ``margin`` is the seat's score minus the best other seat's score.
    """

    def reward(state: State[Any]) -> list[float]:
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

    def reward(state: State[Any]) -> list[float]:
        return [min(1.0, max(0.0, (s - low) / span)) for s in state.returns()]

    return reward


def uniform_policy(state: State[Any], moves: Sequence[Any], rng: random.Random) -> Any:
    """Uniformly random rollout policy."""
    return moves[int(rng.random() * len(moves))]


def rollout(state: State[Any], rng: random.Random, policy: RolloutPolicy | None = None,
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
    """Statistics of one root move, from the searching seat's point of view. The raw sums
    (``total``, ``sumsq``, ``win_sum``, ``score_sum``) let independent trees be merged
    exactly (``solvers.ismcts.parallel``)."""

    move: Any  # (Any, not object: mypyc resolves a dataclass field's type by name)
    visits: int
    mean: float  # mean normalised reward
    stderr: float  # standard error of that mean (0 with fewer than 2 visits)
    available: int
    win_rate: float | None  # share of finished playouts through this move won (1/k shared)
    mean_score: float | None  # mean final score of the seat in those playouts
    finished: int = 0  # playouts through this move that reached the end of the game
    total: float = 0.0  # sum of the rewards
    sumsq: float = 0.0  # sum of their squares
    win_sum: float = 0.0  # wins (1/k for a k-way shared win) over the finished playouts
    score_sum: float = 0.0  # the seat's final scores summed over them


@dataclass
class SearchResult:
    """What one search found (see the module docstring)."""

    seat: int
    moves: list[MoveStat]
    iterations: int
    elapsed_s: float  # measured wall-clock seconds (a hint reports the limit given, not this)
    stop_reason: str
    nodes: int
    seed_used: Any = None
    extra: dict[str, Any] = field(default_factory=dict)
    #: With ``unit_open``: one stat per unit completed in the tree, ``move`` the tuple of
    #: its moves, ranked as ``moves`` (module docstring).
    units: list[MoveStat] | None = None
    #: With ``through``: the playouts played through it after the budget (module
    #: docstring), ``None`` where none were.
    through: MoveStat | None = None

    @property
    def best(self) -> object:
        """The move with the most visits (ties: higher mean, then move text)."""
        return self.moves[0].move if self.moves else None


def move_stat(move: Any, visits: int, total: float, sumsq: float, available: int,
              win_sum: float = 0.0, score_sum: float = 0.0, finished: int = 0) -> MoveStat:
    """A :class:`MoveStat` from raw sums (mean, standard error and rates derived here)."""
    mean = total / visits if visits else 0.0
    if visits > 1:
        var = max(0.0, (sumsq - visits * mean * mean) / (visits - 1))
        stderr = math.sqrt(var / visits)
    else:
        stderr = 0.0
    return MoveStat(
        move=move, visits=visits, mean=mean, stderr=stderr, available=available,
        win_rate=(win_sum / finished) if finished else None,
        mean_score=(score_sum / finished) if finished else None, finished=finished,
        total=total, sumsq=sumsq, win_sum=win_sum, score_sum=score_sum)


def ranked(stats: list[MoveStat]) -> list[MoveStat]:
    """``stats`` best first: most visits, then higher mean, then the move text."""
    return sorted(stats, key=lambda s: (-s.visits, -s.mean, str(s.move)))


class _Tree:
    """One ISMCTS tree and the phases of an iteration, each a small method (OpenSpiel's
    layout): :meth:`select` (descend by UCB with availability counts, expanding one new
    edge), :meth:`simulate` (the rollout), :meth:`backpropagate`. ``table`` maps
    ``(player, information-set key)`` to ``{move key: [visits, total, sumsq, available]}``;
    ``root_extra`` maps a root move key to ``[win sum, score sum, finished]``."""

    __slots__ = ("seat", "rng", "exploration", "key_of", "reward_fn", "evaluate", "playout",
                 "rollout_policy", "max_rollout_depth", "table", "root_extra", "unit_open",
                 "extra_root_moves", "units")

    def __init__(self, seat: int, rng: random.Random, *, exploration: float,
                 key_of: Callable[[Any], Hashable], reward_fn: RewardFn,
                 evaluate: RewardFn | None,
                 playout: Callable[[State[Any], random.Random], None] | None,
                 rollout_policy: RolloutPolicy | None, max_rollout_depth: int | None,
                 unit_open: Callable[[State[Any]], bool] | None = None,
                 extra_root_moves: Sequence[Any] = ()) -> None:
        self.seat = seat
        self.rng = rng
        self.exploration = exploration
        self.key_of = key_of
        self.reward_fn = reward_fn
        self.evaluate = evaluate
        self.playout = playout
        self.rollout_policy = rollout_policy
        self.max_rollout_depth = max_rollout_depth
        self.table: dict[Hashable, dict[Hashable, list[Any]]] = {}
        self.root_extra: dict[Hashable, list[Any]] = {}
        self.unit_open = unit_open
        self.extra_root_moves = tuple(extra_root_moves)
        #: unit key (tuple of move keys) -> [moves, visits, total, sumsq, win sum,
        #: score sum, finished]
        self.units: dict[tuple[Hashable, ...], list[Any]] = {}

    def iterate(self, world: State[Any]) -> None:
        """One iteration from a determinized ``world`` (played on in place)."""
        unit: list[Any] | None = [] if self.unit_open is not None else None
        path, root_edge_key = self.select(world, unit)
        finished, rewards = self.simulate(world)
        self.backpropagate(path, rewards)
        if root_edge_key is not None:
            self.record_root(root_edge_key, world, finished)
            if unit and unit[-1] is None:  # a unit completed inside the tree
                self.record_unit(unit[:-1], world, finished, rewards[self.seat])

    def iterate_through(self, world: State[Any], move: Any) -> tuple[bool, list[float]]:
        """One iteration from a determinized ``world`` that plays ``move`` at the root and
        goes on as any iteration does below it (``through``: the root's statistics are left
        as they are): ``(reached the end, every seat's reward)``."""
        world.apply(move)
        path, _ = self.select(world, root=False)
        finished, rewards = self.simulate(world)
        self.backpropagate(path, rewards)
        return finished, rewards

    def select(self, state: State[Any], unit: list[Any] | None = None, root: bool = True
               ) -> tuple[list[tuple[list[Any], int]], Hashable]:
        """Selection and expansion, in place: ``(path of (edge, player), root move key)``.
        ``unit`` (a list, with ``unit_open``) collects the root move and the moves that
        continue it, then ``None`` once the unit is complete. ``root`` false: ``state`` is
        below the root (no root move is chosen here, and ``None`` is its key)."""
        table = self.table
        key_of = self.key_of
        rng = self.rng
        exploration = self.exploration
        log = math.log
        sqrt = math.sqrt
        path: list[tuple[list[Any], int]] = []
        root_edge_key = None
        at_root = root  # (until the first node of several moves: the root's)
        while True:
            player = state.current_player()
            if player == CHANCE:
                sample_chance(state, rng)
                continue
            if player < 0:
                return path, root_edge_key
            moves = state.legal_moves()
            if at_root and self.extra_root_moves:
                moves = [*moves, *self.extra_root_moves]
            if len(moves) == 1:
                state.apply(moves[0])
                # (the root's one move too: it opens a unit with a choice ahead, ``_forced``)
                if unit is not None and (not unit or unit[-1] is not None):
                    self._continue_unit(unit, moves[0], state)
                continue
            node_key = (player, state.information_set_key(player))
            node = table.get(node_key)
            if node is None:
                node = table[node_key] = {}
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
                # the untried moves after the first were not counted as available yet;
                # they become edges only when tried, so their availability starts at 1
                edge = node[k] = [0, 0.0, 0.0, 1]
            else:  # (every move tried: ``best`` is set)
                move, k, edge = cast(tuple[Any, Hashable, list[Any]], best)
            if at_root:
                root_edge_key = k  # the first stored node is the root information set
                at_root = False
            path.append((edge, player))
            state.apply(move)
            if unit is not None and (not unit or unit[-1] is not None):
                self._continue_unit(unit, move, state)
            if untried:
                return path, root_edge_key

    def simulate(self, state: State[Any]) -> tuple[bool, list[float]]:
        """The rollout from the new edge: ``(reached the end, every seat's reward)``."""
        if not state.is_terminal():
            if self.playout is not None:
                self.playout(state, self.rng)
            else:
                rollout(state, self.rng, self.rollout_policy, self.max_rollout_depth)
        if state.is_terminal():
            return True, self.reward_fn(state)
        if self.evaluate is None:  # (``ismcts`` requires it with ``max_rollout_depth``)
            raise InternalFault("a playout stopped before the end and no evaluate was given")
        return False, self.evaluate(state)

    def _continue_unit(self, unit: list[Any], move: Any, state: State[Any]) -> None:
        """``move`` (just applied) belongs to the open unit; close it when it is complete."""
        unit.append(move)
        # (a unit is collected only with ``unit_open``: ``iterate``)
        if self.unit_open is not None and not self.unit_open(state):
            unit.append(None)

    def record_unit(self, moves: list[Any], state: State[Any], finished: bool, reward: float) -> None:
        """The statistics of a unit completed in the tree (the searching seat's side)."""
        key = tuple(self.key_of(m) for m in moves)
        entry = self.units.get(key)
        if entry is None:
            entry = self.units[key] = [tuple(moves), 0, 0.0, 0.0, 0.0, 0.0, 0]
        entry[1] += 1
        entry[2] += reward
        entry[3] += reward * reward
        if finished:
            winners = state.winners()
            if self.seat in winners:
                entry[4] += 1.0 / len(winners)
            entry[5] += state.returns()[self.seat]
            entry[6] += 1

    def unit_stats(self) -> list[MoveStat]:
        """One :class:`MoveStat` per completed unit (``move``: its moves), ranked."""
        return ranked([move_stat(moves, visits, total, sumsq, 0, win_sum, score_sum, finished)
                        for moves, visits, total, sumsq, win_sum, score_sum, finished
                        in self.units.values()])

    @staticmethod
    def backpropagate(path: list[tuple[list[Any], int]], rewards: list[float]) -> None:
        """Add each decision's reward (from its player's side) to the edges taken."""
        for edge, player in path:
            r = rewards[player]
            edge[0] += 1
            edge[1] += r
            edge[2] += r * r

    def record_root(self, root_edge_key: Hashable, state: State[Any], finished: bool) -> None:
        """The searching seat's win and score through the root move (finished games)."""
        extra = self.root_extra.get(root_edge_key)
        if extra is None:
            extra = self.root_extra[root_edge_key] = [0.0, 0.0, 0]
        if finished:
            winners = state.winners()
            if self.seat in winners:
                extra[0] += 1.0 / len(winners)
            extra[1] += state.returns()[self.seat]
            extra[2] += 1

    def root_stats(self, root: State[Any], root_moves: Sequence[Any]) -> list[MoveStat]:
        """One :class:`MoveStat` per root move, ranked (most visits first)."""
        root_node = self.table.get((self.seat, root.information_set_key(self.seat))) or {}
        stats = []
        for move in root_moves:
            k = self.key_of(move)
            visits, total, sumsq, available = root_node.get(k, [0, 0.0, 0.0, 0])
            win_sum, score_sum, finished = self.root_extra.get(k) or (0.0, 0.0, 0)
            stats.append(move_stat(move, visits, total, sumsq, available, win_sum, score_sum,
                                   finished))
        return ranked(stats)


def ismcts(root: State[Any], seat: int, *, iterations: int | None = None,
           time_limit: float | None = None, seed: Seed = None, exploration: float = 0.7,
           rollout_policy: RolloutPolicy | None = None, max_rollout_depth: int | None = None,
           evaluate: RewardFn | None = None, reward: RewardFn | None = None,
           move_key: Callable[[object], Hashable] | None = None,
           playout: Callable[[State[Any], random.Random], None] | None = None,
           check_determinization: bool = False,
           unit_open: Callable[[State[Any]], bool] | None = None,
           extra_root_moves: Sequence[Any] = (), deadline: float | None = None,
           sampler: Sampler | None = None, through: Any = None,
           through_playouts: int = 0, through_always: bool = False) -> SearchResult:
    """Search the decision of ``seat`` in ``root`` (any world ``seat`` could be in).

    ``root`` must be at a decision of ``seat`` (chance steps before it are resolved with
    the search's generator on a clone). ``move_key`` maps a move to the key stored in the
    tree (default: the move itself, which must be hashable). ``playout(state, rng)``, if
    given, replaces the whole rollout (an engine's own fast playout; it plays in place to
    the end or to a point where ``evaluate`` applies). ``evaluate`` is required when
    ``max_rollout_depth`` is set. ``check_determinization`` checks that every sampled world
    shows ``seat`` the same information-set key as ``root`` (``InternalFault`` if not).
    ``unit_open`` and ``extra_root_moves``: decisions of several moves (module docstring).
    ``deadline`` (a ``time.monotonic()`` instant, ``solvers.clock``) is a wall-clock cap
    like ``time_limit`` (the earlier of the two counts), for a caller whose own work
    before the search counts against the same limit.
    ``sampler``: the world of each iteration (module docstring; default the engine's
    ``determinize``). ``through`` and ``through_playouts``: playouts through one root
    decision after the budget (module docstring); they are played whatever the time limit
    (a few dozen iterations), not after a stop request; ``through_always``: even where the
    budget took that root edge more often.
    """
    rng = make_rng(seed)
    if iterations is None and time_limit is None and deadline is None:
        iterations = DEFAULT_ITERATIONS
    if max_rollout_depth is not None and evaluate is None:
        raise ValueError("max_rollout_depth needs an evaluate function")
    root = root.clone()
    while root.current_player() == CHANCE:
        sample_chance(root, rng)
    if root.current_player() != seat:
        raise ValueError(f"it is not seat {seat}'s decision (to act: {root.current_player()})")
    start = time.perf_counter()
    deadline = deadline_of(time_limit, deadline)
    root_moves = [*root.legal_moves(), *extra_root_moves]
    forced = _forced(root, root_moves, unit_open)
    if forced is not None:
        only = root_moves[0]
        # (a unit of several forced moves: its one stat, as a search's units would hold it)
        unit = [MoveStat(tuple(forced), 0, 0.0, 0.0, 0, None, None)] if len(forced) > 1 else None
        return SearchResult(seat, [MoveStat(only, 0, 0.0, 0.0, 0, None, None)], 0,
                            time.perf_counter() - start, "single_move", 0, units=unit)
    root_key = root.information_set_key(seat) if check_determinization else None
    tree = _Tree(seat, rng, exploration=exploration, key_of=move_key or (lambda m: m),
                 reward_fn=reward or win_reward(), evaluate=evaluate, playout=playout,
                 rollout_policy=rollout_policy, max_rollout_depth=max_rollout_depth,
                 unit_open=unit_open, extra_root_moves=extra_root_moves)
    done = 0
    stop_reason = "iterations"
    while True:
        if iterations is not None and done >= iterations:
            stop_reason = "iterations"
            break
        if done and expired(deadline):
            stop_reason = "time_limit"
            break
        if done and interrupt.requested():  # Ctrl-C: the ranking so far
            stop_reason = interrupt.INTERRUPTED
            break
        world = root.determinize(seat, rng) if sampler is None else sampler(root, seat, rng)
        if root_key is not None and world.information_set_key(seat) != root_key:
            raise InternalFault(f"a determinization of seat {seat} changed what it knows")
        tree.iterate(world)
        done += 1
    stats = tree.root_stats(root, root_moves)
    through_stat = None
    if through is not None and through_playouts > 0 and stop_reason != interrupt.INTERRUPTED:
        through_stat = _through(tree, root, seat, through, through_playouts, sampler,
                                0 if through_always else
                                next((s.visits for s in stats
                                      if tree.key_of(s.move) == tree.key_of(through)), 0))
    elapsed = time.perf_counter() - start
    return SearchResult(seat, stats, done, elapsed, stop_reason, len(tree.table),
                        units=tree.unit_stats() if unit_open is not None else None,
                        through=through_stat)


def _forced(root: State[Any], root_moves: Sequence[Any],
            unit_open: Callable[[State[Any]], bool] | None) -> list[Any] | None:
    """The moves of the root's decision where it has one option (``None`` where it has
    several): its one root move, and with ``unit_open`` the moves of its unit after it
    while each is the only legal one. A root with one move that opens a unit with a choice
    ahead (a sandstorm discard whose first card is the only one that can start it) is a
    decision all the same."""
    if len(root_moves) != 1:
        return None
    moves = [root_moves[0]]
    if unit_open is None:
        return moves
    probe = root.clone()
    probe.apply(moves[0])
    while unit_open(probe):
        if probe.current_player() == CHANCE:  # (a chance step inside a unit: searched)
            return None
        options = probe.legal_moves()
        if len(options) != 1:
            return None
        moves.append(options[0])
        probe.apply(options[0])
    return moves


def _through(tree: _Tree, root: State[Any], seat: int, move: Any, playouts: int,
             sampler: Sampler | None, visits: int) -> MoveStat | None:
    """``playouts`` iterations through ``move`` at the root, after the budget (module
    docstring), unless the budget took its root edge that often already (``visits``):
    their statistics, the root's left as they are.

    Why these and not the budget's own playouts through the move: the search left it
    because its first playouts went badly, so the mean of the few it got is biased low by
    more than their noise says. These are played whatever their results, so their mean
    is not; and each is the kind of playout the value of any root move is the mean of in
    ISMCTS (a world sampled as every iteration samples it, the move, then the tree's UCB
    choices below it, learning from these playouts too, then the rollout), so it is the
    same kind of estimate as the best move's. (A search of its own from the position after
    the move would value it by a tree grown for it alone, a different estimate.) Below the
    root they update the tree's nodes, shared or not, but nothing reported is read from
    there afterwards."""
    if visits >= playouts:
        return None
    rng = tree.rng
    total = sumsq = win_sum = score_sum = 0.0
    finished = 0
    for _ in range(playouts):
        world = root.determinize(seat, rng) if sampler is None else sampler(root, seat, rng)
        ended, rewards = tree.iterate_through(world, move)
        r = rewards[seat]
        total += r
        sumsq += r * r
        if ended:
            winners = world.winners()
            if seat in winners:
                win_sum += 1.0 / len(winners)
            score_sum += world.returns()[seat]
            finished += 1
    return move_stat(move, playouts, total, sumsq, playouts, win_sum, score_sum, finished)
