"""The build of digsite beyond ``pyproject.toml``: the hot modules compiled by mypyc.

``games/compiled.py`` lists the modules and explains the layout: mypyc translates their
``.py`` files (unchanged) to C, and the extension modules go to ``_digsite_compiled/``
beside the packages, never beside the ``.py`` files, with a manifest of the sources they
were built from. The build is optional: with no C compiler, no Python headers, no mypy,
a type error or any other failure it says why on stderr and the install goes on without
it, and digsite runs as pure Python. ``DIGSITE_PURE_PYTHON=1`` skips it.
"""

from __future__ import annotations

import importlib.machinery
import importlib.util
import json
import os
import shutil
import sys
import traceback
from pathlib import Path

from setuptools import setup
from setuptools.command.build_ext import build_ext

ROOT = Path(__file__).resolve().parent


def _compiled_module():
    """``games/compiled.py`` read alone (standard library only: the package's
    ``__init__`` needs the dependencies, which a build environment lacks)."""
    spec = importlib.util.spec_from_file_location("_digsite_build_compiled",
                                                  ROOT / "games" / "compiled.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # (dataclasses look their module up)
    spec.loader.exec_module(module)
    return module


COMPILED = _compiled_module()
#: The SHA-256 of each compiled module's source as mypyc read it (the manifest's)
DIGESTS: dict = {}


def _say(message: str) -> None:
    print(f"digsite build: {message}", file=sys.stderr, flush=True)


def _extensions() -> list:
    """mypyc's extension modules for ``COMPILED.MODULES``, or none (and why, on stderr)."""
    if os.environ.get(COMPILED.ENV_PURE, "") not in ("", "0"):
        _say(f"{COMPILED.ENV_PURE} is set: pure Python, nothing compiled")
        return []
    try:
        from mypyc.build import mypycify
    except ImportError as error:
        _say(f"mypyc is not available ({error}): pure Python")
        return []
    # the sources' digests before mypyc reads them (an edit during the build then shows
    # as a changed source at run time, never as a current build of the edited code)
    DIGESTS.update((source, COMPILED.source_digest(ROOT / source))
                   for source in COMPILED.MODULES)
    try:
        # -O2 rather than mypyc's default -O3: the same speed on our modules (measured,
        # issue 23) for a shorter compile
        # --ignore-missing-imports: pip builds in an isolated environment without our
        # dependencies (numpy, click, ...); the engines' own types are all in the tree, and
        # a third-party value is then an ``Any``, which compiled code handles as Python does
        extensions = mypycify(["--ignore-missing-imports", *COMPILED.MODULES], opt_level="2",
                              group_name=COMPILED.GROUP, target_dir="build/mypyc")
    except BaseException as error:  # mypyc exits on a type error: build nothing
        if isinstance(error, KeyboardInterrupt):
            raise
        _say(f"mypyc could not compile the modules ({error!r}): pure Python")
        return []
    # every extension module under the compiled build's directory, never beside its .py
    # (its file is named by the last part of its name, and so is its init function: the
    # module keeps its own name when ``games.compiled`` loads it)
    for extension in extensions:
        extension.name = f"{COMPILED.DIRECTORY}.{extension.name}"
    return extensions


class OptionalBuildExt(build_ext):
    """``build_ext`` that puts the compiled modules under ``_digsite_compiled/`` and
    writes its manifest, or, when anything fails, removes what it built and lets the
    install go on (pure Python)."""

    def run(self) -> None:
        if not self.extensions:
            return
        # where the build goes, and (an editable install: setuptools copies the modules
        # into the source tree) where it is used
        targets = [Path(self.build_lib) / COMPILED.DIRECTORY]
        if self.inplace or getattr(self, "editable_mode", False):
            targets.append(ROOT / COMPILED.DIRECTORY)
        for target in targets:
            shutil.rmtree(target, ignore_errors=True)  # (a stale build never survives)
        try:
            super().run()
        except BaseException as error:
            if isinstance(error, KeyboardInterrupt):
                raise
            _say("the C build failed, digsite installs as pure Python:\n"
                 + "".join(traceback.format_exception_only(error)).strip())
            for target in targets:
                shutil.rmtree(target, ignore_errors=True)
            self.extensions = []
            return
        for target in targets:
            target.mkdir(parents=True, exist_ok=True)
            self._write_manifest(target)

    def copy_extensions_to_source(self) -> None:
        # (in place or editable: the directories under ``_digsite_compiled`` first, which
        # setuptools' copy does not make)
        for extension in self.extensions:
            (ROOT / Path(*extension.name.split(".")[:-1])).mkdir(parents=True, exist_ok=True)
        super().copy_extensions_to_source()

    def _write_manifest(self, target: Path) -> None:
        import mypy.version

        suffix = importlib.machinery.EXTENSION_SUFFIXES[0]
        library = f"{COMPILED.GROUP}__mypyc"
        modules = []
        for source in COMPILED.MODULES:
            name = COMPILED.module_name(source)
            modules.append({"source": source, "file": name.replace(".", "/") + suffix,
                            "sha256": DIGESTS[source]})
        manifest = {"mypy": mypy.version.__version__, "suffix": suffix,
                    "library": {"name": library, "file": library + suffix},
                    "modules": modules}
        (target / COMPILED.MANIFEST).write_text(json.dumps(manifest, indent=1) + "\n",
                                                encoding="utf-8")
        _say(f"compiled {len(modules)} modules with mypyc into {target}")


setup(ext_modules=_extensions(), cmdclass={"build_ext": OptionalBuildExt})
