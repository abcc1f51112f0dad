"""A count before a noun says it in the singular when it is 1: ``review --at N`` said
``summary: 0 judged of 1 decisions``, ``--iterations 1`` said ``budget: 1 iterations``
(hint), ``1 iterations a decision`` (review) and ``ismcts 1 iterations a decision``
(arena), and ``notation --cards F`` pointed at the bundled data's example."""

from __future__ import annotations

import json

import pytest

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


@pytest.mark.usefixtures("unfolded")  # (what the lines say, unfolded)
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


def _review(*decisions, total_loss=1.0):
    """A review of the grid games' scale (points) holding ``decisions``."""
    from games.registry import ReviewScale
    from solvers.limits import Limit
    from solvers.results import GameReview, ReviewSummary

    summary = ReviewSummary(decisions=len(decisions), rated=len(decisions),
                            total_loss=total_loss, mean_loss=total_loss,
                            counts=(("mistake", len(decisions)),), accuracy=None)
    return GameReview(game="pyramids", seat=0, seat_name=None, players=1, record_moves=2,
                      finished=True, seats=None, value_meaning="expected final score",
                      scale=ReviewScale("points", 1.0, 2.0, 3.0), limit=Limit(iterations=10),
                      seed=0, decisions=decisions, summary=summary, score_reached=None)


def test_a_loss_or_value_of_one_point_is_said_in_the_singular():
    """The review said ``+1 points``, ``best (1 points)`` and ``loss over the judged ones
    1 points``; 1.5 and 0.5 stay plural."""
    from cli.report import format_review, verdict
    from solvers.results import ReviewedDecision

    one = ReviewedDecision(number=1, index=0, played="take 1", moves=("take 1",),
                           label="mistake", best="take 2", played_value=2.0, best_value=3.0,
                           loss=1.0)
    best = ReviewedDecision(number=2, index=1, played="take 3", moves=("take 3",),
                            label="best", best="take 3", played_value=1.0, best_value=1.0,
                            loss=0.0)
    review = _review(one, best)
    assert verdict(one, review) == "mistake: better was take 2 (+1 point)"
    assert verdict(best, review) == "best (1 point)"
    assert "loss over the judged ones 1 point, mean 1" in format_review(review)
    half = ReviewedDecision(number=1, index=0, played="take 1", moves=("take 1",),
                            label="mistake", best="take 2", played_value=1.5, loss=1.5)
    assert verdict(half, review) == "mistake: better was take 2 (+1.5 points)"
    assert "loss over the judged ones 0.5 points" in format_review(_review(half,
                                                                           total_loss=0.5))


def _ancients_view(run_cli, tmp_path, name, packs):
    view = json.loads(run_cli("example", "ancients").out)
    for seat, pack in enumerate(packs):
        view["seats"][seat]["pack"] = pack
    view["deck_size"] += sum(len(s["pack"]) for s in json.loads(
        run_cli("example", "ancients").out)["seats"]) - sum(map(len, packs))
    path = tmp_path / name
    path.write_text(json.dumps(view))
    return path, view


@pytest.mark.usefixtures("unfolded")  # (what the lines say, unfolded)
def test_a_find_of_one_point_is_said_in_the_singular(run_cli, tmp_path, monkeypatch):
    """A Tomb of the Ancients find of 1 point (map 12) was ``1 points`` in ``plan`` (each
    find, what is left for the next seat), the hint's risk of waiting and the demo."""
    alone, view = _ancients_view(run_cli, tmp_path, "one.json", [[12], [21, 50]])
    plan = run_cli("plan", "ancients", str(alone))
    assert plan.code == 0, plan.err
    assert ": 1 point, 1 token" in plan.out and "1 points" not in plan.out
    hint = run_cli("hint", "ancients", str(alone), "--iterations", "20")
    assert hint.code == 0, hint.err
    assert "your best dig is then 1 point for 1 token" in hint.out
    assert "1 points" not in hint.out
    left, _ = _ancients_view(run_cli, tmp_path, "left.json", [[7, 18, 33, 21], [12]])
    plan = run_cli("plan", "ancients", str(left))
    assert plan.code == 0, plan.err
    assert "= 1 point for 0 tokens" in plan.out
    # each find of that chain in words too, turned as the plan's own finds are (it said
    # "map 12 at A2 (1 pts, 0 tok)")
    assert "best chain map 12 at A2 (rotated 90° clockwise; 1 point, 0 tokens) = 1 point" \
        in plan.out
    assert " pts" not in plan.out and " tok)" not in plan.out

    import cards_data
    from solvers.ancients import service
    monkeypatch.setattr(service, "example_view", lambda data: view)
    demo = service.demo_section(cards_data.load("ancients"))
    assert ": 1 point, 1 token" in demo and "total 1 point for 1 token" in demo


def test_a_pyramids_final_score_of_one_point_is_said_in_the_singular():
    from types import SimpleNamespace

    from games.pyramids.table import describe_result
    parts = {"total": 1, "cards": 1, "torches": 0, "pyramid": 0, "gems": 0, "skulls": 0}
    state = SimpleNamespace(num_players=1, breakdown=lambda seat: parts)
    assert describe_result(state, viewer=0)[0].startswith("you: 1 point (cards 1,")
