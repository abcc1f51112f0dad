"""``digsite demo`` runs on bundled defaults and shows every section."""

from __future__ import annotations

import cards_data
from solvers.demo import ancients_find_section, pyramid_placements_section


def test_demo_runs_and_shows_the_grid_games(run_cli, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = run_cli("demo")
    assert result.code == 0, result.err
    assert "Silver & Gold: Pyramids" in result.out
    assert "Tomb of the Ancients" in result.out
    assert "  A B C D E" in result.out
    folder = tmp_path / "digsite-demo-pictures"
    assert f"pictures written to {folder.name}/" in result.out
    names = sorted(p.name for p in folder.iterdir())
    assert {"ancients-plan.svg", "pyramids-plan.svg"} <= set(names)
    assert all((folder / n).read_text().startswith("<svg") or "<svg" in (folder / n).read_text()
               for n in names)


def test_pyramid_section_marks_an_opening_placement():
    text = pyramid_placements_section(cards_data.load("pyramids"))
    assert "*" in text and "placements of the L3 pattern" in text


def test_ancients_section_finds_the_map():
    text = ancients_find_section(cards_data.load("ancients"))
    assert "found in" in text and "found in 0" not in text
