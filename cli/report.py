"""Plain-text forms of a review (``solvers.review``): the report ``digsite review``
prints, and the comments ``review --annotate`` writes beside each decision of the record.
Both say each decision in one wording (:func:`verdict`), the seats named alike."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from games import Game, registry
from games.errors import DigsiteError
from games.record import PERSON, GameRecord, person_word
from games.table import about, plural
from solvers.moments import decisions_of
from solvers.results import GameReview, ReviewedDecision
from solvers.review import CONFIRM_FACTOR, CONFIRMED

from .format import card_data_words, in_a_sentence
from .play import named_move

__all__ = ["format_review", "verdict", "annotate", "screen_words", "MARKS"]

#: The annotation marks of chess (as lichess and PGN write them) by label.
MARKS = {"inaccuracy": "?!", "mistake": "?", "blunder": "??"}
#: A verdict's name in a count, where it is not its label.
COUNT_WORDS = {"unclear": "too close to call"}
#: The labels that are nouns, with their plurals ("2 blunders").
NOUNS = {"inaccuracy": "inaccuracies", "mistake": "mistakes", "blunder": "blunders"}


def _counts(review: GameReview) -> str:
    """The summary's counts in words: "28 best, 2 blunders, 1 inaccuracy, 20 too close to
    call" (the three labels that are nouns take their plurals)."""
    return ", ".join(plural(n, label, NOUNS[label]) if label in NOUNS
                     else f"{n} {COUNT_WORDS.get(label, label)}"
                     for label, n in review.summary.counts if n)


def _value(x: float | None) -> str:
    return "-" if x is None else f"{x:.3f}".rstrip("0").rstrip(".")


def _amount(x: float | None, unit: str) -> str:
    """A value in the scale's unit (its name is plural where it counts): ``0.12 win
    probability``, ``1 point``, ``3.5 points``."""
    if x is None:
        return f"- {unit}"
    return plural(x, unit[:-1] if unit.endswith("s") else unit, unit)


def _cost(x: float | None, unit: str) -> str:
    """A loss in the scale's unit: ``+0.12 win probability``, ``+1 point``, ``+3.5 points``."""
    return f"+{_amount(x, unit)}"


def _move(name: str | None, words: str | None) -> str:
    """A move in a player's words where the hint has them, else in its notation."""
    return words or str(name)


def screen_words(review: GameReview, record: GameRecord, game: Game) -> GameReview:
    """``review`` with its decisions' moves in the words ``play`` shows at the seat's
    side, for the text and the annotated record (the JSON keeps the search's words):
    the seats called as play and ``hint --at`` call them (``GameRecord.seat_labels``:
    "awaken seat 1 (greedy)", where the search says "seat 1"), and what a move scores
    that its words leave out (``Game.describe_scoring``: "completing card 15 for 10
    points")."""
    units = {u.index: u for u in decisions_of(record, review.seat, game.data)[0]}
    names = record.seat_labels(review.seat)

    def said(state: Any, text: str | None, words: str | None) -> str | None:
        if text is None or words is None:
            return words
        if names is not None:
            words = named_move(game, state, text, words, names)
        try:
            scoring = game.describe_scoring(state, game.parse_move(state, text))
        except DigsiteError:  # (a turn's name the engine does not read: no more to say)
            scoring = None
        return f"{words}, {scoring}" if scoring else words

    decisions = []
    for d in review.decisions:
        unit = units.get(d.index)
        if unit is not None:
            d = replace(d, played_words=said(unit.state, d.played, d.played_words),
                        best_words=said(unit.state, d.best, d.best_words))
        decisions.append(d)
    return replace(review, decisions=tuple(decisions))


def verdict(d: ReviewedDecision, review: GameReview) -> str:
    """What decision ``d`` cost, in a player's words: "mistake: better was end the turn
    (+0.12 win probability)"."""
    unit = review.scale.unit
    if d.label == "forced":
        return "forced (the only legal move)"
    if d.label == "unrated":
        return f"not rated: {d.reason}"
    if d.label == "best":
        return f"best ({_amount(d.played_value, unit)})"
    better = _move(d.best, d.best_words)
    if d.label == "unclear":
        if d.noise95 is None:
            return (f"too close to call: {better} may be better by {_amount(d.loss, unit)}, "
                    f"but too few playouts measured the noise")
        need = (f"about {about(d.iterations_to_tell, 'iteration')} would tell"
                if d.iterations_to_tell else "no affordable budget would tell")
        return (f"too close to call: {better} may be better by {_amount(d.loss, unit)}, "
                f"within the noise (±{_value(d.noise95)}); {need}")
    confirmed = ""
    if d.budget_raised is not None and d.label in CONFIRMED:
        # (the budget per tree, as --iterations is: with --workers W, W searches of it)
        workers = review.limit.workers
        confirmed = (f"; confirmed by {workers} searches of "
                     f"{plural(d.budget_raised, 'iteration')} each" if workers > 1 else
                     f"; confirmed by a search of {plural(d.budget_raised, 'iteration')}")
        # the confirming search is CONFIRM_FACTOR times the first search as it ran, which a
        # game may have raised over the budget given (Pyramids: 4 futures an option): a
        # review of 20 iterations said "confirmed by a search of 192 iterations" alone
        first, given = d.budget_raised // CONFIRM_FACTOR, _given(review)
        if given is not None and first > given:
            confirmed += (f", {CONFIRM_FACTOR} times the {first} the first search ran, "
                          f"raised from the {given} given")
    return f"{d.label}: better was {better} ({_cost(d.loss, unit)}{confirmed})"


def _given(review: GameReview) -> int | None:
    """The iterations a decision's search was given (a tree's): ``--iterations``, the
    game's default at this table, or ``None`` under a wall clock alone."""
    limit = review.limit
    if limit.iterations:
        return limit.iterations
    if limit.time_limit is not None:
        return None
    return registry.get(review.game).budgets.hint_at(review.players)


def _budget(review: GameReview) -> str:
    limit = review.limit
    default = not limit.iterations and limit.time_limit is None
    budgets = registry.get(review.game).budgets
    # (the default named by its number at this table, as `hint --help` names it: "2000
    # search iterations"; Pyramids' is shared among the seats: "80 playouts (160 over 2)")
    words = (plural(limit.iterations, "iteration") if limit.iterations else
             f"{budgets.hint_at(review.players)} {budgets.hint_units}" if default else
             f"at most {_value(limit.time_limit)} s")
    shared = (f": {budgets.hint} over {plural(review.players, 'player')}"
              if budgets.hint_shared and review.players > 1 else "")
    return f"{words} a decision" + (f" over {limit.workers} searches" if limit.workers > 1
                                    else "") + (f" (the game's default{shared})" if default
                                                else "") + f", seed {review.seed}"


def _who(review: GameReview) -> str:
    """The reviewed seat's player after its number: `` (you)`` for the record's person,
    as play, hint --at and the decisions' lines call them (it read "seat 1 (person)"; the
    JSON keeps the seat's name), `` (a person)`` where several seats are persons' (it said
    "(you)" of each, the board "a person": ``person_word``), `` (greedy)`` for
    a bot."""
    if review.seat_name == PERSON:
        return f" ({person_word(review.seats)})"
    return f" ({review.seat_name})" if review.seat_name else ""


def _head(review: GameReview) -> list[str]:
    scale = review.scale
    who = _who(review)
    what = (f"decision {review.at} of seat {review.seat}{who}" if review.at is not None
            else f"seat {review.seat}{who}")
    table = "solo" if review.players == 1 else plural(review.players, "player")
    return [f"{review.game}: review of {what}, {table}, "
            f"{plural(review.record_moves, 'move')}" + ("" if review.finished else
                                                         ", unfinished"),
            f"values: {review.value_meaning}",
            f"labels by the loss in {scale.unit}: inaccuracy from {_value(scale.inaccuracy)}, "
            f"mistake from {_value(scale.mistake)}, blunder from {_value(scale.blunder)}; a "
            f"loss within the search's noise gets no label (too close to call)",
            f"decisions are seat {review.seat}'s, numbered from 1 (`digsite view RECORD --at N "
            f"--seat {review.seat}` shows the position before one)",
            f"budget: {_budget(review)}"] + [
                said for said in [card_data_words(review.cards)] if said]


#: The labelled decisions the report names again under its summary, costliest first.
LOOK_AGAIN = 3


def _look_again(review: GameReview) -> str:
    """The decisions a coach would go back to: the costliest labelled from inaccuracy up,
    by number, label and cost ("to look at again: decision 6 (blunder, +0.199 win
    probability), decision 18 (mistake, +0.148 win probability)"); the tally above them
    does not say where the game was lost."""
    unit = review.scale.unit
    worst = sorted((d for d in review.decisions if d.label in CONFIRMED),
                   key=lambda d: (-(d.loss or 0.0), d.number))
    if not worst:
        return "to look at again: none (no inaccuracy, mistake or blunder)"
    shown = [f"decision {d.number} ({d.label}, {_cost(d.loss, unit)})"
             for d in worst[:LOOK_AGAIN]]
    more = len(worst) - len(shown)
    return "to look at again: " + ", ".join(shown) + (f", and {more} more" if more else "")


def format_review(review: GameReview) -> str:
    """One line per decision of the seat (its number, the move played and what it cost,
    both moves in a player's words where the hint has them), then the summary and, in
    solo grid games, the best possible score."""
    lines = _head(review)
    said = [_move(d.played, d.played_words) + MARKS.get(d.label, "") for d in review.decisions]
    width = min(max(map(len, said), default=0), 36)
    for d, played in zip(review.decisions, said):
        lines.append(f"{d.number:>4}  {played:<{width}}  {verdict(d, review)}")
    s = review.summary
    lines.append(f"summary: {s.rated} judged of {plural(s.decisions, 'decision')} "
                 f"({_counts(review)}); "
                 f"loss over the judged ones {_amount(s.total_loss, review.scale.unit)}, mean "
                 f"{_value(s.mean_loss)}")
    lines.append(_look_again(review))
    lines.append("accuracy: " + ("- (no judged decision)" if s.accuracy is None else
                                 f"{s.accuracy:.1f}%")
                 + " (lichess's formula on the judged decisions: docs/review.md)")
    section = review.best_score
    if section is not None:
        best = section.best
        # (a plan cut by the clock may be well short of the deal's best: best-score says so
        # of itself, and so does the review)
        cut = ("" if best.reproducible else
               "; stopped by --best-time-limit: a longer one may find more, and the figure "
               "may vary between runs" if best.budget.stop_reason == "time_limit" else
               f"; {best.note}")
        # (in words: the solver's OPTIMAL/FEASIBLE are explained only in best-score's help)
        status = ("proven: no play of this deal scores more" if best.status == "OPTIMAL" else
                  f"the best plan found, not proven best: no play scores more than "
                  f"{_value(best.bound)}")
        lines.append(f"best possible score {_value(best.score)} ({status}{cut}); reached "
                     f"{_value(section.score_reached)}")
        parted = section.parted
        # (both in the decision lines' words: "played market buy 4, the plan rest money"
        # was notation under lines saying "rest: take $2"; one sentence: it read "played
        # rest: take $2, the plan buy map 50 ...")
        lines.append("the game followed the best plan throughout" if parted is None else
                     f"left the best plan at decision {parted.number}: played "
                     f"{in_a_sentence(_move(parted.played, parted.played_words))}"
                     + (f", where the plan's move was "
                        f"{in_a_sentence(_move(parted.plan, parted.plan_words))}"
                        if parted.plan else " after the plan had ended"))
        below = section.fell_below
        if below is not None and not below.placed:
            lines.append(f"this budget could not place where the game fell below "
                         f"{_value(below.best)}: only the game's end ("
                         f"{_amount(below.reachable, review.scale.unit)}, at least "
                         f"{_value(below.best - below.reachable)} short) is proven short of "
                         f"it, no earlier position was settled; a longer --best-time-limit "
                         f"or a larger --best-budget gives the search more")
        elif below is not None:
            # (one wording for every game: "after decision N", as docs/review.md defines it;
            # one sentence, what each figure is said beside it: it read "... reach 84 (the
            # first decision ...) (the best plan found; ...): ... at most (a proven bound)
            # 82.5")
            head = (f"after decision {below.number} the game could no longer reach "
                    f"{_value(below.best)}")
            first = ""
            if parted is None or parted.number != below.number:
                # (before the decision that left the plan, the plan was still reachable;
                # after it, the search proves this decision short, maybe not the first)
                first = (f"; decision {below.number} is the first this budget proves "
                         "short, and an earlier one may already have lost it")
            if below.exact is None:
                lines.append(f"{head}: the best still reachable fell to "
                             f"{_value(below.reachable)}{first}")
            else:  # the service says what each figure is
                best_is = (", the proven best" if best.status == "OPTIMAL" else
                           f", the best plan found (the deal's bound is "
                           f"{_value(best.bound)})")
                there = (f"exactly {_value(below.reachable)}" if below.exact else
                         f"at most {_value(below.reachable)} (a proven bound)")
                lost = "" if below.exact and best.status == "OPTIMAL" else "at least "
                lines.append(f"{head}{best_is}: still reachable after it {there}, {lost}"
                             f"{_value(below.best - below.reachable)} lost{first}")
    return "\n".join(lines)


def annotate(record: GameRecord, review: GameReview) -> GameRecord:
    """``record`` with each reviewed decision's verdict beside its first move (an
    inaccuracy, mistake or blunder marked ``?!``, ``?``, ``??`` as in chess) and the
    summary as the game's comment, in the words of the text ``review`` prints (``review``
    as :func:`screen_words` gives it: "awaken seat 1 (greedy)", "seat 1 (you)")."""
    comments = {}
    for d in review.decisions:
        mark = MARKS.get(d.label)
        comments[d.index] = (f"decision {d.number} of seat {review.seat}: "
                             + (f"{mark} " if mark else "") + verdict(d, review))
    s = review.summary
    who = _who(review)
    accuracy = "-" if s.accuracy is None else f"{s.accuracy:.1f}%"
    summary = (f"digsite review of seat {review.seat}{who} ({_budget(review)}): accuracy "
               f"{accuracy}; {_counts(review)}")
    return record.annotated(comments, summary)
