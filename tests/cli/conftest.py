"""The command-line tests' shared fixtures (``run_cli`` and ``unfolded`` are the suite's,
``tests/conftest.py``)."""

from __future__ import annotations

import json

import pytest


@pytest.fixture(scope="module")
def views(tmp_path_factory):
    """``{game: path}``: each hint game's example view (``digsite example GAME``) in a file,
    as the hint commands read it."""
    import cards_data
    from games.registry import GAME_IDS, engine
    from solvers.services import has_capability

    folder = tmp_path_factory.mktemp("views")
    out = {}
    for game in (g for g in GAME_IDS if has_capability(g, "hint")):
        path = folder / f"{game}.json"
        path.write_text(json.dumps(engine(game).example_view(cards_data.load(game))))
        out[game] = str(path)
    return out
