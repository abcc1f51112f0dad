"""Text answers fit where they are read: through a pipe (the tests' stdout is one) 80
columns, or ``COLUMNS`` where it is set; they ran to 230 (a hint's move column padded to
its longest move, a close call, a review's verdicts, ``games``' data line). A move as typed
is never cut across lines; a move longer than the table's move column has its row's line
to itself, its figures on the next. ``--json`` is untouched."""

from __future__ import annotations

import json
import re

import pytest

from cli import format as fmt
from cli.format import spelt
from games import load
from games.registry import GAME_IDS
from solvers.services import has_capability

HINT_GAMES = [g for g in GAME_IDS if has_capability(g, "hint")]


def _widest(text: str, moves: list[str] = ()) -> int:
    """The widest line of ``text``, a line that is one move as typed (and its row's rank)
    left out: a move is not cut, however long."""
    return max((len(line) for line in text.splitlines()
                if line.split(None, 1)[-1] not in moves), default=0)


@pytest.mark.parametrize("game", HINT_GAMES)
def test_a_piped_hint_fits_80_columns_and_keeps_each_move_whole(run_cli, views, game):
    said = run_cli("hint", game, views[game], "--iterations", "60", "--seed", "1")
    assert said.code == 0, said.err
    # (the text writes each move as a player types it: "sell pot shard 1")
    moves = [spelt(load(game), row["move"]) for row in json.loads(run_cli(
        "hint", game, views[game], "--iterations", "60", "--seed", "1", "--json").out)["moves"]]
    assert _widest(said.out, moves) <= fmt.PIPE_WIDTH, said.out
    rows = [line[6:] for line in said.out.splitlines() if re.match(r" *\d+  \S", line[:7])]
    assert len(rows) == min(10, len(moves))  # (hint's --top)
    for row in rows:  # each move whole on its row's line
        assert any(row == move or row.startswith(move + "  ") for move in moves), (row, said.out)
    best = run_cli("best-move", game, views[game], "--iterations", "60", "--seed", "1")
    assert _widest(best.out, moves) <= fmt.PIPE_WIDTH and f"best move: {moves[0]}\n" in best.out


def test_a_long_move_has_its_line_and_its_figures_go_below_under_their_headings(run_cli, views):
    args = ("hint", "archaeology", views["archaeology"], "--iterations", "200", "--seed", "0")
    moves = [spelt(load("archaeology"), row["move"])
             for row in json.loads(run_cli(*args, "--json").out)["moves"]]
    said = run_cli(*args).out.splitlines()
    header = next(line for line in said if line.split()[:2] == ["rank", "move"])
    assert len(header) <= fmt.PIPE_WIDTH and header.split()[2:5] == ["value", "stderr", "visits"]
    alone = [i for i, line in enumerate(said) if line[6:] in moves]
    assert alone, "\n".join(said)  # (the example's two-card trades are longer than the column)
    for i in alone:
        figures = said[i + 1]
        assert not figures[:header.index("move") + 5].strip(), figures
        assert len(figures) == len(header)  # right-aligned under their headings
    assert len([line for line in said if line.startswith("   1  ")][0]) == len(header)


def test_columns_gives_the_width_through_a_pipe(run_cli, views, monkeypatch):
    monkeypatch.setenv("COLUMNS", "1000")
    wide = run_cli("hint", "archaeology", views["archaeology"], "--iterations", "200").out
    assert max(map(len, wide.splitlines())) > 120  # the close call on one line
    assert any(line.startswith("too close to call") and line.endswith("as measured")
               for line in wide.splitlines()), wide  # not folded
    monkeypatch.setenv("COLUMNS", "100")
    assert _widest(run_cli("hint", "archaeology", views["archaeology"], "--iterations",
                           "200").out) <= 100
    monkeypatch.setenv("COLUMNS", "3")  # (not below fmt.NARROWEST: a word a line helps none)
    assert "\n  0.4" not in run_cli("games").out and fmt.text_width() == fmt.NARROWEST


def test_json_is_not_folded(run_cli, views, monkeypatch):
    args = ("hint", "ancients", views["ancients"], "--iterations", "60", "--json")
    said = run_cli(*args).out
    monkeypatch.setenv("COLUMNS", "40")
    assert run_cli(*args).out == said and json.loads(said)["moves"]


@pytest.mark.parametrize("args", [
    ("games",), ("notation", "expedition"), ("notation", "ancients"),
    ("arena", "archaeology", "--bots", "greedy,random", "--games", "2"),
])
def test_listings_fit_80_columns(run_cli, args):
    said = run_cli(*args)
    assert said.code == 0, said.err
    assert _widest(said.out) <= fmt.PIPE_WIDTH, said.out


@pytest.mark.parametrize("game", ["ancients", "pyramids"])
def test_a_notation_meaning_is_wrapped_once_to_the_columns(run_cli, game, monkeypatch):
    """The meanings were wrapped at 88 columns, then folded again at a pipe's 80: a line
    in two, its end alone on a line indented under it ('        map in'); wrapped once to
    the columns they are read in, each meaning's lines all sit under its first."""
    for columns in ("80", "60"):
        monkeypatch.setenv("COLUMNS", columns)
        said = run_cli("notation", game)
        assert said.code == 0, said.err
        assert _widest(said.out) <= int(columns), said.out
        assert not [line for line in said.out.splitlines()
                    if line.startswith(" " * 8) and line[8] != " "], said.out


def test_plan_and_review_fit_80_columns(run_cli, views, tmp_path):
    plan = run_cli("plan", "ancients", views["ancients"])
    assert plan.code == 0 and _widest(plan.out) <= fmt.PIPE_WIDTH, plan.out
    assert run_cli("arena", "ancients", "--bots", "greedy,greedy", "--games", "1",
                   "--record", str(tmp_path)).code == 0
    record = next(tmp_path.glob("*.json"))
    review = run_cli("review", "ancients", str(record), "--iterations", "20")
    assert review.code == 0, review.err
    assert _widest(review.out) <= fmt.PIPE_WIDTH, review.out
    # (a decision's verdict folds under its move's words, not under its number)
    lines = review.out.splitlines()
    assert any(line.startswith("      ") and not line.startswith("       ") for line in lines)


def test_the_hint_says_a_close_call_in_words_as_the_review_and_the_board_do(run_cli, views):
    said = json.loads(run_cli("hint", "lootnrun", views["lootnrun"], "--iterations", "200",
                              "--json").out)
    assert said["close_call"], said  # (the example's two best loots are close at 200)
    words = {row["move"]: row["words"] for row in said["moves"]}
    first, second = said["close_call"]["moves"]
    text = " ".join(run_cli("hint", "lootnrun", views["lootnrun"], "--iterations",
                            "200").out.split())
    assert f"too close to call at this budget: {words[first]} and {words[second]} differ" \
        in text, text


def test_play_and_track_fit_80_columns_through_a_pipe(run_cli, tmp_path):
    """layout28 folded the text answers to the pipe's 80 columns, but play's and track's
    screens were folded on a terminal only: through a pipe a list's line ran to 166
    columns (a trade padded to the longest, its words beside it), a hint's rows to 113."""
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).parent))  # (test_track_cli's table lines)
    from test_track_cli import table_lines

    record = tmp_path / "e.json"
    played = run_cli("play", "expedition", "--seed", "3", "--record", str(record),
                     stdin="moves\nhint 30\nquit\n")
    lines = table_lines("archaeology", 4, hints=1)
    tracked = run_cli("track", "archaeology", "--players", "2", "--record",
                      str(tmp_path / "t.json"), stdin="\n".join(lines) + "\n")
    for said in (played, tracked):
        assert said.code == 0, said.err
        # (a path has no word boundary to fold at; at a prompt, the line typed is echoed)
        shown = [line.partition("> ")[0] for line in (said.out + said.err).splitlines()
                 if str(tmp_path) not in line]
        assert max(map(len, shown)) <= fmt.PIPE_WIDTH, max(shown, key=len)
    assert "best move" in played.out and "best move" in tracked.out


def test_help_folds_each_meaning_under_its_column(run_cli, tmp_path):
    """Play's and track's help, folded to 80 columns, put a meaning's continuation two
    spaces in, under the commands' column ("    notation` write them"): each now continues
    under its own meaning."""
    played = run_cli("play", "pyramids", "--seed", "1", "--record", str(tmp_path / "p.json"),
                     stdin="help\nquit\n")
    tracked = run_cli("track", "pyramids", "--players", "2", "--record",
                      str(tmp_path / "t.json"), stdin="help\nquit\n")
    for said, first in ((played, "  3  "), (tracked, "  12:A1,A2,B2  ")):
        assert said.code == 0, said.err
        lines = said.out.partition("> help\n")[2].splitlines()
        table = lines[:next(i for i, line in enumerate(lines) if not line.startswith("  "))]
        assert table[0].startswith(first)
        column = len(re.match(r"  \S+(?: \S+)* +", table[0]).group())
        continued = [line for line in table if line[:column].strip() == ""]
        assert continued, table  # (some meanings are longer than a line)
        assert all(len(line) <= fmt.PIPE_WIDTH for line in table), table
        assert all(line[column] != " " for line in continued), table
