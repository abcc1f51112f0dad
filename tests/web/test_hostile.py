"""Hostile input, paths and load on the analysis board's server: every bad request gets a
4xx with one line (the CLI's message), never a 500 or a traceback; no file but the page's
own assets can be read; many requests at once leave no process behind."""

from __future__ import annotations

import concurrent.futures
import json
from pathlib import Path

import pytest

pytest.importorskip("starlette")

from cli.web import board  # noqa: E402
from cli.web.server import MAX_BODY, STATIC_FILES  # noqa: E402


def _one_line_error(response, status=400):
    assert response.status_code == status, (response.status_code, response.text)
    body = response.json()
    assert set(body) == {"error"}
    assert "\n" not in body["error"] and "Traceback" not in body["error"]
    return body["error"]


BAD_OPENS = [
    ({"text": "{not json"}, "line 1 column 2"),
    ({"text": "[1, 2]"}, "expected a JSON object"),
    ({"text": "9" * 5000}, "not valid JSON"),
    ({"document": {"game": "chess"}}, "chess"),
    # a game key holding a number is there, not missing: said as the command line says it
    ({"document": {"game": 5, "players": 2}}, "game: expected a string, got an integer 5"),
    ({"document": {"players": 2}}, "missing key 'game'"),
    ({"document": {"game": "archaeology", "moves": [], "deal": {"players": 9}}}, "record"),
    ({"document": {"game": "lootnrun", "seat": 0, "scores": [999, 0]}}, "view"),
    ({"document": []}, "expected a JSON object"),
    ({"example": "../../etc/passwd"}, "no example"),
    ({"example": "/etc/passwd"}, "no example"),
    ({"record": 0}, "no record"),
    ({"record": True}, "no record"),
    ({"game": "lootnrun", "seed": 1}, "no solo deal"),
    ({"game": "pyramids", "seed": -1}, "seed"),
    ({"game": "pyramids", "seed": 1.5}, "seed"),
    ({}, "give one of"),
    ({"example": "lootnrun-greedy", "text": "{}"}, "give one of"),
    ({"example": "lootnrun-greedy", "seat": 7}, "seat"),
    ({"example": "lootnrun-greedy", "seat": "0"}, "seat"),
]


@pytest.mark.parametrize("payload,words", BAD_OPENS)
def test_bad_open_is_one_line(client, payload, words):
    assert words in _one_line_error(client.post("/api/open", json=payload))


def test_impossible_record_names_the_move(client):
    record = board.example_document("lootnrun-greedy")
    record["moves"][3]["move"] = "loot 99"
    assert "moves[3]" in _one_line_error(client.post("/api/open", json={"document": record}))


def test_the_cli_says_the_same_line(client, run_cli, tmp_path):
    view = {"game": "archaeology", "seat": 0, "players": 2, "hand": {"coin": 99}}
    (tmp_path / "v.json").write_text(json.dumps(view))
    cli = run_cli("hint", "archaeology", str(tmp_path / "v.json"), "--iterations", "5")
    assert cli.code == 2
    answer = client.post("/api/hint", json={"game": "archaeology", "view": view,
                                            "iterations": 5})
    # the command line names the file it read first; the page's document has none
    assert cli.err.strip() == f"error: {tmp_path / 'v.json'}: " + _one_line_error(answer)


BAD_SEARCHES = [
    ("/api/hint", {"game": "nope", "view": {}}, "nope"),
    ("/api/hint", {"game": "lootnrun"}, "view"),
    ("/api/hint", {"game": "lootnrun", "view": {}, "iterations": 10**9}, "iterations"),
    ("/api/hint", {"game": "lootnrun", "view": {}, "iterations": -1}, "iterations"),
    ("/api/hint", {"game": "lootnrun", "view": {}, "iterations": "many"}, "iterations"),
    ("/api/hint", {"game": "lootnrun", "view": {}, "time_limit": 1e9}, "time_limit"),
    ("/api/hint", {"game": "lootnrun", "view": {}, "workers": 1000}, "unknown key"),
    ("/api/hint", [1, 2], "expected a JSON object"),
    ("/api/review", {"record": "x"}, "record"),
    ("/api/review", {"record": {}, "iterations": 10**6}, "iterations"),
    ("/api/best-score", {"game": "archaeology", "seed": 1}, "best-score"),
    ("/api/best-score", {"game": "pyramids"}, "exactly one"),
    ("/api/best-score", {"game": "pyramids", "seed": 1, "budget": 1e6}, "budget"),
    ("/api/best-score", {"game": "pyramids", "deal": {"players": 1}}, "deal"),
]


@pytest.mark.parametrize("path,payload,words", BAD_SEARCHES)
def test_bad_search_is_one_line(client, path, payload, words):
    assert words in _one_line_error(client.post(path, json=payload))
    assert client.get("/api/health").json()["processes"] == 0


@pytest.mark.parametrize("number", ["1e400", "NaN", "-Infinity", "1" * 5000])
def test_numbers_json_allows_but_no_budget_is(client, number):
    body = '{"game": "lootnrun", "view": {}, "iterations": %s}' % number
    _one_line_error(client.post("/api/hint", content=body.encode()))


def test_impossible_view_in_a_hint_is_refused(client):
    view = {"game": "lootnrun", "players": 2, "seat": 0, "to_move": 0, "phase": "act",
            "scores": [0, 0], "my_rooms": [], "front_backs": [[], []],
            "front_reshuffles": [[], []], "decks": [{"size": 999, "top": "red"}],
            "discard": [], "reshuffled": [], "extra_turn": False}
    _one_line_error(client.post("/api/hint", json={"game": "lootnrun", "view": view}))
    assert client.get("/api/health").json()["processes"] == 0


def test_malformed_bodies(client):
    assert "line 1" in _one_line_error(client.post("/api/open", content=b"{oops"))
    assert "UTF-8" in _one_line_error(client.post("/api/open", content=b"\xff\xfe{}"))
    assert "expected a JSON object" in _one_line_error(client.post("/api/open",
                                                                   content=b"null"))


def test_huge_body_is_refused_unread(client):
    huge = b'{"text": "' + b"x" * (MAX_BODY + 10) + b'"}'
    assert "bytes" in _one_line_error(client.post("/api/open", content=huge), 413)

    def chunks():  # no Content-Length: the limit holds while streaming
        for _ in range(MAX_BODY // 65536 + 2):
            yield b"x" * 65536

    assert "bytes" in _one_line_error(client.post("/api/open", content=chunks()), 413)


PATHS = ["/static/../server.py", "/static/..%2Fserver.py", "/static/%2e%2e/server.py",
         "/static/%2e%2e%2fserver.py", "/static//etc/passwd", "/static/%2Fetc%2Fpasswd",
         "/static/..%5cserver.py", "/static/app.js%00.py", "/static/examples",
         "/static/__init__.py", "/../../etc/passwd", "/%2e%2e/%2e%2e/etc/passwd",
         "/api/examples/..%2Fserver", "/api/examples/%2Fetc%2Fpasswd",
         "/etc/passwd", "/static/", "/api/examples/regenerate"]


@pytest.mark.parametrize("path", PATHS)
def test_no_path_outside_the_assets(client, path):
    response = client.get(path)
    assert response.status_code in (400, 404, 405), (path, response.status_code)
    assert b"root:" not in response.content and b"import" not in response.content


def test_every_asset_is_served_and_the_page_needs_no_network(client):
    page = client.get("/").text
    assert "/static/app.js" in page and "/static/style.css" in page
    for name, (content, media) in STATIC_FILES.items():
        response = client.get(f"/static/{name}")
        assert response.status_code == 200 and response.content == content
        text = content.decode()
        # no CDN, font or script from elsewhere: every reference is this server's
        assert "http://" not in text.replace("http://www.w3.org/", "") and \
            "https://" not in text, name


def test_unknown_route_and_method(client):
    # (in Starlette's words they were "Not Found" and "Method Not Allowed")
    said = _one_line_error(client.get("/api/nothing"), 404)
    assert said == "no such address: /api/nothing (the board's API: README)", said
    said = _one_line_error(client.get("/api/hint"), 405)
    assert said == "/api/hint answers POST requests, not GET", said
    _one_line_error(client.get("/api/jobs/1-deadbeef"), 404)
    _one_line_error(client.delete("/api/jobs/1-deadbeef"), 404)
    _one_line_error(client.get("/api/open/99/view/1"), 404)


def test_many_requests_at_once_keep_answering_and_leak_nothing(client):
    """Bounded load: 120 opens, bad requests and hints from 30 clients, 8 at a time; every
    answer is a JSON answer (no 500), busy clients get 429, and afterwards no worker
    process is left."""
    from games import load

    view = load("lootnrun").example_view()

    def one(k: int):
        kind = k % 4
        headers = {"X-Digsite-Client": f"c{k % 30}"}
        if kind == 0:
            return client.post("/api/open", json={"example": "lootnrun-greedy"},
                               headers=headers)
        if kind == 1:
            return client.post("/api/open", json={"text": "{bad"}, headers=headers)
        if kind == 2:
            return client.post("/api/hint", json={"game": "lootnrun", "view": view,
                                                  "iterations": 30}, headers=headers)
        return client.post("/api/hint?job=1", json={"game": "lootnrun", "view": view,
                                                    "iterations": 30}, headers=headers)

    with concurrent.futures.ThreadPoolExecutor(8) as pool:
        answers = list(pool.map(one, range(120)))
    codes = [a.status_code for a in answers]
    assert all(c in (200, 202, 400, 429) for c in codes), sorted(set(codes))
    assert codes.count(200) >= 30
    import time

    end = time.monotonic() + 120
    while client.get("/api/health").json()["running"] and time.monotonic() < end:
        time.sleep(0.1)
    health = client.get("/api/health").json()
    assert health["running"] == 0 and health["processes"] == 0
    assert health["reaped"] == health["started"] > 0
    assert client.get("/api/examples").status_code == 200


def test_another_sites_page_cannot_drive_the_board():
    """A ``text/plain`` POST from any page the user visits needs no preflight: the board
    ran it (a hint, a review, up to minutes of CPU). A request whose Origin is not the
    board's is refused, and a loopback board answers this machine's names only (a page
    whose name was pointed at 127.0.0.1 could read it: DNS rebinding)."""
    pytest.importorskip("starlette")
    from starlette.testclient import TestClient

    from cli.web.server import LOOPBACK_NAMES, make_app

    open_ = {"game": "pyramids", "seed": 1}
    with TestClient(make_app(hosts=LOOPBACK_NAMES), base_url="http://127.0.0.1:8765") as c:
        assert c.get("/api/examples").status_code == 200
        assert c.post("/api/open", json=open_,
                      headers={"Origin": "http://127.0.0.1:8765"}).status_code == 200
        for headers, words in [({"Origin": "http://evil.example"}, "another site"),
                               ({"Origin": "null"}, "opaque origin"),
                               ({"Host": "evil.example:8765"}, "not this machine's")]:
            response = c.post("/api/open", content=json.dumps(open_),
                              headers={"Content-Type": "text/plain", **headers})
            assert response.status_code == 403 and words in response.json()["error"]
        assert c.get("/", headers={"Host": "evil.example:8765"}).status_code == 403
        assert c.get("/", headers={"Host": "localhost:8765"}).status_code == 200


def test_the_apis_words_are_jsons(client):
    """Errors spell values as JSON does (it said "got True"), bounds whole where they are
    ("9.22337e+18"), and ``?job=0`` asks for no job (it ran one, 202)."""
    error = client.post("/api/hint", json={"game": "lootnrun", "view": {},
                                           "iterations": True}).json()["error"]
    assert "got true" in error and "True" not in error
    error = client.post("/api/open", json={"game": "pyramids", "seed": -1}).json()["error"]
    assert "got -1" in error
    error = client.post("/api/open", json={"record": 1}).json()["error"]
    assert "no record 1 (the server was given no record)" in error
    assert all(s == s.lower() for g in client.get("/api/examples").json()["games"]
               for s in g["services"])
    from games import load
    hint = {"game": "lootnrun", "view": load("lootnrun").example_view(), "iterations": 10}
    assert client.post("/api/hint?job=0", json=hint).status_code == 200
    assert client.post("/api/hint?job=1", json=hint).status_code == 202


def test_a_file_opened_by_the_page_is_named_in_its_refusal(client):
    # the page sends a file's text: a broken one said "the opened text: line 1 column 2:
    # ...", whichever file it was; with its name, the refusal names it first, as the CLI's
    said = _one_line_error(client.post("/api/open", json={"text": "{bad", "name": "mine.json"}))
    assert said.startswith("mine.json: line 1 column 2: "), said
    record = json.loads((Path(board.__file__).parent / "examples" /
                         "lootnrun-greedy.json").read_text())
    record["moves"][2]["move"] = "loot 7"
    said = _one_line_error(client.post("/api/open", json={"text": json.dumps(record),
                                                          "name": "mine.json"}))
    assert said.startswith("mine.json: record: moves[2]: "), said
    assert _one_line_error(client.post("/api/open", json={"text": "{bad"})).startswith(
        "the opened text: line 1 column 2: ")
    assert "name" in _one_line_error(client.post("/api/open", json={"text": "{}",
                                                                     "name": 7}))
