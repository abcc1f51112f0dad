"""Plain-text forms of the JSON results (the ``--json`` shapes of ARCHITECTURE.md)."""

from __future__ import annotations

import json
import textwrap

__all__ = ["to_json", "format_hint", "format_best_score", "format_best_scores", "format_plan",
           "format_arena", "format_notation"]


def to_json(result: dict) -> str:
    """Canonical JSON output: stable key order so equal results are byte-identical."""
    return json.dumps(result, indent=2, sort_keys=False)


def _num(value) -> str:
    if isinstance(value, float):
        return f"{value:.3f}".rstrip("0").rstrip(".") if value == value else "nan"
    return str(value)


def _lines(result: dict, key: str) -> list[str]:
    value = result.get(key)
    if not value:
        return []
    if isinstance(value, str):
        return [value]
    return [str(line) for line in value]


def _cell(value) -> str:
    return "-" if value is None else _num(value)


def format_hint(result: dict, *, best_only: bool = False, elapsed: float | None = None) -> str:
    """Ranked moves with values and the columns the game declares, or the single best
    move. ``elapsed`` (measured by the caller) is shown in text only, never in the JSON."""
    moves = result["moves"]
    budget = result.get("budget", {})
    limit = budget.get("time_s")
    took = f", took {elapsed:.2f} s" if elapsed is not None else ""
    workers = budget.get("workers")
    budget_line = (f"budget: {budget.get('iterations')} iterations"
                   + (f" over {workers} root-parallel searches" if workers else "")
                   + (f", time limit {_num(limit)} s" if limit is not None else "")
                   + f", stopped by {budget.get('stop_reason')}{took}; seed {result.get('seed')}")
    close = result.get("close_call")
    close_lines = []
    if close:
        need = close.get("iterations_to_separate")
        close_lines.append(
            f"too close to call at this budget: {close['moves'][0]} and {close['moves'][1]} "
            f"differ by {_num(close['gap'])}, within the noise (±{_num(close['noise95'])} at "
            "95%); " + (f"about {need} iterations would separate them"
                        if need else "no affordable budget would separate them"))
    if best_only:
        top = moves[0] if moves else None
        lines = [f"best move: {result['best']}"]
        if top is not None:
            if top.get("words"):
                lines.append(f"  = {top['words']}")
            lines.append(f"value: {_cell(top['value'])} ({result['value_meaning']})")
        return "\n".join(lines + close_lines + [budget_line] + _lines(result, "explanation"))
    order = ("most visits first (the search's choice)" if result.get("order") == "visits"
             else "best value first")
    lines = [
        f"{result['game']}: seat {result['seat']} — best move {result['best']}",
        f"value: {result['value_meaning']}",
    ]
    columns = result.get("columns") or []
    lines.extend(f"{c['key']}: {c['meaning']}" for c in columns)
    lines.append(f"ranked {order}")
    keys = [c["key"] for c in columns]
    width = max((len(str(m["move"])) for m in moves), default=4)
    header = f"{'rank':>4}  {'move':<{width}}  {'value':>9}  {'stderr':>7}  {'visits':>7}"
    lines.append(header + "".join(f"  {key:>14}" for key in keys))
    for m in moves:
        row = (f"{m['rank']:>4}  {str(m['move']):<{width}}  {_cell(m['value']):>9}  "
               f"{_cell(m.get('stderr')):>7}  {_cell(m.get('visits')):>7}")
        row += "".join(f"  {_cell(m.get(key)):>14}" for key in keys)
        lines.append(row)
        if m.get("words"):  # on a line of its own: a dig's words are longer than a row
            lines.append(f"{'':>4}  = {m['words']}")
    return "\n".join(lines + close_lines + [budget_line] + _lines(result, "explanation"))


def _budget_words(result: dict) -> str:
    budget = result.get("budget") or {}
    words = f"budget {_num(budget.get('amount'))} {budget.get('units', '')}".rstrip()
    if budget.get("time_limit_s") is not None:
        words += f", time limit {_num(budget['time_limit_s'])} s"
    return words + f", stopped by {budget.get('stop_reason')}"


def format_best_score(result: dict, *, elapsed: float | None = None) -> str:
    """Score, status and bound (with where the bound comes from), the budget, the
    breakdown, then the plan and any analysis. ``elapsed`` (measured by the caller) is
    shown in text only, never in the JSON."""
    source = f" from {result['bound_source']}" if result.get("bound_source") else ""
    took = f"; took {elapsed:.1f} s" if elapsed is not None else ""
    lines = [
        f"{result['game']}: best score {_num(result['score'])} ({result['status']}, "
        f"bound {_num(result['bound'])}{source}) by {result['solver']}",
        f"{_budget_words(result)}; seed {result.get('seed')}{took}",
    ]
    lines.extend(_lines(result, "note"))
    breakdown = result.get("breakdown") or {}
    if result.get("breakdown_words"):  # the parts in points, summing to the score
        lines.append(result["breakdown_words"])
    elif breakdown:
        lines.append("breakdown: " + ", ".join(f"{k} {_num(v)}" for k, v in breakdown.items()))
    plan = result.get("plan") or []
    if plan:
        lines.append("plan:")
        lines.extend(f"  {step}" if isinstance(step, str) else f"  {json.dumps(step)}" for step in plan)
    # the bound's argument in words when the solver gives them (its formula stays in the
    # JSON's analysis)
    if result.get("bound_words"):
        return "\n".join(lines + [result["bound_words"]])
    return "\n".join(lines + _lines(result, "analysis"))


def format_best_scores(result: dict, *, elapsed: float | None = None) -> str:
    """One line per deal, then the summary of a ``best-score --seeds`` batch."""
    summary = result["summary"]
    lines = [f"{result['game']}: best scores of seeds {result['seeds'][0]}-{result['seeds'][1]}"
             f" ({summary['deals']} deal(s))",
             f"{'seed':>8}  {'score':>7}  {'bound':>7}  {'gap':>7}  status    bound from"]
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


def format_plan(result: dict, *, elapsed: float | None = None) -> str:
    """A chain of finds, one per line; ``elapsed`` (measured by the caller) in text only."""
    took = f", took {elapsed:.3f} s" if elapsed is not None else ""
    lines = [
        f"{result['game']}: {_num(result['points'])} points for {result['tokens_spent']} sand "
        f"token(s) ({'optimal' if result.get('optimal') else 'not proven optimal'}{took})"
    ]
    if not result["finds"]:
        lines.append("  no find is possible this turn")
    for i, find in enumerate(result["finds"], start=1):
        lines.append(
            f"  {i}. map {find['map']} rotated {find['rotation']}° at {find['at']}: "
            f"{find['points']} points, {find['tokens_spent']} token(s)"
        )
    return "\n".join(lines + _lines(result, "analysis"))


def format_arena(result: dict) -> str:
    """Win rates with 95% intervals and mean scores."""
    lines = [f"{result['game']}: {result['games']} games, seed {result['seed']}"]
    for i, bot in enumerate(result["bots"]):
        low, high = result["ci95"][i]
        lines.append(
            f"  {bot:<12} wins {_num(result['wins'][i]):>6}  rate {result['win_rate'][i]:.3f} "
            f"[{low:.3f}, {high:.3f}]  mean score {_num(result['mean_scores'][i])}"
        )
    return "\n".join(lines)


def format_notation(result: dict) -> str:
    """Each notation form and its meaning, then example moves with their words."""
    game = result["game"]
    lines = [f"{game} move notation:"]
    if not result["forms"]:
        lines.append("  (the engine documents no notation yet; the moves below are as it "
                     "writes them)")
    for form in result["forms"]:
        lines.append(f"  {form['text']}")
        lines.extend(textwrap.wrap(form["meaning"], 88, initial_indent=" " * 6,
                                   subsequent_indent=" " * 6))
    lines.append(f"moves of the example position (`digsite example {game}`):")
    width = max((len(e["move"]) for e in result["examples"]), default=0)
    for example in result["examples"]:
        words = f"  = {example['words']}" if example["words"] else ""
        lines.append(f"  {example['move']:<{width}}{words}".rstrip())
    return "\n".join(lines)
