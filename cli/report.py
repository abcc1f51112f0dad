"""Plain-text forms of the review result (``solvers.review``)."""

from __future__ import annotations

__all__ = ["format_review"]

_MARKS = {"best": "", "good": "", "inaccuracy": "?!", "mistake": "?", "blunder": "??"}


def _value(x) -> str:
    return "-" if x is None else f"{x:.3f}".rstrip("0").rstrip(".")


def format_review(result: dict) -> str:
    """One line per decision of the seat, then the summary and, in solo grid games, the
    best possible score."""
    scale = result["scale"]
    lines = [f"{result['game']}: review of seat {result['seat']} ({result['players']} "
             f"players, {result['record']['moves']} moves"
             + ("" if result["record"]["finished"] else ", unfinished") + ")",
             f"values: {result['value_meaning']}",
             f"labels by loss ({scale['unit']}): inaccuracy from {_value(scale['inaccuracy'])}, "
             f"mistake from {_value(scale['mistake'])}, blunder from {_value(scale['blunder'])}"]
    for d in result["decisions"]:
        head = f"{d['index']:>5}  {d['played']}{_MARKS.get(d['label'], '')}"
        if d["label"] in ("forced", "unrated"):
            tail = d["label"] + (f": {d['reason']}" if d.get("reason") else "")
        elif d["played"] == d["best"]:
            tail = f"best, value {_value(d['played_value'])}"
        else:
            noise = " (within noise)" if d.get("within_noise") else ""
            tail = (f"{d['label']}: {_value(d['played_value'])} vs best {d['best']} "
                    f"{_value(d['best_value'])}, loss {_value(d['loss'])}{noise}")
        lines.append(f"{head:<40}  {tail}")
    s = result["summary"]
    counts = ", ".join(f"{n} {label}" for label, n in s["counts"].items() if n)
    lines.append(f"summary: {s['rated']} rated of {s['decisions']} decisions ({counts}); "
                 f"total loss {_value(s['total_loss'])}, mean {_value(s['mean_loss'])}; "
                 f"accuracy {_value(s['accuracy'])}%"
                 " (share of rated decisions that were best or good)")
    best = result.get("best_score")
    if best:
        lines.append(f"best possible score {_value(best['score'])} ({best['status']}, bound "
                     f"{_value(best['bound'])}); reached {_value(best['score_reached'])}")
        parted = best.get("parted")
        lines.append("the game followed the best plan throughout" if parted is None else
                     f"left the best plan at decision {parted['decision']} (move "
                     f"{parted['index']}): played {parted['played']}, the plan "
                     f"{parted['plan'] or 'had ended'}")
        short = best.get("left_best")
        if short is not None:
            lines.append(_shortfall(short))
    return "\n".join(lines)


def _shortfall(short: dict) -> str:
    """The first decision after which the best plan's score was provably out of reach."""
    if short.get("decision") is None:
        return f"the best plan's score {_value(short['best_plan'])} stayed within reach " \
               f"by the bounds after every decision"
    there = short["reachable_after"]
    still = (f"exactly {_value(there['bound'])}" if there["exact"] else
             f"between {_value(there['plan'])} and {_value(there['bound'])}")
    return (f"by decision {short['decision']} (move {short['index']}: {short['played']}) the "
            f"best plan's score {_value(short['best_plan'])} was out of reach: the best still "
            f"reachable was {still}, a loss of at least {_value(short['lost_at_least'])} "
            f"(at most {_value(short['lost_at_most'])})")
