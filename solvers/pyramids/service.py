"""Pyramids services for the CLI: best score of a solo deal, hints, the demo section.

``hint`` VIEW JSON: the shape documented in ``games.pyramids.views`` (the seat's two cards
with their crossed boxes, its score card, the round and this round's revealed expedition
cards with the current one last, the display, the deck size, its completed cards, and the
public state of the other players). Options are valued by the expected final score of the
seat over sampled futures (deck order, unrevealed expedition cards, the other players'
hidden choices this step — re-chosen by the policy), each continued by the policy of
``solvers.pyramids.policy`` for every seat. Options with the same resulting crossed
boxes are the same position and share one estimate. Samples are common to all options
(sample ``j`` uses the ``j``-th child seed of ``--seed``); after one sample each, the better
half gets further samples, round by round, until the budget is spent.

Default budget: ``DEFAULT_ROLLOUTS // players`` playouts (at least one per distinct
option); the same seed and budget give the same output. A ``time_limit`` is a wall-clock
cap (``stop_reason`` ``"time_limit"`` when it fires; such a result may vary).
"""

from __future__ import annotations

import math
import time

from games.errors import InvalidStateError
from games.pyramids import make_deal, parse_move, state_from_deal, state_from_view
from games.pyramids.rules import pattern_options
from games.seeding import child_seeds, make_rng
from grids.cells import cell_name, cells_of
from grids.text import render_grid
from solvers.hints import Limit, hint_result
from solvers.verify import verify_replay

from .graph import analyse, analysis_lines
from .model import DEFAULT_BUDGET, solve_deal
from .policy import choose_crossing, playout

__all__ = ["best_score", "hint", "demo_section", "DEFAULT_ROLLOUTS", "plan_lines",
           "BUDGET_UNITS", "CLOCK_NOTE"]

DEFAULT_ROLLOUTS = 160
EXPECTED_SCORE = ("expected final score of the seat (mean over sampled futures played on by "
                  "the greedy-lookahead policy)")


def plan_lines(deal: dict, data, moves: list[str]) -> list[str]:
    """The plan's moves annotated with round, step and expedition card."""
    state = state_from_deal(deal, data)
    lines = []
    for text in moves:
        while state.phase == "reveal":
            state.apply(state.chance_outcomes()[0][0])
        move = parse_move(state, text)
        if state.phase == "cross":
            lines.append(f"round {state.round + 1} card {state.step} ({state.shape}): {text}")
        else:
            lines.append(text)
        state.apply(move)
    return lines


#: What one unit of ``best_score``'s ``budget`` is.
BUDGET_UNITS = "CP-SAT deterministic seconds"


def best_score(deal: dict, *, data, budget: float | None = None,
               time_limit: float | None = None, seed=0) -> dict:
    """CP-SAT best score of a solo deal with its proven bound, replay-verified
    (``solvers.pyramids.model.solve_deal``). ``budget`` is in ``BUDGET_UNITS`` (default
    ``DEFAULT_BUDGET``): the same deal, seed and budget give the same JSON;
    ``time_limit`` is a wall-clock cap (a run it cuts says so and may vary)."""
    amount = DEFAULT_BUDGET if budget is None else budget
    result = solve_deal(deal, data, budget=amount, time_limit=time_limit, seed=seed)
    state = state_from_deal(deal, data)
    for text in result.moves:
        while state.phase == "reveal":
            state.apply(state.chance_outcomes()[0][0])
        state.apply(parse_move(state, text))
    verify_replay("score", claimed=result.score, replayed=state.score(0))
    analysis = [f"kept cards {result.kept[0]} and {result.kept[1]} (graph analysis, empty cards):"]
    for order in result.kept:
        analysis.extend("  " + line for line in analysis_lines(data.card(order)))
    analysis.append(_bound_line(result))
    if result.cuts:
        analysis.append(f"lazy no-good cuts added: {result.cuts}")
    out = {
        "game": "pyramids", "score": result.score, "status": result.status,
        "bound": result.bound, "bound_source": result.bound_source,
        "breakdown": result.breakdown,
        "plan": plan_lines(deal, data, result.moves), "time_s": time_limit,
        "solver": f"cp-sat ({result.workers} worker(s), random_seed {result.random_seed}) "
                  f"+ per-card tables bound",
        "budget": {"units": BUDGET_UNITS, "amount": amount, "time_limit_s": time_limit,
                   "stop_reason": result.stop_reason},
        "reproducible": result.stop_reason != "time_limit",
        "kept": list(result.kept), "replayed_score": state.score(0), "seed": seed,
        "analysis": analysis,
    }
    if result.stop_reason == "time_limit":
        out["note"] = CLOCK_NOTE
    return out


CLOCK_NOTE = ("stopped by the wall-clock time limit: this result depends on the machine's "
              "speed and load and may vary between runs")


def _bound_line(result) -> str:
    proof = result.deal_bound
    if result.bound_source == "cp-sat" and result.status == "OPTIMAL":
        return "bound: CP-SAT proved the optimum"
    parts = [f"bound {result.bound} from {result.bound_source}"]
    if proof is not None:
        parts.append(f"static bound {proof.static}")
        if proof.card_tables is not None:
            state = "converged" if proof.converged else "budget spent"
            parts.append(f"per-card tables {proof.card_tables:.2f} (master LP {proof.lp:.2f}, "
                         f"{proof.iterations} round(s), {state})")
    return "; ".join(parts)


def hint(view: dict, *, data, limit: Limit = Limit(), seed=0, top: int = 10) -> dict:
    """Rank every legal option of the view's seat by expected final score."""
    start = time.perf_counter()
    world, seat = state_from_view(view, data, seed)
    iterations, time_limit = limit.iterations, limit.time_limit
    options = world.options(seat)
    if not options:
        raise InvalidStateError(f"seat {seat} has no crossing to make (no card in front of it)")
    groups: dict[tuple, list] = {}
    for slot, main, final in options:
        groups.setdefault(final, []).append(world.cross_move(seat, slot, main, final))
    finals = list(groups)
    budget = iterations if iterations is not None else (
        max(1, DEFAULT_ROLLOUTS // world.num_players) if time_limit is None else 10**9)
    budget = max(budget, len(finals))
    deadline = start + (time_limit if time_limit is not None else math.inf)
    base = child_seeds(seed, 1)[0]

    def sample_seed(j: int) -> int:  # the j-th sample's seed, the same for every option
        return (base + j * 0x9E3779B97F4A7C15) % (1 << 63)

    samples: dict[tuple, list[float]] = {f: [] for f in finals}
    used, stop = 0, "iterations"
    alive = list(finals)
    rounds = max(1, math.ceil(math.log2(len(finals))) + 1) if len(finals) > 1 else 1
    for r in range(rounds):  # successive halving
        share = (budget - used) // (rounds - r)
        each = max(1, share // len(alive)) if r < rounds - 1 else max(1, (budget - used) // len(alive))
        for final in alive:
            for _ in range(each):
                if used >= budget or (time.perf_counter() >= deadline and samples[final]):
                    break
                j = len(samples[final])
                samples[final].append(_rollout(world, seat, groups[final][0], sample_seed(j)))
                used += 1
        if time.perf_counter() >= deadline and used < budget:
            stop = "time_limit"
            break
        if used >= budget:
            break
        alive.sort(key=lambda f: (-_mean(samples[f]), finals.index(f)))
        alive = alive[: max(1, (len(alive) + 1) // 2)]
    ranked = []
    for final in finals:
        vals = samples[final]
        mean = _mean(vals)
        err = (math.sqrt(sum((v - mean) ** 2 for v in vals) / (len(vals) - 1) / len(vals))
               if len(vals) > 1 else None)
        for move in groups[final]:
            ranked.append((-mean, str(move), mean, len(vals), err))
    ranked.sort()
    rows = [{"move": text, "value": mean, "visits": n, "stderr": err}
            for _, text, mean, n, err in ranked]
    return hint_result(
        "pyramids", seat=seat, rows=rows, value_meaning=EXPECTED_SCORE, limit=limit,
        iterations=used, stop_reason=stop, seed=seed, top=top, order="value",
        value_digits=3, options=len(options), distinct_positions=len(finals),
        explanation=_explain(world, seat, ranked[0][1], ranked[0][2]))


def _mean(values) -> float:
    return sum(values) / len(values) if values else float("-inf")


def _rollout(world, seat: int, move, sample_seed: int) -> float:
    state = world.determinize(seat, make_rng(sample_seed))
    for other in range(state.num_players):  # hidden choices of earlier seats: the policy's
        if other != seat and state.pending[other] is not None:
            state.pending[other] = choose_crossing(state, other) or state.pending[other]
    state.apply(move)
    playout(state)
    return float(state.score(seat))


def _explain(world, seat: int, best_text: str, value: float) -> list[str]:
    s = world.seats[seat]
    lines = [f"expedition card {world.shape} in round {world.round + 1} "
             f"({world.step} of {world.steps_per_round} revealed)"]
    lines.append("your cards now:")
    for order, mask in zip(s.hand, s.masks):
        if order is not None:
            lines.extend("  " + line for line in analysis_lines(world.data.card(order), mask))
    move = parse_move(world, best_text)
    after = dict(zip(s.hand, s.masks))
    after[move.card] |= move.cells
    for card, c in move.extras:
        after[card] |= 1 << c
    a = analyse(world.data.card(move.card), after[move.card])
    if a.crossed >> world.data.card(move.card).tomb & 1:
        outcome = "completes it"
    else:
        outcome = f"leaves {a.to_tomb} box(es) to its tomb"
    lines.append(f"best: {best_text} on card {move.card} {outcome}; expected final score "
                 f"{value:.1f}")
    return lines


def demo_section(data) -> str:
    """A best-score run on a bundled short deal, and a card with pattern placements."""
    deal = make_deal(players=1, seed=11, data=data, rounds=1, steps_per_round=4)
    result = best_score(deal, data=data, seed=0)
    lines = ["Silver & Gold: Pyramids — best score of a bundled solo deal (1 round, 4 "
             "expedition cards, seed 11):",
             f"  score {result['score']} ({result['status']}, bound {result['bound']}), "
             f"replayed by the rules engine: {result['replayed_score']}",
             "  breakdown: " + ", ".join(f"{k} {v}" for k, v in result["breakdown"].items())]
    lines.extend("  " + step for step in result["plan"])
    card = data.card(result["kept"][0])
    shape = "L4"
    placements = pattern_options(card, 0, shape)
    lines.append(f"card {card.order} ({card.colour}): {len(placements)} placement(s) of expedition "
                 f"pattern {shape} can start it (any rotation or mirror, holding the entrance; "
                 f"up to 3 shown, * = crossed):")
    grid = "".join(card.grid)
    lines.append(render_grid(tuple(grid)))
    for mask in placements[:3]:
        marked = tuple("*" if mask >> i & 1 else ch for i, ch in enumerate(grid))
        lines.append(f"placement {' '.join(cell_name(c) for c in cells_of(mask))}:")
        lines.append(render_grid(marked))
    return "\n".join(lines)
