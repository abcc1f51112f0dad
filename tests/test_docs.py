"""The pictures in ``docs/`` are what ``make docs`` draws today (issue 20 §1: a stale
``docs/plan.svg`` showed a score and a bound the solver no longer gives).

``docs/pictures.py`` lists every picture with the ``digsite`` command that draws it and
writes them all (``make docs``). The default run checks that every picture in ``docs/`` is
listed (none is drawn by hand or left behind); the slow run draws them all again and
compares them byte for byte.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

DOCS = Path(__file__).resolve().parents[1] / "docs"
PICTURE_SUFFIXES = (".svg", ".png")


def _pictures_module():
    spec = importlib.util.spec_from_file_location("docs_pictures", DOCS / "pictures.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_every_picture_in_docs_is_drawn_by_make_docs():
    listed = set(_pictures_module().PICTURES)
    present = {p.name for p in DOCS.iterdir() if p.suffix in PICTURE_SUFFIXES}
    assert present == listed, ("docs/ pictures not drawn by `make docs`: "
                               f"{sorted(present - listed)}; listed but missing: "
                               f"{sorted(listed - present)}")
    makefile = (DOCS.parent / "Makefile").read_text()
    assert "docs/pictures.py" in makefile and "\ndocs:" in makefile


@pytest.mark.slow
def test_the_pictures_in_docs_match_what_make_docs_draws(tmp_path):
    module = _pictures_module()
    written = module.draw(tmp_path)
    assert sorted(p.name for p in written) == sorted(module.PICTURES)
    for path in written:
        assert path.read_bytes() == (DOCS / path.name).read_bytes(), (
            f"docs/{path.name} is stale: run `make docs`")
