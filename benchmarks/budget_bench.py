"""Strength against latency of the card games' hints: the curve behind each default hint
budget (issue 22 §5, "Default budgets"; docs/strength.md §5).

**Positions.** For each card game, ``DEALS`` seeded 2-seat deals played to the end by the
game's greedy heuristic; from each, ``FRACTIONS`` of the way through its decisions (those
with more than one legal move, where a hint would be asked: not the steps of a trade in
progress), one position each: 12 positions a game. The New Expedition's deals are on
``EXPEDITION_MONUMENTS`` in turn (the first four deals: the Great Pyramid, the Temple, the
Tomb, the Mine; 16 deals: all six). ``game_curve(..., deals=, first_deal=)`` measures more deals, or further
ones to add to a run (each deal's positions and seeds depend only on its number).

**Reference.** At each position the hint itself (``solvers.services.hint``: the view the
seat sees, read and sampled as ``digsite hint`` reads it, the game's own search options,
whole trades as rows) at ``REFERENCE`` iterations values every move it ranks: its win
probability (``value``).

**The curve.** At each budget of ``ITERATIONS`` the hint runs with ``SEEDS`` seeds
(``0 ..``, 0 being the CLI's default) and picks its best move. Its **regret** is the
reference's value of the reference's own choice minus the reference's value of the pick
(a move the reference never valued counts as its worst move; a pick the reference values
above its own choice counts 0, not a gain: the reference's values of its rarely visited
moves are noise). The CPU time (``time.process_time``) of each hint call is measured:
reading the view, sampling, the search and the rows, not the command's start-up.

Per budget (a row of ``figures[game]["rows"]``): ``iterations``, ``hints`` (positions x
seeds), ``mean_regret`` (over all hints), ``regret_se`` (standard error over the
positions' means; ``None``, "n/a" in the text, from a single position: one sample
measures no spread), ``worst_regret`` (of one hint), ``agreement`` (share of the hints
that picked the reference's choice), ``mean_cpu_s`` and ``worst_cpu_s`` (of one hint).
``mean_value_error``, ``worst_value_error`` and ``signed_value_error``: how honest the
hint's value is (docs/strength.md §6): each hint's value of its pick minus the reference's
value of the same move, the mean of its size, the largest size and the mean with its sign
(above 0: the hint promises more than the reference finds; ``None`` where the reference
valued none of the picks). ``beaten_by``: the larger budgets whose regret is lower by more
than ``NOISE`` standard errors of the paired per-position difference (none from a single
position). ``knee``: the smallest budget that no larger one beats and whose worst hint
here stays within ``MAX_HINT_CPU_S`` (``None``: every budget within the cap is beaten, the
curve still falls there); ``default``: the game's
declared hint budget (``games.registry``). The CPU here is the search's at 2 seats, in
this process: the command's worst case (``digsite hint`` at the most players, start-up
and imports included) is measured apart, docs/strength.md §5.

With ``full`` (``digsite bench budget --full``), ``FULL_DEALS`` deals: 48 positions a
game (about 11 CPU minutes compiled, 2-3 times that pure).

Quick mode is tiny (the bench smoke tests): one position a game, budgets ``QUICK_ITERATIONS``,
a reference of ``QUICK_REFERENCE``, one seed.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass
from typing import Any, Callable, Sequence

import cards_data
from cards_data import CardData
from games import registry
from games.archaeology.state import ArchaeologyState
from games.archaeology.trades import trading
from games.protocol import CHANCE, State
from games.seeding import make_rng
from games.table import plural
from solvers import services
from solvers.archaeology.policy import greedy_policy as archaeology_greedy
from solvers.backends import Progress
from solvers.hints import Hint
from solvers.limits import Limit
from solvers.lootnrun.policy import greedy_policy as lootnrun_greedy

from .runner import Figures, SuiteResult, no_progress

__all__ = ["run", "GAMES", "ITERATIONS", "REFERENCE", "SEEDS", "positions", "measure",
           "curve", "game_curve", "ROW_KEYS", "Position"]

GAMES = ("archaeology", "expedition", "lootnrun")
ITERATIONS = (100, 250, 500, 1000, 2000, 4000)
REFERENCE = 20_000
SEEDS = 4
DEALS = 4
#: ``digsite bench budget --full``: 48 positions a game, the run of docs/strength.md §5 (12
#: positions could not tell 1,000 iterations from 2,000 beyond noise; 48 could).
FULL_DEALS = 16
FRACTIONS = (0.2, 0.5, 0.8)
#: The deals' seeds: deal ``d`` of a game is dealt with seed ``DEAL_SEED + d``.
DEAL_SEED = 2200
EXPEDITION_MONUMENTS = ("great_pyramid", "temple", "tomb", "mine", "sphinx", "buried_ruins")
#: The reference search of position ``i`` runs with seed ``REFERENCE_SEED + i``.
REFERENCE_SEED = 10_000
#: A budget is beaten by a larger one whose regret is lower by more than this many
#: standard errors of the paired per-position difference.
NOISE = 2.0
#: The issue's cap on the default hint: CPU seconds of the worst hint.
MAX_HINT_CPU_S = 1.0
QUICK_ITERATIONS = (10, 20)
QUICK_REFERENCE = 40
#: The keys of every row of the curve (module docstring).
ROW_KEYS = ("iterations", "hints", "mean_regret", "regret_se", "worst_regret", "agreement",
            "mean_cpu_s", "worst_cpu_s", "beaten_by", "mean_value_error",
            "worst_value_error", "signed_value_error")

Policy = Callable[[Any, Sequence[Any], Any], Any]


@dataclass(frozen=True)
class Position:
    """A measured position: the state, its seat, and where it came from."""

    state: State[Any]
    seat: int
    deal_seed: int
    decision: int  # its index among the game's decisions with a choice
    deal_options: tuple[tuple[str, str], ...] = ()


def _policy(game_id: str) -> Policy:
    return lootnrun_greedy if game_id == "lootnrun" else archaeology_greedy


def _asks_hint(state: State[Any]) -> bool:
    """Whether a hint would be asked here: not a step of an Archaeology trade in progress
    (the player asks before the trade, whose whole is one row)."""
    return not (isinstance(state, ArchaeologyState) and trading(state))


def _deal_options(game_id: str, deal: int) -> tuple[tuple[str, str], ...]:
    if game_id == "expedition":
        return (("monument", EXPEDITION_MONUMENTS[deal % len(EXPEDITION_MONUMENTS)]),)
    return ()


def positions(game_id: str, data: CardData, *, deals: int = DEALS, first_deal: int = 0,
              fractions: Sequence[float] = FRACTIONS) -> list[Position]:
    """``fractions`` of the way through the decisions of ``deals`` greedy-played 2-seat
    deals, from deal number ``first_deal`` (module docstring)."""
    engine = registry.engine(game_id)
    policy = _policy(game_id)
    out = []
    for d in range(first_deal, first_deal + deals):
        seed = DEAL_SEED + d
        options = _deal_options(game_id, d)
        state = engine.state_from_deal(
            engine.make_deal(players=2, seed=seed, data=data, **dict(options)), data)
        rng = make_rng(seed)
        decisions: list[State[Any]] = []
        while not state.is_terminal():
            if state.current_player() == CHANCE:
                state.apply(state.chance_outcomes()[0][0])
                continue
            moves = state.legal_moves()
            if len(moves) > 1 and _asks_hint(state):
                decisions.append(state.clone())
            state.apply(policy(state, moves, rng))
        for fraction in fractions:
            i = round(fraction * (len(decisions) - 1))
            chosen = decisions[i]
            out.append(Position(chosen, chosen.current_player(), seed, i, options))
    return out


def _hint(game_id: str, position: Position, data: CardData, iterations: int,
          seed: int) -> tuple[Hint, float]:
    """The hint of the position's seat at ``iterations`` (as ``digsite hint`` computes it)
    and its CPU seconds."""
    view = registry.engine(game_id).view_of(position.state, position.seat)
    start = time.process_time()
    hint = services.hint(game_id, view, data=data, limit=Limit(iterations=iterations),
                         seed=seed, top=10**6)
    return hint, time.process_time() - start


def measure(game_id: str, position: Position, index: int, data: CardData, *,
            iterations: Sequence[int], reference: int, seeds: int) -> dict[str, Any]:
    """One position: the reference's values, then per budget each seed's regret, CPU and
    value error (its value of its pick minus the reference's; none where the reference has
    no value of the pick)."""
    ref, ref_cpu = _hint(game_id, position, data, reference, REFERENCE_SEED + index)
    value = {row.move: row.value for row in ref.rows if row.value is not None}
    worst = min(value.values())
    best = ref.best
    assert best is not None and best in value  # a position with a choice: the top row has a value
    by_n: dict[int, dict[str, list[float] | list[str]]] = {}
    for n in iterations:
        regrets: list[float] = []
        cpus: list[float] = []
        picks: list[str] = []
        errors: list[float] = []
        for seed in range(seeds):
            hint, cpu = _hint(game_id, position, data, n, seed)
            pick = hint.best or ""
            regrets.append(max(0.0, value[best] - value.get(pick, worst)))
            cpus.append(cpu)
            picks.append(pick)
            row = hint.row(pick)
            if row is not None and row.value is not None and pick in value:
                errors.append(row.value - value[pick])
        by_n[n] = {"regret": regrets, "cpu_s": cpus, "picks": picks, "value_error": errors}
    return {"position": index, "deal_seed": position.deal_seed,
            "deal_options": dict(position.deal_options), "decision": position.decision,
            "seat": position.seat, "moves": len(ref.rows), "reference_best": best,
            "reference_value": value[best], "reference_cpu_s": round(ref_cpu, 3),
            "by_iterations": {str(n): v for n, v in by_n.items()}}


def _mean(xs: Sequence[float]) -> float:
    return sum(xs) / len(xs)


def _se(xs: Sequence[float]) -> float | None:
    """The standard error of the mean of ``xs``; ``None`` from fewer than two (it was 0)."""
    if len(xs) < 2:
        return None
    m = _mean(xs)
    return math.sqrt(sum((x - m) ** 2 for x in xs) / (len(xs) - 1) / len(xs))


def _rounded(x: float | None) -> float | None:
    """``x`` to the rows' 4 digits (``None``: nothing measured)."""
    return None if x is None else round(x, 4)


def curve(measured: Sequence[dict[str, Any]], iterations: Sequence[int],
          default: int) -> dict[str, Any]:
    """The rows of the curve and its knee (module docstring) from :func:`measure`'s
    positions."""
    per_position = {n: [_mean(p["by_iterations"][str(n)]["regret"]) for p in measured]
                    for n in iterations}
    rows = []
    for n in iterations:
        regrets = [r for p in measured for r in p["by_iterations"][str(n)]["regret"]]
        cpus = [c for p in measured for c in p["by_iterations"][str(n)]["cpu_s"]]
        agree = [pick == p["reference_best"] for p in measured
                 for pick in p["by_iterations"][str(n)]["picks"]]
        beaten_by = []
        for larger in (m for m in iterations if m > n):
            diffs = [a - b for a, b in zip(per_position[n], per_position[larger])]
            se = _se(diffs)
            if se is not None and _mean(diffs) > NOISE * se:
                beaten_by.append(larger)
        errors = [e for p in measured
                  for e in p["by_iterations"][str(n)].get("value_error", [])]
        sizes = [abs(e) for e in errors]
        se = _se(per_position[n])
        rows.append({"iterations": n, "hints": len(regrets),
                     "mean_regret": round(_mean(regrets), 4),
                     "regret_se": None if se is None else round(se, 4),
                     "worst_regret": round(max(regrets), 4),
                     "agreement": round(sum(agree) / len(agree), 3),
                     "mean_cpu_s": round(_mean(cpus), 4), "worst_cpu_s": round(max(cpus), 4),
                     "beaten_by": beaten_by,
                     "mean_value_error": _rounded(_mean(sizes) if sizes else None),
                     "worst_value_error": _rounded(max(sizes) if sizes else None),
                     "signed_value_error": _rounded(_mean(errors) if errors else None)})
    knee = next((row["iterations"] for row in rows
                 if not row["beaten_by"] and row["worst_cpu_s"] <= MAX_HINT_CPU_S), None)
    return {"rows": rows, "knee": knee, "default": default}


def _lines(game_id: str, result: dict[str, Any]) -> list[str]:
    lines = [f"{game_id}: {plural(result['positions'], 'position')} x "
             f"{plural(result['seeds'], 'seed')}, reference "
             f"{result['reference']} iterations; default {result['default']}, knee "
             f"{result['knee']}",
             "  iterations  mean regret (se)   worst  agree  mean CPU s  worst CPU s  beaten by"
             "  value error: mean, worst, signed"]
    for row in result["rows"]:
        beaten = ",".join(str(n) for n in row["beaten_by"]) or "-"
        se = "n/a" if row["regret_se"] is None else f"{row['regret_se']:.4f}"
        lines.append(f"  {row['iterations']:>10}  {row['mean_regret']:.4f} ({se:>6})"
                     f"  {row['worst_regret']:.4f}  {row['agreement']:.0%}  "
                     f"{row['mean_cpu_s']:>10.3f}  {row['worst_cpu_s']:>11.3f}  {beaten:<9}"
                     f"  {_error_words(row)}")
    return lines


def _error_words(row: dict[str, Any]) -> str:
    """A row's value errors in the text: mean size, worst size, mean with its sign."""
    if row["mean_value_error"] is None:
        return "n/a"
    return (f"{row['mean_value_error']:.4f}, {row['worst_value_error']:.4f}, "
            f"{row['signed_value_error']:+.4f}")


def game_curve(game_id: str, *, quick: bool, progress: Progress = no_progress,
               deals: int = DEALS, first_deal: int = 0) -> dict[str, Any]:
    """One game's curve: its positions measured, the rows, the knee (module docstring);
    ``deals`` deals from deal number ``first_deal`` (quick: one)."""
    iterations = QUICK_ITERATIONS if quick else ITERATIONS
    reference = QUICK_REFERENCE if quick else REFERENCE
    seeds = 1 if quick else SEEDS
    fractions = (0.5,) if quick else FRACTIONS
    data = cards_data.load(game_id)
    chosen = positions(game_id, data, deals=1 if quick else deals, first_deal=first_deal,
                       fractions=fractions)
    measured = []
    for i, position in enumerate(chosen):
        # numbered across deals, so a further deal's reference seeds are new ones
        number = first_deal * len(fractions) + i
        measured.append(measure(game_id, position, number, data, iterations=iterations,
                                reference=reference, seeds=seeds))
        progress(1, f"{game_id} position {i + 1} of {len(chosen)}")
    return {"positions": len(measured), "seeds": seeds, "reference": reference,
            **curve(measured, iterations, registry.get(game_id).budgets.hint),
            "measured": measured}


def run(*, quick: bool, progress: Progress = no_progress, full: bool = False) -> SuiteResult:
    figures: Figures = {}
    lines: list[str] = []
    for game_id in GAMES:
        figures[game_id] = game_curve(game_id, quick=quick, progress=progress,
                                      deals=FULL_DEALS if full else DEALS)
        lines += _lines(game_id, figures[game_id])
    return {"text": "\n".join(lines), "figures": figures}
