"""Long runs that talk (issue 20 §4): a progress display on a terminal and nothing when
piped, tested with a pseudo-terminal; Ctrl-C, tested with real SIGINTs to a child process
(the first press stops the search and prints the best answer so far, labelled
interrupted; a second press exits 130 at once); and the library side of a stop request.
"""

from __future__ import annotations

import json
import os
import pty
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

import cards_data
from solvers import interrupt
from solvers.backends import run_jobs

ROOT = Path(__file__).resolve().parents[2]
ENV = {**os.environ, "PYTHONPATH": str(ROOT), "COLUMNS": "200"}


def _run(args, *, terminal: bool, wait_for: bytes | None = None, presses: int = 0,
         gap: float = 0.5, timeout: float = 900) -> tuple[int, str, str]:
    """``digsite ARGS`` in a child process, its stderr a pseudo-terminal (``terminal``) or
    a pipe; with ``wait_for``, send ``presses`` SIGINTs (``gap`` seconds apart) once those
    bytes appear on stderr. Returns ``(exit status, stdout, stderr)``."""
    master = slave = None
    if terminal:
        master, slave = pty.openpty()
    proc = subprocess.Popen([sys.executable, "-m", "cli.main", *map(str, args)], cwd=ROOT,
                            env=ENV, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                            stderr=slave if terminal else subprocess.PIPE)
    seen = bytearray()
    if terminal:
        os.close(slave)

        def drain() -> None:  # a pty's buffer is small: read it all the time
            while True:
                try:
                    data = os.read(master, 4096)
                except OSError:
                    return
                if not data:
                    return
                seen.extend(data)

        reader = threading.Thread(target=drain, daemon=True)
        reader.start()
    else:
        reader = threading.Thread(target=lambda: seen.extend(proc.stderr.read()), daemon=True)
        reader.start()
    out = []
    collect = threading.Thread(target=lambda: out.append(proc.stdout.read()), daemon=True)
    collect.start()
    try:
        if wait_for is not None:
            deadline = time.monotonic() + timeout
            while wait_for not in seen and proc.poll() is None and time.monotonic() < deadline:
                time.sleep(0.05)
            assert wait_for in seen, f"never saw {wait_for!r}: {bytes(seen)[-300:]!r}"
            for _ in range(presses):
                proc.send_signal(signal.SIGINT)
                time.sleep(gap)
        proc.wait(timeout=timeout)
    finally:
        if proc.poll() is None:
            proc.kill()
    collect.join(timeout=30)
    reader.join(timeout=30)
    if master is not None:
        os.close(master)
    return proc.returncode, out[0].decode() if out else "", bytes(seen).decode(errors="replace")


def test_best_score_shows_its_phase_best_and_bound_on_a_terminal_only():
    args = ("best-score", "ancients", "--seed", "3", "--budget", "20", "--json")
    code, out, err = _run(args, terminal=True)
    assert code == 0, err[-500:]
    assert "ancients best score" in err and "beam search, width 4: best" in err
    assert "bound" in err
    piped = _run(args, terminal=False)
    assert piped[0] == 0 and piped[2] == ""
    assert json.loads(piped[1]) == json.loads(out)  # the answer does not depend on it


def test_arena_shows_games_done_and_the_running_score():
    code, out, err = _run(("arena", "lootnrun", "--bots", "greedy,random", "--games", "4"),
                          terminal=True)
    assert code == 0, err[-500:]
    assert "lootnrun arena" in err and "greedy " in err and "random " in err


def test_bench_says_which_suite():
    code, out, err = _run(("bench", "grids", "--quick"), terminal=True)
    assert code == 0, err[-500:]
    assert "suite grids (1 of 1)" in err


def test_first_ctrl_c_stops_best_score_with_the_best_so_far():
    """The issue's case: best-score pyramids --seed 5 --json swallowed the first SIGINT.
    Pressed during the beam search's warm start (a minute of CPU on this full deal before
    CP-SAT starts): the beam, CP-SAT and the bound each stop at once."""
    code, out, err = _run(("best-score", "pyramids", "--seed", "5", "--json"), terminal=True,
                          wait_for=b"beam search", presses=1)
    assert code == 130, err[-500:]
    result = json.loads(out)
    assert result["budget"]["stop_reason"] == "interrupted"
    assert result["reproducible"] is False and "interrupted" in result["note"]
    assert result["bound"] >= result["score"] > 0 and result["plan"]
    assert "interrupted: stopping the search" in err and "Traceback" not in err


def test_second_ctrl_c_exits_at_once():
    # (a tenth of a second apart: now that the card tables' build looks at the first
    # press, it alone ends this run, with its answer, in about half a second)
    code, out, err = _run(("best-score", "pyramids", "--seed", "5"), terminal=True,
                          wait_for=b"beam search", presses=2, gap=0.1)
    assert code == 130, err[-500:]
    assert "error: interrupted" in err and "Traceback" not in err


def test_ctrl_c_before_any_answer_is_one_line(tmp_path):
    """review has no answer until it is done: the first press ends it (exit 130)."""
    record = tmp_path / "r.json"
    made = subprocess.run([sys.executable, "-m", "cli.main", "arena", "archaeology", "--bots",
                           "greedy,random", "--games", "1", "--record", str(tmp_path)],
                          cwd=ROOT, env=ENV, capture_output=True, text=True, timeout=600)
    assert made.returncode == 0, made.stderr
    record = next(tmp_path.glob("*.json"))
    code, out, err = _run(("review", "archaeology", record, "--iterations", "100000"),
                          terminal=True, wait_for=b"archaeology review", presses=1)
    assert code == 130, err[-500:]
    assert err.rstrip().endswith("error: interrupted") and "Traceback" not in err


def test_ctrl_c_in_a_solo_reviews_best_score_prints_it_and_exits_130():
    """Pressed once the decisions are reviewed, while the deal's best score is searched:
    the review is printed with the best found, labelled interrupted, and the exit status
    said a whole run (0), where best-score's cut answer exits 130. The bar says that
    phase (it sat at 100% saying nothing, minutes at the default budget)."""
    record = ROOT / "cli" / "web" / "examples" / "pyramids-solo-random.json"
    code, out, err = _run(("review", "pyramids", record, "--iterations", "5"), terminal=True,
                          wait_for=b"100%  now the deal's best score", presses=1)
    assert "interrupted (Ctrl-C)" in out and "best possible score" in out, out[-500:]
    assert code == 130, err[-500:]
    assert "Traceback" not in err


# --- the library side --------------------------------------------------------------------

def _stop_at_third(job: int) -> int:
    if job == 2:
        interrupt.request()
    return job * job


def test_a_stop_request_ends_a_batch_with_the_jobs_done_before_it():
    interrupt.reset()
    try:
        assert run_jobs(_stop_at_third, range(6), partial=True) == [0, 1, None, None, None,
                                                                     None]
        interrupt.reset()
        with pytest.raises(interrupt.Interrupted):
            run_jobs(_stop_at_third, range(6))
    finally:
        interrupt.reset()


def test_a_stop_request_ends_a_hint_with_its_ranking_so_far():
    from games import archaeology
    from solvers import services
    from solvers.limits import Limit

    data = cards_data.load("archaeology")
    interrupt.request()
    try:
        result = services.hint("archaeology", archaeology.example_view(data), data=data,
                               limit=Limit(iterations=100_000), seed=1)
    finally:
        interrupt.reset()
    assert result.budget.stop_reason == "interrupted" and result.budget.iterations == 1
    assert result.best is not None


def test_a_search_stopped_by_ctrl_c_says_so_in_words():
    """The text output names the key, not the JSON's stop reason ("stopped by interrupted")."""
    from cli.format import format_hint
    from solvers.hints import hint_result
    from solvers.limits import Limit

    def text(stop_reason):
        hint = hint_result("archaeology", seat=0, rows=[{"move": "end", "value": 0.5}],
                           value_meaning="win probability", limit=Limit(iterations=10),
                           iterations=7, stop_reason=stop_reason, seed=0, top=1)
        return format_hint(hint)

    assert "7 iterations, stopped by Ctrl-C;" in text(interrupt.INTERRUPTED)
    assert "stopped by interrupted" not in text(interrupt.INTERRUPTED)
    assert "7 iterations, stopped by iterations;" in text("iterations")
