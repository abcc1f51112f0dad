"""Conclusive strength: long seat-swapped matches of ISMCTS against the baselines.

``digsite bench --full`` (or ``digsite bench strength``) plays, with two players and 300
iterations per decision for every search bot:

* Archaeology: ISMCTS against ``random`` (target >= 95%), ``greedy`` (>= 65%) and ``pimc``
  (determinized UCT at the same iterations, >= 50%);
* Loot N Run: ISMCTS against ``random`` (>= 95%) and ``greedy`` (>= 65%).

Games per match: 200 with ``--full``, 20 when the suite is named without it, 2 in quick
mode (a smoke run, not judged); ``--games N`` overrides. Games come in seat-swapped pairs on
the same deals and run on the chosen backend (``--backend local|ray``, ``--workers``):
the same seed gives the same results anywhere. Each match reports its win rate with the 95%
Wilson interval and a verdict: **met** (the whole interval is at or above the target),
**not met** (the whole interval is below), or **open** when the interval spans the target,
with how many games at the measured rate would settle it
(``solvers.arena.games_to_settle``).

Cost on the 2-core reference machine, by the 20-game runs: see the report's ``seconds``
per match (a 200-game Archaeology match takes hours; run it when the machine is free).
"""

from __future__ import annotations

import time

import cards_data
from solvers.arena import bot_table, games_to_settle, run_arena
from solvers.backends import LOCAL, Execution
from solvers.limits import Limit

__all__ = ["run", "MATCHES", "ITERATIONS", "FULL_GAMES", "NAMED_GAMES", "verdict"]

ITERATIONS = 300
FULL_GAMES = 200
NAMED_GAMES = 20
QUICK_GAMES = 2
SEED = 2027
#: (game, opponent of ISMCTS, target win rate of ISMCTS)
MATCHES = (("archaeology", "random", 0.95), ("archaeology", "greedy", 0.65),
           ("archaeology", "pimc", 0.50), ("lootnrun", "random", 0.95),
           ("lootnrun", "greedy", 0.65))


def verdict(rate: float, ci: tuple[float, float], target: float) -> tuple[str, int | None]:
    """``("met" | "not met" | "open", games that would settle it or None)``.

    >>> verdict(0.9, (0.8, 0.95), 0.65)
    ('met', None)
    >>> verdict(0.7, (0.5, 0.85), 0.65)
    ('open', 350)
    """
    low, high = ci
    if low >= target:
        return "met", None
    if high < target:
        return "not met", None
    return "open", games_to_settle(rate, target)


def run(*, quick: bool, progress=lambda n=1, note=None: None, full: bool = False,
        games: int | None = None, execution: Execution = LOCAL) -> dict:
    per_match = games or (QUICK_GAMES if quick else FULL_GAMES if full else NAMED_GAMES)
    lines = [f"{per_match} games per match, seat-swapped, {ITERATIONS} iterations per "
             f"decision, {execution.backend} backend x {execution.workers}"]
    matches = []
    for game_id, opponent, target in MATCHES:
        data = cards_data.load(game_id)
        start = time.perf_counter()
        result = run_arena(game_id, ["ismcts", opponent], bots=bot_table(game_id, data),
                           games=per_match, seed=SEED, limit=Limit(iterations=ITERATIONS), data=data,
                           progress=progress, execution=execution)
        seconds = time.perf_counter() - start
        rate, ci = result.win_rate[0], tuple(result.ci95[0])
        status, settle = verdict(rate, ci, target)
        matches.append({"game": game_id, "opponent": opponent, "games": per_match,
                        "win_rate": rate, "ci95": list(ci), "target": target,
                        "verdict": status, "games_to_settle": settle,
                        "mean_scores": result.mean_scores, "seconds": round(seconds, 1)})
        if quick:
            judged = "smoke run, not judged"
        elif status == "open":
            judged = ("OPEN: the interval spans the target; "
                      + (f"about {settle} games at this rate would settle it" if settle
                         else "the rate equals the target, no number of games settles it"))
        else:
            judged = status.upper() if status == "not met" else status
        lines.append(f"  {game_id:<11} ISMCTS vs {opponent:<6} {rate:6.1%} "
                     f"[{ci[0]:.1%}, {ci[1]:.1%}] target >= {target:.0%}: {judged}; mean "
                     f"scores {result.mean_scores[0]:.1f} vs {result.mean_scores[1]:.1f}"
                     f" ({seconds:.0f} s)")
    return {"text": "\n".join(lines),
            "figures": {"iterations": ITERATIONS, "games_per_match": per_match,
                        "matches": matches}}
