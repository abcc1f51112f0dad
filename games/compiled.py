"""Which build of the hot modules runs: compiled by mypyc, or pure Python (issue 23).

The modules that a search spends its time in (:data:`MODULES`: the Archaeology engine of
both editions, Loot N Run's, the seeding helpers, the ISMCTS core, the Archaeology
playout policy, and Tomb of the Ancients' rules and state with its solvers' hot path:
the dig planner, the market relaxation, whole turns, the beam search, the exact search
of cut deals and the review's turn view, issue 21) are compiled by **mypyc** from their ``.py`` files, unchanged, when
digsite is installed where a C compiler is present (``setup.py``). There is no second
copy of anything: the compiled module is the ``.py`` file's code, type-checked and
translated to C. Where the build cannot run (no compiler, no Python headers, a failed
build) the install goes on without it and the same modules run as plain Python.

**Where the compiled modules live, and why.** Python imports an extension module that
lies beside a ``.py`` of the same name in preference to the ``.py``, so a compiled build
beside the source would leave no way to run the source. The build therefore writes its
extension modules outside the packages, to ``_digsite_compiled/`` beside them (in the
repository for an editable install, in ``site-packages`` for a wheel), with a manifest
(``manifest.json``) that names each module's file and the SHA-256 of the ``.py`` it was
compiled from. :func:`install` (run by ``games/__init__``, before any of the modules can
be imported) puts a finder first on ``sys.meta_path`` that serves those modules from
there under their own names; every other module, and every module of the pure path, is
found by Python's ordinary import. The pure path runs when:

* ``DIGSITE_PURE_PYTHON=1`` is set (the finder is not installed; at install time it also
  skips the build);
* nothing was compiled, or for another Python (the extension suffix differs);
* the source of any compiled module differs from what was compiled (an edited checkout:
  ``make`` rebuilds). All or none: compiled modules call each other directly in C, so a
  compiled module next to an edited pure one would run the old code of the edited one.

:func:`status` says which build runs and why (``digsite --version``, ``digsite bench``).

This module is read by ``setup.py`` at build time too (for :data:`MODULES`), so it imports
only the standard library.
"""

from __future__ import annotations

import hashlib
import importlib.abc
import importlib.machinery
import importlib.util
import json
import os
import sys
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Sequence

__all__ = ["MODULES", "GROUP", "DIRECTORY", "MANIFEST", "ENV_PURE", "Status", "install",
           "status", "source_digest"]

#: The modules compiled by mypyc (one group: they call each other natively), as paths
#: relative to the repository root. What a search runs per iteration: the engines'
#: moves, rules (Loot N Run's scoring too), states and hidden-information samplers, the seed helpers, the ISMCTS
#: core and the Archaeology playout policy; for Tomb of the Ancients (issue 21: 1.5-1.6x
#: the pure speed of ``best-score`` and the exact search) the rules and state and the
#: solvers' planner, relaxation, turns, beam and exact searches, and ``review`` (its turn
#: view subclasses ``turn.TurnState``, and an interpreted class cannot derive from a
#: compiled one). ``games/ancients/moves.py`` stays pure: mypyc rejects its slotted
#: frozen dataclasses (``TextMove`` subclasses) at import.
MODULES: tuple[str, ...] = (
    "games/seeding.py",
    "games/ancients/rules.py",
    "games/ancients/state.py",
    "games/archaeology/moves.py",
    "games/archaeology/rules.py",
    "games/archaeology/hidden.py",
    "games/archaeology/state.py",
    "games/expedition/moves.py",
    "games/expedition/state.py",
    "games/lootnrun/moves.py",
    "games/lootnrun/rules.py",
    "games/lootnrun/state.py",
    "solvers/ismcts/search.py",
    "solvers/archaeology/policy.py",
    "solvers/ancients/planner.py",
    "solvers/ancients/relax.py",
    "solvers/ancients/turn.py",
    "solvers/ancients/best.py",
    "solvers/ancients/exact.py",
    "solvers/ancients/review.py",
)
#: The mypyc group: its shared library is the top-level extension module
#: ``digsite__mypyc`` (mypyc's naming), which the per-module shims import.
GROUP = "digsite"
#: The directory of the compiled build, beside the packages.
DIRECTORY = "_digsite_compiled"
#: The build's manifest in :data:`DIRECTORY`.
MANIFEST = "manifest.json"
#: The environment variable that forces the pure-Python path (value ``1``).
ENV_PURE = "DIGSITE_PURE_PYTHON"

_ROOT = Path(__file__).resolve().parent.parent


def module_name(path: str) -> str:
    """``games/archaeology/state.py`` -> ``games.archaeology.state``."""
    return path.removesuffix(".py").replace("/", ".")


def source_digest(path: Path) -> str:
    """The SHA-256 of a source file (what the manifest records of each compiled module)."""
    return hashlib.sha256(path.read_bytes()).hexdigest()


@dataclass(frozen=True)
class Status:
    """Which build runs: ``compiled`` (the finder serves :data:`MODULES`), ``reason`` (why
    the pure path runs, or the compiler's name and version), ``modules`` (how many are
    compiled)."""

    compiled: bool
    reason: str
    modules: int = 0

    def __str__(self) -> str:
        if self.compiled:
            return f"compiled ({self.reason}, {self.modules} modules)"
        return f"pure Python ({self.reason})"


class _Finder(importlib.abc.MetaPathFinder):
    """Serves the compiled modules (and their shared library) from the build directory."""

    def __init__(self, files: dict[str, Path]) -> None:
        self.files = files

    def find_spec(self, fullname: str, path: Sequence[str] | None = None,
                  target: ModuleType | None = None) -> importlib.machinery.ModuleSpec | None:
        file = self.files.get(fullname)
        if file is None:
            return None
        loader = importlib.machinery.ExtensionFileLoader(fullname, str(file))
        return importlib.util.spec_from_file_location(fullname, file, loader=loader)


_STATUS: Status | None = None


def _read_manifest(root: Path) -> tuple[dict[str, Path] | None, str]:
    """The files of a valid, current compiled build under ``root``, or ``None`` and why
    not."""
    directory = root / DIRECTORY
    try:
        manifest = json.loads((directory / MANIFEST).read_text(encoding="utf-8"))
    except FileNotFoundError:
        return None, "not compiled: no C compiler or mypy at install time, or a failed build"
    except (OSError, ValueError) as error:
        return None, f"the compiled build's manifest is unreadable: {error}"
    suffix = importlib.machinery.EXTENSION_SUFFIXES[0]
    if manifest.get("suffix") != suffix:
        return None, f"compiled for another Python ({manifest.get('suffix')}, not {suffix})"
    listed = sorted(entry.get("source", "") for entry in manifest.get("modules", []))
    if listed != sorted(MODULES):  # an older build of another list: all or none
        return None, "the compiled build predates the list of compiled modules (make rebuilds)"
    files: dict[str, Path] = {}
    for entry in manifest.get("modules", []):
        name = module_name(entry["source"])
        source = root / entry["source"]
        try:
            current = source_digest(source)
        except OSError:
            return None, f"the source of {name} is missing"
        if current != entry["sha256"]:
            return None, f"{entry['source']} changed since it was compiled (make rebuilds)"
        files[name] = directory / entry["file"]
    library = manifest.get("library")
    if not files or library is None:
        return None, "the compiled build's manifest lists no modules"
    files[library["name"]] = directory / library["file"]
    missing = [str(f) for f in files.values() if not f.is_file()]
    if missing:
        return None, f"a compiled module is missing ({missing[0]})"
    return files, f"mypyc {manifest.get('mypy', '?')}"


def install() -> Status:
    """Serve the compiled modules if the build is there and current and the pure path is
    not asked for (module docstring); once per process. Returns :func:`status`."""
    global _STATUS
    if _STATUS is not None:
        return _STATUS
    if os.environ.get(ENV_PURE, "") not in ("", "0"):
        _STATUS = Status(False, f"{ENV_PURE}={os.environ[ENV_PURE]}")
        return _STATUS
    files, reason = _read_manifest(_ROOT)
    if files is None:
        _STATUS = Status(False, reason)
        return _STATUS
    loaded = [name for name in files if name in sys.modules]
    if loaded:  # (imported before the finder: they stay as they are)
        _STATUS = Status(False, f"{loaded[0]} was imported before the compiled build could "
                                f"be installed")
        return _STATUS
    sys.meta_path.insert(0, _Finder(files))
    _STATUS = Status(True, reason, len(files) - 1)
    return _STATUS


def status() -> Status:
    """Which build runs (:func:`install` if not yet done)."""
    return _STATUS if _STATUS is not None else install()
