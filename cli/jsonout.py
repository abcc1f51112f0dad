"""The one place the library's typed results become JSON, key for key and always in the
same order, so equal results print byte-identical JSON (``to_json``). Plain dicts and
lists pass through unchanged. The shapes (keys may be added, never renamed):

* hint / best-move (:func:`hint_json`): ``{"game", "seat", "best", "moves": [{"rank",
  "move", "value", "visits", "stderr", "words"?, <declared columns>}], "value_meaning",
  "columns": [{"key", "meaning"}], "order", "budget": {"iterations", "time_s",
  "stop_reason", "iterations_given"?, "workers"?}, "seed", "close_call"?, <game facts>,
  "explanation"?}`` — ``time_s`` is the wall-clock cap *given*, never an elapsed time;
  ``iterations`` those done, and ``iterations_given`` (a search's) appears when the game
  did more than given (the Pyramids hint's least: every option a few sampled futures).
  Among the game facts, ``"cards": {"edition", "digest"}`` (``cards_data.fingerprint``)
  when the card data is a file's, not the bundled data; likewise best-score's (among its
  game facts; a --seeds batch's at its top level), arena's, plan's and review's
  ``"cards"?`` (absent with the bundled data: those outputs are as before).
* best-score (:func:`best_score_json`): ``{"game", "score", "status": "OPTIMAL" |
  "FEASIBLE", "bound", "bound_source", "breakdown", "plan", "time_s", "solver", "budget":
  {"units", "amount", "time_limit_s", "stop_reason", "nodes"?}, "reproducible", <game
  facts>, "seed", "analysis", "note"?}`` — ``bound`` is a proven upper bound.
* best-score ``--seeds A-B`` (``solvers.batch.best_scores``, printed as it is): ``{"game",
  "seeds": [A, B], "deals": [{"seed", "score", "bound", "status", "bound_source", "gap",
  "stop_reason", "reproducible"}], "summary": {"deals", "proven_optimal", "mean_score",
  "score_quantiles": {"min", "q25", "median", "q75", "max"}, "gap_median", "gap_worst",
  "reproducible"}, "budget", "time_s", "deal_options"?, "cards"?, "stop_reason"?,
  "deals_solved"?}`` — ``gap`` is ``(bound - score) / score``; ``budget`` and ``time_s`` the
  work and the per-deal wall-clock cap given (``null``: the game's default, no cap);
  ``stop_reason`` and ``deals_solved`` only when a stop request cut the batch.
* plan (:func:`dig_plan_json`): ``{"game", "seat", "finds": [{"map", "rotation", "at",
  "tokens_spent", "points", "sand"}], "points", "tokens_spent", "value", "optimal", "time_s",
  "nodes", "board_after", "next_player", "analysis", "cards"?}`` — a find's ``sand``, the engine
  moves that spend its tokens just before it (``"sand B A3"``).
* arena (:func:`arena_json`): ``{"game", "bots", "games", "wins", "win_rate", "ci95",
  "mean_scores", "seed", "iterations", "budgets": [{"bot", "searches", "iterations"?,
  "time_s"?, "per"?}], "per_game": [{"game", "bots_by_seat", "returns", "winners",
  "deal_options"?}], "deal_options"?, "cards"?}`` — ``iterations`` is the
  ``--iterations`` given (``null``: each bot's default), ``budgets`` what each bot (in the
  order of ``bots``) spent on a search: ``iterations`` a ``per`` (``decision``, or
  ``turn`` for a whole-turn bot), ``searches`` false for a bot that does not search; a
  game's ``deal_options`` are those its deal was dealt with, where the game has any (the
  New Expedition's monument, drawn from the deal's seed without ``--monument``).
* review (:func:`review_json`): ``{"game", "seat", "seat_name", "players", "record":
  {"moves", "finished", "seats"}, "value_meaning", "scale": {"unit", "inaccuracy",
  "mistake", "blunder"}, "budget": {"iterations", "time_s"}, "seed", "at"?, "decisions":
  [{"decision", "index", "played", "moves"?, "label", "reason"?, "best"?, "played_words"?,
  "best_words"?, "played_value", "best_value", "loss", "noise95", "within_noise",
  "iterations_to_tell"?, "played_visits", "options", "iterations", "playouts_added"?,
  "best_playouts_added"?, "budget_raised"?, "added_to_options"?}], "summary": {"decisions", "rated",
  "total_loss", "mean_loss", "counts", "accuracy"}, "score_reached", "best_score"?:
  {"score", "status", "bound",
  "bound_source", "reproducible", "solver", "score_reached", "gap", "parted":
  {"decision", "index", "played", "plan", "played_words"?, "plan_words"?} | null,
  "fell_below"?: {"decision", "index",
  "reachable", "best", "placed"?, "reachable_exact"?, "best_optimal"?}, "note"?}, "cards"?}``
  — ``decision`` is the seat's decision number (``solvers.moments``), ``index`` the
  record's move index; ``reachable_exact`` (the best still reachable is exact, not a
  bound) and ``best_optimal`` (the deal's best is proven) where the game's service says
  so (Pyramids); ``placed``, only as false, when the budget proved no position short
  before the game's end (``decision`` is then the last one only because nothing came
  after it); ``note`` when the wall clock cut the best score (``reproducible`` false);
  ``parted``'s ``played_words`` and ``plan_words``, the moves in a player's words, where
  the game has them.
"""

from __future__ import annotations

import functools
import json
from typing import TYPE_CHECKING, Any, Callable, Sequence

if TYPE_CHECKING:  # (loaded by the first typed result written: ``_writers``)
    from solvers.hints import Hint
    from solvers.results import (ArenaResult, BestScore, BotBudget, DigPlanResult,
                                 GameReview, PartedFromPlan, PlannedFind, ReviewedDecision)

__all__ = ["to_json", "jsonable", "hint_json", "best_score_json", "arena_json",
           "dig_plan_json", "review_json", "SERVICE_NAMES", "service_names"]

#: The registry's services (``games.registry.SERVICES``) as a user types them: the command
#: (with its option, for the beliefs); the arena bots (``BOTS``) are listed by
#: name apart, as ``bots`` (``games --json``, the board's ``/api/examples``).
SERVICE_NAMES = {"hint": "hint", "best_score": "best-score", "plan": "plan",
                 "beliefs": "hint --beliefs"}


def service_names(services: Sequence[str]) -> list[str]:
    """A game's registry ``services`` by :data:`SERVICE_NAMES`, without ``BOTS``."""
    return [SERVICE_NAMES[name] for name in services if name in SERVICE_NAMES]


def hint_json(hint: Hint) -> dict[str, Any]:
    """A :class:`solvers.hints.Hint` as the hint/best-move JSON."""
    moves = []
    for row in hint.rows:
        out: dict[str, Any] = {"rank": row.rank, "move": row.move, "value": row.value,
                               "visits": row.visits, "stderr": row.stderr}
        if row.words:
            out["words"] = row.words
        out.update(row.columns)
        moves.append(out)
    budget: dict[str, Any] = {"iterations": hint.budget.iterations,
                              "time_s": hint.budget.time_limit,
                              "stop_reason": hint.budget.stop_reason}
    if hint.budget.given is not None:  # (a deliberate addition: the budget given, raised)
        budget["iterations_given"] = hint.budget.given
    if hint.budget.workers > 1:
        budget["workers"] = hint.budget.workers
    if hint.budget.stop_reason == "interrupted":  # Ctrl-C: where it stood is timing
        budget["reproducible"] = False
    result: dict[str, Any] = {
        "game": hint.game, "seat": hint.seat, "best": hint.best, "moves": moves,
        "value_meaning": hint.value_meaning,
        "columns": [{"key": c.key, "meaning": c.meaning} for c in hint.columns],
        "order": hint.order, "budget": budget, "seed": hint.seed,
    }
    close = hint.close_call
    if close is not None:
        result["close_call"] = {"moves": list(close.moves), "gap": close.gap,
                                "noise95": close.noise95,
                                "iterations_to_separate": close.iterations_to_separate}
    result.update((key, jsonable(value)) for key, value in hint.facts)
    if hint.explanation:
        result["explanation"] = list(hint.explanation)
    return result


def best_score_json(best: BestScore) -> dict[str, Any]:
    """A :class:`solvers.results.BestScore` as the best-score JSON."""
    budget: dict[str, Any] = {"units": best.budget.units, "amount": best.budget.amount,
                              "time_limit_s": best.budget.time_limit,
                              "stop_reason": best.budget.stop_reason}
    if best.budget.nodes is not None:
        budget["nodes"] = best.budget.nodes
    result: dict[str, Any] = {
        "game": best.game, "score": best.score, "status": best.status, "bound": best.bound,
        "bound_source": best.bound_source, "breakdown": dict(best.breakdown),
        "plan": list(best.plan), "time_s": best.budget.time_limit, "solver": best.solver,
        "budget": budget, "reproducible": best.reproducible,
    }
    result.update((key, jsonable(value)) for key, value in best.facts)
    result.update({"seed": best.seed, "analysis": list(best.analysis)})
    if best.note is not None:
        result["note"] = best.note
    return result


def arena_json(arena: ArenaResult) -> dict[str, Any]:
    """A :class:`solvers.results.ArenaResult` as the arena JSON (the deal options, when
    any, after the contract's keys)."""
    result: dict[str, Any] = {
        "game": arena.game, "bots": list(arena.bots), "games": arena.games,
        "wins": list(arena.wins), "win_rate": list(arena.win_rate),
        "ci95": [list(ci) for ci in arena.ci95], "mean_scores": list(arena.mean_scores),
        "seed": arena.seed, "iterations": arena.limit.iterations,
        "budgets": [_bot_budget(bot, budget) for bot, budget in zip(arena.bots, arena.budgets)],
        "per_game": [{"game": g.index, "bots_by_seat": list(g.bots_by_seat),
                      "returns": list(g.returns), "winners": list(g.winners)}
                     | ({"deal_options": jsonable(g.deal_options)} if g.deal_options else {})
                     for g in arena.per_game],
    }
    if arena.deal_options:
        result["deal_options"] = jsonable(arena.deal_options)
    if arena.cards is not None:
        result["cards"] = dict(arena.cards)
    if arena.interrupted:
        result.update(stop_reason="interrupted", reproducible=False)
    return result


def _bot_budget(bot: str, budget: BotBudget) -> dict[str, Any]:
    """One bot's budget in the arena JSON (``searches`` false: nothing else)."""
    out: dict[str, Any] = {"bot": bot, "searches": budget.searches}
    if budget.searches:
        out["iterations"] = budget.iterations
        if budget.time_s is not None:
            out["time_s"] = budget.time_s
        out["per"] = budget.per
    return out


def _finds(finds: Sequence[PlannedFind]) -> list[dict[str, Any]]:
    return [{"map": f.map, "rotation": f.rotation, "at": f.at, "tokens_spent": f.tokens_spent,
             "points": f.points, "sand": list(f.sand)} for f in finds]


def dig_plan_json(plan: DigPlanResult) -> dict[str, Any]:
    """A :class:`solvers.results.DigPlanResult` as the plan JSON (``time_s`` null: the
    plan is exact, it has no time budget)."""
    nxt = plan.next_player
    result: dict[str, Any] = {
        "game": plan.game, "seat": plan.seat, "finds": _finds(plan.finds),
        "points": plan.points, "tokens_spent": plan.tokens_spent, "value": plan.value,
        "optimal": plan.optimal, "time_s": None, "nodes": plan.nodes,
        "board_after": list(plan.board_after),
        "next_player": {"seat": nxt.seat, "points": nxt.points,
                        "tokens_spent": nxt.tokens_spent, "finds": _finds(nxt.finds)},
        "analysis": list(plan.analysis)}
    if plan.cards is not None:
        result["cards"] = dict(plan.cards)
    return result


def _decision_json(d: ReviewedDecision) -> dict[str, Any]:
    out: dict[str, Any] = {"decision": d.number, "index": d.index, "played": d.played}
    if len(d.moves) > 1:
        out["moves"] = list(d.moves)
    out["label"] = d.label
    if d.reason is not None:
        out["reason"] = d.reason
    if d.added_to_options:
        out["added_to_options"] = True
    if d.budget_raised is not None:
        out["budget_raised"] = d.budget_raised
    if d.best is not None:
        out["best"] = d.best
    for key in ("played_words", "best_words"):
        if getattr(d, key):
            out[key] = getattr(d, key)
    if d.valued:
        out.update({"played_value": d.played_value, "best_value": d.best_value,
                    "loss": d.loss, "noise95": d.noise95, "within_noise": d.within_noise})
        if d.iterations_to_tell is not None:
            out["iterations_to_tell"] = d.iterations_to_tell
        out.update({"played_visits": d.played_visits, "options": d.options,
                    "iterations": d.iterations})
        if d.playouts_added is not None:
            out["playouts_added"] = d.playouts_added
        if d.best_playouts_added is not None:
            out["best_playouts_added"] = d.best_playouts_added
    return out


def _parted_json(parted: PartedFromPlan) -> dict[str, Any]:
    """Where a solo game left the best plan; the moves also in a player's words where the
    game has them (added: the board showed the notation, "played rest money, the plan:
    market buy 1", under decision lines in words)."""
    out: dict[str, Any] = {"decision": parted.number, "index": parted.index,
                           "played": parted.played, "plan": parted.plan}
    for key in ("played_words", "plan_words"):
        if getattr(parted, key):
            out[key] = getattr(parted, key)
    return out


def review_json(review: GameReview) -> dict[str, Any]:
    """A :class:`solvers.results.GameReview` as the review JSON."""
    s = review.summary
    result: dict[str, Any] = {
        "game": review.game, "seat": review.seat, "seat_name": review.seat_name,
        "players": review.players,
        "record": {"moves": review.record_moves, "finished": review.finished,
                   "seats": None if review.seats is None else list(review.seats)},
        "value_meaning": review.value_meaning,
        "scale": {"unit": review.scale.unit, "inaccuracy": review.scale.inaccuracy,
                  "mistake": review.scale.mistake, "blunder": review.scale.blunder},
        "budget": {"iterations": review.limit.iterations, "time_s": review.limit.time_limit},
        "seed": review.seed,
    }
    if review.at is not None:
        result["at"] = review.at
    result.update({
        "decisions": [_decision_json(d) for d in review.decisions],
        "summary": {"decisions": s.decisions, "rated": s.rated, "total_loss": s.total_loss,
                    "mean_loss": s.mean_loss, "counts": dict(s.counts),
                    "accuracy": s.accuracy},
        "score_reached": review.score_reached,
    })
    section = review.best_score
    if section is not None:
        best, parted = section.best, section.parted
        result["best_score"] = {
            "score": best.score, "status": best.status, "bound": best.bound,
            "bound_source": best.bound_source, "reproducible": best.reproducible,
            "solver": best.solver, "score_reached": section.score_reached, "gap": section.gap,
            "parted": None if parted is None else _parted_json(parted)}
        if best.note is not None:
            result["best_score"]["note"] = best.note
        below = section.fell_below
        if below is not None:
            result["best_score"]["fell_below"] = {"decision": below.number,
                                                  "index": below.index,
                                                  "reachable": below.reachable,
                                                  "best": below.best}
            if not below.placed:  # (only then: the reviews that place it read as before)
                result["best_score"]["fell_below"]["placed"] = False
            if below.exact is not None:  # the service says what each figure is
                result["best_score"]["fell_below"].update(
                    reachable_exact=below.exact, best_optimal=best.status == "OPTIMAL")
    if review.cards is not None:
        result["cards"] = dict(review.cards)
    return result


@functools.cache
def _writers() -> dict[type, Callable[[Any], dict[str, Any]]]:
    """The writer of each typed result (``jsonable`` finds it by the value's exact type),
    made at the first value that is no plain JSON: plain JSON (``digsite games --json``,
    ``deal``, ``example``) loads no solver module (issue 18: start-up)."""
    from solvers.hints import Hint
    from solvers.results import ArenaResult, BestScore, DigPlanResult, GameReview
    return {Hint: hint_json, BestScore: best_score_json, ArenaResult: arena_json,
            DigPlanResult: dig_plan_json, GameReview: review_json}


def jsonable(value: Any) -> Any:
    """``value`` as plain JSON data: a typed result by its writer, containers element by
    element, anything else as it is."""
    if isinstance(value, dict):
        return {key: jsonable(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [jsonable(item) for item in value]
    if value is None or isinstance(value, (str, int, float)):  # (bool is an int)
        return value
    writer = _writers().get(type(value))
    return writer(value) if writer is not None else value


def to_json(result: Any) -> str:
    """Canonical JSON output: stable key order so equal results are byte-identical."""
    return json.dumps(jsonable(result), indent=2, sort_keys=False)
