"""Plain-text forms of the library's results (their JSON is written by ``cli.jsonout``)."""

from __future__ import annotations

import os
import re
import shutil
import sys
import textwrap
from typing import TYPE_CHECKING, Any, Callable, Iterable, Mapping, Sequence

from games.forgiving import PLAIN, spoken
from games.table import about, card_names, plural, possessive, seat_name
from solvers.interrupt import INTERRUPTED

from .jsonout import to_json

if TYPE_CHECKING:  # (a result's module is loaded by the command that makes it: listings
    # and help load no solver, issue 18)
    from games import Game
    from solvers.hints import Hint
    from solvers.results import ArenaResult, BestScore, DigPlanResult, WorkBudget

__all__ = ["to_json", "format_hint", "format_best_score", "format_best_scores", "format_plan",
           "format_arena", "format_notation", "fold", "text_width", "PIPE_WIDTH",
           "in_a_sentence", "spelt", "two_columns"]

#: The width of a text output through a pipe or into a file when ``COLUMNS`` does not say
#: otherwise: 80, the width click folds the help to, shutil's fallback and a terminal's
#: default, so that a piped answer reads in the pager or terminal it ends up in (the
#: outputs ran to 230 columns there, a table's move column padded to its longest move).
PIPE_WIDTH = 80

#: No output is folded narrower than this, whatever ``COLUMNS`` says (a table's numbers
#: need their room; ``COLUMNS=5`` would put a word on each line).
NARROWEST = 40


def text_width() -> int:
    """The columns the text outputs are folded to: a terminal's own (less one: some
    terminals wrap a line that fills the last column), else ``COLUMNS`` where it is set,
    else :data:`PIPE_WIDTH`; never below :data:`NARROWEST`."""
    if sys.stdout.isatty():
        width = shutil.get_terminal_size((PIPE_WIDTH + 1, 24)).columns - 1
    else:
        given = os.environ.get("COLUMNS", "")
        width = int(given) if given.isdigit() and int(given) > 0 else PIPE_WIDTH
    return max(width, NARROWEST)


#: Stands for a space that ``fold`` must not break at (textwrap breaks only at ASCII
#: whitespace); a private-use character, so no text holds it.
_UNBROKEN = "\ue000"


def fold(text: str, width: int, *, whole: Iterable[str] = ()) -> str:
    """``text`` folded to ``width`` at word boundaries, each line by itself, a line's
    continuation indented under its text (a terminal cut long lines mid-word): a numbered
    line's under what follows its number (the play list's ``12.``, the review's decision
    ``12``), an ``= words`` line's under the words, any other two spaces more.

    >>> print(fold("  12. end   end the turn and let the next seat play", 30))
      12. end   end the turn and
          let the next seat play
    >>> print(fold("  12  sell 1 map for $3  best (0.367 win probability)", 34))
      12  sell 1 map for $3  best
          (0.367 win probability)

    ``whole``: phrases never broken across lines, the moves as typed (a move cut in two
    cannot be copied to the prompt).
    """
    kept = sorted({phrase for phrase in whole if " " in phrase}, key=len, reverse=True)
    out = []
    for line in text.split("\n"):
        for phrase in kept:
            line = line.replace(phrase, phrase.replace(" ", _UNBROKEN))
        body = line.lstrip(" ")
        lead = " " * (len(line) - len(body))
        number = re.match(r"\d+(\. | {2,})|= ", body)
        more = lead + (" " * len(number.group()) if number else "  ")
        out.append(textwrap.fill(body, width, initial_indent=lead, subsequent_indent=more,
                                 break_long_words=False, break_on_hyphens=False)
                   if len(line) > width else line)
    return "\n".join(out).replace(_UNBROKEN, " ")


def two_columns(rows: Iterable[tuple[str, str]], width: int | None, *,
                least: int = 16) -> list[str]:
    """``rows`` of ``(form, meaning)`` as a table, indented two spaces, the forms padded to
    the longest (at least ``least``), each meaning folded to ``width`` under its own column
    (``fold`` put a help line's continuation two spaces in, under the forms; ``None``: one
    line each).

    >>> print("\\n".join(two_columns([("undo", "take back the last line accepted")], 34,
    ...                              least=6)))
      undo   take back the last line
             accepted
    """
    rows = list(rows)
    column = max(least, *(len(form) for form, _ in rows))
    lines = []
    for form, meaning in rows:
        lead = f"  {form:<{column}} "
        if width is None or len(lead) + len(meaning) <= width:
            lines.append(lead + meaning)
            continue
        lines.extend(textwrap.wrap(meaning, max(width, len(lead) + 20), initial_indent=lead,
                                   subsequent_indent=" " * len(lead),
                                   break_long_words=False, break_on_hyphens=False))
    return lines


def spelt(game: Game, text: str) -> str:
    """Move text in the player's spelling, the cards as printed ("sell pharaoh's mask 1"
    for the engine's ``sell pharaohs_mask 1``; ``forgiving.spoken``): it reads back as the
    same move. The text answers' moves (a hint's rows, play's list); JSON keeps the
    engine's."""
    return spoken(text, getattr(game.engine, "FORMS", PLAIN), card_names(game.data))


def in_a_sentence(words: str) -> str:
    """A move's words inside a sentence: what follows their first semicolon in
    parentheses (a Pyramids keep's "keep cards 12 and 18; the others go back into the
    deck" broke "played ..., where the plan's move was ..." into clauses).

    >>> in_a_sentence("keep cards 12 and 18; the others go back into the deck")
    'keep cards 12 and 18 (the others go back into the deck)'
    """
    head, semicolon, rest = words.partition("; ")
    return f"{head} ({rest})" if semicolon else words


def _num(value: int | float) -> str:
    if isinstance(value, float):
        return f"{value:.3f}".rstrip("0").rstrip(".") if value == value else "nan"
    return str(value)


def _cell(value: int | float | None) -> str:
    return "-" if value is None else _num(value)


def _stopped(reason: str) -> str:
    """What ended a search, in words: its stop reason (``"interrupted"`` is the key; a
    hint of one legal move read "stopped by single_move", the JSON's key)."""
    if reason == "single_move":
        return "not searched: the only legal move"
    return "stopped by Ctrl-C" if reason == INTERRUPTED else f"stopped by {reason}"


#: How a hint's rows are ranked (its ``order``), after "ranked"; the board's hint says the
#: same (``cli/web/static/app.js``, ``ORDER_WORDS``: a test holds them together).
ORDER_WORDS = {"visits": "most visits first (the search's choice)",
               "halving": "by successive halving (the search's choice): the options that "
                          "stayed in for the most rounds first, then by value",
               "value": "best value first"}


def card_data_words(mark: Mapping[str, str] | None) -> str | None:
    """What a text output says of the card data it used when that is a file's (``mark``:
    its ``cards_data.fingerprint``), ``None`` for the bundled data (the output as before).

    >>> card_data_words({"edition": "my house rules", "digest": "b3440288ef822bba"})
    "card data: edition 'my house rules' (a file's, not the bundled data)"
    """
    if mark is None:
        return None
    return f"card data: edition {mark['edition']!r} (a file's, not the bundled data)"


def format_hint(result: Hint, *, best_only: bool = False, elapsed: float | None = None,
                names: Sequence[str] | None = None,
                cards: Mapping[str, str] | None = None, more: str | None = None,
                width: int | None = None, spell: Callable[[str], str] | None = None) -> str:
    """Ranked moves with values and the columns the game declares, or the single best
    move. ``elapsed`` (measured by the caller) is shown in text only, never in the JSON.
    ``width``: the columns the rows' table is to fit (the caller folds the other lines).
    ``names``: what the screen calls each seat (``play``'s "you", "seat 1 (greedy)"), for
    the seat the hint is for and the beliefs about the others (``seat N`` without);
    ``cards``: the cards' printed names, for the beliefs (``games.table.card_names``);
    ``more``: a line under the rows, of the rows left out and how to see them;
    ``spell``: each move as the player writes it (:func:`spelt`: "sell pot shard 1", where
    the engine's text, which the JSON keeps, is ``sell pot_shard 1``)."""
    written = spell or str
    best = None if result.best is None else written(result.best)
    rows = result.rows
    budget = result.budget
    took = f", took {elapsed:.2f} s" if elapsed is not None else ""
    budget_line = (f"budget: {plural(budget.iterations, 'iteration')}"
                   + (f" over {budget.workers} root-parallel searches"
                      if budget.workers > 1 else "")
                   + (f" (raised from the {budget.given} given"
                      + (" a search" if budget.workers > 1 else "")
                      + (f": {budget.raised})" if budget.raised else ")")
                      if budget.given is not None else "")
                   + (f", time limit {_num(budget.time_limit)} s"
                      if budget.time_limit is not None else "")
                   + f", {_stopped(budget.stop_reason)}{took}; seed {result.seed}")
    close = result.close_call
    close_lines = []
    if close:
        need = close.iterations_to_separate
        # (the two moves in words, as the review's and the board's close calls say them:
        # it said the notation, "end and sell parchment_scrap 1 differ", in a sentence)
        words = {row.move: row.words for row in rows if row.words}
        first, second = (in_a_sentence(words.get(move) or written(move))
                         for move in close.moves)
        close_lines.append(
            f"too close to call at this budget: {first} and {second} "
            f"differ by {_num(close.gap)}, within the noise (±{_num(close.noise95)} at "
            "95%); " + (f"about {about(need, 'iteration')} would separate them if the gap stayed "
                        "as measured" if need else "no affordable budget would separate them"))
    explanation = list(result.explanation)
    said = card_data_words(result.fact("cards"))
    if said is not None:
        budget_line += f"\n{said}"
    if best_only:
        top = rows[0] if rows else None
        lines = [f"best move: {best}"]
        if top is not None:
            if top.words:
                lines.append(f"  = {top.words}")
            lines.append(f"value: {_cell(top.value)} ({result.value_meaning})")
        return "\n".join(lines + close_lines + [budget_line] + _inference_lines(result)
                         + explanation)
    order = ORDER_WORDS[result.order]
    lines = [
        f"{result.game}: {seat_name(result.seat, None, names) if names else f'seat {result.seat}'}"
        f" — best move {best}",
        f"value: {result.value_meaning}",
    ]
    lines.extend(f"{c.key}: {c.meaning}" for c in result.columns)
    lines.append(f"ranked {order}")
    lines.extend(_rows_table(result, width, written))
    if more is not None:
        lines.append(more)
    beliefs = (format_beliefs(result.fact("beliefs"), names, cards=cards)
               if result.fact("beliefs") else [])
    return "\n".join(lines + close_lines + [budget_line] + _inference_lines(result)
                     + explanation + beliefs)


def _rows_table(result: Hint, width: int | None, said: Callable[[str], str]) -> list[str]:
    """The hint's rows as a table within ``width`` columns (``None``: no limit), each row's
    words on a line below it. The number columns are as wide as their heading or widest
    figure, the move column as its longest move where the row still fits; a longer move
    has the line to itself and its figures go on the next, under their headings, as a
    long option's help does in ``--help`` (the column was padded to the longest move, and
    a two-card trade's row ran to 113 columns). Each move as ``said`` writes it."""
    rows = result.rows
    moves = [said(row.move) for row in rows]
    headings = ["value", "stderr", "visits"] + [c.key for c in result.columns]
    cells = [[_cell(row.value), _cell(row.stderr), _cell(row.visits)]
             + [_cell(row.column(c.key)) for c in result.columns] for row in rows]
    sizes = [max([len(heading)] + [len(line[i]) for line in cells])
             for i, heading in enumerate(headings)]

    def figures(values: Sequence[str]) -> str:
        return "".join(f"  {value:>{size}}" for value, size in zip(values, sizes))

    longest = max((len(move) for move in moves), default=4)
    room = longest if width is None else width - 6 - len(figures(headings))
    column = max(4, min(longest, room))
    lines = [f"{'rank':>4}  {'move':<{column}}{figures(headings)}"]
    for row, move, values in zip(rows, moves, cells):
        if len(move) > column:
            lines.append(f"{row.rank:>4}  {move}")
            lines.append(f"{'':>4}  {'':<{column}}{figures(values)}")
        else:
            lines.append(f"{row.rank:>4}  {move:<{column}}{figures(values)}")
        if row.words:  # on a line of its own: a dig's words are longer than a row
            lines.append(f"{'':>4}  = {row.words}")
    return lines


def _inference_lines(result: Hint) -> list[str]:
    inference = result.fact("inference")
    if not inference:
        return []
    if inference["weighted"]:
        return [f"inference on: {inference['worlds']} sampled worlds weighted by the "
                f"opponents' observed play (worth {_num(inference['effective_worlds'])} "
                "equally weighted ones)"]
    return ["inference on: nothing the opponents did so far tells more than the sampler "
            "knows (worlds unweighted)"]


def format_beliefs(beliefs: Mapping[str, Any], names: Sequence[str] | None = None, *,
                   cards: Mapping[str, str] | None = None) -> list[str]:
    """The ``beliefs`` of a hint as lines: per other seat its cards' counts (``>=k p``:
    the chance of holding at least k), or per face-down room its chance of a guardian;
    each seat called by ``names`` where given (``games.table.seat_name``), each card by
    its printed name in ``cards`` (the JSON's ``pot_shard`` is "pot shard" without)."""
    # (a chance read off n worlds is good to about 1/sqrt(n) at 95%: say so once)
    worth = beliefs["effective_worlds"] if beliefs["weighted"] else beliefs["worlds"]
    lines = [f"beliefs from {beliefs['worlds']} sampled worlds"
             + (f", weighted by the opponents' observed play (worth "
                f"{_num(beliefs['effective_worlds'])} equally weighted ones)"
                if beliefs["weighted"] else "")
             + (f"; each chance within about ±{min(0.5, 1 / max(worth, 1) ** 0.5):.2f} at 95%"
                if worth else "") + ":"]
    if beliefs["kind"] == "hand":
        seats: dict[int, list[dict[str, Any]]] = {}
        for row in beliefs["rows"]:
            seats.setdefault(row["seat"], []).append(row)
        for seat, rows in seats.items():
            lines.append(f"  {seat_name(seat, None, names)} holds "
                         f"{plural(rows[0]['hand_size'], 'card')}:")
            said = {row["card"]: (cards or {}).get(row["card"], row["card"].replace("_", " "))
                    for row in rows}
            width = max(map(len, said.values()))
            for row in rows:
                p = row["p"]
                chances = [(k, sum(p[k:])) for k in range(1, len(p))]
                shown = [f">={k} {chance:.2f}" for k, chance in chances if chance >= 0.005]
                if shown:
                    lines.append(f"    {said[row['card']]:<{width}}  mean {row['mean']:.2f}  "
                                 + "  ".join(shown))
        return lines
    for row in beliefs["rows"]:
        if "deck" in row:
            lines.append(f"  deck {row['deck']}'s top room ({row['back']} back): guardian "
                         f"{row['p']:.2f}")
        elif "room" in row:
            lines.append(f"  {possessive(seat_name(row['seat'], None, names))} room "
                         f"{row['room'] + 1} ({row['back']} back): guardian {row['p']:.2f}")
        else:
            lines.append(f"  {seat_name(row['seat'], None, names)}: caught if awakened "
                         f"{row['p']:.2f}")
    return lines


def _budget_words(budget: WorkBudget) -> str:
    words = f"budget {_num(budget.amount)} {budget.units}".rstrip()
    if budget.time_limit is not None:
        words += f", time limit {_num(budget.time_limit)} s"
    return words + f", {_stopped(budget.stop_reason)}"


def format_best_score(result: BestScore, *, elapsed: float | None = None) -> str:
    """Score, status and bound (with where the bound comes from), the budget, the
    breakdown, then the plan and any analysis. ``elapsed`` (measured by the caller) is
    shown in text only, never in the JSON."""
    source = f" from {result.bound_source}" if result.bound_source else ""
    took = f"; took {elapsed:.1f} s" if elapsed is not None else ""
    lines = [
        f"{result.game}: best score {_num(result.score)} ({result.status}, "
        f"bound {_num(result.bound)}{source}) by {result.solver}",
        f"{_budget_words(result.budget)}; seed {result.seed}{took}",
    ]
    said = card_data_words(result.fact("cards"))
    if said is not None:  # (a file's data; the bundled data's lines as before)
        lines.append(said)
    if result.note:
        lines.append(result.note)
    if result.breakdown:
        lines.append("breakdown: " + ", ".join(f"{k} {_num(v)}" for k, v in result.breakdown))
    if result.plan:
        lines.append("plan:")
        notes = result.plan_notes or ("",) * len(result.plan)
        for step, note in zip(result.plan, notes):
            # the words under the notation, as hint's rows have them
            lines.extend([f"  {step}"] + ([f"      = {note}"] if note else []))
    return "\n".join(lines + list(result.analysis))


def format_best_scores(result: Mapping[str, Any], *, elapsed: float | None = None) -> str:
    """One line per deal, then the summary of a ``best-score --seeds`` batch."""
    summary = result["summary"]
    rounds = result.get("deal_options", {}).get("rounds")  # (--rounds N: a short deal each)
    lines = [f"{result['game']}: best scores of seeds {result['seeds'][0]}-{result['seeds'][1]}"
             f" ({plural(summary['deals'], 'deal')}"
             f"{'' if rounds is None else ' of ' + plural(rounds, 'round')})",
             f"{'seed':>8}  {'score':>7}  {'bound':>7}  {'gap':>7}  status    bound from"]
    said = card_data_words(result.get("cards"))
    if said is not None:  # (a file's data, said before the table; the bundled data's as before)
        lines.insert(1, said)
    for row in result["deals"]:
        gap = "-" if row["gap"] is None else f"{row['gap']:.1%}"
        lines.append(f"{row['seed']:>8}  {_num(row['score']):>7}  {_num(row['bound']):>7}  "
                     f"{gap:>7}  {row['status']:<8}  {row['bound_source']}")
    q = summary["score_quantiles"]
    lines.append(f"mean score {_num(summary['mean_score'])}; min {_num(q['min'])}, q25 "
                 f"{_num(q['q25'])}, median {_num(q['median'])}, q75 {_num(q['q75'])}, max "
                 f"{_num(q['max'])}")
    gaps = ("" if summary["gap_median"] is None else
            f"; gap median {summary['gap_median']:.1%}, worst {summary['gap_worst']:.1%}")
    lines.append(f"proven optimal {summary['proven_optimal']}/{summary['deals']}{gaps}")
    if not summary["reproducible"]:
        lines.append("some deals were cut by the wall-clock time limit: they may vary")
    if elapsed is not None:
        lines.append(f"took {elapsed:.1f} s")
    return "\n".join(lines)


def format_plan(result: DigPlanResult, *, elapsed: float | None = None) -> str:
    """A chain of finds, one per line; ``elapsed`` (measured by the caller) in text only."""
    from games.ancients.moves import (  # (the plan is Ancients')
        Sand, parse_text, rotation_words, sand_words)

    took = f", took {elapsed:.3f} s" if elapsed is not None else ""
    lines = [
        f"{result.game}: {plural(result.points, 'point')} for "
        f"{plural(result.tokens_spent, 'sand token')} "
        f"({'optimal' if result.optimal else 'not proven optimal'}{took})"
    ] + [said for said in [card_data_words(result.cards)] if said]
    if not result.finds:
        lines.append("  no find is possible this turn")
    for i, find in enumerate(result.finds, start=1):
        # where the tokens go, as the board's moves say it (a plan of "3 tokens" left the
        # player to work out the cells)
        sand = (f" ({sand_words([m for m in map(parse_text, find.sand) if isinstance(m, Sand)])})"
                if find.sand else "")
        # turned as the hint and the review say it (it said "rotated 90°": which way?)
        lines.append(
            f"  {i}. map {find.map} at {find.at} ({rotation_words(find.rotation // 90)}): "
            f"{plural(find.points, 'point')}, {plural(find.tokens_spent, 'token')}{sand}"
        )
    return "\n".join(lines + list(result.analysis))


def bot_labels(bots: Sequence[str]) -> list[str]:
    """The arena's bots as rows name them: a bot that sits more than once is numbered in
    the order given (``greedy #1``, ``greedy #2``), so that its rows can be told apart.

    >>> bot_labels(["greedy", "random", "greedy"])
    ['greedy #1', 'random', 'greedy #2']
    """
    seen: dict[str, int] = {}
    labels = []
    for bot in bots:
        seen[bot] = seen.get(bot, 0) + 1
        labels.append(f"{bot} #{seen[bot]}" if list(bots).count(bot) > 1 else bot)
    return labels


def format_arena(result: ArenaResult) -> str:
    """Win rates with 95% intervals and mean scores."""
    from solvers.results import budgets_words, win_rate_words

    options = "".join(f", {key} {', '.join(value) if isinstance(value, list) else value}"
                      for key, value in result.deal_options.items())
    cut = " (stopped early by Ctrl-C: the whole seat rotations played)" \
        if result.interrupted else ""
    budget = budgets_words(result.bots, result.budgets) if result.budgets else \
        (f"{plural(result.limit.iterations, 'iteration')} a decision" if result.limit.iterations
         else "the bots' default budgets")
    lines = [f"{result.game}: {plural(result.games, 'game')}{cut}, seed {result.seed}{options}; "
             f"budgets: {budget}; a k-way shared win counts 1/k"]
    said = card_data_words(result.cards)
    # (after the bots' rows, where the bundled data's output ends: its lines as before)
    labels = bot_labels(result.bots)
    width = max(12, *map(len, labels))  # (openspiel-ismcts is wider than 12)
    # (padded to the widest, so that the mean scores stand in one column: "0.0% [0.0%, ...]"
    # beside "100.0% [20.7%, ...]" shifted them)
    rates = [win_rate_words(rate, ci) for rate, ci in zip(result.win_rate, result.ci95)]
    rate_width = max(map(len, rates))
    for i, bot in enumerate(labels):
        lines.append(
            f"  {bot:<{width}} wins {_num(result.wins[i]):>6}  "
            f"{rates[i]:<{rate_width}}  mean score {_num(result.mean_scores[i])}"
        )
    return "\n".join(lines + _drawn(result, labels) + ([said] if said else []))


def _drawn(result: ArenaResult, labels: Sequence[str]) -> list[str]:
    """Per deal option the deals drew differently (the New Expedition's monument without
    ``--monument``), a line for each value: its games and each bot's wins there."""
    def said(value: object) -> str:
        return ", ".join(map(str, value)) if isinstance(value, (list, tuple)) else str(value)

    lines = []
    for key in dict.fromkeys(k for g in result.per_game for k in g.deal_options):
        drawn = [said(g.deal_options.get(key, "none")) for g in result.per_game]
        values = list(dict.fromkeys(drawn))
        if len(values) < 2:
            continue
        lines.append(f"by {key} (drawn for each deal from its seed):")
        width = max(map(len, values))
        for value in values:
            games = [g for g, v in zip(result.per_game, drawn) if v == value]
            wins = [0.0] * len(labels)
            for g in games:
                for w in g.winners:
                    wins[g.seat_bot[w]] += 1.0 / len(g.winners)
            lines.append(f"  {value:<{width}}  {plural(len(games), 'game'):>8}: "
                         + ", ".join(f"{label} won {_num(w)}" for label, w in zip(labels, wins)))
    return lines


def format_notation(result: Mapping[str, Any], *, cards: str | None = None,
                    width: int = 88) -> str:
    """Each notation form and its meaning, what else is accepted, then example moves with
    their words (of the example of ``cards``, the ``--cards FILE`` given, if any); the
    meanings wrapped to ``width`` (the columns the text is read in: wrapped at 88, then
    folded again at a pipe's 80, a meaning broke every other line after a word or two)."""
    game = result["game"]
    lines = [f"{game} move notation:"]
    if not result["forms"]:
        lines.append("  (the engine documents no notation yet; the moves below are as it "
                     "writes them)")
    for form in result["forms"]:
        lines.append(f"  {form['text']}")
        lines.extend(textwrap.wrap(form["meaning"], width, initial_indent=" " * 6,
                                   subsequent_indent=" " * 6))
    accepted = result.get("accepted")
    if accepted:
        lines.append("also accepted:")
        for rule in accepted["rules"]:
            lines.extend(textwrap.wrap(rule, width, initial_indent="  - ",
                                       subsequent_indent=" " * 4))
        width = max((len(e["typed"]) for e in accepted["examples"]), default=0)
        for example in accepted["examples"]:
            lines.append(f"  {example['typed']:<{width}}  reads  {example['reads']}")
    given = f" --cards {cards}" if cards is not None else ""
    lines.append(f"moves of the example position (`digsite example {game}{given}`):")
    width = max((len(e["move"]) for e in result["examples"]), default=0)
    for example in result["examples"]:
        words = f"  = {example['words']}" if example["words"] else ""
        lines.append(f"  {example['move']:<{width}}{words}".rstrip())
    return "\n".join(lines)
