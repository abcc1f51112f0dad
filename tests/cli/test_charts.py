"""The charts (matplotlib), rendered to PNG and looked at: not blank, the marks present."""

from __future__ import annotations

import pytest

pytest.importorskip("matplotlib")
pytest.importorskip("cairosvg")

from cli import charts  # noqa: E402

from .test_pictures import assert_not_blank, close, render, rgb  # noqa: E402


def _has(image, colour, tol=4) -> bool:
    want = rgb(colour)
    return any(close(c, want, tol) for _, c in image.getcolors(maxcolors=1 << 20))


def _review(decisions):
    from games.registry import WIN_SCALE
    from solvers.limits import Limit
    from solvers.results import GameReview, ReviewSummary

    return GameReview(game="lootnrun", seat=0, seat_name=None, players=2, record_moves=20,
                      finished=True, seats=None, value_meaning="win probability",
                      scale=WIN_SCALE.at(2), limit=Limit(iterations=20), seed=0,
                      decisions=tuple(decisions),
                      summary=ReviewSummary(len(decisions), 4, 0.8, 0.2, (), 50.0),
                      score_reached=10)


def _decisions():
    from solvers.results import ReviewedDecision

    def d(number, label, played=None, best=None):
        return ReviewedDecision(number=number, index=2 * number, played="run", moves=("run",),
                                label=label, played_value=played, best_value=best)

    return [d(1, "best", 0.5, 0.5), d(2, "blunder", 0.1, 0.6), d(3, "forced"),
            d(5, "mistake", 0.3, 0.45), d(8, "good", 0.5, 0.52)]


def test_review_chart_marks_the_mistakes():
    review = _review(_decisions())
    image = render(charts.review_chart(review))
    assert_not_blank(image)
    assert _has(image, charts.LABEL_COLOURS["blunder"])
    assert _has(image, charts.LABEL_COLOURS["mistake"])
    assert not _has(image, charts.LABEL_COLOURS["inaccuracy"])
    assert charts.review_chart(review) == charts.review_chart(review)  # reproducible


def test_review_chart_places_each_decision_at_its_number(monkeypatch):
    # issue 19 §2: the chart counts decisions as the text, the JSON and `view --at` do
    drawn = []
    monkeypatch.setattr(charts, "_svg", lambda fig, plt: drawn.append(fig) or "")
    charts.review_chart(_review(_decisions()))
    (axes,) = drawn[0].axes
    played = next(line for line in axes.get_lines() if line.get_label() == "move played")
    assert list(played.get_xdata()) == [1, 2, 5, 8]  # the valued ones (3 was forced)


def test_arena_chart_from_the_command_line(run_cli, tmp_path):
    picture = tmp_path / "arena.svg"
    result = run_cli("arena", "lootnrun", "--bots", "greedy,random", "--games", "6",
                     "--svg", str(picture))
    assert result.code == 0, result.err
    image = render(picture.read_text())
    assert_not_blank(image)
    assert _has(image, "#0072B2")


def test_best_score_distribution_chart():
    scores = [120, 131, 131, 140, 125, 118, 133]
    image = render(charts.best_score_distribution(scores, game="pyramids",
                                                  proven=[True, False] * 3 + [True]))
    assert_not_blank(image)
    assert _has(image, "#0072B2") and _has(image, "#E69F00")


def test_batch_best_score_svg_from_the_command_line(run_cli, tmp_path):
    # the contract's `best-score GAME --seeds A-B ... --svg FILE` was refused ("--svg draws
    # one deal's plan"); a batch draws the distribution of its deals' best scores
    picture = tmp_path / "scores.svg"
    args = ("best-score", "ancients", "--seeds", "1-3", "--budget", "0.3", "--json")
    result = run_cli(*args, "--svg", str(picture))
    assert result.code == 0, result.err
    assert result.out == run_cli(*args).out  # the JSON is the same with or without it
    image = render(picture.read_text())
    assert_not_blank(image)
    assert _has(image, "#E69F00")  # three deals found, none proven


def test_review_svg_from_the_command_line(run_cli, tmp_path):
    made = run_cli("arena", "lootnrun", "--bots", "greedy,random", "--games", "1",
                   "--record", str(tmp_path / "recs"))
    assert made.code == 0, made.err
    record = next((tmp_path / "recs").iterdir())
    picture = tmp_path / "review.svg"
    result = run_cli("review", "lootnrun", str(record), "--iterations", "20", "--svg",
                     str(picture))
    assert result.code == 0, result.err
    image = render(picture.read_text())
    assert_not_blank(image)
    assert _has(image, charts.PLAYED)
