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


def test_the_card_games_sections_speak_as_the_play_screen_does(run_cli, tmp_path, monkeypatch):
    # the demo, a newcomer's first sight of the tool (make demo), showed the engine's
    # spellings: "seat 0 holds 2 parchment_scrap, ... 1 pharaohs_mask", "it looked: 0 look
    # A saw coin coin coin coin broken_cup", "trade pot_shard pot_shard parchment_scrap for
    # talisman", "scores [0, 5, 2]"; it now says the position as play's screen and the
    # moves as a player does
    monkeypatch.chdir(tmp_path)
    out = run_cli("demo").out
    card_games = out[out.index("== Archaeology: The Card Game"):out.index("pictures written")]
    assert "_" not in card_games and "[" not in card_games
    assert "you hold 6 cards: 2 parchment scraps, 2 coins, 1 broken cup, 1 pharaoh's mask" in out
    assert "chamber A (2 maps): 5 cards, which you know: 4 coins, 1 broken cup" in out
    assert "sell 1 parchment scrap for $1 — win " in out
    assert "draw the top room of deck 1 (a green back) — win " in out
