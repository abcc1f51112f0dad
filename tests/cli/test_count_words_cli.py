"""A count before a noun says it in the singular when it is 1: ``review --at N`` said
``summary: 0 judged of 1 decisions``, ``--iterations 1`` said ``budget: 1 iterations``
(hint), ``1 iterations a decision`` (review) and ``ismcts 1 iterations a decision``
(arena), and ``notation --cards F`` pointed at the bundled data's example."""

from __future__ import annotations

import json

from .test_review_cli import _write_record


def test_one_decision_and_one_iteration_are_said_in_the_singular(run_cli, tmp_path):
    path = tmp_path / "game.json"
    _write_record(path, "lootnrun", players=2, moves=12)
    review = run_cli("review", "lootnrun", str(path), "--iterations", "1", "--at", "2")
    assert review.code == 0, review.err
    assert "judged of 1 decision (" in review.out
    assert "budget: 1 iteration a decision" in review.out
    assert "iterations" not in review.out.replace("iterations would tell", "")
    view = tmp_path / "view.json"
    view.write_text(run_cli("example", "lootnrun").out)
    hint = run_cli("hint", "lootnrun", str(view), "--iterations", "1")
    assert hint.code == 0, hint.err
    assert "budget: 1 iteration," in hint.out
    arena = run_cli("arena", "lootnrun", "--bots", "ismcts,greedy", "--games", "1",
                    "--iterations", "1")
    assert arena.code == 0, arena.err
    assert "1 game, " in arena.out and "ismcts 1 iteration a decision" in arena.out


def test_notation_points_at_the_example_of_the_files_data(run_cli, tmp_path):
    mine = tmp_path / "mine.toml"
    mine.write_text(run_cli("data", "show", "pyramids").out)
    text = run_cli("notation", "pyramids", "--cards", str(mine)).out
    assert f"(`digsite example pyramids --cards {mine}`)" in text
    assert "(`digsite example pyramids`)" in run_cli("notation", "pyramids").out
    assert json.loads(run_cli("notation", "pyramids", "--json").out)["game"] == "pyramids"


def test_the_review_summary_counts_its_labels_in_the_plural():
    # "11 blunder" (a pass's review of an Archaeology record)
    from types import SimpleNamespace

    from cli.report import _counts
    from solvers.results import ReviewSummary

    counts = (("best", 14), ("inaccuracy", 2), ("mistake", 1), ("blunder", 11),
              ("unclear", 5), ("forced", 1))
    review = SimpleNamespace(summary=ReviewSummary(34, 28, 7.2, 0.26, counts, 58.3))
    assert _counts(review) == ("14 best, 2 inaccuracies, 1 mistake, 11 blunders, "
                               "5 too close to call, 1 forced")
