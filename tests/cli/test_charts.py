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


def test_review_chart_marks_the_mistakes():
    review = {"game": "lootnrun", "seat": 0, "scale": {"unit": "win probability"},
              "summary": {"accuracy": 50.0, "mean_loss": 0.1},
              "decisions": [
                  {"label": "best", "played_value": 0.5, "best_value": 0.5},
                  {"label": "blunder", "played_value": 0.1, "best_value": 0.6},
                  {"label": "forced"},
                  {"label": "mistake", "played_value": 0.3, "best_value": 0.45},
                  {"label": "good", "played_value": 0.5, "best_value": 0.52}]}
    image = render(charts.review_chart(review))
    assert_not_blank(image)
    assert _has(image, charts.LABEL_COLOURS["blunder"])
    assert _has(image, charts.LABEL_COLOURS["mistake"])
    assert not _has(image, charts.LABEL_COLOURS["inaccuracy"])
    assert charts.review_chart(review) == charts.review_chart(review)  # reproducible


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
