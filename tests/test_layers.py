"""The layers import only downward: grids <- cards_data <- games <- solvers <- cli.

Also: nothing in games/ imports ortools, networkx or click, and nothing below cli/ uses
the global random generator.
"""

from __future__ import annotations

import ast
import pathlib

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent
LAYERS = ["grids", "cards_data", "games", "solvers", "cli"]
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
