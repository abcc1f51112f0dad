"""The layers import only downward: grids <- cards_data <- games <- solvers <- benchmarks <- cli.

Inside ``solvers/`` the order is: the generic algorithms (``solvers.ismcts``,
``solvers.hints``, ``solvers.limits``, ``solvers.results``, ``solvers.clock``, ...) <- each
engine family's own package ``solvers/<family>/`` (which never imports another family's;
one family may be several editions, ``games.registry``) <- the top modules that reach
every game (``services``, ``arena``, ``demo``, ``review``, ``batch``); inside a game's
package nothing imports its ``service``.
No ``solvers`` import hides inside a function body, where it could hide a cycle; but a
family's ``service`` may import its own family's modules in the function that needs them
(none of them imports the service back, so no cycle can hide there), so that a command
loads only what it uses (the Pyramids hint, not the best score's solver).

Also: nothing in games/ imports ortools, networkx or click, nothing below cli/ prints or
exits (only a developer script's ``main``, run as ``python -m``, does), and nothing below
cli/ uses the global random generator.
"""

from __future__ import annotations

import ast
import pathlib

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent
LAYERS = ["grids", "cards_data", "games", "solvers", "benchmarks", "cli"]
FORBIDDEN_THIRD_PARTY = {"games": {"ortools", "networkx", "click"}, "grids": {"ortools", "networkx", "click"},
                         "cards_data": {"ortools", "networkx", "click"}, "solvers": {"click"}}


def _imports(path: pathlib.Path):
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name.split(".")[0], node.lineno
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            yield node.module.split(".")[0], node.lineno


def _module_name(path: pathlib.Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _absolute_imports(path: pathlib.Path):
    """``(module, line, inside a function)`` for every import, relative ones resolved."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = _module_name(path).split(".")
    if path.name != "__init__.py":
        package = package[:-1]
    functions = [n for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))]
    nested = {id(inner) for f in functions for inner in ast.walk(f) if inner is not f}
    in_function = {id(n) for f in functions for n in ast.walk(f)} - {id(f) for f in functions
                                                                    if id(f) not in nested}
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name, node.lineno, id(node) in in_function
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[:len(package) - node.level + 1]
                module = ".".join(base + ([node.module] if node.module else []))
            else:
                module = node.module or ""
            names = [module] if node.module or not node.level else [f"{module}.{a.name}" for a in node.names]
            for name in names:
                yield name, node.lineno, id(node) in in_function


GENERIC_SOLVERS = {"ismcts", "hints", "limits", "results", "clock", "verify", "backends",
                   "openspiel", "interrupt"}
TOP_SOLVERS = {"services", "arena", "demo", "review", "moments", "batch", "tables"}


def test_solvers_sub_order():
    bad = []
    for path in sorted((ROOT / "solvers").rglob("*.py")):
        here = _module_name(path).split(".")
        group = here[1] if len(here) > 1 else ""
        for module, line, in_function in _absolute_imports(path):
            parts = module.split(".")
            if parts[0] != "solvers":
                continue
            where = f"{path.relative_to(ROOT)}:{line} imports {module}"
            target = parts[1] if len(parts) > 1 else ""
            if in_function and not (here[2:3] == ["service"] and target == group
                                    and group not in GENERIC_SOLVERS | TOP_SOLVERS | {""}):
                bad.append(where + " inside a function")
            if group in TOP_SOLVERS or group == "" or target in GENERIC_SOLVERS:
                continue
            if group in GENERIC_SOLVERS:
                bad.append(where + " (generic code imports game code)")
            elif target != group:
                bad.append(where + f" (solvers/{group} reaches outside its family)")
            elif parts[2:3] == ["service"] and here[2:3] != ["service"]:
                bad.append(where + " (only the top of a game's package imports its service)")
    assert not bad, "\n".join(bad)


@pytest.mark.parametrize("layer", LAYERS)
def test_layer_imports_only_downward(layer):
    allowed = set(LAYERS[: LAYERS.index(layer) + 1])
    bad = []
    for path in sorted((ROOT / layer).rglob("*.py")):
        for top, line in _imports(path):
            if top in LAYERS and top not in allowed:
                bad.append(f"{path.relative_to(ROOT)}:{line} imports {top}")
            if top in FORBIDDEN_THIRD_PARTY.get(layer, ()):
                bad.append(f"{path.relative_to(ROOT)}:{line} imports {top}")
    assert not bad, "\n".join(bad)


GLOBAL_RANDOM_FUNCS = {"random", "randint", "randrange", "choice", "choices", "shuffle", "sample",
                       "seed", "uniform", "getrandbits", "permutation", "rand", "randn", "integers"}


@pytest.mark.parametrize("layer", LAYERS[:-1])
def test_no_global_random_generator(layer):
    """``random.random()`` and friends share hidden global state: only Random instances."""
    bad = []
    for path in sorted((ROOT / layer).rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute) and node.attr in GLOBAL_RANDOM_FUNCS:
                owner = ast.unparse(node.value)
                if owner in {"random", "np.random", "numpy.random"}:
                    bad.append(f"{path.relative_to(ROOT)}:{node.lineno} uses {owner}.{node.attr}")
            if isinstance(node, ast.ImportFrom) and node.module == "random":
                names = {a.name for a in node.names}
                if names - {"Random"}:
                    bad.append(f"{path.relative_to(ROOT)}:{node.lineno} imports {sorted(names)} from random")
    assert not bad, "\n".join(bad)


#: What prints or ends the process (ARCHITECTURE.md: "nothing below cli/ prints or exits";
#: a library reports by returning or raising, and the CLI says it).
PRINTS_OR_EXITS = {"print", "exit", "quit", "sys.exit", "os._exit", "sys.stdout.write",
                   "sys.stderr.write", "sys.stdout.flush", "sys.stderr.flush"}


def _script_mains(tree: ast.Module) -> set[int]:
    """The ids of the nodes inside a module-level ``def main`` (a developer script's entry,
    ``python -m cards_data.generate``, ``python -m benchmarks.ancients_sides``): a script
    reports on its terminal and exits with its status, as the CLI does."""
    return {id(inner) for node in tree.body
            if isinstance(node, ast.FunctionDef) and node.name == "main"
            for inner in ast.walk(node)}


@pytest.mark.parametrize("layer", LAYERS[:-1])
def test_nothing_below_the_cli_prints_or_exits(layer):
    bad = []
    for path in sorted((ROOT / layer).rglob("*.py")):
        if path.name == "__main__.py":  # (`python -m PACKAGE`: the script itself)
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        script = _script_mains(tree)
        for node in ast.walk(tree):
            if id(node) in script:
                continue
            if isinstance(node, ast.Call) and ast.unparse(node.func) in PRINTS_OR_EXITS:
                bad.append(f"{path.relative_to(ROOT)}:{node.lineno} calls {ast.unparse(node.func)}")
            elif isinstance(node, ast.Raise) and node.exc is not None and \
                    ast.unparse(node.exc).split("(")[0] == "SystemExit":
                bad.append(f"{path.relative_to(ROOT)}:{node.lineno} raises {ast.unparse(node.exc)}")
            elif isinstance(node, ast.Attribute) and ast.unparse(node) in {"sys.stdout",
                                                                           "sys.stderr"}:
                bad.append(f"{path.relative_to(ROOT)}:{node.lineno} writes to {ast.unparse(node)}")
    assert not bad, "\n".join(bad)
