"""Listing the games and reading help stay light: no solver, no OR-Tools, SciPy, numpy or
pyspiel is imported (issue 18: ``digsite games`` was 1.1 s of CPU for a list). The CPU
figures are measured by ``digsite bench startup``, not here."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

HEAVY = ("ortools", "scipy", "numpy", "pyspiel", "pandas", "networkx", "ray")


def _modules_after(argv: list[str]) -> tuple[int, set[str]]:
    """``digsite ARGV`` run in a Python of its own (this one has loaded every module): its
    exit code and the modules it loaded."""
    script = ("import json, sys\nfrom cli.main import main\ncode = main(%r)\n"
              "print(json.dumps([code, sorted(sys.modules)]), file=sys.stderr)" % (argv,))
    run = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                         check=True)
    code, loaded = json.loads(run.stderr.strip().splitlines()[-1])
    return code, set(loaded)


@pytest.mark.parametrize("argv", [["games"], ["games", "--json"], ["--help"], ["hint", "--help"],
                                  ["review", "--help"], ["arena", "--help"], ["--version"]])
def test_listing_and_help_import_no_solver(argv):
    code, loaded = _modules_after(argv)
    assert code == 0
    heavy = [m for m in loaded if m.split(".")[0] in HEAVY]
    game_solvers = [m for m in loaded if m.startswith("solvers.")
                    and m.split(".")[1] in {"pyramids", "ancients", "archaeology",
                                            "expedition", "lootnrun", "openspiel"}
                    and m != "solvers.openspiel"]
    assert not heavy, heavy
    assert not game_solvers, game_solvers


def test_the_openspiel_extra_is_loaded_only_for_its_bots():
    _, loaded = _modules_after(["arena", "lootnrun", "--bots", "greedy,random", "--games", "1"])
    assert "pyspiel" not in loaded


@pytest.mark.parametrize("argv", [["games"], ["games", "--json"], ["--help"], ["--version"]])
def test_listing_loads_only_the_generic_solvers_it_needs(argv):
    # (`digsite games` imported solvers.services, batch, hints, results and arena, and the
    # boards' drawing, games.render, about a third of its start-up, for a list that needs
    # the registry, the card data and whether the OpenSpiel extra is there)
    # (and importlib.metadata, for the version only --version reads)
    _, every = _modules_after(argv)
    loaded = {m for m in every if m.startswith(("solvers", "games.render", "importlib.metadata"))}
    if argv == ["--version"]:
        loaded = {m for m in loaded if not m.startswith("importlib.metadata")}
    assert loaded <= {"solvers", "solvers.openspiel", "solvers.interrupt",
                      "solvers.backends", "solvers.limits", "solvers.clock"}, loaded


#: What a hint never uses: the best-score code of Pyramids (the model, the bound, the branch
#: and price, and numpy under them) and networkx (the card analyses search themselves).
BEST_SCORE_ONLY = ("solvers.pyramids.model", "solvers.pyramids.reachable",
                   "solvers.pyramids.bound", "solvers.pyramids.branching", "numpy", "networkx",
                   "ortools", "scipy")


@pytest.mark.parametrize("game", ["pyramids", "ancients", "archaeology", "expedition",
                                  "lootnrun"])
def test_a_hint_loads_no_best_score_code(game, tmp_path):
    # (the Pyramids hint imported the best-score solver and networkx, about 0.4 s of CPU of
    # a hint's start-up: under load `hint pyramids --time-limit 2` spent most of its 2 s
    # importing)
    view = tmp_path / "view.json"
    run = subprocess.run([sys.executable, "-m", "cli.main", "example", game],
                         capture_output=True, text=True, check=True)
    view.write_text(run.stdout)
    code, loaded = _modules_after(["hint", game, str(view), "--iterations", "8", "--json"])
    assert code == 0
    assert not [m for m in loaded if m.startswith(BEST_SCORE_ONLY)], game
    # (nor the process pool's and the Ray address check's modules: a hint of one worker
    # runs in this process)
    assert not {"multiprocessing", "socket"} & set(loaded), game


@pytest.mark.parametrize("argv", [["games"], ["--help"], ["hint", "--help"]])
def test_listing_and_help_start_no_process_pool(argv):
    # (solvers.backends imported multiprocessing and socket for every command, 0.02-0.03 s
    # of a listing's start-up, where only a pool of several workers or --backend ray uses
    # them)
    code, loaded = _modules_after(argv)
    assert code == 0 and not {"multiprocessing", "socket"} & loaded
