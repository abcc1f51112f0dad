"""Loot N Run from the command line: deal, example, hint, best-move, arena, bad input."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

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


#: seed 21, 4 players: the person's awakening of seat 3 catches a werewolf, which draws
#: room 49 from deck 0 and room 28 from deck 1
_TO_THE_WEREWOLF = ["loot 1", "awaken 1", "awaken 3", "awaken 1", "awaken 2", "awaken 3",
                    "awaken 1", "awaken 2", "awaken 3"]


def _at_the_werewolf(run_cli, tmp_path, typed):
    return run_cli("play", "lootnrun", "--players", "4", "--seed", "21", "--record",
                   str(tmp_path / "l.json"), stdin="\n".join(_TO_THE_WEREWOLF + typed) + "\n")


@pytest.mark.usefixtures("unfolded")  # (what the lines say, unfolded)
def test_the_werewolfs_rooms_are_kept_as_the_table_names_them(run_cli, tmp_path):
    """After the werewolf, 'keep' alone and 'keep 2' were "not a Loot N Run move" ('loot'
    alone asks which deck), 'keep 0 and 1' and 'keep room 49' (the table shows "drawn
    from deck 0: room 49") too: 'keep' asks which rooms, 'keep 2' says there is no deck
    2, both decks named are keep both and a drawn room's number keeps it; two rooms kept
    are told apart as a run's are (" / "), where ", " ran them into one."""
    result = _at_the_werewolf(run_cli, tmp_path, ["keep", "keep 2", "keep 0 and 1", "quit"])
    assert result.code == 0, result.err
    assert result.err.splitlines() == [
        "error: move 'keep': which rooms? (moves: keep none|0|1|both) (type a number, or "
        "'moves')",
        "error: move 'keep 2': there is no deck 2 (keep 0 and keep 1 name the deck a room "
        "was drawn from; keep both, keep none) (type a number, or 'moves')"]
    assert ("you kept room 49 (green): cup, chest, crown; no guardian or amulet / room 28 "
            "(yellow): cup, necklace; an amulet\n") in result.out
    for typed, kept in (("keep room 49", "room 49"), ("keep 28", "room 28"),
                        # (by its back, the other's differing: it was asked "did you
                        # mean `keep none`?")
                        ("keep the green one", "room 49"), ("keep yellow", "room 28"),
                        ("keep deck 0 and deck 1", "room 49 (green): cup, chest, crown; no "
                                                   "guardian or amulet / room 28")):
        result = _at_the_werewolf(run_cli, tmp_path, [typed, "quit"])
        assert result.code == 0 and result.err == "", (typed, result.err)
        assert f"you kept {kept}" in result.out, typed
