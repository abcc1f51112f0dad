"""The pictures, rendered to PNG and looked at: not blank, and the right colours where a
known plan crossed, found or scored."""

from __future__ import annotations

import io
import json

import pytest

import cards_data
from games import registry
from games.record import resolve_fixed_chance
from solvers.results import PlannedFind

cairosvg = pytest.importorskip("cairosvg")
Image = pytest.importorskip("PIL.Image")

from games.render import boards as svg  # noqa: E402  (after the skips: it needs neither)


def render(text: str):
    """The SVG as an RGB image (1 SVG unit = 1 pixel)."""
    png = cairosvg.svg2png(bytestring=text.encode("utf-8"))
    return Image.open(io.BytesIO(png)).convert("RGB")


def rgb(colour: str) -> tuple[int, int, int]:
    return tuple(int(colour[i:i + 2], 16) for i in (1, 3, 5))


def close(a, b, tol=3) -> bool:
    return all(abs(x - y) <= tol for x, y in zip(a, b))


def assert_not_blank(image, *, colours: int = 6):
    """More than a few colours, and not mostly one (a blank or failed render is)."""
    histogram = image.getcolors(maxcolors=1 << 20)
    assert histogram is not None and len(histogram) >= colours, len(histogram or [])
    biggest = max(n for n, _ in histogram)
    assert biggest < 0.97 * image.width * image.height


def box_colour(image, board: int, cell: int):
    """The colour of a box away from its number (centre) and icon (top right)."""
    x, y = svg.cell_origin(board, cell)
    return image.getpixel((x + 4, y + svg.CELL - 5))


def _known_game(seed=11):
    """A short solo Pyramids deal played by a fixed rule (the largest crossing, else the
    first move): its deal and moves."""
    data = cards_data.load("pyramids")
    engine = registry.engine("pyramids")
    deal = engine.make_deal(players=1, seed=seed, data=data, rounds=2, steps_per_round=4)
    state = engine.state_from_deal(deal, data)
    moves = []
    while True:
        resolve_fixed_chance(state)
        if state.is_terminal():
            return deal, moves, data
        options = state.legal_moves()
        move = max(options, key=lambda m: bin(getattr(m, "cells", 0)).count("1"))
        moves.append(str(move))
        state.apply(move)


def test_pyramids_picture_colours_every_crossed_box_by_its_round():
    deal, moves, data = _known_game()
    tracks = svg.pyramid_tracks(deal, moves, data)
    assert len(tracks) >= 2 and tracks[0].came == tracks[1].came == "kept"
    crossed_in = {r: 0 for r in (1, 2)}
    for track in tracks:
        for cell, (round_, step) in track.crossed.items():
            crossed_in[round_] += 1
            assert 1 <= step <= 8 and (round_ - 1) * 4 < step <= round_ * 4
    assert crossed_in[1] and crossed_in[2], crossed_in
    image = render(svg.pyramids_svg(tracks, data, title="known game", rounds=2))
    assert_not_blank(image)
    for k, track in enumerate(tracks):
        grid = "".join(data.card(track.order).grid)
        for cell in range(25):
            got = box_colour(image, k, cell)
            if cell in track.crossed:
                want = svg.ROUND_COLOURS[track.crossed[cell][0] - 1]
            elif grid[cell] == "#":
                want = svg.WALL
            else:
                want = svg.SAND
            assert close(got, rgb(want)), (track.order, cell, got, want)


def test_pyramids_icons_are_drawn():
    deal, moves, data = _known_game()
    tracks = svg.pyramid_tracks(deal, moves[:1], data)  # the keep only: nothing crossed
    image = render(svg.pyramids_svg(tracks, data, title="kept cards", rounds=2))
    for k, track in enumerate(tracks):
        grid = "".join(data.card(track.order).grid)
        for cell, symbol in enumerate(grid):
            if symbol in "rg":  # a gem's centre is its own colour
                x, y = svg.cell_origin(k, cell)
                got = image.getpixel((x + svg.CELL // 2, y + svg.CELL // 2))
                want = "#D62728" if symbol == "r" else "#2CA02C"
                assert close(got, rgb(want), tol=10), (symbol, got)


def test_best_score_svg_from_the_command_line(run_cli, tmp_path):
    data = cards_data.load("pyramids")
    deal = registry.engine("pyramids").make_deal(players=1, seed=11, data=data, rounds=1,
                                                 steps_per_round=4)
    (tmp_path / "deal.json").write_text(json.dumps(deal))
    picture = tmp_path / "plan.svg"
    result = run_cli("best-score", "pyramids", str(tmp_path / "deal.json"), "--svg",
                     str(picture), "--json")
    assert result.code == 0, result.err
    plan = json.loads(result.out)
    image = render(picture.read_text())
    assert_not_blank(image)
    moves = [line.rsplit(": ", 1)[-1] for line in plan["plan"]]  # the lines' move texts
    tracks = svg.pyramid_tracks(deal, moves, data)
    blue = rgb(svg.ROUND_COLOURS[0])
    crossed = sum(len(t.crossed) for t in tracks)
    assert crossed > 0
    assert sum(close(box_colour(image, k, c), blue) for k, t in enumerate(tracks)
               for c in range(25)) == crossed


def test_ancients_plan_picture_outlines_each_find_and_shows_the_tokens(run_cli, tmp_path):
    data = cards_data.load("ancients")
    view = registry.engine("ancients").example_view(data)
    (tmp_path / "view.json").write_text(json.dumps(view))
    picture = tmp_path / "plan.svg"
    result = run_cli("plan", "ancients", str(tmp_path / "view.json"), "--svg", str(picture),
                     "--json")
    assert result.code == 0, result.err
    plan = json.loads(result.out)
    assert plan["finds"]
    image = render(picture.read_text())
    assert_not_blank(image)
    for board, rows in ((0, view["board"]), (1, plan["board_after"])):
        for cell in range(25):
            x, y = svg.cell_origin(board, cell)
            centre = image.getpixel((x + svg.CELL // 2, y + svg.CELL // 2 + 6))
            symbol = rows[cell // 5][cell % 5]
            want = {"B": "#1A1A1A", "W": "#FAFAFA", ".": svg.SAND}[symbol]
            assert close(centre, rgb(want), tol=6), (board, cell, symbol, centre)
    finds = [PlannedFind(**f) for f in plan["finds"]]
    for number, mask in enumerate(svg.find_masks(finds, data), start=1):
        colour = rgb(svg.FIND_COLOURS[number - 1])
        first = (mask & -mask).bit_length() - 1
        inset = 2 + 4 * ((number - 1) % 3)
        x, y = svg.cell_origin(1, first)
        # the outline runs along the top edge of the find's first box (its top row)
        assert close(image.getpixel((x + svg.CELL // 2, y + inset)), colour, tol=8)
