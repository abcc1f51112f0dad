"""Every picture in ``docs/``, drawn by the ``digsite`` command that makes it: ``make docs``
runs this file (``python docs/pictures.py [FOLDER]``, default ``docs/``).

``tests/test_docs.py`` checks that every picture in ``docs/`` is listed here, and (slow)
that drawing them again gives the same bytes, so a picture never shows what the solvers
no longer find. The commands use deterministic budgets only: the same code draws the same
picture.
"""

from __future__ import annotations

import contextlib
import io
import sys
from pathlib import Path

#: Each picture's file name in ``docs/`` and the ``digsite`` arguments that draw it
#: (``{path}``: where to write it).
PICTURES = {
    # the README's picture: a full solo Pyramids deal's best plan at the default budget
    "plan.svg": ("best-score", "pyramids", "--seed", "3", "--svg", "{path}"),
}


def draw(folder: str | Path) -> list[Path]:
    """Draw every picture of :data:`PICTURES` into ``folder``; return their paths."""
    from cli.main import main

    folder = Path(folder)
    written = []
    for name, args in PICTURES.items():
        path = folder / name
        with contextlib.redirect_stdout(io.StringIO()):
            code = main([arg.format(path=path) for arg in args])
        if code != 0:
            raise SystemExit(f"docs/pictures.py: digsite {' '.join(args)} failed ({code})")
        written.append(path)
    return written


if __name__ == "__main__":
    target = sys.argv[1] if len(sys.argv) > 1 else Path(__file__).resolve().parent
    for path in draw(target):
        print(f"drew {path}")
