"""Hostile input on the analysis board's API (issue 24): mutated records and views posted to
``POST /api/open``, mutated hint requests to ``POST /api/hint``. Every answer is a 200 or a
4xx whose body is one line ``{"error": ...}`` naming no Python internals: never a 500,
never a traceback, never a hang (the mutations of ``test_fuzz_inputs``)."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

pytest.importorskip("starlette")

from starlette.testclient import TestClient  # noqa: E402

from cli.web import board  # noqa: E402
from cli.web.server import make_app  # noqa: E402
from games import load  # noqa: E402


def _inputs_module():
    """The mutations of tests/fuzz/test_fuzz_inputs.py (one definition of them)."""
    path = Path(__file__).with_name("test_fuzz_inputs.py")
    spec = importlib.util.spec_from_file_location("fuzz_inputs_for_board", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


FUZZ = _inputs_module()
#: short records (each opened record is replayed and drawn: long ones cost seconds)
RECORDS = {name: board.example_document(name) for name in ("lootnrun-greedy",
                                                             "pyramids-solo-random")}
VIEWS = {game: load(game).example_view()
         for game in ("pyramids", "ancients", "archaeology", "expedition", "lootnrun")}


@pytest.fixture(scope="module")
def client():
    with TestClient(make_app()) as test_client:
        yield test_client


def _post(client, path: str, payload: dict):
    """POST ``payload`` as JSON text written by ``json.dumps`` (NaN and infinities as the
    ``NaN``/``Infinity`` words a raw client can send, which Python's parser reads):
    ``TestClient``'s ``json=`` refuses to write them, so the mutations that draw them
    would fail in the test instead of reaching the server."""
    return client.post(path, content=json.dumps(payload),
                       headers={"content-type": "application/json"})


def _check(response) -> None:
    assert response.status_code in (200, 400, 404, 413, 429), (response.status_code,
                                                                 response.text[:300])
    if response.status_code != 200:
        body = response.json()
        assert set(body) == {"error"} and "\n" not in body["error"]
        assert not FUZZ.INTERNAL_WORDS.search(body["error"]), body["error"]


@pytest.mark.parametrize("name", sorted(RECORDS))
@given(data=st.data())
def test_open_mutated_record(client, name, data):
    doc = data.draw(FUZZ.variants(RECORDS[name]))
    with FUZZ.hang_guard():
        _check(_post(client, "/api/open", {"document": doc}))


@pytest.mark.parametrize("game", sorted(VIEWS))
@given(data=st.data())
def test_open_mutated_view(client, game, data):
    doc = data.draw(FUZZ.variants(VIEWS[game]))
    with FUZZ.hang_guard():
        _check(_post(client, "/api/open", {"document": doc}))


@given(data=st.data())
def test_mutated_hint_request(client, data):
    request = {"game": "lootnrun", "view": VIEWS["lootnrun"], "iterations": 20}
    doc = data.draw(FUZZ.variants(request))
    with FUZZ.hang_guard():
        _check(_post(client, "/api/hint", doc))
