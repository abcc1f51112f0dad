"""Pyramids services for the CLI: best score of a solo deal, hints, the demo section.

``hint`` VIEW JSON: the shape documented in ``games.pyramids.views`` (the seat's two cards
with their crossed boxes, its score card, the round and this round's revealed expedition
cards with the current one last, the display, the deck size, its completed cards, and the
public state of the other players). Options are valued by the expected final score of the
seat over sampled futures (deck order, unrevealed expedition cards, the other players'
hidden choices this step — re-chosen by the policy), each continued by the policy of
``solvers.pyramids.policy`` for every seat. Options with the same resulting crossed
boxes are the same position and share one estimate. The hint also answers the keep and
the take decisions (``solvers.pyramids.decisions``: the view says ``"decision"``), with
the same sampled futures. Samples are common to all options (sample ``j`` uses the
``j``-th child seed of ``--seed``) and allocated by ``allocate``: ``MIN_SAMPLES`` for
every option first, then successive halving, one schedule for both budget kinds.

Default budget: ``DEFAULT_ROLLOUTS // players`` playouts (``Budgets.hint_at``), raised to
``MIN_SAMPLES`` per distinct option; the same seed and budget give the same output. A ``time_limit`` is a
wall-clock cap from the hint's start (``stop_reason`` ``"time_limit"`` when it fires; such
a result may vary), consulted before every sample once every option has one.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable, Hashable, Sequence

from cards_data.pyramids import PyramidsData
from games.errors import InvalidStateError, NoSolutionError
from games.protocol import CHANCE
from games.pyramids import (GAME, Cross, PyramidsState, describe, make_deal, parse_move,
                            state_from_deal)
from games.pyramids.moves import Move
from games.pyramids.rules import pattern_options
from games.seeding import Seed, child_seeds, make_rng
from games.table import all_of, plural
from grids.cells import cell_name, cells_of
from grids.text import render_grid
from solvers.backends import run_jobs
from solvers.clock import deadline_of, expired
from solvers.hints import Hint, hint_result
from solvers.ismcts.bots import Bot, PolicyBot, RandomBot
from solvers.limits import Limit
from solvers.results import BestScore, Reachable, WorkBudget
from solvers.verify import verify_replay

from .. import interrupt
from .graph import analyse, analysis_lines
from .decisions import decision_view, world_of  # decision_view: solvers.review's hook
from .policy import choose_crossing, playout, policy_move

# (the best-score code, ``model`` and ``reachable`` with the bound, the branch and price
# and numpy under them, is imported by the two services that use it: the hint, play and
# arena never do, and it was a sixth of the hint's start-up, about 0.16 s)
if TYPE_CHECKING:
    from ortools.sat.python import cp_model

    from .model import SolveResult


__all__ = ["best_score", "hint", "demo_section", "DEFAULT_ROLLOUTS", "replay_plan",
           "BUDGET_UNITS", "MIN_SAMPLES", "Allocation", "allocate", "pooled"]
__all__ += ["decision_view", "first_below", "BOTS"]

#: The default hint budget, as the registry declares it (``games.registry``).
DEFAULT_ROLLOUTS = GAME.budgets.hint
EXPECTED_SCORE = ("expected final score of the seat (mean over sampled futures played on by "
                  "the greedy-lookahead policy)")


def replay_plan(deal: dict[str, Any], data: PyramidsData, moves: Sequence[str]
                ) -> tuple[PyramidsState, list[str]]:
    """The plan's ``moves`` (texts) replayed through the rules engine from the deal, each
    checked legal: the final state and the plan in a player's lines (each crossing with its
    round, step and expedition card). The one replay of a best-score plan."""
    state = state_from_deal(deal, data)
    lines = []
    for text in moves:
        while state.current_player() == CHANCE:
            state.apply(state.chance_outcomes()[0][0])
        move = parse_move(state, text)
        if state.phase == "cross":
            lines.append(f"round {state.round + 1} card {state.step} ({state.shape}): {text}")
        else:
            lines.append(text)
        state.apply(move)
    return state, lines


#: What one unit of ``best_score``'s ``budget`` is.
BUDGET_UNITS = GAME.budgets.best_score_units
#: The CP-SAT model ``best_score(on_model=...)`` hands over (``digsite best-score
#: --export-model``): a best score builds one, so it is that one.
CP_SAT_MODEL = ("the deal's one CP-SAT model as last solved: the warm start's solution "
                "hint, the floor at its score and any lazy no-good cuts included (the "
                "bound's phases solve linear programmes, not CP-SAT)")


def best_score(deal: dict[str, Any], *, data: PyramidsData, limit: Limit = Limit(),
               seed: int = 0, on_model: Callable[[cp_model.CpModel], None] | None = None,
               progress: Callable[[str], None] | None = None) -> BestScore:
    """CP-SAT best score of a solo deal with its proven bound, replay-verified
    (``solvers.pyramids.model.solve_deal``). ``limit.work`` is in ``BUDGET_UNITS`` (default:
    the registry's): the same deal, seed and budget give the same result;
    ``limit.time_limit`` is a wall-clock cap on every phase, counted from
    ``limit.started`` (a run it cuts says so and may vary). ``on_model(cp_model.CpModel)``:
    see ``CP_SAT_MODEL`` (not called when the limit fell before the model was built).
    ``progress(text)`` hears the phase, the best score and the bound so far."""
    from .model import DEFAULT_BUDGET, solve_deal

    _models(data)
    amount = DEFAULT_BUDGET if limit.work is None else limit.work
    result = solve_deal(deal, data, budget=amount, seed=seed, deadline=limit.deadline(),
                        on_model=on_model, progress=progress)
    final, lines = replay_plan(deal, data, result.moves)
    verify_replay("score", claimed=result.score, replayed=final.score(0))
    analysis = [f"kept cards {result.kept[0]} and {result.kept[1]} (graph analysis, empty cards):"]
    for order in result.kept:
        analysis.extend("  " + line for line in analysis_lines(data.card(order)))
    analysis.append(_bound_line(result))
    words = bound_words(result, data)
    if words:
        analysis.append(words)
    if result.cuts:
        analysis.append(f"lazy no-good cuts added: {result.cuts}")
    return BestScore(
        game="pyramids", score=result.score, status=result.status, bound=result.bound,
        bound_source=result.bound_source, breakdown=tuple(result.breakdown.items()),
        plan=tuple(lines), turns=tuple((text,) for text in result.moves),
        solver=result.method,
        budget=WorkBudget(BUDGET_UNITS, amount, limit.time_limit, result.stop_reason),
        seed=seed, analysis=tuple(analysis),
        facts=(("kept", list(result.kept)), ("replayed_score", final.score(0))))


def _models(data: PyramidsData) -> None:
    """The best-score models (CP-SAT's and the relaxation's) hold the printed game's setup:
    4 cards dealt, 2 kept, the 2 others returned to the deck's two return slots. Card data
    that deals or keeps otherwise (a ``--cards FILE``; the engine plays it) is refused in
    one line rather than solved wrongly."""
    if (data.deal, data.keep) != (4, 2):
        raise NoSolutionError(f"the Pyramids best-score solver models 4 dealt cards, 2 kept "
                              f"and 2 returned; this card data deals {data.deal} and keeps "
                              f"{data.keep} (play, hint and arena take it)")


def first_below(states: Sequence[PyramidsState], best: float, *, data: PyramidsData,
                limit: Limit = Limit(), seed: int = 0) -> tuple[int, Reachable] | None:
    """``solvers.review``'s mid-game best score: the earliest of a solo game's positions
    ``states`` from which the game, to its end, provably could not reach ``best``, with
    the best still reachable there (exact or a bound; ``reachable.first_below``).
    Deterministic: ``limit.work`` (the review's best-score budget, in ``BUDGET_UNITS``)
    gives its column-generation rounds (``reachable.search_rounds``); ``seed`` unused;
    ``limit.time_limit`` caps it."""
    from . import reachable
    from .model import DEFAULT_BUDGET

    _models(data)
    amount = DEFAULT_BUDGET if limit.work is None else limit.work
    return reachable.first_below(states, best, data=data, deadline=limit.deadline(),
                                 iterations=reachable.search_rounds(amount))


def _bound_line(result: SolveResult) -> str:
    proof = result.deal_bound
    if result.bound_source == "cp-sat" and result.status == "OPTIMAL":
        return "bound: CP-SAT proved the optimum"
    parts = [f"bound {result.bound} from {result.bound_source}"]
    if proof is not None and result.bound_source != "static":
        # (the static count alone, a search stopped before it lowered it, is one figure:
        # it said "bound 238 from static; static bound 238")
        parts.append(f"static bound {proof.static}")
    if proof is not None and proof.card_tables is not None:
        state = ("converged" if proof.converged else
                 "stopped early by the time limit or Ctrl-C" if proof.stopped_by_clock
                 else "budget spent")
        parts.append(f"per-card tables {proof.card_tables:.2f} (master LP {proof.lp:.2f}, "
                     f"{plural(proof.iterations, 'round')}, {state})")
    return "; ".join(parts)


def bound_words(result: SolveResult, data: PyramidsData) -> str | None:
    """Why no play of the deal scores more than its bound, in a player's words (Tomb of
    the Ancients says its own the same way): what the static argument counts, term by
    term (``bound.StaticParts``), and what the searches lowered it to. ``None`` when
    CP-SAT proved the optimum (the line before says so) or no static count was made."""
    proof = result.deal_bound
    if proof is None or proof.parts is None or (result.bound_source == "cp-sat"
                                                 and result.status == "OPTIMAL"):
        return None
    p = proof.parts
    single, pair = data.single_gem_points, data.gem_pair_points
    pairs = min(p.red, p.green)
    singles = p.red + p.green - 2 * pairs
    gems = " + ".join(part for part in (
        f"{plural(pairs, 'pair')} at {pair}" if pairs else "",
        f"{plural(singles, 'single gem')} at {single}" if singles else "") if part) or "none"
    text = (f"why no play scores more than {result.bound:g}: count everything a game could "
            f"still score as if nothing got in the way. The expedition cards' patterns (with "
            f"an extra box for every red cross) hold boxes enough to cross the shortest way to "
            f"the tomb of at most {plural(p.completions, 'card')}: {p.cards} points for "
            f"completed cards; those cards split over the colours as well as they can be: "
            f"{p.pyramid} pyramid points; the {p.held} cards you could ever hold (the "
            f"{data.keep} you keep and one more per completion) show at most {p.red} red "
            f"and {p.green} green gems you can reach, at most {data.gems_per_colour} of a "
            f"colour on the track ({gems}): {p.gems} points; one torch in each of "
            f"{plural(p.rounds, 'round')}: {p.torches} points; skulls cost nothing here. {p.cards} + {p.pyramid} + {p.gems} + "
            f"{p.torches} = {p.total}")
    if result.bound < p.total:
        lowered = ({"card-tables": "the per-card tables (each card's own play solved "
                                   "exactly, the cards tied only by prices on what they "
                                   "share: one crossing a step, two cards in hand, an extra "
                                   "box per red cross)",
                    "branch-and-price": "the branch and price over card plans",
                    "cp-sat": "CP-SAT's search"}.get(result.bound_source,
                                                     result.bound_source))
        text += f"; {lowered} lowered that to {result.bound:g}"
    return text


def hint(view: dict[str, Any], *, data: PyramidsData, limit: Limit = Limit(), seed: Seed = 0,
         top: int = 10) -> Hint:
    """Rank every option of the view's decision (crossing, keep or take; see
    ``solvers.pyramids.decisions``) by expected final score over sampled futures; with
    ``limit.workers`` > 1, that many independent allocations (each its own futures) run
    side by side and their samples are pooled (:func:`pooled`). ``limit.time_limit`` caps
    the whole hint (from ``limit.started``)."""
    deadline = limit.deadline()
    rng = make_rng(seed)  # one stream: the view's world, then the futures' seeds
    world, seat, decision = world_of(view, data, rng)
    groups = _option_groups(world, seat, decision)
    keys = list(groups)
    iterations = limit.iterations
    if iterations is None and limit.time_limit is None:
        iterations = GAME.budgets.hint_at(world.num_players)
    futures = _Futures(world, seat, tuple(groups[k][0] for k in keys), iterations, deadline)
    if limit.workers <= 1:
        run = futures(child_seeds(rng, 1)[0])
    else:
        run = pooled(run_jobs(futures, child_seeds(rng, limit.workers),
                              workers=limit.workers))
    ranked: list[dict[str, Any]] = []  # hint_result's rows
    for k in run.ranking:
        values = run.samples[k]
        mean = sum(values) / len(values)
        err = (math.sqrt(sum((v - mean) ** 2 for v in values) / (len(values) - 1) / len(values))
               if len(values) > 1 else None)
        for move in groups[keys[k]]:
            ranked.append({"move": str(move), "value": mean, "visits": len(values), "stderr": err,
                           "words": describe(world, move)})  # the move in words (issue 12)
    return hint_result(
        "pyramids", seat=seat, rows=ranked, value_meaning=EXPECTED_SCORE, limit=limit,
        iterations=run.used, stop_reason=run.stop_reason, seed=seed, top=top,
        # (one allocation ranks by rounds survived, then value; pooled ones by samples)
        order="halving" if limit.workers <= 1 else "visits",
        value_digits=3, decision=decision, options=sum(len(g) for g in groups.values()),
        distinct_positions=len(keys), min_samples=MIN_SAMPLES,
        raised=(f"at least {MIN_SAMPLES} sampled futures for each of the "
                f"{plural(len(keys), 'option')}"),
        explanation=_explain(world, seat, decision, str(ranked[0]["move"]),
                             float(ranked[0]["value"]), run))


#: No option is ranked on fewer samples than this (``allocate``), unless a time limit
#: falls before every option has them.
MIN_SAMPLES = 4


@dataclass(frozen=True)
class _Futures:
    """One allocation of sampled futures over the decision's ``options`` from the futures
    seeded by ``base`` (option k's sample j plays the j-th future: common random numbers
    across options)."""

    world: PyramidsState
    seat: int
    options: tuple[Move, ...]
    iterations: int | None
    deadline: float | None  # a time.monotonic() instant (solvers.clock), or None

    def __call__(self, base: int) -> "Allocation":
        def sample(k: int, j: int) -> float:
            return _rollout(self.world, self.seat, self.options[k],
                            (base + j * 0x9E3779B97F4A7C15) % (1 << 63))

        return allocate(len(self.options), sample, iterations=self.iterations,
                        time_limit=None, deadline=self.deadline)


@dataclass(frozen=True)
class Allocation:
    """The samples ``allocate`` took: per option, the values; ``ranking`` best first."""

    samples: dict[int, list[float]]
    ranking: tuple[int, ...]
    used: int
    stop_reason: str
    rounds: int


def allocate(options: int, sample: Callable[[int, int], float], *, iterations: int | None,
             time_limit: float | None,
             minimum: int = MIN_SAMPLES, deadline: float | None = None) -> Allocation:
    """Successive halving over ``options`` with one fixed schedule for both budget kinds.

    Round 0 gives every option ``minimum`` samples, round ``r`` gives each option still
    in ``minimum·2^r`` more, one sample per option per pass (so a cut leaves the options
    of a round within one sample of each other); after each round the better half (by
    mean, ties by option order) stays in, down to two options. The schedule is the same
    sequence of ``sample(option, j)`` calls whatever the budget: ``iterations`` cuts it
    after that many samples (raised to ``options·minimum`` if smaller, so no option is
    ranked on fewer than ``minimum``). A wall clock — ``time_limit`` seconds from the
    call, or the ``deadline`` instant (``solvers.clock``; the earlier counts) — is a cap:
    consulted before every sample once every option has one (the least a ranking needs),
    it may cut round 0 too, so a time-limited run ranks some options on fewer than
    ``minimum`` samples only when the clock left no time for more. Ranking: options that
    stayed in longer first, then by mean, so a lucky option with few samples never
    outranks a well-sampled survivor."""
    deadline = deadline_of(time_limit, deadline)
    if iterations is None and deadline is None:
        raise ValueError("allocate needs iterations or a time limit")
    budget = None if iterations is None else max(iterations, options * minimum)
    samples: dict[int, list[float]] = {k: [] for k in range(options)}
    level = [0] * options  # rounds survived
    alive = list(range(options))
    used, stop, rounds = 0, "iterations", 0

    def mean(k: int) -> float:
        return sum(samples[k]) / len(samples[k])

    def cut() -> str | None:
        if budget is not None and used >= budget:
            return "iterations"
        if used >= options and expired(deadline):  # every option has its first sample
            return "time_limit"
        if rounds and interrupt.requested():  # Ctrl-C: every option has its minimum
            return interrupt.INTERRUPTED
        return None

    while stop == "iterations" and options > 1 or rounds == 0:
        reason = None
        for _ in range(minimum << rounds):
            for k in alive:
                reason = cut()
                if reason:
                    break
                samples[k].append(sample(k, len(samples[k])))
                used += 1
            if reason:
                break
        if reason:
            stop = reason
            break
        rounds += 1
        if len(alive) > 2:
            alive = sorted(alive, key=lambda k: (-mean(k), k))[: (len(alive) + 1) // 2]
        for k in alive:
            level[k] = rounds
    if options == 1:
        stop = "single_move"
    ranking = tuple(sorted(range(options), key=lambda k: (-level[k], -mean(k), k)))
    return Allocation(samples, ranking, used, stop, rounds)


def pooled(runs: Sequence[Allocation]) -> Allocation:
    """Independent allocations of the same options pooled exactly: every option's samples
    joined (in run order), ranked by samples taken (the survivors of successive halving
    took the most), then by mean, then by option order."""
    first = runs[0]
    samples = {k: [v for run in runs for v in run.samples[k]] for k in first.samples}
    ranking = tuple(sorted(samples, key=lambda k: (-len(samples[k]), -_mean(samples[k]), k)))
    return Allocation(samples, ranking, sum(run.used for run in runs), first.stop_reason,
                      max(run.rounds for run in runs))


def _option_groups(world: PyramidsState, seat: int, decision: str
                   ) -> dict[Hashable, list[Move]]:
    """The options of the decision, grouped by the position they lead to (options with the
    same resulting crossed boxes share one estimate)."""
    groups: dict[Hashable, list[Move]] = {}
    if decision == "cross":
        options = world.options(seat)
        if not options:
            raise InvalidStateError(f"seat {seat} has no crossing to make (no card in front of it)")
        for slot, main, final in options:
            groups.setdefault(final, []).append(world.cross_move(seat, slot, main, final))
    else:
        for move in world.legal_moves():
            groups[str(move)] = [move]
    return groups


def _mean(values: Sequence[float]) -> float:
    return sum(values) / len(values) if values else float("-inf")


def _rollout(world: PyramidsState, seat: int, move: Move, sample_seed: int) -> float:
    state = world.determinize(seat, make_rng(sample_seed))
    for other in range(state.num_players):  # hidden choices of earlier seats: the policy's
        if other != seat and state.pending[other] is not None:
            if state.phase == "cross":
                state.pending[other] = choose_crossing(state, other) or state.pending[other]
            else:
                state.pending[other] = _policy_for(state, other)
    state.apply(move)
    playout(state)
    return float(state.score(seat))


def _policy_for(state: PyramidsState, seat: int) -> Move:
    """The policy's move for ``seat`` (a hidden simultaneous choice of another seat)."""
    actor = state.to_move
    state.to_move = seat
    try:
        return policy_move(state)
    finally:
        state.to_move = actor


def _explain(world: PyramidsState, seat: int, decision: str, best_text: str, value: float,
             run: Allocation) -> list[str]:
    least = min(len(v) for v in run.samples.values())
    if least >= MIN_SAMPLES:
        schedule = (f"{run.used} sampled futures over {plural(len(run.samples), 'option')}: "
                    f"at least {MIN_SAMPLES} each, then successive halving over "
                    f"{plural(run.rounds, 'round')}")
    else:  # the time limit fell inside round 0
        schedule = (f"{run.used} sampled futures over {plural(len(run.samples), 'option')}: "
                    f"at least {least} each, the time limit falling before every option had "
                    f"{MIN_SAMPLES}")
    if decision == "keep":
        dealt = sorted(world.seats[seat].dealt)
        lines = [f"keep decision: dealt cards {all_of([str(o) for o in dealt])}; each pair "
                 f"valued by {schedule}"]
        for order in dealt:
            lines.extend("  " + line for line in analysis_lines(world.rules.data.card(order)))
        return lines + [f"best: {best_text}; expected final score {value:.1f}"]
    if decision == "take":
        s = world.seats[seat]
        # the card this take replaces: the first replacement due (a seat completing two
        # replaces the smaller first), not the last completed
        replaced = (world.takes[0][0] if world.takes and world.takes[0][1] == seat
                    else s.completed[-1])
        lines = [f"take decision replacing completed card {replaced}: display "
                 f"{all_of([str(o) for o in sorted(world.display)]) or 'empty'}, "
                 f"{plural(len(world.deck), 'card')} in the deck; "
                 f"{schedule}"]
        for order in sorted(world.display):
            lines.extend("  " + line for line in analysis_lines(world.rules.data.card(order)))
        return lines + [f"best: {best_text}; expected final score {value:.1f}"]
    s = world.seats[seat]
    lines = [f"expedition card {world.shape} in round {world.round + 1} "
             f"({world.step} of {world.steps_per_round} revealed); {schedule}"]
    lines.append("your cards now:")
    for held, mask in zip(s.hand, s.masks):
        if held is not None:
            lines.extend("  " + line for line in analysis_lines(world.rules.data.card(held), mask))
    move = parse_move(world, best_text)
    if not isinstance(move, Cross):  # the decision is a crossing (keep and take end above)
        raise InvalidStateError(f"the best move {best_text} of a crossing is not a crossing")
    after = dict(zip(s.hand, s.masks))
    after[move.card] |= move.cells
    for card, c in move.extras:
        after[card] |= 1 << c
    target = world.rules.data.card(move.card)
    a = analyse(target, after[move.card])
    if a.crossed >> target.tomb & 1:
        outcome = "completes it"
    elif a.to_tomb is None:  # (it printed "leaves None box(es)")
        outcome = "leaves its tomb unreachable"
    else:
        outcome = f"leaves {plural(a.to_tomb, 'box', 'boxes')} to its tomb"
    lines.append(f"best: {best_text} on card {move.card} {outcome}; expected final score "
                 f"{value:.1f}")
    return lines


class GreedyBot(PolicyBot):
    """The hint's playout policy (``policy.policy_move``: one-step greedy with the path
    lookahead, the shortest card at a keep or take). It reads the seat's own cards and
    the public table only: never the deck's order nor another seat's choice waiting for
    the step to resolve (``state.pending``)."""

    name = "greedy"

    @staticmethod
    def policy(state: PyramidsState, moves: Sequence[Move], rng: Any) -> Move:
        return policy_move(state)


#: The bots of ``play`` and ``arena`` for a table of 2-4 (``solvers.ismcts.bots``).
BOTS: dict[str, type[Bot]] = {"random": RandomBot, "greedy": GreedyBot}


def demo_section(data: PyramidsData) -> str:
    """A best-score run on a bundled short deal, and a card with pattern placements."""
    deal = make_deal(players=1, seed=11, data=data, rounds=1, steps_per_round=4)
    result = best_score(deal, data=data, seed=0)
    lines = ["Silver & Gold: Pyramids — best score of a bundled solo deal (1 round, 4 "
             "expedition cards, seed 11):",
             f"  score {result.score} ({result.status}, bound {result.bound}), "
             f"replayed by the rules engine: {result.fact('replayed_score')}",
             "  breakdown: " + ", ".join(f"{k} {v}" for k, v in result.breakdown)]
    lines.extend("  " + step for step in result.plan)
    card = data.card(result.fact("kept")[0])
    shape = "L4"
    placements = pattern_options(card, 0, shape)
    lines.append(f"card {card.order} ({card.colour}): {plural(len(placements), 'placement')} "
                 f"of expedition pattern {shape} can start it (any rotation or mirror, "
                 f"holding the entrance; up to 3 shown, * = crossed):")
    grid = "".join(card.grid)
    lines.append(render_grid(tuple(grid)))
    for mask in placements[:3]:
        marked = tuple("*" if mask >> i & 1 else ch for i, ch in enumerate(grid))
        lines.append(f"placement {' '.join(cell_name(c) for c in cells_of(mask))}:")
        lines.append(render_grid(marked))
    return "\n".join(lines)
