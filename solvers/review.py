"""Review of a played game: every decision of one seat against the hint's best move.

``review_game(record, *, seat, data, limit, seed, best_limit=Limit(), progress=None)``
walks a game record (``games.record``) through its engine and, at each decision of
``seat``, asks the game's hint (``services.capability(game, "hint")``, the one hint
contract of ``solvers.hints``) to rank **every** legal move, from the seat's own player view
at that point (``view_of(state, seat)``), never from the deal: in the card games the review
knows exactly what the seat knew. Both values of a decision — the move played and the
hint's best move — come from that one search:

* **value**: the hint's ``value``, on the game's scale (``value_meaning``): the seat's win
  probability in the card games, its expected final score in the grid games.
* **played move not among the options** (a turn the hint does not generate): see
  ``hint_with_turn`` below.
* **played move not valued**: a search may leave a move unvisited (ISMCTS tries every
  root move once only when its budget covers them all). Then the decision is searched again
  with ``iterations = max(budget, 2 x legal moves)`` and both values are read from that
  second search (``budget_raised`` says so). A move the hint still cannot value, or a
  decision the hint does not rank at all (the Pyramids keep and take choices, a turn the
  record stops in the middle of), is ``unrated`` with the reason, and left out of the
  summary. A decision with one legal move is ``forced`` (left out too).
* **loss** = max(0, best value − played value), in the unit of the scale.
* **label**, by the loss and the game's thresholds (``games.registry.GameInfo.review``): ``best`` (loss 0: the hint's own
  choice, or a move valued at least as high), ``good`` (below ``inaccuracy``),
  ``inaccuracy``, ``mistake`` (from ``mistake``), ``blunder`` (from ``blunder``). In the
  card games the thresholds, in win probability, are lichess's (5, 10 and 15 points of
  win chance between two players), scaled by 2/players because a fair share of a win at a
  table of k is 1/k. ``within_noise`` marks a loss smaller than the 95% noise of the two
  estimates (1.96 standard errors of their difference): at this budget the search cannot
  tell the two moves apart.
* **accuracy** = 100 x (decisions labelled best or good) / (rated decisions): the share
  of the seat's rated decisions that lost less than an inaccuracy. One definition for
  every game, whatever its scale.

Grid games in solo also get the deal's best possible score (``best_score`` service: score,
status, bound), the score reached, and the first decision where the game left the best
plan (``parted``): the first of the seat's decisions whose move differs from the plan's,
unless both lead to the same player view. Games whose service offers ``left_best`` (Tomb of the Ancients)
also say after which decision the best plan's score was provably out of reach
(``left_best``): the best score still reachable from each position, bounded and planned
from that position, against the plan's score.

Games whose hint ranks whole turns made of several engine moves (Tomb of the Ancients: a
dig is sand and finds, then ``end``) offer in their service ``played_turn(state, moves)
-> (count, text, whole)``: how many of the record's next moves the turn spans, the hint's
name for it (``None`` if the hint has no such option) and whether the record holds the
whole turn; and ``hint_with_turn(view, moves, ...)``: the hint with a played turn it does
not generate added to its options (named by its moves joined with ``" ; "``), so that turn
is valued by the same search as the best one (``added_to_options``). A best-score plan
carries the engine moves of each of its turns (``BestScore.turns``). Archaeology
and the New Expedition offer the first two for trades: a trade's ``take``/``give`` steps
are one decision named by the whole trade (``trade GIVES for TAKES``), as their hints name
it, and a trade the hint did not complete in its search tree is added to the root's
options. Other games' decisions are single moves.

Reproducible: the seed of decision ``i`` is the ``i``-th of ``child_seeds(seed, moves)``,
so the same record, seed and iteration budget give the same result.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import partial
from typing import Callable, Sequence

from games import registry
from games.registry import ReviewScale
from games.errors import DigsiteError, InvalidStateError
from games.record import GameRecord, replay_steps, resolve_fixed_chance
from games.seeding import child_seeds

from . import services
from .hints import Z_95, Hint, HintRow
from .limits import Limit

__all__ = ["LABELS", "review_game", "label_of", "accuracy", "scale_for",
           "ALL_ROWS"]

#: ``top`` large enough for every legal move of any game.
ALL_ROWS = 1_000_000
LABELS = ("best", "good", "inaccuracy", "mistake", "blunder")


def scale_for(game_id: str, players: int) -> ReviewScale:
    """The thresholds of ``game_id`` at a table of ``players`` (declared in the registry)."""
    return registry.get(game_id).review.at(players)


def label_of(loss: float, scale: ReviewScale) -> str:
    """The label of a loss (module docstring).

    >>> [label_of(x, ReviewScale("points", 2, 5, 10)) for x in (0, 1.5, 2, 7, 10)]
    ['best', 'good', 'inaccuracy', 'mistake', 'blunder']
    """
    if loss <= 0:
        return "best"
    if loss < scale.inaccuracy:
        return "good"
    if loss < scale.mistake:
        return "inaccuracy"
    if loss < scale.blunder:
        return "mistake"
    return "blunder"


def accuracy(counts: dict[str, int]) -> float | None:
    """100 x (best + good) / rated decisions, or None with no rated decision.

    >>> accuracy({"best": 3, "good": 1, "inaccuracy": 0, "mistake": 1, "blunder": 0})
    80.0
    """
    rated = sum(counts.get(label, 0) for label in LABELS)
    if not rated:
        return None
    return round(100.0 * (counts.get("best", 0) + counts.get("good", 0)) / rated, 2)


@dataclass(frozen=True)
class _Unit:
    """One decision of the seat: the record's moves it spans and the hint's name for it."""

    index: int
    moves: tuple[str, ...]
    text: str | None
    state: object  # the state before it (not to be changed)
    whole: bool = True  # False: the record stops inside this turn


def _units(record: GameRecord, seat: int, data) -> tuple[list[_Unit], object]:
    """The seat's decisions in the record, each with a copy of the state before it, and
    the state after the last move."""
    turn_of = (services.capability(record.game, "played_turn")
               if services.has_capability(record.game, "played_turn") else None)
    texts = [e.move for e in record.moves]
    units: list[_Unit] = []
    skip = 0
    final = None
    for step in replay_steps(record, data):
        final = step.state  # the replay goes on in this one object
        if skip:
            skip -= 1
            continue
        if step.seat != seat:
            continue
        canonical = str(step.move)
        if turn_of is None:
            count, text, whole = 1, canonical, True
        else:
            count, text, whole = turn_of(step.state, texts[step.index:])
        units.append(_Unit(step.index, tuple(texts[step.index:step.index + count]), text,
                           step.state.clone(), whole))
        skip = count - 1
    if final is None:
        final = record.initial_state(data)
    resolve_fixed_chance(final)
    return units, final


def _played_row(hint: Hint, unit: _Unit) -> HintRow | None:
    """The row of the played decision: by the hint's name for it, else by its moves."""
    return hint.row(unit.text) or hint.row(" ; ".join(unit.moves))


def _decide(game: str, unit: _Unit, seat: int, *, hint, data, limit: Limit, seed: int,
            scale: ReviewScale) -> tuple[dict, str | None]:
    """The analysis of one decision, and the hint's ``value_meaning`` (None if no hint
    ran)."""
    engine = registry.engine(game)
    out: dict = {"index": unit.index, "played": unit.text or " ; ".join(unit.moves)}
    if len(unit.moves) > 1:
        out["moves"] = list(unit.moves)
    state = unit.state
    if not unit.whole:
        return {**out, "label": "unrated", "reason": "the record ends inside this turn"}, None
    if len(state.legal_moves()) == 1 and len(unit.moves) == 1:
        out["label"] = "forced"
        return out, None
    try:
        view = (services.capability(game, "decision_view")(state, seat)
                if services.has_capability(game, "decision_view") else
                engine.view_of(state, seat))
        result = hint(view, data=data, limit=limit, seed=seed, top=ALL_ROWS)
    except DigsiteError as exc:
        return {**out, "label": "unrated", "reason": f"the hint does not rank this decision "
                                                      f"({exc})"}, None
    meaning = result.value_meaning
    if result.budget.stop_reason == "single_move":
        out["label"] = "forced"
        return out, meaning
    played = result.row(unit.text)
    ask = hint
    if played is None and services.has_capability(game, "hint_with_turn"):
        # a turn the hint does not generate (or did not complete in its tree): search
        # again with it among the options, named as the hint names it
        ask = partial(services.capability(game, "hint_with_turn"), moves=list(unit.moves))
        result = ask(view, data=data, limit=limit, seed=seed, top=ALL_ROWS)
        out["added_to_options"] = True
        played = _played_row(result, unit)
    if played is not None and played.value is None:
        raised = max(limit.iterations or 0, 2 * len(result.rows))
        result = ask(view, data=data, limit=Limit(iterations=raised, workers=limit.workers),
                     seed=seed, top=ALL_ROWS)
        out["budget_raised"] = raised
        played = _played_row(result, unit)
    best = result.rows[0]
    out["best"] = best.move
    if played is None:
        return {**out, "label": "unrated",
                "reason": "the played move is not among the hint's options"}, meaning
    if played.value is None or best.value is None:
        return {**out, "label": "unrated", "reason": "the hint gave the move no value"}, meaning
    loss = max(0.0, best.value - played.value)
    noise = None
    if played.stderr is not None and best.stderr is not None:
        noise = Z_95 * math.hypot(played.stderr, best.stderr)
    out.update({
        "played_value": played.value, "best_value": best.value,
        "loss": round(loss, 4),
        "label": "best" if played is best else label_of(loss, scale),
        "within_noise": noise is not None and 0 < loss < noise,
        "played_visits": played.visits, "options": len(result.rows),
        "iterations": result.budget.iterations,
    })
    return out, meaning


def _summary(decisions: list[dict]) -> dict:
    counts = {label: 0 for label in (*LABELS, "forced", "unrated")}
    for d in decisions:
        counts[d["label"]] += 1
    losses = [d["loss"] for d in decisions if d["label"] in LABELS]
    return {
        "decisions": len(decisions), "rated": len(losses),
        "total_loss": round(sum(losses), 4),
        "mean_loss": round(sum(losses) / len(losses), 4) if losses else None,
        "counts": counts, "accuracy": accuracy(counts),
    }


def _same_unit(engine, state, seat: int, played: Sequence[str], planned: Sequence[str]) -> bool:
    """Whether the plan's moves here lead where the game's did (same texts, or the same
    player view after them)."""
    a, b = state.clone(), state.clone()
    try:
        texts_a = [_apply(engine, a, t) for t in played]
        texts_b = [_apply(engine, b, t) for t in planned]
    except DigsiteError:
        return False
    if texts_a == texts_b:
        return True
    resolve_fixed_chance(a)
    resolve_fixed_chance(b)
    try:
        return engine.view_of(a, seat) == engine.view_of(b, seat)
    except DigsiteError:
        return False


def _apply(engine, state, text: str) -> str:
    resolve_fixed_chance(state)
    move = engine.parse_move(state, text)
    state.apply(move)
    return str(move)


def _best_score_section(record: GameRecord, units: list[_Unit], seat: int, *, data,
                        limit: Limit, seed: int, final) -> dict:
    solve = services.capability(record.game, "best_score")
    best = solve(record.deal, data=data, limit=limit, seed=seed)
    engine = registry.engine(record.game)
    plan = best.turns
    parted = None
    for k, unit in enumerate(units):
        planned = plan[k] if k < len(plan) else []
        if not _same_unit(engine, unit.state, seat, unit.moves, planned):
            parted = {"decision": k + 1, "index": unit.index, "played": " ; ".join(unit.moves),
                      "plan": " ; ".join(planned) or None}
            break
    reached = final.returns()[seat] if final.is_terminal() else None
    out = {"score": best.score, "status": best.status, "bound": best.bound,
           "bound_source": best.bound_source, "reproducible": best.reproducible,
           "solver": best.solver, "score_reached": reached,
           "gap": None if reached is None else round(best.score - reached, 4),
           "parted": parted}
    if services.has_capability(record.game, "left_best"):
        # the position after each whole decision (the next one's, or the record's end)
        after = [u.state for u in units[1:]] + [final]
        positions = [({"decision": k + 1, "index": u.index, "played": " ; ".join(u.moves)},
                      state) for k, (u, state) in enumerate(zip(units, after)) if u.whole]
        out["left_best"] = services.capability(record.game, "left_best")(
            record.deal, positions, data=data, best=best, limit=limit)
    return out


def review_game(record: GameRecord, *, seat: int, data, limit: Limit = Limit(), seed: int = 0,
                best_limit: Limit = Limit(), progress: Callable[[int], None] | None = None
                ) -> dict:
    """Review every decision of ``seat`` in ``record`` (see the module docstring)."""
    game = record.game
    if not 0 <= seat < record.players:
        raise InvalidStateError(f"review: seat {seat} is not a seat of this {record.players}-"
                                f"player game")
    hint = partial(services.hint, game)  # the game's hint, root-parallel with limit.workers
    scale = scale_for(game, record.players)
    units, final = _units(record, seat, data)
    seeds = child_seeds(seed, max(1, len(record.moves)))
    step = progress or (lambda n=1: None)
    decisions = []
    value_meaning = None
    for unit in units:
        decision, meaning = _decide(game, unit, seat, hint=hint, data=data, limit=limit,
                                    seed=seeds[unit.index], scale=scale)
        decisions.append(decision)
        value_meaning = value_meaning or meaning
        step(len(unit.moves))
    info = registry.get(game)
    out = {
        "game": game, "seat": seat, "players": record.players,
        "record": {"moves": len(record.moves), "finished": final.is_terminal(),
                   "seats": list(record.seats) if record.seats else None},
        "value_meaning": value_meaning or scale.unit,
        "scale": {"unit": scale.unit, "inaccuracy": scale.inaccuracy,
                  "mistake": scale.mistake, "blunder": scale.blunder},
        "budget": {"iterations": limit.iterations, "time_s": limit.time_limit},
        "seed": seed,
        "decisions": decisions,
        "summary": _summary(decisions),
        "score_reached": final.returns()[seat] if final.is_terminal() else None,
    }
    if (info.kind == "grid" and record.players == 1
            and services.has_capability(game, "best_score")):
        out["best_score"] = _best_score_section(record, units, seat, data=data,
                                                limit=best_limit, seed=seed, final=final)
    return out
