"""Review of a played game: every decision of one seat against the hint's best move.

``review_game(record, *, seat=None, data, limit, seed, best_limit=Limit(), at=None,
progress=None) -> GameReview`` (``solvers.results``) walks a game record
(``games.record``) through its engine and, at each decision of ``seat`` (default: the
record's person, else seat 0, ``GameRecord.default_seat``), asks the game's hint
(``services.hint``, the one hint contract of ``solvers.hints``) to rank **every** legal
move, from the seat's own player view at that point (``solvers.moments.view_at``), never
from the deal: in the card games the review knows exactly what the seat knew. Decisions
are numbered as everywhere (``solvers.moments``: decision N is the seat's N-th, from 1; a
whole trade, a whole sandstorm discard or a whole Tomb of the Ancients turn is one
decision); ``at=N`` reviews decision N alone. Both values of a decision — the move played
and the hint's best move — come from that one search:

* **value**: the hint's ``value``, on the game's scale (``value_meaning``): the seat's win
  probability in the card games, its expected final score (points) in the grid games.
* **played move not among the options** (a turn the hint does not generate): see
  ``hint_with_turn`` below.
* **the move played by playouts of its own** (the card games, whose service offers
  ``hint_through(view, moves, *, playouts, data, limit, seed, top)``): an ISMCTS search
  leaves a move early when its first playouts went badly, so the move played was often
  valued by a handful of playouts, biased low by more than their noise says (a New
  Expedition "blunder" from 24 of 8,000). The review asks ``hint_through``: the same
  search as the hint's, then, where it left the move played fewer than
  :func:`played_playouts` (a fifth of the budget, at least ``FEW``: 400 of 2,000),
  that many playouts through it, played whatever their results, which alone value it
  (``playouts_added``; the other moves' values are the search's, unchanged;
  ``solvers.ismcts.search``'s ``through`` says why this is the same kind of estimate as
  the best move's). So the move played always has at least ``FEW`` playouts, in the
  first search and in the confirming one.
* **played move not valued**: a search may leave a move unvisited (ISMCTS tries every
  root move once only when its budget covers them all; the grid games' hints). Then the
  decision is searched again with ``iterations = max(budget, 2 x legal moves)`` and both
  values are read from that second search (``budget_raised`` says so). A move the hint
  still cannot value, or a decision the hint does not rank at all (a turn the record
  stops in the middle of), is ``unrated`` with the reason, as is a choice that changes
  nothing (the engine's ``moot_decision``, which ``play`` and ``track`` do not ask: the
  Pyramids replacement after the game's last expedition card). A decision with one
  legal move is ``forced``. Both are left out of the summary's losses and accuracy.
* **loss** = max(0, best value − played value), in the unit of the scale: what the
  decision cost, "better was X (+0.12 win probability)".
* **noise**: ``noise95`` = 1.96 standard errors of the difference of the two values (a
  win probability's standard error is the larger of the hint's and Agresti and Coull's,
  over the move's playouts plus two wins and two losses: never 0, even after 2 playouts
  that all lost; the two errors combined as if independent, which overstates the noise
  where the hint values its options on common random numbers, as Pyramids does); on the
  points scale, with fewer than ``FEW`` playouts on either move, Student's t takes the
  place of 1.96 (a spread read from 4 samples is itself uncertain). A loss
  within the noise (0 < loss <= noise95), or one whose noise cannot be measured (a value from a
  single sample), is **unclear**: at this budget the search cannot tell the two moves
  apart, so no label is given, and ``iterations_to_tell`` estimates the budget that would
  (``solvers.hints.iterations_to_separate``, as a hint's close call says).
* **confirmed**: a loss worth a label (inaccuracy or worse) is searched again, at
  ``CONFIRM_FACTOR`` times the budget (per tree, as the first search's: with ``workers``
  root-parallel trees, each tree gets that many times its first budget) and another
  seed, and the decision is judged by that search (``budget_raised`` says so, per tree).
  Before the move played had playouts of its own, its value from the few the search
  spent on it was biased low (a player's pass found moves called blunders at 2,000
  iterations that were the best at 8,000); the second search halves the noise of both
  values. Where that search valued the move played by playouts of its own and finds a
  label, the best move is valued alike too, by as many playouts of its own after the
  same search, and the smaller of the two losses judges (:func:`_best_through` says why;
  ``best_playouts_added`` where it did).
* **label** of a loss beyond the noise, by the game's thresholds
  (``games.registry.GameInfo.review``, listed in ``digsite review --help``): ``best``
  (loss 0: the hint's own choice, or a move valued at least as high), ``good`` (below
  ``inaccuracy``), ``inaccuracy``, ``mistake`` (from ``mistake``), ``blunder`` (from
  ``blunder``). In the card games the thresholds, in win probability, are lichess's (5,
  10 and 15 points of win chance between two players), scaled by 2/players because a
  fair share of a win at a table of k is 1/k; in the grid games they are points.
* **accuracy** (:func:`accuracy`, written out in ``docs/review.md``): lichess's accuracy of
  a move, ``103.1668 x exp(-0.04354 x d) - 3.1669`` clipped to 0..100, where ``d`` is the
  loss in lichess's points of win chance — the loss scaled so that the game's blunder
  threshold is 15, as lichess's is (``d = 15 x loss / blunder``: between two players of a
  card game, the loss in percentage points of win probability) — averaged over the judged
  decisions (labelled best to blunder; unclear, forced and unrated ones left out).

Grid games in solo also get the deal's best possible score (``best_score`` service: score,
status, bound), the score reached, and the first decision where the game left the best
plan (``parted``): the first of the seat's decisions whose move differs from the plan's,
unless both lead to the same player view. Where the best score still reachable fell below
the deal's best (``BestScoreComparison.fell_below``) is filled by a service that offers
``best_reachable`` (Tomb of the Ancients) or ``first_below`` (Pyramids; the hook is
``_fell_below``).

Games whose hint ranks whole turns made of several engine moves (Tomb of the Ancients: a
dig is sand and finds, then ``end``) offer in their service ``played_turn(state, moves)
-> (count, text, whole)``: how many of the record's next moves the turn spans, the hint's
name for it (``None`` if the hint has no such option) and whether the record holds the
whole turn; and ``hint_with_turn(view, moves, ...)``: the hint with a played turn it does
not generate added to its options (named by its moves joined with ``" ; "``), so that turn
is valued by the same search as the best one (``added_to_options``); and
``turn_words(state, moves)``: such a turn in the hint's words, which the best plan's lines
use for the turn played and the plan's, and an unrated turn the record stops inside for
its ``played_words``. A best-score plan carries the engine moves of
each of its turns (``BestScore.turns``). Archaeology
and the New Expedition offer the first for trades: a trade's ``take``/``give`` steps are
one decision named by the whole trade (``trade GIVES for TAKES``), as their hints name
it, and a trade the search did not complete in its tree (or one that changes nothing,
which the hint does not offer) is valued by playouts of its own (``hint_through``), as a
move played that the search left early; and for sandstorm discards alike: a seat's
``discard`` steps at one sandstorm are one decision named by the whole discard
(``discard CARDS``), never ``forced`` where only its first card is (a whole discard typed
in one line, whose first card is the one legal step, is searched too). Other games'
decisions are single moves.

Reproducible: the seed of the decision at record index ``i`` is the ``i``-th of
``child_seeds(seed, moves)``, so the same record, seed and iteration budget give the same
result, and a decision reviewed alone (``at``) gets the values it gets in the whole review.
"""

from __future__ import annotations

import math
from dataclasses import replace
from functools import partial
from typing import Any, Callable, Sequence

import cards_data
from games import load, registry
from games.errors import DigsiteError, InvalidStateError
from games.record import GameRecord, resolve_fixed_chance
from games.registry import ReviewScale
from games.seeding import child_seeds

from . import clock, services
from .hints import WIN_PROBABILITY, Z_95, Hint, HintRow, iterations_to_separate
from .limits import Limit
from .moments import Decision, decision_at, decisions_of, seat_of, view_at
from .results import (BestScoreComparison, FellBelowBest, GameReview, PartedFromPlan,
                      ReviewedDecision, ReviewSummary)

__all__ = ["LABELS", "COUNTED", "review_game", "label_of", "accuracy", "move_accuracy",
           "scale_for", "ALL_ROWS", "reviews_best_score"]

#: ``top`` large enough for every legal move of any game.
ALL_ROWS = 1_000_000
#: The labels of a judged decision, from no loss to the largest.
LABELS = ("best", "good", "inaccuracy", "mistake", "blunder")
#: Every verdict a decision gets, in the summary's order.
COUNTED = (*LABELS, "unclear", "forced", "unrated")
#: lichess's win chance drop of a blunder, in percentage points (its accuracy's unit).
LICHESS_BLUNDER = 15.0


def scale_for(game_id: str, players: int) -> ReviewScale:
    """The thresholds of ``game_id`` at a table of ``players`` (declared in the registry)."""
    return registry.get(game_id).review.at(players)


def label_of(loss: float, scale: ReviewScale) -> str:
    """The label of a loss beyond the noise (module docstring).

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


def move_accuracy(loss: float, scale: ReviewScale) -> float:
    """lichess's accuracy of one move (module docstring), the loss read on the game's scale.

    >>> win = ReviewScale("win probability", 0.05, 0.10, 0.15)
    >>> [round(move_accuracy(x, win), 1) for x in (0, 0.05, 0.15, 1.0)]
    [100.0, 79.8, 50.5, 0.0]
    >>> round(move_accuracy(10, ReviewScale("points", 2, 5, 10)), 1)  # a blunder's worth
    50.5
    """
    points = LICHESS_BLUNDER * loss / scale.blunder
    return min(100.0, max(0.0, 103.1668 * math.exp(-0.04354 * points) - 3.1669))


def accuracy(losses: Sequence[float], scale: ReviewScale) -> float | None:
    """The mean of :func:`move_accuracy` over the judged decisions' ``losses``, rounded to
    0.1 (``None`` with no judged decision).

    >>> accuracy([0, 0, 0.15], ReviewScale("win probability", 0.05, 0.10, 0.15))
    83.5
    """
    if not losses:
        return None
    return round(sum(move_accuracy(x, scale) for x in losses) / len(losses), 1)


def _played_row(hint: Hint, unit: Decision) -> HintRow | None:
    """The row of the played decision: by the hint's name for it, else by its moves."""
    return hint.row(unit.text) or hint.row(" ; ".join(unit.moves))


def _words(game: str, unit: Decision) -> str | None:
    """A one-move decision in a player's words (a forced one, which no search names), as
    the hint's rows say the others; ``None`` where the engine has no words."""
    return _move_words(game, unit.state, unit.moves[0]) if len(unit.moves) == 1 else None


def _move_words(game: str, state: Any, text: str) -> str | None:
    """One engine move from ``state`` in a player's words (the engine's ``describe``);
    ``None`` where the engine has none."""
    engine = registry.engine(game)
    describe = getattr(engine, "describe", None)
    if describe is None:
        return None
    try:
        words: str = describe(state, engine.parse_move(state, text))
    except DigsiteError:
        return None
    return words


def _turn_words(game: str, state: Any, moves: Sequence[str]) -> str | None:
    """A whole decision's ``moves`` from ``state`` in a player's words, as the review's
    decision lines say them: the game's ``turn_words`` where a decision can be a turn of
    several moves (Tomb of the Ancients), else one move's engine words; ``None`` where
    there are none (the text then falls back on the notation)."""
    if not moves:
        return None
    if services.has_capability(game, "turn_words"):
        try:
            said: str = services.capability(game, "turn_words")(state, moves)
        except DigsiteError:
            return None
        return said
    return _move_words(game, state, moves[0]) if len(moves) == 1 else None


def _only_move(game: str, unit: Decision) -> bool:
    """Whether the decision is one move, the one legal move. Not a whole sandstorm discard
    typed in one line (``discard coin coin``) where the first card is the only legal step:
    the cards after it may be a choice (the hint's search tells)."""
    legal = unit.state.legal_moves()
    if len(legal) != 1 or len(unit.moves) != 1:
        return False
    try:
        played = registry.engine(game).parse_move(unit.state, unit.moves[0])
    except DigsiteError:
        return False
    return bool(played == legal[0])


def _decide(game: str, unit: Decision, *, hint: Callable[..., Hint], data: Any,
            limit: Limit, seed: int, scale: ReviewScale,
            through: Callable[..., Hint] | None = None
            ) -> tuple[ReviewedDecision, str | None]:
    """The analysis of one decision, and the hint's ``value_meaning`` (None if no hint
    ran). ``through``: the game's ``hint_through``, asked in place of ``hint`` (module
    docstring)."""
    base = ReviewedDecision(number=unit.number, index=unit.index, played=unit.played,
                            moves=unit.moves, label="unrated")
    if not unit.whole:
        # (in words as the rated lines are: it read "sand B A1 ; sand flip A1  not rated")
        return replace(base, reason="the record ends inside this turn",
                       played_words=_turn_words(game, unit.state, unit.moves)), None
    if _only_move(game, unit):
        return replace(base, label="forced", played_words=_words(game, unit)), None
    moot = load(game, data=data).moot_decision(unit.state)
    if moot is not None:
        # (play makes such a choice for the person without asking: it is no decision to
        # judge, and a free "best" would lift the accuracy)
        return replace(base, reason=f"nothing to judge: {moot}",
                       played_words=_words(game, unit)), None
    if through is not None:
        # the move played valued by playouts of its own where the search left it early
        # (the card games' ``hint_through``), in the first search and in the confirming one
        hint = partial(through, moves=list(unit.moves), playouts=played_playouts(
            limit.resolve(registry.get(game).budgets.hint).iterations))
    try:
        view = view_at(unit)
        result = hint(view, data=data, limit=limit, seed=seed, top=ALL_ROWS)
    except DigsiteError as exc:
        return replace(base, reason=f"the hint does not rank this decision ({exc})"), None
    meaning = result.value_meaning
    if result.budget.stop_reason == "single_move":
        row = _played_row(result, unit)
        words = row.words if row is not None and row.words else _words(game, unit)
        return replace(base, label="forced", played_words=words), meaning
    played = result.row(unit.text)
    ask = hint
    if played is None and services.has_capability(game, "hint_with_turn"):
        # a turn the hint does not generate (or did not complete in its tree): search
        # again with it among the options, named as the hint names it
        ask = partial(services.capability(game, "hint_with_turn"), moves=list(unit.moves))
        through = None  # (no game offers both)
        result = ask(view, data=data, limit=limit, seed=seed, top=ALL_ROWS)
        base = replace(base, added_to_options=True)
        played = _played_row(result, unit)
    if played is not None and played.value is None:
        raised = max(limit.iterations or 0, 2 * len(result.rows))
        # (the time limit kept: `review --time-limit` held every search but this one)
        result = ask(view, data=data, limit=Limit(iterations=raised, workers=limit.workers,
                                                  time_limit=limit.time_limit),
                     seed=seed, top=ALL_ROWS)
        base = replace(base, budget_raised=raised)
    judged = _judge(base, result, unit, meaning, scale)
    if judged.label in CONFIRMED:
        # a loss worth a label is confirmed by a search of its own at CONFIRM_FACTOR times
        # the budget and another seed, and the decision is judged by that one (a search
        # that values the move played by its own few playouts, the unlucky ones that are
        # why it was left, called "blunders" at 2,000 iterations moves that were the best
        # at 8,000; where the move played is valued by playouts of its own, the second
        # search halves the noise of both values). Per tree, as the first search's budget
        # is: with --workers W its iterations are the W trees' total (it ran CONFIRM_FACTOR
        # x W times the first's budget on each tree)
        budget = result.budget
        raised = CONFIRM_FACTOR * max(1, budget.iterations // max(1, budget.workers))
        if through is not None:
            ask = partial(ask, playouts=played_playouts(raised))
        confirm = Limit(iterations=raised, workers=limit.workers, time_limit=limit.time_limit)
        again = ask(view, data=data, limit=confirm, seed=child_seeds(seed, 1)[0], top=ALL_ROWS)
        base = replace(base, budget_raised=raised)
        judged = _judge(base, again, unit, meaning, scale)
        best = None if through is None or judged.label not in CONFIRMED else _best_through(
            again, unit, ask, view, data=data, limit=confirm, seed=child_seeds(seed, 1)[0])
        if best is not None:
            # the smaller loss of the two ways of valuing the best move (_best_through)
            alike = _judge(base, again, unit, meaning, scale, best=best)
            if (alike.loss or 0.0) < (judged.loss or 0.0):
                judged = alike
    return judged, meaning


def _best_through(result: Hint, unit: Decision, ask: Callable[..., Hint],
                  view: dict[str, Any], *, data: Any, limit: Limit, seed: int
                  ) -> HintRow | None:
    """The hint's best move valued as the move played was (``None`` where the move played
    kept the search's own value, or is the best): by as many playouts of its own after the
    same search (``hint_through``'s ``always``).

    Why: a search's value of a move is the mean over all its playouts, the first ones
    played by a tree that had learnt little; playouts after the search follow what it
    learnt below the move, the other seats' replies (which lower the seat's value) and the
    seat's own later choices (which raise it). The move played valued by those alone
    against the best move's whole mean could be judged against a stronger table: at the
    last turn of an Archaeology record (the dig site empty, the other seat able to pass
    the seat's money) a review at 300 iterations called a sale a blunder of 0.51 win
    probability (0.18 against 0.69) where a hint of 5,000 iterations valued it and the
    best move within 0.02 of each other. Valued alike, both after the search, the loss
    was 0.05, within the noise. Neither way is exact (the best move's subtree learnt more
    than the move played's, and its own later choices gain from it: a Loot N Run mistake
    of 0.11 at 300 iterations, 0.055 at 8,000, is 0.15 valued alike), so the review
    judges by the smaller loss of the two: a label only where both ways find one."""
    added = (result.fact("through") or {}).get("playouts") or 0
    best = result.rows[0]
    if not added or best.move == unit.text or best.move == " ; ".join(unit.moves):
        return None
    try:
        again = ask(view, data=data, limit=limit, seed=seed, top=ALL_ROWS,
                    moves=[best.move], playouts=added, always=True)
    except DigsiteError:
        return None  # (a best move the record's notation cannot name: the search's value)
    return again.row(best.move)


def played_playouts(iterations: int | None) -> int:
    """The playouts a search of ``iterations`` gives the move played at least (``None``, a
    budget of time: :data:`FEW`): a :data:`PLAYED_SHARE`-th of the budget, at least
    ``FEW``, so that the noise of its value shrinks with the budget as the best move's
    does (a loss too close to call says the budget that would tell).

    >>> played_playouts(2000), played_playouts(8000), played_playouts(100), played_playouts(None)
    (400, 1600, 30, 30)
    """
    return max(FEW, (iterations or 0) // PLAYED_SHARE)


#: Labels a review confirms by a second search before giving them (``_decide``).
CONFIRMED = ("inaccuracy", "mistake", "blunder")
#: The confirming search's budget, in multiples of the first's.
CONFIRM_FACTOR = 4
#: Playouts under which the noise of a value takes Student's t, not the normal 1.96.
FEW = 30
#: The share of a search's budget the move played gets at least, in playouts of its own
#: (:func:`played_playouts`): 400 of the card games' default 2,000 iterations. A twentieth
#: (100) left the move played far fewer playouts than the best move's visits, so the loss
#: carried the played value's noise: a fifth changed 6 of 103 decisions' labels at the same
#: CPU (fewer first searches ask for a confirming one), docs/review.md.
PLAYED_SHARE = 5


def _judge(base: ReviewedDecision, result: Hint, unit: Decision, meaning: str,
           scale: ReviewScale, *, best: HintRow | None = None) -> ReviewedDecision:
    """The decision as one search values it: the played move against the best (module
    docstring: loss, noise, label); ``best``: the best move's row valued by playouts of its
    own (:func:`_best_through`), in place of the search's."""
    played = _played_row(result, unit)
    best_added = None if best is None else best.visits
    best = best or result.rows[0]
    base = replace(base, best=best.move, best_words=best.words)
    if played is None:
        return replace(base, reason="the played move is not among the hint's options")
    if played.value is None or best.value is None:
        return replace(base, reason="the hint gave the move no value")
    loss = round(max(0.0, best.value - played.value), 4)
    proportion = meaning == WIN_PROBABILITY
    se_played, se_best = _stderr(played, proportion), _stderr(best, proportion)
    sd = math.hypot(se_played, se_best) if se_played is not None and se_best is not None \
        else None
    # (a spread read from few samples: Student's t; a win probability's error is the
    # binomial's of its mean, not a spread estimated from the samples)
    z = Z_95 if proportion else _z95(min(played.visits or 0, best.visits or 0))
    iterations = result.budget.iterations
    label, to_tell = label_of(loss, scale), None
    if played.move == best.move:
        label = "best"
    elif loss > 0 and (sd is None or loss <= z * sd):
        # within the noise (or too few playouts to measure it): the budget cannot tell the
        # moves apart, so no label
        label = "unclear"
        # (the estimate takes the same factor: past the current budget, as it must be)
        to_tell = None if sd is None else iterations_to_separate(loss, sd * z / Z_95,
                                                                 iterations)
    added = (result.fact("through") or {}).get("playouts") or None
    return replace(
        base, label=label, played_words=played.words, played_value=played.value,
        best_value=best.value, loss=loss,
        noise95=None if sd is None else round(z * sd, 4), iterations_to_tell=to_tell,
        played_visits=played.visits, options=len(result.rows), iterations=iterations,
        playouts_added=added, best_playouts_added=best_added,
    )


def _z95(playouts: int) -> float:
    """The two-sided 95% factor of a difference whose smaller side has ``playouts``
    samples: the normal 1.96 from ``FEW`` on, Student's t below (a spread read from 4
    samples takes 3.18, not 1.96).

    >>> round(_z95(4), 2), round(_z95(1000), 2)
    (3.18, 1.96)
    """
    if playouts >= FEW:
        return Z_95
    from scipy.stats import t  # (only for a move valued by few playouts)

    return float(t.ppf(0.975, max(1, playouts - 1)))


def _stderr(row: HintRow, proportion: bool) -> float | None:
    """The standard error of a row's value for the review's noise: the hint's own, or for
    a win probability the larger of it and Agresti and Coull's (two wins and two losses
    added to the row's playouts): the plain binomial error is 0 after all-won or all-lost
    playouts, which would call a move measured by 2 playouts a certain blunder, and the
    larger one keeps the review from judging where the hint says too close to call."""
    if not proportion or row.visits is None or row.value is None:
        return row.stderr
    n = row.visits + 4
    p = (row.value * row.visits + 2) / n
    return max(row.stderr or 0.0, math.sqrt(p * (1 - p) / n))


def _summary(decisions: Sequence[ReviewedDecision], scale: ReviewScale) -> ReviewSummary:
    labels = [d.label for d in decisions]
    losses = [d.loss for d in decisions if d.label in LABELS and d.loss is not None]
    return ReviewSummary(
        decisions=len(decisions), rated=len(losses), total_loss=round(sum(losses), 4),
        mean_loss=round(sum(losses) / len(losses), 4) if losses else None,
        counts=tuple((label, labels.count(label)) for label in COUNTED),
        accuracy=accuracy(losses, scale))


def _same_unit(engine: Any, state: Any, seat: int, played: Sequence[str],
               planned: Sequence[str]) -> bool:
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
        return bool(engine.view_of(a, seat) == engine.view_of(b, seat))
    except DigsiteError:
        return False


def _apply(engine: Any, state: Any, text: str) -> str:
    resolve_fixed_chance(state)
    move = engine.parse_move(state, text)
    state.apply(move)
    return str(move)


def _fell_below(record: GameRecord, units: Sequence[Decision], best: float, *, data: Any,
                limit: Limit, seed: int) -> FellBelowBest | None:
    """The mid-game best score (module docstring): with the game's service
    ``first_below(states, best, *, data, limit, seed) -> (k, Reachable) | None``, the
    position after decision ``k`` of the game's own choosing (Pyramids bisects the
    positions, whose true best still reachable never rises); else with ``best_reachable(state, *, data,
    limit, seed) -> float``, the first decision after which the best still reachable is
    below ``best``; ``None`` without either service."""
    scan = services.has_capability(record.game, "first_below")
    if not scan and not services.has_capability(record.game, "best_reachable"):
        return None
    engine = registry.engine(record.game)

    def after(unit: Decision) -> Any:
        state = unit.state.clone()
        for text in unit.moves:
            _apply(engine, state, text)
        resolve_fixed_chance(state)
        return state

    def placed(k: int, state: Any) -> bool:
        # the game's end is short of ``best`` by its own score: proven short there and
        # nowhere before, the search placed nothing (a capped review of a 98-point game
        # blamed its last move, which cost 9, for all 50 points)
        return k < len(units) - 1 or not state.is_terminal()

    if scan:
        first_below = services.capability(record.game, "first_below")
        states = [after(u) for u in units]
        hit = first_below(states, best, data=data, limit=limit, seed=seed)
        if hit is None:
            return None
        k, there = hit
        return FellBelowBest(units[k].number, units[k].index, there.value, best, there.exact,
                             placed(k, states[k]))
    reachable_from = services.capability(record.game, "best_reachable")
    for k, unit in enumerate(units):
        state = after(unit)
        reachable = reachable_from(state, data=data, limit=limit, seed=seed)
        if reachable < best:  # (a proven upper bound, exact only near the end: "at most")
            return FellBelowBest(unit.number, unit.index, reachable, best, False,
                                 placed(k, state))
    return None


def _best_score_section(record: GameRecord, units: Sequence[Decision], seat: int, *,
                        data: Any, limit: Limit, seed: int, final: Any) -> BestScoreComparison:
    if limit.time_limit is not None and limit.started is None:
        # one cap over the best score and the search for where the game fell below it
        # (--best-time-limit 5 gave each its own 5 s: 11.8 s in all)
        limit = replace(limit, started=clock.now())
    solve = services.capability(record.game, "best_score")
    best = solve(record.deal, data=data, limit=limit, seed=seed)
    engine = registry.engine(record.game)
    plan = best.turns
    parted = None
    for k, unit in enumerate(units):
        planned = plan[k] if k < len(plan) else ()
        if not _same_unit(engine, unit.state, seat, unit.moves, planned):
            # (in the words of the decision lines above it: it said "played market buy 4,
            # the plan rest money" under lines that say "rest: take $2")
            parted = PartedFromPlan(unit.number, unit.index, " ; ".join(unit.moves),
                                    " ; ".join(planned) or None,
                                    _turn_words(record.game, unit.state, unit.moves),
                                    _turn_words(record.game, unit.state, planned))
            break
    reached = final.returns()[seat] if final.is_terminal() else None
    below = _fell_below(record, units, best.score, data=data, limit=limit, seed=seed)
    if below is not None and parted is not None and parted.number == below.number:
        # followed the plan up to that decision: the best was still reachable before it
        below = replace(below, placed=True)
    return BestScoreComparison(best, reached, parted, below)


def reviews_best_score(record: Any, at: int | None) -> bool:
    """Whether :func:`review_game` also solves the deal's best score: a whole review
    (no ``at``) of a solo grid game with a best-score solver."""
    return (at is None and registry.get(record.game).kind == "grid" and record.players == 1
            and services.has_capability(record.game, "best_score"))


def review_game(record: GameRecord, *, seat: int | None = None, data: Any,
                limit: Limit = Limit(), seed: int = 0, best_limit: Limit = Limit(),
                at: int | None = None, progress: Callable[[int], None] | None = None
                ) -> GameReview:
    """Review every decision of ``seat`` in ``record`` (default: the record's person, else
    seat 0), or decision ``at`` alone (see the module docstring)."""
    game = record.game
    seat = seat_of(record, seat)
    hint = partial(services.hint, game)  # the game's hint, root-parallel with limit.workers
    through = (services.capability(game, "hint_through")
               if services.has_capability(game, "hint_through") else None)
    scale = scale_for(game, record.players)
    units, final = decisions_of(record, seat, data)
    if at is not None:
        one = decision_at(record, seat, at, data)  # refuses a number that is not a decision
        if one.pending:
            raise InvalidStateError(f"record: decision {at} of seat {seat} is the one it is "
                                    f"to make now: nothing was played to review (ask for a "
                                    f"hint)")
        units = [one]
    seeds = child_seeds(seed, max(1, len(record.moves)))
    step: Callable[[int], None] = progress or (lambda n: None)
    decisions: list[ReviewedDecision] = []
    value_meaning = None
    for unit in units:
        decision, meaning = _decide(game, unit, hint=hint, data=data, limit=limit,
                                    seed=seeds[unit.index], scale=scale, through=through)
        decisions.append(decision)
        value_meaning = value_meaning or meaning
        step(len(unit.moves))
    comparison = None
    if reviews_best_score(record, at):
        comparison = _best_score_section(record, units, seat, data=data, limit=best_limit,
                                         seed=seed, final=final)
    return GameReview(
        game=game, seat=seat, seat_name=record.seats[seat] if record.seats else None,
        players=record.players, record_moves=len(record.moves),
        finished=final.is_terminal(), seats=record.seats,
        value_meaning=value_meaning or scale.unit, scale=scale, limit=limit, seed=seed,
        decisions=tuple(decisions), summary=_summary(decisions, scale),
        score_reached=final.returns()[seat] if final.is_terminal() else None,
        best_score=comparison, at=at, cards=cards_data.given_fingerprint(data))
