"""A refused input file is named in the error line, as a malformed one's line and column
are: ``error: FILE: deal: removed: ...`` (best-score said ``error: deal: removed: ...``,
and hint, best-move, plan, view, review and track --resume the same of their files,
whichever file it was)."""

from __future__ import annotations

import json

import pytest

from games import load

from .test_foundation_cli import assert_bad_input


@pytest.fixture
def bad_ancients_deal(tmp_path):
    deal = load("ancients").new_deal(seed=1, players=1)
    deal["deck"].append(deal["removed"].pop())
    path = tmp_path / "deal.json"
    path.write_text(json.dumps(deal))
    return path


def test_best_score_names_a_bad_deal_file(run_cli, bad_ancients_deal):
    said = "deal: removed: 17 cards, expected 18 for 1 player"
    result = run_cli("best-score", "ancients", str(bad_ancients_deal))
    assert_bad_input(result)
    assert result.err == f"error: {bad_ancients_deal}: {said}\n"
    piped = run_cli("best-score", "ancients", "-", stdin=bad_ancients_deal.read_text())
    assert_bad_input(piped)
    assert piped.err == f"error: <stdin>: {said}\n"


@pytest.mark.parametrize("command", [["hint"], ["best-move"], ["plan"]])
def test_a_bad_view_file_is_named(run_cli, tmp_path, command):
    view = json.loads(run_cli("example", "ancients").out)
    view["bogus"] = 1
    path = tmp_path / "view.json"
    path.write_text(json.dumps(view))
    result = run_cli(*command, "ancients", str(path))
    assert_bad_input(result)
    assert result.err.startswith(f"error: {path}: view: unknown key 'bogus'"), result.err


@pytest.fixture(scope="module")
def lootnrun_record(tmp_path_factory):
    from games.record import GameRecord

    record = GameRecord.start("lootnrun", load("lootnrun").new_deal(seed=0, players=2))
    path = tmp_path_factory.mktemp("records") / "game.json"
    path.write_text(json.dumps(record.to_json()))
    return path


@pytest.mark.parametrize("command", [
    ["view", "{}", "--at", "1"],
    ["hint", "lootnrun", "{}", "--at", "1"],
    ["review", "lootnrun", "{}"],
    ["track", "lootnrun", "--resume", "{}"],
])
def test_a_bad_record_or_table_file_is_named(run_cli, tmp_path, command):
    path = tmp_path / "bad.json"
    path.write_text(json.dumps({"game": "lootnrun", "players": 2, "deal": {}, "moves": []}))
    result = run_cli(*[str(path) if arg == "{}" else arg for arg in command])
    assert_bad_input(result)
    kind = "table" if "track" in command else "record"
    assert result.err == f"error: {path}: {kind}: missing key '{kind}'\n", result.err


@pytest.mark.parametrize("command", [
    ["view", "{}", "--at", "99"],
    ["hint", "lootnrun", "{}", "--at", "99"],
    ["review", "lootnrun", "{}", "--at", "99"],
    ["review", "lootnrun", "{}", "--seat", "5"],
])
def test_a_decision_or_seat_the_record_has_not_names_the_file(run_cli, lootnrun_record,
                                                               command):
    result = run_cli(*[str(lootnrun_record) if arg == "{}" else arg for arg in command])
    assert_bad_input(result)
    assert result.err.startswith(f"error: {lootnrun_record}: record: seat "), result.err


def test_a_refusal_that_names_its_file_names_it_once(run_cli, tmp_path):
    table = tmp_path / "table.json"
    made = run_cli("track", "lootnrun", "--players", "2", "--record", str(table),
                   stdin="quit\n")
    assert made.code == 0, made.err
    result = run_cli("hint", "ancients", str(table), "--at", "1")
    assert_bad_input(result)
    assert result.err == f"error: {table}: a table of lootnrun, not ancients\n"
    result = run_cli("view", str(table), "--at", "1")
    assert_bad_input(result)
    assert result.err == f"error: {table}: table: seat 0 has no decision 1: it made none yet\n"
