"""The compiled build and pure Python give the same answers, byte for byte (issue 23).

The hot modules (``games.compiled.MODULES``) run compiled by mypyc where digsite was
installed with a C compiler (``make`` does), and as pure Python with
``DIGSITE_PURE_PYTHON=1``. A child interpreter of each build runs the same commands (hints,
best moves, arena matches with their game records, reviews of a record; for Tomb of the
Ancients hints, plans, a best score and the exact search of a cut deal) and returns every
output; the two must be equal. (Root-parallel hints too: their states and moves cross
processes by pickle.) Without a current compiled build the comparison is skipped
(the skip names why: ``games.compiled.status``); the pure path is checked either way.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from games.compiled import ENV_PURE, MODULES, module_name, status

#: Run in a child: every command's output (and the arena's records), as JSON on stdout.
_CHILD = r"""
import contextlib, io, json, sys, tempfile
from pathlib import Path
from cli.main import main
from games.compiled import status

def run(*argv):
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        code = main(list(argv))
    return f"{code}\n{out.getvalue()}"

outputs = {"status": [status().compiled, str(status())]}
with tempfile.TemporaryDirectory() as folder:
    folder = Path(folder)
    for game in ("archaeology", "expedition", "lootnrun"):
        view = folder / f"{game}.json"
        view.write_text(run("example", game).split("\n", 1)[1], encoding="utf-8")
        outputs[f"hint {game}"] = run("hint", game, str(view), "--iterations", "200",
                                      "--seed", "3", "--json")
        # root-parallel: states and moves pickled between processes
        outputs[f"hint {game} workers"] = run("hint", game, str(view), "--iterations", "60",
                                              "--workers", "2", "--json")
        outputs[f"best-move {game}"] = run("best-move", game, str(view), "--iterations",
                                           "150", "--json")
        records = folder / f"records-{game}"
        outputs[f"arena {game}"] = run("arena", game, "--bots", "ismcts,greedy", "--games",
                                       "2", "--iterations", "40", "--seed", "5", "--record",
                                       str(records), "--json")
        files = sorted(records.glob("*.json"))
        for f in files:
            outputs[f"record {game} {f.name}"] = f.read_text(encoding="utf-8")
        outputs[f"review {game}"] = run("review", game, str(files[0]), "--iterations", "30",
                                        "--json")
    # Tomb of the Ancients: the engine, its planner, best score and hints on a solo view,
    # and the exact search of a deal cut to 8 turns (solvers.ancients.exact and relax)
    view = folder / "ancients.json"
    view.write_text(run("example", "ancients").split("\n", 1)[1], encoding="utf-8")
    outputs["hint ancients"] = run("hint", "ancients", str(view), "--json")
    outputs["plan ancients"] = run("plan", "ancients", str(view), "--json")
    outputs["best-score ancients"] = run("best-score", "ancients", "--seed", "1", "--budget",
                                         "2", "--json")
import cards_data
from games.ancients import make_deal, state_from_deal
from solvers.ancients.best import best_score_search
from solvers.ancients.exact import exact_best
data = cards_data.load("ancients")
state = state_from_deal(make_deal(players=1, seed=2, data=data), data)
incumbent = best_score_search(state, nodes=2_000, turn_cap=8)
outputs["exact ancients N=8"] = repr(exact_best(state, turn_cap=8, nodes=10**7,
                                                incumbent=incumbent))
print(json.dumps(outputs))
"""


def _answers(pure: bool) -> dict[str, object]:
    env = dict(os.environ)
    env.pop(ENV_PURE, None)
    if pure:
        env[ENV_PURE] = "1"
    # (a bound: a worker that cannot send its result back leaves its pool waiting)
    done = subprocess.run([sys.executable, "-c", _CHILD], capture_output=True, text=True,
                          env=env, check=False, timeout=1800)
    assert done.returncode == 0, done.stderr[-2000:]
    answers: dict[str, object] = json.loads(done.stdout)
    return answers


def _origins(pure: bool) -> dict[str, str]:
    """Each compiled module's ``__file__`` in a child of one build."""
    env = dict(os.environ)
    env.pop(ENV_PURE, None)
    if pure:
        env[ENV_PURE] = "1"
    names = [module_name(m) for m in MODULES]
    code = ("import importlib, json, sys, games; print(json.dumps({n: importlib.import_module(n)"
            ".__file__ for n in sys.argv[1:]}))")
    done = subprocess.run([sys.executable, "-c", code, *names], capture_output=True,
                          text=True, env=env, check=True)
    origins: dict[str, str] = json.loads(done.stdout)
    return origins


def test_the_pure_path_runs_the_sources() -> None:
    origins = _origins(pure=True)
    assert all(path.endswith(".py") for path in origins.values()), origins


def test_the_compiled_path_runs_every_compiled_module_or_none() -> None:
    origins = _origins(pure=False)
    compiled = [n for n, path in origins.items() if "_digsite_compiled" in path]
    if status().compiled:
        assert len(compiled) == len(MODULES), origins
    else:  # all or none (games.compiled): a stale or missing build runs pure Python
        assert compiled == [], origins


def test_a_solvers_module_imported_before_games_loads_from_the_same_build() -> None:
    """A script that imports a compiled ``solvers`` module before anything of ``games``
    (whose import puts the compiled modules' finder in place) gets it from the same build
    as the rest: ``solvers`` imports ``games`` first (it loaded as plain Python before)."""
    env = dict(os.environ)
    env.pop(ENV_PURE, None)
    code = "import solvers.archaeology.policy as p; print(p.__file__)"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          env=env, check=True)
    path = done.stdout.strip()
    assert ("_digsite_compiled" in path) == status().compiled, path


@pytest.mark.skipif(not status().compiled, reason=f"no compiled build: {status()}")
def test_compiled_and_pure_python_answer_alike() -> None:
    compiled, pure = _answers(pure=False), _answers(pure=True)
    assert compiled.pop("status")[0] is True  # type: ignore[index]
    assert pure.pop("status")[0] is False  # type: ignore[index]
    assert compiled.keys() == pure.keys()
    different = [name for name in compiled if compiled[name] != pure[name]]
    assert not different, f"the builds differ in: {different}"


@pytest.mark.skipif(not status().compiled, reason=f"no compiled build: {status()}")
def test_the_compiled_modules_doctests_run_on_the_pure_path() -> None:
    """pytest's ``--doctest-modules`` finds no examples in a module that runs compiled (its
    functions are not Python functions to ``doctest``), so in a compiled checkout the
    examples of ``MODULES`` would go unrun: a pure child runs them."""
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    with_examples = [m for m in MODULES if ">>>" in (root / m).read_text(encoding="utf-8")]
    assert with_examples  # (the planner's, the seeding helpers', the engines' moves...)
    env = dict(os.environ, **{ENV_PURE: "1"})
    done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                           *with_examples], capture_output=True, text=True, env=env,
                          cwd=root, check=False, timeout=600)
    assert done.returncode == 0, done.stdout[-3000:]
    assert " passed" in done.stdout and "no tests ran" not in done.stdout, done.stdout[-500:]


def test_a_build_of_another_module_list_runs_pure_python(tmp_path) -> None:
    """All or none: a build made when fewer modules were compiled (its sources unchanged
    since) is not served in part."""
    import importlib.machinery

    from games import compiled

    first = compiled.MODULES[0]
    (tmp_path / first).parent.mkdir(parents=True)
    (tmp_path / first).write_text("X = 1\n", encoding="utf-8")
    build = tmp_path / compiled.DIRECTORY
    build.mkdir()
    (build / "lib.so").write_bytes(b"")
    (build / "one.so").write_bytes(b"")
    manifest = {"suffix": importlib.machinery.EXTENSION_SUFFIXES[0],
                "library": {"name": "digsite__mypyc", "file": "lib.so"},
                "modules": [{"source": first, "file": "one.so",
                             "sha256": compiled.source_digest(tmp_path / first)}]}
    (build / compiled.MANIFEST).write_text(json.dumps(manifest), encoding="utf-8")
    files, reason = compiled._read_manifest(tmp_path)
    assert files is None and "predates" in reason
