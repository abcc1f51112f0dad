"""Whole ``digsite`` commands timed from outside, start-up included: the "time-limit cap"
tables of the grid games' benchmarks (issue 18 §3: ``--time-limit S`` is a cap, wall time
<= S + 1 s, for every command that takes it).

A command runs in a child process (``python -m cli.main``), so its wall time is what a
user waits and its CPU time (user + system of the child, ``RUSAGE_CHILDREN``) is what it
costs; on a shared machine the wall time also carries the load, and the CPU time does not.
"""

from __future__ import annotations

import json
import os
import resource
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Hashable, Sequence, TypedDict

from games import registry
from cards_data import CardData
from games.protocol import CHANCE
from games.record import GameRecord, record_text
from solvers.backends import Progress

__all__ = ["CommandRun", "CapRow", "run_command", "solo_record", "cap_rows", "cap_lines"]

ROOT = Path(__file__).resolve().parent.parent


@dataclass(frozen=True)
class CommandRun:
    """One command's exit status, wall and CPU seconds, and its ``--json`` output."""

    args: tuple[str, ...]
    code: int
    wall_s: float
    cpu_s: float
    out: dict[str, Any] | None  # the command's JSON (its shape is the command's)


class CapRow(TypedDict):
    """One command run under ``--time-limit S`` (:func:`cap_rows`)."""

    command: str
    S: float
    code: int
    wall_s: float
    cpu_s: float
    cap_s: float
    searches: int
    within_cap_wall: bool
    within_cap_cpu: bool
    stop: str | None


def run_command(*args: str) -> CommandRun:
    """``digsite ARGS --json`` in a child process, timed (module docstring)."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.monotonic()
    done = subprocess.run([sys.executable, "-m", "cli.main", *args, "--json"], cwd=ROOT,
                          env=env, capture_output=True, text=True)
    wall = time.monotonic() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    try:
        out = json.loads(done.stdout) if done.returncode == 0 else None
    except json.JSONDecodeError:
        out = None
    return CommandRun(tuple(args), done.returncode, wall, cpu, out)


def solo_record(game_id: str, data: CardData, folder: Path, *, seed: int, moves: int,
                pick: Callable[[Any], Hashable], **deal_options: object) -> Path:
    """A solo record of the first ``moves`` moves of a game played by ``pick(state)``,
    written to ``folder``: the input of a review. (``pick`` takes the state of the game
    named, whose type only that game's picker knows: ``Any``, as ``Bot.choose`` takes.)"""
    engine = registry.engine(game_id)
    record = GameRecord.start(game_id, engine.make_deal(players=1, seed=seed, data=data,
                                                        **deal_options))
    state = record.initial_state(data)
    while not state.is_terminal() and len(record.moves) < moves:
        if state.current_player() == CHANCE:
            state.apply(state.chance_outcomes()[0][0])
            continue
        move = pick(state)
        record = record.played(state.current_player(), str(move))
        state.apply(move)
    if state.is_terminal():
        record = record.finished(state)
    path = folder / f"{game_id}-solo-{moves}.json"
    path.write_text(record_text(record.to_json()), encoding="utf-8")
    return path


def _searches(out: dict[str, Any]) -> int:
    """The wall-clock-limited hint searches a review ran: one per decision the hint
    ranked, one more for each played turn added to the options."""
    return sum(("best" in d) + bool(d.get("added_to_options")) for d in out["decisions"])


def cap_rows(commands: dict[str, tuple[str, ...]], limits: Sequence[float],
             progress: Progress) -> list[CapRow]:
    """Run each named command (its args without ``--time-limit``) once per limit ``S``;
    a review also gets ``--best-time-limit S``. The cap is ``S + 1`` (a review: one ``S``
    per search and one for the best score, plus 1)."""
    rows: list[CapRow] = []
    for s in limits:
        for name, args in commands.items():
            review = args[0] == "review"
            extra = ("--time-limit", str(s)) + (("--best-time-limit", str(s)) if review else ())
            run = run_command(*args, *extra)
            out = run.out or {}
            searches = _searches(out) if review and out else 0
            cap = (searches + 1) * s + 1 if review else s + 1
            budget = (out.get("best_score") or {}) if review else out.get("budget") or {}
            stop = ("best score reproducible" if budget.get("reproducible") else
                    "best score cut") if review else budget.get("stop_reason")
            rows.append({"command": name, "S": s, "code": run.code, "wall_s": round(run.wall_s, 2),
                         "cpu_s": round(run.cpu_s, 2), "cap_s": cap, "searches": searches,
                         "within_cap_wall": run.wall_s <= cap, "within_cap_cpu": run.cpu_s <= cap,
                         "stop": stop})
            progress()
    return rows


def cap_lines(rows: list[CapRow]) -> list[str]:
    """The table's lines."""
    lines = ["time-limit cap (whole command in a child process, start-up included; cap = "
             "S + 1 s, a review (searches + 1) x S + 1 s):"]
    for r in rows:
        what = f"{r['command']} S={r['S']:g}" + (f" ({r['searches']} searches)"
                                                  if r["searches"] else "")
        lines.append(f"  {what}: wall {r['wall_s']:.2f} s, CPU {r['cpu_s']:.2f} s, cap "
                     f"{r['cap_s']:g} s: wall {'within' if r['within_cap_wall'] else 'OVER'}, "
                     f"CPU {'within' if r['within_cap_cpu'] else 'OVER'}; stop {r['stop']}"
                     + ("" if r["code"] == 0 else f"; exit {r['code']}"))
    return lines
