"""Loot N Run from the command line: deal, example, hint, best-move, arena, bad input."""

from __future__ import annotations

import json
from pathlib import Path

import cards_data
from games import lootnrun
from solvers.lootnrun.policy import greedy_policy


def test_deal_and_example_are_valid_json(run_cli):
    deal = run_cli("deal", "lootnrun", "--seed", "4", "--players", "5")
    assert deal.code == 0
    data = cards_data.load("lootnrun")
    assert lootnrun.state_from_deal(json.loads(deal.out), data).num_players == 5
    example = run_cli("example", "lootnrun")
    assert example.code == 0 and json.loads(example.out)["game"] == "lootnrun"


def test_hint_is_reproducible_and_ranks_every_legal_move(run_cli, tmp_path):
    view = tmp_path / "view.json"
    view.write_text(run_cli("example", "lootnrun").out)
    first = run_cli("hint", "lootnrun", str(view), "--iterations", "150", "--seed", "3", "--json")
    again = run_cli("hint", "lootnrun", str(view), "--iterations", "150", "--seed", "3", "--json")
    assert first.code == 0 and first.out == again.out
    result = json.loads(first.out)
    world, seat = lootnrun.state_from_view(json.loads(view.read_text()), cards_data.load("lootnrun"), 0)
    assert {m["move"] for m in result["moves"]} == {str(m) for m in world.legal_moves()}
    assert result["budget"] == {"iterations": 150, "time_s": None, "stop_reason": "iterations"}
    assert [m["rank"] for m in result["moves"]] == list(range(1, len(result["moves"]) + 1))
    best = run_cli("best-move", "lootnrun", str(view), "--iterations", "150", "--seed", "3")
    assert best.code == 0 and f"best move: {result['best']}" in best.out


def test_hint_refuses_an_impossible_view(run_cli, tmp_path):
    view = json.loads(run_cli("example", "lootnrun").out)
    view["my_rooms"].append(view["discard"][0] if view["discard"] else 1)
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(view))
    result = run_cli("hint", "lootnrun", str(path))
    assert result.code == 2 and result.err.startswith("error: ") and result.err.count("\n") == 1


def test_arena_greedy_beats_random(run_cli):
    result = run_cli("arena", "lootnrun", "--bots", "greedy,random", "--games", "40", "--seed", "1", "--json")
    assert result.code == 0, result.err
    report = json.loads(result.out)
    assert report["games"] == 40 and report["bots"] == ["greedy", "random"]
    assert report["win_rate"][0] > report["win_rate"][1]


def test_greedy_keeps_only_rooms_without_guardians():
    data = cards_data.load("lootnrun")
    state = lootnrun.state_from_deal(lootnrun.make_deal(players=2, seed=0, data=data), data)
    t = state.rules
    guard = next(i for i in range(len(t.ids)) if t.guardian[i])
    plain = next(i for i in range(len(t.ids)) if not t.guardian[i])
    state.phase, state.drawn = "keep", [guard, plain]
    assert greedy_policy(state, state.legal_moves(), None) == lootnrun.Keep(False, True)


def test_a_view_says_what_happened_as_archaeologys_does(run_cli):
    # (view --at N gave the position alone, "history" missing where Archaeology's view
    # lists every move since the deal; the board's view, the example and play --json's
    # views are the same view_of)
    record = str(Path(__file__).parents[2] / "cli" / "web" / "examples" / "lootnrun-greedy.json")
    view = json.loads(run_cli("view", record, "--at", "5").out)
    assert view["history"] == ["0 loot 0", "1 awaken 0", "0 loot 0", "1 loot 0", "0 loot 0",
                               "1 loot 0", "0 loot 0", "1 loot 1"]
    moves = [m["move"] for m in json.loads(Path(record).read_text())["moves"]]
    assert [line.split(" ", 1)[1] for line in view["history"]] == moves[:8]
    assert "history" not in json.loads(run_cli("view", record, "--at", "5", "--position").out)
    assert "history" in json.loads(run_cli("example", "lootnrun").out)
    assert "history" not in json.loads(run_cli("example", "lootnrun", "--position").out)
