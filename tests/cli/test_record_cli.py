"""`digsite arena --record` and `digsite play`: records a person can replay and review."""

from __future__ import annotations

import json

import pytest

import cards_data
from games import pyramids
from games.record import read_record, resolve_fixed_chance

from .test_foundation_cli import assert_bad_input


def test_arena_writes_one_valid_record_per_game(run_cli, tmp_path):
    folder = tmp_path / "recs"
    result = run_cli("arena", "lootnrun", "--bots", "greedy,random", "--games", "3",
                     "--record", str(folder), "--json")
    assert result.code == 0, result.err
    files = sorted(folder.iterdir())
    assert [f.name for f in files] == [f"lootnrun-seed0-game000{i}.json" for i in range(3)]
    per_game = json.loads(result.out)["per_game"]
    data = cards_data.load("lootnrun")
    for path, summary in zip(files, per_game):
        record = read_record(json.loads(path.read_text()), "lootnrun", data)
        assert list(record.seats) == summary["bots_by_seat"]
        assert record.result["returns"] == summary["returns"]


def test_arena_record_into_a_file_is_refused(run_cli, tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    assert_bad_input(run_cli("arena", "lootnrun", "--bots", "greedy,random", "--games", "1",
                             "--record", str(blocker)), "not a folder")


def _script(seed: int = 0) -> list[str]:
    """Moves of a whole solo Pyramids game of ``seed``: always the last legal move."""
    data = cards_data.load("pyramids")
    state = pyramids.state_from_deal(pyramids.make_deal(players=1, seed=seed, data=data), data)
    moves = []
    while True:
        resolve_fixed_chance(state)
        if state.is_terminal():
            return moves
        move = state.legal_moves()[-1]
        moves.append(str(move))
        state.apply(move)


@pytest.mark.usefixtures("unfolded")  # (what the lines say, unfolded)
def test_play_pyramids_solo_driven_to_the_end_through_a_pipe(run_cli, tmp_path):
    moves = _script()
    # noise a person makes: help, a list request, a hint (at the keep and at a crossing),
    # bad text, a comment
    lines = ["help", "moves", "?", "no such move", "# a comment"] + moves[:3] + ["?"] + moves[3:]
    target = tmp_path / "game.json"
    result = run_cli("play", "pyramids", "--players", "1", "--record", str(target),
                     stdin="\n".join(lines) + "\n")
    assert result.code == 0, result.err
    assert "game over" in result.out and f"record written to {target}" in result.out
    assert result.out.count("best move") == 2  # the hints at the keep and at the crossing
    errors = result.err.strip().splitlines()
    assert len(errors) == 1 and errors[0].startswith("error: "), errors
    record = read_record(json.loads(target.read_text()), "pyramids", cards_data.load("pyramids"))
    assert [e.move for e in record.moves] == moves
    assert record.result is not None


def test_play_keeps_the_game_so_far_when_the_input_ends_early(run_cli, tmp_path):
    target = tmp_path / "game.json"
    result = run_cli("play", "pyramids", "--players", "1", "--record", str(target),
                     stdin="\n".join(_script()[:4]) + "\n")
    assert result.code == 0 and result.err == "", result.err
    assert "the input ended before the end of the game" in result.out
    record = read_record(json.loads(target.read_text()), "pyramids", cards_data.load("pyramids"))
    assert [e.move for e in record.moves] == _script()[:4] and record.result is None
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]  # no temporary file left


def test_play_against_bots_pipes_too(run_cli, tmp_path):
    # the person always answers 'run' or the first listed loot; easier: feed many 'loot 0'
    # and 'loot 1' lines, bad ones are re-asked
    target = tmp_path / "g.json"
    lines = ["loot 0", "loot 1", "awaken 1", "awaken 0", "keep both", "keep 0", "keep none",
             "pass", "run"] * 200
    result = run_cli("play", "lootnrun", "--bots", "random", "--seed", "3", "--record",
                     str(target), stdin="\n".join(lines) + "\n")
    assert result.code == 0, result.err
    assert "seat 1 (random)" in result.out
    record = read_record(json.loads(target.read_text()), "lootnrun", cards_data.load("lootnrun"))
    assert record.seats == ("person", "random") and record.result is not None


def test_play_usage_errors_are_one_line(run_cli):
    assert_bad_input(run_cli("play", "lootnrun", "--bots", "nobody"), "unknown bot")
    assert_bad_input(run_cli("play", "pyramids", "--players", "5"), "2 to 4 players (1: the solo analysis mode)")
    assert_bad_input(run_cli("play", "lootnrun", "--seat", "5"), "seat")


def test_review_of_an_arena_record_is_byte_identical_and_quiet_when_piped(run_cli, tmp_path):
    folder = tmp_path / "recs"
    made = run_cli("arena", "archaeology", "--bots", "ismcts,greedy", "--games", "1",
                   "--iterations", "20", "--record", str(folder))
    assert made.code == 0, made.err
    path = str(next(folder.iterdir()))
    runs = [run_cli("review", "archaeology", path, "--seat", "0", "--iterations", "20",
                    "--seed", "5", "--json") for _ in range(2)]
    assert all(r.code == 0 and r.err == "" for r in runs), runs[0].err
    assert runs[0].out == runs[1].out
    result = json.loads(runs[0].out)
    assert result["summary"]["decisions"] == len(result["decisions"]) > 0
    text = run_cli("review", "archaeology", path, "--iterations", "20")
    assert text.code == 0 and "accuracy" in text.out and text.err == ""


def test_review_refuses_bad_records_in_one_line(run_cli, tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text('{"game": "archaeology", "players": 2, "record": 1, "deal": {}, '
                   '"moves": []}')
    assert_bad_input(run_cli("review", "archaeology", str(bad)), "record: deal")
    bad.write_text("{not json")
    assert_bad_input(run_cli("review", "archaeology", str(bad)), "line 1")
    good = tmp_path / "g.json"
    run_cli("play", "pyramids", "--players", "1", "--record", str(good),
            stdin="\n".join(_script()) + "\n")
    assert_bad_input(run_cli("review", "lootnrun", str(good)), "not 'lootnrun'")
    assert_bad_input(run_cli("review", "pyramids", str(good), "--seat", "1"), "seat 1")


def test_a_cell_off_the_board_in_a_record_is_named_as_written(run_cli, tmp_path):
    # the move is read in lower case: the error said 'f4' of the F4 in the record
    record = tmp_path / "g.json"
    run_cli("play", "pyramids", "--players", "1", "--record", str(record),
            stdin="\n".join(_script()) + "\n")
    doc = json.loads(record.read_text())
    card = doc["moves"][1]["move"].split(":")[0]
    doc["moves"][1]["move"] = f"{card}:C2,C3,F4"
    record.write_text(json.dumps(doc))
    assert_bad_input(run_cli("view", str(record), "--at", "1"),
                     "record: moves[1]", "'F4' is not a cell of the 5x5 board")


def test_arena_records_are_the_same_for_any_number_of_workers(run_cli, tmp_path):
    for workers in ("1", "2"):
        result = run_cli("arena", "lootnrun", "--bots", "greedy,random", "--games", "4",
                         "--seed", "9", "--workers", workers, "--record",
                         str(tmp_path / workers))
        assert result.code == 0, result.err
    one, two = (sorted((tmp_path / w).iterdir()) for w in ("1", "2"))
    assert [p.read_text() for p in one] == [p.read_text() for p in two]


def test_a_record_played_with_other_card_data_is_not_read_without_it(run_cli, tmp_path):
    """A game played with ``--cards FILE`` and read without it replayed with the bundled
    prices: a sale of $5 came back as $1, and the hint ranked the wrong position. The
    record keeps the data's fingerprint; read with other data it is refused, with the
    same data it reads as before."""
    mine = tmp_path / "mine.toml"
    text = run_cli("data", "show", "archaeology").out
    assert "sell = [1, 2, 3, 4, 15]" in text
    mine.write_text(text.replace("sell = [1, 2, 3, 4, 15]", "sell = [5, 6, 7, 8, 15]"))
    record = tmp_path / "game.json"
    assert run_cli("play", "archaeology", "--seed", "5", "--cards", str(mine), "--record",
                   str(record), stdin="1\nquit\n").code == 0
    assert json.loads(record.read_text())["cards"]["digest"]
    refused = run_cli("view", str(record), "--at", "2")
    assert refused.code == 2 and refused.err.count("\n") == 1
    # a sentence that names both (it read "made with other card data (values: edition ...")
    assert ("cards: this record was made with other card data (edition '2007 (Z-Man 2009 "
            "reprint unchanged)', digest ") in refused.err
    assert ") than the data read now (edition '2007" in refused.err
    assert "give the --cards FILE it was made with" in refused.err
    assert run_cli("view", str(record), "--at", "2", "--cards", str(mine)).code == 0


def _house_rules(run_cli, folder) -> str:
    """The brief's file: the coin sells for $9 a card, under an edition of its own."""
    text = run_cli("data", "show", "archaeology").out
    mine = folder / "price-arch.toml"
    mine.write_text(text.replace("sell = [2, 5, 10, 18, 30]", "sell = [9, 19, 29, 39, 49]")
                    .replace('edition = "2007 (Z-Man 2009 reprint unchanged)"',
                             'edition = "my house rules"'))
    return str(mine)


@pytest.mark.parametrize("position", [False, True])
def test_a_view_made_with_a_card_file_is_not_hinted_without_it(run_cli, tmp_path, position):
    """A view taken with ``--cards FILE`` carried no mark of its data, so a hint read it
    with the bundled prices without a word ("sell 1 coin for $2", the file's $9). A view
    of a file's data now carries ``card_data`` (as a record carries ``cards``), and a hint
    with other data refuses it in one line; a view of the bundled data is as before."""
    mine = _house_rules(run_cli, tmp_path)
    record = tmp_path / "rec"
    assert run_cli("arena", "archaeology", "--bots", "greedy,greedy", "--games", "1",
                   "--cards", mine, "--record", str(record)).code == 0
    path = next(record.iterdir())
    extra = ["--position"] if position else []
    for made in (run_cli("view", str(path), "--at", "4", "--cards", mine, *extra),
                 run_cli("example", "archaeology", "--cards", mine, *extra)):
        assert made.code == 0, made.err
        view = json.loads(made.out)
        assert view["card_data"] == cards_data.fingerprint(cards_data.load("archaeology", mine))
        (tmp_path / "pv.json").write_text(made.out)
        refused = run_cli("hint", "archaeology", str(tmp_path / "pv.json"), "--iterations", "20")
        assert refused.code == 2 and refused.err.count("\n") == 1, refused.err
        assert ("view: card_data: this view was made with other card data (edition 'my house "
                "rules'") in refused.err
        assert "give the --cards FILE it was made with (hint, best-move and plan" in refused.err
        assert run_cli("hint", "archaeology", str(tmp_path / "pv.json"), "--iterations", "20",
                       "--cards", mine).code == 0
    # the bundled data, or a copy of it given as a file: no mark, the output unchanged
    copy = tmp_path / "copy.toml"
    copy.write_text(run_cli("data", "show", "archaeology").out)
    plain = run_cli("example", "archaeology", *extra).out
    assert "card_data" not in plain
    assert run_cli("example", "archaeology", "--cards", str(copy), *extra).out == plain


@pytest.mark.parametrize("game", ["pyramids", "ancients", "lootnrun", "expedition"])
def test_every_game_s_view_carries_the_mark_of_a_card_file(run_cli, tmp_path, game):
    mine = tmp_path / "mine.toml"
    text = run_cli("data", "show", game).out
    mine.write_text("\n".join('edition = "mine"' if line.startswith("edition = ") else line
                              for line in text.splitlines()) + "\n")
    view = tmp_path / "view.json"
    view.write_text(run_cli("example", game, "--cards", str(mine)).out)
    assert json.loads(view.read_text())["card_data"]["edition"] == "mine"
    refused = run_cli("hint", game, str(view), "--iterations", "5")
    assert refused.code == 2 and "this view was made with other card data" in refused.err
    assert run_cli("hint", game, str(view), "--iterations", "5", "--cards", str(mine)).code == 0


@pytest.mark.parametrize("bots", ["greedy,,random", "greedy,random,", ",greedy,random", " "])
def test_an_empty_bot_name_is_refused_not_dropped(run_cli, tmp_path, bots):
    # (dropped, 'greedy,,random' sat two bots where three were named)
    assert_bad_input(run_cli("arena", "lootnrun", "--bots", bots, "--games", "2"),
                     "--bots", "is empty")
    assert_bad_input(run_cli("play", "lootnrun", "--players", "3", "--bots", bots,
                             "--record", str(tmp_path / "g.json")), "--bots", "is empty")
    assert not (tmp_path / "g.json").exists()


def test_spaces_around_bot_names_are_left_out_and_a_short_list_says_how_many(run_cli,
                                                                             tmp_path):
    result = run_cli("arena", "lootnrun", "--bots", "greedy, random", "--games", "2",
                     "--json")
    assert result.code == 0, result.err
    assert json.loads(result.out)["bots"] == ["greedy", "random"]
    assert_bad_input(run_cli("play", "lootnrun", "--players", "4", "--bots", "greedy,random",
                             "--record", str(tmp_path / "g.json")),
                     "name 3 bots, one per other seat, got 2")


def test_one_bot_named_sits_at_every_other_seat(run_cli, tmp_path):
    """`play --players 3 --bots greedy` was refused "name 2 bots, one per other seat, got
    1": one name is that bot at every other seat, as --help says."""
    result = run_cli("play", "lootnrun", "--players", "3", "--bots", "random", "--record",
                     str(tmp_path / "g.json"), stdin="quit\n")
    assert result.code == 0, result.err
    assert "you are seat 0; seat 1 (random), seat 2 (random)" in result.out, result.out[:300]
    assert "one name seats that bot at every other seat" in " ".join(
        run_cli("play", "--help").out.split())


@pytest.mark.usefixtures("unfolded")  # (what the lines say, unfolded)
def test_arena_json_and_records_say_each_bots_budget_and_how_to_play_the_match_again(
        run_cli, tmp_path):
    """Without --iterations the arena JSON said ``"iterations": null`` and the records
    only their deal seed and rotation: the budget each bot used (its default) and the
    match's seed and options were nowhere."""
    args = ["arena", "lootnrun", "--bots", "ismcts,greedy", "--games", "2", "--seed", "5",
            "--json"]
    first = run_cli(*args, "--record", str(tmp_path / "a"))
    assert first.code == 0, first.err
    out = json.loads(first.out)
    assert out["iterations"] is None  # (what was given: each bot's default)
    assert out["budgets"] == [{"bot": "ismcts", "searches": True, "iterations": 1000,
                               "per": "decision"}, {"bot": "greedy", "searches": False}]
    again = run_cli(*args, "--record", str(tmp_path / "b"))
    assert again.out == first.out  # byte-identical for the same seed
    source = json.loads((tmp_path / "a" / "lootnrun-seed5-game0001.json").read_text())["source"]
    assert source.startswith("digsite arena lootnrun --bots ismcts,greedy --games 2 --seed 5: "
                             "game 1 of the match (deal seed ")
    assert "seats rotated by 1" in source and source.endswith(
        "budgets: ismcts 1000 iterations a decision, greedy no search")
    text = run_cli("arena", "ancients", "--bots", "ismcts,greedy", "--games", "2",
                   "--iterations", "3")
    assert "budgets: ismcts 3 iterations a turn, greedy no search" in text.out


def test_a_record_of_other_card_data_names_the_file_in_its_source(run_cli, tmp_path):
    mine = tmp_path / "mine.toml"
    mine.write_text(run_cli("data", "show", "lootnrun").out.replace("target = 35",
                                                                    "target = 30"))
    result = run_cli("arena", "lootnrun", "--bots", "greedy,random", "--games", "1",
                     "--cards", str(mine), "--record", str(tmp_path / "recs"))
    assert result.code == 0, result.err
    doc = json.loads((tmp_path / "recs" / "lootnrun-seed0-game0000.json").read_text())
    assert f"--cards {mine}:" in doc["source"] and doc["cards"]["digest"]
    played = tmp_path / "played.json"
    result = run_cli("play", "lootnrun", "--cards", str(mine), "--iterations", "7",
                     "--record", str(played), stdin="quit\n")
    assert result.code == 0, result.err
    source = json.loads(played.read_text())["source"]
    assert source == (f"digsite play lootnrun --players 2 --seat 0 --seed 0 --bots greedy "
                      f"--iterations 7 --cards {mine}")


def test_undo_in_play_keeps_the_records_card_data(run_cli, tmp_path):
    # (undo rebuilt the record without its fingerprint: read back, it replayed with the
    # bundled data; a sale undone: undo does not go back over a Loot N Run loot, which
    # shows a room)
    mine = tmp_path / "mine.toml"
    mine.write_text(run_cli("data", "show", "archaeology").out.replace("\nhand = 4",
                                                                       "\nhand = 5"))
    played = tmp_path / "played.json"
    result = run_cli("play", "archaeology", "--cards", str(mine), "--record", str(played),
                     stdin="1\nundo\nquit\n")
    assert result.code == 0, result.err
    assert "undone" in result.out
    doc = json.loads(played.read_text())
    assert doc["cards"] == cards_data.fingerprint(cards_data.load("archaeology", mine))


def test_a_record_without_its_card_data_says_once_which_data_reads_it(run_cli, tmp_path):
    """A record older than the card-data fingerprint replayed with the bundled data
    without a word; now one line on stderr says which data reads it (JSON unchanged)."""
    run_cli("arena", "lootnrun", "--bots", "greedy,random", "--games", "1", "--record",
            str(tmp_path / "recs"))
    marked = tmp_path / "recs" / "lootnrun-seed0-game0000.json"
    doc = json.loads(marked.read_text())
    del doc["cards"]
    old = tmp_path / "old.json"
    old.write_text(json.dumps(doc))
    review = run_cli("review", "lootnrun", str(old), "--iterations", "10", "--json")
    assert review.code == 0, review.err
    assert review.err.count("\n") == 1 and review.err.startswith(
        f"note: {old} does not say which card data it was played with (an older record): "
        "read with the bundled card data")
    same = run_cli("review", "lootnrun", str(marked), "--iterations", "10", "--json")
    assert same.err == "" and same.out == review.out
    view = run_cli("view", str(old), "--at", "1")
    assert view.code == 0 and view.err.count("note: ") == 1
    assert_bad_input(run_cli("view", str(old), "--at", "400"), "no decision 400")  # one line
    mine = tmp_path / "mine.toml"
    mine.write_text(run_cli("data", "show", "lootnrun").out.replace("# ", "## "))
    given = run_cli("hint", "lootnrun", str(old), "--at", "1", "--iterations", "10",
                    "--cards", str(mine))
    assert given.code == 0 and f"read with the card data of {mine}\n" in given.err


def test_a_table_without_its_card_data_says_so_on_resume(run_cli, tmp_path):
    table = tmp_path / "table.json"
    lines = ["0", "pot shard, parchment scrap, coin, talisman", "3 pot shards, coin, talisman",
             "quit"]
    result = run_cli("track", "archaeology", "--record", str(table),
                     stdin="\n".join(lines) + "\n")
    assert result.code == 0, result.err
    doc = json.loads(table.read_text())
    del doc["cards"]
    table.write_text(json.dumps(doc))
    resumed = run_cli("track", "archaeology", "--resume", str(table), stdin="quit\n")
    assert resumed.code == 0, resumed.err
    assert resumed.err.count("does not say which card data") == 1
