"""The pyramids commands through the real entry point."""

from __future__ import annotations

import json
import re

import pytest

import cards_data
from games.pyramids import make_deal
from grids import cell_name

ERROR_LINE = re.compile(r"^error: \S.*\n$")
DATA = cards_data.load("pyramids")


def assert_bad_input(result, *fragments):
    assert result.code == 2, (result.code, result.out, result.err)
    assert ERROR_LINE.match(result.err), result.err
    for fragment in fragments:
        assert fragment in result.err, (fragment, result.err)


def test_deal_and_example(run_cli):
    result = run_cli("deal", "pyramids", "--seed", "3", "--players", "3")
    assert result.code == 0
    deal = json.loads(result.out)
    assert deal["players"] == 3 and len(deal["dealt"]) == 3 and len(deal["expedition"]) == 4
    solo = json.loads(run_cli("deal", "pyramids", "--seed", "3").out)
    assert solo["players"] == 1
    example = run_cli("example", "pyramids")
    assert example.code == 0 and json.loads(example.out)["game"] == "pyramids"


def test_hint_and_best_move_from_the_example(run_cli, tmp_path):
    view = tmp_path / "view.json"
    view.write_text(run_cli("example", "pyramids").out)
    hint = run_cli("hint", "pyramids", str(view), "--iterations", "20", "--seed", "2", "--json")
    assert hint.code == 0, hint.err
    result = json.loads(hint.out)
    assert result["moves"][0]["rank"] == 1 and result["best"] == result["moves"][0]["move"]
    assert result["moves"][0]["stderr"] is None or result["moves"][0]["stderr"] >= 0
    text = run_cli("hint", "pyramids", str(view), "--iterations", "20")
    assert text.code == 0 and "to the tomb via" in text.out
    best = run_cli("best-move", "pyramids", str(view), "--iterations", "20", "--seed", "2")
    assert best.code == 0 and best.out.startswith(f"best move: {result['best']}")


def test_bad_views_exit_2_with_one_line(run_cli, tmp_path):
    view = json.loads(run_cli("example", "pyramids").out)
    cases = []
    wall = json.loads(json.dumps(view))
    card = DATA.card(wall["cards"][0]["order"])
    wall_cell = cell_name(card.walls.bit_length() - 1)
    wall["cards"][0]["crossed"] = wall["cards"][0]["crossed"] + [wall_cell]
    cases.append((wall, "wall"))
    unknown = json.loads(json.dumps(view))
    unknown["cards"][1]["order"] = 99
    cases.append((unknown, "unknown card 99"))
    counts = json.loads(json.dumps(view))
    counts["deck_size"] += 1
    cases.append((counts, "deck_size"))
    for i, (bad, fragment) in enumerate(cases):
        path = tmp_path / f"bad{i}.json"
        path.write_text(json.dumps(bad))
        assert_bad_input(run_cli("hint", "pyramids", str(path)), fragment)
    path = tmp_path / "broken.json"
    path.write_text("{not json")
    assert_bad_input(run_cli("best-move", "pyramids", str(path)), "line 1")


def test_best_score_of_a_short_deal_file(run_cli, tmp_path):
    deal = make_deal(players=1, seed=8, data=DATA, rounds=1, steps_per_round=3)
    path = tmp_path / "deal.json"
    path.write_text(json.dumps(deal))
    result = run_cli("best-score", "pyramids", str(path), "--json")
    assert result.code == 0, result.err
    out = json.loads(result.out)
    assert out["status"] == "OPTIMAL" and out["bound"] == out["score"] == out["replayed_score"]
    text = run_cli("best-score", "pyramids", str(path))
    assert "OPTIMAL" in text.out and "fewest boxes to each icon" in text.out


def test_best_score_refuses_multiplayer_deals(run_cli, tmp_path):
    path = tmp_path / "deal.json"
    path.write_text(json.dumps(make_deal(players=2, seed=1, data=DATA)))
    assert_bad_input(run_cli("best-score", "pyramids", str(path)), "solo")


def test_strict_views_and_deals_exit_2_with_one_line(run_cli, tmp_path):
    view = json.loads(run_cli("example", "pyramids").out)
    deal = json.loads(run_cli("deal", "pyramids", "--seed", "1").out)
    cases = [("hint", {**view, "actor": 0}, "view: unknown key 'actor'"),
             ("hint", {**view, "deck_size": True}, "view: deck_size: expected an integer, got a boolean"),
             ("best-score", {**deal, "players": True}, "deal: players: expected an integer, got a boolean"),
             ("best-score", {k: v for k, v in deal.items() if k != "game"}, "deal: missing key 'game'")]
    for i, (command, doc, fragment) in enumerate(cases):
        path = tmp_path / f"doc{i}.json"
        path.write_text(json.dumps(doc))
        assert_bad_input(run_cli(command, "pyramids", str(path)), fragment)
def test_hint_on_a_keep_view(run_cli, tmp_path):
    view = tmp_path / "keep.json"
    view.write_text(json.dumps({"game": "pyramids", "players": 1, "seat": 0, "decision": "keep",
                                "dealt": [3, 17, 22, 41]}))
    result = run_cli("hint", "pyramids", str(view), "--iterations", "30", "--json")
    assert result.code == 0, result.err
    out = json.loads(result.out)
    assert out["decision"] == "keep" and out["best"].startswith("keep ")
    assert len(out["moves"]) == 6 and min(m["visits"] for m in out["moves"]) >= out["min_samples"]
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"game": "pyramids", "players": 1, "decision": "keep",
                               "dealt": [3, 17]}))
    assert_bad_input(run_cli("hint", "pyramids", str(bad)), "dealt")


def test_rounds_deals_a_short_pyramids_deal(run_cli):
    """The README speaks of 2-round deals, and `best-score pyramids --rounds 1 --seed 3`
    was "No such option": `deal` and `best-score` take --rounds N (Pyramids' alone)."""
    deal = json.loads(run_cli("deal", "pyramids", "--seed", "3", "--rounds", "1").out)
    assert deal["rounds"] == 1 and len(deal["expedition"]) == 1
    full = json.loads(run_cli("deal", "pyramids", "--seed", "3").out)
    assert full["rounds"] == 4 and {k: v for k, v in full.items()
                                    if k not in ("rounds", "expedition")} == \
        {k: v for k, v in deal.items() if k not in ("rounds", "expedition")}
    for args, needle in ((("deal", "pyramids", "--seed", "3", "--rounds", "5"), "rounds"),
                         (("deal", "ancients", "--seed", "3", "--rounds", "1"),
                          "ancients deals have no rounds"),
                         (("best-score", "ancients", "--seed", "3", "--rounds", "1"),
                          "ancients deals have no rounds"),
                         (("best-score", "pyramids", "deal.json", "--rounds", "1"),
                          "a DEAL.json has its own rounds")):
        result = run_cli(*args)
        assert result.code == 2 and result.err.startswith("error:") and needle in result.err
        assert result.err.count("\n") == 1
    solved = json.loads(run_cli("best-score", "pyramids", "--seed", "3", "--rounds", "1",
                                "--budget", "2", "--json").out)
    crossings = [line for line in solved["plan"] if line.startswith("round ")]
    assert crossings and all(line.startswith("round 1 ") for line in crossings)


def test_rounds_deals_each_deal_of_a_batch_short(run_cli):
    """`best-score pyramids --rounds 1 --seeds 3-4` was refused 'give --seed N'; each deal
    of the batch is dealt with the rounds given, as --seed N deals it, and the summary says
    so."""
    batch = run_cli("best-score", "pyramids", "--seeds", "3-4", "--rounds", "1", "--budget",
                    "1", "--workers", "1", "--json")
    assert batch.code == 0, batch.err
    rows = json.loads(batch.out)
    assert rows["deal_options"] == {"rounds": 1}
    one = json.loads(run_cli("best-score", "pyramids", "--seed", "3", "--rounds", "1",
                             "--budget", "1", "--json").out)
    assert rows["deals"][0]["seed"] == 3 and rows["deals"][0]["score"] == one["score"]
    text = run_cli("best-score", "pyramids", "--seeds", "3-3", "--rounds", "1", "--budget",
                   "1", "--workers", "1").out
    assert text.splitlines()[0] == "pyramids: best scores of seeds 3-3 (1 deal of 1 round)"


@pytest.mark.usefixtures("unfolded")  # (what the lines say, unfolded)
def test_play_does_not_ask_for_a_replacement_once_the_game_is_over(run_cli, tmp_path):
    # (the last expedition card completed card 4 and play asked "replace it with a card of
    # the display or the top card of the deck", five choices that could score nothing)
    record = tmp_path / "p.json"
    result = run_cli("play", "pyramids", "--seed", "6", "--record", str(record),
                     stdin="1\n" * 200)
    assert result.code == 0, result.err
    last = result.out[result.out.rindex("round 4, expedition card 7 of 7"):]
    assert last.count("your move> ") == 1  # (the crossing; the replacement was asked too)
    assert ("  you took card 25 from the display; the display is refilled (the first choice, "
            "not asked: the game ends with this expedition card, and a card not completed "
            "scores nothing, so the replacement changes nothing)\n--- game over ---\n"
            in result.out)
    # the record as when the first choice was typed: the person's seat, the engine's first
    # legal move (the best-score plans' there too)
    moves = json.loads(record.read_text())["moves"]
    assert moves[-1] == {"seat": 0, "move": "take 25"}
